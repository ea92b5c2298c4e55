//! Language, display currency and exchange-rate controls; each writes to the link state.

use gpucost_core::format::{self, Lang};
use gpucost_core::money::{parse_decimal, Currency};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::i18n::Text;
use crate::state::AppState;

/// The header's settings: language, currency, CNY-per-USD rate.
#[component]
pub fn Settings() -> impl IntoView {
    let app = expect_context::<AppState>();
    let on_lang = move |ev: leptos::ev::Event| {
        let lang = event_target_value(&ev).parse::<Lang>().ok();
        app.page.update(|p| p.lang = lang);
    };
    let on_currency = move |ev: leptos::ev::Event| {
        let currency = event_target_value(&ev).parse::<Currency>().ok();
        app.page.update(|p| p.currency = currency);
    };
    let fx_error = RwSignal::new(false);
    let on_fx = move |ev: leptos::ev::Event| {
        let raw = event_target_value(&ev);
        match parse_decimal(&raw) {
            Ok(rate) if rate > Decimal::ZERO && rate <= Decimal::from(1000) => {
                fx_error.set(false);
                app.page.update(|p| p.fx_cny_per_usd = Some(rate));
            }
            _ if raw.trim().is_empty() => {
                fx_error.set(false);
                app.page.update(|p| p.fx_cny_per_usd = None);
            }
            _ => fx_error.set(true),
        }
    };
    let fx_value = move || format::number(app.fx.get().cny_per_usd(), 4).replace(',', "");
    view! {
        <div class="settings">
            <label>
                <span>{move || app.t(Text::Language)}</span>
                <select data-testid="lang" on:change=on_lang>
                    <option value="zh" selected=move || app.lang.get() == Lang::Zh>"中文"</option>
                    <option value="en" selected=move || app.lang.get() == Lang::En>"English"</option>
                </select>
            </label>
            <label>
                <span>{move || app.t(Text::Currency)}</span>
                <select data-testid="currency" on:change=on_currency>
                    {Currency::ALL
                        .into_iter()
                        .map(|c| {
                            view! {
                                <option value=c.as_str() selected=move || app.currency.get() == c>
                                    {format!("{} {}", c.symbol(), c.as_str())}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label>
                <span>{move || app.t(Text::FxRate)}</span>
                <input
                    data-testid="fx"
                    type="text"
                    inputmode="decimal"
                    size="7"
                    prop:value=fx_value
                    aria-invalid=move || fx_error.get().to_string()
                    on:change=on_fx
                />
            </label>
        </div>
    }
}
