//! What the reader is shown, as data: built once by the engine from a report and rendered by
//! the page, the exports and the command line alike, so "the CLI prints what the page shows"
//! holds by construction. Their words are in [`l10n`](crate::l10n).

pub mod batch;
pub mod charts;
pub mod estimate;
pub mod gpu_facts;
pub mod price_history;
pub mod recommendation;
pub mod results;
