//! The recommendation's words: every typed message of [`crate::recommend`] and of
//! [`crate::view::recommendation`] written in English or Simplified Chinese, and nowhere else.
//!
//! Each `text(lang)` renders one message with the number formatters of
//! [`crate::recommend::numbers`]; the engine itself never builds a sentence.

use rust_decimal::Decimal;

use crate::billing_mode::ModeClass;
use crate::catalog::AsOf;
use crate::format::{self, Lang};
use crate::fx::FxOrigin;

use crate::l10n::labels;
use crate::l10n::Localize;
use crate::limits::{DEADLINE_HOURS, EPOCHS, LATENCY_MS, PARAMS};
use crate::recommend::assumptions::Assumption;
use crate::recommend::basis::{Basis, Calibration, Formula};
use crate::recommend::candidates::PeakKind;
use crate::recommend::cost::{CostUnit, QUOTE_MACHINE_GPUS};
use crate::recommend::numbers::{amount, count, money_span, num, pct, pct_span, sci, span};
use crate::recommend::parallel::MAX_SERVING_GPUS;
use crate::recommend::reasons::{CitedPrice, Reason};
use crate::recommend::rules::{Finding, MatrixWork, QuantizedCost, SeedRule, Verdict};
use crate::recommend::throughput::{WorkUnit, MAX_BATCH};
use crate::recommend::warnings::Warning;
use crate::recommend::workload::{
    short_count, ModelChoice, RateUnit, Task, TaskKind, TrainingSize, Workload, MAX_LORA_RANK,
};
use crate::recommend::{
    Excluded, Exclusion, LowHigh, QuoteExcluded, QuoteExclusion, SliceFit, SliceKind, WorkloadError,
};
use crate::scenario::PriceOwner;
use crate::view::recommendation::{
    Fleet, GpusUsed, MemoryPart, MonthlyCost, PriceFacts, TimeFacts,
};

/// The string of `lang` from a pair.
fn pick<T>(lang: Lang, en: T, zh: T) -> T {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

impl CostUnit {
    /// The unit in words: `per 1M requests`.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            CostUnit::Run => pick(lang, "per run", "每次运行"),
            CostUnit::MillionRequests => pick(lang, "per 1M requests", "每百万请求"),
        }
    }
}

impl WorkUnit {
    /// The unit per second: `tokens/s`.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            WorkUnit::Token => pick(lang, "tokens/s", "token/秒"),
            WorkUnit::Sample => pick(lang, "samples/s", "样本/秒"),
            WorkUnit::Request => pick(lang, "requests/s", "请求/秒"),
        }
    }
}

impl PeakKind {
    /// The datasheet rate: `FP16 tensor`.
    pub fn text(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (PeakKind::Fp16, Lang::Zh) => "FP16 张量核心",
            (PeakKind::Bf16, Lang::Zh) => "BF16 张量核心",
            (PeakKind::Int8, Lang::Zh) => "INT8 张量核心",
            (PeakKind::Fp8, Lang::Zh) => "FP8 张量核心",
            _ => self.label(),
        }
    }
}

/// A billing class as a sentence names it.
fn class_text(c: ModeClass, lang: Lang) -> &'static str {
    match lang {
        Lang::En => c.as_str(),
        Lang::Zh => match c {
            ModeClass::OnDemand => "按量",
            ModeClass::Spot => "竞价",
            ModeClass::Committed => "承诺使用",
            ModeClass::Subscription => "包期订阅",
        },
    }
}

/// A price date as a reason cites it: `2026-01-15`, `<=2025-06-30`.
fn as_of_text(a: AsOf, lang: Lang) -> String {
    match (a, lang) {
        (AsOf::Unknown, Lang::Zh) => "无日期".into(),
        _ => a.to_string(),
    }
}

impl Calibration {
    /// Where the efficiency range comes from.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Calibration::Suite { title, gpus, .. }, Lang::En) => {
                format!("implied by {title} rows for this model on {gpus} GPU(s)")
            }
            (Calibration::Suite { title, gpus, .. }, Lang::Zh) => {
                format!("由 {title} 中该模型在 {gpus} 种 GPU 上的实测数据推算")
            }
            (Calibration::Mfu { rows }, Lang::En) => {
                format!("MFU reported by MosaicML llm-foundry for MPT pre-training ({rows} rows)")
            }
            (Calibration::Mfu { rows }, Lang::Zh) => {
                format!("MosaicML llm-foundry 报告的 MPT 预训练 MFU（{rows} 行）")
            }
            (Calibration::LlamaCpp { rows, same_model }, Lang::En) => format!(
                "implied by {rows} llama.cpp single-sequence rows{}",
                if *same_model {
                    " for this model"
                } else {
                    " for Llama 3"
                }
            ),
            (Calibration::LlamaCpp { rows, same_model }, Lang::Zh) => format!(
                "由 {rows} 行 llama.cpp 单序列实测{}推算",
                if *same_model {
                    "（同一模型）"
                } else {
                    "（Llama 3）"
                }
            ),
            (Calibration::Assumed, _) => pick(
                lang,
                "assumed (no measured rows apply)",
                "假设值（无适用的实测数据）",
            )
            .into(),
        }
    }
}

impl Formula {
    /// The formula, at the datasheet peak `peak_tflops` of `kind`.
    pub fn text(&self, peak_tflops: f64, kind: PeakKind, lang: Lang) -> String {
        let at = format!("{} TFLOPS {}", num(peak_tflops), kind.text(lang));
        match (*self, lang) {
            (Formula::ImageTraining { flops, passes }, Lang::En) => format!(
                "{} FLOPs per image ({passes}× the forward pass) at {at}",
                sci(flops)
            ),
            (Formula::ImageTraining { flops, passes }, Lang::Zh) => {
                format!("每张图像 {} FLOPs（前向的 {passes} 倍），峰值 {at}", sci(flops))
            }
            (Formula::TokenTraining { k, flops }, Lang::En) => {
                format!("{k}·N·D FLOPs ({} per token) at {at}", sci(flops))
            }
            (Formula::TokenTraining { k, flops }, Lang::Zh) => {
                format!("{k}·N·D FLOPs（每 token {}），峰值 {at}", sci(flops))
            }
            (Formula::Request { flops }, Lang::En) => {
                format!("{} FLOPs per request at {at}", sci(flops))
            }
            (Formula::Request { flops }, Lang::Zh) => {
                format!("每个请求 {} FLOPs，峰值 {at}", sci(flops))
            }
            (
                Formula::Decode {
                    bandwidth_gbps,
                    batch,
                    input_tokens,
                    output_tokens,
                },
                Lang::En,
            ) => format!(
                "decode step = max(weights + batch × KV cache read at {} GB/s, batch × 2·N FLOPs at {at}); prompt 2·N per token; batch {batch} of {input_tokens} + {output_tokens} tokens",
                num(bandwidth_gbps),
            ),
            (
                Formula::Decode {
                    bandwidth_gbps,
                    batch,
                    input_tokens,
                    output_tokens,
                },
                Lang::Zh,
            ) => format!(
                "解码步 = max(以 {} GB/s 读取权重 + 批量 × KV 缓存, 以 {at} 计算批量 × 2·N FLOPs)；输入每 token 2·N；批量 {batch}，每请求 {input_tokens} + {output_tokens} token",
                num(bandwidth_gbps),
            ),
        }
    }
}

