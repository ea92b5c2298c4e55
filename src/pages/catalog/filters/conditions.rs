//! The filters on what an offer must be: where it runs, which billing modes it has, and the
//! age past which its price is called old.

use gpucost_core::browse::RequiredMode;
use gpucost_core::placement::Geo;
use leptos::prelude::*;

use super::LinkFilter;
use gpucost_core::l10n::ui::Text;

/// Choices for the "old price" threshold, days.
const STALE_STEPS: [u32; 4] = [90, 180, 365, 730];

/// The place menu: where the offer's region must be.
#[component]
pub(super) fn PlaceFilter(
    /// The link's filter.
    filter: LinkFilter,
) -> impl IntoView {
    let s = filter;
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(g) = Geo::from_slug(&event_target_value(&ev)) {
            s.update(|f| f.place = g)
        }
    };
    view! {
        <label class="field">
            <span>{move || s.t(Text::FilterPlace)}</span>
            <select data-testid="filter-place" on:change=on_change>
                {Geo::all()
                    .into_iter()
                    .map(|g| {
                        view! {
                            <option value=g.as_str() selected=move || s.with(|f| f.place == g)>
                                {move || g.text(s.app.lang.get())}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The billing modes an offer must have, one checkbox each.
#[component]
pub(super) fn NeedFilters(
    /// The link's filter.
    filter: LinkFilter,
) -> impl IntoView {
    view! {
        <fieldset class="needs">
            <legend>{move || filter.t(Text::FilterNeeds)}</legend>
            <NeedBox filter need=RequiredMode::Spot label=Text::NeedSpot />
            <NeedBox filter need=RequiredMode::Committed label=Text::NeedReserved />
            <NeedBox filter need=RequiredMode::Subscription label=Text::NeedMonthly />
        </fieldset>
    }
}

/// The checkbox of one billing mode an offer must have.
#[component]
fn NeedBox(
    /// The link's filter.
    filter: LinkFilter,
    /// The mode.
    need: RequiredMode,
    /// Its label.
    label: Text,
) -> impl IntoView {
    let s = filter;
    let on_change = move |ev: leptos::ev::Event| {
        let on = event_target_checked(&ev);
        s.update(|f| {
            if on {
                f.require.insert(need);
            } else {
                f.require.remove(&need);
            }
        })
    };
    view! {
        <label class="check">
            <input
                type="checkbox"
                data-testid=format!("need-{}", need.as_str())
                prop:checked=move || s.with(|f| f.require.contains(&need))
                on:change=on_change
            />
            {move || s.t(label)}
        </label>
    }
}

/// The menu of the age past which a price is called old.
#[component]
pub(super) fn StaleFilter(
    /// The link's filter.
    filter: LinkFilter,
) -> impl IntoView {
    let s = filter;
    let on_change = move |ev: leptos::ev::Event| {
        if let Ok(d) = event_target_value(&ev).parse::<u32>() {
            s.update(|f| f.stale_after_days = d)
        }
    };
    let days = move |d: u32| format!("{d} {}", s.t(Text::Days));
    view! {
        <label class="field">
            <span>{move || s.t(Text::StaleAfter)}</span>
            <select data-testid="stale" on:change=on_change>
                {STALE_STEPS
                    .into_iter()
                    .map(|d| {
                        view! {
                            <option value=d.to_string() selected=move || s.with(|f| f.stale_after_days == d)>
                                {move || days(d)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}
