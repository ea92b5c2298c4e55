//! The one place where words live.
//!
//! The rest of the engine returns typed data — a [`ParamIssue`](crate::share::ParamIssue) with
//! its [`Problem`](crate::share::Problem), a [`ScenarioError`](crate::scenario::ScenarioError),
//! a report [`Warning`](crate::report::Warning), a saving's
//! [`Assumption`](crate::savings::Assumption) — and never a sentence. This module turns that
//! data into English or Chinese, one submodule per domain, so that a translator reads one
//! folder and a reviewer can see that every variant has both languages. User-entered labels
//! keep the user's words; built-in names are shown in the reader's language ([`labels`]).
//!
//! Nothing below this module imports it (`tests/module_layers.rs` keeps that promise): a
//! domain type is worded by its [`Localize`] impl here, and the few inherent wording methods
//! (`Preset::title`) are defined here too, beside their words.

mod batch;
mod capacity;
#[doc(hidden)]
pub mod check;
pub mod commitment;
pub mod facts;
pub mod labels;
pub mod link;
pub mod model_config;
mod placement;
mod presets;
mod promise;
pub mod recommend;
pub mod recommend_text;
mod report;
pub mod results;
mod savings;
mod scenario;
pub mod ui;

use crate::format::Lang;

/// A typed message that can be read in either language.
pub trait Localize {
    /// The message in `lang`.
    fn text(&self, lang: Lang) -> String;
}

/// English `Display` for the engine's typed errors (error chains, logs and tests); what a
/// reader sees goes through [`Localize`] with the reader's language. Defined here so that the
/// domain modules that own these types need no words.
macro_rules! english_display {
    ($($t:ty),*) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.text(Lang::En))
            }
        }
        impl std::error::Error for $t {}
    )*};
}

english_display!(
    crate::share::DecimalError,
    crate::share::LineError,
    crate::share::PriceError,
    crate::share::ParamIssue,
    crate::share::prices_file::FileProblem,
    crate::scenario::ScenarioError,
    crate::recommend::hf_config::ConfigError
);

/// Joins two pieces of Chinese text, with a space only where Han meets a Latin letter or
/// digit (`应为 +HH:MM`, but `应为整数`), as Chinese typesetting does.
fn zh_join(a: &str, b: &str) -> String {
    let latin =
        |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || "+-~\"".contains(c));
    let han = |c: Option<char>| c.is_some_and(|c| !c.is_ascii());
    let (end, start) = (a.chars().last(), b.chars().next());
    if (han(end) && latin(start)) || (latin(end) && han(start)) {
        format!("{a} {b}")
    } else {
        format!("{a}{b}")
    }
}

#[cfg(test)]
mod tests;
