//! The summary at the top of every output (issue 28: "no summary says what to do first"):
//! the bill's spend, the three largest savings the levers priced, and who owns them by tag.

use gpucost_core::format::Lang;
use gpucost_core::money::Currency;
use gpucost_review::html::to_html;
use gpucost_review::render::{to_csv, to_json, to_markdown, to_table, ReviewJson};
use gpucost_review::review::levers::ReviewLever;
use gpucost_review::review::summary::{owner_key, summarize, OwnedSpend};
mod support;

/// Every output of `json` in `lang`, each with the summary's heading (or first rows) before
/// the bill's totals.
fn assert_first_in_every_output(json: &ReviewJson, lang: Lang, heading: &str) {
    let first_line = &json.summary.lines[0];
    for (name, text, totals) in [
        ("markdown", to_markdown(json, lang), "\n- "),
        ("table", to_table(json, lang), "\n  "),
        (
            "html",
            to_html(json, lang),
            "data-testid=\"review-overview\"",
        ),
    ] {
        let at = text
            .find(heading)
            .unwrap_or_else(|| panic!("{name}: {text}"));
        let spend = text
            .find(first_line.as_str())
            .unwrap_or_else(|| panic!("{name}: {first_line} in {text}"));
        assert!(at < spend, "{name}: heading first");
        // The overview (whole bill, GPU spend …) comes after the summary.
        let overview = text[spend..].find(totals).map(|i| i + spend);
        assert!(overview.is_some(), "{name}");
    }
    let html = to_html(json, lang);
    assert!(
        html.find("review-what-first") < html.find("review-overview"),
        "the page shows the summary first"
    );
    let csv = to_csv(json);
    let second = csv.lines().nth(1).unwrap();
    assert!(second.starts_with("summary-total,"), "{csv}");
    let value = serde_json::to_value(json).unwrap();
    assert!(value["summary"]["lines"].is_array());
}

#[test]
fn the_summary_names_the_three_largest_savings_and_their_owners_first() {
    let r = support::sample("aws-cur-legacy.csv");
    let lv = support::priced(&r).expect("a dated AWS bill is priced");
    let s = summarize(&r, Some(&lv));
    assert_eq!(s.total, r.total);
    assert_eq!(s.gpu, r.gpu);
    assert_eq!(s.owner_key.as_deref(), Some("team"));
    let expected: Vec<_> = lv.savings.iter().take(3).cloned().collect();
    let top: Vec<_> = s.top.iter().map(|t| t.saving.clone()).collect();
    assert_eq!(top, expected, "the largest savings, biggest first");
    assert!(!top.is_empty() && top.len() <= 3);
    for t in &s.top {
        assert!(!t.owners.is_empty(), "{:?}", t.saving.lever);
        if t.saving.lever == ReviewLever::Schedule {
            // The schedule lever is owned by whoever runs dev/test GPUs at night.
            assert_eq!(t.owned, OwnedSpend::DevOffHours);
            let dev = &r.waste.dev_off_hours_by_tag[&("team".into(), t.owners[0].value.clone())];
            assert_eq!(&t.owners[0].spend, dev);
        } else {
            assert_eq!(t.owned, OwnedSpend::Gpu);
            let group = r.by_tag["team"].iter().find(|g| g.key == t.owners[0].value);
            assert_eq!(Some(&t.owners[0].spend), group.map(|g| &g.cost));
        }
    }
    for (lang, heading, owners) in [
        (Lang::En, "What to do first", "Owners (tag team)"),
        (Lang::Zh, "先做什么", "负责方（标签 team"),
    ] {
        let json = to_json(&r, Some(&lv), lang);
        assert_eq!(json.summary.top.len(), s.top.len());
        assert_eq!(
            json.summary.top[0].amount, "22.26",
            "{:?}",
            json.summary.top
        );
        assert!(
            json.summary.lines[0].contains("$65.56"),
            "{:?}",
            json.summary.lines
        );
        assert!(json.summary.lines.iter().any(|l| l.contains(owners)));
        assert!(json.summary.none.is_empty());
        assert_first_in_every_output(&json, lang, heading);
        let csv = to_csv(&json);
        assert!(
            csv.contains("\nsummary-saving,other-provider,USD,22.26,,\n"),
            "{csv}"
        );
        assert!(csv.contains("\nsummary-owner-gpu,other-provider:team=ml,USD,53.4688,,\n"));
    }
}