impl Basis {
    /// What kind of evidence: `measured` or `modelled` (the panel's badge).
    pub fn kind_text(&self, lang: Lang) -> &'static str {
        match self {
            Basis::Measured { .. } => pick(lang, "measured", "实测"),
            Basis::Modelled { .. } => pick(lang, "modelled", "模型估算"),
        }
    }

    /// The evidence without its kind: the measured row and its source, or the formula and
    /// its efficiencies.
    pub fn evidence(&self, lang: Lang) -> String {
        match self {
            Basis::Measured { title, rows, .. } => {
                let source = &rows[0].source;
                let r = &rows[0].row;
                let more = match (rows.len(), lang) {
                    (1, _) => String::new(),
                    (n, Lang::En) => format!(" and {} more row(s)", n - 1),
                    (n, Lang::Zh) => format!("，另有 {} 行", n - 1),
                };
                let precision = match r.precision {
                    Some(p) => p.label(),
                    None => pick(lang, "precision not recorded", "未记录精度"),
                };
                let at = if r.at.is_empty() {
                    String::new()
                } else {
                    format!(" {}", r.at)
                };
                let (model, gpus, gpu, value, unit, date) =
                    (&r.model, r.gpus, &r.gpu, num(r.value), &r.unit, &r.date);
                match lang {
                    Lang::En => format!(
                        "{title}, {model} {precision}, {gpus} × {gpu} = {value} {unit} ({source}{at}; {date}){more}"
                    ),
                    Lang::Zh => format!(
                        "{title}，{model} {precision}，{gpus} × {gpu} = {value} {unit}（{source}{at}；{date}）{more}"
                    ),
                }
            }
            Basis::Modelled {
                formula,
                peak_tflops,
                peak,
                compute_efficiency,
                compute_calibration,
                bandwidth,
            } => {
                let formula = formula.text(*peak_tflops, *peak, lang);
                let (ce, cal) = (
                    pct_span(*compute_efficiency),
                    compute_calibration.text(lang),
                );
                let mut out = match lang {
                    Lang::En => format!("{formula}; compute efficiency {ce} ({cal})"),
                    Lang::Zh => format!("{formula}；算力利用率 {ce}（{cal}）"),
                };
                if let Some((bw, cal)) = bandwidth {
                    let (bw, cal) = (pct_span(*bw), cal.text(lang));
                    out.push_str(&match lang {
                        Lang::En => format!(", bandwidth efficiency {bw} ({cal})"),
                        Lang::Zh => format!("，带宽利用率 {bw}（{cal}）"),
                    });
                }
                out
            }
        }
    }

    /// One sentence naming the evidence, its kind first: `measured: MLPerf …`.
    pub fn text(&self, lang: Lang) -> String {
        let sep = pick(lang, ": ", "：");
        format!("{}{sep}{}", self.kind_text(lang), self.evidence(lang))
    }
}

impl CitedPrice {
    /// `Lambda gpu_1x_a100 (on-demand us-east-1, 2026-01-15): $1.2900 per GPU-hour`.
    pub fn text(&self, lang: Lang) -> String {
        let rate = format::rate(self.per_gpu_hour);
        let (instance, region) = (&self.instance, &self.region);
        let (class, as_of) = (class_text(self.class, lang), as_of_text(self.as_of, lang));
        if self.quote {
            return match lang {
                Lang::En => format!(
                    "{} {instance} (your quote, {class}): {rate} per GPU-hour",
                    self.provider_name
                ),
                Lang::Zh => format!(
                    "{} {instance}（您的报价，{class}）：每 GPU 小时 {rate}",
                    self.provider_name_zh
                ),
            };
        }
        match lang {
            Lang::En => format!(
                "{} {instance} ({class} {region}, {as_of}): {rate} per GPU-hour",
                self.provider_name
            ),
            Lang::Zh => format!(
                "{} {instance}（{class} {region}，{as_of}）：每 GPU 小时 {rate}",
                self.provider_name_zh
            ),
        }
    }
}

impl SliceFit {
    fn reason_text(&self, lang: Lang) -> String {
        match &self.kind {
            SliceKind::Mig => {
                let memory = num(self.memory_gib);
                let fraction = (1.0 / self.share).round();
                match lang {
                    Lang::En => format!(
                        "A MIG slice ({memory} GB, 1/{fraction} of the compute) would hold it{}.",
                        match self.enough_throughput {
                            Some(true) => " and serve the target rate",
                            Some(false) => ", but not at the target rate",
                            None => "",
                        }
                    ),
                    Lang::Zh => format!(
                        "一个 MIG 切片（{memory} GB，1/{fraction} 算力）即可容纳{}。",
                        match self.enough_throughput {
                            Some(true) => "，并满足目标速率",
                            Some(false) => "，但达不到目标速率",
                            None => "",
                        }
                    ),
                }
            }
            SliceKind::Offer { offer } => {
                let share = num(self.share);
                match lang {
                    Lang::En => format!("A fractional offer ({offer}, {share} of a GPU) holds it."),
                    Lang::Zh => format!("分数 GPU 报价（{offer}，{share} 块 GPU）即可容纳。"),
                }
            }
        }
    }
}

impl Reason {
    /// The reason in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Reason::Fits {
                need_gib,
                gpus,
                memory_gb,
                checkpointing,
            } => {
                let (need, mem, g) = (span(*need_gib), num(*memory_gb), *gpus);
                let ck = match (checkpointing, lang) {
                    (false, _) => "",
                    (true, Lang::En) => " with activation checkpointing",
                    (true, Lang::Zh) => "（需启用激活检查点）",
                };
                match (g == 1, lang) {
                    (true, Lang::En) => format!("Needs {need} GiB; fits in one {mem} GB GPU{ck}."),
                    (true, Lang::Zh) => {
                        format!("需要 {need} GiB；一块 {mem} GB GPU 即可容纳{ck}。")
                    }
                    (false, Lang::En) => format!(
                        "Needs {need} GiB in all; split over {g} GPUs of {mem} GB each{ck}."
                    ),
                    (false, Lang::Zh) => {
                        format!("共需 {need} GiB；拆分到 {g} 块 {mem} GB GPU 上{ck}。")
                    }
                }
            }
            Reason::Slice(s) => s.reason_text(lang),
            Reason::Throughput {
                per_gpu,
                unit,
                basis,
            } => {
                let (per_gpu, unit, basis) = (span(*per_gpu), unit.text(lang), basis.text(lang));
                match lang {
                    Lang::En => format!("{per_gpu} {unit} per GPU — {basis}."),
                    Lang::Zh => format!("每块 GPU {per_gpu} {unit} — {basis}。"),
                }
            }
            Reason::Batch { batch, latency_s } => {
                let lat = span(*latency_s);
                match lang {
                    Lang::En => {
                        format!("Batch of {batch} requests per replica; {lat} s per request.")
                    }
                    Lang::Zh => format!("每个副本批量 {batch} 个请求；每个请求 {lat} 秒。"),
                }
            }
            Reason::Cheapest {
                price,
                cost,
                unit,
                hours,
            } => {
                let (p, u) = (price.text(lang), unit.text(lang));
                let cost = cost.map(money_span).unwrap_or_else(|| "—".into());
                let hours = hours.map(span);
                match lang {
                    Lang::En => format!(
                        "Cheapest: {p}; {cost} {u}{}.",
                        hours.map(|h| format!(", {h} h")).unwrap_or_default()
                    ),
                    Lang::Zh => format!(
                        "最低价：{p}；{u}{cost}{}。",
                        hours.map(|h| format!("，{h} 小时")).unwrap_or_default()
                    ),
                }
            }
            Reason::Versus {
                reference,
                throughput_ratio,
                price_ratio,
                saving,
                unit,
                different_evidence,
            } => {
                let (thr, price, pct) =
                    (num(*throughput_ratio), num(*price_ratio), pct(saving.abs()));
                let u = unit.text(lang);
                let cheaper = *saving >= 0.0;
                match lang {
                    Lang::En => format!(
                        "{thr}× the {reference}'s throughput for {price}× the price per GPU-hour, so {pct} {} {u}{}.",
                        if cheaper { "cheaper" } else { "dearer" },
                        if *different_evidence {
                            " (throughputs rest on different evidence: compare with care)"
                        } else {
                            ""
                        }
                    ),
                    Lang::Zh => format!(
                        "吞吐量为 {reference} 的 {thr} 倍，每 GPU 小时价格为其 {price} 倍，因此{u}{} {pct}{}。",
                        if cheaper { "便宜" } else { "贵" },
                        if *different_evidence {
                            "（两者吞吐量依据不同：比较时需谨慎）"
                        } else {
                            ""
                        }
                    ),
                }
            }
        }
    }
}

