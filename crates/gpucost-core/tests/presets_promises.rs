//! Each preset's promise: the cost guide's figure (seed 004, by section) and the figure the
//! page computes from the embedded catalog, to the cent, and that both languages state both.
//! A catalog update that moves a page figure fails here on purpose: the description follows
//! the engine, and this file records what it says.

use std::str::FromStr;

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::format::{percent_value, Lang};
use gpucost_core::fx::FxTable;
use gpucost_core::l10n::check::english_phrase;
use gpucost_core::l10n::labels::has_han;
use gpucost_core::l10n::Localize;
use gpucost_core::money::{Currency, Money};
use gpucost_core::presets::Preset;
use gpucost_core::promise::{promise, Promise};
use gpucost_core::savings::Saving;
use rust_decimal::Decimal;

fn cny(s: &str) -> Money {
    Money::new(Decimal::from_str(s).unwrap(), Currency::Cny)
}

fn of(preset: Preset) -> Promise {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
    promise(preset, e, &fx, Currency::Cny, today)
        .unwrap_or_else(|| panic!("{} makes no promise", preset.as_str()))
}

/// Both languages name the guide's section and state every figure in `figures`; the English
/// has no Chinese and the Chinese no English phrase.
fn says(promise: &Promise, figures: &[&str]) {
    let (en, zh) = (promise.text(Lang::En), promise.text(Lang::Zh));
    assert!(!has_han(&en), "{en}");
    assert!(has_han(&zh), "{zh}");
    assert_eq!(english_phrase(&zh, &[]), None, "{zh}");
    for lang in Lang::ALL {
        let text = promise.text(lang);
        assert!(text.contains(&format!("§{}", promise.section())), "{text}");
        assert!(
            !text.contains("founding") && !text.contains("创始"),
            "{text}"
        );
        for f in figures {
            assert!(text.contains(f), "{lang:?} does not say {f}: {text}");
        }
    }
}

fn percent(s: &Saving) -> String {
    percent_value(s.percent())
}

/// Seed 004 §2.1: 4 × ¥8 × 72 = ¥2,304, reproduced by the ¥8 quote; a marketplace listing in
/// the catalog is cheaper.
#[test]
fn short_training_reproduces_the_guides_2304() {
    let p = of(Preset::ShortTraining);
    let Promise::ShortTraining {
        guide,
        quote,
        cheapest,
    } = &p
    else {
        panic!("{p:?}")
    };
    assert_eq!(*guide, cny("2304"));
    assert_eq!(*quote, Some(cny("2304.00")));
    assert_eq!(
        (cheapest.seller.id.as_str(), cheapest.total),
        ("vast", cny("422.50"))
    );
    says(&p, &["¥2,304.00", "¥422.50", "Vast.ai"]);
}

/// Seed 004 §2.2: "under ¥1,200". The page's cheapest is the guide's own market reference at
/// ¥1,207.50, because it adds the all-day baseline; the burst alone is ¥787.50.
#[test]
fn traffic_spike_says_why_it_is_over_1200() {
    let p = of(Preset::TrafficSpike);
    let Promise::TrafficSpike {
        guide,
        cheapest,
        burst,
        baseline,
        provider,
    } = &p
    else {
        panic!("{p:?}")
    };
    assert_eq!(*guide, cny("1200"));
    assert_eq!(
        (cheapest.seller.id.as_str(), cheapest.total),
        ("market-ref", cny("1207.50"))
    );
    assert_eq!((*burst, *baseline), (cny("787.50"), cny("420.00")));
    assert_eq!(*burst + *baseline, cheapest.total);
    let provider = provider
        .as_ref()
        .expect("the cheapest provider beside the reference");
    assert_eq!(
        (provider.seller.id.as_str(), provider.total),
        ("aws", cny("1267.71"))
    );
    says(
        &p,
        &["¥1,200.00", "¥1,207.50", "¥787.50", "¥420.00", "¥1,267.71"],
    );
}

/// Seed 004 §2.3: 67 % less than a monthly plan (包月). The page states its saving against
/// always-on hourly and, line by line, against the catalog's monthly prices: Tencent Cloud
/// lists a monthly T4, no provider a monthly A10.
#[test]
fn dev_test_states_both_baselines() {
    let p = of(Preset::DevTest);
    let Promise::DevTest {
        guide_percent,
        cheapest,
        always_on,
        monthly,
    } = &p
    else {
        panic!("{p:?}")
    };
    assert_eq!(*guide_percent, Decimal::from(67));
    assert_eq!(
        (cheapest.seller.id.as_str(), cheapest.total),
        ("azure", cny("2784.07"))
    );
    let on = always_on.as_ref().expect("schedule lever");
    assert_eq!(
        (on.without, on.with, percent(on).as_str()),
        (cny("8398.23"), cny("2784.07"), "66.85")
    );
    assert_eq!(monthly.len(), 2);
    assert_eq!(
        (monthly[0].gpu.as_str(), monthly[0].saving.as_ref()),
        ("A10", None)
    );
    let t4 = monthly[1].saving.as_ref().expect("Tencent's monthly T4");
    assert_eq!(monthly[1].gpu, "T4");
    assert_eq!(
        (t4.without, t4.with, percent(t4).as_str()),
        (cny("22500.00"), cny("1271.98"), "94.35")
    );
    says(
        &p,
        &[
            "67%",
            "¥2,784.07",
            "¥8,398.23",
            "66.85%",
            "¥22,500.00",
            "¥1,271.98",
            "94.35%",
        ],
    );
}

/// Seed 004 §4.1: ¥480,000 → ¥120,000 a month (a quarter, which means sessions every day).
/// The desk trades Monday to Friday here, on catalog prices far below the guide's.
#[test]
fn shift_fleet_states_the_guides_month_and_the_pages() {
    let p = of(Preset::ShiftFleet);
    let Promise::ShiftFleet {
        guide_from,
        guide_to,
        cheapest,
        always_on,
        big_clouds,
    } = &p
    else {
        panic!("{p:?}")
    };
    assert_eq!((*guide_from, *guide_to), (cny("480000"), cny("120000")));
    assert_eq!(p.guide_percent(), Some(Decimal::from(75)));
    assert_eq!(
        (cheapest.seller.id.as_str(), cheapest.total),
        ("vast", cny("5717.46"))
    );
    let on = always_on.as_ref().expect("schedule lever");
    assert_eq!(
        (on.without, percent(on).as_str()),
        (cny("31413.74"), "81.80")
    );
    let (lo, hi) = big_clouds.as_deref().expect("big clouds serve it");
    assert_eq!((lo.total, hi.total), (cny("31687.91"), cny("38196.80")));
    says(
        &p,
        &[
            "¥480,000.00",
            "¥120,000.00",
            "¥5,717.46",
            "¥31,687.91",
            "¥38,196.80",
            "81.80%",
        ],
    );
}

/// Your own scenario quotes nothing from the guide.
#[test]
fn custom_makes_no_promise() {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
    assert_eq!(promise(Preset::Custom, e, &fx, Currency::Cny, today), None);
}
