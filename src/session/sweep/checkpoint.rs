//! A sweep's checkpoint, `sweep_checkpoint.json`: the next match of every variant and the
//! tallies so far, saved (with a checksum, `output::checked`) every half minute and when a
//! stop signal pauses the sweep, so `arena sweep --resume DIR` continues to the same bytes.
//! Tallies hold integer counts only, so where the blocks fell does not change a result.

use std::path::Path;

use crate::runner::sweep::SweepBlock;
use crate::session::blocks::Pause;
use crate::session::input::input;
use crate::session::plan::fingerprint::{PlanFingerprint, in_key_order};
use crate::session::saved::{self, FinalState, SavedState};
use crate::session::sweep::SweepMeta;

use crate::core::layout::{MANIFEST, REPORT_HTML};
/// The checkpoint a paused or interrupted sweep leaves in its folder.
pub use crate::core::layout::{SWEEP_CHECKPOINT, SWEEP_FINAL_STATE};

/// A sweep's progress (or a tuning sweep's, in its subfolder).
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct SweepCheckpoint {
    /// The sweep it belongs to: a resumed sweep must have the very same metadata. Written
    /// with its keys in order, as it always was.
    #[serde(serialize_with = "in_key_order")]
    pub meta: SweepMeta,
    /// The first match of this sweep (or shard) and the next one to play.
    pub start: u64,
    pub next: u64,
    pub end: u64,
    pub block: SweepBlock,
    pub elapsed_seconds: f64,
    /// Saved because a stop signal or the time limit paused the sweep (not a periodic save of
    /// a sweep that may since have died): what `arena status` tells apart as paused and
    /// stopped.
    #[serde(default)]
    pub paused: bool,
    /// Why it paused, when it did (absent from an older arena's checkpoints).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused_by: Option<Pause>,
}

impl FinalState for SweepCheckpoint {
    const FINAL_FILE: &'static str = SWEEP_FINAL_STATE;
    fn at_rest(&self) -> Self {
        SweepCheckpoint { elapsed_seconds: 0.0, paused: false, paused_by: None, ..self.clone() }
    }
}

impl SavedState for SweepCheckpoint {
    const FILE: &'static str = SWEEP_CHECKPOINT;
    const KIND: &'static str = "sweep";
    fn elapsed_seconds(&self) -> f64 {
        self.elapsed_seconds
    }
    fn pause(&self) -> Option<Option<Pause>> {
        self.paused.then_some(self.paused_by)
    }
    fn done(&self) -> (u64, Option<u64>) {
        let planned = self.end.saturating_sub(self.start);
        (self.next.saturating_sub(self.start), Some(planned))
    }
}

impl SweepCheckpoint {
    pub fn save(&self, dir: &Path) -> anyhow::Result<()> {
        saved::save(dir, self)
    }

    /// The state of the sweep in `dir` (a finished sweep's final state, or a paused one's
    /// checkpoint) when it was written for a smaller sweep that `meta` (its metadata with
    /// more matches per variant) extends: the state to adopt with [`Self::adopt`]. `None`
    /// when there is nothing to adopt (no state, or one of this very sweep). Read only, and
    /// refused in one line naming the file when anything but the match count differs, the
    /// sweep's last deal group was cut short, or (`extending` a finished sweep) an older
    /// arena kept no final state.
    pub fn to_adopt(
        dir: &Path,
        meta: &SweepMeta,
        group: u64,
        extending: bool,
    ) -> anyhow::Result<Option<SweepCheckpoint>> {
        let (path, _) = saved::grow_path::<SweepCheckpoint>(dir);
        let refuse = |what: String| input(format!("{}: {what}", path.display()));
        let Some(cp) = saved::to_grow_from::<SweepCheckpoint>(dir, extending)? else {
            return Ok(None);
        };
        if same_meta(&cp.meta, meta) {
            return Ok(None);
        }
        // Everything but the match counts (the sweep's and each variant plan's) must agree.
        let without_matches = |m: &SweepMeta| SweepMeta {
            matches: 0,
            plans: m.plans.iter().map(|p| PlanFingerprint { matches: 0, ..p.clone() }).collect(),
            ..m.clone()
        };
        let grows = cp.meta.matches <= meta.matches;
        if !grows || !same_meta(&without_matches(&cp.meta), &without_matches(meta)) {
            return Err(refuse(
                "written by a different sweep (its sweep.json changed): only a larger --matches extends a sweep".into(),
            ));
        }
        if !(cp.next - cp.start).is_multiple_of(group) {
            return Err(refuse(format!(
                "the sweep's {} matches per variant end inside a deal group of {group}, so more matches would not give what one larger sweep gives; run the larger sweep afresh",
                cp.next - cp.start
            )));
        }
        Ok(Some(cp))
    }

