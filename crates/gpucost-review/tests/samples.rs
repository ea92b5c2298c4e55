//! Golden reviews of the samples in `docs/examples/`: each file's GPU spend, other spend and
//! GPU-hours to the cent, and the sums that must hold for any bill — GPU plus other spend is
//! the whole bill, and every tag key's groups add up to the GPU spend.

use std::str::FromStr;

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
mod support;

use gpucost_review::render::{to_csv, to_json, to_markdown, to_table};
use gpucost_review::review::levers::levers;
use gpucost_review::review::{Amounts, Review};
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn other(r: &Review) -> Amounts {
    let mut a = Amounts::default();
    for (_, x) in &r.non_gpu {
        a.add_all(x);
    }
    a
}

/// (file, currency, whole bill, GPU spend, GPU-hours).
const GOLDEN: &[(&str, Currency, &str, &str, &str)] = &[
    ("alibaba-bill.csv", Currency::Cny, "139.34", "127.68", "12"),
    (
        "aws-cur-legacy.csv",
        Currency::Usd,
        "65.5648",
        "53.4688",
        "21",
    ),
    (
        "aws-cur-legacy.csv.gz",
        Currency::Usd,
        "65.5648",
        "53.4688",
        "21",
    ),
    ("aws-cur2.csv", Currency::Usd, "65.5648", "53.4688", "21"),
    (
        "azure-cost-details.csv",
        Currency::Usd,
        "436.696961",
        "428.5868",
        "133.5",
    ),
    (
        "gcp-billing.csv",
        Currency::Usd,
        "506.353",
        "446.444",
        "250",
    ),
    ("tencent-bill.csv", Currency::Cny, "105.13", "90.83", "7"),
];

#[test]
fn every_sample_reviews_to_its_golden_totals_and_adds_up() {
    for &(name, currency, total, gpu, hours) in GOLDEN {
        let r = support::sample(name);
        assert_eq!(r.total.get(currency), d(total), "{name} total");
        assert_eq!(r.gpu.get(currency), d(gpu), "{name} GPU spend");
        assert_eq!(r.gpu_hours, d(hours), "{name} GPU-hours");
        assert_eq!(
            r.gpu.get(currency) + other(&r).get(currency),
            r.total.get(currency),
            "{name}: GPU and other spend make the bill"
        );
        for (key, groups) in &r.by_tag {
            let sum: Decimal = groups.iter().map(|g| g.cost.get(currency)).sum();
            assert_eq!(sum, r.gpu.get(currency), "{name}: tag {key}");
        }
        for groups in [&r.by_provider, &r.by_gpu, &r.by_instance] {
            let sum: Decimal = groups.iter().map(|g| g.cost.get(currency)).sum();
            assert_eq!(sum, r.gpu.get(currency), "{name}: groups");
        }
    }
}

#[test]
fn the_generic_sample_keeps_each_currency_apart() {
    let r = support::sample("generic.csv");
    assert_eq!(r.gpu.get(Currency::Cny), d("220.91"));
    assert_eq!(r.gpu.get(Currency::Usd), d("3885.92"));
    assert!(other(&r).is_empty());
    assert_eq!(r.gpu_hours, d("1602.25"));
    assert_eq!(r.waste.always_on.len(), 1);
}

#[test]
fn every_output_of_a_sample_names_its_numbers_in_both_languages() {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let r = support::sample("aws-cur-legacy.csv");
    let lv = levers(&r, e, &fx, Currency::Usd, today).expect("a dated AWS bill is priced");
    for lang in [
        gpucost_core::format::Lang::En,
        gpucost_core::format::Lang::Zh,
    ] {
        let json = to_json(&r, Some(&lv), lang);
        assert_eq!(json.gpu["USD"], "53.4688");
        let csv = to_csv(&json);
        assert!(csv.contains("\ngpu,,USD,53.4688,21,\n"), "{csv}");
        let md = to_markdown(&json, lang);
        let table = to_table(&json, lang);
        for text in [&md, &table] {
            assert!(text.contains("$53.47"), "{text}");
            assert!(text.contains(&lv.link), "the scenario link");
        }
    }
}

/// A bill of several providers: the levers are priced on the main provider's share only (a
/// scenario priced at one seller can hold only what that seller billed), and say how much of
/// the GPU spend that is.
#[test]
fn levers_cover_the_main_providers_share_of_a_mixed_bill() {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let r = support::sample("generic.csv");
    let lv = levers(&r, e, &fx, Currency::Usd, today).expect("dated");
    assert_eq!(lv.main_provider.as_deref(), Some("lambda"));
    let share = lv.share.expect("a share");
    assert!(share > d("0.9") && share < Decimal::ONE, "{share}");
    assert!(
        lv.baseline.is_some(),
        "lambda's own GPUs are priced at lambda"
    );
    // The link still reproduces the whole bill's usage.
    assert!(lv.scenario.lines.len() > 1);
}

