//! The integration tests, as one test binary: each module below was once its own file under
//! `tests/`, and each linked the whole crate again. One binary links it once, so a fresh
//! `cargo test` spends its time testing rather than linking. (The allocation-counting test
//! stays apart in `tests/bots_alloc.rs`: it installs a global allocator of its own.)
//!
//! Long checks (100,000-match conformance runs, long MCTS comparisons) are `#[ignore]`d here
//! with a smaller sample beside them; run them in release mode, as CI does:
//! `cargo test --release -- --ignored`.

mod common;

mod answer_first;
mod bot_settings;
mod bots;
mod bots_n_players;
mod cli;
mod closed_pipes;
mod columns;
mod completeness;
mod damaged_state;
mod decides;
mod doc_commands;
mod docs;
mod extend;
mod extreme_flags;
mod extremes;
mod failures;
mod faults;
mod floors;
mod fuzz_readers;
mod golden;
mod greedy_adaptive;
mod greedy_play;
mod hostile;
mod how_to_play;
mod inputs;
mod known_answers;
mod ladder;
mod lifecycle;
mod love_actually_no_peeking;
mod may_end;
mod misuse;
mod move_words;
mod no_peeking;
mod option_answers;
mod option_intervals;
mod overnight;
mod pause_resume;
mod pig_exact;
mod play;
mod play_options;
mod play_server;
mod play_server_secrets;
mod play_table;
mod pride_hidden;
mod probe;
mod profiles;
mod props;
mod report;
mod report_read;
mod rerun;
mod rule_repros;
mod seat_view;
mod shards_and_resume;
mod slurm_script;
mod statistics;
mod status_kinds;
mod status_truth;
mod sweep;
mod sweep_conclusion;
mod symlinks;
mod tour;
mod traces;
mod tune;
mod until_decided;
mod view;
