//! A person's legal moves as the table offers them (`arena play`): each move's words and its
//! place on the picture, and the options the person chooses among. Moves that are one choice
//! are one option: moves of the same words whose results are alike (two equal dice,
//! [`alike`]), and moves the game counts as one choice although their words differ
//! ([`TraceGame::same_choice`]: a LOW BLOW die on any empty square of one row, which the
//! rules score alike). Without this a LOW BLOW placement was 60 lines that differed only in
//! their column, and the advice spread its shares thinly over them.
//!
//! Choosing an option plays its first move, a legal action like any other, so the trace
//! records the legal list and the chosen index as ever and replays. The terminal lists the
//! options; the page lists them under the picture and adds the advice up over each, while
//! its picture still plays every move on its own square.

use crate::core::TraceGame;
use crate::core::trace::alike;
use crate::session::play::seat_view::{MoveView, OptionView};

/// What a person at their move is offered.
#[derive(Default)]
pub struct Offer {
    /// Each legal move's words, in the legal list's order.
    pub legal: Vec<String>,
    /// Each legal move's place on the picture (`kind`, `target`, `also`) and, for a move of
    /// an earlier one's words and effect, `same_as` that move.
    pub moves: Vec<MoveView>,
    /// The options, in the order of their first moves; every legal move is in exactly one.
    pub options: Vec<OptionView>,
}

impl Offer {
    /// The option that legal move `k` is part of.
    pub fn option_of(&self, k: usize) -> Option<usize> {
        self.options.iter().position(|c| c.moves.contains(&k))
    }
}

/// The offer of `legal`, the legal actions of the person to move in `s`.
pub fn offer<G: TraceGame>(game: &G, s: &G::State, legal: &[G::Action]) -> Offer {
    let mut out = Offer::default();
    let mut afters: Vec<G::State> = Vec::with_capacity(legal.len());
    for (k, &a) in legal.iter().enumerate() {
        let place = game.move_place(s, a);
        let text = game.describe(s, a);
        let mut after = s.clone();
        game.apply(&mut after, a);
        // One entry per distinct move: an action with the same words and a result drawn
        // alike (two equal dice, either placed) is the earlier one's move.
        let same = |j: usize| out.legal[j] == text && alike(game, &afters[j], &after);
        let same_as = (0..k).find(|&j| same(j));
        let entry =
            MoveView { also: place.also, kind: place.kind.into(), same_as, target: place.target };
        // Its option: the one of the move it is the same as, or the first whose first move
        // is the same choice for the rules; else an option of its own.
        let joined = match same_as {
            Some(j) => out.option_of(j),
            None => out.options.iter().position(|c| game.same_choice(s, legal[c.moves[0]], a)),
        };
        match joined {
            Some(o) => out.options[o].moves.push(k),
            None => out.options.push(OptionView { moves: vec![k], text: String::new() }),
        }
        out.legal.push(text);
        out.moves.push(entry);
        afters.push(after);
    }
    for option in &mut out.options {
        option.text = match option.moves.as_slice() {
            [k] => out.legal[*k].clone(),
            ks => {
                let actions: Vec<G::Action> = ks.iter().map(|&k| legal[k]).collect();
                game.describe_choice(s, &actions)
            }
        };
    }
    out
}