impl Assumption {
    /// The assumption in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        use Assumption as A;
        match self {
            A::ActivationsPerSequence => pick(
                lang,
                "Activations of one sequence: 2·s·h·L bytes with activation checkpointing, 34·s·h·L without (Korthikanti et al. 2022, FlashAttention so no s² term).",
                "单条序列的激活值：启用激活检查点时为 2·s·h·L 字节，不启用时为 34·s·h·L 字节（Korthikanti 等 2022；使用 FlashAttention，无 s² 项）。",
            )
            .into(),
            A::ActivationsPerImage => pick(
                lang,
                "Activations of one image are an approximation for this network (with and without checkpointing).",
                "单张图像的激活值为该网络的近似值（启用与不启用检查点）。",
            )
            .into(),
            A::AdamFp32 => pick(
                lang,
                "FP32 Adam: 4 bytes of weights, 4 of gradients and 8 of moments per trained parameter (16).",
                "FP32 Adam：每个训练参数含权重 4 字节、梯度 4 字节、动量 8 字节（共 16 字节）。",
            )
            .into(),
            A::AdamMixedPrecision => pick(
                lang,
                "Mixed-precision Adam: 16–18 bytes per trained parameter (fp16 weights 2, gradients 2–4, fp32 master weights 4 and moments 8).",
                "混合精度 Adam：每个训练参数 16–18 字节（fp16 权重 2、梯度 2–4、fp32 主权重 4 与动量 8）。",
            )
            .into(),
            A::Adapters {
                qlora,
                weight_bytes,
            } => {
                let (name, bytes) = (if *qlora { "QLoRA" } else { "LoRA" }, span(*weight_bytes));
                match lang {
                    Lang::En => format!(
                        "{name}: frozen base weights at {bytes} bytes per parameter; adapters of 0.2–2 % of the parameters with 16–18 bytes each."
                    ),
                    Lang::Zh => format!(
                        "{name}：冻结的基座权重每参数 {bytes} 字节；适配器占参数量的 0.2–2 %，每个 16–18 字节。"
                    ),
                }
            }
            A::KvCache => pick(
                lang,
                "KV cache: 2 (K, V) × layers × KV heads × head size × 2 bytes per token of prompt and output.",
                "KV 缓存：每个输入与输出 token 为 2（K、V）× 层数 × KV 头数 × 头维度 × 2 字节。",
            )
            .into(),
            A::QuoteMachine { gpus } if *gpus > QUOTE_MACHINE_GPUS => {
                let m = QUOTE_MACHINE_GPUS;
                let machines = gpus.div_ceil(m);
                match lang {
                    Lang::En => format!(
                        "Your quote is priced per GPU: a replica of {gpus} GPUs is taken as {machines} linked machines of {m} GPUs at that price per GPU, as the catalog's {m}-GPU servers are. The quote names no machine, host, region or interconnect; whether the seller links {machines} machines of {m} is for you to confirm."
                    ),
                    Lang::Zh => format!(
                        "您的报价按每卡计价：每个副本的 {gpus} 块 GPU 按 {machines} 台互联的 {m} 卡机器计（与目录中的 {m} 卡服务器相同），每卡按该报价。报价未说明机器、主机、地域或互联；卖方能否提供 {machines} 台互联的 {m} 卡机器，请您自行确认。"
                    ),
                }
            }
            A::QuoteMachine { gpus } => match lang {
                Lang::En => format!(
                    "Your quote is priced per GPU: a replica of {gpus} GPU(s) is taken as one machine of {gpus} GPU(s) at {gpus} × that price. The quote names no machine, host, region or interconnect; whether the seller has {gpus} GPU(s) in one machine is for you to confirm."
                ),
                Lang::Zh => format!(
                    "您的报价按每卡计价：每个副本的 {gpus} 块 GPU 按一台 {gpus} 卡机器计，价格为 {gpus} × 该报价。报价未说明机器、主机、地域或互联；卖方能否在一台机器中提供 {gpus} 块 GPU，请您自行确认。"
                ),
            },
            A::Overhead => pick(
                lang,
                "Overhead (CUDA context, workspaces, fragmentation): 0.5–1 GiB per GPU plus 2–8 % of the model state.",
                "额外开销（CUDA 上下文、工作区、碎片）：每块 GPU 0.5–1 GiB，另加模型状态的 2–8 %。",
            )
            .into(),
            A::ScalingWithoutNvlink { gpus } => match lang {
                Lang::En => {
                    format!("{gpus} GPUs without NVLink: 60–85 % scaling efficiency assumed.")
                }
                Lang::Zh => format!("{gpus} 块无 NVLink 的 GPU：假设扩展效率为 60–85 %。"),
            },
            A::QloraDequantizes => pick(
                lang,
                "QLoRA dequantizes 4-bit weights on every step: 60–90 % of LoRA's speed assumed.",
                "QLoRA 每步都需反量化 4 位权重：假设速度为 LoRA 的 60–90 %。",
            )
            .into(),
            A::CrossCheck {
                title,
                row,
                per_gpu,
            } => {
                let (value, unit, gpus, gpu) = (num(row.value), &row.unit, row.gpus, &row.gpu);
                let per_gpu = span(*per_gpu);
                match lang {
                    Lang::En => format!(
                        "Cross-check: {title} measured {value} {unit} on {gpus} × {gpu} ({per_gpu} per GPU in this workload's requests); not used for the ranking, since that system's precision and batching are not this plan's."
                    ),
                    Lang::Zh => format!(
                        "对照：{title} 在 {gpus} × {gpu} 上实测 {value} {unit}（按本任务请求折算每 GPU {per_gpu}）；因其精度与批处理方式不同，未用于排名。"
                    ),
                }
            }
            A::MeasuredSeqLen { measured, used } => match lang {
                Lang::En => format!(
                    "Measured at {measured}-token sequences; scaled to {used} tokens as if the work were proportional to length."
                ),
                Lang::Zh => format!(
                    "实测序列长度为 {measured} token；按工作量与长度成正比换算到 {used} token。"
                ),
            },
            A::WiderForLatency { gpus, memory_gpus } => match lang {
                Lang::En => format!(
                    "{gpus} GPUs per replica (not the {memory_gpus} memory needs) to meet the latency bound."
                ),
                Lang::Zh => format!(
                    "每个副本使用 {gpus} 块 GPU（显存只需 {memory_gpus} 块），以满足延迟上限。"
                ),
            },
            A::EfficiencyAboveModel { efficiency } => {
                let e = pct_span(*efficiency);
                match lang {
                    Lang::En => format!(
                        "Efficiency {e} exceeds 100 % of the FLOPs model: the benchmark does less work per item than the model counts (e.g. unpadded sequences); it is used only as a scale factor within its suite."
                    ),
                    Lang::Zh => format!(
                        "利用率 {e} 超过 FLOPs 模型的 100 %：基准测试每项工作量少于模型计数（如未填充的序列）；仅在同一套件内作为比例系数使用。"
                    ),
                }
            }
            A::AlsoMeasured { suites } => {
                let list = suites.join(", ");
                match lang {
                    Lang::En => format!("Also measured in {list}; not mixed into this ranking."),
                    Lang::Zh => format!("另有 {list} 的实测数据；未混入本排名。"),
                }
            }
            A::Prices { cny_per_usd, fx } => {
                let rate = cny_per_usd.normalize();
                let fx = match fx {
                    FxOrigin::Catalog { as_of, source } => format!("{as_of}, {source}"),
                    FxOrigin::User => pick(lang, "entered by you", "由您输入").into(),
                };
                match lang {
                    Lang::En => format!(
                        "Prices: the cheapest listed per provider and billing class, per instance, converted at {rate} CNY per USD ({fx})."
                    ),
                    Lang::Zh => format!(
                        "价格：每家厂商每种计费方式的最低刊例价（按实例），按 1 美元 = {rate} 元换算（{fx}）。"
                    ),
                }
            }
            A::WholeInstances => pick(
                lang,
                "Instances are rented whole and all their GPUs work on the job (data parallelism within an instance taken as linear); a serving fleet rounds up to whole instances.",
                "实例整租，其全部 GPU 都参与任务（实例内数据并行视为线性扩展）；推理服务集群向上取整到整实例。",
            )
            .into(),
            A::CommitmentsAndSpot => pick(
                lang,
                "Committed prices are owed for every hour of the term and subscriptions for the whole period: their costs assume the capacity is used throughout. Spot capacity can be interrupted; long runs need checkpoints.",
                "承诺价格须按整个期限的每小时付费，包月等订阅须按整个周期付费：其成本假设容量被充分使用。竞价实例可能被中断；长任务需保存检查点。",
            )
            .into(),
            A::LeftOutPrices => pick(
                lang,
                "Google Cloud GPU-component prices are left out (the host VM is billed separately); market references and institution-only tariffs are listed but not ranked.",
                "谷歌云 (Google Cloud) 仅 GPU 部分的价格不参与计算（主机 VM 另计）；市场参考价与机构内部价格仅列出，不参与排名。",
            )
            .into(),
            A::CustomModel {
                layers,
                hidden,
                heads,
                kv_heads,
            } => match (lang, kv_heads < heads) {
                (Lang::En, true) => format!(
                    "A custom model is treated as a dense decoder-only transformer: {layers} layers, hidden size {hidden}, {heads} heads sharing {kv_heads} key/value heads (grouped-query attention, as Llama 3, Qwen2.5 and Mistral publish). Paste its config.json to size another layout."
                ),
                (Lang::Zh, true) => format!(
                    "自定义模型按稠密的仅解码器 Transformer 处理：{layers} 层，隐藏维度 {hidden}，{heads} 个注意力头共用 {kv_heads} 个键值头（分组查询注意力，与 Llama 3、Qwen2.5、Mistral 公布的配置相同）。其他结构请粘贴模型的 config.json。"
                ),
                (Lang::En, false) => format!(
                    "A custom model is treated as a dense decoder-only transformer: {layers} layers, hidden size {hidden}, {heads} heads, each with its own key/value head. Paste its config.json to size another layout."
                ),
                (Lang::Zh, false) => format!(
                    "自定义模型按稠密的仅解码器 Transformer 处理：{layers} 层，隐藏维度 {hidden}，{heads} 个注意力头，每个头有自己的键值头。其他结构请粘贴模型的 config.json。"
                ),
            },
            A::PastedConfig { config } => match lang {
                Lang::En => format!(
                    "Model from a pasted config.json, sized as a library model of the same config: {}. Fields not named here were not read (the form names them).",
                    crate::l10n::model_config::config_summary(config, lang)
                ),
                Lang::Zh => format!(
                    "模型来自粘贴的 config.json，按同样配置的模型库模型估算：{}。此处未列出的字段未读取（表单中列出）。",
                    crate::l10n::model_config::config_summary(config, lang)
                ),
            },
            A::ModelSize { source } => match lang {
                Lang::En => format!("Model size: {source}."),
                Lang::Zh => format!("模型规模：{source}。"),
            },
            A::ServingHasNoDeadline => pick(
                lang,
                "Online serving runs continuously: the deadline is not used.",
                "在线服务持续运行：不使用截止时间。",
            )
            .into(),
            A::OneSuite { title } => match lang {
                Lang::En => format!(
                    "Measured throughputs come from one suite only ({title}); rows of other suites are not mixed in, and GPUs it did not measure are modelled with the efficiency its rows imply."
                ),
                Lang::Zh => format!(
                    "实测吞吐量只取自同一套件（{title}）；不混用其他套件的数据，该套件未测的 GPU 按其数据推算的利用率建模。"
                ),
            },
            A::MlperfUnverified => pick(
                lang,
                "MLPerf: Result not verified by MLCommons Association. Closed-division engines may run quantized; the summary logs do not record precision.",
                "MLPerf：结果未经 MLCommons 协会验证。封闭组引擎可能使用量化；汇总日志未记录精度。",
            )
            .into(),
            A::Parallel { split, efficiency } => {
                let (g, t, pp) = (split.gpus, split.tensor, split.pipeline);
                let e = pct_span(*efficiency);
                let experts = match (split.expert, lang) {
                    (Some(n), Lang::En) => format!(", experts spread over all {n} GPUs"),
                    (Some(n), Lang::Zh) => format!("，专家分布在全部 {n} 块 GPU 上"),
                    (None, _) => String::new(),
                };
                match (split.spans_machines(), lang) {
                    (true, Lang::En) => format!(
                        "Each replica spans {pp} machines: {g} GPUs as tensor {t} × pipeline {pp}{experts}; across machines it keeps {e} of their combined speed (pipeline bubbles, network)."
                    ),
                    (true, Lang::Zh) => format!(
                        "每个副本跨 {pp} 台机器：{g} 块 GPU，张量并行 {t} × 流水线并行 {pp}{experts}；跨机器时保留合计速度的 {e}（流水线气泡、网络）。"
                    ),
                    (false, Lang::En) => {
                        format!("Each replica: {g} GPUs as tensor {t}{experts}.")
                    }
                    (false, Lang::Zh) => {
                        format!("每个副本：{g} 块 GPU，张量并行 {t}{experts}。")
                    }
                }
            }
        }
    }
}

