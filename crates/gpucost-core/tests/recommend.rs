//! The hardware recommendation, specified by example: memory figures match published worked
//! examples, measured rows decide rankings the way a direct calculation does, inference goes
//! to inference GPUs, and every number is an ordered range with its evidence named.

use chrono::NaiveDate;
use gpucost_core::billing_mode::ModeClass;
use gpucost_core::browse::hourly_amount;
use gpucost_core::catalog::{embedded, OfferFlag, ProviderKind};
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_core::recommend::hardware::BenchTask;
use gpucost_core::recommend::memory::GIB;
use gpucost_core::recommend::*;
use proptest::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 29).unwrap()
}

fn run(w: Workload) -> Recommendation {
    let c = &embedded().catalog;
    let valid = w.validate().unwrap_or_else(|e| panic!("{w:?}: {e:?}"));
    recommend(c, &valid, &FxTable::from_catalog(c), Currency::Usd, today())
}

fn known(m: KnownModel) -> ModelChoice {
    ModelChoice::Known(m)
}

fn training(
    task: TaskKind,
    model: ModelChoice,
    precision: Precision,
    size: TrainingSize,
) -> Workload {
    Workload {
        task: Task::Training {
            kind: task.training().expect("a training task"),
            size,
        },
        model,
        precision,
        seq_len: None,
        deadline_hours: None,
        options: Default::default(),
    }
}

fn serving(
    model: ModelChoice,
    precision: Precision,
    rps: i64,
    input: u32,
    output: u32,
    latency_ms: u32,
) -> Workload {
    Workload {
        task: Task::Serving(ServingTarget {
            rate: Rate {
                unit: RateUnit::RequestsPerSecond,
                per_second: Decimal::from(rps),
            },
            shape: RequestShape {
                input_tokens: input,
                output_tokens: output,
            },
            latency_ms,
        }),
        model,
        precision,
        seq_len: None,
        deadline_hours: None,
        options: Default::default(),
    }
}

fn batch(
    model: ModelChoice,
    precision: Precision,
    requests: u64,
    input: u32,
    output: u32,
) -> Workload {
    Workload {
        task: Task::Batch(BatchJob {
            requests,
            shape: RequestShape {
                input_tokens: input,
                output_tokens: output,
            },
        }),
        model,
        precision,
        seq_len: None,
        deadline_hours: None,
        options: Default::default(),
    }
}

fn tokens(t: u64) -> TrainingSize {
    TrainingSize::Tokens(t)
}

// --- Memory: the published worked examples -------------------------------------------------

#[test]
fn a_full_fine_tune_with_mixed_precision_adam_holds_16_to_18_bytes_per_parameter() {
    let r = run(training(
        TaskKind::FullFineTune,
        known(KnownModel::Llama3_8b),
        Precision::Fp16,
        tokens(1_000_000_000),
    ));
    assert_eq!(r.memory.state_bytes_per_param, LowHigh::new(16.0, 18.0));
    // ZeRO's count: 2 (fp16 weights) + 2 (fp16 gradients) + 12 (fp32 master, momentum, variance).
    let state = r.memory.weights_gib.low + r.memory.gradients_gib.low + r.memory.optimizer_gib.low;
    assert!((state * GIB / 8.03e9 - 16.0).abs() < 1e-9);
}

#[test]
fn an_8b_model_in_16_bits_needs_2_bytes_per_parameter_of_weights() {
    let r = run(serving(
        known(KnownModel::Llama3_8b),
        Precision::Fp16,
        1,
        512,
        256,
        30_000,
    ));
    assert_eq!(r.memory.state_bytes_per_param, LowHigh::point(2.0));
    // 8.03e9 × 2 bytes = 16.06 GB = 14.96 GiB, the model card's "about 16 GB in BF16".
    assert!((r.memory.weights_gib.low - 14.96).abs() < 0.01);
    // A custom 7B model: 14 GB = 13.04 GiB.
    let r = run(serving(
        ModelChoice::Custom {
            params: 7_000_000_000,
        },
        Precision::Fp16,
        1,
        512,
        256,
        30_000,
    ));
    assert!((r.memory.weights_gib.low - 13.04).abs() < 0.01);
}

