//! Helpers shared by the integration tests that drive the real binary.
// Not every helper is used by every build of the tests.
#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// Run the `arena` binary built for this test run (see [`output_within`]).
pub fn arena(args: &[&str]) -> Output {
    output_within(Command::new(env!("CARGO_BIN_EXE_arena")).args(args))
}

/// `cmd`'s output as `Command::output` gives it (stdin empty, stdout and stderr captured),
/// except that a process still running after [`EVENT_DEADLINE`] is killed and the test fails
/// loudly, naming it, instead of hanging.
pub fn output_within(cmd: &mut Command) -> Output {
    let what = format!("{cmd:?}");
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    wait_within(child, &what)
}

/// Wait for `child` (its stdout and stderr piped, each read on a thread of its own so that
/// neither fills), failing loudly after [`EVENT_DEADLINE`]; `what` names it.
pub fn wait_within(mut child: Child, what: &str) -> Output {
    fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    let (out, err) = (drain(child.stdout.take()), drain(child.stderr.take()));
    let deadline = std::time::Instant::now() + EVENT_DEADLINE;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for a child") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not end within {EVENT_DEADLINE:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    Output { status, stdout: out.join().unwrap(), stderr: err.join().unwrap() }
}

/// A run folder's file as text.
pub fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Every file a run writes from its results (the manifest records times, so it differs).
pub const RESULT_FILES: [&str; 14] = [
    "seats.csv",
    "balance.csv",
    "bots.csv",
    "ratings.csv",
    "difference.csv",
    "pairing.csv",
    "shape.csv",
    "lengths.csv",
    "histograms.csv",
    "metrics.csv",
    "failures.csv",
    "matches.csv",
    "verdict.txt",
    "COLUMNS.md",
];

/// The two run folders hold byte-identical result files. difference.csv exists only for
/// two-bot lineups with paired seating; every other file must be there.
pub fn assert_same_results(a: &Path, b: &Path) {
    for file in RESULT_FILES {
        let (x, y) = (a.join(file), b.join(file));
        assert_eq!(x.exists(), y.exists(), "{file} in one of {} and {}", a.display(), b.display());
        assert!(x.exists() || file == "difference.csv", "no {file} in {}", a.display());
        if x.exists() {
            assert_eq!(
                std::fs::read(&x).unwrap(),
                std::fs::read(&y).unwrap(),
                "{file} differs between {} and {}",
                a.display(),
                b.display()
            );
        }
    }
}

/// `arena run ARGS --per-match --quiet` on 1 and on 2 threads, into `dir/TAG-1` and
/// `dir/TAG-2`; both must succeed.
pub fn run_on_1_and_2_threads(dir: &Path, tag: &str, args: &[&str]) -> [PathBuf; 2] {
    ["1", "2"].map(|threads| {
        let out = dir.join(format!("{tag}-{threads}"));
        let mut full = vec!["run"];
        full.extend(args);
        full.extend(["--threads", threads, "--per-match", "--quiet", "--out"]);
        full.push(out.to_str().unwrap());
        let o = arena(&full);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        out
    })
}

/// A command's stderr as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A command's stdout as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Bad input's contract: exit code 2, one line on stderr containing every `expect`, no panic.
pub fn assert_refused(o: &Output, expect: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "not one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for e in expect {
        assert!(err.contains(e), "`{e}` not in: {err}");
    }
}

/// The two shard folders of `command` (`--shard 0/2` and `1/2`, quiet) under `tmp`, each
/// asserted to finish.
pub fn shard_dirs(tmp: &Path, command: &[&str]) -> Vec<PathBuf> {
    (0..2)
        .map(|i| {
            let dir = tmp.join(format!("shard{i}"));
            let shard = format!("{i}/2");
            let mut args = command.to_vec();
            args.extend(["--quiet", "--shard", &shard, "--out", dir.to_str().unwrap()]);
            let o = arena(&args);
            assert!(o.status.success(), "{}", stderr(&o));
            dir
        })
        .collect()
}

/// How long a test waits for an event (a line, a file, a process's end) before it fails
/// loudly: long enough for a loaded 2-core machine, and never part of a verdict.
pub const EVENT_DEADLINE: std::time::Duration = std::time::Duration::from_secs(180);

/// A running `arena` whose stderr is read on a thread of its own, so that a test can wait
/// for a line (with a deadline) and still have the whole of stderr at the end. Dropped while
/// still running (a failed assertion), the process is killed, never left holding a folder.
pub struct Running {
    child: Child,
    lines: std::sync::mpsc::Receiver<String>,
    stderr: Option<std::thread::JoinHandle<String>>,
    stdout: Option<std::thread::JoinHandle<String>>,
}

/// Start `arena ARGS` with `env`, stdout and stderr piped.
pub fn start(args: &[&str], env: &[(&str, &str)]) -> Running {
    start_in(Path::new("."), args, env)
}

