//! The lines above the comparison: the spoken summary, the headline (cheapest total, who,
//! per GPU-hour), what the scenario needs, the placement rules and the warnings.

use gpucost_core::format::{self, Lang};
use gpucost_core::l10n::commitment;
use gpucost_core::l10n::ui::Text;
use gpucost_core::l10n::Localize;
use gpucost_core::view::results::ResultsView;
use leptos::prelude::*;

use super::ViewModel;
use crate::signals::part;
use crate::state::AppState;

/// The headline's three parts, worded.
#[derive(Clone, Default, PartialEq)]
struct HeadlineText {
    who: String,
    total: String,
    per_gpu_hour: String,
    /// What the cheapest plan commits to beyond the period (empty when nothing).
    commitment: String,
    /// The same in a few words, for the spoken summary and the phone's bottom bar.
    commitment_short: Vec<String>,
}

impl HeadlineText {
    fn of(results: &ResultsView, lang: Lang) -> Option<HeadlineText> {
        results.cheapest().map(|(row, s)| HeadlineText {
            who: row.names.get(lang).to_string(),
            total: format::money(s.total),
            per_gpu_hour: s.per_gpu_hour_text(lang),
            commitment: commitment::all(&s.commitments, lang),
            commitment_short: s
                .commitments
                .iter()
                .map(|t| commitment::short(t, lang))
                .collect(),
        })
    }
}

/// One persistent live region with the headline: screen readers hear the new cheapest total
/// after an edit, not the whole table. On a phone, where the results sit below the inputs,
/// it is also shown as a bar at the bottom of the screen.
#[component]
pub(super) fn Spoken(
    /// All the results.
    view_model: ViewModel,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let spoken = move || {
        let lang = app.lang.get();
        view_model.with(|v| match v {
            // A phone shows only this bar: a term bought for the total is said with it.
            Ok(r) => HeadlineText::of(r, lang)
                .map(|h| {
                    let spoken = format!("{} {} {}", app.t(Text::Cheapest), h.total, h.who);
                    std::iter::once(spoken)
                        .chain(h.commitment_short)
                        .collect::<Vec<_>>()
                        .join(" · ")
                })
                .unwrap_or_default(),
            Err(_) => app.t(Text::FixFirst).to_string(),
        })
    };
    view! { <p class="live-summary" aria-live="polite" data-testid="spoken-summary">{spoken}</p> }
}

/// The headline, the demand line, the serving lines' fleets, the placement rules and the
/// warnings.
#[component]
pub(super) fn Headline(
    /// All the results.
    view_model: ViewModel,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let worded = Memo::new(move |_| {
        view_model.with(|v| v.as_ref().ok().and_then(|r| HeadlineText::of(r, lang)))
    });
    let pick = move |f: fn(&HeadlineText) -> String| {
        part(worded, move |h| h.as_ref().map(f).unwrap_or_default())
    };
    let (who, total, per) = (
        pick(|h| h.who.clone()),
        pick(|h| h.total.clone()),
        pick(|h| h.per_gpu_hour.clone()),
    );
    let commitment = pick(|h| h.commitment.clone());
    let text = move |f: fn(&ResultsView, Lang) -> String| {
        part(view_model, move |v| {
            v.as_ref().map(|r| f(r, lang)).unwrap_or_default()
        })
    };
    let demand = text(|r, lang| r.demand.text(lang));
    let rules = text(|r, lang| r.placement.text(lang));
    let warnings = part(view_model, move |v| {
        v.as_ref()
            .map(|r| r.warnings.iter().map(|w| w.text(lang)).collect::<Vec<_>>())
            .unwrap_or_default()
    });
    view! {
        <Show when=move || worded.with(Option::is_some)>
            <p class="headline" data-testid="headline">
                <span class="label">{Text::Cheapest.get(lang)}</span>
                <strong data-testid="cheapest-total">{total}</strong>
                <span class="who" data-testid="cheapest-provider">{who}</span>
                <span class="per">{per}</span>
            </p>
        </Show>
        // A term bought for the cheapest plan is said with its price, not only in its row.
        <Show when=move || commitment.with(|c| !c.is_empty())>
            <p class="commitment" data-testid="headline-commitment">{commitment}</p>
        </Show>
        <p class="demand" data-testid="demand">{demand}</p>
        <Serving view_model=view_model lang=lang />
        <super::batch::BatchSchedule view_model=view_model lang=lang />
        <Show when=move || rules.with(|r| !r.is_empty())>
            <p class="placement-note" data-testid="placement-note">{rules}</p>
        </Show>
        <Show when=move || warnings.with(|w| !w.is_empty())>
            <Warnings warnings=warnings lang=lang />
        </Show>
    }
}

/// Each serving line's fleet, derived from its load, one per item (nothing when no line
/// states a load).
#[component]
fn Serving(
    /// All the results.
    view_model: ViewModel,
    /// The language of the words.
    lang: Lang,
) -> impl IntoView {
    let lines = part(view_model, move |v| {
        v.as_ref()
            .map(|r| r.serving.iter().map(|s| s.text(lang)).collect::<Vec<_>>())
            .unwrap_or_default()
    });
    let items = move || {
        lines.with(|l| {
            l.iter()
                .map(|t| view! { <li>{t.clone()}</li> })
                .collect_view()
        })
    };
    view! {
        <Show when=move || lines.with(|l| !l.is_empty())>
            <ul class="serving" data-testid="serving">{items}</ul>
        </Show>
    }
}

/// The warnings, one per item.
#[component]
fn Warnings(
    /// The warnings, worded.
    warnings: Memo<Vec<String>>,
    /// The language of the heading.
    lang: Lang,
) -> impl IntoView {
    let items = move || {
        warnings.with(|w| {
            w.iter()
                .map(|w| view! { <li>{w.clone()}</li> })
                .collect_view()
        })
    };
    view! {
        <div class="warnings" role="note" data-testid="warnings">
            <h3>{Text::WarningsHeading.get(lang)}</h3>
            <ul>{items}</ul>
        </div>
    }
}
