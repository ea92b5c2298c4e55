//! The Chinese review says nothing in English (issue 28: "no English phrase in the Chinese
//! output"): in every human output of every sample — terminal table, Markdown, the page's
//! HTML — once the bill's own text (its ids, tags, descriptions, file name) and the link are
//! taken out, no Latin word is left but units and format names.

use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_review::bill::ROUNDING_ERROR;
use gpucost_review::html::to_html;
use gpucost_review::limits::OTHER;
use gpucost_review::render::{to_csv, to_json, to_markdown, to_table, GroupJson, ReviewJson};
use gpucost_review::review::levers::levers;
use gpucost_review::review::{NOT_DESCRIBED, UNTAGGED};
mod support;

/// Latin words a Chinese reader is meant to see: currencies, units, names of formats and
/// tools, and `vCPU` and `ID`, as Chinese clouds' own pages write them (`实例ID`).
const ALLOWED: &[&str] = &[
    "GPU", "CSV", "UTC", "USD", "CNY", "JSON", "nvidia", "smi", "GiB", "MiB", "p95", "v", "AWS",
    "CUR", "Azure", "Google", "Cloud", "vCPU", "ID",
];

/// Every text of `json` that the bill wrote (or the catalog's ids and the link hold).
fn bill_text(json: &ReviewJson) -> Vec<String> {
    let mut out = vec![json.file.clone()];
    let groups = |gs: &[GroupJson], out: &mut Vec<String>| {
        out.extend(gs.iter().map(|g| g.key.clone()));
    };
    groups(&json.by_provider, &mut out);
    groups(&json.by_gpu, &mut out);
    groups(&json.by_instance, &mut out);
    groups(&json.non_gpu_items, &mut out);
    for (k, gs) in &json.by_tag {
        out.push(k.clone());
        groups(gs, &mut out);
    }
    for r in &json.always_on {
        out.extend([r.resource.clone(), r.gpu.clone(), r.provider.clone()]);
    }
    for t in &json.summary.top {
        out.extend(t.owners.iter().map(|o| o.value.clone()));
        out.push(t.provider.clone());
    }
    out.push(json.summary.owner_key.clone());
    if let Some(l) = &json.levers {
        out.push(l.scenario_link.clone());
        out.push(l.main_provider.clone());
        out.extend(l.left_out.iter().cloned());
    }
    // The review's own groups are words of the review, not of the bill.
    let own = [UNTAGGED, OTHER, NOT_DESCRIBED, ROUNDING_ERROR];
    out.retain(|s| !s.is_empty() && !own.contains(&s.as_str()));
    // Longest first, so that a key inside a longer one does not leave half of it.
    out.sort_by_key(|s| std::cmp::Reverse(s.len()));
    out
}

/// `html` as the text a reader sees: tags dropped, the few entities the writer uses decoded.
fn visible(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The Latin words of `text` that are not allowed, once `bill`'s texts are taken out.
fn english(text: &str, bill: &[String]) -> Vec<String> {
    let mut rest = text.to_string();
    for s in bill {
        rest = rest.replace(s.as_str(), " ");
    }
    rest.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
        .filter(|w| !ALLOWED.contains(w))
        .map(str::to_string)
        .collect()
}

#[test]
fn no_english_word_is_left_in_a_chinese_review() {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = chrono::NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    for name in [
        "alibaba-bill.csv",
        "aws-cur-legacy.csv",
        "aws-cur2.csv",
        "azure-cost-details.csv",
        "gcp-billing.csv",
        "generic.csv",
        "tencent-bill.csv",
    ] {
        let r = support::sample(name);
        let lv = levers(&r, e, &fx, Currency::Cny, today);
        let json = to_json(&r, lv.as_ref(), Lang::Zh);
        let mut bill = bill_text(&json);
        // Brand names (`Lambda`, `RunPod`) are names in Chinese too.
        bill.extend(e.catalog.providers.iter().map(|p| p.name_zh.to_string()));
        bill.sort_by_key(|s| std::cmp::Reverse(s.len()));
        for (output, text) in [
            ("table", to_table(&json, Lang::Zh)),
            ("markdown", to_markdown(&json, Lang::Zh)),
            ("html", visible(&to_html(&json, Lang::Zh))),
        ] {
            let words = english(&text, &bill);
            assert!(words.is_empty(), "{name} {output}: {words:?}\n{text}");
        }
    }
}

/// Regression: the review's own groups kept their ids in Chinese — a row "(untagged)" under
/// each tag, "(other)" past a limit; they are named in the reader's language.
#[test]
fn the_reviews_own_groups_are_named_in_chinese() {
    let mut bill = String::from("provider,gpu_model,gpus,hours,cost,currency,tags\n");
    // One provider more than the review keeps apart, half of them without a team.
    for i in 0..=gpucost_review::limits::MAX_PROVIDERS {
        let team = if i % 2 == 0 { "team=ml" } else { "" };
        bill.push_str(&format!("p{i},RTX 4090,1,1,1.00,USD,{team}\n"));
    }
    let r = support::generic(&bill);
    assert!(!r.folded.is_empty(), "the providers were folded");
    let json = to_json(&r, None, Lang::Zh);
    let names = bill_text(&json);
    for (output, text) in [
        ("table", to_table(&json, Lang::Zh)),
        ("markdown", to_markdown(&json, Lang::Zh)),
        ("html", visible(&to_html(&json, Lang::Zh))),
    ] {
        assert!(text.contains("（未加标签）"), "{output}: {text}");
        assert!(text.contains("（其他）"), "{output}: {text}");
        assert_eq!(english(&text, &names), Vec::<String>::new(), "{output}");
    }
    // The exports that programs read keep the ids.
    assert!(to_csv(&json).contains(&format!("\nprovider,{OTHER},USD,")));
    assert!(json.by_tag["team"].iter().any(|g| g.key == UNTAGGED));
}
