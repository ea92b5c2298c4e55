//! 优云智算 CompShare (UCloud's GPU rental platform) is priced like every provider: its
//! single-card list prices in CNY (on demand, 包日, 包月) from
//! `shared/catalog/sources/dated_2026/compshare_cny.csv`, a spot price at 70 % of each, its
//! per-second metering, and its dated rows in the "newest price" view. Before the import the
//! catalog had no CompShare price, so every test here failed.

mod common;

use chrono::NaiveDate;
use gpucost_core::billing_mode::{BillingMode, Period};
use gpucost_core::catalog::{embedded, AsOf, SourceKind, StoppedCompute};
use gpucost_core::estimate::ProviderPlan;
use gpucost_core::money::{Currency, Money};
use gpucost_core::presets::Preset;
use gpucost_core::report::Report;
use gpucost_core::savings::{Assumption, Lever, Saving};
use gpucost_core::scenario::{Horizon, Line, Scenario};
use rust_decimal::Decimal;

/// The research file as vendored, read the way the import reads it.
const CSV: &str = include_str!("../../../data/upstream/sources/dated_2026/compshare_cny.csv");

fn d(s: &str) -> Decimal {
    s.parse().expect("decimal literal")
}

fn cny(s: &str) -> Money {
    Money::new(d(s), Currency::Cny)
}

/// The amount, as-of date and source of the CSV row for `instance` in `mode`, dated `as_of`.
fn csv_row(instance: &str, mode: &str, as_of: &str) -> (Decimal, String, String) {
    CSV.lines()
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|f| f[1] == instance && f[8] == mode && f[12] == as_of)
        .map(|f| (d(f[9]), f[12].to_string(), f[13].to_string()))
        .unwrap_or_else(|| panic!("{instance} {mode} {as_of} in compshare_cny.csv"))
}

fn run(scenario: Scenario) -> Report {
    common::estimate_cny(scenario, common::today())
}

fn compshare(r: &Report) -> &ProviderPlan {
    common::served(r, "compshare")
}

/// One `gpu` over `horizon`, compared on CompShare only, on demand or subscribed (no spot).
fn one_gpu(gpu: &str, horizon: Horizon) -> Scenario {
    Scenario {
        lines: vec![Line::constant(gpu, Decimal::ONE)],
        horizon,
        sellers: ["compshare".to_string()].into(),
        ..Preset::Custom.scenario()
    }
}

/// 计费概览: "4090-24G | 24G | 1.66 | 36.73 | 1001.95". Ten hours on demand are ¥16.60 to the
/// fen, priced from the CSV's row with its source document and date.
#[test]
fn ten_rtx_4090_hours_cost_16_60_yuan_from_the_price_table() {
    let (amount, as_of, source) = csv_row("单卡 4090-24G", "on-demand", "2026-05-13");
    assert_eq!(amount, d("1.66"));
    let r = run(one_gpu("RTX4090", Horizon::Hours(Decimal::from(10))));
    let plan = compshare(&r);
    assert_eq!(plan.total, cny("16.60"), "10 h × ¥{amount}");
    let line = &plan.lines[0];
    assert_eq!(line.instance, "单卡 4090-24G");
    assert_eq!(line.region, "cn");
    let item = &line.items[0];
    assert_eq!(item.rate, Money::new(amount, Currency::Cny));
    assert_eq!(item.as_of.to_string(), as_of);
    let cited = embedded()
        .catalog
        .source(&item.source)
        .expect("a catalog source");
    assert_eq!(cited.locator, source, "the price cites the CSV's document");
    assert_eq!(cited.kind, SourceKind::ListPriceCopy);
}

/// Per-second metering: 90 minutes are billed as 1.5 hours (¥2.49), not two.
#[test]
fn ninety_minutes_are_billed_by_the_second() {
    let r = run(one_gpu("RTX4090", Horizon::Hours(d("1.5"))));
    assert_eq!(compshare(&r).total, cny("2.49"), "1.5 h × ¥1.66");
    let provider = embedded().catalog.provider("compshare").unwrap();
    assert_eq!(provider.metering.increment_seconds, 1);
    assert_eq!(provider.stopped, StoppedCompute::NotBilled);
}

