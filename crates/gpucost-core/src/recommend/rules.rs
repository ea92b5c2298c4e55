//! The founding documents' rules of thumb, each checked against this workload's numbers.
//!
//! A rule is never asserted: the recommendation computes the quantity the rule talks about
//! (the saving of T4/L4 over A100, of quantization, of spot over on-demand, …) and reports
//! whether this workload's numbers fall within the claimed range, go beyond it, fall short
//! of it, or contradict it — or why the rule does not apply.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::billing_mode::ModeClass;
use crate::money::{Currency, Money};

use super::cost::{CostUnit, PriceOption};
use super::range::LowHigh;
use super::ranking::top_on_demand;
use super::rentals::Rentals;
use super::workload::{Precision, ValidWorkload};
use super::Candidate;

/// A rule of thumb from the founding documents (`shared/seeds/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeedRule {
    /// Seed 003: cost-optimized GPUs (T4, L4) cut inference cost 40–70 % against A100.
    InferenceGpusCheaper,
    /// Seed 003: quantization cuts inference cost 50–75 % or more.
    QuantizationSaves,
    /// Seed 003: batching raises GPU utilization from 30 % to over 80 %.
    BatchingUtilization,
    /// Seed 003: train on high-performance GPUs (A100/H100).
    TrainOnA100H100,
    /// Seed 003: use the smallest instance for development and tests.
    SmallestForDevTest,
    /// Seed 003: spot instances are usually 60–90 % cheaper.
    SpotDiscount,
    /// Seed 000: reserved instances save up to 72 % (AWS).
    CommittedDiscount,
    /// Seed 004: T4 for light inference, A10 for mid-size training, A100 80GB for large parallel training.
    HardwareMatrix,
}

impl SeedRule {
    /// Every rule.
    pub const ALL: [SeedRule; 8] = [
        SeedRule::InferenceGpusCheaper,
        SeedRule::QuantizationSaves,
        SeedRule::BatchingUtilization,
        SeedRule::TrainOnA100H100,
        SeedRule::SmallestForDevTest,
        SeedRule::SpotDiscount,
        SeedRule::CommittedDiscount,
        SeedRule::HardwareMatrix,
    ];

    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            SeedRule::InferenceGpusCheaper => "inference-gpus-cheaper",
            SeedRule::QuantizationSaves => "quantization-saves",
            SeedRule::BatchingUtilization => "batching-utilization",
            SeedRule::TrainOnA100H100 => "train-on-a100-h100",
            SeedRule::SmallestForDevTest => "smallest-for-dev-test",
            SeedRule::SpotDiscount => "spot-discount",
            SeedRule::CommittedDiscount => "committed-discount",
            SeedRule::HardwareMatrix => "hardware-matrix",
        }
    }

    /// The founding document it comes from.
    pub fn source(self) -> &'static str {
        match self {
            SeedRule::CommittedDiscount => "shared/seeds/000_37853720f81d09b3.txt",
            SeedRule::HardwareMatrix => "shared/seeds/004_35eb1b1d20f1dd4f.txt",
            _ => "shared/seeds/003_f37c74ad377d600c.txt",
        }
    }
}

/// How this workload's numbers relate to a rule's claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Within the claimed range.
    Within,
    /// Same direction, larger effect than claimed.
    Beyond,
    /// Same direction, smaller effect than claimed.
    Weaker,
    /// The opposite of the claim.
    Contrary,
    /// The rule does not apply to this workload, or the data cannot test it.
    NotApplicable,
}

impl Verdict {
    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Within => "within",
            Verdict::Beyond => "beyond",
            Verdict::Weaker => "weaker",
            Verdict::Contrary => "contrary",
            Verdict::NotApplicable => "n/a",
        }
    }

    /// A saving `s` (fraction) against a claimed range.
    pub fn of_saving(s: f64, claimed: (f64, f64)) -> Verdict {
        if s <= 0.0 {
            Verdict::Contrary
        } else if s < claimed.0 {
            Verdict::Weaker
        } else if s <= claimed.1 {
            Verdict::Within
        } else {
            Verdict::Beyond
        }
    }
}