    /// Make `self` (from [`Self::to_adopt`]) the checkpoint of the larger sweep `meta`,
    /// ending at `end`, in `dir`: saved first, then a finished sweep's manifest and every
    /// report of the old counts removed, so a crash leaves a folder `--resume` continues.
    pub fn adopt(
        mut self,
        dir: &Path,
        meta: &SweepMeta,
        end: u64,
        variant_folders: &[&str],
    ) -> anyhow::Result<()> {
        if dir.join(MANIFEST).exists() {
            self.elapsed_seconds = saved::finished_seconds(dir)?.unwrap_or(0.0);
        }
        self.meta = meta.clone();
        self.end = end;
        self.paused = false;
        self.paused_by = None;
        let folders = std::iter::once("").chain(variant_folders.iter().copied());
        let stale: Vec<_> = folders.map(|folder| dir.join(folder).join(REPORT_HTML)).collect();
        saved::reopen(dir, &self, &stale)
    }

    /// The checkpoint in `dir`, if any, checked against the sweep about to continue.
    /// `meta` is the sweep's metadata; `group` its deal group and `variants` its number of
    /// variants.
    pub fn load(
        dir: &Path,
        meta: &SweepMeta,
        (start, end): (u64, u64),
        group: u64,
        variants: usize,
    ) -> anyhow::Result<Option<Self>> {
        let Some(cp) = saved::load::<SweepCheckpoint>(dir)? else {
            return Ok(None);
        };
        let refuse = |what: String| saved::refusal::<SweepCheckpoint>(dir, &what);
        if !same_meta(&cp.meta, meta) {
            return Err(refuse("written by a different sweep (its sweep.json changed)".into()));
        }
        if (cp.start, cp.end) != (start, end) || cp.next < start || cp.next > end {
            return Err(refuse(format!(
                "its matches {}..{} (next {}) are not this sweep's {start}..{end}",
                cp.start, cp.end, cp.next
            )));
        }
        if !(cp.next - start).is_multiple_of(group) && cp.next != end {
            return Err(refuse(format!("next match {} is not at a deal group's start", cp.next)));
        }
        if cp.block.tallies.len() != variants || cp.block.failures.len() != variants {
            return Err(refuse(format!("it does not hold {variants} variants")));
        }
        let played = cp.next - start;
        for (t, f) in cp.block.tallies.iter().zip(&cp.block.failures) {
            if t.matches + f.len() as u64 != played {
                return Err(refuse(format!(
                    "a variant's tally counts {} matches and {} failures, but {played} were played",
                    t.matches,
                    f.len()
                )));
            }
        }
        Ok(Some(cp))
    }
}

/// Whether two sweeps' metadata are of one sweep: every variant's plan by content
/// ([`PlanFingerprint::same_numbers`]: a card file under another name is the same plan), the
/// rest exactly.
pub(crate) fn same_meta(a: &SweepMeta, b: &SweepMeta) -> bool {
    let rest = |m: &SweepMeta| SweepMeta { plans: Vec::new(), ..m.clone() };
    rest(a) == rest(b)
        && a.plans.len() == b.plans.len()
        && a.plans.iter().zip(&b.plans).all(|(x, y)| x.same_numbers(y))
}
