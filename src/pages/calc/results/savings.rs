//! The savings levers: what a schedule, spot, reserved, off-peak or rightsizing plan would
//! save, each updated cell by cell while it applies.

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::Text;
use gpucost_core::print::cells::SavingCells;
use gpucost_core::savings::{Lever, Saving};
use leptos::prelude::*;

/// The savings levers.
#[component]
pub(super) fn SavingsPanel(
    /// The levers.
    savings: Memo<Vec<Saving>>,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let levers = move || savings.with(|s| s.iter().map(|s| s.lever).collect::<Vec<_>>());
    view! {
        <section class="savings" aria-labelledby="savings-heading" data-testid="savings">
            <h3 id="savings-heading">{Text::SavingsHeading.get(lang)}</h3>
            <ul>
                <For each=levers key=|lever| *lever children=move |lever| view! { <SavingItem savings=savings lever=lever lang=lang /> } />
            </ul>
        </section>
    }
}

/// One savings lever.
#[component]
fn SavingItem(
    /// All the levers.
    savings: Memo<Vec<Saving>>,
    /// The lever this item shows.
    lever: Lever,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let cells = Memo::new(move |_| {
        savings.with(|all| {
            all.iter()
                .find(|s| s.lever == lever)
                .map(|s| SavingCells::of(s, lang))
                .unwrap_or_default()
        })
    });
    let cell = move |pick: fn(&SavingCells) -> String| move || cells.with(pick);
    let (amount, percent) = (cell(|c| c.amount.clone()), cell(|c| c.percent.clone()));
    let (from_to, assumption) = (cell(|c| c.from_to.clone()), cell(|c| c.assumption.clone()));
    let negative = move || cells.with(|c| c.negative);
    let name = cells.with_untracked(|c| c.name);
    view! {
        <li data-lever=lever.as_str() class:negative=negative>
            <span class="lever">{name}</span>
            <span class="amount">{amount}</span>
            <span class="percent">{percent}</span>
            <span class="from-to">{from_to}</span>
            <span class="assumption">{assumption}</span>
        </li>
    }
}
