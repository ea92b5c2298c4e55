//! The results: headline, warnings, the provider comparison with line items, charts and the
//! savings panel, plus "copy link". Everything shown is the engine's
//! [`ResultsView`](gpucost_core::view::results::ResultsView), worded by `l10n` and printed
//! cell by cell ([`RowCells`](gpucost_core::print::cells::RowCells)); an edit updates the
//! cells that changed instead of rebuilding the panel.

mod batch;
mod comparison;
mod copy_link;
mod headline;
mod line_items;
mod pool;
mod savings;

use gpucost_core::catalog::embedded;
use gpucost_core::format::{self, Lang};
use gpucost_core::l10n::ui::Text;
use gpucost_core::l10n::Localize;
use gpucost_core::view::results::{results_view_dated, ResultsView};
use leptos::prelude::*;

use super::Computed;
use crate::components::fields::RefusedFields;
use crate::parts::show_part;
use crate::state::{catalog, AppState};

/// The results, or the messages of what to fix first.
type ViewModel = Memo<Result<ResultsView, Vec<String>>>;

/// The bars of the cost chart: the ten cheapest sellers' names, totals and worded totals.
type Bars = Vec<(String, f64, String)>;

/// The results panel.
#[component]
pub(crate) fn ResultsPanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    let computed = Computed::get();
    let view_model: ViewModel = Memo::new(move |_| {
        computed.with(|r| match r {
            Ok(e) => Ok(results_view_dated(
                catalog(),
                &|p| embedded().index.price_dates(p),
                e.scenario.scenario(),
                &e.report,
            )),
            Err(errors) => Err(errors.iter().map(|e| e.text(app.lang.get())).collect()),
        })
    });
    let ok = move || view_model.with(|v| v.is_ok());
    // While a field refuses its text, the numbers below are for the last accepted values.
    let refused = use_context::<RefusedFields>();
    let stale = move || refused.is_some_and(RefusedFields::any);
    let exports_shown = move || app.after_form();
    let errors = move || view_model.with(|v| v.clone().err().unwrap_or_default());
    view! {
        <section class="results" aria-labelledby="results-heading">
            <headline::Spoken view_model=view_model />
            <div class="results-head">
                <h2 id="results-heading">{move || app.t(Text::ResultsHeading)}</h2>
                // Shown in one column only (style.css), where the form is below the results.
                <Show when=move || !app.page.with_settings(|p| p.embed.locked)>
                    <a class="to-form" href="#inputs-heading" data-testid="to-form">
                        {move || app.t(Text::ToTheForm)}
                    </a>
                </Show>
                <copy_link::CopyLink />
            </div>
            // After the first paint: its code is fetched then, not during the first render. Its
            // place is held from the start (as in the first paint), so the results below do
            // not move when it arrives.
            <Show when=move || !app.page.with_settings(|p| p.embed.enabled)>
                <div class="export-slot">
                    <Show when=exports_shown>{show_part!(super::later::export_bar())}</Show>
                </div>
            </Show>
            <Show when=stale>
                <p class="notice" role="status" data-testid="results-stale">
                    {move || app.t(Text::ResultsForLastAccepted)}
                </p>
            </Show>
            <Show when=ok fallback=move || view! { <ScenarioErrors errors=Signal::derive(errors) /> }>
                // Built once per language: an edit only updates the cells in place (rows are
                // keyed by seller), so the labels read the language once.
                {move || view! { <Results view_model=view_model lang=app.lang.get() /> }}
            </Show>
        </section>
    }
}

/// What to fix before the scenario can be estimated.
#[component]
fn ScenarioErrors(
    /// The problems, worded.
    errors: Signal<Vec<String>>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let items = move || {
        errors
            .get()
            .into_iter()
            .map(|m| view! { <li>{m}</li> })
            .collect_view()
    };
    view! {
        <div class="notice" data-testid="scenario-errors">
            <p>{move || app.t(Text::FixFirst)}</p>
            <ul>{items}</ul>
        </div>
    }
}

/// The results of a valid scenario.
#[component]
fn Results(
    /// What to show.
    view_model: ViewModel,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let bars = Memo::new(move |_| {
        view_model.with(|v| v.as_ref().map(|r| bars(r, lang)).unwrap_or_default())
    });
    let savings = Memo::new(move |_| {
        view_model.with(|v| v.as_ref().map(|r| r.savings.clone()).unwrap_or_default())
    });
    view! {
        <headline::Headline view_model=view_model lang=lang />
        <comparison::Comparison view_model=view_model lang=lang />
        // Below the comparison: built after the first paint, so the totals show first.
        <Show when=move || app.after_form()>
            {show_part!(super::later::below_comparison(bars, lang))}
        </Show>
        <savings::SavingsPanel savings=savings lang=lang />
        <pool::PoolPanel view_model=view_model lang=lang />
    }
}

/// The cost chart's bars: at most ten sellers that can serve, cheapest first.
fn bars(results: &ResultsView, lang: Lang) -> Bars {
    results
        .rows
        .iter()
        .filter_map(|row| Some((row, row.outcome.as_ref().ok()?)))
        .take(10)
        .map(|(row, s)| {
            let name = row.names.get(lang).to_string();
            (name, s.total.to_f64_lossy(), format::money(s.total))
        })
        .collect()
}
