//! "Paste a config.json": a textarea whose text the engine reads as the model
//! ([`parse_paste`]). A readable config becomes the workload's model through the form's edit
//! (the link then carries it as `cfg=`); the note names what was read and every field that
//! was not, or why nothing was ([`form_note`]).

use gpucost_core::format::Lang;
use gpucost_core::l10n::model_config::form_note;
use gpucost_core::l10n::ui::Text;
use gpucost_core::recommend::hf_config::parse_paste;
use gpucost_core::recommend::{ModelChoice, Workload, WorkloadError};
use leptos::prelude::*;

use super::fields::FieldError;
use super::words;

/// The textarea and its note; a config the workload cannot take says why.
#[component]
pub(crate) fn PasteConfig(
    /// The workload being described.
    #[prop(into)]
    workload: Signal<Option<Workload>>,
    /// The page's language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Called with the workload sized for a readable config.
    on_edit: Callback<Workload>,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let pasted = Memo::new(move |_| text.with(|t| parse_paste(t)));
    let refused: RwSignal<Option<Vec<WorkloadError>>> = RwSignal::new(None);
    let on_input = move |ev: leptos::ev::Event| {
        text.set(event_target_value(&ev));
        refused.set(None);
        let config =
            pasted.with_untracked(|p| p.as_ref().and_then(|r| r.as_ref().ok()).map(|p| p.config));
        let (Some(c), Some(w)) = (config, workload.get_untracked()) else {
            return;
        };
        match w.with_model(ModelChoice::Config(c)) {
            Ok(n) if n != w => on_edit.run(n),
            Ok(_) => {}
            Err(e) => refused.set(Some(e)),
        }
    };
    let note = move || {
        let lang = lang.get();
        let model = workload.with(|w| w.map(|w| w.model));
        let read = pasted.with(|p| form_note(p.as_ref(), model, lang));
        let refusal = refused
            .get()
            .map(|e| words::field_error(&FieldError::Workload(e), lang));
        [Some(read), refusal]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let label = move || Text::WorkloadPasteConfig.get(lang.get());
    let placeholder = move || Text::WorkloadPasteConfigPlaceholder.get(lang.get());
    view! {
        <label class="field paste-config">
            <span>{label}</span>
            <textarea
                id="workload-config"
                data-testid="workload-config"
                rows="4"
                spellcheck="false"
                placeholder=placeholder
                aria-describedby="workload-config-note"
                on:input=on_input
            ></textarea>
        </label>
        <p class="hint" id="workload-config-note" data-testid="workload-config-note" aria-live="polite">
            {note}
        </p>
    }
}
