//! A batch queue: jobs (a GPU model, GPUs each, hours each, an earliest start and a deadline)
//! packed onto the fewest GPUs of their model that finish every job in time.
//!
//! Time is the schedule's: whole minutes from the start of the scenario's period (a one-off
//! job's hours or a month), so a job's earliest start and deadline are hours into the period
//! (`from:0,due:48` is "in the first two days"), and the packed fleet is a GPU count over the
//! same minutes as any line's [`Segment`]s. This module packs; it knows nothing of prices
//! (the `batch-packing` lever in [`crate::savings`] prices the fleet and the jobs rented one
//! by one) nor of words ([`crate::l10n`] says a [`JobError`]).

use rust_decimal::Decimal;

use crate::limits::{JOB_GPUS, JOB_HOUR, MAX_JOBS};
use crate::schedule::Segment;

/// One batch job.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Job {
    /// GPU model id from the catalog.
    pub gpu: String,
    /// GPUs the job runs on at once, in [`JOB_GPUS`].
    pub gpus: u32,
    /// How long it runs, whole minutes (above zero).
    pub minutes: u32,
    /// Earliest start, whole hours from the start of the period.
    pub from_hour: u32,
    /// Deadline: it must end by this hour from the start of the period.
    pub due_hour: u32,
}

impl Job {
    /// Earliest start, minutes from the start of the period.
    pub fn from_minute(&self) -> u32 {
        self.from_hour.saturating_mul(60)
    }

    /// Deadline, minutes from the start of the period.
    pub fn due_minute(&self) -> u32 {
        self.due_hour.saturating_mul(60)
    }

    /// Whether it can finish in time even alone: its hours fit between its earliest start
    /// and its deadline.
    pub fn fits_its_window(&self) -> bool {
        self.from_minute().saturating_add(self.minutes) <= self.due_minute()
    }

    /// What is wrong with it for a period of `horizon_minutes`, in form order.
    pub fn problems(&self, horizon_minutes: u32) -> Vec<JobField> {
        let mut out = Vec::new();
        if !JOB_GPUS.contains(self.gpus) {
            out.push(JobField::Gpus);
        }
        if self.minutes == 0 || self.minutes > JOB_HOUR.max.saturating_mul(60) {
            out.push(JobField::Hours);
        }
        if !JOB_HOUR.contains(self.from_hour) {
            out.push(JobField::From);
        }
        if !JOB_HOUR.contains(self.due_hour) || self.due_minute() > horizon_minutes {
            out.push(JobField::Due);
        } else if self.minutes > 0 && !self.fits_its_window() {
            out.push(JobField::TooLong);
        }
        out
    }
}

/// Which part of a job is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobField {
    /// The GPUs per job are outside [`JOB_GPUS`].
    Gpus,
    /// Its hours are not above zero and within a year.
    Hours,
    /// Its earliest start is past [`JOB_HOUR`].
    From,
    /// Its deadline is past [`JOB_HOUR`] or past the end of the period.
    Due,
    /// It cannot finish by its deadline even alone: hours > deadline − earliest start.
    TooLong,
}

/// Why a link's job (`j=`) cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobError {
    /// Not `GPU*COUNTxHOURS,from:H,due:H`.
    Shape,
    /// A GPU model the catalog does not know.
    UnknownGpu {
        /// The model as written.
        gpu: String,
    },
    /// An attribute that is not `from:` or `due:`, or written twice.
    UnknownAttribute {
        /// The attribute as written.
        attribute: String,
    },
    /// A field's value is out of its limits or not a number.
    Field {
        /// Which field.
        field: JobField,
        /// The value as written.
        value: String,
    },
}

/// Where one job runs in a packed schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// The job's index in the scenario's list.
    pub job: usize,
    /// First minute it runs.
    pub start: u32,
    /// Minute after its last.
    pub end: u32,
    /// The pool's GPUs it runs on, numbered from 0, ascending.
    pub gpus: Vec<u32>,
}

