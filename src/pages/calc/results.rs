//! The results: headline, warnings, the provider comparison with line items, charts and the
//! savings panel, plus "copy link". Everything shown is the engine's
//! [`ResultsView`](gpucost_core::view::results::ResultsView), worded by `l10n::results`;
//! an edit updates the numbers in place instead of rebuilding the panel.

use crate::components::fields::RefusedFields;
use gpucost_core::format::{self, Lang};
use gpucost_core::l10n::results::{lever_name, provider_rules, saving_from_to, saving_percent};
use gpucost_core::report::Report;
use gpucost_core::savings::{Lever, Saving};
use gpucost_core::scenario::ScenarioError;
use gpucost_core::share;
use gpucost_core::view::results::{
    provider_lines, results_view, LineView, ProviderRow, ResultsView, Served,
};
use leptos::prelude::*;

use crate::parts::show_part;
use crate::signals::set_changed;
use crate::state::{catalog, AppState};
use crate::web;
use gpucost_core::l10n::ui::Text;

/// The results, or the messages of what to fix first.
type ViewModel = Memo<Result<ResultsView, Vec<String>>>;

/// The results panel.
#[component]
pub(crate) fn ResultsPanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    let computed = expect_context::<Memo<Result<Report, Vec<ScenarioError>>>>();
    let view_model: ViewModel = Memo::new(move |_| {
        computed.with(|r| match r {
            Ok(report) => Ok(app
                .page
                .with(|p| results_view(catalog(), &p.scenario, report))),
            Err(errors) => Err(errors.iter().map(|e| e.message(app.lang.get())).collect()),
        })
    });
    let ok = move || view_model.with(|v| v.is_ok());
    // One persistent live region with the headline: screen readers hear the new cheapest
    // total after an edit, not the whole table. On a phone, where the results sit below the
    // inputs, it is also shown as a bar at the bottom of the screen.
    let spoken = move || {
        let lang = app.lang.get();
        view_model.with(|v| match v {
            Ok(r) => r
                .cheapest()
                .map(|(row, s)| {
                    format!(
                        "{} {} {}",
                        app.t(Text::Cheapest),
                        format::money(s.total),
                        row.names.get(lang)
                    )
                })
                .unwrap_or_default(),
            Err(_) => app.t(Text::FixFirst).to_string(),
        })
    };
    // While a field refuses its text, the numbers below are for the last accepted values.
    let refused = use_context::<RefusedFields>();
    let stale = move || refused.is_some_and(RefusedFields::any);
    view! {
        <section class="results" aria-labelledby="results-heading">
            <p class="live-summary" aria-live="polite" data-testid="spoken-summary">{spoken}</p>
            <div class="results-head">
                <h2 id="results-heading">{move || app.t(Text::ResultsHeading)}</h2>
                <CopyLink />
            </div>
            // After the first paint: its code is fetched then, not during the first render.
            <Show when=move || app.after_form() && !app.page.with(|p| p.embed.enabled)>
                {show_part!(super::later::export_bar())}
            </Show>
            <Show when=stale>
                <p class="notice" role="status" data-testid="results-stale">
                    {move || app.t(Text::ResultsForLastAccepted)}
                </p>
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
                // Built once per language: an edit only updates the numbers in place (rows are
                // keyed by seller), so the labels read the language once.
                {move || view! { <Results view_model=view_model lang=app.lang.get() /> }}
            </Show>
        </section>
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
    let t = move |text: Text| text.get(lang);
    // Each piece is memoized, so what shows it only changes when the piece does.
    let piece = move |pick: fn(&ResultsView, Lang) -> Vec<String>| {
        Memo::new(move |_| {
            view_model.with(|v| v.as_ref().map(|r| pick(r, lang)).unwrap_or_default())
        })
    };
    let headline = piece(|r, lang| {
        r.cheapest()
            .map(|(row, s)| {
                vec![
                    row.names.get(lang).to_string(),
                    format::money(s.total),
                    s.per_gpu_hour_text(lang),
                ]
            })
            .unwrap_or_default()
    });
    let head = move |i: usize| move || headline.with(|h| h.get(i).cloned().unwrap_or_default());
    let demand = piece(|r, lang| vec![r.demand.text(lang)]);
    let rules = piece(|r, lang| vec![r.placement.text(lang)]);
    let warnings = piece(|r, lang| r.warnings.iter().map(|w| w.text(lang)).collect());
    let served = piece(|r, _| {
        r.rows
            .iter()
            .filter(|row| row.rank.is_some())
            .map(|row| row.key.clone())
            .collect()
    });
    let unserved = Memo::new(move |_| {
        view_model.with(|v| {
            v.as_ref()
                .map(|r| {
                    r.rows
                        .iter()
                        .filter_map(|row| {
                            let why = row.outcome.as_ref().err()?.text(lang);
                            Some((row.key.clone(), row.names.get(lang).to_string(), why))
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let bars = Memo::new(move |_| {
        view_model.with(|v| {
            v.as_ref()
                .map(|r| {
                    r.rows
                        .iter()
                        .filter_map(|row| Some((row, row.outcome.as_ref().ok()?)))
                        .take(10)
                        .map(|(row, s)| {
                            let name = row.names.get(lang).to_string();
                            (name, s.total.to_f64_lossy(), format::money(s.total))
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let savings = Memo::new(move |_| {
        view_model.with(|v| v.as_ref().map(|r| r.savings.clone()).unwrap_or_default())
    });
    view! {
        <Show when=move || headline.with(|h| !h.is_empty())>
            <p class="headline" data-testid="headline">
                <span class="label">{t(Text::Cheapest)}</span>
                <strong data-testid="cheapest-total">{head(1)}</strong>
                <span class="who" data-testid="cheapest-provider">{head(0)}</span>
                <span class="per">{head(2)}</span>
            </p>
        </Show>
        <p class="demand" data-testid="demand">{move || demand.with(|d| d.concat())}</p>
        {move || rules.with(|r| {
            let text = r.concat();
            (!text.is_empty()).then(|| view! { <p class="placement-note" data-testid="placement-note">{text}</p> })
        })}
        {move || warnings.with(|w| (!w.is_empty()).then(|| view! {
            <div class="warnings" role="note" data-testid="warnings">
                <h3>{t(Text::WarningsHeading)}</h3>
                <ul>{w.iter().map(|w| view! { <li>{w.clone()}</li> }).collect_view()}</ul>
            </div>
        }))}
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
                    <For
                        each=move || served.get()
                        key=|seller| seller.clone()
                        children=move |seller| view! { <ProviderRowView view_model=view_model seller=seller lang=lang /> }
                    />
                </tbody>
            </table>
        </div>
        {move || unserved.with(|u| (!u.is_empty()).then(|| view! {
            <details class="unserved" data-testid="unserved">
                <summary>{t(Text::CannotServe)} " (" {u.len()} ")"</summary>
                <ul>
                    {u.iter().map(|(seller, name, why)| view! {
                        <li data-seller=seller.clone()><strong>{name.clone()}</strong> " — " {why.clone()}</li>
                    }).collect_view()}
                </ul>
            </details>
        }))}
        // Below the comparison: built after the first paint, so the totals show first.
        <Show when=move || app.after_form()>
            {show_part!(super::later::below_comparison(bars, lang))}
        </Show>
        <SavingsPanel savings=savings lang=lang />
    }
}

/// What a provider row shows, as text.
#[derive(Clone, Default, PartialEq)]
struct RowText {
    rank: String,
    best: bool,
    name: String,
    badges: Vec<&'static str>,
    prices_as_of: String,
    offers: String,
    total: String,
    per_gpu_hour: String,
    billing: String,
}

impl RowText {
    fn of(row: &ProviderRow, lang: Lang) -> RowText {
        let served = row.outcome.as_ref().ok();
        let served_text =
            |pick: fn(&Served, Lang) -> String| served.map(|s| pick(s, lang)).unwrap_or_default();
        RowText {
            rank: row.rank.map(|n| n.to_string()).unwrap_or_default(),
            best: row.rank == Some(1),
            name: row.names.get(lang).to_string(),
            badges: row.badges.iter().map(|b| b.text(lang)).collect(),
            prices_as_of: row
                .prices_as_of
                .map(|d| gpucost_core::l10n::results::prices_as_of(d, lang))
                .unwrap_or_default(),
            offers: served_text(|s, lang| s.instances_text(lang)),
            total: served_text(|s, _| format::money(s.total)),
            per_gpu_hour: served_text(|s, lang| s.per_gpu_hour_text(lang)),
            billing: served_text(|s, lang| s.billing.text(lang)),
        }
    }
}

/// [`RowText`], a signal per part.
#[derive(Clone, Copy)]
struct RowSignals {
    rank: RwSignal<String>,
    best: RwSignal<bool>,
    name: RwSignal<String>,
    badges: RwSignal<Vec<&'static str>>,
    prices_as_of: RwSignal<String>,
    offers: RwSignal<String>,
    total: RwSignal<String>,
    per_gpu_hour: RwSignal<String>,
    billing: RwSignal<String>,
}

impl RowSignals {
    fn new(t: RowText) -> RowSignals {
        RowSignals {
            rank: RwSignal::new(t.rank),
            best: RwSignal::new(t.best),
            name: RwSignal::new(t.name),
            badges: RwSignal::new(t.badges),
            prices_as_of: RwSignal::new(t.prices_as_of),
            offers: RwSignal::new(t.offers),
            total: RwSignal::new(t.total),
            per_gpu_hour: RwSignal::new(t.per_gpu_hour),
            billing: RwSignal::new(t.billing),
        }
    }

    /// Sets the parts that changed.
    fn set(self, t: RowText) {
        set_changed(self.rank, t.rank);
        set_changed(self.best, t.best);
        set_changed(self.name, t.name);
        set_changed(self.badges, t.badges);
        set_changed(self.prices_as_of, t.prices_as_of);
        set_changed(self.offers, t.offers);
        set_changed(self.total, t.total);
        set_changed(self.per_gpu_hour, t.per_gpu_hour);
        set_changed(self.billing, t.billing);
    }
}

/// A provider's row, updated in place while the seller stays in the comparison, with its
/// line items behind a disclosure. The line items are about half the page's elements and
/// half the formatting, so they are built only when opened or printed.
///
/// One effect per row words the row after each edit and sets only the parts that changed, so
/// an edit that moves the totals wakes the cells of the totals and not the rest (a cell per
/// memo woke every cell of every row on every edit, each to find its text unchanged).
#[component]
fn ProviderRowView(
    /// All the results.
    view_model: ViewModel,
    /// The seller this row shows.
    seller: String,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let computed = expect_context::<Memo<Result<Report, Vec<ScenarioError>>>>();
    let t = move |text: Text| text.get(lang);
    let key = seller.clone();
    let text = move || {
        view_model.with(|v| {
            v.as_ref()
                .ok()
                .and_then(|r| r.rows.iter().find(|row| row.key == key))
                .map(|row| RowText::of(row, lang))
                .unwrap_or_default()
        })
    };
    let row = RowSignals::new(untrack(&text));
    Effect::new(move |_| row.set(text()));
    let details_id = format!("details-{}", seller.replace([':', ' ', '/'], "-"));
    let open = RwSignal::new(false);
    let for_lines = seller.clone();
    let lines = move || {
        computed.with(|r| match r {
            Ok(report) => app
                .page
                .with(|p| provider_lines(catalog(), &p.scenario, report, &for_lines)),
            Err(_) => Vec::new(),
        })
    };
    let rules_of = seller.clone();
    let rules = move || {
        let mut lines = provider_rules(catalog(), &rules_of, lang);
        lines.extend(gpucost_core::l10n::facts::provider_facts(
            catalog(),
            &rules_of,
            lang,
        ));
        lines
    };
    view! {
        <tr data-seller=seller.clone() class:best=row.best>
            <td data-label="#">{row.rank}</td>
            <td data-label=t(Text::ColProvider)>
                <strong>{row.name}</strong>
                {move || row.badges.get().into_iter().map(|b| view! { <span class="badge">{b}</span> }).collect_view()}
                <span class="offers">{row.offers}</span>
                <span class="as-of" data-testid="row-prices-as-of">{row.prices_as_of}</span>
            </td>
            <td data-label=t(Text::ColTotal) class="num total" data-testid="row-total">{row.total}</td>
            <td data-label=t(Text::ColPerGpuHour) class="num">{row.per_gpu_hour}</td>
            <td data-label=t(Text::ColBilling)>
                {row.billing}
                <button
                    type="button"
                    class="link"
                    aria-expanded=move || open.get().to_string()
                    aria-controls=details_id.clone()
                    // Thirteen buttons all read "Line items" to a screen reader: say whose.
                    aria-label=move || format!("{}: {}", t(Text::Details), row.name.get())
                    on:click=move |_| open.update(|o| *o = !*o)
                >
                    {t(Text::Details)}
                </button>
            </td>
        </tr>
        <tr class="details-row" id=details_id hidden=move || !open.get()>
            <td colspan="5">
                {move || (open.get() || app.printing.get()).then(|| view! {
                    {line_plans(lines(), lang)}
                    {billing_rules(rules(), lang)}
                })}
            </td>
        </tr>
    }
}

/// A provider's sourced billing rules (metering, stopped instances, notes) under its plan.
fn billing_rules(rules: Vec<String>, lang: Lang) -> impl IntoView {
    (!rules.is_empty()).then(|| {
        view! {
            <p class="options-title">{Text::BillingRules.get(lang)}</p>
            <ul class="options" data-testid="billing-rules">
                {rules.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}
            </ul>
        }
    })
}

/// The line items of a provider's plan, line by line.
fn line_plans(lines: Vec<LineView>, lang: Lang) -> impl IntoView {
    let t = move |text: Text| text.get(lang);
    lines
        .into_iter()
        .map(|l| {
            let (title, offer, plan) = (l.title(lang), l.offer_text(lang), gpucost_core::l10n::labels::plan(l.plan, lang));
            let items: Vec<[String; 5]> = l
                .items
                .iter()
                .map(|i| {
                    [
                        i.label(lang),
                        i.quantity_text(lang),
                        i.rate_text(lang),
                        i.source_text(catalog(), lang),
                        format::money(i.amount),
                    ]
                })
                .collect();
            let options: Vec<String> = l.options.iter().map(|o| o.text(lang)).collect();
            view! {
                <div class="line-plan">
                    <h4>{title}</h4>
                    <p class="offer">{offer} " · " {l.region} " · " {plan}</p>
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
                            {items.into_iter().map(|[label, quantity, rate, source, amount]| {
                                let title = source.clone();
                                view! {
                                <tr>
                                    <td>{label}</td>
                                    <td class="num">{quantity}</td>
                                    <td class="num" title=title>{rate}<span class="source">{source}</span></td>
                                    <td class="num">{amount}</td>
                                </tr>
                            }}).collect_view()}
                            <tr class="subtotal">
                                <td colspan="3">{t(Text::Subtotal)}</td>
                                <td class="num">{format::money(l.subtotal)}</td>
                            </tr>
                        </tbody>
                    </table>
                    <p class="options-title">{t(Text::BestByMode)}</p>
                    <ul class="options">{options.into_iter().map(|o| view! { <li>{o}</li> }).collect_view()}</ul>
                </div>
            }
        })
        .collect_view()
}

/// The savings levers, each updated in place while it applies.
#[component]
fn SavingsPanel(
    /// The levers.
    savings: Memo<Vec<Saving>>,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let t = move |text: Text| text.get(lang);
    let levers = move || savings.with(|s| s.iter().map(|s| s.lever).collect::<Vec<_>>());
    view! {
        <section class="savings" aria-labelledby="savings-heading" data-testid="savings">
            <h3 id="savings-heading">{t(Text::SavingsHeading)}</h3>
            <ul>
                <For each=levers key=|lever| *lever children=move |lever| view! { <SavingItem savings=savings lever=lever lang=lang /> } />
            </ul>
        </section>
    }
}

/// What a savings lever shows, as text.
#[derive(Clone, Default, PartialEq)]
struct SavingText {
    negative: bool,
    amount: String,
    percent: String,
    from_to: String,
    assumption: String,
}

/// One savings lever. Like a provider row, one effect words it after each edit and sets only
/// the parts that changed.
#[component]
fn SavingItem(
    /// All the levers.
    savings: Memo<Vec<Saving>>,
    /// The lever this item shows.
    lever: Lever,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let text = move || {
        savings.with(|all| {
            all.iter()
                .find(|s| s.lever == lever)
                .map(|s| SavingText {
                    negative: s.costs_more(),
                    amount: format::money(s.amount),
                    percent: saving_percent(s),
                    from_to: saving_from_to(s),
                    assumption: s.assumption.text(lang),
                })
                .unwrap_or_default()
        })
    };
    let first = untrack(text);
    let negative = RwSignal::new(first.negative);
    let amount = RwSignal::new(first.amount);
    let percent = RwSignal::new(first.percent);
    let from_to = RwSignal::new(first.from_to);
    let assumption = RwSignal::new(first.assumption);
    Effect::new(move |_| {
        let t = text();
        set_changed(negative, t.negative);
        set_changed(amount, t.amount);
        set_changed(percent, t.percent);
        set_changed(from_to, t.from_to);
        set_changed(assumption, t.assumption);
    });
    view! {
        <li data-lever=lever.as_str() class:negative=negative>
            <span class="lever">{lever_name(lever, lang)}</span>
            <span class="amount">{amount}</span>
            <span class="percent">{percent}</span>
            <span class="from-to">{from_to}</span>
            <span class="assumption">{assumption}</span>
        </li>
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
    // The page's address does not change while it is open (only its query does).
    let base = web::page_base().chars().count();
    let long = move || {
        app.query
            .with(|q| share::link_too_long(base + 1 + q.chars().count()))
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
