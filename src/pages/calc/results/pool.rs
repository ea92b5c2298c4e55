//! The teams' shared pool: its sentence, each team's part of its cost, its first week drawn
//! (each team's demand stacked under the pool's, and what renting apart sizes for) and the
//! first day's demand hour by hour as a table. The words, numbers and chart data are the
//! engine's ([`PoolCells`], [`PoolWeek`]); team names are the user's and are shown as text.

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::{self, Text};
use gpucost_core::print::cells::PoolCells;
use gpucost_core::view::charts::PoolWeek;
use leptos::prelude::*;

use super::ViewModel;
use crate::charts::{pool_svg, team_class, WEEK_HEIGHT, WIDTH};
use crate::signals::part;

/// Each shared pool (nothing when no two teams rent the same GPU for less together).
#[component]
pub(super) fn PoolPanel(
    /// All the results.
    view_model: ViewModel,
    /// The language of the words.
    lang: Lang,
) -> impl IntoView {
    let pools = part(view_model, move |v| {
        v.as_ref()
            .ok()
            .and_then(|r| r.pool.as_ref())
            .map(|shared| {
                shared
                    .pools
                    .iter()
                    .map(|p| PoolCells::of(p, lang))
                    .zip(PoolWeek::all(shared))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    });
    let each = move || {
        pools
            .get()
            .into_iter()
            .map(|(cells, week)| view! { <PoolItem cells=cells week=week lang=lang /> })
            .collect_view()
    };
    view! {
        <Show when=move || pools.with(|p| !p.is_empty())>
            <section class="pool" aria-labelledby="pool-heading" data-testid="pool">
                <h3 id="pool-heading">{Text::PoolHeading.get(lang)}</h3>
                {each}
            </section>
        </Show>
    }
}

/// One pool: its sentence, its teams' parts, its week's chart and its first day's table.
#[component]
fn PoolItem(
    /// The pool's cells.
    cells: PoolCells,
    /// The pool's first week, for its chart.
    week: PoolWeek,
    /// The language of the caption.
    lang: Lang,
) -> impl IntoView {
    let teams = cells
        .teams
        .into_iter()
        .map(|t| view! { <li data-testid="pool-team">{t}</li> })
        .collect_view();
    let head = cells
        .hours
        .into_iter()
        .map(|h| view! { <th scope="col">{h}</th> })
        .collect_view();
    let rows = cells
        .rows
        .into_iter()
        .map(|(name, hours)| {
            let cells = hours
                .into_iter()
                .map(|n| view! { <td>{n}</td> })
                .collect_view();
            view! { <tr><th scope="row">{name}</th>{cells}</tr> }
        })
        .collect_view();
    view! {
        <p data-testid="pool-text">{cells.text}</p>
        <ul class="pool-teams">{teams}</ul>
        <PoolChart week=week lang=lang />
        <div class="pool-day">
            <table data-testid="pool-day">
                <caption>{Text::PoolHourCaption.get(lang)}</caption>
                <thead><tr><td></td>{head}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// A pool's first week drawn: each team's demand stacked, the pool's size on top and what
/// renting apart sizes for, dashed; the summary is the drawing's description.
#[component]
fn PoolChart(
    /// The pool's week.
    week: PoolWeek,
    /// The language of the caption, days and legend.
    lang: Lang,
) -> impl IntoView {
    let caption = ui::pool_week_caption(&week.gpu, lang);
    let svg = pool_svg(&week, lang);
    let teams = week
        .teams
        .iter()
        .enumerate()
        .map(|(k, t)| view! { <li><span class=team_class(k)></span>{t.team.clone()}</li> })
        .collect_view();
    view! {
        <figure class="chart week" data-testid="pool-chart">
            <figcaption>{caption.clone()}</figcaption>
            <svg viewBox=format!("0 0 {WIDTH} {WEEK_HEIGHT}") role="img" aria-label=caption inner_html=svg></svg>
            <ul class="legend">
                {teams}
                <li><span class="swatch running"></span>{Text::PoolWeekTogether.get(lang)}</li>
                <li><span class="swatch peak-sized"></span>{Text::PoolWeekApart.get(lang)}</li>
            </ul>
        </figure>
    }
}
