//! The evidence behind a throughput: measured rows of one suite, or the FLOPs/bandwidth model
//! with the efficiency range it used and where that range comes from.
//!
//! Every candidate in a recommendation names one [`Basis`]: what a person reads to check the
//! number (suite, model, precision, GPU, value, and the source file at its commit; or the
//! formula, the datasheet peak and the efficiency). Its words are in [`super::words`].

use super::candidates::PeakKind;
use super::hardware::MeasuredRow;
use super::range::LowHigh;

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

/// The FLOPs count the model divides the datasheet peak by.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Formula {
    /// Training an image model: FLOPs per image, a multiple of the forward pass.
    ImageTraining {
        /// FLOPs per image.
        flops: f64,
        /// Forward passes' worth of work per image (3 for full training, 2 for adapters).
        passes: u8,
    },
    /// Training a token model: `k·N·D` FLOPs.
    TokenTraining {
        /// `k` (6 for full training, 4 for adapters).
        k: u8,
        /// FLOPs per token.
        flops: f64,
    },
    /// Inference without text generation: FLOPs per request.
    Request {
        /// FLOPs per request.
        flops: f64,
    },
    /// Text generation: a batched decode step bound by bandwidth or compute.
    Decode {
        /// Datasheet memory bandwidth, GB/s.
        bandwidth_gbps: f64,
        /// Requests per batch (pessimistic case).
        batch: u32,
        /// Prompt tokens per request.
        input_tokens: u32,
        /// Output tokens per request.
        output_tokens: u32,
    },
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
        /// The formula.
        formula: Formula,
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
}
