#!/usr/bin/env python3
"""Compare arena's simulation speed against OpenSpiel's C++ engine.

What it is for
    arena's performance goals are stated relative to OpenSpiel, the reference
    implementation of the same games:

      * random-vs-random matches: arena >= 20x OpenSpiel per thread, and arena on
        2 threads >= 1.8x arena on 1 thread;
      * (later) MCTS iterations per second on tic-tac-toe, UCT with random rollouts.

    This script measures both sides on this machine and prints a table with the
    ratios and PASS/FAIL for the goals, so the figures are reproducible instead of
    quoted.

How OpenSpiel is measured
    OpenSpiel is installed from PyPI (pinned, prebuilt wheel) into scripts/.venv,
    which this script creates on first use and then re-executes itself in.
    Random matches use OpenSpiel's C++ uniform random bots and its C++ match
    loop (pyspiel.make_uniform_random_bot + pyspiel.evaluate_bots), one Python
    call per complete match; MCTS uses pyspiel.MCTSBot with a
    RandomRolloutEvaluator (C++ search, one Python call per decision).
    OpenSpiel's loop is single-threaded, so it is compared per thread.

How arena is measured
    By running its release binary through cargo:
        cargo run --release --quiet -- bench --game G --threads T --seconds S --format json
        cargo run --release --quiet -- bench --mcts --game tictactoe --iterations N --format json
    and reading the JSON lines it prints. If arena's command is missing or fails,
    the script says arena's figure is unavailable, still prints OpenSpiel's, and
    exits 1.

Run it from anywhere (it finds the repo root from its own location):
    python3 scripts/compare_openspiel.py                  # random matches, ~3 s per measurement
    python3 scripts/compare_openspiel.py --seconds 1      # quicker, noisier
    python3 scripts/compare_openspiel.py --json results/compare.json
    python3 scripts/compare_openspiel.py --mcts           # MCTS iterations/s, tic-tac-toe
    python3 scripts/compare_openspiel.py --skip-arena     # OpenSpiel's figures only

Exit status: 0 when every figure was measured (the goals' PASS/FAIL is reported,
not turned into an exit status), 1 when a side could not be measured, 2 when
OpenSpiel could not be installed.

The machine has 2 cores; anything else running on it (builds, other jobs) skews
the figures, the 2-thread scaling most of all, so the load average is printed
next to the results.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import time
import venv
from pathlib import Path

# Pinned because both the API surface used here and the engine's speed change
# between releases; 2.0.2 ships a manylinux_2_27/2_28 CPython 3.11 x86_64 wheel,
# so installing it does not compile anything (its sdist is a full C++ build).
OPENSPIEL_VERSION = "2.0.2"

REPO_ROOT = Path(__file__).resolve().parent.parent
VENV_DIR = REPO_ROOT / "scripts" / ".venv"

# OpenSpiel's game name -> arena's game name.
GAMES = {"tic_tac_toe": "tictactoe", "pig": "pig", "kuhn_poker": "kuhn"}

# arena's Pig rules (target 100, 6-sided die, 2 players); OpenSpiel's defaults
# must match them for the comparison to mean anything. "horizon" is compared
# too, although the two caps count different things (see pig_match_shape).
ARENA_PIG_RULES = {"players": 2, "winscore": 100, "diceoutcomes": 6, "horizon": 1000, "piglet": False}

GOAL_RATIO = 20.0  # arena / OpenSpiel, per thread
GOAL_SCALING = 1.8  # arena 2 threads / arena 1 thread


# --------------------------------------------------------------------------
# Setting up the virtual environment
# --------------------------------------------------------------------------

def venv_python() -> Path:
    return VENV_DIR / "bin" / "python"


def running_in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV_DIR.resolve()


def die_install(message: str, output: str = "") -> None:
    print(f"error: could not install OpenSpiel {OPENSPIEL_VERSION} into {VENV_DIR}: {message}", file=sys.stderr)
    if output:
        tail = "\n".join(output.strip().splitlines()[-30:])
        print(tail, file=sys.stderr)
    sys.exit(2)


def installed_openspiel_version() -> str | None:
    """The open_spiel version importable in the venv, or None."""
    probe = ("import importlib.metadata, pyspiel; "
             "print(importlib.metadata.version('open_spiel'))")
    try:
        proc = subprocess.run([str(venv_python()), "-c", probe], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return proc.stdout.strip() if proc.returncode == 0 else None


def ensure_openspiel() -> None:
    """Create scripts/.venv if needed and make sure the pinned OpenSpiel is in it."""
    if not venv_python().exists():
        print(f"creating virtual environment {VENV_DIR} ...", flush=True)
        try:
            # clear=True: a half-made venv (no interpreter) is rebuilt, not patched.
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV_DIR)
        except Exception as exc:  # venv raises several kinds (ensurepip missing, I/O)
            die_install(f"creating the venv failed: {exc}")

    if installed_openspiel_version() == OPENSPIEL_VERSION:
        return

    print(f"installing open_spiel=={OPENSPIEL_VERSION} from PyPI into {VENV_DIR} ...", flush=True)
    start = time.perf_counter()
    # --only-binary: if no wheel fits this interpreter/platform, fail at once
    # rather than start a C++ build of OpenSpiel that takes a very long time.
    cmd = [str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--only-binary=:all:", f"open_spiel=={OPENSPIEL_VERSION}"]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    except subprocess.TimeoutExpired:
        die_install("pip install took more than 30 minutes")
    if proc.returncode != 0:
        die_install(
            f"pip exited with status {proc.returncode} (the pinned version has prebuilt wheels for CPython 3.11 on x86_64 "
            f"Linux; this is Python {platform.python_version()} on {platform.machine()})",
            proc.stdout + proc.stderr)
    if installed_openspiel_version() != OPENSPIEL_VERSION:
        die_install("pip succeeded but pyspiel does not import")
    print(f"installed in {time.perf_counter() - start:.1f} s", flush=True)


def reexec_in_venv() -> None:
    """Replace this process by the same script run with the venv's interpreter."""
    python = str(venv_python())
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(python, [python, str(Path(__file__).resolve()), *sys.argv[1:]])


