//! The heuristic's fast paths against the plain ones they replace, on the states of random
//! matches under rules that vary what they read (row length, discount, players).

use rand::RngExt;

use super::*;

/// Every state of a few random matches under `sets`, with `players` players.
fn random_states(sets: &[&str], players: usize, seed: u64) -> Vec<LowBlowState> {
    let g = game_with(sets);
    let mut rng = crate::core::rng_from_seed(seed);
    let mut states = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..3 {
        let mut s = g.new_state(players);
        loop {
            states.push(s);
            match g.turn(&s) {
                Turn::Over => break,
                Turn::Chance => g.sample_chance(&mut s, &mut rng),
                Turn::Player(_) => {
                    g.legal_actions(&s, &mut legal);
                    let a = legal[rng.random_range(0..legal.len())];
                    g.apply(&mut s, a);
                }
            }
        }
    }
    states
}

#[test]
fn row_sums_by_word_equal_the_square_by_square_sums() {
    for columns in 1..=8 {
        for discount in [0, 1, 3, 6] {
            for players in [3, 4] {
                let dice = format!("dice_per_player={}", columns.max(5));
                let sets =
                    [format!("columns={columns}"), format!("own_colour_discount={discount}"), dice];
                let sets: Vec<&str> = sets.iter().map(String::as_str).collect();
                let g = game_with(&sets);
                let seed = (columns * 100 + discount * 10 + players) as u64;
                for s in random_states(&sets, players, seed) {
                    for row in 0..players {
                        assert_eq!(
                            g.row_halves_by_word(&s, row),
                            g.row_halves_by_square(&s, row),
                            "columns {columns}, discount {discount}, row {row}\n{}",
                            g.render(&s)
                        );
                    }
                }
            }
        }
    }
}
