//! The workload's query parameters (for the hardware recommendation).
//!
//! | key | value | example |
//! | --- | --- | --- |
//! | `task` | `pretrain`, `finetune`, `lora`, `qlora`, `serve`, `batch`; `none` clears | `task=serve` |
//! | `model` | a known model slug, or `custom` with `params` | `model=llama-3-8b` |
//! | `params` | custom model size: a count with K/M/B/T | `params=7B` |
//! | `cfg` | custom model from a pasted config.json ([`super::config_param`]) | `model=custom&cfg=1-32.4096.32.8.128.14336.128256.131072.0` |
//! | `prec` | weights: `fp32`, `fp16` (or `bf16`), `fp8`, `int8`, `fp4`, `int4` | `prec=fp8` |
//! | `kv` | KV cache: `bf16` (default), `fp8`, `int8`, `int4` | `kv=fp8` |
//! | `act` | arithmetic: `auto` (default), `bf16`, `fp8`, `int8` | `act=fp8` |
//! | `replica` | GPUs per serving replica, 1–64 (default: the recommendation chooses) | `replica=16` |
//! | `batch` | most requests a replica decodes at once, 1–512 (default: what fits) | `batch=64` |
//! | `rank` | LoRA/QLoRA rank on every linear layer, 1–1024 (default: the range of ranks) | `rank=64` |
//! | `opt` | optimizer: `adamw` (default), `adam8bit`, `paged8bit` | `opt=paged8bit` |
//! | `zero` | ZeRO stage `0`–`3` (default `3`: everything sharded) | `zero=2` |
//! | `offload` | optimizer states in host memory: `none` (default), `optimizer` | `offload=optimizer` |
//! | `seq` | sequence length, tokens | `seq=2048` |
//! | `tokens` | training tokens | `tokens=20B` |
//! | `samples`, `epochs` | training samples and epochs | `samples=88K&epochs=2` |
//! | `rate` | serving target per second: `<n>req` or `<n>tok` | `rate=20req` |
//! | `in`, `out` | tokens per request (inference) | `in=512&out=256` |
//! | `lat` | latency bound, ms | `lat=2000` |
//! | `reqs` | requests in a batch job | `reqs=1M` |
//! | `deadline` | hours to finish | `deadline=72` |
//!
//! A task with missing size parameters takes that task's defaults ([`Workload::for_task`]);
//! every number is checked against [`crate::limits`].

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::config_param::{decode_config, encode_config};
use super::issue::{Accepted, Expected, Problem};
use super::query::{Reader, Writer};
use crate::limits::{DEADLINE_HOURS, EPOCHS, INPUT_TOKENS, LATENCY_MS, OUTPUT_TOKENS, SEQ_LEN};
use crate::money::parse_decimal;
use crate::recommend::parallel::MAX_SERVING_GPUS;
use crate::recommend::throughput::MAX_BATCH;
use crate::recommend::workload::{Offload, Optimizer, ZeroStage, MAX_LORA_RANK};
use crate::recommend::{
    ActPrecision, BatchJob, KvPrecision, ModelChoice, Precision, Rate, RateUnit, RequestShape,
    ServingTarget, Task, TaskKind, TrainingSize, Workload,
};

/// The `model=` values a link accepts: every known model's slug and `custom` (a test keeps
/// it equal to [`crate::recommend::KnownModel::ALL`]).
pub const MODEL_WORDS: &[&str] = &[
    "bert-base",
    "bert-large",
    "resnet-50",
    "sdxl",
    "gpt-j-6b",
    "llama-3-8b",
    "llama-2-70b",
    "llama-3-70b",
    "qwen2.5-7b",
    "qwen2.5-14b",
    "qwen2.5-32b",
    "qwen2.5-72b",
    "qwen3-8b",
    "qwen3-32b",
    "qwen3-30b-a3b",
    "qwen3-235b-a22b",
    "deepseek-v3",
    "deepseek-r1",
    "deepseek-r1-distill-qwen-7b",
    "deepseek-r1-distill-llama-70b",
    "glm-4-9b",
    "llama-3.1-8b",
    "llama-3.1-70b",
    "llama-3.1-405b",
    "llama-3.3-70b",
    "mistral-7b",
    "mixtral-8x7b",
    "gemma-2-9b",
    "gemma-2-27b",
    "custom",
];

