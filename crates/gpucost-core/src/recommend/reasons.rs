//! Reasons a person can check — memory fit, throughput and its evidence, price, and how a
//! candidate compares with the best one — as data. Their words are in [`super::words`].

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::billing_mode::ModeClass;
use crate::catalog::AsOf;
use crate::money::Money;

use super::basis::Basis;
use super::cost::{CostUnit, PriceOption};
use super::memory::MemoryEstimate;
use super::range::LowHigh;
use super::throughput::WorkUnit;
use super::{Candidate, SliceFit};

/// A price as a reason cites it: who sells it, where, when, per GPU-hour.
#[derive(Debug, Clone, PartialEq)]
pub struct CitedPrice {
    /// Provider name (English).
    pub provider_name: String,
    /// Provider name (Chinese).
    pub provider_name_zh: String,
    /// Instance type.
    pub instance: String,
    /// Billing class.
    pub class: ModeClass,
    /// Region.
    pub region: String,
    /// When the price was current.
    pub as_of: AsOf,
    /// One GPU per hour in the display currency.
    pub per_gpu_hour: Money,
    /// The user's own quote (no region or date of its own).
    pub quote: bool,
}

/// One reason for a candidate's place in the ranking.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// How much memory the work needs and how many GPUs hold it.
    Fits {
        /// Memory needed on one GPU, GiB.
        need_gib: LowHigh<f64>,
        /// GPUs per replica.
        gpus: u32,
        /// Memory per GPU, GB as the datasheet gives it.
        memory_gb: f64,
        /// Whether it fits only with activation checkpointing.
        checkpointing: bool,
    },
    /// A MIG slice or a fractional offer that holds the model.
    Slice(SliceFit),
    /// Work per second per GPU, and on what evidence.
    Throughput {
        /// Work per second per GPU.
        per_gpu: LowHigh<f64>,
        /// What work is counted in.
        unit: WorkUnit,
        /// The evidence.
        basis: Basis,
    },
    /// Requests decoded at once, and the time per request.
    Batch {
        /// Requests per replica.
        batch: u32,
        /// Seconds per request.
        latency_s: LowHigh<f64>,
    },
    /// The cheapest price and what the work costs at it.
    Cheapest {
        /// The price.
        price: CitedPrice,
        /// The cost in `unit`, when the work has one.
        cost: Option<LowHigh<Money>>,
        /// The ranking unit.
        unit: CostUnit,
        /// Hours to finish (training and batch jobs).
        hours: Option<LowHigh<f64>>,
    },
    /// How this GPU compares with a reference (the best, or the runner-up for the best).
    Versus {
        /// The reference GPU's display name.
        reference: String,
        /// Throughput over the reference's (middles of the ranges).
        throughput_ratio: f64,
        /// Price per GPU-hour over the reference's.
        price_ratio: f64,
        /// Fraction cheaper in `unit` (negative: dearer).
        saving: f64,
        /// The ranking unit.
        unit: CostUnit,
        /// Whether the two throughputs rest on different evidence.
        different_evidence: bool,
    },
}

/// The candidate's own reasons: memory, throughput, price.
pub(crate) fn own(c: &Candidate, m: &MemoryEstimate, unit: CostUnit) -> Vec<Reason> {
    let mut out = vec![Reason::Fits {
        need_gib: m.total_gib,
        gpus: c.throughput.gpus_per_replica,
        memory_gb: c.profile.memory_gib(),
        checkpointing: c.gpus.needs_checkpointing,
    }];
    if let Some(s) = &c.slice {
        out.push(Reason::Slice(s.clone()));
    }
    let t = &c.throughput;
    out.push(Reason::Throughput {
        per_gpu: t.per_gpu,
        unit: t.unit,
        basis: t.basis.clone(),
    });
    if let (Some(batch), Some(latency_s)) = (t.batch, t.latency_s) {
        out.push(Reason::Batch { batch, latency_s });
    }
    if let Some(o) = c.best_option() {
        out.push(Reason::Cheapest {
            price: cited(o),
            cost: o.cost.in_unit(unit),
            unit,
            hours: o.hours,
        });
    }
    out
}

fn cited(o: &PriceOption) -> CitedPrice {
    CitedPrice {
        provider_name: o.provider_name.clone(),
        provider_name_zh: o.provider_name_zh.clone(),
        instance: o.instance.clone(),
        class: o.class,
        region: o.region.clone(),
        as_of: o.as_of,
        per_gpu_hour: o.per_gpu_hour,
        quote: o.quote,
    }
}

/// How `c` compares with `reference` (the best candidate, or the runner-up for the best).
pub(crate) fn versus(c: &Candidate, reference: &Candidate, unit: CostUnit) -> Option<Reason> {
    let (a, b) = (c.best_option()?, reference.best_option()?);
    let throughput_ratio = c.throughput.per_gpu.mid() / reference.throughput.per_gpu.mid();
    let price_ratio = a.per_gpu_hour.ratio_to(b.per_gpu_hour)?.to_f64()?;
    let (ca, cb) = (a.key(unit)?, b.key(unit)?);
    if cb.is_zero() {
        return None;
    }
    let saving = (Decimal::ONE - ca / cb).to_f64()?;
    Some(Reason::Versus {
        reference: reference.profile.name.clone(),
        throughput_ratio,
        price_ratio,
        saving,
        unit,
        different_evidence: c.throughput.basis.group() != reference.throughput.basis.group(),
    })
}
