//! Stage two of argument handling: raw flags become a validated [`Plan`]. Every check on
//! user input happens here, before anything touches the file system, so bad input never
//! leaves output behind.

use std::path::{Path, PathBuf};

use crate::arena::RunSpec;
use crate::bots::profile;
use crate::cli::{MatchArgs, usage};
use crate::games::{self, AnyGame};

/// One validated experiment on one game.
#[derive(Debug)]
pub struct Plan {
    pub game: AnyGame,
    pub rules_file: Option<PathBuf>,
    pub spec: RunSpec,
}

/// Validate the match-defining flags for `game_name`.
pub fn plan_for(game_name: &str, args: &MatchArgs, matches: u64) -> anyhow::Result<Plan> {
    let game = games::build(game_name, args.rules.as_deref(), &args.sets).map_err(usage)?;
    let seats = game.seats();
    let players = args.players.unwrap_or_else(|| game.default_players());
    if !seats.contains(&players) {
        return Err(usage(format!(
            "{} is for {} to {} players, not {players}",
            game.name(),
            seats.start(),
            seats.end()
        )));
    }
    let lineup = profile::parse_lineup(&args.bots, players).map_err(usage)?;
    Ok(Plan {
        game,
        rules_file: args.rules.clone(),
        spec: RunSpec {
            players,
            lineup,
            matches,
            seed: args.seed,
            seating: args.seating,
        },
    })
}

/// `--matches`: a positive whole number (underscores allowed: 1_000_000).
pub fn parse_matches(text: Option<&str>) -> anyhow::Result<u64> {
    let Some(text) = text else { return Ok(100_000) };
    let cleaned = text.trim().replace('_', "");
    match cleaned.parse::<i128>() {
        Ok(n) if n >= 1 && n <= u64::MAX as i128 => Ok(n as u64),
        Ok(n) => Err(usage(format!("--matches must be at least 1, got {n}"))),
        Err(_) => Err(usage(format!(
            "--matches must be a positive whole number, got `{text}`"
        ))),
    }
}

/// The thread count: default all cores; 0 is refused.
pub fn parse_threads(threads: Option<usize>) -> anyhow::Result<usize> {
    match threads {
        Some(0) => Err(usage("--threads must be at least 1")),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)),
    }
}

/// Prepare an output folder: it must be new or empty, and writable. Returns whether this
/// call created it (so a failure can remove it again).
pub fn prepare_out_dir(dir: &Path) -> anyhow::Result<bool> {
    let existed = dir.exists();
    if existed {
        if !dir.is_dir() {
            return Err(usage(format!("output folder {} is a file", dir.display())));
        }
        let mut entries = std::fs::read_dir(dir)
            .map_err(|e| usage(format!("cannot read output folder {}: {e}", dir.display())))?;
        if entries.next().is_some() {
            return Err(usage(format!(
                "output folder {} already holds files; choose a new --out or empty it",
                dir.display()
            )));
        }
    } else {
        std::fs::create_dir_all(dir).map_err(|e| {
            usage(format!(
                "cannot create output folder {}: {e}",
                dir.display()
            ))
        })?;
    }
    let probe = dir.join(".arena-write-probe");
    if let Err(e) = std::fs::write(&probe, b"") {
        if !existed {
            let _ = std::fs::remove_dir(dir);
        }
        return Err(usage(format!(
            "output folder {} is not writable: {e}",
            dir.display()
        )));
    }
    let _ = std::fs::remove_file(&probe);
    Ok(!existed)
}

/// UTC timestamp for default folder names: 20261122-031500.
pub fn timestamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_must_be_positive() {
        assert_eq!(parse_matches(Some("1_000")).unwrap(), 1000);
        assert!(
            parse_matches(Some("0"))
                .unwrap_err()
                .to_string()
                .contains("at least 1")
        );
        assert!(
            parse_matches(Some("-5"))
                .unwrap_err()
                .to_string()
                .contains("at least 1")
        );
        assert!(
            parse_matches(Some("lots"))
                .unwrap_err()
                .to_string()
                .contains("whole number")
        );
    }

    #[test]
    fn timestamp_shape() {
        let t = timestamp();
        assert_eq!(t.len(), 15);
        assert!(t.starts_with("20"));
    }
}