/// `7B`, `350M`, `88K`, `1.5T` or a plain whole number.
pub fn parse_count(raw: &str) -> Option<u64> {
    let raw = raw.trim();
    let (digits, scale) = match raw.chars().last()? {
        'K' | 'k' => (&raw[..raw.len() - 1], 1e3),
        'M' | 'm' => (&raw[..raw.len() - 1], 1e6),
        'B' | 'b' | 'G' | 'g' => (&raw[..raw.len() - 1], 1e9),
        'T' | 't' => (&raw[..raw.len() - 1], 1e12),
        _ => (raw, 1.0),
    };
    // Checked: a huge count with a suffix would overflow Decimal, and a link never panics.
    let value = parse_decimal(digits)
        .ok()?
        .checked_mul(Decimal::try_from(scale).ok()?)?;
    if value < Decimal::ONE || !value.fract().is_zero() || value > Decimal::from(u64::MAX / 2) {
        return None;
    }
    value.to_u64()
}

/// Writes a count with the largest exact K/M/B/T suffix.
pub fn write_count(n: u64) -> String {
    for (div, suffix) in [
        (1_000_000_000_000u64, 'T'),
        (1_000_000_000, 'B'),
        (1_000_000, 'M'),
        (1_000, 'K'),
    ] {
        if n >= div && n % div == 0 {
            return format!("{}{suffix}", n / div);
        }
    }
    n.to_string()
}

fn shape_from(r: &mut Reader, default: RequestShape) -> RequestShape {
    RequestShape {
        input_tokens: r
            .integer::<u32>("in", INPUT_TOKENS.min, INPUT_TOKENS.max)
            .unwrap_or(default.input_tokens),
        output_tokens: r
            .integer::<u32>("out", OUTPUT_TOKENS.min, OUTPUT_TOKENS.max)
            .unwrap_or(default.output_tokens),
    }
}

