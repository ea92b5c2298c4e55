//! "Copy link": the page's link holds the whole scenario.

use gpucost_core::l10n::ui::Text;
use gpucost_core::share;
use leptos::prelude::*;

use crate::state::AppState;
use crate::web;

/// Copies the page's link (which holds the whole scenario) to the clipboard, and says when
/// the link is too long for some chat apps.
#[component]
pub(super) fn CopyLink() -> impl IntoView {
    let app = expect_context::<AppState>();
    let status: RwSignal<Option<Text>> = RwSignal::new(None);
    let on_click = move |_| {
        // The address bar may be a moment behind the state: bring it up to date first.
        web::write_pending_query();
        leptos::task::spawn_local(async move {
            let ok = web::copy_to_clipboard(&web::current_href()).await;
            status.set(Some(if ok { Text::Copied } else { Text::CopyFailed }));
        });
    };
    // The page's address does not change while it is open (only its query does).
    let base = web::page_base().chars().count();
    let long = move || {
        app.query
            .with(|q| share::link_too_long(base + 1 + q.chars().count()))
    };
    let status_text = move || status.get().map(|t| app.t(t));
    view! {
        <div class="copy-link">
            <button type="button" data-testid="copy-link" on:click=on_click>{move || app.t(Text::CopyLink)}</button>
            <span role="status" class="copy-status">{status_text}</span>
        </div>
        <Show when=long>
            <p class="hint long-link" data-testid="long-link">{move || app.t(Text::LongLink)}</p>
        </Show>
    }
}
