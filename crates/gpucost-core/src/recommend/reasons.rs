//! Reasons a person can check: memory fit, throughput and its evidence, price, and how a
//! candidate compares with the best one — each as a sentence in English and Chinese.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::billing_mode::ModeClass;
use crate::format;
use crate::money::Money;

use super::cost::{CostUnit, PriceOption};
use super::memory::MemoryEstimate;
use super::range::{num, pct_span, span, LowHigh, Text};
use super::{Candidate, SliceKind};

/// An amount per unit: four decimals below one, else two.
pub(crate) fn amount(m: Money) -> String {
    if m.amount.abs() < Decimal::ONE {
        format::rate(m)
    } else {
        format::money(m)
    }
}

/// A money range: `$1.20–$1.50`, or one amount when both ends print the same.
pub(crate) fn money_span(r: LowHigh<Money>) -> String {
    let (a, b) = (amount(r.low), amount(r.high));
    if a == b {
        a
    } else {
        format!("{a}–{b}")
    }
}

/// A billing class in Chinese.
pub(crate) fn class_zh(c: ModeClass) -> &'static str {
    match c {
        ModeClass::OnDemand => "按量",
        ModeClass::Spot => "竞价",
        ModeClass::Committed => "承诺使用",
        ModeClass::Subscription => "包期订阅",
    }
}

/// The unit in words.
pub(crate) fn unit_text(unit: CostUnit) -> Text {
    match unit {
        CostUnit::Run => Text::new("per run", "每次运行"),
        CostUnit::MillionRequests => Text::new("per 1M requests", "每百万请求"),
    }
}

fn price_line(o: &PriceOption) -> Text {
    let rate = format::rate(o.per_gpu_hour);
    Text::new(
        format!(
            "{} {} ({} {}, {}): {} per GPU-hour",
            o.provider_name,
            o.instance,
            o.class.as_str(),
            o.region,
            o.as_of,
            rate
        ),
        format!(
            "{} {}（{} {}，{}）：每 GPU 小时 {}",
            o.provider_name_zh,
            o.instance,
            class_zh(o.class),
            o.region,
            o.as_of,
            rate
        ),
    )
}

/// The candidate's own reasons: memory, throughput, price.
pub(crate) fn own(c: &Candidate, m: &MemoryEstimate, unit: CostUnit) -> Vec<Text> {
    let mut out = Vec::new();
    let mem = num(c.profile.memory_gib());
    let need = span(m.total_gib);
    let g = c.throughput.gpus_per_replica;
    let (ck_en, ck_zh) = if c.gpus.needs_checkpointing {
        (" with activation checkpointing", "（需启用激活检查点）")
    } else {
        ("", "")
    };
    out.push(if g == 1 {
        Text::new(
            format!("Needs {need} GiB; fits in one {mem} GB GPU{ck_en}."),
            format!("需要 {need} GiB；一块 {mem} GB GPU 即可容纳{ck_zh}。"),
        )
    } else {
        Text::new(
            format!("Needs {need} GiB in all; split over {g} GPUs of {mem} GB each{ck_en}."),
            format!("共需 {need} GiB；拆分到 {g} 块 {mem} GB GPU 上{ck_zh}。"),
        )
    });
    if let Some(s) = &c.slice {
        // Numbers shared by both languages are formatted once.
        out.push(match &s.kind {
            SliceKind::Mig => {
                let memory = num(s.memory_gib);
                let fraction = (1.0 / s.share).round();
                Text::new(
                    format!(
                        "A MIG slice ({memory} GB, 1/{fraction} of the compute) would hold it{}.",
                        match s.enough_throughput {
                            Some(true) => " and serve the target rate",
                            Some(false) => ", but not at the target rate",
                            None => "",
                        }
                    ),
                    format!(
                        "一个 MIG 切片（{memory} GB，1/{fraction} 算力）即可容纳{}。",
                        match s.enough_throughput {
                            Some(true) => "，并满足目标速率",
                            Some(false) => "，但达不到目标速率",
                            None => "",
                        }
                    ),
                )
            }
            SliceKind::Offer { offer } => {
                let share = num(s.share);
                Text::new(
                    format!("A fractional offer ({offer}, {share} of a GPU) holds it."),
                    format!("分数 GPU 报价（{offer}，{share} 块 GPU）即可容纳。"),
                )
            }
        });
    }
    let t = &c.throughput;
    let unit_label = t.unit.per_second();
    let basis = t.basis.describe();
    let per_gpu = span(t.per_gpu);
    out.push(Text::new(
        format!("{per_gpu} {} per GPU — {}.", unit_label.en, basis.en),
        format!("每块 GPU {per_gpu} {} — {}。", unit_label.zh, basis.zh),
    ));
    if let (Some(b), Some(lat)) = (t.batch, t.latency_s) {
        let lat = span(lat);
        out.push(Text::new(
            format!("Batch of {b} requests per replica; {lat} s per request."),
            format!("每个副本批量 {b} 个请求；每个请求 {lat} 秒。"),
        ));
    }
    if let Some(o) = c.best_option() {
        let p = price_line(o);
        let u = unit_text(unit);
        let cost = o
            .cost
            .in_unit(unit)
            .map(money_span)
            .unwrap_or_else(|| "—".into());
        let mut en = format!("Cheapest: {}; {cost} {}", p.en, u.en);
        let mut zh = format!("最低价：{}；{u}{cost}", p.zh, u = u.zh);
        if let Some(h) = o.hours {
            let h = span(h);
            en.push_str(&format!(", {h} h"));
            zh.push_str(&format!("，{h} 小时"));
        }
        en.push('.');
        zh.push('。');
        out.push(Text::new(en, zh));
    }
    out
}

