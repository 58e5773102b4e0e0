//! A run's balance answer as a designer reads it on a page's first screen: the answer, then
//! the one figure that decides it with its deciding interval, in plain words ("percentage
//! points", "between +0.2 and +2.9", "the margin"), from the structured answer
//! ([`crate::stats::verdict::Answer`]) and the verdict's seat ([`SeatEdge`]). The tests'
//! names and levels are not said here: the page's "How this was decided" box says them.

use crate::stats::analysis::SeatEdge;
use crate::stats::verdict::Answer;

/// `n` with a comma every three digits ("19,804"): the same digits stdout prints.
pub use crate::stats::verdict::grouped as count;

/// A margin or difference in percentage points, in words ("1 percentage point", "2.5
/// percentage points").
pub fn points(pp: f64) -> String {
    let unit = if pp == 1.0 { "percentage point" } else { "percentage points" };
    format!("{pp} {unit}")
}

/// "seat 0 (the first to move)".
pub fn seat_words(seat: usize) -> String {
    let nth = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];
    match nth.get(seat) {
        Some(n) => format!("seat {seat} (the {n} to move)"),
        None => format!("seat {seat}"),
    }
}

/// The answer in a few words, the same for every run: a summary's cell, a group of games.
pub fn label(answer: Answer) -> &'static str {
    match answer {
        Answer::Fair => "Fair",
        Answer::SmallEdge => "Fair within the margin, with a small real edge",
        Answer::Unfair => "Unfair, an edge beyond the margin",
        Answer::OpenEdge => "A real edge, not yet shown inside or beyond the margin",
        Answer::NotEnough => "Not enough matches to tell",
        Answer::Untestable => "Nothing to test",
    }
}

/// Named things grouped by their answer, a sentence a group, in the order first met: "Not
/// enough matches to tell: dardz, pig and trice. Unfair, an edge beyond the margin:
/// tictactoe." (`None`: a verdict that could not be read as an answer, "see its page").
pub fn grouped(items: &[(&str, Option<Answer>)]) -> String {
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for (name, answer) in items {
        let words = answer.map_or("See its own page", label);
        match groups.iter_mut().find(|(w, _)| *w == words) {
            Some((_, names)) => names.push(name),
            None => groups.push((words, vec![name])),
        }
    }
    let sentences: Vec<String> =
        groups.iter().map(|(words, names)| format!("{words}: {}.", and_list(names))).collect();
    sentences.join(" ")
}

/// "a", "a and b", "a, b and c".
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The answer as the first screen says it, with the margin (`margin_pp`) and the seat.
pub fn answer_sentence(answer: Answer, margin_pp: f64, edge: &SeatEdge) -> String {
    let margin = points(margin_pp);
    let seat = seat_words(edge.seat);
    let ahead = if edge.diff_pp >= 0.0 { "ahead" } else { "behind" };
    match answer {
        Answer::Fair => format!("Fair: every seat is within {margin} of a fair share."),
        Answer::SmallEdge => format!(
            "Fair within {margin}: {seat} is {ahead} by a real but small edge, inside the margin."
        ),
        Answer::Unfair => format!("Unfair: {seat} is {ahead} by more than the margin of {margin}."),
        Answer::OpenEdge => format!(
            "Not yet clear: {seat} is {ahead} by a real edge, not yet shown inside or beyond the margin of {margin}."
        ),
        Answer::NotEnough | Answer::Untestable => format!(
            "Not enough matches to tell yet whether every seat is within {margin} of a fair share."
        ),
    }
}

/// The deciding figure: the seat's share of the matches with a sole winner against a fair
/// share, and the interval the answer was decided on (`matches` played in all).
pub fn figure_sentence(answer: Answer, edge: &SeatEdge, matches: Option<u64>) -> String {
    let fair = 100.0 * edge.fair_share;
    let share = fair + edge.diff_pp;
    let (lo, hi) = edge.interval_pp;
    let of = match matches {
        Some(m) if m != edge.decisive => {
            format!(
                "the {} matches with a sole winner (of {} played)",
                count(edge.decisive),
                count(m)
            )
        }
        _ => format!("the {} matches with a sole winner", count(edge.decisive)),
    };
    // The answer named the seat already, except when it speaks of every seat.
    let seat = match answer {
        Answer::Fair => format!("The largest edge: {}", seat_words(edge.seat)),
        Answer::NotEnough | Answer::Untestable => {
            format!("The largest edge so far: {}", seat_words(edge.seat))
        }
        _ => format!("Seat {}", edge.seat),
    };
    // A difference that rounds to nothing has no direction to say.
    let gap = match edge.diff_pp {
        d if d.abs() < 0.05 => format!("as good as a fair {fair:.1}%"),
        d => format!(
            "{:.1} percentage points {} than a fair {fair:.1}%",
            d.abs(),
            if d > 0.0 { "more" } else { "less" }
        ),
    };
    // Not enough matches is the margin's test undecided (and no seat shown to differ by the
    // seats' own tests): this range is the margin's, not the one a difference was judged on.
    let range = match answer {
        Answer::NotEnough | Answer::Untestable => "the range held against the margin",
        _ => "the range the answer was decided on",
    };
    format!("{seat} wins {share:.1}% of {of}: {gap} (between {lo:+.1} and {hi:+.1}, {range}).")
}