/// One rule, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleCheck {
    /// The rule.
    pub rule: SeedRule,
    /// The verdict.
    pub verdict: Verdict,
    /// The numbers behind the verdict.
    pub finding: Finding,
}

/// The kind of work the hardware matrix (seed 004) assigns a GPU to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatrixWork {
    /// Light inference: T4.
    LightInference,
    /// Mid-size training: A10.
    MidSizeTraining,
    /// Large parallel training: A100 80GB.
    LargeParallelTraining,
}

/// One precision priced against another, for the quantization rule.
#[derive(Debug, Clone, PartialEq)]
pub struct QuantizedCost {
    /// The lower precision.
    pub quantized: Precision,
    /// Its cheapest on-demand cost in the ranking unit.
    pub quantized_cost: Money,
    /// The higher precision.
    pub full: Precision,
    /// Its cheapest on-demand cost.
    pub full_cost: Money,
    /// Fraction the lower precision saves (negative: it costs more).
    pub saving: f64,
}

/// What the numbers show for a rule, or why it does not apply.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// A training workload, and the rule is about inference.
    AboutInference,
    /// An inference workload, and the rule is about training.
    AboutTraining,
    /// No GPU can run the workload.
    NothingRuns,
    /// Seed 003's T4/L4 against A100: the cheapest of each on demand.
    GpusCheaper {
        /// The cheapest T4/L4 (display name).
        cheap: String,
        /// Its cost in `unit`.
        cheap_cost: Money,
        /// The cheapest A100.
        dear: String,
        /// Its cost.
        dear_cost: Money,
        /// Fraction the T4/L4 saves (negative: it costs more).
        saving: f64,
        /// The ranking unit.
        unit: CostUnit,
    },
    /// No priced T4/L4 or no priced A100 can run the workload.
    NoCheapOrDearGpu,
    /// Each other precision priced against this one.
    Quantization {
        /// The ranking unit.
        unit: CostUnit,
        /// One comparison per other precision that could be priced.
        comparisons: Vec<QuantizedCost>,
    },
    /// The deciding measured rows do not record their precision.
    PrecisionUnrecorded,
    /// No other precision of the workload can be priced.
    NoOtherPrecision,
    /// What batching gains on the recommended GPU.
    Batching {
        /// The GPU.
        gpu: String,
        /// Requests per batch.
        batch: u32,
        /// Work per GPU-hour at that batch over batch 1.
        gain: LowHigh<f64>,
        /// The gain the claim implies (80 % / 30 %).
        claimed: f64,
    },
    /// Batching is modelled for text generation only.
    BatchingNotModelled,
    /// The cheapest A100/H100 against the cheapest GPU overall.
    TrainOnA100H100 {
        /// The cheapest A100/H100.
        gpu: String,
        /// Its cost in `unit`.
        cost: Money,
        /// The ranking unit.
        unit: CostUnit,
        /// The cheapest GPU overall.
        top: String,
        /// Its cost (the middle of its range), when it has one.
        top_cost: Option<Money>,
        /// Fraction the cheapest overall saves against the A100/H100.
        saving: f64,
    },
    /// No priced A100/H100 can run the workload.
    NoA100H100,
    /// The cheapest instance per hour that holds the model.
    Smallest {
        /// Provider name (English).
        provider_name: String,
        /// Provider name (Chinese).
        provider_name_zh: String,
        /// Instance type.
        instance: String,
        /// The GPU.
        gpu: String,
        /// One instance per hour.
        per_hour: Money,
        /// Its share of the recommended instance's price per hour.
        share: f64,
        /// The recommended instance per hour.
        recommended_per_hour: Money,
    },
    /// No on-demand instance holds the model.
    NoOnDemandInstance,
    /// Offers' discounts of a billing class against their own on-demand prices.
    Discount {
        /// The recommended GPU.
        gpu: String,
        /// Offers that list both prices.
        offers: usize,
        /// The billing class.
        class: ModeClass,
        /// Smallest to largest discount.
        range: LowHigh<f64>,
        /// Median discount.
        median: f64,
    },
    /// No offer of the recommended GPU lists the class next to its on-demand price.
    NoDiscountPair,
    /// The GPU the hardware matrix names against the cheapest here.
    Matrix {
        /// The kind of work.
        work: MatrixWork,
        /// The GPU the matrix names (display name).
        gpu: String,
        /// Its cost in `unit`.
        cost: Money,
        /// The ranking unit.
        unit: CostUnit,
        /// The cheapest GPU here.
        cheapest: String,
        /// Its cost.
        cheapest_cost: Money,
    },
    /// The model does not fit on one T4, so it is not light inference.
    NotLightInference,
    /// The GPU the matrix names cannot run the workload or has no on-demand price.
    MatrixGpuUnavailable,
}

