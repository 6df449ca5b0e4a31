//! The real binary run with its output piped, its data directory (saves, autosaves, settings)
//! given, so that nothing reaches the home folder.

use std::path::Path;
use std::process::{Command, Output};

/// Runs `catan` with `args`, its data in `data`.
pub fn catan(args: &[&str], data: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(args)
        .env(catan::save::DATA_DIR_ENV, data)
        .output()
        .expect("the binary runs")
}

/// [`catan`]'s exit code (-1 for a signal), standard output and standard error.
pub fn catan_text(args: &[&str], data: &Path) -> (i32, String, String) {
    let out = catan(args, data);
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8");
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}
