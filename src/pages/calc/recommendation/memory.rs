//! The memory estimate and its parts.

use gpucost_core::l10n::recommend_text::{MemoryLineText, MemoryText};
use leptos::prelude::*;

use crate::state::AppState;
use gpucost_core::l10n::ui::Text;

/// The memory estimate and its parts.
#[component]
pub(super) fn MemoryBlock(
    /// The estimate in the reader's language.
    m: MemoryText,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Rebuilt whenever the recommendation or the language changes: read the language once.
    let lang = app.lang.get_untracked();
    let t = move |text: Text| text.get(lang);
    let row = |p: MemoryLineText| view! { <div><dt>{p.label}</dt><dd>{p.size}</dd></div> };
    view! {
        <div class="reco-memory" data-testid="reco-memory">
            <h4>{t(Text::RecoMemory)}</h4>
            <p>
                <span class="label">{t(Text::RecoMemoryTotal)}</span> " "
                <strong data-testid="reco-memory-total">{m.total}</strong>
            </p>
            <dl>{m.parts.into_iter().map(row).collect_view()}</dl>
            <dl class="split">{m.split.into_iter().map(row).collect_view()}</dl>
        </div>
    }
}
