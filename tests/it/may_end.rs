//! `BotHooks::may_end_in_one`: where a game says no action of the player to move can
//! end the match, none does. Greedy's guard trusts that "no" and skips trying the replies
//! (a wrong one would change its decisions), so it is checked against trying every action,
//! for every game at every player count it supports, with its default turn cap and with a
//! low one (so that the cap's clause is reached too).

use arena::core::conformance::check_may_end_in_one;
use arena::games::{GAME_NAMES, build};

/// The games whose "no" must be found somewhere (each with a `turn_cap`). The others are
/// checked too wherever they say no: Kuhn poker says it at the first decision of a hand.
const HOOKED: &[&str] = &["low-blow", "dardz", "pride-prejudice", "love-actually"];

arena::sampled! {
    fn may_end_in_one_says_no_only_where_no_action_ends_the_match(matches = 5_000, sample = 300) {
        for name in GAME_NAMES {
            for sets in [vec![], vec!["turn_cap=12".to_string()]] {
                // Tic-tac-toe has no rules to set, TRICE no turn cap of this name.
                let Ok(game) = build(name, None, &sets) else {
                    assert!(!HOOKED.contains(name), "{name}: turn_cap=12 refused");
                    continue;
                };
                let players = arena::with_game!(&game, g => arena::core::GameRules::seats(g));
                let (mut no, mut decisions) = (0, 0);
                for p in players {
                    let (n, d) = arena::with_game!(&game, g => {
                        check_may_end_in_one(g, p, matches, 34 + p as u64)
                    });
                    (no, decisions) = (no + n, decisions + d);
                }
                // Somewhere (Pride says no only from 3 players on): else the hook saves nothing.
                if HOOKED.contains(name) && sets.is_empty() {
                    assert!(no > 0, "{name}: may_end_in_one never said no in {decisions} decisions");
                }
            }
        }
    }
}
