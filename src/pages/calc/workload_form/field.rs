//! One text field of the workload: writes only values [`apply`] accepts, else says why.

use gpucost_core::format::Lang;
use gpucost_core::recommend::Workload;
use leptos::prelude::*;

use super::fields::{apply, field_text, Field, FieldError};
use super::words;
use gpucost_core::l10n::ui::Text;

/// What one field was typed and what the typing does, shared by its input and its message.
#[derive(Clone, Copy)]
struct Draft {
    /// Which field.
    field: Field,
    /// The workload being described.
    workload: Signal<Option<Workload>>,
    /// Called with every valid workload typed.
    on_edit: Callback<Workload>,
    /// What was last typed, if anything.
    typed: RwSignal<Option<String>>,
}

impl Draft {
    /// What the input shows: the typed text while it still describes the stored value (so
    /// `15000` is not rewritten to `15K` mid-typing) or while it is invalid, else the stored
    /// value's own text.
    fn shown(self) -> String {
        self.workload
            .get()
            .map(|w| match self.typed.get_untracked() {
                Some(d) if apply(&w, self.field, &d).map_or(true, |n| n == w) => d,
                _ => field_text(&w, self.field),
            })
            .unwrap_or_default()
    }

    /// Why the typed text is refused, if it is.
    fn refusal(self) -> Option<FieldError> {
        let text = self.typed.get()?;
        let w = self.workload.get()?;
        apply(&w, self.field, &text).err()
    }

    /// Keeps `text` and hands on the workload it makes, when that is valid and new.
    fn input(self, text: String) {
        self.typed.set(Some(text.clone()));
        if let Some(w) = self.workload.get_untracked() {
            if let Ok(n) = apply(&w, self.field, &text) {
                if n != w {
                    self.on_edit.run(n);
                }
            }
        }
    }
}

/// One text field of the workload: its label, the input with its unit, and why the text
/// typed is refused.
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
    let draft = Draft {
        field,
        workload,
        on_edit,
        typed: RwSignal::new(None),
    };
    let error = Memo::new(move |_| draft.refusal());
    let testid = format!("workload-{}", field.slug());
    let error_id = format!("{testid}-error");
    let inputmode = if field.is_decimal() {
        "decimal"
    } else {
        "text"
    };
    let word = move |text: Option<Text>| text.map(|t| t.get(lang.get())).unwrap_or_default();
    let message = move || error.get().map(|e| words::field_error(&e, lang.get()));
    view! {
        <label class="field">
            <span>{move || words::label(field).get(lang.get())}</span>
            <span class="with-unit">
                <input
                    type="text"
                    inputmode=inputmode
                    data-testid=testid
                    placeholder=move || word(words::placeholder(field))
                    prop:value=move || draft.shown()
                    aria-invalid=move || error.with(|e| e.is_some()).to_string()
                    aria-describedby=error_id.clone()
                    on:input=move |ev| draft.input(event_target_value(&ev))
                />
                <span class="unit">{move || word(words::unit(field))}</span>
            </span>
            <span class="field-error" id=error_id role="alert" aria-live="polite">
                {message}
            </span>
        </label>
    }
}
