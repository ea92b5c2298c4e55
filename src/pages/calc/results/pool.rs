//! The teams' shared pool: its sentence, each team's part of its cost, and the first day's
//! demand hour by hour, each team's beside the pool's together. The words and numbers are the
//! engine's ([`PoolCells`]); team names are the user's and are shown as text.

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::Text;
use gpucost_core::print::cells::PoolCells;
use leptos::prelude::*;

use super::ViewModel;
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
            .map(|p| {
                p.pools
                    .iter()
                    .map(|p| PoolCells::of(p, lang))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    });
    let each = move || {
        pools
            .get()
            .into_iter()
            .map(|cells| view! { <PoolItem cells=cells lang=lang /> })
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

/// One pool: its sentence, its teams' parts and its first day's table.
#[component]
fn PoolItem(
    /// The pool's cells.
    cells: PoolCells,
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
        <div class="pool-day">
            <table data-testid="pool-day">
                <caption>{Text::PoolHourCaption.get(lang)}</caption>
                <thead><tr><td></td>{head}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
