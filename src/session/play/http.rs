//! The small HTTP/1.1 server under `arena play`: it reads requests from this machine's
//! browser with hard limits and hands only well-formed, addressed requests to the table.
//!
//! Written here rather than taken from a crate because the limits are the point: tiny_http
//! (used before) reads the rest of a refused request's body when the request is dropped,
//! into a buffer of the declared size, so a made-up `Content-Length` either aborted the
//! process or, worked around, leaked the connection. Here every connection lives on a
//! thread of its own with a deadline, at most [`MAX_CONNECTIONS`] at once (a keyless one
//! gives way to a newcomer when all are taken, see [`Slots`]); a body is read
//! only when it is small and declared; nothing is read after the answer but a bounded
//! drain; and every connection is closed after one answer. The table's thread sees a
//! request only once its Host, Origin, key and body have been checked, so no client can
//! make it wait.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::core::suggest::clipped;

/// The largest request body read (a move is a few bytes).
pub const MAX_BODY: usize = 1024;
/// The largest request line and headers read.
const MAX_HEAD: usize = 8 * 1024;
/// Connections handled at once; more are closed unanswered until one ends.
const MAX_CONNECTIONS: usize = 32;
/// How long a client has to send its whole request (a local browser needs milliseconds).
const REQUEST_DEADLINE: Duration = Duration::from_secs(1);
/// How long an answer may wait for the table's thread (a bot may be thinking).
const ANSWER_DEADLINE: Duration = Duration::from_secs(120);
/// What is read and thrown away after answering a request whose body was not read, so that
/// closing does not reset the connection before the client reads the answer.
const MAX_DRAIN: usize = 64 * 1024;

/// A response: status, content type, body, and the page's Content-Security-Policy.
pub struct Reply {
    pub status: u16,
    pub kind: &'static str,
    pub body: String,
    pub policy: String,
}

impl Reply {
    /// A JSON reply of any record (a view, the advice, an error).
    pub fn json<T: serde::Serialize + ?Sized>(status: u16, value: &T) -> Self {
        match serde_json::to_string(value) {
            Ok(body) => Reply {
                status,
                kind: "application/json",
                body,
                policy: crate::report::html::POLICY_NO_PAGE.to_string(),
            },
            Err(e) => Reply::error(500, &format!("the reply cannot be written as JSON: {e}")),
        }
    }
    pub fn error(status: u16, message: &str) -> Self {
        Self::json(status, &serde_json::json!({ "error": message }))
    }
}

/// A request that passed every check: its method, its path below the key, its body.
pub struct Checked {
    pub method: String,
    pub path: String,
    pub body: String,
}

/// A checked request for the table, and where its answer goes.
pub struct Incoming {
    pub request: Checked,
    answer: Sender<Reply>,
}

impl Incoming {
    /// Answer the request (a client that went away is no error of the match).
    pub fn answer(self, reply: Reply) {
        let _ = self.answer.send(reply);
    }
}

/// Who may ask: the server's own Host names and Origins, and the match's key, the first
/// part of every path.
pub struct Own {
    hosts: [String; 2],
    origins: [String; 2],
    key: String,
}

impl Own {
    fn new(port: u16, key: String) -> Self {
        Own {
            hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
            origins: [format!("http://127.0.0.1:{port}"), format!("http://localhost:{port}")],
            key,
        }
    }
}

/// The listening server: requests that passed every check arrive on [`Self::next`].
pub struct HttpServer {
    pub port: u16,
    pub key: String,
    requests: Receiver<Incoming>,
}

