//! The catalog filters: each control reads the link state and writes it back.
//!
//! Every control shares one [`LinkFilter`]. The menus of ids (GPU, provider, region, memory)
//! are here; `typed` holds the fields typed into (GPUs per machine, text), `conditions` the
//! place, the billing modes an offer must have and when a price is old, `sort` the sort menus.

mod conditions;
mod sort;
mod typed;

use std::collections::BTreeSet;

use gpucost_core::browse::CatalogFilter;
use gpucost_core::print::menus::{self, Choice};
use leptos::prelude::*;

use crate::state::{catalog, AppState};
use gpucost_core::l10n::ui::Text;

/// The catalog filter the link holds, read and written by every control.
#[derive(Clone, Copy)]
struct LinkFilter {
    /// The app's state, whose page holds the filter.
    app: AppState,
    /// The link's filter.
    now: Memo<CatalogFilter>,
}

impl LinkFilter {
    /// Reads the filter (tracked).
    fn with<R>(self, read: impl FnOnce(&CatalogFilter) -> R) -> R {
        self.now.with(read)
    }

    /// Changes the link's filter.
    fn update(self, change: impl FnOnce(&mut CatalogFilter)) {
        self.app.page.update(|p| change(&mut p.catalog));
    }

    /// `text` in the page's language.
    fn t(self, text: Text) -> &'static str {
        self.app.t(text)
    }
}

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

/// The set a menu's `value` picks: that one id, or none for "any".
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
    let filter = LinkFilter {
        app,
        now: Memo::new(move |_| app.page.with_settings(|p| p.catalog.clone())),
    };
    view! {
        <form class="filters" role="search" on:submit=|ev| ev.prevent_default()>
            <GpuProviderFilters filter />
            <RegionMemoryFilters filter />
            <conditions::PlaceFilter filter />
            <typed::GpmFilter filter />
            <typed::TextFilter filter />
            <conditions::NeedFilters filter />
            <sort::SortSelect filter />
            <sort::OrderSelect filter />
            <conditions::StaleFilter filter />
            <button
                type="button"
                class="reset"
                data-testid="reset-filters"
                on:click=move |_| filter.update(|f| *f = CatalogFilter::default())
            >
                {move || app.t(Text::ResetFilters)}
            </button>
        </form>
    }
}

/// The GPU and provider menus: each picks one id, or keeps several a link picked ("*").
#[component]
fn GpuProviderFilters(
    /// The link's filter.
    filter: LinkFilter,
) -> impl IntoView {
    let s = filter;
    let gpu_opts = Signal::derive(|| menus::gpus_with_offer_counts(catalog()));
    let provider_opts =
        Signal::derive(move || menus::providers_with_offers(catalog(), s.app.lang.get()));
    let gpu = Signal::derive(move || s.with(|f| selected_of(&f.gpus)));
    let provider = Signal::derive(move || s.with(|f| selected_of(&f.providers)));
    let on_gpu = Callback::new(move |v: String| {
        if v != "*" {
            s.update(|f| f.gpus = set_of(v));
        }
    });
    let on_provider = Callback::new(move |v: String| {
        if v != "*" {
            s.update(|f| f.providers = set_of(v));
        }
    });
    view! {
        <IdSelect
            label=Text::FilterGpu
            testid="filter-gpu"
            options=gpu_opts
            selected=gpu
            on_pick=on_gpu
        />
        <IdSelect
            label=Text::FilterProvider
            testid="filter-provider"
            options=provider_opts
            selected=provider
            on_pick=on_provider
        />
    }
}

/// The region and least-memory menus.
#[component]
fn RegionMemoryFilters(
    /// The link's filter.
    filter: LinkFilter,
) -> impl IntoView {
    let s = filter;
    let region_opts = Signal::derive(|| menus::regions(catalog()));
    let memory_opts = Signal::derive(menus::memory_floors);
    let region = Signal::derive(move || s.with(|f| f.region.clone().unwrap_or_default()));
    let memory = Signal::derive(move || {
        s.with(|f| f.min_memory_gib.map(|m| m.to_string()).unwrap_or_default())
    });
    let on_region =
        Callback::new(move |v: String| s.update(|f| f.region = (!v.is_empty()).then_some(v)));
    let on_memory = Callback::new(move |v: String| s.update(|f| f.min_memory_gib = v.parse().ok()));
    view! {
        <IdSelect
            label=Text::FilterRegion
            testid="filter-region"
            options=region_opts
            any=Text::AnyRegion
            selected=region
            on_pick=on_region
        />
        <IdSelect
            label=Text::FilterMemory
            testid="filter-memory"
            options=memory_opts
            selected=memory
            on_pick=on_memory
        />
    }
}
