//! The batch queue's schedule: the pools the jobs were packed onto, where each is rented, and
//! each job's GPUs, start and end, in the words every printer uses ([`BatchView`]).

use gpucost_core::format::Lang;
use gpucost_core::view::batch::BatchView;
use leptos::prelude::*;

use super::ViewModel;
use crate::signals::part;

/// A pool's sentence and its jobs' sentences.
type PoolWords = (String, Vec<String>);

/// The packed queue, one item per pool with its jobs (nothing without jobs).
#[component]
pub(super) fn BatchSchedule(
    /// All the results.
    view_model: ViewModel,
    /// The language of the words.
    lang: Lang,
) -> impl IntoView {
    let worded = part(view_model, move |v| {
        v.as_ref()
            .ok()
            .and_then(|r| r.batch.as_ref())
            .map(|b: &BatchView| {
                let pools: Vec<PoolWords> = b
                    .pools
                    .iter()
                    .map(|p| (p.text(lang), p.jobs.iter().map(|j| j.text(lang)).collect()))
                    .collect();
                (b.text(lang), pools)
            })
    });
    let summary = move || worded.with(|w| w.as_ref().map(|w| w.0.clone()).unwrap_or_default());
    let pools = move || {
        worded.with(|w| {
            w.iter()
                .flat_map(|w| w.1.iter())
                .map(|(pool, jobs)| {
                    let jobs = jobs
                        .iter()
                        .map(|j| view! { <li data-testid="batch-job">{j.clone()}</li> })
                        .collect_view();
                    view! { <li>{pool.clone()}<ul>{jobs}</ul></li> }
                })
                .collect_view()
        })
    };
    view! {
        <Show when=move || worded.with(Option::is_some)>
            <div class="batch" data-testid="batch">
                <p data-testid="batch-summary">{summary}</p>
                <ul>{pools}</ul>
            </div>
        </Show>
    }
}
