//! The models people run today (issue 33): GQA and MLA KV caches, MoE active parameters,
//! FP8/FP4 weights and a quantized KV cache, context up to each model's maximum, and the
//! GPUs sold in China ranked for them.

mod common;

use gpucost_core::money::Currency;
use gpucost_core::recommend::memory::{estimate, GIB};
use gpucost_core::recommend::*;
use rust_decimal::Decimal;

/// Online serving of `model` at `rps` requests/s of `input` + `output` tokens within 60 s.
fn serve(model: KnownModel, precision: Precision, input: u32, output: u32, rps: u32) -> Workload {
    let mut w = Workload::for_task(TaskKind::OnlineServing);
    w.model = ModelChoice::Known(model);
    w.precision = precision;
    if let Task::Serving(s) = &mut w.task {
        s.rate.per_second = Decimal::from(rps);
        s.shape.input_tokens = input;
        s.shape.output_tokens = output;
        s.latency_ms = 60_000;
    }
    w
}

fn kv_gib(w: &Workload) -> f64 {
    estimate(&w.validate().unwrap()).kv_cache_gib.high
}

#[test]
fn grouped_query_attention_sizes_llama_3_1_70b_at_40_gib_for_128k_tokens() {
    // 2 (K, V) × 80 layers × 8 KV heads × 128 × 2 bytes = 327,680 bytes per token;
    // × 131,072 tokens = 40 GiB (64 query heads of MHA would need 320 GiB).
    let w = serve(KnownModel::Llama31_70b, Precision::Fp16, 129_072, 2_000, 1);
    assert!((kv_gib(&w) - 40.0).abs() < 1e-9, "{}", kv_gib(&w));
}

#[test]
fn latent_attention_keeps_deepseek_r1s_32k_cache_near_2_gib_and_fp8_halves_it() {
    // 61 layers × (512 + 64) × 2 bytes = 70,272 bytes per token × 32,768 = 2.14 GiB.
    let mut w = serve(KnownModel::DeepSeekR1, Precision::Fp8, 30_720, 2_048, 1);
    let bf16 = kv_gib(&w);
    assert!((bf16 - 70_272.0 * 32_768.0 / GIB).abs() < 1e-9, "{bf16}");
    w.options.kv_cache = KvPrecision::Fp8;
    assert!((kv_gib(&w) - bf16 / 2.0).abs() < 1e-9);
}

#[test]
fn context_reaches_each_models_maximum_and_not_beyond() {
    // DeepSeek-R1: max_position_embeddings 163,840.
    assert!(
        serve(KnownModel::DeepSeekR1, Precision::Fp8, 160_000, 3_840, 1)
            .validate()
            .is_ok()
    );
    let too_long = serve(KnownModel::DeepSeekR1, Precision::Fp8, 160_000, 3_841, 1);
    assert!(too_long.validate().is_err());
    // Qwen2.5-72B-Instruct's config: 32,768.
    assert!(
        serve(KnownModel::Qwen25_72b, Precision::Fp16, 30_000, 2_768, 1)
            .validate()
            .is_ok()
    );
    assert!(serve(KnownModel::Qwen25_72b, Precision::Fp16, 32_768, 1, 1)
        .validate()
        .is_err());
}

#[test]
fn fp8_weights_take_one_byte_and_fp4_about_half() {
    let w = |p| {
        estimate(
            &serve(KnownModel::DeepSeekR1, p, 1024, 256, 1)
                .validate()
                .unwrap(),
        )
    };
    let fp8 = w(Precision::Fp8).weights_gib.low * GIB / 1e9;
    assert!((fp8 - 671.0).abs() < 1.0, "{fp8} GB");
    let fp4 = w(Precision::Fp4).weights_gib;
    assert!(fp4.low * GIB / 1e9 > 671.0 * 0.5 && fp4.high * GIB / 1e9 <= 671.0 * 0.57);
}

