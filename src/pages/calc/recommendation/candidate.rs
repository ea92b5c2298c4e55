//! One ranked GPU's card, and its "use this" button.

use gpucost_core::edit::{Edit, Recommended};
use gpucost_core::l10n::recommend_text::CandidateText;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::state::AppState;
use gpucost_core::l10n::ui::Text;

/// One ranked GPU: cost, the machines it rents, its month (serving), price, time,
/// throughput, evidence, caveats and reasons, and a button that puts the plan into the lines.
#[component]
pub(super) fn CandidateCard(
    /// The candidate in the reader's language.
    c: CandidateText,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Rebuilt whenever the recommendation or the language changes: read the language once.
    let lang = app.lang.get_untracked();
    let t = move |text: Text| text.get(lang);
    let feasible = c.feasible;
    let price = c.price.unwrap_or_default();
    let (fleet, count_why, monthly) = (c.fleet, c.count_why, c.monthly);
    // A locked embed shows results only: nothing on it edits the scenario.
    let locked = app.page.with_untracked(|p| p.embed.locked);
    let use_this = c
        .use_this
        .filter(|_| !locked)
        .map(|r| view! { <UseThis r=r /> });
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
                <div>
                    <dt>{t(Text::RecoGpusNeeded)}</dt>
                    <dd data-testid="reco-gpus">
                        {fleet.map(|f| view! { <strong data-testid="reco-fleet">{f}</strong> <br /> })}
                        <span class="hint">{c.gpus}</span>
                        {count_why.map(|w| view! { <br /> <span class="hint" data-testid="reco-count-why">{w}</span> })}
                    </dd>
                </div>
                {monthly.map(|m| view! {
                    <div><dt>{t(Text::RecoMonthly)}</dt><dd data-testid="reco-monthly">{m}</dd></div>
                })}
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
            {use_this}
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

/// "Use this": the plan's GPU, machines and count go into a line (an engine edit, so the link
/// follows), and the page moves to that line.
#[component]
fn UseThis(
    /// What the line takes.
    r: Recommended,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let lang = app.lang.get_untracked();
    let (gpu, gpus) = (r.gpu.clone(), r.gpus.normalize().to_string());
    let per_machine = r.per_machine.map(|k| k.to_string());
    let on_click = move |_| {
        let line = app.page.with_untracked(|p| r.line_in(&p.scenario));
        app.apply(Edit::UseRecommended(r.clone()));
        if let Some(i) = line {
            // After the line's fields show the new values.
            request_animation_frame(move || focus_line(i));
        }
    };
    view! {
        <button type="button" class="reco-use" data-testid="reco-use"
            data-gpu=gpu data-gpus=gpus data-per-machine=per_machine
            on:click=on_click
        >
            {Text::RecoUseThis.get(lang)}
        </button>
    }
}

/// Scrolls to line `i`'s GPU menu and focuses it.
fn focus_line(i: usize) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let selector = format!("[data-testid=\"line-{i}-gpu\"]");
    if let Ok(Some(el)) = document.query_selector(&selector) {
        el.scroll_into_view();
        if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
    }
}