# --------------------------------------------------------------------------
# OpenSpiel measurements (run inside the venv)
# --------------------------------------------------------------------------

def time_random_matches(pyspiel, game, bots, count: int, first_seed: int) -> float:
    """Seconds to play `count` complete matches with OpenSpiel's C++ loop."""
    evaluate_bots = pyspiel.evaluate_bots
    new_state = game.new_initial_state
    start = time.perf_counter()
    for i in range(count):
        # Each match gets its own chance seed (evaluate_bots seeds a fresh
        # mt19937 with it); the bots' own generators carry on across matches.
        evaluate_bots(new_state(), bots, first_seed + i)
    return time.perf_counter() - start


def call_overhead_us(pyspiel, game, bots, count: int = 20000) -> float:
    """Microseconds per evaluate_bots call that plays no move.

    Calling it on an already finished state costs the Python->C++ call, the
    per-call mt19937 seeding, the bots' restart and the returns conversion, but
    no game logic: the floor under every measured match. Reported so the reader
    can judge how much of a short match (tic-tac-toe) is that fixed cost.
    """
    finished = game.new_initial_state()
    pyspiel.evaluate_bots(finished, bots, 0)
    start = time.perf_counter()
    for i in range(count):
        pyspiel.evaluate_bots(finished, bots, i)
    return (time.perf_counter() - start) / count * 1e6


def pig_match_shape(pyspiel, game, bots, count: int, first_seed: int) -> dict:
    """Decisions and turns per random Pig match, and how many hit the horizon.

    OpenSpiel's Pig "horizon" counts player decisions (each roll or stop
    increments total_moves_ in pig.cc; chance outcomes do not), while arena's
    turn cap counts turns. Replaying a sample of matches shows whether either
    cap is ever reached by random play, i.e. whether the difference matters.
    """
    decisions, turns, capped = [], [], 0
    for i in range(count):
        state = game.new_initial_state()
        returns = pyspiel.evaluate_bots(state, bots, first_seed + i)
        replay = game.new_initial_state()
        d = t = 0
        for action in state.history():
            label = replay.action_to_string(replay.current_player(), action)
            if replay.is_chance_node():
                t += label == "Roll 1"  # a 1 ends the turn with nothing
            else:
                d += 1
                t += label == "stop"  # banking ends the turn
            replay.apply_action(action)
        decisions.append(d)
        turns.append(t)
        # Pig is zero-sum with +1 for the winner; all zeros means nobody
        # reached the target, i.e. the horizon ended the match.
        capped += all(r == 0 for r in returns)
    return {
        "sample_matches": count,
        "decisions_mean": statistics.fmean(decisions),
        "decisions_max": max(decisions),
        "turns_mean": statistics.fmean(turns),
        "turns_max": max(turns),
        "hit_horizon": capped,
    }


