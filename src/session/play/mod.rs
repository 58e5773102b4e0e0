//! `arena play`: people at the table with the bots. One or more seats are played by a
//! person, in the browser (a local server, [`server`]) or in the terminal (`cli::play_text`,
//! which draws the table there); the
//! other seats by bots. A person sees only what their seat may see
//! ([`crate::core::TraceGame::seat_state_json`]); the match is saved as a JSON trace
//! (format 2) that `arena view` and `arena trace --trace` replay.

pub mod http;
pub mod options;
pub mod replay;
pub mod seat_view;
pub mod server;
pub mod table;

use std::path::{Path, PathBuf};

use crate::bots::{Bot, BotSpec};
use crate::core::{Seat, TraceGame};
use crate::games::AnyGame;
use crate::output::atomic::write_atomic;
pub use seat_view::{Advice, SeatView};
pub use table::{GameTable, Refusal, Sitter};

/// How a person's seat is named among the bots (in the trace's `bots`).
pub const PERSON: &str = "human";

/// What `arena play` was asked for, checked.
pub struct PlaySetup {
    pub game: AnyGame,
    pub players: usize,
    /// The seats people play, ascending.
    pub people: Vec<usize>,
    /// The bots of the other seats, in seat order.
    pub bots: Vec<BotSpec>,
    pub seed: u64,
    /// Where the trace is saved.
    pub out: PathBuf,
}

/// A match at the table, whatever the game: what the text mode and the server need.
pub trait Table: Send {
    fn game_name(&self) -> &'static str;
    fn players(&self) -> usize;
    fn seed(&self) -> u64;
    fn step(&self) -> u64;
    fn is_over(&self) -> bool;
    fn waiting_for(&self) -> Option<Seat>;
    fn labels(&self) -> Vec<String>;
    fn advance(&mut self) -> bool;
    fn play(&mut self, seat: Seat, choice: usize, at_step: u64) -> Result<(), Refusal>;
    fn view(&mut self, seat: Seat) -> SeatView;
    /// The view with the log from entry `log_from` on (the entries before it left out).
    fn view_from(&mut self, seat: Seat, log_from: usize) -> SeatView;
    fn advice(&mut self, seat: Seat) -> Result<Advice, Refusal>;
    fn trace_lines(&self) -> Vec<String>;
}

impl<G: TraceGame> Table for GameTable<G> {
    fn game_name(&self) -> &'static str {
        GameTable::game_name(self)
    }
    fn players(&self) -> usize {
        GameTable::players(self)
    }
    fn seed(&self) -> u64 {
        GameTable::seed(self)
    }
    fn step(&self) -> u64 {
        GameTable::step(self)
    }
    fn is_over(&self) -> bool {
        GameTable::is_over(self)
    }
    fn waiting_for(&self) -> Option<Seat> {
        GameTable::waiting_for(self)
    }
    fn labels(&self) -> Vec<String> {
        GameTable::labels(self)
    }
    fn advance(&mut self) -> bool {
        GameTable::advance(self)
    }
    fn play(&mut self, seat: Seat, choice: usize, at_step: u64) -> Result<(), Refusal> {
        GameTable::play(self, seat, choice, at_step)
    }
    fn view(&mut self, seat: Seat) -> SeatView {
        GameTable::view(self, seat)
    }
    fn view_from(&mut self, seat: Seat, log_from: usize) -> SeatView {
        GameTable::view_from(self, seat, log_from)
    }
    fn advice(&mut self, seat: Seat) -> Result<Advice, Refusal> {
        GameTable::advice(self, seat)
    }
    fn trace_lines(&self) -> Vec<String> {
        GameTable::trace_lines(self)
    }
}

/// The table of `setup`: people at their seats, a fresh bot at every other.
pub fn table_of(setup: &PlaySetup) -> Box<dyn Table> {
    let mut bots = setup.bots.iter();
    let sitters: Vec<Sitter> = (0..setup.players)
        .map(|seat| {
            if setup.people.contains(&seat) {
                Sitter::Person { label: PERSON.to_string() }
            } else {
                let spec = bots.next().expect("a bot for every seat no person plays").clone();
                Sitter::Bot { bot: Bot::from_spec(&spec), spec }
            }
        })
        .collect();
    crate::with_game!(&setup.game, g => Box::new(GameTable::new(g.clone(), setup.seed, sitters)) as Box<dyn Table>)
}

/// Write the match so far to `path` (whole or not at all).
pub fn save_trace(table: &dyn Table, path: &Path) -> anyhow::Result<()> {
    let mut text = table.trace_lines().join("\n");
    text.push('\n');
    write_atomic(path, text.as_bytes())
}

/// What is said when the match ends or stops: the result or how far it got, and the file.
pub fn closing_words(table: &mut dyn Table, out: &Path) -> String {
    let view = table.view(Seat(0));
    let saved =
        format!("the trace is saved in {} (replay it: arena view --trace {0})", out.display());
    let Some(end) = view.end else {
        return format!(
            "stopped at step {} before the end (seed {}); {saved}",
            table.step(),
            table.seed()
        );
    };
    let labels = table.labels();
    let winners: Vec<String> =
        end.winners.iter().map(|&s| format!("seat {s} ({})", labels[s])).collect();
    let result = match winners.len() {
        0 => "no winner".to_string(),
        1 => format!("{} wins", winners[0]),
        _ => format!("{} share the win", winners.join(" and ")),
    };
    format!(
        "end: {}; scores {}; {result}; seed {}; {saved}",
        end.reason_text,
        serde_json::json!(end.scores),
        table.seed()
    )
}
