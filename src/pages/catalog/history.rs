//! The catalog browser's price history chart (issue 32): the on-demand price over time of the
//! first listed offer whose catalog keeps an older dated price (CompShare's notices,
//! Alibaba's 2024-10 file). The filters in the link choose it (`?view=catalog&prov=compshare`).
//! The points, caption and markup are the engine's ([`gpucost_core::view::price_history`]).

use gpucost_core::billing_mode::BillingMode;
use gpucost_core::view::price_history::{history_svg, PriceHistory, HEIGHT, WIDTH};
use leptos::prelude::*;

use super::rows::RowView;
use crate::state::{catalog, AppState};

/// The chart of the first row with a history, or nothing when no listed row has one.
#[component]
pub fn PriceHistoryChart(
    /// Every offer that matches the filters, in the table's order.
    rows: Memo<Vec<RowView>>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let chart = Memo::new(move |_| {
        let lang = app.lang.get();
        rows.with(|rows| {
            let row = rows.iter().find(|r| r.was.is_some())?;
            let h =
                PriceHistory::of_offer(catalog(), &row.key, BillingMode::OnDemand, &row.region)?;
            Some((
                h.caption(&row.provider, &row.instance, lang),
                history_svg(&h, lang),
            ))
        })
    });
    let view_box = format!("0 0 {WIDTH} {HEIGHT}");
    move || {
        chart.get().map(|(caption, svg)| {
            view! {
                <figure class="chart price-history" data-testid="price-history-figure">
                    <figcaption>{caption.clone()}</figcaption>
                    <svg
                        id="price-history-chart"
                        viewBox=view_box.clone()
                        role="img"
                        aria-label=caption
                        inner_html=svg
                    ></svg>
                </figure>
            }
        })
    }
}