#[test]
fn a_mixture_of_experts_holds_all_experts_but_computes_with_the_active_ones() {
    let spec = KnownModel::Qwen3_30bA3b.spec();
    assert!(spec.params > 30e9 && spec.active_params < 3.5e9, "{spec:?}");
    // Memory follows the total: 30.5B × 2 bytes.
    let m = estimate(
        &serve(KnownModel::Qwen3_30bA3b, Precision::Fp16, 1024, 256, 1)
            .validate()
            .unwrap(),
    );
    assert!(m.weights_gib.low * GIB > 60e9);
    // Speed follows the active parameters: the MoE serves more requests per GPU than the
    // dense Qwen3-32B of about the same total size, on the same GPU.
    let per_gpu = |model| {
        let r = common::recommendation(&serve(model, Precision::Fp16, 1024, 256, 5), Currency::Usd);
        r.ranked
            .iter()
            .find(|c| c.profile.sku == "H100-SXM5-80GB")
            .map(|c| c.throughput.per_gpu.low)
            .expect("H100 ranked")
    };
    let moe = per_gpu(KnownModel::Qwen3_30bA3b);
    let dense = per_gpu(KnownModel::Qwen3_32b);
    assert!(
        moe > 2.0 * dense,
        "MoE {moe} req/s per GPU vs dense {dense}"
    );
}

#[test]
fn fp8_runs_at_the_fp8_tensor_rate_where_the_gpu_has_one() {
    let r = common::recommendation(
        &serve(KnownModel::Qwen25_72b, Precision::Fp8, 2048, 512, 2),
        Currency::Usd,
    );
    let peak = |sku: &str| {
        r.ranked
            .iter()
            .find(|c| c.profile.sku == sku)
            .map(|c| c.profile.peak_tflops(r.workload.compute_precision()))
            .unwrap_or_else(|| panic!("{sku} not ranked"))
    };
    // H20: 296 TFLOPS FP8 (curated datasheet row); H100 SXM: FP8 = INT8 = 1,979 dense.
    assert_eq!(peak("H20-96GB").0, 296.0);
    assert_eq!(peak("H100-SXM5-80GB").0, 1979.0);
    // An A100 has no FP8 tensor cores: FP8 weights are multiplied in BF16 (312).
    assert_eq!(peak("A100-SXM4-80GB").0, 312.0);
}

#[test]
fn the_gpus_sold_in_china_are_ranked_for_qwen2_5_72b_in_fp8() {
    let r = common::recommendation(
        &serve(KnownModel::Qwen25_72b, Precision::Fp8, 4096, 1024, 1),
        Currency::Cny,
    );
    for gpu in ["H20", "A800"] {
        assert!(
            r.ranked
                .iter()
                .any(|c| c.profile.gpu == gpu && c.feasible()),
            "{gpu} not ranked with a price"
        );
    }
}

#[test]
fn every_library_model_validates_for_serving_at_its_defaults() {
    for m in KnownModel::ALL {
        if gpucost_core::recommend::model_library::entry(m).is_none() {
            continue;
        }
        let w = Workload::for_task(TaskKind::OnlineServing)
            .with_model(ModelChoice::Known(m))
            .unwrap_or_else(|e| panic!("{m}: {e:?}"));
        assert_eq!(w.model, ModelChoice::Known(m));
    }
}

#[test]
fn a_link_names_the_weights_kv_cache_and_arithmetic_precision() {
    use gpucost_core::catalog::embedded;
    use gpucost_core::share::{decode, encode};
    let link =
        "preset=custom&task=serve&model=deepseek-r1&prec=fp8&kv=fp8&act=fp8&in=30720&out=2048";
    let d = decode(link, &embedded().catalog);
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    let w = d.state.scenario.workload.expect("a workload");
    assert_eq!(w.model, ModelChoice::Known(KnownModel::DeepSeekR1));
    assert_eq!(w.precision, Precision::Fp8);
    assert_eq!(w.options.kv_cache, KvPrecision::Fp8);
    assert_eq!(w.options.activations, ActPrecision::Fp8);
    let again = decode(&encode(&d.state), &embedded().catalog);
    assert_eq!(again.state, d.state);
}

