//! Greedy against itself finishes its matches in every game. A heuristic that lets two greedy
//! players cycle for ever (LOVE ACTUALLY's once did: each took the other's discard and threw
//! it back, and every match hit the turn cap, G-2) makes greedy play, MCTS cut-offs and the
//! ladder's self-play meaningless, so this is checked for every registered game.

use arena::bots::profile::parse_lineup;
use arena::games::{GAME_NAMES, entry};
use arena::runner::worker::play_block;
use arena::runner::{RunSpec, Seating};

#[test]
fn greedy_self_play_never_hits_the_turn_cap() {
    for name in GAME_NAMES {
        let game = (entry(name).unwrap().build)(None, &[]).unwrap();
        let players = game.default_players();
        let spec = RunSpec {
            players,
            lineup: parse_lineup("greedy", players).unwrap(),
            matches: 24,
            seed: 5,
            seating: Seating::Rotate,
        };
        let capped = arena::with_game!(&game, g => play_block(g, &spec, 0, 24, false).tally.capped);
        assert_eq!(
            capped, 0,
            "{name}: greedy vs greedy hit the turn cap in {capped} of 24 matches"
        );
    }
}
