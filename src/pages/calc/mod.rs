//! The calculator page (the default view): preset links, the scenario form, and the results
//! — provider comparison, charts and savings — recomputed on every edit (no "calculate").

mod charts;
mod inputs;
mod later;
mod lines;

mod placement;
mod presets;
mod providers;
pub mod recommendation;
mod results;
mod share_tools;
pub mod workload_form;

use std::sync::Arc;

use gpucost_core::catalog::embedded;
use gpucost_core::recommend::{quotes, Recommendation};
use gpucost_core::scenario::ScenarioError;
use gpucost_core::session::{self, Estimate};
use leptos::prelude::*;

use crate::parts::{self, loaded, show_part};
use later::load_recommender;

use crate::state::{catalog, AppState};
use gpucost_core::l10n::ui::Text;

/// The page's one estimate, provided as context by [`CalculatorPage`]: the validated scenario
/// and its report, or every reason the scenario cannot be estimated. The exports print this
/// value; nothing re-reads or re-validates the raw scenario.
#[derive(Clone, Copy)]
pub(crate) struct Computed(pub(crate) Memo<Result<Estimate, Vec<ScenarioError>>>);

impl Computed {
    /// The page's [`Computed`] (panics outside the calculator page, as `expect_context` does).
    pub(crate) fn get() -> Memo<Result<Estimate, Vec<ScenarioError>>> {
        expect_context::<Computed>().0
    }
}

/// The calculator.
#[component]
pub fn CalculatorPage() -> impl IntoView {
    let app = expect_context::<AppState>();
    provide_context(Computed(estimate(app, recommendation(app))));

    let locked = Memo::new(move |_| app.page.with_settings(|p| p.embed.locked));
    // Kept here, above the lock: the settings once opened stay built.
    let more_opened = RwSignal::new(false);
    view! {
        <Show when=move || !locked.get()>
            <presets::PresetBar />
        </Show>
        // The results come first: in one column (phones, tablets) the form, which arrives
        // after the first result, then grows below them instead of pushing them out of view.
        // Side by side, the style sheet puts the form on the left.
        <div class="calc" class:locked=move || locked.get()>
            <results::ResultsPanel />
            <Show when=move || !locked.get()>
                <InputsSection more_opened=more_opened />
            </Show>
        </div>
    }
}

/// The hardware recommendation for the page's workload, once its code is here.
///
/// It depends only on the workload, the place and host floor, the user's priced quotes, the
/// rates and the currency, and it is most of an estimate's time when a workload is described:
/// kept across every other edit, and made once the first result is painted and the form in
/// place, so neither waits for it. Its code is fetched then too (a part of the release build).
fn recommendation(app: AppState) -> Memo<Option<Arc<Recommendation>>> {
    let recommender = RwSignal::new(None::<later::Recommender>);
    Effect::new(move |_| {
        if app.after_form() && recommender.get_untracked().is_none() {
            leptos::task::spawn_local(async move {
                // Offline before its code was ever fetched: no recommendation; the panel
                // below the comparison, a part too, says that it cannot be loaded.
                if let Ok(recommend) = loaded!(load_recommender()) {
                    recommender.set(Some(recommend));
                }
            });
        }
    });
    let workload = app.page.workload();
    let placement = Memo::new(move |_| app.page.with_settings(|p| p.scenario.placement()));
    // The user's priced quotes are ranked too: an edit of one recommends again (the engine's
    // `fits` keeps a recommendation only for the quotes it was made with).
    let quotes = Memo::new(move |_| {
        app.page
            .with_settings(|p| quotes::priced(&p.scenario.custom_prices))
    });
    Memo::new(move |_| {
        let recommend = recommender.get()?;
        let w = workload.get()?.validate().ok()?;
        Some(Arc::new(recommend(
            catalog(),
            &w,
            &placement.get(),
            &quotes.get(),
            &app.fx.get(),
            app.currency.get(),
            app.today,
        )))
    })
}

/// The page's one estimate.
///
/// It depends on the scenario, currency and rate — not on the language. The recommendation
/// is read only for a valid scenario, so an invalid one does not make it; the estimate uses
/// it only when it was made for this workload, place and currency.
fn estimate(
    app: AppState,
    recommendation: Memo<Option<Arc<Recommendation>>>,
) -> Memo<Result<Estimate, Vec<ScenarioError>>> {
    // Keeps the offers' regions across edits (they change only with the discounts or place).
    let estimator = session::Estimator::new(embedded());
    Memo::new(move |_| {
        let scenario = app.page.with(|p| p.scenario.clone());
        estimator.estimate_kept(
            scenario,
            &app.fx.get(),
            app.currency.get(),
            app.today,
            || recommendation.get(),
        )
    })
}

/// The scenario's inputs: the form (after the first paint), the collapsed "more settings"
/// and the saved scenarios.
#[component]
fn InputsSection(
    /// Whether "more settings" was ever opened (then its editors are built).
    more_opened: RwSignal<bool>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <section class="inputs" aria-labelledby="inputs-heading">
            <h2 id="inputs-heading">{move || app.t(Text::InputsHeading)}</h2>
            // After the first paint: the first result does not wait for the form's code.
            <Show
                when=move || app.painted.get()
                fallback=parts::loading
            >
                {parts::shown(async move {
                    let form = loaded!(later::scenario_form());
                    app.form_settled.set(true);
                    form
                })}
            </Show>
            <details class="more" on:toggle=move |_| more_opened.set(true)>
                <summary>{move || app.t(Text::MoreSettings)}</summary>
                // Collapsed at first: built, and its code fetched, when first opened.
                <Show when=move || more_opened.get()>
                    {show_part!(later::more_settings())}
                </Show>
            </details>
            // After the first paint: its code is fetched then, not during the first render.
            <Show when=move || app.after_form()>
                {show_part!(later::saved_scenarios())}
            </Show>
        </section>
    }
}
