//! The pickers of training only: the optimizer, the ZeRO stage and where optimizer states
//! live.

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::Text;
use gpucost_core::recommend::workload::{Offload, Optimizer, ZeroStage};
use leptos::prelude::*;

use super::{options, Chooser, Picker};

/// The optimizer, ZeRO stage and offload selects.
#[component]
pub(super) fn TrainingPickers(
    /// The row's shared state.
    chooser: Chooser,
) -> impl IntoView {
    let c = chooser;
    let on_opt = Callback::new(move |v: String| {
        c.pick(Optimizer::from_slug(&v), |n, o| {
            n.options.fine_tune.optimizer = o
        });
    });
    let on_zero = Callback::new(move |v: String| {
        c.pick(ZeroStage::from_slug(&v), |n, z| {
            n.options.fine_tune.zero = z
        });
    });
    let on_offload = Callback::new(move |v: String| {
        c.pick(Offload::from_slug(&v), |n, o| {
            n.options.fine_tune.offload = o
        });
    });
    let opt_chosen = move |o: Optimizer| c.is(|w| w.options.fine_tune.optimizer == o);
    let zero_chosen = move |z: ZeroStage| c.is(|w| w.options.fine_tune.zero == z);
    let offload_chosen = move |o: Offload| c.is(|w| w.options.fine_tune.offload == o);
    let offload_label = move |o: Offload| move || offload_text(o, c.lang.get());
    view! {
        <Picker label=Text::WorkloadOptimizer testid="workload-opt" lang=c.lang on_pick=on_opt>
            {options(Optimizer::ALL, Optimizer::as_str, opt_chosen, Optimizer::label)}
        </Picker>
        <Picker label=Text::WorkloadZero testid="workload-zero" lang=c.lang on_pick=on_zero>
            {options(ZeroStage::ALL, ZeroStage::as_str, zero_chosen, zero_text)}
        </Picker>
        <Picker label=Text::WorkloadOffload testid="workload-offload" lang=c.lang on_pick=on_offload>
            {options(Offload::ALL, Offload::as_str, offload_chosen, offload_label)}
        </Picker>
    }
}

/// A ZeRO stage's name.
fn zero_text(z: ZeroStage) -> String {
    format!("ZeRO-{}", z.as_str())
}

/// Where optimizer states live, in words.
fn offload_text(o: Offload, lang: Lang) -> &'static str {
    match o {
        Offload::None => Text::WorkloadOffloadNone.get(lang),
        Offload::Optimizer => Text::WorkloadOffloadHost.get(lang),
    }
}