def measure_openspiel_random(pyspiel, name: str, seconds: float, seed: int) -> dict:
    game = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]

    # Calibrate: grow the batch until it takes a measurable time, then size the
    # timed run to last about `seconds`. The calibration doubles as warm-up.
    count = 256
    while True:
        elapsed = time_random_matches(pyspiel, game, bots, count, seed)
        if elapsed >= 0.2:
            break
        count *= 4
    matches = max(1, int(count / elapsed * seconds))

    elapsed = time_random_matches(pyspiel, game, bots, matches, seed + count)
    result = {
        "game": name,
        "parameters": game.get_parameters(),
        "matches": matches,
        "seconds": elapsed,
        "matches_per_second": matches / elapsed,
        "call_overhead_us": call_overhead_us(pyspiel, game, bots),
    }
    if name == "pig":
        result["shape"] = pig_match_shape(pyspiel, game, bots, 300, seed + count + matches)
    return result


def measure_openspiel_mcts(pyspiel, iterations: int, repetitions: int, seconds: float, seed: int) -> dict:
    """Iterations per second of OpenSpiel's C++ MCTS from the empty tic-tac-toe board."""
    game = pyspiel.load_game("tic_tac_toe")
    bot = pyspiel.MCTSBot(
        game=game,
        evaluator=pyspiel.RandomRolloutEvaluator(n_rollouts=1, seed=seed),
        uct_c=2.0,
        max_simulations=iterations,
        # Ample: 1000 simulations build ~2000 nodes; a low cap would trigger
        # OpenSpiel's tree garbage collection and time that instead.
        max_memory_mb=1000,
        # solve=False: with solving on, the search stops early once the root is
        # proven, so the iteration count would no longer be `iterations`.
        solve=False,
        seed=seed,
        verbose=False,
    )
    state = game.new_initial_state()
    bot.step(state)  # warm-up: first-touch allocations, caches

    # Each step builds a fresh tree (MCTSBot::Step calls MCTSearch with a new
    # root) and, with solve=False and 9 legal moves at the root, runs exactly
    # max_simulations simulations, so steps are independent repetitions.
    times = []
    start = time.perf_counter()
    while len(times) < repetitions or time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        bot.step(state)
        times.append(time.perf_counter() - t0)
    total = sum(times)
    return {
        "game": "tic_tac_toe",
        "bot": "mcts",
        "uct_c": 2.0,
        "rollouts": 1,
        "iterations": iterations,
        "decisions": len(times),
        "seconds": total,
        "iterations_per_second": iterations * len(times) / total,
        "median_step_iterations_per_second": iterations / statistics.median(times),
    }


# --------------------------------------------------------------------------
# arena measurements
# --------------------------------------------------------------------------

def run_cargo(args: list[str], timeout: float) -> tuple[str | None, str | None]:
    """Run cargo in the repo root; (stdout, None) on success, (None, why) otherwise."""
    cmd = ["cargo", *args]
    try:
        # Own process group, so a timeout can end cargo *and* the arena binary
        # it started (killing cargo alone would leave the binary running).
        proc = subprocess.Popen(cmd, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, start_new_session=True)
    except FileNotFoundError:
        return None, "cargo is not on PATH"
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, f"`{' '.join(cmd)}` did not finish within {timeout:.0f} s"
    if proc.returncode != 0:
        tail = " | ".join(err.strip().splitlines()[-5:]) or "(no stderr)"
        return None, f"`{' '.join(cmd)}` exited with status {proc.returncode}: {tail}"
    return out, None


