//! SVG charts: total cost per provider, and cumulative cost of hourly, reserved and monthly
//! plans over the period with their break-even points. Geometry comes from `crate::charts`.

use gpucost_core::billing_mode::ModeClass;
use gpucost_core::report::Report;
use gpucost_core::scenario::ScenarioError;
use leptos::prelude::*;

use crate::app::AppState;
use crate::charts::{bar_chart, cumulative_chart, Bar, BarChart, WIDTH};
use crate::i18n::Text;

/// Horizontal bars of the cheapest providers' totals. Each bar is updated in place, so an
/// edit moves bars instead of redrawing the chart.
#[component]
pub fn CostBars(
    /// `(provider, total, total text)`, cheapest first.
    rows: Memo<Vec<(String, f64, String)>>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let chart = Memo::new(move |_| rows.with(|r| bar_chart(r)));
    let view_box = move || chart.with(|c| format!("0 0 {WIDTH} {}", c.height));
    let count = move || chart.with(|c| c.bars.len());
    view! {
        <figure class="chart" data-testid="chart-bars">
            <figcaption>{move || app.t(Text::ChartCost)}</figcaption>
            <svg viewBox=view_box role="img" aria-label=move || app.t(Text::ChartCost)>
                <For each=move || 0..count() key=|i| *i children=move |i| view! { <BarView chart=chart i=i /> } />
            </svg>
        </figure>
    }
}

/// The `i`-th bar of a chart.
#[component]
fn BarView(
    /// The chart.
    chart: Memo<BarChart>,
    /// Which bar, from the top.
    i: usize,
) -> impl IntoView {
    let bar = Memo::new(move |_| chart.with(|c| c.bars.get(i).cloned()));
    let x0 = move || chart.with(|c| c.x0);
    let bh = move || chart.with(|c| c.bar_height);
    let y = move || bar.with(|b| b.as_ref().map_or(0.0, |b| b.y));
    let width = move || bar.with(|b| b.as_ref().map_or(0.0, |b| b.width));
    let text = move |pick: fn(&Bar) -> &String| {
        move || bar.with(|b| b.as_ref().map(|b| pick(b).clone()).unwrap_or_default())
    };
    view! {
        <g>
            <text x=move || x0() - 8.0 y=move || y() + bh() * 0.75 text-anchor="end" class="label">{text(|b| &b.label)}</text>
            <rect x=x0 y=y width=width height=bh rx="3" class=move || if bar.with(|b| b.as_ref().is_some_and(|b| b.best)) { "bar best" } else { "bar" } />
            <text x=move || x0() + width() + 6.0 y=move || y() + bh() * 0.75 class="value">{text(|b| &b.value)}</text>
        </g>
    }
}

fn class_style(c: ModeClass) -> &'static str {
    match c {
        ModeClass::OnDemand => "line on-demand",
        ModeClass::Spot => "line spot",
        ModeClass::Committed => "line committed",
        ModeClass::Subscription => "line subscription",
    }
}

/// Cumulative cost over the period for each way of paying.
#[component]
pub fn CumulativeChart() -> impl IntoView {
    let app = expect_context::<AppState>();
    let computed = expect_context::<Memo<Result<Report, Vec<ScenarioError>>>>();
    let chart = move || {
        computed.with(|r| {
            r.as_ref()
                .ok()
                .and_then(|r| cumulative_chart(&r.series, app.lang.get()))
        })
    };
    view! {
        {move || chart().map(|c| {
            let (left, top, right, bottom) = c.area;
            let height = c.height;
            view! {
                <figure class="chart" data-testid="chart-cumulative">
                    <figcaption>{move || app.t(Text::ChartCumulative)}</figcaption>
                    <svg viewBox=format!("0 0 {WIDTH} {height}") role="img" aria-label=move || app.t(Text::ChartCumulative)>
                        <line x1=left y1=bottom x2=right y2=bottom class="axis" />
                        <line x1=left y1=top x2=left y2=bottom class="axis" />
                        {c.y_ticks.into_iter().map(|(y, label)| view! {
                            <g>
                                <line x1=left y1=y x2=right y2=y class="grid-line" />
                                <text x=left - 6.0 y=y + 4.0 text-anchor="end" class="tick">{label}</text>
                            </g>
                        }).collect_view()}
                        {c.x_ticks.into_iter().map(|(x, label)| view! {
                            <text x=x y=bottom + 16.0 text-anchor="middle" class="tick">{label}</text>
                        }).collect_view()}
                        {c.lines.iter().map(|l| view! { <path d=l.d.clone() class=class_style(l.class) /> }).collect_view()}
                        {c.crossings.into_iter().map(|p| view! {
                            <g class="crossing">
                                <circle cx=p.x cy=p.y r="4" />
                                <text x=p.x + 6.0 y=p.y - 6.0 class="tick">{p.label}</text>
                            </g>
                        }).collect_view()}
                    </svg>
                    <ul class="legend">
                        {c.lines.into_iter().map(|l| view! {
                            <li><span class=format!("swatch {}", class_style(l.class))></span>{l.label}</li>
                        }).collect_view()}
                    </ul>
                </figure>
            }
        })}
    }
}
