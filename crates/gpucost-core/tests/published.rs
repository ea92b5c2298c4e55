//! Published measurements, each with its citation, against the recommendation's model
//! (issue 33). Each test states the published number, what the model gives, and how far
//! apart they may be; where the model does not reach a number, the test says so and why.

mod common;

use gpucost_core::money::Currency;
use gpucost_core::recommend::memory::{estimate, GIB};
use gpucost_core::recommend::*;
use rust_decimal::Decimal;

/// GPU-hours the model gives for pre-training `model` on `tokens` on the H100 SXM: (fastest,
/// slowest), from the per-GPU token rate range.
fn h100_gpu_hours(model: KnownModel, tokens: u64) -> (f64, f64) {
    let w = Workload {
        task: Task::Training {
            kind: TrainingKind::PreTraining,
            size: TrainingSize::Tokens(tokens),
        },
        ..Workload::for_task(TaskKind::PreTraining)
    }
    .with_model(ModelChoice::Known(model))
    .expect("valid");
    let r = common::recommendation(&w, Currency::Usd);
    let h100 = r
        .ranked
        .iter()
        .find(|c| c.profile.sku == "H100-SXM5-80GB")
        .expect("H100 ranked");
    let per_gpu = h100.throughput.per_gpu;
    let t = tokens as f64;
    (t / per_gpu.high / 3600.0, t / per_gpu.low / 3600.0)
}

/// Llama 3.1 405B: 30.84 M H100-80GB GPU-hours of training (Meta, Llama 3.1 model card,
/// "Training Energy Use" table, huggingface.co/meta-llama/Llama-3.1-405B) on about 15 T
/// tokens ("pretrained on ~15 trillion tokens", same card; we count 15.0 T). The paper
/// reports 38–43 % BF16 MFU on 8–16 K H100s (Llama Team, "The Llama 3 Herd of Models",
/// arXiv:2407.21783, Table 4). The model's MFU band comes from llm-foundry's MPT runs; the
/// published hours also count restarts, evaluation and the long-context stage, so the model
/// is faster than the published total — by less than 2×.
#[test]
fn llama_3_1_405b_pre_training_gpu_hours() {
    let published = 30.84e6;
    let (fast, slow) = h100_gpu_hours(KnownModel::Llama31_405b, 15_000_000_000_000);
    assert!(
        fast < published,
        "model {fast:.3e}–{slow:.3e} h, published {published:.3e}"
    );
    assert!(
        published < 2.0 * slow,
        "model {fast:.3e}–{slow:.3e} h, published {published:.3e}"
    );
}

/// DeepSeek-V3: 2.664 M H800 GPU-hours of pre-training on 14.8 T tokens (DeepSeek-AI,
/// "DeepSeek-V3 Technical Report", arXiv:2412.19437, Table 1), trained in FP8 with 37 B
/// active parameters per token. The H800 has the H100 SXM's compute (its curated datasheet
/// row), and no offer rents an H800, so the H100 stands in. The model counts 6·N_active FLOPs
/// per token at the BF16 peak: it is within a factor of two of the published hours either
/// way (FP8 arithmetic makes DeepSeek faster; the MoE's all-to-all makes it slower).
#[test]
fn deepseek_v3_pre_training_gpu_hours() {
    let published = 2.664e6;
    let (fast, slow) = h100_gpu_hours(KnownModel::DeepSeekV3, 14_800_000_000_000);
    assert!(
        published > fast / 2.0 && published < 2.0 * slow,
        "model {fast:.3e}–{slow:.3e} h, published {published:.3e}"
    );
}

/// QLoRA fine-tunes a 65B model on one 48 GB GPU (Dettmers et al., "QLoRA: Efficient
/// Finetuning of Quantized LLMs", arXiv:2305.14314, abstract). The 4-bit base weights of a
/// 70B model fit well within 48 GB in the model too; its plan does not, because the adapter
/// state is planned at the top of its range (2 % of the parameters, rank 64 on every linear
/// layer and more) with AdamW when the workload names neither a rank nor an optimizer; the
/// next test gives the paper's choices.
#[test]
fn qlora_base_weights_of_a_70b_model_fit_a_48_gb_gpu() {
    let w = Workload::for_task(TaskKind::Qlora)
        .with_model(ModelChoice::Known(KnownModel::Llama31_70b))
        .expect("valid");
    let m = estimate(&w.validate().unwrap());
    assert!(m.weights_gib.high < 40.0, "{:?}", m.weights_gib);
    assert!(
        m.total_gib.high > 44.7,
        "the plan still needs more than one 48 GB GPU: {:?}",
        m.total_gib
    );
}

