//! The founding documents' rules of thumb, each checked against this workload's numbers.
//!
//! A rule is never asserted: the recommendation computes the quantity the rule talks about
//! (the saving of T4/L4 over A100, of quantization, of spot over on-demand, …) and reports
//! whether this workload's numbers fall within the claimed range, go beyond it, fall short
//! of it, or contradict it — or why the rule does not apply.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::billing_mode::ModeClass;
use crate::money::Currency;

use super::cost::{CostUnit, PriceOption};
use super::range::{num, pct_span, LowHigh, Text};
use super::ranking::top_on_demand;
use super::reasons::{amount, class_zh, unit_text};
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

    /// The claim, as the document makes it.
    pub fn claim(self) -> Text {
        match self {
            SeedRule::InferenceGpusCheaper => Text::new(
                "Inference on cost-optimized GPUs (T4, L4) costs 40–70 % less than on A100.",
                "推理使用成本优化的 GPU（T4 或 L4），预测服务成本可降低 40%-70%。",
            ),
            SeedRule::QuantizationSaves => Text::new(
                "Quantization cuts inference cost by 50–75 % or more.",
                "量化等方法可将推理成本降低 50%-75% 甚至更多。",
            ),
            SeedRule::BatchingUtilization => Text::new(
                "Batching requests raises GPU utilization from 30 % to over 80 %.",
                "批处理可将 GPU 利用率从 30% 提升到超过 80%。",
            ),
            SeedRule::TrainOnA100H100 => Text::new(
                "Train on high-performance GPUs (A100/H100).",
                "训练方面：使用高性能显卡（例如 A100/H100）。",
            ),
            SeedRule::SmallestForDevTest => Text::new(
                "Use the smallest instance for development and tests.",
                "开发与测试过程中，尽量使用最小的实例来降低成本。",
            ),
            SeedRule::SpotDiscount => Text::new(
                "Spot instances are usually 60–90 % cheaper for interruptible work such as training.",
                "对于可中断的工作负载（如训练），现货实例通常可便宜 60-90%。",
            ),
            SeedRule::CommittedDiscount => Text::new(
                "Reserved instances give discounts of up to 72 % (AWS).",
                "AWS 的预留实例可以提供高达 72% 的折扣。",
            ),
            SeedRule::HardwareMatrix => Text::new(
                "T4 for light inference, A10 for mid-size training, A100 80GB for large parallel training.",
                "轻量级推理用 T4，中型模型训练用 A10，大规模并行训练用 A100 80GB。",
            ),
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
    /// The numbers behind the verdict, in words.
    pub finding: Text,
}

fn na(rule: SeedRule, en: &str, zh: &str) -> RuleCheck {
    RuleCheck {
        rule,
        verdict: Verdict::NotApplicable,
        finding: Text::new(en, zh),
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

fn pct(x: f64) -> String {
    format!("{:.0} %", x * 100.0)
}

fn money_of(c: &Candidate, unit: CostUnit) -> String {
    c.best_option()
        .and_then(|o| o.cost.in_unit(unit))
        .map(|r| amount(r.mid()))
        .unwrap_or_else(|| "—".into())
}

/// Checks every rule against a ranking of `w`.
pub(crate) fn check(
    rentals: &Rentals,
    w: &ValidWorkload,
    ranked: &[Candidate],
    unit: CostUnit,
    currency: Currency,
) -> Vec<RuleCheck> {
    let inference = !w.task().is_training();
    let u = unit_text(unit);
    let top = ranked.first();
    let mut out = Vec::new();

    // 1. T4/L4 against A100.
    out.push(if !inference {
        na(
            SeedRule::InferenceGpusCheaper,
            "A training workload: the rule is about inference.",
            "训练任务：该规则针对推理。",
        )
    } else {
        match (
            cheapest_of(ranked, &["T4", "L4"], unit),
            cheapest_of(ranked, &["A100"], unit),
        ) {
            (Some((c, a)), Some((d, b))) => {
                let s = saving(a, b).unwrap_or(0.0);
                RuleCheck {
                    rule: SeedRule::InferenceGpusCheaper,
                    verdict: Verdict::of_saving(s, (0.4, 0.7)),
                    finding: Text::new(
                        format!(
                            "{} costs {} {} against {} on {}: {} {}.",
                            c.profile.name,
                            money_of_key(a, currency),
                            u.en,
                            money_of_key(b, currency),
                            d.profile.name,
                            pct(s.abs()),
                            if s >= 0.0 { "less" } else { "more" }
                        ),
                        format!(
                            "{} {}{}，{} 为 {}：{}{}。",
                            c.profile.name,
                            u.zh,
                            money_of_key(a, currency),
                            d.profile.name,
                            money_of_key(b, currency),
                            if s >= 0.0 { "低 " } else { "高 " },
                            pct(s.abs())
                        ),
                    ),
                }
            }
            _ => na(
                SeedRule::InferenceGpusCheaper,
                "No priced T4/L4 or A100 can run this workload.",
                "没有可运行该任务且有价格的 T4/L4 或 A100。",
            ),
        }
    });

    // 2. Quantization.
    out.push(if !inference {
        na(
            SeedRule::QuantizationSaves,
            "A training workload: the rule is about inference.",
            "训练任务：该规则针对推理。",
        )
    } else {
        quantization(rentals, w, ranked, unit, currency)
    });

    // 3. Batching.
    out.push(match top.and_then(|c| c.throughput.batching_gain.map(|g| (c, g))) {
        Some((c, g)) => {
            let claimed = 80.0 / 30.0;
            let verdict = if g.mid() <= 1.0 {
                Verdict::Contrary
            } else if g.mid() < claimed {
                Verdict::Weaker
            } else {
                Verdict::Within
            };
            RuleCheck {
                rule: SeedRule::BatchingUtilization,
                verdict,
                finding: Text::new(
                    format!(
                        "On {}, a batch of {} does {}× the work of batch 1 per GPU-hour (the claim, 30 % → 80 %, is {}×).",
                        c.profile.name,
                        c.throughput.batch.unwrap_or(1),
                        super::range::span(g),
                        num(claimed)
                    ),
                    format!(
                        "在 {} 上，批量 {} 每 GPU 小时的工作量是批量 1 的 {} 倍（该说法 30 % → 80 % 相当于 {} 倍）。",
                        c.profile.name,
                        c.throughput.batch.unwrap_or(1),
                        super::range::span(g),
                        num(claimed)
                    ),
                ),
            }
        }
        None => na(
            SeedRule::BatchingUtilization,
            "Only modelled for text generation, where batching shares each read of the weights; this workload is compute-bound or measured as a whole.",
            "仅对文本生成建模（批处理可共享每次权重读取）；该任务为计算受限或整体实测。",
        ),
    });

    // 4. Training on A100/H100.
    out.push(if inference {
        na(
            SeedRule::TrainOnA100H100,
            "An inference workload: the rule is about training.",
            "推理任务：该规则针对训练。",
        )
    } else {
        match (top, cheapest_of(ranked, &["A100", "H100"], unit)) {
            (Some(t), Some((c, k))) => {
                let top_key = best_in(t, ModeClass::OnDemand, unit)
                    .and_then(|o| o.key(unit))
                    .unwrap_or(k);
                // How much cheaper the overall best is than the best A100/H100.
                let extra = saving(top_key, k).unwrap_or(0.0);
                let within = ["A100", "H100"].contains(&t.profile.family.as_str()) || extra <= 0.1;
                RuleCheck {
                    rule: SeedRule::TrainOnA100H100,
                    verdict: if within {
                        Verdict::Within
                    } else {
                        Verdict::Contrary
                    },
                    finding: Text::new(
                        format!(
                            "The cheapest A100/H100 ({}) costs {} {}; the cheapest overall ({}) {}{}.",
                            c.profile.name,
                            money_of_key(k, currency),
                            u.en,
                            t.profile.name,
                            money_of(t, unit),
                            if extra > 0.0 {
                                format!(", {} less", pct(extra))
                            } else {
                                String::new()
                            }
                        ),
                        format!(
                            "最便宜的 A100/H100（{}）{}{}；整体最便宜的（{}）为 {}{}。",
                            c.profile.name,
                            u.zh,
                            money_of_key(k, currency),
                            t.profile.name,
                            money_of(t, unit),
                            if extra > 0.0 {
                                format!("，低 {}", pct(extra))
                            } else {
                                String::new()
                            }
                        ),
                    ),
                }
            }
            _ => na(
                SeedRule::TrainOnA100H100,
                "No priced A100/H100 can run this workload.",
                "没有可运行该任务且有价格的 A100/H100。",
            ),
        }
    });

    // 5. Smallest instance for development.
    let smallest = ranked
        .iter()
        .flat_map(|c| {
            c.options
                .iter()
                .filter(|o| o.rankable && o.class == ModeClass::OnDemand)
                .map(move |o| (c, o))
        })
        .min_by_key(|(_, o)| o.instance_per_hour.amount);
    out.push(match (smallest, top.and_then(|t| t.best_option())) {
        (Some((c, o)), Some(best)) => {
            let share = o
                .instance_per_hour
                .ratio_to(best.instance_per_hour)
                .and_then(|r| r.to_f64())
                .unwrap_or(1.0);
            RuleCheck {
                rule: SeedRule::SmallestForDevTest,
                verdict: Verdict::Within,
                finding: Text::new(
                    format!(
                        "The cheapest instance per hour that holds the model is {} {} ({}) at {}/h, {} of the recommended instance's {}/h.",
                        o.provider_name,
                        o.instance,
                        c.profile.name,
                        crate::format::rate(o.instance_per_hour),
                        pct(share),
                        crate::format::rate(best.instance_per_hour)
                    ),
                    format!(
                        "能放下该模型的每小时最便宜实例是 {} {}（{}），{}/小时，为推荐实例 {}/小时的 {}。",
                        o.provider_name_zh,
                        o.instance,
                        c.profile.name,
                        crate::format::rate(o.instance_per_hour),
                        crate::format::rate(best.instance_per_hour),
                        pct(share)
                    ),
                ),
            }
        }
        _ => na(
            SeedRule::SmallestForDevTest,
            "No on-demand instance can hold this model.",
            "没有能放下该模型的按量实例。",
        ),
    });

    // 6 and 7. Spot and committed against on-demand, offer by offer, on the recommended GPU.
    for (rule, class) in [
        (SeedRule::SpotDiscount, ModeClass::Spot),
        (SeedRule::CommittedDiscount, ModeClass::Committed),
    ] {
        out.push(discount(rentals, top, rule, class));
    }

    // 8. The hardware matrix.
    out.push(matrix(w, ranked, unit, currency));
    out
}

/// Each offer's discount of `class` against its own on-demand price in the same region.
fn discount(
    rentals: &Rentals,
    top: Option<&Candidate>,
    rule: SeedRule,
    class: ModeClass,
) -> RuleCheck {
    let Some(t) = top else {
        return na(
            rule,
            "Nothing can run this workload.",
            "没有可运行该任务的 GPU。",
        );
    };
    let mut savings: Vec<f64> = Vec::new();
    for offer in rentals.of(&t.profile).iter().map(|r| r.offer) {
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
        return na(
            rule,
            "No offer of the recommended GPU lists this billing class next to its on-demand price in the same region.",
            "推荐 GPU 的报价中，没有在同一区域同时列出该计费方式与按量价格的。",
        );
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
        finding: Text::new(
            format!(
                "On {}, {n} offer(s) list a {} price next to their on-demand price: {} below it (median {}).",
                t.profile.name,
                class.as_str(),
                pct_span(LowHigh::new(lo, hi)),
                pct(median)
            ),
            format!(
                "{} 有 {n} 个报价同时列出{}与按量价格：比按量低 {}（中位数 {}）。",
                t.profile.name,
                class_zh(class),
                pct_span(LowHigh::new(lo, hi)),
                pct(median)
            ),
        ),
    }
}

fn money_of_key(k: Decimal, currency: Currency) -> String {
    amount(crate::money::Money::new(k, currency))
}

fn matrix(
    w: &ValidWorkload,
    ranked: &[Candidate],
    unit: CostUnit,
    currency: Currency,
) -> RuleCheck {
    let rule = SeedRule::HardwareMatrix;
    let fits_one = |family: &str| {
        ranked
            .iter()
            .any(|c| c.profile.family == family && c.throughput.gpus_per_replica == 1)
    };
    let (family, gpu, what_en, what_zh) = if !w.task().is_training() {
        if !fits_one("T4") {
            return na(
                rule,
                "Not light inference: the model does not fit on one 16 GB T4.",
                "不属于轻量级推理：模型无法放入一块 16 GB 的 T4。",
            );
        }
        ("T4", "T4", "light inference", "轻量级推理")
    } else if fits_one("A10") {
        ("A10", "A10", "mid-size training", "中型模型训练")
    } else {
        (
            "A100",
            "A100-80GB",
            "large parallel training",
            "大规模并行训练",
        )
    };
    let pick = ranked
        .iter()
        .filter(|c| c.profile.family == family && (family != "A100" || c.profile.gpu == gpu))
        .filter_map(|c| best_in(c, ModeClass::OnDemand, unit).and_then(|o| Some((c, o.key(unit)?))))
        .min_by_key(|(_, k)| *k);
    let top = ranked
        .first()
        .and_then(|t| Some((t, best_in(t, ModeClass::OnDemand, unit)?.key(unit)?)));
    match (pick, top) {
        (Some((c, k)), Some((t, tk))) => {
            let extra = saving(tk, k).unwrap_or(0.0);
            RuleCheck {
                rule,
                verdict: if c.profile.gpu == t.profile.gpu || extra <= 0.1 {
                    Verdict::Within
                } else {
                    Verdict::Contrary
                },
                finding: Text::new(
                    format!(
                        "The matrix puts this ({what_en}) on {}: {} {}; the cheapest here is {} at {}.",
                        c.profile.name,
                        money_of_key(k, currency),
                        unit_text(unit).en,
                        t.profile.name,
                        money_of_key(tk, currency)
                    ),
                    format!(
                        "矩阵将此任务（{what_zh}）归于 {}：{}{}；此处最便宜的是 {}，{}。",
                        c.profile.name,
                        unit_text(unit).zh,
                        money_of_key(k, currency),
                        t.profile.name,
                        money_of_key(tk, currency)
                    ),
                ),
            }
        }
        _ => na(
            rule,
            "The GPU the matrix names cannot run this workload, or has no on-demand price.",
            "矩阵所列的 GPU 无法运行该任务，或没有按量价格。",
        ),
    }
}

fn quantization(
    rentals: &Rentals,
    w: &ValidWorkload,
    ranked: &[Candidate],
    unit: CostUnit,
    currency: Currency,
) -> RuleCheck {
    let rule = SeedRule::QuantizationSaves;
    let own = w.precision();
    let others: &[Precision] = match own {
        Precision::Fp32 | Precision::Fp16 => &[Precision::Int8, Precision::Int4],
        Precision::Int8 | Precision::Int4 => &[Precision::Fp16],
    };
    let best = |c: &[Candidate]| -> Option<(Decimal, bool)> {
        let t = c.first()?;
        let unrecorded = t.throughput.basis.precision_unrecorded();
        Some((
            best_in(t, ModeClass::OnDemand, unit)?.key(unit)?,
            unrecorded,
        ))
    };
    let Some((own_cost, own_unrecorded)) = best(ranked) else {
        return na(
            rule,
            "Nothing can run this workload.",
            "没有可运行该任务的 GPU。",
        );
    };
    let mut lines_en = Vec::new();
    let mut lines_zh = Vec::new();
    let mut best_saving: Option<f64> = None;
    for &p in others {
        let Some(alt) = w.with_precision(p) else {
            continue;
        };
        let Some((alt_cost, alt_unrecorded)) = top_on_demand(rentals, &alt) else {
            continue;
        };
        if own_unrecorded || alt_unrecorded {
            return na(
                rule,
                "The measured rows that decide this ranking do not record their precision (MLPerf), so they cannot show what quantization saves.",
                "决定该排名的实测数据未记录精度（MLPerf），无法体现量化的节省。",
            );
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
        lines_en.push(format!(
            "{} {} against {} {}: {} {}",
            q.label(),
            money_of_key(quant, currency),
            f.label(),
            money_of_key(full, currency),
            pct(s.abs()),
            if s >= 0.0 { "less" } else { "more" }
        ));
        lines_zh.push(format!(
            "{} {}，{} {}：{}{}",
            q.label(),
            money_of_key(quant, currency),
            f.label(),
            money_of_key(full, currency),
            if s >= 0.0 { "低 " } else { "高 " },
            pct(s.abs())
        ));
        best_saving = Some(best_saving.map_or(s, |b: f64| b.max(s)));
    }
    match best_saving {
        Some(s) => RuleCheck {
            rule,
            verdict: Verdict::of_saving(s, (0.5, 0.75)),
            finding: Text::new(
                format!(
                    "Cheapest {} on demand: {}.",
                    unit_text(unit).en,
                    lines_en.join("; ")
                ),
                format!("按量最低{}：{}。", unit_text(unit).zh, lines_zh.join("；")),
            ),
        },
        None => na(
            rule,
            "No other precision of this workload can be priced.",
            "该任务的其他精度无法计价。",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let c = r.claim();
            assert!(!c.en.is_empty() && !c.zh.is_ascii(), "{}", r.as_str());
        }
    }
}