/// A calendar month on one H20 96 GB: the 包月 price (¥4,500) beats 720 hours on demand
/// (¥5,400) and 30 × 包日 (¥4,950).
#[test]
fn a_month_on_an_h20_is_the_monthly_price() {
    let (monthly, _, _) = csv_row("单卡 H20", "monthly (包月)", "2026-05-13");
    let r = run(one_gpu(
        "H20",
        Horizon::CalendarMonth {
            year: 2026,
            month: 11,
        },
    ));
    let plan = compshare(&r);
    assert_eq!(plan.total, Money::new(monthly, Currency::Cny));
    assert_eq!(plan.total, cny("4500.00"));
}

#[test]
fn every_card_has_hourly_daily_monthly_and_spot_prices() {
    let catalog = &embedded().catalog;
    let offers: Vec<_> = catalog
        .offers
        .iter()
        .filter(|o| o.provider == "compshare")
        .collect();
    assert_eq!(offers.len(), 12, "12 single-card types in 计费概览");
    for o in &offers {
        let od = o.price(BillingMode::OnDemand, "cn").expect("on demand");
        assert!(o
            .price(BillingMode::Subscription(Period::Day), "cn")
            .is_some());
        assert!(o
            .price(BillingMode::Subscription(Period::Month), "cn")
            .is_some());
        let spot = o.price(BillingMode::Spot, "cn").expect("spot");
        assert_eq!(spot.amount, od.amount * d("0.7"), "{}: spot is 7折", o.id);
        assert_eq!(&*spot.source, "compshare-spot-2026-03");
        for p in o.prices.iter() {
            assert_eq!(p.currency, Currency::Cny);
            assert_eq!(
                p.as_of,
                AsOf::On(NaiveDate::from_ymd_opt(2026, 5, 13).unwrap())
            );
        }
    }
    // New catalog GPUs for cards no other provider rents; the rest reuse existing ids.
    for (gpu, memory) in [
        ("RTX4090-48GB", "48"),
        ("H20", "96"),
        ("V100S", "32"),
        ("RTX2080", "8"),
    ] {
        let g = catalog.gpu(gpu).unwrap_or_else(|| panic!("{gpu}"));
        assert_eq!(g.memory_gib, Some(d(memory)), "{gpu}");
    }
    assert_eq!(&*catalog.gpu("RTX4090-48GB").unwrap().family, "RTX4090");
    assert_eq!(&*catalog.gpu("V100S").unwrap().family, "V100");
    assert!(
        catalog
            .place("compshare", "cn")
            .unwrap()
            .in_mainland_china()
            == Some(true)
    );
}

/// The night discount is recorded as a sourced rule, in both languages, with the window the
/// release notes give and the other window the event notice gives.
#[test]
fn the_night_discount_is_a_sourced_rule() {
    let provider = embedded().catalog.provider("compshare").unwrap();
    let night = provider
        .notes
        .iter()
        .find(|n| n.en.starts_with("Night discount"))
        .expect("a night-discount note");
    assert!(night.en.contains("01:00 and 07:00") && night.en.contains("01:00–08:00"));
    assert!(night.zh.contains("01:00–07:00") && night.zh.contains("9 折"));
    assert_eq!(night.source.as_deref(), Some("compshare-gpu-releases"));
}

