//! Where a job may run (issue: GPUs on one machine, mainland China or not, the host it
//! needs): the presets' packing, the `geo=` place and the host floor, end to end through the
//! link codec, the comparison, the view and the exports.

use std::str::FromStr;

use chrono::NaiveDate;
use gpucost_core::catalog::{embedded, Catalog};
use gpucost_core::estimate::{EstimateContext, ProviderEstimate, Unserved};
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::money::{Currency, Money};
use gpucost_core::placement::{Constraint, Geo, HostFloor, Packing};
use gpucost_core::presets::Preset;
use gpucost_core::print::{csv, json, markdown};
use gpucost_core::report::{report, Report};
use gpucost_core::scenario::{Line, Scenario, ValidScenario};
use gpucost_core::share::{decode, encode};
use gpucost_core::view::estimate::EstimateView;
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn catalog() -> &'static Catalog {
    &embedded().catalog
}

fn valid(scenario: Scenario) -> ValidScenario {
    scenario.validate(catalog()).expect("valid scenario")
}

fn run_valid(valid: &ValidScenario) -> Report {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    report(&EstimateContext {
        catalog: &e.catalog,
        index: &e.index,
        scenario: valid,
        fx: &fx,
        currency: Currency::Cny,
        today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
    })
}

fn run(scenario: Scenario) -> Report {
    run_valid(&valid(scenario))
}

/// The scenario a link opens.
fn linked(query: &str) -> Scenario {
    let decoded = decode(query, catalog());
    assert!(decoded.issues.is_empty(), "{query}: {:?}", decoded.issues);
    decoded.state.scenario
}

fn row<'r>(r: &'r Report, seller: &str) -> &'r ProviderEstimate {
    r.comparison
        .providers
        .iter()
        .find(|p| p.seller.id == seller)
        .unwrap_or_else(|| panic!("no row for {seller}"))
}

fn served(r: &Report) -> impl Iterator<Item = &ProviderEstimate> {
    r.comparison.providers.iter().filter(|p| p.outcome.is_ok())
}

/// The preset's fine-tune keeps its 4 × V100 on one machine: RunPod's and Verda's one-GPU
/// listings, the cheapest before, no longer qualify, and Vast.ai's 4-GPU machine is the
/// cheapest catalog row (72 h × $0.84 at ¥6.9858/$).
#[test]
fn short_training_is_priced_only_on_machines_with_four_v100s() {
    let r = run(Preset::ShortTraining.scenario());
    let catalog_rows: Vec<&ProviderEstimate> =
        served(&r).filter(|p| p.seller.kind.is_some()).collect();
    assert!(catalog_rows.len() >= 8, "{}", catalog_rows.len());
    for p in &catalog_rows {
        let plan = p.outcome.as_ref().unwrap();
        let line = &plan.lines[0];
        assert!(
            line.gpus_per_instance >= Decimal::from(4) && line.machines == 1,
            "{}: {} × {} GPUs",
            p.seller.id,
            line.machines,
            line.gpus_per_instance
        );
    }
    let cheapest = catalog_rows[0].outcome.as_ref().unwrap();
    assert_eq!(cheapest.lines[0].offer, "vast/4x-Tesla_V100-32-65536");
    assert_eq!(cheapest.total, Money::new(d("422.50"), Currency::Cny));
    for one_gpu_seller in ["runpod", "verda"] {
        assert_eq!(
            row(&r, one_gpu_seller).outcome,
            Err(Unserved::Constrained {
                line: 0,
                gpu: "V100".into(),
                by: vec![Constraint::GpusPerMachine(4)],
            }),
            "{one_gpu_seller}"
        );
    }
    // The seed's quote is the user's own price: not checked against the packing, and priced
    // as the seed prices it (4 × 8 × 72).
    let quote = row(&r, "custom:V100 quote").outcome.as_ref().unwrap();
    assert_eq!(quote.total, Money::new(d("2304.00"), Currency::Cny));
}