impl HttpServer {
    /// Listen on a free port of 127.0.0.1 under a new random key.
    pub fn start() -> anyhow::Result<HttpServer> {
        let listener = TcpListener::bind("127.0.0.1:0")
            .map_err(|e| anyhow::anyhow!("starting the web server on 127.0.0.1: {e}"))?;
        let port = listener.local_addr()?.port();
        let key = new_key()?;
        let own = Arc::new(Own::new(port, key.clone()));
        // A bounded queue: a flood of good requests waits in its connections' threads.
        let (send, requests) = sync_channel(MAX_CONNECTIONS);
        std::thread::Builder::new()
            .name("play-accept".into())
            .spawn(move || accept_loop(listener, own, send))?;
        Ok(HttpServer { port, key, requests })
    }

    /// The next checked request, waiting at most `wait`; `None` when there was none.
    pub fn next(&self, wait: Duration) -> Option<Incoming> {
        self.requests.recv_timeout(wait).ok()
    }
}

/// 128 random bits from the operating system, as hex: the part of the printed address that
/// another local user cannot guess.
fn new_key() -> anyhow::Result<String> {
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| anyhow::anyhow!("reading /dev/urandom for the match's key: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// One connection being handled: a handle to close it by, and whether it has shown the
/// match's key.
struct Slot {
    id: u64,
    stream: TcpStream,
    keyed: Arc<AtomicBool>,
}

/// The connections being handled, oldest first. When every slot is taken, the oldest
/// connection that has not shown the match's key is closed to make room: clients without
/// the key (another user of the machine, a flood) cannot crowd out the page, whose every
/// request carries the key.
#[derive(Default)]
struct Slots {
    live: Mutex<Vec<Slot>>,
}

impl Slots {
    /// Take a slot for `stream`, closing a keyless one if all are taken; `None` when every
    /// slot holds a keyed request (the newcomer is closed unanswered; the page retries).
    fn take(&self, id: u64, stream: &TcpStream) -> Option<Arc<AtomicBool>> {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        if live.len() >= MAX_CONNECTIONS {
            let oldest = live.iter().position(|s| !s.keyed.load(Ordering::SeqCst))?;
            let _ = live.remove(oldest).stream.shutdown(Shutdown::Both);
        }
        let keyed = Arc::new(AtomicBool::new(false));
        let handle = stream.try_clone().ok()?;
        live.push(Slot { id, stream: handle, keyed: keyed.clone() });
        Some(keyed)
    }

    fn leave(&self, id: u64) {
        self.live.lock().unwrap_or_else(|e| e.into_inner()).retain(|s| s.id != id);
    }
}

/// Gives its slot back when its connection's thread ends, however it ends.
struct Leave(Arc<Slots>, u64);

impl Drop for Leave {
    fn drop(&mut self) {
        self.0.leave(self.1);
    }
}

fn accept_loop(listener: TcpListener, own: Arc<Own>, send: SyncSender<Incoming>) {
    let slots = Arc::new(Slots::default());
    for (id, stream) in (0u64..).zip(listener.incoming()) {
        let Ok(stream) = stream else { continue };
        let Some(keyed) = slots.take(id, &stream) else { continue };
        let (own, send, leave) = (own.clone(), send.clone(), Leave(slots.clone(), id));
        // A thread that cannot be made drops its closure: the stream closes, the slot is
        // given back.
        let _ = std::thread::Builder::new().name("play-conn".into()).spawn(move || {
            let _leave = leave;
            connection(stream, &own, &send, &keyed);
        });
    }
}

/// One connection: read and check its request, pass it on or refuse it, answer, close.
fn connection(mut stream: TcpStream, own: &Own, send: &SyncSender<Incoming>, keyed: &AtomicBool) {
    let deadline = Instant::now() + REQUEST_DEADLINE;
    let (reply, body_unread) = match read_request(&mut stream, own, deadline, keyed) {
        Ok(request) => {
            let (answer, answered) = channel();
            if send.send(Incoming { request, answer }).is_err() {
                return; // the server is stopping
            }
            match answered.recv_timeout(ANSWER_DEADLINE) {
                Ok(reply) => (reply, false),
                Err(_) => (Reply::error(503, "the table did not answer in time"), false),
            }
        }
        Err(Refused { reply: Some(reply), body_unread }) => (reply, body_unread),
        Err(Refused { reply: None, .. }) => return,
    };
    write_reply(&mut stream, &reply);
    let _ = stream.shutdown(Shutdown::Write);
    if body_unread {
        drain(&mut stream);
    }
}

/// A request refused before the table saw it: the answer (none for a client that sent
/// nothing readable), and whether its body is left unread.
struct Refused {
    reply: Option<Reply>,
    body_unread: bool,
}

fn refuse(status: u16, message: &str) -> Refused {
    Refused { reply: Some(Reply::error(status, message)), body_unread: true }
}

fn read_request(
    stream: &mut TcpStream,
    own: &Own,
    deadline: Instant,
    keyed: &AtomicBool,
) -> Result<Checked, Refused> {
    let mut buffer = Vec::with_capacity(1024);
    let head_end = loop {
        if let Some(at) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        if buffer.len() >= MAX_HEAD {
            return Err(refuse(431, &format!("a request's head is at most {MAX_HEAD} bytes")));
        }
        let mut chunk = [0u8; 1024];
        match read_until(stream, &mut chunk, deadline) {
            Some(0) | None if buffer.is_empty() => {
                return Err(Refused { reply: None, body_unread: false });
            }
            Some(0) | None => return Err(refuse(408, "the request ended before its headers did")),
            Some(n) => buffer.extend_from_slice(&chunk[..n]),
        }
    };
    let head = checked_head(&buffer[..head_end], own)?;
    keyed.store(true, Ordering::SeqCst);
    let length = head.length;
    let mut body = buffer[head_end + 4..].to_vec();
    while body.len() < length {
        let mut chunk = [0u8; MAX_BODY];
        match read_until(stream, &mut chunk[..length - body.len()], deadline) {
            Some(n) if n > 0 => body.extend_from_slice(&chunk[..n]),
            _ => return Err(refuse(408, "the request ended before its body did")),
        }
    }
    body.truncate(length);
    let Ok(body) = String::from_utf8(body) else {
        return Err(Refused {
            reply: Some(Reply::error(400, "the request body is not UTF-8 text")),
            body_unread: false,
        });
    };
    Ok(Checked { method: head.method, path: head.path, body })
}

/// What a request's head asks for, once checked: its method, its path below the key, and
/// the length of its body (at most [`MAX_BODY`]).
#[derive(Debug)]
struct Head {
    method: String,
    path: String,
    length: usize,
}

/// Check a request's head (its bytes up to the blank line): first who asks (Host, Origin),
/// then the key, then the body it announces. Pure, so that it can be fuzzed.
fn checked_head(bytes: &[u8], own: &Own) -> Result<Head, Refused> {
    let Ok(head) = std::str::from_utf8(bytes) else {
        return Err(refuse(400, "the request's head is not UTF-8 text"));
    };
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or("");
    let mut words = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(refuse(400, &format!("not an HTTP request line: {}", clipped(request_line))));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(refuse(505, "this server speaks HTTP/1.1"));
    }
    let mut headers: Vec<(String, String)> = Vec::new();
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Err(refuse(400, &format!("not a header: {}", clipped(line))));
        };
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    let header = |name: &str| -> Result<Option<&str>, Refused> {
        let mut found = headers.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str());
        let first = found.next();
        match found.next() {
            Some(_) => Err(refuse(400, &format!("more than one {name} header"))),
            None => Ok(first),
        }
    };
    // Who asks comes first: a stranger learns nothing else of this server.
    match header("host")? {
        Some(host) if own.hosts.iter().any(|h| h == host) => {}
        other => {
            return Err(refuse(
                403,
                &format!(
                    "Host {} is not this server's ({}): refused",
                    clipped(other.unwrap_or("(none)")),
                    own.hosts[0]
                ),
            ));
        }
    }
    if let Some(origin) = header("origin")?
        && !own.origins.iter().any(|o| o == origin)
    {
        return Err(refuse(
            403,
            &format!(
                "Origin {} is not this server's ({}): refused",
                clipped(origin),
                own.origins[0]
            ),
        ));
    }
    let path = target.split(['?', '#']).next().unwrap_or("");
    let Some(below) = path.strip_prefix('/').and_then(|p| p.strip_prefix(own.key.as_str())) else {
        return Err(refuse(
            404,
            "no such page: open the address arena play printed (it carries the match's key)",
        ));
    };
    if !below.is_empty() && !below.starts_with('/') {
        return Err(refuse(404, "no such page: open the address arena play printed"));
    }
    let path = if below.is_empty() { "/".to_string() } else { below.to_string() };
    let too_big =
        format!("a request body is at most {MAX_BODY} bytes, sent whole with its Content-Length");
    if header("transfer-encoding")?.is_some() || header("expect")?.is_some() {
        return Err(refuse(413, &too_big));
    }
    let length = match header("content-length")? {
        None => 0,
        Some(text) => match text.parse::<usize>() {
            Ok(n) if n <= MAX_BODY => n,
            Ok(_) => return Err(refuse(413, &too_big)),
            Err(_) => {
                return Err(refuse(
                    400,
                    &format!("Content-Length {} is not a number", clipped(text)),
                ));
            }
        },
    };
    Ok(Head { method: method.to_string(), path, length })
}

