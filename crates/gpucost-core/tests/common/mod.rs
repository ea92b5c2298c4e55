//! What the engine's integration tests share: estimate a scenario against the embedded
//! catalog, open a link as the page and `gpucost estimate` do, and read its export.
//!
//! Each test file compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_core::print::json;
use gpucost_core::report::{Recommend, Report};
use gpucost_core::scenario::ValidScenario;
use gpucost_core::session::{self, Session};
use gpucost_core::share::PageState;
use gpucost_core::view::estimate::EstimateView;
use serde_json::Value;

/// The day staleness is measured from, unless a test says otherwise.
pub fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 29).unwrap()
}

/// The report of `scenario` against the embedded catalog, in `currency`, on `today`.
pub fn estimate(
    scenario: &ValidScenario,
    fx: &FxTable,
    currency: Currency,
    today: NaiveDate,
) -> Report {
    session::report_for(embedded(), scenario, fx, currency, today, Recommend::Now)
}

/// Opens `link` as `gpucost estimate` does (it must open without a single issue), in the
/// link's language, and exports it as JSON.
pub fn open_report(link: &str) -> (PageState, Report, Value) {
    let s = Session::open(embedded(), link, None, today());
    assert!(s.issues.is_empty(), "{link}: {:?}", s.issues);
    let query = s.link();
    let e = s.estimate.unwrap_or_else(|err| panic!("{link}: {err:?}"));
    let view = EstimateView::new(&embedded().catalog, &e.scenario, &e.report, &query);
    let json = serde_json::to_value(json::estimate(&view, s.lang)).unwrap();
    (s.state, e.report, json)
}

/// The view every printer renders for `link`, opened as the page opens it.
pub fn view_of(link: &str) -> EstimateView {
    let s = Session::open(embedded(), link, None, today());
    assert!(s.issues.is_empty(), "{link}: {:?}", s.issues);
    let query = s.link();
    let e = s.estimate.unwrap_or_else(|err| panic!("{link}: {err:?}"));
    EstimateView::new(&embedded().catalog, &e.scenario, &e.report, &query)
}

/// Decodes a frozen link (it must open without a single ignored parameter) and estimates it.
pub fn open(link: &str) -> (PageState, Value) {
    let (state, _, json) = open_report(link);
    (state, json)
}

/// The total of `seller`'s row.
pub fn total_of<'v>(json: &'v Value, seller: &str) -> &'v str {
    json["providers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["provider"] == seller)
        .unwrap_or_else(|| panic!("no row for {seller}"))["total"]
        .as_str()
        .unwrap()
}

/// `scenario` estimated against the embedded catalog in CNY on `today`.
pub fn estimate_cny(scenario: gpucost_core::scenario::Scenario, today: NaiveDate) -> Report {
    let e = embedded();
    let valid = scenario.validate(&e.catalog).expect("valid scenario");
    let fx = FxTable::from_catalog(&e.catalog);
    estimate(&valid, &fx, Currency::Cny, today)
}

/// The plan of `seller`'s row, which must serve.
pub fn served<'r>(r: &'r Report, seller: &str) -> &'r gpucost_core::estimate::ProviderPlan {
    r.comparison
        .providers
        .iter()
        .find(|p| p.seller.id == seller)
        .unwrap_or_else(|| panic!("no row for {seller}"))
        .outcome
        .as_ref()
        .unwrap_or_else(|e| panic!("{seller} cannot serve: {e:?}"))
}

/// The hardware recommendation for `workload` against the embedded catalog, in `currency`,
/// on [`today`].
pub fn recommendation(
    workload: &gpucost_core::recommend::Workload,
    currency: Currency,
) -> gpucost_core::recommend::Recommendation {
    let c = &embedded().catalog;
    let valid = workload
        .validate()
        .unwrap_or_else(|e| panic!("{workload:?}: {e:?}"));
    gpucost_core::recommend::recommend(c, &valid, &FxTable::from_catalog(c), currency, today())
}

/// The links whose CLI output `scripts/snapshot-outputs.sh` records (`tests/snapshot-links.txt`).
pub fn snapshot_links() -> Vec<String> {
    include_str!("../../../../tests/snapshot-links.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// The config.json of a library model, written from the library's own fields under the
/// names its published file uses (each entry's `config_url`): Qwen3-MoE's `num_experts`,
/// Mixtral's `num_local_experts`, DeepSeek's `n_routed_experts`, GLM-4's ChatGLM names.
pub fn library_config_json(m: gpucost_core::recommend::KnownModel) -> Option<String> {
    let e = gpucost_core::recommend::model_library::entry(m)?;
    let c = e.config;
    let mut v = if m == gpucost_core::recommend::KnownModel::Glm4_9b {
        serde_json::json!({
            "num_layers": c.layers,
            "hidden_size": c.hidden,
            "num_attention_heads": c.heads,
            "multi_query_group_num": c.kv_heads,
            "kv_channels": c.head_dim,
            "ffn_hidden_size": c.intermediate,
            "padded_vocab_size": c.vocab,
            "seq_length": c.max_context,
        })
    } else {
        serde_json::json!({
            "num_hidden_layers": c.layers,
            "hidden_size": c.hidden,
            "num_attention_heads": c.heads,
            "num_key_value_heads": c.kv_heads,
            "intermediate_size": c.intermediate,
            "vocab_size": c.vocab,
            "max_position_embeddings": c.max_context,
        })
    };
    v["tie_word_embeddings"] = serde_json::json!(c.tied_embeddings);
    // DeepSeek's file has no head_dim (hidden / heads is the reader's default).
    if c.mla.is_none() && m != gpucost_core::recommend::KnownModel::Glm4_9b {
        v["head_dim"] = serde_json::json!(c.head_dim);
    }
    if let Some(mla) = c.mla {
        v["q_lora_rank"] = serde_json::json!(mla.q_lora_rank);
        v["kv_lora_rank"] = serde_json::json!(mla.kv_lora_rank);
        v["qk_nope_head_dim"] = serde_json::json!(mla.qk_nope_head_dim);
        v["qk_rope_head_dim"] = serde_json::json!(mla.qk_rope_head_dim);
        v["v_head_dim"] = serde_json::json!(mla.v_head_dim);
    }
    if let Some(moe) = c.moe {
        let experts = if m == gpucost_core::recommend::KnownModel::Mixtral8x7b {
            "num_local_experts"
        } else if c.mla.is_some() {
            "n_routed_experts"
        } else {
            "num_experts"
        };
        v[experts] = serde_json::json!(moe.experts);
        v["num_experts_per_tok"] = serde_json::json!(moe.experts_per_token);
        if c.mla.is_some() {
            v["n_shared_experts"] = serde_json::json!(moe.shared_experts);
            v["first_k_dense_replace"] = serde_json::json!(moe.dense_layers);
        }
        if moe.expert_intermediate != c.intermediate {
            v["moe_intermediate_size"] = serde_json::json!(moe.expert_intermediate);
        }
    }
    Some(serde_json::to_string_pretty(&v).expect("serializable"))
}

/// `s` percent-encoded for a link's value (every byte but unreserved ASCII).
pub fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            b => format!("%{b:02X}"),
        })
        .collect()
}
