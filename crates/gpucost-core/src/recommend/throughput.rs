//! How much work one GPU does per second, and on what evidence.
//!
//! Where the hardware table has measured rows for this model, task and precision, the
//! recommendation picks one suite (the one covering the most candidate GPUs) and uses its
//! rows as they are; GPUs that suite did not measure are modelled, with the efficiency the
//! suite's own rows imply, so every number in one ranking rests on the same software stack
//! (the hardware README: compare rows only within a suite). Without measured rows the model
//! is the textbook one: 6·N FLOPs per trained token (4·N for adapters, which skip weight
//! gradients), 2·N per token read, and for generating text a batched decode step that reads
//! all weights plus the KV cache of every sequence in the batch. Its efficiency comes from
//! measured rows too: MosaicML's reported MFU for training, llama.cpp's tokens per second
//! for decoding and prompt processing. All of it is `f64`; nothing here is money.

use std::collections::{BTreeMap, BTreeSet};

use super::assumptions::Assumption;
use super::basis::{Basis, Calibration, Formula, RowRef};
use super::candidates::GpuProfile;
use super::decode::{Decode, Perf};
use super::hardware::{BenchTask, HardwareTable, MeasuredRow};
use super::memory::{MemoryEstimate, GIB};
use super::ml_models::{Architecture, KnownModel, TransformerShape};
use super::parallel::{Parallelism, INTER_MACHINE_EFFICIENCY, MAX_SERVING_GPUS};
use super::range::LowHigh;
use super::workload::{ModelChoice, Precision, RequestShape, Task, TaskKind, ValidWorkload};

/// Most sequences one replica decodes at once.
pub const MAX_BATCH: u32 = 512;
/// Most GPUs one inference replica may span within one server; larger replicas span
/// machines (up to [`super::parallel::MAX_SERVING_GPUS`]).
pub const MAX_REPLICA_GPUS: u32 = 8;

/// What throughput is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WorkUnit {
    /// Training tokens.
    Token,
    /// Training samples (images).
    Sample,
    /// Inference requests.
    Request,
}

/// How fast one GPU of a candidate does the workload.
#[derive(Debug, Clone, PartialEq)]
pub struct Throughput {
    /// Work per second per GPU, in `unit`.
    pub per_gpu: LowHigh<f64>,
    /// What work is counted in.
    pub unit: WorkUnit,
    /// The evidence.
    pub basis: Basis,
    /// GPUs one replica spans.
    pub gpus_per_replica: u32,
    /// Requests one replica works on at once (text generation), pessimistic case.
    pub batch: Option<u32>,
    /// Time for one request, seconds (inference).
    pub latency_s: Option<LowHigh<f64>>,
    /// Whether the latency bound can be met (online serving), at least in the optimistic case.
    pub latency_met: Option<bool>,
    /// Generated tokens per second per GPU (text generation).
    pub output_tokens_per_gpu: Option<LowHigh<f64>>,
    /// Throughput at the chosen batch over throughput at batch 1 (text generation).
    pub batching_gain: Option<LowHigh<f64>>,
    /// Other suites that measured this GPU for this workload (not mixed into the ranking).
    pub other_suites: Vec<String>,
    /// Assumptions specific to this estimate.
    pub notes: Vec<Assumption>,
}

/// The throughput model for one workload, calibrated once and applied to every candidate.
#[derive(Debug, Clone)]
pub struct ThroughputModel<'a> {
    w: &'a ValidWorkload,
    hw: &'a HardwareTable,
    applicable: Vec<&'a MeasuredRow>,
    primary: Option<String>,
    compute: (LowHigh<f64>, Calibration),
    bandwidth: Option<(LowHigh<f64>, Calibration)>,
    /// Whether estimates carry their explanations (notes, other suites); a ranking that only
    /// reads the numbers leaves them empty.
    texts: bool,
}

