//! What the reader is shown, as data: built once by the engine from a report and rendered by
//! the page, the exports and the command line alike, so "the CLI prints what the page shows"
//! holds by construction. Each view has a `*_words` companion that says it in both languages.

pub mod results;
pub mod results_words;
