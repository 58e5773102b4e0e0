//! `arena trace`: replay one match, or a range of matches, of a run exactly and print every
//! step (as text, or one JSON object per line, `docs/trace-format.md`). The plan comes from
//! the match flags or from a result folder (`--from DIR`); the records are built in
//! [`crate::session::trace`].

use std::cell::RefCell;
use std::io::Write;

use crate::cli::{Format, TraceArgs};
use crate::session::play::replay::replay_trace;
use crate::session::trace::from_folder::{matches_held, plan_from_folder};
use crate::session::trace::{TraceStyle, trace_match};
use crate::session::{Plan, input};
use crate::with_game;

/// `A..B` (half-open) as `(A, B)`.
pub fn parse_range(text: &str) -> anyhow::Result<(u64, u64)> {
    let bad = || {
        input(format!(
            "--matches must be a half-open range A..B of match indices with A < B (e.g. 0..1000), got `{text}`"
        ))
    };
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let number = |t: &str| t.trim().replace('_', "").parse::<u64>().map_err(|_| bad());
    let (a, b) = (number(a)?, number(b)?);
    if a >= b {
        return Err(bad());
    }
    Ok((a, b))
}

/// The matches asked for: `--match I` or `--matches A..B` (clap refuses both at once).
fn wanted(args: &TraceArgs) -> anyhow::Result<(u64, u64)> {
    match (&args.matches, args.match_index) {
        (Some(range), _) => parse_range(range),
        (None, Some(i)) => Ok((i, i.saturating_add(1))),
        (None, None) => Err(input("trace needs --match INDEX or --matches A..B")),
    }
}

fn plan_of(args: &TraceArgs) -> anyhow::Result<Plan> {
    let m = &args.matches_of;
    if let Some(dir) = &args.from {
        return plan_from_folder(dir, &m.flags());
    }
    let Some(game) = &m.game else {
        return Err(input("trace needs --game or --from DIR"));
    };
    // The plan's match count only bounds which index may be asked for: any index is valid.
    Plan::new(&m.spec_for(game), 1)
}

pub fn trace_command(args: TraceArgs) -> anyhow::Result<()> {
    let style = match args.format {
        Format::Text => TraceStyle::Text,
        Format::Json => TraceStyle::Json { full_states: args.full_states },
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // The first write error; after it nothing more is written.
    let error: RefCell<Option<std::io::Error>> = RefCell::new(None);
    let mut emit = |line: String| {
        let mut error = error.borrow_mut();
        if error.is_none()
            && let Err(e) = writeln!(out, "{line}")
        {
            *error = Some(e);
        }
    };
    if let Some(file) = &args.trace {
        replay_trace(file, style, &mut emit)?;
    } else {
        let (first, end) = wanted(&args)?;
        let plan = plan_of(&args)?;
        if let Some(dir) = &args.from
            && let Some((held_first, held_end)) = matches_held(dir)
            && (first < held_first || end > held_end)
        {
            let asked = if end - first == 1 {
                format!("match {first} is not")
            } else {
                format!("matches {first}..{end} are not all")
            };
            return Err(input(format!(
                "{}: {asked} among the matches this folder holds ({held_first}..{held_end}); `arena trace --game {} --seed {} --match I` replays any match of the same rules and seed",
                dir.display(),
                plan.game.name(),
                plan.spec.seed
            )));
        }
        for index in first..end {
            with_game!(&plan.game, g => trace_match(g, &plan.spec, index, style, &mut emit));
            if error.borrow().is_some() {
                break;
            }
        }
    }
    let mut error = error.into_inner();
    if error.is_none()
        && let Err(e) = out.flush()
    {
        error = Some(e);
    }
    match error {
        // A closed pipe (`arena trace ... | head`) is not an error worth reporting.
        Some(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_half_open_and_checked() {
        assert_eq!(parse_range("0..1000").unwrap(), (0, 1000));
        assert_eq!(parse_range("5..6").unwrap(), (5, 6));
        for bad in ["5..5", "6..5", "0-10", "a..b", "..3"] {
            let e = parse_range(bad).unwrap_err();
            assert!(crate::session::is_input_error(&e), "{bad}");
            assert!(e.to_string().contains("half-open"), "{e}");
        }
    }
}
