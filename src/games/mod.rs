//! The games, and the registry: one table ([`game_registry!`](crate::game_registry)) from
//! which the game list, the [`AnyGame`] enum, name lookup and [`with_game!`](crate::with_game)
//! are generated, so that `games`, `run`, `trace`, `bench`, `plan`, `merge` and the default
//! experiment all read the same list, and the runner is called with static dispatch
//! (`run::<G>`), never through `dyn`. Adding a game means one module and one line in the
//! table.

pub mod docs;
#[cfg(test)]
mod rule_space;

use crate::core::{Game, GameRules};
use std::path::Path;

use crate::core::rules::{self, ParamInfo, Rules, RulesError};

/// The registry: one line per game, in the order `arena games` and the default experiment
/// list them: `Variant = module::Type, "command-line name", "default bots";`, the module
/// being the game's folder under `src/games/` (the registry declares it: `pub mod module;`). Player range and usual
/// player count come from the game itself ([`GameRules::seats`], [`GameRules::default_players`]).
/// Calls `$callback!` with the lines; [`with_game!`](crate::with_game) and this module's
/// definitions are built from it.
#[macro_export]
macro_rules! game_registry {
    ($callback:ident { $($args:tt)* }) => {
        $crate::$callback! { { $($args)* }
            TicTacToe = tictactoe::TicTacToe, "tictactoe", "random";
            Pig = pig::Pig, "pig", "random";
            Kuhn = kuhn::Kuhn, "kuhn", "random";
            Trice = trice::Trice, "trice", "random";
            LowBlow = low_blow::LowBlow, "low-blow", "random";
            Dardz = dardz::Dardz, "dardz", "random";
            LoveActually = love_actually::Love, "love-actually", "random";
            Pride = pride::Pride, "pride-prejudice", "random";
        }
    };
}

/// Run `$body` with `$g` bound to the concrete game inside `$any` (an [`AnyGame`]).
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        $crate::game_registry!(__match_any_game { ($any) $g ($body) })
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __match_any_game {
    ({ ($any:expr) $g:ident ($body:expr) } $($variant:ident = $module:ident :: $ty:ident, $name:literal, $bots:literal;)*) => {
        match $any {
            $( $crate::games::AnyGame::$variant($g) => $body, )*
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __define_registry {
    ({} $($variant:ident = $module:ident :: $ty:ident, $name:literal, $bots:literal;)*) => {
        // Each game's module: its folder under src/games.
        $( pub mod $module; )*

        /// Every implemented game, configured with its rules.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $( $variant($module::$ty), )*
        }

        /// Every registered game, in registry order.
        pub const GAMES: &[GameEntry] = &[
            $( GameEntry {
                name: $name,
                default_bots: $bots,
                title: <$module::$ty as $crate::core::trace::TraceGame>::TITLE,
                drawing: <$module::$ty as $crate::core::trace::TraceGame>::DRAWING,
                how_to_play: <$module::$ty as $crate::core::trace::TraceGame>::HOW_TO_PLAY,
                rules_page: <$module::$ty as $crate::core::trace::TraceGame>::RULES_PAGE,
                build: |file, sets| Ok(AnyGame::$variant(configured::<$module::$ty>($name, file, sets)?)),
            }, )*
        ];

        /// Command-line names of the registered games, in registry order.
        pub const GAME_NAMES: &[&str] = &[$( $name, )*];
    };
}

game_registry!(__define_registry {});

/// One line of the registry.
#[derive(Clone, Copy, Debug)]
pub struct GameEntry {
    /// The command-line name.
    pub name: &'static str,
    /// The lineup the default experiment plays.
    pub default_bots: &'static str,
    /// The name as the rulebook writes it ([`TraceGame::TITLE`](crate::core::trace::TraceGame::TITLE)).
    pub title: &'static str,
    /// The pages' drawing script ([`TraceGame::DRAWING`](crate::core::trace::TraceGame::DRAWING)).
    pub drawing: &'static str,
    /// The game's "How to play" ([`TraceGame::HOW_TO_PLAY`](crate::core::trace::TraceGame::HOW_TO_PLAY)).
    pub how_to_play: &'static str,
    /// The text its rules page is written from, if it is not kept by hand
    /// ([`TraceGame::RULES_PAGE`](crate::core::trace::TraceGame::RULES_PAGE)).
    pub rules_page: &'static str,
    /// The game under a rules file (if any), then `key=value` overrides.
    pub build: fn(Option<&Path>, &[String]) -> Result<AnyGame, RulesError>,
}

impl GameEntry {
    /// The game under a rules file (if any), then `key=value` overrides; a rules file with a
    /// key this game lacks is checked against the other games, so that a file written for
    /// another game says which game it is for.
    pub fn configure(&self, file: Option<&Path>, sets: &[String]) -> Result<AnyGame, RulesError> {
        match (self.build)(file, sets) {
            Err(RulesError::Key { path, message }) if message.starts_with("unknown rules key") => {
                let fits =
                    GAMES.iter().find(|e| e.name != self.name && (e.build)(file, &[]).is_ok());
                let message = match fits {
                    Some(other) => {
                        let key = message.split('`').nth(1).unwrap_or("");
                        format!(
                            "this rules file is for {o}, not {n}: `{key}` and every other key in it are {o} parameters (use --game {o}, or `arena games` for {n}'s keys)",
                            o = other.name,
                            n = self.name
                        )
                    }
                    None => message,
                };
                Err(RulesError::Key { path, message })
            }
            other => other,
        }
    }

    /// The game with its default rules.
    pub fn default_game(&self) -> AnyGame {
        (self.build)(None, &[]).expect("default rules are valid")
    }
}

/// The registry line of `name`.
pub fn entry(name: &str) -> Result<&'static GameEntry, UnknownGame> {
    GAMES.iter().find(|e| e.name == name).ok_or_else(|| UnknownGame(name.to_string()))
}

/// A name that is not a game.
#[derive(Debug, thiserror::Error)]
#[error(
    "unknown game `{0}`{hint}; valid games: {names}",
    hint = crate::core::suggest::did_you_mean(&self.0, GAME_NAMES.iter().copied()),
    names = GAME_NAMES.join(", ")
)]
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
    Ok(entry(name)?.configure(file, sets)?)
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
    /// The point values `arena tune` may tune, for a game that has them.
    pub fn value_model(&self) -> Option<&'static dyn crate::core::ValueModel> {
        with_game!(self, g => crate::core::GameStats::value_model(g))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_builds_under_its_own_name() {
        assert_eq!(GAMES.len(), GAME_NAMES.len());
        for e in GAMES {
            let game = e.default_game();
            assert_eq!(game.name(), e.name);
            assert!(game.seats().contains(&game.default_players()), "{}", e.name);
        }
        let err = build("chess", None, &[]).unwrap_err().to_string();
        assert!(err.contains("unknown game `chess`") && err.contains("low-blow"), "{err}");
    }
}
