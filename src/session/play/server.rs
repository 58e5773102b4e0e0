//! `arena play`'s local web server: the match at one address on 127.0.0.1 (a free port),
//! a page per person's seat, and a small JSON interface the page uses. Requests are handled
//! one at a time on this thread, between the bots' paced steps, so the table needs no lock.
//!
//! Only this machine's browser may play: the server listens on 127.0.0.1 only, and refuses
//! a request whose `Host` is not its own address (a DNS-rebinding page) or whose `Origin`
//! names another site (a page elsewhere posting moves), and no page may show it in a frame
//! (a page elsewhere luring clicks onto it). Each response is what the seat may
//! see ([`super::Table::view`]); the trace, which holds everything, is only written to disk.

use std::io::Read;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tiny_http::{Header, Request, Response, Server};

use super::{Refusal, Table, closing_words, save_trace};
use crate::core::Seat;
use crate::session::signals;
use crate::session::view::{DRAW_SCRIPT, STYLE};
use crate::{errln, outln};

const PAGE: &str = include_str!("play.html");
const PAGE_SCRIPT: &str = include_str!("play.js");
const PAGE_STYLE: &str = include_str!("play.css");
/// The largest request body read (a move is a few bytes). tiny_http reads a body this small
/// into memory before it hands the request over, so reading it never waits on the client.
const MAX_BODY: usize = 1024;
/// The largest declared body of a refused request that is still answered. When a request
/// is dropped, tiny_http reads the rest of its body into a buffer of the declared size,
/// allocated at once (tiny-http/tiny-http#290): a made-up `Content-Length` aborted the
/// process.
const MAX_DRAINED: usize = 1 << 20;

/// What the first Ctrl-C prints.
const STOPPING: &[u8] =
    b"\narena: stop signal: saving the trace and stopping (a second signal stops at once)\n";
/// What a second Ctrl-C prints (before the process ends with code 130, or 143 for SIGTERM).
const STOPPED_AT_ONCE: &[u8] = b"\narena: second stop signal: stopped at once; the trace keeps every step played (it is saved after each)\n";

/// A response: status, content type, body.
struct Reply {
    status: u16,
    kind: &'static str,
    body: String,
}

impl Reply {
    fn json(status: u16, value: &Value) -> Self {
        Reply { status, kind: "application/json", body: value.to_string() }
    }
    fn error(status: u16, message: &str) -> Self {
        Self::json(status, &json!({ "error": message }))
    }
}

/// The server's own names: requests must carry one of them.
struct Own {
    hosts: [String; 2],
    origins: [String; 2],
}

impl Own {
    fn new(port: u16) -> Self {
        Own {
            hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
            origins: [format!("http://127.0.0.1:{port}"), format!("http://localhost:{port}")],
        }
    }

    /// Why `request` is refused, if it is.
    fn refusal(&self, request: &Request) -> Option<String> {
        let header = |name: &'static str| {
            request
                .headers()
                .iter()
                .find(|h| h.field.equiv(name))
                .map(|h| h.value.as_str().to_string())
        };
        match header("Host") {
            Some(host) if self.hosts.contains(&host) => {}
            other => {
                return Some(format!(
                    "Host {} is not this server's ({}): refused",
                    other.unwrap_or_else(|| "(none)".into()),
                    self.hosts[0]
                ));
            }
        }
        match header("Origin") {
            Some(origin) if !self.origins.contains(&origin) => {
                Some(format!("Origin {origin} is not this server's ({}): refused", self.origins[0]))
            }
            _ => None,
        }
    }
}

/// The page of `seat`.
fn page(table: &dyn Table, seat: usize) -> String {
    PAGE.replace("{{TITLE}}", &format!("arena play · {} · seat {seat}", table.game_name()))
        .replace("{{SEAT}}", &seat.to_string())
        .replace("{{STYLE}}", &format!("{STYLE}\n{PAGE_STYLE}"))
        .replace("{{SCRIPT}}", &format!("{DRAW_SCRIPT}\n{PAGE_SCRIPT}"))
}

