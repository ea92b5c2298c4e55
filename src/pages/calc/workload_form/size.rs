//! How much work: the unit switches and the text fields that fit the task and model.

use gpucost_core::format::Lang;
use gpucost_core::recommend::{Task, Workload};
use leptos::prelude::*;

use super::field::WorkloadField;
use super::fields::fields_for;
use super::units::{RateUnitSwitch, TrainingUnitSwitch};

/// The size of the work: the fields that fit the task and model, with the unit switches.
#[component]
pub(crate) fn WorkloadSize(
    /// The workload being described.
    #[prop(into)]
    workload: Signal<Option<Workload>>,
    /// The page's language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Called with every valid workload entered.
    on_edit: Callback<Workload>,
) -> impl IntoView {
    let fields =
        Memo::new(move |_| workload.with(|w| w.as_ref().map(fields_for).unwrap_or_default()));
    // Which unit switches apply: training by tokens or samples (token models), serving rate.
    let training_unit = Memo::new(move |_| {
        workload.with(|w| match w.as_ref() {
            Some(w) if w.model.spec().arch.is_token_model() => match w.task {
                Task::Training { size, .. } => Some(size.unit()),
                _ => None,
            },
            _ => None,
        })
    });
    let rate_unit = Memo::new(move |_| {
        workload.with(|w| match w.as_ref().map(|w| w.task) {
            Some(Task::Serving(s)) => Some(s.rate.unit),
            _ => None,
        })
    });
    let generates = Memo::new(move |_| {
        workload.with(|w| {
            w.as_ref()
                .is_some_and(|w| w.model.spec().arch.generates_tokens())
        })
    });
    view! {
        <div class="row">
            {move || training_unit.get().map(|unit| view! {
                <TrainingUnitSwitch unit workload lang on_edit />
            })}
            {move || rate_unit.get().map(|unit| view! {
                <RateUnitSwitch unit generates workload lang on_edit />
            })}
            <For each=move || fields.get() key=|f| *f let:field>
                <WorkloadField field workload lang on_edit />
            </For>
        </div>
    }
}
