//! `gpucost`: the same engine as the page, on the command line.
//!
//! ```text
//! gpucost estimate '<share link or its query string>' [--format table|csv|json|md] [--lang en|zh] [--lenient] [--today YYYY-MM-DD] [--model-config FILE]
//! gpucost catalog [--format csv|json]
//! gpucost presets [--format table|json] [--lang en|zh]
//! gpucost help [COMMAND]    (or --help, -h after any command)
//! ```
//! Problems go to stderr with exit code 2 and name the offending argument or parameter. When
//! stdout is closed before the output is written (`gpucost catalog | head`), the command stops
//! quietly with exit code 0: the reader has all it wanted.

mod args;
mod commands;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with exit 0, mistakes to stderr with exit 2.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    match commands::run(&cli.command) {
        Ok(out) => emit(&out),
        Err(e) => {
            note(&format!("gpucost: {}", e.message));
            ExitCode::from(e.code)
        }
    }
}

/// Writes the output to stdout. `print!` panics when the reader has gone; here a broken pipe
/// is the normal end of `gpucost … | head`, so it exits 0, and any other write error is 1.
fn emit(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            note(&format!("gpucost: cannot write the output: {e}"));
            ExitCode::FAILURE
        }
    }
}

/// Writes a line to stderr, control characters from the input shown as `\u{…}`; if stderr is
/// closed too, there is no one left to tell.
fn note(line: &str) {
    let line = gpucost_core::escape::terminal_lines(line);
    let _ = writeln!(io::stderr().lock(), "{line}");
}