def json_lines(text: str) -> list[dict]:
    """The JSON objects among the output lines; anything else is ignored."""
    records = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                records.append(json.loads(line))
            except ValueError:
                pass
    return records


def build_arena(timeout: float) -> str | None:
    """Build the release binary up front; returns why it failed, or None.

    Done before any timing so the compile neither lands inside a measurement
    nor competes with OpenSpiel's run for the machine's two cores.
    """
    print("building arena (cargo build --release) ...", flush=True)
    _, error = run_cargo(["build", "--release", "--quiet"], timeout)
    return error


def arena_random(game: str, threads: int, seconds: float, build_timeout: float) -> tuple[dict | None, str | None]:
    args = ["run", "--release", "--quiet", "--", "bench", "--game", game, "--threads", str(threads),
            "--seconds", f"{seconds:g}", "--format", "json"]
    # `cargo run` rebuilds first if the sources changed since build_arena (or
    # waits for another cargo's lock), so the time limit includes a build's.
    out, error = run_cargo(args, timeout=build_timeout + seconds * 3 + 60)
    if error:
        return None, error
    rows = [r for r in json_lines(out)
            if r.get("game") == game and r.get("threads") == threads and r.get("bot") in (None, "random")
            and "matches" in r and "seconds" in r]
    if not rows:
        return None, f"`cargo {' '.join(args)}` printed no JSON line for game {game}, {threads} thread(s)"
    # Several lines (e.g. repetitions) are pooled: total matches over total time.
    matches = sum(r["matches"] for r in rows)
    secs = sum(r["seconds"] for r in rows)
    if secs <= 0:
        return None, f"arena reported {secs} seconds for {game}"
    return {"game": game, "threads": threads, "matches": matches, "seconds": secs,
            "matches_per_second": matches / secs, "lines": rows}, None


def arena_mcts(iterations: int, build_timeout: float) -> tuple[dict | None, str | None]:
    args = ["run", "--release", "--quiet", "--", "bench", "--mcts", "--game", "tictactoe",
            "--iterations", str(iterations), "--format", "json"]
    out, error = run_cargo(args, timeout=build_timeout + 600)
    if error:
        return None, error
    rows = [r for r in json_lines(out) if r.get("game") == "tictactoe" and r.get("bot") == "mcts"]
    if not rows:
        return None, f"`cargo {' '.join(args)}` printed no JSON line with game tictactoe, bot mcts"
    row = rows[-1]
    if "iterations_per_second" not in row:
        return None, f"arena's MCTS line has no iterations_per_second: {row}"
    return row, None


# --------------------------------------------------------------------------
# Reporting
# --------------------------------------------------------------------------

def fmt_rate(x: float | None) -> str:
    return "n/a" if x is None else f"{x:,.0f}"


def fmt_ratio(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.2f}x"


def goal_verdict(values: list[float | None], threshold: float, skipped: bool) -> str:
    """PASS/FAIL over all games; N/A when arena's figures are missing."""
    if any(v is None for v in values):
        return "N/A (arena skipped)" if skipped else "N/A (arena figures unavailable)"
    return "PASS" if all(v >= threshold for v in values) else "FAIL"


def print_machine_context() -> dict:
    load = os.getloadavg()
    cpus = os.cpu_count()
    print(f"machine: {platform.machine()}, {cpus} CPUs, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
          + ("  (busy: figures will be noisy)" if load[0] > 0.5 * (cpus or 1) else ""))
    return {"cpus": cpus, "loadavg": list(load), "python": platform.python_version()}


