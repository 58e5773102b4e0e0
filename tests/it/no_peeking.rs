//! The bots do not peek, in every registered game: greedy, MCTS and the strong profile
//! decide the same in a position and in its twins, states that differ only in what the mover
//! cannot know (each a determinization of the position for the mover, so it keeps all the
//! mover saw). In a game of perfect information the twins are the position itself; in Kuhn
//! poker they hold the other card of the two the mover does not, in LOVE ACTUALLY other
//! hidden hands. That a peeking bot fails this check is shown in `bots.rs`
//! (`no_peeking_a_peeking_bot_would_be_caught`) and `love_actually_no_peeking.rs`.

use crate::common::decide;
use arena::core::{Game, GameRules, Seat, TraceGame, Turn, derive_rng};
use arena::games::GAMES;
use rand::RngExt;

/// Decision positions with a choice, one from each random match of `players`, drawn
/// among that match's decisions (so a short game gives as many as a long one).
fn positions<G: Game>(g: &G, players: usize, count: usize) -> Vec<G::State> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for i in 0..count as u64 {
        let mut rng = derive_rng(31, i, 0);
        let mut s = g.new_state(players);
        let mut choices = Vec::new();
        loop {
            match g.turn(&s) {
                Turn::Over => break,
                Turn::Chance => g.sample_chance(&mut s, &mut rng),
                Turn::Player(_) => {
                    g.legal_actions(&s, &mut legal);
                    if legal.len() > 1 {
                        choices.push(s.clone());
                    }
                    let a = legal[rng.random_range(0..legal.len())];
                    g.apply(&mut s, a);
                }
            }
        }
        if !choices.is_empty() {
            out.push(choices.swap_remove(rng.random_range(0..choices.len())));
        }
    }
    out
}

/// The positions (of `count`) where `bot` decides differently in a twin, and how many twins
/// differed from their position at all.
fn differing<G: Game>(g: &G, bot: &str, count: usize) -> (Vec<String>, usize) {
    let players = g.default_players();
    let (mut differ, mut hidden) = (Vec::new(), 0);
    let mut twin_rng = derive_rng(77, 0, 0);
    for (k, s) in positions(g, players, count).iter().enumerate() {
        let Turn::Player(seat) = g.turn(s) else { unreachable!() };
        let decision = decide(g, bot, s, k as u64);
        for _ in 0..3 {
            let twin = g.determinize(s, Seat(seat.0), &mut twin_rng);
            hidden += usize::from(twin != *s);
            let other = decide(g, bot, &twin, k as u64);
            if other != decision {
                differ.push(format!("position {k}: {decision:?} in it, {other:?} in a twin"));
            }
        }
    }
    (differ, hidden)
}

/// Whether a seat's view of some decision position leaves out something of the whole state.
fn hides_something<G: TraceGame>(g: &G) -> bool {
    positions(g, g.default_players(), 12).iter().any(|s| {
        let Turn::Player(seat) = g.turn(s) else { return false };
        g.seat_state_json(s, seat) != g.state_json(s)
    })
}

#[test]
fn no_peeking_every_game_every_bot_decides_alike_in_twins() {
    for entry in GAMES {
        let game = entry.default_game();
        for (bot, count) in [("greedy", 12), ("mcts:iterations=100", 6), ("strong", 4)] {
            let (differ, hidden) = arena::with_game!(&game, g => differing(g, bot, count));
            assert!(differ.is_empty(), "{} {bot} peeks: {differ:?}", entry.name);
            // A game that hides something from a seat has twins that differ from their
            // position: else this test would check nothing there.
            let hides = arena::with_game!(&game, g => hides_something(g));
            assert!(!hides || hidden > 0, "{}: no twin differed from its position", entry.name);
        }
    }
}

/// Kuhn poker exhaustively: at every decision a seat can face (its card and the betting so
/// far), the bots choose the same whichever of the two other cards the opponent holds.
#[test]
fn no_peeking_kuhn_every_information_set_with_either_hidden_card() {
    use arena::games::kuhn::{Kuhn, KuhnAction, KuhnRules};
    let g = Kuhn::new(KuhnRules::default());
    let histories: [&[KuhnAction]; 4] =
        [&[], &[KuhnAction::Check], &[KuhnAction::Bet], &[KuhnAction::Check, KuhnAction::Bet]];
    for bot in ["greedy", "mcts:iterations=300", "strong"] {
        for history in histories {
            let mover = history.len() % 2;
            for own in 0..3u8 {
                for seed in 0..6 {
                    let decisions: Vec<KuhnAction> = (0..3u8)
                        .filter(|&c| c != own)
                        .map(|other| {
                            let mut s = g.new_state(2);
                            s.cards[mover] = own;
                            s.cards[1 - mover] = other;
                            s.dealt = true;
                            history.iter().for_each(|&a| g.apply(&mut s, a));
                            decide(&g, bot, &s, seed)
                        })
                        .collect();
                    assert_eq!(
                        decisions[0], decisions[1],
                        "{bot}: card {own} after {history:?}, seed {seed}: the decision follows the hidden card"
                    );
                }
            }
        }
    }
}