/// Reads the workload parameters; `base` is the preset's workload.
pub fn decode_workload(r: &mut Reader, base: Option<Workload>) -> Option<Workload> {
    let task_raw = r.single("task");
    if task_raw.as_deref() == Some("none") {
        return None;
    }
    let task = match task_raw {
        Some(raw) => match TaskKind::from_slug(raw.trim()) {
            Some(t) => Some(t),
            None => {
                r.reject(
                    "task",
                    &raw,
                    Problem::UnknownValue {
                        expected: Accepted::Words(&[
                            "pretrain", "finetune", "lora", "qlora", "serve", "batch", "none",
                        ]),
                    },
                );
                None
            }
        },
        None => None,
    };
    let mut w = match (task, base) {
        (Some(t), Some(b)) if b.kind() == t => b,
        (Some(t), _) => Workload::for_task(t),
        (None, Some(b)) => b,
        (None, None) => {
            // Workload keys without a task are reported, not guessed.
            for key in [
                "model", "params", "cfg", "prec", "kv", "act", "replica", "batch", "rank", "opt",
                "zero", "offload", "seq", "tokens", "samples", "epochs", "rate", "in", "out",
                "lat", "reqs", "deadline",
            ] {
                if let Some(v) = r.single(key) {
                    r.reject(
                        key,
                        &v,
                        Problem::Malformed {
                            expected: Expected::TaskFirst,
                        },
                    );
                }
            }
            return None;
        }
    };
    let params = r.single("params");
    let custom_params = match &params {
        Some(p) => match parse_count(p) {
            Some(n) => Some(n),
            None => {
                r.reject(
                    "params",
                    p,
                    Problem::Malformed {
                        expected: Expected::ParamCount,
                    },
                );
                None
            }
        },
        None => None,
    };
    if let Some(raw) = r.single("model") {
        match ModelChoice::from_slug(raw.trim(), custom_params.unwrap_or(w.model.custom_params())) {
            Some(m) => w.model = m,
            None => r.reject(
                "model",
                &raw,
                Problem::UnknownValue {
                    expected: Accepted::Words(MODEL_WORDS),
                },
            ),
        }
    } else if let (Some(n), ModelChoice::Custom { .. }) = (custom_params, w.model) {
        w.model = ModelChoice::Custom { params: n };
    }
    if let Some(raw) = r.single("cfg") {
        // `custom` (or a base already described by a config) takes it; a known model does not.
        let described = match w.model {
            ModelChoice::Known(_) => Err(Expected::ModelConfigNeedsCustom),
            _ => decode_config(&raw).map_err(Expected::ModelConfig),
        };
        match described {
            Ok(c) => w.model = ModelChoice::Config(c),
            Err(expected) => r.reject("cfg", &raw, Problem::Malformed { expected }),
        }
    }
    if let Some(p) = r.word(
        "prec",
        &["fp32", "fp16", "bf16", "fp8", "int8", "fp4", "int4"],
        Precision::from_slug,
    ) {
        w.precision = p;
    }
    if let Some(kv) = r.word(
        "kv",
        &["bf16", "fp8", "int8", "int4"],
        KvPrecision::from_slug,
    ) {
        w.options.kv_cache = kv;
    }
    if let Some(act) = r.word(
        "act",
        &["auto", "bf16", "fp8", "int8"],
        ActPrecision::from_slug,
    ) {
        w.options.activations = act;
    }
    if let Some(g) = r.integer::<u32>("replica", 1, MAX_SERVING_GPUS) {
        w.options.replica_gpus = Some(g);
    }
    if let Some(b) = r.integer::<u32>("batch", 1, MAX_BATCH) {
        w.options.max_batch = Some(b);
    }
    let ft = &mut w.options.fine_tune;
    if let Some(rank) = r.integer::<u32>("rank", 1, MAX_LORA_RANK) {
        ft.lora_rank = Some(rank);
    }
    if let Some(o) = r.word(
        "opt",
        &["adamw", "adam8bit", "paged8bit"],
        Optimizer::from_slug,
    ) {
        ft.optimizer = o;
    }
    if let Some(z) = r.word("zero", &["0", "1", "2", "3"], ZeroStage::from_slug) {
        ft.zero = z;
    }
    if let Some(o) = r.word("offload", &["none", "optimizer"], Offload::from_slug) {
        ft.offload = o;
    }
    if let Some(seq) = r.integer::<u32>("seq", SEQ_LEN.min, SEQ_LEN.max) {
        w.seq_len = Some(seq);
    }
    let count = |r: &mut Reader, key: &str| -> Option<u64> {
        let raw = r.single(key)?;
        let n = parse_count(&raw);
        if n.is_none() {
            r.reject(
                key,
                &raw,
                Problem::Malformed {
                    expected: Expected::Count,
                },
            );
        }
        n
    };
    w.task = match w.task {
        Task::Training { kind, size: t } => {
            let tokens = count(r, "tokens");
            let samples = count(r, "samples");
            let epochs = r.integer::<u32>("epochs", EPOCHS.min, EPOCHS.max);
            let size = match (tokens, samples, t) {
                (Some(n), _, _) => TrainingSize::Tokens(n),
                (None, Some(s), TrainingSize::Samples { epochs: e, .. }) => TrainingSize::Samples {
                    samples: s,
                    epochs: epochs.unwrap_or(e),
                },
                (None, Some(s), _) => TrainingSize::Samples {
                    samples: s,
                    epochs: epochs.unwrap_or(1),
                },
                (None, None, TrainingSize::Samples { samples, epochs: e }) => {
                    TrainingSize::Samples {
                        samples,
                        epochs: epochs.unwrap_or(e),
                    }
                }
                (None, None, other) => other,
            };
            Task::Training { kind, size }
        }
        Task::Serving(s) => {
            let rate = match r.single("rate") {
                Some(raw) => {
                    let parsed = raw
                        .strip_suffix("req")
                        .map(|n| (RateUnit::RequestsPerSecond, n))
                        .or_else(|| {
                            raw.strip_suffix("tok")
                                .map(|n| (RateUnit::TokensPerSecond, n))
                        })
                        .and_then(|(unit, n)| {
                            parse_decimal(n)
                                .ok()
                                .filter(|v| *v > Decimal::ZERO)
                                .map(|per_second| Rate { unit, per_second })
                        });
                    if parsed.is_none() {
                        r.reject(
                            "rate",
                            &raw,
                            Problem::Malformed {
                                expected: Expected::Rate,
                            },
                        );
                    }
                    parsed.unwrap_or(s.rate)
                }
                None => s.rate,
            };
            Task::Serving(ServingTarget {
                rate,
                shape: shape_from(r, s.shape),
                latency_ms: r
                    .integer::<u32>("lat", LATENCY_MS.min, LATENCY_MS.max)
                    .unwrap_or(s.latency_ms),
            })
        }
        Task::Batch(b) => Task::Batch(BatchJob {
            requests: count(r, "reqs").unwrap_or(b.requests),
            shape: shape_from(r, b.shape),
        }),
    };
    if let Some(d) = r.decimal("deadline", DEADLINE_HOURS.min(), DEADLINE_HOURS.max) {
        w.deadline_hours = Some(d);
    }
    match w.validate() {
        Ok(_) => Some(w),
        Err(errors) => {
            r.reject(
                "task",
                w.kind().as_str(),
                Problem::Malformed {
                    expected: Expected::ConsistentWorkload(errors),
                },
            );
            base
        }
    }
}

