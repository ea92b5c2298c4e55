//! A serving line's requests per second per GPU taken from the recommendation model
//! (`Edit::LoadPerGpuFromModel`): the number is the model's own, with its source, and the link
//! stores it as a typed number.

use gpucost_core::catalog::embedded;
use gpucost_core::edit::Edit;
use gpucost_core::format::Lang;
use gpucost_core::recommend::capacity::{serving_capacity, NoCapacity};
use gpucost_core::recommend::Basis;
use gpucost_core::scenario::Demand;
use gpucost_core::share::{decode, encode};
use rust_decimal::Decimal;

/// BERT-Large answering SQuAD-sized questions (384 tokens) within 100 ms, 5,000 requests/s
/// on a serving line of L40S that says 100 per GPU.
const LINK: &str = "?v=2&l=L40S*5000rps,per:100&h=24&task=serve&model=bert-large&prec=fp16&in=384&out=1&rate=100req&lat=100";

#[test]
fn an_l40s_serves_bert_large_at_mlperfs_measured_rate() {
    let catalog = &embedded().catalog;
    let decoded = decode(LINK, catalog);
    assert_eq!(decoded.ignored().count(), 0, "{:?}", decoded.issues);
    let mut state = decoded.state;
    let capacity = serving_capacity(catalog, state.scenario.workload.as_ref(), "L40S")
        .expect("the model estimates an L40S");
    // MLPerf Inference v4.0 closed, ASUSTeK ESC8000_E11_L40Sx8_TRT, bert-99 Server:
    // 25,120.77 samples/s on 8 × L40S (data/hardware.json, source s39:
    // mlcommons/inference_results_v4.0@3c4a1cf1…:closed/ASUSTeK/results/ESC8000_E11_L40Sx8_TRT/
    // bert-99/Server/performance/run_1/mlperf_log_summary.txt) = 3,140.096 per GPU, at the
    // benchmark's own 384 tokens; rounded down to three significant digits.
    let Basis::Measured { title, rows, .. } = &capacity.basis else {
        panic!("measured, not modelled: {:?}", capacity.basis);
    };
    assert_eq!(title, "MLPerf Inference v4.0 closed");
    assert_eq!(
        (rows.len(), rows[0].row.value, rows[0].row.gpus),
        (1, 25120.77, 8)
    );
    assert!(rows[0]
        .source
        .contains("ESC8000_E11_L40Sx8_TRT/bert-99/Server"));
    assert!((capacity.range.low - 25120.77 / 8.0).abs() < 1e-9);
    assert_eq!(capacity.per_gpu, Decimal::from(3140));
    assert_eq!(capacity.gpus_per_replica, 1);
    assert_eq!(
        capacity.option_text(Lang::En),
        "From the recommendation: 3,140 requests/s per GPU"
    );
    assert!(capacity
        .basis_text(Lang::En)
        .contains("MLPerf Inference v4.0 closed"));
    assert!(capacity.basis_text(Lang::Zh).contains("保守端"));

    // Taken, the line needs ceil(5,000 ÷ 3,140) = 2 GPUs instead of 50, and the link says so.
    assert!(state.scenario.apply(Edit::LoadPerGpuFromModel(0), catalog));
    assert_eq!(state.scenario.lines[0].demand.peak(), Decimal::from(2));
    let link = encode(&state);
    assert!(link.contains("l=L40S*5000rps,per:3140"), "{link}");
    let again = decode(&link, catalog);
    assert_eq!(again.state.scenario, state.scenario, "the link reads back");
}

/// The README's link: the same line with the capacity taken.
const README_LINK: &str = "?preset=custom&cur=CNY&h=24&l=L40S*5000rps,per:3140&task=serve&model=bert-large&prec=fp16&in=384&out=1&rate=100req&lat=100";

#[test]
fn the_readmes_link_has_the_capacity_taken() {
    let catalog = &embedded().catalog;
    assert!(include_str!("../../../README.md").contains(README_LINK));
    let decoded = decode(README_LINK, catalog);
    assert_eq!(decoded.ignored().count(), 0, "{:?}", decoded.issues);
    let mut s = decoded.state.scenario;
    assert_eq!(s.lines[0].demand.peak(), Decimal::from(2));
    let before = s.clone();
    assert!(s.apply(Edit::LoadPerGpuFromModel(0), catalog));
    assert_eq!(s, before, "taking it again changes nothing");
}

#[test]
fn a_t4_is_modelled_on_the_same_suite_and_a_tight_bound_is_refused() {
    let catalog = &embedded().catalog;
    let state = decode(LINK, catalog).state;
    let w = state.scenario.workload;
    let t4 = serving_capacity(catalog, w.as_ref(), "T4").expect("the model estimates a T4");
    assert!(matches!(t4.basis, Basis::Modelled { .. }), "{:?}", t4.basis);
    assert!(
        t4.per_gpu < Decimal::from(3140),
        "a T4 serves less than an L40S"
    );
    // Llama 3 8B generating 256 tokens cannot answer in 10 ms on any GPU.
    let tight = decode(
        "?v=2&l=T4*10rps,per:1&h=24&task=serve&model=llama-3-8b&in=512&out=256&rate=10req&lat=10",
        catalog,
    );
    assert_eq!(tight.ignored().count(), 0, "{:?}", tight.issues);
    let mut s = tight.state.scenario;
    assert_eq!(
        serving_capacity(catalog, s.workload.as_ref(), "L40S"),
        Err(NoCapacity::LatencyNotMet { latency_ms: 10 })
    );
    let before = s.clone();
    assert!(!s.apply(Edit::LoadPerGpuFromModel(0), catalog));
    assert_eq!(s, before, "a refused edit changes nothing");
    assert!(matches!(&s.lines[0].demand, Demand::Load(l) if l.per_gpu == Decimal::ONE));
}