/// Without the rule (a link that allows machines of any size), the one-GPU listings return.
#[test]
fn machines_of_any_size_restore_the_split_listings() {
    let r = run(linked("preset=short-training&l=V100*4"));
    let cheapest = served(&r).next().unwrap();
    assert_eq!(cheapest.seller.id, "runpod");
    assert_eq!(cheapest.outcome.as_ref().unwrap().lines[0].machines, 4);
}

/// "At least N per machine" admits bigger machines, and a line asks for whole machines.
#[test]
fn at_least_n_per_machine_admits_bigger_machines() {
    let r = run(linked("l=A100-80GB*16/8&h=10"));
    for p in served(&r).filter(|p| p.seller.kind.is_some()) {
        let line = &p.outcome.as_ref().unwrap().lines[0];
        assert!(
            line.gpus_per_instance >= Decimal::from(8),
            "{}",
            p.seller.id
        );
        assert_eq!(
            Decimal::from(line.machines) * line.gpus_per_instance,
            Decimal::from(16),
            "{}: two 8-GPU machines",
            p.seller.id
        );
    }
}

/// `?preset=dev-test&geo=cn`: every catalog price used is from a region in mainland China;
/// AWS China and Alibaba Cloud serve both lines. Tencent Cloud serves the T4 line, but the
/// catalog has no Tencent A10 price, so it is listed as unable, naming the A10 line.
#[test]
fn dev_test_in_mainland_china_is_priced_only_there() {
    let scenario = linked("preset=dev-test&geo=cn");
    assert_eq!(scenario.geo, Geo::MainlandChina);
    let r = run(scenario);
    for p in served(&r) {
        for line in &p.outcome.as_ref().unwrap().lines {
            let place = catalog().place(&p.seller.id, &line.region);
            assert_eq!(
                place.and_then(|pl| pl.in_mainland_china()),
                Some(true),
                "{} {} {}",
                p.seller.id,
                line.offer,
                line.region
            );
        }
    }
    for seller in ["aws-china", "alibaba"] {
        assert!(row(&r, seller).outcome.is_ok(), "{seller}");
    }
    assert_eq!(
        row(&r, "tencent").outcome,
        Err(Unserved::NoOffer {
            line: 0,
            gpu: "A10".into()
        })
    );
    // AWS has A10G machines, none of them in mainland China.
    match &row(&r, "aws").outcome {
        Err(Unserved::Constrained { by, .. }) => {
            assert!(
                by.contains(&Constraint::Place(Geo::MainlandChina)),
                "{by:?}"
            )
        }
        other => panic!("aws: {other:?}"),
    }
    // The T4 line alone: the three mainland clouds all serve it.
    let t4 = run(linked("l=T4*10&h=10&geo=cn"));
    for seller in ["aws-china", "alibaba", "tencent"] {
        assert!(row(&t4, seller).outcome.is_ok(), "{seller}");
    }
    let hk = run(linked("l=T4*1&h=10&geo=not-cn"));
    assert!(row(&hk, "aws-china").outcome.is_err());
}

/// Regions with no known place (RunPod's pools) are never counted as inside a place.
#[test]
fn a_region_of_unknown_place_is_left_out_and_says_so() {
    let r = run(linked("l=A100-80GB*1&h=10&geo=not-cn&cmp=runpod"));
    assert_eq!(
        row(&r, "runpod").outcome,
        Err(Unserved::Constrained {
            line: 0,
            gpu: "A100-80GB".into(),
            by: vec![Constraint::PlaceUnknown],
        })
    );
}

