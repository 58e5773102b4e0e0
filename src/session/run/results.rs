//! The result files of a run, computed once from its merged tally: shared by whole runs,
//! shards and merges so that all three write the same bytes; and merging the tallies of a
//! plan's shards into the files the whole run would have written.

use std::path::{Path, PathBuf};

use crate::core::GameStats;
use crate::core::layout::MATCHES_CSV;
use crate::core::layout::{
    BALANCE_CSV, BOTS_CSV, COLUMNS_MD, DIFFERENCE_CSV, FAILURES_CSV, HISTOGRAMS_CSV, LENGTHS_CSV,
    MANIFEST, METRICS_CSV, PAIRING_CSV, RATINGS_CSV, SEATS_CSV, SHAPE_CSV, VERDICT_TXT,
};
use crate::core::layout::{DECOMPOSITION_CSV, OPTIONS_CSV, SKILL_LUCK_CSV};
use crate::output::columns::write_columns;
use crate::output::csv_files::{self, METRIC_INTERVAL, WIN_RATE_INTERVAL};
use crate::output::manifest::write_record;
use crate::output::matches_csv::{FileDigest, digest};
use crate::output::options_csv;
use crate::output::{AtomicFile, io_failure, write_atomic};
use crate::runner::{Failure, Notable};
use crate::session::folder::prepare_out_dir;
use crate::session::input::input;
use crate::session::plan::Shard;
use crate::session::plan::fingerprint::PlanFingerprint;
use crate::session::run::decides::{self, OptionsOf};
use crate::session::shards::{ShardRecord, gather, read_checked};
use crate::session::trace::from_folder::plan_from_folder;
use crate::session::view::notable::{picks, write_notable};
use crate::stats::verdict::Levels;
use crate::stats::verdict_flags::VerdictFlags;
use crate::stats::{Tally, analysis};

/// What a merged run's manifest says of itself (between the build and the file list).
#[derive(serde::Serialize)]
struct MergeRecord<'a> {
    merged_from: Vec<String>,
    plan: &'a PlanFingerprint,
    completed_matches: u64,
    failed_matches: usize,
    capped_matches: u64,
    elapsed_seconds_summed_over_shards: f64,
    verdict: &'a str,
    win_rate_interval: &'static str,
    metric_interval: &'static str,
    matches_csv: Option<FileDigest>,
}

/// The tally a shard leaves for `arena merge`.
pub use crate::core::layout::SHARD_TALLY;

/// What a shard leaves for `arena merge`: its tally and what is needed to write the files.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct ShardTally {
    pub plan: PlanFingerprint,
    pub shard: Shard,
    pub tally: Tally,
    pub failures: Vec<Failure>,
    pub labels: Vec<String>,
    pub metric_names: Vec<String>,
    /// What each of `metric_names` counts, in the same order (absent from older shards).
    #[serde(default)]
    pub metric_docs: Vec<String>,
    pub group: u64,
    pub seed: u64,
    /// The verdict's terms the shard was judged with, each resolved (absent from the
    /// oldest shards: the defaults), so that the merge judges the same.
    #[serde(flatten)]
    pub verdict: VerdictFlags,
    /// The margin as shards of older versions named it, before they recorded the group.
    #[serde(default, rename = "fair_within_pp", skip_serializing)]
    pub older_margin_pp: Option<f64>,
    pub elapsed_seconds: f64,
    /// Rows, bytes and CRC-32 of the shard's matches.csv, when the plan writes one.
    #[serde(default)]
    pub matches_csv: Option<FileDigest>,
    /// The shard's matches worth seeing (absent from older shards: none).
    #[serde(default)]
    pub notable: Notable,
}

impl ShardTally {
    /// The verdict's terms the shard was judged with, a shard of an older version's too.
    pub fn verdict_terms(&self) -> VerdictFlags {
        let mut terms = self.verdict;
        terms.fair_within = terms.fair_within.or(self.older_margin_pp);
        terms
    }
}

impl ShardRecord for ShardTally {
    const KIND: &'static str = "plan";
    fn read(dir: &Path) -> anyhow::Result<Self> {
        let older = " (an older arena wrote none; rerun that shard)";
        read_checked(dir, SHARD_TALLY, "arena run --shard", older)
    }
    fn shard(&self) -> Option<Shard> {
        Some(self.shard)
    }
    fn differs_from(&self, first: &Self) -> Option<String> {
        let differ = !first.plan.same_numbers(&self.plan);
        differ.then(|| first.plan.differences(&self.plan).join("; "))
    }
    fn elapsed_seconds(&self) -> f64 {
        self.elapsed_seconds
    }
}