#[test]
fn qlora_holds_about_half_a_byte_per_parameter_of_4_bit_weights() {
    let r = run(training(
        TaskKind::Qlora,
        known(KnownModel::Llama3_70b),
        Precision::Int4,
        tokens(10_000_000),
    ));
    let base = r.memory.weights_gib.low * GIB / 70.6e9;
    assert!((0.5..0.52).contains(&base), "{base} bytes per parameter");
    assert!(r.memory.state_bytes_per_param.high < 1.0);
    // A 70B QLoRA fits on one 80 GB GPU, which a 16-bit full fine-tune never would.
    let h100 = r
        .ranked
        .iter()
        .find(|c| c.profile.gpu == "H100")
        .expect("H100 ranked");
    assert_eq!(h100.throughput.gpus_per_replica, 1);
}

// --- Ranking agrees with the measured rows -------------------------------------------------

#[test]
fn a_bert_large_fine_tune_is_ranked_as_the_measured_rows_and_prices_say() {
    const SAMPLES: u64 = 88_000; // SQuAD v1.1 training set
    const EPOCHS: u32 = 2;
    let r = run(training(
        TaskKind::FullFineTune,
        known(KnownModel::BertLarge),
        Precision::Fp16,
        TrainingSize::Samples {
            samples: SAMPLES,
            epochs: EPOCHS,
        },
    ));
    let catalog = &embedded().catalog;
    let fx = &FxTable::from_catalog(catalog);
    let hw = embedded_hardware();
    let work = (SAMPLES * u64::from(EPOCHS) * 384) as f64; // tokens at SQuAD's 384-token sequences

    // Lambda's v1 suite measured the most of these GPUs, so it decides.
    let measured: Vec<&Candidate> = r
        .ranked
        .iter()
        .filter(|c| c.throughput.basis.is_measured())
        .collect();
    assert!(
        measured.len() >= 5,
        "{} measured candidates",
        measured.len()
    );
    let mut direct: Vec<(String, f64)> = Vec::new();
    for c in &measured {
        assert_eq!(c.throughput.basis.group(), "v1", "{}", c.profile.name);
        let p = &c.profile;
        let per_gpu: Vec<f64> = hw
            .rows
            .iter()
            .filter(|row| row.suite == "v1" && row.model == "bert-large")
            .filter(|row| row.task == BenchTask::Training && row.precision == Some(Precision::Fp16))
            .filter(|row| row.gpu == p.sku || (p.default_form && row.gpu == p.gpu))
            .map(|row| row.value / f64::from(row.gpus) * 384.0)
            .collect();
        let (lo, hi) = per_gpu
            .iter()
            .fold((f64::MAX, 0.0f64), |(a, b), x| (a.min(*x), b.max(*x)));
        // The cheapest public on-demand price per GPU-hour (a slice counts if the model fits).
        let price = catalog
            .offers
            .iter()
            .filter(|o| p.rents(catalog, o))
            .filter(|o| !o.flags.contains(&OfferFlag::InstitutionOnly))
            .filter(|o| {
                catalog.provider(&o.provider).unwrap().kind != ProviderKind::MarketReference
            })
            .filter(|o| {
                o.gpus >= Decimal::ONE
                    || o.gpus.to_f64().unwrap() * p.memory_gib() >= r.memory.total_gib.high
            })
            .flat_map(|o| {
                o.prices
                    .iter()
                    .filter(|pr| pr.mode.class() == ModeClass::OnDemand)
                    .map(move |pr| fx.convert(hourly_amount(pr), Currency::Usd).amount / o.gpus)
            })
            .min()
            .unwrap()
            .to_f64()
            .unwrap();
        let cost = |thr: f64| price * work / thr / 3600.0;
        let mid = (cost(lo) + cost(hi)) / 2.0;
        let engine = c.best_option().unwrap();
        assert_eq!(engine.class, ModeClass::OnDemand);
        let engine_mid = engine.key(CostUnit::Run).unwrap().to_f64().unwrap();
        assert!(
            (engine_mid - mid).abs() / mid < 1e-4,
            "{}: engine {engine_mid} vs direct {mid}",
            p.name
        );
        direct.push((p.name.clone(), mid));
    }
    direct.sort_by(|a, b| a.1.total_cmp(&b.1));
    let engine_order: Vec<&str> = measured.iter().map(|c| c.profile.name.as_str()).collect();
    let direct_order: Vec<&str> = direct.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(engine_order, direct_order);
}

