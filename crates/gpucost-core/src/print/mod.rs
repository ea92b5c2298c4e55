//! The printers: one file per output, each taking the one [`EstimateView`] (or the JSON
//! document made from it) and the reader's language, in the manner of ripgrep's printers.
//!
//! - [`json`]: the view as a versioned JSON document (the export schema);
//! - [`json_recommendation`]: its `recommendation` object, from the recommendation view;
//! - [`csv`]: the JSON document flattened to one row per charge;
//! - [`markdown`]: the totals and savings as a Markdown table;
//! - [`table`]: the terminal table of `gpucost estimate`;
//! - [`coverage`]: the catalog's coverage table in the README.
//! - [`html`]: the calculator's first paint, before the page's framework arrives (issue 29).
//! - [`cells`]: a comparison row's and a savings lever's cells, as the page prints them;
//! - [`menus`]: the catalog and the scenario's vocabularies as the form's and the catalog
//!   browser's menus (every GPU, provider or billing-mode menu lists the same choices).
//!
//! The page's components are the sixth printer; they read the same view. Shared helpers live
//! once: cell escaping in [`escape`](crate::escape), terminal widths in `columns`, every
//! amount and rate through [`format`](crate::format), every word through
//! [`l10n`](crate::l10n).
//!
//! [`EstimateView`]: crate::view::estimate::EstimateView

pub mod cells;
mod columns;
pub mod coverage;
pub mod csv;
pub mod html;
pub mod json;
pub mod json_recommendation;
pub mod markdown;
pub mod menus;
pub mod table;
