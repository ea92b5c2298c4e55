//! The notice listing link parameters that were ignored, each with its reason, and values that
//! were applied only after rounding, each saying what was used.

use gpucost_core::format::Lang;
use gpucost_core::l10n::Localize;
use gpucost_core::share::ParamIssue;
use leptos::prelude::*;

use gpucost_core::l10n::ui::Text;

/// Shows which parameters of the opening link were ignored and why, and which were applied
/// with a change (hours rounded to whole minutes) and what was used; dismissible.
#[component]
pub fn IgnoredParams(
    /// The interface language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// The opening link's issues (nothing is shown when there are none).
    #[prop(into)]
    issues: Signal<Vec<ParamIssue>>,
    /// Called when the notice is dismissed.
    on_dismiss: Callback<()>,
) -> impl IntoView {
    let t = move |text: Text| text.get(lang.get());
    // The messages of the issues that left a value out (`ignored`) or applied it changed.
    let messages = move |ignored: bool| {
        let lang = lang.get();
        issues.with(|issues| {
            issues
                .iter()
                .filter(|i| i.is_ignored() == ignored)
                .map(|i| i.text(lang))
                .collect::<Vec<_>>()
        })
    };
    let has = move |ignored: bool| issues.with(|i| i.iter().any(|i| i.is_ignored() == ignored));
    view! {
        <Show when=move || issues.with(|i| !i.is_empty())>
            <section class="notice" role="status" data-testid="ignored-params">
                <Show when=move || has(true)>
                    <h2>{move || t(Text::NoticeTitle)}</h2>
                    <ul>
                        {move || messages(true).into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}
                    </ul>
                </Show>
                <Show when=move || has(false)>
                    <h2>{move || t(Text::NoticeAppliedTitle)}</h2>
                    <ul data-testid="applied-params">
                        {move || messages(false).into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}
                    </ul>
                </Show>
                <button type="button" on:click=move |_| on_dismiss.run(())>
                    {move || t(Text::Dismiss)}
                </button>
            </section>
        </Show>
    }
}
