//! `arena tune`'s search says when its steps were too small to mean anything: a proposal
//! from steps whose noise swamps the objective's change (a 2 worth 5, a 1 and a 4 worth 1,
//! from 2,000-match steps) would otherwise look as sound as any other.

use crate::common::{arena, read, stderr, stdout, unwrapped};

/// A small tuning of 3-player DARDZ with random bots and `objective`, its search of
/// `iterations` steps of `step_matches`; stdout (unwrapped) and the folder's verdict.txt.
fn tune(
    dir: &std::path::Path,
    objective: &str,
    iterations: &str,
    step_matches: &str,
) -> (String, String) {
    let out = dir.join(objective.replace([':', '='], "-"));
    let o = arena(&[
        "tune",
        "--game",
        "dardz",
        "--players",
        "3",
        "--bots",
        "random",
        "--matches",
        "1500",
        "--confirm-matches",
        "600",
        "--objective",
        objective,
        "--iterations",
        iterations,
        "--step-matches",
        step_matches,
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    (unwrapped(&stdout(&o)), read(&out, "verdict.txt"))
}

#[test]
fn tune_warns_when_its_steps_are_too_small_and_not_when_they_tell_the_values_apart() {
    let dir = tempfile::tempdir().unwrap();
    // Seat balance from 90-match steps: the seats' shares move by far less than their noise.
    let (text, verdict) = tune(dir.path(), "balance", "8", "90");
    let warning = "Warning: the search's steps were too small to tell the values apart: each step's objective moved by ";
    let line = text.lines().find(|l| l.trim_start().starts_with(warning)).unwrap_or_else(|| {
        panic!("no warning on stdout:\n{text}");
    });
    assert!(line.contains(" while its noise was about ") && line.contains(" pp; "), "{line}");
    assert!(
        line.contains(" matches per step") && line.contains(" would do (--step-matches)"),
        "{line}"
    );
    // Beside the objective's column, before the confirmation.
    let (at, confirmation) =
        (text.find(warning).unwrap(), text.find("confirmation on seed").unwrap());
    assert!(at < confirmation, "{text}");
    // verdict.txt says it first, with its method.
    assert!(verdict.starts_with(warning), "{verdict}");
    assert!(verdict.lines().next().unwrap().contains("each played as two halves"), "{verdict}");
    assert!(
        verdict.contains("Largest seat deviation"),
        "the confirmation's conclusion too: {verdict}"
    );

    // The mean length far from a target of 10 turns: every step's change stands well above
    // its noise, and nothing is said on stdout.
    let (text, verdict) = tune(dir.path(), "length=10", "4", "600");
    assert!(!text.contains("Warning"), "{text}");
    assert!(
        verdict.starts_with(
            "The search's steps told their values apart: each step's objective moved by about "
        ),
        "{verdict}"
    );
    assert!(
        verdict.lines().next().unwrap().contains(" turns while its noise was about "),
        "{verdict}"
    );
}
