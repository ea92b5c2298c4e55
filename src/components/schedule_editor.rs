//! The weekly schedule editor: a 7 × 24 grid, shaded by GPU count (so it is also the heat
//! map), painted with the mouse, touch or the keyboard, plus one-click patterns.

use gpucost_core::format::Lang;
use gpucost_core::schedule::{stroke, GridUnit, Pattern, WeekGrid, WEEK_HOURS};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use gpucost_core::l10n::ui::{self, Text};

fn pattern_label(p: Pattern) -> Text {
    match p {
        Pattern::BusinessHours => Text::PatternBusiness,
        Pattern::NightsOff => Text::PatternNightsOff,
        Pattern::WeekendsOff => Text::PatternWeekendsOff,
        Pattern::AllWeek => Text::PatternAlways,
        Pattern::Clear => Text::Clear,
    }
}

/// The accessible name of one cell, e.g. "Mon 08:00, 2 GPUs".
pub fn cell_label(hour: usize, count: u16, unit: GridUnit, lang: Lang) -> String {
    ui::schedule_cell(hour, count, unit, lang)
}

/// Shade level 0–5 of a count relative to the peak (for the heat map).
pub fn shade(count: u16, peak: u16) -> u8 {
    if count == 0 || peak == 0 {
        0
    } else {
        (1 + (u32::from(count) * 4 / u32::from(peak)).min(4)) as u8
    }
}

/// A 7 × 24 schedule editor: the brush and patterns above the grid.
#[component]
pub fn ScheduleEditor(
    /// The interface language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// `data-testid` of the grid.
    testid: String,
    /// The schedule.
    #[prop(into)]
    grid: Signal<WeekGrid>,
    /// Called with the edited schedule.
    on_change: Callback<WeekGrid>,
    /// What an hour counts: GPUs (the default) or percent of a load's peak.
    #[prop(optional)]
    unit: GridUnit,
) -> impl IntoView {
    let brush = RwSignal::new(grid.with_untracked(WeekGrid::first_brush));
    let label_id = format!("{testid}-label");
    view! {
        <div class="schedule">
            <ScheduleTools lang=lang testid=testid.clone() brush=brush on_change=on_change unit=unit />
            <p class="hint" id=label_id.clone()>{move || Text::GridHelp.get(lang.get())}</p>
            <ScheduleGrid lang=lang testid=testid label_id=label_id grid=grid brush=brush
                on_change=on_change unit=unit />
        </div>
    }
}