// --- Inference goes to inference GPUs ------------------------------------------------------

#[test]
fn serving_bert_prefers_an_inference_gpu_to_an_a100_when_both_fit() {
    let r = run(serving(
        known(KnownModel::BertLarge),
        Precision::Int8,
        200,
        384,
        0,
        100,
    ));
    let position = |families: &[&str]| {
        r.ranked
            .iter()
            .position(|c| families.contains(&c.profile.family.as_str()))
            .unwrap_or_else(|| panic!("no {families:?} ranked"))
    };
    let inference = position(&["T4", "L4", "A10"]);
    let a100 = position(&["A100"]);
    assert!(
        inference < a100,
        "{} (#{inference}) should rank above {} (#{a100})",
        r.ranked[inference].profile.name,
        r.ranked[a100].profile.name
    );
    assert_ne!(r.top().unwrap().profile.family, "A100");
    let rule = r
        .rules
        .iter()
        .find(|x| x.rule == SeedRule::InferenceGpusCheaper)
        .unwrap();
    assert_ne!(
        rule.verdict,
        Verdict::NotApplicable,
        "{}",
        rule.finding.text(Lang::En)
    );
}

// --- Every number is a range with its evidence ---------------------------------------------

fn sample_workloads() -> Vec<Workload> {
    let mut deadline = training(
        TaskKind::PreTraining,
        ModelChoice::Custom {
            params: 1_000_000_000,
        },
        Precision::Fp16,
        tokens(20_000_000_000),
    );
    deadline.deadline_hours = Some(Decimal::from(72));
    vec![
        deadline,
        training(
            TaskKind::FullFineTune,
            known(KnownModel::BertBase),
            Precision::Fp32,
            TrainingSize::Samples {
                samples: 10_000,
                epochs: 3,
            },
        ),
        training(
            TaskKind::Lora,
            known(KnownModel::Llama3_8b),
            Precision::Fp16,
            tokens(50_000_000),
        ),
        training(
            TaskKind::Lora,
            known(KnownModel::StableDiffusionXl),
            Precision::Fp16,
            TrainingSize::Samples {
                samples: 2_000,
                epochs: 10,
            },
        ),
        training(
            TaskKind::PreTraining,
            known(KnownModel::ResNet50),
            Precision::Fp16,
            TrainingSize::Samples {
                samples: 1_281_167,
                epochs: 90,
            },
        ),
        serving(
            known(KnownModel::Llama3_70b),
            Precision::Int4,
            2,
            1024,
            512,
            60_000,
        ),
        serving(
            known(KnownModel::GptJ6b),
            Precision::Fp16,
            10,
            1000,
            100,
            10_000,
        ),
        batch(
            known(KnownModel::Llama2_70b),
            Precision::Fp16,
            100_000,
            1000,
            200,
        ),
        batch(
            known(KnownModel::ResNet50),
            Precision::Int8,
            10_000_000,
            1,
            0,
        ),
        batch(
            known(KnownModel::StableDiffusionXl),
            Precision::Fp16,
            10_000,
            77,
            0,
        ),
    ]
}

