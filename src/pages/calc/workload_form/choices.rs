//! The task, model and precision pickers, with the custom parameter count beside the model,
//! and for inference the KV cache's and the arithmetic's precision.
//!
//! Every picker shares one [`Chooser`]: the workload, the language, where valid edits go and
//! why the last pick was refused. `generation` holds the KV cache and arithmetic pickers,
//! `training` the optimizer, ZeRO and offload ones.

mod generation;
mod training;

use gpucost_core::format::Lang;
use gpucost_core::recommend::{
    KnownModel, ModelChoice, Precision, TaskKind, Workload, WorkloadError,
};
use leptos::prelude::*;

use super::field::WorkloadField;
use super::fields::{Field, FieldError};
use super::words;
use crate::pages::calc::recommendation::{model_label, task_label};
use gpucost_core::l10n::ui::Text;

/// What every picker of the row shares.
#[derive(Clone, Copy)]
struct Chooser {
    /// The workload being described.
    workload: Signal<Option<Workload>>,
    /// The page's language.
    lang: Signal<Lang>,
    /// Called with every valid workload chosen.
    on_edit: Callback<Workload>,
    /// Why the last pick was refused, until a valid one.
    problem: RwSignal<Option<Vec<WorkloadError>>>,
    /// The workload's task.
    task: Memo<Option<TaskKind>>,
}

impl Chooser {
    /// Whether there is a workload and `holds` is true of it (tracked).
    fn is(self, holds: impl FnOnce(&Workload) -> bool) -> bool {
        self.workload.with(|w| w.as_ref().is_some_and(holds))
    }

    /// Hands on a valid workload and clears the refusal, or keeps why it was refused.
    fn write(self, result: Result<Workload, Vec<WorkloadError>>) {
        match result {
            Ok(w) => {
                self.problem.set(None);
                self.on_edit.run(w);
            }
            Err(e) => self.problem.set(Some(e)),
        }
    }

    /// Sets a picked `value` (when the pick is one) on the workload, which keeps it only if
    /// the workload stays valid.
    fn pick<T>(self, value: Option<T>, set: impl FnOnce(&mut Workload, T)) {
        let (Some(mut n), Some(v)) = (self.workload.get_untracked(), value) else {
            return;
        };
        set(&mut n, v);
        self.write(n.validate().map(|_| n));
    }

    /// Starts `task`: the workload moved to it, or the task's defaults when there is none.
    fn start(self, task: TaskKind) {
        let w = self.workload.get_untracked();
        self.write(Ok(
            w.map_or_else(|| Workload::for_task(task), |w| w.with_task(task))
        ));
    }

    /// Picks the model `slug` names, keeping a custom size already typed.
    fn model(self, slug: &str) {
        let Some(w) = self.workload.get_untracked() else {
            return;
        };
        if let Some(m) = ModelChoice::from_slug(slug, w.model.custom_params()) {
            self.write(w.with_model(m));
        }
    }
}

/// A labelled select of the row; its children are the options.
#[component]
fn Picker(
    /// Visible label.
    label: Text,
    /// `data-testid` of the select.
    testid: &'static str,
    /// The page's language.
    lang: Signal<Lang>,
    /// Called with the value picked.
    on_pick: Callback<String>,
    /// The options.
    children: Children,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{move || label.get(lang.get())}</span>
            <select data-testid=testid on:change=move |ev| on_pick.run(event_target_value(&ev))>
                {children()}
            </select>
        </label>
    }
}

/// One `<option>` per value of `all`, by its slug, selected while `chosen` holds for it.
fn options<T, L>(
    all: impl IntoIterator<Item = T>,
    slug: fn(T) -> &'static str,
    chosen: impl Fn(T) -> bool + Copy + Send + Sync + 'static,
    label: impl Fn(T) -> L,
) -> impl IntoView
where
    T: Copy + Send + Sync + 'static,
    L: IntoView + 'static,
{
    all.into_iter()
        .map(
            move |x| view! { <option value=slug(x) selected=move || chosen(x)>{label(x)}</option> },
        )
        .collect_view()
}

