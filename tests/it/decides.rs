//! What decides a match, end to end: a run writes the option table and seat/skill/luck,
//! `--luck` plays the lineup the decomposition needs, and the option table is exact across
//! thread counts and shard splits like every other file.

use std::path::Path;

use crate::common::arena;

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn luck_plays_greedy_against_random_and_splits_who_wins() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("luck");
    let o = arena(&[
        "run",
        "--game",
        "pig",
        "--luck",
        "--matches",
        "400",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    // The answer first: how often the stronger bot wins; then the seats and luck.
    let first = stdout.lines().next().unwrap();
    assert!(first.starts_with("pig, 2 players, bots greedy,random: greedy wins "), "{stdout}");
    assert!(stdout.contains("  seats: ") && stdout.contains("  luck: random still wins "));
    assert!(!stdout.contains("% skill"), "no variance share on stdout: {stdout}");
    let figures = read(&out, "skill_luck.csv");
    let edge = figures.lines().find(|l| l.contains(",skill_edge,")).expect("a skill row");
    let pp: f64 = edge.split(',').nth(3).unwrap().parse().unwrap();
    assert!(pp > 40.0, "greedy beats random at Pig nearly always (REF-2): {edge}");
    // With --explain, stdout says seat, skill and luck in full (skill in pp over the fair
    // 50%), and the run page says the same three lines in the same words (read back from
    // the CSV).
    let again = dir.path().join("explained");
    let args = ["--matches", "400", "--explain", "--no-report", "--out"];
    let o = arena(
        &[&["run", "--game", "pig", "--luck"][..], &args, &[again.to_str().unwrap()]].concat(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let explained = crate::common::unwrapped(&String::from_utf8_lossy(&o.stdout));
    assert!(explained.contains(" pp over a fair 50.0%"), "{explained}");
    let page = read(&out, "report.html");
    let three: Vec<&str> = explained
        .lines()
        .filter(|l| l.starts_with("    "))
        .map(str::trim)
        .filter(|l| l.starts_with("seat: ") || l.starts_with("skill: ") || l.starts_with("luck: "))
        .collect();
    assert_eq!(three.len(), 3, "{stdout}");
    for line in three {
        let said = format!("{}{}", line[..1].to_uppercase(), &line[1..]).replace('\'', "&#39;");
        assert!(page.contains(&said), "the page lacks: {said}");
    }
    // The variance decomposition stays for analysts, under names that say what it is.
    let parts = read(&out, "decomposition.csv");
    assert!(parts.starts_with("measure,bots,matches,seat_variance_percent,"), "{parts}");
    // The random seat's choices are an experiment even against greedy: its rows are causal.
    let options = read(&out, "options.csv");
    assert!(options.lines().any(|l| l.starts_with("random,causal,hold_")), "{options}");
    assert!(options.lines().any(|l| l.starts_with("greedy,associational,hold_")), "{options}");
}

#[test]
fn luck_is_refused_where_it_cannot_work() {
    for (args, says) in [
        (vec!["run", "--luck", "--matches", "10"], "one game"),
        (vec!["run", "--game", "pig", "--luck", "--bots", "random"], "leave out --bots"),
        (vec!["run", "--game", "pig", "--luck", "--seating", "fixed"], "rotated"),
        (vec!["run", "--game", "pride-prejudice", "--players", "1", "--luck"], "at least 2"),
    ] {
        let o = arena(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says) && err.lines().count() == 1, "{args:?}: {err}");
    }
}

#[test]
fn the_option_table_is_the_same_for_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let run = |threads: &str| {
        let out = dir.path().join(format!("t{threads}"));
        let o = arena(&[
            "run",
            "--game",
            "dardz",
            "--players",
            "4",
            "--matches",
            "2000",
            "--threads",
            threads,
            "--no-report",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        (read(&out, "options.csv"), read(&out, "decomposition.csv"))
    };
    let one = run("1");
    assert!(one.0.lines().count() > 20, "every DARDZ kind has a row: {}", one.0);
    assert_eq!(one, run("2"));
}

/// Stdout and the run page name the same strongest lever, say how it was chosen, and choose
/// only a kind taken in 100 deal groups or more and passed over in as many (with fewer, its
/// interval rests on a handful of deals and the largest of many is chosen by their noise); a
/// run too short for any says so in both.
#[test]
fn stdout_and_the_page_name_one_strongest_lever_and_how_it_was_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let run = |matches: &str| {
        let out = dir.path().join(matches);
        let o = arena(&[
            "run",
            "--game",
            "dardz",
            "--players",
            "4",
            "--matches",
            matches,
            "--explain",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        (crate::common::unwrapped(&String::from_utf8_lossy(&o.stdout)), out)
    };
    let (stdout, out) = run("20000");
    let line = stdout.lines().find(|l| l.contains("strongest lever: ")).expect(&stdout);
    let kind = line.split("strongest lever: ").nth(1).unwrap().split(':').next().unwrap();
    assert!(
        stdout.contains("chosen: the largest effect its interval supports, of kinds taken in 100+")
    );
    let page = read(&out, "report.html");
    // The page says the option in words a reader knows, its id after them in code.
    let lever = page.split("The strongest lever: ").nth(1).expect("the lever on the page");
    assert!(lever.contains(&format!(" <code class=\"id\">{kind}</code>, ")), "{kind}");
    assert!(!lever.starts_with(kind), "{kind}: the words first");
    assert!(page.contains("chosen as the largest effect its interval supports"));
    let options = read(&out, "options.csv");
    let mut table = csv::Reader::from_reader(options.as_bytes());
    let header = table.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let row = table
        .records()
        .map(Result::unwrap)
        .find(|r| &r[0] == "random" && &r[col("kind")] == kind)
        .unwrap();
    for side in ["clusters_taken", "clusters_not_taken"] {
        assert!(row[col(side)].parse::<u64>().unwrap() >= 100, "{side}: {row:?}");
    }
    let (stdout, out) = run("2000");
    assert!(
        stdout.contains("options: no kind taken in 100+ deals and skipped in 100+"),
        "{stdout}"
    );
    assert!(read(&out, "report.html").contains("No option kind taken in 100 deals or more"));
}