fn na(rule: SeedRule, finding: Finding) -> RuleCheck {
    RuleCheck {
        rule,
        verdict: Verdict::NotApplicable,
        finding,
    }
}

/// The cheapest rankable option of `class` for a candidate.
fn best_in(c: &Candidate, class: ModeClass, unit: CostUnit) -> Option<&PriceOption> {
    c.options
        .iter()
        .filter(|o| o.rankable && o.class == class)
        .filter_map(|o| Some((o, o.key(unit)?)))
        .min_by_key(|(_, k)| *k)
        .map(|(o, _)| o)
}

/// The cheapest on-demand candidate whose family is one of `families`, with its cost.
fn cheapest_of<'a>(
    ranked: &'a [Candidate],
    families: &[&str],
    unit: CostUnit,
) -> Option<(&'a Candidate, Decimal)> {
    ranked
        .iter()
        .filter(|c| families.contains(&c.profile.family.as_str()))
        .filter_map(|c| best_in(c, ModeClass::OnDemand, unit).and_then(|o| Some((c, o.key(unit)?))))
        .min_by_key(|(_, k)| *k)
}

fn saving(cheap: Decimal, dear: Decimal) -> Option<f64> {
    if dear.is_zero() {
        return None;
    }
    (Decimal::ONE - cheap / dear).to_f64()
}

/// What rules read of a recommendation: the workload, its ranking, and how to price it.
pub(crate) struct Ranking<'a, 'c> {
    /// Offers per GPU (to re-rank at other precisions and read the top GPU's offers).
    pub rentals: &'a Rentals<'c>,
    /// The workload.
    pub w: &'a ValidWorkload,
    /// The GPUs that can do it, best first.
    pub ranked: &'a [Candidate],
    /// The ranking unit.
    pub unit: CostUnit,
    /// The display currency.
    pub currency: Currency,
}

impl Ranking<'_, '_> {
    fn inference(&self) -> bool {
        !self.w.task().is_training()
    }

    fn top(&self) -> Option<&Candidate> {
        self.ranked.first()
    }

    fn money(&self, k: Decimal) -> Money {
        Money::new(k, self.currency)
    }
}

/// Checks every rule against a ranking, in [`SeedRule::ALL`] order.
pub(crate) fn check(r: &Ranking) -> Vec<RuleCheck> {
    vec![
        inference_gpus_cheaper(r),
        quantization_saves(r),
        batching_utilization(r),
        train_on_a100_h100(r),
        smallest_for_dev_test(r),
        discount(r, SeedRule::SpotDiscount, ModeClass::Spot),
        discount(r, SeedRule::CommittedDiscount, ModeClass::Committed),
        hardware_matrix(r),
    ]
}

