//! Serving lines in links (`l=T4*5000rps@20:00+4h,per:100`): what they decode to, that every
//! one the page writes reads back the same, and that every hostile value is refused by name.

mod common;

use common::{open, total_of};
use gpucost_core::catalog::embedded;
use gpucost_core::scenario::Demand;
use gpucost_core::share::decode;
use gpucost_core::share::issue::{LineError, Problem};
use gpucost_core::share::scenario_params::{parse_line, write_line};
use gpucost_core::traffic::{LoadField, LoadShape};
use rust_decimal::Decimal;

fn line_error(raw: &str) -> LineError {
    parse_line(raw, &embedded().catalog).expect_err(raw)
}

#[test]
fn a_serving_line_reads_its_load_and_writes_it_back() {
    let catalog = &embedded().catalog;
    for raw in [
        "T4*500rps,per:100",
        "T4*5000rps@20:00+4h,per:100",
        "T4*1000rps~10x9_100x9_10x15_100x9_10x15_100x9_10x15_100x9_10x15_100x9_10x54,per:100,room:20,min:2,in:30",
        "A10*2.5rps,per:0.125,room:12.5/all",
        "L4*7rps@09:30+90m,per:3,in:1440/2",
    ] {
        let line = parse_line(raw, catalog).unwrap_or_else(|e| panic!("{raw}: {e:?}"));
        assert!(matches!(line.demand, Demand::Load(_)), "{raw}");
        assert_eq!(write_line(&line), raw);
    }
    let line = parse_line(
        "T4*1000rps~10x9_100x9_10x150,per:100,room:20,min:2,in:30",
        catalog,
    )
    .unwrap();
    let Demand::Load(load) = &line.demand else {
        panic!()
    };
    assert_eq!(load.rps, Decimal::from(1000));
    assert!(matches!(load.shape, LoadShape::Weekly(_)));
    assert_eq!((load.min_gpus, load.scale_in_minutes), (2, 30));
    assert_eq!(load.peak_gpus(), 12, "⌈1,000 × 1.2 ÷ 100⌉");
    // A pasted `+` arrives as a space, and fields may come in any order.
    let spaced = parse_line("T4*5000rps@20:00 4h,in:5,per:100", catalog).unwrap();
    assert_eq!(write_line(&spaced), "T4*5000rps@20:00+4h,per:100,in:5");
}

/// The README's link: one week of a weekly request-rate curve, autoscaled, at ¥3.5 per T4-hour.
#[test]
fn an_autoscaled_serving_line_opens_and_prices_its_derived_fleet() {
    let link = "v=2&cur=CNY&preset=custom&h=168&lead=60\
                &l=T4*1000rps~10x9_100x9_10x15_100x9_10x15_100x9_10x15_100x9_10x15_100x9_10x54,per:100,room:20,min:2,in:30\
                &cp=%7ESeed+T4:T4:od:3.5:CNY&cmp=custom:Seed+T4";
    let (_, json) = open(link);
    assert_eq!(json["gpu_hours"], "861");
    assert_eq!(total_of(&json, "custom:Seed T4"), "3013.50");
}

#[test]
fn hostile_load_values_are_refused_by_name() {
    let field = |raw: &str| match line_error(raw) {
        LineError::Load { field, .. } => field,
        other => panic!("{raw}: {other:?}"),
    };
    assert_eq!(field("T4*0rps,per:100"), LoadField::Rate);
    assert_eq!(field("T4*-5rps,per:100"), LoadField::Rate);
    assert_eq!(field("T4*NaNrps,per:100"), LoadField::Rate);
    assert_eq!(field("T4*1000001rps,per:100"), LoadField::Rate);
    assert_eq!(field("T4*1.0001rps,per:100"), LoadField::Rate);
    assert_eq!(field("T4*500rps"), LoadField::PerGpu, "per: is required");
    assert_eq!(field("T4*500rps,per:0"), LoadField::PerGpu);
    assert_eq!(field("T4*500rps,per:1e9"), LoadField::PerGpu);
    assert_eq!(field("T4*500rps,per:100,room:301"), LoadField::Headroom);
    assert_eq!(field("T4*500rps,per:100,room:-1"), LoadField::Headroom);
    assert_eq!(field("T4*500rps,per:100,min:10001"), LoadField::MinGpus);
    assert_eq!(field("T4*500rps,per:100,min:1.5"), LoadField::MinGpus);
    assert_eq!(field("T4*500rps,per:100,in:1441"), LoadField::ScaleIn);
    assert_eq!(
        field("T4*500rps,per:100,in:99999999999"),
        LoadField::ScaleIn
    );
    assert_eq!(field("T4*500rps~0x168,per:100"), LoadField::Shape);
    assert_eq!(field("T4*1000000rps,per:0.001"), LoadField::Fleet);
    assert!(matches!(
        line_error("T4*500rps,per:100,per:100"),
        LineError::LoadKey { .. }
    ));
    assert!(matches!(
        line_error("T4*500rps,per:100,gpus:3"),
        LineError::LoadKey { .. }
    ));
    assert!(matches!(
        line_error("T4*500rps~101x168,per:100"),
        LineError::Schedule(_)
    ));
    assert!(matches!(
        line_error("T4*500rps@25:99+4h,per:100"),
        LineError::BadStart { .. }
    ));
    assert!(matches!(line_error("T4*500rpsX,per:100"), LineError::Shape));
    assert!(matches!(
        line_error("T5*500rps,per:100"),
        LineError::UnknownGpu { .. }
    ));
}

#[test]
fn a_load_window_after_the_horizon_is_dropped_with_a_notice() {
    let d = decode(
        "v=2&preset=custom&h=5&l=T4*500rps@20:00+4h,per:100",
        &embedded().catalog,
    );
    assert!(d
        .issues
        .iter()
        .any(|i| i.param == "l" && matches!(i.problem, Problem::Malformed { .. })));
    assert!(d.state.scenario.validate(&embedded().catalog).is_ok());
}

/// Old links keep their meaning: the traffic-spike preset's promotion is still one window
/// (not a weekly repeat) whatever the horizon, started the link's lead time early.
#[test]
fn version_2_traffic_spike_links_keep_their_window_and_lead() {
    let (state, json) = open("v=2&cur=CNY&preset=traffic-spike&h=48&lead=45");
    assert_eq!(state.scenario.lead_minutes, 45);
    // 5 × 48 h all the time, 50 × 4.75 h once.
    assert_eq!(json["gpu_hours"], "477.5");
}
