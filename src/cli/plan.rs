//! `arena plan`: from a short pilot run, how many matches (and how long) a 95% win-share
//! interval of the asked width needs for every seat, and the command that runs it.

use crate::cli::PlanArgs;
use crate::session::{Plan, input, matches_for_width, parse_threads, pilot};
use crate::stats::intervals::wilson;

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
    println!(
        "{}: pilot of {} matches ({} players, bots {}, seed {}) in {:.2} s on {threads} threads: {rate:.0} matches/s",
        plan.game.name(),
        run.matches,
        spec.players,
        spec.lineup.iter().map(|b| b.label.as_str()).collect::<Vec<_>>().join(","),
        spec.seed,
        run.seconds,
    );
    println!("for a 95% win-share interval {} wide (normal approximation to Wilson):", args.ci);
    let mut most = 0;
    for seat in 0..spec.players {
        let t = &run.tally.seats[seat];
        let (lo, hi) = wilson(t.win_shares(), t.matches, 0.95);
        let n = matches_for_width(t.win_rate(), args.ci, group);
        most = most.max(n);
        println!(
            "  seat {seat}: pilot win share {:.4} [{lo:.4}, {hi:.4}] (n={}) -> {n} matches",
            t.win_rate(),
            t.matches
        );
    }
    let worst = matches_for_width(0.5, args.ci, group);
    println!(
        "plan: {most} matches, about {} at this speed (worst case p = 0.5: {worst} matches, {})",
        duration_text(most as f64 / rate),
        duration_text(worst as f64 / rate)
    );
    println!(
        "run:  arena run --game {} --matches {most} --seed {} (or --until-ci {} to stop when reached)",
        plan.game.name(),
        spec.seed,
        args.ci
    );
    Ok(())
}

fn duration_text(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 5400.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}
