//! The hardware recommendation panel: which GPU does the described workload cheapest, how
//! much memory it needs, on what evidence, and how the founding documents' rules of thumb
//! hold up. [`recommendation_view`] formats a [`Recommendation`] as text (tested natively);
//! the components only lay the strings out. The panel's own words live here ([`L`]) rather
//! than in `i18n.rs`.

use std::sync::Arc;

use gpucost_core::catalog::{AsOf, Catalog};
use gpucost_core::format::{self, Lang};
use gpucost_core::labels;
use gpucost_core::money::Money;
use gpucost_core::recommend::{
    Basis, Candidate, CostUnit, LowHigh, MemoryEstimate, ModelChoice, PriceOption, RateUnit,
    Recommendation, SliceKind, TaskKind, TrainingSize, Verdict, WorkSize, Workload,
};
use gpucost_core::report::Report;
use gpucost_core::scenario::ScenarioError;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::state::{catalog, AppState};

/// Ranked GPUs shown before "and N more".
pub const SHOWN: usize = 6;
// Only the best `EXPLAINED` candidates come with reasons, warnings and assumptions.
const _: () = assert!(SHOWN <= gpucost_core::recommend::EXPLAINED);

/// The panel's own strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum L {
    Heading,
    Intro,
    Memory,
    MemoryTotal,
    Weights,
    Gradients,
    Optimizer,
    Activations,
    KvCache,
    Overhead,
    Splittable,
    EveryGpu,
    Ranked,
    GpusNeeded,
    Cost,
    Price,
    Time,
    Throughput,
    Basis,
    Measured,
    Modelled,
    Why,
    Caveats,
    GpuAssumptions,
    Infeasible,
    Excluded,
    Rules,
    Claim,
    Assumptions,
    HardwareData,
    Verdict,
}

impl L {
    /// Every string, for the translation test.
    pub const ALL: [L; 31] = [
        L::Heading,
        L::Intro,
        L::Memory,
        L::MemoryTotal,
        L::Weights,
        L::Gradients,
        L::Optimizer,
        L::Activations,
        L::KvCache,
        L::Overhead,
        L::Splittable,
        L::EveryGpu,
        L::Ranked,
        L::GpusNeeded,
        L::Cost,
        L::Price,
        L::Time,
        L::Throughput,
        L::Basis,
        L::Measured,
        L::Modelled,
        L::Why,
        L::Caveats,
        L::GpuAssumptions,
        L::Infeasible,
        L::Excluded,
        L::Rules,
        L::Claim,
        L::Assumptions,
        L::HardwareData,
        L::Verdict,
    ];

    /// The string in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            L::Heading => ("Which GPU for this workload", "该工作负载适合哪种 GPU"),
            L::Intro => (
                "Every GPU with a datasheet and a catalog price, ranked by what the work costs at its cheapest on-demand price. Every number is a low–high range.",
                "所有具备规格数据和目录价格的 GPU，按最低按量价格下完成该工作的成本排序。所有数字均为低–高区间。",
            ),
            L::Memory => ("Memory needed", "所需显存"),
            L::MemoryTotal => ("Total on one GPU", "单卡合计"),
            L::Weights => ("Weights", "权重"),
            L::Gradients => ("Gradients", "梯度"),
            L::Optimizer => ("Optimizer states", "优化器状态"),
            L::Activations => ("Activations", "激活值"),
            L::KvCache => ("KV cache (one request)", "KV 缓存（单个请求）"),
            L::Overhead => ("Runtime overhead", "运行时开销"),
            L::Splittable => ("Can be split across GPUs", "可拆分到多卡"),
            L::EveryGpu => ("Held by every GPU", "每块 GPU 都需持有"),
            L::Ranked => ("Ranked GPUs", "GPU 排名"),
            L::GpusNeeded => ("GPUs", "GPU 数量"),
            L::Cost => ("Cost", "成本"),
            L::Price => ("Price", "价格"),
            L::Time => ("Time", "用时"),
            L::Throughput => ("Throughput", "吞吐量"),
            L::Basis => ("Basis", "依据"),
            L::Measured => ("measured", "实测"),
            L::Modelled => ("modelled", "模型估算"),
            L::Why => ("Why", "理由"),
            L::Caveats => ("Caveats", "注意事项"),
            L::GpuAssumptions => ("Assumptions for this GPU", "该 GPU 的假设"),
            L::Infeasible => ("misses a bound", "未满足约束"),
            L::Excluded => ("GPUs left out", "未入选的 GPU"),
            L::Rules => (
                "Rules of thumb from the founding documents, checked",
                "立项文档中的经验法则（逐条核对）",
            ),
            L::Claim => ("Claim", "原文说法"),
            L::Assumptions => ("Assumptions", "假设"),
            L::HardwareData => ("Hardware data imported on", "硬件数据导入于"),
            L::Verdict => ("Verdict", "结论"),
        };
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

