//! The batch queue: jobs (GPU model, GPUs each, hours each, earliest start and deadline as
//! hours of the period) that the engine packs onto the fewest GPUs. Every change is an engine
//! [`Edit`]; a change that would leave a job unable to finish in time is refused there.

use gpucost_core::batch::Job;
use gpucost_core::edit::{Edit, JobEdit};
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use gpucost_core::print::menus;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{NumberField, Range};
use crate::components::menu_field::MenuField;
use crate::state::{catalog, AppState};

use super::rows::RowsEditor;

/// The jobs, with a button to add one.
#[component]
pub(crate) fn JobsEditor() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <RowsEditor class="jobs" legend=Text::JobsHeading
            count=Memo::new(move |_| app.page.with_settings(|p| p.scenario.jobs.len()))
            row=|i| view! { <JobRow i=i /> }
            add=(Text::AddJob, "add-job")
            add_edit=Edit::AddJob
        />
    }
}

/// One job's fields.
#[component]
fn JobRow(
    /// Index in the scenario's jobs.
    i: usize,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Its five fields wake only when this job changes (a memo: few readers, unlike a week
    // grid's, so the store keeps no trigger for jobs).
    let job = Memo::new(move |_| app.page.with_settings(|p| p.scenario.jobs.get(i).cloned()));
    let read = move |f: fn(&Job) -> Decimal| {
        Signal::derive(move || job.with(|j| j.as_ref().map(f).unwrap_or_default()))
    };
    let edit = move |f: fn(Decimal) -> JobEdit| {
        Callback::new(move |v: Decimal| app.apply(Edit::Job(i, f(v))))
    };
    let id = move |what: &str| format!("job-{i}-{what}");
    let hour = Range::whole_of(limits::JOB_HOUR);
    view! {
        <div class="row" data-testid=id("row")>
            <span class="job-number">{move || format!("{} {}", app.t(Text::Job), i + 1)}</span>
            <MenuField lang=app.lang label=Text::GpuModel testid=id("gpu")
                choices=Signal::derive(|| menus::gpus(catalog()))
                selected=Signal::derive(move || job.with(|j| j.as_ref().map(|j| j.gpu.clone()).unwrap_or_default()))
                on_pick=Callback::new(move |gpu: String| app.apply(Edit::Job(i, JobEdit::Gpu(gpu))))
            />
            <NumberField lang=app.lang label=Text::JobGpus testid=id("gpus") value=read(|j| j.gpus.into())
                range=Range::whole_of(limits::JOB_GPUS) on_valid=edit(JobEdit::Gpus) />
            <NumberField lang=app.lang label=Text::JobHours testid=id("hours") value=read(|j| Decimal::from(j.minutes) / Decimal::from(60))
                range=Range::of(limits::HOURS) on_valid=edit(JobEdit::Hours) />
            <NumberField lang=app.lang label=Text::JobFrom testid=id("from") value=read(|j| j.from_hour.into())
                range=hour on_valid=edit(JobEdit::From) />
            <NumberField lang=app.lang label=Text::JobDue testid=id("due") value=read(|j| j.due_hour.into())
                range=hour on_valid=edit(JobEdit::Due) />
            <button type="button" class="remove" data-testid=id("remove") on:click=move |_| app.apply(Edit::RemoveJob(i))>
                {move || app.t(Text::Remove)}
            </button>
        </div>
    }
}