/// The seat number of a path `/seat/N...` or `/api/seat/N/...` if a person plays it.
fn person_seat(table: &dyn Table, text: &str) -> Option<usize> {
    let seat: usize = text.parse().ok()?;
    (seat < table.players() && table.labels()[seat] == super::PERSON).then_some(seat)
}

/// A move posted by the page: `{"step": S, "choice": K}`.
fn parse_move(body: &str) -> Result<(u64, usize), String> {
    let value: Value =
        serde_json::from_str(body).map_err(|e| format!("the move is not JSON: {e}"))?;
    let step = value["step"].as_u64().ok_or("the move needs \"step\", a whole number")?;
    let choice = value["choice"].as_u64().ok_or("the move needs \"choice\", a whole number")?;
    Ok((step, usize::try_from(choice).map_err(|_| "\"choice\" is too large")?))
}

fn route(table: &mut dyn Table, method: &str, url: &str, body: &str, out: &Path) -> Reply {
    let path = url.split('?').next().unwrap_or("");
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        ("GET", [""]) => {
            let first =
                (0..table.players()).find(|&s| person_seat(table, &s.to_string()).is_some());
            let html = format!(
                "<!DOCTYPE html><meta charset=\"utf-8\"><title>arena play</title><p><a href=\"/seat/{0}\">seat {0}</a>",
                first.unwrap_or(0)
            );
            Reply { status: 200, kind: "text/html; charset=utf-8", body: html }
        }
        // Browsers ask for an icon; there is none.
        ("GET", ["favicon.ico"]) => {
            Reply { status: 204, kind: "image/x-icon", body: String::new() }
        }
        ("GET", ["seat", n]) => match person_seat(table, n) {
            Some(seat) => {
                Reply { status: 200, kind: "text/html; charset=utf-8", body: page(table, seat) }
            }
            None => Reply::error(404, &format!("seat {n} is not played by a person here")),
        },
        (_, ["api", "seat", n, what]) => {
            let Some(seat) = person_seat(table, n) else {
                return Reply::error(404, &format!("seat {n} is not played by a person here"));
            };
            let seat = Seat(seat as u8);
            match (method, *what) {
                ("GET", "view") => Reply::json(200, &table.view(seat)),
                ("POST", "move") => {
                    let (step, choice) = match parse_move(body) {
                        Ok(m) => m,
                        Err(e) => return Reply::error(400, &e),
                    };
                    match table.play(seat, choice, step) {
                        Ok(()) => {
                            if let Err(e) = save_trace(table, out) {
                                errln!("arena: {e:#}");
                            }
                            Reply::json(200, &table.view(seat))
                        }
                        Err(Refusal::Illegal(m)) => Reply::error(400, &m),
                        Err(Refusal::Stale(m)) => Reply::error(409, &m),
                    }
                }
                ("POST", "advice") => match table.advice(seat) {
                    Ok(advice) => Reply::json(200, &advice),
                    Err(e) => Reply::error(400, e.message()),
                },
                _ => Reply::error(
                    405,
                    &format!("{method} /api/seat/{n}/{what} is not something this server does"),
                ),
            }
        }
        _ => Reply::error(404, &format!("{method} {path}: no such page")),
    }
}

fn respond(request: Request, reply: Reply) {
    let header =
        |k: &str, v: &str| Header::from_bytes(k.as_bytes(), v.as_bytes()).expect("an ASCII header");
    let response = Response::from_string(reply.body)
        .with_status_code(reply.status)
        .with_header(header("Content-Type", reply.kind))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        // No other site may frame the page and lure clicks onto its moves (the page's own
        // requests carry its own Origin, so the Origin check would let them through).
        .with_header(header("X-Frame-Options", "DENY"))
        .with_header(header("Content-Security-Policy", "frame-ancestors 'none'"));
    // A browser that went away is no error of the match.
    let _ = request.respond(response);
}

/// Whether tiny_http holds the body of `request` in memory already: declared with
/// `Content-Length`, at most [`MAX_BODY`] bytes, and not waiting for `100 Continue`. Any
/// other body would be read from the client as it comes, on the table's thread.
fn body_in_memory(request: &Request) -> bool {
    let has = |name: &'static str| request.headers().iter().any(|h| h.field.equiv(name));
    !has("Transfer-Encoding") && !has("Expect") && request.body_length().unwrap_or(0) <= MAX_BODY
}