/// Hostile values are refused by name, and the rest of the link still applies.
#[test]
fn a_link_refuses_unknown_precisions_by_name() {
    use gpucost_core::catalog::embedded;
    use gpucost_core::share::{decode, Problem};
    let d = decode(
        "preset=custom&task=serve&model=qwen3-30b-a3b&prec=fp6&kv=fp9&act=%00&in=99999999999",
        &embedded().catalog,
    );
    for key in ["prec", "kv", "act", "in"] {
        let issue = d.issues.iter().find(|i| i.param == key);
        assert!(issue.is_some(), "{key} not refused: {:?}", d.issues);
    }
    assert!(d
        .issues
        .iter()
        .filter(|i| ["prec", "kv", "act"].contains(&i.param.as_str()))
        .all(|i| matches!(i.problem, Problem::UnknownValue { .. })));
    let w = d.state.scenario.workload.expect("a workload");
    assert_eq!(w.model, ModelChoice::Known(KnownModel::Qwen3_30bA3b));
    assert_eq!(w.options, WorkloadOptions::default());
}

/// DeepSeek-R1 in FP8 (671 GB of weights) does not fit on one machine of eight 80 GB H100s:
/// the replica spans two machines, tensor 8 × pipeline 2 with the experts over all 16 GPUs,
/// and is rented as whole 8-GPU instances. Eight H200s (141 GB each) hold it in one machine.
#[test]
fn deepseek_r1_in_fp8_with_32k_context_spans_two_h100_machines_and_one_h200_machine() {
    let mut w = serve(KnownModel::DeepSeekR1, Precision::Fp8, 30_720, 2_048, 2);
    w.options.kv_cache = KvPrecision::Fp8;
    let r = common::recommendation(&w, Currency::Usd);
    let candidate = |sku: &str| {
        r.ranked
            .iter()
            .find(|c| c.profile.sku == sku)
            .unwrap_or_else(|| {
                panic!(
                    "{sku} not ranked: {:?}",
                    r.excluded
                        .iter()
                        .map(|e| (&e.profile.sku, &e.reason))
                        .collect::<Vec<_>>()
                )
            })
    };
    let h100 = candidate("H100-SXM5-80GB");
    assert_eq!(h100.throughput.gpus_per_replica, 16, "{:?}", h100.gpus);
    assert!(h100.throughput.batch.is_some_and(|b| b >= 1));
    let split = h100
        .throughput
        .notes
        .iter()
        .find_map(|a| match a {
            Assumption::Parallel { split, .. } => Some(*split),
            _ => None,
        })
        .expect("the split is stated");
    assert_eq!(
        (split.tensor, split.pipeline, split.expert),
        (8, 2, Some(16))
    );
    let best = h100.best_option().expect("an H100 price");
    assert_eq!(best.gpus_per_instance, Decimal::from(8));
    assert!(
        best.instances.low >= 2 && best.instances.low % 2 == 0,
        "{:?}",
        best.instances
    );
    let h200 = candidate("H200-SXM-141GB");
    assert!(
        h200.throughput.gpus_per_replica <= 8,
        "{}",
        h200.throughput.gpus_per_replica
    );
}

/// What the user already knows is used, not second-guessed: GPUs per replica and the batch.
#[test]
fn a_chosen_replica_size_and_batch_are_kept() {
    use gpucost_core::catalog::embedded;
    use gpucost_core::share::decode;
    let link = "preset=custom&task=serve&model=deepseek-r1&prec=fp8&in=30720&out=2048&rate=2req&replica=16&batch=8";
    let w = decode(link, &embedded().catalog)
        .state
        .scenario
        .workload
        .expect("a workload");
    assert_eq!(
        (w.options.replica_gpus, w.options.max_batch),
        (Some(16), Some(8))
    );
    let r = common::recommendation(&w, Currency::Usd);
    assert!(!r.ranked.is_empty());
    for c in &r.ranked {
        assert_eq!(c.throughput.gpus_per_replica, 16, "{}", c.profile.sku);
        assert!(
            c.throughput.batch.is_some_and(|b| b <= 8),
            "{}",
            c.profile.sku
        );
    }
    // A replica too small for the model leaves no GPU that fits.
    let mut small = w;
    small.options.replica_gpus = Some(2);
    let r = common::recommendation(&small, Currency::Usd);
    assert!(r.ranked.is_empty());
    // (GPUs older than Ampere are excluded first: no FP8 kernel.)
    assert!(r.excluded.iter().all(|e| matches!(
        e.reason,
        Exclusion::DoesNotFit { max_gpus: 2, .. } | Exclusion::NoKernelForPrecision { .. }
    )));
}

