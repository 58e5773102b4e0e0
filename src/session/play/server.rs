//! `arena play`'s local web server: the match at one address on 127.0.0.1 (a free port),
//! a page per person's seat, and a small JSON interface the page uses. Requests are handled
//! one at a time on this thread, between the bots' paced steps, so the table needs no lock.
//!
//! Only this machine's browser, given the printed address, may play: the server
//! ([`super::http`]) listens on 127.0.0.1 only; refuses, before anything else, a request
//! whose `Host` is not its own address (a DNS-rebinding page) or whose `Origin` names
//! another site (a page elsewhere posting moves); then one whose path does not begin with
//! the match's random key (another user of a shared machine, who can reach the port but
//! not read the address); no page may show it in a frame (a page elsewhere luring clicks
//! onto it), and the page runs no script but its own (its Content-Security-Policy). Each
//! response is what the seat may see ([`super::Table::view`]); the trace, which holds
//! everything, is only written to disk.

use std::path::Path;
use std::time::{Duration, Instant};

use super::http::{Checked, HttpServer, Reply};
use super::{Refusal, Table, closing_words, save_trace};
use crate::core::Seat;
use crate::core::suggest::clipped;
use crate::report::html;
use crate::session::view::{STYLE, draw_script};
use crate::session::{signals, voice};

const PAGE: &str = include_str!("play.html");
const PAGE_SCRIPT: &str = include_str!("play.js");
const PAGE_STYLE: &str = include_str!("play.css");

/// What the first Ctrl-C prints.
const STOPPING: &[u8] =
    b"\narena: stop signal: saving the trace and stopping (a second signal stops at once)\n";
/// What a second Ctrl-C prints (before the process ends with code 130, or 143 for SIGTERM).
const STOPPED_AT_ONCE: &[u8] = b"\narena: second stop signal: stopped at once; the trace keeps every step played (it is saved after each)\n";

/// The page of `seat`, which asks for its views and posts its moves under `key`; and its
/// Content-Security-Policy.
fn page(table: &dyn Table, seat: usize, key: &str, pace: Duration) -> (String, String) {
    let script = format!("\n{}\n{PAGE_SCRIPT}\n", draw_script());
    let policy = html::policy_with_script(&script, true);
    let title = html::esc(&format!("arena play · {} · seat {seat}", table.game_name()));
    let page = html::fill(
        PAGE,
        &[
            ("POLICY", &html::policy_meta(&policy)),
            ("TITLE", &title),
            ("SEAT", &seat.to_string()),
            ("API", &format!("/{key}/api/seat/{seat}/")),
            ("PACE", &pace.as_millis().to_string()),
            ("STYLE", &format!("{STYLE}\n{PAGE_STYLE}")),
            ("SCRIPT", &script),
        ],
    );
    (page, policy)
}

fn html_reply(body: String, policy: String) -> Reply {
    Reply { status: 200, kind: "text/html; charset=utf-8", body, policy }
}

/// The seat number of a path `/seat/N...` or `/api/seat/N/...` if a person plays it.
fn person_seat(table: &dyn Table, text: &str) -> Option<usize> {
    let seat: usize = text.parse().ok()?;
    (seat < table.players() && table.labels()[seat] == super::PERSON).then_some(seat)
}

/// A move as the page posts it: `{"step": S, "choice": K}` (any other key is ignored).
#[derive(serde::Deserialize)]
struct PostedMove {
    step: u64,
    choice: u64,
}