/// Refuse a request whose body is not read, away from the table's thread: dropping it reads
/// the rest of the body, which waits on the client. A body declared larger than
/// [`MAX_DRAINED`] is not even that (see there): its request is forgotten, unanswered, and
/// its connection left to the client to close.
fn refuse_unread(request: Request) {
    // A moment a test waits for (`ARENA_FAILPOINT=play:refused-unread:say` only says so).
    let _ = crate::output::failpoint("play:refused-unread");
    if request.body_length().is_some_and(|n| n > MAX_DRAINED) {
        std::mem::forget(request);
        return;
    }
    let why =
        format!("a request body is at most {MAX_BODY} bytes, sent whole with its Content-Length");
    std::thread::spawn(move || respond(request, Reply::error(413, &why)));
}

fn handle(table: &mut dyn Table, own: &Own, mut request: Request, out: &Path) {
    // Before any answer: answering drops the request, which reads what is left of its body.
    if !body_in_memory(&request) {
        return refuse_unread(request);
    }
    if let Some(why) = own.refusal(&request) {
        return respond(request, Reply::error(403, &why));
    }
    let mut body = String::new();
    if request.as_reader().take(MAX_BODY as u64).read_to_string(&mut body).is_err() {
        return respond(request, Reply::error(400, "the request body is not UTF-8 text"));
    }
    let method = request.method().as_str().to_string();
    let url = request.url().to_string();
    let reply = route(table, &method, &url, &body, out);
    respond(request, reply);
}

/// Open `url` in the desktop's browser (`--open`); a machine without one says so.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        errln!("arena: could not open a browser ({opener}: {e}); open {url} yourself");
    }
}

/// Serve the match of `table` until Ctrl-C (or SIGTERM), with `pace` between the bots'
/// steps. The trace is saved after every step and once more when stopping.
pub fn serve(table: &mut dyn Table, pace: Duration, open: bool, out: &Path) -> anyhow::Result<()> {
    let server = Server::http("127.0.0.1:0")
        .map_err(|e| anyhow::anyhow!("starting the web server on 127.0.0.1: {e}"))?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .ok_or_else(|| anyhow::anyhow!("the server has no TCP port"))?;
    let own = Own::new(port);
    signals::install_saying(STOPPING, STOPPED_AT_ONCE)?;
    let people: Vec<usize> =
        (0..table.players()).filter(|&s| table.labels()[s] == super::PERSON).collect();
    for &seat in &people {
        outln!("seat {seat}: http://127.0.0.1:{port}/seat/{seat}");
    }
    outln!(
        "the bots move every {} ms; Ctrl-C stops the server and keeps the trace in {}",
        pace.as_millis(),
        out.display()
    );
    if open {
        open_browser(&format!("http://127.0.0.1:{port}/seat/{}", people[0]));
    }
    save_trace(table, out)?;
    let mut last_step = Instant::now();
    let mut told_end = false;
    while !signals::stop_requested() {
        let due = table.waiting_for().is_none() && !table.is_over();
        if due && last_step.elapsed() >= pace {
            table.advance();
            save_trace(table, out)?;
            last_step = Instant::now();
            continue;
        }
        if table.is_over() && !told_end {
            told_end = true;
            outln!("{}", closing_words(table, out));
            outln!("the end stays on the page until Ctrl-C stops the server");
        }
        let wait =
            if due { pace.saturating_sub(last_step.elapsed()) } else { Duration::from_millis(100) };
        match server.recv_timeout(wait.max(Duration::from_millis(1))) {
            Ok(Some(request)) => {
                let before = table.step();
                handle(table, &own, request, out);
                if table.step() != before {
                    last_step = Instant::now();
                }
            }
            Ok(None) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(anyhow::anyhow!("the web server stopped: {e}")),
        }
    }
    save_trace(table, out)?;
    if !told_end {
        outln!("{}", closing_words(table, out));
    }
    Ok(())
}