/// The brush (the count a click paints) and the one-click patterns.
#[component]
fn ScheduleTools(
    lang: Signal<Lang>,
    testid: String,
    brush: RwSignal<u16>,
    on_change: Callback<WeekGrid>,
    unit: GridUnit,
) -> impl IntoView {
    let label = match unit {
        GridUnit::Gpus => Text::Brush,
        GridUnit::PercentOfPeak => Text::BrushPercent,
    };
    let on_brush = move |ev| {
        if let Some(n) = WeekGrid::parse_brush(&event_target_value(&ev), unit.max()) {
            brush.set(n);
        }
    };
    view! {
        <div class="schedule-tools">
            <label class="field compact">
                <span>{move || label.get(lang.get())}</span>
                <input
                    type="number"
                    min="0"
                    max=unit.max()
                    data-testid=format!("{testid}-brush")
                    prop:value=move || brush.get().to_string()
                    on:input=on_brush
                />
            </label>
            {Pattern::ALL
                .into_iter()
                .map(|p| {
                    view! {
                        <button
                            type="button"
                            class="pattern"
                            data-testid=format!("{testid}-pattern-{p:?}").to_lowercase()
                            on:click=move |_| on_change.run(p.grid(brush.get_untracked()))
                        >
                            {move || pattern_label(p).get(lang.get())}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// What the grid's keyboard and pointer handlers share: the schedule, the brush, the cell
/// with the roving tab stop, and the stroke being painted.
#[derive(Clone, Copy)]
struct GridInput {
    grid: Signal<WeekGrid>,
    on_change: Callback<WeekGrid>,
    brush: RwSignal<u16>,
    focus: RwSignal<usize>,
    /// The count the pointer paints and the last hour it painted, while a button is down.
    stroke: RwSignal<Option<(u16, usize)>>,
    root: NodeRef<leptos::html::Div>,
    /// What an hour counts (the cells' accessible names say it).
    unit: GridUnit,
}

impl GridInput {
    /// Paints `hours` with `count`, as one edit, if that changes anything.
    fn paint(self, hours: &[usize], count: u16) {
        let mut g = self.grid.get_untracked();
        if g.paint(hours, count) {
            self.on_change.run(g);
        }
    }

    /// Moves the roving tab stop to `hour` and the keyboard focus with it, so a key pressed
    /// next acts on the grid, not on the button clicked before.
    fn focus_cell(self, hour: usize) {
        self.focus.set(hour);
        let cell = self
            .root
            .get_untracked()
            .and_then(|root| {
                root.query_selector(&format!("[data-hour=\"{hour}\"]"))
                    .ok()
                    .flatten()
            })
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(cell) = cell {
            let _ = cell.focus();
        }
    }

    fn key(self, ev: leptos::ev::KeyboardEvent) {
        let h = self.focus.get_untracked();
        let key = ev.key();
        let moved = match key.as_str() {
            "ArrowRight" => Some((h + 1) % WEEK_HOURS),
            "ArrowLeft" => Some((h + WEEK_HOURS - 1) % WEEK_HOURS),
            "ArrowDown" => Some((h + 24) % WEEK_HOURS),
            "ArrowUp" => Some((h + WEEK_HOURS - 24) % WEEK_HOURS),
            "Home" => Some(h - h % 24),
            "End" => Some(h - h % 24 + 23),
            _ => None,
        };
        if let Some(next) = moved {
            ev.prevent_default();
            self.focus_cell(next);
            return;
        }
        match key.as_str() {
            " " | "Enter" => {
                ev.prevent_default();
                self.paint(&[h], self.brush.get_untracked());
            }
            "Delete" | "Backspace" => {
                ev.prevent_default();
                self.paint(&[h], 0);
            }
            d if d.len() == 1 && d.as_bytes()[0].is_ascii_digit() => {
                let n = u16::from(d.as_bytes()[0] - b'0');
                if n > 0 {
                    self.brush.set(n);
                }
                self.paint(&[h], n);
            }
            _ => {}
        }
    }

    /// The hour of the cell under the pointer.
    fn hour_at(ev: &leptos::ev::PointerEvent) -> Option<usize> {
        let el = document().element_from_point(ev.client_x() as f32, ev.client_y() as f32)?;
        el.get_attribute("data-hour")?.parse().ok()
    }

    /// A press starts a stroke: it clears a cell already at the brush's count, else paints it.
    fn down(self, ev: leptos::ev::PointerEvent) {
        let Some(h) = Self::hour_at(&ev) else { return };
        // No text selection or scrolling while painting; focus is moved by hand instead.
        ev.prevent_default();
        self.focus_cell(h);
        let brush = self.brush.get_untracked().max(1);
        self.brush.set(brush);
        let count = if self.grid.with_untracked(|g| g.0[h]) == brush {
            0
        } else {
            brush
        };
        self.stroke.set(Some((count, h)));
        self.paint(&[h], count);
    }

    /// A drag paints every cell between the last position and this one, however fast it goes.
    fn moved(self, ev: leptos::ev::PointerEvent) {
        let (Some((count, last)), Some(h)) = (self.stroke.get_untracked(), Self::hour_at(&ev))
        else {
            return;
        };
        if h != last {
            self.stroke.set(Some((count, h)));
            self.paint(&stroke(last, h), count);
            self.focus.set(h);
        }
    }
}

/// The 7 × 24 grid of cells, painted with the pointer or the keyboard.
#[component]
fn ScheduleGrid(
    lang: Signal<Lang>,
    testid: String,
    label_id: String,
    grid: Signal<WeekGrid>,
    brush: RwSignal<u16>,
    on_change: Callback<WeekGrid>,
    unit: GridUnit,
) -> impl IntoView {
    let input = GridInput {
        grid,
        on_change,
        brush,
        focus: RwSignal::new(8usize),
        stroke: RwSignal::new(None),
        root: NodeRef::new(),
        unit,
    };
    let peak = Memo::new(move |_| grid.with(|g| g.peak()));
    let stop = move |_| input.stroke.set(None);
    view! {
        <div
            class="grid"
            role="grid"
            node_ref=input.root
            data-testid=testid
            aria-labelledby=label_id
            on:keydown=move |ev| input.key(ev)
            on:pointerdown=move |ev| input.down(ev)
            on:pointermove=move |ev| input.moved(ev)
            on:pointerup=stop
            on:pointercancel=stop
            on:pointerleave=stop
        >
            <div role="row" class="grid-head">
                <span role="columnheader" class="corner"></span>
                {(0..24)
                    .map(|h| view! { <span role="columnheader" class="hour">{format!("{h:02}")}</span> })
                    .collect_view()}
            </div>
            {(0..7).map(|day| view! { <GridDay lang=lang day=day input=input peak=peak /> }).collect_view()}
        </div>
    }
}

/// One day's row of 24 cells.
#[component]
fn GridDay(lang: Signal<Lang>, day: usize, input: GridInput, peak: Memo<u16>) -> impl IntoView {
    let cell = move |hour: usize| {
        let count = move || input.grid.with(|g| g.0[hour]);
        view! {
            <span
                role="gridcell"
                class=move || format!("cell shade-{}", shade(count(), peak.get()))
                data-hour=hour.to_string()
                tabindex=move || if input.focus.get() == hour { "0" } else { "-1" }
                aria-label=move || cell_label(hour, count(), input.unit, lang.get())
                on:focus=move |_| input.focus.set(hour)
            >
                {move || match count() {
                    0 => String::new(),
                    n => n.to_string(),
                }}
            </span>
        }
    };
    view! {
        <div role="row">
            <span role="rowheader" class="day">{move || ui::weekday(day, lang.get())}</span>
            {(0..24).map(|h| cell(day * 24 + h)).collect_view()}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_in_both_languages() {
        assert_eq!(
            cell_label(8, 2, GridUnit::Gpus, Lang::En),
            "Mon 08:00, 2 GPUs"
        );
        assert_eq!(
            cell_label(24 * 6 + 23, 1, GridUnit::Gpus, Lang::En),
            "Sun 23:00, 1 GPU"
        );
        assert_eq!(
            cell_label(8, 2, GridUnit::Gpus, Lang::Zh),
            "周一 08:00，2 张 GPU"
        );
        let load = GridUnit::PercentOfPeak;
        assert_eq!(cell_label(8, 30, load, Lang::En), "Mon 08:00, 30 % of peak");
        assert_eq!(cell_label(8, 30, load, Lang::Zh), "周一 08:00，峰值的 30%");
    }

    #[test]
    fn shades_scale_with_the_peak() {
        assert_eq!(shade(0, 10), 0);
        assert_eq!(shade(1, 10), 1);
        assert_eq!(shade(10, 10), 5);
        assert_eq!(shade(3, 0), 0);
    }
}
