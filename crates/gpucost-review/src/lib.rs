//! The spend review: a team's cloud bill in, where its GPU money went and what each cost lever
//! would have saved on that very usage out — computed where the bill is (the browser or the
//! command line), never uploaded.
//!
//! Two halves with one seam between them:
//! - [`bill`] reads a bill file, streaming, in any of the supported formats (AWS CUR legacy
//!   and 2.0, Google Cloud billing export, Azure cost details, Alibaba Cloud and Tencent Cloud
//!   账单明细, and a generic CSV of our own), and hands on one [`bill::UsageRow`] at a time,
//!   with every skipped line counted and named.
//! - [`review`] folds those rows into the review: GPU spend by provider, GPU model, instance
//!   and tag, GPU-hours and the effective price, an hour-of-week heat map, waste, budgets, and
//!   the levers — priced by `gpucost-core`'s engine on a scenario derived from the usage.
//!
//! - [`limits`] is the one table of plausibility limits and size caps every reader and the
//!   review keep to, so that no file makes the review panic or grow without bound.
//!
//! - [`session`] is the one review run that `gpucost review` and the page's worker share.
//!
//! - [`sql`] writes the query that lets Athena, BigQuery or DuckDB add a bill too large for
//!   a browser up to the generic CSV the review reads.
//!
//! - [`utilization`] reads an optional GPU utilization side file (nvidia-smi's CSV or a
//!   generic CSV of our own), whose samples the review joins to the bill's resources.
//!
//! Plain Rust like the engine: no web or UI dependency, tested natively.

pub mod bill;
pub mod html;
pub mod l10n;
pub mod limits;
pub mod render;
pub mod review;
pub mod session;
pub mod sql;
pub mod utilization;
