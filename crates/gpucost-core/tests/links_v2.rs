//! Links written by version 2 of the link format, frozen. People paste these into chats and docs;
//! they must open with the same meaning whatever the format becomes.
//!
//! Never edit a link below. When the format changes, bump `share::VERSION` and add a rewrite step
//! to `share::upgrade::STEPS`, so that these keep passing. The checks use only what does not move
//! when catalog prices are refreshed: custom prices, hours, GPU-hours and the decoded inputs.

mod common;

use common::{open, total_of};
use gpucost_core::catalog::embedded;
use gpucost_core::presets::Preset;
use gpucost_core::share::decode;
use serde_json::Value;

fn sellers(json: &Value) -> Vec<&str> {
    json["providers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["provider"].as_str().unwrap())
        .collect()
}

#[test]
fn lines_on_short_training_keep_its_quote_and_reference() {
    let (state, json) = open("v=2&cur=CNY&preset=short-training&h=5&l=V100*1");
    assert_eq!(state.preset, Preset::ShortTraining);
    assert_eq!(total_of(&json, "custom:V100 quote"), "40.00");
    assert!(state.scenario.reference.is_some());
    assert!(state.scenario.options.spot_usable());
}

/// Issue 14: a link naming its own lines inherited short-training's ¥8 quote (a seller that
/// cannot serve a T4), a 99.9 % "saving" against its ¥50,000 deposit, and spot.
#[test]
fn a_link_with_its_own_lines_carries_no_other_scenarios_quote_reference_or_spot() {
    for link in ["v=2&cur=CNY&preset=custom&h=5&l=T4*1", "l=T4*1&h=5&cur=CNY"] {
        let (state, json) = open(link);
        assert_eq!(state.preset, Preset::Custom, "{link}");
        assert!(
            !sellers(&json).iter().any(|s| s.starts_with("custom:")),
            "{link}: {:?}",
            sellers(&json)
        );
        assert!(state.scenario.reference.is_none(), "{link}");
        let levers: Vec<&str> = json["savings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["lever"].as_str().unwrap())
            .collect();
        assert!(!levers.contains(&"reference"), "{link}: {levers:?}");
        assert!(!state.scenario.options.spot_usable(), "{link}");
        for p in json["providers"].as_array().unwrap() {
            assert_ne!(p["billing_mode"], "spot", "{link}: {}", p["provider"]);
        }
        assert_eq!(json["gpu_hours"], "5", "{link}");
    }
}

#[test]
fn a_link_without_a_version_reads_as_the_current_format() {
    let e = embedded();
    assert_eq!(
        decode("l=T4*1&h=5", &e.catalog).state,
        decode("v=2&preset=custom&h=5&l=T4*1", &e.catalog).state
    );
}

#[test]
fn other_presets_keep_their_own_settings_under_new_lines() {
    let (state, json) = open("v=2&cur=CNY&preset=dev-test&l=T4*10");
    assert_eq!(state.preset, Preset::DevTest);
    assert_eq!(state.scenario.lines.len(), 1);
    assert_eq!(json["horizon_hours"], "730");
    assert_eq!(json["gpu_hours"], "7300");
}
