//! The games, and the registry that turns a game name plus rules into a concrete game so
//! that the runner is called with static dispatch (`run::<G>`), never through `dyn`.

pub mod dardz;
pub mod low_blow;
pub mod pig;
pub mod tictactoe;
pub mod trice;

use std::path::Path;

use crate::core::Game;
use crate::core::rules::{self, ParamInfo, Rules, RulesError};

/// Every implemented game, by command-line name.
#[derive(Clone, Debug)]
pub enum AnyGame {
    TicTacToe(tictactoe::TicTacToe),
    Pig(pig::Pig),
    Trice(trice::Trice),
    LowBlow(low_blow::LowBlow),
    Dardz(dardz::Dardz),
}

/// Command-line names of the implemented games, in the order `arena games` lists them.
pub const GAME_NAMES: &[&str] = &["tictactoe", "pig", "trice", "low-blow", "dardz"];

/// Run `$body` with `$g` bound to the concrete game inside `$any`.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::games::AnyGame::TicTacToe($g) => $body,
            $crate::games::AnyGame::Pig($g) => $body,
            $crate::games::AnyGame::Trice($g) => $body,
            $crate::games::AnyGame::LowBlow($g) => $body,
            $crate::games::AnyGame::Dardz($g) => $body,
        }
    };
}

/// A name that is not a game.
#[derive(Debug, thiserror::Error)]
#[error("unknown game `{0}`; valid games: {names}", names = GAME_NAMES.join(", "))]
pub struct UnknownGame(pub String);

fn configured<G: Game>(name: &str, file: Option<&Path>, sets: &[String]) -> Result<G, RulesError> {
    let mut rules = G::Rules::default();
    if let Some(path) = file {
        rules::apply_file(&mut rules, name, path)?;
    }
    rules::apply_sets(&mut rules, sets)?;
    Ok(G::with_rules(rules))
}

/// Build a game from its name, an optional rules file and `--set` overrides (file first).
pub fn build(name: &str, file: Option<&Path>, sets: &[String]) -> anyhow::Result<AnyGame> {
    Ok(match name {
        "tictactoe" => AnyGame::TicTacToe(configured(name, file, sets)?),
        "pig" => AnyGame::Pig(configured(name, file, sets)?),
        "trice" => AnyGame::Trice(configured(name, file, sets)?),
        "low-blow" => AnyGame::LowBlow(configured(name, file, sets)?),
        "dardz" => AnyGame::Dardz(configured(name, file, sets)?),
        other => return Err(UnknownGame(other.to_string()).into()),
    })
}

impl AnyGame {
    pub fn name(&self) -> &'static str {
        with_game!(self, g => g.name())
    }
    pub fn seats(&self) -> std::ops::RangeInclusive<usize> {
        with_game!(self, g => g.seats())
    }
    pub fn default_players(&self) -> usize {
        with_game!(self, g => g.default_players())
    }
    pub fn params(&self) -> Vec<ParamInfo> {
        with_game!(self, g => g.rules().params())
    }
}
