//! `arena view`: write an HTML page replaying matches (the page is built in
//! [`crate::session::view`]). The matches come from the same flags as `arena trace` (the
//! match flags or `--from DIR`, with `--match I` or `--matches A..B`) or from a trace file.

use std::path::PathBuf;

use clap::Args;

use crate::cli::MatchArgs;
use crate::cli::trace::parse_range;
use crate::core::trace_record::MatchName;
use crate::session::trace::from_folder::plan_from_folder;
use crate::session::view::{MAX_MATCHES, match_records, matches_of_trace, page, title_of};
use crate::session::{Plan, input};

#[derive(Args, Debug)]
pub struct ViewArgs {
    #[command(flatten)]
    pub matches_of: MatchArgs,
    /// Take the whole plan from the manifest.json of a result folder (as `arena trace`).
    #[arg(long, value_name = "DIR")]
    pub from: Option<PathBuf>,
    /// The match index to replay (the `index` column of matches.csv).
    #[arg(long = "match", value_name = "INDEX", conflicts_with = "matches")]
    pub match_index: Option<u64>,
    /// A few matches on one page, A..B half-open (at most 50).
    #[arg(long, value_name = "A..B")]
    pub matches: Option<String>,
    /// Read the matches from a trace file written by `arena trace --format json` instead of
    /// replaying them.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["from", "match_index", "matches"])]
    pub trace: Option<PathBuf>,
    /// The page to write [default: view-<game>-<match>.html].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

fn replayed(args: &ViewArgs) -> anyhow::Result<Vec<crate::session::view::MatchRecords>> {
    let m = &args.matches_of;
    let (first, end) = match (&args.matches, args.match_index) {
        (Some(range), _) => parse_range(range)?,
        (None, Some(i)) => (i, i.saturating_add(1)),
        (None, None) => {
            return Err(input("view needs --match INDEX, --matches A..B or --trace FILE"));
        }
    };
    if end - first > MAX_MATCHES as u64 {
        return Err(input(format!(
            "--matches {first}..{end} is {} matches; one page shows at most {MAX_MATCHES}",
            end - first
        )));
    }
    let plan = match (&args.from, &m.game) {
        (Some(dir), _) => plan_from_folder(dir, &m.flags())?,
        (None, Some(game)) => Plan::new(&m.spec_for(game), 1)?,
        (None, None) => return Err(input("view needs --game, --from DIR or --trace FILE")),
    };
    Ok((first..end).map(|i| match_records(&plan, i)).collect())
}

pub fn view_command(args: ViewArgs) -> anyhow::Result<()> {
    let matches = match &args.trace {
        Some(file) => {
            let m = &args.matches_of;
            if m.game.is_some() || m.bots.is_some() || m.seed.is_some() || !m.sets.is_empty() {
                return Err(input(
                    "--trace FILE holds whole matches: leave out the match flags (--game, --bots, --seed, --set)",
                ));
            }
            let text = std::fs::read_to_string(file)
                .map_err(|e| input(format!("--trace {}: {e}", file.display())))?;
            matches_of_trace(&text, &file.display().to_string())?
        }
        None => replayed(&args)?,
    };
    let out = args.out.clone().unwrap_or_else(|| {
        let name = MatchName::of(&matches[0][0]);
        let (game, index) =
            name.map_or(("match".into(), "0".into()), |n| (n.game, n.index.to_string()));
        PathBuf::from(format!("view-{game}-{index}.html"))
    });
    let html = page(&matches, &title_of(&matches));
    std::fs::write(&out, &html).map_err(|e| input(format!("--out {}: {e}", out.display())))?;
    let steps: usize = matches.iter().map(|m| m.len().saturating_sub(2)).sum();
    crate::outln!(
        "wrote {} ({} KB, {} match{}, {steps} steps)",
        out.display(),
        html.len().div_ceil(1024),
        matches.len(),
        if matches.len() == 1 { "" } else { "es" }
    );
    Ok(())
}