/// With the QLoRA paper's own choices — rank 64 on every linear layer, the paged 8-bit
/// optimizer, 512-token sequences (arXiv:2305.14314, section 4 and Appendix B) — the plan
/// holds the fine-tune of a 65.2B-parameter model (LLaMA-65B's count, Touvron et al. 2023,
/// arXiv:2302.13971) on one 48 GB GPU, as the paper does; with the default choices (adapters
/// up to 2 % of the parameters, AdamW) it plans two.
#[test]
fn qlora_with_the_papers_choices_fits_one_48_gb_gpu() {
    let mut w = Workload::for_task(TaskKind::Qlora)
        .with_model(ModelChoice::Custom {
            params: 65_200_000_000,
        })
        .expect("valid");
    let default = estimate(&w.validate().unwrap());
    assert_eq!(memory::gpus_needed(&default, 48.0, 8).unwrap().planned, 2);
    w.seq_len = Some(512);
    w.options.fine_tune.lora_rank = Some(64);
    w.options.fine_tune.optimizer = workload::Optimizer::PagedAdam8bit;
    let m = estimate(&w.validate().unwrap());
    let g = memory::gpus_needed(&m, 48.0, 8).expect("fits");
    assert_eq!(g.planned, 1, "{:?} {:?}", m.total_gib, g);
}

/// ZeRO (Rajbhandari et al. 2020, arXiv:1910.02054, Figure 1): with mixed-precision Adam, a
/// 7.5B model holds 120 GB of model state per GPU in plain data parallelism (2 + 2 + 12
/// bytes per parameter) and 1.9 GB on each of 64 GPUs at stage 3; stage 1 keeps the 4
/// bytes of weights and gradients (30 GB) on every GPU. The model's counts agree.
#[test]
fn zero_stages_keep_what_the_zero_paper_counts_on_each_gpu() {
    let per_gpu = |zero| {
        let mut w = Workload::for_task(TaskKind::FullFineTune)
            .with_model(ModelChoice::Known(KnownModel::Qwen25_7b))
            .expect("valid");
        w.options.fine_tune.zero = zero;
        let m = estimate(&w.validate().unwrap());
        // Model state on each of 64 GPUs, without activations and overhead, bytes per param.
        let params = KnownModel::Qwen25_7b.spec().params;
        let replicated = m.per_gpu_gib.low - m.activations_gib.low - 0.5;
        let sharded = m.shardable_gib.low / 64.0;
        (replicated + sharded) * memory::GIB / params
    };
    use workload::ZeroStage::*;
    let bytes = [
        per_gpu(Zero0),
        per_gpu(Zero1),
        per_gpu(Zero2),
        per_gpu(Zero3),
    ];
    // Zero0: 16 bytes + the sharded overhead; Zero1: 4 + 12/64; Zero2: 2 + 14/64; Zero3: 16/64.
    assert!((bytes[0] - 16.0).abs() < 0.1, "{bytes:?}");
    assert!((bytes[1] - (4.0 + 12.0 / 64.0)).abs() < 0.1, "{bytes:?}");
    assert!((bytes[2] - (2.0 + 14.0 / 64.0)).abs() < 0.1, "{bytes:?}");
    assert!((bytes[3] - 16.0 / 64.0).abs() < 0.1, "{bytes:?}");
}

/// An 8-bit optimizer halves the 12 bytes of optimizer state per parameter (Dettmers et al.
/// 2022, arXiv:2110.02861); offloading them to host memory leaves none on the GPU.
#[test]
fn eight_bit_and_offloaded_optimizers_shrink_the_optimizer_state() {
    let optim = |opt, offload| {
        let mut w = Workload::for_task(TaskKind::FullFineTune)
            .with_model(ModelChoice::Known(KnownModel::Qwen25_7b))
            .expect("valid");
        w.options.fine_tune.optimizer = opt;
        w.options.fine_tune.offload = offload;
        estimate(&w.validate().unwrap()).optimizer_gib.low
    };
    use workload::{Offload, Optimizer};
    let adam = optim(Optimizer::AdamW, Offload::None);
    assert!((optim(Optimizer::Adam8bit, Offload::None) / adam - 0.5).abs() < 1e-9);
    assert_eq!(optim(Optimizer::AdamW, Offload::Optimizer), 0.0);
}