fn ordered(r: LowHigh<f64>, what: &str) {
    assert!(
        r.low <= r.high && r.low.is_finite() && r.high.is_finite(),
        "{what}: {r:?}"
    );
}

#[test]
fn every_range_is_ordered_and_every_result_names_its_evidence() {
    for w in sample_workloads() {
        let r = run(w);
        let m = &r.memory;
        for (what, x) in [
            ("weights", m.weights_gib),
            ("gradients", m.gradients_gib),
            ("optimizer", m.optimizer_gib),
            ("activations", m.activations_gib),
            ("kv", m.kv_cache_gib),
            ("total", m.total_gib),
        ] {
            ordered(x, what);
        }
        assert!(!r.ranked.is_empty(), "{w:?}: nothing ranked");
        for (i, c) in r.ranked.iter().enumerate() {
            let t = &c.throughput;
            ordered(t.per_gpu, "throughput");
            assert!(t.per_gpu.low > 0.0);
            if let Some(l) = t.latency_s {
                ordered(l, "latency");
            }
            match &t.basis {
                Basis::Measured { rows, .. } => {
                    assert!(!rows.is_empty());
                    for row in rows {
                        assert!(
                            row.source.contains('@') && row.source.contains(':'),
                            "{}",
                            row.source
                        );
                        assert!(!row.row.suite.is_empty() && !row.row.date.is_empty());
                    }
                }
                Basis::Modelled {
                    compute_efficiency,
                    formula,
                    peak_tflops,
                    peak,
                    ..
                } => {
                    ordered(*compute_efficiency, "efficiency");
                    for lang in [Lang::En, Lang::Zh] {
                        assert!(formula.text(*peak_tflops, *peak, lang).contains("TFLOPS"));
                    }
                }
            }
            let basis = t.basis.text(Lang::En);
            assert!(
                basis.starts_with("measured: ") || basis.starts_with("modelled: "),
                "{basis}"
            );
            assert!(t
                .basis
                .text(Lang::Zh)
                .ends_with(&t.basis.evidence(Lang::Zh)));
            for o in &c.options {
                for x in [
                    o.cost.per_run,
                    o.cost.per_epoch,
                    o.cost.per_million_requests,
                    o.cost.per_million_tokens,
                ]
                .into_iter()
                .flatten()
                .chain([o.cost.per_hour])
                {
                    assert!(x.low.amount <= x.high.amount, "{}: {x:?}", o.offer);
                    assert_eq!(x.low.currency, Currency::Usd);
                }
                if let Some(h) = o.hours {
                    ordered(h, "hours");
                }
            }
            // Explained down to EXPLAINED, and only numbers below.
            assert_eq!(
                c.reasons.is_empty(),
                i >= EXPLAINED,
                "{i}: {}",
                c.profile.name
            );
            if i >= EXPLAINED {
                assert!(c.warnings.is_empty() && c.assumptions.is_empty());
            }
        }
        assert_eq!(r.rules.len(), SeedRule::ALL.len());
        assert!(!r.assumptions.is_empty());
    }
}

#[test]
fn the_seed_rules_are_checked_against_numbers_not_asserted() {
    let r = run(serving(
        known(KnownModel::Llama3_8b),
        Precision::Fp16,
        5,
        512,
        256,
        20_000,
    ));
    for check in &r.rules {
        let (en, zh) = (check.finding.text(Lang::En), check.finding.text(Lang::Zh));
        let has_digit = en.chars().any(|c| c.is_ascii_digit());
        if check.verdict != Verdict::NotApplicable {
            assert!(has_digit, "{}: {}", check.rule.as_str(), en);
        }
        assert!(!zh.is_ascii());
    }
    let batching = r
        .rules
        .iter()
        .find(|x| x.rule == SeedRule::BatchingUtilization)
        .unwrap();
    assert_eq!(
        batching.verdict,
        Verdict::Within,
        "{}",
        batching.finding.text(Lang::En)
    );
}

// --- Warnings ---------------------------------------------------------------------------------

