//! The resource lines: GPU model, how many, and when (all the time, a window, or a weekly
//! schedule painted on a grid).

use gpucost_core::edit::Edit;
use gpucost_core::format;
use gpucost_core::limits;
use gpucost_core::placement::{Packing, PackingKind};
use gpucost_core::print::menus;
use gpucost_core::scenario::{rounded_minutes, Demand, Line};
use gpucost_core::schedule::{Pattern, WeekGrid};
use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::components::fields::{NumberField, Range};
use crate::components::menu_field::MenuField;
use crate::components::schedule_editor::ScheduleEditor;
use crate::signals::distinct_signal;
use crate::state::{catalog, AppState};
use gpucost_core::l10n::ui::Text;

/// The three shapes of demand a line can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Always,
    Window,
    Weekly,
}

impl Shape {
    fn of(d: &Demand) -> Shape {
        match d {
            Demand::Constant(_) => Shape::Always,
            Demand::Window { .. } => Shape::Window,
            Demand::Weekly(_) => Shape::Weekly,
        }
    }

    fn slug(self) -> &'static str {
        match self {
            Shape::Always => "always",
            Shape::Window => "window",
            Shape::Weekly => "weekly",
        }
    }

    /// `demand` converted to this shape, keeping its GPU count.
    fn convert(self, demand: &Demand) -> Demand {
        let peak = demand.peak().max(Decimal::ONE);
        let whole = peak
            .ceil()
            .min(Decimal::from(9999))
            .to_string()
            .parse::<u16>()
            .unwrap_or(1);
        match self {
            Shape::Always => Demand::Constant(peak),
            Shape::Window => Demand::Window {
                gpus: peak,
                start_minute: 9 * 60,
                minutes: 8 * 60,
            },
            Shape::Weekly => Demand::Weekly(Pattern::BusinessHours.grid(whole)),
        }
    }
}

/// The packing a line gets when its menu is set to `kind`: "at least" keeps the number it
/// had, or starts from the line's peak ("at least" as many as it needs).
fn packing_of_kind(
    kind: Option<PackingKind>,
    current: Option<Packing>,
    line: &ReadSignal<Option<Line>>,
) -> Packing {
    match (kind, current) {
        (Some(PackingKind::OneMachine), _) => Packing::OneMachine,
        (Some(PackingKind::AtLeast), Some(Packing::AtLeast(n))) => Packing::AtLeast(n),
        (Some(PackingKind::AtLeast), _) => Packing::AtLeast(peak_gpus(*line)),
        _ => Packing::Split,
    }
}

/// The menu's words for each kind of packing.
fn packing_label(kind: PackingKind) -> Text {
    match kind {
        PackingKind::Split => Text::MachinesAny,
        PackingKind::OneMachine => Text::MachinesOne,
        PackingKind::AtLeast => Text::MachinesAtLeast,
    }
}

/// A line's peak in whole GPUs, within the per-machine limit (where "at least" starts).
fn peak_gpus(line: ReadSignal<Option<Line>>) -> u32 {
    let peak = line.with_untracked(|l| l.as_ref().map(|l| l.demand.peak()).unwrap_or_default());
    peak.ceil()
        .to_u32()
        .unwrap_or(1)
        .clamp(limits::GPUS_PER_MACHINE.min, limits::GPUS_PER_MACHINE.max)
}

/// Every line, plus "add a line".
#[component]
pub(crate) fn LinesEditor() -> impl IntoView {
    let app = expect_context::<AppState>();
    let count = Memo::new(move |_| app.page.with(|p| p.scenario.lines.len()));
    let add = move |_: leptos::ev::MouseEvent| app.apply(Edit::AddLine);
    let can_add = Memo::new(move |_| {
        app.page
            .with(|p| Edit::AddLine.applies(&p.scenario, catalog()))
    });
    view! {
        <section class="lines" aria-labelledby="lines-heading">
            <h3 id="lines-heading">{move || app.t(Text::LinesHeading)}</h3>
            <For each=move || 0..count.get() key=|i| *i let:i>
                <LineEditor i=i />
            </For>
            <button
                type="button"
                data-testid="add-line"
                disabled=move || !can_add.get()
                on:click=add
            >
                {move || app.t(Text::AddLine)}
            </button>
            <Show when=move || app.page.with(|p| p.scenario.lines.iter().any(|l| matches!(l.demand, Demand::Window { .. })))>
                <NumberField lang=app.lang
                    label=Text::Lead
                    testid="lead".to_string()
                    value=Memo::new(move |_| Decimal::from(app.page.with(|p| p.scenario.lead_minutes)))
                    range=Range::whole_of(limits::LEAD_MINUTES)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::Lead(v)))
                />
            </Show>
        </section>
    }
}

