//! The catalog filters: each control reads the link state and writes it back.

use std::collections::BTreeSet;

use gpucost_core::browse::{CatalogFilter, RequiredMode, SortKey, SortOrder};
use gpucost_core::limits::GPUS_PER_MACHINE;
use gpucost_core::placement::Geo;
use gpucost_core::print::menus::{self, Choice};
use leptos::prelude::*;

use crate::state::{catalog, AppState};
use gpucost_core::l10n::ui::Text;

/// Choices for the "old price" threshold, days.
const STALE_STEPS: [u32; 4] = [90, 180, 365, 730];

/// The single selected id of a set, or "" (any) / "*" (several, from a link).
fn selected_of(set: &BTreeSet<String>) -> String {
    match set.len() {
        0 => String::new(),
        1 => set.iter().next().cloned().unwrap_or_default(),
        _ => "*".to_string(),
    }
}

/// A select whose empty value means "any".
#[component]
fn IdSelect(
    /// Visible label.
    label: Text,
    /// `data-testid` of the select.
    testid: &'static str,
    /// The choices besides "any".
    #[prop(into)]
    options: Signal<Vec<Choice>>,
    /// The selected value ("" for any, "*" for several).
    #[prop(into)]
    selected: Signal<String>,
    /// Called with the chosen value ("" for any).
    on_pick: Callback<String>,
    /// Label of the "any" option.
    #[prop(default = Text::Any)]
    any: Text,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <label class="field">
            <span>{move || app.t(label)}</span>
            <select data-testid=testid on:change=move |ev| on_pick.run(event_target_value(&ev))>
                <option value="" selected=move || selected.get().is_empty()>{move || app.t(any)}</option>
                <Show when=move || selected.get() == "*">
                    <option value="*" selected=true>{move || app.t(Text::Selected)}</option>
                </Show>
                {move || {
                    options
                        .get()
                        .into_iter()
                        .map(|Choice { value, label }| {
                            let v = value.clone();
                            view! { <option value=value selected=move || selected.get() == v>{label}</option> }
                        })
                        .collect_view()
                }}
            </select>
        </label>
    }
}

/// The "GPUs per machine, at least" field's text as a filter value: `Ok(None)` when empty
/// (any machine), `Err` when it is not a whole number in [`GPUS_PER_MACHINE`].
fn gpus_per_machine_of(text: &str) -> Result<Option<u32>, ()> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u32>() {
        Ok(n) if GPUS_PER_MACHINE.contains(n) => Ok(Some(n)),
        _ => Err(()),
    }
}

fn set_of(value: String) -> BTreeSet<String> {
    if value.is_empty() {
        BTreeSet::new()
    } else {
        [value].into()
    }
}

