//! The workload form: what the GPUs will do (task, model, precision, how much work), which
//! turns on the hardware recommendation. Every field writes the link state, and only with a
//! value that keeps the workload valid; otherwise it keeps the typed text and says why.
//!
//! The domain rules are the workload's own methods in the engine ([`Workload::with_model`],
//! [`Workload::with_task`], …); the fields' parsing is pure (`fields`), the words come from
//! the interface's table (`words`), and each component takes the workload, the language and
//! an edit callback as props:
//! - `choices`: the task, model and precision pickers;
//! - `paste`: "Paste a config.json", the model from a Hugging Face config;
//! - `size`: the size fields that fit the task and model, with the switches of `units`;
//! - `field`: one text field.

mod choices;
mod field;
mod fields;
mod paste;
mod size;
mod units;
mod words;

use gpucost_core::edit::Edit;
use gpucost_core::format::Lang;
use gpucost_core::recommend::{TaskKind, Workload};
use leptos::prelude::*;

use crate::state::AppState;
use gpucost_core::l10n::ui::Text;

/// The workload fieldset: a switch, then the task, model, precision and size fields.
#[component]
pub fn WorkloadForm() -> impl IntoView {
    let app = expect_context::<AppState>();
    // Shared by every field of the form, and woken only when the workload changes: an edit
    // elsewhere in the scenario does not reach the form's many effects.
    let workload = app.page.workload();
    let lang: Signal<Lang> = app.lang.into();
    let on_edit = Callback::new(move |w: Workload| app.apply(Edit::Workload(Some(w))));
    // Unchecking and checking again brings back the same task's defaults.
    let last_task = RwSignal::new(
        workload
            .get_untracked()
            .map(|w| w.kind())
            .unwrap_or(TaskKind::OnlineServing),
    );
    let on_toggle = move |ev: leptos::ev::Event| {
        let on = event_target_checked(&ev);
        if let Some(w) = workload.get_untracked() {
            last_task.set(w.kind());
        }
        let task = last_task.get_untracked();
        app.apply(Edit::Workload(on.then(|| Workload::for_task(task))));
    };
    let legend = move || Text::WorkloadLegend.get(lang.get());
    let describe = move || Text::WorkloadDescribe.get(lang.get());
    let described = move || workload.with(|w| w.is_some());
    view! {
        <fieldset class="workload" data-testid="workload">
            <legend>{legend}</legend>
            <label class="check">
                <input
                    type="checkbox"
                    data-testid="workload-on"
                    prop:checked=described
                    on:change=on_toggle
                />
                {describe}
            </label>
            <Show when=described>
                <choices::WorkloadChoices workload lang on_edit />
                <paste::PasteConfig workload lang on_edit />
                <size::WorkloadSize workload lang on_edit />
            </Show>
        </fieldset>
    }
}
