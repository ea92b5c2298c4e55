//! A labelled one-line text input for the user's own words.

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::Text;
use leptos::prelude::*;

/// A labelled text input of at most `max_chars`; the text is handed to `on_change` when the
/// user leaves the field (the engine cleans it, see `gpucost_core::edit`).
#[component]
pub fn TextField(
    /// The interface language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Visible label.
    label: Text,
    /// `data-testid` of the input.
    testid: String,
    /// The text shown.
    #[prop(into)]
    value: Signal<String>,
    /// Longest text accepted, characters.
    max_chars: usize,
    /// Called with the text typed.
    on_change: Callback<String>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{move || label.get(lang.get())}</span>
            <input
                type="text"
                maxlength=max_chars.to_string()
                data-testid=testid
                prop:value=move || value.get()
                on:change=move |ev| on_change.run(event_target_value(&ev))
            />
        </label>
    }
}
