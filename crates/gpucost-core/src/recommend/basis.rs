//! The evidence behind a throughput: measured rows of one suite, or the FLOPs/bandwidth model
//! with the efficiency range it used and where that range comes from.
//!
//! Every candidate in a recommendation names one [`Basis`]; its [`Basis::describe`] is the
//! sentence a person reads to check the number (suite, model, precision, GPU, value, and the
//! source file at its commit).

use super::candidates::PeakKind;
use super::hardware::MeasuredRow;
use super::range::{num, pct_span, LowHigh, Text};

/// A measured row as cited by a recommendation: the row, and where to find it.
#[derive(Debug, Clone, PartialEq)]
pub struct RowRef {
    /// The row as the hardware table holds it.
    pub row: MeasuredRow,
    /// The file it comes from at its commit (`owner/repo@commit:path`), resolved from
    /// `row.source` (a source id).
    pub source: String,
}

/// Where an efficiency range comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Calibration {
    /// Implied by the measured rows of one suite for this very workload.
    Suite {
        /// Suite id.
        suite: String,
        /// Suite title.
        title: String,
        /// GPUs measured.
        gpus: usize,
        /// Whether those rows record their precision (MLPerf summaries do not).
        precision_recorded: bool,
    },
    /// Model-FLOPs utilization reported by MosaicML llm-foundry (MPT pre-training).
    Mfu {
        /// Rows used.
        rows: usize,
    },
    /// Implied by llama.cpp single-sequence rows (decode or prompt processing).
    LlamaCpp {
        /// Rows used.
        rows: usize,
        /// Whether the rows are of this very model.
        same_model: bool,
    },
    /// No measured evidence: an assumption, stated in the recommendation.
    Assumed,
}

impl Calibration {
    /// Where the range comes from, in words.
    pub fn describe(&self) -> Text {
        match self {
            Calibration::Suite { title, gpus, .. } => Text::new(
                format!("implied by {title} rows for this model on {gpus} GPU(s)"),
                format!("由 {title} 中该模型在 {gpus} 种 GPU 上的实测数据推算"),
            ),
            Calibration::Mfu { rows } => Text::new(
                format!("MFU reported by MosaicML llm-foundry for MPT pre-training ({rows} rows)"),
                format!("MosaicML llm-foundry 报告的 MPT 预训练 MFU（{rows} 行）"),
            ),
            Calibration::LlamaCpp { rows, same_model } => Text::new(
                format!(
                    "implied by {rows} llama.cpp single-sequence rows{}",
                    if *same_model {
                        " for this model"
                    } else {
                        " for Llama 3"
                    }
                ),
                format!(
                    "由 {rows} 行 llama.cpp 单序列实测{}推算",
                    if *same_model {
                        "（同一模型）"
                    } else {
                        "（Llama 3）"
                    }
                ),
            ),
            Calibration::Assumed => Text::new(
                "assumed (no measured rows apply)",
                "假设值（无适用的实测数据）",
            ),
        }
    }
}

/// The evidence behind a throughput.
#[derive(Debug, Clone, PartialEq)]
pub enum Basis {
    /// Measured rows of one suite for this GPU, model, task and precision.
    Measured {
        /// Suite id.
        suite: String,
        /// Suite title.
        title: String,
        /// The rows (per-GPU values span the range).
        rows: Vec<RowRef>,
    },
    /// The FLOPs/bandwidth model.
    Modelled {
        /// The formula, in words.
        formula: Text,
        /// Datasheet peak used for compute, TFLOPS.
        peak_tflops: f64,
        /// Which datasheet rate.
        peak: PeakKind,
        /// Fraction of peak compute achieved.
        compute_efficiency: LowHigh<f64>,
        /// Where that fraction comes from.
        compute_calibration: Calibration,
        /// Fraction of peak bandwidth achieved, and its source (text generation only).
        bandwidth: Option<(LowHigh<f64>, Calibration)>,
    },
}

impl Basis {
    /// The group within which throughputs are comparable: the suite id, or `model`.
    pub fn group(&self) -> &str {
        match self {
            Basis::Measured { suite, .. } => suite,
            Basis::Modelled { .. } => "model",
        }
    }

    /// Whether the throughput was measured.
    pub fn is_measured(&self) -> bool {
        matches!(self, Basis::Measured { .. })
    }

    /// Whether it rests on rows that do not record their precision (so it cannot tell
    /// 16-bit from 8-bit speed).
    pub fn precision_unrecorded(&self) -> bool {
        match self {
            Basis::Measured { rows, .. } => rows.iter().all(|r| r.row.precision.is_none()),
            Basis::Modelled {
                compute_calibration,
                ..
            } => matches!(
                compute_calibration,
                Calibration::Suite {
                    precision_recorded: false,
                    ..
                }
            ),
        }
    }

    /// One sentence naming the evidence.
    pub fn describe(&self) -> Text {
        match self {
            Basis::Measured { title, rows, .. } => {
                let source = &rows[0].source;
                let r = &rows[0].row;
                let more = match rows.len() {
                    1 => (String::new(), String::new()),
                    n => (
                        format!(" and {} more row(s)", n - 1),
                        format!("，另有 {} 行", n - 1),
                    ),
                };
                let (precision, precision_zh) = match r.precision {
                    Some(p) => (p.label().to_string(), p.label().to_string()),
                    None => ("precision not recorded".into(), "未记录精度".into()),
                };
                Text::new(
                    format!(
                        "measured: {title}, {} {precision}, {} × {} = {} {} ({}{}; {}){}",
                        r.model,
                        r.gpus,
                        r.gpu,
                        num(r.value),
                        r.unit,
                        source,
                        if r.at.is_empty() {
                            String::new()
                        } else {
                            format!(" {}", r.at)
                        },
                        r.date,
                        more.0
                    ),
                    format!(
                        "实测：{title}，{} {precision_zh}，{} × {} = {} {}（{}{}；{}）{}",
                        r.model,
                        r.gpus,
                        r.gpu,
                        num(r.value),
                        r.unit,
                        source,
                        if r.at.is_empty() {
                            String::new()
                        } else {
                            format!(" {}", r.at)
                        },
                        r.date,
                        more.1
                    ),
                )
            }
            Basis::Modelled {
                formula,
                compute_efficiency,
                compute_calibration,
                bandwidth,
                ..
            } => {
                let c = compute_calibration.describe();
                let mut en = format!(
                    "modelled: {}; compute efficiency {} ({})",
                    formula.en,
                    pct_span(*compute_efficiency),
                    c.en
                );
                let mut zh = format!(
                    "模型估算：{}；算力利用率 {}（{}）",
                    formula.zh,
                    pct_span(*compute_efficiency),
                    c.zh
                );
                if let Some((bw, cal)) = bandwidth {
                    let d = cal.describe();
                    en.push_str(&format!(
                        ", bandwidth efficiency {} ({})",
                        pct_span(*bw),
                        d.en
                    ));
                    zh.push_str(&format!("，带宽利用率 {}（{}）", pct_span(*bw), d.zh));
                }
                Text::new(en, zh)
            }
        }
    }
}