fn robust_range(mut v: Vec<f64>) -> Option<LowHigh<f64>> {
    v.retain(|x| x.is_finite() && *x > 0.0);
    if v.is_empty() {
        return None;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    if v.len() < 4 {
        return Some(LowHigh::new(v[0], v[v.len() - 1]));
    }
    let q = |p: f64| {
        let pos = p * (v.len() - 1) as f64;
        let (i, frac) = (pos.floor() as usize, pos - pos.floor());
        v[i] + (v[(i + 1).min(v.len() - 1)] - v[i]) * frac
    };
    Some(LowHigh::new(q(0.25), q(0.75)))
}

fn row_matches(r: &MeasuredRow, p: &GpuProfile) -> bool {
    r.gpu == p.sku || (p.default_form && r.gpu == p.gpu)
}

fn shape_of(w: &ValidWorkload) -> Option<RequestShape> {
    w.workload().task.shape()
}

impl<'a> ThroughputModel<'a> {
    /// Calibrates the model for `w` on the candidate GPUs `profiles`.
    pub fn new(w: &'a ValidWorkload, hw: &'a HardwareTable, profiles: &[GpuProfile]) -> Self {
        let arch = w.spec().arch;
        let tasks: &[BenchTask] = match w.task() {
            TaskKind::PreTraining | TaskKind::FullFineTune => &[BenchTask::Training],
            TaskKind::BatchInference => &[BenchTask::Offline],
            TaskKind::OnlineServing if !arch.generates_tokens() => &[BenchTask::Server],
            _ => &[],
        };
        let slug = match w.workload().model {
            ModelChoice::Known(m) => Some(m.as_str()),
            ModelChoice::Custom { .. } | ModelChoice::Config(_) => None,
        };
        let p = w.precision();
        let applicable: Vec<&MeasuredRow> = hw
            .rows
            .iter()
            .filter(|r| Some(&*r.model) == slug && tasks.contains(&r.task))
            .filter(|r| {
                r.precision == Some(p)
                    || (r.precision.is_none() && matches!(p, Precision::Fp16 | Precision::Int8))
            })
            .filter(|r| profiles.iter().any(|pr| row_matches(r, pr)))
            .collect();
        let mut coverage: BTreeMap<&str, (BTreeSet<usize>, &str)> = BTreeMap::new();
        for r in &applicable {
            let e = coverage.entry(&r.suite).or_default();
            for (i, pr) in profiles.iter().enumerate() {
                if row_matches(r, pr) {
                    e.0.insert(i);
                }
            }
            if &*r.date > e.1 {
                e.1 = &r.date;
            }
        }
        let primary = coverage
            .iter()
            .max_by(|a, b| (a.1 .0.len(), a.1 .1, b.0).cmp(&(b.1 .0.len(), b.1 .1, a.0)))
            .map(|(s, _)| s.to_string());

        let mut model = ThroughputModel {
            w,
            hw,
            applicable,
            primary,
            compute: (LowHigh::new(0.3, 0.6), Calibration::Assumed),
            bandwidth: None,
            texts: true,
        };
        model.compute = model.default_compute();
        // Text generation is always modelled (see `estimate`), so its rows calibrate nothing.
        let decoding = arch.generates_tokens() && !w.task().is_training();
        if let (Some(suite), false) = (model.primary.clone(), decoding) {
            let factors: Vec<f64> = profiles
                .iter()
                .filter_map(|pr| {
                    let rows = model.rows_in(&suite, pr);
                    if rows.is_empty() {
                        return None;
                    }
                    let mean =
                        rows.iter().map(|r| model.bench_units(r)).sum::<f64>() / rows.len() as f64;
                    Some(mean / model.ideal_bench(pr))
                })
                .collect();
            let gpus = factors.len();
            if let Some(range) = robust_range(factors) {
                let title = hw
                    .suite(&suite)
                    .map(|s| s.title.to_string())
                    .unwrap_or_else(|| suite.clone());
                let precision_recorded = model
                    .applicable
                    .iter()
                    .filter(|r| r.suite == suite)
                    .all(|r| r.precision.is_some());
                model.compute = (
                    range,
                    Calibration::Suite {
                        suite,
                        title,
                        gpus,
                        precision_recorded,
                    },
                );
            }
        }
        if arch.generates_tokens() && !w.task().is_training() {
            let (c, b) = model.llama_cpp(profiles);
            if let Some(c) = c {
                model.compute = c;
            }
            model.bandwidth = Some(b.unwrap_or((LowHigh::new(0.4, 0.8), Calibration::Assumed)));
        }
        model
    }

    fn default_compute(&self) -> (LowHigh<f64>, Calibration) {
        if self.w.task().is_training() {
            let mfu: Vec<f64> = self.hw.rows.iter().filter_map(|r| r.mfu).collect();
            let rows = mfu.len();
            match robust_range(mfu) {
                Some(r) => (r, Calibration::Mfu { rows }),
                None => (LowHigh::new(0.3, 0.5), Calibration::Assumed),
            }
        } else {
            (LowHigh::new(0.3, 0.6), Calibration::Assumed)
        }
    }

    /// Compute and bandwidth efficiency implied by llama.cpp rows (prefill, decode).
    #[allow(clippy::type_complexity)]
    fn llama_cpp(
        &self,
        profiles: &[GpuProfile],
    ) -> (
        Option<(LowHigh<f64>, Calibration)>,
        Option<(LowHigh<f64>, Calibration)>,
    ) {
        let rows: Vec<&MeasuredRow> = self
            .hw
            .rows
            .iter()
            .filter(|r| matches!(r.task, BenchTask::Decode | BenchTask::Prefill) && r.gpus == 1)
            .filter(|r| KnownModel::from_slug(&r.model).is_some())
            .collect();
        let own = match self.w.workload().model {
            ModelChoice::Known(m) => m.as_str(),
            ModelChoice::Custom { .. } | ModelChoice::Config(_) => "",
        };
        let same_model = rows.iter().filter(|r| r.model == own).count() >= 4;
        let pick = |task: BenchTask| -> (Vec<f64>, usize) {
            let mut v = Vec::new();
            for r in rows
                .iter()
                .filter(|r| r.task == task && (!same_model || r.model == own))
            {
                let Some(pr) = profiles.iter().find(|p| row_matches(r, p)) else {
                    continue;
                };
                let Some(m) = KnownModel::from_slug(&r.model) else {
                    continue;
                };
                let n = m.spec().active_params;
                let per = r.per_gpu();
                v.push(match task {
                    BenchTask::Decode => {
                        let wb = r.precision.unwrap_or(Precision::Fp16).weight_bytes().1;
                        per * n * wb / (pr.bandwidth_gbps() * 1e9)
                    }
                    _ => per * 2.0 * n / (pr.peak_tflops(Precision::Fp16).0 * 1e12),
                });
            }
            let len = v.len();
            (v, len)
        };
        let (c, cn) = pick(BenchTask::Prefill);
        let (b, bn) = pick(BenchTask::Decode);
        (
            robust_range(c).map(|r| {
                (
                    r,
                    Calibration::LlamaCpp {
                        rows: cn,
                        same_model,
                    },
                )
            }),
            robust_range(b).map(|r| {
                (
                    LowHigh::new(r.low, r.high.min(1.0)),
                    Calibration::LlamaCpp {
                        rows: bn,
                        same_model,
                    },
                )
            }),
        )
    }

    fn rows_in(&self, suite: &str, p: &GpuProfile) -> Vec<&'a MeasuredRow> {
        self.applicable
            .iter()
            .copied()
            .filter(|r| r.suite == suite && row_matches(r, p))
            .collect()
    }

    /// A row's per-GPU value in benchmark-shaped work units (tokens, samples or requests).
    fn bench_units(&self, r: &MeasuredRow) -> f64 {
        let spec = self.w.spec();
        let per = r.per_gpu();
        if self.w.task().is_training() && spec.arch.is_token_model() && r.unit != "tokens/s" {
            per * f64::from(spec.bench_seq_len)
        } else {
            per
        }
    }

    /// A row's per-GPU value in this workload's units.
    fn workload_units(&self, r: &MeasuredRow) -> f64 {
        let bench = self.bench_units(r);
        let spec = self.w.spec();
        match (self.w.task().is_training(), spec.arch, shape_of(self.w)) {
            (false, Architecture::Encoder(_), Some(s)) => {
                bench * f64::from(spec.bench_seq_len) / f64::from(s.input_tokens.max(1))
            }
            (false, Architecture::Decoder(_), Some(s)) if r.unit == "tokens/s" => {
                bench / f64::from(s.output_tokens.max(1))
            }
            _ => bench,
        }
    }

    /// FLOPs per work unit of this workload (compute-bound cases).
    fn flops_per_unit(&self, bench_shape: bool) -> f64 {
        let spec = self.w.spec();
        // A mixture of experts computes with the experts each token picks.
        let n = spec.active_params;
        let adapters = self.w.task().is_adapter();
        if self.w.task().is_training() {
            match spec.arch {
                Architecture::Image(i) => i.forward_flops * if adapters { 2.0 } else { 3.0 },
                _ => n * if adapters { 4.0 } else { 6.0 },
            }
        } else {
            match (spec.arch, shape_of(self.w)) {
                (Architecture::Image(i), _) => {
                    i.forward_flops * f64::from(i.evaluations_per_request)
                }
                (_, Some(s)) => {
                    let tokens = if bench_shape {
                        f64::from(spec.bench_seq_len)
                    } else {
                        f64::from(s.input_tokens)
                    };
                    2.0 * n * tokens
                }
                (_, None) => 2.0 * n,
            }
        }
    }

    /// Work units per second per GPU at 100 % of peak, benchmark-shaped.
    fn ideal_bench(&self, p: &GpuProfile) -> f64 {
        p.peak_tflops(self.w.compute_precision()).0 * 1e12 / self.flops_per_unit(true)
    }

    /// The same model, whose estimates leave every sentence empty (notes, formulas and other
    /// suites): for a ranking that reads only the numbers and the evidence's rows.
    pub(crate) fn numbers_only(self) -> Self {
        ThroughputModel {
            texts: false,
            ..self
        }
    }

    /// Throughput of `p` with `gpus` per replica (from the memory plan), or `None` when a
    /// text-generation replica does not fit on [`MAX_REPLICA_GPUS`] GPUs.
    pub fn estimate(&self, p: &GpuProfile, gpus: u32, mem: &MemoryEstimate) -> Option<Throughput> {
        let w = self.w;
        let unit = if !w.task().is_training() {
            WorkUnit::Request
        } else if w.spec().arch.is_token_model() {
            WorkUnit::Token
        } else {
            WorkUnit::Sample
        };
        let mut notes = Vec::new();
        let other_suites: Vec<String> = if !self.texts {
            Vec::new()
        } else {
            let mut s: Vec<String> = self
                .applicable
                .iter()
                .filter(|r| row_matches(r, p) && Some(&*r.suite) != self.primary.as_deref())
                .map(|r| r.suite.to_string())
                .collect();
            s.sort();
            s.dedup();
            s
        };
        // Sharding over GPUs without NVLink costs communication time.
        let scaling = if gpus > 1 && p.spec.nvlink != Some(true) {
            self.note(&mut notes, || Assumption::ScalingWithoutNvlink { gpus });
            LowHigh::new(0.6, 0.85)
        } else {
            LowHigh::point(1.0)
        };
        let qlora = if w.task() == TaskKind::Qlora {
            self.note(&mut notes, || Assumption::QloraDequantizes);
            LowHigh::new(0.6, 0.9)
        } else {
            LowHigh::point(1.0)
        };

        if let Architecture::Decoder(t) = w.spec().arch {
            if !w.task().is_training() {
                // Measured text-generation systems (MLPerf: 8 GPUs, quantized engines, their
                // own batch) match no configuration this model prices, so they are shown as a
                // cross-check rather than ranked against modelled GPUs.
                let cross_check = if self.texts { self.measured(p) } else { None };
                if let Some((measured, Basis::Measured { title, rows, .. })) = cross_check {
                    self.note(&mut notes, || Assumption::CrossCheck {
                        title: title.clone(),
                        row: rows[0].row.clone(),
                        per_gpu: measured,
                    });
                }
                return self.decoder(p, &t, gpus, mem, notes, other_suites);
            }
        }

        let (per_gpu, basis) = match self.measured(p) {
            Some(m) => {
                let spec = w.spec();
                let used = match shape_of(w) {
                    Some(s) if spec.arch.is_token_model() => s.input_tokens,
                    None if spec.arch.is_token_model() => w.seq_len(),
                    _ => spec.bench_seq_len,
                };
                if used != spec.bench_seq_len {
                    self.note(&mut notes, || Assumption::MeasuredSeqLen {
                        measured: spec.bench_seq_len,
                        used,
                    });
                }
                m
            }
            None => {
                let (peak, kind) = p.peak_tflops(w.compute_precision());
                let per = peak * 1e12 / self.flops_per_unit(false);
                let formula = self.formula();
                (
                    self.compute.0.times(per),
                    Basis::Modelled {
                        formula,
                        peak_tflops: peak,
                        peak: kind,
                        compute_efficiency: self.compute.0,
                        compute_calibration: self.compute.1.clone(),
                        bandwidth: None,
                    },
                )
            }
        };
        let per_gpu = per_gpu.times_range(scaling).times_range(qlora);
        let (latency_s, latency_met) = match w.workload().task {
            Task::Serving(s) => {
                let one = per_gpu.times(f64::from(gpus)).recip();
                (Some(one), Some(one.low * 1000.0 <= f64::from(s.latency_ms)))
            }
            Task::Batch(_) => (Some(per_gpu.times(f64::from(gpus)).recip()), None),
            Task::Training { .. } => (None, None),
        };
        Some(Throughput {
            per_gpu,
            unit,
            basis,
            gpus_per_replica: gpus,
            batch: None,
            latency_s,
            latency_met,
            output_tokens_per_gpu: None,
            batching_gain: None,
            other_suites,
            notes,
        })
    }

    /// Adds the note `note` makes, when estimates carry their explanations.
    fn note(&self, notes: &mut Vec<Assumption>, note: impl FnOnce() -> Assumption) {
        if self.texts {
            notes.push(note());
        }
    }

    /// The FLOPs count of a compute-bound estimate.
    fn formula(&self) -> Formula {
        let w = self.w;
        let flops = self.flops_per_unit(false);
        if !w.task().is_training() {
            Formula::Request { flops }
        } else if let Architecture::Image(_) = w.spec().arch {
            Formula::ImageTraining {
                flops,
                passes: if w.task().is_adapter() { 2 } else { 3 },
            }
        } else {
            Formula::TokenTraining {
                k: if w.task().is_adapter() { 4 } else { 6 },
                flops,
            }
        }
    }

    /// Measured per-GPU throughput of `p` in the primary suite, in workload units.
    fn measured(&self, p: &GpuProfile) -> Option<(LowHigh<f64>, Basis)> {
        let suite = self.primary.as_ref()?;
        let rows = self.rows_in(suite, p);
        if rows.is_empty() {
            return None;
        }
        let values: Vec<f64> = rows.iter().map(|r| self.workload_units(r)).collect();
        let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = values.iter().copied().fold(0.0, f64::max);
        let title = self
            .hw
            .suite(suite)
            .map(|s| s.title.to_string())
            .unwrap_or_else(|| suite.clone());
        let refs = rows
            .iter()
            .map(|r| RowRef {
                row: (*r).clone(),
                source: self.hw.locator(&r.source).unwrap_or_default().to_string(),
            })
            .collect();
        Some((
            LowHigh::new(lo, hi),
            Basis::Measured {
                suite: suite.clone(),
                title,
                rows: refs,
            },
        ))
    }

    /// Text generation: batched decoding on `gpus` (or more, for the latency bound) per replica.
    fn decoder(
        &self,
        p: &GpuProfile,
        t: &TransformerShape,
        gpus: u32,
        mem: &MemoryEstimate,
        mut notes: Vec<Assumption>,
        other_suites: Vec<String>,
    ) -> Option<Throughput> {
        let w = self.w;
        let shape = shape_of(w)?;
        let bound_s = match w.workload().task {
            Task::Serving(s) => Some(f64::from(s.latency_ms) / 1000.0),
            _ => None,
        };
        let (peak, kind) = p.peak_tflops(w.compute_precision());
        let (bw_eff, bw_cal) = self
            .bandwidth
            .clone()
            .unwrap_or((LowHigh::new(0.4, 0.8), Calibration::Assumed));
        let tp = |g: u32| {
            let within = if g == 1 {
                LowHigh::point(1.0)
            } else if p.spec.nvlink == Some(true) {
                LowHigh::new(0.85, 0.95)
            } else {
                LowHigh::new(0.6, 0.8)
            };
            if Parallelism::of(g, false).spans_machines() {
                LowHigh::new(
                    within.low * INTER_MACHINE_EFFICIENCY.low,
                    within.high * INTER_MACHINE_EFFICIENCY.high,
                )
            } else {
                within
            }
        };
        let inputs = |g: u32, optimistic: bool| Decode {
            n: w.spec().active_params,
            active_share: w.spec().active_params / w.spec().params,
            weights: if optimistic {
                mem.weights_gib.low
            } else {
                mem.weights_gib.high
            } * GIB,
            kv_per_token: t.kv_bytes_per_token_at(w.kv_bytes()),
            s_in: f64::from(shape.input_tokens),
            s_out: f64::from(shape.output_tokens),
            free_per_gpu: (p.memory_gib()
                - if optimistic {
                    mem.per_gpu_gib.low
                } else {
                    mem.per_gpu_gib.high
                })
                * GIB,
            overhead_share: if optimistic { 0.02 } else { 0.08 },
            bandwidth: p.bandwidth_gbps() * 1e9,
            flops: peak * 1e12,
            e_bw: if optimistic { bw_eff.high } else { bw_eff.low },
            e_c: if optimistic {
                self.compute.0.high
            } else {
                self.compute.0.low
            },
            tp: if optimistic { tp(g).high } else { tp(g).low },
            g: f64::from(g),
            batch_cap: w.workload().options.max_batch,
        };
        // Tensor parallelism splits attention heads evenly: 1, 2, 4 or 8 GPUs in a machine,
        // then whole machines as pipeline stages (16, 32, 64).
        let mut sizes: Vec<u32> = Vec::new();
        if let Some(fixed) = w.workload().options.replica_gpus {
            // The user's replica, when it holds the model.
            sizes.extend((fixed >= gpus).then_some(fixed));
        } else {
            let mut next = gpus.next_power_of_two();
            while next <= MAX_SERVING_GPUS {
                sizes.push(next);
                next *= 2;
            }
        }
        // The smallest replica that fits and (pessimistically) meets the latency bound, else
        // the smallest that fits.
        let mut chosen: Option<(u32, Perf, Perf)> = None;
        let mut fallback: Option<(u32, Perf, Perf)> = None;
        for g in sizes {
            let (Some(lo), Some(hi)) = (
                inputs(g, false).best(bound_s),
                inputs(g, true).best(bound_s),
            ) else {
                continue;
            };
            if lo.latency_met {
                chosen = Some((g, lo, hi));
                break;
            }
            fallback.get_or_insert((g, lo, hi));
        }
        let (g, lo, hi) = chosen.or(fallback)?;
        if g > gpus {
            self.note(&mut notes, || Assumption::WiderForLatency {
                gpus: g,
                memory_gpus: gpus,
            });
        }
        let split = Parallelism::of(g, t.moe.is_some());
        if split.spans_machines() || split.expert.is_some_and(|e| e > 1) {
            self.note(&mut notes, || Assumption::Parallel {
                split,
                efficiency: INTER_MACHINE_EFFICIENCY,
            });
        }
        let per_gpu = LowHigh::new(
            lo.requests_per_s / f64::from(g),
            hi.requests_per_s / f64::from(g),
        );
        let formula = Formula::Decode {
            bandwidth_gbps: p.bandwidth_gbps(),
            batch: lo.batch,
            input_tokens: shape.input_tokens,
            output_tokens: shape.output_tokens,
        };
        Some(Throughput {
            per_gpu,
            unit: WorkUnit::Request,
            basis: Basis::Modelled {
                formula,
                peak_tflops: peak,
                peak: kind,
                compute_efficiency: self.compute.0,
                compute_calibration: self.compute.1.clone(),
                bandwidth: Some((bw_eff, bw_cal)),
            },
            gpus_per_replica: g,
            batch: Some(lo.batch),
            latency_s: Some(LowHigh::new(hi.latency_s, lo.latency_s)),
            latency_met: bound_s.map(|_| lo.latency_met || hi.latency_met),
            output_tokens_per_gpu: Some(per_gpu.times(f64::from(shape.output_tokens))),
            batching_gain: Some(LowHigh::new(lo.gain, hi.gain)),
            other_suites,
            notes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn robust_ranges_drop_the_outer_quartiles() {
        assert_eq!(robust_range(vec![0.5]), Some(LowHigh::point(0.5)));
        assert_eq!(
            robust_range(vec![0.1, 0.4, 0.5, 0.6, 0.9]),
            Some(LowHigh::new(0.4, 0.6))
        );
        assert_eq!(robust_range(vec![f64::NAN]), None);
    }
}
