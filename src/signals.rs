//! Signals that keep the page's dependency graph narrow.

use leptos::prelude::*;

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

/// Sets `signal` to `value` unless it already holds it, so its readers wake only on a change.
///
/// For an effect that splits one computed value into several signals (see
/// [`distinct_signal`] for why): each reader then wakes only when its own part changes.
pub fn set_changed<T>(signal: RwSignal<T>, value: T)
where
    T: PartialEq + Send + Sync + 'static,
{
    if signal.with_untracked(|old| old != &value) {
        signal.set(value);
    }
}
