//! `arena merge`'s one way to gather a job's shards, for every kind (a run, a sweep, a
//! ladder): each shard's record read back, checksummed, into its kind's own type; every
//! shard of one job (plans compared by content, so a card file under another name is the
//! same plan), each exactly once, put in shard order; and their play time added, the work
//! done rather than the longest shard. What the shards' counts add up to is the kind's.

use std::path::{Path, PathBuf};

use crate::session::input::input;
use crate::session::plan::Shard;

/// What a kind of job keeps in a shard's folder for `arena merge`.
pub trait ShardRecord: Sized {
    /// What a sentence calls the job the shards split: "plan", "sweep", "ladder".
    const KIND: &'static str;
    /// The shard's record in `dir`, refused in one line naming the file when it is absent,
    /// damaged or not finished.
    fn read(dir: &Path) -> anyhow::Result<Self>;
    /// Which shard this is; `None`: the folder holds a whole job, not a shard.
    fn shard(&self) -> Option<Shard>;
    /// How this shard's job differs from `first`'s (`None`: the same job).
    fn differs_from(&self, first: &Self) -> Option<String>;
    /// Seconds of play the shard took, over all its sessions.
    fn elapsed_seconds(&self) -> f64;
}

/// The shards of one job, in shard order.
pub struct Shards<T> {
    pub records: Vec<(PathBuf, T)>,
    pub count: u64,
    /// The shards' play times added.
    pub elapsed_seconds: f64,
}

/// Read the shards in `dirs` (any order) and check they are every shard of one job, each
/// exactly once.
pub fn gather<T: ShardRecord>(dirs: &[PathBuf]) -> anyhow::Result<Shards<T>> {
    let mut read = Vec::new();
    for dir in dirs {
        let record = T::read(dir)?;
        let Some(shard) = record.shard() else {
            return Err(input(format!("{} is not a shard", dir.display())));
        };
        read.push((dir.clone(), shard, record));
    }
    let ordered = in_shard_order(read, T::KIND, |first, other| other.differs_from(first))?;
    let count = ordered[0].1.count;
    let elapsed_seconds = ordered.iter().map(|(_, _, r)| r.elapsed_seconds()).sum();
    let records = ordered.into_iter().map(|(dir, _, r)| (dir, r)).collect();
    Ok(Shards { records, count, elapsed_seconds })
}

/// A shard's checksummed record (`file` in `dir`, written by `command`; `older` says what
/// to do when an older arena wrote it without a checksum), read back into its type.
pub fn read_checked<T: serde::de::DeserializeOwned>(
    dir: &Path,
    file: &str,
    command: &str,
    older: &str,
) -> anyhow::Result<T> {
    let path = dir.join(file);
    let text = std::fs::read(&path).map_err(|e| {
        input(format!("{}: {e} (is it the folder of an `{command}` run?)", path.display()))
    })?;
    let content = crate::output::checked::checked_content(&text).map_err(|e| {
        input(format!("{}: not a shard tally arena can trust: {e}{older}", path.display()))
    })?;
    serde_json::from_slice(content)
        .map_err(|e| input(format!("{}: not a shard tally: {e}", path.display())))
}

/// The folders of every shard of one job, each exactly once, in shard order: `differs` says
/// how a shard's record differs from the first one's (`None`: the same job); a shard of
/// another job (`kind`: "plan", "sweep", "ladder"), a missing or repeated shard is refused
/// in one line.
fn in_shard_order<T>(
    mut shards: Vec<(PathBuf, Shard, T)>,
    kind: &str,
    differs: impl Fn(&T, &T) -> Option<String>,
) -> anyhow::Result<Vec<(PathBuf, Shard, T)>> {
    let Some((first_dir, first, _)) = shards.first() else {
        return Err(input("merge needs the folders of the shards"));
    };
    let count = first.count;
    for (dir, shard, record) in &shards {
        let mut why: Vec<String> = differs(&shards[0].2, record).into_iter().collect();
        if shard.count != count {
            why.push(format!("shards: {count} -> {}", shard.count));
        }
        if !why.is_empty() {
            return Err(input(format!(
                "{} holds a shard of a different {kind} than {} ({})",
                dir.display(),
                first_dir.display(),
                why.join("; ")
            )));
        }
    }
    shards.sort_by_key(|(_, s, _)| s.index);
    let indices: Vec<u64> = shards.iter().map(|(_, s, _)| s.index).collect();
    if indices != (0..count).collect::<Vec<_>>() {
        // Name each shard missing or given twice, not only the list given.
        let mut wrong = Vec::new();
        for i in 0..count.min(1 << 16) {
            match indices.iter().filter(|&&k| k == i).count() {
                0 => wrong.push(format!("shard {i}/{count} is missing")),
                1 => {}
                n => wrong.push(format!("shard {i}/{count} is given {n} times")),
            }
        }
        if wrong.len() > 4 {
            wrong.truncate(4);
            wrong.push("and more".into());
        }
        return Err(input(format!(
            "the {kind} has {count} shards; got shards {indices:?}: {} (every shard exactly once)",
            wrong.join(", ")
        )));
    }
    Ok(shards)
}
