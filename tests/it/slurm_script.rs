//! `scripts/slurm/submit.sh` checks everything it can before anything is
//! queued: the arena flags (with the binary), a comma in `--out`, a missing option value, a
//! missing `sbatch`; `--help` works; `test-local.sh` is executable.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm").join(name)
}

/// Run submit.sh with `bin` first on PATH (a fake `sbatch` that logs its calls), then the
/// system's folders; `bin` alone when it is the machine's commands without sbatch.
fn submit(bin: &Path, args: &[&str]) -> Output {
    let path = if bin.ends_with("no-sbatch") {
        bin.display().to_string()
    } else {
        format!("{}:/usr/bin:/bin", bin.display())
    };
    crate::common::output_within(
        Command::new("bash")
            .arg(script("submit.sh"))
            .args(args)
            .env("PATH", path)
            .env("ARENA", env!("CARGO_BIN_EXE_arena")),
    )
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn slurm_submit_checks_everything_before_it_submits() {
    let tmp = tempfile::tempdir().unwrap();
    // The machine's commands without sbatch (a machine that ran the Slurm test has a real one
    // in /usr/bin): a link to every other command of /usr/bin and /bin.
    let empty = tmp.path().join("no-sbatch");
    let fake = tmp.path().join("fake");
    std::fs::create_dir_all(&empty).unwrap();
    for dir in ["/bin", "/usr/bin"] {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let link = empty.join(&name);
            if name != "sbatch" && !link.exists() {
                let _ = std::os::unix::fs::symlink(entry.path(), link);
            }
        }
    }
    std::fs::create_dir_all(&fake).unwrap();
    let calls = tmp.path().join("calls");
    let sbatch = fake.join("sbatch");
    std::fs::write(&sbatch, format!("#!/bin/sh\necho \"$@\" >> {}\necho 42\n", calls.display()))
        .unwrap();
    std::fs::set_permissions(&sbatch, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = |name: &str| tmp.path().join(name).to_str().unwrap().to_string();

    let o = submit(&fake, &["--help"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("job array"));
    let o = submit(&fake, &["--shards"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("--shards needs a value") && !err(&o).contains("unbound"),
        "{}",
        err(&o)
    );
    // No sbatch: refused before any folder is made.
    let o = submit(&empty, &["--shards", "2", "--out", &out("a"), "--", "--game", "pig"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("no sbatch on PATH"), "{}", err(&o));
    assert!(!tmp.path().join("a").exists());
    // Flags arena refuses are refused here, with arena's message, and nothing is queued.
    for flags in [&["--game", "nosuchgame"][..], &["--game", "pig", "--until-ci", "0.01"]] {
        let b = out("b");
        let mut args = vec!["--shards", "2", "--out", &b, "--"];
        args.extend(flags);
        let o = submit(&fake, &args);
        assert_eq!(o.status.code(), Some(2), "{flags:?}: {}", err(&o));
        assert!(err(&o).contains("arena refuses these run flags"), "{}", err(&o));
    }
    let o = submit(&fake, &["--shards", "2", "--out", &out("x,y"), "--", "--game", "pig"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("comma"), "{}", err(&o));
    assert!(!calls.exists(), "nothing was submitted");
    // Good flags are submitted: the array, then the merge.
    let o = submit(&fake, &["--shards", "2", "--out", &out("ok"), "--", "--game", "pig"]);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(std::fs::read_to_string(&calls).unwrap().lines().count(), 2);
}

#[test]
fn slurm_test_local_is_executable() {
    let mode = std::fs::metadata(script("test-local.sh")).unwrap().permissions().mode();
    assert!(mode & 0o111 != 0, "scripts/slurm/test-local.sh is not executable");
}
