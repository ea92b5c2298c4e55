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
    view! {
        <div class="settings">
            <LangPicker lang=lang on_lang=on_lang />
            <CurrencyPicker lang=lang currency=currency on_currency=on_currency />
            <FxField lang=lang cny_per_usd=cny_per_usd on_fx=on_fx />
        </div>
    }
}

/// The language menu.
#[component]
fn LangPicker(
    /// The interface language.
    lang: Signal<Lang>,
    /// Called with the chosen language (`None`: follow the browser).
    on_lang: Callback<Option<Lang>>,
) -> impl IntoView {
    let pick_lang =
        move |ev: leptos::ev::Event| on_lang.run(event_target_value(&ev).parse::<Lang>().ok());
    view! {
        <label>
            <span>{move || Text::Language.get(lang.get())}</span>
            <select data-testid="lang" on:change=pick_lang>
                <option value="zh" selected=move || lang.get() == Lang::Zh>"中文"</option>
                <option value="en" selected=move || lang.get() == Lang::En>"English"</option>
            </select>
        </label>
    }
}

/// The display currency menu, one option per currency.
#[component]
fn CurrencyPicker(
    /// The interface language.
    lang: Signal<Lang>,
    /// The display currency.
    currency: Signal<Currency>,
    /// Called with the chosen currency (`None`: follow the language).
    on_currency: Callback<Option<Currency>>,
) -> impl IntoView {
    let pick_currency = move |ev: leptos::ev::Event| {
        on_currency.run(event_target_value(&ev).parse::<Currency>().ok());
    };
    let options = Currency::ALL
        .into_iter()
        .map(|c| {
            view! {
                <option value=c.as_str() selected=move || currency.get() == c>
                    {currency_label(c)}
                </option>
            }
        })
        .collect_view();
    view! {
        <label>
            <span>{move || Text::Currency.get(lang.get())}</span>
            <select data-testid="currency" on:change=pick_currency>
                {options}
            </select>
        </label>
    }
}

/// A currency as its menu names it: `¥ CNY`.
fn currency_label(c: Currency) -> String {
    format!("{} {}", c.symbol(), c.as_str())
}

/// The CNY-per-USD rate field, which names a refused rate and the rate still in use.
#[component]
fn FxField(
    /// The interface language.
    lang: Signal<Lang>,
    /// The CNY-per-USD rate in use.
    cny_per_usd: Signal<Decimal>,
    /// Called with each valid rate typed (`None` when the field is emptied: the catalog's rate).
    on_fx: Callback<Option<Decimal>>,
) -> impl IntoView {
    // The link keeps only rates in this range: a field that took more would lose the value on
    // reload.
    let fx_range = Range::of(limits::FX_CNY_PER_USD);
    let fx_error = RwSignal::new(None::<Refusal>);
    let type_fx = move |ev: leptos::ev::Event| match read_rate(fx_range, &event_target_value(&ev)) {
        Ok(rate) => {
            fx_error.set(None);
            on_fx.run(rate);
        }
        Err(why) => fx_error.set(Some(why)),
    };
    // A refused rate is named, and so is the rate still in use (it was kept silently).
    let fx_message = move || {
        fx_error.with(|e| {
            e.as_ref()
                .map(|why| refused_rate_message(fx_range, why, cny_per_usd.get(), lang.get()))
        })
    };
    let fx_value = move || format::number(cny_per_usd.get(), 4).replace(',', "");
    view! {
        <label>
            <span>{move || Text::FxRate.get(lang.get())}</span>
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
    }
}

/// The rate a typed text asks for (`None` when emptied: the catalog's rate), or why it is
/// refused.
fn read_rate(range: Range, raw: &str) -> Result<Option<Decimal>, Refusal> {
    if raw.trim().is_empty() {
        return Ok(None);
    }
    range.check(raw).map(Some)
}

/// Why a typed rate was refused, and the rate the estimate still uses (`kept`).
fn refused_rate_message(range: Range, why: &Refusal, kept: Decimal, lang: Lang) -> String {
    let kept = format::number(kept, 4);
    format!(
        "{}; {}",
        range.message(why, lang),
        ui::rate_kept(&kept, lang)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fx() -> Range {
        Range::of(limits::FX_CNY_PER_USD)
    }

    #[test]
    fn an_emptied_rate_field_asks_for_the_catalogs_rate() {
        assert_eq!(read_rate(fx(), "  "), Ok(None));
    }

    #[test]
    fn a_typed_rate_is_used_only_inside_the_links_range() {
        assert_eq!(read_rate(fx(), "7.25"), Ok(Some(Decimal::new(725, 2))));
        assert_eq!(read_rate(fx(), "1001"), Err(Refusal::OutOfRange));
        assert!(matches!(
            read_rate(fx(), "seven"),
            Err(Refusal::NotANumber(_))
        ));
    }

    #[test]
    fn a_refused_rate_names_the_rate_still_in_use() {
        let m = refused_rate_message(fx(), &Refusal::OutOfRange, Decimal::new(71, 1), Lang::En);
        assert!(
            m.ends_with("; the estimate still uses ¥7.1 per US$1"),
            "{m}"
        );
    }
}
