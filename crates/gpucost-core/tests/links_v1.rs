//! Links written by version 1 of the link format, frozen. People paste these into chats and docs;
//! they must open with the same meaning whatever the format becomes.
//!
//! Never edit a link below. When the format changes, bump `share::VERSION` and add a rewrite step
//! to `share::upgrade::STEPS`, so that these keep passing. The checks use only what does not move
//! when catalog prices are refreshed: custom prices, hours, GPU-hours and the decoded inputs.

mod common;

use common::{open, total_of};
use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::recommend::TaskKind;
use gpucost_core::share::{decode, View};
use rust_decimal::Decimal;

#[test]
fn the_seed_training_run_still_costs_2304_yuan_on_the_custom_quote() {
    let (_, json) = open("v=1&preset=short-training&cur=CNY");
    assert_eq!(json["horizon_hours"], "72");
    assert_eq!(json["gpu_hours"], "288");
    assert_eq!(total_of(&json, "custom:V100 quote"), "2304.00");
}

#[test]
fn a_traffic_spike_keeps_its_window_lead_and_embed_settings() {
    let link = "v=1&lang=en&cur=CNY&embed=1&lock=1&frame=docs-1&preset=traffic-spike&lead=45";
    let (state, json) = open(link);
    assert!(state.embed.enabled && state.embed.locked);
    assert_eq!(state.embed.frame.as_deref(), Some("docs-1"));
    assert_eq!(state.scenario.lead_minutes, 45);
    assert_eq!(json["currency"], "CNY");
    assert_eq!(json["horizon_hours"], "24");
}

#[test]
fn a_dev_test_schedule_keeps_its_time_zone_payment_and_weekly_grid() {
    let (state, json) = open("v=1&preset=dev-test&tz=%2B09:00&pay=spot&int=0&ovh=15");
    assert_eq!(state.scenario.tz_offset_minutes, 9 * 60);
    assert_eq!(state.scenario.options.spot_overhead_pct, Decimal::from(15));
    assert_eq!(json["horizon_hours"], "730");

    let grid =
        "v=1&preset=dev-test&l=A10%7E0x8_2x10_0x14_2x10_0x14_2x10_0x14_2x10_0x14_2x10_0x54&l=T4*10";
    let (state, json) = open(grid);
    assert_eq!(state.scenario.lines.len(), 2);
    // 2 A10 × 50 h a week plus 10 T4 always on, over 730 h.
    assert_eq!(json["gpu_hours"], "7744");
}

#[test]
fn a_custom_scenario_keeps_prices_discounts_budget_reference_and_sellers() {
    let link = "v=1&lang=zh&cur=USD&fx=7.1&preset=custom&h=2026-11&l=A10*2&l=T4*10%4018:00%2B4h\
                &cp=alibaba:A10:od:8.7:CNY&cp=%7EOur+cluster:A100-80GB:month:9000:CNY\
                &disc=aws:15,gcp:10&budget=1200CNY&cmp=aws-china,custom:Our+cluster,tencent\
                &ref=50000CNY&refl=deposit";
    let (state, json) = open(link);
    let s = &state.scenario;
    assert_eq!(state.lang, Some(Lang::Zh));
    assert_eq!(state.fx_cny_per_usd, Some(Decimal::new(71, 1)));
    assert_eq!(s.custom_prices.len(), 2);
    assert_eq!(s.discounts.len(), 2);
    assert_eq!(s.sellers.len(), 3);
    assert!(s.budget.is_some() && s.reference.is_some());
    assert_eq!(json["currency"], "USD");
    assert_eq!(json["horizon_hours"], "720", "November 2026 has 30 days");
    // 2 A10 × 720 h + 10 T4 × 4 h started early by the preset's lead time.
    assert_eq!(json["gpu_hours"], "1480");
    assert_eq!(json["providers"].as_array().unwrap().len(), 3);
}

#[test]
fn a_workload_keeps_its_task_precision_rate_and_latency() {
    let (state, json) = open("v=1&preset=custom&prec=int4&rate=20req&lat=2000");
    let w = state
        .scenario
        .workload
        .expect("the custom preset describes a workload");
    assert_eq!(w.kind(), TaskKind::OnlineServing);
    assert!(json["recommendation"]["ranked"].as_array().unwrap().len() > 1);

    let (state, _) = open("v=1&task=finetune&deadline=48");
    assert_eq!(
        state.scenario.workload.unwrap().kind(),
        TaskKind::FullFineTune
    );
}

#[test]
fn a_catalog_view_keeps_its_filters() {
    let (state, _) = open(
        "v=1&view=catalog&gpu=A100-80GB&prov=aws&region=us-east-1&mem=40&q=p4d&sort=spot&order=desc",
    );
    assert_eq!(state.view, View::Catalog);
    assert_eq!(state.catalog.gpus.len(), 1);
    assert_eq!(state.catalog.providers.len(), 1);
    assert_eq!(state.catalog.text, "p4d");
}

#[test]
fn a_link_with_lines_and_no_preset_keeps_the_short_training_quote_and_reference() {
    // Version 1 started every link without `preset=` from short-training.
    let (state, json) = open("v=1&cur=CNY&h=5&l=V100*1");
    assert_eq!(state.scenario.custom_prices.len(), 1);
    assert_eq!(json["gpu_hours"], "5");
    assert_eq!(total_of(&json, "custom:V100 quote"), "40.00");
    let reference = state.scenario.reference.expect("the deposit");
    assert_eq!(reference.amount.amount, Decimal::from(50_000));
}

// Links without `v` were never written by the page; they are read in the current format, which
// for this one (it names its preset) means the same as version 1.
#[test]
fn a_link_without_a_version_reads_as_version_1() {
    let e = embedded();
    assert_eq!(
        decode("preset=short-training&cur=CNY", &e.catalog).state,
        decode("v=1&preset=short-training&cur=CNY", &e.catalog).state
    );
}
