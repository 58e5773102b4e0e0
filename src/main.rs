//! The `arena` binary: parse, dispatch, print the error chain, exit with its code
//! (0 ok, 1 failure during a run, 2 bad input, 3 run completed with failed matches, 4 run
//! paused by --time-limit).

fn main() {
    let args: Vec<String> = std::env::args().collect();
    std::process::exit(arena::cli::main_with_args(args));
}
