//! The README's tour runs as written: its command block, taken from README.md itself, runs
//! in order in a fresh folder holding what a clone holds (`configs/`, `bots/`) and what the
//! README's first command built (`target/release/arena`), so every command must create what
//! the next one reads. `arena` is found only where the step just before the block puts it on
//! the PATH (the checkout's `target/release`, the only directory there), so the tour cannot
//! lean on anything a reader who followed the README lacks, nor on a second build. Match
//! counts are scaled down by `ARENA_SCALE`, which the tour documents; the text is not edited.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The step a reader runs before the tour: the release binary the README's first command
/// built goes on the PATH, with no second build (a user's `cargo install` rebuilt it all, 8
/// minutes on a busy machine).
const ON_THE_PATH: &str = "export PATH=\"$PWD/target/release:$PATH\"";

/// The README's tour section: from its heading to the next.
fn tour_section(readme: &str) -> &str {
    let after = readme.split("## A short tour").nth(1).expect("README has a tour");
    after.split("\n## ").next().unwrap()
}

/// The ```sh blocks of `text`, in order.
fn sh_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("```sh\n") {
        let body = &rest[start + "```sh\n".len()..];
        let len = body.find("```").expect("the block closes");
        blocks.push(body[..len].to_string());
        rest = &body[len + 3..];
    }
    blocks
}

#[test]
fn the_readme_tour_runs_in_order_on_a_fresh_clone() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let section = tour_section(&readme);
    let blocks = sh_blocks(section);
    // First the PATH step, alone in its block, then the tour.
    assert!(blocks.len() >= 2, "the tour has a PATH block and a command block");
    assert_eq!(blocks[0].trim(), ON_THE_PATH, "the binary goes on the PATH before the tour");
    assert!(section.contains("`target/release/arena`"), "the README says which binary");
    assert!(section.contains("cargo test"), "the README says what the test build costs");
    let block = &blocks[1];
    assert!(block.starts_with("arena games"), "{block}");
    assert!(block.contains("arena trace --from results/pig"), "{block}");
    assert!(section.contains("`ARENA_SCALE=0.001`"), "the tour documents its scaling");

    // What the README's first command leaves: the release binary at target/release/arena
    // (this test's build of the same source stands in for it). The PATH holds nothing until
    // the README's step puts that folder there: the tour may use only shell built-ins and
    // arena.
    let home = tempfile::tempdir().unwrap();
    let clone = tempfile::tempdir().unwrap();
    let bin = clone.path().join("target/release");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_arena"), bin.join("arena")).unwrap();
    for dir in ["configs", "bots"] {
        std::os::unix::fs::symlink(root.join(dir), clone.path().join(dir)).unwrap();
    }
    let started = Instant::now();
    let script = format!("{}\n{block}", blocks[0]);
    let out = crate::common::output_within(
        Command::new("/bin/bash")
            .args(["-e", "-o", "pipefail", "-c", &script])
            .current_dir(clone.path())
            .env_clear()
            .env("HOME", home.path())
            .env("PATH", "/nonexistent")
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

#[test]
fn the_block_reader_finds_each_block_in_order() {
    let text = "## A short tour\nintro\n```sh\none\n```\nmid\n```sh\ntwo\nthree\n```\n## Next\n```sh\nno\n```\n";
    let section = tour_section(text);
    assert_eq!(sh_blocks(section), ["one\n", "two\nthree\n"]);
}