def run_random_mode(args, pyspiel) -> tuple[dict, bool]:
    ok = True
    report = {"mode": "random", "openspiel_version": OPENSPIEL_VERSION, "machine": print_machine_context()}

    arena_error = None if args.skip_arena else build_arena(args.build_timeout)
    if arena_error:
        print(f"arena's figures are unavailable: {arena_error}")
        ok = False

    print(f"\nOpenSpiel {OPENSPIEL_VERSION}: random vs random, C++ bots and match loop, 1 thread, ~{args.seconds:g} s per game")
    openspiel = {}
    for name in GAMES:
        r = measure_openspiel_random(pyspiel, name, args.seconds, args.seed)
        openspiel[name] = r
        print(f"  {name}: {r['matches']:,} matches in {r['seconds']:.2f} s = {r['matches_per_second']:,.0f} matches/s "
              f"(fixed cost of one evaluate_bots call: {r['call_overhead_us']:.2f} us)")
        if name == "pig":
            params = r["parameters"]
            print(f"  pig parameters: {json.dumps(params, sort_keys=True)}")
            differing = {k: (params.get(k), v) for k, v in ARENA_PIG_RULES.items() if params.get(k) != v}
            if differing:
                print(f"  WARNING: OpenSpiel's pig differs from arena's rules (OpenSpiel, arena): {differing}")
            s = r["shape"]
            print(f"  pig random-match shape ({s['sample_matches']} replayed): {s['decisions_mean']:.1f} decisions "
                  f"(max {s['decisions_max']}), {s['turns_mean']:.1f} turns (max {s['turns_max']}); "
                  f"{s['hit_horizon']} hit the horizon.")
            print("  note: OpenSpiel's horizon counts decisions (rolls and stops), arena's cap counts turns; "
                  "random play stays far below both, so the matches played are the same game.")
    report["openspiel"] = openspiel

    arena = {}
    if not args.skip_arena and not arena_error:
        # Printed again because the load may have changed since OpenSpiel ran,
        # and the ratio is only as good as the two runs' shared conditions.
        load = os.getloadavg()[0]
        report["machine"]["loadavg_before_arena"] = load
        print(f"\narena: bench, ~{args.seconds:g} s per measurement (load average now {load:.2f})")
        for name, arena_name in GAMES.items():
            arena[arena_name] = {}
            for threads in (1, 2):
                r, error = arena_random(arena_name, threads, args.seconds, args.build_timeout)
                if error:
                    print(f"  {arena_name}, {threads} thread(s): arena's figure is unavailable: {error}")
                    ok = False
                else:
                    print(f"  {arena_name}, {threads} thread(s): {r['matches']:,} matches in {r['seconds']:.2f} s "
                          f"= {r['matches_per_second']:,.0f} matches/s")
                arena[arena_name][threads] = r
    report["arena"] = {g: {str(t): v for t, v in per.items()} for g, per in arena.items()}

    rows = []
    for name, arena_name in GAMES.items():
        os_rate = openspiel[name]["matches_per_second"]
        a1 = (arena.get(arena_name, {}).get(1) or {}).get("matches_per_second")
        a2 = (arena.get(arena_name, {}).get(2) or {}).get("matches_per_second")
        rows.append({
            "game": arena_name,
            "openspiel_1t": os_rate,
            "arena_1t": a1,
            "ratio": a1 / os_rate if a1 else None,
            "arena_2t": a2,
            "scaling": a2 / a1 if a1 and a2 else None,
        })
    report["rows"] = rows

    print()
    header = f"{'game':<10} {'OpenSpiel/s 1t':>15} {'arena/s 1t':>14} {'arena/OpenSpiel':>16} {'arena/s 2t':>14} {'2t/1t':>7}"
    print(header)
    print("-" * len(header))
    for r in rows:
        print(f"{r['game']:<10} {fmt_rate(r['openspiel_1t']):>15} {fmt_rate(r['arena_1t']):>14} "
              f"{fmt_ratio(r['ratio']):>16} {fmt_rate(r['arena_2t']):>14} {fmt_ratio(r['scaling']):>7}")
    ratio_verdict = goal_verdict([r["ratio"] for r in rows], GOAL_RATIO, args.skip_arena)
    scaling_verdict = goal_verdict([r["scaling"] for r in rows], GOAL_SCALING, args.skip_arena)
    print(f"\ngoal: ratio >= {GOAL_RATIO:g}x per thread: {ratio_verdict}")
    print(f"goal: 2 threads >= {GOAL_SCALING:g}x of 1 thread: {scaling_verdict}")
    report["goals"] = {
        f"ratio >= {GOAL_RATIO:g}x per thread": ratio_verdict,
        f"2 threads >= {GOAL_SCALING:g}x of 1 thread": scaling_verdict,
    }
    return report, ok