impl Verdict {
    /// The verdict in words: `holds`, `does not apply`.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Verdict::Within => pick(lang, "holds", "成立"),
            Verdict::Beyond => pick(
                lang,
                "holds, more strongly than claimed",
                "成立，且效果强于原文",
            ),
            Verdict::Weaker => pick(
                lang,
                "holds, but less than claimed",
                "方向一致，但效果弱于原文",
            ),
            Verdict::Contrary => pick(lang, "does not hold here", "此处不成立"),
            Verdict::NotApplicable => pick(lang, "does not apply", "不适用"),
        }
    }
}

impl MatrixWork {
    /// The kind of work as the matrix names it.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            MatrixWork::LightInference => pick(lang, "light inference", "轻量级推理"),
            MatrixWork::MidSizeTraining => pick(lang, "mid-size training", "中型模型训练"),
            MatrixWork::LargeParallelTraining => {
                pick(lang, "large parallel training", "大规模并行训练")
            }
        }
    }
}

/// `less` or `more` by the sign of a saving, in a sentence of `lang`.
fn less_more(saving: f64, lang: Lang) -> String {
    let p = pct(saving.abs());
    match (saving >= 0.0, lang) {
        (true, Lang::En) => format!("{p} less"),
        (false, Lang::En) => format!("{p} more"),
        (true, Lang::Zh) => format!("低 {p}"),
        (false, Lang::Zh) => format!("高 {p}"),
    }
}

impl QuantizedCost {
    fn text(&self, lang: Lang) -> String {
        let (q, f) = (self.quantized.label(), self.full.label());
        let (qc, fc) = (amount(self.quantized_cost), amount(self.full_cost));
        let diff = less_more(self.saving, lang);
        match lang {
            Lang::En => format!("{q} {qc} against {f} {fc}: {diff}"),
            Lang::Zh => format!("{q} {qc}，{f} {fc}：{diff}"),
        }
    }
}

