//! A recommended plan as a team lead budgets it (issue 28): machines × GPUs per machine said
//! the same way on the card and in its price, the count the plan prices with its range as the
//! uncertainty, and a serving fleet's month at the stated rate beside its cost per 1M
//! requests.

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_core::recommend::cost::MONTH_HOURS;
use gpucost_core::recommend::*;
use gpucost_core::view::recommendation::{CandidateView, RecommendationView};
use rust_decimal::Decimal;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 29).unwrap()
}

/// Mistral 7B served at `rps` requests/s (the task's default shape and latency bound), in
/// US dollars so that the catalog's dollar prices need no exchange rate.
fn serving_7b(rps: i64) -> Recommendation {
    let c = &embedded().catalog;
    let mut w = Workload::for_task(TaskKind::OnlineServing);
    w.model = ModelChoice::Known(KnownModel::Mistral7b);
    if let Task::Serving(s) = &mut w.task {
        s.rate.per_second = Decimal::from(rps);
    }
    let valid = w.validate().unwrap();
    recommend(c, &valid, &FxTable::from_catalog(c), Currency::Usd, today())
}

fn card<'v>(v: &'v RecommendationView, gpu: &str) -> &'v CandidateView {
    v.ranked
        .iter()
        .find(|c| c.gpu == gpu)
        .unwrap_or_else(|| panic!("{gpu} is not among the cards"))
}

fn usd(s: &str) -> Decimal {
    s.parse().unwrap()
}

// The RTX 3090's ranking price is Vast.ai's 4-GPU machine at $0.64 an hour:
// /work/shared/catalog/sources/gpu_offers.csv line 426,
// `vast,4x-RTX_3090-32-65536,RTX3090,RTX3090,4,24,32,64,", CN, AS",0.64,…,instance,,<=2026-04-29,sky-v9-vast`
// (SkyPilot catalog v9, https://github.com/skypilot-org/skypilot-catalog, vast/vms.csv).
#[test]
fn a_serving_fleet_says_machines_times_gpus_on_the_card_and_in_its_price() {
    let rec = serving_7b(20);
    let o = rec
        .ranked
        .iter()
        .find(|c| c.profile.gpu == "RTX3090")
        .and_then(Candidate::best_option)
        .expect("the RTX 3090 is ranked with a price");
    assert_eq!(o.offer, "vast/4x-RTX_3090-32-65536");
    assert_eq!(o.price.amount, usd("0.64"));
    assert_eq!(o.gpus_per_instance, Decimal::from(4));
    // One replica is one GPU; 20 requests/s at the middle of 1.15–4.01 requests/s per GPU is
    // 8 replicas, two machines; the ends of the range need 5 and 18 replicas: 2–5 machines.
    assert_eq!((o.instances.low, o.instances.high), (2, 5));
    assert_eq!(o.expected_instances, 2);

    let en = RecommendationView::new(&rec, EXPLAINED);
    let c = card(&en, "RTX3090");
    let fleet = c.fleet.as_ref().expect("a priced card has a fleet");
    assert_eq!(
        fleet.text(Lang::En),
        "2 machines × 4 GPUs = 8 × NVIDIA GeForce RTX 3090 24 GB"
    );
    let price = c.price.as_ref().unwrap().text(Lang::En);
    assert!(price.contains(" · 2 machines × 4 GPUs ("), "{price}");
    let why = fleet.range_text(Lang::En).expect("the count is a range");
    assert!(
        why.starts_with("Budgeted at the middle of the throughput range; 2–5 machines as it runs"),
        "{why}"
    );
    assert!(why.contains("requests/s per GPU (modelled)"), "{why}");

    // The same view, read in Chinese.
    let fleet = c.fleet.as_ref().unwrap();
    assert_eq!(
        fleet.text(Lang::Zh),
        "2 台 × 每台 4 块 = 8 块 NVIDIA GeForce RTX 3090 24 GB"
    );
    assert!(c
        .price
        .as_ref()
        .unwrap()
        .text(Lang::Zh)
        .contains(" · 2 台 × 每台 4 块 ("));
    assert!(fleet.range_text(Lang::Zh).unwrap().contains("需 2–5 台"));
}

#[test]
fn a_serving_fleets_month_is_priced_to_the_cent_from_the_catalog_row() {
    let rec = serving_7b(20);
    let en = RecommendationView::new(&rec, EXPLAINED);
    let c = card(&en, "RTX3090");
    let m = c.monthly.expect("serving has a month");
    assert_eq!(m.month.hours, MONTH_HOURS);
    // 2 machines × $0.64/h × 730 h = $934.40; 5 machines = $2,336.00.
    assert_eq!(m.month.expected.amount, usd("934.40"));
    assert_eq!(m.month.range.low.amount, usd("934.40"));
    assert_eq!(m.month.range.high.amount, usd("2336.00"));
    // Per 1M requests: $1.28–$3.20 an hour over 0.072 M requests an hour.
    assert_eq!(
        m.text(Lang::En),
        "$934.40 a month (730 h at 20 requests/s; $934.40–$2,336.00 across the count's range) · $17.78–$44.44 per 1M requests"
    );
    assert_eq!(
        m.text(Lang::Zh),
        "每月 $934.40（730 小时，每秒 20 个请求；按台数区间 $934.40–$2,336.00） · 每百万请求 $17.78–$44.44"
    );
    // What "use this" takes into the scenario is the same plan: 8 GPUs on 4-GPU machines.
    let r = c.use_this.as_ref().expect("a line can take it");
    assert_eq!(
        (r.gpu.as_str(), r.per_machine, r.gpus),
        ("RTX3090", Some(4), Decimal::from(8))
    );
}

#[test]
fn every_plans_budgeted_count_is_within_its_range_and_is_what_its_month_prices() {
    for rps in [1, 20, 300] {
        let rec = serving_7b(rps);
        for c in &rec.ranked {
            for o in &c.options {
                let n = o.expected_instances;
                assert!(o.instances.low <= n && n <= o.instances.high, "{}", o.offer);
                let m = o.cost.per_month.expect("serving prices a month");
                let hours = Decimal::from(MONTH_HOURS);
                assert_eq!(
                    m.expected.amount,
                    o.instance_per_hour.amount * Decimal::from(n) * hours,
                    "{}",
                    o.offer
                );
                assert!(m.range.low.amount <= m.expected.amount);
                assert!(m.expected.amount <= m.range.high.amount);
            }
        }
    }
}

#[test]
fn a_training_run_has_one_count_and_no_month() {
    let c = &embedded().catalog;
    let w = Workload::for_task(TaskKind::Lora).validate().unwrap();
    let rec = recommend(c, &w, &FxTable::from_catalog(c), Currency::Usd, today());
    let v = RecommendationView::new(&rec, EXPLAINED);
    for (c, cv) in rec.ranked.iter().zip(&v.ranked) {
        let Some(o) = c.best_option() else { continue };
        let fleet = cv.fleet.as_ref().unwrap();
        assert_eq!(fleet.machines, o.instances.low);
        assert_eq!(
            fleet.range_text(Lang::En),
            None,
            "one count, nothing to explain"
        );
        assert!(cv.monthly.is_none());
        assert_eq!(
            cv.use_this.as_ref().map(|r| r.gpus),
            Some(fleet.gpus()),
            "{}",
            cv.gpu
        );
    }
}
