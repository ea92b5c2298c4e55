//! SVG charts: total cost per provider, and cumulative cost of hourly, reserved and monthly
//! plans over the period with their break-even points. Geometry comes from `crate::charts`.
//!
//! Each chart is drawn once and updated in place: every drawn item (a bar, a tick, a line, a
//! crossing) is one effect that works out the item's attributes and texts and sets only those
//! that changed (`signals::distinct_fields`). An edit that moves the totals rewrites a few
//! attributes and texts per item; writing the whole markup again, as before, made the
//! browser parse it and build every element anew on every edit.

use gpucost_core::report::Report;
use gpucost_core::scenario::ScenarioError;
use leptos::prelude::*;

use crate::charts::{
    axes_fields, bar_chart, bar_fields, crossing_fields, cumulative_chart, line_fields,
    x_tick_fields, y_tick_fields, BarChart, LineChart, WIDTH,
};
use crate::signals::distinct_fields;
use crate::state::AppState;
use gpucost_core::l10n::ui::Text;

/// Horizontal bars of the cheapest providers' totals.
#[component]
pub(crate) fn CostBars(
    /// `(provider, total, total text)`, cheapest first.
    rows: Memo<Vec<(String, f64, String)>>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let chart: Memo<BarChart> = Memo::new(move |_| rows.with(|r| bar_chart(r)));
    let view_box = move || chart.with(|c| format!("0 0 {WIDTH} {}", c.height));
    let count = Memo::new(move |_| chart.with(|c| c.bars.len()));
    view! {
        <figure class="chart" data-testid="chart-bars">
            <figcaption>{move || app.t(Text::ChartCost)}</figcaption>
            <svg viewBox=view_box role="img" aria-label=move || app.t(Text::ChartCost)>
                <For each=move || 0..count.get() key=|i| *i children=move |i| {
                    let [label_x, text_y, label, x, y, width, height, class, value_x, value] =
                        distinct_fields(move || chart.with(|c| bar_fields(c, i)));
                    view! {
                        <g>
                            <text x=label_x y=text_y text-anchor="end" class="label">{label}</text>
                            <rect x=x y=y width=width height=height rx="3" class=class />
                            <text x=value_x y=text_y class="value">{value}</text>
                        </g>
                    }
                } />
            </svg>
        </figure>
    }
}

/// Cumulative cost over the period for each way of paying.
#[component]
pub(crate) fn CumulativeChart() -> impl IntoView {
    let app = expect_context::<AppState>();
    let computed = expect_context::<Memo<Result<Report, Vec<ScenarioError>>>>();
    let chart: Memo<Option<LineChart>> = Memo::new(move |_| {
        computed.with(|r| {
            r.as_ref()
                .ok()
                .and_then(|r| cumulative_chart(&r.series, app.lang.get()))
        })
    });
    let view_box =
        move || chart.with(|c| format!("0 0 {WIDTH} {}", c.as_ref().map_or(0.0, |c| c.height)));
    // How many items of each kind, and each item's values; nothing while there is no chart.
    let count = move |len: fn(&LineChart) -> usize| {
        Memo::new(move |_| chart.with(|c| c.as_ref().map_or(0, len)))
    };
    let (y_ticks, x_ticks) = (count(|c| c.y_ticks.len()), count(|c| c.x_ticks.len()));
    let (lines, crossings) = (count(|c| c.lines.len()), count(|c| c.crossings.len()));
    let [left, top, right, bottom] =
        distinct_fields(move || chart.with(|c| c.as_ref().map(axes_fields).unwrap_or_default()));
    view! {
        <Show when=move || chart.with(Option::is_some)>
            <figure class="chart" data-testid="chart-cumulative">
                <figcaption>{move || app.t(Text::ChartCumulative)}</figcaption>
                <svg viewBox=view_box role="img" aria-label=move || app.t(Text::ChartCumulative)>
                    <line x1=left y1=bottom x2=right y2=bottom class="axis" />
                    <line x1=left y1=top x2=left y2=bottom class="axis" />
                    <For each=move || 0..y_ticks.get() key=|i| *i children=move |i| {
                        let [y, x, text_y, label] = distinct_fields(move || {
                            chart.with(|c| c.as_ref().map(|c| y_tick_fields(c, i)).unwrap_or_default())
                        });
                        view! {
                            <g>
                                <line x1=left y1=y x2=right y2=y class="grid-line" />
                                <text x=x y=text_y text-anchor="end" class="tick">{label}</text>
                            </g>
                        }
                    } />
                    <For each=move || 0..x_ticks.get() key=|i| *i children=move |i| {
                        let [x, y, label] = distinct_fields(move || {
                            chart.with(|c| c.as_ref().map(|c| x_tick_fields(c, i)).unwrap_or_default())
                        });
                        view! { <text x=x y=y text-anchor="middle" class="tick">{label}</text> }
                    } />
                    <For each=move || 0..lines.get() key=|i| *i children=move |i| {
                        let [d, class, _] = distinct_fields(move || {
                            chart.with(|c| c.as_ref().map(|c| line_fields(c, i)).unwrap_or_default())
                        });
                        view! { <path d=d class=class /> }
                    } />
                    <For each=move || 0..crossings.get() key=|i| *i children=move |i| {
                        let [x, y, text_x, text_y, label] = distinct_fields(move || {
                            chart.with(|c| c.as_ref().map(|c| crossing_fields(c, i)).unwrap_or_default())
                        });
                        view! {
                            <g class="crossing">
                                <circle cx=x cy=y r="4" />
                                <text x=text_x y=text_y class="tick">{label}</text>
                            </g>
                        }
                    } />
                </svg>
                <ul class="legend">
                    <For each=move || 0..lines.get() key=|i| *i children=move |i| {
                        let [_, class, label] = distinct_fields(move || {
                            chart.with(|c| c.as_ref().map(|c| line_fields(c, i)).unwrap_or_default())
                        });
                        view! { <li><span class=move || format!("swatch {}", class.get())></span>{label}</li> }
                    } />
                </ul>
            </figure>
        </Show>
    }
}