impl Finding {
    /// The finding in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        use Finding as F;
        match self {
            F::AboutInference => pick(
                lang,
                "A training workload: the rule is about inference.",
                "训练任务：该规则针对推理。",
            )
            .into(),
            F::AboutTraining => pick(
                lang,
                "An inference workload: the rule is about training.",
                "推理任务：该规则针对训练。",
            )
            .into(),
            F::NothingRuns => {
                pick(lang, "Nothing can run this workload.", "没有可运行该任务的 GPU。").into()
            }
            F::GpusCheaper {
                cheap,
                cheap_cost,
                dear,
                dear_cost,
                saving,
                unit,
            } => {
                let (a, b, u) = (amount(*cheap_cost), amount(*dear_cost), unit.text(lang));
                let diff = less_more(*saving, lang);
                match lang {
                    Lang::En => format!("{cheap} costs {a} {u} against {b} on {dear}: {diff}."),
                    Lang::Zh => format!("{cheap} {u}{a}，{dear} 为 {b}：{diff}。"),
                }
            }
            F::NoCheapOrDearGpu => pick(
                lang,
                "No priced T4/L4 or A100 can run this workload.",
                "没有可运行该任务且有价格的 T4/L4 或 A100。",
            )
            .into(),
            F::Quantization { unit, comparisons } => {
                let u = unit.text(lang);
                let lines: Vec<String> = comparisons.iter().map(|c| c.text(lang)).collect();
                match lang {
                    Lang::En => format!("Cheapest {u} on demand: {}.", lines.join("; ")),
                    Lang::Zh => format!("按量最低{u}：{}。", lines.join("；")),
                }
            }
            F::PrecisionUnrecorded => pick(
                lang,
                "The measured rows that decide this ranking do not record their precision (MLPerf), so they cannot show what quantization saves.",
                "决定该排名的实测数据未记录精度（MLPerf），无法体现量化的节省。",
            )
            .into(),
            F::NoOtherPrecision => pick(
                lang,
                "No other precision of this workload can be priced.",
                "该任务的其他精度无法计价。",
            )
            .into(),
            F::Batching {
                gpu,
                batch,
                gain,
                claimed,
            } => {
                let (g, c) = (span(*gain), num(*claimed));
                match lang {
                    Lang::En => format!(
                        "On {gpu}, a batch of {batch} does {g}× the work of batch 1 per GPU-hour (the claim, 30 % → 80 %, is {c}×)."
                    ),
                    Lang::Zh => format!(
                        "在 {gpu} 上，批量 {batch} 每 GPU 小时的工作量是批量 1 的 {g} 倍（该说法 30 % → 80 % 相当于 {c} 倍）。"
                    ),
                }
            }
            F::BatchingNotModelled => pick(
                lang,
                "Only modelled for text generation, where batching shares each read of the weights; this workload is compute-bound or measured as a whole.",
                "仅对文本生成建模（批处理可共享每次权重读取）；该任务为计算受限或整体实测。",
            )
            .into(),
            F::TrainOnA100H100 {
                gpu,
                cost,
                unit,
                top,
                top_cost,
                saving,
            } => {
                let (k, u) = (amount(*cost), unit.text(lang));
                let t = top_cost.map(amount).unwrap_or_else(|| "—".into());
                let p = pct(*saving);
                match lang {
                    Lang::En => format!(
                        "The cheapest A100/H100 ({gpu}) costs {k} {u}; the cheapest overall ({top}) {t}{}.",
                        if *saving > 0.0 { format!(", {p} less") } else { String::new() }
                    ),
                    Lang::Zh => format!(
                        "最便宜的 A100/H100（{gpu}）{u}{k}；整体最便宜的（{top}）为 {t}{}。",
                        if *saving > 0.0 { format!("，低 {p}") } else { String::new() }
                    ),
                }
            }
            F::NoA100H100 => pick(
                lang,
                "No priced A100/H100 can run this workload.",
                "没有可运行该任务且有价格的 A100/H100。",
            )
            .into(),
            F::Smallest {
                provider_name,
                provider_name_zh,
                instance,
                gpu,
                per_hour,
                share,
                recommended_per_hour,
            } => {
                let (rate, best, share) = (
                    format::rate(*per_hour),
                    format::rate(*recommended_per_hour),
                    pct(*share),
                );
                match lang {
                    Lang::En => format!(
                        "The cheapest instance per hour that holds the model is {provider_name} {instance} ({gpu}) at {rate}/h, {share} of the recommended instance's {best}/h."
                    ),
                    Lang::Zh => format!(
                        "能放下该模型的每小时最便宜实例是 {provider_name_zh} {instance}（{gpu}），{rate}/小时，为推荐实例 {best}/小时的 {share}。"
                    ),
                }
            }
            F::NoOnDemandInstance => pick(
                lang,
                "No on-demand instance can hold this model.",
                "没有能放下该模型的按量实例。",
            )
            .into(),
            F::Discount {
                gpu,
                offers,
                class,
                range,
                median,
            } => {
                let (c, r, m) = (class_text(*class, lang), pct_span(*range), pct(*median));
                match lang {
                    Lang::En => format!(
                        "On {gpu}, {offers} offer(s) list a {c} price next to their on-demand price: {r} below it (median {m})."
                    ),
                    Lang::Zh => format!(
                        "{gpu} 有 {offers} 个报价同时列出{c}与按量价格：比按量低 {r}（中位数 {m}）。"
                    ),
                }
            }
            F::NoDiscountPair => pick(
                lang,
                "No offer of the recommended GPU lists this billing class next to its on-demand price in the same region.",
                "推荐 GPU 的报价中，没有在同一区域同时列出该计费方式与按量价格的。",
            )
            .into(),
            F::Matrix {
                work,
                gpu,
                cost,
                unit,
                cheapest,
                cheapest_cost,
            } => {
                let (what, u) = (work.text(lang), unit.text(lang));
                let (k, tk) = (amount(*cost), amount(*cheapest_cost));
                match lang {
                    Lang::En => format!(
                        "The matrix puts this ({what}) on {gpu}: {k} {u}; the cheapest here is {cheapest} at {tk}."
                    ),
                    Lang::Zh => format!(
                        "矩阵将此任务（{what}）归于 {gpu}：{u}{k}；此处最便宜的是 {cheapest}，{tk}。"
                    ),
                }
            }
            F::NotLightInference => pick(
                lang,
                "Not light inference: the model does not fit on one 16 GB T4.",
                "不属于轻量级推理：模型无法放入一块 16 GB 的 T4。",
            )
            .into(),
            F::MatrixGpuUnavailable => pick(
                lang,
                "The GPU the matrix names cannot run this workload, or has no on-demand price.",
                "矩阵所列的 GPU 无法运行该任务，或没有按量价格。",
            )
            .into(),
        }
    }
}

// The view model's words (crate::view::recommendation).

impl MemoryPart {
    /// The part in words: `Weights`.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            MemoryPart::Weights => pick(lang, "Weights", "权重"),
            MemoryPart::Gradients => pick(lang, "Gradients", "梯度"),
            MemoryPart::Optimizer => pick(lang, "Optimizer states", "优化器状态"),
            MemoryPart::Activations => pick(lang, "Activations", "激活值"),
            MemoryPart::KvCache => pick(lang, "KV cache (one request)", "KV 缓存（单个请求）"),
            MemoryPart::Overhead => pick(lang, "Runtime overhead", "运行时开销"),
            MemoryPart::Splittable => pick(lang, "Can be split across GPUs", "可拆分到多卡"),
            MemoryPart::EveryGpu => pick(lang, "Held by every GPU", "每块 GPU 都需持有"),
        }
    }
}

impl GpusUsed {
    /// `Each replica: 2 × 24 GB, ≈ 18–20 GiB used on each (memory alone needs 1); a 10 GB MIG
    /// slice …`: one copy of the model, beside the machines the plan rents ([`Fleet::text`]).
    pub fn text(&self, lang: Lang) -> String {
        let (g, mem, used) = (self.gpus, num(self.memory_gb), span(self.used_gib));
        let mut out = match (lang, self.checkpointing) {
            (Lang::En, ck) => format!(
                "Each replica: {g} × {mem} GB, ≈ {used} GiB used on each{}",
                if ck {
                    " (with activation checkpointing)"
                } else {
                    ""
                }
            ),
            (Lang::Zh, ck) => format!(
                "每个副本 {g} 块 {mem} GB，每块约用 {used} GiB{}",
                if ck {
                    "（启用激活检查点）"
                } else {
                    ""
                }
            ),
        };
        if let Some(planned) = self.memory_alone {
            out.push_str(&match lang {
                Lang::En => format!(" (memory alone needs {planned})"),
                Lang::Zh => format!("（仅按显存需 {planned} 块）"),
            });
        }
        if let Some(s) = &self.slice {
            out.push_str(&match (&s.kind, lang) {
                (SliceKind::Mig, Lang::En) => {
                    format!("; a {} GB MIG slice would hold it", num(s.memory_gib))
                }
                (SliceKind::Mig, Lang::Zh) => {
                    format!("；一个 {} GB 的 MIG 切片即可容纳", num(s.memory_gib))
                }
                (SliceKind::Offer { offer }, Lang::En) => format!(
                    "; the fractional offer {offer} ({} GPU) holds it",
                    num(s.share)
                ),
                (SliceKind::Offer { offer }, Lang::Zh) => {
                    format!("；分数 GPU 报价 {offer}（{} 块）即可容纳", num(s.share))
                }
            });
        }
        out
    }
}

/// `2 machines × 4 GPUs`: the machines a plan rents, said the same way on the card and in
/// its price.
fn machines_text(machines: u64, per_machine: Decimal, lang: Lang) -> String {
    let (m, k) = (count(machines), format::number(per_machine, 3));
    match lang {
        Lang::En => format!(
            "{m} machine{} × {k} GPU{}",
            if machines == 1 { "" } else { "s" },
            if per_machine == Decimal::ONE { "" } else { "s" }
        ),
        Lang::Zh => format!("{m} 台 × 每台 {k} 块"),
    }
}

impl Fleet {
    /// `2 machines × 4 GPUs = 8 × NVIDIA GeForce RTX 3090 24 GB`.
    pub fn text(&self, lang: Lang) -> String {
        let machines = machines_text(self.machines, self.gpus_per_machine, lang);
        let n = format::number(self.gpus(), 3);
        // A name that already says its memory (`NVIDIA V100 16GB`) is not told it twice.
        let gpu = if self.gpu_name.contains("GB") {
            self.gpu_name.clone()
        } else {
            format!("{} {} GB", self.gpu_name, num(self.memory_gb))
        };
        match lang {
            Lang::En => format!("{machines} = {n} × {gpu}"),
            Lang::Zh => format!("{machines} = {n} 块 {gpu}"),
        }
    }

    /// Why the count is what it is, when it is a range: `Budgeted at the middle of the
    /// throughput range; 1–3 machines as it runs 40–160 requests/s per GPU (modelled).`
    pub fn range_text(&self, lang: Lang) -> Option<String> {
        let d = self.driver?;
        let machines = format!("{}–{}", count(self.range.low), count(self.range.high));
        let per_gpu = throughput_per_gpu(d.per_gpu, d.unit, lang);
        Some(match lang {
            Lang::En => format!(
                "Budgeted at the middle of the throughput range; {machines} machines as it runs {per_gpu} ({}). A measured benchmark of your model narrows it.",
                if d.measured { "measured" } else { "modelled" }
            ),
            Lang::Zh => format!(
                "按吞吐量区间的中值估算；吞吐量为{per_gpu}（{}）时需 {machines} 台。用你的模型实测一次可缩小区间。",
                if d.measured { "实测" } else { "模型估算" }
            ),
        })
    }
}

