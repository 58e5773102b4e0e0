//! The README's tour runs as written: its command block, taken from README.md itself, runs
//! in order in a fresh folder holding what a clone holds (`configs/`, `bots/`), so every
//! command must create what the next one reads. `arena` is found only where the install step
//! just before the block puts it (`~/.cargo/bin`, the only directory on the PATH), so the tour
//! cannot lean on anything a reader who followed the README lacks. Match counts are scaled
//! down by `ARENA_SCALE`, which the tour documents; the text is not edited.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The install step a reader runs before the tour (it builds the release binary, minutes of
/// work, so the test checks the text and places the built binary where it would land).
const INSTALL: &str = "cargo install --path . --locked";

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
    // First the install step, alone in its block, then the tour.
    assert!(blocks.len() >= 2, "the tour has an install block and a command block");
    assert_eq!(blocks[0].trim(), INSTALL, "the install step comes before the tour");
    assert!(section.contains("`~/.cargo/bin`"), "the README says where the install puts arena");
    assert!(section.contains("first build"), "the README says how long the first build takes");
    let block = &blocks[1];
    assert!(block.starts_with("arena games"), "{block}");
    assert!(block.contains("arena trace --from results/pig"), "{block}");
    assert!(section.contains("`ARENA_SCALE=0.001`"), "the tour documents its scaling");

    // What the install step leaves: the release binary as ~/.cargo/bin/arena (this test's
    // build of the same source stands in for it), and that directory on the PATH. Nothing
    // else is on the PATH: the tour may use only shell built-ins and arena.
    let home = tempfile::tempdir().unwrap();
    let bin = home.path().join(".cargo/bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_arena"), bin.join("arena")).unwrap();
    let clone = tempfile::tempdir().unwrap();
    for dir in ["configs", "bots"] {
        std::os::unix::fs::symlink(root.join(dir), clone.path().join(dir)).unwrap();
    }
    let started = Instant::now();
    let out = crate::common::output_within(
        Command::new("/bin/bash")
            .args(["-e", "-o", "pipefail", "-c", block])
            .current_dir(clone.path())
            .env_clear()
            .env("HOME", home.path())
            .env("PATH", &bin)
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