/// A body the page posts, read as `T` when it is a JSON object (serde would also read a
/// struct from an array, `[3, 1]`, which the page never sends).
fn posted_object<T: serde::de::DeserializeOwned>(body: &str) -> Result<T, String> {
    let value: serde_json::Value = serde_json::from_str(body).map_err(|e| e.to_string())?;
    if !value.is_object() {
        return Err("not an object".into());
    }
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// A move posted by the page: `{"step": S, "choice": K}`.
fn parse_move(body: &str) -> Result<(u64, usize), String> {
    let words = "the move must be {\"step\": S, \"choice\": K}, whole numbers";
    let posted: PostedMove = posted_object(body).map_err(|e| format!("{words}: {e}"))?;
    Ok((posted.step, usize::try_from(posted.choice).map_err(|_| "\"choice\" is too large")?))
}

/// A pace as the page posts it: `{"ms": M}`.
#[derive(serde::Deserialize)]
struct PostedPace {
    ms: u64,
}

/// The answer to a checked request (its path is below the match's key).
/// The slowest pace the page may set (its slowest choice is 1.5 s).
const MOST_PACE_MS: u64 = 5_000;

/// A pace posted by the page: `{"ms": M}`, M a whole number of milliseconds up to
/// [`MOST_PACE_MS`].
fn parse_pace(body: &str) -> Result<Duration, String> {
    let words = format!(
        "the pace must be {{\"ms\": M}}, M a whole number of milliseconds from 0 to {MOST_PACE_MS}"
    );
    match posted_object::<PostedPace>(body) {
        Ok(PostedPace { ms }) if ms <= MOST_PACE_MS => Ok(Duration::from_millis(ms)),
        Ok(_) => Err(words),
        Err(e) => Err(format!("{words}: {e}")),
    }
}

fn route(
    table: &mut dyn Table,
    request: &Checked,
    key: &str,
    out: &Path,
    pace: &mut Duration,
) -> Reply {
    let (method, path, body) = (request.method.as_str(), request.path.as_str(), &request.body);
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        ("GET", [""]) => {
            let first =
                (0..table.players()).find(|&s| person_seat(table, &s.to_string()).is_some());
            let html = format!(
                "<!DOCTYPE html><meta charset=\"utf-8\">{}<title>arena play</title><p><a href=\"/{key}/seat/{1}\">seat {1}</a>",
                html::policy_meta(&html::policy_without_script()),
                first.unwrap_or(0)
            );
            html_reply(html, html::policy_without_script())
        }
        ("GET", ["seat", n]) => match person_seat(table, n) {
            Some(seat) => {
                let (page, policy) = page(table, seat, key, *pace);
                html_reply(page, policy)
            }
            None => {
                Reply::error(404, &format!("seat {} is not played by a person here", clipped(n)))
            }
        },
        (_, ["api", "seat", n, what]) => {
            let Some(seat) = person_seat(table, n) else {
                return Reply::error(
                    404,
                    &format!("seat {} is not played by a person here", clipped(n)),
                );
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
                                voice::err(&format!("arena: {e:#}"));
                            }
                            Reply::json(200, &table.view(seat))
                        }
                        Err(Refusal::Illegal(m)) => Reply::error(400, &m),
                        Err(Refusal::Stale(m)) => Reply::error(409, &m),
                    }
                }
                ("POST", "pace") => match parse_pace(body) {
                    Ok(new) => {
                        *pace = new;
                        Reply::json(200, &serde_json::json!({"pace_ms": new.as_millis() as u64}))
                    }
                    Err(e) => Reply::error(400, &e),
                },
                ("POST", "advice") => match table.advice(seat) {
                    Ok(advice) => Reply::json(200, &advice),
                    Err(e) => Reply::error(400, e.message()),
                },
                _ => Reply::error(
                    405,
                    &format!(
                        "{method} /api/seat/{}/{} is not something this server does",
                        clipped(n),
                        clipped(what)
                    ),
                ),
            }
        }
        _ => Reply::error(404, &format!("{} {}: no such page", clipped(method), clipped(path))),
    }
}