/// Writes the workload parameters that differ from `base`.
pub fn encode_workload(w: &mut Writer, workload: Option<&Workload>, base: Option<&Workload>) {
    let Some(wl) = workload else {
        if base.is_some() {
            w.pair("task", "none");
        }
        return;
    };
    let same_task = base.is_some_and(|b| b.kind() == wl.kind());
    let reference = if same_task {
        *base.expect("checked")
    } else {
        Workload::for_task(wl.kind())
    };
    if !same_task || base.is_none() {
        w.pair("task", wl.kind().as_str());
    }
    if wl.model != reference.model {
        w.pair("model", wl.model.as_str());
        match wl.model {
            ModelChoice::Custom { params } => w.pair("params", &write_count(params)),
            ModelChoice::Config(c) => w.pair("cfg", &encode_config(&c)),
            ModelChoice::Known(_) => {}
        }
    }
    if wl.precision != reference.precision {
        w.pair("prec", wl.precision.as_str());
    }
    if wl.options.kv_cache != reference.options.kv_cache {
        w.pair("kv", wl.options.kv_cache.as_str());
    }
    if wl.options.activations != reference.options.activations {
        w.pair("act", wl.options.activations.as_str());
    }
    if wl.options.replica_gpus != reference.options.replica_gpus {
        if let Some(g) = wl.options.replica_gpus {
            w.pair("replica", &g.to_string());
        }
    }
    let (ft, rf) = (wl.options.fine_tune, reference.options.fine_tune);
    if ft.lora_rank != rf.lora_rank {
        if let Some(rank) = ft.lora_rank {
            w.pair("rank", &rank.to_string());
        }
    }
    if ft.optimizer != rf.optimizer {
        w.pair("opt", ft.optimizer.as_str());
    }
    if ft.zero != rf.zero {
        w.pair("zero", ft.zero.as_str());
    }
    if ft.offload != rf.offload {
        w.pair("offload", ft.offload.as_str());
    }
    if wl.options.max_batch != reference.options.max_batch {
        if let Some(b) = wl.options.max_batch {
            w.pair("batch", &b.to_string());
        }
    }
    if wl.seq_len != reference.seq_len {
        if let Some(seq) = wl.seq_len {
            w.pair("seq", &seq.to_string());
        }
    }
    // `reference` is a workload of the same task, so both sides have the same variant.
    match (wl.task, reference.task) {
        (Task::Training { size: t, .. }, Task::Training { size: r, .. }) if t != r => match t {
            TrainingSize::Tokens(n) => w.pair("tokens", &write_count(n)),
            TrainingSize::Samples { samples, epochs } => {
                w.pair("samples", &write_count(samples));
                w.pair("epochs", &epochs.to_string());
            }
        },
        (Task::Serving(s), Task::Serving(r)) => {
            if s.rate != r.rate {
                let unit = if s.rate.unit == RateUnit::RequestsPerSecond {
                    "req"
                } else {
                    "tok"
                };
                w.pair("rate", &format!("{}{unit}", s.rate.per_second.normalize()));
            }
            if s.shape.input_tokens != r.shape.input_tokens {
                w.pair("in", &s.shape.input_tokens.to_string());
            }
            if s.shape.output_tokens != r.shape.output_tokens {
                w.pair("out", &s.shape.output_tokens.to_string());
            }
            if s.latency_ms != r.latency_ms {
                w.pair("lat", &s.latency_ms.to_string());
            }
        }
        (Task::Batch(b), Task::Batch(r)) => {
            if b.requests != r.requests {
                w.pair("reqs", &write_count(b.requests));
            }
            if b.shape.input_tokens != r.shape.input_tokens {
                w.pair("in", &b.shape.input_tokens.to_string());
            }
            if b.shape.output_tokens != r.shape.output_tokens {
                w.pair("out", &b.shape.output_tokens.to_string());
            }
        }
        _ => {}
    }
    if wl.deadline_hours != reference.deadline_hours {
        if let Some(d) = wl.deadline_hours {
            w.pair("deadline", &d.normalize().to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_words_are_every_known_slug_and_custom() {
        let slugs: Vec<&str> = crate::recommend::KnownModel::ALL
            .iter()
            .map(|m| m.as_str())
            .chain(["custom"])
            .collect();
        assert_eq!(MODEL_WORDS, slugs.as_slice());
    }

    #[test]
    fn counts_read_and_write_with_suffixes() {
        assert_eq!(parse_count("7B"), Some(7_000_000_000));
        assert_eq!(parse_count("1.5T"), Some(1_500_000_000_000));
        assert_eq!(parse_count("88K"), Some(88_000));
        assert_eq!(parse_count("350"), Some(350));
        for bad in ["", "B", "-5M", "0.5", "1e9", "abc"] {
            assert_eq!(parse_count(bad), None, "{bad:?}");
        }
        assert_eq!(write_count(20_000_000_000), "20B");
        assert_eq!(write_count(88_500), "88500");
    }

    /// The million-link fuzz test found `×1e12` of a count near Decimal's largest value
    /// panicking with an overflow.
    #[test]
    fn a_count_too_large_for_its_suffix_is_refused_not_a_panic() {
        assert_eq!(parse_count("79228162514264337593543950335T"), None);
        assert_eq!(parse_count("9999999999999999999999999999B"), None);
    }
}
