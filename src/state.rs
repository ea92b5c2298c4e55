//! The URL-backed state every page and the shell read, and the embedded catalog.
//!
//! It sits below the shell (`app`), the pages and the components: it imports none of them,
//! so they can all depend on it without an import circle (checked by `tests/module_layers.rs`).

use chrono::NaiveDate;
use gpucost_core::catalog::{embedded, Catalog};
use gpucost_core::edit::Edit;
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_core::session;
use gpucost_core::share::{self, ParamIssue};
use leptos::prelude::*;

use crate::store::PageStore;
use crate::web;
use gpucost_core::l10n::ui::Text;

/// App-wide state, provided as context: the link's state and what derives from it.
#[derive(Clone, Copy)]
pub struct AppState {
    /// Everything the link carries; every input writes here and the URL follows.
    pub page: PageStore,
    /// Parameters of the opening link that were ignored.
    pub issues: RwSignal<Vec<ParamIssue>>,
    /// The interface language.
    pub lang: Memo<Lang>,
    /// The display currency.
    pub currency: Memo<Currency>,
    /// The exchange rate in use.
    pub fx: Memo<FxTable>,
    /// The link's query string: the whole state, encoded once per change for the address bar
    /// and everything else that needs the link.
    pub query: Memo<String>,
    /// Today, for price ages.
    pub today: NaiveDate,
    /// Whether the browser is printing (collapsed details are printed too).
    pub printing: RwSignal<bool>,
    /// Whether the first screen has been painted. What is collapsed or below the results (the
    /// "more settings" editors, the recommendation, the charts) is built after it, so the
    /// first result shows sooner.
    pub painted: RwSignal<bool>,
    /// Whether the calculator's form is in place after the first paint (or could not be
    /// loaded, or is not shown). The parts below the comparison are fetched after it, so that
    /// on a slow network the fields come first.
    pub form_settled: RwSignal<bool>,
}

impl AppState {
    /// Whether the parts that follow the form may be fetched and built: the first screen is
    /// painted and the form settled, or not shown at all (a locked embed has no form, so
    /// nothing waits for it).
    pub fn after_form(&self) -> bool {
        self.painted.get()
            && (self.form_settled.get() || self.page.with_settings(|p| p.embed.locked))
    }
}

impl AppState {
    /// The state from the current URL.
    pub fn from_url() -> Self {
        let decoded = share::decode(&web::current_query(), catalog());
        let page = PageStore::new(decoded.state);
        let browser = web::browser_lang();
        let lang = Memo::new(move |_| page.with_settings(|p| p.lang_or(browser)));
        let currency = Memo::new(move |_| page.with_settings(|p| p.currency_for(lang.get())));
        let fx = Memo::new(move |_| page.with_settings(|p| session::fx_for(catalog(), p)));
        AppState {
            page,
            issues: RwSignal::new(decoded.issues),
            lang,
            currency,
            fx,
            query: Memo::new(move |_| page.with(share::encode)),
            today: web::today(),
            printing: RwSignal::new(false),
            painted: RwSignal::new(false),
            form_settled: RwSignal::new(false),
        }
    }

    /// A translated string in the current language (reactive).
    pub fn t(&self, text: Text) -> &'static str {
        text.get(self.lang.get())
    }

    /// Applies the engine's `edit` to the link's scenario (its caps and defaults are the
    /// engine's, see [`Edit`]); nothing changes, and no reader wakes, when it cannot apply.
    pub fn apply(&self, edit: Edit) {
        let applies = self
            .page
            .with_untracked(|p| edit.applies(&p.scenario, catalog()));
        if applies {
            self.page.update(|p| {
                p.scenario.apply(edit, catalog());
            });
        }
    }
}

/// The embedded catalog.
pub fn catalog() -> &'static Catalog {
    &embedded().catalog
}
