//! A provider's line items: per scenario line its offer, region and plan, each charge
//! (quantity × rate = amount, with the rate's source), the subtotal and the best option of
//! every billing class; then the provider's sourced billing rules.

use gpucost_core::format::{self, Lang};
use gpucost_core::l10n::facts::provider_facts;
use gpucost_core::l10n::labels;
use gpucost_core::l10n::results::provider_rules;
use gpucost_core::l10n::ui::Text;
use gpucost_core::l10n::Localize;
use gpucost_core::view::results::{provider_lines, LineView};
use leptos::prelude::*;

use crate::pages::calc::Computed;
use crate::state::catalog;

/// The line items of `seller`'s plan and its billing rules, built only while `shown`.
#[component]
pub(super) fn LineItems(
    /// The seller whose plan is shown.
    seller: String,
    /// Whether the items are open (or the page is printing).
    shown: Signal<bool>,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let computed = Computed::get();
    let lines = {
        let seller = seller.clone();
        move || {
            computed.with(|r| match r {
                Ok(e) => provider_lines(catalog(), e.scenario.scenario(), &e.report, &seller),
                Err(_) => Vec::new(),
            })
        }
    };
    let plans = move || {
        lines()
            .into_iter()
            .map(|line| view! { <LinePlan line=line lang=lang /> })
            .collect_view()
    };
    // How it bills, then what else a buyer weighs (kind, SLA, certifications), each sourced.
    let rules = move || {
        let mut rules = provider_rules(catalog(), &seller, lang);
        rules.extend(provider_facts(catalog(), &seller, lang));
        rules
    };
    view! {
        <Show when=move || shown.get()>
            {plans.clone()}
            <BillingRules rules=rules() lang=lang />
        </Show>
    }
}

/// One charge, worded.
struct ItemCells {
    label: String,
    quantity: String,
    rate: String,
    source: String,
    amount: String,
}

impl ItemCells {
    /// Each charge of `line`, worded in `lang`.
    fn of(line: &LineView, lang: Lang) -> Vec<ItemCells> {
        line.items
            .iter()
            .map(|i| ItemCells {
                label: i.label(lang),
                quantity: i.quantity_text(lang),
                rate: i.rate_text(lang),
                source: i.source_text(catalog(), lang),
                amount: format::money(i.amount),
            })
            .collect()
    }
}

/// One scenario line at this provider.
#[component]
fn LinePlan(
    /// The line.
    line: LineView,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let heading = format!(
        "{} · {} · {}",
        line.offer_text(lang),
        line.region,
        labels::plan(line.plan, lang)
    );
    // A committed line says what its term binds the buyer to, beside its charges.
    let committed = line
        .committed
        .map(|t| view! { <p class="commitment">{t.text(lang)}</p> });
    let options = line
        .options
        .iter()
        .map(|o| view! { <li>{o.text(lang)}</li> })
        .collect_view();
    let (items, subtotal) = (ItemCells::of(&line, lang), format::money(line.subtotal));
    view! {
        <div class="line-plan">
            <h4>{line.title(lang)}</h4>
            <p class="offer">{heading}</p>
            <ItemsTable items=items subtotal=subtotal lang=lang />
            {committed}
            <p class="options-title">{Text::BestByMode.get(lang)}</p>
            <ul class="options">{options}</ul>
        </div>
    }
}

/// A line's charges (quantity × rate = amount, with the rate's source) and their subtotal.
#[component]
fn ItemsTable(
    /// The charges, worded.
    items: Vec<ItemCells>,
    /// The sum of the charges, worded.
    subtotal: String,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let t = move |text: Text| text.get(lang);
    let rows = items
        .into_iter()
        .map(|i| {
            let title = i.source.clone();
            view! {
                <tr>
                    <td>{i.label}</td>
                    <td class="num">{i.quantity}</td>
                    <td class="num" title=title>{i.rate}<span class="source">{i.source}</span></td>
                    <td class="num">{i.amount}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
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
                {rows}
                <tr class="subtotal">
                    <td colspan="3">{t(Text::Subtotal)}</td>
                    <td class="num">{subtotal}</td>
                </tr>
            </tbody>
        </table>
    }
}

/// A provider's sourced billing rules (metering, stopped instances, notes) under its plan.
#[component]
fn BillingRules(
    /// The rules, worded with their sources.
    rules: Vec<String>,
    /// The language of the heading.
    lang: Lang,
) -> impl IntoView {
    (!rules.is_empty()).then(|| {
        view! {
            <p class="options-title">{Text::BillingRules.get(lang)}</p>
            <ul class="options" data-testid="billing-rules">
                {rules.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}
            </ul>
        }
    })
}
