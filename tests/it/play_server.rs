//! `arena play`'s web server through the binary: refused hosts and origins, an
//! illegal move (HTTP 400), a double click (409, played once), a refresh (the same match),
//! request bodies that must not stop the table, and Ctrl-C (the trace so far kept). The
//! hidden-information search over every response is `play_server_secrets`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::Value;

use crate::play::records;

/// A running `arena play` server.
pub(crate) struct Server {
    child: Child,
    port: u16,
    /// The match's key, the first part of every path of the printed address.
    key: String,
    /// Its stderr, line by line, read on a thread of its own.
    err_lines: std::sync::mpsc::Receiver<String>,
}

impl Server {
    pub(crate) fn start(args: &[&str]) -> Server {
        Server::start_with(args, &[])
    }

    fn start_with(args: &[&str], env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arena"))
            .arg("play")
            .args(args)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let (port, key) = loop {
            let line = lines.next().expect("the server prints its address").unwrap();
            if let Some(rest) = line.split("http://127.0.0.1:").nth(1) {
                let mut parts = rest.split('/');
                let port = parts.next().unwrap().parse().unwrap();
                break (port, parts.next().unwrap().to_string());
            }
        };
        // Keep reading stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        let (send, err_lines) = std::sync::mpsc::channel();
        let err = BufReader::new(child.stderr.take().unwrap());
        std::thread::spawn(move || {
            for line in err.lines().map_while(Result::ok) {
                let _ = send.send(line);
            }
        });
        Server { child, port, key, err_lines }
    }