/// Regression: a Google Cloud cost table has no machine type and writes days, not times; its
/// lines used to span nothing (`2024-05-04` to `2024-05-04`), so the review had no period:
/// no levers, no "open as a scenario" link and an hour-of-week map of zeros beside 250
/// GPU-hours.
#[test]
fn a_google_cloud_bill_gets_levers_a_scenario_link_and_its_heat_map() {
    let r = support::sample("gcp-billing.csv");
    let heat: Decimal = r.heat.iter().sum();
    // Each cell is exact to 28 digits: their sum is the GPU-hours to far below a cent's worth.
    assert_eq!(
        heat.round_dp(12),
        d("250"),
        "the heat map holds every GPU-hour"
    );
    assert_eq!(r.gpu_hours, d("250"));
    // 2024-05-04 (a Saturday) to the end of 2024-05-06.
    assert_eq!(r.period_hours(), Some(d("72")));
    let lv = support::priced(&r).expect("a dated Google bill is priced");
    assert_eq!(lv.main_provider.as_deref(), Some("gcp"));
    assert!(
        lv.baseline.is_some(),
        "the catalog prices gcp's T4 and V100"
    );
    assert!(!lv.savings.is_empty(), "{:?}", lv.not_priced);
    let gpus: Vec<&str> = lv.scenario.lines.iter().map(|l| l.gpu.as_str()).collect();
    assert_eq!(gpus, ["V100", "T4"], "the link holds both GPU models");
    for lang in [
        gpucost_core::format::Lang::En,
        gpucost_core::format::Lang::Zh,
    ] {
        let json = to_json(&r, Some(&lv), lang);
        let levers_json = json.levers.as_ref().expect("levers in the JSON");
        assert_eq!(levers_json.scenario_link, lv.link);
        assert!(!levers_json.savings.is_empty());
        for text in [to_markdown(&json, lang), to_table(&json, lang)] {
            assert!(text.contains(&lv.link), "{text}");
        }
        let html = gpucost_review::html::to_html(&json, lang);
        assert!(
            html.contains("data-testid=\"review-lever-table\""),
            "{html}"
        );
        assert!(html.contains("data-testid=\"review-open-scenario\""));
    }
}

/// Regression: a group billed in two currencies divided each currency's spend by the
/// combined GPU-hours (RTX 4090 "¥0.9694 + $0.3518/GPU-h" where the rates were ¥1.98 and
/// $0.69); each currency's rate is its spend over its own GPU-hours.
#[test]
fn each_currency_is_divided_by_its_own_gpu_hours() {
    let r = support::generic(
        "provider,gpu_model,gpus,hours,cost,currency,tags\n\
         featurize,RTX 4090,1,100,198.00,CNY,team=cv\n\
         runpod,RTX 4090,1,10,6.90,USD,team=cv\n",
    );
    let g = r
        .by_gpu
        .iter()
        .find(|g| g.key == "RTX4090")
        .expect("RTX 4090");
    assert_eq!(g.gpu_hours, d("110"));
    assert_eq!(g.per_gpu_hour(Currency::Cny), Some(d("1.98")));
    assert_eq!(g.per_gpu_hour(Currency::Usd), Some(d("0.69")));
    let tag = &r.by_tag["team"][0];
    assert_eq!(tag.per_gpu_hour(Currency::Cny), Some(d("1.98")));
    assert_eq!(tag.per_gpu_hour(Currency::Usd), Some(d("0.69")));
    for lang in [
        gpucost_core::format::Lang::En,
        gpucost_core::format::Lang::Zh,
    ] {
        let json = to_json(&r, None, lang);
        let by_gpu = &json.by_gpu[0];
        assert_eq!(by_gpu.per_gpu_hour["CNY"], "1.98");
        assert_eq!(by_gpu.per_gpu_hour["USD"], "0.69");
        assert!(to_csv(&json).contains("\ngpu-model,RTX4090,USD,6.9,110,0.69\n"));
        // Every output writes the rates as the page does.
        assert!(to_markdown(&json, lang).contains("| ¥1.98 + $0.69 |"));
        assert!(to_table(&json, lang).contains(" ¥1.98 + $0.69 "));
        let html = gpucost_review::html::to_html(&json, lang);
        assert!(html.contains("¥1.98") && html.contains("$0.69"), "{html}");
    }
    // Untagged rows keep their currencies' hours apart too.
    let r = support::generic(
        "provider,gpu_model,gpus,hours,cost,currency,tags\n\
         featurize,RTX 4090,1,100,198.00,CNY,\n\
         runpod,RTX 4090,1,10,6.90,USD,team=cv\n",
    );
    let untagged = r.by_tag["team"]
        .iter()
        .find(|g| g.key == "(untagged)")
        .unwrap();
    assert_eq!(untagged.per_gpu_hour(Currency::Cny), Some(d("1.98")));
    assert_eq!(
        untagged.per_gpu_hour(Currency::Usd),
        None,
        "no USD hours untagged"
    );
}