/// What a tally's result files are computed for, beside the tally itself.
pub struct ResultsOf<'a> {
    /// The lineup, one label per slot, as `--bots` wrote it.
    pub labels: &'a [String],
    /// The game's counters as `(name, description)`.
    pub metrics: &'a [(String, String)],
    /// What the game's lengths count beyond their general meanings
    /// ([`GameStats::length_docs`](crate::core::GameStats::length_docs)), for `COLUMNS.md`.
    pub length_docs: Option<&'a str>,
    /// Matches per deal group (the seating's paired design).
    pub group: u64,
    pub seed: u64,
    /// The balance verdict's terms.
    pub verdict: VerdictFlags,
    /// What the rules changed from the game's defaults
    /// ([`changes_phrase`](crate::core::rules::changes_phrase)), said last in `verdict.txt`.
    pub changes: Option<&'a str>,
    /// The levels the verdict's tests are judged at: a sequential design's at the look the
    /// run stopped at (`--until-decided`), else the fixed 5%.
    pub levels: Levels,
    /// Lines `verdict.txt` says after the verdict and before the changed rules: a shard's
    /// caveat, a stopping rule not met, numbers a rerun will not give again.
    pub notes: &'a [String],
    /// The game's option kinds and levers, for `options.csv`.
    pub options: &'a OptionsOf,
}

/// A game's row in the table that ends a run of several games.
#[derive(Clone, Debug, Default)]
pub struct Glance {
    /// The verdict's answer and the margin it was judged against, in pp.
    pub answer: Option<(crate::stats::verdict::Answer, f64)>,
    /// The first seat's edge with its deciding interval ("+0.7 pp [+0.4, +0.9]"); empty
    /// where undefined (one seat, no decisive match).
    pub first_seat: String,
    /// The strongest lever in the game's words, with its effect.
    pub lever: Option<String>,
}

/// What [`write_results`] wrote and found.
pub struct Written {
    pub files: Vec<String>,
    pub verdict: String,
    /// What decides a match, in a few lines for stdout: the strongest lever, and seat,
    /// skill and luck in win shares (where the lineup has different bots), with how each
    /// was chosen and its sample (`--explain`).
    pub decides: Vec<String>,
    /// The answer in one phrase, for stdout's first line of the game: the seats' balance
    /// ([`analysis::headline`]), or with different bots how often the stronger wins.
    pub headline: String,
    /// The few short lines after the seats' shares and the length: what decides a match in
    /// words, and with different bots the seats' answer and luck.
    pub short: Vec<String>,
    /// The game's row in a table of games.
    pub glance: Glance,
}