/// The same rule as data the off-peak lever prices with: 01:00–07:00 Beijing time, 10 % off
/// on demand, on the RTX 4090 (24 GB) and RTX 5090 only — ¥1.66 becomes ¥1.494 an hour.
#[test]
fn the_night_price_is_recorded_as_an_off_peak_price() {
    let provider = embedded().catalog.provider("compshare").unwrap();
    let [night] = &provider.off_peak[..] else {
        panic!("one off-peak price: {:?}", provider.off_peak);
    };
    let gpus: Vec<&str> = night.gpus.iter().map(|g| g.as_ref()).collect();
    assert_eq!(gpus, ["RTX4090", "RTX5090"]);
    assert_eq!(night.utc_offset_minutes, 8 * 60);
    let hours: Vec<u8> = (0..24).filter(|h| night.contains_hour(*h)).collect();
    assert_eq!(hours, [1, 2, 3, 4, 5, 6]);
    let (list, _, _) = csv_row("单卡 4090-24G", "on-demand", "2026-05-13");
    assert_eq!(night.price(list), d("1.494"));
    assert_eq!(night.rule.source.as_deref(), Some("compshare-gpu-releases"));
    // Every other provider publishes none.
    let others = embedded()
        .catalog
        .providers
        .iter()
        .filter(|p| p.id != "compshare" && !p.off_peak.is_empty())
        .count();
    assert_eq!(others, 0);
}

/// "Newest price: …" for the page: CompShare's newest is the price table's date, Featurize's
/// (the other Chinese rental platform) is from 2021 and stale a year on, and a provider whose
/// upstream catalog gives no date (Cudo) has an unknown newest date, never a guessed one.
#[test]
fn each_provider_says_how_new_its_newest_price_is() {
    let catalog = &embedded().catalog;
    let today = common::today();
    let compshare = catalog
        .price_dates("compshare")
        .expect("CompShare is priced");
    assert_eq!(
        compshare.newest,
        AsOf::On(NaiveDate::from_ymd_opt(2026, 5, 13).unwrap())
    );
    assert_eq!((compshare.dated, compshare.undated), (48, 0));
    assert_eq!(compshare.is_stale(today), Some(false));

    let featurize = catalog
        .price_dates("featurize")
        .expect("Featurize is priced");
    assert_eq!(
        featurize.newest,
        AsOf::On(NaiveDate::from_ymd_opt(2021, 6, 15).unwrap())
    );
    assert_eq!(featurize.is_stale(today), Some(true));

    let cudo = catalog.price_dates("cudo").expect("Cudo is priced");
    assert_eq!(cudo.newest, AsOf::Unknown);
    assert_eq!(cudo.dated, 0);
    assert!(cudo.undated > 0);
    assert_eq!(cudo.is_stale(today), None, "unknown is not the same as old");

    // Vast.ai's snapshot is only bounded ("no newer than"), and stays marked as such.
    let vast = catalog.price_dates("vast").expect("Vast.ai is priced");
    assert!(
        matches!(vast.newest, AsOf::OnOrBefore(_)),
        "{:?}",
        vast.newest
    );

    assert_eq!(
        catalog.price_dates("huawei"),
        None,
        "no sourced price at all"
    );
    // Every provider with a price has a newest-date answer.
    for p in catalog.providers.iter() {
        let priced = catalog.offers.iter().any(|o| o.provider == p.id);
        assert_eq!(catalog.price_dates(&p.id).is_some(), priced, "{}", p.id);
    }
}

fn off_peak_lever(r: &Report) -> &Saving {
    r.savings
        .iter()
        .find(|s| s.lever == Lever::OffPeak)
        .unwrap_or_else(|| panic!("an off-peak lever: {:?}", r.savings))
}

/// The off-peak lever used the scenario's what-if (40 % off 00:00–08:00) even where CompShare
/// publishes a real night price. Ten RTX 4090 hours from 00:00 Beijing time (¥16.60): six of
/// them (01:00–07:00) are already in the window, and half of the other four move there, so
/// 8 of 10 hours cost 10 % less: ¥16.60 − ¥1.328 = ¥15.272, shown ¥15.27.
#[test]
fn the_off_peak_lever_prices_a_4090_at_compshares_night_price() {
    let r = run(one_gpu("RTX4090", Horizon::Hours(Decimal::from(10))));
    assert_eq!(r.cheapest(), Some(cny("16.60")));
    let lever = off_peak_lever(&r);
    assert_eq!(lever.without, cny("16.60"));
    assert_eq!(lever.with, cny("15.27"));
    assert_eq!(lever.amount, cny("1.33"));
    let Assumption::PublishedOffPeak {
        start_hour,
        end_hour,
        utc_offset_minutes,
        discount_pct,
        flexible_pct,
        ..
    } = &lever.assumption
    else {
        panic!(
            "the published price, not the what-if: {:?}",
            lever.assumption
        );
    };
    assert_eq!((*start_hour, *end_hour, *utc_offset_minutes), (1, 7, 480));
    assert_eq!(*discount_pct, d("10"));
    assert_eq!(*flexible_pct, d("50"), "the what-if's movable share");
}