// --- Serving: published throughput and memory ------------------------------------------------

/// Online serving of `model` at 100 requests/s of `input` + `output` tokens within `latency_s`.
fn serve(
    model: KnownModel,
    precision: Precision,
    input: u32,
    output: u32,
    latency_s: u32,
) -> Workload {
    let mut w = Workload::for_task(TaskKind::OnlineServing)
        .with_model(ModelChoice::Known(model))
        .expect("valid");
    w.precision = precision;
    if let Task::Serving(s) = &mut w.task {
        s.rate.per_second = Decimal::from(100);
        s.shape.input_tokens = input;
        s.shape.output_tokens = output;
        s.latency_ms = latency_s * 1000;
    }
    w
}

/// Offline generation with Llama 2 70B in FP8 on a replica of `gpus` GPUs running at most
/// `batch` sequences: TensorRT-LLM's published configurations.
fn trt_llm(input: u32, output: u32, batch: u32, gpus: u32) -> Workload {
    let mut w = Workload::for_task(TaskKind::BatchInference)
        .with_model(ModelChoice::Known(KnownModel::Llama2_70b))
        .expect("valid");
    w.precision = Precision::Fp8;
    if let Task::Batch(b) = &mut w.task {
        b.shape.input_tokens = input;
        b.shape.output_tokens = output;
    }
    w.options.max_batch = Some(batch);
    w.options.replica_gpus = Some(gpus);
    w
}

/// The throughput of GPU `sku` in the recommendation for `w`.
fn throughput(w: &Workload, sku: &str) -> Throughput {
    let r = common::recommendation(w, Currency::Usd);
    r.ranked
        .iter()
        .find(|c| c.profile.sku == sku)
        .unwrap_or_else(|| panic!("{sku} not ranked"))
        .throughput
        .clone()
}

/// Generated tokens per second per GPU of `sku` for `w`: (pessimistic, optimistic).
fn out_tokens(w: &Workload, sku: &str) -> LowHigh<f64> {
    throughput(w, sku)
        .output_tokens_per_gpu
        .expect("text generation")
}

const H100: &str = "H100-SXM5-80GB";
const H200: &str = "H200-SXM-141GB";

/// DeepSeek's own service: "Each H800 node delivers an average throughput of ~73.7k tokens/s
/// input (including cache hits) during prefilling or ~14.8k tokens/s output during decoding",
/// at "an average output speed of 20–22 tokens per second" and "an average kvcache length per
/// output token of 4,989 tokens" (DeepSeek, "Day 6: One More Thing, DeepSeek-V3/R1 Inference
/// System Overview", github.com/deepseek-ai/open-infra-index, 202502OpenSourceWeek/
/// day_6_one_more_thing_deepseekV3R1_inference_system_overview.md, "Statistics of DeepSeek's
/// Online Service"): 1,850 output tokens/s per H800. No offer rents an H800; the H100 SXM has
/// its compute and bandwidth (the curated datasheet rows) and stands in.
///
/// The model does not reach it: its replica (two machines, the smallest that holds the FP8
/// weights) decodes at most 512 sequences, while DeepSeek's decode unit spans 18 nodes
/// (EP144) and keeps 1,850 ÷ 21 ≈ 88 sequences on every GPU, so each GPU reads 2 routed
/// experts' weights for many more tokens. The model's optimistic case is within a factor of
/// two below the published rate.
#[test]
fn deepseek_decode_per_gpu_falls_short_of_deepseeks_h800_service() {
    let published = 14_800.0 / 8.0;
    // 4,000 in + 2,000 out: 4,000 + 2,000 / 2 ≈ the published 4,989 tokens of KV per output
    // token; 2,000 tokens at 20 tokens/s within 100 s.
    let model = out_tokens(
        &serve(KnownModel::DeepSeekR1, Precision::Fp8, 4000, 2000, 100),
        H100,
    );
    assert!(
        model.high < published && published < 2.0 * model.high,
        "model {model:?}, published {published}"
    );
}