impl MonthlyCost {
    /// `¥12,345.00 a month (730 h at 10 requests/s; ¥6,000.00–¥18,000.00 across the range)`.
    pub fn text(&self, lang: Lang) -> String {
        let m = &self.month;
        let (expected, hours) = (format::money(m.expected), count(u64::from(m.hours)));
        let rate = format::number(self.rate.per_second, 3);
        let rate = match (self.rate.unit, lang) {
            (RateUnit::RequestsPerSecond, Lang::En) => format!("{rate} requests/s"),
            (RateUnit::TokensPerSecond, Lang::En) => format!("{rate} output tokens/s"),
            (RateUnit::RequestsPerSecond, Lang::Zh) => format!("每秒 {rate} 个请求"),
            (RateUnit::TokensPerSecond, Lang::Zh) => format!("每秒输出 {rate} 个 token"),
        };
        let range = (m.range.low.amount != m.range.high.amount).then(|| {
            format!(
                "{}–{}",
                format::money(m.range.low),
                format::money(m.range.high)
            )
        });
        let range = range
            .map(|r| match lang {
                Lang::En => format!("; {r} across the count's range"),
                Lang::Zh => format!("；按台数区间 {r}"),
            })
            .unwrap_or_default();
        let per_million = self
            .per_million_requests
            .map(|p| match lang {
                Lang::En => format!(" · {} per 1M requests", money_span(p)),
                Lang::Zh => format!(" · 每百万请求 {}", money_span(p)),
            })
            .unwrap_or_default();
        match lang {
            Lang::En => format!("{expected} a month ({hours} h at {rate}{range}){per_million}"),
            Lang::Zh => format!("每月 {expected}（{hours} 小时，{rate}{range}）{per_million}"),
        }
    }
}

impl PriceFacts {
    /// `Lambda · 1 machine × 8 GPUs (gpu_8x_a100) · On-demand · $1.29/GPU-h · us-east-1 · …`.
    pub fn text(&self, lang: Lang) -> String {
        let provider = pick(lang, &self.provider_name, &self.provider_name_zh);
        let machines = machines_text(self.fleet.machines, self.fleet.gpus_per_machine, lang);
        let rate = format::rate(self.per_gpu_hour);
        let per_gpu_hour = match lang {
            Lang::En => format!("{rate}/GPU-h"),
            Lang::Zh => format!("{rate}/卡·时"),
        };
        if self.quote {
            // The user's quote: no region, date or source but the user.
            let yours = pick(lang, "your quote", "您的报价");
            return format!(
                "{provider} · {machines} ({}) · {} · {per_gpu_hour} · {yours}",
                self.instance,
                labels::mode(self.mode, lang),
            );
        }
        let as_of = match self.as_of {
            AsOf::On(d) => format::date(d, lang),
            AsOf::OnOrBefore(d) => format!("≤ {}", format::date(d, lang)),
            AsOf::Unknown => pick(lang, "undated", "无日期").into(),
        };
        format!(
            "{provider} · {machines} ({}) · {} · {per_gpu_hour} · {} · {as_of} · {}",
            labels::offer(&self.offer, &self.instance, lang),
            labels::mode(self.mode, lang),
            self.region,
            self.source_title,
        )
    }
}

/// `met` or `missed`.
fn met(ok: bool, lang: Lang) -> &'static str {
    match ok {
        true => pick(lang, "met", "满足"),
        false => pick(lang, "missed", "未满足"),
    }
}

impl TimeFacts {
    /// `0.8–1.2 s per request · bound 5,000 ms: met`, `12–18 h to finish · deadline 48 h: met`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            TimeFacts::PerRequest {
                latency_s,
                bound_ms,
                met: ok,
            } => {
                let (lat, bound, m) = (
                    span(*latency_s),
                    count(u64::from(*bound_ms)),
                    met(*ok, lang),
                );
                match lang {
                    Lang::En => format!("{lat} s per request · bound {bound} ms: {m}"),
                    Lang::Zh => format!("每个请求 {lat} 秒 · 上限 {bound} 毫秒：{m}"),
                }
            }
            TimeFacts::ToFinish { hours, deadline } => {
                let deadline = match (deadline, lang) {
                    (None, _) => String::new(),
                    (Some((d, ok)), Lang::En) => {
                        format!(
                            " · deadline {} h: {}",
                            format::number(*d, 2),
                            met(*ok, lang)
                        )
                    }
                    (Some((d, ok)), Lang::Zh) => {
                        format!(" · 截止 {} 小时：{}", format::number(*d, 2), met(*ok, lang))
                    }
                };
                let h = span(*hours);
                match lang {
                    Lang::En => format!("{h} h to finish{deadline}"),
                    Lang::Zh => format!("完成需 {h} 小时{deadline}"),
                }
            }
        }
    }
}

/// `1,200–1,800 requests/s per GPU`.
pub fn throughput_per_gpu(per_gpu: LowHigh<f64>, unit: WorkUnit, lang: Lang) -> String {
    let (r, u) = (span(per_gpu), unit.text(lang));
    match lang {
        Lang::En => format!("{r} {u} per GPU"),
        Lang::Zh => format!("每块 GPU {r} {u}"),
    }
}

/// `… and 3 more GPU(s) that can do the work.`
pub fn more_gpus(more: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("… and {more} more GPU(s) that can do the work."),
        Lang::Zh => format!("……另有 {more} 种 GPU 也能完成该工作。"),
    }
}

/// A task as a menu item: `Online serving`.
pub fn task_label(task: TaskKind, lang: Lang) -> &'static str {
    match task {
        TaskKind::PreTraining => pick(lang, "Pre-training", "预训练"),
        TaskKind::FullFineTune => pick(lang, "Full fine-tune", "全参数微调"),
        TaskKind::Lora => pick(lang, "LoRA fine-tune", "LoRA 微调"),
        TaskKind::Qlora => pick(lang, "QLoRA fine-tune", "QLoRA 微调"),
        TaskKind::OnlineServing => pick(lang, "Online serving", "在线推理服务"),
        TaskKind::BatchInference => pick(lang, "Batch inference", "批量推理"),
    }
}

/// A model as a menu item: `Llama 3 8B`, `Custom (parameter count)`.
pub fn model_label(m: ModelChoice, lang: Lang) -> String {
    match m {
        ModelChoice::Known(k) => k.name().to_string(),
        ModelChoice::Custom { .. } => {
            pick(lang, "Custom (parameter count)", "自定义（按参数量）").into()
        }
        ModelChoice::Config(_) => pick(
            lang,
            "Custom (pasted config.json)",
            "自定义（粘贴的 config.json）",
        )
        .into(),
    }
}

