//! The GPUs sold in China today (H20, L20, H800, A800, and the 48 GB RTX 4090 CompShare rents)
//! have datasheet rows, so the recommendation can rank their offers. No benchmark suite
//! measured them, so their throughput is the spec-based model's.

mod common;

use gpucost_core::catalog::embedded;
use gpucost_core::money::Currency;
use gpucost_core::recommend::candidates::{profiles, PeakKind};
use gpucost_core::recommend::*;
use rust_decimal::Decimal;

fn run(w: Workload) -> Recommendation {
    common::recommendation(&w, Currency::Cny)
}

/// The ranked candidate of catalog GPU `gpu`.
fn ranked<'r>(r: &'r Recommendation, gpu: &str) -> &'r Candidate {
    r.ranked
        .iter()
        .find(|c| c.profile.gpu == gpu)
        .unwrap_or_else(|| panic!("{gpu} not ranked"))
}

/// Serving Llama 3 70B: 1 request/s of 512 tokens in, 256 out, within 30 s.
fn serve_llama_70b(precision: Precision) -> Workload {
    Workload {
        task: Task::Serving(ServingTarget {
            rate: Rate {
                unit: RateUnit::RequestsPerSecond,
                per_second: Decimal::ONE,
            },
            shape: RequestShape {
                input_tokens: 512,
                output_tokens: 256,
            },
            latency_ms: 30_000,
        }),
        model: ModelChoice::Known(KnownModel::Llama3_70b),
        precision,
        seq_len: None,
        deadline_hours: None,
        options: Default::default(),
    }
}

fn spec(sku: &str) -> gpucost_core::catalog::GpuSpec {
    embedded()
        .catalog
        .specs
        .iter()
        .find(|s| s.model == sku)
        .unwrap_or_else(|| panic!("no datasheet row {sku}"))
        .clone()
}

#[test]
fn h20_and_l20_rows_carry_the_published_figures() {
    // H20: 96 GB HBM3 at 4,000 GB/s, 148 TFLOPS FP16 (dense), 296 INT8 TOPS, 400 W, NVLink
    // 900 GB/s (willitrunai.com/es/gpus/h20-96gb); FP8 296 TFLOPS (1cnz.cn/d/2353773.html);
    // FP32 44 TFLOPS (zangshuxian.com/new/674733024499207168).
    let h20 = spec("H20-96GB");
    assert_eq!(h20.memory_gib, 96.0);
    assert_eq!(h20.bandwidth_gbps, Some(4000.0));
    assert_eq!(h20.fp16_tensor_tflops, Some(148.0));
    assert_eq!(h20.bf16_tensor_tflops, Some(148.0));
    assert_eq!(h20.int8_tops, Some(296.0));
    assert_eq!(h20.fp8_tensor_tflops, Some(296.0));
    assert_eq!(h20.fp32_tflops, Some(44.0));
    assert_eq!(h20.tdp_watts, Some(400.0));
    assert_eq!(h20.nvlink, Some(true));
    // L20: 48 GB GDDR6 at 864.0 GB/s, 59.35 TFLOPS FP32, 275 W (technical.city/pl/video/L20,
    // topcpu.net A40 vs L20). No stored source states its tensor rates: they stay blank.
    let l20 = spec("L20");
    assert_eq!(l20.memory_gib, 48.0);
    assert_eq!(l20.bandwidth_gbps, Some(864.0));
    assert_eq!(l20.fp32_tflops, Some(59.35));
    assert_eq!(l20.tdp_watts, Some(275.0));
    assert_eq!(l20.fp16_tensor_tflops, None);
    // H800: the H100 SXM5's compute with NVLink cut to 400 GB/s (aiwiki.ai/wiki/nvidia_h800).
    let h800 = spec("H800-SXM5-80GB");
    let h100 = spec("H100-SXM5-80GB");
    assert_eq!(h800.bf16_tensor_tflops, h100.bf16_tensor_tflops);
    assert_eq!(h800.bandwidth_gbps, h100.bandwidth_gbps);
    // A800: the A100's compute (aiwiki.ai/wiki/nvidia_a800), on the PCIe card's bandwidth.
    let a800 = spec("A800-PCIe-80GB");
    assert_eq!(a800.bf16_tensor_tflops, Some(312.0));
    assert_eq!(a800.bandwidth_gbps, Some(1935.0));
}

#[test]
fn the_h20_profile_uses_its_datasheet_rates() {
    let c = &embedded().catalog;
    let h20 = profiles(c)
        .into_iter()
        .find(|p| p.gpu == "H20")
        .expect("the CompShare H20 is a candidate");
    assert_eq!(h20.sku, "H20-96GB");
    assert_eq!(h20.memory_gib(), 96.0);
    assert_eq!(h20.peak_tflops(Precision::Fp16), (148.0, PeakKind::Bf16));
    assert_eq!(h20.peak_tflops(Precision::Int8), (296.0, PeakKind::Int8));
    assert_eq!(h20.bandwidth_gbps(), 4000.0);
}

#[test]
fn an_h20_holds_in_one_gpu_what_a_24_gb_card_cannot() {
    let r = run(serve_llama_70b(Precision::Int4));
    assert_eq!(
        ranked(&r, "H20").gpus.planned,
        1,
        "70B at 4 bits fits in 96 GB"
    );
    // A 24 GB card needs several GPUs, or cannot hold it at all.
    for gpu in ["RTX4090", "L4", "A10"] {
        if let Some(c) = r.ranked.iter().find(|c| c.profile.gpu == gpu) {
            assert!(c.gpus.planned > 1, "{gpu}: {} GPU(s)", c.gpus.planned);
        } else {
            assert!(
                r.excluded.iter().any(|e| e.profile.gpu == gpu),
                "{gpu} neither ranked nor excluded"
            );
        }
    }
}

#[test]
fn compshare_offers_of_h20_and_a800_are_ranked_for_serving_a_70b_model() {
    let r = run(serve_llama_70b(Precision::Int4));
    for gpu in ["H20", "A800"] {
        let c = ranked(&r, gpu);
        assert!(
            c.options.iter().any(|o| o.provider == "compshare"),
            "{gpu}: no CompShare price among {:?}",
            c.options.iter().map(|o| &o.offer).collect::<Vec<_>>()
        );
        assert_eq!(c.gpus.planned, 1, "{gpu}");
        // No suite measured these GPUs: the spec-based model prices them.
        assert!(!c.throughput.basis.is_measured(), "{gpu}");
    }
}

#[test]
fn a_70b_model_in_16_bits_needs_two_h20s_which_compshare_does_not_rent_in_one_instance() {
    // ~141 GB of 16-bit weights: two 96 GB H20s, and CompShare rents single cards only.
    let r = run(serve_llama_70b(Precision::Fp16));
    let h20 = r
        .excluded
        .iter()
        .find(|e| e.profile.gpu == "H20")
        .expect("H20 excluded");
    assert_eq!(
        h20.reason,
        Exclusion::InstanceTooSmall {
            gpus: 2,
            largest: Decimal::ONE
        }
    );
}
