//! A serving line's "per GPU" taken from the recommendation model: the option (a button with
//! the model's number), its evidence, or why the model has none. The number is the engine's
//! ([`serving_capacity`]) and taking it is an engine edit; the typed number stays the default.

use gpucost_core::edit::{load_with_capacity, Edit};
use gpucost_core::recommend::capacity::serving_capacity;
use gpucost_core::scenario::Demand;
use leptos::prelude::*;

use crate::state::{catalog, AppState};

use super::LineSignal;

/// The recommendation model's requests/s per GPU for line `i`'s GPU and the described
/// workload, as a button that writes it into the load, with its basis; or the reason it has
/// none.
#[component]
pub(super) fn ModelCapacity(
    /// Index of the line.
    i: usize,
    /// The line.
    line: LineSignal,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let gpu = Memo::new(move |_| line.with(|l| l.as_ref().map(|l| l.gpu.clone())));
    let workload = app.page.workload();
    let capacity = Memo::new(move |_| {
        let gpu = gpu.get().unwrap_or_default();
        let name = catalog()
            .gpu(&gpu)
            .map_or(gpu.clone(), |g| g.name.to_string());
        (
            serving_capacity(catalog(), workload.get().as_ref(), &gpu),
            name,
        )
    });
    // What `Edit::LoadPerGpuFromModel(i).applies` asks, without estimating again on every edit.
    let horizon = Memo::new(move |_| app.page.with(|p| p.scenario.horizon.minutes()));
    let takes = Memo::new(move |_| {
        let load = line.with(|l| match l.as_ref().map(|l| &l.demand) {
            Some(Demand::Load(load)) => Some(load.clone()),
            _ => None,
        });
        capacity.with(|(c, _)| match (c, load) {
            (Ok(c), Some(load)) => load_with_capacity(&load, c.per_gpu, horizon.get()).is_some(),
            _ => false,
        })
    });
    let label =
        move || capacity.with(|(c, _)| c.as_ref().map(|c| c.option_text(app.lang.get())).ok());
    let hint = move || {
        let lang = app.lang.get();
        capacity.with(|(c, name)| match c {
            Ok(c) => c.basis_text(lang),
            Err(reason) => reason.text(name, lang),
        })
    };
    view! {
        <div class="model-capacity">
            <Show when=move || capacity.with(|(c, _)| c.is_ok())>
                <button type="button" data-testid=format!("line-{i}-per-gpu-model")
                    disabled=move || !takes.get()
                    on:click=move |_| app.apply(Edit::LoadPerGpuFromModel(i))
                >{label}</button>
            </Show>
            <p class="hint" data-testid=format!("line-{i}-per-gpu-basis")>{hint}</p>
        </div>
    }
}
