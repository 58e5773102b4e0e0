//! What a person at the table is shown, the state half (the server's responses are
//! tests/it/play_server.rs): a person playing a seat is shown only what that seat may
//! know (LA-13 for Love Actually's hands, PP-11 for Pride & Preju-Dice's choices made at the
//! same time). For every game and seat, every step of random matches: the seat's view of
//! the true state equals its view of states determinized for it.

use arena::core::conformance::seat_view::check_seat_views;
use arena::games::{GAME_NAMES, entry};

arena::sampled! {
    /// `matches` random matches of every game at its fewest and most players (Pride &
    /// Preju-Dice at 8 players is most of the time: about 0.55 s a match in the test build).
    fn a_seats_view_depends_only_on_what_it_may_know(matches = 12, sample = 2) {
    for name in GAME_NAMES {
        let game = (entry(name).unwrap().build)(None, &[]).unwrap();
        let seats = arena::with_game!(&game, g => arena::core::GameRules::seats(g));
        for players in [*seats.start(), *seats.end()] {
            let report = arena::with_game!(&game, g => check_seat_views(g, players, matches, 32))
                .unwrap_or_else(|e| panic!("{e}"));
            // Every match has at least four states (Kuhn poker's shortest: the start, the
            // deal and two decisions), each compared twice for every seat.
            let least = matches * 4 * 2 * players as u64;
            assert!(report.comparisons >= least, "{name} {players}p: only {report:?}");
        }
    }
    }
}

/// The check has teeth: in the two games with hidden information, the whole state (what a
/// replay shows) does change when a seat's unseen part is resampled, so a view that showed
/// it would fail the check above.
#[test]
fn the_whole_state_would_fail_the_check_in_the_hidden_information_games() {
    use arena::core::GameRules;
    use arena::core::{Seat, TraceGame, Turn, derive_rng};
    use rand::RngExt;
    fn differs<G: TraceGame>(game: &G, players: usize) -> bool {
        let mut rng = derive_rng(9, 0, 0);
        let mut legal = Vec::new();
        let mut s = game.new_state(players);
        for step in 0..400u64 {
            for v in 0..players {
                let mut d = derive_rng(9, step, v as u64);
                let other = game.determinize(&s, Seat(v as u8), &mut d);
                if game.state_json(&other) != game.state_json(&s) {
                    return true;
                }
            }
            match game.turn(&s) {
                Turn::Over => return false,
                Turn::Chance => game.sample_chance(&mut s, &mut rng),
                Turn::Player(_) => {
                    game.legal_actions(&s, &mut legal);
                    let a = legal[rng.random_range(0..legal.len())];
                    game.apply(&mut s, a);
                }
            }
        }
        false
    }
    for name in ["love-actually", "pride-prejudice", "kuhn"] {
        let game = (entry(name).unwrap().build)(None, &[]).unwrap();
        let players = arena::with_game!(&game, g => g.default_players());
        assert!(arena::with_game!(&game, g => differs(g, players)), "{name}: nothing hidden found");
    }
}

arena::sampled! {
    /// The log's half: for every game and seat, at every step of random matches,
    /// the points of the log's events a seat may read sum to the scores it is shown. A
    /// hidden Pride & Preju-Dice turn's forced move used to ride, with its points, on the
    /// step before it (another seat's visible one): seat 0 read "seat 2 +3 in the Diamond"
    /// while seat 2's sheet, rightly, still showed its old score.
    fn a_seats_log_shows_only_what_it_may_know(matches = 20, sample = 6) {
    use arena::core::conformance::seat_view::check_seat_logs;
    for name in GAME_NAMES {
        let game = (entry(name).unwrap().build)(None, &[]).unwrap();
        let seats = arena::with_game!(&game, g => arena::core::GameRules::seats(g));
        for players in [*seats.start(), *seats.end()] {
            let report = arena::with_game!(&game, g => check_seat_logs(g, players, matches, 57))
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(report.comparisons >= matches * players as u64, "{name} {players}p: {report:?}");
        }
    }
    }
}