/// A task as a menu item.
pub fn task_label(task: TaskKind, lang: Lang) -> &'static str {
    match (task, lang) {
        (TaskKind::PreTraining, Lang::En) => "Pre-training",
        (TaskKind::PreTraining, Lang::Zh) => "预训练",
        (TaskKind::FullFineTune, Lang::En) => "Full fine-tune",
        (TaskKind::FullFineTune, Lang::Zh) => "全参数微调",
        (TaskKind::Lora, Lang::En) => "LoRA fine-tune",
        (TaskKind::Lora, Lang::Zh) => "LoRA 微调",
        (TaskKind::Qlora, Lang::En) => "QLoRA fine-tune",
        (TaskKind::Qlora, Lang::Zh) => "QLoRA 微调",
        (TaskKind::OnlineServing, Lang::En) => "Online serving",
        (TaskKind::OnlineServing, Lang::Zh) => "在线推理服务",
        (TaskKind::BatchInference, Lang::En) => "Batch inference",
        (TaskKind::BatchInference, Lang::Zh) => "批量推理",
    }
}

/// A model as a menu item.
pub fn model_label(m: ModelChoice, lang: Lang) -> String {
    match (m, lang) {
        (ModelChoice::Known(k), _) => k.name().to_string(),
        (ModelChoice::Custom { .. }, Lang::En) => "Custom (parameter count)".into(),
        (ModelChoice::Custom { .. }, Lang::Zh) => "自定义（按参数量）".into(),
    }
}

fn verdict_label(v: Verdict, lang: Lang) -> &'static str {
    match (v, lang) {
        (Verdict::Within, Lang::En) => "holds",
        (Verdict::Within, Lang::Zh) => "成立",
        (Verdict::Beyond, Lang::En) => "holds, more strongly than claimed",
        (Verdict::Beyond, Lang::Zh) => "成立，且效果强于原文",
        (Verdict::Weaker, Lang::En) => "holds, but less than claimed",
        (Verdict::Weaker, Lang::Zh) => "方向一致，但效果弱于原文",
        (Verdict::Contrary, Lang::En) => "does not hold here",
        (Verdict::Contrary, Lang::Zh) => "此处不成立",
        (Verdict::NotApplicable, Lang::En) => "does not apply",
        (Verdict::NotApplicable, Lang::Zh) => "不适用",
    }
}

fn unit_label(unit: CostUnit, lang: Lang) -> &'static str {
    match (unit, lang) {
        (CostUnit::Run, Lang::En) => "per run",
        (CostUnit::Run, Lang::Zh) => "每次运行",
        (CostUnit::MillionRequests, Lang::En) => "per 1M requests",
        (CostUnit::MillionRequests, Lang::Zh) => "每百万请求",
    }
}

/// A short number: `1,234`, `18.5`, `2.35`, `0.125`.
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return "∞".into();
    }
    let dp = match x.abs() {
        a if a >= 100.0 => 0,
        a if a >= 10.0 => 1,
        a if a >= 1.0 => 2,
        _ => 3,
    };
    Decimal::from_f64_retain(x)
        .map(|d| format::number(d, dp))
        .unwrap_or_else(|| "∞".into())
}

/// A range: `1.2–1.5`, or one number when both ends print the same.
pub fn span(r: LowHigh<f64>) -> String {
    let (a, b) = (num(r.low), num(r.high));
    if a == b {
        a
    } else {
        format!("{a}–{b}")
    }
}

/// An amount per unit: four decimals below one, else two.
fn amount(m: Money) -> String {
    if m.amount.abs() < Decimal::ONE {
        format::rate(m)
    } else {
        format::money(m)
    }
}

/// A money range: `¥1.20–¥1.50`, or one amount when both ends print the same.
pub fn money_span(r: LowHigh<Money>) -> String {
    let (a, b) = (amount(r.low), amount(r.high));
    if a == b {
        a
    } else {
        format!("{a}–{b}")
    }
}

fn as_of(a: AsOf, lang: Lang) -> String {
    match a {
        AsOf::On(d) => format::date(d, lang),
        AsOf::OnOrBefore(d) => format!("≤ {}", format::date(d, lang)),
        AsOf::Unknown => match lang {
            Lang::En => "undated".into(),
            Lang::Zh => "无日期".into(),
        },
    }
}

