//! The column dictionary against itself and the golden folders.

use super::*;

#[test]
fn every_entry_has_a_unit_and_a_meaning_and_every_interval_its_method() {
    for file in FILES {
        let all = format!("{}\n{SIDE}{SEATS_EXTRA}{WIN_EFFECT}{SCORE_EFFECT}", file.columns);
        let skip = |l: &str| l.trim().is_empty() || l == "SCORES" || l == "EFFECT";
        for line in all.lines().filter(|l| !skip(l)) {
            let fields: Vec<&str> = line.split(" | ").collect();
            assert!((3..=4).contains(&fields.len()), "{}: `{line}`", file.name);
            assert!(fields.iter().all(|f| !f.trim().is_empty()), "{}: `{line}`", file.name);
            let name = fields[0];
            let interval = name.contains("ci_low") || name.contains("ci_high");
            assert_eq!(interval, fields.len() == 4, "{}: `{name}` and its method", file.name);
        }
    }
}

/// Each header is the one the golden run folders hold, column for column.
#[test]
fn headers_are_the_golden_folders_headers() {
    let csvs = [
        SEATS_CSV,
        BALANCE_CSV,
        BOTS_CSV,
        RATINGS_CSV,
        DIFFERENCE_CSV,
        PAIRING_CSV,
        SHAPE_CSV,
        LENGTHS_CSV,
        HISTOGRAMS_CSV,
        METRICS_CSV,
        FAILURES_CSV,
        MATCHES_CSV,
    ];
    for (dir, players) in [("tests/golden/trice", 2), ("tests/golden/dardz", 3)] {
        for file in csvs {
            let Ok(text) = std::fs::read_to_string(format!("{dir}/{file}")) else { continue };
            let first = text.lines().next().unwrap_or_default();
            assert_eq!(header(file, players).join(","), first, "{dir}/{file}");
        }
    }
}

#[test]
fn optional_files_and_per_seat_columns_follow_the_run() {
    let two = columns_text(2, true, &[], None);
    assert!(two.contains("## `difference.csv`") && two.contains("| `rank_1` |"));
    assert!(!two.contains("`rank_2`") && two.contains("keeps no counters of its own"));
    let metrics = vec![("swap_turns".to_string(), "turns: swap turns played".to_string())];
    let four = columns_text(4, false, &metrics, None);
    assert!(!four.contains("## `difference.csv`") && four.contains("| `score_3` |"));
    assert!(four.contains("| `swap_turns` | turns: swap turns played |"));
}

/// A game's word on its lengths is said under `lengths.csv`, before its columns, and
/// nowhere else.
#[test]
fn a_games_length_docs_stand_under_lengths_csv() {
    let note = "In this game `turns` and `rounds` are the same count.";
    let text = columns_text(2, false, &[], Some(note));
    assert_eq!(text.matches(note).count(), 1);
    let at = text.find(note).unwrap();
    let section = text.find("## `lengths.csv`").unwrap();
    let next = section + text[section..].find("| `measure` |").unwrap();
    assert!(section < at && at < next, "{text}");
    assert!(!columns_text(2, false, &[], None).contains(note));
}

/// A p-value below 1e-300 is written as 0 (`csv_files::e6`): the dictionary says so beside
/// every column written that way, since the output guide promises no number stands for an
/// undefined figure and a reader would otherwise take 0 as certain.
#[test]
fn every_p_value_column_written_as_a_bound_says_what_0_means() {
    for (file, columns) in [(SEATS_CSV, SEATS_EXTRA), (BALANCE_CSV, "")] {
        let doc = FILES.iter().find(|f| f.name == file).expect(file);
        let all = format!("{}\n{columns}", doc.columns);
        let p_columns: Vec<&str> = all
            .lines()
            .filter(|l| l.starts_with("p_value |") || l.starts_with("p_holm |"))
            .collect();
        assert!(!p_columns.is_empty(), "{file}");
        for line in p_columns {
            assert!(line.contains("written as 0 when below 1e-300"), "{file}: {line}");
        }
    }
}

/// The names `report` reads (`core::columns`) are columns of the files this dictionary
/// describes and the writers write from it: a column renamed here and not there fails.
#[test]
fn the_names_the_report_reads_are_the_dictionarys() {
    use crate::core::columns as c;
    let effect_both = |p| header(OPTIONS_CSV, p);
    let cases: [(&str, usize, Vec<&str>); 10] = [
        (SEATS_CSV, 1, c::seats::SOLO_SHOWN.to_vec()),
        (SEATS_CSV, 2, c::seats::SHOWN.to_vec()),
        (DIFFERENCE_CSV, 2, c::difference::SHOWN.to_vec()),
        (
            SEATS_CSV,
            2,
            vec![
                c::seats::SEAT,
                c::seats::MATCHES,
                c::seats::WIN_RATE,
                c::seats::CI_LOW,
                c::seats::CI_HIGH,
                c::seats::CI_METHOD,
                c::seats::DECISIVE_MATCHES,
                c::seats::SOLE_WINS,
                c::seats::DECISIVE_WIN_RATE,
                c::seats::DECISIVE_CI_LOW,
                c::seats::DECISIVE_CI_HIGH,
                c::seats::FAIR_SHARE,
                c::seats::DIFF_PP,
                c::seats::DIFF_CI_LOW_PP,
                c::seats::DIFF_CI_HIGH_PP,
                c::seats::P_VALUE,
                c::seats::P_HOLM,
            ],
        ),
        (RATINGS_CSV, 2, c::ratings::SHOWN.to_vec()),
        (LENGTHS_CSV, 2, c::lengths::SHOWN.to_vec()),
        (
            HISTOGRAMS_CSV,
            2,
            vec![c::histograms::MEASURE, c::histograms::VALUE, c::histograms::COUNT],
        ),
        (METRICS_CSV, 2, c::metrics::SHOWN.to_vec()),
        (
            SKILL_LUCK_CSV,
            2,
            vec![
                c::skill_luck::FIGURE,
                c::skill_luck::SEAT,
                c::skill_luck::VALUE,
                c::skill_luck::CI_LOW,
                c::skill_luck::CI_HIGH,
                c::skill_luck::N,
                c::skill_luck::METHOD,
                c::skill_luck::BOTS,
            ],
        ),
        (
            OPTIONS_CSV,
            2,
            vec![
                c::options::BOT,
                c::options::KIND,
                c::options::WORDS,
                c::options::EVIDENCE,
                c::options::P_HOLM,
                c::options::MARK,
                c::options::TAKEN_PERCENT,
                c::options::PREFERENCE,
                c::options::TEST_COMMAND,
                c::options::CLUSTERS_TAKEN,
                c::options::CLUSTERS_NOT_TAKEN,
                c::options::DIFFERENCE_PP,
                c::options::CI_LOW_PP,
                c::options::CI_HIGH_PP,
            ],
        ),
    ];
    for (file, players, names) in cases {
        let header = header(file, players);
        for name in names {
            assert!(header.iter().any(|h| h == name), "{file} has no column `{name}`");
        }
    }
    let solo = effect_both(1);
    for name in
        [c::options::DIFFERENCE_POINTS, c::options::CI_LOW_POINTS, c::options::CI_HIGH_POINTS]
    {
        assert!(solo.iter().any(|h| h == name), "a solo game's options.csv has no `{name}`");
    }
}