/// The jobs of one GPU model, packed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pool {
    /// GPU model id.
    pub gpu: String,
    /// GPUs the pool has (the fewest the heuristic found).
    pub size: u32,
    /// Its jobs, in the order they were placed.
    pub placed: Vec<Placed>,
}

impl Pool {
    /// The pool's fleet: GPUs busy over time, sorted, non-overlapping, zero dropped.
    pub fn segments(&self) -> Vec<Segment> {
        let mut edges: Vec<(u32, i64)> = Vec::new();
        for p in &self.placed {
            let n = p.gpus.len() as i64;
            edges.push((p.start, n));
            edges.push((p.end, -n));
        }
        edges.sort_unstable();
        let mut out: Vec<Segment> = Vec::new();
        let mut busy = 0i64;
        for (i, &(t, d)) in edges.iter().enumerate() {
            busy += d;
            let next = edges.get(i + 1).map(|e| e.0);
            match next {
                Some(n) if n > t && busy > 0 => match out.last_mut() {
                    Some(last) if last.end == t && last.gpus == Decimal::from(busy) => last.end = n,
                    _ => out.push(Segment {
                        start: t,
                        end: n,
                        gpus: Decimal::from(busy),
                    }),
                },
                _ => {}
            }
        }
        out
    }
}

/// Every job that cannot finish by its deadline even alone, or asks for a number of GPUs
/// outside [`JOB_GPUS`] (index in the list).
pub fn infeasible(jobs: &[Job]) -> Vec<usize> {
    (0..jobs.len())
        .filter(|&i| !jobs[i].fits_its_window() || !JOB_GPUS.contains(jobs[i].gpus))
        .collect()
}

/// Linear steps of the pool size before it grows by doubling.
const LINEAR_TRIES: u32 = 64;

/// Packs `jobs` onto the fewest GPUs of each model the heuristic finds, one [`Pool`] per
/// model in first-mention order; at most [`MAX_JOBS`] jobs are read.
///
/// This is a heuristic, not an optimum: for a pool size `k` it places the jobs earliest
/// deadline first (ties: earliest start, then list order) and, if that misses a deadline,
/// latest possible start first (deadline − hours), each on the `gpus` GPUs that come
/// free first (ties: lowest number), starting when they are all free and not before the
/// job's earliest start; `k` starts at a lower bound (the largest job, and the GPU-minutes
/// over the span from the first start to the last deadline) and grows by one, after
/// [`LINEAR_TRIES`] steps by doubling, until every job ends by its deadline. What it
/// guarantees: every job starts at or after its earliest start and ends by its deadline, no
/// GPU runs two jobs at once, the schedule is the same on every run, and a pool is found
/// whenever every job fits its own window (at the latest with as many GPUs as the jobs have
/// together, where each starts at its earliest start).
///
/// # Errors
/// The jobs that cannot finish by their deadline even alone, or whose GPUs are outside
/// [`JOB_GPUS`] (their indices): named, never dropped.
pub fn pack(jobs: &[Job]) -> Result<Vec<Pool>, Vec<usize>> {
    let jobs = &jobs[..jobs.len().min(MAX_JOBS)];
    let late = infeasible(jobs);
    if !late.is_empty() {
        return Err(late);
    }
    let mut models: Vec<&str> = Vec::new();
    for j in jobs {
        if !models.contains(&j.gpu.as_str()) {
            models.push(&j.gpu);
        }
    }
    Ok(models
        .into_iter()
        .map(|gpu| {
            let ids: Vec<usize> = (0..jobs.len()).filter(|&i| jobs[i].gpu == gpu).collect();
            pack_model(jobs, &ids, gpu)
        })
        .collect())
}

