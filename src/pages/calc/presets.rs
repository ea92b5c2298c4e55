//! Preset links: each opens a worked example of the cost guide, ready to edit. They are real
//! links (they work before the app loads and in a new tab); a plain click switches in place.
//! Below them, the chosen preset's description and its promise: the guide's figure beside the
//! one the engine computes for the preset (see [`gpucost_core::promise`]).

use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::l10n::Localize;
use gpucost_core::money::Currency;
use gpucost_core::presets::Preset;
use gpucost_core::promise::promise;
use gpucost_core::share::{self, PageState};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::state::AppState;
use gpucost_core::l10n::ui::Text;

/// What a preset link keeps of the current page: the language, currency and rate choices.
type Kept = (Option<Lang>, Option<Currency>, Option<Decimal>);

/// The link for `preset`, keeping the language and currency choices.
fn preset_href((lang, currency, fx_cny_per_usd): Kept, preset: Preset) -> String {
    let target = PageState {
        preset,
        scenario: preset.scenario(),
        lang,
        currency,
        fx_cny_per_usd,
        ..PageState::default()
    };
    format!("?{}", share::encode(&target))
}

/// The row of preset links and the chosen preset's description.
#[component]
pub(crate) fn PresetBar() -> impl IntoView {
    let app = expect_context::<AppState>();
    let current = Memo::new(move |_| app.page.with_settings(|p| p.preset));
    // The links change only with these choices, not with every edit of the scenario.
    let kept: Memo<Kept> = Memo::new(move |_| {
        app.page
            .with_settings(|p| (p.lang, p.currency, p.fx_cny_per_usd))
    });
    view! {
        <section class="presets" aria-labelledby="presets-heading">
            <h2 id="presets-heading">{move || app.t(Text::PresetsHeading)}</h2>
            <ul>
                {Preset::ALL
                    .into_iter()
                    .map(|preset| view! { <PresetLink preset kept current /> })
                    .collect_view()}
            </ul>
            <p class="preset-description" data-testid="preset-description">
                {move || current.get().description(app.lang.get())}
            </p>
            <PresetPromise current />
        </section>
    }
}

/// One preset's link, marked while it is the chosen one; a plain click switches in place.
#[component]
fn PresetLink(
    /// The preset it opens.
    preset: Preset,
    /// The page's choices the link keeps.
    kept: Memo<Kept>,
    /// The chosen preset.
    current: Memo<Preset>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if !is_plain_click(&ev) {
            return;
        }
        ev.prevent_default();
        app.issues.set(Vec::new());
        app.page.update(|s| s.start_from(preset));
    };
    view! {
        <li>
            <a
                href=move || preset_href(kept.get(), preset)
                data-testid=format!("preset-{}", preset.as_str())
                aria-current=move || (current.get() == preset).then_some("true")
                on:click=on_click
            >
                {move || preset.title(app.lang.get())}
            </a>
        </li>
    }
}

/// Whether a click is a plain one (the main button, no modifier): the others keep the
/// browser's own meaning, such as opening the link in a new tab.
fn is_plain_click(ev: &leptos::ev::MouseEvent) -> bool {
    !ev.ctrl_key() && !ev.meta_key() && !ev.shift_key() && ev.button() == 0
}

/// The chosen preset's promise: the guide's figure beside the one the engine computes.
#[component]
fn PresetPromise(
    /// The chosen preset.
    current: Memo<Preset>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // The promise estimates the preset's own scenario (not the edited one), so it changes only
    // with the preset, rates and currency. It is there from the app's first render, as in the
    // first paint (print::html), so nothing below it moves when the app takes over.
    let promised = Memo::new(move |_| {
        let fx = app.fx.get();
        promise(
            current.get(),
            embedded(),
            &fx,
            app.currency.get(),
            app.today,
        )
    });
    let promise_text = move || promised.with(|p| p.as_ref().map(|p| p.text(app.lang.get())));
    view! {
        <Show when=move || promised.with(Option::is_some)>
            <p class="preset-description" data-testid="preset-promise">
                {promise_text}
            </p>
        </Show>
    }
}