/// Regression: a tag without a value (`team=`) or without a key (`=x`) made a group with an
/// empty name — a row reading only ": $6.90" on the page. Such a row is untagged under the
/// key instead.
#[test]
fn an_empty_tag_value_or_key_makes_no_group_of_no_name() {
    let r = support::generic(
        "provider,gpu_model,gpus,hours,cost,currency,tags\n\
         runpod,RTX 4090,1,10,6.90,USD,team=;=x;env=dev\n\
         runpod,RTX 4090,1,10,6.90,USD,team=cv\n",
    );
    assert!(!r.by_tag.contains_key(""), "{:?}", r.by_tag.keys());
    let keys: Vec<&str> = r.by_tag["team"].iter().map(|g| g.key.as_str()).collect();
    assert_eq!(keys, ["(untagged)", "cv"]);
    for groups in r.by_tag.values() {
        assert!(groups.iter().all(|g| !g.key.trim().is_empty()));
    }
    let json = to_json(&r, None, gpucost_core::format::Lang::En);
    assert!(!to_csv(&json).contains("\ntag:team,,"), "no empty key row");
}

/// Regression: a line the bill names by nothing (an Azure line without meter category,
/// subcategory or name; Google's `Rounding error` before it was named by its cost type) made
/// an other-spend row of no name, read ": $0.00"; it is the review's own item, named in each
/// language.
#[test]
fn a_line_of_no_description_is_named_in_each_language() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/azure-cost-details.csv"
    );
    let azure = std::fs::read_to_string(path).unwrap();
    let bill = azure.replace(
        ",Bandwidth,,meter-bw,Standard Data Transfer Out,",
        ", ,,meter-bw, ,",
    );
    assert_ne!(bill, azure, "the bandwidth line is in the sample");
    let r = support::generic(&bill);
    let keys: Vec<&str> = r.non_gpu.iter().map(|(k, _)| k.as_str()).collect();
    assert!(
        keys.contains(&gpucost_review::review::NOT_DESCRIBED),
        "{keys:?}"
    );
    assert!(keys.iter().all(|k| !k.trim().is_empty()), "{keys:?}");
    for (lang, name) in [
        (gpucost_core::format::Lang::En, "(not described)"),
        (gpucost_core::format::Lang::Zh, "（无描述）"),
    ] {
        let json = to_json(&r, None, lang);
        let table = to_table(&json, lang);
        assert!(table.contains(&format!("\n  {name} ")), "{table}");
        let html = gpucost_review::html::to_html(&json, lang);
        assert!(
            html.contains(&format!("<th scope=\"row\">{name}</th>")),
            "{html}"
        );
        assert!(!html.contains("<th scope=\"row\"></th>"));
    }
}

/// Regression: spend of nothing was shown as a bare "0" ("Other spend 0", "0 GPU-hours, 0"),
/// a figure without a unit; it is zero in each of the bill's currencies.
#[test]
fn an_amount_of_nothing_is_shown_in_the_bills_currencies() {
    let r = support::sample("generic.csv");
    let json = to_json(&r, None, gpucost_core::format::Lang::En);
    assert_eq!(json.non_gpu["CNY"], "0");
    assert_eq!(json.non_gpu["USD"], "0");
    let table = to_table(&json, gpucost_core::format::Lang::En);
    assert!(
        table.contains("Other spend                  ¥0.00 + $0.00\n"),
        "{table}"
    );
    let csv = to_csv(&json);
    assert!(
        csv.contains("\nnon-gpu,,CNY,0,,\nnon-gpu,,USD,0,,\n"),
        "{csv}"
    );
    // A bill of one currency without dev/test use: zero in that currency.
    let r = support::generic(
        "start,end,provider,gpu_model,gpus,cost,currency,tags\n\
         2024-05-06T12:00:00Z,2024-05-06T20:00:00Z,runpod,RTX 4090,1,5.52,USD,env=prod\n",
    );
    let json = to_json(&r, None, gpucost_core::format::Lang::Zh);
    let md = to_markdown(&json, gpucost_core::format::Lang::Zh);
    assert!(md.contains("0 卡·时 · $0.00\n"), "{md}");
    assert!(!md.contains(": 0\n") && !md.contains("· 0\n"), "{md}");
}