def run_mcts_mode(args, pyspiel) -> tuple[dict, bool]:
    ok = True
    report = {"mode": "mcts", "openspiel_version": OPENSPIEL_VERSION, "machine": print_machine_context()}

    arena_error = None if args.skip_arena else build_arena(args.build_timeout)
    if arena_error:
        print(f"arena's figure is unavailable: {arena_error}")
        ok = False

    print(f"\nOpenSpiel {OPENSPIEL_VERSION}: C++ MCTS (UCT c=2, 1 random rollout per leaf), tic-tac-toe, empty board, "
          f"{args.iterations} simulations per decision")
    os_r = measure_openspiel_mcts(pyspiel, args.iterations, args.repetitions, args.seconds, args.seed)
    print(f"  {os_r['decisions']} decisions in {os_r['seconds']:.2f} s = {os_r['iterations_per_second']:,.0f} iterations/s "
          f"(median decision: {os_r['median_step_iterations_per_second']:,.0f} iterations/s)")
    report["openspiel"] = os_r

    arena_r = None
    if not args.skip_arena and not arena_error:
        arena_r, error = arena_mcts(args.iterations, args.build_timeout)
        if error:
            print(f"arena's figure is unavailable: {error}")
            ok = False
        else:
            print(f"arena: {arena_r.get('decisions', '?')} decisions in {arena_r.get('seconds', float('nan')):.2f} s = "
                  f"{arena_r['iterations_per_second']:,.0f} iterations/s")
    report["arena"] = arena_r

    a = arena_r["iterations_per_second"] if arena_r else None
    ratio = a / os_r["iterations_per_second"] if a else None
    report["rows"] = [{"game": "tictactoe", "iterations": args.iterations,
                       "openspiel_1t": os_r["iterations_per_second"], "arena_1t": a, "ratio": ratio}]
    print()
    header = f"{'game':<10} {'iterations':>10} {'OpenSpiel it/s':>15} {'arena it/s':>14} {'arena/OpenSpiel':>16}"
    print(header)
    print("-" * len(header))
    print(f"{'tictactoe':<10} {args.iterations:>10} {fmt_rate(os_r['iterations_per_second']):>15} "
          f"{fmt_rate(a):>14} {fmt_ratio(ratio):>16}")
    return report, ok


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description="Measure arena against OpenSpiel (installed into scripts/.venv): random-vs-random "
                    "matches per second on tic-tac-toe and Pig, or with --mcts MCTS iterations per second.")
    p.add_argument("--seconds", type=float, default=3.0,
                   help="target duration of each measurement, OpenSpiel's and arena's (default 3)")
    p.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    p.add_argument("--mcts", action="store_true",
                   help="measure MCTS iterations/s on tic-tac-toe instead of random matches")
    p.add_argument("--iterations", type=int, default=1000,
                   help="MCTS simulations per decision (with --mcts; default 1000)")
    p.add_argument("--repetitions", type=int, default=5,
                   help="minimum number of timed MCTS decisions; more are run to fill --seconds (default 5)")
    p.add_argument("--seed", type=int, default=1, help="base seed for OpenSpiel's bots and chance (default 1)")
    p.add_argument("--skip-arena", action="store_true", help="measure OpenSpiel only")
    p.add_argument("--build-timeout", type=float, default=1800,
                   help="seconds allowed for building arena, also added to each `cargo run`'s limit "
                        "in case it rebuilds (default 1800)")
    args = p.parse_args()
    if args.seconds <= 0 or args.iterations < 1 or args.repetitions < 1:
        p.error("--seconds must be > 0, --iterations and --repetitions >= 1")
    return args


def main() -> int:
    args = parse_args()  # before any install, so --help and bad options cost nothing

    if not running_in_venv():
        ensure_openspiel()
        reexec_in_venv()  # does not return

    try:
        import pyspiel  # only importable inside the venv
    except ImportError:
        # Started directly with the venv's python, but the venv lacks OpenSpiel.
        ensure_openspiel()
        import pyspiel

    if args.mcts:
        report, ok = run_mcts_mode(args, pyspiel)
    else:
        report, ok = run_random_mode(args, pyspiel)

    if args.json:
        path = Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
        print(f"\nwrote {path}")
    if not ok:
        print("\nsome figures could not be measured (see above)", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
