//! What a utilization side file says of the bill's GPU resources: its samples are joined to
//! the resources by resource id (case does not matter, since Azure writes the same id in
//! several cases), and each resource with samples gets its average and p95 utilization, its
//! peak memory in use, and its GPU spend. Resources whose average is below
//! [`LOW_UTILIZATION_PERCENT`] are low-utilization spend. A resource without samples is
//! counted and its spend said, never guessed; samples of ids the bill does not have are
//! counted too.
//!
//! Memory stays bounded whatever the file's length: per resource a running sum, a 101-bucket
//! histogram of whole percents (for the p95) and two maxima.

use std::collections::HashMap;
use std::io::Read;

use rust_decimal::Decimal;

use super::{Amounts, Review, FX_ORDER};
use crate::bill::BillError;
use crate::utilization::{read_utilization, Sample, UtilizationFormat};

/// A resource whose average GPU utilization is below this many percent is low-utilization.
pub const LOW_UTILIZATION_PERCENT: Decimal = Decimal::from_parts(30, 0, 0, false, 0);

/// One resource's samples, folded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceUtilization {
    /// The resource id as the bill writes it.
    pub resource: String,
    /// Provider id.
    pub provider: String,
    /// Catalog GPU model id.
    pub gpu: String,
    /// Samples read.
    pub samples: u64,
    /// Average GPU utilization, percent, exact.
    pub average_percent: Decimal,
    /// 95th percentile (nearest rank) of the samples rounded to whole percents.
    pub p95_percent: Decimal,
    /// The most GPU memory in use in any sample, MiB, when the file says.
    pub peak_memory_mib: Option<Decimal>,
    /// The GPU's memory as the file says (the largest seen), MiB.
    pub memory_total_mib: Option<Decimal>,
    /// Its GPU spend.
    pub cost: Amounts,
    /// Whether its average is below [`LOW_UTILIZATION_PERCENT`].
    pub low: bool,
}

/// The utilization review of a bill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UtilizationReview {
    /// The side file's name.
    pub file: String,
    /// Its format.
    pub format: UtilizationFormat,
    /// Samples read.
    pub samples: u64,
    /// Lines skipped.
    pub skipped: u64,
    /// The first skipped lines' problems.
    pub problems: Vec<BillError>,
    /// The bill's GPU resources with samples, biggest GPU spend first.
    pub resources: Vec<ResourceUtilization>,
    /// GPU spend of the low-utilization resources.
    pub low_cost: Amounts,
    /// The bill's GPU resources without any sample.
    pub unsampled: u64,
    /// … and their GPU spend.
    pub unsampled_cost: Amounts,
    /// Resource ids in the side file that are no GPU resource of the bill.
    pub unmatched: u64,
}

/// Running figures of one resource.
struct Folded {
    samples: u64,
    sum: Decimal,
    /// Samples per whole percent 0–100.
    histogram: [u64; 101],
    peak: Option<Decimal>,
    total: Option<Decimal>,
}

impl Default for Folded {
    fn default() -> Self {
        Folded {
            samples: 0,
            sum: Decimal::ZERO,
            histogram: [0; 101],
            peak: None,
            total: None,
        }
    }
}

impl Folded {
    fn add(&mut self, s: &Sample) {
        // Percentages are 0–100: the sum is at most 100 × 2⁶⁴, far inside a decimal.
        self.samples = self.samples.saturating_add(1);
        self.sum = self.sum.saturating_add(s.gpu_util_percent);
        let bucket = s.gpu_util_percent.round().try_into().unwrap_or(100usize);
        self.histogram[bucket.min(100)] = self.histogram[bucket.min(100)].saturating_add(1);
        let max = |a: Option<Decimal>, b: Option<Decimal>| a.max(b);
        self.peak = max(self.peak, s.memory_used_mib);
        self.total = max(self.total, s.memory_total_mib);
    }

    /// The nearest-rank 95th percentile of the whole-percent histogram.
    fn p95(&self) -> Decimal {
        let rank = (u128::from(self.samples) * 95).div_ceil(100).max(1);
        let mut seen = 0;
        for (percent, n) in self.histogram.iter().enumerate() {
            seen += u128::from(*n);
            if seen >= rank {
                return Decimal::from(percent);
            }
        }
        Decimal::ONE_HUNDRED
    }
}

/// Reads the side file `file` and joins its samples to `review`'s GPU resources.
/// `resource` is the bill resource id the whole file belongs to (see
/// [`read_utilization`]); `on_progress` hears the bytes read so far.
///
/// # Errors
/// The file cannot be read at all (see [`read_utilization`]).
pub fn review_utilization(
    review: &Review,
    file: &str,
    reader: impl Read,
    resource: Option<&str>,
    on_progress: impl FnMut(u64),
) -> Result<UtilizationReview, BillError> {
    let mut folded: HashMap<String, Folded> = HashMap::new();
    let summary = read_utilization(
        file,
        reader,
        resource,
        |s| folded.entry(s.resource.to_lowercase()).or_default().add(&s),
        on_progress,
    )?;
    let mut out = UtilizationReview {
        file: file.to_string(),
        format: summary.format,
        samples: summary.samples,
        skipped: summary.skipped,
        problems: summary.problems,
        resources: Vec::new(),
        low_cost: Amounts::default(),
        unsampled: 0,
        unsampled_cost: Amounts::default(),
        unmatched: 0,
    };
    for r in &review.resources {
        let Some(f) = folded.remove(&r.resource.to_lowercase()) else {
            out.unsampled += 1;
            out.unsampled_cost.add_all(&r.cost);
            continue;
        };
        let average = f.sum / Decimal::from(f.samples);
        let low = average < LOW_UTILIZATION_PERCENT;
        if low {
            out.low_cost.add_all(&r.cost);
        }
        out.resources.push(ResourceUtilization {
            resource: r.resource.clone(),
            provider: r.provider.clone(),
            gpu: r.gpu.clone(),
            samples: f.samples,
            average_percent: average,
            p95_percent: f.p95(),
            peak_memory_mib: f.peak,
            memory_total_mib: f.total,
            cost: r.cost.clone(),
            low,
        });
    }
    out.unmatched = folded.len() as u64;
    // Biggest first; `review.resources` is in that order already, kept stable here.
    out.resources
        .sort_by_key(|r| std::cmp::Reverse(r.cost.weight(FX_ORDER)));
    Ok(out)
}