/// Task, model (with a custom parameter count) and precision, then the pickers that fit the
/// task, the precision hint and why a pick was refused.
#[component]
pub(crate) fn WorkloadChoices(
    /// The workload being described.
    #[prop(into)]
    workload: Signal<Option<Workload>>,
    /// The page's language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Called with every valid workload chosen.
    on_edit: Callback<Workload>,
) -> impl IntoView {
    let c = Chooser {
        workload,
        lang,
        on_edit,
        problem: RwSignal::new(None),
        task: Memo::new(move |_| workload.with(|w| w.map(|w| w.kind()))),
    };
    let custom = move || c.is(|w| matches!(w.model, ModelChoice::Custom { .. }));
    // The KV cache and arithmetic pickers: text generation only.
    let generating =
        move || c.is(|w| !w.kind().is_training() && w.model.spec().arch.generates_tokens());
    let training = move || c.is(|w| w.kind().is_training());
    let hint = move || {
        c.task
            .get()
            .and_then(TaskKind::precision_hint)
            .map(|h| words::precision_hint(&h, lang.get()))
    };
    let choice_error = move || {
        c.problem
            .get()
            .map(|e| words::field_error(&FieldError::Workload(e), lang.get()))
    };
    view! {
        <div class="row">
            <TaskPicker chooser=c />
            <ModelPicker chooser=c />
            <Show when=custom>
                <WorkloadField field=Field::Params workload lang on_edit />
            </Show>
            <PrecisionPicker chooser=c />
            <Show when=generating>
                <generation::GenerationPickers chooser=c />
            </Show>
            <Show when=training>
                <training::TrainingPickers chooser=c />
            </Show>
        </div>
        <p class="hint" data-testid="workload-precision-hint">{hint}</p>
        <p class="field-error" role="alert" data-testid="workload-choice-error">{choice_error}</p>
    }
}

/// The task select.
#[component]
fn TaskPicker(
    /// The row's shared state.
    chooser: Chooser,
) -> impl IntoView {
    let c = chooser;
    let on_pick = Callback::new(move |v: String| {
        if let Some(task) = TaskKind::from_slug(&v) {
            c.start(task);
        }
    });
    let chosen = move |k: TaskKind| c.task.get() == Some(k);
    let label = move |k: TaskKind| move || task_label(k, c.lang.get());
    view! {
        <Picker label=Text::WorkloadTask testid="workload-task" lang=c.lang on_pick>
            {options(TaskKind::ALL, TaskKind::as_str, chosen, label)}
        </Picker>
    }
}

/// The model select: every known model, then a custom size (or the pasted config).
#[component]
fn ModelPicker(
    /// The row's shared state.
    chooser: Chooser,
) -> impl IntoView {
    let c = chooser;
    let models = KnownModel::ALL
        .into_iter()
        .map(ModelChoice::Known)
        .chain([ModelChoice::Custom { params: 0 }]);
    let on_pick = Callback::new(move |v: String| c.model(&v));
    let chosen = move |m: ModelChoice| c.is(|w| w.model.as_str() == m.as_str());
    // The custom option says how the model is described: by a count, or by a pasted config.
    let shown = move |m: ModelChoice| match (m, c.workload.with(|w| w.map(|w| w.model))) {
        (ModelChoice::Custom { .. }, Some(pasted @ ModelChoice::Config(_))) => pasted,
        _ => m,
    };
    let label = move |m: ModelChoice| move || model_label(shown(m), c.lang.get());
    view! {
        <Picker label=Text::WorkloadModel testid="workload-model" lang=c.lang on_pick>
            {options(models, ModelChoice::as_str, chosen, label)}
        </Picker>
    }
}

/// The precision select; a precision the task cannot use is disabled and says so.
#[component]
fn PrecisionPicker(
    /// The row's shared state.
    chooser: Chooser,
) -> impl IntoView {
    let c = chooser;
    let on_pick = Callback::new(move |v: String| {
        c.pick(Precision::from_slug(&v), |n, p| n.precision = p);
    });
    let allowed = move |p: Precision| c.task.get().is_some_and(|k| k.allows(p));
    view! {
        <Picker label=Text::WorkloadPrecision testid="workload-precision" lang=c.lang on_pick>
            {Precision::ALL
                .into_iter()
                .map(|p| view! {
                    <option
                        value=p.as_str()
                        disabled=move || !allowed(p)
                        selected=move || c.is(|w| w.precision == p)
                    >
                        {move || precision_text(p, allowed(p), c.lang.get())}
                    </option>
                })
                .collect_view()}
        </Picker>
    }
}

/// A precision option's text: its name, and that it is unavailable where it is not `allowed`.
fn precision_text(p: Precision, allowed: bool, lang: Lang) -> String {
    if allowed {
        p.label().to_string()
    } else {
        format!("{} ({})", p.label(), Text::WorkloadUnavailable.get(lang))
    }
}