fn count(n: u64) -> String {
    format::number(Decimal::from(n), 0)
}

/// The workload in one line, e.g. `Online serving · Llama 3 8B · FP16/BF16 · 10 requests/s, …`.
pub fn workload_summary(w: &Workload, lang: Lang) -> String {
    let model = match (w.model, lang) {
        (ModelChoice::Known(k), _) => k.name().to_string(),
        (ModelChoice::Custom { params }, Lang::En) => {
            format!("custom {}-parameter model", count_short(params))
        }
        (ModelChoice::Custom { params }, Lang::Zh) => {
            format!("自定义 {} 参数模型", count_short(params))
        }
    };
    let size = match (w.size, lang) {
        (WorkSize::Training(TrainingSize::Tokens(t)), Lang::En) => {
            format!("{} tokens", count_short(t))
        }
        (WorkSize::Training(TrainingSize::Tokens(t)), Lang::Zh) => {
            format!("{} 个 token", count_short(t))
        }
        (WorkSize::Training(TrainingSize::Samples { samples, epochs }), Lang::En) => {
            format!("{} samples × {epochs} epochs", count_short(samples))
        }
        (WorkSize::Training(TrainingSize::Samples { samples, epochs }), Lang::Zh) => {
            format!("{} 个样本 × {epochs} 轮", count_short(samples))
        }
        (WorkSize::Serving(s), _) => {
            let rate = format::number(s.rate.per_second, 3);
            match (s.rate.unit, lang) {
                (RateUnit::RequestsPerSecond, Lang::En) => format!(
                    "{rate} requests/s, {} tokens in, {} out, within {} ms",
                    s.shape.input_tokens,
                    s.shape.output_tokens,
                    ms(s.latency_ms)
                ),
                (RateUnit::TokensPerSecond, Lang::En) => format!(
                    "{rate} output tokens/s, {} tokens in, {} out, within {} ms",
                    s.shape.input_tokens,
                    s.shape.output_tokens,
                    ms(s.latency_ms)
                ),
                (RateUnit::RequestsPerSecond, Lang::Zh) => format!(
                    "每秒 {rate} 个请求，输入 {} token，输出 {}，{} 毫秒内",
                    s.shape.input_tokens,
                    s.shape.output_tokens,
                    ms(s.latency_ms)
                ),
                (RateUnit::TokensPerSecond, Lang::Zh) => format!(
                    "每秒输出 {rate} 个 token，输入 {} token，输出 {}，{} 毫秒内",
                    s.shape.input_tokens,
                    s.shape.output_tokens,
                    ms(s.latency_ms)
                ),
            }
        }
        (WorkSize::Batch(b), Lang::En) => format!(
            "{} requests, {} tokens in, {} out",
            count_short(b.requests),
            b.shape.input_tokens,
            b.shape.output_tokens
        ),
        (WorkSize::Batch(b), Lang::Zh) => format!(
            "{} 个请求，输入 {} token，输出 {}",
            count_short(b.requests),
            b.shape.input_tokens,
            b.shape.output_tokens
        ),
    };
    let deadline = match (w.deadline_hours, w.size, lang) {
        (Some(_), WorkSize::Serving(_), _) | (None, _, _) => String::new(),
        (Some(d), _, Lang::En) => format!(", within {} h", format::number(d, 2)),
        (Some(d), _, Lang::Zh) => format!("，{} 小时内完成", format::number(d, 2)),
    };
    format!(
        "{} · {model} · {} · {size}{deadline}",
        task_label(w.task, lang),
        w.precision.label()
    )
}

fn ms(v: u32) -> String {
    format::number(Decimal::from(v), 0)
}

/// `7B`, `350M`, `88K` (the link's count format).
fn count_short(n: u64) -> String {
    gpucost_core::share::workload_params::write_count(n)
}

/// One part of the memory estimate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryPart {
    /// What it is.
    pub label: &'static str,
    /// `15–16.8 GiB`.
    pub gib: String,
}

/// The memory estimate as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryView {
    /// `17.2–19.4 GiB`.
    pub total: String,
    /// Non-zero parts.
    pub parts: Vec<MemoryPart>,
    /// The splittable part and the per-GPU part.
    pub split: Vec<MemoryPart>,
}