/// Open `url` in the desktop's browser (`--open`); a machine without one says so.
///
/// The browser is given a file that forwards to the address, not the address itself: a
/// command's arguments can be read by every user of the machine (`/proc/PID/cmdline`), and
/// the address holds the match's key. The file is readable by this user only, in a folder
/// only this user may enter.
/// Returns the private folder to remove when the server stops.
fn open_browser(url: &str) -> Option<std::path::PathBuf> {
    let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    let page = match forwarding_page(url) {
        Ok(page) => page,
        Err(e) => {
            voice::err(&format!(
                "arena: could not write the page that opens the browser ({e}); open the address above yourself"
            ));
            return None;
        }
    };
    if let Err(e) = std::process::Command::new(opener).arg(&page).spawn() {
        voice::err(&format!(
            "arena: could not open a browser ({opener}: {e}); open the address above yourself"
        ));
    }
    page.parent().map(Path::to_path_buf)
}

/// A private page that forwards to `url`.
fn forwarding_page(url: &str) -> anyhow::Result<std::path::PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let dir = std::env::temp_dir().join(format!("arena-play-{}-{nanos}", std::process::id()));
    std::fs::DirBuilder::new().mode(0o700).create(&dir)?;
    let page = dir.join("open.html");
    let html = format!(
        "<!DOCTYPE html><meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"0;url={0}\"><title>arena play</title><a href=\"{0}\">open the table</a>",
        html::esc(url)
    );
    let mut file =
        std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&page)?;
    std::io::Write::write_all(&mut file, html.as_bytes())?;
    Ok(page)
}

/// Serve the match of `table` until Ctrl-C (or SIGTERM), with `pace` between the bots'
/// steps. The trace is saved after every step and once more when stopping.
pub fn serve(
    table: &mut dyn Table,
    mut pace: Duration,
    open: bool,
    out: &Path,
) -> anyhow::Result<()> {
    let server = HttpServer::start()?;
    let address = format!("http://127.0.0.1:{}/{}", server.port, server.key);
    signals::install_saying(STOPPING, STOPPED_AT_ONCE)?;
    let people: Vec<usize> =
        (0..table.players()).filter(|&s| table.labels()[s] == super::PERSON).collect();
    for &seat in &people {
        voice::out(&format!("seat {seat}: {address}/seat/{seat}"));
    }
    voice::out(&format!(
        "the bots move every {} ms; Ctrl-C stops the server and keeps the trace in {}",
        pace.as_millis(),
        out.display()
    ));
    let mut opened = None;
    if open {
        opened = open_browser(&format!("{address}/seat/{}", people[0]));
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
            voice::out(&closing_words(table, out));
            voice::out("the end stays on the page until Ctrl-C stops the server");
        }
        let wait =
            if due { pace.saturating_sub(last_step.elapsed()) } else { Duration::from_millis(100) };
        if let Some(incoming) = server.next(wait.max(Duration::from_millis(1))) {
            let before = table.step();
            let reply = route(table, &incoming.request, &server.key, out, &mut pace);
            incoming.answer(reply);
            if table.step() != before {
                last_step = Instant::now();
            }
        }
    }
    if let Some(dir) = opened {
        let _ = std::fs::remove_dir_all(dir);
    }
    save_trace(table, out)?;
    if !told_end {
        voice::out(&closing_words(table, out));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_posted_move_and_pace_are_read_typed_and_anything_else_is_refused_saying_the_shape() {
        assert_eq!(parse_move(r#"{"step": 3, "choice": 1, "x": 0}"#), Ok((3, 1)));
        let bad_moves =
            [r#"{"step": 3}"#, r#"{"step": -1, "choice": 0}"#, "[3, 1]", "5", "not json"];
        for bad in bad_moves {
            let err = parse_move(bad).unwrap_err();
            assert!(err.starts_with(r#"the move must be {"step": S, "choice": K}"#), "{err}");
        }
        assert_eq!(parse_pace(r#"{"ms": 500}"#), Ok(Duration::from_millis(500)));
        for bad in [r#"{"ms": 5001}"#, r#"{"ms": "fast"}"#, "{}", "[500]"] {
            let err = parse_pace(bad).unwrap_err();
            assert!(err.starts_with(r#"the pace must be {"ms": M}"#), "{err}");
        }
    }
}
