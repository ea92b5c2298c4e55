//! Preset links: each opens a founding-document example, ready to edit. They are real links
//! (they work before the app loads and in a new tab); a plain click switches in place.

use gpucost_core::format::Lang;
use gpucost_core::money::Currency;
use gpucost_core::presets::Preset;
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
    let current = Memo::new(move |_| app.page.with(|p| p.preset));
    // The links change only with these choices, not with every edit of the scenario.
    let kept: Memo<Kept> =
        Memo::new(move |_| app.page.with(|p| (p.lang, p.currency, p.fx_cny_per_usd)));
    view! {
        <section class="presets" aria-labelledby="presets-heading">
            <h2 id="presets-heading">{move || app.t(Text::PresetsHeading)}</h2>
            <ul>
                {Preset::ALL
                    .into_iter()
                    .map(|p| {
                        let href = move || preset_href(kept.get(), p);
                        let on_click = move |ev: leptos::ev::MouseEvent| {
                            if ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.button() != 0 {
                                return;
                            }
                            ev.prevent_default();
                            app.issues.set(Vec::new());
                            app.page.update(|s| s.start_from(p));
                        };
                        view! {
                            <li>
                                <a
                                    href=href
                                    data-testid=format!("preset-{}", p.as_str())
                                    aria-current=move || (current.get() == p).then_some("true")
                                    on:click=on_click
                                >
                                    {move || p.title(app.lang.get())}
                                </a>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            <p class="preset-description" data-testid="preset-description">
                {move || current.get().description(app.lang.get())}
            </p>
        </section>
    }
}
