//! Which billing classes may be used, interruption tolerance and spot overhead.

use gpucost_core::billing_mode::ModeClass;
use gpucost_core::edit::Edit;
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use gpucost_core::scenario::Interruption;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{CheckField, NumberField, Range};
use crate::state::AppState;

/// Which billing classes may be used, interruption tolerance and spot overhead.
#[component]
pub(crate) fn BillingOptionsFields() -> impl IntoView {
    let app = expect_context::<AppState>();
    let allows = move |c: ModeClass| {
        Memo::new(move |_| {
            app.page
                .with_settings(|p| p.scenario.options.allowed.contains(&c))
        })
    };
    let toggle = move |c: ModeClass| Callback::new(move |on: bool| app.apply(Edit::Allow(c, on)));
    view! {
        <fieldset class="billing">
            <legend>{move || app.t(Text::BillingHeading)}</legend>
            <CheckField lang=app.lang label=Text::AllowSpot testid="allow-spot" checked=allows(ModeClass::Spot) on_toggle=toggle(ModeClass::Spot) />
            <CheckField lang=app.lang
                label=Text::AllowReserved
                testid="allow-reserved"
                checked=allows(ModeClass::Committed)
                on_toggle=toggle(ModeClass::Committed)
            />
            <CheckField lang=app.lang
                label=Text::AllowMonthly
                testid="allow-monthly"
                checked=allows(ModeClass::Subscription)
                on_toggle=toggle(ModeClass::Subscription)
            />
            <CheckField lang=app.lang
                label=Text::Interruptible
                testid="interruptible"
                checked=Memo::new(move |_| app.page.with_settings(|p| p.scenario.options.interruption == Interruption::Tolerated))
                on_toggle=Callback::new(move |on: bool| app.apply(Edit::Interruptible(on)))
            />
            <NumberField lang=app.lang
                label=Text::SpotOverhead
                testid="spot-overhead".to_string()
                value=Memo::new(move |_| app.page.with_settings(|p| p.scenario.options.spot_overhead_pct))
                range=Range::of(limits::SPOT_OVERHEAD_PCT)
                on_valid=Callback::new(move |v: Decimal| app.apply(Edit::SpotOverhead(v)))
                unit="%"
            />
        </fieldset>
    }
}
