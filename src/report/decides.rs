//! The run page's "What decides a match" section: the option table (options.csv), largest
//! effects first with their intervals, and seat, skill and luck in win shares
//! (skill_luck.csv, said in the run's own words). Every
//! number is read from the folder's files, through the same checked tables as the rest of
//! the page; a folder written before these files existed simply has no section.

use std::path::Path;

use crate::core::columns as col;
use crate::core::layout::{OPTIONS_CSV, SKILL_LUCK_CSV};
use crate::report::ReportError;
use crate::report::charts::{self, Estimate, Guide};
use crate::report::page::{Page, esc, signed};
use crate::report::table::{Table, table_with_words};
use crate::report::words::{Words, without_asides};
use crate::stats::analysis::skill_luck::{ELO_METHOD, SHARE_METHOD, figure};
use crate::stats::analysis::{BotShare, EloGap, SeatEdge, SkillLuck};
use crate::stats::options::table::{Evidence, LEVER_MIN_CLUSTERS, LEVER_RULE, beats, lever_claim};

/// Rows drawn and tabled on the page (options.csv has them all).
const SHOWN: usize = 12;

/// The section, when the folder has an option table or a decomposition.
pub fn section(page: &mut Page, dir: &Path, words: &Words) -> Result<(), ReportError> {
    let options = Table::read_optional(dir, OPTIONS_CSV)?;
    let parts = Table::read_optional(dir, SKILL_LUCK_CSV)?;
    let has_rows = |t: &Option<Table>| t.as_ref().is_some_and(|t| !t.rows.is_empty());
    if !has_rows(&options) && !has_rows(&parts) {
        return Ok(());
    }
    page.heading("What decides a match");
    if let Some(t) = options.filter(|t| !t.rows.is_empty()) {
        option_table(page, &t, words)?;
    }
    if let Some(t) = parts.filter(|t| !t.rows.is_empty()) {
        skill_luck(page, &t)?;
    }
    Ok(())
}

