//! The period: a one-off job in hours, a 730-hour month, or a calendar month.

use gpucost_core::edit::{month_input, parse_month, Edit, HorizonKind};
use gpucost_core::l10n::link::minutes_used;
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use gpucost_core::print::menus;
use gpucost_core::scenario::Horizon;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{NumberField, Range};
use crate::components::menu_field::MenuField;
use crate::state::AppState;

/// The kind of period, and the hours or the month it needs.
#[component]
pub(crate) fn HorizonField() -> impl IntoView {
    let app = expect_context::<AppState>();
    let horizon = Memo::new(move |_| app.page.with(|p| p.scenario.horizon));
    // The field below is rebuilt only when the kind changes, never while typing in it.
    let kind = Memo::new(move |_| HorizonKind::of(horizon.get()));
    let on_kind = Callback::new(move |slug: String| {
        if let Some(kind) = HorizonKind::from_slug(&slug) {
            app.apply(Edit::Horizon(kind, app.today));
        }
    });
    view! {
        <div class="row">
            <MenuField lang=app.lang
                label=Text::Horizon
                testid="horizon-kind".to_string()
                choices=Signal::derive(move || menus::horizon_kinds(app.lang.get()))
                selected=Signal::derive(move || kind.get().as_str().to_string())
                on_pick=on_kind
            />
            {move || match kind.get() {
                HorizonKind::Hours => view! { <HoursField horizon=horizon /> }.into_any(),
                HorizonKind::Calendar => view! { <MonthField horizon=horizon /> }.into_any(),
                HorizonKind::Month => ().into_any(),
            }}
        </div>
    }
}

/// A one-off job's hours, and the minutes used when they are not whole minutes.
#[component]
fn HoursField(
    /// The scenario's period.
    horizon: Memo<Horizon>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let hours = Signal::derive(move || match horizon.get() {
        Horizon::Hours(h) => h,
        _ => Decimal::ZERO,
    });
    let rounded = move || {
        horizon
            .get()
            .rounded_minutes()
            .map(|m| minutes_used(m, app.lang.get()))
    };
    view! {
        <NumberField lang=app.lang
            label=Text::Hours
            testid="hours".to_string()
            value=hours
            range=Range::of(limits::HOURS)
            on_valid=Callback::new(move |v: Decimal| app.apply(Edit::Hours(v)))
            unit="h"
        />
        <p class="hint" data-testid="hours-rounded">{rounded}</p>
    }
}

/// A calendar month.
#[component]
fn MonthField(
    /// The scenario's period.
    horizon: Memo<Horizon>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let on_month = move |ev: leptos::ev::Event| {
        if let Some((year, month)) = parse_month(&event_target_value(&ev)) {
            app.apply(Edit::CalendarMonth(year, month));
        }
    };
    view! {
        <label class="field">
            <span>{move || app.t(Text::Month)}</span>
            <input
                type="month"
                data-testid="month"
                prop:value=move || month_input(horizon.get())
                on:change=on_month
            />
        </label>
    }
}