/// What more matches would do, when the verdict's figures say it in words a designer can
/// act on: "About 89,000 more matches would tell." (the verdict's own count); `None` when
/// they say nothing of it.
pub fn more_matches(figures: &str) -> Option<String> {
    if figures.contains("no affordable number of matches") {
        return Some(
            "Its edge lies so near the margin that no affordable number of matches would tell which side it is on."
                .into(),
        );
    }
    let tell = figures.find(" would tell ")?;
    let start = figures[..tell].rfind("; ").map_or(0, |at| at + 2);
    let clause = &figures[start..];
    let clause = clause.split(" (a chance").next().unwrap_or(clause);
    // "a new run of 90,000 matches (--until-decided=off) would tell ...": the flag is the
    // method's; the count is the designer's.
    let clause = clause.replace(" (--until-decided=off)", "");
    let clause = clause.strip_prefix("this run cannot grow: ").unwrap_or(&clause);
    let clause = clause.trim_end_matches(" within it").trim_end_matches('.');
    let within = if figures[tell..].contains(" within it") { " within the margin" } else { "" };
    Some(format!("{}{within}.", capitalised(clause)))
}

/// The first letter in capitals.
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::method::first_term;

    fn edge(seat: usize, diff: f64, lo: f64, hi: f64) -> SeatEdge {
        SeatEdge {
            seat,
            diff_pp: diff,
            interval_pp: (lo, hi),
            confidence_percent: 90.0,
            fair_share: 0.25,
            decisive: 19_804,
        }
    }

    #[test]
    fn each_answer_is_said_with_its_figure_in_plain_words() {
        let e = edge(0, 0.7, 0.4, 0.9);
        let a = answer_sentence(Answer::SmallEdge, 1.0, &e);
        assert_eq!(
            a,
            "Fair within 1 percentage point: seat 0 (the first to move) is ahead by a real but small edge, inside the margin."
        );
        let f = figure_sentence(Answer::SmallEdge, &e, Some(20_000));
        assert_eq!(
            f,
            "Seat 0 wins 25.7% of the 19,804 matches with a sole winner (of 20,000 played): 0.7 percentage points more than a fair 25.0% (between +0.4 and +0.9, the range the answer was decided on)."
        );
        let behind = edge(2, -1.7, -4.8, 1.6);
        assert!(answer_sentence(Answer::Unfair, 2.5, &behind).contains(
            "seat 2 (the third to move) is behind by more than the margin of 2.5 percentage points"
        ));
        let level = figure_sentence(Answer::Fair, &edge(1, 0.01, -0.2, 0.2), None);
        assert!(level.contains("wins 25.0% of the 19,804 matches with a sole winner: as good as a fair 25.0% (between -0.2 and +0.2"), "{level}");
        assert!(figure_sentence(Answer::NotEnough, &behind, None).starts_with("The largest edge so far: seat 2 (the third to move) wins 23.3% of the 19,804 matches with a sole winner: 1.7 percentage points less"));
        for answer in Answer::ALL {
            let text = format!(
                "{} {} {}",
                label(answer),
                answer_sentence(answer, 1.0, &e),
                figure_sentence(answer, &e, Some(1))
            );
            assert_eq!(first_term(&text), None, "{text}");
        }
    }

    #[test]
    fn what_more_matches_would_do_is_kept_in_its_own_count() {
        let open = "seat 0, the first to move, wins 1.5 pp more than a fair share of 25.0% [0.2, 2.9] (90% Clopper-Pearson, the deciding interval), p = 0.214; about 89,000 more matches would tell whether every seat is within it (a chance of 80%, averaged over the true shares the matches so far allow)";
        assert_eq!(
            more_matches(open).as_deref(),
            Some("About 89,000 more matches would tell whether every seat is within the margin.")
        );
        let fresh = "x, p = 0.2; this run cannot grow: a new run of 90,000 matches (--until-decided=off) would tell which (a chance of 80%, averaged)";
        assert_eq!(
            more_matches(fresh).as_deref(),
            Some("A new run of 90,000 matches would tell which.")
        );
        let near = "p = 0.002; seat 0's edge (+1.07 pp) lies within 0.07 pp of the margin: no affordable number of matches (up to 1,000,000) tells which";
        assert!(more_matches(near).unwrap().starts_with("Its edge lies so near the margin"));
        assert_eq!(more_matches("seat 0 wins 0.7 pp more [0.4, 0.9]"), None);
        assert_eq!(count(1_234_567), "1,234,567");
        assert_eq!(count(999), "999");
        assert_eq!(points(2.5), "2.5 percentage points");
    }
}