/// One model's pool (every job fits its window).
fn pack_model(jobs: &[Job], ids: &[usize], gpu: &str) -> Pool {
    // Earliest deadline first, then least slack (latest possible start) first.
    let mut edf = ids.to_vec();
    edf.sort_by_key(|&i| (jobs[i].due_minute(), jobs[i].from_minute(), i));
    let mut slack = ids.to_vec();
    slack.sort_by_key(|&i| {
        (
            jobs[i].due_minute() - jobs[i].minutes,
            jobs[i].from_minute(),
            i,
        )
    });
    let total: u32 = ids.iter().map(|&i| jobs[i].gpus).sum();
    let widest = ids.iter().map(|&i| jobs[i].gpus).max().unwrap_or(1);
    let first = ids
        .iter()
        .map(|&i| jobs[i].from_minute())
        .min()
        .unwrap_or(0);
    let last = ids.iter().map(|&i| jobs[i].due_minute()).max().unwrap_or(1);
    let work: u64 = ids
        .iter()
        .map(|&i| u64::from(jobs[i].gpus) * u64::from(jobs[i].minutes))
        .sum();
    let span = u64::from(last.saturating_sub(first).max(1));
    let by_work = u32::try_from(work.div_ceil(span)).unwrap_or(total);
    let mut k = widest.max(by_work).min(total).max(1);
    let mut tries = 0;
    loop {
        if let Some(placed) = place(jobs, &edf, k).or_else(|| place(jobs, &slack, k)) {
            return Pool {
                gpu: gpu.into(),
                size: k,
                placed,
            };
        }
        if k >= total {
            // Unreachable by the argument above; kept so that no input can loop.
            return Pool {
                gpu: gpu.into(),
                size: total,
                placed: side_by_side(jobs, &edf),
            };
        }
        tries += 1;
        k = if tries < LINEAR_TRIES { k + 1 } else { k * 2 }.min(total);
    }
}

/// Every job on GPUs of its own, at its earliest start.
fn side_by_side(jobs: &[Job], order: &[usize]) -> Vec<Placed> {
    let mut next = 0;
    order
        .iter()
        .map(|&i| {
            let j = &jobs[i];
            let gpus: Vec<u32> = (next..next + j.gpus).collect();
            next += j.gpus;
            Placed {
                job: i,
                start: j.from_minute(),
                end: j.from_minute() + j.minutes,
                gpus,
            }
        })
        .collect()
}

