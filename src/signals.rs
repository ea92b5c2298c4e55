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

/// `compute()` while `shown` is true; while it is false, the value last computed, without
/// tracking what `compute` reads (an edit then wakes nothing here). It computes once at the
/// start either way, and again as soon as `shown` turns true.
///
/// For what is costly to redraw and seen only when scrolled to: the charts, below a long
/// comparison, are out of view while the form is edited.
pub fn while_shown<T>(
    shown: Signal<bool>,
    compute: impl Fn() -> T + Send + Sync + 'static,
) -> Memo<T>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    Memo::new(move |last: Option<&T>| {
        let shown = shown.get();
        match last {
            Some(last) if !shown => last.clone(),
            _ => compute(),
        }
    })
}
