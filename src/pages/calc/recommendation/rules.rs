//! The founding documents' rules of thumb with their verdicts.

use gpucost_core::l10n::recommend_text::RuleText;
use leptos::prelude::*;

use crate::state::AppState;
use gpucost_core::l10n::ui::Text;

/// The founding documents' rules of thumb with their verdicts.
#[component]
pub(super) fn RulesBlock(
    /// The checked rules in the reader's language.
    rules: Vec<RuleText>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Rebuilt whenever the recommendation or the language changes: read the language once.
    let lang = app.lang.get_untracked();
    let t = move |text: Text| text.get(lang);
    view! {
        <details class="reco-rules" data-testid="reco-rules">
            <summary>{t(Text::RecoRules)} " (" {rules.len()} ")"</summary>
            <ul>
                {rules
                    .into_iter()
                    .map(|r| view! {
                        <li data-rule=r.key data-verdict=r.verdict_key>
                            <span class="claim" title=r.source>{r.claim}</span>
                            <span class="verdict">{t(Text::RecoVerdict)} ": " {r.verdict}</span>
                            <span class="finding">{r.finding}</span>
                        </li>
                    })
                    .collect_view()}
            </ul>
        </details>
    }
}
