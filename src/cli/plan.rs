//! `arena plan`: from a short pilot run, how many matches (and how long) a 95% win-share
//! interval of the asked width needs for every seat, and the command that runs it.

use crate::cli::{MatchArgs, PlanArgs};
use crate::runner::Seating;
use crate::session::{Plan, duration_text, input, parse_threads, pilot};

pub fn plan_command(args: PlanArgs) -> anyhow::Result<()> {
    let m = &args.matches_of;
    let Some(name) = &m.game else {
        return Err(input("plan needs --game"));
    };
    if !(args.ci > 0.0 && args.ci <= 1.0) {
        return Err(input(format!("--ci must be a width between 0 and 1, got {}", args.ci)));
    }
    let threads = parse_threads(args.threads)?;
    let plan = Plan::new(&m.spec_for(name), args.pilot)?;
    let spec = &plan.spec;
    let group = plan.group();
    let run = pilot(&plan, args.pilot, threads)?;
    let rate = run.matches_per_second();
    crate::outln!(
        "{}: pilot of {} matches ({} players, bots {}, seed {}) in {:.2} s on {threads} thread{}: {rate:.0} matches/s",
        plan.game.name(),
        run.matches,
        spec.players,
        spec.lineup.iter().map(|b| b.label.as_str()).collect::<Vec<_>>().join(","),
        spec.seed,
        run.seconds,
        if threads == 1 { "" } else { "s" },
    );
    crate::outln!(
        "for a 95% win-share interval {} wide (normal approximation to Wilson):",
        args.ci
    );
    let needs = run.needs(args.ci, group, spec.players);
    for (seat, s) in needs.seats.iter().enumerate() {
        crate::outln!(
            "  seat {seat}: pilot win share {:.1}% [{:.1}, {:.1}] (n = {}) -> {} matches",
            100.0 * s.share,
            100.0 * s.interval.0,
            100.0 * s.interval.1,
            s.n,
            s.needed
        );
    }
    crate::outln!(
        "plan: {} matches, about {} at this speed (worst case p = 0.5: {} matches, {})",
        needs.most,
        duration_text(needs.seconds),
        needs.worst,
        duration_text(needs.worst_seconds)
    );
    crate::outln!(
        "run:  {} (or --until-ci {} in place of --matches, to stop when reached)",
        suggested_command(m, &plan, needs.most),
        args.ci
    );
    Ok(())
}

/// The `arena run` command that plays the planned experiment exactly: every match-defining
/// flag that was given (bots, seating, rules file, each --set), the resolved player count
/// and seed, and the match count.
fn suggested_command(m: &MatchArgs, plan: &Plan, matches: u64) -> String {
    let spec = &plan.spec;
    let mut args: Vec<String> = vec!["arena".into(), "run".into()];
    let mut flag = |name: &str, value: String| {
        args.push(name.into());
        args.push(value);
    };
    flag("--game", plan.game.name().into());
    flag("--players", spec.players.to_string());
    if let Some(bots) = &m.bots {
        flag("--bots", bots.clone());
    }
    if let Some(seating) = m.seating {
        flag("--seating", Seating::from(seating).name().into());
    }
    if let Some(rules) = &m.rules {
        flag("--rules", rules.display().to_string());
    }
    for set in &m.sets {
        flag("--set", set.clone());
    }
    flag("--seed", spec.seed.to_string());
    flag("--matches", matches.to_string());
    args.iter().map(|a| shell_quoted(a)).collect::<Vec<_>>().join(" ")
}

/// `text` as one shell word: as it is when it holds only safe characters, else in single
/// quotes.
fn shell_quoted(text: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_-./:=,+@%".contains(c);
    if !text.is_empty() && text.chars().all(safe) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}
