//! When a line's GPUs run: its shape, its count, a daily window, a painted week, or the load
//! they serve.

use gpucost_core::edit::{DemandKind, Edit, LoadShapeKind};
use gpucost_core::format;
use gpucost_core::l10n::link::minutes_used;
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use gpucost_core::print::menus;
use gpucost_core::scenario::{rounded_minutes, Demand};
use gpucost_core::schedule::{GridUnit, WeekGrid};
use gpucost_core::traffic::{Load, LoadField, LoadShape};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{NumberField, Range};
use crate::components::menu_field::{slug_binding, MenuField};
use crate::components::schedule_editor::ScheduleEditor;
use crate::state::AppState;

use super::capacity::ModelCapacity;
use super::LineSignal;

/// The menu of demand shapes (all the time, a daily window, a weekly schedule).
#[component]
pub(super) fn ShapeMenu(
    /// Index of the line.
    i: usize,
    /// The line's shape.
    shape: Memo<Option<DemandKind>>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let (selected, on_pick) =
        slug_binding(shape, DemandKind::as_str, DemandKind::from_slug, move |k| {
            app.apply(Edit::LineShape(i, k))
        });
    view! {
        <MenuField lang=app.lang label=Text::When testid=format!("line-{i}-shape")
            choices=Signal::derive(move || menus::demand_kinds(app.lang.get()))
            selected=selected on_pick=on_pick
        />
    }
}

/// How many GPUs (the peak) an all-the-time or window line runs.
#[component]
pub(super) fn CountField(
    /// Index of the line.
    i: usize,
    /// The line.
    line: LineSignal,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let peak = move || line.with(|l| l.as_ref().map(|l| l.demand.peak()).unwrap_or_default());
    view! {
        <NumberField lang=app.lang
            label=Text::Count
            testid=format!("line-{i}-count")
            value=Signal::derive(peak)
            range=Range::of(limits::GPU_COUNT)
            on_valid=Callback::new(move |n: Decimal| app.apply(Edit::LineCount(i, n)))
        />
    }
}

/// A daily window's start and length — the GPUs' own, or the window a serving line's load
/// arrives in — and the minutes used when the hours are not whole minutes.
#[component]
pub(super) fn WindowFields(
    /// Index of the line.
    i: usize,
    /// The line.
    line: LineSignal,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let window = move || line.with(|l| l.as_ref().and_then(|l| l.demand.window()));
    let rounded = RwSignal::new(None::<u32>);
    let on_start = move |ev| {
        if let Some(minute) = format::parse_clock(&event_target_value(&ev)) {
            app.apply(Edit::LineStart(i, minute));
        }
    };
    let hours = move || {
        window()
            .map(|(_, m)| Decimal::from(m) / Decimal::from(60))
            .unwrap_or_default()
    };
    view! {
        <label class="field">
            <span>{move || app.t(Text::Start)}</span>
            <input type="time" data-testid=format!("line-{i}-start")
                prop:value=move || window().map(|(s, _)| format::clock(s)).unwrap_or_default()
                on:change=on_start
            />
        </label>
        <NumberField lang=app.lang
            label=Text::LengthHours
            testid=format!("line-{i}-hours")
            value=Signal::derive(hours)
            range=Range::of(limits::HOURS)
            on_valid=Callback::new(move |h: Decimal| {
                rounded.set(rounded_minutes(h));
                app.apply(Edit::LineHours(i, h));
            })
        />
        <p class="hint" data-testid=format!("line-{i}-hours-rounded")>
            {move || rounded.get().map(|m| minutes_used(m, app.lang.get()))}
        </p>
    }
}

/// A serving line's load: when it arrives (all the time, a window, a painted weekly curve),
/// its peak rate, what one GPU serves (typed, or taken from the recommendation model), the headroom, the fewest GPUs and the scale-in delay;
/// the engine derives the line's GPUs from them.
#[component]
pub(super) fn LoadFields(
    /// Index of the line.
    i: usize,
    /// The line.
    line: LineSignal,
) -> impl IntoView {
    let kind = Memo::new(move |_| {
        line.with(|l| match l.as_ref().map(|l| &l.demand) {
            Some(Demand::Load(load)) => Some(LoadShapeKind::of(&load.shape)),
            _ => None,
        })
    });
    view! {
        <LoadShapeMenu i=i kind=kind />
        {LoadField::TYPED
            .into_iter()
            .map(|field| view! { <LoadNumber i=i line=line field=field /> })
            .collect_view()}
        <ModelCapacity i=i line=line />
        {move || match kind.get() {
            Some(LoadShapeKind::Window) => view! { <WindowFields i=i line=line /> }.into_any(),
            Some(LoadShapeKind::Weekly) => view! { <LoadCurveField i=i /> }.into_any(),
            _ => ().into_any(),
        }}
    }
}

