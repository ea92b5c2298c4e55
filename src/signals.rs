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

/// A signal that follows `value` but changes only when the value does.
///
/// Reading a memo subscribes the reader to everything upstream of it: an edit anywhere in the
/// scenario wakes every reader, and each then finds that nothing it shows has changed. For a
/// value with many readers — the week grid's 168 cells read it four times each — those
/// wake-ups cost more than the edit. Readers of this signal are woken only when the value
/// changes; one effect does the comparing.
///
/// The signal catches up when that effect runs, a microtask after the change: before the
/// browser paints or handles the next event, but not within the handler that made the change.
/// A handler that edits twice must not read the signal in between.
///
/// This is the one effect in `src/` that copies a signal (`tests/no_signal_copies.rs` names
/// it): a memo cannot stand in, because a memo's readers are marked for a check on every
/// change upstream (0.8's push-pull graph), which for the week grid's 672 cells cost more than
/// the edit (measured A/B in BENCHMARKS.md, 2026-12-05). It goes when the page's state is a
/// store with a signal per line.
pub fn distinct_signal<T>(value: impl Fn() -> T + Send + Sync + 'static) -> ReadSignal<T>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    let out = RwSignal::new(untrack(&value));
    Effect::new(move |_| {
        let v = value();
        if out.with_untracked(|o| o != &v) {
            out.set(v);
        }
    });
    out.read_only()
}