/// One ranked GPU.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CandidateView {
    /// Datasheet row (stable key).
    pub key: String,
    /// Rank, from 1.
    pub rank: usize,
    /// `NVIDIA L4`.
    pub name: String,
    /// Meets the deadline and latency bound.
    pub feasible: bool,
    /// `1 GPU (24 GB), ≈ 18–20 GiB used` and slice notes.
    pub gpus: String,
    /// `¥1.23–¥2.34`.
    pub cost: String,
    /// `per 1M requests`.
    pub unit: &'static str,
    /// Provider, instance, offer, billing, per-GPU-hour price, region, date, source.
    pub price: String,
    /// Time to finish (or per request) against the deadline (or latency bound).
    pub time: Option<String>,
    /// `1,200–1,800 tokens/s per GPU`.
    pub throughput: String,
    /// Whether the throughput was measured.
    pub measured: bool,
    /// The evidence: measured row (suite, model, source) or the model.
    pub basis: String,
    /// Reasons a person can check.
    pub reasons: Vec<String>,
    /// Caveats.
    pub warnings: Vec<String>,
    /// Assumptions specific to this GPU.
    pub assumptions: Vec<String>,
}

/// One rule of thumb, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleView {
    /// Rule slug.
    pub key: &'static str,
    /// Verdict slug (`within`, `n/a`, …).
    pub verdict_key: &'static str,
    /// The claim as the document makes it.
    pub claim: String,
    /// The verdict in words.
    pub verdict: &'static str,
    /// The numbers behind it.
    pub finding: String,
    /// The founding document.
    pub source: &'static str,
}

/// Everything the recommendation panel shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecommendationView {
    /// The workload in one line.
    pub workload: String,
    /// Memory needed.
    pub memory: MemoryView,
    /// The best GPUs, at most [`SHOWN`].
    pub ranked: Vec<CandidateView>,
    /// How many more could do the work.
    pub more: usize,
    /// GPUs left out, with the reason.
    pub excluded: Vec<String>,
    /// Rules of thumb.
    pub rules: Vec<RuleView>,
    /// Assumptions behind every number.
    pub assumptions: Vec<String>,
    /// The hardware data's date.
    pub hardware_built: String,
}

fn memory_view(m: &MemoryEstimate, lang: Lang) -> MemoryView {
    let gib = |r: LowHigh<f64>| format!("{} GiB", span(r));
    let parts = [
        (L::Weights, m.weights_gib),
        (L::Gradients, m.gradients_gib),
        (L::Optimizer, m.optimizer_gib),
        (L::Activations, m.activations_gib),
        (L::KvCache, m.kv_cache_gib),
        (L::Overhead, m.overhead_gib),
    ]
    .into_iter()
    .filter(|(_, r)| r.high > 0.0)
    .map(|(l, r)| MemoryPart {
        label: l.get(lang),
        gib: gib(r),
    })
    .collect();
    MemoryView {
        total: gib(m.total_gib),
        parts,
        split: vec![
            MemoryPart {
                label: L::Splittable.get(lang),
                gib: gib(m.shardable_gib),
            },
            MemoryPart {
                label: L::EveryGpu.get(lang),
                gib: gib(m.per_gpu_gib),
            },
        ],
    }
}

/// GPUs per replica, the memory each holds, and any slice that would do.
fn gpus_text(c: &Candidate, m: &MemoryEstimate, lang: Lang) -> String {
    // A replica may span more GPUs than memory needs (to meet a latency bound).
    let g = c.gpus_per_replica();
    let gf = f64::from(g);
    // Memory per GPU: the split part shared out, plus what every GPU holds (with activation
    // checkpointing when the plan needs it).
    let saved = if c.gpus.needs_checkpointing {
        m.activations_gib.high - m.activations_gib.low
    } else {
        0.0
    };
    let per = LowHigh::new(
        m.shardable_gib.low / gf + m.per_gpu_gib.low,
        m.shardable_gib.high / gf + m.per_gpu_gib.high - saved,
    );
    let mem = num(c.profile.memory_gib());
    let mut out = match lang {
        Lang::En => format!(
            "{g} × {mem} GB, ≈ {} GiB used on each{}",
            span(per),
            if c.gpus.needs_checkpointing {
                " (with activation checkpointing)"
            } else {
                ""
            }
        ),
        Lang::Zh => format!(
            "{g} 块 {mem} GB，每块约用 {} GiB{}",
            span(per),
            if c.gpus.needs_checkpointing {
                "（启用激活检查点）"
            } else {
                ""
            }
        ),
    };
    if g > c.gpus.planned {
        out.push_str(&match lang {
            Lang::En => format!(" (memory alone needs {})", c.gpus.planned),
            Lang::Zh => format!("（仅按显存需 {} 块）", c.gpus.planned),
        });
    }
    if let Some(s) = &c.slice {
        let what = match (&s.kind, lang) {
            (SliceKind::Mig, Lang::En) => {
                format!("; a {} GB MIG slice would hold it", num(s.memory_gib))
            }
            (SliceKind::Mig, Lang::Zh) => {
                format!("；一个 {} GB 的 MIG 切片即可容纳", num(s.memory_gib))
            }
            (SliceKind::Offer { offer }, Lang::En) => {
                format!(
                    "; the fractional offer {offer} ({} GPU) holds it",
                    num(s.share)
                )
            }
            (SliceKind::Offer { offer }, Lang::Zh) => {
                format!("；分数 GPU 报价 {offer}（{} 块）即可容纳", num(s.share))
            }
        };
        out.push_str(&what);
    }
    out
}

