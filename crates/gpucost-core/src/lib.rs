//! The engine of GPU Cost Lab, in plain Rust.
//!
//! This crate holds everything the calculator knows and computes — the sourced pricing
//! catalog, exact money, billing rules, scenarios, estimates, recommendations and the URL
//! codec — with no dependency on a browser, so `cargo test` checks all of it natively and the
//! same code runs in the page (compiled to WebAssembly) and in the `gpucost` command-line tool.
//! The web layer only reads these results and renders them.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Public only what the page, the CLI and the tests use: `pub` inside a private module is
// a promise nobody can call.
#![deny(unreachable_pub)]

pub mod batch;
pub mod billing;
pub mod billing_mode;
pub mod browse;
pub mod catalog;
pub mod edit;
pub mod escape;
pub mod estimate;
pub mod format;
pub mod fx;
pub mod l10n;
pub mod limits;
pub mod money;
pub mod names;
pub mod placement;
pub mod pool;
pub mod presets;
pub mod print;
pub mod promise;
pub mod provider_filter;
pub mod quote;
pub mod recommend;
pub mod report;
pub mod saved;
pub mod savings;
pub mod scenario;
pub mod schedule;
pub mod session;
pub mod share;
pub mod traffic;
pub mod user_text;
pub mod view;
