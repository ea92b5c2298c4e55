//! A labelled menu (a `<select>`) of the engine's choices.

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::Text;
use gpucost_core::print::menus::Choice;
use leptos::prelude::*;

/// A labelled select of `choices`; the one equal to `selected` is shown chosen, and a pick
/// is handed to `on_pick` as its value.
#[component]
pub fn MenuField(
    /// The interface language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Visible label.
    label: Text,
    /// `data-testid` of the select.
    testid: String,
    /// The choices (rebuilt when they change, e.g. with the language).
    #[prop(into)]
    choices: Signal<Vec<Choice>>,
    /// The value now chosen.
    #[prop(into)]
    selected: Signal<String>,
    /// Called with the value picked.
    on_pick: Callback<String>,
) -> impl IntoView {
    let options = move || {
        choices
            .get()
            .into_iter()
            .map(|Choice { value, label }| {
                let chosen = value.clone();
                view! { <option value=value selected=move || selected.with(|s| *s == chosen)>{label}</option> }
            })
            .collect_view()
    };
    view! {
        <label class="field">
            <span>{move || label.get(lang.get())}</span>
            <select data-testid=testid on:change=move |ev| on_pick.run(event_target_value(&ev))>
                {options}
            </select>
        </label>
    }
}
