//! The batch-packing lever: a scenario's batch queue packed onto the fewest GPUs
//! ([`crate::batch::pack`]) and priced by the engine like any line, against the same jobs
//! rented one by one.
//!
//! How the jobs relate to the scenario's total: they are priced apart from its lines (the
//! lines' total is what the comparison shows). The scenario's own cost for the jobs is one
//! rental per job — each job rented alone from its earliest start for its own hours, so the
//! offer's billing increment and minimum apply to every job — which is what a team does
//! today; that is the lever's `without`, as the issue asks of every lever that proposes a
//! change. Its `with` is the packed fleet: per GPU model, the GPUs busy over time, one line
//! priced in every billing mode the scenario allows (hourly, monthly, reserved), so a
//! steady pool may be cheaper reserved than its jobs were hourly. Both sides are the
//! cheapest provider's total for them.

use rust_decimal::Decimal;

use super::{Assumption, Lever, Saving};
use crate::batch::{pack, Pool};
use crate::estimate::{compare, EstimateContext, Selection};
use crate::money::Money;
use crate::placement::Packing;
use crate::scenario::{Demand, Line};

/// The batch queue, packed and priced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchSchedule {
    /// One pool per GPU model, in first-mention order, with where it is rented.
    pub pools: Vec<PricedPool>,
    /// The jobs rented one by one: the cheapest provider's total (`None`: no provider rents
    /// every job's GPU).
    pub alone: Option<Money>,
    /// The packed pools: the cheapest provider's total.
    pub packed: Option<Money>,
    /// The lever, when both sides are priced.
    pub saving: Option<Saving>,
}

/// One GPU model's pool and where the packed plan rents it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedPool {
    /// The packed jobs.
    pub pool: Pool,
    /// The GPU model's display name.
    pub gpu_name: String,
    /// Where the cheapest packed plan rents it.
    pub rental: Option<PoolRental>,
}

/// Where a pool is rented: a provider's offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolRental {
    /// Seller (English name).
    pub seller: String,
    /// Seller (Chinese name).
    pub seller_zh: String,
    /// Offer id (`aws/p4d.24xlarge`).
    pub offer: String,
    /// The provider's name for the offer.
    pub instance: String,
    /// Instances at the pool's peak.
    pub machines: u32,
    /// GPUs per instance.
    pub gpus_per_instance: Decimal,
    /// The pool's part of the packed total.
    pub subtotal: Money,
}

/// The scenario's batch queue packed and priced; `None` without jobs (or when a job cannot
/// finish in time, which validation refuses).
pub fn batch_schedule(ctx: &EstimateContext) -> Option<BatchSchedule> {
    let jobs = &ctx.scenario.scenario().jobs;
    if jobs.is_empty() {
        return None;
    }
    let pools = pack(jobs).ok()?;
    let alone_lines: Vec<Line> = jobs
        .iter()
        .map(|j| Line {
            gpu: j.gpu.clone(),
            demand: Demand::Window {
                gpus: Decimal::from(j.gpus),
                start_minute: j.from_minute(),
                minutes: j.minutes,
            },
            packing: Packing::Split,
            team: None,
        })
        .collect();
    let fleets: Vec<_> = pools.iter().map(Pool::segments).collect();
    let packed_lines: Vec<Line> = pools
        .iter()
        .zip(&fleets)
        .map(|(p, fleet)| {
            let peak = fleet.iter().map(|s| s.gpus).max().unwrap_or(Decimal::ONE);
            Line::constant(&p.gpu, peak)
        })
        .collect();
    let alone_scenario = ctx.scenario.with_fleets(alone_lines, Vec::new());
    let packed_scenario = ctx.scenario.with_fleets(packed_lines, fleets);
    let alone = compare(&EstimateContext {
        scenario: &alone_scenario,
        ..*ctx
    });
    let packed = compare(&EstimateContext {
        scenario: &packed_scenario,
        ..*ctx
    });
    let total =
        |c: &crate::estimate::Comparison| c.cheapest_by_selection.get(&Selection::Allowed).copied();
    let first = packed
        .providers
        .first()
        .and_then(|p| p.outcome.as_ref().ok().map(|plan| (&p.seller, plan)));
    let priced: Vec<PricedPool> = pools
        .into_iter()
        .enumerate()
        .map(|(i, pool)| PricedPool {
            gpu_name: ctx
                .catalog
                .gpu(&pool.gpu)
                .map_or_else(|| pool.gpu.clone(), |g| g.name.to_string()),
            rental: first.and_then(|(seller, plan)| {
                let line = plan.lines.iter().find(|l| l.line == i)?;
                Some(PoolRental {
                    seller: seller.name.clone(),
                    seller_zh: seller.name_zh.clone(),
                    offer: line.offer.clone(),
                    instance: line.instance.clone(),
                    machines: line.machines,
                    gpus_per_instance: line.gpus_per_instance,
                    subtotal: line.subtotal,
                })
            }),
            pool,
        })
        .collect();
    let (alone, packed) = (total(&alone), total(&packed));
    let saving = match (alone, packed) {
        (Some(without), Some(with)) => Saving::new(
            Lever::BatchPacking,
            without,
            with,
            Assumption::BatchPacking {
                jobs: jobs.len(),
                pools: priced
                    .iter()
                    .map(|p| PoolGpus {
                        gpus: p.pool.size,
                        model: p.gpu_name.clone(),
                        rental: p.rental.clone(),
                    })
                    .collect(),
            },
        ),
        _ => None,
    };
    Some(BatchSchedule {
        pools: priced,
        alone,
        packed,
        saving,
    })
}

/// A packed pool as the lever names it: how many GPUs of which model, rented where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolGpus {
    /// GPUs in the pool.
    pub gpus: u32,
    /// The GPU model's display name.
    pub model: String,
    /// Where the packed plan rents it.
    pub rental: Option<PoolRental>,
}
