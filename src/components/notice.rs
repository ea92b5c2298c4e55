//! The notice listing link parameters that were ignored, each with its reason.

use leptos::prelude::*;

use crate::app::AppState;
use crate::i18n::Text;

/// Shows which parameters of the opening link were ignored and why; dismissible.
#[component]
pub fn IgnoredParams() -> impl IntoView {
    let app = expect_context::<AppState>();
    let messages = move || {
        let lang = app.lang.get();
        app.issues
            .with(|issues| issues.iter().map(|i| i.message(lang)).collect::<Vec<_>>())
    };
    view! {
        <Show when=move || app.issues.with(|i| !i.is_empty())>
            <section class="notice" role="status" data-testid="ignored-params">
                <h2>{move || app.t(Text::NoticeTitle)}</h2>
                <ul>
                    {move || messages().into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}
                </ul>
                <button type="button" on:click=move |_| app.issues.set(Vec::new())>
                    {move || app.t(Text::Dismiss)}
                </button>
            </section>
        </Show>
    }
}
