//! Outputs: the CSV files, the column dictionary and the manifest of a run, each written
//! under a temporary name and renamed when complete.

pub mod atomic;
pub mod checked;
pub mod columns;
pub mod console;
pub mod csv_files;
pub mod io;
pub mod ladder_csv;
pub mod manifest;
pub mod matches_csv;
pub mod options_csv;
pub mod sweep_csv;

pub use atomic::{AtomicFile, partial_path, write_atomic};
pub use io::{
    IoFailure, failpoint, io_failure, io_refusal, is_disk_full, is_refusal, read_if_present,
};
