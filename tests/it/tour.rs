//! The README's tour runs as written (issue 30, item 6): its command block, taken from
//! README.md itself, runs in order in a fresh folder holding what a clone holds (`configs/`,
//! `bots/`), with `arena` on the PATH, so every command must create what the next one reads.
//! Match counts are scaled down by `ARENA_SCALE`, which the tour documents; the text is not
//! edited.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The first ```sh block after the "## A short tour" heading.
fn tour_block(readme: &str) -> String {
    let after = readme.split("## A short tour").nth(1).expect("README has a tour");
    let start = after.find("```sh\n").expect("the tour has a sh block") + "```sh\n".len();
    let len = after[start..].find("```").expect("the block closes");
    after[start..start + len].to_string()
}

#[test]
fn the_readme_tour_runs_in_order_on_a_fresh_clone() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let block = tour_block(&readme);
    assert!(block.contains("arena trace --from results/pig"), "{block}");
    let section = readme.split("## A short tour").nth(1).unwrap().split("\n## ").next().unwrap();
    assert!(section.contains("`ARENA_SCALE=0.001`"), "the tour documents its scaling");
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_arena"), bin.path().join("arena")).unwrap();
    let path = format!("{}:{}", bin.path().display(), std::env::var("PATH").unwrap_or_default());
    let clone = tempfile::tempdir().unwrap();
    for dir in ["configs", "bots"] {
        std::os::unix::fs::symlink(root.join(dir), clone.path().join(dir)).unwrap();
    }
    let started = Instant::now();
    let out = crate::common::output_within(
        Command::new("bash")
            .args(["-e", "-o", "pipefail", "-c", &block])
            .current_dir(clone.path())
            .env("PATH", &path)
            .env("ARENA_SCALE", "0.001"),
    );
    // Not asserted (no timed tests): the time a reader of the test log sees.
    println!("the tour took {:.1} s", started.elapsed().as_secs_f64());
    assert!(
        out.status.success(),
        "the tour failed ({}):\n{block}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    for made in ["results/pig", "results/trice-try", "results/dz/report.html"] {
        assert!(clone.path().join(made).exists(), "the tour made no {made}");
    }
}