/// Write every result file computed from a tally (all but matches.csv and the manifest), and
/// the folder's column dictionary `COLUMNS.md`; shared by runs, shards and `arena merge` so
/// that all three write the same bytes. Returns the files written and the verdict.
pub fn write_results(
    out: &Path,
    tally: &Tally,
    failures: &[Failure],
    of: &ResultsOf,
) -> anyhow::Result<Written> {
    let ResultsOf {
        labels,
        metrics,
        length_docs,
        group,
        seed,
        verdict: terms,
        changes,
        levels,
        notes,
        options,
    } = *of;
    let metric_names: Vec<String> = metrics.iter().map(|(name, _)| name.clone()).collect();
    let balance = terms.balance_at(tally, labels, &levels);
    let (ratings, difference) = analysis::ratings(tally, labels, group);
    let pairing = analysis::pairing(tally, labels, group);
    csv_files::write_seats(&out.join(SEATS_CSV), tally, &balance)?;
    csv_files::write_balance(&out.join(BALANCE_CSV), tally, &balance)?;
    csv_files::write_bots(&out.join(BOTS_CSV), tally, labels)?;
    csv_files::write_ratings(&out.join(RATINGS_CSV), &ratings)?;
    csv_files::write_pairing(&out.join(PAIRING_CSV), &pairing)?;
    csv_files::write_shape(&out.join(SHAPE_CSV), &analysis::shape(tally), tally.matches)?;
    csv_files::write_lengths(&out.join(LENGTHS_CSV), tally)?;
    csv_files::write_histograms(&out.join(HISTOGRAMS_CSV), tally)?;
    csv_files::write_metrics(&out.join(METRICS_CSV), tally, &metric_names)?;
    csv_files::write_failures(&out.join(FAILURES_CSV), seed, failures)?;
    // A run of different bots asked which bot is stronger: that answer leads, seats follow.
    let verdict = match analysis::bots_lead(tally, labels, group) {
        Some(bots) => format!("{bots}\nseats: {}", balance.verdict),
        None => balance.verdict.clone(),
    };
    let mut said = format!("{verdict}\n");
    for note in notes {
        said.push_str(&format!("{note}\n"));
    }
    if let Some(c) = changes {
        said.push_str(&format!("Rules changed from the defaults: {c}.\n"));
    }
    write_atomic(&out.join(VERDICT_TXT), said.as_bytes())?;
    write_columns(
        &out.join(COLUMNS_MD),
        tally.players,
        difference.is_some(),
        metrics,
        length_docs,
    )?;
    let mut files: Vec<String> = [
        SEATS_CSV,
        BALANCE_CSV,
        BOTS_CSV,
        RATINGS_CSV,
        PAIRING_CSV,
        SHAPE_CSV,
        LENGTHS_CSV,
        HISTOGRAMS_CSV,
        METRICS_CSV,
        FAILURES_CSV,
        VERDICT_TXT,
        COLUMNS_MD,
    ]
    .map(String::from)
    .to_vec();
    if let Some(d) = &difference {
        csv_files::write_difference(&out.join(DIFFERENCE_CSV), d)?;
        files.push(DIFFERENCE_CSV.into());
    }
    let rows = decides::option_rows(tally, labels, options, terms.margin_pp());
    let commands: Vec<Option<String>> =
        rows.iter().map(|r| decides::test_command(r, options)).collect();
    options_csv::write_options(&out.join(OPTIONS_CSV), &rows, &commands, options.players)?;
    let parts = decides::decompositions(tally, labels, group);
    let bots = crate::stats::options::bot_groups(labels);
    let with_bots: Vec<_> = parts.iter().map(|d| (*d, bots.clone())).collect();
    options_csv::write_decomposition(&out.join(DECOMPOSITION_CSV), &with_bots)?;
    files.extend([OPTIONS_CSV.to_string(), DECOMPOSITION_CSV.to_string()]);
    let mut decides_lines = decides::lever_lines(
        &rows,
        (tally.options.counted, tally.options.deal_groups),
        decides::sample_every(options, labels),
        options.players == 1,
    );
    // Seat, skill and luck on stdout, in win shares, where there is skill to measure
    // (different bots under rotated seats).
    let figures =
        analysis::skill_luck(tally, labels, group, &balance.seats, terms.margin_pp(), &levels);
    options_csv::write_skill_luck(&out.join(SKILL_LUCK_CSV), figures.as_slice())?;
    files.push(SKILL_LUCK_CSV.to_string());
    let mut short: Vec<String> = Vec::new();
    let seats_answer = terms.headline(&balance.seats, &levels);
    let headline = match &figures {
        Some(f) => {
            decides_lines.extend(f.lines());
            short.push(format!("seats: {seats_answer}"));
            short.push(f.luck_line());
            f.headline()
        }
        None => seats_answer,
    };
    let solo = options.players == 1;
    short.extend(decides::lever_short(&rows, solo));
    let glance = Glance {
        answer: Some((terms.answer_at(&balance.seats, &levels), terms.margin_pp())),
        first_seat: terms
            .seat_edge_of(&balance.seats, 0, &levels)
            .map_or(String::new(), |e| analysis::edge_figure(&e)),
        lever: decides::lever_brief(&rows, solo),
    };
    Ok(Written { files, verdict, decides: decides_lines, headline, short, glance })
}

/// What merging a plan's shards produced.
#[derive(Debug)]
pub struct MergeResult {
    pub shards: u64,
    pub tally: Tally,
    pub failures: Vec<Failure>,
    pub verdict: String,
    /// The answer in one phrase ([`Written::headline`]).
    pub headline: String,
}