/// Seed 003: T4/L4 against A100, for inference.
fn inference_gpus_cheaper(r: &Ranking) -> RuleCheck {
    let rule = SeedRule::InferenceGpusCheaper;
    if !r.inference() {
        return na(rule, Finding::AboutInference);
    }
    match (
        cheapest_of(r.ranked, &["T4", "L4"], r.unit),
        cheapest_of(r.ranked, &["A100"], r.unit),
    ) {
        (Some((c, a)), Some((d, b))) => {
            let s = saving(a, b).unwrap_or(0.0);
            RuleCheck {
                rule,
                verdict: Verdict::of_saving(s, (0.4, 0.7)),
                finding: Finding::GpusCheaper {
                    cheap: c.profile.name.clone(),
                    cheap_cost: r.money(a),
                    dear: d.profile.name.clone(),
                    dear_cost: r.money(b),
                    saving: s,
                    unit: r.unit,
                },
            }
        }
        _ => na(rule, Finding::NoCheapOrDearGpu),
    }
}

/// Seed 003: quantization, for inference — the workload re-ranked at other precisions.
fn quantization_saves(r: &Ranking) -> RuleCheck {
    let rule = SeedRule::QuantizationSaves;
    if !r.inference() {
        return na(rule, Finding::AboutInference);
    }
    let own = r.w.precision();
    let others: &[Precision] = match own {
        Precision::Fp32 | Precision::Fp16 => &[Precision::Int8, Precision::Int4],
        Precision::Int8 | Precision::Int4 | Precision::Fp8 | Precision::Fp4 => &[Precision::Fp16],
    };
    let best = |c: &[Candidate]| -> Option<(Decimal, bool)> {
        let t = c.first()?;
        let unrecorded = t.throughput.basis.precision_unrecorded();
        Some((
            best_in(t, ModeClass::OnDemand, r.unit)?.key(r.unit)?,
            unrecorded,
        ))
    };
    let Some((own_cost, own_unrecorded)) = best(r.ranked) else {
        return na(rule, Finding::NothingRuns);
    };
    let mut comparisons = Vec::new();
    for &p in others {
        let Some(alt) = r.w.with_precision(p) else {
            continue;
        };
        let Some((alt_cost, alt_unrecorded)) = top_on_demand(r.rentals, &alt) else {
            continue;
        };
        if own_unrecorded || alt_unrecorded {
            return na(rule, Finding::PrecisionUnrecorded);
        }
        let (quant, full) = if own > p {
            (own_cost, alt_cost)
        } else {
            (alt_cost, own_cost)
        };
        let Some(s) = saving(quant, full) else {
            continue;
        };
        let (q, f) = if own > p { (own, p) } else { (p, own) };
        comparisons.push(QuantizedCost {
            quantized: q,
            quantized_cost: r.money(quant),
            full: f,
            full_cost: r.money(full),
            saving: s,
        });
    }
    let best_saving = comparisons
        .iter()
        .map(|c| c.saving)
        .fold(None, |b: Option<f64>, s| Some(b.map_or(s, |b| b.max(s))));
    match best_saving {
        Some(s) => RuleCheck {
            rule,
            verdict: Verdict::of_saving(s, (0.5, 0.75)),
            finding: Finding::Quantization {
                unit: r.unit,
                comparisons,
            },
        },
        None => na(rule, Finding::NoOtherPrecision),
    }
}

/// Seed 003: batching, where the model counts its gain (text generation).
fn batching_utilization(r: &Ranking) -> RuleCheck {
    let rule = SeedRule::BatchingUtilization;
    let Some((c, g)) = r
        .top()
        .and_then(|c| c.throughput.batching_gain.map(|g| (c, g)))
    else {
        return na(rule, Finding::BatchingNotModelled);
    };
    let claimed = 80.0 / 30.0;
    let verdict = if g.mid() <= 1.0 {
        Verdict::Contrary
    } else if g.mid() < claimed {
        Verdict::Weaker
    } else {
        Verdict::Within
    };
    RuleCheck {
        rule,
        verdict,
        finding: Finding::Batching {
            gpu: c.profile.name.clone(),
            batch: c.throughput.batch.unwrap_or(1),
            gain: g,
            claimed,
        },
    }
}

