//! The catalog browser page (`?view=catalog`): filters that live in the link, and a table of
//! offers with per-GPU-hour and per-GB-hour prices, each with its source and date; then the
//! providers' facts and the GPUs' datasheet facts (memory, bandwidth, FP16 and FP8 throughput).

mod filters;
mod gpu_facts;
mod history;
mod providers;
pub mod rows;

use gpucost_core::browse::{browse, SortKey, SortOrder};
use leptos::prelude::*;

use crate::state::{catalog, AppState};
use filters::Filters;
use gpu_facts::GpuFacts;
use gpucost_core::l10n::ui::Text;
use history::PriceHistoryChart;
use providers::ProviderFacts;
use rows::{row_view, PriceCell, RowView};

/// Rows rendered before the user asks for all of them.
const FIRST_ROWS: usize = 100;

/// The catalog browser.
#[component]
pub fn CatalogPage() -> impl IntoView {
    let app = expect_context::<AppState>();
    let filter = Memo::new(move |_| app.page.with_settings(|p| p.catalog.clone()));
    let rows = Memo::new(move |_| {
        let lang = app.lang.get();
        let fx = app.fx.get();
        filter.with(|f| {
            browse(catalog(), f, &fx, app.currency.get(), app.today)
                .iter()
                .map(|r| row_view(catalog(), r, lang))
                .collect::<Vec<RowView>>()
        })
    });
    let show_all = RwSignal::new(false);
    let total = catalog().offers.len();
    let count_line = move || {
        let n = rows.with(Vec::len);
        let shown = shown_count(n, show_all.get());
        format!("{shown} / {n} {} {total}", app.t(Text::ShowingRows))
    };
    let more = move || !show_all.get() && rows.with(|r| r.len() > FIRST_ROWS);

    view! {
        <section class="catalog" aria-labelledby="catalog-heading">
            <h2 id="catalog-heading">{move || app.t(Text::CatalogHeading)}</h2>
            <p class="intro">{move || app.t(Text::CatalogIntro)}</p>
            <Filters />
            <p class="count" data-testid="row-count" aria-live="polite">{count_line}</p>
            <OffersTable rows show_all />
            <Show when=more>
                <button type="button" class="more" on:click=move |_| show_all.set(true)>
                    {move || app.t(Text::ShowAll)}
                </button>
            </Show>
            <PriceHistoryChart rows />
            <ProviderFacts />
            <GpuFacts />
        </section>
    }
}

/// How many of `len` rows are shown: all once asked for, else the first [`FIRST_ROWS`].
fn shown_count(len: usize, show_all: bool) -> usize {
    if show_all {
        len
    } else {
        len.min(FIRST_ROWS)
    }
}

/// The offers table (the rows shown so far, under sortable headers), or that no offer
/// matches.
#[component]
fn OffersTable(
    /// Every offer that matches the filters.
    rows: Memo<Vec<RowView>>,
    /// Whether every row is shown, not only the first ones.
    show_all: RwSignal<bool>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let shown = move || rows.with(|r| r[..shown_count(r.len(), show_all.get())].to_vec());
    let any = move || rows.with(|r| !r.is_empty());
    view! {
        <Show
            when=any
            fallback=move || view! { <p class="empty">{move || app.t(Text::NoRows)}</p> }
        >
            <div class="table-wrap">
                <table class="offers" data-testid="offers">
                    <thead>
                        <tr>
                            <th scope="col">{move || app.t(Text::ColProvider)}</th>
                            <th scope="col">{move || app.t(Text::ColOffer)}</th>
                            <th scope="col">{move || app.t(Text::ColRegion)}</th>
                            <th scope="col">{move || app.t(Text::ColPlace)}</th>
                            <SortHeader key=SortKey::OnDemandPerGpu label=Text::ColOnDemand />
                            <SortHeader key=SortKey::SpotPerGpu label=Text::ColSpot />
                            <SortHeader key=SortKey::OnDemandPerGb label=Text::ColOnDemandGb />
                            <th scope="col">{move || app.t(Text::ColReserved)}</th>
                            <th scope="col">{move || app.t(Text::ColMonthly)}</th>
                            <th scope="col">{move || app.t(Text::ColSource)}</th>
                        </tr>
                    </thead>
                    <tbody>
                        <For each=shown key=|r| r.key.clone() let:row>
                            <OfferRow row=row />
                        </For>
                    </tbody>
                </table>
            </div>
        </Show>
    }
}