/// How `c` compares with `reference` (the best candidate, or the runner-up for the best).
pub(crate) fn versus(c: &Candidate, reference: &Candidate, unit: CostUnit) -> Option<Text> {
    let (a, b) = (c.best_option()?, reference.best_option()?);
    let thr = c.throughput.per_gpu.mid() / reference.throughput.per_gpu.mid();
    let price = a.per_gpu_hour.ratio_to(b.per_gpu_hour)?.to_f64()?;
    let (ca, cb) = (a.key(unit)?, b.key(unit)?);
    if cb.is_zero() {
        return None;
    }
    let diff = (Decimal::ONE - ca / cb).to_f64()?;
    let u = unit_text(unit);
    let name = &reference.profile.name;
    let (en_word, zh_word) = if diff >= 0.0 {
        ("cheaper", "便宜")
    } else {
        ("dearer", "贵")
    };
    let pct = format!("{:.0} %", diff.abs() * 100.0);
    let (thr, price) = (num(thr), num(price));
    let mut en = format!(
        "{thr}× the {name}'s throughput for {price}× the price per GPU-hour, so {pct} {en_word} {}",
        u.en
    );
    let mut zh = format!(
        "吞吐量为 {name} 的 {thr} 倍，每 GPU 小时价格为其 {price} 倍，因此{}{zh_word} {pct}",
        u.zh
    );
    if c.throughput.basis.group() != reference.throughput.basis.group() {
        en.push_str(" (throughputs rest on different evidence: compare with care)");
        zh.push_str("（两者吞吐量依据不同：比较时需谨慎）");
    }
    en.push('.');
    zh.push('。');
    Some(Text::new(en, zh))
}

/// The efficiency range of a modelled basis as text, for assumptions.
pub(crate) fn efficiency_note(t: &super::throughput::Throughput) -> Option<Text> {
    match &t.basis {
        super::basis::Basis::Modelled {
            compute_efficiency,
            compute_calibration,
            ..
        } if compute_efficiency.high > 1.0 => {
            let _ = compute_calibration;
            Some(Text::new(
                format!(
                    "Efficiency {} exceeds 100 % of the FLOPs model: the benchmark does less work per item than the model counts (e.g. unpadded sequences); it is used only as a scale factor within its suite.",
                    pct_span(*compute_efficiency)
                ),
                format!(
                    "利用率 {} 超过 FLOPs 模型的 100 %：基准测试每项工作量少于模型计数（如未填充的序列）；仅在同一套件内作为比例系数使用。",
                    pct_span(*compute_efficiency)
                ),
            ))
        }
        _ => None,
    }
}