/// One line's fields.
#[component]
fn LineEditor(
    /// Index of the line in the scenario.
    i: usize,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Woken only when this line changes, not on every edit elsewhere in the scenario.
    let line = distinct_signal(move || app.page.with(|p| p.scenario.lines.get(i).cloned()));
    let shape = Memo::new(move |_| line.with(|l| l.as_ref().map(|l| Shape::of(&l.demand))));
    let set_demand = move |d: Demand| app.apply(Edit::LineDemand(i, Box::new(d)));
    let testid = move |what: &str| format!("line-{i}-{what}");
    let packing = Memo::new(move |_| line.with(|l| l.as_ref().map(|l| l.packing)));
    let set_packing = move |p: Packing| app.apply(Edit::LinePacking(i, p));
    let on_packing = move |ev| {
        let kind = PackingKind::from_slug(&event_target_value(&ev));
        set_packing(packing_of_kind(kind, packing.get_untracked(), &line))
    };

    let count_field = move || {
        view! {
            <NumberField lang=app.lang
                label=Text::Count
                testid=testid("count")
                value=Signal::derive(move || line.with(|l| l.as_ref().map(|l| l.demand.peak()).unwrap_or_default()))
                range=Range::of(limits::GPU_COUNT)
                on_valid=Callback::new(move |n: Decimal| app.apply(Edit::LineCount(i, n)))
            />
        }
    };
    let window_fields = move || {
        let window = move || match line.with(|l| l.as_ref().map(|l| l.demand.clone())) {
            Some(Demand::Window {
                gpus,
                start_minute,
                minutes,
            }) => Some((gpus, start_minute, minutes)),
            _ => None,
        };
        // The window counts whole minutes: when the typed hours are not, say what was used.
        let rounded = RwSignal::new(None::<u32>);
        let start_text = move || {
            window()
                .map(|(_, s, _)| format::clock(s))
                .unwrap_or_default()
        };
        let on_start = move |ev| {
            if let Some(minute) = format::parse_clock(&event_target_value(&ev)) {
                app.apply(Edit::LineStart(i, minute));
            }
        };
        let rounded_text = move || {
            rounded
                .get()
                .map(|m| gpucost_core::l10n::link::minutes_used(m, app.lang.get()))
        };
        view! {
            <label class="field">
                <span>{move || app.t(Text::Start)}</span>
                <input
                    type="time"
                    data-testid=testid("start")
                    prop:value=start_text
                    on:change=on_start
                />
            </label>
            <NumberField lang=app.lang
                label=Text::LengthHours
                testid=testid("hours")
                value=Signal::derive(move || window().map(|(_, _, m)| Decimal::from(m) / Decimal::from(60)).unwrap_or_default())
                range=Range::of(limits::HOURS)
                on_valid=Callback::new(move |h: Decimal| {
                    rounded.set(rounded_minutes(h));
                    app.apply(Edit::LineHours(i, h));
                })
            />
            <p class="hint" data-testid=testid("hours-rounded")>{rounded_text}</p>
        }
    };
    let weekly = move || {
        // The grid's 672 cell effects read it: they must not wake on every edit elsewhere.
        let grid = distinct_signal(move || {
            line.with(|l| match l.as_ref().map(|l| &l.demand) {
                Some(Demand::Weekly(g)) => g.clone(),
                _ => WeekGrid::default(),
            })
        });
        view! {
            <ScheduleEditor lang=app.lang
                testid=testid("grid")
                grid=grid
                on_change=Callback::new(move |g: WeekGrid| set_demand(Demand::Weekly(g)))
            />
        }
    };

    view! {
        <fieldset class="line" data-testid=testid("fieldset")>
            <legend>{move || format!("{} {}", app.t(Text::Line), i + 1)}</legend>
            <div class="row">
                <MenuField lang=app.lang label=Text::GpuModel testid=testid("gpu")
                    choices=Signal::derive(|| menus::gpus(catalog()))
                    selected=Signal::derive(move || line.with(|l| l.as_ref().map(|l| l.gpu.clone()).unwrap_or_default()))
                    on_pick=Callback::new(move |gpu: String| app.apply(Edit::LineGpu(i, gpu)))
                />
                <label class="field">
                    <span>{move || app.t(Text::When)}</span>
                    <select
                        data-testid=testid("shape")
                        on:change=move |ev| {
                            let to = match event_target_value(&ev).as_str() {
                                "window" => Shape::Window,
                                "weekly" => Shape::Weekly,
                                _ => Shape::Always,
                            };
                            if let Some(d) = line.get_untracked().map(|l| l.demand) {
                                set_demand(to.convert(&d));
                            }
                        }
                    >
                        {[(Shape::Always, Text::AllTime), (Shape::Window, Text::Window), (Shape::Weekly, Text::Weekly)]
                            .into_iter()
                            .map(|(s, label)| {
                                view! {
                                    <option value=s.slug() selected=move || shape.get() == Some(s)>
                                        {move || app.t(label)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span>{move || app.t(Text::Machines)}</span>
                    <select
                        data-testid=testid("packing")
                        on:change=on_packing
                    >
                        {PackingKind::ALL
                            .into_iter()
                            .map(|kind| {
                                view! {
                                    <option value=kind.as_str() selected=move || packing.get().map(Packing::kind) == Some(kind)>
                                        {move || app.t(packing_label(kind))}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
                {move || matches!(packing.get(), Some(Packing::AtLeast(_))).then(|| view! {
                    <NumberField lang=app.lang
                        label=Text::GpusPerMachine
                        testid=testid("per-machine")
                        value=Signal::derive(move || match packing.get() {
                            Some(Packing::AtLeast(n)) => Decimal::from(n),
                            _ => Decimal::ONE,
                        })
                        range=Range::whole_of(limits::GPUS_PER_MACHINE)
                        on_valid=Callback::new(move |n: Decimal| {
                            set_packing(Packing::AtLeast(n.to_u32().unwrap_or(1)))
                        })
                    />
                })}
                {move || match shape.get() {
                    Some(Shape::Always) => count_field().into_any(),
                    Some(Shape::Window) => view! { {count_field()} {window_fields()} }.into_any(),
                    _ => ().into_any(),
                }}
                <Show when=move || app.page.with(|p| p.scenario.lines.len() > 1)>
                    <button
                        type="button"
                        class="remove"
                        data-testid=testid("remove")
                        on:click=move |_| app.apply(Edit::RemoveLine(i))
                    >
                        {move || app.t(Text::Remove)}
                    </button>
                </Show>
            </div>
            {move || (shape.get() == Some(Shape::Weekly)).then(weekly)}
        </fieldset>
    }
}
