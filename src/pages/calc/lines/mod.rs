//! The resource lines: GPU model, how many, and when (all the time, a window, a weekly
//! schedule painted on a grid, or derived from the load a serving line states), and how their GPUs may be spread over machines. Every change
//! is an engine [`Edit`]; the shapes' and packings' defaults are the engine's. A line may name
//! its team (lines of two teams with one GPU are priced as a shared pool too).

mod capacity;
mod demand;
mod packing;

use gpucost_core::edit::{DemandKind, Edit};
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use gpucost_core::print::menus;
use gpucost_core::scenario::{Demand, Line};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{NumberField, Range};
use crate::components::menu_field::MenuField;
use crate::components::text_field::TextField;
use crate::state::{catalog, AppState};

use demand::{CountField, LoadFields, ShapeMenu, WeeklyField, WindowFields};
use packing::PackingFields;

/// Every line, plus "add a line" and the lead time of scheduled windows and serving lines.
#[component]
pub(crate) fn LinesEditor() -> impl IntoView {
    let app = expect_context::<AppState>();
    let count = Memo::new(move |_| app.page.with(|p| p.scenario.lines.len()));
    let can_add = Memo::new(move |_| {
        app.page
            .with(|p| Edit::AddLine.applies(&p.scenario, catalog()))
    });
    let has_window = Memo::new(move |_| {
        app.page.with(|p| {
            p.scenario
                .lines
                .iter()
                .any(|l| matches!(l.demand, Demand::Window { .. } | Demand::Load(_)))
        })
    });
    view! {
        <section class="lines" aria-labelledby="lines-heading">
            <h3 id="lines-heading">{move || app.t(Text::LinesHeading)}</h3>
            <For each=move || 0..count.get() key=|i| *i let:i>
                <LineEditor i=i />
            </For>
            <button type="button" data-testid="add-line" disabled=move || !can_add.get()
                on:click=move |_| app.apply(Edit::AddLine)
            >
                {move || app.t(Text::AddLine)}
            </button>
            <Show when=move || has_window.get()>
                <NumberField lang=app.lang
                    label=Text::Lead
                    testid="lead".to_string()
                    value=Memo::new(move |_| Decimal::from(app.page.with_settings(|p| p.scenario.lead_minutes)))
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
    let line = app.page.line(i);
    let shape = Memo::new(move |_| line.with(|l| l.as_ref().map(|l| DemandKind::of(&l.demand))));
    let testid = move |what: &str| format!("line-{i}-{what}");
    let removable = Memo::new(move |_| app.page.with(|p| p.scenario.lines.len() > 1));
    view! {
        <fieldset class="line" data-testid=testid("fieldset")>
            <legend>{move || format!("{} {}", app.t(Text::Line), i + 1)}</legend>
            <div class="row">
                <MenuField lang=app.lang label=Text::GpuModel testid=testid("gpu")
                    choices=Signal::derive(|| menus::gpus(catalog()))
                    selected=Signal::derive(move || line.with(|l| l.as_ref().map(|l| l.gpu.clone()).unwrap_or_default()))
                    on_pick=Callback::new(move |gpu: String| app.apply(Edit::LineGpu(i, gpu)))
                />
                <ShapeMenu i=i shape=shape />
                <PackingFields i=i line=line />
                {move || match shape.get() {
                    Some(DemandKind::Always) => view! { <CountField i=i line=line /> }.into_any(),
                    Some(DemandKind::Window) => view! { <CountField i=i line=line /> <WindowFields i=i line=line /> }.into_any(),
                    Some(DemandKind::Load) => view! { <LoadFields i=i line=line /> }.into_any(),
                    _ => ().into_any(),
                }}
                <TextField lang=app.lang label=Text::Team testid=testid("team")
                    value=Signal::derive(move || line.with(|l| l.as_ref().and_then(|l| l.team.clone()).unwrap_or_default()))
                    max_chars=limits::MAX_TEAM_CHARS
                    on_change=Callback::new(move |team: String| app.apply(Edit::LineTeam(i, team)))
                />
                <Show when=move || removable.get()>
                    <button type="button" class="remove" data-testid=testid("remove")
                        on:click=move |_| app.apply(Edit::RemoveLine(i))
                    >
                        {move || app.t(Text::Remove)}
                    </button>
                </Show>
            </div>
            {move || (shape.get() == Some(DemandKind::Weekly)).then(|| view! { <WeeklyField i=i /> })}
        </fieldset>
    }
}

/// A line as its fields read it (woken only when that line changes).
type LineSignal = Signal<Option<Line>>;