#[test]
fn a_model_split_over_gpus_without_nvlink_is_flagged() {
    let r = run(batch(
        known(KnownModel::Llama3_70b),
        Precision::Fp16,
        1000,
        512,
        128,
    ));
    let l40s = r.ranked.iter().find(|c| c.profile.gpu == "L40S").unwrap();
    assert!(l40s.throughput.gpus_per_replica > 1);
    assert!(l40s
        .warnings
        .iter()
        .any(|w| matches!(w, Warning::NeedsNvlink { .. })));
    let message = l40s
        .warnings
        .iter()
        .find(|w| matches!(w, Warning::NeedsNvlink { .. }))
        .unwrap()
        .text(Lang::Zh);
    assert!(message.contains("NVLink"));
}

#[test]
fn a_deadline_no_plan_can_meet_is_reported() {
    let mut w = training(
        TaskKind::PreTraining,
        ModelChoice::Custom {
            params: 70_000_000_000,
        },
        Precision::Fp16,
        tokens(2_000_000_000_000),
    );
    w.deadline_hours = Some(Decimal::ONE);
    let r = run(w);
    let top = r.top().unwrap();
    assert!(!top.feasible());
    assert!(top
        .warnings
        .iter()
        .any(|w| matches!(w, Warning::DeadlineMissed { .. })));
}

#[test]
fn a_deadline_buys_more_gpus_for_the_same_money() {
    let w = training(
        TaskKind::FullFineTune,
        known(KnownModel::BertLarge),
        Precision::Fp16,
        tokens(2_000_000_000),
    );
    let relaxed = run(w);
    let mut hurried = w;
    hurried.deadline_hours = Some(Decimal::ONE);
    let hurried = run(hurried);
    let pick = |r: &Recommendation| {
        r.ranked
            .iter()
            .find(|c| c.profile.sku == "A100-SXM4-80GB")
            .and_then(|c| {
                c.options
                    .iter()
                    .find(|o| o.offer == "aws/p4de.24xlarge" && o.class == ModeClass::OnDemand)
                    .cloned()
            })
            .expect("p4de on demand")
    };
    let (a, b) = (pick(&relaxed), pick(&hurried));
    assert!(b.hours.unwrap().high <= 1.0 && b.meets_deadline == Some(true));
    assert!(b.instances.high > a.instances.high);
    let (ca, cb) = (
        a.cost.per_run.unwrap().mid().amount,
        b.cost.per_run.unwrap().mid().amount,
    );
    assert!((ca - cb).abs() / ca < Decimal::new(1, 2), "{ca} vs {cb}");
}

#[test]
fn a_small_model_fits_a_mig_slice() {
    let r = run(serving(
        known(KnownModel::BertBase),
        Precision::Int8,
        10,
        128,
        0,
        100,
    ));
    let a100 = r
        .ranked
        .iter()
        .find(|c| c.profile.sku == "A100-SXM4-80GB")
        .unwrap();
    let slice = a100.slice.as_ref().expect("a MIG slice holds BERT-base");
    assert_eq!(slice.kind, SliceKind::Mig);
    assert_eq!(slice.memory_gib, 10.0);
    assert_eq!(slice.enough_throughput, Some(true));
}

#[test]
fn gpus_too_small_for_the_model_are_excluded_with_the_reason() {
    // A replica may span eight 8-GPU machines (issue 33), so a 70B model now fits on T4s;
    // DeepSeek-R1's 671B parameters in 16 bits (1.25 TiB) do not fit on 64 of them.
    let r = run(batch(
        known(KnownModel::DeepSeekR1),
        Precision::Fp16,
        1000,
        512,
        128,
    ));
    let t4 = r
        .excluded
        .iter()
        .find(|e| e.profile.gpu == "T4")
        .expect("T4 excluded");
    assert!(
        t4.text(Lang::En).contains("more than 64 GPUs"),
        "{}",
        t4.text(Lang::En)
    );
    assert!(r.ranked.iter().all(|c| c.profile.gpu != "T4"));
}

