//! The verdict cut for the page: every golden folder's verdict, and one of each answer from
//! tallies built by hand, cut into parts that put back together are the verdict exactly;
//! what cannot be cut is shown whole; the page's parts come in the order a reader needs.

use super::*;
use crate::core::{MatchLength, Outcome, ScoreOrder};
use crate::stats::Tally;
use crate::stats::analysis::balance;
use std::path::Path;

/// The parts put back together as verdict.txt says them.
fn reassembled(s: &Shown) -> String {
    let (judged, margin) = s.judged.unwrap();
    let method = s.method.as_ref().unwrap();
    let (method, lineup) = match method.split_once("; with bots ") {
        Some((m, b)) => (m.to_string(), format!(", with bots {b}")),
        None => (method.clone(), String::new()),
    };
    let warning = if s.warning { RANDOM_PLAY_WARNING } else { "" };
    let seats = format!("{}: {} ({method}){lineup}{warning}", judged.opening(margin), s.figures);
    let mut lines: Vec<String> = Vec::new();
    if let Some(b) = &s.bots {
        lines.push(format!("bots: {b}"));
        lines.push(format!("seats: {seats}"));
    } else {
        lines.push(seats);
    }
    lines.extend(s.rest.iter().cloned());
    lines.join("\n")
}

#[test]
fn every_golden_verdict_is_cut_and_put_back_whole() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut dirs: Vec<std::path::PathBuf> = Vec::new();
    for e in std::fs::read_dir(&root).unwrap().flatten() {
        dirs.push(e.path());
        if let Ok(inner) = std::fs::read_dir(e.path()) {
            dirs.extend(inner.flatten().map(|e| e.path()));
        }
    }
    let mut seen = 0;
    for dir in
        dirs.iter().filter(|d| d.join("verdict.txt").is_file() && d.join("seats.csv").is_file())
    {
        let text = std::fs::read_to_string(dir.join("verdict.txt")).unwrap();
        let seats = Table::read(dir, "seats.csv").unwrap();
        let s = shown(&text, &seats, &Levels::FIXED);
        let answer = s.answer.as_deref().unwrap_or_else(|| panic!("{}: not cut", dir.display()));
        assert_eq!(reassembled(&s), text.trim(), "{}", dir.display());
        assert!(!s.figures.contains("margin ±") && !s.figures.starts_with("not enough"));
        if dir.ends_with("default-experiment/tictactoe") {
            assert_eq!(answer, "Unfair by more than ±1 pp");
        }
        seen += 1;
    }
    assert!(seen >= 15, "{seen} golden verdicts");
}

/// A two-seat tally: seat 0 wins `wins` of `matches`.
fn two_seats(wins: usize, matches: usize) -> Tally {
    let mut t = Tally::new(2, 0);
    for i in 0..matches {
        let scores: &[i32] = if i < wins { &[1, 0] } else { &[0, 1] };
        let o = Outcome::finished(scores, ScoreOrder::HigherWins, 1, 1);
        t.record(&o, &[0, 1], &MatchLength::default(), None, &[]);
    }
    t
}

/// seats.csv as the run writes it, from the balance figures.
fn seats_table(seats: &[SeatBalance]) -> Table {
    let headers = ["seat", "decisive_matches", "sole_wins", "fair_share", "diff_pp", "p_holm"];
    Table {
        name: "seats.csv".into(),
        headers: headers.iter().map(|h| h.to_string()).collect(),
        rows: seats
            .iter()
            .map(|s| {
                vec![
                    s.seat.to_string(),
                    s.decisive.to_string(),
                    s.sole_wins.to_string(),
                    format!("{:.6}", s.fair_share),
                    format!("{:.6}", s.diff_pp),
                    format!("{:.6e}", s.p_holm),
                ]
            })
            .collect(),
    }
}

