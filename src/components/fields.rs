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

use gpucost_core::l10n::ui::{self, Text};

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
        self.check(text).ok()
    }

    /// The value if `text` is a number in range, else why not.
    pub fn check(&self, text: &str) -> Result<Decimal, Refusal> {
        let v = parse_decimal(text).map_err(|_| Refusal::NotANumber(text.to_string()))?;
        if v.normalize().scale() > self.scale {
            return Err(Refusal::TooManyDecimals);
        }
        if v < self.min || v > self.max {
            return Err(Refusal::OutOfRange);
        }
        Ok(v)
    }

    /// What the field says about `refusal`, in `lang`.
    pub fn message(&self, refusal: &Refusal, lang: Lang) -> String {
        match refusal {
            Refusal::NotANumber(typed) => ui::not_a_number(typed, lang),
            Refusal::TooManyDecimals => ui::too_many_decimals(self.scale, lang),
            Refusal::OutOfRange => format!(
                "{} {}–{}",
                Text::InvalidNumber.get(lang),
                self.min.normalize(),
                self.max.normalize()
            ),
        }
    }
}

/// The fields whose typed text is refused right now, by `data-testid`. The app provides it;
/// the results read it to say they are for the last accepted values.
#[derive(Debug, Clone, Copy)]
pub struct RefusedFields(pub RwSignal<std::collections::BTreeSet<String>>);

impl RefusedFields {
    /// A new, empty set, provided as context.
    pub fn provide() -> RefusedFields {
        let set = RefusedFields(RwSignal::new(Default::default()));
        provide_context(set);
        set
    }

    /// Records whether the field `id` refuses its text (a no-op without the context).
    fn mark(id: &str, refused: bool) {
        if let Some(RefusedFields(set)) = use_context::<RefusedFields>() {
            let present = set.with_untracked(|s| s.contains(id));
            if refused && !present {
                set.update(|s| {
                    s.insert(id.to_string());
                });
            } else if !refused && present {
                set.update(|s| {
                    s.remove(id);
                });
            }
        }
    }

    /// Whether any field refuses its text.
    pub fn any(self) -> bool {
        self.0.with(|s| !s.is_empty())
    }
}

/// Why a number field refuses what was typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not a plain decimal (the text as typed).
    NotANumber(String),
    /// More decimals than the field takes.
    TooManyDecimals,
    /// Outside the field's range.
    OutOfRange,
}

/// What a number field shows for `value`: nothing for a zero that means "not entered yet".
fn shown(value: Decimal, zero_is_unset: bool) -> String {
    if value.is_zero() && zero_is_unset {
        String::new()
    } else {
        value.normalize().to_string()
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
    /// For a field whose range excludes zero: a zero value is one not entered yet, shown as
    /// an empty field with this placeholder.
    #[prop(optional)]
    unset: Option<Text>,
) -> impl IntoView {
    let refused = RwSignal::new(None::<Refusal>);
    let error_id = format!("{testid}-error");
    let (mark_id, cleanup_id) = (testid.clone(), testid.clone());
    // A field that goes away while refused no longer holds the results back.
    on_cleanup(move || RefusedFields::mark(&cleanup_id, false));
    view! {
        <label class="field">
            <span>{move || label.get(lang.get())}</span>
            <span class="with-unit">
                <input
                    type="text"
                    inputmode="decimal"
                    data-testid=testid.clone()
                    prop:value=move || shown(value.get(), unset.is_some())
                    placeholder=move || unset.map(|t| t.get(lang.get()))
                    aria-invalid=move || refused.with(Option::is_some).to_string()
                    aria-describedby=error_id.clone()
                    on:input=move |ev| {
                        let checked = range.check(&event_target_value(&ev));
                        RefusedFields::mark(&mark_id, checked.is_err());
                        match checked {
                            Ok(v) => {
                                refused.set(None);
                                on_valid.run(v);
                            }
                            Err(why) => refused.set(Some(why)),
                        }
                    }
                />
                {(!unit.is_empty()).then(|| view! { <span class="unit">{unit}</span> })}
            </span>
            <span class="field-error" id=error_id.clone() role="alert" aria-live="polite">
                {move || refused.with(|r| r.as_ref().map(|why| range.message(why, lang.get())))}
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

#[cfg(test)]
mod tests {
    use super::*;

    fn gpus() -> Range {
        Range::whole(1, 9999)
    }

    #[test]
    fn full_width_digits_are_numbers() {
        assert_eq!(gpus().check("４"), Ok(Decimal::from(4)));
        assert_eq!(
            Range::decimal(Decimal::ZERO, Decimal::from(100), 2).check("１２．５"),
            Ok(Decimal::new(125, 1))
        );
    }

    #[test]
    fn each_refusal_names_what_was_refused() {
        let r = gpus();
        let why = r.check("2,5").unwrap_err();
        assert_eq!(why, Refusal::NotANumber("2,5".into()));
        assert!(r.message(&why, Lang::En).contains("“2,5” is not a number"));
        assert!(r.message(&why, Lang::Zh).contains("“2,5”不是数字"));
        let why = r.check("2.5").unwrap_err();
        assert_eq!(why, Refusal::TooManyDecimals);
        assert_eq!(r.message(&why, Lang::En), "Enter a whole number");
        let why = r.check("0").unwrap_err();
        assert_eq!(why, Refusal::OutOfRange);
        assert_eq!(r.message(&why, Lang::En), "Enter a number in range 1–9999");
    }
}
