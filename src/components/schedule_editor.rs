//! The weekly schedule editor: a 7 × 24 grid, shaded by GPU count (so it is also the heat
//! map), painted with the mouse, touch or the keyboard, plus one-click patterns.

use gpucost_core::format::Lang;
use gpucost_core::schedule::{Pattern, WeekGrid, WEEK_HOURS};
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
pub fn cell_label(hour: usize, count: u16, lang: Lang) -> String {
    ui::schedule_cell(hour, count, lang)
}

/// Shade level 0–5 of a count relative to the peak (for the heat map).
pub fn shade(count: u16, peak: u16) -> u8 {
    if count == 0 || peak == 0 {
        0
    } else {
        (1 + (u32::from(count) * 4 / u32::from(peak)).min(4)) as u8
    }
}

/// A 7 × 24 schedule editor.
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
) -> impl IntoView {
    let brush = RwSignal::new(grid.with_untracked(|g| g.peak().max(1)));
    let focus = RwSignal::new(8usize);
    let painting = RwSignal::new(false);
    let grid_ref = NodeRef::<leptos::html::Div>::new();
    let peak = Memo::new(move |_| grid.with(|g| g.peak()));

    let paint = move |hour: usize, count: u16| {
        if grid.with_untracked(|g| g.0[hour]) != count {
            let mut g = grid.get_untracked();
            g.0[hour] = count;
            on_change.run(g);
        }
    };
    let focus_cell = move |hour: usize| {
        focus.set(hour);
        if let Some(root) = grid_ref.get_untracked() {
            if let Ok(Some(el)) = root.query_selector(&format!("[data-hour=\"{hour}\"]")) {
                if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                }
            }
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let h = focus.get_untracked();
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
            focus_cell(next);
            return;
        }
        match key.as_str() {
            " " | "Enter" => {
                ev.prevent_default();
                paint(h, brush.get_untracked());
            }
            "Delete" | "Backspace" => {
                ev.prevent_default();
                paint(h, 0);
            }
            d if d.len() == 1 && d.as_bytes()[0].is_ascii_digit() => {
                let n = u16::from(d.as_bytes()[0] - b'0');
                if n > 0 {
                    brush.set(n);
                }
                paint(h, n);
            }
            _ => {}
        }
    };
    let hour_at = |ev: &leptos::ev::PointerEvent| -> Option<usize> {
        let el = document().element_from_point(ev.client_x() as f32, ev.client_y() as f32)?;
        el.get_attribute("data-hour")?.parse().ok()
    };
    let painting_value = RwSignal::new(0u16);
    let on_down = move |ev: leptos::ev::PointerEvent| {
        if let Some(h) = hour_at(&ev) {
            ev.prevent_default();
            painting.set(true);
            focus.set(h);
            let count = if grid.with_untracked(|g| g.0[h]) == brush.get_untracked() {
                0
            } else {
                brush.get_untracked()
            };
            brush.set(brush.get_untracked().max(1));
            paint(h, count);
            painting_value.set(count);
        }
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if painting.get_untracked() {
            if let Some(h) = hour_at(&ev) {
                paint(h, painting_value.get_untracked());
            }
        }
    };
    let stop = move |_| painting.set(false);

    let label_id = format!("{testid}-label");
    view! {
        <div class="schedule">
            <div class="schedule-tools">
                <label class="field compact">
                    <span>{move || Text::Brush.get(lang.get())}</span>
                    <input
                        type="number"
                        min="0"
                        max="9999"
                        data-testid=format!("{testid}-brush")
                        prop:value=move || brush.get().to_string()
                        on:input=move |ev| {
                            if let Ok(n) = event_target_value(&ev).parse::<u16>() {
                                brush.set(n.min(9999));
                            }
                        }
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
                                on:click=move |_| on_change.run(p.grid(brush.get_untracked().max(1)))
                            >
                                {move || pattern_label(p).get(lang.get())}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <p class="hint" id=label_id.clone()>{move || Text::GridHelp.get(lang.get())}</p>
            <div
                class="grid"
                role="grid"
                node_ref=grid_ref
                data-testid=testid.clone()
                aria-labelledby=label_id
                on:keydown=on_key
                on:pointerdown=on_down
                on:pointermove=on_move
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
                {(0..7)
                    .map(|day| {
                        view! {
                            <div role="row">
                                <span role="rowheader" class="day">{move || ui::weekday(day, lang.get())}</span>
                                {(0..24)
                                    .map(|h| {
                                        let hour = day * 24 + h;
                                        let count = move || grid.with(|g| g.0[hour]);
                                        view! {
                                            <span
                                                role="gridcell"
                                                class=move || format!("cell shade-{}", shade(count(), peak.get()))
                                                data-hour=hour.to_string()
                                                tabindex=move || if focus.get() == hour { "0" } else { "-1" }
                                                aria-label=move || cell_label(hour, count(), lang.get())
                                                on:focus=move |_| focus.set(hour)
                                            >
                                                {move || match count() {
                                                    0 => String::new(),
                                                    n => n.to_string(),
                                                }}
                                            </span>
                                        }
                                    })
                                    .collect_view()}
                            </div>
                        }
                    })
                    .collect_view()}
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_in_both_languages() {
        assert_eq!(cell_label(8, 2, Lang::En), "Mon 08:00, 2 GPUs");
        assert_eq!(cell_label(24 * 6 + 23, 1, Lang::En), "Sun 23:00, 1 GPU");
        assert_eq!(cell_label(8, 2, Lang::Zh), "周一 08:00，2 张 GPU");
    }

    #[test]
    fn shades_scale_with_the_peak() {
        assert_eq!(shade(0, 10), 0);
        assert_eq!(shade(1, 10), 1);
        assert_eq!(shade(10, 10), 5);
        assert_eq!(shade(3, 0), 0);
    }
}