fn price_text(catalog: &Catalog, o: &PriceOption, lang: Lang) -> String {
    let provider = match lang {
        Lang::En => &o.provider_name,
        Lang::Zh => &o.provider_name_zh,
    };
    let source = catalog
        .source(&o.source)
        .map(|s| s.title.as_str())
        .unwrap_or(&o.source);
    let instances = if o.instances.low == o.instances.high {
        count(o.instances.low)
    } else {
        format!("{}–{}", count(o.instances.low), count(o.instances.high))
    };
    let per_gpu_hour = match lang {
        Lang::En => format!("{}/GPU-h", format::rate(o.per_gpu_hour)),
        Lang::Zh => format!("{}/卡·时", format::rate(o.per_gpu_hour)),
    };
    format!(
        "{provider} · {instances} × {} · {} · {per_gpu_hour} · {} · {} · {source}",
        labels::offer(&o.offer, &o.instance, lang),
        labels::mode(o.mode, lang),
        o.region,
        as_of(o.as_of, lang),
    )
}

fn met(ok: bool, lang: Lang) -> &'static str {
    match (ok, lang) {
        (true, Lang::En) => "met",
        (false, Lang::En) => "missed",
        (true, Lang::Zh) => "满足",
        (false, Lang::Zh) => "未满足",
    }
}

fn time_text(rec: &Recommendation, c: &Candidate, lang: Lang) -> Option<String> {
    let w = rec.workload.workload();
    if let WorkSize::Serving(s) = w.size {
        let lat = c.throughput.latency_s?;
        let bound = ms(s.latency_ms);
        let ok = c.throughput.latency_met != Some(false);
        return Some(match lang {
            Lang::En => format!(
                "{} s per request · bound {bound} ms: {}",
                span(lat),
                met(ok, lang)
            ),
            Lang::Zh => format!(
                "每个请求 {} 秒 · 上限 {bound} 毫秒：{}",
                span(lat),
                met(ok, lang)
            ),
        });
    }
    let o = c.best_option()?;
    let hours = o.hours?;
    let deadline = match (w.deadline_hours, o.meets_deadline, lang) {
        (Some(d), Some(ok), Lang::En) => {
            format!(" · deadline {} h: {}", format::number(d, 2), met(ok, lang))
        }
        (Some(d), Some(ok), Lang::Zh) => {
            format!(" · 截止 {} 小时：{}", format::number(d, 2), met(ok, lang))
        }
        _ => String::new(),
    };
    Some(match lang {
        Lang::En => format!("{} h to finish{deadline}", span(hours)),
        Lang::Zh => format!("完成需 {} 小时{deadline}", span(hours)),
    })
}

/// The evidence without its leading `measured:`/`modelled:` (the panel shows that as a badge).
fn without_kind(basis: &str) -> String {
    ["measured: ", "modelled: ", "实测：", "模型估算："]
        .into_iter()
        .find_map(|p| basis.strip_prefix(p))
        .unwrap_or(basis)
        .to_string()
}

fn candidate_view(
    catalog: &Catalog,
    rec: &Recommendation,
    c: &Candidate,
    rank: usize,
    lang: Lang,
) -> CandidateView {
    let t = &c.throughput;
    let best = c.best_option();
    CandidateView {
        key: c.profile.sku.clone(),
        rank,
        name: c.profile.name.clone(),
        feasible: c.feasible(),
        gpus: gpus_text(c, &rec.memory, lang),
        cost: best
            .and_then(|o| o.cost.in_unit(rec.unit))
            .map(money_span)
            .unwrap_or_else(|| "—".into()),
        unit: unit_label(rec.unit, lang),
        price: best
            .map(|o| price_text(catalog, o, lang))
            .unwrap_or_default(),
        time: time_text(rec, c, lang),
        throughput: match lang {
            Lang::En => format!(
                "{} {} per GPU",
                span(t.per_gpu),
                t.unit.per_second().get(lang)
            ),
            Lang::Zh => format!(
                "每块 GPU {} {}",
                span(t.per_gpu),
                t.unit.per_second().get(lang)
            ),
        },
        measured: matches!(t.basis, Basis::Measured { .. }),
        basis: without_kind(t.basis.describe().get(lang)),
        reasons: c.reasons.iter().map(|r| r.get(lang).to_string()).collect(),
        warnings: c.warnings.iter().map(|w| w.message(lang)).collect(),
        assumptions: c
            .assumptions
            .iter()
            .map(|a| a.get(lang).to_string())
            .collect(),
    }
}

