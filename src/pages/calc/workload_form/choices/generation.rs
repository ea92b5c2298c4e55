//! The pickers of text generation only: the KV cache's precision and the arithmetic's.

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::Text;
use gpucost_core::recommend::{ActPrecision, KvPrecision};
use leptos::prelude::*;

use super::{options, Chooser, Picker};

/// The KV cache and arithmetic precision selects.
#[component]
pub(super) fn GenerationPickers(
    /// The row's shared state.
    chooser: Chooser,
) -> impl IntoView {
    let c = chooser;
    let on_kv = Callback::new(move |v: String| {
        c.pick(KvPrecision::from_slug(&v), |n, kv| n.options.kv_cache = kv);
    });
    let on_act = Callback::new(move |v: String| {
        c.pick(ActPrecision::from_slug(&v), |n, a| {
            n.options.activations = a
        });
    });
    let kv_chosen = move |k: KvPrecision| c.is(|w| w.options.kv_cache == k);
    let act_chosen = move |a: ActPrecision| c.is(|w| w.options.activations == a);
    let act_label = move |a: ActPrecision| move || act_text(a, c.lang.get());
    view! {
        <Picker label=Text::WorkloadKvCache testid="workload-kv" lang=c.lang on_pick=on_kv>
            {options(KvPrecision::ALL, KvPrecision::as_str, kv_chosen, KvPrecision::label)}
        </Picker>
        <Picker label=Text::WorkloadArithmetic testid="workload-act" lang=c.lang on_pick=on_act>
            {options(ActPrecision::ALL, ActPrecision::as_str, act_chosen, act_label)}
        </Picker>
    }
}

/// An arithmetic option's text: "auto" in words, a number format by its name.
fn act_text(a: ActPrecision, lang: Lang) -> String {
    match a {
        ActPrecision::Auto => Text::WorkloadArithmeticAuto.get(lang).to_string(),
        other => other.as_str().to_uppercase(),
    }
}
