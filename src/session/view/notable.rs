//! The matches worth seeing of a finished run: the picks of [`Notable`] turned into
//! `notable.json` (which match, by which rule, and why, in words the report shows) and one
//! replay page per match in `matches/`, replayed from the plan and the match index (the
//! run kept no per-match file).

use std::path::Path;

use rayon::prelude::*;

use crate::core::notable_record::NotableRecord;
use crate::output::atomic::write_atomic;
use crate::runner::Notable;
use crate::session::Plan;
use crate::session::view::{match_records, page, title_of};
use crate::stats::Tally;

/// The picks of a run, in its folder.
pub use crate::core::layout::NOTABLE_FILE;
/// The folder of the replay pages, beside report.html.
pub const MATCHES_DIR: &str = "matches";

/// The replay page of a picked match, relative to the run folder.
pub fn page_of(index: u64) -> String {
    format!("{MATCHES_DIR}/match-{index}.html")
}

/// How many of the replay pages `notable.json` of `dir` lists are missing from the folder
/// (none when the folder has no such file, or one of another shape: `arena report` refuses
/// that, naming it).
pub fn missing_pages(dir: &Path) -> usize {
    // A regular file only: a FIFO would stall `arena status` forever.
    let read = crate::output::io::read_regular_if_present(&dir.join(NOTABLE_FILE));
    let Ok(Some(bytes)) = read else { return 0 };
    let Ok(record) = serde_json::from_slice::<NotableRecord>(&bytes) else { return 0 };
    record.picks.iter().filter(|p| !dir.join(page_of(p.index)).is_file()).count()
}

/// One match worth seeing.
pub use crate::core::notable_record::Pick;

/// The rules as the report states them.
pub const RULES_TEXT: &str = "Chosen while the run played, from figures it keeps for every match: the longest and the shortest match (decisions); the first capped match, if any; the first match of each way a match ended; the latest comeback (the match whose sole winner took the lead for good latest, as a share of its turns, then the most lead changes, in games with a running score); in a lineup of different bots, an upset: the widest win of the bot with the lowest win share; and per game a rare event (a Jackpot hit, Karen's double, a Double Trice, a Pride romance on the heart-and-diamond link, ...), the match with the most. Ties go to the lowest match index, so the picks are the same for any thread count, shard split or resume.";

/// The picks of `notable`, in the order the report lists them.
pub fn picks(notable: &Notable, tally: &Tally, labels: &[String]) -> Vec<Pick> {
    let mut out = Vec::new();
    let mut add = |rule: &str, title: String, why: String, index: u64| {
        let page = page_of(index);
        out.push(Pick { rule: rule.into(), title, why, index, page });
    };
    if let Some(c) = notable.longest {
        add("longest", "The longest match".into(), format!("{} decisions", c.value), c.index);
    }
    if let Some(c) = notable.shortest {
        add("shortest", "The shortest match".into(), format!("{} decisions", -c.value), c.index);
    }
    if let Some(c) = notable.capped {
        add(
            "capped",
            "The first capped match".into(),
            "stopped by the turn cap (G-2)".into(),
            c.index,
        );
    }
    for (reason, c) in &notable.reasons {
        add(
            "end",
            format!("The first match ended by {reason}"),
            format!("ended by {reason}"),
            c.index,
        );
    }
    if let Some(c) = notable.comeback {
        let why = format!(
            "the winner took the lead for good only after {:.1}% of the turns, after {} lead changes",
            (c.value / 1000) as f64 / 10.0,
            c.value % 1000
        );
        add("comeback", "The latest comeback".into(), why, c.index);
    }
    let mixed = labels.iter().any(|l| *l != labels[0]);
    if mixed && tally.matches > 0 {
        // The weakest bot: the lowest win share over the slots it plays (ties: the bot
        // named first); its widest win over all its slots.
        let mut bots: Vec<&String> = Vec::new();
        for l in labels {
            if !bots.contains(&l) {
                bots.push(l);
            }
        }
        let slots_of =
            |b: &String| -> Vec<usize> { (0..labels.len()).filter(|&s| labels[s] == *b).collect() };
        let share = |b: &String| {
            let (w, m) = slots_of(b).into_iter().fold((0u64, 0u64), |(w, m), s| {
                (w + tally.slots[s].win_units, m + tally.slots[s].matches)
            });
            w as f64 / m.max(1) as f64
        };
        let weakest = bots.iter().min_by(|a, b| share(a).total_cmp(&share(b)));
        if let Some(w) = weakest {
            let best = slots_of(w)
                .into_iter()
                .filter_map(|s| notable.wins_by_slot.get(s).copied().flatten())
                .reduce(|a, b| if b.beats(&a) { b } else { a });
            if let Some(c) = best {
                let why =
                    format!("{w} (the lowest win share of the lineup) won by {} points", c.value);
                add("upset", "An upset".into(), why, c.index);
            }
        }
    }
    for (what, c) in &notable.rare {
        add("rare", format!("Rare: {what}"), format!("{} times in the match", c.value), c.index);
    }
    out
}

/// Write `notable.json` and the replay pages of `picks` into the run folder `dir`. Returns
/// the files written (the pages, then `notable.json`, by their paths in `dir`), for the
/// manifest's record. Neither records a time, so a run's record is the same every time.
pub fn write_notable(dir: &Path, plan: &Plan, picks: &[Pick]) -> anyhow::Result<Vec<String>> {
    let mut indices: Vec<u64> = picks.iter().map(|p| p.index).collect();
    indices.sort_unstable();
    indices.dedup();
    if !indices.is_empty() {
        std::fs::create_dir_all(dir.join(MATCHES_DIR))?;
    }
    // Pages of earlier picks (a final write that crashed, then a run extended) would be
    // listed nowhere: a folder holds the pages of its picks and no others.
    let kept: Vec<String> = indices.iter().map(|&i| page_of(i)).collect();
    if let Ok(entries) = std::fs::read_dir(dir.join(MATCHES_DIR)) {
        for entry in entries.filter_map(Result::ok) {
            let name = format!("{MATCHES_DIR}/{}", entry.file_name().to_string_lossy());
            if name.ends_with(".html") && !kept.contains(&name) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    // Each page replays its match with the run's bots: with deep-search bots a few pages
    // took as long as a small run itself, so they are replayed side by side on the run's
    // threads (each page is its own file; their order does not matter).
    indices.par_iter().try_for_each(|&index| -> anyhow::Result<()> {
        let records = vec![match_records(plan, index)];
        let html = page(&records, &title_of(&records));
        write_atomic(&dir.join(page_of(index)), html.as_bytes())
    })?;
    // Written last: a list whose pages are all there.
    let file = NotableRecord { picks: picks.to_vec(), rules: RULES_TEXT.into() };
    write_atomic(&dir.join(NOTABLE_FILE), &serde_json::to_vec_pretty(&file)?)?;
    let mut files: Vec<String> = indices.iter().map(|&i| page_of(i)).collect();
    files.push(NOTABLE_FILE.to_string());
    Ok(files)
}