/// The menu of when a serving line's load arrives.
#[component]
fn LoadShapeMenu(
    /// Index of the line.
    i: usize,
    /// The load's shape.
    kind: Memo<Option<LoadShapeKind>>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let (selected, on_pick) = slug_binding(
        kind,
        LoadShapeKind::as_str,
        LoadShapeKind::from_slug,
        move |k| app.apply(Edit::LoadShape(i, k)),
    );
    view! {
        <MenuField lang=app.lang label=Text::LoadWhen testid=format!("line-{i}-load-shape")
            choices=Signal::derive(move || menus::load_shapes(app.lang.get()))
            selected=selected on_pick=on_pick
        />
    }
}

/// A serving line's weekly load curve, painted in percent of its peak rate.
#[component]
fn LoadCurveField(
    /// Index of the line.
    i: usize,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Like a weekly line's grid: its cells wake only when this line's demand changes.
    let demand = app.page.demand(i);
    let curve = Memo::new(move |_| {
        demand.with(|d| match d {
            Some(Demand::Load(Load {
                shape: LoadShape::Weekly(g),
                ..
            })) => g.clone(),
            _ => WeekGrid::default(),
        })
    });
    let on_change = Callback::new(move |g: WeekGrid| app.apply(Edit::LoadCurve(i, Box::new(g))));
    view! {
        <ScheduleEditor lang=app.lang testid=format!("line-{i}-load-grid") grid=curve
            on_change=on_change unit=GridUnit::PercentOfPeak />
    }
}

/// One number of a serving line's load.
#[component]
fn LoadNumber(
    /// Index of the line.
    i: usize,
    /// The line.
    line: LineSignal,
    /// Which number.
    field: LoadField,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let value = move || {
        line.with(|l| match l.as_ref().map(|l| &l.demand) {
            Some(Demand::Load(load)) => load.value(field).unwrap_or_default(),
            _ => Decimal::ZERO,
        })
    };
    let (label, range) = load_input(field);
    view! {
        <NumberField lang=app.lang
            label=label
            testid=format!("line-{i}-{}", field.as_str())
            value=Signal::derive(value)
            range=range
            on_valid=Callback::new(move |v: Decimal| app.apply(Edit::LineLoad(i, field, v)))
        />
    }
}

/// The label and accepted range of a typed load field ([`LoadField::TYPED`]).
fn load_input(field: LoadField) -> (Text, Range) {
    match field {
        LoadField::Rate => (Text::PeakRps, Range::of(limits::LOAD_RPS)),
        LoadField::PerGpu => (Text::RpsPerGpu, Range::of(limits::RPS_PER_GPU)),
        LoadField::Headroom => (Text::HeadroomPct, Range::of(limits::HEADROOM_PCT)),
        LoadField::MinGpus => (Text::MinGpus, Range::whole_of(limits::MIN_REPLICAS)),
        LoadField::ScaleIn | LoadField::Shape | LoadField::Fleet => (
            Text::ScaleInMinutes,
            Range::whole_of(limits::SCALE_IN_MINUTES),
        ),
    }
}

/// A weekly schedule painted on the hour-of-week grid.
#[component]
pub(super) fn WeeklyField(
    /// Index of the line.
    i: usize,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // The grid's 672 cell effects read it: they wake only when this line's demand changes
    // (the store's demand trigger is the memo's one source), and borrow the grid, not a copy.
    let demand = app.page.demand(i);
    let grid = Memo::new(move |_| {
        demand.with(|d| match d {
            Some(Demand::Weekly(g)) => g.clone(),
            _ => WeekGrid::default(),
        })
    });
    let on_change = Callback::new(move |g: WeekGrid| {
        app.apply(Edit::LineDemand(i, Box::new(Demand::Weekly(g))));
    });
    view! {
        <ScheduleEditor lang=app.lang testid=format!("line-{i}-grid") grid=grid on_change=on_change />
    }
}
