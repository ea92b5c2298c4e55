//! Signals that keep the page's dependency graph narrow.

use leptos::prelude::*;

/// A memo of one part of `whole`: its readers wake only when that part changes.
///
/// A row's cells are parts of one worded row: an edit that moves the totals re-renders the
/// total's cell and not the name's, without an effect that copies the row into a signal per
/// cell.
pub fn part<W, T>(whole: Memo<W>, pick: impl Fn(&W) -> T + Send + Sync + 'static) -> Memo<T>
where
    W: Send + Sync + 'static,
    T: PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| whole.with(&pick))
}