/// The same page's prefill rate: ~73.7k input tokens/s per 8-GPU H800 node, cache hits
/// included (56.3 % of the day's input tokens hit the on-disk cache), 9,212 tokens/s per
/// GPU. The model prices prompt tokens at 2·N_active FLOPs on the FP8 peak with the
/// llama.cpp-calibrated efficiency; a prompt of 4,989 tokens with one output token gives a
/// range that holds the published rate.
#[test]
fn deepseek_prefill_per_gpu_is_within_the_models_range() {
    let published = 73_700.0 / 8.0;
    let input = 4989;
    let t = throughput(
        &serve(KnownModel::DeepSeekR1, Precision::Fp8, input, 1, 100),
        H100,
    );
    let model = t.per_gpu.times(f64::from(input));
    assert!(
        model.low < published && published < model.high,
        "model {model:?} prompt tokens/s per GPU, published {published}"
    );
}

/// TensorRT-LLM on one H200, Llama 2 70B in FP8, "H200 FP8 Max throughput" table
/// (NVIDIA/TensorRT-LLM, docs/source/blogs/H200launch.md, TensorRT-LLM v0.5.0, throughput in
/// output tokens/s per GPU, "Largest batch supported on given TP configuration by power of
/// 2"): 3,014 at batch 512, TP 1, 128 in / 128 out; 341 at batch 64 and 303 at batch 32, TP 1,
/// 2,048 in / 128 out. The model, at the same batch cap and replica, holds all three.
#[test]
fn trt_llm_h200_llama_70b_fp8_rows_fall_within_the_model() {
    for (input, output, batch, published) in [
        (128, 128, 512, 3014.0),
        (2048, 128, 64, 341.0),
        (2048, 128, 32, 303.0),
    ] {
        let model = out_tokens(&trt_llm(input, output, batch, 1), H200);
        assert!(
            model.low < published && published < model.high,
            "{input}/{output} batch {batch}: model {model:?}, published {published}"
        );
    }
}

/// Long outputs (128 in / 2,048 out) on H200, Llama 2 70B FP8: measurements of the same work
/// disagree by 2.4×. One H200 gives 1,227 output tokens/s per GPU without TensorRT-LLM's XQA
/// attention kernel and 2,941 with it (NVIDIA/TensorRT-LLM, docs/source/blogs/XQA-kernel.md,
/// "Llama-70B on H200 up to 2.4x increased throughput with XQA within same latency budget");
/// the launch table gives 1,654 per GPU on TP 2 at batch 512 (H200launch.md, v0.5.0, before
/// XQA). On one GPU the model's range overlaps the published range. On two it is faster than
/// the pre-XQA measurement, by less than 2.5×: the model reads the KV cache at the achieved
/// bandwidth, which v0.5's attention kernel did not reach.
#[test]
fn trt_llm_h200_long_outputs_overlap_the_published_range() {
    let (without_xqa, with_xqa) = (1227.0, 2941.0);
    let one = out_tokens(&trt_llm(128, 2048, 512, 1), H200);
    assert!(
        one.low < with_xqa && without_xqa < one.high,
        "model {one:?}, published {without_xqa}–{with_xqa}"
    );
    let published_tp2 = 1654.0;
    let two = out_tokens(&trt_llm(128, 2048, 512, 2), H200);
    assert!(
        two.low > published_tp2 && two.low < 2.5 * published_tp2,
        "model {two:?}, published {published_tp2}"
    );
}

/// H200 over H100 for Llama 70B FP8, one GPU, 2,048 in / 128 out: "1.9x more performant"
/// (H200launch.md, "Max Throughput TP1", H100 at batch 8, H200 at batch 32). The model's
/// ratio, pessimistic to pessimistic and optimistic to optimistic, brackets it.
#[test]
fn h200_over_h100_for_long_prompts_brackets_the_published_1_9x() {
    let h100 = out_tokens(&trt_llm(2048, 128, 8, 1), H100);
    let h200 = out_tokens(&trt_llm(2048, 128, 32, 1), H200);
    let (low, high) = (h200.low / h100.low, h200.high / h100.high);
    let (low, high) = (low.min(high), low.max(high));
    assert!(low < 1.9 && 1.9 < high, "model {low:.2}–{high:.2}×");
}

