//! One text field of the workload: writes only values [`apply`] accepts, else says why.

use gpucost_core::format::Lang;
use gpucost_core::recommend::Workload;
use leptos::prelude::*;

use super::fields::{apply, field_text, Field};
use super::words;

/// One text field of the workload.
#[component]
pub(crate) fn WorkloadField(
    /// Which field.
    field: Field,
    /// The workload being described.
    #[prop(into)]
    workload: Signal<Option<Workload>>,
    /// The page's language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Called with every valid workload typed.
    on_edit: Callback<Workload>,
) -> impl IntoView {
    // What was last typed; shown while it still describes the stored value (so `15000` is
    // not rewritten to `15K` mid-typing) or while it is invalid.
    let draft: RwSignal<Option<String>> = RwSignal::new(None);
    let error = Memo::new(move |_| {
        let text = draft.get()?;
        let w = workload.get()?;
        apply(&w, field, &text).err()
    });
    let shown = move || {
        workload
            .get()
            .map(|w| match draft.get_untracked() {
                Some(d) if apply(&w, field, &d).map_or(true, |n| n == w) => d,
                _ => field_text(&w, field),
            })
            .unwrap_or_default()
    };
    let testid = format!("workload-{}", field.slug());
    let error_id = format!("{testid}-error");
    let inputmode = if field.is_decimal() {
        "decimal"
    } else {
        "text"
    };
    let label = move || words::label(field).get(lang.get());
    let placeholder = move || {
        words::placeholder(field)
            .map(|p| p.get(lang.get()))
            .unwrap_or_default()
    };
    let unit = move || {
        words::unit(field)
            .map(|u| u.get(lang.get()))
            .unwrap_or_default()
    };
    let message = move || error.get().map(|e| words::field_error(&e, lang.get()));
    let on_input = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        draft.set(Some(text.clone()));
        if let Some(w) = workload.get_untracked() {
            if let Ok(n) = apply(&w, field, &text) {
                if n != w {
                    on_edit.run(n);
                }
            }
        }
    };
    view! {
        <label class="field">
            <span>{label}</span>
            <span class="with-unit">
                <input
                    type="text"
                    inputmode=inputmode
                    data-testid=testid
                    placeholder=placeholder
                    prop:value=shown
                    aria-invalid=move || error.with(|e| e.is_some()).to_string()
                    aria-describedby=error_id.clone()
                    on:input=on_input
                />
                <span class="unit">{unit}</span>
            </span>
            <span class="field-error" id=error_id role="alert" aria-live="polite">
                {message}
            </span>
        </label>
    }
}
