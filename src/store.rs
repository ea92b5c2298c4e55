//! The page's state, held once, with a change signal for each part that has many readers.
//!
//! Every input writes the one `PageState` the link encodes; the estimate and the link read it
//! whole. A line's fields, a weekly line's 168-cell grid and the workload
//! form read one part of it, and there are many of them: woken by every edit, they would each
//! find that nothing they show has changed, which for the grid's 672 cell effects costs more
//! than the edit (BENCHMARKS.md, 2026-12-05). So each write compares the parts before and
//! after and notifies only the parts that changed; their readers track that part's trigger and
//! read the state without tracking it.
//!
//! The rest of the state (the language, the currency, the view, the form's settings) has
//! about thirty readers, and an edit of the period or of a line, the most common edits,
//! changes none of it: those readers track a copy of the state without the lines, the period
//! and the workload, which a write replaces only when it differs
//! ([`PageStore::with_settings`]).
//!
//! This is what a `reactive_stores` store does with a trigger per field path. The scenario's
//! types live in the engine crate, which imports no framework and so cannot derive `Store`;
//! a mirror of them on this side would copy the state the store is there to hold once.

use gpucost_core::recommend::Workload;
use gpucost_core::scenario::{Demand, Line};
use gpucost_core::share::PageState;
use leptos::prelude::*;

/// The change signals of one line: the whole line, and its demand alone (a weekly grid's
/// cells must not wake when the line's GPU or packing changes).
#[derive(Clone, Default)]
struct LineTriggers {
    line: ArcTrigger,
    demand: ArcTrigger,
}

/// The page's state with a change signal per line, per line's demand and for the workload.
///
/// Readers of the whole state use [`with`](Self::with); readers of one part use
/// [`line`](Self::line), [`demand`](Self::demand), [`workload`](Self::workload) or
/// [`with_settings`](Self::with_settings). Every
/// write goes through [`update`](Self::update) or [`set`](Self::set), which notify the parts
/// that changed, in the same turn (no effect, no microtask).
#[derive(Clone, Copy)]
pub struct PageStore {
    state: RwSignal<PageState>,
    /// The state's settings ([`PageState::settings`]).
    settings: RwSignal<PageState>,
    lines: StoredValue<Vec<LineTriggers>>,
    workload: Trigger,
}

impl PageStore {
    /// A store holding `state`.
    pub fn new(state: PageState) -> Self {
        PageStore {
            settings: RwSignal::new(state.settings()),
            state: RwSignal::new(state),
            lines: StoredValue::new(Vec::new()),
            workload: Trigger::new(),
        }
    }

    /// Reads the whole state, tracking every change.
    pub fn with<T>(&self, f: impl FnOnce(&PageState) -> T) -> T {
        self.state.with(f)
    }

    /// Reads the state but for the scenario's lines, period and workload, which are blank
    /// here, tracking changes to the rest only: the language, the currency, the view, the
    /// embed options and the scenario's settings. An edit of the period or of a line, the
    /// most common edits, wakes none of these readers.
    pub fn with_settings<T>(&self, f: impl FnOnce(&PageState) -> T) -> T {
        self.settings.with(f)
    }

    /// Reads the whole state without tracking it.
    pub fn with_untracked<T>(&self, f: impl FnOnce(&PageState) -> T) -> T {
        self.state.with_untracked(f)
    }

    /// Replaces the whole state (a pasted link), notifying the parts that changed.
    pub fn set(&self, state: PageState) {
        self.update(|p| *p = state);
    }

    /// Changes the state, notifying the whole state's readers and the parts that changed.
    pub fn update(&self, change: impl FnOnce(&mut PageState)) {
        let before = self.state.with_untracked(Parts::of);
        self.state.update(change);
        let after = self.state.with_untracked(Parts::of);
        let settings = self.state.with_untracked(PageState::settings);
        if self.settings.with_untracked(|s| *s != settings) {
            self.settings.set(settings);
        }
        if before.workload != after.workload {
            self.workload.notify();
        }
        let longest = before.lines.len().max(after.lines.len());
        for i in 0..longest {
            let (was, is) = (before.lines.get(i), after.lines.get(i));
            if was != is {
                let demand_changed = was.map(|l| &l.demand) != is.map(|l| &l.demand);
                self.with_triggers(i, |t| {
                    t.line.notify();
                    if demand_changed {
                        t.demand.notify();
                    }
                });
            }
        }
    }

    /// Line `i` (`None` once it is removed), waking its readers only when that line changes.
    pub fn line(&self, i: usize) -> Signal<Option<Line>> {
        let store = *self;
        Signal::derive(move || {
            store.with_triggers(i, |t| t.line.track());
            store.with_untracked(|p| p.scenario.lines.get(i).cloned())
        })
    }

    /// Line `i`'s demand, waking its readers only when that demand changes.
    pub fn demand(&self, i: usize) -> Signal<Option<Demand>> {
        let store = *self;
        Signal::derive(move || {
            store.with_triggers(i, |t| t.demand.track());
            store.with_untracked(|p| p.scenario.lines.get(i).map(|l| l.demand.clone()))
        })
    }

    /// The described workload, waking its readers only when it changes.
    pub fn workload(&self) -> Signal<Option<Workload>> {
        let store = *self;
        Signal::derive(move || {
            store.workload.track();
            store.with_untracked(|p| p.scenario.workload)
        })
    }

    /// Runs `f` on line `i`'s triggers, making them on first use.
    fn with_triggers<T>(&self, i: usize, f: impl FnOnce(&LineTriggers) -> T) -> T {
        if self.lines.with_value(|l| l.len() <= i) {
            self.lines
                .update_value(|l| l.resize_with(i + 1, LineTriggers::default));
        }
        // A clone (two `Arc`s), so no lock is held while readers are notified.
        let triggers = self.lines.with_value(|l| l[i].clone());
        f(&triggers)
    }
}

/// What the parts' readers see, taken before and after a write to find what changed.
struct Parts {
    lines: Vec<Line>,
    workload: Option<Workload>,
}

impl Parts {
    fn of(p: &PageState) -> Parts {
        Parts {
            lines: p.scenario.lines.clone(),
            workload: p.scenario.workload,
        }
    }
}
