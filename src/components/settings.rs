//! Language, display currency and exchange-rate controls; each hands the choice to its
//! caller.

use gpucost_core::format::{self, Lang};
use gpucost_core::limits;
use gpucost_core::money::Currency;
use leptos::prelude::*;
use rust_decimal::Decimal;

use gpucost_core::l10n::ui::{self, Text};

use crate::components::fields::{Range, Refusal};

/// The header's settings: language, currency, CNY-per-USD rate.
#[component]
pub fn Settings(
    /// The interface language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// The display currency.
    #[prop(into)]
    currency: Signal<Currency>,
    /// The CNY-per-USD rate in use.
    #[prop(into)]
    cny_per_usd: Signal<Decimal>,
    /// Called with the chosen language (`None`: follow the browser).
    on_lang: Callback<Option<Lang>>,
    /// Called with the chosen currency (`None`: follow the language).
    on_currency: Callback<Option<Currency>>,
    /// Called with each valid rate typed (`None` when the field is emptied: the catalog's rate).
    on_fx: Callback<Option<Decimal>>,
) -> impl IntoView {
    let t = move |text: Text| text.get(lang.get());
    let pick_lang =
        move |ev: leptos::ev::Event| on_lang.run(event_target_value(&ev).parse::<Lang>().ok());
    let pick_currency = move |ev: leptos::ev::Event| {
        on_currency.run(event_target_value(&ev).parse::<Currency>().ok());
    };
    // The link keeps only rates in this range: a field that took more would lose the value on
    // reload.
    let fx_range = Range::of(limits::FX_CNY_PER_USD);
    let fx_error = RwSignal::new(None::<Refusal>);
    let type_fx = move |ev: leptos::ev::Event| {
        let raw = event_target_value(&ev);
        if raw.trim().is_empty() {
            fx_error.set(None);
            on_fx.run(None);
            return;
        }
        match fx_range.check(&raw) {
            Ok(rate) => {
                fx_error.set(None);
                on_fx.run(Some(rate));
            }
            Err(why) => fx_error.set(Some(why)),
        }
    };
    // A refused rate is named, and so is the rate still in use (it was kept silently).
    let fx_message = move || {
        fx_error.with(|e| {
            e.as_ref().map(|why| {
                let lang = lang.get();
                let kept = format::number(cny_per_usd.get(), 4);
                format!(
                    "{}; {}",
                    fx_range.message(why, lang),
                    ui::rate_kept(&kept, lang)
                )
            })
        })
    };
    let fx_value = move || format::number(cny_per_usd.get(), 4).replace(',', "");
    view! {
        <div class="settings">
            <label>
                <span>{move || t(Text::Language)}</span>
                <select data-testid="lang" on:change=pick_lang>
                    <option value="zh" selected=move || lang.get() == Lang::Zh>"中文"</option>
                    <option value="en" selected=move || lang.get() == Lang::En>"English"</option>
                </select>
            </label>
            <label>
                <span>{move || t(Text::Currency)}</span>
                <select data-testid="currency" on:change=pick_currency>
                    {Currency::ALL
                        .into_iter()
                        .map(|c| {
                            view! {
                                <option value=c.as_str() selected=move || currency.get() == c>
                                    {format!("{} {}", c.symbol(), c.as_str())}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label>
                <span>{move || t(Text::FxRate)}</span>
                <input
                    data-testid="fx"
                    type="text"
                    inputmode="decimal"
                    size="7"
                    prop:value=fx_value
                    aria-invalid=move || fx_error.with(Option::is_some).to_string()
                    aria-describedby="fx-error"
                    on:change=type_fx
                />
                <span class="field-error" id="fx-error" data-testid="fx-error" role="alert" aria-live="polite">
                    {fx_message}
                </span>
            </label>
        </div>
    }
}