/// What the option table's effect is measured on: the taker's win share, or in a solo
/// game (no winner, PP-15) the final score; its columns and its words.
struct Effect {
    columns: [&'static str; 3],
    /// The unit after a figure ("pp win share").
    unit: &'static str,
    /// What it is the effect on ("the taker's win share").
    on: &'static str,
}

const WIN: Effect = Effect {
    columns: [col::options::DIFFERENCE_PP, col::options::CI_LOW_PP, col::options::CI_HIGH_PP],
    unit: "pp win share",
    on: "the taker's win share",
};

const SOLO_SCORE: Effect = Effect {
    columns: [
        col::options::DIFFERENCE_POINTS,
        col::options::CI_LOW_POINTS,
        col::options::CI_HIGH_POINTS,
    ],
    unit: "points of final score",
    on: "the final score (a solo game has no winner)",
};

fn option_table(page: &mut Page, t: &Table, words: &Words) -> Result<(), ReportError> {
    let effect = if t.headers.iter().any(|h| h == col::options::DIFFERENCE_POINTS) {
        SOLO_SCORE
    } else {
        WIN
    };
    let [diff, lo, hi] = effect.columns.map(|c| t.need(&[c]));
    let (diff, lo, hi) = (diff?, lo?, hi?);
    let (kind, bot, p, evidence) = (
        t.need(&[col::options::KIND])?,
        t.need(&[col::options::BOT])?,
        t.need(&[col::options::P_HOLM])?,
        t.need(&[col::options::EVIDENCE])?,
    );
    // Largest effects first; rows without a difference (never a choice) last.
    let mut order: Vec<(usize, f64)> = Vec::new();
    for i in 0..t.rows.len() {
        order.push((i, t.num(i, diff)?.map_or(-1.0, f64::abs)));
    }
    order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let bots: std::collections::BTreeSet<&str> = t.rows.iter().map(|r| t.text(r, bot)).collect();
    let several_bots = bots.len() > 1;
    let is_causal = |i: usize| t.text(&t.rows[i], evidence) == "causal";
    // As stdout names it (`lever_claim`); a folder written before the per-side columns
    // counted matches as the clusters.
    let sides = [
        t.need(&[col::options::CLUSTERS_TAKEN, col::options::OLDER_CLUSTERS])?,
        t.need(&[col::options::CLUSTERS_NOT_TAKEN, col::options::OLDER_CLUSTERS])?,
    ];
    let mut strongest: Option<(usize, (bool, f64))> = None;
    for i in 0..t.rows.len() {
        let (Some(low), Some(high)) = (t.num(i, lo)?, t.num(i, hi)?) else { continue };
        let how = if is_causal(i) { Evidence::Causal } else { Evidence::Associational };
        let n = sides.map(|c| t.num(i, c).ok().flatten().unwrap_or(0.0) as u64);
        let Some(claim) = lever_claim(how, t.num(i, p)?, n[0].min(n[1]), (low, high)) else {
            continue;
        };
        if strongest.is_none_or(|(_, b)| beats(claim, b)) {
            strongest = Some((i, claim));
        }
    }
    let causal = (0..t.rows.len()).any(is_causal);
    let lead = match strongest {
        Some((i, _)) => {
            let r = &t.rows[i];
            format!(
                "<p>The strongest lever: {}, {} {} for the {} bot that takes it [{}, {}] ({}), \
                 chosen as {}.</p>",
                words.html(t.text(r, kind)),
                signed(t.num(i, diff)?.unwrap_or(f64::NAN), 1),
                effect.unit,
                esc(t.text(r, bot)),
                signed(t.num(i, lo)?.unwrap_or(f64::NAN), 1),
                signed(t.num(i, hi)?.unwrap_or(f64::NAN), 1),
                esc(t.text(r, evidence)),
                esc(LEVER_RULE),
            )
        }
        None => format!(
            "<p>{}</p>",
            esc(&format!(
                "No option kind taken in {LEVER_MIN_CLUSTERS} deals or more and skipped in as many \
             changes {} detectably (Holm-adjusted, 5%): a table that finds nothing is an answer \
             too.",
                effect.on
            ))
        ),
    };
    page.raw(&lead);
    page.para(&format!(
        "For each option kind the game declares: {} when it took the option minus when it \
         could have and did not. {} Bots: {}. A mark needs the difference beyond the verdict's \
         margin with Holm-adjusted significance (a solo game, whose margin is a win share's, \
         has none); a marked row's last column is the command that tests a rule change for it.",
        effect.on,
        if causal {
            "Rows of the random bot are causal: it chooses uniformly, so each choice is a \
             randomized experiment (inverse-probability weighted, intervals cluster-robust by \
             deal group with a small-sample correction). Rows of other bots are associations."
        } else {
            "These bots do not choose at random, so the rows are associations, not effects; a \
             random lineup measures effects."
        },
        bots.into_iter().collect::<Vec<_>>().join(", "),
    ));
    let mut points = Vec::new();
    for &(i, _) in order.iter().take(SHOWN) {
        let Some(v) = t.num(i, diff)? else { continue };
        points.push(Estimate {
            // The option in words; the bot too where the lineup has several.
            label: {
                let what = without_asides(&words.of(t.text(&t.rows[i], kind)));
                if several_bots { format!("{}: {what}", t.text(&t.rows[i], bot)) } else { what }
            },
            value: v,
            lo: t.num(i, lo)?.unwrap_or(f64::NAN),
            hi: t.num(i, hi)?.unwrap_or(f64::NAN),
        });
    }
    if !points.is_empty() {
        let chart = charts::rows(&points, &Guide::line(0.0), effect.unit)?;
        let caption = format!(
            "{} when taken minus when not ({}), largest first, with 95% intervals.",
            if effect.columns == WIN.columns { "Win share" } else { "Final score" },
            effect.unit
        );
        page.chart("option-effects", &caption, &chart);
    }
    let shown = Table {
        name: t.name.clone(),
        headers: t.headers.clone(),
        rows: order.iter().take(SHOWN).map(|&(i, _)| t.rows[i].clone()).collect(),
    };
    table_with_words(
        page,
        &shown,
        // The option in words first, then the answer's columns, so they show without
        // scrolling; the command, the widest, last.
        &[
            col::options::KIND,
            col::options::BOT,
            effect.columns[0],
            effect.columns[1],
            effect.columns[2],
            col::options::P_HOLM,
            col::options::MARK,
            col::options::TAKEN_PERCENT,
            col::options::PREFERENCE,
            col::options::EVIDENCE,
            col::options::TEST_COMMAND,
        ],
        &[col::options::KIND],
        &|id| words.html(id),
    );
    if t.rows.len() > SHOWN {
        page.para(&format!("{} more rows in options.csv.", t.rows.len() - SHOWN));
    }
    Ok(())
}

/// The figures of `skill_luck.csv` read back into the struct the run printed them from, so
/// that the page says them in the same words as stdout; `None` when a row the lines need is
/// missing or damaged.
fn skill_luck_of(t: &Table) -> Result<Option<SkillLuck>, ReportError> {
    let cols = [
        col::skill_luck::FIGURE,
        col::skill_luck::SEAT,
        col::skill_luck::VALUE,
        col::skill_luck::CI_LOW,
        col::skill_luck::CI_HIGH,
        col::skill_luck::N,
        col::skill_luck::METHOD,
        col::skill_luck::BOTS,
    ];
    let [figure, seat, value, lo, hi, n, method, bots] = cols.map(|c| t.need(&[c]));
    let (figure, seat, value, lo, hi, n, method, bots) =
        (figure?, seat?, value?, lo?, hi?, n?, method?, bots?);
    let row = |name: &str| t.rows.iter().position(|r| t.text(r, figure) == name);
    let triple = |i: usize| -> Result<Option<(f64, f64, f64)>, ReportError> {
        Ok(match (t.num(i, value)?, t.num(i, lo)?, t.num(i, hi)?) {
            (Some(v), Some(l), Some(h)) => Some((v, l, h)),
            _ => None,
        })
    };
    let count = |i: usize| t.text(&t.rows[i], n).parse::<u64>().ok();
    let share = |name: &str| -> Result<Option<BotShare>, ReportError> {
        let Some(i) = row(name) else { return Ok(None) };
        Ok(triple(i)?.zip(count(i)).map(|((v, l, h), n)| BotShare {
            share: v / 100.0,
            lo: l / 100.0,
            hi: h / 100.0,
            seat_matches: n,
            design_effect: f64::NAN,
        }))
    };
    let (Some(skill), Some(upset), Some(edge_row)) =
        (share(figure::SKILL_SHARE)?, share(figure::UPSET_SHARE)?, row(figure::SKILL_EDGE))
    else {
        return Ok(None);
    };
    let Some((edge, _, _)) = triple(edge_row)? else { return Ok(None) };
    let fair = skill.share - edge / 100.0;
    let players = (1.0 / fair).round();
    if !(2.0..=8.0).contains(&players) {
        return Ok(None);
    }
    let Some((stronger, weaker)) = t.text(&t.rows[edge_row], bots).split_once(' ') else {
        return Ok(None);
    };
    let elo = match row(figure::SKILL_ELO) {
        Some(i) => triple(i)?.map(|(elo, lo, hi)| EloGap { elo, lo, hi }),
        None => None,
    };
    let seat = match row(figure::SEAT_EDGE) {
        Some(i) => {
            let text = t.text(&t.rows[i], method);
            let confidence = text.split('%').next().and_then(|c| c.parse::<f64>().ok());
            let at = t.text(&t.rows[i], seat).parse::<usize>().ok();
            match (triple(i)?, confidence, at, count(i)) {
                (Some((d, l, h)), Some(c), Some(at), Some(decisive)) => Some(SeatEdge {
                    seat: at,
                    diff_pp: d,
                    interval_pp: (l, h),
                    confidence_percent: c,
                    fair_share: 1.0 / players,
                    decisive,
                }),
                _ => None,
            }
        }
        None => None,
    };
    Ok(Some(SkillLuck {
        players: players as usize,
        matches: 0,
        seat,
        stronger: stronger.to_string(),
        weaker: weaker.to_string(),
        skill,
        upset,
        elo,
    }))
}

fn skill_luck(page: &mut Page, t: &Table) -> Result<(), ReportError> {
    let Some(f) = skill_luck_of(t)? else { return Ok(()) };
    for line in f.lines() {
        page.para(&capitalised(&line));
    }
    page.para(&format!(
        "Seat is the balance verdict's own figure. Skill and luck are win shares per seat a bot \
         played ({SHARE_METHOD}); Elo is {ELO_METHOD}. The coin flip is the benchmark of \
         Duersch, Lambrecht & Oechssler (2020): the share of matches a coin flip among the \
         seats would have to decide, in a game the stronger bot otherwise always wins, for the \
         weaker to win this often. They describe these bots under these rules, not how much a \
         better player could win. decomposition.csv has the same question as shares of \
         variance, for analysts."
    ));
    Ok(())
}

/// The first letter in capitals.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}
