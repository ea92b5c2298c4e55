//! The provider comparison: one row per seller that can serve, keyed by seller so an edit
//! updates cells in place, its line items behind a disclosure, and the sellers that cannot
//! serve with their reasons.

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::Text;
use gpucost_core::print::cells::RowCells;
use leptos::prelude::*;

use super::line_items::LineItems;
use super::ViewModel;
use crate::signals::part;
use crate::state::AppState;

/// The comparison table and the list of sellers that cannot serve.
#[component]
pub(super) fn Comparison(
    /// All the results.
    view_model: ViewModel,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let t = move |text: Text| text.get(lang);
    let served = part(view_model, |v| {
        v.as_ref()
            .map(|r| {
                r.rows
                    .iter()
                    .filter(|row| row.rank.is_some())
                    .map(|row| row.key.clone())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    });
    let unserved = part(view_model, move |v| {
        v.as_ref()
            .map(|r| {
                r.rows
                    .iter()
                    .filter(|row| row.rank.is_none())
                    .map(|row| (row.key.clone(), RowCells::of(row, lang)))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    });
    view! {
        <div class="table-wrap">
            <table class="comparison" data-testid="comparison">
                <thead>
                    <tr>
                        <th scope="col">"#"</th>
                        <th scope="col">{t(Text::ColProvider)}</th>
                        <th scope="col" class="num">{t(Text::ColTotal)}</th>
                        <th scope="col" class="num">{t(Text::ColPerGpuHour)}</th>
                        <th scope="col">{t(Text::ColRegion)}</th>
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
        <Show when=move || unserved.with(|u| !u.is_empty())>
            <Unserved unserved=unserved lang=lang />
        </Show>
    }
}

/// The sellers that cannot serve, and why.
#[component]
fn Unserved(
    /// Each seller's key and cells.
    unserved: Memo<Vec<(String, RowCells)>>,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let count = move || unserved.with(Vec::len);
    let items = move || {
        unserved.with(|u| {
            u.iter()
                .map(|(seller, c)| {
                    view! {
                        <li data-seller=seller.clone()><strong>{c.name.clone()}</strong> " — " {c.reason.clone()}</li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <details class="unserved" data-testid="unserved">
            <summary>{Text::CannotServe.get(lang)} " (" {count} ")"</summary>
            <ul>{items}</ul>
        </details>
    }
}

/// A provider's row, updated cell by cell while the seller stays in the comparison, with its
/// line items behind a disclosure. The line items are about half the page's elements and
/// half the formatting, so they are built only when opened or printed.
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
    let t = move |text: Text| text.get(lang);
    let cells = row_cells(view_model, seller.clone(), lang);
    let (rank, total) = (
        cell(cells, |c| c.rank.clone()),
        cell(cells, |c| c.total.clone()),
    );
    let per_gpu_hour = cell(cells, |c| c.per_gpu_hour.clone());
    let regions = cell(cells, |c| c.regions.clone());
    let best = move || cells.with(|c| c.best);
    let details_id = details_id(&seller);
    let open = RwSignal::new(false);
    let shown = Signal::derive(move || open.get() || app.printing.get());
    view! {
        <tr data-seller=seller.clone() class:best=best>
            <td data-label="#">{rank}</td>
            <ProviderCell cells=cells lang=lang />
            <td data-label=t(Text::ColTotal) class="num total" data-testid="row-total">{total}</td>
            <td data-label=t(Text::ColPerGpuHour) class="num">{per_gpu_hour}</td>
            <td data-label=t(Text::ColRegion) class="regions" data-testid="row-regions">{regions}</td>
            <BillingCell cells=cells lang=lang open=open details_id=details_id.clone() />
        </tr>
        <tr class="details-row" id=details_id hidden=move || !open.get()>
            <td colspan="6">
                <LineItems seller=seller shown=shown lang=lang />
            </td>
        </tr>
    }
}

/// The worded cells of `seller`'s row (empty while it is not in the results).
fn row_cells(view_model: ViewModel, seller: String, lang: Lang) -> Memo<RowCells> {
    Memo::new(move |_| {
        view_model.with(|v| {
            v.as_ref()
                .ok()
                .and_then(|r| r.rows.iter().find(|row| row.key == seller))
                .map(|row| RowCells::of(row, lang))
                .unwrap_or_default()
        })
    })
}

/// A cell's text: it reads its part of the row; when the row's words change, each cell
/// writes its text node only if its own text did (cheaper than a memo per cell, measured A/B).
fn cell(cells: Memo<RowCells>, pick: fn(&RowCells) -> String) -> impl Fn() -> String + Copy {
    move || cells.with(pick)
}

/// The `id` of the row holding `seller`'s line items.
fn details_id(seller: &str) -> String {
    format!("details-{}", seller.replace([':', ' ', '/'], "-"))
}

/// The provider cell: the seller's name, badges, offers and the date of its prices.
#[component]
fn ProviderCell(
    /// The row's worded cells.
    cells: Memo<RowCells>,
    /// The language of the labels.
    lang: Lang,
) -> impl IntoView {
    let (name, offers) = (
        cell(cells, |c| c.name.clone()),
        cell(cells, |c| c.offers.clone()),
    );
    let prices_as_of = cell(cells, |c| c.prices_as_of.clone());
    // A memo of its own: the row's words change with every edit of the hours, its badges
    // rarely, and rebuilding the spans re-sets every badge's class (0.2 ms an edit in the
    // profile of 2026-12-07).
    let badges = Memo::new(move |_| cells.with(|c| c.badges.clone()));
    let badge_spans = move || {
        badges
            .get()
            .into_iter()
            .map(|b| view! { <span class="badge">{b}</span> })
            .collect_view()
    };
    view! {
        <td data-label=Text::ColProvider.get(lang)>
            <strong>{name}</strong>
            {badge_spans}
            <span class="offers">{offers}</span>
            <span class="as-of" data-testid="row-prices-as-of">{prices_as_of}</span>
        </td>
    }
}

/// The billing cell: how the row bills, what a committed term binds, and the button that
/// opens the line items.
#[component]
fn BillingCell(
    /// The row's worded cells.
    cells: Memo<RowCells>,
    /// The language of the labels.
    lang: Lang,
    /// Whether the line items are open.
    open: RwSignal<bool>,
    /// The `id` of the row the button opens.
    details_id: String,
) -> impl IntoView {
    let t = move |text: Text| text.get(lang);
    let (billing, commitment) = (
        cell(cells, |c| c.billing.clone()),
        cell(cells, |c| c.commitment.clone()),
    );
    let name = cell(cells, |c| c.name.clone());
    let committed = move || cells.with(|c| !c.commitment.is_empty());
    // Thirteen buttons all read "Line items" to a screen reader: say whose.
    let details_label = move || format!("{}: {}", t(Text::Details), name());
    view! {
        <td data-label=t(Text::ColBilling)>
            {billing}
            <Show when=committed>
                <span class="commitment" data-testid="row-commitment">{commitment}</span>
            </Show>
            <button
                type="button"
                class="link"
                aria-expanded=move || open.get().to_string()
                aria-controls=details_id
                aria-label=details_label
                on:click=move |_| open.update(|o| *o = !*o)
            >
                {t(Text::Details)}
            </button>
        </td>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_details_row_id_is_one_token_whatever_the_seller_key_holds() {
        assert_eq!(details_id("aws"), "details-aws");
        assert_eq!(details_id("x:a b/c"), "details-x-a-b-c");
    }
}