    /// Wait for a stderr line containing `text` (failing loudly after the event deadline).
    fn wait_for_line(&self, text: &str) {
        let deadline = std::time::Instant::now() + crate::common::EVENT_DEADLINE;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.err_lines.recv_timeout(left) {
                Ok(line) if line.contains(text) => return,
                Ok(_) => {}
                Err(e) => panic!("no line `{text}` on the server's stderr ({e:?})"),
            }
        }
    }

    /// Everything else the server says on stderr, once it has ended.
    fn rest_of_stderr(&self) -> String {
        self.err_lines.iter().map(|l| l + "\n").collect()
    }

    /// One request for `path` below the match's key; returns the status and the body.
    fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, String)],
        body: &str,
    ) -> (u16, String) {
        self.request_raw(method, &format!("/{}{path}", self.key), headers, body)
    }

    /// One request for `path` as given (without the key unless it says so).
    fn request_raw(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, String)],
        body: &str,
    ) -> (u16, String) {
        let mut s = self.connect();
        let mut req = format!(
            "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
            body.len()
        );
        let mut has_host = false;
        for (k, v) in headers {
            has_host |= k.eq_ignore_ascii_case("host");
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        if !has_host {
            req.push_str(&format!("Host: 127.0.0.1:{}\r\n", self.port));
        }
        req.push_str("\r\n");
        req.push_str(body);
        s.write_all(req.as_bytes()).unwrap();
        let mut response = String::new();
        s.read_to_string(&mut response).unwrap();
        let status = response[9..12].parse().unwrap();
        let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
        (status, body)
    }

    /// A new connection, whose reads give up after a while: a server that never answers
    /// fails the test rather than hanging it.
    fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(std::time::Duration::from_secs(30))).unwrap();
        s
    }

    pub(crate) fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path, &[], "")
    }

    pub(crate) fn post(&self, path: &str, body: &str) -> (u16, String) {
        let origin = format!("http://127.0.0.1:{}", self.port);
        self.request(
            "POST",
            path,
            &[("Origin", origin), ("Content-Type", "application/json".into())],
            body,
        )
    }

    /// Wait until the seat may move (or the match is over); the view. Fails loudly after
    /// the event deadline.
    pub(crate) fn my_turn(&self, seat: usize) -> Value {
        let deadline = std::time::Instant::now() + crate::common::EVENT_DEADLINE;
        loop {
            assert!(std::time::Instant::now() < deadline, "seat {seat}'s turn never came");
            let (status, body) = self.get(&format!("/api/seat/{seat}/view"));
            assert_eq!(status, 200, "{body}");
            let v: Value = serde_json::from_str(&body).unwrap();
            if v["yours"] == true || v.get("end").is_some() {
                return v;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// A tic-tac-toe match (seed 4, no pace) against greedy, saved in `dir`/ttt.json.
    pub(crate) fn tictactoe(dir: &Path) -> (Server, std::path::PathBuf) {
        Server::tictactoe_with(dir, &[])
    }

    /// [`Server::tictactoe`] with `env`.
    fn tictactoe_with(dir: &Path, env: &[(&str, &str)]) -> (Server, std::path::PathBuf) {
        let out = dir.join("ttt.json");
        let args = ["--game", "tictactoe", "--seed", "4", "--pace", "0", "--out"];
        let server = Server::start_with(&[&args[..], &[out.to_str().unwrap()]].concat(), env);
        (server, out)
    }

    /// Ctrl-C, and wait for the process to end.
    pub(crate) fn interrupt(mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        assert!(Command::new("kill").args(["-s", "INT", &pid]).status().unwrap().success());
        self.wait()
    }

    /// Wait for the server to end, failing loudly (and killing it) after the event deadline.
    fn wait(&mut self) -> std::process::ExitStatus {
        let deadline = std::time::Instant::now() + crate::common::EVENT_DEADLINE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the server did not end within the event deadline");
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

impl Drop for Server {
    /// A failed assertion never leaves a server running.
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[test]
fn the_server_refuses_other_hosts_and_origins_illegal_and_repeated_moves() {
    let dir = tempfile::tempdir().unwrap();
    let (server, out) = Server::tictactoe(dir.path());
    let port = server.port;
    // Another Host (DNS rebinding) or another site's Origin: 403, whatever the request.
    let (status, body) =
        server.request("GET", "/api/seat/0/view", &[("Host", format!("evil.example:{port}"))], "");
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("Host evil.example"), "{body}");
    let (status, body) = server.request(
        "POST",
        "/api/seat/0/move",
        &[("Origin", "http://evil.example".into())],
        r#"{"step":0,"choice":0}"#,
    );
    assert_eq!(status, 403, "{body}");
    assert!(server.my_turn(0)["step"] == 0, "the refused move was not played");
    // The page and a refresh: the same match.
    let (status, page) = server.get("/seat/0");
    assert_eq!(status, 200);
    assert!(
        page.contains("arena play") && !page.contains("http://") && !page.contains("https://"),
        "an offline page"
    );
    assert_eq!(server.get("/seat/1").0, 404, "seat 1 is the bot's");
    // Another site may not show the page in a frame and lure clicks onto its moves (the
    // page's own requests carry its own Origin).
    let mut s = server.connect();
    let key = &server.key;
    write!(s, "GET /{key}/seat/0 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut response = String::new();
    s.read_to_string(&mut response).unwrap();
    let head = response.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
    assert!(head.contains("x-frame-options: deny"), "{head}");
    let policy = head.lines().find(|l| l.starts_with("content-security-policy:")).unwrap();
    assert!(policy.contains("frame-ancestors 'none'"), "{head}");
    assert!(
        policy.contains("default-src 'none'") && policy.contains("script-src 'sha256-"),
        "{policy}"
    );
    assert!(!policy.contains("unsafe-eval") && !policy.contains("http"), "{policy}");
    // Without the match's key, or with another, nothing is served: another user of the
    // machine can reach the port but has not seen the printed address.
    for path in ["/seat/0", "/api/seat/0/view", "/0123456789abcdef0123456789abcdef/seat/0"] {
        let (status, body) = server.request_raw("GET", path, &[], "");
        assert_eq!(status, 404, "{path}: {body}");
        assert!(body.contains("the address arena play printed"), "{path}: {body}");
    }
    let (status, _) = server.request_raw("GET", &format!("/{key}x/seat/0"), &[], "");
    assert_eq!(status, 404, "a key with more after it");
    // Illegal moves: 400 with a message, nothing played.
    let (status, body) = server.post("/api/seat/0/move", r#"{"step":0,"choice":9}"#);
    assert_eq!(status, 400);
    assert!(body.contains("move 9 is not one of the 9 legal moves"), "{body}");
    let (status, body) = server.post("/api/seat/0/move", "not json");
    assert_eq!(status, 400, "{body}");
    // A double click: the same move twice; the second is refused as stale.
    assert_eq!(server.post("/api/seat/0/move", r#"{"step":0,"choice":4}"#).0, 200);
    let (status, body) = server.post("/api/seat/0/move", r#"{"step":0,"choice":4}"#);
    assert_eq!(status, 409, "{body}");
    let v = server.my_turn(0);
    let (_, again) = server.get("/api/seat/0/view");
    assert_eq!(
        serde_json::from_str::<Value>(&again).unwrap()["state_data"],
        v["state_data"],
        "a refresh shows the same match"
    );
    assert_eq!(v["step"], 2, "one move of the person and one of the bot, not two of the person");
    // Advice for the seat to move, computed on request.
    let (status, body) = server.post("/api/seat/0/advice", "");
    assert_eq!(status, 200, "{body}");
    let advice: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        advice["mcts_share"].as_array().unwrap().len(),
        v["legal"].as_array().unwrap().len()
    );
    // Ctrl-C: a clean stop, the trace so far kept.
    let status = server.interrupt();
    assert!(status.success(), "{status:?}");
    let records = records(&out);
    assert_eq!(records.len(), 4, "start, two moves, a stopped end");
    assert_eq!(records[3]["reason"], "stopped");
    assert_eq!(records[1]["action"], "X at row 2 column 2");
    assert_eq!(records.iter().filter(|r| r["bot"] == "human").count(), 1);
}

/// The play server's open descriptors (Linux: the entries of /proc/PID/fd).
fn open_descriptors(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).unwrap().count()
}

/// One local client must not stop the table, and no request may cost the server a socket:
/// a body declared far larger than memory (tiny_http, used before, allocated the unread rest
/// whole and aborted, and worked around, leaked the connection), a body declared and never
/// sent, `Expect: 100-continue`, a chunked body, a stranger's Host or Origin (refused before
/// the body is looked at), no key, a head that never ends, bytes that are not HTTP. Each is
/// answered with its refusal, and after 1,000 of them the server holds the descriptors it
/// held before and still plays.
#[test]
fn a_thousand_hostile_requests_leave_no_socket_open_and_the_table_playing() {
    let dir = tempfile::tempdir().unwrap();
    let (server, out) = Server::tictactoe(dir.path());
    let (port, key) = (server.port, server.key.clone());
    let pid = server.child.id();
    assert_eq!(server.get("/api/seat/0/view").0, 200);
    let before = open_descriptors(pid);
    let post = |host: &str, origin: &str, path: &str, extra: &str| {
        format!("POST {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n{extra}\r\n")
    };
    let (host, own) = (format!("127.0.0.1:{port}"), format!("http://127.0.0.1:{port}"));
    let mv = format!("/{key}/api/seat/0/move");
    let huge = "Content-Length: 100000000000000\r\n";
    // (what is sent, the status expected, or none for a client that sends nothing readable)
    let cases: Vec<(String, Option<&str>)> = vec![
        (post(&host, &own, &mv, huge), Some("413")),
        (post(&host, "http://evil.example", &mv, huge), Some("403")),
        (post("evil.example", &own, &mv, huge), Some("403")),
        (post(&host, &own, "/api/seat/0/move", huge), Some("404")),
        (post(&host, &own, &mv, "Content-Length: 2000\r\n"), Some("413")),
        (post(&host, &own, &mv, "Content-Length: 10\r\nExpect: 100-continue\r\n"), Some("413")),
        (post(&host, &own, &mv, "Transfer-Encoding: chunked\r\n"), Some("413")),
        (post(&host, &own, &mv, "Content-Length: -1\r\n"), Some("400")),
        (
            format!(
                "GET /{key}/seat/0 HTTP/1.1\r\nHost: {host}\r\nX: {}\r\n\r\n",
                "y".repeat(9000)
            ),
            Some("431"),
        ),
        ("\u{0}\u{1}garbage\r\n\r\n".to_string(), Some("400")),
        (String::new(), None),
        // A body declared and never sent: refused when the request's deadline passes.
        (post(&host, &own, &mv, "Content-Length: 10\r\n"), Some("408")),
    ];
    let started = std::time::Instant::now();
    for round in 0..1000 {
        let (text, status) = &cases[round % cases.len()];
        // The stalled body waits out its deadline: once is enough to show it.
        if status == &Some("408") && round >= cases.len() {
            continue;
        }
        let mut s = server.connect();
        s.write_all(text.as_bytes()).unwrap();
        if status != &Some("408") {
            let _ = s.shutdown(std::net::Shutdown::Write);
        }
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer);
        match status {
            Some(code) => assert!(
                answer.starts_with(&format!("HTTP/1.1 {code}")),
                "{}: {}",
                &text[..text.len().min(120)],
                &answer[..answer.len().min(300)]
            ),
            None => assert!(answer.is_empty(), "{answer}"),
        }
        if round % 100 == 0 {
            assert_eq!(server.get("/api/seat/0/view").0, 200, "answering after {round} requests");
        }
    }
    eprintln!("1,000 hostile requests in {:.1} s", started.elapsed().as_secs_f64());
    // Every connection's thread ends once its answer is written: wait for the count to come
    // back (an event, with a deadline), then hold the server to it.
    let deadline = std::time::Instant::now() + crate::common::EVENT_DEADLINE;
    let mut after = open_descriptors(pid);
    while after > before && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
        after = open_descriptors(pid);
    }
    eprintln!("open descriptors: {before} before, {after} after");
    assert!(after <= before, "{before} descriptors before 1,000 hostile requests, {after} after");
    let mut server = server;
    assert!(server.child.try_wait().unwrap().is_none(), "the server is still running");
    assert_eq!(server.post("/api/seat/0/move", r#"{"step":0,"choice":4}"#).0, 200);
    assert!(server.interrupt().success());
    assert_eq!(records(&out)[1]["action"], "X at row 2 column 2");
}

/// `--open` hands the browser a private file that forwards to the address, never the
/// address itself: a command's arguments are readable by every user of the machine, and the
/// address carries the match's key.
#[test]
fn open_keeps_the_key_out_of_the_browsers_arguments() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let seen = dir.path().join("opened");
    let opener = bin.join("xdg-open");
    std::fs::write(
        &opener,
        format!("#!/bin/sh\nprintf %s \"$1\" > {}.tmp\nmv {0}.tmp {0}\n", seen.display()),
    )
    .unwrap();
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let out = dir.path().join("ttt.json");
    let args = ["--game", "tictactoe", "--seed", "4", "--pace", "0", "--open", "--out"];
    let server =
        Server::start_with(&[&args[..], &[out.to_str().unwrap()]].concat(), &[("PATH", &path)]);
    let deadline = std::time::Instant::now() + crate::common::EVENT_DEADLINE;
    while !seen.exists() {
        assert!(std::time::Instant::now() < deadline, "the browser was never opened");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let argument = std::fs::read_to_string(&seen).unwrap();
    assert!(!argument.contains(&server.key), "the key in the opener's arguments: {argument}");
    let page = std::path::Path::new(&argument);
    let mode = std::fs::metadata(page).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{argument}");
    let folder = std::fs::metadata(page.parent().unwrap()).unwrap().permissions().mode() & 0o777;
    assert_eq!(folder, 0o700);
    let html = std::fs::read_to_string(page).unwrap();
    assert!(html.contains(&format!("127.0.0.1:{}/{}/seat/0", server.port, server.key)), "{html}");
    assert!(server.interrupt().success());
    assert!(!page.exists(), "the forwarding page is removed when the server stops");
}

/// Strangers who connect and send nothing (or half a request) hold no slot the page
/// needs: with far more idle connections open than the server handles at once, the page's
/// requests, which carry the key, are still answered.
#[test]
fn idle_strangers_cannot_crowd_out_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let (server, _out) = Server::tictactoe(dir.path());
    let mut idle = Vec::new();
    for k in 0..100 {
        let mut s = server.connect();
        if k % 2 == 0 {
            s.write_all(b"GET /seat/0 HTTP/1.1\r\nHost: 127.0.0.1").unwrap();
        }
        idle.push(s);
    }
    for _ in 0..5 {
        let (status, body) = server.get("/api/seat/0/view");
        assert_eq!(status, 200, "{body}");
    }
}

/// A second Ctrl-C while a bot is thinking ends the server at once (exit code 130), and says
/// what it means for this command: every step played is in the trace already. (It said a
/// run's words: matches lost since the last checkpoint, `--resume`.)
#[test]
fn a_second_ctrl_c_stops_at_once_and_says_the_trace_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("love.json");
    let mut server = Server::start_with(
        &[
            "--game",
            "love-actually",
            "--seat",
            "3",
            "--bots",
            "mcts:iterations=100000000",
            "--pace",
            "0",
            "--out",
            out.to_str().unwrap(),
        ],
        &[("ARENA_FAILPOINT", "play:bot-decides:say")],
    );
    // Seat 0's bot starts a search far longer than this test lasts.
    server.wait_for_line("arena: at play:bot-decides");
    let pid = server.child.id().to_string();
    assert!(Command::new("kill").args(["-s", "INT", &pid]).status().unwrap().success());
    // The first is taken (and said) before the second is sent: two signals pending at once
    // would be one.
    server.wait_for_line("a second signal stops at once");
    assert!(Command::new("kill").args(["-s", "INT", &pid]).status().unwrap().success());
    let status = server.wait();
    assert_eq!(status.code(), Some(130));
    let err = server.rest_of_stderr();
    assert!(err.contains("second stop signal"), "{err}");
    assert!(!err.contains("--resume") && !err.contains("checkpoint"), "{err}");
    assert!(err.contains("the trace keeps every step played"), "{err}");
    let records = records(&out);
    assert_eq!(records[0]["event"], "start");
    assert_eq!(records.last().unwrap()["stopped"], true);
}
