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

/// The `selected` and `on_pick` of a menu over an engine enum's slugs: `kind` is shown as
/// `as_str` gives it, and a pick is read back with `from_slug` and handed to `pick` (a value
/// the enum does not know is ignored).
pub fn slug_binding<K>(
    kind: Memo<Option<K>>,
    as_str: fn(K) -> &'static str,
    from_slug: fn(&str) -> Option<K>,
    pick: impl Fn(K) + Send + Sync + 'static,
) -> (Signal<String>, Callback<String>)
where
    K: Copy + PartialEq + Send + Sync + 'static,
{
    let selected = Signal::derive(move || kind.get().map(as_str).unwrap_or_default().to_string());
    let on_pick = Callback::new(move |slug: String| {
        if let Some(k) = from_slug(&slug) {
            pick(k);
        }
    });
    (selected, on_pick)
}