/// [`start`] in the folder `dir`.
pub fn start_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Running {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arena"))
        .current_dir(dir)
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start arena");
    let (send, lines) = std::sync::mpsc::channel();
    let err = std::io::BufReader::new(child.stderr.take().unwrap());
    let stderr = std::thread::spawn(move || {
        let mut all = String::new();
        for line in err.lines().map_while(Result::ok) {
            let _ = send.send(line.clone());
            all.push_str(&line);
            all.push('\n');
        }
        all
    });
    let mut out = child.stdout.take().unwrap();
    let stdout = std::thread::spawn(move || {
        let mut all = String::new();
        let _ = out.read_to_string(&mut all);
        all
    });
    Running { child, lines, stderr: Some(stderr), stdout: Some(stdout) }
}

/// Start `arena ARGS` held at block boundary `n` (`ARENA_FAILPOINT=boundary:N:KIND`, see
/// `session::signals::stop_at_boundary`) and return once it says it is held there.
pub fn start_held(args: &[&str], n: u64, kind: &str) -> Running {
    let hook = format!("boundary:{n}:{kind}");
    let mut running = start(args, &[("ARENA_FAILPOINT", &hook)]);
    running.wait_for_line(&format!("arena: held at boundary {n}"));
    running
}

impl Running {
    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Wait for a stderr line containing `text`; fails loudly after [`EVENT_DEADLINE`] or if
    /// stderr closes first.
    pub fn wait_for_line(&mut self, text: &str) -> String {
        let deadline = std::time::Instant::now() + EVENT_DEADLINE;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.contains(text) => return line,
                Ok(_) => {}
                Err(e) => panic!("no line `{text}` on arena's stderr ({e:?})"),
            }
        }
    }

    /// Send signal `name` (TERM, INT, KILL) to the process.
    pub fn signal(&self, name: &str) {
        let pid = self.child.id().to_string();
        let ok = Command::new("kill").args(["-s", name, &pid]).status().expect("kill");
        assert!(ok.success(), "kill -s {name} {pid}");
    }

    /// Wait for the process to end (with the deadline): its exit code (None for a signal),
    /// stdout and stderr.
    pub fn finish(mut self) -> (Option<i32>, String, String) {
        let deadline = std::time::Instant::now() + EVENT_DEADLINE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait for arena") {
                break status;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "arena did not end within {EVENT_DEADLINE:?}"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        let err = self.stderr.take().unwrap().join().unwrap();
        let out = self.stdout.take().unwrap().join().unwrap();
        (status.code(), out, err)
    }

    /// Kill the process (as `kill -9`) and wait for it.
    pub fn kill(mut self) {
        self.child.kill().expect("kill arena");
        self.child.wait().expect("wait for arena");
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// `arena COMMAND --quiet ARGS --out TMP/NAME`, asserted to succeed: the folder.
pub fn finished(tmp: &Path, name: &str, command: &str, args: &[&str]) -> PathBuf {
    let dir = tmp.join(name);
    let mut full = vec![command, "--quiet"];
    full.extend(args);
    full.extend(["--out", dir.to_str().unwrap()]);
    let o = arena(&full);
    assert!(o.status.success(), "{full:?}: {}", stderr(&o));
    dir
}

/// Every file under `root`, by its path relative to `root`, sorted.
pub fn files_under(root: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.push(p.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    let mut files = Vec::new();
    walk(root, root, &mut files);
    files.sort();
    files
}

/// stdout with each wrapped line put back together: a line that continues the one before is
/// indented 4 spaces past that line's first part (`output::console::wrap`).
pub fn unwrapped(text: &str) -> String {
    let mut out: Vec<(usize, String)> = Vec::new();
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        match out.last_mut() {
            Some((first, whole)) if indent == *first + 4 && !line.trim().is_empty() => {
                whole.push(' ');
                whole.push_str(line.trim());
            }
            _ => out.push((indent, line.to_string())),
        }
    }
    out.into_iter().map(|(_, l)| l + "\n").collect()
}

/// Every registered game with a player count for a test that plays each: its usual count,
/// or the one `fewer` gives it (a test that keeps a slow game small). Read from the
/// registry, so a new game is tested here as soon as it is registered.
pub fn every_game(fewer: &[(&str, usize)]) -> Vec<(&'static str, String)> {
    arena::games::GAMES
        .iter()
        .map(|e| {
            let players = fewer
                .iter()
                .find(|(g, _)| *g == e.name)
                .map_or_else(|| e.default_game().default_players(), |(_, p)| *p);
            (e.name, players.to_string())
        })
        .collect()
}

/// What `bot` (a profile string) decides in `s`, a decision position, from generator `seed`:
/// the no-peeking tests compare it across states that differ only in what the mover cannot
/// know.
pub fn decide<G: arena::core::Game>(g: &G, bot: &str, s: &G::State, seed: u64) -> G::Action {
    let arena::core::Turn::Player(seat) = g.turn(s) else { panic!("not a decision") };
    let mut legal = Vec::new();
    g.legal_actions(s, &mut legal);
    let mut b = arena::bots::Bot::from_spec(&arena::bots::profile::parse_one(bot).unwrap());
    b.choose(g, s, seat, &legal, &mut arena::core::derive_rng(seed, 0, 1))
}
