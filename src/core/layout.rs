//! Every file name a result folder may hold, in one place, on the lowest floor so that every
//! floor above can use it: the writers, the report, `arena status`, the resume and merge code
//! and the tests name files through these, so a folder's layout cannot drift between the
//! command that writes it and the ones that read it. What each file's columns mean is
//! `output::columns` (the folder's `COLUMNS.md`).

/// What a finished folder holds and how it was made (written last: it marks completion).
pub const MANIFEST: &str = "manifest.json";
/// What the folder's job is doing now (running, paused, stopped), while it is not finished.
pub const STATUS_FILE: &str = "status.json";
/// The column dictionary of the folder's CSV files.
pub const COLUMNS_MD: &str = "COLUMNS.md";
/// The page `arena report` writes.
pub const REPORT_HTML: &str = "report.html";

/// A run: its request and each game's plan fingerprint (written before the first match).
pub const PLAN_FILE: &str = "plan.json";
/// A run's checkpoint while it plays.
pub const CHECKPOINT: &str = "checkpoint.json";
/// A finished run's final counts, from which `arena run --resume DIR --matches N` extends it.
pub const FINAL_STATE: &str = "final_state.json";
/// A run shard's tally, for `arena merge`.
pub const SHARD_TALLY: &str = "tally.json";
/// The matches worth seeing, and their replay pages' folder.
pub const NOTABLE_FILE: &str = "notable.json";
pub const MATCHES_DIR: &str = "matches";
/// A run's result files.
pub const SEATS_CSV: &str = "seats.csv";
pub const BOTS_CSV: &str = "bots.csv";
pub const BALANCE_CSV: &str = "balance.csv";
pub const RATINGS_CSV: &str = "ratings.csv";
pub const DIFFERENCE_CSV: &str = "difference.csv";
pub const PAIRING_CSV: &str = "pairing.csv";
pub const SHAPE_CSV: &str = "shape.csv";
pub const LENGTHS_CSV: &str = "lengths.csv";
pub const HISTOGRAMS_CSV: &str = "histograms.csv";
pub const METRICS_CSV: &str = "metrics.csv";
pub const OPTIONS_CSV: &str = "options.csv";
pub const DECOMPOSITION_CSV: &str = "decomposition.csv";
pub const SKILL_LUCK_CSV: &str = "skill_luck.csv";
pub const FAILURES_CSV: &str = "failures.csv";
pub const MATCHES_CSV: &str = "matches.csv";
pub const VERDICT_TXT: &str = "verdict.txt";

/// A sweep: its resolved request, checkpoint, shard tally and tables.
pub const SWEEP_FILE: &str = "sweep.json";
pub const SWEEP_CHECKPOINT: &str = "sweep_checkpoint.json";
pub const SWEEP_TALLY: &str = "sweep_tally.json";
/// A finished sweep's tallies, from which `arena sweep --resume DIR --matches N` extends it.
pub const SWEEP_FINAL_STATE: &str = "sweep_final_state.json";
pub const SWEEP_CSV: &str = "sweep.csv";
pub const SWEEP_DIFF_CSV: &str = "sweep_diff.csv";

/// A tuning: its request, its record, its table and the state a paused tuning saves (an
/// older arena left a text note instead, `tune_paused.txt`, which `arena status` still reads).
pub const TUNE_REQUEST: &str = "tune_request.json";
pub const TUNE_FILE: &str = "tune.json";
pub const TUNE_CSV: &str = "tune.csv";
pub const TUNE_STATE: &str = "tune_state.json";
pub const TUNE_PAUSED: &str = "tune_paused.txt";

/// A ladder: its request and record, its checkpoint and its tables.
pub const LADDER_FILE: &str = "ladder.json";
pub const LADDER_STATE: &str = "ladder_state.json";
pub const LADDER_CSV: &str = "ladder.csv";
pub const LADDER_FIGURES_CSV: &str = "ladder_figures.csv";
pub const LADDER_FAILURES_CSV: &str = "ladder_failures.csv";

/// What kind of job's folder a folder is, from the record files it holds itself (never from
/// its parent or its subfolders): the one place that tells a run's folder from a sweep's, a
/// ladder's, a tuning's or a merge's, for `arena status`, `--resume`, `rerun` and the folder
/// claim alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FolderKind {
    /// `tune_request.json`: a tuning (its measurement and confirmation are sweeps inside).
    Tune,
    /// `sweep.json`: a sweep, a sweep's shard, or a merge of a sweep's shards.
    Sweep,
    /// `ladder.json`: a ladder, a ladder's shard, or a merge of a ladder's shards.
    Ladder,
    /// `plan.json`: a run (one game, a shard of one, or the default experiment).
    Run,
    /// A game's results (a manifest and seats.csv) with no record of a job of their own:
    /// `arena merge` of a run's shards, a sweep's variant or a default experiment's game
    /// (their jobs are their parents').
    Results,
}

impl FolderKind {
    /// The kind of `dir`, `None` when it holds no job's record (an empty folder, a folder
    /// of job folders, anything else). The order matters: a tuning's root is asked first.
    pub fn of(dir: &std::path::Path) -> Option<FolderKind> {
        let has = |file: &str| dir.join(file).is_file();
        if has(TUNE_REQUEST) {
            Some(FolderKind::Tune)
        } else if has(SWEEP_FILE) {
            Some(FolderKind::Sweep)
        } else if has(LADDER_FILE) {
            Some(FolderKind::Ladder)
        } else if has(PLAN_FILE) {
            Some(FolderKind::Run)
        } else if has(MANIFEST) && has(SEATS_CSV) {
            Some(FolderKind::Results)
        } else {
            None
        }
    }

    /// The command that plays (and resumes) this kind of folder; `merge` for results (which
    /// are not resumed: a merge is made again from its shards, a variant's job is its parent).
    pub fn command(self) -> &'static str {
        match self {
            FolderKind::Tune => "tune",
            FolderKind::Sweep => "sweep",
            FolderKind::Ladder => "ladder",
            FolderKind::Run => "run",
            FolderKind::Results => "merge",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_the_kind_its_own_records_say() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let touch = |file: &str| std::fs::write(dir.join(file), "{}").unwrap();
        assert_eq!(FolderKind::of(dir), None);
        touch(MANIFEST);
        assert_eq!(FolderKind::of(dir), None, "a manifest alone is no job's");
        touch(SEATS_CSV);
        assert_eq!(FolderKind::of(dir), Some(FolderKind::Results));
        touch(PLAN_FILE);
        assert_eq!(FolderKind::of(dir), Some(FolderKind::Run));
        touch(LADDER_FILE);
        assert_eq!(FolderKind::of(dir), Some(FolderKind::Ladder));
        touch(SWEEP_FILE);
        assert_eq!(FolderKind::of(dir), Some(FolderKind::Sweep));
        touch(TUNE_REQUEST);
        assert_eq!(FolderKind::of(dir), Some(FolderKind::Tune), "a tuning's root first");
        assert_eq!(FolderKind::Tune.command(), "tune");
    }
}
