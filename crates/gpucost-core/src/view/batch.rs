//! The batch queue as every surface shows it: per GPU model, the pool the jobs were packed
//! onto, where it is rented, and each job's place in the schedule (its GPUs, start and end).
//! Built once from the report; the words are in [`crate::l10n`] (`l10n/batch.rs`).

use rust_decimal::Decimal;

use crate::money::Money;
use crate::savings::{BatchSchedule, PoolRental};
use crate::scenario::Scenario;

/// The packed queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchView {
    /// Jobs in the queue.
    pub jobs: usize,
    /// One pool per GPU model, in first-mention order.
    pub pools: Vec<PoolView>,
    /// The jobs rented one by one (the cheapest provider's total).
    pub alone: Option<Money>,
    /// The packed pools (the cheapest provider's total).
    pub packed: Option<Money>,
}

/// One GPU model's pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolView {
    /// The GPU model's display name.
    pub gpu: String,
    /// GPUs in the pool.
    pub size: u32,
    /// Where the packed plan rents it.
    pub rental: Option<PoolRental>,
    /// Its jobs, by start, then job number.
    pub jobs: Vec<JobRow>,
}

/// One job's place in the schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobRow {
    /// Job number, from 1 (its place in the scenario's list).
    pub job: usize,
    /// GPUs it runs on at once.
    pub gpus: u32,
    /// Its earliest start, hours into the period.
    pub from_hour: u32,
    /// Its deadline, hours into the period.
    pub due_hour: u32,
    /// When it starts in the schedule, hours into the period.
    pub start_hour: Decimal,
    /// When it ends, hours into the period.
    pub end_hour: Decimal,
    /// The pool's GPUs it runs on, numbered from 1, as ranges (`(1, 8)` is GPUs 1–8).
    pub on: Vec<(u32, u32)>,
}

impl BatchView {
    /// The view of `batch`, packed for `scenario`'s jobs.
    pub fn of(scenario: &Scenario, batch: &BatchSchedule) -> BatchView {
        let hours = |minutes: u32| Decimal::from(minutes) / Decimal::from(60);
        let pools = batch
            .pools
            .iter()
            .map(|p| {
                let mut jobs: Vec<JobRow> = p
                    .pool
                    .placed
                    .iter()
                    .filter_map(|placed| {
                        let job = scenario.jobs.get(placed.job)?;
                        Some(JobRow {
                            job: placed.job + 1,
                            gpus: job.gpus,
                            from_hour: job.from_hour,
                            due_hour: job.due_hour,
                            start_hour: hours(placed.start).normalize(),
                            end_hour: hours(placed.end).normalize(),
                            on: ranges(&placed.gpus),
                        })
                    })
                    .collect();
                jobs.sort_by_key(|j| (j.start_hour, j.job));
                PoolView {
                    gpu: p.gpu_name.clone(),
                    size: p.pool.size,
                    rental: p.rental.clone(),
                    jobs,
                }
            })
            .collect();
        BatchView {
            jobs: scenario.jobs.len(),
            pools,
            alone: batch.alone,
            packed: batch.packed,
        }
    }
}

/// Ascending GPU numbers (from 0) as ranges numbered from 1: `[0, 1, 2, 5]` → `[(1, 3), (6, 6)]`.
fn ranges(gpus: &[u32]) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for &g in gpus {
        let n = g + 1;
        match out.last_mut() {
            Some(last) if last.1 + 1 == n => last.1 = n,
            _ => out.push((n, n)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::ranges;

    #[test]
    fn gpu_numbers_read_as_ranges() {
        assert_eq!(ranges(&[0, 1, 2, 5]), [(1, 3), (6, 6)]);
        assert_eq!(ranges(&[]), []);
    }
}
