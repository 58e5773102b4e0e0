//! `arena play`: take a seat at the table against the bots, in the browser or the terminal
//! (the match is run in [`crate::session::play`]). This file checks the flags and chooses
//! the mode.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::Args;

use crate::bots::profile::parse_lineup;
use crate::cli::play_text as text;
use crate::session::plan::MatchSpec;
use crate::session::play::{PlaySetup, server, table_of};
use crate::session::{Plan, input};

/// The slowest pace accepted between the bots' steps (a minute).
const MAX_PACE_MS: u64 = 60_000;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Game name (see `arena games`).
    #[arg(long)]
    pub game: String,
    /// Number of players (default: the game's usual count).
    #[arg(long)]
    pub players: Option<usize>,
    /// A seat you play (repeatable: people taking turns at one screen, or one browser tab
    /// each) [default: 0].
    #[arg(long = "seat", value_name = "SEAT")]
    pub seats: Vec<usize>,
    /// The bots of the other seats in seat order, comma-separated, or one profile for all
    /// [default: greedy].
    #[arg(long, default_value = "greedy")]
    pub bots: String,
    /// The match's seed (default: a new one each time, shown when the match ends). The same
    /// seed and the same choices give the same match.
    #[arg(long)]
    pub seed: Option<u64>,
    /// A rules file (TOML, `key = value`) changing rule parameters.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Change one rule parameter, after any rules file (repeatable): `--set target=50`.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Play in the terminal instead of the browser: numbered moves, type a number (input
    /// may be a script).
    #[arg(long)]
    pub text: bool,
    /// Open the page in the desktop's browser.
    #[arg(long, conflicts_with = "text")]
    pub open: bool,
    /// Where the match is saved as a JSON trace [default: play-<game>-<time>.json].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Milliseconds between the bots' steps [default: 700 in the browser; in the terminal
    /// 300, or 0 when input is not a terminal].
    #[arg(long, value_name = "MS")]
    pub pace: Option<u64>,
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// A seed nobody at the table knows in advance.
fn fresh_seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ ((std::process::id() as u64) << 32)
}

fn setup(args: &PlayArgs) -> anyhow::Result<PlaySetup> {
    let spec = MatchSpec {
        game: args.game.clone(),
        players: args.players,
        bots: Some("random".into()),
        seed: 0,
        seating: crate::runner::Seating::Fixed,
        rules: args.rules.clone(),
        sets: args.sets.clone(),
    };
    let plan = Plan::new(&spec, 1)?;
    let players = plan.spec.players;
    let mut people = if args.seats.is_empty() { vec![0] } else { args.seats.clone() };
    people.sort_unstable();
    if let Some(&bad) = people.iter().find(|&&s| s >= players) {
        return Err(input(format!(
            "--seat {bad}: {} with {players} players has seats 0 to {}",
            args.game,
            players - 1
        )));
    }
    if people.windows(2).any(|w| w[0] == w[1]) {
        return Err(input("--seat names the same seat twice"));
    }
    let others = players - people.len();
    let bots = if others == 0 {
        // No seat for a bot; a misspelt profile is still an error, not ignored.
        for profile in args.bots.split(',') {
            crate::bots::profile::parse_one(profile)
                .map_err(|e| input(format!("--bots {}: {e}", args.bots)))?;
        }
        Vec::new()
    } else {
        parse_lineup(&args.bots, others).map_err(|e| {
            input(format!("--bots {}: {e} (the bots of the {others} seats no person plays, in seat order, or one profile for all)", args.bots))
        })?
    };
    let pace = args.pace.unwrap_or(0);
    if pace > MAX_PACE_MS {
        return Err(input(format!("--pace must be at most {MAX_PACE_MS} ms, got {pace}")));
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("play-{}-{}.json", args.game, now_secs())));
    if out.exists() {
        return Err(input(format!(
            "--out {}: the file exists already; arena play does not overwrite a saved match (choose another name)",
            out.display()
        )));
    }
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty() && !p.is_dir()) {
        return Err(input(format!(
            "--out {}: the folder {} does not exist",
            out.display(),
            parent.display()
        )));
    }
    Ok(PlaySetup {
        game: plan.game,
        players,
        people,
        bots,
        seed: args.seed.unwrap_or_else(fresh_seed),
        out,
    })
}

pub fn play_command(args: PlayArgs) -> anyhow::Result<()> {
    let setup = setup(&args)?;
    let mut table = table_of(&setup);
    let who: Vec<String> = table
        .labels()
        .iter()
        .enumerate()
        .map(|(s, l)| {
            if setup.people.contains(&s) {
                format!("seat {s}: you")
            } else {
                format!("seat {s}: {l}")
            }
        })
        .collect();
    crate::outln!(
        "arena play: {}, {} players ({}); the match is saved in {}",
        table.game_name(),
        setup.players,
        who.join(", "),
        setup.out.display()
    );
    if args.text {
        let stdin = std::io::stdin();
        let pace = args.pace.unwrap_or(if stdin.is_terminal() { 300 } else { 0 });
        let echo = !stdin.is_terminal();
        text::play_text(
            table.as_mut(),
            &mut stdin.lock(),
            Duration::from_millis(pace),
            echo,
            &setup.out,
        )
    } else {
        server::serve(
            table.as_mut(),
            Duration::from_millis(args.pace.unwrap_or(700)),
            args.open,
            &setup.out,
        )
    }
}