/// Seed 003: training on A100/H100 — within when the best is one, or at most 10 % dearer.
fn train_on_a100_h100(r: &Ranking) -> RuleCheck {
    let rule = SeedRule::TrainOnA100H100;
    if r.inference() {
        return na(rule, Finding::AboutTraining);
    }
    let (Some(t), Some((c, k))) = (r.top(), cheapest_of(r.ranked, &["A100", "H100"], r.unit))
    else {
        return na(rule, Finding::NoA100H100);
    };
    let top_key = best_in(t, ModeClass::OnDemand, r.unit)
        .and_then(|o| o.key(r.unit))
        .unwrap_or(k);
    // How much cheaper the overall best is than the best A100/H100.
    let extra = saving(top_key, k).unwrap_or(0.0);
    let within = ["A100", "H100"].contains(&t.profile.family.as_str()) || extra <= 0.1;
    RuleCheck {
        rule,
        verdict: if within {
            Verdict::Within
        } else {
            Verdict::Contrary
        },
        finding: Finding::TrainOnA100H100 {
            gpu: c.profile.name.clone(),
            cost: r.money(k),
            unit: r.unit,
            top: t.profile.name.clone(),
            top_cost: t
                .best_option()
                .and_then(|o| o.cost.in_unit(r.unit))
                .map(|c| c.mid()),
            saving: extra,
        },
    }
}

/// Seed 003: the smallest instance for development — the cheapest per hour that holds it.
fn smallest_for_dev_test(r: &Ranking) -> RuleCheck {
    let rule = SeedRule::SmallestForDevTest;
    let smallest = r
        .ranked
        .iter()
        .flat_map(|c| {
            c.options
                .iter()
                .filter(|o| o.rankable && o.class == ModeClass::OnDemand)
                .map(move |o| (c, o))
        })
        .min_by_key(|(_, o)| o.instance_per_hour.amount);
    let (Some((c, o)), Some(best)) = (smallest, r.top().and_then(|t| t.best_option())) else {
        return na(rule, Finding::NoOnDemandInstance);
    };
    let share = o
        .instance_per_hour
        .ratio_to(best.instance_per_hour)
        .and_then(|r| r.to_f64())
        .unwrap_or(1.0);
    RuleCheck {
        rule,
        verdict: Verdict::Within,
        finding: Finding::Smallest {
            provider_name: o.provider_name.clone(),
            provider_name_zh: o.provider_name_zh.clone(),
            instance: o.instance.clone(),
            gpu: c.profile.name.clone(),
            per_hour: o.instance_per_hour,
            share,
            recommended_per_hour: best.instance_per_hour,
        },
    }
}