/// The window is on Beijing time whatever the schedule's clock: ten hours from 00:00 UTC are
/// 08:00–18:00 in Beijing, none inside 01:00–07:00, so only the half that moves saves 10 %:
/// ¥16.60 − ¥0.83 = ¥15.77.
#[test]
fn the_night_window_is_on_beijing_time() {
    let mut s = one_gpu("RTX4090", Horizon::Hours(Decimal::from(10)));
    s.tz_offset_minutes = 0;
    let lever = off_peak_lever(&run(s)).clone();
    assert_eq!(lever.with, cny("15.77"));
    // Four hours from 18:00 UTC (02:00–06:00 Beijing) are all in the window: ¥6.64 → ¥5.976.
    let mut s = one_gpu("RTX4090", Horizon::Hours(Decimal::from(24)));
    s.tz_offset_minutes = 0;
    s.lines = vec![Line {
        demand: gpucost_core::scenario::Demand::Window {
            gpus: Decimal::ONE,
            start_minute: 18 * 60,
            minutes: 4 * 60,
        },
        ..Line::constant("RTX4090", Decimal::ONE)
    }];
    let lever = off_peak_lever(&run(s)).clone();
    assert_eq!(lever.without, cny("6.64"));
    assert_eq!(lever.with, cny("5.98"));
}

/// An A100 has no night price at CompShare: no off-peak lever unless the user sets the
/// what-if's discount, which then prices it (it used to assume 40 % off on every scenario, a
/// saving no provider offers; issue 28).
#[test]
fn a_card_without_a_night_price_has_the_what_if_only_when_asked() {
    let mut s = one_gpu("A100-80GB", Horizon::Hours(Decimal::from(10)));
    let r = run(s.clone());
    assert!(
        r.savings.iter().all(|s| s.lever != Lever::OffPeak),
        "{:?}",
        r.savings
    );
    s.off_peak.discount_pct = Decimal::from(40);
    assert!(matches!(
        off_peak_lever(&run(s)).assumption,
        Assumption::OffPeak(_)
    ));
}

/// The presets a user in China opens first list CompShare with the reason it cannot serve
/// them: the short training needs four V100s in one machine (CompShare rents single cards),
/// and the dev/test fleet is A10s and T4s, which it does not rent. A row that says why, not a
/// silent absence.
#[test]
fn the_presets_in_cny_list_compshare_with_why_it_cannot_serve() {
    use gpucost_core::estimate::Unserved;
    for link in ["?preset=short-training&cur=CNY", "?preset=dev-test&cur=CNY"] {
        let (_, report, json) = common::open_report(link);
        let row = report
            .comparison
            .providers
            .iter()
            .find(|p| p.seller.id == "compshare")
            .unwrap_or_else(|| panic!("{link}: a CompShare row"));
        assert!(
            matches!(
                row.outcome,
                Err(Unserved::Constrained { .. } | Unserved::NoOffer { .. })
            ),
            "{link}: {:?}",
            row.outcome
        );
        assert!(
            json["providers"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["provider"] == "compshare"),
            "{link}: the export lists it too"
        );
    }
    // Where it serves (one RTX 4090 for the short training's three days) it is priced in CNY
    // from its 包日 list price: 3 × ¥36.73.
    let r = run(one_gpu("RTX4090", Horizon::Hours(Decimal::from(72))));
    assert_eq!(compshare(&r).total, cny("110.19"));
}