/// `7B`, `350M`, `88K` (the link's count format).
fn count_short(n: u64) -> String {
    crate::share::workload_params::write_count(n)
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
        (ModelChoice::Config(c), Lang::En) => {
            format!(
                "pasted config.json ({} parameters)",
                short_count(c.params().0)
            )
        }
        (ModelChoice::Config(c), Lang::Zh) => {
            format!("粘贴的 config.json（{} 参数）", short_count(c.params().0))
        }
    };
    let size = match (w.task, lang) {
        (
            Task::Training {
                size: TrainingSize::Tokens(t),
                ..
            },
            Lang::En,
        ) => {
            format!("{} tokens", count_short(t))
        }
        (
            Task::Training {
                size: TrainingSize::Tokens(t),
                ..
            },
            Lang::Zh,
        ) => {
            format!("{} 个 token", count_short(t))
        }
        (
            Task::Training {
                size: TrainingSize::Samples { samples, epochs },
                ..
            },
            Lang::En,
        ) => {
            format!("{} samples × {epochs} epochs", count_short(samples))
        }
        (
            Task::Training {
                size: TrainingSize::Samples { samples, epochs },
                ..
            },
            Lang::Zh,
        ) => {
            format!("{} 个样本 × {epochs} 轮", count_short(samples))
        }
        (Task::Serving(s), _) => {
            let rate = format::number(s.rate.per_second, 3);
            let (input, output) = (s.shape.input_tokens, s.shape.output_tokens);
            let ms = count(u64::from(s.latency_ms));
            match (s.rate.unit, lang) {
                (RateUnit::RequestsPerSecond, Lang::En) => {
                    format!("{rate} requests/s, {input} tokens in, {output} out, within {ms} ms")
                }
                (RateUnit::TokensPerSecond, Lang::En) => format!(
                    "{rate} output tokens/s, {input} tokens in, {output} out, within {ms} ms"
                ),
                (RateUnit::RequestsPerSecond, Lang::Zh) => {
                    format!("每秒 {rate} 个请求，输入 {input} token，输出 {output}，{ms} 毫秒内")
                }
                (RateUnit::TokensPerSecond, Lang::Zh) => format!(
                    "每秒输出 {rate} 个 token，输入 {input} token，输出 {output}，{ms} 毫秒内"
                ),
            }
        }
        (Task::Batch(b), Lang::En) => format!(
            "{} requests, {} tokens in, {} out",
            count_short(b.requests),
            b.shape.input_tokens,
            b.shape.output_tokens
        ),
        (Task::Batch(b), Lang::Zh) => format!(
            "{} 个请求，输入 {} token，输出 {}",
            count_short(b.requests),
            b.shape.input_tokens,
            b.shape.output_tokens
        ),
    };
    let deadline = match (w.deadline_hours, w.task, lang) {
        (Some(_), Task::Serving(_), _) | (None, _, _) => String::new(),
        (Some(d), _, Lang::En) => format!(", within {} h", format::number(d, 2)),
        (Some(d), _, Lang::Zh) => format!("，{} 小时内完成", format::number(d, 2)),
    };
    format!(
        "{} · {model} · {} · {size}{deadline}",
        task_label(w.kind(), lang),
        w.precision.label()
    )
}

// Claims, exclusions, caveats and workload errors.

impl SeedRule {
    /// The claim, as the document makes it.
    pub fn claim(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            SeedRule::InferenceGpusCheaper => (
                "Inference on cost-optimized GPUs (T4, L4) costs 40–70 % less than on A100.",
                "推理使用成本优化的 GPU（T4 或 L4），预测服务成本可降低 40%-70%。",
            ),
            SeedRule::QuantizationSaves => (
                "Quantization cuts inference cost by 50–75 % or more.",
                "量化等方法可将推理成本降低 50%-75% 甚至更多。",
            ),
            SeedRule::BatchingUtilization => (
                "Batching requests raises GPU utilization from 30 % to over 80 %.",
                "批处理可将 GPU 利用率从 30% 提升到超过 80%。",
            ),
            SeedRule::TrainOnA100H100 => (
                "Train on high-performance GPUs (A100/H100).",
                "训练方面：使用高性能显卡（例如 A100/H100）。",
            ),
            SeedRule::SmallestForDevTest => (
                "Use the smallest instance for development and tests.",
                "开发与测试过程中，尽量使用最小的实例来降低成本。",
            ),
            SeedRule::SpotDiscount => (
                "Spot instances are usually 60–90 % cheaper for interruptible work such as training.",
                "对于可中断的工作负载（如训练），现货实例通常可便宜 60-90%。",
            ),
            SeedRule::CommittedDiscount => (
                "Reserved instances give discounts of up to 72 % (AWS).",
                "AWS 的预留实例可以提供高达 72% 的折扣。",
            ),
            SeedRule::HardwareMatrix => (
                "T4 for light inference, A10 for mid-size training, A100 80GB for large parallel training.",
                "轻量级推理用 T4，中型模型训练用 A10，大规模并行训练用 A100 80GB。",
            ),
        };
        pick(lang, en, zh)
    }
}

impl QuoteExcluded {
    /// The reason in words.
    pub fn text(&self, lang: Lang) -> String {
        let seller = match &self.owner {
            PriceOwner::Provider(id) | PriceOwner::Named(id) => id,
        };
        let gpu = &self.gpu;
        match (self.reason, lang) {
            (QuoteExclusion::NoDatasheet, Lang::En) => format!(
                "Your quote from {seller} for {gpu}: not ranked, as the hardware data has no datasheet row for this GPU to size the work on."
            ),
            (QuoteExclusion::NoDatasheet, Lang::Zh) => format!(
                "您来自 {seller} 的 {gpu} 报价：未参与排名，硬件数据中没有该 GPU 的规格表，无法据此估算任务。"
            ),
        }
    }
}

impl Excluded {
    /// The reason in words.
    pub fn text(&self, lang: Lang) -> String {
        let name = &self.profile.name;
        match (&self.reason, lang) {
            (
                Exclusion::DoesNotFit {
                    memory_gib,
                    need_gib,
                    max_gpus,
                },
                Lang::En,
            ) => format!(
                "{name}: needs {} GiB, more than {max_gpus} GPUs of {} GB hold.",
                num(*need_gib),
                num(*memory_gib)
            ),
            (
                Exclusion::DoesNotFit {
                    memory_gib,
                    need_gib,
                    max_gpus,
                },
                Lang::Zh,
            ) => format!(
                "{name}：需要 {} GiB，超过 {max_gpus} 块 {} GB GPU 的容量。",
                num(*need_gib),
                num(*memory_gib)
            ),
            (Exclusion::NoPrice, Lang::En) => {
                format!("{name}: no catalog price can run this workload.")
            }
            (Exclusion::NoPrice, Lang::Zh) => format!("{name}：目录中没有可运行该任务的价格。"),
            (Exclusion::InstanceTooSmall { gpus, largest }, Lang::En) => format!(
                "{name}: one replica needs {gpus} GPUs, but the largest instance has {}.",
                largest.normalize()
            ),
            (Exclusion::InstanceTooSmall { gpus, largest }, Lang::Zh) => format!(
                "{name}：每个副本需要 {gpus} 块 GPU，但最大的实例只有 {} 块。",
                largest.normalize()
            ),
            (Exclusion::NoKernelForPrecision { precision }, Lang::En) => format!(
                "{name}: serving engines run {} weights on Ampere or newer GPUs only.",
                precision.label()
            ),
            (Exclusion::NoKernelForPrecision { precision }, Lang::Zh) => format!(
                "{name}：推理引擎仅在 Ampere 及更新架构的 GPU 上运行 {} 权重。",
                precision.label()
            ),
        }
    }
}

impl Warning {
    /// The caveat in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        use Warning as W;
        match (self, lang) {
            (W::NoBf16 { gpu }, Lang::En) => format!(
                "{gpu}: gpu_specs lists no BF16 rate (not supported or not sourced), so 16-bit training runs in FP16 with loss scaling."
            ),
            (W::NoBf16 { gpu }, Lang::Zh) => format!(
                "{gpu}：规格表中没有 BF16 算力（不支持或无来源），16 位训练需使用 FP16 并做损失缩放。"
            ),
            (W::NoInt8 { gpu }, Lang::En) => format!(
                "{gpu}: gpu_specs lists no INT8 tensor rate, so INT8 is estimated at its 16-bit rate."
            ),
            (W::NoInt8 { gpu }, Lang::Zh) => {
                format!("{gpu}：规格表中没有 INT8 Tensor 算力，INT8 按其 16 位算力估算。")
            }
            (W::NoTensorCores { gpu }, Lang::En) => format!(
                "{gpu} has no tensor cores: 16-bit and 8-bit work is estimated at its FP32 rate."
            ),
            (W::NoTensorCores { gpu }, Lang::Zh) => {
                format!("{gpu} 没有 Tensor Core：16 位与 8 位计算按其 FP32 算力估算。")
            }
            (W::NeedsNvlink { gpu, gpus }, Lang::En) => format!(
                "{gpu}: the model is split over {gpus} GPUs, which needs NVLink to scale well; this GPU's NVLink is not confirmed."
            ),
            (W::NeedsNvlink { gpu, gpus }, Lang::Zh) => format!(
                "{gpu}：模型需拆分到 {gpus} 块 GPU 上，需要 NVLink 才能高效扩展；该 GPU 的 NVLink 未确认。"
            ),
            (W::MultiNode { gpu, gpus }, Lang::En) => format!(
                "{gpu}: {gpus} GPUs per replica span several servers; fast inter-node networking (InfiniBand/RoCE) is needed."
            ),
            (W::MultiNode { gpu, gpus }, Lang::Zh) => format!(
                "{gpu}：每个副本 {gpus} 块 GPU，跨多台服务器，需要高速节点间网络（InfiniBand/RoCE）。"
            ),
            (W::NeedsCheckpointing { gpu }, Lang::En) => format!(
                "{gpu}: fits only with activation checkpointing (recomputing activations costs about a third more compute)."
            ),
            (W::NeedsCheckpointing { gpu }, Lang::Zh) => {
                format!("{gpu}：需启用激活检查点才能放下（重算激活约多耗三分之一算力）。")
            }
            (W::DeadlineMissed {
                gpu,
                hours,
                deadline,
            }, Lang::En) => format!(
                "{gpu}: needs up to {} h even with the most GPUs a plan may rent; the deadline is {} h.",
                num(*hours),
                num(*deadline)
            ),
            (W::DeadlineMissed {
                gpu,
                hours,
                deadline,
            }, Lang::Zh) => format!(
                "{gpu}：即使租用计划允许的最多 GPU，仍最多需要 {} 小时；截止时间为 {} 小时。",
                num(*hours),
                num(*deadline)
            ),
            (W::LatencyMissed {
                gpu,
                latency_ms,
                bound_ms,
            }, Lang::En) => format!(
                "{gpu}: one request takes at least {} ms, above the {} ms bound.",
                num(*latency_ms),
                count(u64::from(*bound_ms))
            ),
            (W::LatencyMissed {
                gpu,
                latency_ms,
                bound_ms,
            }, Lang::Zh) => format!(
                "{gpu}：单个请求至少需要 {} 毫秒，超过 {} 毫秒的上限。",
                num(*latency_ms),
                count(u64::from(*bound_ms))
            ),
            (W::OldPrice { gpu, days: Some(d) }, Lang::En) => {
                format!("{gpu}: the cheapest price is {d} days old.")
            }
            (W::OldPrice { gpu, days: Some(d) }, Lang::Zh) => {
                format!("{gpu}：最低价格已有 {d} 天。")
            }
            (W::OldPrice { gpu, days: None }, Lang::En) => {
                format!("{gpu}: the cheapest price has no date.")
            }
            (W::OldPrice { gpu, days: None }, Lang::Zh) => format!("{gpu}：最低价格没有日期。"),
        }
    }
}

