//! Form fields with inline validation: a value is handed to the caller only when it is
//! valid; otherwise the field keeps the typed text, is marked invalid and says why.
//!
//! The fields know no app state: what they show and accept comes in as props, what the user
//! types goes out through callbacks.

use gpucost_core::format::Lang;
use gpucost_core::limits::{DecimalLimit, Limit};
use gpucost_core::money::parse_decimal;
use leptos::prelude::*;
use rust_decimal::Decimal;

use gpucost_core::l10n::ui::Text;

/// Accepted range and precision of a number field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    /// Smallest accepted value.
    pub min: Decimal,
    /// Largest accepted value.
    pub max: Decimal,
    /// Most decimals accepted.
    pub scale: u32,
}

impl Range {
    /// Whole numbers in `[min, max]`.
    pub fn whole(min: i64, max: i64) -> Range {
        Range {
            min: Decimal::from(min),
            max: Decimal::from(max),
            scale: 0,
        }
    }

    /// Decimals in `[min, max]` with up to `scale` decimals.
    pub fn decimal(min: Decimal, max: Decimal, scale: u32) -> Range {
        Range { min, max, scale }
    }

    /// The field range of an engine limit: its smallest accepted value up to its largest.
    pub fn of(limit: DecimalLimit) -> Range {
        Range::decimal(limit.min(), limit.max, limit.scale)
    }

    /// Like [`Range::of`], but also accepting zero, for a field where an empty or zero value
    /// means "none" (budget, reference).
    pub fn or_zero(limit: DecimalLimit) -> Range {
        Range::decimal(Decimal::ZERO, limit.max, limit.scale)
    }

    /// The field range of a whole-number engine limit.
    pub fn whole_of<T: Into<i64> + Copy>(limit: Limit<T>) -> Range {
        Range::whole(limit.min.into(), limit.max.into())
    }

    /// The value if `text` is a number in range.
    pub fn parse(&self, text: &str) -> Option<Decimal> {
        let v = parse_decimal(text).ok()?;
        (v >= self.min && v <= self.max && v.normalize().scale() <= self.scale).then_some(v)
    }
}

/// A labelled number input that calls `on_valid` only with values in `range`.
#[component]
pub fn NumberField(
    /// The interface language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Visible label.
    label: Text,
    /// `data-testid` and the base of the element ids.
    testid: String,
    /// The current value.
    #[prop(into)]
    value: Signal<Decimal>,
    /// Accepted values (smallest, largest, most decimals).
    range: Range,
    /// Called with every valid value typed.
    on_valid: Callback<Decimal>,
    /// Text after the input (a unit).
    #[prop(optional)]
    unit: &'static str,
) -> impl IntoView {
    let invalid = RwSignal::new(false);
    let error_id = format!("{testid}-error");
    let hint = format!("{} {}–{}", "", range.min.normalize(), range.max.normalize());
    view! {
        <label class="field">
            <span>{move || label.get(lang.get())}</span>
            <span class="with-unit">
                <input
                    type="text"
                    inputmode="decimal"
                    data-testid=testid.clone()
                    prop:value=move || value.get().normalize().to_string()
                    aria-invalid=move || invalid.get().to_string()
                    aria-describedby=error_id.clone()
                    on:input=move |ev| match range.parse(&event_target_value(&ev)) {
                        Some(v) => {
                            invalid.set(false);
                            on_valid.run(v);
                        }
                        None => invalid.set(true),
                    }
                />
                {(!unit.is_empty()).then(|| view! { <span class="unit">{unit}</span> })}
            </span>
            <span class="field-error" id=error_id.clone() role="alert" aria-live="polite">
                {move || invalid.get().then(|| format!("{}{}", Text::InvalidNumber.get(lang.get()), hint))}
            </span>
        </label>
    }
}

/// A labelled checkbox.
#[component]
pub fn CheckField(
    /// The interface language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Visible label.
    label: Text,
    /// `data-testid`.
    testid: &'static str,
    /// Whether it is checked.
    #[prop(into)]
    checked: Signal<bool>,
    /// Called with the new state.
    on_toggle: Callback<bool>,
) -> impl IntoView {
    view! {
        <label class="check">
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=move || checked.get()
                on:change=move |ev| on_toggle.run(event_target_checked(&ev))
            />
            {move || label.get(lang.get())}
        </label>
    }
}
