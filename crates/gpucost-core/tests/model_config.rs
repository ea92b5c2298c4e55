//! A pasted `config.json` as a model choice (issue 33): for every library model, pasting its
//! config gives the same recommendation as choosing it; the choice round-trips through the
//! link's `cfg=`; hostile pastes and hostile `cfg=` values are refused by name, never a panic.

mod common;

use gpucost_core::catalog::embedded;
use gpucost_core::money::Currency;
use gpucost_core::recommend::hf_config::{parse, ConfigError, MAX_CONFIG_BYTES};
use gpucost_core::recommend::llm_config::LlmConfig;
use gpucost_core::recommend::model_library::entry;
use gpucost_core::recommend::{
    Assumption, KnownModel, ModelChoice, Precision, Recommendation, TaskKind, Workload,
};
use gpucost_core::share::{decode, encode, Expected, PageState, Problem};
use proptest::prelude::*;

/// Everything but the line saying where the model's size comes from.
fn sizing(r: &Recommendation) -> impl PartialEq + std::fmt::Debug + '_ {
    let assumptions: Vec<&Assumption> = r
        .assumptions
        .iter()
        .filter(|a| {
            !matches!(
                a,
                Assumption::ModelSize { .. } | Assumption::PastedConfig { .. }
            )
        })
        .collect();
    (&r.memory, &r.ranked, &r.excluded, &r.rules, assumptions)
}

/// The issue's done-when: pasting the config.json of any of the library's models gives the
/// same sizing as choosing it — the memory, every ranked GPU with its count, throughput and
/// cost, every exclusion and rule — for serving (FP8 where the task allows it) and a LoRA
/// fine-tune.
#[test]
fn pasting_every_library_models_config_recommends_as_choosing_it() {
    let mut checked = 0;
    for m in KnownModel::ALL {
        let Some(text) = common::library_config_json(m) else {
            continue;
        };
        // Fields every published file has that set no size.
        let text = text.replacen(
            '{',
            r#"{"rope_theta": 1000000.0, "architectures": ["X"],"#,
            1,
        );
        let pasted = parse(&text).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(pasted.unread, vec!["rope_theta"], "{m}");
        for (task, precision) in [
            (TaskKind::OnlineServing, Precision::Fp8),
            (TaskKind::Lora, Precision::Fp16),
        ] {
            let base = Workload {
                precision,
                ..Workload::for_task(task)
            };
            let known = base
                .with_model(ModelChoice::Known(m))
                .unwrap_or_else(|e| panic!("{m}: {e:?}"));
            let config = base
                .with_model(ModelChoice::Config(pasted.config))
                .unwrap_or_else(|e| panic!("{m}: {e:?}"));
            assert_eq!(config.task, known.task, "{m}");
            let (a, b) = (
                common::recommendation(&known, Currency::Usd),
                common::recommendation(&config, Currency::Usd),
            );
            assert_eq!(sizing(&a), sizing(&b), "{m} {task:?}");
            assert!(
                b.assumptions.iter().any(
                    |x| matches!(x, Assumption::PastedConfig { config } if *config == pasted.config)
                ),
                "{m}"
            );
            checked += 1;
        }
    }
    // The 21 models of the library, each for two workloads.
    assert_eq!(checked, 2 * 21);
}

