//! The rightsizing lever, from a utilization side file: a GPU model line of the derived
//! scenario whose resources never had more memory in use than a smaller GPU holds (keeping
//! [`HEADROOM_PERCENT`] of it free) is priced again on the cheapest such smaller GPU of the
//! same vendor that the main provider offers, in the same place — by the engine, through
//! the `cost` the levers pass in, never by a cost model of its own.
//!
//! A line is moved only when every one of its resources has samples with the memory in use:
//! a resource without them could have needed all of its GPU's memory, so nothing is guessed.
//! What the smaller GPU does to the job's speed is not known; the lever says it assumes the
//! same hours.

use gpucost_core::catalog::Catalog;
use gpucost_core::money::Money;
use gpucost_core::scenario::Scenario;
use rust_decimal::Decimal;

use super::error::NotPriced;
use super::utilization::UtilizationReview;
use super::Review;

/// Share of a smaller GPU's memory kept free: it fits when the peak memory in use is at most
/// `100 − HEADROOM_PERCENT` percent of its memory.
pub const HEADROOM_PERCENT: Decimal = Decimal::from_parts(10, 0, 0, false, 0);

/// One GPU model line moved to a smaller GPU.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Swap {
    /// The GPU model billed.
    pub from: String,
    /// The smaller GPU it is priced on.
    pub to: String,
    /// The most memory any of the line's resources had in use, MiB.
    pub peak_memory_mib: Decimal,
    /// Memory per GPU of `from`, GiB.
    pub from_memory_gib: Decimal,
    /// Memory per GPU of `to`, GiB.
    pub to_memory_gib: Decimal,
    /// The line's average GPU utilization over all its samples, percent.
    pub average_percent: Decimal,
}

/// What the samples say of one GPU model at one provider: the peak memory in use and the
/// average utilization, when every resource of it has samples with memory.
fn line_use(
    review: &Review,
    util: &UtilizationReview,
    provider: &str,
    gpu: &str,
) -> Option<(Decimal, Decimal)> {
    let mut peak = Decimal::ZERO;
    let (mut sum, mut samples) = (Decimal::ZERO, 0u64);
    let mut any = false;
    if review.resources_folded() {
        // Some resources are only in the folded group: not every one can be said to fit.
        return None;
    }
    for r in review
        .resources
        .iter()
        .filter(|r| r.provider == provider && r.gpu == gpu)
    {
        let u = util.resources.iter().find(|u| u.resource == r.resource)?;
        peak = peak.max(u.peak_memory_mib?);
        // At most 100 % times 2⁶⁴ samples per resource: checked all the same.
        sum = sum.checked_add(u.average_percent.checked_mul(Decimal::from(u.samples))?)?;
        samples = samples.checked_add(u.samples)?;
        any = true;
    }
    (any && samples > 0).then(|| (peak, sum / Decimal::from(samples)))
}

/// The smaller GPUs of `gpu`'s vendor that `provider` offers and that hold `peak_mib` with
/// the headroom, with their memory in GiB.
fn smaller<'c>(
    catalog: &'c Catalog,
    provider: &str,
    gpu: &str,
    peak_mib: Decimal,
) -> Vec<(&'c str, Decimal)> {
    let Some(from) = catalog.gpu(gpu) else {
        return Vec::new();
    };
    let Some(from_gib) = from.memory_gib else {
        return Vec::new();
    };
    let usable = (Decimal::ONE_HUNDRED - HEADROOM_PERCENT) / Decimal::ONE_HUNDRED;
    catalog
        .gpus
        .iter()
        .filter(|g| g.vendor == from.vendor && g.id != from.id)
        .filter_map(|g| Some((&*g.id, g.memory_gib?)))
        .filter(|(_, gib)| *gib < from_gib && peak_mib <= *gib * Decimal::from(1024) * usable)
        .filter(|(id, _)| {
            catalog
                .offers
                .iter()
                .any(|o| &*o.provider == provider && &*o.gpu == *id)
        })
        .collect()
}

/// `scenario` (priced at `provider`) with each line whose resources fit a smaller GPU moved
/// to the cheapest one, its cost by `cost`, and the moves.
///
/// # Errors
/// Why the lever has no price: no line's resources all have memory samples, or none fits a
/// smaller GPU the provider offers, or the engine priced none of them.
pub(super) fn rightsize(
    review: &Review,
    util: &UtilizationReview,
    scenario: &Scenario,
    provider: &str,
    catalog: &Catalog,
    cost: impl Fn(&Scenario) -> Option<Money>,
) -> Result<(Money, Vec<Swap>), NotPriced> {
    let mut moved = scenario.clone();
    let mut swaps = Vec::new();
    let mut sampled = false;
    for i in 0..scenario.lines.len() {
        let gpu = scenario.lines[i].gpu.clone();
        let Some((peak, average)) = line_use(review, util, provider, &gpu) else {
            continue;
        };
        sampled = true;
        let from_gib = catalog
            .gpu(&gpu)
            .and_then(|g| g.memory_gib)
            .unwrap_or_default();
        let priced = smaller(catalog, provider, &gpu, peak)
            .into_iter()
            .filter_map(|(to, gib)| {
                let mut s = moved.clone();
                s.lines[i].gpu = to.to_string();
                Some((cost(&s)?.amount, to, gib))
            });
        // Cheapest first; the id decides a tie, so the choice is reproducible.
        if let Some((_, to, to_gib)) = priced.min_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(b.1))) {
            moved.lines[i].gpu = to.to_string();
            swaps.push(Swap {
                from: gpu,
                to: to.to_string(),
                peak_memory_mib: peak,
                from_memory_gib: from_gib,
                to_memory_gib: to_gib,
                average_percent: average,
            });
        }
    }
    if swaps.is_empty() {
        return Err(if sampled {
            NotPriced::NoSmallerGpuFits
        } else {
            NotPriced::NoMemorySamples
        });
    }
    let with = cost(&moved).ok_or(NotPriced::NoPrice)?;
    Ok((with, swaps))
}
