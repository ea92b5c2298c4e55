//! What the user sees, built once as data by the engine: the page renders it, and the CLI and
//! every export print the same values.

pub mod recommendation;