// --- Costs are sane for any valid workload --------------------------------------------------

fn arb_workload() -> impl Strategy<Value = Workload> {
    let model = prop_oneof![
        proptest::sample::select(KnownModel::ALL.to_vec()).prop_map(ModelChoice::Known),
        (1_000_000u64..=2_000_000_000_000).prop_map(|params| ModelChoice::Custom { params }),
    ];
    (
        proptest::sample::select(TaskKind::ALL.to_vec()),
        model,
        proptest::sample::select(Precision::ALL.to_vec()),
        1u64..=10_000_000_000_000,
        1u32..=100,
        1u32..=4096,
        1u32..=2048,
        1i64..=5000,
        1u32..=600_000,
        proptest::option::of(1u32..=10_000),
    )
        .prop_map(
            |(task, model, precision, amount, epochs, input, output, rate, latency, deadline)| {
                // Mostly valid workloads: a precision the task allows, lengths within the context.
                let precision = if task.allows(precision) {
                    precision
                } else if task == TaskKind::Qlora {
                    Precision::Int4
                } else {
                    Precision::Fp16
                };
                let spec = match model {
                    ModelChoice::Known(m) => m.spec(),
                    ModelChoice::Custom { params } => ModelSpec::custom(params as f64),
                    ModelChoice::Config(_) => model.spec(),
                };
                let context = spec.arch.transformer().map_or(u32::MAX, |t| t.max_context);
                let input = input.min(context / 2);
                let output = output.min(context / 2);
                let tokens_ok = spec.arch.is_token_model();
                let shape = RequestShape {
                    input_tokens: input,
                    output_tokens: output,
                };
                let size = match task {
                    TaskKind::OnlineServing => Task::Serving(ServingTarget {
                        rate: Rate {
                            unit: if amount % 2 == 0 || !spec.arch.generates_tokens() {
                                RateUnit::RequestsPerSecond
                            } else {
                                RateUnit::TokensPerSecond
                            },
                            per_second: Decimal::new(rate, 1),
                        },
                        shape,
                        latency_ms: latency,
                    }),
                    TaskKind::BatchInference => Task::Batch(BatchJob {
                        requests: amount % 1_000_000_000 + 1,
                        shape,
                    }),
                    _ => Task::Training {
                        kind: task.training().expect("a training task"),
                        size: if tokens_ok && amount % 2 == 0 {
                            TrainingSize::Tokens(amount)
                        } else {
                            TrainingSize::Samples {
                                samples: amount % 100_000_000 + 1,
                                epochs,
                            }
                        },
                    },
                };
                Workload {
                    task: size,
                    model,
                    precision,
                    seq_len: None,
                    deadline_hours: deadline.map(Decimal::from),
                    options: Default::default(),
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn costs_are_non_negative_and_finite_for_any_valid_workload(w in arb_workload()) {
        let valid = w.validate().map_err(|e| TestCaseError::fail(format!("{w:?}: {e:?}")))?;
        let c = &embedded().catalog;
        let r = recommend(c, &valid, &FxTable::from_catalog(c), Currency::Cny, today());
        for cand in &r.ranked {
            prop_assert!(cand.throughput.per_gpu.low > 0.0 && cand.throughput.per_gpu.high.is_finite());
            for o in &cand.options {
                for x in [o.cost.per_run, o.cost.per_epoch, o.cost.per_million_requests, o.cost.per_million_tokens]
                    .into_iter()
                    .flatten()
                    .chain([o.cost.per_hour])
                {
                    prop_assert!(x.low.amount >= Decimal::ZERO, "{}: {:?}", o.offer, x);
                    prop_assert!(x.low.amount <= x.high.amount);
                    prop_assert!(x.high.amount < Decimal::from(10u64.pow(18)), "{}: {:?}", o.offer, x);
                }
            }
        }
    }
}
