//! Bot profiles with settings per game (`[games.NAME]` in `bots/*.toml`): the games they
//! name exist, and a bot built from the whole spec plays as the spec resolved for its game.

use arena::bots::Bot;
use arena::bots::profile::parse_one;
use arena::core::{GameRules, Turn, derive_rng};
use arena::games::trice::{Trice, TriceRules};

/// Every game a built-in profile sets apart (`[games.NAME]`) is a game, and a bot built from
/// a profile's spec plays each game exactly as the spec resolved for that game (what a run's
/// manifest records): the same actions, match after match.
#[test]
fn profiles_per_game_settings_name_real_games_and_play_as_resolved() {
    for name in arena::bots::profile::profile_names() {
        // The probe needs its kinds named to parse; it refuses game tables anyway.
        let Ok(spec) = parse_one(name) else { continue };
        for game in spec.games.keys() {
            assert!(arena::games::entry(game).is_ok(), "profile {name}: [games.{game}]");
        }
    }
    let spec = parse_one("strong").unwrap();
    assert!(spec.games.contains_key("trice"));
    let g = Trice::new(TriceRules::default());
    let mut whole = Bot::from_spec(&spec);
    let mut resolved = Bot::from_spec(&spec.for_game("trice"));
    let mut legal = Vec::new();
    for seed in 0..3 {
        let mut s = g.new_state(2);
        g.sample_chance(&mut s, &mut derive_rng(seed, 0, 0));
        while let Turn::Player(seat) = g.turn(&s) {
            g.legal_actions(&s, &mut legal);
            let a = whole.choose(&g, &s, seat, &legal, &mut derive_rng(seed, 1, 1));
            let b = resolved.choose(&g, &s, seat, &legal, &mut derive_rng(seed, 1, 1));
            assert_eq!(a, b);
            g.apply(&mut s, a);
        }
    }
}
