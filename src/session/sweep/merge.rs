//! `arena merge` of a sweep's shards: every shard's checksummed tally read back, checked to
//! be of one sweep (the variants' plans compared by content) and every shard exactly once,
//! added up, and the whole sweep's files written as one run of the sweep would.

use std::path::{Path, PathBuf};

use crate::output::write_atomic;
use crate::runner::sweep::SweepBlock;
use crate::session::folder::prepare_out_dir;
use crate::session::input::input;
use crate::session::plan::{in_shard_order, read_shard_tally};
use crate::session::run::execute::Execution;
use crate::session::sweep::checkpoint::same_meta;
use crate::session::sweep::run::{
    SWEEP_FILE, SWEEP_TALLY, SweepMeta, SweepResult, SweepTally, write_sweep_folder,
};

/// Add the tallies of every shard of one sweep and write the whole sweep's files into `out`.
pub fn merge_sweep(
    shard_dirs: &[PathBuf],
    out: &Path,
    command_line: &[String],
) -> anyhow::Result<SweepResult> {
    let mut shards = Vec::new();
    for dir in shard_dirs {
        let st: SweepTally = read_shard_tally(dir, SWEEP_TALLY, "arena sweep --shard", "")?;
        let Some(shard) = st.shard else {
            return Err(input(format!("{} is not a shard", dir.display())));
        };
        shards.push((dir.clone(), shard, st));
    }
    // The variants' plans by content (a card file under another name is the same plan).
    let differs = |a: &SweepTally, b: &SweepTally| {
        let json = |m: &SweepMeta| serde_json::to_value(m).unwrap_or_default();
        (!same_meta(&json(&a.meta), &json(&b.meta))).then(|| "its sweep.json differs".into())
    };
    let shards = in_shard_order(shards, "sweep", differs)?;
    let meta = shards[0].2.meta.clone();
    let mut request = shards[0].2.request.clone();
    request.request.shard = None;
    let mut block =
        SweepBlock::new(meta.variants.len(), meta.players, &meta.metric_names, meta.baseline);
    let mut seconds = 0.0;
    for (_, _, st) in &shards {
        block.merge(&st.block);
        seconds += st.elapsed_seconds;
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
        fair_within_pp: request.request.fair_within_pp()?,
        shard: None,
    })
}
