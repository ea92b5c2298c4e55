//! Edits to a batch queue's jobs: a new job's defaults and each field's change, kept valid
//! for the scenario's period (a change that would leave a job unable to finish in time, or
//! past the period, is refused, so the form's field goes back to the job's value).

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::batch::Job;
use crate::limits::{JOB_GPUS, JOB_HOUR, MAX_JOBS};
use crate::scenario::{whole_minutes, Scenario};

/// A change to one field of a job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobEdit {
    /// Its GPU model (a catalog id).
    Gpu(String),
    /// GPUs it runs on at once.
    Gpus(Decimal),
    /// Hours it runs (counted in whole minutes).
    Hours(Decimal),
    /// Its earliest start, whole hours into the period.
    From(Decimal),
    /// Its deadline, whole hours into the period.
    Due(Decimal),
}

/// `value` as a whole number of `JOB_*` units, or `None`.
fn whole(value: Decimal) -> Option<u32> {
    value.fract().is_zero().then(|| value.to_u32()).flatten()
}

impl JobEdit {
    /// `job` with this change, when each field stays in its limits (the period's rules are
    /// [`Job::problems`]').
    pub fn with(&self, job: &Job) -> Option<Job> {
        let mut out = job.clone();
        match self {
            JobEdit::Gpu(gpu) => out.gpu = gpu.clone(),
            JobEdit::Gpus(n) => out.gpus = whole(*n).filter(|n| JOB_GPUS.contains(*n))?,
            JobEdit::Hours(h) => out.minutes = (*h > Decimal::ZERO).then(|| whole_minutes(*h))?,
            JobEdit::From(h) => out.from_hour = whole(*h).filter(|h| JOB_HOUR.contains(*h))?,
            JobEdit::Due(h) => out.due_hour = whole(*h).filter(|h| JOB_HOUR.contains(*h))?,
        }
        Some(out)
    }
}

/// A new job for `s`: one GPU of the first line's model for an hour, due at the end of the
/// period (its last whole hour); `None` when the queue is full or the period is under an hour.
pub(super) fn new_job(s: &Scenario) -> Option<Job> {
    let due = (s.horizon.minutes() / 60).min(JOB_HOUR.max);
    let gpu = s
        .lines
        .first()
        .map_or(super::DEFAULT_GPU.to_string(), |l| l.gpu.clone());
    (s.jobs.len() < MAX_JOBS && due >= 1).then_some(Job {
        gpu,
        gpus: 1,
        minutes: 60,
        from_hour: 0,
        due_hour: due,
    })
}