#[test]
fn hostile_pastes_are_refused_by_name() {
    let base = r#""hidden_size": 4096, "num_attention_heads": 32, "vocab_size": 32000, "max_position_embeddings": 4096"#;
    let with = |layers: &str| format!(r#"{{"num_hidden_layers": {layers}, {base}}}"#);
    assert_eq!(
        parse(&with("99999999999999999999999")),
        Err(ConfigError::NotWholeNumber("num_hidden_layers".into()))
    );
    assert_eq!(
        parse(&with("-32")),
        Err(ConfigError::NotWholeNumber("num_hidden_layers".into()))
    );
    assert_eq!(
        parse(&with("32.5")),
        Err(ConfigError::NotWholeNumber("num_hidden_layers".into()))
    );
    assert_eq!(
        parse(&with("\"32\"")),
        Err(ConfigError::NotWholeNumber("num_hidden_layers".into()))
    );
    let Err(ConfigError::OutOfRange(l)) = parse(&with("4000000000")) else {
        panic!("four billion layers");
    };
    assert_eq!((l.field, l.max), ("num_hidden_layers", 1024));
    assert_eq!(
        parse(&format!("{{{base}}}")),
        Err(ConfigError::Missing("num_hidden_layers"))
    );
    assert_eq!(
        parse("not json"),
        Err(ConfigError::NotJson { line: 1, column: 2 })
    );
    assert_eq!(parse("\"a string\""), Err(ConfigError::NotAnObject));
    let deep = format!("{}1{}", "{\"a\":".repeat(10_000), "}".repeat(10_000));
    assert!(matches!(parse(&deep), Err(ConfigError::NotJson { .. })));
    let long = format!("{{\"pad\": \"{}\"}}", "x".repeat(MAX_CONFIG_BYTES));
    assert_eq!(parse(&long), Err(ConfigError::TooLong));
    // More experts per token than experts.
    let moe = format!(
        r#"{{"num_hidden_layers": 2, {base}, "num_experts": 4, "num_experts_per_tok": 8}}"#
    );
    let Err(ConfigError::OutOfRange(l)) = parse(&moe) else {
        panic!("8 of 4 experts");
    };
    assert_eq!(l.field, "num_experts_per_tok");
}

/// A config of any shape within the limits a link could carry: small enough that the
/// parameter count stays inside the workload's limits.
fn config() -> impl Strategy<Value = LlmConfig> {
    let mla = prop::option::of((0u32..=2048, 1u32..=1024, 1u32..=256, 0u32..=128, 1u32..=256));
    let moe = prop::option::of((1u32..=256, 1u32..=16, 0u32..=4, 1u32..=4096, 0u32..=4));
    (
        (1u32..=96, 1u32..=128, 1u32..=128, 1u32..=256),
        (
            64u32..=16_384,
            1u32..=65_536,
            1u32..=262_144,
            1024u32..=1_048_576,
        ),
        any::<bool>(),
        mla,
        moe,
    )
        .prop_map(
            |((layers, heads, kv, head_dim), (hidden, ff, vocab, ctx), tied, mla, moe)| {
                let mut c = LlmConfig::dense(
                    layers,
                    hidden,
                    heads,
                    kv.min(heads),
                    head_dim,
                    ff,
                    vocab,
                    ctx,
                );
                if tied {
                    c = c.tied();
                }
                if let Some((q, r, nope, rope, v)) = mla {
                    c = c.latent(q, r, nope, rope, v);
                }
                if let Some((e, k, s, w, d)) = moe {
                    c = c.experts(e, k.min(e), s, w, d.min(layers));
                }
                c
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_pasted_config_round_trips_through_the_link(
        c in config(),
        task in prop::sample::select(vec![TaskKind::OnlineServing, TaskKind::BatchInference, TaskKind::Lora, TaskKind::FullFineTune]),
    ) {
        let Ok(w) = Workload::for_task(task).with_model(ModelChoice::Config(c)) else {
            // A config too large or too small for the workload's limits.
            return Ok(());
        };
        let mut state = PageState::default();
        state.scenario.workload = Some(w);
        let query = encode(&state);
        prop_assert!(query.contains("model=custom&cfg=1-"), "{}", query);
        let decoded = decode(&query, &embedded().catalog);
        prop_assert!(decoded.issues.is_empty(), "{}: {:?}", query, decoded.issues);
        prop_assert_eq!(decoded.state, state, "{}", query);
    }

    #[test]
    fn any_cfg_value_decodes_without_panicking(value in "(\\PC|%[0-9A-F]{2}){0,120}", cfg in prop::option::of(config())) {
        // Garbled text, and a valid value cut or extended at random.
        let value = match cfg {
            Some(c) => format!("{}{value}", gpucost_core::share::config_param::encode_config(&c)),
            None => value,
        };
        let d = decode(&format!("task=serve&model=custom&cfg={value}"), &embedded().catalog);
        prop_assert!(d.state.scenario.clone().validate(&embedded().catalog).is_ok());
    }
}

#[test]
fn a_garbled_cfg_is_a_named_notice_and_old_links_keep_their_meaning() {
    let catalog = &embedded().catalog;
    let d = decode("task=serve&model=custom&cfg=1-61.7168.garbled", catalog);
    assert_eq!(d.issues.len(), 1, "{:?}", d.issues);
    assert_eq!(d.issues[0].param, "cfg");
    assert!(matches!(
        d.issues[0].problem,
        Problem::Malformed {
            expected: Expected::ModelConfig(_)
        }
    ));
    let w = d.state.scenario.workload.expect("a workload");
    assert!(matches!(w.model, ModelChoice::Custom { .. }));
    // Beside a known model, `cfg=` is refused and the known model stands.
    let d = decode(
        "task=serve&model=llama-3.1-8b&cfg=1-32.4096.32.8.128.14336.128256.131072.0",
        catalog,
    );
    assert_eq!(d.issues.len(), 1);
    assert!(matches!(
        d.issues[0].problem,
        Problem::Malformed {
            expected: Expected::ModelConfigNeedsCustom
        }
    ));
    // A custom model by parameter count still means what it meant.
    let d = decode("task=serve&model=custom&params=13B", catalog);
    assert!(d.issues.is_empty());
    assert_eq!(
        d.state.scenario.workload.unwrap().model,
        ModelChoice::Custom {
            params: 13_000_000_000
        }
    );
    // DeepSeek-R1's config, written by hand as the README shows it, sizes as the library's.
    let d = decode(
        "task=serve&model=custom&prec=fp8&cfg=1-61.7168.128.128.56.18432.129280.163840.0-mla.1536.512.128.64.128-moe.256.8.1.2048.3",
        catalog,
    );
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    assert_eq!(
        d.state.scenario.workload.unwrap().model,
        ModelChoice::Config(entry(KnownModel::DeepSeekR1).unwrap().config)
    );
}
