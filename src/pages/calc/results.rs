//! The results: headline, warnings, the provider comparison with line items, charts and the
//! savings panel, plus "copy link". Everything shown comes from `model::results_view`.

use gpucost_core::format::Lang;
use gpucost_core::report::Report;
use gpucost_core::scenario::ScenarioError;
use gpucost_core::share;
use leptos::prelude::*;

use super::charts::{CostBars, CumulativeChart};
use super::model::{results_view, LineView, ProviderRow, ResultsView, SavingView};
use crate::app::{catalog, AppState};
use crate::i18n::Text;
use crate::web;

/// The results panel.
#[component]
pub fn ResultsPanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    let computed = expect_context::<Memo<Result<Report, Vec<ScenarioError>>>>();
    let view_model: Memo<Result<ResultsView, Vec<String>>> = Memo::new(move |_| {
        let lang = app.lang.get();
        computed.with(|r| match r {
            Ok(report) => Ok(app
                .page
                .with(|p| results_view(catalog(), &p.scenario, report, lang))),
            Err(errors) => Err(errors.iter().map(|e| e.message(lang)).collect()),
        })
    });
    let ok = move || view_model.with(|v| v.is_ok());
    let results = move || view_model.with(|v| v.as_ref().ok().cloned());
    // One persistent live region with the headline: screen readers hear the new cheapest
    // total after an edit, not the whole rebuilt table. On a phone, where the results sit
    // below the inputs, it is also shown as a bar at the bottom of the screen.
    let spoken = move || {
        view_model.with(|v| match v {
            Ok(r) => r
                .headline
                .as_ref()
                .map(|(name, total, _)| format!("{} {total} {name}", app.t(Text::Cheapest)))
                .unwrap_or_default(),
            Err(_) => app.t(Text::FixFirst).to_string(),
        })
    };
    view! {
        <section class="results" aria-labelledby="results-heading">
            <p class="live-summary" aria-live="polite" data-testid="spoken-summary">{spoken}</p>
            <div class="results-head">
                <h2 id="results-heading">{move || app.t(Text::ResultsHeading)}</h2>
                <CopyLink />
            </div>
            <Show when=move || !app.page.with(|p| p.embed.enabled)>
                <super::share_tools::ExportBar />
            </Show>
            <Show
                when=ok
                fallback=move || {
                    view! {
                        <div class="notice" data-testid="scenario-errors">
                            <p>{move || app.t(Text::FixFirst)}</p>
                            <ul>
                                {move || view_model.with(|v| v.clone().err().unwrap_or_default()).into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}
                            </ul>
                        </div>
                    }
                }
            >
                // Rebuilt on every change (the language included), so everything below reads
                // the language once instead of keeping a reactive closure per string.
                {move || results().map(|r| view! { <Results r=r lang=app.lang.get_untracked() /> })}
            </Show>
        </section>
    }
}

