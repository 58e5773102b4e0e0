//! `arena merge` of a sweep's shards: every shard's checksummed tally read back, checked to
//! be of one sweep (the variants' plans compared by content) and every shard exactly once,
//! added up, and the whole sweep's files written as one run of the sweep would.

use std::path::{Path, PathBuf};

use crate::output::write_atomic;
use crate::runner::sweep::SweepBlock;
use crate::session::folder::prepare_out_dir;
use crate::session::plan::Shard;
use crate::session::run::execute::Execution;
use crate::session::shards::{ShardRecord, gather, read_checked};
use crate::session::sweep::checkpoint::same_meta;
use crate::session::sweep::run::{
    SWEEP_FILE, SWEEP_TALLY, SweepResult, SweepTally, write_sweep_folder,
};

impl ShardRecord for SweepTally {
    const KIND: &'static str = "sweep";
    fn read(dir: &Path) -> anyhow::Result<Self> {
        read_checked(dir, SWEEP_TALLY, "arena sweep --shard", "")
    }
    fn shard(&self) -> Option<Shard> {
        self.shard
    }
    /// The variants' plans by content (a card file under another name is the same plan).
    fn differs_from(&self, first: &Self) -> Option<String> {
        (!same_meta(&first.meta, &self.meta)).then(|| "its sweep.json differs".into())
    }
    fn elapsed_seconds(&self) -> f64 {
        self.elapsed_seconds
    }
}

/// Add the tallies of every shard of one sweep and write the whole sweep's files into `out`.
pub fn merge_sweep(
    shard_dirs: &[PathBuf],
    out: &Path,
    command_line: &[String],
) -> anyhow::Result<SweepResult> {
    let gathered = gather::<SweepTally>(shard_dirs)?;
    let (shards, seconds) = (gathered.records, gathered.elapsed_seconds);
    let meta = shards[0].1.meta.clone();
    let mut request = shards[0].1.request.clone();
    request.request.shard = None;
    let mut block =
        SweepBlock::new(meta.variants.len(), meta.players, &meta.metric_names, meta.baseline);
    for (_, st) in &shards {
        block.merge(&st.block);
    }
    for f in &mut block.failures {
        f.sort_unstable_by_key(|f| f.index);
    }
    let (_lock, _) = prepare_out_dir(out)?;
    write_atomic(&out.join(SWEEP_FILE), &serde_json::to_vec_pretty(&request)?)?;
    let exec = Execution { command_line: command_line.to_vec(), ..Execution::quiet(1) };
    write_sweep_folder(out, &request, &meta, &block, None, &exec, seconds, Some(shard_dirs))?;
    Ok(SweepResult {
        root: out.to_path_buf(),
        block,
        meta,
        elapsed_seconds: seconds,
        paused: None,
        verdict: request.request.verdict()?,
        shard: None,
    })
}