/// Seeds 003 and 000: each offer's discount of `class` against its own on-demand price in
/// the same region, on the recommended GPU.
fn discount(r: &Ranking, rule: SeedRule, class: ModeClass) -> RuleCheck {
    let Some(t) = r.top() else {
        return na(rule, Finding::NothingRuns);
    };
    let mut savings: Vec<f64> = Vec::new();
    // The seeds' discounts are the market's: the user's quotes are not among them.
    for offer in r
        .rentals
        .of(&t.profile)
        .iter()
        .filter(|r| !r.quote)
        .map(|r| r.offer)
    {
        let best = offer
            .prices
            .iter()
            .filter(|p| p.mode.class() == class)
            .filter_map(|p| {
                let od = offer.price(crate::billing_mode::BillingMode::OnDemand, &p.region)?;
                saving(p.amount, od.amount)
            })
            .fold(None, |acc: Option<f64>, s| {
                Some(acc.map_or(s, |a| a.max(s)))
            });
        savings.extend(best);
    }
    if savings.is_empty() {
        return na(rule, Finding::NoDiscountPair);
    }
    savings.sort_by(|a, b| a.total_cmp(b));
    let n = savings.len();
    let median = if n % 2 == 1 {
        savings[n / 2]
    } else {
        (savings[n / 2 - 1] + savings[n / 2]) / 2.0
    };
    let (lo, hi) = (savings[0], savings[n - 1]);
    // "Usually 60–90 %" is judged on the median; "up to 72 %" on the largest discount.
    let verdict = match rule {
        SeedRule::CommittedDiscount if hi <= 0.0 => Verdict::Contrary,
        SeedRule::CommittedDiscount if hi <= 0.72 => Verdict::Within,
        SeedRule::CommittedDiscount => Verdict::Beyond,
        _ => Verdict::of_saving(median, (0.6, 0.9)),
    };
    RuleCheck {
        rule,
        verdict,
        finding: Finding::Discount {
            gpu: t.profile.name.clone(),
            offers: n,
            class,
            range: LowHigh::new(lo, hi),
            median,
        },
    }
}

/// Seed 004: the hardware matrix — the GPU it names for this kind of work against the
/// cheapest here.
fn hardware_matrix(r: &Ranking) -> RuleCheck {
    let rule = SeedRule::HardwareMatrix;
    let fits_one = |family: &str| {
        r.ranked
            .iter()
            .any(|c| c.profile.family == family && c.throughput.gpus_per_replica == 1)
    };
    let (family, gpu, work) = if r.inference() {
        if !fits_one("T4") {
            return na(rule, Finding::NotLightInference);
        }
        ("T4", "T4", MatrixWork::LightInference)
    } else if fits_one("A10") {
        ("A10", "A10", MatrixWork::MidSizeTraining)
    } else {
        ("A100", "A100-80GB", MatrixWork::LargeParallelTraining)
    };
    let pick = r
        .ranked
        .iter()
        .filter(|c| c.profile.family == family && (family != "A100" || c.profile.gpu == gpu))
        .filter_map(|c| {
            best_in(c, ModeClass::OnDemand, r.unit).and_then(|o| Some((c, o.key(r.unit)?)))
        })
        .min_by_key(|(_, k)| *k);
    let top = r
        .top()
        .and_then(|t| Some((t, best_in(t, ModeClass::OnDemand, r.unit)?.key(r.unit)?)));
    let (Some((c, k)), Some((t, tk))) = (pick, top) else {
        return na(rule, Finding::MatrixGpuUnavailable);
    };
    let extra = saving(tk, k).unwrap_or(0.0);
    RuleCheck {
        rule,
        verdict: if c.profile.gpu == t.profile.gpu || extra <= 0.1 {
            Verdict::Within
        } else {
            Verdict::Contrary
        },
        finding: Finding::Matrix {
            work,
            gpu: c.profile.name.clone(),
            cost: r.money(k),
            unit: r.unit,
            cheapest: t.profile.name.clone(),
            cheapest_cost: r.money(tk),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Lang;

    #[test]
    fn savings_are_judged_against_the_claimed_range() {
        assert_eq!(Verdict::of_saving(0.5, (0.4, 0.7)), Verdict::Within);
        assert_eq!(Verdict::of_saving(0.8, (0.4, 0.7)), Verdict::Beyond);
        assert_eq!(Verdict::of_saving(0.2, (0.4, 0.7)), Verdict::Weaker);
        assert_eq!(Verdict::of_saving(-0.1, (0.4, 0.7)), Verdict::Contrary);
    }

    #[test]
    fn every_rule_names_its_seed_and_claims_in_both_languages() {
        for r in SeedRule::ALL {
            assert!(r.source().starts_with("shared/seeds/"));
            let (en, zh) = (r.claim(Lang::En), r.claim(Lang::Zh));
            assert!(!en.is_empty() && !zh.is_ascii(), "{}", r.as_str());
        }
    }
}