#[test]
fn each_answer_is_said_first_in_plain_words() {
    let cases = [
        (100_000, 200_000, "Fair within ±1 pp", "Fair: every seat is within 1 percentage point"),
        (
            202_000,
            400_000,
            "A real but small edge (within ±1 pp)",
            "Fair within 1 percentage point: seat 0",
        ),
        (
            10_200,
            20_000,
            "A real edge, not yet shown within or beyond ±1 pp",
            "Not yet clear: seat 0 (the first to move) is ahead by a real edge",
        ),
        (700, 1_000, "Unfair by more than ±1 pp", "Unfair: seat 0 (the first to move) is ahead"),
        (520, 1_000, "Not enough matches to tell (margin ±1 pp)", "Not enough matches to tell yet"),
    ];
    for (wins, matches, want, plain) in cases {
        let labels = vec!["greedy".to_string(), "random".to_string()];
        let b = balance(&two_seats(wins, matches), &labels, 1.0);
        let s = shown(&b.verdict, &seats_table(&b.seats), &Levels::FIXED);
        assert_eq!(s.answer.as_deref(), Some(want), "{}", b.verdict);
        assert_eq!(reassembled(&s), b.verdict);
        assert!(s.warning, "a random bot played");
        // The first screen: the answer, then its deciding figure, in plain words.
        let html = s.html();
        let at = |needle: &str| html.find(needle).unwrap_or_else(|| panic!("{needle}: {html}"));
        assert!(at(&format!("<p class=\"answer\">{plain}")) < at("<p class=\"figures\">"));
        assert!(html.starts_with("<div class=\"verdict\" id=\"answer\">"), "{html}");
        assert_eq!(crate::report::method::first_term(&html), None, "{html}");
        // The verdict's own words and method are the method box's; the warning is said
        // once, after the chart.
        let method = s.method_paragraphs().join(" ");
        let seats = b.verdict.lines().last().unwrap().trim_start_matches("seats: ");
        assert!(method.contains(&seats[..seats.find(" (exact").unwrap()]), "{method}");
        assert!(method.contains("Method: exact binomial test; margin ±1 pp by TOST"), "{method}");
        assert!(!html.contains("without strategy") && !method.contains("without strategy"));
        assert_eq!(s.after_chart().matches("random bots play without strategy").count(), 1);
        assert!(!s.cell().contains("without strategy"), "the summary says it once itself");
        assert_eq!(crate::report::method::first_term(&s.cell()), None, "{}", s.cell());
    }
    // A margin of half a point is read from the verdict itself.
    let b = balance(&two_seats(100_000, 200_000), &["a".into(), "b".into()], 0.5);
    assert_eq!(
        shown(&b.verdict, &seats_table(&b.seats), &Levels::FIXED).answer.unwrap(),
        "Fair within ±0.5 pp"
    );
}

#[test]
fn what_cannot_be_cut_is_shown_whole_and_escaped() {
    let b = balance(&two_seats(700, 1_000), &["<b>x</b>".into(), "y".into()], 1.0);
    let table = seats_table(&b.seats);
    // Bots named with markup stay text, in the method box's words.
    let method = shown(&b.verdict, &table, &Levels::FIXED).method_paragraphs().join(" ");
    assert!(method.contains("with bots <b>x</b>,y"), "{method}");
    let mut page = crate::report::page::Page::new("t");
    crate::report::method::section(&mut page, &[method]);
    let html = page.finish("t");
    assert!(html.contains("&lt;b&gt;x&lt;/b&gt;") && !html.contains("<b>x"), "{html}");
    // A verdict of other words, or seats.csv without the figures, is shown as it stands.
    for (text, t) in [
        ("one seat only (n = 50)", &table),
        ("something else: entirely", &table),
        (b.verdict.as_str(), &Table { name: "s".into(), headers: vec![], rows: vec![] }),
    ] {
        let s = shown(text, t, &Levels::FIXED);
        assert!(s.answer.is_none(), "{text}");
        assert_eq!(
            s.html(),
            format!(
                "<div class=\"verdict\" id=\"answer\"><p class=\"figures\">{}</p></div>",
                esc(text)
            )
        );
    }
    // A seats.csv whose figures give another answer than the words: not cut.
    let other = balance(&two_seats(520, 1_000), &["a".into(), "b".into()], 1.0);
    assert!(shown(&b.verdict, &seats_table(&other.seats), &Levels::FIXED).answer.is_none());
}
