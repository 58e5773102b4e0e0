//! The words of a seat's moves: a person chooses among legal moves by their words, so two
//! moves with the same words must be the same move (the play page then lists it once), and
//! two moves that differ must say how. For every game, at every decision of
//! random matches: legal actions whose descriptions are equal lead to the same state, or to
//! states alike in turn, scores and the words of every move that follows
//! (`arena::core::trace::alike`: two equal dice are one move whichever of them is taken).

use arena::core::trace::alike;
use arena::core::{GameRules, TraceGame, Turn, derive_rng};
use arena::games::{GAME_NAMES, entry};
use rand::RngExt;

fn equal_words_mean_equal_moves<G: TraceGame>(game: &G, players: usize, matches: u64) -> u64 {
    let mut legal = Vec::new();
    let mut shared = 0;
    for m in 0..matches {
        let mut rng = derive_rng(57, m, 0);
        let mut s = game.new_state(players);
        loop {
            match game.turn(&s) {
                Turn::Over => break,
                Turn::Chance => game.sample_chance(&mut s, &mut rng),
                Turn::Player(_) => {
                    game.legal_actions(&s, &mut legal);
                    let texts: Vec<String> = legal.iter().map(|&a| game.describe(&s, a)).collect();
                    for k in 0..legal.len() {
                        for j in 0..k {
                            if texts[j] != texts[k] {
                                continue;
                            }
                            shared += 1;
                            let (mut x, mut y) = (s.clone(), s.clone());
                            game.apply(&mut x, legal[j]);
                            game.apply(&mut y, legal[k]);
                            assert!(
                                alike(game, &x, &y),
                                "{} {players}p match {m}: {:?} and {:?} are both \"{}\" but differ",
                                game.name(),
                                legal[j],
                                legal[k],
                                texts[k]
                            );
                        }
                    }
                    let a = legal[rng.random_range(0..legal.len())];
                    game.apply(&mut s, a);
                }
            }
        }
    }
    shared
}

arena::sampled! {
    fn two_moves_with_the_same_words_are_the_same_move(matches = 60, sample = 8) {
    for name in GAME_NAMES {
        let game = (entry(name).unwrap().build)(None, &[]).unwrap();
        let seats = arena::with_game!(&game, g => g.seats());
        for players in [*seats.start(), *seats.end()] {
            arena::with_game!(&game, g => equal_words_mean_equal_moves(g, players, matches));
        }
    }
    }
}
