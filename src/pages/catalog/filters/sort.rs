//! The sort menus: by which price (or memory), and which way.

use gpucost_core::browse::{SortKey, SortOrder};
use leptos::prelude::*;

use super::LinkFilter;
use gpucost_core::l10n::ui::Text;

/// The sort keys the menu offers, with their labels.
const SORT_LABELS: [(SortKey, Text); 5] = [
    (SortKey::OnDemandPerGpu, Text::SortOnDemand),
    (SortKey::SpotPerGpu, Text::SortSpot),
    (SortKey::OnDemandPerGb, Text::SortOnDemandGb),
    (SortKey::SpotPerGb, Text::SortSpotGb),
    (SortKey::Memory, Text::SortMemory),
];

/// The "sort by" menu.
#[component]
pub(super) fn SortSelect(
    /// The link's filter.
    filter: LinkFilter,
) -> impl IntoView {
    let s = filter;
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(k) = SortKey::from_slug(&event_target_value(&ev)) {
            s.update(|f| f.sort = k)
        }
    };
    view! {
        <label class="field">
            <span>{move || s.t(Text::SortBy)}</span>
            <select data-testid="sort" on:change=on_change>
                {SORT_LABELS
                    .into_iter()
                    .map(|(key, label)| {
                        view! {
                            <option value=key.as_str() selected=move || s.with(|f| f.sort == key)>
                                {move || s.t(label)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The ascending or descending menu beside "sort by" (labelled for screen readers only).
#[component]
pub(super) fn OrderSelect(
    /// The link's filter.
    filter: LinkFilter,
) -> impl IntoView {
    let s = filter;
    let on_change = move |ev: leptos::ev::Event| {
        let order = order_of(&event_target_value(&ev));
        s.update(|f| f.order = order)
    };
    let is = move |order: SortOrder| s.with(|f| f.order == order);
    view! {
        <label class="field">
            <span class="sr-only">{move || s.t(Text::SortBy)}</span>
            <select data-testid="order" aria-label=move || s.t(Text::SortBy) on:change=on_change>
                <option value="asc" selected=move || is(SortOrder::Ascending)>
                    {move || s.t(Text::Ascending)}
                </option>
                <option value="desc" selected=move || is(SortOrder::Descending)>
                    {move || s.t(Text::Descending)}
                </option>
            </select>
        </label>
    }
}

/// The order an option of the order menu names: "desc" or else ascending.
fn order_of(value: &str) -> SortOrder {
    if value == "desc" {
        SortOrder::Descending
    } else {
        SortOrder::Ascending
    }
}