/// Formats a recommendation for `lang`.
pub fn recommendation_view(
    catalog: &Catalog,
    rec: &Recommendation,
    lang: Lang,
) -> RecommendationView {
    RecommendationView {
        workload: workload_summary(rec.workload.workload(), lang),
        memory: memory_view(&rec.memory, lang),
        ranked: rec
            .ranked
            .iter()
            .take(SHOWN)
            .enumerate()
            .map(|(i, c)| candidate_view(catalog, rec, c, i + 1, lang))
            .collect(),
        more: rec.ranked.len().saturating_sub(SHOWN),
        excluded: rec.excluded.iter().map(|e| e.message(lang)).collect(),
        rules: rec
            .rules
            .iter()
            .map(|r| RuleView {
                key: r.rule.as_str(),
                verdict_key: r.verdict.as_str(),
                claim: r.rule.claim().get(lang).to_string(),
                verdict: verdict_label(r.verdict, lang),
                finding: r.finding.get(lang).to_string(),
                source: r.rule.source(),
            })
            .collect(),
        assumptions: rec
            .assumptions
            .iter()
            .map(|a| a.get(lang).to_string())
            .collect(),
        hardware_built: format::date(rec.hardware_built, lang),
    }
}

/// The recommendation, when the scenario describes a workload.
#[component]
pub fn RecommendationPanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    let computed = expect_context::<Memo<Result<Report, Vec<ScenarioError>>>>();
    // The estimate keeps its recommendation across edits that do not change the workload, the
    // rates or the currency: compared by identity, such an edit formats nothing here.
    let shown = Memo::new_with_compare(
        move |_| computed.with(|r| r.as_ref().ok().and_then(|r| r.recommendation.clone())),
        |old, new| match (old, new) {
            (Some(Some(a)), Some(Some(b))) => !Arc::ptr_eq(a, b),
            (Some(None), Some(None)) => false,
            _ => true,
        },
    );
    let view_model = Memo::new(move |_| {
        let lang = app.lang.get();
        shown.with(|rec| {
            rec.as_ref()
                .map(|rec| recommendation_view(catalog(), rec, lang))
        })
    });
    move || {
        view_model
            .get()
            .map(|v| view! { <RecommendationBody v=v /> })
    }
}

/// The panel's content.
#[component]
fn RecommendationBody(
    /// The formatted recommendation.
    v: RecommendationView,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Rebuilt whenever the recommendation or the language changes: read the language once.
    let lang = app.lang.get_untracked();
    let t = move |l: L| l.get(lang);
    let RecommendationView {
        workload,
        memory,
        ranked,
        more,
        excluded,
        rules,
        assumptions,
        hardware_built,
    } = v;
    let more_text = (more > 0).then(|| match app.lang.get_untracked() {
        Lang::En => format!("… and {more} more GPU(s) that can do the work."),
        Lang::Zh => format!("……另有 {more} 种 GPU 也能完成该工作。"),
    });
    view! {
        <section class="reco" aria-labelledby="reco-heading" data-testid="recommendation">
            <h3 id="reco-heading">{t(L::Heading)}</h3>
            <p class="reco-workload" data-testid="reco-workload">{workload}</p>
            <p class="hint">{t(L::Intro)}</p>
            <MemoryBlock m=memory />
            <h4>{t(L::Ranked)}</h4>
            <ol class="reco-ranked" data-testid="reco-ranked">
                {ranked.into_iter().map(|c| view! { <CandidateCard c=c /> }).collect_view()}
            </ol>
            {more_text.map(|m| view! { <p class="hint">{m}</p> })}
            {(!excluded.is_empty()).then(|| view! {
                <details class="reco-excluded" data-testid="reco-excluded">
                    <summary>{t(L::Excluded)} " (" {excluded.len()} ")"</summary>
                    <ul>{excluded.into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}</ul>
                </details>
            })}
            <RulesBlock rules=rules />
            <details class="reco-assumptions" data-testid="reco-assumptions">
                <summary>{t(L::Assumptions)}</summary>
                <ul>{assumptions.into_iter().map(|a| view! { <li>{a}</li> }).collect_view()}</ul>
                <p class="hint">{t(L::HardwareData)} " " {hardware_built}</p>
            </details>
        </section>
    }
}

