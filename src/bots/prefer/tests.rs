//! The probe's resolution of kind names and its choice among the legal actions, on the
//! reference games (tic-tac-toe is RULINGS REF-1, Pig REF-2).

use crate::core::{GameRules, OptionKind, derive_rng};
use std::collections::BTreeSet;

use super::*;
use crate::bots::profile::parse_one;
use crate::games::pig::{Pig, PigRules};
use crate::games::tictactoe::{TicTacToe, TicTacToeRules};

fn ttt() -> TicTacToe {
    TicTacToe::new(TicTacToeRules::default())
}

fn bot(text: &str) -> Bot {
    Bot::from_spec(&parse_one(text).unwrap())
}

fn check(text: &str) -> Result<(), String> {
    check_prefer_kinds(&parse_one(text).unwrap(), &ttt(), 2).map_err(|e| e.to_string())
}

#[test]
fn ref1_kind_names_resolve_with_or_without_the_game_prefix() {
    assert_eq!(check("prefer:always=centre"), Ok(()));
    assert_eq!(check("prefer:always=tictactoe.centre+corner:base=greedy"), Ok(()));
    // Other bots have no kinds to check.
    assert_eq!(check_prefer_kinds(&parse_one("greedy").unwrap(), &ttt(), 2).ok(), Some(()));
    let e = check("prefer:always=corner+center").unwrap_err();
    assert_eq!(
        e,
        "bot `prefer:always=corner+center`: tictactoe has no option kind `center`; did you \
         mean `centre`?; valid kinds: top_left, top, top_right, left, centre, right, \
         bottom_left, bottom, bottom_right, corner, edge"
    );
    let e = check("prefer:always=pig.centre").unwrap_err();
    assert!(e.contains("no option kind `pig.centre`; did you mean `centre`?"), "{e}");
}

#[test]
fn ref2_pig_kinds_resolve_and_a_near_miss_is_named() {
    let pig = Pig::new(PigRules::default());
    let spec = parse_one("prefer:always=hold_20_29+pig.hold_30_plus").unwrap();
    assert!(check_prefer_kinds(&spec, &pig, 2).is_ok());
    let spec = parse_one("prefer:always=hold_20_30").unwrap();
    let e = check_prefer_kinds(&spec, &pig, 2).unwrap_err().to_string();
    assert!(e.contains("did you mean `hold_20_29`?") && e.contains("hold_0, hold_1_9"), "{e}");
}

#[test]
fn a_game_without_option_kinds_is_named_as_such() {
    let e = resolve("prefer:always=jackpot", "trice", &[], &["jackpot".to_string()]);
    assert_eq!(
        e.unwrap_err().to_string(),
        "bot `prefer:always=jackpot`: trice declares no option kinds, so there is no \
         `jackpot` to prefer"
    );
    let kinds = [OptionKind::new("jackpot", "play a Jackpot"), OptionKind::new("boost", "b")];
    let names = ["dardz.boost".to_string(), "jackpot".to_string()];
    assert_eq!(resolve("p", "dardz", &kinds, &names).unwrap(), [1, 0]);
}

#[test]
fn the_player_count_comes_from_a_playout_of_the_seats_view() {
    let game = ttt();
    let mut s = game.new_state(2);
    game.apply(&mut s, 4);
    assert_eq!(players_at(&game, &s, Seat(1)), 2);
    let pig = Pig::new(PigRules::default());
    assert_eq!(players_at(&pig, &pig.new_state(2), Seat(0)), 2);
}

#[test]
fn ref1_the_first_named_kind_with_a_legal_action_wins_and_the_base_chooses_among_it() {
    let game = ttt();
    let empty = game.new_state(2);
    let legal: Vec<u8> = (0..9).collect();
    let mut picks = BTreeSet::new();
    for k in 0..64 {
        let mut probe = bot("prefer:always=edge+corner");
        picks.insert(probe.choose(&game, &empty, Seat(0), &legal, &mut derive_rng(1, k, 1)));
    }
    // Edges first (named first), every edge in turn: the random base chooses among them.
    assert_eq!(picks, BTreeSet::from([1, 3, 5, 7]));
    // With every edge taken, the corners.
    let corners_left = [0, 2, 4, 6, 8];
    let mut probe = bot("prefer:always=edge+corner");
    for k in 0..16 {
        let pick = probe.choose(&game, &empty, Seat(0), &corners_left, &mut derive_rng(2, k, 1));
        assert!([0, 2, 6, 8].contains(&pick), "{pick}");
    }
    // None of the kinds legal: the base's own choice, draw for draw.
    let mut probe = bot("prefer:always=corner:base=greedy");
    let mut greedy = bot("greedy");
    for k in 0..8 {
        let (a, b) = (&mut derive_rng(3, k, 1), &mut derive_rng(3, k, 1));
        let pick = probe.choose(&game, &empty, Seat(0), &[1, 4, 7], a);
        assert_eq!(pick, greedy.choose(&game, &empty, Seat(0), &[1, 4, 7], b));
    }
}

#[test]
fn a_clone_resolves_again_and_chooses_alike() {
    let game = ttt();
    let s = game.new_state(2);
    let legal: Vec<u8> = (0..9).collect();
    let mut probe = bot("prefer:always=centre:base=mcts-100");
    assert_eq!(probe.choose(&game, &s, Seat(0), &legal, &mut derive_rng(1, 0, 1)), 4);
    let mut copy = probe.clone();
    assert_eq!(copy.choose(&game, &s, Seat(0), &legal, &mut derive_rng(1, 1, 1)), 4);
}

#[test]
#[should_panic(expected = "bot `prefer:always=jackpot`: tictactoe has no option kind `jackpot`")]
fn an_unchecked_unknown_kind_stops_the_first_decision_with_the_check_s_message() {
    let game = ttt();
    let s = game.new_state(2);
    bot("prefer:always=jackpot").choose(&game, &s, Seat(0), &[0, 4], &mut derive_rng(1, 0, 1));
}