/// A vCPU floor removes the small hosts: every offer used has at least 8 vCPUs per GPU, and
/// a seller whose T4 hosts are all smaller is listed with the reason.
#[test]
fn a_vcpu_floor_removes_small_hosts() {
    let open = run(linked("l=T4*1&h=10"));
    let floored = run(linked("l=T4*1&h=10&cpu=8&ram=32"));
    let cheapest = |r: &Report| {
        served(r)
            .next()
            .unwrap()
            .outcome
            .as_ref()
            .unwrap()
            .total
            .amount
    };
    assert!(cheapest(&floored) > cheapest(&open));
    for p in served(&floored).filter(|p| p.seller.kind.is_some()) {
        let line = &p.outcome.as_ref().unwrap().lines[0];
        let offer = catalog().offer(&line.offer).unwrap();
        let per_gpu = |v: Option<Decimal>| v.unwrap() / offer.gpus;
        assert!(
            per_gpu(offer.vcpus) >= Decimal::from(8) && per_gpu(offer.ram_gib) >= Decimal::from(32),
            "{}",
            offer.id
        );
    }
    let small_or_unlisted = floored.comparison.providers.iter().any(|p| {
        matches!(&p.outcome, Err(Unserved::Constrained { by, .. })
            if by.contains(&Constraint::HostTooSmall) || by.contains(&Constraint::HostUnknown))
    });
    assert!(small_or_unlisted);
}

/// The recommendation rents only what the scenario's place and host floor allow.
#[test]
fn the_recommendation_keeps_to_the_place() {
    let r = run(linked("preset=custom&geo=cn"));
    let rec = r
        .recommendation
        .as_ref()
        .expect("the custom preset has a workload");
    let options: Vec<_> = rec.ranked.iter().flat_map(|c| &c.options).collect();
    assert!(!options.is_empty());
    for o in options {
        let place = catalog().place(&o.provider, &o.region);
        assert_eq!(
            place.and_then(|p| p.in_mainland_china()),
            Some(true),
            "{} {}",
            o.offer,
            o.region
        );
    }
}

/// All three rules appear in the JSON, the CSV and the Markdown.
#[test]
fn the_exports_carry_every_rule() {
    let v = valid(linked("preset=dev-test&geo=cn&cpu=4&ram=16"));
    let r = run_valid(&v);
    let link = encode(&decode("preset=dev-test&geo=cn&cpu=4&ram=16", catalog()).state);
    let view = EstimateView::new(catalog(), &v, &r, &link);
    let json = json::estimate(&view, Lang::En);
    let c = &json.constraints;
    assert_eq!(
        (
            c.geo.as_str(),
            c.vcpus_per_gpu.as_str(),
            c.ram_gib_per_gpu.as_str()
        ),
        ("cn", "4", "16")
    );
    assert_eq!(c.lines[0].packing, "one-machine");
    assert_eq!(c.lines[0].min_gpus_per_machine, "2");
    assert_eq!(c.lines[1].packing, "split");
    assert!(
        c.text.contains("mainland China") && c.text.contains("4 vCPU"),
        "{}",
        c.text
    );
    let aws_china = json
        .providers
        .iter()
        .find(|p| p.provider == "aws-china")
        .unwrap();
    assert!(aws_china.machines.contains('×'), "{}", aws_china.machines);

    let csv = csv::estimate(&json);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    for col in [
        "machines",
        "gpus_per_machine",
        "packing",
        "geo",
        "vcpus_per_gpu",
        "ram_gib_per_gpu",
        "spread",
        "regions",
    ] {
        assert!(header.contains(&col), "{col}");
    }
    let row = csv.lines().find(|l| l.starts_with("aws-china,")).unwrap();
    // The scenario's rules, then where this provider's prices are from.
    assert!(row.contains(",cn,4,16,any,cn-"), "{row}");

    let zh = json::estimate(&view, Lang::Zh);
    let md = markdown::estimate(&zh, Lang::Zh);
    assert!(md.starts_with("目录价格仅限中国大陆"), "{md}");
}

/// A line added to a training scenario keeps its GPUs on one machine; to a serving one, not.
#[test]
fn new_lines_follow_the_workload() {
    assert_eq!(
        Preset::Custom.scenario().new_line("T4").packing,
        Packing::Split
    );
    let mut training = Preset::Custom.scenario();
    training.workload = Some(gpucost_core::recommend::Workload::for_task(
        gpucost_core::recommend::TaskKind::FullFineTune,
    ));
    assert_eq!(training.new_line("T4").packing, Packing::OneMachine);
}