/// The memory estimate and its parts.
#[component]
fn MemoryBlock(
    /// The formatted estimate.
    m: MemoryView,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Rebuilt whenever the recommendation or the language changes: read the language once.
    let lang = app.lang.get_untracked();
    let t = move |l: L| l.get(lang);
    let row = |p: MemoryPart| view! { <div><dt>{p.label}</dt><dd>{p.gib}</dd></div> };
    view! {
        <div class="reco-memory" data-testid="reco-memory">
            <h4>{t(L::Memory)}</h4>
            <p>
                <span class="label">{t(L::MemoryTotal)}</span> " "
                <strong data-testid="reco-memory-total">{m.total}</strong>
            </p>
            <dl>{m.parts.into_iter().map(row).collect_view()}</dl>
            <dl class="split">{m.split.into_iter().map(row).collect_view()}</dl>
        </div>
    }
}

/// One ranked GPU.
#[component]
fn CandidateCard(
    /// The formatted candidate.
    c: CandidateView,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Rebuilt whenever the recommendation or the language changes: read the language once.
    let lang = app.lang.get_untracked();
    let t = move |l: L| l.get(lang);
    let basis_kind = if c.measured { L::Measured } else { L::Modelled };
    let feasible = c.feasible;
    let list = |items: Vec<String>| {
        view! { <ul>{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul> }
    };
    let warnings = (!c.warnings.is_empty()).then(|| {
        view! {
            <div class="reco-warnings" role="note">
                <strong>{t(L::Caveats)}</strong>
                {list(c.warnings)}
            </div>
        }
    });
    view! {
        <li class="reco-gpu" class:best=c.rank == 1 class:infeasible=!feasible data-testid="reco-gpu" data-gpu=c.key>
            <div class="reco-gpu-head">
                <span class="rank">{c.rank}</span>
                <strong class="name">{c.name}</strong>
                {(!feasible).then(|| view! { <span class="badge old">{t(L::Infeasible)}</span> })}
                <span class="reco-cost" data-testid="reco-cost">
                    <strong>{c.cost}</strong> " " <span class="unit">{c.unit}</span>
                </span>
            </div>
            <dl class="reco-facts">
                <div><dt>{t(L::GpusNeeded)}</dt><dd data-testid="reco-gpus">{c.gpus}</dd></div>
                <div><dt>{t(L::Price)}</dt><dd data-testid="reco-price">{c.price}</dd></div>
                {c.time.map(|time| view! {
                    <div><dt>{t(L::Time)}</dt><dd data-testid="reco-time">{time}</dd></div>
                })}
                <div><dt>{t(L::Throughput)}</dt><dd>{c.throughput}</dd></div>
                <div>
                    <dt>{t(L::Basis)}</dt>
                    <dd data-testid="reco-basis">
                        <span class="badge" class:measured=c.measured>{t(basis_kind)}</span>
                        " " {c.basis}
                    </dd>
                </div>
            </dl>
            {warnings}
            <details class="reco-why">
                <summary>{t(L::Why)}</summary>
                {list(c.reasons)}
                {(!c.assumptions.is_empty()).then(|| view! {
                    <p class="hint">{t(L::GpuAssumptions)}</p>
                    {list(c.assumptions)}
                })}
            </details>
        </li>
    }
}

/// The founding documents' rules of thumb with their verdicts.
#[component]
fn RulesBlock(
    /// The checked rules.
    rules: Vec<RuleView>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Rebuilt whenever the recommendation or the language changes: read the language once.
    let lang = app.lang.get_untracked();
    let t = move |l: L| l.get(lang);
    view! {
        <details class="reco-rules" data-testid="reco-rules">
            <summary>{t(L::Rules)} " (" {rules.len()} ")"</summary>
            <ul>
                {rules
                    .into_iter()
                    .map(|r| view! {
                        <li data-rule=r.key data-verdict=r.verdict_key>
                            <span class="claim" title=r.source>{r.claim}</span>
                            <span class="verdict">{t(L::Verdict)} ": " {r.verdict}</span>
                            <span class="finding">{r.finding}</span>
                        </li>
                    })
                    .collect_view()}
            </ul>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use gpucost_core::catalog::embedded;
    use gpucost_core::estimate::EstimateContext;
    use gpucost_core::fx::FxTable;
    use gpucost_core::money::Currency;
    use gpucost_core::presets::Preset;
    use gpucost_core::report::report;
    use gpucost_core::scenario::Scenario;

    fn recommendation_of(s: &Scenario) -> std::sync::Arc<Recommendation> {
        let e = embedded();
        let valid = s.clone().validate(&e.catalog).expect("valid scenario");
        let fx = FxTable::from_catalog(&e.catalog);
        report(&EstimateContext {
            catalog: &e.catalog,
            index: &e.index,
            scenario: &valid,
            fx: &fx,
            currency: Currency::Cny,
            today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
        })
        .recommendation
        .expect("the scenario describes a workload")
    }

    #[test]
    fn the_custom_preset_ranks_gpus_with_cost_ranges_and_their_basis() {
        let rec = recommendation_of(&Preset::Custom.scenario());
        let v = recommendation_view(&embedded().catalog, &rec, Lang::En);
        assert!(v
            .workload
            .starts_with("Online serving · Llama 3 8B · FP16/BF16 · 10 requests/s"));
        assert!(!v.ranked.is_empty() && v.ranked.len() <= SHOWN);
        let top = &v.ranked[0];
        assert_eq!(top.rank, 1);
        assert!(
            top.cost.starts_with('¥'),
            "cost in the display currency: {}",
            top.cost
        );
        assert_eq!(top.unit, "per 1M requests");
        let basis = rec.ranked[0].throughput.basis.describe();
        assert!(
            basis.en.ends_with(&top.basis),
            "{} / {}",
            basis.en,
            top.basis
        );
        assert!(!top.basis.starts_with("measured") && !top.basis.starts_with("modelled"));
        assert!(
            top.basis.contains("TFLOPS") || top.basis.contains('@'),
            "names the datasheet peak or the measured row's source: {}",
            top.basis
        );
        assert!(top.price.contains("/GPU-h"), "{}", top.price);
        assert!(top
            .time
            .as_deref()
            .is_some_and(|t| t.contains("bound 5,000 ms")));
        assert!(!top.reasons.is_empty());
        assert!(v.memory.total.ends_with("GiB"));
        assert!(v.memory.parts.iter().any(|p| p.label == "Weights"));
        assert!(!v.rules.is_empty());
        assert!(!v.assumptions.is_empty());
        assert_eq!(v.ranked.len() + v.more, rec.ranked.len());
    }

    #[test]
    fn the_chinese_view_is_in_chinese() {
        let rec = recommendation_of(&Preset::Custom.scenario());
        let v = recommendation_view(&embedded().catalog, &rec, Lang::Zh);
        assert!(v.workload.starts_with("在线推理服务"), "{}", v.workload);
        let top = &v.ranked[0];
        assert_eq!(top.unit, "每百万请求");
        assert!(top.cost.starts_with('¥'));
        assert!(rec.ranked[0]
            .throughput
            .basis
            .describe()
            .zh
            .ends_with(&top.basis));
        assert!(top.throughput.starts_with("每块 GPU"));
        assert!(v
            .rules
            .iter()
            .all(|r| !r.verdict.is_ascii() && !r.claim.is_ascii()));
        assert!(v.memory.parts.iter().all(|p| !p.label.is_ascii()));
        for l in L::ALL {
            assert!(!l.get(Lang::Zh).is_ascii(), "{l:?} untranslated");
            assert_ne!(l.get(Lang::En), l.get(Lang::Zh));
        }
    }

    #[test]
    fn a_training_run_shows_its_time_against_the_deadline() {
        let mut s = Preset::Custom.scenario();
        let mut w = gpucost_core::share::workload_params::default_workload(TaskKind::Lora);
        w.deadline_hours = Some(Decimal::from(48));
        s.workload = Some(w);
        let rec = recommendation_of(&s);
        let v = recommendation_view(&embedded().catalog, &rec, Lang::En);
        assert_eq!(v.ranked[0].unit, "per run");
        let time = v.ranked[0].time.as_deref().unwrap_or_default();
        assert!(time.contains("h to finish · deadline 48 h:"), "{time}");
        assert!(v.workload.ends_with(", within 48 h"), "{}", v.workload);
    }

    #[test]
    fn numbers_and_money_ranges_print_short() {
        assert_eq!(num(1234.4), "1,234");
        assert_eq!(num(18.04), "18");
        assert_eq!(num(2.345), "2.35");
        assert_eq!(span(LowHigh::new(0.36, 0.64)), "0.36–0.64");
        let m = |s: &str| Money::new(s.parse().unwrap(), Currency::Cny);
        assert_eq!(
            money_span(LowHigh::money(m("0.12345"), m("1.5"))),
            "¥0.1235–¥1.50"
        );
        assert_eq!(money_span(LowHigh::money(m("2"), m("2.001"))), "¥2.00");
    }
}
