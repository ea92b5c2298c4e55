//! A budget for the period and an amount to compare with, in the display currency.

use gpucost_core::edit::Edit;
use gpucost_core::l10n::labels;
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use gpucost_core::money::Money;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{NumberField, Range};
use crate::components::text_field::TextField;
use crate::state::AppState;

/// The budget, the reference amount and its label (an empty or zero amount: none).
#[component]
pub(crate) fn BudgetAndReference() -> impl IntoView {
    let app = expect_context::<AppState>();
    // Stored amounts are shown in the display currency, as the results are.
    let shown = move |m: Option<Money>| {
        m.map(|m| {
            let fx = app.fx.get();
            fx.convert(m, app.currency.get()).round_for_display().amount
        })
        .unwrap_or_default()
    };
    let typed = move |v: Decimal| Money::new(v, app.currency.get_untracked());
    let reference = Memo::new(move |_| app.page.with_settings(|p| p.scenario.reference.clone()));
    let label = Signal::derive(move || {
        reference.with(|r| {
            r.as_ref()
                .map(|r| labels::reference(&r.label, app.lang.get()).to_string())
                .unwrap_or_default()
        })
    });
    view! {
        <fieldset class="budget">
            <legend>{move || app.t(Text::Budget)}</legend>
            <div class="row">
                <NumberField lang=app.lang
                    label=Text::Budget
                    testid="budget".to_string()
                    value=Memo::new(move |_| shown(app.page.with_settings(|p| p.scenario.budget)))
                    range=Range::or_zero(limits::AMOUNT)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::Budget(typed(v))))
                    unit=""
                />
                <NumberField lang=app.lang
                    label=Text::ReferenceAmount
                    testid="reference".to_string()
                    value=Memo::new(move |_| shown(reference.with(|r| r.as_ref().map(|r| r.amount))))
                    range=Range::or_zero(limits::AMOUNT)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::ReferenceAmount(typed(v))))
                />
                <TextField lang=app.lang
                    label=Text::ReferenceLabel
                    testid="reference-label".to_string()
                    value=label
                    max_chars=limits::MAX_LABEL_CHARS
                    on_change=Callback::new(move |text: String| app.apply(Edit::ReferenceLabel(text)))
                />
            </div>
        </fieldset>
    }
}
