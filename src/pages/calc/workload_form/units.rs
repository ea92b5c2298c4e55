//! The unit switches of the size: a training run in tokens or samples × epochs, a serving
//! rate in requests or output tokens per second.

use gpucost_core::format::Lang;
use gpucost_core::recommend::{RateUnit, TrainingUnit, Workload};
use leptos::prelude::*;

use gpucost_core::l10n::ui::Text;

/// Writes `change(w)` when the result is a valid workload.
fn write_valid(
    workload: Signal<Option<Workload>>,
    on_edit: Callback<Workload>,
    change: impl Fn(&Workload) -> Workload,
) {
    if let Some(w) = workload.get_untracked() {
        let n = change(&w);
        if n.validate().is_ok() {
            on_edit.run(n);
        }
    }
}

/// Counts a training run in tokens or in samples × epochs.
#[component]
pub(crate) fn TrainingUnitSwitch(
    /// The unit shown when the switch is made.
    unit: TrainingUnit,
    /// The workload being described.
    #[prop(into)]
    workload: Signal<Option<Workload>>,
    /// The page's language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Called with the workload in the other unit.
    on_edit: Callback<Workload>,
) -> impl IntoView {
    let t = move |text: Text| text.get(lang.get());
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(u) = TrainingUnit::from_slug(&event_target_value(&ev)) {
            write_valid(workload, on_edit, |w| w.with_training_unit(u));
        }
    };
    view! {
        <label class="field">
            <span>{move || t(Text::WorkloadSizeIn)}</span>
            <select data-testid="workload-size-kind" on:change=on_change>
                <option value=TrainingUnit::Tokens.as_str() selected=unit == TrainingUnit::Tokens>
                    {move || t(Text::WorkloadTokensOption)}
                </option>
                <option value=TrainingUnit::Samples.as_str() selected=unit == TrainingUnit::Samples>
                    {move || t(Text::WorkloadSamplesOption)}
                </option>
            </select>
        </label>
    }
}

/// Counts a serving rate in requests or in output tokens per second.
#[component]
pub(crate) fn RateUnitSwitch(
    /// The unit shown when the switch is made.
    unit: RateUnit,
    /// Whether the model generates tokens (else only requests per second are offered).
    #[prop(into)]
    generates: Signal<bool>,
    /// The workload being described.
    #[prop(into)]
    workload: Signal<Option<Workload>>,
    /// The page's language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Called with the workload's rate converted to the other unit.
    on_edit: Callback<Workload>,
) -> impl IntoView {
    let t = move |text: Text| text.get(lang.get());
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(u) = RateUnit::from_slug(&event_target_value(&ev)) {
            write_valid(workload, on_edit, |w| w.with_rate_unit(u));
        }
    };
    view! {
        <label class="field">
            <span>{move || t(Text::WorkloadRateUnit)}</span>
            <select data-testid="workload-rate-unit" on:change=on_change>
                <option value=RateUnit::RequestsPerSecond.as_str() selected=unit == RateUnit::RequestsPerSecond>
                    {move || t(Text::WorkloadRequestsPerSecond)}
                </option>
                <option
                    value=RateUnit::TokensPerSecond.as_str()
                    selected=unit == RateUnit::TokensPerSecond
                    disabled=move || !generates.get()
                >
                    {move || t(Text::WorkloadTokensPerSecond)}
                </option>
            </select>
        </label>
    }
}
