//! One ranked GPU's card.

use gpucost_core::view::recommendation::CandidateView;
use leptos::prelude::*;

use crate::state::AppState;
use gpucost_core::l10n::ui::Text;

/// One ranked GPU: cost, GPUs, price, time, throughput, evidence, caveats and reasons.
#[component]
pub(super) fn CandidateCard(
    /// The candidate as the engine formats it.
    c: CandidateView,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Rebuilt whenever the recommendation or the language changes: read the language once.
    let lang = app.lang.get_untracked();
    let t = move |text: Text| text.get(lang);
    let feasible = c.feasible;
    let price = c.price.map(|p| p.text).unwrap_or_default();
    let list = |items: Vec<String>| {
        view! { <ul>{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul> }
    };
    let warnings = (!c.warnings.is_empty()).then(|| {
        view! {
            <div class="reco-warnings" role="note">
                <strong>{t(Text::RecoCaveats)}</strong>
                {list(c.warnings)}
            </div>
        }
    });
    view! {
        <li class="reco-gpu" class:best=c.rank == 1 class:infeasible=!feasible data-testid="reco-gpu" data-gpu=c.key>
            <div class="reco-gpu-head">
                <span class="rank">{c.rank}</span>
                <strong class="name">{c.name}</strong>
                {(!feasible).then(|| view! { <span class="badge old">{t(Text::RecoInfeasible)}</span> })}
                <span class="reco-cost" data-testid="reco-cost">
                    <strong>{c.cost}</strong> " " <span class="unit">{c.unit}</span>
                </span>
            </div>
            <dl class="reco-facts">
                <div><dt>{t(Text::RecoGpusNeeded)}</dt><dd data-testid="reco-gpus">{c.gpus}</dd></div>
                <div><dt>{t(Text::RecoPrice)}</dt><dd data-testid="reco-price">{price}</dd></div>
                {c.time.map(|time| view! {
                    <div><dt>{t(Text::RecoTime)}</dt><dd data-testid="reco-time">{time}</dd></div>
                })}
                <div><dt>{t(Text::RecoThroughput)}</dt><dd>{c.throughput}</dd></div>
                <div>
                    <dt>{t(Text::RecoBasis)}</dt>
                    <dd data-testid="reco-basis">
                        <span class="badge" class:measured=c.measured>{c.basis_kind}</span>
                        " " {c.evidence}
                    </dd>
                </div>
            </dl>
            {warnings}
            <details class="reco-why">
                <summary>{t(Text::RecoWhy)}</summary>
                {list(c.reasons)}
                {(!c.assumptions.is_empty()).then(|| view! {
                    <p class="hint">{t(Text::RecoGpuAssumptions)}</p>
                    {list(c.assumptions)}
                })}
            </details>
        </li>
    }
}
