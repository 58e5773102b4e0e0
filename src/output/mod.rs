//! Outputs: the CSV files, the column dictionary and the manifest of a run, each written
//! under a temporary name and renamed when complete.

pub mod atomic;
pub mod columns;
pub mod csv_files;
pub mod manifest;

pub use atomic::{AtomicFile, write_atomic};
