//! The README's links for the models people run today (issue 33: DeepSeek-R1 in FP8 at 32k
//! over two machines, a Qwen3 MoE, Qwen2.5-72B in FP8 and INT4, a LoRA fine-tune of
//! Qwen2.5-7B, and DeepSeek-R1 as a pasted config): `gpucost estimate '<link>'` prints, for
//! each, the top GPU, its provider and offer, and the fleet the engine's recommendation gives
//! for the same link — in the JSON export and in the terminal table; and the link with a quote
//! of the user's own prints that quote ranked, marked as theirs.

use std::process::Command;

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::session::Session;

const TODAY: &str = "2026-11-29";

/// The links of the README's section, in order.
fn readme_links() -> Vec<String> {
    let readme = include_str!("../../../README.md");
    let section = readme
        .split("### Links for the models people run today")
        .nth(1)
        .expect("the README section");
    section
        .lines()
        .take_while(|l| !l.starts_with("## "))
        .filter_map(|l| l.split("`?").nth(1)?.split('`').next())
        .map(|l| format!("?{l}"))
        .collect()
}

fn gpucost(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_gpucost"))
        .args(args)
        .output()
        .expect("gpucost runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn each_readme_workload_link_prints_the_engines_top_gpu_provider_and_fleet() {
    let links = readme_links();
    assert_eq!(links.len(), 6, "{links:?}");
    let today = NaiveDate::parse_from_str(TODAY, "%Y-%m-%d").unwrap();
    for link in &links {
        // The engine, as the page opens the link.
        let s = Session::open(embedded(), link, None, today);
        assert!(s.issues.is_empty(), "{link}: {:?}", s.issues);
        let e = s.estimate.unwrap_or_else(|err| panic!("{link}: {err:?}"));
        let rec = e.report.recommendation.expect("a recommendation");
        let top = rec.top().expect("a ranked GPU");
        let best = top.best_option().expect("a price for the top GPU");
        let gpus_per_machine = best.gpus_per_instance.normalize().to_string();

        // The command line's JSON export.
        let json: serde_json::Value = serde_json::from_str(&gpucost(&[
            "estimate", link, "--format", "json", "--today", TODAY,
        ]))
        .expect("JSON");
        let first = &json["recommendation"]["ranked"][0];
        assert_eq!(first["gpu"], top.profile.gpu.as_str(), "{link}");
        assert_eq!(first["provider"], best.provider.as_str(), "{link}");
        assert_eq!(first["offer"], best.offer.as_str(), "{link}");
        assert_eq!(first["gpus"], top.gpus_per_replica(), "{link}");
        assert_eq!(first["machines"], best.expected_instances, "{link}");
        assert_eq!(first["machines_low"], best.instances.low, "{link}");
        assert_eq!(first["machines_high"], best.instances.high, "{link}");
        assert_eq!(
            first["gpus_per_machine"],
            gpus_per_machine.as_str(),
            "{link}"
        );

        // The terminal table: the same first line.
        let text = gpucost(&["estimate", link, "--today", TODAY]);
        let line = format!(
            "  1. {} {}×{}",
            top.profile.gpu, best.expected_instances, gpus_per_machine
        );
        let printed = text
            .lines()
            .find(|l| l.starts_with("  1. "))
            .unwrap_or_else(|| panic!("{link}: no ranked GPU printed:\n{text}"));
        assert!(printed.starts_with(&line), "{link}: {printed} vs {line}");
        assert!(
            printed.contains(&format!("({}, ", best.provider)),
            "{link}: {printed}"
        );
    }
}

/// DeepSeek-R1 in FP8 at 32k context: where the top GPU cannot hold it in one machine, the
/// command line prints the two-machine replica the engine plans.
#[test]
fn the_deepseek_r1_link_prints_two_machine_replicas_on_80_gb_gpus() {
    let link = &readme_links()[0];
    assert!(link.contains("model=deepseek-r1"), "{link}");
    let json: serde_json::Value = serde_json::from_str(&gpucost(&[
        "estimate", link, "--format", "json", "--today", TODAY,
    ]))
    .expect("JSON");
    let ranked = json["recommendation"]["ranked"]
        .as_array()
        .expect("ranked GPUs");
    let h100 = ranked
        .iter()
        .find(|c| c["gpu"] == "H100")
        .unwrap_or_else(|| panic!("H100 not printed: {ranked:?}"));
    assert_eq!(h100["gpus"], 16, "{h100}");
    assert_eq!(h100["gpus_per_machine"], "8", "{h100}");
    assert!(
        h100["machines_low"]
            .as_u64()
            .is_some_and(|m| m >= 2 && m % 2 == 0),
        "{h100}"
    );
}

/// The README's link with an H20 quote from a seller named Acme.
fn readme_quote_link() -> String {
    let readme = include_str!("../../../README.md");
    let link = readme
        .split('`')
        .find(|l| l.starts_with('?') && l.contains("&cp=~Acme:H20:"))
        .expect("the README's quote link");
    link.to_string()
}

/// The README's link with a quote of the user's own: `gpucost estimate` ranks the quote beside
/// the catalog's offers and says it is the user's quote, in the table and the JSON export, as
/// the engine ranks it for the page.
#[test]
fn the_readme_quote_link_prints_the_quote_in_the_recommendation() {
    let link = readme_quote_link();
    let today = NaiveDate::parse_from_str(TODAY, "%Y-%m-%d").unwrap();
    // The engine, as the page opens the link.
    let s = Session::open(embedded(), &link, None, today);
    assert!(s.issues.is_empty(), "{link}: {:?}", s.issues);
    let e = s.estimate.unwrap_or_else(|err| panic!("{link}: {err:?}"));
    let rec = e.report.recommendation.expect("a recommendation");
    let (rank, c) = rec
        .ranked
        .iter()
        .enumerate()
        .find(|(_, c)| c.best_option().is_some_and(|o| o.quote))
        .expect("the quote ranked");
    assert!(rank < 5, "the table prints five: {rank}");
    let o = c.best_option().unwrap();
    assert_eq!(
        (c.profile.gpu.as_str(), o.provider.as_str()),
        ("H20", "custom:Acme")
    );

    // The JSON export: the same row, marked as the user's quote.
    let json: serde_json::Value = serde_json::from_str(&gpucost(&[
        "estimate", &link, "--format", "json", "--today", TODAY,
    ]))
    .expect("JSON");
    let row = &json["recommendation"]["ranked"][rank];
    assert_eq!(row["gpu"], "H20");
    assert_eq!(row["provider"], "custom:Acme");
    assert_eq!(row["quote"], true);
    assert_eq!(row["machines"], o.expected_instances);
    assert_eq!(
        row["gpus_per_machine"],
        o.gpus_per_instance.normalize().to_string()
    );

    // The terminal table: its line says so too.
    let text = gpucost(&["estimate", &link, "--today", TODAY]);
    let line = format!("  {}. H20 {}×", rank + 1, o.expected_instances);
    let printed = text
        .lines()
        .find(|l| l.starts_with(&line))
        .unwrap_or_else(|| panic!("{link}: no quote line:\n{text}"));
    assert!(printed.contains("(custom:Acme, your quote, "), "{printed}");
}