/// Add the tallies of every shard of one plan (`shard_dirs`, each exactly once, in any
/// order) and write into `out` the files the whole run would have written (matches.csv too,
/// when every shard has one). `command_line` is recorded in the manifest.
pub fn merge(
    shard_dirs: &[PathBuf],
    out: &Path,
    command_line: &[String],
) -> anyhow::Result<MergeResult> {
    let gathered = gather::<ShardTally>(shard_dirs)?;
    let (shards, count, seconds) = (gathered.records, gathered.count, gathered.elapsed_seconds);
    let per_match = shards[0].1.plan.per_match;
    if per_match {
        for (dir, st) in &shards {
            check_shard_rows(dir, st)?;
        }
    }
    let (_lock, _) = prepare_out_dir(out)?;
    let first = &shards[0].1;
    let mut tally = Tally::new(first.tally.players, first.metric_names.len());
    let mut failures = Vec::new();
    let mut notable = Notable::default();
    for (_, st) in &shards {
        tally.merge(&st.tally);
        notable.merge(&st.notable);
        failures.extend(st.failures.iter().cloned());
    }
    let metrics: Vec<(String, String)> = first
        .metric_names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let doc = first.metric_docs.get(i).cloned().unwrap_or_else(|| {
                "not described: this shard's tally.json was written before arena recorded \
                 metric descriptions"
                    .to_string()
            });
            (name.clone(), doc)
        })
        .collect();
    // The rules the shards played, from the first shard's own record (they share one plan).
    let shard_plan = plan_from_folder(&shards[0].0, &Default::default())?;
    let changes = crate::core::rules::changes_phrase(
        &shard_plan.game.params(),
        shard_plan.rules_file.as_deref(),
    );
    let length_docs = crate::with_game!(&shard_plan.game, g => g.length_docs(tally.players));
    let of = ResultsOf {
        labels: &first.labels,
        metrics: &metrics,
        length_docs: length_docs.as_deref(),
        group: first.group,
        seed: first.seed,
        verdict: first.verdict_terms(),
        // Shards never have a stopping rule.
        levels: Levels::FIXED,
        notes: &[],
        changes: changes.as_deref(),
        options: &crate::with_game!(&shard_plan.game, g => decides::options_of(g, tally.players)),
    };
    let written = write_results(out, &tally, &failures, &of)?;
    let (mut files, verdict, headline) = (written.files, written.verdict, written.headline);
    let matches_digest = if per_match {
        let dirs: Vec<&Path> = shards.iter().map(|(dir, _)| dir.as_path()).collect();
        files.push(MATCHES_CSV.into());
        Some(concatenate_rows(&dirs, out)?)
    } else {
        None
    };
    files.push(MANIFEST.into());
    let record = MergeRecord {
        merged_from: shard_dirs.iter().map(|d| d.display().to_string()).collect(),
        plan: &first.plan,
        completed_matches: tally.matches,
        failed_matches: failures.len(),
        capped_matches: tally.capped,
        elapsed_seconds_summed_over_shards: seconds,
        verdict: &verdict,
        win_rate_interval: WIN_RATE_INTERVAL,
        metric_interval: METRIC_INTERVAL,
        matches_csv: matches_digest,
    };
    write_record(out, MANIFEST, command_line, &record, files)?;
    // The merged run's matches worth seeing, replayed from the plan its manifest records.
    let plan = plan_from_folder(out, &Default::default())?;
    let pages = write_notable(out, &plan, &picks(&notable, &tally, &first.labels))?;
    crate::output::manifest::record_more(out, &pages)?;
    Ok(MergeResult { shards: count, tally, failures, verdict, headline })
}

/// The whole run's matches.csv in `out` from the shards' (in shard order): rows are in
/// index order within each shard and shards are contiguous ranges, so their concatenation
/// (one header) is the file the whole run writes.
fn concatenate_rows(dirs: &[&Path], out: &Path) -> anyhow::Result<FileDigest> {
    let path = out.join(MATCHES_CSV);
    let mut file = AtomicFile::create(&path)?;
    for (k, dir) in dirs.iter().enumerate() {
        let from = dir.join(MATCHES_CSV);
        let text = std::fs::read_to_string(&from).map_err(|e| io_failure("reading", &from, e))?;
        let body = if k == 0 { &text[..] } else { text.split_once('\n').map_or("", |(_, b)| b) };
        std::io::Write::write_all(file.writer(), body.as_bytes())
            .map_err(|e| io_failure("writing", &path, e))?;
    }
    file.commit()?;
    digest(&path)
}

/// A shard's matches.csv must hold one row per completed match and the very bytes its run
/// wrote (rows, size and CRC-32 as recorded in its tally file).
fn check_shard_rows(dir: &Path, st: &ShardTally) -> anyhow::Result<()> {
    let path = dir.join(MATCHES_CSV);
    if !path.exists() {
        return Err(input(format!(
            "shard {} ({}) has no matches.csv, but its plan writes one; copy it back or rerun that shard",
            st.shard.index,
            dir.display()
        )));
    }
    let Some(recorded) = st.matches_csv else {
        return Err(input(format!(
            "shard {} ({}): its {SHARD_TALLY} records no digest of matches.csv (made by an older arena?); rerun that shard",
            st.shard.index,
            dir.display()
        )));
    };
    let found = digest(&path)?;
    if found.rows != st.tally.matches || found != recorded {
        return Err(input(format!(
            "shard {} ({}): matches.csv holds {} rows and {} bytes (CRC-32 {:08x}), but the shard played {} matches and wrote {} bytes (CRC-32 {:08x}): the file is truncated or altered; rerun that shard",
            st.shard.index,
            dir.display(),
            found.rows,
            found.bytes,
            found.crc32,
            st.tally.matches,
            recorded.bytes,
            recorded.crc32
        )));
    }
    Ok(())
}