impl WorkloadError {
    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        use WorkloadError as E;
        match (self, lang) {
            (E::CustomParams, Lang::En) => format!(
                "The parameter count must be between {} million and {} trillion.",
                PARAMS.min / 1_000_000,
                PARAMS.max / 1_000_000_000_000
            ),
            (E::CustomParams, Lang::Zh) => format!(
                "参数量须在 {} 百万到 {} 万亿之间。",
                PARAMS.min / 1_000_000,
                PARAMS.max / 1_000_000_000_000
            ),
            (E::PrecisionNotForTask { task, precision }, Lang::En) => format!(
                "{} does not suit {}: {}.",
                precision.label(),
                task_en(*task),
                match task {
                    TaskKind::Qlora => "QLoRA trains adapters on 4-bit weights (choose INT4)",
                    TaskKind::Lora => "LoRA keeps 16-bit or 8-bit base weights",
                    _ => "training needs FP32 or FP16/BF16 arithmetic",
                }
            ),
            (E::PrecisionNotForTask { task, precision }, Lang::Zh) => format!(
                "{}不适用于{}：{}。",
                precision.label(),
                task_zh(*task),
                match task {
                    TaskKind::Qlora => "QLoRA 在 4 位权重上训练适配器（请选择 INT4）",
                    TaskKind::Lora => "LoRA 的基座权重为 16 位或 8 位",
                    _ => "训练需要 FP32 或 FP16/BF16 运算",
                }
            ),
            (E::SeqLenOutOfRange { max }, Lang::En) => {
                format!("The sequence length must be between 1 and {max} tokens.")
            }
            (E::SeqLenOutOfRange { max }, Lang::Zh) => {
                format!("序列长度须在 1 到 {max} 个 token 之间。")
            }
            (E::TokensNeedTokenModel, Lang::En) => {
                "An image model's training size is samples × epochs, not tokens.".into()
            }
            (E::TokensNeedTokenModel, Lang::Zh) => {
                "图像模型的训练规模应为样本数 × 轮数，而不是 token 数。".into()
            }
            (E::TrainingSizeOutOfRange, Lang::En) => format!(
                "The training size must be above zero (at most 100 trillion tokens and {} epochs).",
                EPOCHS.max
            ),
            (E::TrainingSizeOutOfRange, Lang::Zh) => format!(
                "训练规模须大于零（最多 100 万亿 token、{} 轮）。",
                EPOCHS.max
            ),
            (E::RateOutOfRange, Lang::En) => {
                "The serving rate must be between 0.001 and one million requests (or 100 million tokens) per second.".into()
            }
            (E::RateOutOfRange, Lang::Zh) => "服务速率须在每秒 0.001 到一百万个请求（或一亿个 token）之间。".into(),
            (E::TokenRateNeedsDecoder, Lang::En) => {
                "Only a model that generates text can be served in tokens per second; use requests per second.".into()
            }
            (E::TokenRateNeedsDecoder, Lang::Zh) => {
                "只有生成文本的模型才能按每秒 token 数计算；请改用每秒请求数。".into()
            }
            (E::InputTokensOutOfRange { max }, Lang::En) => {
                format!("The prompt must be between 1 and {max} tokens.")
            }
            (E::InputTokensOutOfRange { max }, Lang::Zh) => {
                format!("输入长度须在 1 到 {max} 个 token 之间。")
            }
            (E::OutputTokensOutOfRange { max }, Lang::En) => format!(
                "Generate at least one token, and keep prompt plus output within {max} tokens."
            ),
            (E::OutputTokensOutOfRange { max }, Lang::Zh) => {
                format!("至少生成 1 个 token，且输入与输出合计不超过 {max} 个 token。")
            }
            (E::LatencyOutOfRange, Lang::En) => format!(
                "The latency bound must be between 1 ms and {} minutes.",
                LATENCY_MS.max / 60_000
            ),
            (E::LatencyOutOfRange, Lang::Zh) => {
                format!("延迟上限须在 1 毫秒到 {} 分钟之间。", LATENCY_MS.max / 60_000)
            }
            (E::RequestsOutOfRange, Lang::En) => {
                "The number of requests must be between 1 and one trillion.".into()
            }
            (E::RequestsOutOfRange, Lang::Zh) => "请求数量须在 1 到一万亿之间。".into(),
            (E::DeadlineOutOfRange, Lang::En) => {
                format!(
                    "The deadline must be between 0 and {} hours.",
                    DEADLINE_HOURS.max
                )
            }
            (E::DeadlineOutOfRange, Lang::Zh) => {
                format!("截止时间须在 0 到 {} 小时之间。", DEADLINE_HOURS.max)
            }
            (E::ReplicaOutOfRange, Lang::En) => format!(
                "GPUs per replica must be between 1 and {MAX_SERVING_GPUS}, and the batch between 1 and {MAX_BATCH}."
            ),
            (E::LoraRankOutOfRange, Lang::En) => {
                format!("The LoRA rank must be between 1 and {MAX_LORA_RANK}.")
            }
            (E::LoraRankOutOfRange, Lang::Zh) => format!("LoRA 秩须在 1 到 {MAX_LORA_RANK} 之间。"),
            (E::ModelConfig(limit), Lang::En) => {
                format!("In the pasted config, {}.", limit.text(lang))
            }
            (E::ModelConfig(limit), Lang::Zh) => format!("粘贴的配置中，{}。", limit.text(lang)),
            (E::ReplicaOutOfRange, Lang::Zh) => format!(
                "每个副本的 GPU 数须在 1 到 {MAX_SERVING_GPUS} 之间，批大小须在 1 到 {MAX_BATCH} 之间。"
            ),
        }
    }
}

/// The task in an English sentence.
pub(crate) fn task_en(t: TaskKind) -> &'static str {
    match t {
        TaskKind::PreTraining => "pre-training",
        TaskKind::FullFineTune => "a full fine-tune",
        TaskKind::Lora => "LoRA fine-tuning",
        TaskKind::Qlora => "QLoRA fine-tuning",
        TaskKind::OnlineServing => "online serving",
        TaskKind::BatchInference => "batch inference",
    }
}

/// The task in a Chinese sentence.
pub(crate) fn task_zh(t: TaskKind) -> &'static str {
    match t {
        TaskKind::PreTraining => "预训练",
        TaskKind::FullFineTune => "全参数微调",
        TaskKind::Lora => "LoRA 微调",
        TaskKind::Qlora => "QLoRA 微调",
        TaskKind::OnlineServing => "在线推理服务",
        TaskKind::BatchInference => "批量推理",
    }
}
