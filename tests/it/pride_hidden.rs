//! Pride & Preju-Dice's simultaneous choices (PP-11): the last chooser of a round decides
//! the same, with every kind of bot, whatever the earlier choosers picked, because bots see
//! the others' sheets only through `determinize`/`observe`. (Here, not in the game's own
//! tests: games and bots are sibling floors that may not use each other.)

use arena::bots::{Bot, profile};
use arena::core::{Game, ScriptedChance, Seat, derive_rng};
use arena::games::pride::{Phase, Pride, PrideAction, PrideRules, PrideState};

fn legal(g: &Pride, s: &PrideState) -> Vec<PrideAction> {
    let mut out = Vec::new();
    g.legal_actions(s, &mut out);
    out
}

/// A 3-player first round: the starter (seat 0) plays its first options, seat 1 plays its
/// `which`-th option at every step; seat 2 is to choose.
fn last_chooser(g: &Pride, which: usize) -> PrideState {
    let mut s = g.new_state(3);
    g.sample_chance(&mut s, &mut ScriptedChance::new().dice([1, 2, 3, 4, 5]));
    while s.actor() == 0 {
        let a = legal(g, &s)[0];
        g.apply(&mut s, a);
    }
    while s.actor() == 1 {
        let options = legal(g, &s);
        let a = options[which.min(options.len() - 1)];
        g.apply(&mut s, a);
    }
    assert_eq!((s.phase, s.actor()), (Phase::Turn, 2));
    s
}

#[test]
fn the_last_choosers_bots_decide_the_same_whatever_the_earlier_choosers_picked() {
    let g = Pride::new(PrideRules::default());
    let (a, b) = (last_chooser(&g, 0), last_chooser(&g, 1));
    assert_ne!(a.sheets[1], b.sheets[1], "seat 1 played two different turns");
    for name in ["greedy", "mcts-100", "random"] {
        let spec = profile::parse_one(name).unwrap();
        let decide = |s: &PrideState| {
            let mut bot = Bot::from_spec(&spec);
            let mut rng = derive_rng(9, 0, 3);
            let options = legal(&g, s);
            bot.choose(&g, s, Seat(2), &options, &mut rng)
        };
        assert_eq!(decide(&a), decide(&b), "{name}");
    }
}