/// MLPerf Inference v4.0 closed, Llama-2-70B Offline: 21,805.8 tokens/s on 8 H100 SXM and
/// 27,738.3 on 8 H200 (mlcommons/inference_results_v4.0, closed/NVIDIA/results/…/
/// mlperf_log_summary.txt, rows of the hardware table). These systems choose their own
/// quantization and batch, and the stored rows do not record OpenOrca's token counts, so the
/// model cannot be set to the same work: the rows are shown beside the modelled estimate as
/// a cross-check (per GPU), not ranked. Not reached, by design.
#[test]
fn mlperf_llama_2_70b_rows_are_shown_as_a_cross_check() {
    // The rows record no precision, so they stand beside 16-bit (or 8-bit integer) work only.
    let mut w = trt_llm(1024, 256, 512, 8);
    w.precision = Precision::Fp16;
    w.options.max_batch = None;
    for (sku, published) in [(H100, 21_805.8), (H200, 27_738.3)] {
        let t = throughput(&w, sku);
        assert!(!t.basis.is_measured(), "{sku}");
        let shown = t
            .notes
            .iter()
            .find_map(|n| match n {
                Assumption::CrossCheck { row, .. } if row.suite.contains("v4.0") => {
                    Some(row.per_gpu())
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("{sku}: no MLPerf v4.0 cross-check"));
        assert!((shown - published / 8.0).abs() < 0.1, "{sku}: {shown}");
    }
}

/// "671B main parameters plus an additional 14B MTP parameters already demand around 685GB of
/// VRAM when stored in FP8. With 8xH100 GPUs offering a total of 640GB VRAM, this setup falls
/// short"; in 4-bit AWQ "weight storage [is] approximately 335GB" plus "about 37B activated
/// parameters stored in FP16 … around 400GB", which runs on one 8×H100 machine
/// (github.com/dzhsurf/deepseek-v3-r1-deploy-and-benchmarks, README, "Why Use the 4-Bit AWQ
/// Quantized Model?"). The model counts 671 GB in FP8 (the MTP module is not served) and
/// 335–377 GB in INT4, and plans the INT4 model on 8 H100s.
#[test]
fn deepseek_r1_in_fp8_overflows_eight_h100s_and_in_4_bits_fits() {
    let gb = |p| {
        estimate(
            &serve(KnownModel::DeepSeekR1, p, 1000, 1000, 600)
                .validate()
                .unwrap(),
        )
        .weights_gib
        .times(GIB / 1e9)
    };
    let fp8 = gb(Precision::Fp8);
    assert!(fp8.low > 640.0 && fp8.high < 685.0, "{fp8:?}");
    let int4 = gb(Precision::Int4);
    assert!(int4.low >= 335.0 && int4.high < 400.0, "{int4:?}");
    let t = throughput(
        &serve(KnownModel::DeepSeekR1, Precision::Int4, 1000, 1000, 600),
        H100,
    );
    assert_eq!(t.gpus_per_replica, 8);
}

/// vLLM 0.7.3 serving DeepSeek-V3 in 4-bit AWQ on one machine of 8 H100 SXM (tensor parallel
/// 8, `MAX_NUM_SEQS=128`), 1,024 tokens in and 256 out: "under a single-user request, the
/// token output throughput is around 33 tokens per second", and at about 100 concurrent
/// requests "an output token throughput of about 620" for the machine
/// (github.com/dzhsurf/deepseek-v3-r1-deploy-and-benchmarks, README, "Benchmarking LLM
/// Throughput and Concurrency").
///
/// The model does not reach either: on the same replica it is 16–30× faster at one request
/// and 4–8× faster at 128. Its decode step has no term for the per-layer cost of a
/// tensor-parallel MoE (two all-reduces and an expert dispatch in each of 61 layers) and it
/// reads 4-bit weights at the bandwidth efficiency llama.cpp's rows imply, which vLLM's AWQ
/// MoE kernels did not reach (the issue's "int4 decode is modelled faster than measured
/// kernels reach"). The test pins the gap so a change that narrows or widens it is seen.
#[test]
fn vllm_deepseek_v3_awq_on_eight_h100s_is_slower_than_the_model() {
    let machine = |batch| {
        let mut w = serve(KnownModel::DeepSeekV3, Precision::Int4, 1024, 256, 600);
        w.options.replica_gpus = Some(8);
        w.options.max_batch = Some(batch);
        out_tokens(&w, H100).times(8.0)
    };
    let (one, published_one) = (machine(1), 33.0);
    assert!(
        one.low > 10.0 * published_one && one.high < 40.0 * published_one,
        "batch 1: model {one:?} output tokens/s, published {published_one}"
    );
    let (full, published_full) = (machine(128), 620.0);
    assert!(
        full.low > 3.0 * published_full && full.high < 10.0 * published_full,
        "batch 128: model {full:?} output tokens/s, published {published_full}"
    );
}

/// The KV cache per token implied by the published configs (2 × layers × KV heads × head
/// size × 2 bytes): Qwen2.5-72B-Instruct, 80 layers × 8 KV heads × 128 = 327,680 bytes;
/// Qwen3-235B-A22B, 94 layers × 4 KV heads × 128 = 192,512 bytes (huggingface.co/Qwen/…/
/// config.json, the library's entries).
#[test]
fn kv_cache_per_token_is_what_the_published_configs_imply() {
    for (model, bytes) in [
        (KnownModel::Qwen25_72b, 327_680.0),
        (KnownModel::Qwen3_235bA22b, 192_512.0),
    ] {
        let m = estimate(
            &serve(model, Precision::Fp16, 16_000, 384, 600)
                .validate()
                .unwrap(),
        );
        let per_token = m.kv_cache_gib.high * GIB / 16_384.0;
        assert!((per_token - bytes).abs() < 1e-6, "{model}: {per_token}");
    }
}

// --- Fine-tuning memory ------------------------------------------------------------------------

/// Peak memory the model plans for fine-tuning Qwen2.5-7B, GB (10⁹ bytes): (low, high).
fn fine_tune_gb(task: TaskKind, f: impl FnOnce(&mut Workload)) -> LowHigh<f64> {
    let mut w = Workload::for_task(task)
        .with_model(ModelChoice::Known(KnownModel::Qwen25_7b))
        .expect("valid");
    f(&mut w);
    estimate(&w.validate().unwrap()).total_gib.times(GIB / 1e9)
}

/// LLaMA-Factory's "Hardware Requirement" table (hiyouga/LLaMA-Factory@00409ff, README.md, marked
/// "estimated"): for a 7B model, full fine-tuning in `bf16`/`fp16` 120 GB (`18x` GB for x
/// billion parameters), LoRA in 16 bits 16 GB (`2x`), QLoRA in 4 bits 6 GB (`x/2`). For
/// Qwen2.5-7B (7.61 B): the full fine-tune's 18 × 7.61 = 137 GB and the QLoRA's 6 GB are
/// within the model's range. The LoRA's 16 GB is not: the model's low end is 5 % above it,
/// because it adds the CUDA context, the adapters' optimizer state and one sequence's
/// activations to the 15.2 GB of 16-bit weights that `2x` counts.
#[test]
fn llama_factory_memory_for_a_7b_fine_tune() {
    let full = fine_tune_gb(TaskKind::FullFineTune, |_| {});
    assert!(
        full.low < 18.0 * 7.61 && 18.0 * 7.61 < full.high,
        "{full:?}"
    );
    let qlora = fine_tune_gb(TaskKind::Qlora, |_| {});
    assert!(qlora.low < 6.0 && 6.0 < qlora.high, "{qlora:?}");
    let lora = fine_tune_gb(TaskKind::Lora, |_| {});
    assert!(lora.low > 16.0 && lora.low < 1.1 * 16.0, "{lora:?}");
}

/// `docs/PUBLISHED_MEASUREMENTS.md` lists every test of this file, so the table of published
/// numbers tried stays whole.
#[test]
fn every_test_here_is_listed_in_the_document() {
    let doc = include_str!("../../../docs/PUBLISHED_MEASUREMENTS.md");
    let this = include_str!("published.rs");
    let names: Vec<&str> = this
        .split("#[test]\nfn ")
        .skip(1)
        .filter_map(|rest| rest.split('(').next())
        .filter(|n| *n != "every_test_here_is_listed_in_the_document")
        .collect();
    assert!(names.len() >= 15, "{names:?}");
    for name in names {
        assert!(doc.contains(name), "{name} is not in the document");
    }
}