/// All catalog filters.
#[component]
pub(crate) fn Filters() -> impl IntoView {
    let app = expect_context::<AppState>();
    let f = Memo::new(move |_| app.page.with(|p| p.catalog.clone()));
    let update =
        move |change: &dyn Fn(&mut CatalogFilter)| app.page.update(|p| change(&mut p.catalog));

    let gpu_opts = Signal::derive(|| menus::gpus_with_offer_counts(catalog()));
    let provider_opts =
        Signal::derive(move || menus::providers_with_offers(catalog(), app.lang.get()));
    let region_opts = Signal::derive(|| menus::regions(catalog()));
    let memory_opts = Signal::derive(menus::memory_floors);

    let place_label = move |g: Geo| g.text(app.lang.get());
    let gpm_invalid = RwSignal::new(false);
    let gpm_error = move || {
        gpm_invalid.get().then(|| {
            format!(
                "{} {}–{}",
                app.t(Text::InvalidNumber),
                GPUS_PER_MACHINE.min,
                GPUS_PER_MACHINE.max
            )
        })
    };

    let need_box = move |need: RequiredMode, label: Text| {
        view! {
            <label class="check">
                <input
                    type="checkbox"
                    data-testid=format!("need-{}", need.as_str())
                    prop:checked=move || f.with(|f| f.require.contains(&need))
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        update(&|f| {
                            if on {
                                f.require.insert(need);
                            } else {
                                f.require.remove(&need);
                            }
                        })
                    }
                />
                {move || app.t(label)}
            </label>
        }
    };
    let sort_labels = [
        (SortKey::OnDemandPerGpu, Text::SortOnDemand),
        (SortKey::SpotPerGpu, Text::SortSpot),
        (SortKey::OnDemandPerGb, Text::SortOnDemandGb),
        (SortKey::SpotPerGb, Text::SortSpotGb),
        (SortKey::Memory, Text::SortMemory),
    ];

    view! {
        <form class="filters" role="search" on:submit=|ev| ev.prevent_default()>
            <IdSelect
                label=Text::FilterGpu
                testid="filter-gpu"
                options=gpu_opts
                selected=Signal::derive(move || f.with(|f| selected_of(&f.gpus)))
                on_pick=Callback::new(move |v: String| if v != "*" { update(&|f| f.gpus = set_of(v.clone())) })
            />
            <IdSelect
                label=Text::FilterProvider
                testid="filter-provider"
                options=provider_opts
                selected=Signal::derive(move || f.with(|f| selected_of(&f.providers)))
                on_pick=Callback::new(move |v: String| if v != "*" { update(&|f| f.providers = set_of(v.clone())) })
            />
            <IdSelect
                label=Text::FilterRegion
                testid="filter-region"
                options=region_opts
                any=Text::AnyRegion
                selected=Signal::derive(move || f.with(|f| f.region.clone().unwrap_or_default()))
                on_pick=Callback::new(move |v: String| update(&|f| f.region = (!v.is_empty()).then(|| v.clone())))
            />
            <IdSelect
                label=Text::FilterMemory
                testid="filter-memory"
                options=memory_opts
                selected=Signal::derive(move || f.with(|f| f.min_memory_gib.map(|m| m.to_string()).unwrap_or_default()))
                on_pick=Callback::new(move |v: String| update(&|f| f.min_memory_gib = v.parse().ok()))
            />
            <label class="field">
                <span>{move || app.t(Text::FilterPlace)}</span>
                <select
                    data-testid="filter-place"
                    on:change=move |ev| {
                        if let Some(g) = Geo::from_slug(&event_target_value(&ev)) {
                            update(&|f| f.place = g)
                        }
                    }
                >
                    {Geo::all()
                        .into_iter()
                        .map(|g| {
                            view! {
                                <option value=g.as_str() selected=move || f.with(|f| f.place == g)>
                                    {move || place_label(g)}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{move || app.t(Text::GpusPerMachine)}</span>
                <input
                    type="text"
                    inputmode="numeric"
                    data-testid="filter-gpm"
                    placeholder=move || app.t(Text::Any)
                    prop:value=move || f.with(|f| f.min_gpus_per_machine.map(|n| n.to_string()).unwrap_or_default())
                    aria-invalid=move || gpm_invalid.get().to_string()
                    aria-describedby="filter-gpm-error"
                    on:input=move |ev| match gpus_per_machine_of(&event_target_value(&ev)) {
                        Ok(n) => {
                            gpm_invalid.set(false);
                            update(&|f| f.min_gpus_per_machine = n)
                        }
                        Err(()) => gpm_invalid.set(true),
                    }
                />
                <span class="field-error" id="filter-gpm-error" role="alert" aria-live="polite">
                    {gpm_error}
                </span>
            </label>
            <label class="field">
                <span>{move || app.t(Text::FilterText)}</span>
                <input
                    type="search"
                    data-testid="filter-text"
                    placeholder=move || app.t(Text::FilterTextPlaceholder)
                    prop:value=move || f.with(|f| f.text.clone())
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        update(&|f| f.text = text.chars().take(80).collect())
                    }
                />
            </label>
            <fieldset class="needs">
                <legend>{move || app.t(Text::FilterNeeds)}</legend>
                {need_box(RequiredMode::Spot, Text::NeedSpot)}
                {need_box(RequiredMode::Committed, Text::NeedReserved)}
                {need_box(RequiredMode::Subscription, Text::NeedMonthly)}
            </fieldset>
            <label class="field">
                <span>{move || app.t(Text::SortBy)}</span>
                <select
                    data-testid="sort"
                    on:change=move |ev| {
                        if let Some(k) = SortKey::from_slug(&event_target_value(&ev)) {
                            update(&|f| f.sort = k)
                        }
                    }
                >
                    {sort_labels
                        .into_iter()
                        .map(|(key, label)| {
                            view! {
                                <option value=key.as_str() selected=move || f.with(|f| f.sort == key)>
                                    {move || app.t(label)}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label class="field">
                <span class="sr-only">{move || app.t(Text::SortBy)}</span>
                <select
                    data-testid="order"
                    aria-label=move || app.t(Text::SortBy)
                    on:change=move |ev| {
                        let desc = event_target_value(&ev) == "desc";
                        update(&|f| f.order = if desc { SortOrder::Descending } else { SortOrder::Ascending })
                    }
                >
                    <option value="asc" selected=move || f.with(|f| f.order == SortOrder::Ascending)>
                        {move || app.t(Text::Ascending)}
                    </option>
                    <option value="desc" selected=move || f.with(|f| f.order == SortOrder::Descending)>
                        {move || app.t(Text::Descending)}
                    </option>
                </select>
            </label>
            <label class="field">
                <span>{move || app.t(Text::StaleAfter)}</span>
                <select
                    data-testid="stale"
                    on:change=move |ev| {
                        if let Ok(d) = event_target_value(&ev).parse::<u32>() {
                            update(&|f| f.stale_after_days = d)
                        }
                    }
                >
                    {STALE_STEPS
                        .into_iter()
                        .map(|d| {
                            view! {
                                <option value=d.to_string() selected=move || f.with(|f| f.stale_after_days == d)>
                                    {move || format!("{d} {}", app.t(Text::Days))}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <button
                type="button"
                class="reset"
                data-testid="reset-filters"
                on:click=move |_| update(&|f| *f = CatalogFilter::default())
            >
                {move || app.t(Text::ResetFilters)}
            </button>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gpus_per_machine_field_reads_empty_as_any_and_refuses_out_of_range() {
        assert_eq!(gpus_per_machine_of(""), Ok(None));
        assert_eq!(gpus_per_machine_of(" 8 "), Ok(Some(8)));
        assert_eq!(gpus_per_machine_of("64"), Ok(Some(64)));
        for bad in ["0", "65", "999", "2.5", "-1", "eight"] {
            assert_eq!(gpus_per_machine_of(bad), Err(()), "{bad}");
        }
    }
}
