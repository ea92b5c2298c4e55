//! `gpucost`: the same engine as the page, on the command line.
//!
//! ```text
//! gpucost estimate '<share link or its query string>' [--format table|csv|json|md] [--lang en|zh] [--lenient] [--today YYYY-MM-DD]
//! gpucost catalog [--format csv|json]
//! gpucost presets [--format table|json] [--lang en|zh]
//! gpucost help [COMMAND]    (or --help, -h after any command)
//! ```
//! Problems go to stderr with exit code 2 and name the offending argument or parameter.

mod args;
mod commands;

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
