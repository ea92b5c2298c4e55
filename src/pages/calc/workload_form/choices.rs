//! The task, model and precision pickers, with the custom parameter count beside the model,
//! and for inference the KV cache's and the arithmetic's precision.

use gpucost_core::format::Lang;
use gpucost_core::recommend::workload::{Offload, Optimizer, ZeroStage};
use gpucost_core::recommend::{
    ActPrecision, KnownModel, KvPrecision, ModelChoice, Precision, TaskKind, Workload,
    WorkloadError,
};
use leptos::prelude::*;

use super::field::WorkloadField;
use super::fields::{Field, FieldError};
use super::words;
use crate::pages::calc::recommendation::{model_label, task_label};
use gpucost_core::l10n::ui::Text;

/// Task, model (with a custom parameter count) and precision.
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
    let problem: RwSignal<Option<Vec<WorkloadError>>> = RwSignal::new(None);
    let write = move |r: Result<Workload, Vec<WorkloadError>>| match r {
        Ok(w) => {
            problem.set(None);
            on_edit.run(w);
        }
        Err(e) => problem.set(Some(e)),
    };
    let is = move |f: &dyn Fn(&Workload) -> bool| workload.with(|w| w.as_ref().is_some_and(f));
    let on_task = move |ev: leptos::ev::Event| {
        if let Some(task) = TaskKind::from_slug(&event_target_value(&ev)) {
            let w = workload.get_untracked();
            write(Ok(w.map_or_else(
                || Workload::for_task(task),
                |w| w.with_task(task),
            )));
        }
    };
    let on_model = move |ev: leptos::ev::Event| {
        let Some(w) = workload.get_untracked() else {
            return;
        };
        if let Some(m) = ModelChoice::from_slug(&event_target_value(&ev), w.model.custom_params()) {
            write(w.with_model(m));
        }
    };
    let on_precision = move |ev: leptos::ev::Event| {
        let Some(w) = workload.get_untracked() else {
            return;
        };
        if let Some(p) = Precision::from_slug(&event_target_value(&ev)) {
            let n = Workload { precision: p, ..w };
            write(n.validate().map(|_| n));
        }
    };
    let on_kv = move |ev: leptos::ev::Event| {
        let Some(mut n) = workload.get_untracked() else {
            return;
        };
        if let Some(kv) = KvPrecision::from_slug(&event_target_value(&ev)) {
            n.options.kv_cache = kv;
            write(n.validate().map(|_| n));
        }
    };
    let on_act = move |ev: leptos::ev::Event| {
        let Some(mut n) = workload.get_untracked() else {
            return;
        };
        if let Some(act) = ActPrecision::from_slug(&event_target_value(&ev)) {
            n.options.activations = act;
            write(n.validate().map(|_| n));
        }
    };
    // The training choices: optimizer, ZeRO stage, where optimizer states live.
    let edit_ft = move |ev: leptos::ev::Event, set: &dyn Fn(&mut Workload, &str) -> bool| {
        let Some(mut n) = workload.get_untracked() else {
            return;
        };
        if set(&mut n, &event_target_value(&ev)) {
            write(n.validate().map(|_| n));
        }
    };
    let on_opt = move |ev| {
        edit_ft(ev, &|n, v| {
            Optimizer::from_slug(v).is_some_and(|o| {
                n.options.fine_tune.optimizer = o;
                true
            })
        })
    };
    let on_zero = move |ev| {
        edit_ft(ev, &|n, v| {
            ZeroStage::from_slug(v).is_some_and(|z| {
                n.options.fine_tune.zero = z;
                true
            })
        })
    };
    let on_offload = move |ev| {
        edit_ft(ev, &|n, v| {
            Offload::from_slug(v).is_some_and(|o| {
                n.options.fine_tune.offload = o;
                true
            })
        })
    };
    let training = move || is(&|w| w.kind().is_training());
    let offload_label = move |o: Offload| match o {
        Offload::None => Text::WorkloadOffloadNone.get(lang.get()),
        Offload::Optimizer => Text::WorkloadOffloadHost.get(lang.get()),
    };
    // The KV cache and arithmetic pickers: text generation only.
    let generating =
        move || is(&|w| !w.kind().is_training() && w.model.spec().arch.generates_tokens());
    let act_label = move |a: ActPrecision| match a {
        ActPrecision::Auto => Text::WorkloadArithmeticAuto.get(lang.get()).to_string(),
        other => other.as_str().to_uppercase(),
    };
    let task = Memo::new(move |_| workload.with(|w| w.map(|w| w.kind())));
    let models: Vec<ModelChoice> = KnownModel::ALL
        .into_iter()
        .map(ModelChoice::Known)
        .chain([ModelChoice::Custom { params: 0 }])
        .collect();
    let t = move |text: Text| text.get(lang.get());
    let hint = move || {
        task.get()
            .and_then(TaskKind::precision_hint)
            .map(|h| words::precision_hint(&h, lang.get()))
    };
    let choice_error = move || {
        problem
            .get()
            .map(|e| words::field_error(&FieldError::Workload(e), lang.get()))
    };
    let precision_option = move |p: Precision| {
        if task.get().is_some_and(|k| k.allows(p)) {
            p.label().to_string()
        } else {
            format!("{} ({})", p.label(), t(Text::WorkloadUnavailable))
        }
    };
    view! {
        <div class="row">
            <label class="field">
                <span>{move || t(Text::WorkloadTask)}</span>
                <select data-testid="workload-task" on:change=on_task>
                    {TaskKind::ALL
                        .into_iter()
                        .map(|k| view! {
                            <option value=k.as_str() selected=move || task.get() == Some(k)>
                                {move || task_label(k, lang.get())}
                            </option>
                        })
                        .collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{move || t(Text::WorkloadModel)}</span>
                <select data-testid="workload-model" on:change=on_model>
                    {models
                        .into_iter()
                        .map(|m| {
                            let slug = m.as_str();
                            view! {
                                <option value=slug selected=move || is(&|w| w.model.as_str() == slug)>
                                    {move || model_label(m, lang.get())}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <Show when=move || is(&|w| matches!(w.model, ModelChoice::Custom { .. }))>
                <WorkloadField field=Field::Params workload lang on_edit />
            </Show>
            <label class="field">
                <span>{move || t(Text::WorkloadPrecision)}</span>
                <select data-testid="workload-precision" on:change=on_precision>
                    {Precision::ALL
                        .into_iter()
                        .map(|p| {
                            let allowed = move || task.get().is_some_and(|k| k.allows(p));
                            view! {
                                <option
                                    value=p.as_str()
                                    disabled=move || !allowed()
                                    selected=move || is(&|w| w.precision == p)
                                >
                                    {move || precision_option(p)}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <Show when=generating>
                <label class="field">
                    <span>{move || t(Text::WorkloadKvCache)}</span>
                    <select data-testid="workload-kv" on:change=on_kv>
                        {KvPrecision::ALL
                            .into_iter()
                            .map(|k| view! {
                                <option value=k.as_str() selected=move || is(&|w| w.options.kv_cache == k)>
                                    {k.label()}
                                </option>
                            })
                            .collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span>{move || t(Text::WorkloadArithmetic)}</span>
                    <select data-testid="workload-act" on:change=on_act>
                        {ActPrecision::ALL
                            .into_iter()
                            .map(|a| view! {
                                <option value=a.as_str() selected=move || is(&|w| w.options.activations == a)>
                                    {move || act_label(a)}
                                </option>
                            })
                            .collect_view()}
                    </select>
                </label>
            </Show>
            <Show when=training>
                <label class="field">
                    <span>{move || t(Text::WorkloadOptimizer)}</span>
                    <select data-testid="workload-opt" on:change=on_opt>
                        {Optimizer::ALL
                            .into_iter()
                            .map(|o| view! {
                                <option value=o.as_str() selected=move || is(&|w| w.options.fine_tune.optimizer == o)>
                                    {o.label()}
                                </option>
                            })
                            .collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span>{move || t(Text::WorkloadZero)}</span>
                    <select data-testid="workload-zero" on:change=on_zero>
                        {ZeroStage::ALL
                            .into_iter()
                            .map(|z| view! {
                                <option value=z.as_str() selected=move || is(&|w| w.options.fine_tune.zero == z)>
                                    {format!("ZeRO-{}", z.as_str())}
                                </option>
                            })
                            .collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span>{move || t(Text::WorkloadOffload)}</span>
                    <select data-testid="workload-offload" on:change=on_offload>
                        {Offload::ALL
                            .into_iter()
                            .map(|o| view! {
                                <option value=o.as_str() selected=move || is(&|w| w.options.fine_tune.offload == o)>
                                    {move || offload_label(o)}
                                </option>
                            })
                            .collect_view()}
                    </select>
                </label>
            </Show>
        </div>
        <p class="hint" data-testid="workload-precision-hint">{hint}</p>
        <p class="field-error" role="alert" data-testid="workload-choice-error">{choice_error}</p>
    }
}