/// One read that gives up at `deadline`: `None` on a timeout or an error.
fn read_until(stream: &mut TcpStream, into: &mut [u8], deadline: Instant) -> Option<usize> {
    let left = deadline.checked_duration_since(Instant::now())?;
    stream.set_read_timeout(Some(left.max(Duration::from_millis(1)))).ok()?;
    loop {
        match stream.read(into) {
            Ok(n) => return Some(n),
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return None,
        }
    }
}

fn drain(stream: &mut TcpStream) {
    let deadline = Instant::now() + Duration::from_millis(200);
    let mut chunk = [0u8; 4096];
    let mut read = 0;
    while read < MAX_DRAIN {
        match read_until(stream, &mut chunk, deadline) {
            Some(n) if n > 0 => read += n,
            _ => return,
        }
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

fn write_reply(stream: &mut TcpStream, reply: &Reply) {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n\
         Content-Security-Policy: {}; {}\r\nConnection: close\r\n\r\n",
        reply.status,
        reason(reply.status),
        reply.kind,
        reply.body.len(),
        reply.policy,
        crate::report::html::NO_FRAMES
    );
    let _ = stream.set_write_timeout(Some(REQUEST_DEADLINE));
    let _ = stream.write_all(head.as_bytes()).and_then(|_| stream.write_all(reply.body.as_bytes()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const KEY: &str = "00112233445566778899aabbccddeeff";

    fn own() -> Own {
        Own::new(4242, KEY.to_string())
    }

    /// A head made of pieces that matter (methods, paths with and without the key, own and
    /// other Host and Origin, bodies' lengths and encodings) and of noise.
    fn head() -> impl Strategy<Value = Vec<u8>> {
        let method = prop::sample::select(vec!["GET", "POST", "PUT", "", "G ET"]);
        let path = prop::sample::select(vec![
            format!("/{KEY}/seat/0"),
            format!("/{KEY}/api/seat/0/move"),
            format!("/{KEY}"),
            format!("/{KEY}x/seat/0"),
            "/seat/0".to_string(),
            format!("//{KEY}/seat/0"),
            "*".to_string(),
        ]);
        let header = prop_oneof![
            Just("Host: 127.0.0.1:4242".to_string()),
            Just("Host: localhost:4242".to_string()),
            Just("Host: evil.example:4242".to_string()),
            Just("Origin: http://127.0.0.1:4242".to_string()),
            Just("Origin: http://evil.example".to_string()),
            (0u64..5000).prop_map(|n| format!("Content-Length: {n}")),
            Just("Content-Length: -1".to_string()),
            Just("Transfer-Encoding: chunked".to_string()),
            Just("Expect: 100-continue".to_string()),
            "[ -~]{0,40}",
        ];
        (
            method,
            path,
            prop::collection::vec(header, 0..6),
            prop::collection::vec(any::<u8>(), 0..3),
        )
            .prop_map(|(m, p, headers, noise)| {
                let mut text = format!("{m} {p} HTTP/1.1").into_bytes();
                for h in headers {
                    text.extend_from_slice(b"\r\n");
                    text.extend_from_slice(h.as_bytes());
                }
                text.extend_from_slice(&noise);
                text
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 4000,
            rng_seed: proptest::test_runner::RngSeed::Fixed(43),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// Whatever the head, the check never panics, and what it lets through to the table
        /// came from this machine's own page: its Host, no other Origin, below the key, with
        /// a small declared body; a refusal is answered with a short message.
        #[test]
        fn only_an_own_keyed_small_request_reaches_the_table(
            bytes in prop_oneof![head(), prop::collection::vec(any::<u8>(), 0..300)]
        ) {
            let text = String::from_utf8_lossy(&bytes).to_string();
            let lines: Vec<&str> = text.split("\r\n").collect();
            match checked_head(&bytes, &own()) {
                Ok(head) => {
                    prop_assert!(lines.iter().filter(|l| l.to_ascii_lowercase().starts_with("host:")).count() == 1);
                    prop_assert!(lines.iter().any(|l| *l == "Host: 127.0.0.1:4242" || *l == "Host: localhost:4242"));
                    prop_assert!(!lines.iter().any(|l| l.to_ascii_lowercase().starts_with("origin:") && l.contains("evil")));
                    let keyed = lines[0].split(' ').nth(1).is_some_and(|p| p[1..].starts_with(KEY));
                    prop_assert!(keyed, "the path has the key");
                    prop_assert!(head.path.starts_with('/'));
                    prop_assert!(head.length <= MAX_BODY);
                    prop_assert!(!text.to_ascii_lowercase().contains("transfer-encoding"));
                }
                Err(refused) => {
                    let reply = refused.reply.expect("a head is answered");
                    // A stranger learns nothing else: whatever its body, 403.
                    let well_formed = std::str::from_utf8(&bytes).is_ok()
                        && lines[0].split(' ').count() == 3
                        && lines[0].ends_with(" HTTP/1.1")
                        && lines[1..].iter().all(|l| l.contains(':'))
                        && lines.iter().filter(|l| l.to_ascii_lowercase().starts_with("host:")).count() == 1
                        && lines.iter().filter(|l| l.to_ascii_lowercase().starts_with("origin:")).count() <= 1;
                    if well_formed && lines.iter().any(|l| l.contains("evil.example")) {
                        prop_assert_eq!(reply.status, 403, "{}", text);
                    }
                    prop_assert!((400..=505).contains(&reply.status));
                    prop_assert!(reply.body.len() < 400, "{}", reply.body);
                }
            }
        }
    }

    #[test]
    fn a_stranger_is_refused_before_the_body_is_looked_at() {
        let head = format!(
            "POST /{KEY}/api/seat/0/move HTTP/1.1\r\nHost: evil.example:4242\r\nContent-Length: 99999999999"
        );
        let refused = checked_head(head.as_bytes(), &own()).unwrap_err();
        assert_eq!(refused.reply.unwrap().status, 403);
        let head = format!(
            "POST /{KEY}/api/seat/0/move HTTP/1.1\r\nHost: 127.0.0.1:4242\r\nContent-Length: 12"
        );
        let Ok(ok) = checked_head(head.as_bytes(), &own()) else { panic!("refused: {head}") };
        assert_eq!(
            (ok.method.as_str(), ok.path.as_str(), ok.length),
            ("POST", "/api/seat/0/move", 12)
        );
    }
}