/// The rules survive the link: decode(encode(s)) keeps them, and defaults are not written.
#[test]
fn the_link_round_trips_every_rule() {
    let mut state = decode("preset=dev-test", catalog()).state;
    assert!(!encode(&state).contains("geo="));
    state.scenario.geo = Geo::Continent(gpucost_core::catalog::Continent::Eu);
    state.scenario.host = HostFloor {
        vcpus_per_gpu: Some(d("6.5")),
        ram_gib_per_gpu: Some(d("24")),
    };
    state.scenario.lines[1].packing = Packing::AtLeast(4);
    let link = encode(&state);
    assert!(
        link.contains("geo=eu") && link.contains("cpu=6.5") && link.contains("ram=24"),
        "{link}"
    );
    assert!(link.contains("/4"), "{link}");
    let back = decode(&link, catalog());
    assert!(back.issues.is_empty(), "{:?}", back.issues);
    assert_eq!(back.state.scenario, state.scenario);
    // A preset's packing is a difference like any other: allowing any machines is written.
    let mut split = decode("preset=short-training", catalog()).state;
    split.scenario.lines = vec![Line::constant("V100", Decimal::from(4))];
    assert!(encode(&split).contains("l=V100*4"), "{}", encode(&split));
}

/// Rightsizing suggests only a GPU whose best rental keeps to the first line's packing: with
/// "at least 8 per machine", never a one-GPU machine.
#[test]
fn rightsizing_keeps_to_the_lines_packing() {
    use gpucost_core::savings::{Assumption, Lever};
    let free = run(Preset::Custom.scenario());
    let suggested = |r: &Report| {
        r.savings
            .iter()
            .find(|s| s.lever == Lever::Rightsizing)
            .map(|s| match &s.assumption {
                Assumption::Rightsizing { to, .. } => to.clone(),
                other => panic!("{other:?}"),
            })
    };
    let to = suggested(&free).expect("the custom preset suggests a cheaper GPU");
    let rec = free.recommendation.as_ref().unwrap();
    let best = |name: &str| {
        rec.ranked
            .iter()
            .find(|c| c.profile.name == name)
            .and_then(|c| c.best_option())
            .map(|o| o.gpus_per_instance)
            .unwrap()
    };
    assert!(
        best(&to) < Decimal::from(8),
        "the free choice rents a small machine"
    );

    let mut packed = Preset::Custom.scenario();
    packed.lines[0].packing = Packing::AtLeast(8);
    let r = run(packed);
    if let Some(to) = suggested(&r) {
        let rec = r.recommendation.as_ref().unwrap();
        let gpus = rec
            .ranked
            .iter()
            .find(|c| c.profile.name == to)
            .and_then(|c| c.best_option())
            .map(|o| o.gpus_per_instance)
            .unwrap();
        assert!(gpus >= Decimal::from(8), "{to}: {gpus} GPUs per machine");
    }
}

/// A recommendation made for one place is not reused for another.
#[test]
fn a_recommendation_is_not_reused_across_places() {
    use gpucost_core::report::{recommendation_for, report_with, Recommend};
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let ctx = |v| EstimateContext {
        catalog: &e.catalog,
        index: &e.index,
        scenario: v,
        fx: &fx,
        currency: Currency::Cny,
        today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
    };
    let anywhere = valid(Preset::Custom.scenario());
    let kept = recommendation_for(&ctx(&anywhere)).unwrap();
    let in_china = valid(linked("preset=custom&geo=cn"));
    let reused = report_with(&ctx(&in_china), Recommend::Reuse(kept.clone()));
    assert_eq!(reused, report(&ctx(&in_china)));
    assert_ne!(reused.recommendation.as_deref(), Some(&*kept));
}
