//! `arena status DIR`: how a run (or the default experiment, or a folder of shards or sweep
//! variants) is doing: matches done of planned, rate, time left, and whether each game is
//! running, paused, finished, failed or stopped. Reads the folder only.

use std::path::Path;

use crate::session::status;

pub fn status_command(dir: &Path) -> anyhow::Result<()> {
    for g in status::read(dir)? {
        let count = match (g.done, g.planned) {
            (Some(d), Some(p)) if p > 0 => {
                format!("{d} of {p} matches ({:.1}%)", 100.0 * d as f64 / p as f64)
            }
            (Some(d), _) => format!("{d} matches"),
            _ => String::new(),
        };
        let parts: Vec<&str> = [g.state.as_str(), count.as_str(), g.detail.as_str()]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect();
        crate::outln!("{} ({}): {}", g.folder.display(), g.game, parts.join(", "));
    }
    Ok(())
}