#[test]
fn an_undated_bill_says_why_it_names_no_saving() {
    let r = support::generic(
        "provider,gpu_model,gpus,hours,cost,currency,tags\n\
         runpod,RTX 4090,1,10,6.90,USD,team=cv\n",
    );
    let lv = support::priced(&r);
    assert!(lv.is_none(), "no period, no scenario");
    for (lang, heading, why) in [
        (Lang::En, "What to do first", "does not date its rows"),
        (Lang::Zh, "先做什么", "未注明用量时间"),
    ] {
        let json = to_json(&r, lv.as_ref(), lang);
        assert_eq!(json.summary.none, "undated");
        assert!(json.summary.top.is_empty());
        assert!(json.summary.none_text.contains(why));
        assert_first_in_every_output(&json, lang, heading);
        for text in [
            to_markdown(&json, lang),
            to_table(&json, lang),
            to_html(&json, lang),
        ] {
            assert!(text.contains(why), "{text}");
        }
        assert!(to_csv(&json).contains("\nsummary-none,undated,,,,\n"));
    }
}

#[test]
fn a_bill_without_tags_says_no_owner_is_named() {
    let r = support::generic(
        "start,end,provider,instance_type,gpus,cost,currency\n\
         2024-05-06T00:00:00Z,2024-05-13T00:00:00Z,aws,g5.xlarge,1,169.06,USD\n",
    );
    let lv = support::priced(&r).expect("dated");
    let s = summarize(&r, Some(&lv));
    assert_eq!(s.owner_key, None);
    assert!(
        !s.top.is_empty(),
        "a week of g5.xlarge has savings: {:?}",
        lv.not_priced
    );
    assert!(s.top.iter().all(|t| t.owners.is_empty()));
    for (lang, words) in [(Lang::En, "no tags"), (Lang::Zh, "没有标签")] {
        let json = to_json(&r, Some(&lv), lang);
        let said = json.summary.lines.iter().filter(|l| l.contains(words));
        assert_eq!(said.count(), 1, "said once: {:?}", json.summary.lines);
    }
}

#[test]
fn the_owner_key_is_a_known_owner_tag_else_the_most_tagged_key() {
    let r = support::generic(
        "provider,gpu_model,gpus,hours,cost,currency,tags\n\
         runpod,RTX 4090,1,10,6.90,USD,project=a;team=cv;env=dev\n",
    );
    assert_eq!(
        owner_key(&r).as_deref(),
        Some("team"),
        "team before project"
    );
    let r = support::generic(
        "provider,gpu_model,gpus,hours,cost,currency,tags\n\
         runpod,RTX 4090,1,10,6.90,USD,squad=a;env=dev\n\
         runpod,RTX 4090,1,10,6.90,USD,group=b\n\
         runpod,RTX 4090,1,10,6.90,USD,squad=c\n",
    );
    // `env` says where, not who; `squad` tags more of the spend than `group`.
    assert_eq!(owner_key(&r).as_deref(), Some("squad"));
}

/// On a bill of several providers the levers cover the main provider's usage only, so their
/// owners are those of that provider's GPU spend, not of the whole bill's.
#[test]
fn on_a_bill_of_several_providers_the_owners_are_the_main_providers() {
    let r = support::sample("generic.csv");
    let lv = support::priced(&r).expect("dated");
    assert_eq!(lv.main_provider.as_deref(), Some("lambda"));
    let s = summarize(&r, Some(&lv));
    let t = s
        .top
        .iter()
        .find(|t| t.saving.lever != ReviewLever::Schedule);
    let t = t.expect("a lever at lambda");
    assert_eq!(t.owned, OwnedSpend::GpuAt("lambda".into()));
    // Lambda's rows in docs/examples/generic.csv, all team=ml: 3763.20 + 2.63 + 31.44.
    assert_eq!(t.owners.len(), 1, "{:?}", t.owners);
    assert_eq!(t.owners[0].value, "ml");
    assert_eq!(
        t.owners[0].spend.get(Currency::Usd),
        "3797.27".parse().unwrap()
    );
    assert!(
        t.owners[0].spend.get(Currency::Cny).is_zero(),
        "AutoDL's yuan are not lambda's"
    );
    let json = to_json(&r, Some(&lv), Lang::Zh);
    assert!(json
        .summary
        .lines
        .iter()
        .any(|l| l.contains("按在 lambda 的 GPU 支出")));
    let csv = to_csv(&json);
    let row = "summary-owner-gpu-at-provider,other-provider:team=ml,USD,3797.27,,\n";
    assert!(
        csv.contains(row),
        "{:?}",
        csv.lines().nth(6).map(str::as_bytes)
    );
}