/// FP8 weights on a V100 or T4 (no serving kernel before Ampere) are excluded with the reason,
/// not ranked at a 16-bit rate they could never run at.
#[test]
fn fp8_weights_exclude_gpus_older_than_ampere_with_the_reason() {
    let r = common::recommendation(
        &serve(KnownModel::Qwen3_235bA22b, Precision::Fp8, 8192, 1024, 5),
        Currency::Usd,
    );
    for gpu in ["V100-16GB", "T4"] {
        assert!(
            r.ranked.iter().all(|c| c.profile.gpu != gpu),
            "{gpu} ranked"
        );
        let e = r
            .excluded
            .iter()
            .find(|e| e.profile.gpu == gpu)
            .unwrap_or_else(|| panic!("{gpu} not excluded"));
        assert_eq!(
            e.reason,
            Exclusion::NoKernelForPrecision {
                precision: Precision::Fp8
            }
        );
    }
}

/// The README's links for the workloads of issue 33 open without a notice and rank GPUs.
#[test]
fn the_readme_workload_links_open_and_rank_gpus() {
    use gpucost_core::catalog::embedded;
    use gpucost_core::share::decode;
    let readme = include_str!("../../../README.md");
    let section = readme
        .split("### Links for the models people run today")
        .nth(1)
        .expect("the README section");
    let links: Vec<&str> = section
        .lines()
        .take_while(|l| !l.starts_with("## "))
        .filter_map(|l| l.split("`?").nth(1)?.split('`').next())
        .collect();
    // The five workloads, and DeepSeek-R1 as a pasted config (`cfg=`).
    assert_eq!(links.len(), 6, "{links:?}");
    for link in links {
        let d = decode(link, &embedded().catalog);
        assert!(d.issues.is_empty(), "{link}: {:?}", d.issues);
        let w = d.state.scenario.workload.expect("a workload");
        let r = common::recommendation(&w, Currency::Usd);
        assert!(
            r.top().is_some_and(|c| c.feasible()),
            "{link}: nothing ranked"
        );
    }
}

/// A custom model carries grouped-query attention (8 KV heads), and its assumption says so in
/// both languages, not that it has none.
#[test]
fn a_custom_models_assumption_names_its_shared_kv_heads() {
    use gpucost_core::format::Lang;
    let w = Workload::for_task(TaskKind::OnlineServing)
        .with_model(ModelChoice::Custom {
            params: 70_000_000_000,
        })
        .expect("valid");
    let r = common::recommendation(&w, Currency::Usd);
    let a = r
        .assumptions
        .iter()
        .find(|a| matches!(a, Assumption::CustomModel { .. }))
        .expect("the custom model's assumption");
    let Assumption::CustomModel {
        heads, kv_heads, ..
    } = a
    else {
        unreachable!()
    };
    assert_eq!(*kv_heads, 8);
    assert!(heads > kv_heads);
    let (en, zh) = (a.text(Lang::En), a.text(Lang::Zh));
    assert!(
        en.contains("sharing 8 key/value heads (grouped-query attention"),
        "{en}"
    );
    assert!(zh.contains("共用 8 个键值头（分组查询注意力"), "{zh}");
    assert!(!en.contains("no grouped-query") && !zh.contains("无分组"));
}
