//! `gpucost`: the same engine as the page, on the command line.
//!
//! ```text
//! gpucost estimate '<share link or its query string>' [--format table|csv|json|md] [--lang en|zh] [--lenient]
//! gpucost catalog [--format csv|json]
//! gpucost presets [--format table|json]
//! ```
//! Problems go to stderr with a non-zero exit and name the offending parameter.

mod commands;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match commands::run(&args) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gpucost: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}
