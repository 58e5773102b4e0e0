//! Every integer (and number) flag and bot parameter, given the extremes of
//! its type and just past them, is refused with a one-line error (exit 2) or honoured: never
//! a panic, an overflow abort or a signal. A long job (run, sweep, tune, ladder) that honours
//! a huge count is paused by the test hook at its second block boundary
//! (`ARENA_FAILPOINT=boundary:2:stop`, exit 4), which proves it was honoured and saved; every
//! other command must finish, refuse or pause on its own, within the event deadline.

use std::path::Path;

use crate::common;

const INTEGERS: [&str; 8] = [
    "0",
    "1",
    "-1",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
];

const NUMBERS: [&str; 8] = ["0", "-0", "-1", "1e-320", "1e308", "inf", "NaN", "1e400"];

/// Run arena with `args` in `dir`, paused at its second block boundary if it gets there:
/// (exit code, stderr). Fails loudly if it has not ended within `common::EVENT_DEADLINE`.
fn run_case(dir: &Path, args: &[String]) -> (i32, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let running = common::start_in(dir, &args, &[("ARENA_FAILPOINT", "boundary:2:stop")]);
    let (code, _, err) = running.finish();
    let code = code.unwrap_or_else(|| panic!("{args:?} died of a signal: {err}"));
    (code, err)
}

/// One command line template, words split at spaces: `{}` is where the value goes, `{out}`
/// a fresh output folder.
struct Case {
    args: &'static str,
    values: &'static [&'static str],
}

fn check(cases: &[Case]) {
    let tmp = tempfile::tempdir().unwrap();
    let mut jobs = Vec::new();
    for (c, case) in cases.iter().enumerate() {
        for (v, value) in case.values.iter().enumerate() {
            let args: Vec<String> = case
                .args
                .split_whitespace()
                .map(|a| a.replace("{}", value).replace("{out}", &format!("o{c}_{v}")))
                .collect();
            jobs.push(args);
        }
    }
    // Two at a time: the machine has two cores.
    let failures: Vec<String> = std::thread::scope(|s| {
        let chunks: Vec<_> = jobs.chunks(jobs.len().div_ceil(2)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let dir = tmp.path();
                s.spawn(move || {
                    let mut bad = Vec::new();
                    for args in chunk {
                        let (code, err) = run_case(dir, args);
                        // A pause (4) may say several lines; a refusal (2) says one.
                        let one_line = err.trim().lines().count() <= 1;
                        let fine = matches!(code, 0 | 4) || (code == 2 && one_line);
                        if !fine || err.contains("panicked") || err.contains("overflow") {
                            bad.push(format!("{args:?}: exit {code}: {err}"));
                        }
                    }
                    bad
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{} cases:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn run_and_plan_flags_at_their_extremes_are_refused_or_honoured() {
    check(&[
        Case { args: "run --quiet --game pig --matches {} --out {out}", values: &INTEGERS },
        Case {
            args: "run --quiet --game pig --matches 100 --seed {} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "run --quiet --game pig --matches 100 --players {} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "run --quiet --game pig --matches 100 --threads {} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "run --quiet --game pig --matches 100 --skill-matches {} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "run --quiet --game pig --until-ci 0.05 --check-every {} --out {out}",
            values: &INTEGERS,
        },
        Case { args: "run --quiet --game pig --until-ci {} --out {out}", values: &NUMBERS },
        Case {
            args: "run --quiet --game pig --matches 100 --fair-within {} --out {out}",
            values: &NUMBERS,
        },
        Case {
            args: "run --quiet --game pig --matches {} --time-limit 0 --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "run --quiet --game pig --matches 100 --time-limit {} --out {out}",
            values: &NUMBERS,
        },
        Case {
            args: "run --quiet --game pig --sprt 0.5,0.55 --sprt-alpha {} --out {out}",
            values: &NUMBERS,
        },
        Case {
            args: "run --quiet --game pig --matches 100 --shard {} --out {out}",
            values: &[
                "0/0",
                "1/18446744073709551615",
                "18446744073709551615/18446744073709551615",
                "18446744073709551614/18446744073709551615",
                "3/2",
                "-1/2",
                "1/",
            ],
        },
        Case {
            args: "run --quiet --game pig --matches 100 --set target={} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "run --quiet --game dardz --matches 20 --set value_12={} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "run --quiet --game pig --matches 20 --bots greedy:samples={} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "run --quiet --game pig --matches 4 --bots mcts:iterations={} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "run --quiet --game pig --matches 4 --bots mcts:iterations=10:depth={} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "run --quiet --game pig --matches 4 --bots mcts:iterations=10:c={} --out {out}",
            values: &NUMBERS,
        },
        Case {
            args: "run --quiet --game pig --matches 4 --bots mcts:seconds={} --out {out}",
            values: &NUMBERS,
        },
        Case { args: "plan --game pig --ci {}", values: &NUMBERS },
        Case { args: "plan --game pig --ci 0.05 --pilot {}", values: &INTEGERS },
    ]);
}

#[test]
fn sweep_tune_ladder_trace_and_bench_flags_at_their_extremes_are_refused_or_honoured() {
    check(&[
        Case {
            args: "sweep --quiet --game pig --vary target=50,60 --matches {} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "sweep --quiet --game pig --vary target={} --matches 100 --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "sweep --quiet --game pig --vary target=1..{} --matches 100 --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "sweep --quiet --game pig --vary target=50,60 --matches 100 --max-variants {} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "tune --quiet --game dardz --players 3 --bots random --matches {} --objective share:12=0.06 --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "tune --quiet --game dardz --players 3 --bots random --matches 3000 --iterations {} --objective share:12=0.06 --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "tune --quiet --game dardz --players 3 --bots random --matches 3000 --step-matches {} --objective share:12=0.06 --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "tune --quiet --game dardz --players 3 --bots random --matches 3000 --confirm-matches {} --objective share:12=0.06 --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "ladder --quiet --game tictactoe --bots random,greedy --batch {} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "ladder --quiet --game tictactoe --bots random,greedy --max-matches {} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "ladder --quiet --game tictactoe --bots random,greedy --self-play-matches {} --out {out}",
            values: &INTEGERS,
        },
        Case {
            args: "ladder --quiet --game tictactoe --bots random,greedy --precision {} --out {out}",
            values: &NUMBERS,
        },
        Case { args: "trace --game pig --seed {} --match 0", values: &INTEGERS },
        Case { args: "trace --game pig --match {}", values: &INTEGERS },
        Case { args: "bench --game pig --seconds {}", values: &NUMBERS },
        Case { args: "bench --game pig --seconds 0.05 --iterations {}", values: &INTEGERS },
        Case { args: "bench --game pig --seconds 0.05 --positions {}", values: &INTEGERS },
        Case { args: "bench --game pig --seconds 0.05 --threads {}", values: &INTEGERS },
    ]);
}
