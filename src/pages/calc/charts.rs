//! SVG charts: total cost per provider, and cumulative cost of hourly, reserved and monthly
//! plans over the period with their break-even points. Geometry comes from `crate::charts`.
//!
//! They stand below the comparison, out of view while the form is edited: there they keep
//! their last drawing, and they are drawn again once within a screen's height of the view
//! (or when the page is printed). Their markup was the largest piece of the browser's own
//! work per edit (BENCHMARKS.md, 2026-12-07, session 17).

use super::Computed;
use leptos::prelude::*;

use crate::charts::{
    bar_chart, bars_svg, cumulative_chart, cumulative_svg, legend_items, week_svg, WEEK_HEIGHT,
    WIDTH,
};
use crate::signals::while_shown;
use crate::state::{catalog, AppState};
use crate::web;
use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::{self, Text};
use gpucost_core::view::charts::ServingWeek;

/// The charts' section: the cost bars, the cumulative cost and the serving weeks, drawn while
/// near the view (see the module's comment).
#[component]
pub(crate) fn Charts(
    /// The cost bars' rows (see [`CostBars`]).
    bars: Memo<Vec<(String, f64, String)>>,
    /// The language of the captions.
    lang: Lang,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let section = NodeRef::<leptos::html::Section>::new();
    let near = RwSignal::new(false);
    section.on_load(move |el| {
        let watch = web::watch_near_screen(&el, move |now| near.set(now));
        // The page is one thread: the watch never leaves it.
        let watch = send_wrapper::SendWrapper::new(watch);
        on_cleanup(move || drop(watch));
    });
    let drawn = Signal::derive(move || near.get() || app.printing.get());
    view! {
        <section class="charts" aria-labelledby="charts-heading" node_ref=section>
            <h3 id="charts-heading">{Text::ChartsHeading.get(lang)}</h3>
            <CostBars rows=bars drawn=drawn />
            <CumulativeChart drawn=drawn />
            <ServingWeeks lang=lang />
        </section>
    }
}

/// Horizontal bars of the cheapest providers' totals, redrawn as one piece of markup per edit
/// while `drawn` (see `crate::charts::bars_svg`).
#[component]
pub(crate) fn CostBars(
    /// `(provider, total, total text)`, cheapest first.
    rows: Memo<Vec<(String, f64, String)>>,
    /// Whether the chart follows edits (it keeps its last drawing otherwise).
    drawn: Signal<bool>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let chart = while_shown(drawn, move || rows.with(|r| bar_chart(r)));
    let view_box = move || chart.with(|c| format!("0 0 {WIDTH} {}", c.height));
    let svg = move || chart.with(bars_svg);
    view! {
        <figure class="chart" data-testid="chart-bars">
            <figcaption>{move || app.t(Text::ChartCost)}</figcaption>
            <svg viewBox=view_box role="img" aria-label=move || app.t(Text::ChartCost) inner_html=svg></svg>
        </figure>
    }
}

/// Cumulative cost over the period for each way of paying, redrawn as one piece of markup
/// per edit while `drawn` (see `crate::charts::cumulative_svg`).
#[component]
pub(crate) fn CumulativeChart(
    /// Whether the chart follows edits (it keeps its last drawing otherwise).
    drawn: Signal<bool>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let computed = Computed::get();
    let chart = while_shown(drawn, move || {
        computed.with(|r| {
            r.as_ref()
                .ok()
                .and_then(|e| cumulative_chart(&e.report.series, app.lang.get()))
        })
    });
    let view_box =
        move || chart.with(|c| format!("0 0 {WIDTH} {}", c.as_ref().map_or(0.0, |c| c.height)));
    let svg = move || chart.with(|c| c.as_ref().map(cumulative_svg).unwrap_or_default());
    let legend = move || chart.with(|c| c.as_ref().map(legend_items).unwrap_or_default());
    view! {
        <Show when=move || chart.with(Option::is_some)>
            <figure class="chart" data-testid="chart-cumulative">
                <figcaption>{move || app.t(Text::ChartCumulative)}</figcaption>
                <svg viewBox=view_box role="img" aria-label=move || app.t(Text::ChartCumulative) inner_html=svg></svg>
                <ul class="legend" inner_html=legend></ul>
            </figure>
        </Show>
    }
}

/// Each serving line's typical week: GPUs its load needs, GPUs running and a fleet sized for
/// the peak (nothing when no serving line has a weekly curve).
///
/// In `lang`, not the page's language signal: the part it is in is built again in the new
/// language, so it must not also re-render itself on that change (it would read its memo
/// after the part that owns it was disposed).
#[component]
pub(crate) fn ServingWeeks(
    /// The language of the captions and days.
    lang: Lang,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let weeks = Memo::new(move |_| app.page.with(|p| ServingWeek::all(catalog(), &p.scenario)));
    let charts = move || {
        weeks.with(|w| {
            w.iter()
                .map(|week| {
                    let caption = ui::serving_week_caption(week.line, &week.gpu, lang);
                    let svg = week_svg(week, lang);
                    view! {
                        <figure class="chart week" data-testid=format!("chart-week-{}", week.line)>
                            <figcaption>{caption.clone()}</figcaption>
                            <svg viewBox=format!("0 0 {WIDTH} {WEEK_HEIGHT}") role="img" aria-label=caption inner_html=svg></svg>
                            <WeekLegend lang=lang />
                        </figure>
                    }
                })
                .collect_view()
        })
    };
    view! { {charts} }
}

/// The serving week chart's legend.
#[component]
fn WeekLegend(
    /// The language of the words.
    lang: Lang,
) -> impl IntoView {
    let item = move |class: &'static str, text: Text| {
        view! { <li><span class=format!("swatch {class}")></span>{text.get(lang)}</li> }
    };
    view! {
        <ul class="legend">
            {item("needed", Text::WeekNeeded)}
            {item("running", Text::WeekRunning)}
            {item("peak-sized", Text::WeekPeakSized)}
        </ul>
    }
}