/// A column header that sorts by `key`; pressing it again reverses the order.
#[component]
fn SortHeader(key: SortKey, label: Text) -> impl IntoView {
    let app = expect_context::<AppState>();
    let state = Memo::new(move |_| {
        app.page
            .with_settings(|p| (p.catalog.sort, p.catalog.order))
    });
    let aria_sort = move || match state.get() {
        (k, SortOrder::Ascending) if k == key => "ascending",
        (k, SortOrder::Descending) if k == key => "descending",
        _ => "none",
    };
    let on_click = move |_| {
        app.page.update(|p| {
            let f = &mut p.catalog;
            f.order = if f.sort == key && f.order == SortOrder::Ascending {
                SortOrder::Descending
            } else {
                SortOrder::Ascending
            };
            f.sort = key;
        })
    };
    view! {
        <th scope="col" aria-sort=aria_sort>
            <button type="button" class="sort" on:click=on_click>
                {move || app.t(label)}
                <span aria-hidden="true">
                    {move || match aria_sort() {
                        "ascending" => " ▲",
                        "descending" => " ▼",
                        _ => "",
                    }}
                </span>
            </button>
        </th>
    }
}

/// One offer's row.
#[component]
fn OfferRow(row: RowView) -> impl IntoView {
    let app = expect_context::<AppState>();
    let RowView {
        key,
        provider,
        instance,
        gpus,
        host,
        region,
        place,
        place_unknown,
        on_demand,
        spot,
        on_demand_gb,
        reserved,
        subscription,
        source,
        as_of,
        old,
        was,
        caveats,
    } = row;
    let caveats = caveats.join(" · ");
    view! {
        <tr data-offer=key>
            <td data-label=move || app.t(Text::ColProvider)>{provider}</td>
            <td data-label=move || app.t(Text::ColOffer)>
                <span class="instance">{instance}</span>
                <span class="gpus">{gpus}</span>
                {host.map(|h| view! { <span class="host">{h}</span> })}
                {(!caveats.is_empty()).then(|| view! { <span class="caveat">{caveats}</span> })}
            </td>
            <td data-label=move || app.t(Text::ColRegion)>{region}</td>
            <td data-label=move || app.t(Text::ColPlace) data-testid="row-place">
                <span class="countries">{place}</span>
                {place_unknown
                    .map(|u| {
                        view! {
                            " "
                            <span class="unknown-place" title=move || app.t(Text::PlaceUnknownHint)>
                                {u}
                            </span>
                        }
                    })}
            </td>
            <PriceTd cell=on_demand label=Text::ColOnDemand />
            <PriceTd cell=spot label=Text::ColSpot />
            <PriceTd cell=on_demand_gb label=Text::ColOnDemandGb />
            <PriceTd cell=reserved label=Text::ColReserved />
            <PriceTd cell=subscription label=Text::ColMonthly />
            <td data-label=move || app.t(Text::ColSource) class="source">
                <span class="source-title">{source}</span>
                " · "
                <span class="as-of">{as_of}</span>
                {old.then(|| view! { <span class="badge old">{move || app.t(Text::Old)}</span> })}
                {was.map(|w| view! { <span class="was" data-testid="price-history">{w}</span> })}
            </td>
        </tr>
    }
}

/// A price cell with its tooltip, or a dash.
#[component]
fn PriceTd(cell: Option<PriceCell>, label: Text) -> impl IntoView {
    let app = expect_context::<AppState>();
    match cell {
        Some(c) => view! {
            <td class="num" data-label=move || app.t(label) title=c.title.clone()>
                {c.text}
            </td>
        }
        .into_any(),
        None => view! {
            <td class="num empty-cell" data-label=move || app.t(label)>
                "—"
            </td>
        }
        .into_any(),
    }
}