/// Earliest-deadline-first list scheduling of `order` onto `k` GPUs; `None` when a job would
/// end past its deadline. With `k` ≥ the jobs' GPUs together it always succeeds.
fn place(jobs: &[Job], order: &[usize], k: u32) -> Option<Vec<Placed>> {
    let mut free_at: Vec<u32> = vec![0; k as usize];
    let mut out = Vec::with_capacity(order.len());
    let mut by_free: Vec<(u32, u32)> = Vec::with_capacity(k as usize);
    for &i in order {
        let job = &jobs[i];
        let g = job.gpus as usize;
        if g > free_at.len() {
            return None;
        }
        by_free.clear();
        by_free.extend(free_at.iter().enumerate().map(|(n, &t)| (t, n as u32)));
        by_free.select_nth_unstable(g - 1);
        let chosen = &mut by_free[..g];
        chosen.sort_unstable();
        let ready = chosen.iter().map(|c| c.0).max().unwrap_or(0);
        let start = ready.max(job.from_minute());
        let end = start.checked_add(job.minutes)?;
        if end > job.due_minute() {
            return None;
        }
        let mut gpus: Vec<u32> = chosen.iter().map(|c| c.1).collect();
        gpus.sort_unstable();
        for &n in &gpus {
            free_at[n as usize] = end;
        }
        out.push(Placed {
            job: i,
            start,
            end,
            gpus,
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(gpu: &str, gpus: u32, hours: u32, from_hour: u32, due_hour: u32) -> Job {
        Job {
            gpu: gpu.into(),
            gpus,
            minutes: hours * 60,
            from_hour,
            due_hour,
        }
    }

    /// Every job in its window, no GPU running two jobs at once, every job placed once.
    fn assert_sound(jobs: &[Job], pools: &[Pool]) {
        let mut seen = vec![0; jobs.len()];
        for pool in pools {
            for p in &pool.placed {
                let j = &jobs[p.job];
                seen[p.job] += 1;
                assert_eq!(j.gpu, pool.gpu);
                assert!(p.start >= j.from_minute(), "{p:?} starts early");
                assert!(p.end <= j.due_minute(), "{p:?} ends late");
                assert_eq!(p.end - p.start, j.minutes);
                assert_eq!(p.gpus.len() as u32, j.gpus);
                assert!(p.gpus.iter().all(|&g| g < pool.size));
                for q in &pool.placed {
                    let overlap = q.job != p.job && q.start < p.end && p.start < q.end;
                    assert!(
                        !(overlap && q.gpus.iter().any(|g| p.gpus.contains(g))),
                        "{p:?} and {q:?} share a GPU"
                    );
                }
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
    }

    #[test]
    fn five_jobs_pack_onto_fewer_gpus_than_they_have_together() {
        let jobs = vec![
            job("A100-80GB", 8, 12, 0, 48),
            job("A100-80GB", 8, 12, 0, 48),
            job("A100-80GB", 4, 6, 12, 36),
            job("A100-80GB", 4, 20, 0, 48),
            job("A100-80GB", 8, 10, 24, 48),
        ];
        let pools = pack(&jobs).unwrap();
        assert_sound(&jobs, &pools);
        assert_eq!(pools.len(), 1);
        // 8×12 + 8×12 + 4×6 + 4×20 + 8×10 = 376 GPU-hours over 48 hours: at least 8 GPUs;
        // the three 8-GPU jobs take 34 of the 48 hours, so the 20-hour job runs beside them.
        assert_eq!(pools[0].size, 12, "{:?}", pools[0]);
        let hours: Decimal = crate::traffic::gpu_hours(&pools[0].segments());
        assert_eq!(hours, Decimal::from(376));
    }

    #[test]
    fn models_pack_apart_in_first_mention_order() {
        let jobs = vec![
            job("T4", 1, 2, 0, 4),
            job("H100", 2, 1, 0, 1),
            job("T4", 1, 2, 0, 4),
        ];
        let pools = pack(&jobs).unwrap();
        assert_sound(&jobs, &pools);
        assert_eq!(
            pools
                .iter()
                .map(|p| (p.gpu.as_str(), p.size))
                .collect::<Vec<_>>(),
            [("T4", 1), ("H100", 2)]
        );
        assert_eq!(
            pools[0].segments(),
            [Segment {
                start: 0,
                end: 240,
                gpus: Decimal::ONE
            }]
        );
    }

    #[test]
    fn an_infeasible_job_is_named_not_dropped() {
        let jobs = vec![job("T4", 1, 2, 0, 4), job("T4", 1, 5, 10, 14)];
        assert_eq!(pack(&jobs), Err(vec![1]));
        assert_eq!(jobs[1].problems(24 * 60), [JobField::TooLong]);
        assert_eq!(jobs[0].problems(3 * 60), [JobField::Due]);
    }

    #[test]
    fn generated_queues_are_always_sound() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: u32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % u64::from(n)) as u32
        };
        for _ in 0..300 {
            let n = 1 + next(12) as usize;
            let jobs: Vec<Job> = (0..n)
                .map(|_| {
                    let from = next(48);
                    let minutes = 1 + next(24 * 60);
                    let due = from + minutes.div_ceil(60) + next(30);
                    Job {
                        gpu: ["T4", "L4"][next(2) as usize].into(),
                        gpus: 1 + next(8),
                        minutes,
                        from_hour: from,
                        due_hour: due,
                    }
                })
                .collect();
            let pools = pack(&jobs).unwrap();
            assert_sound(&jobs, &pools);
            assert_eq!(pack(&jobs).unwrap(), pools, "deterministic");
            for pool in &pools {
                let together: u32 = jobs
                    .iter()
                    .filter(|j| j.gpu == pool.gpu)
                    .map(|j| j.gpus)
                    .sum();
                assert!(pool.size <= together);
            }
        }
    }
}
