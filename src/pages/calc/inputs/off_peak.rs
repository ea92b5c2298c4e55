//! The off-peak what-if: which hours are off-peak, how much cheaper, and how much work can move.

use gpucost_core::edit::Edit;
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{NumberField, Range};
use crate::state::AppState;

/// The off-peak what-if window and its assumptions.
#[component]
pub(crate) fn OffPeakFields() -> impl IntoView {
    let app = expect_context::<AppState>();
    let op = Memo::new(move |_| app.page.with_settings(|p| p.scenario.off_peak.clone()));
    view! {
        <fieldset class="off-peak">
            <legend>{move || app.t(Text::OffPeakHeading)}</legend>
            <div class="row">
                <NumberField lang=app.lang
                    label=Text::OffPeakFrom
                    testid="op-from".to_string()
                    value=Signal::derive(move || Decimal::from(op.get().start_hour))
                    range=Range::whole_of(limits::OFF_PEAK_START_HOUR)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::OffPeakFrom(v)))
                />
                <NumberField lang=app.lang
                    label=Text::OffPeakTo
                    testid="op-to".to_string()
                    value=Signal::derive(move || Decimal::from(op.get().end_hour))
                    range=Range::whole_of(limits::OFF_PEAK_END_HOUR)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::OffPeakTo(v)))
                />
                <NumberField lang=app.lang
                    label=Text::OffPeakDiscount
                    testid="op-discount".to_string()
                    value=Signal::derive(move || op.get().discount_pct)
                    range=Range::of(limits::OFF_PEAK_DISCOUNT_PCT)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::OffPeakDiscount(v)))
                    unit="%"
                />
                <NumberField lang=app.lang
                    label=Text::Flexible
                    testid="op-flexible".to_string()
                    value=Signal::derive(move || op.get().flexible_pct)
                    range=Range::of(limits::OFF_PEAK_FLEXIBLE_PCT)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::OffPeakFlexible(v)))
                    unit="%"
                />
            </div>
            <Show when=move || op.with(|op| op.discount_pct.is_zero())>
                <p class="hint" data-testid="op-off">{move || app.t(Text::OffPeakOff)}</p>
            </Show>
        </fieldset>
    }
}
