//! The assumptions behind a recommendation's numbers, as data: how memory was counted, what
//! the throughput model took for granted, and what holds for every price. Their words are in
//! [`super::words`].

use rust_decimal::Decimal;

use crate::fx::{FxOrigin, FxTable};

use super::basis::Basis;
use super::hardware::MeasuredRow;
use super::range::LowHigh;
use super::throughput::Throughput;
use super::workload::{ModelChoice, Task, ValidWorkload};
use super::Candidate;

/// One assumption a number rests on.
#[derive(Debug, Clone, PartialEq)]
pub enum Assumption {
    /// Activations of a transformer sequence: 2·s·h·L bytes with checkpointing, 34·s·h·L
    /// without.
    ActivationsPerSequence,
    /// Activations of one image are an approximation for the network.
    ActivationsPerImage,
    /// FP32 Adam: 16 bytes per trained parameter.
    AdamFp32,
    /// Mixed-precision Adam: 16–18 bytes per trained parameter.
    AdamMixedPrecision,
    /// LoRA or QLoRA: frozen base weights and small adapters.
    Adapters {
        /// QLoRA rather than LoRA.
        qlora: bool,
        /// Bytes per frozen parameter.
        weight_bytes: LowHigh<f64>,
    },
    /// How the KV cache is counted.
    KvCache,
    /// The user's quote is priced per GPU: a replica of `gpus` GPUs is costed as one machine
    /// of that many GPUs at that price, or above [`super::cost::QUOTE_MACHINE_GPUS`] as
    /// machines of that many (see [`super::quotes`]).
    QuoteMachine {
        /// GPUs per replica.
        gpus: u32,
    },
    /// CUDA context, workspaces and fragmentation.
    Overhead,
    /// Scaling efficiency over GPUs without NVLink.
    ScalingWithoutNvlink {
        /// GPUs per replica.
        gpus: u32,
    },
    /// QLoRA's dequantization cost.
    QloraDequantizes,
    /// A measured text-generation system shown as a cross-check, not ranked.
    CrossCheck {
        /// Suite title.
        title: String,
        /// The measured row.
        row: MeasuredRow,
        /// Its value per GPU in this workload's requests.
        per_gpu: LowHigh<f64>,
    },
    /// Measured at one sequence length, scaled to another.
    MeasuredSeqLen {
        /// Tokens per sequence measured.
        measured: u32,
        /// Tokens per sequence of this workload.
        used: u32,
    },
    /// A replica spans more GPUs than memory needs, to meet the latency bound.
    WiderForLatency {
        /// GPUs per replica.
        gpus: u32,
        /// GPUs memory needs.
        memory_gpus: u32,
    },
    /// A modelled efficiency above 100 % of the FLOPs model, used as a scale factor.
    EfficiencyAboveModel {
        /// The efficiency range.
        efficiency: LowHigh<f64>,
    },
    /// Other suites measured this GPU; not mixed into the ranking.
    AlsoMeasured {
        /// Suite ids.
        suites: Vec<String>,
    },
    /// Which prices are compared, and the exchange rate.
    Prices {
        /// CNY per USD.
        cny_per_usd: Decimal,
        /// Where the rate comes from.
        fx: FxOrigin,
    },
    /// Instances are rented whole and all their GPUs work.
    WholeInstances,
    /// Commitments are owed for the whole term; spot can be interrupted.
    CommitmentsAndSpot,
    /// Which catalog prices are left out of the ranking.
    LeftOutPrices,
    /// A custom model is treated as a dense decoder-only transformer with grouped-query
    /// attention ([`super::ml_models::CUSTOM_KV_HEADS`] KV heads, fewer with fewer heads).
    CustomModel {
        /// Layers.
        layers: u32,
        /// Hidden size.
        hidden: u32,
        /// Attention heads.
        heads: u32,
        /// Key/value heads the query heads share.
        kv_heads: u32,
    },
    /// The model was described by a pasted `config.json`: the numbers read from it.
    PastedConfig {
        /// The config read.
        config: super::llm_config::LlmConfig,
    },
    /// Where the model's size comes from.
    ModelSize {
        /// The source, as the model zoo cites it.
        source: &'static str,
    },
    /// Online serving runs continuously, so the deadline is not used.
    ServingHasNoDeadline,
    /// Measured throughputs come from one suite only.
    OneSuite {
        /// Suite title.
        title: String,
    },
    /// MLPerf's required disclaimer and its unrecorded precision.
    MlperfUnverified,
    /// A replica split over GPUs: tensor × pipeline parallel, experts over every GPU; when it
    /// spans machines it keeps `efficiency` of their aggregate speed.
    Parallel {
        /// The split.
        split: super::parallel::Parallelism,
        /// Share of the aggregate speed kept across machines.
        efficiency: LowHigh<f64>,
    },
}

/// The efficiency range of a modelled basis, when it exceeds the FLOPs model.
pub(crate) fn efficiency(t: &Throughput) -> Option<Assumption> {
    match &t.basis {
        Basis::Modelled {
            compute_efficiency, ..
        } if compute_efficiency.high > 1.0 => Some(Assumption::EfficiencyAboveModel {
            efficiency: *compute_efficiency,
        }),
        _ => None,
    }
}

/// The assumptions behind every number of a recommendation of `w`.
pub(crate) fn global(w: &ValidWorkload, ranked: &[Candidate], fx: &FxTable) -> Vec<Assumption> {
    let mut out = vec![
        Assumption::Prices {
            cny_per_usd: fx.cny_per_usd(),
            fx: fx.origin().clone(),
        },
        Assumption::WholeInstances,
        Assumption::CommitmentsAndSpot,
        Assumption::LeftOutPrices,
    ];
    match w.workload().model {
        ModelChoice::Custom { .. } => {
            if let Some(t) = w.spec().arch.transformer() {
                out.push(Assumption::CustomModel {
                    layers: t.layers,
                    hidden: t.hidden,
                    heads: t.heads,
                    kv_heads: t.kv_heads,
                });
            }
        }
        ModelChoice::Config(config) => out.push(Assumption::PastedConfig { config }),
        ModelChoice::Known(_) => out.push(Assumption::ModelSize {
            source: w.spec().source,
        }),
    }
    if matches!(w.workload().task, Task::Serving(_)) && w.deadline_hours().is_some() {
        out.push(Assumption::ServingHasNoDeadline);
    }
    let mut suites: Vec<&str> = ranked
        .iter()
        .filter_map(|c| match &c.throughput.basis {
            Basis::Measured { title, .. } => Some(title.as_str()),
            _ => None,
        })
        .collect();
    suites.sort_unstable();
    suites.dedup();
    for s in suites {
        out.push(Assumption::OneSuite {
            title: s.to_string(),
        });
        if s.starts_with("MLPerf") {
            out.push(Assumption::MlperfUnverified);
        }
    }
    out
}