/// The results of a valid scenario.
#[component]
fn Results(
    /// What to show.
    r: ResultsView,
    /// The language it was formatted in.
    lang: Lang,
) -> impl IntoView {
    let t = move |text: Text| text.get(lang);
    let ResultsView {
        headline,
        demand,
        rows,
        savings,
        warnings,
    } = r;
    let bars: Vec<(String, f64, String)> = rows
        .iter()
        .filter(|r| r.rank.is_some())
        .take(10)
        .map(|r| (r.name.clone(), r.total_value, r.total.clone()))
        .collect();
    let (served, unserved): (Vec<ProviderRow>, Vec<ProviderRow>) =
        rows.into_iter().partition(|r| r.rank.is_some());
    view! {
        {headline.map(|(name, total, per)| view! {
            <p class="headline" data-testid="headline">
                <span class="label">{t(Text::Cheapest)}</span>
                <strong data-testid="cheapest-total">{total}</strong>
                <span class="who" data-testid="cheapest-provider">{name}</span>
                <span class="per">{per}</span>
            </p>
        })}
        <p class="demand" data-testid="demand">{demand}</p>
        {(!warnings.is_empty()).then(|| view! {
            <div class="warnings" role="note" data-testid="warnings">
                <h3>{t(Text::WarningsHeading)}</h3>
                <ul>{warnings.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul>
            </div>
        })}
        <div class="table-wrap">
            <table class="comparison" data-testid="comparison">
                <thead>
                    <tr>
                        <th scope="col">"#"</th>
                        <th scope="col">{t(Text::ColProvider)}</th>
                        <th scope="col" class="num">{t(Text::ColTotal)}</th>
                        <th scope="col" class="num">{t(Text::ColPerGpuHour)}</th>
                        <th scope="col">{t(Text::ColBilling)}</th>
                    </tr>
                </thead>
                <tbody>
                    {served.into_iter().map(|row| view! { <ProviderRowView row=row lang=lang /> }).collect_view()}
                </tbody>
            </table>
        </div>
        {(!unserved.is_empty()).then(|| view! {
            <details class="unserved" data-testid="unserved">
                <summary>{t(Text::CannotServe)} " (" {unserved.len()} ")"</summary>
                <ul>
                    {unserved.into_iter().map(|r| view! {
                        <li data-seller=r.key.clone()><strong>{r.name}</strong> " — " {r.unserved.unwrap_or_default()}</li>
                    }).collect_view()}
                </ul>
            </details>
        })}
        <super::recommendation::RecommendationPanel />
        <section class="charts" aria-labelledby="charts-heading">
            <h3 id="charts-heading">{t(Text::ChartsHeading)}</h3>
            <CostBars rows=bars />
            <CumulativeChart />
        </section>
        <SavingsPanel savings=savings lang=lang />
    }
}

/// A provider's row, with its line items behind a disclosure. The line items are about half
/// the page's elements, so they are built only when opened or printed.
#[component]
fn ProviderRowView(
    /// The row.
    row: ProviderRow,
    /// The language it was formatted in.
    lang: Lang,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let t = move |text: Text| text.get(lang);
    let ProviderRow {
        key,
        rank,
        name,
        total,
        per_gpu_hour,
        billing,
        offers,
        lines,
        badges,
        ..
    } = row;
    let details_id = format!("details-{}", key.replace([':', ' ', '/'], "-"));
    let open = RwSignal::new(false);
    view! {
        <tr data-seller=key.clone() class:best=rank == Some(1)>
            <td data-label="#">{rank.map(|r| r.to_string()).unwrap_or_default()}</td>
            <td data-label=t(Text::ColProvider)>
                <strong>{name}</strong>
                {badges.into_iter().map(|b| view! { <span class="badge">{b}</span> }).collect_view()}
                <span class="offers">{offers}</span>
            </td>
            <td data-label=t(Text::ColTotal) class="num total" data-testid="row-total">{total}</td>
            <td data-label=t(Text::ColPerGpuHour) class="num">{per_gpu_hour}</td>
            <td data-label=t(Text::ColBilling)>
                {billing}
                <button
                    type="button"
                    class="link"
                    aria-expanded=move || open.get().to_string()
                    aria-controls=details_id.clone()
                    on:click=move |_| open.update(|o| *o = !*o)
                >
                    {t(Text::Details)}
                </button>
            </td>
        </tr>
        <tr class="details-row" id=details_id hidden=move || !open.get()>
            <td colspan="5">
                {move || (open.get() || app.printing.get()).then(|| line_plans(lines.clone(), lang))}
            </td>
        </tr>
    }
}

/// The line items of a provider's plan, line by line.
fn line_plans(lines: Vec<LineView>, lang: Lang) -> impl IntoView {
    let t = move |text: Text| text.get(lang);
    lines
        .into_iter()
        .map(|l| {
            view! {
                <div class="line-plan">
                    <h4>{l.title}</h4>
                    <p class="offer">{l.offer} " · " {l.region} " · " {l.plan}</p>
                    <table class="items">
                        <thead>
                            <tr>
                                <th scope="col">{t(Text::Lever)}</th>
                                <th scope="col" class="num">{t(Text::Quantity)}</th>
                                <th scope="col" class="num">{t(Text::Rate)}</th>
                                <th scope="col" class="num">{t(Text::Amount)}</th>
                            </tr>
                        </thead>
                        <tbody>
                            {l.items.into_iter().map(|i| {
                                let title = i.source.clone();
                                view! {
                                <tr>
                                    <td>{i.label}</td>
                                    <td class="num">{i.quantity}</td>
                                    <td class="num" title=title>{i.rate}<span class="source">{i.source}</span></td>
                                    <td class="num">{i.amount}</td>
                                </tr>
                            }}).collect_view()}
                            <tr class="subtotal">
                                <td colspan="3">{t(Text::Subtotal)}</td>
                                <td class="num">{l.subtotal}</td>
                            </tr>
                        </tbody>
                    </table>
                    <p class="options-title">{t(Text::BestByMode)}</p>
                    <ul class="options">{l.options.into_iter().map(|o| view! { <li>{o}</li> }).collect_view()}</ul>
                </div>
            }
        })
        .collect_view()
}

/// The savings levers.
#[component]
fn SavingsPanel(
    /// The levers.
    savings: Vec<SavingView>,
    /// The language they were formatted in.
    lang: Lang,
) -> impl IntoView {
    let t = move |text: Text| text.get(lang);
    view! {
        <section class="savings" aria-labelledby="savings-heading" data-testid="savings">
            <h3 id="savings-heading">{t(Text::SavingsHeading)}</h3>
            <ul>
                {savings
                    .into_iter()
                    .map(|s| view! {
                        <li data-lever=s.key class:negative=s.negative>
                            <span class="lever">{s.name}</span>
                            <span class="amount">{s.amount}</span>
                            <span class="percent">{s.percent}</span>
                            <span class="from-to">{s.from_to}</span>
                            <span class="assumption">{s.assumption}</span>
                        </li>
                    })
                    .collect_view()}
            </ul>
        </section>
    }
}

/// Copies the page's link (which holds the whole scenario) to the clipboard.
#[component]
fn CopyLink() -> impl IntoView {
    let app = expect_context::<AppState>();
    let status: RwSignal<Option<Text>> = RwSignal::new(None);
    let on_click = move |_| {
        // The address bar may be a moment behind the state: bring it up to date first.
        web::write_pending_query();
        leptos::task::spawn_local(async move {
            let ok = web::copy_to_clipboard(&web::current_href()).await;
            status.set(Some(if ok { Text::Copied } else { Text::CopyFailed }));
        });
    };
    let long = move || {
        let base = web::page_base().chars().count();
        app.page
            .with(|p| share::link_too_long(base + 1 + share::encode(p).chars().count()))
    };
    view! {
        <div class="copy-link">
            <button type="button" data-testid="copy-link" on:click=on_click>{move || app.t(Text::CopyLink)}</button>
            <span role="status" class="copy-status">{move || status.get().map(|t| app.t(t))}</span>
        </div>
        <Show when=long>
            <p class="hint long-link" data-testid="long-link">{move || app.t(Text::LongLink)}</p>
        </Show>
    }
}
