//! The edits, applied to the presets.

use super::*;
use crate::catalog::embedded;
use crate::presets::Preset;

#[test]
fn rows_stop_at_the_links_caps_not_the_forms() {
    let c = &embedded().catalog;
    let mut s = Preset::DevTest.scenario();
    while s.apply(Edit::AddLine, c) {}
    assert_eq!(s.lines.len(), MAX_LINES);
    while s.apply(Edit::AddPrice, c) {}
    // The form stopped at 12 while a link could hold 32.
    assert_eq!(s.custom_prices.len(), MAX_PRICES);
    while s.apply(Edit::AddDiscount, c) {}
    assert_eq!(s.discounts.len(), c.providers.len(), "one per provider");
    let providers: std::collections::BTreeSet<&str> =
        s.discounts.iter().map(|d| d.provider.as_str()).collect();
    assert_eq!(providers.len(), s.discounts.len());
    // Everything added is valid: the scenario still estimates.
    assert!(s.clone().validate(c).is_ok());
}

#[test]
fn a_new_price_quotes_the_first_lines_gpu_at_the_cloud_without_prices() {
    let c = &embedded().catalog;
    let mut s = Preset::ShortTraining.scenario();
    let before = s.custom_prices.len();
    assert!(s.apply(Edit::AddPrice, c));
    let p = &s.custom_prices[before];
    assert_eq!(p.gpu, s.lines[0].gpu);
    assert_eq!(p.owner, PriceOwner::Provider(DEFAULT_PRICE_PROVIDER.into()));
    assert!(c.provider(DEFAULT_PRICE_PROVIDER).is_some());
    assert_eq!(p.amount, None, "no amount until the user types one");
}

// "Add a price" inserted a Huawei A10 at ¥1/h that at once became the headline (issue 28).
#[test]
fn a_new_price_changes_no_result_until_it_has_an_amount() {
    let c = &embedded().catalog;
    let mut s = Preset::ShortTraining.scenario();
    let fx = crate::fx::FxTable::with_override(c, None);
    let today = chrono::NaiveDate::from_ymd_opt(2026, 12, 6).unwrap();
    let totals = |s: &crate::scenario::Scenario| {
        let estimate =
            crate::session::estimate(embedded(), s.clone(), &fx, Currency::Cny, today, || {
                crate::report::Recommend::Later
            })
            .unwrap();
        estimate
            .report
            .comparison
            .providers
            .iter()
            .map(|p| {
                (
                    p.seller.id.clone(),
                    p.outcome
                        .as_ref()
                        .map(|o| o.total)
                        .map_err(|e| format!("{e:?}")),
                )
            })
            .collect::<Vec<_>>()
    };
    let before = totals(&s);
    assert!(s.apply(Edit::AddPrice, c));
    assert_eq!(
        totals(&s),
        before,
        "a price without an amount prices nothing"
    );
    let i = s.custom_prices.len() - 1;
    assert!(s.apply(Edit::Price(i, PriceEdit::Amount(Decimal::ONE)), c));
    let huawei = |t: &[(String, Result<Money, String>)]| {
        t.iter()
            .find(|(id, _)| id == DEFAULT_PRICE_PROVIDER)
            .map(|(_, r)| r.clone())
    };
    assert!(huawei(&before).is_some_and(|r| r.is_err()), "{before:?}");
    let after = totals(&s);
    assert!(
        huawei(&after).is_some_and(|r| r.is_ok()),
        "once typed, the quote is compared: {after:?}"
    );
}

#[test]
fn the_last_line_stays_and_out_of_range_removals_do_nothing() {
    let c = &embedded().catalog;
    let mut s = Preset::ShortTraining.scenario();
    assert_eq!(s.lines.len(), 1);
    let kept = s.clone();
    assert!(!s.apply(Edit::RemoveLine(0), c));
    assert!(!s.apply(Edit::RemovePrice(99), c));
    assert!(!s.apply(Edit::RemoveDiscount(99), c));
    assert_eq!(s, kept);
    assert!(s.apply(Edit::AddLine, c));
    assert!(s.apply(Edit::RemoveLine(0), c));
    assert_eq!(s.lines.len(), 1);
}

// The page did this arithmetic inside its view: the start kept the window's day, the hours
// became whole minutes (at least one), a count applied to a window but not a painted week.
#[test]
fn line_fields_keep_the_windows_day_count_whole_minutes_and_leave_a_week_alone() {
    use crate::schedule::WeekGrid;
    let c = &embedded().catalog;
    let mut s = Preset::ShortTraining.scenario();
    let window = Demand::Window {
        gpus: Decimal::from(2),
        start_minute: 1440 + 60,
        minutes: 120,
    };
    assert!(s.apply(Edit::LineDemand(0, Box::new(window)), c));
    assert!(s.apply(Edit::LineStart(0, 9 * 60 + 30), c));
    assert!(s.apply(Edit::LineHours(0, Decimal::new(25, 1)), c));
    assert!(s.apply(Edit::LineCount(0, Decimal::from(3)), c));
    assert_eq!(
        s.lines[0].demand,
        Demand::Window {
            gpus: Decimal::from(3),
            start_minute: 1440 + 570,
            minutes: 150
        }
    );
    assert!(
        s.apply(Edit::LineHours(0, Decimal::new(1, 4)), c),
        "0.0001 h"
    );
    assert!(matches!(
        s.lines[0].demand,
        Demand::Window { minutes: 1, .. }
    ));
    assert!(
        !s.apply(Edit::LineStart(0, 1440), c),
        "not a minute of a day"
    );
    assert!(
        !s.apply(Edit::LineCount(0, Decimal::ZERO), c),
        "below the count's floor"
    );
    assert!(!s.apply(Edit::LineGpu(0, "no-such-gpu".into()), c));
    assert!(s.apply(Edit::LineGpu(0, DEFAULT_GPU.into()), c));
    assert!(s.apply(
        Edit::LineDemand(0, Box::new(Demand::Weekly(WeekGrid::default()))),
        c
    ));
    assert!(
        !s.apply(Edit::LineCount(0, Decimal::from(3)), c),
        "a week is painted"
    );
    assert!(
        !s.apply(Edit::LineStart(0, 60), c),
        "only a window has a start"
    );
    assert!(!s.apply(
        Edit::LinePacking(5, crate::placement::Packing::OneMachine),
        c
    ));
}

// The form parsed "12.0" hours with `to_string().parse().unwrap_or(0)` inside its view,
// so an hour it could not parse became midnight; and it checked a discount's provider for
// duplicates itself.
#[test]
fn scenario_fields_take_whole_hours_in_range_and_one_discount_per_provider() {
    let c = &embedded().catalog;
    let mut s = Preset::DevTest.scenario();
    assert!(
        s.apply(Edit::OffPeakFrom(Decimal::new(220, 1)), c),
        "22.0 is 22"
    );
    assert!(s.apply(Edit::OffPeakTo(Decimal::from(24)), c));
    assert_eq!((s.off_peak.start_hour, s.off_peak.end_hour), (22, 24));
    let kept = s.off_peak.clone();
    assert!(!s.apply(Edit::OffPeakFrom(Decimal::new(225, 1)), c), "22.5");
    assert!(
        !s.apply(Edit::OffPeakFrom(Decimal::from(24)), c),
        "a start is 0..=23"
    );
    assert!(!s.apply(Edit::OffPeakTo(Decimal::from(-1)), c));
    assert_eq!(s.off_peak, kept);
    assert!(s.apply(Edit::Lead(Decimal::from(30)), c));
    assert_eq!(s.lead_minutes, 30);
    assert!(!s.apply(Edit::Lead(Decimal::from(1441)), c));
    assert!(s.apply(Edit::AddDiscount, c) && s.apply(Edit::AddDiscount, c));
    let first = s.discounts[0].provider.clone();
    assert!(
        !s.apply(Edit::DiscountProvider(1, first), c),
        "taken by discount 0"
    );
    assert!(!s.apply(Edit::DiscountProvider(1, "nobody".into()), c));
    assert!(s.apply(Edit::DiscountPercent(1, Decimal::from(25)), c));
    assert!(!s.apply(Edit::DiscountPercent(1, Decimal::from(100)), c));
    assert_eq!(s.discounts[1].percent, Decimal::from(25));
    assert!(s.apply(Edit::Allow(ModeClass::Spot, true), c));
    assert!(s.options.allowed.contains(&ModeClass::Spot));
    assert!(s.apply(Edit::Allow(ModeClass::Spot, false), c));
    assert!(!s.options.allowed.contains(&ModeClass::Spot));
    assert!(s.apply(Edit::CompareOnly("aws".into(), true), c));
    assert!(s.sellers.contains("aws"));
    assert!(s.apply(Edit::CompareOnly("aws".into(), false), c));
    assert!(s.sellers.is_empty());
}

// The period's menu matched "hours"/"month"/"calendar" and parsed the month input inside
// the page's view.
#[test]
fn the_period_changes_by_kind_hours_and_month_within_the_limits() {
    let c = &embedded().catalog;
    let today = NaiveDate::from_ymd_opt(2026, 12, 5).unwrap();
    let mut s = Preset::ShortTraining.scenario();
    assert!(s.apply(Edit::Horizon(HorizonKind::Calendar, today), c));
    assert_eq!(
        s.horizon,
        Horizon::CalendarMonth {
            year: 2026,
            month: 12
        }
    );
    assert!(s.apply(Edit::Horizon(HorizonKind::Hours, today), c));
    assert_eq!(s.horizon, Horizon::Hours(Decimal::from(DEFAULT_JOB_HOURS)));
    assert!(!s.apply(Edit::Hours(Decimal::ZERO), c));
    assert!(s.apply(Edit::Hours(Decimal::new(15, 1)), c));
    assert_eq!(parse_month("2027-02"), Some((2027, 2)));
    assert_eq!(
        month_input(Horizon::CalendarMonth {
            year: 2027,
            month: 2
        }),
        "2027-02"
    );
    assert_eq!(month_input(Horizon::Month730), "");
    for bad in ["2027-13", "2027", "27-02-01", "x-02", "9999-01"] {
        assert_eq!(parse_month(bad), None, "{bad}");
    }
    assert!(!s.apply(Edit::CalendarMonth(2027, 0), c));
    for kind in HorizonKind::ALL {
        assert_eq!(HorizonKind::from_slug(kind.as_str()), Some(kind));
        s.apply(Edit::Horizon(kind, today), c);
        assert_eq!(HorizonKind::of(s.horizon), kind);
    }
    assert!(s.apply(Edit::Interruptible(false), c));
    assert_eq!(s.options.interruption, Interruption::NotTolerated);
    assert!(!s.apply(Edit::SpotOverhead(Decimal::from(201)), c));
    assert!(s.apply(Edit::SpotOverhead(Decimal::from(15)), c));
    assert_eq!(s.options.spot_overhead_pct, Decimal::from(15));
}

#[test]
fn a_training_workloads_new_line_keeps_its_gpus_on_one_machine() {
    use crate::placement::Packing;
    use crate::recommend::{TaskKind, Workload};
    let c = &embedded().catalog;
    let mut s = Preset::ShortTraining.scenario();
    s.workload = Some(Workload::for_task(TaskKind::FullFineTune));
    s.apply(Edit::AddLine, c);
    assert_eq!(
        (s.lines[1].gpu.as_str(), s.lines[1].packing),
        (DEFAULT_GPU, Packing::OneMachine)
    );
    s.workload = Some(Workload::for_task(TaskKind::OnlineServing));
    s.apply(Edit::AddLine, c);
    assert_eq!(s.lines[2].packing, Packing::Split);
}

// The page assigned these fields in closures of its own: a zero budget meant "none" there,
// a seller's name was cleaned differently from the link's reader, and a prices file replaced
// the rows without the caps.
#[test]
fn money_floors_prices_and_names_follow_the_links_rules() {
    use crate::placement::Geo;
    let c = &embedded().catalog;
    let mut s = Preset::DevTest.scenario();
    let cny = |v: i64| Money::new(Decimal::from(v), Currency::Cny);
    assert!(s.apply(Edit::Budget(cny(5_000)), c));
    assert_eq!(s.budget, Some(cny(5_000)));
    assert!(s.apply(Edit::Budget(cny(0)), c));
    assert_eq!(s.budget, None, "zero is none");
    assert!(!s.apply(Edit::Budget(cny(-1)), c));
    assert!(s.apply(Edit::ReferenceAmount(cny(9_000)), c));
    assert!(s.apply(Edit::ReferenceLabel("月租\u{7}报价".into()), c));
    assert!(s.apply(Edit::ReferenceAmount(cny(8_000)), c));
    assert_eq!(
        s.reference,
        Some(Reference {
            amount: cny(8_000),
            label: "月租报价".into()
        }),
        "the label stays when the amount changes"
    );
    assert!(s.apply(Edit::ReferenceAmount(cny(0)), c));
    assert!(
        !s.apply(Edit::ReferenceLabel("x".into()), c),
        "no reference to label"
    );

    assert!(s.apply(Edit::OffPeakDiscount(Decimal::from(40)), c));
    assert!(!s.apply(Edit::OffPeakDiscount(Decimal::from(91)), c));
    assert!(s.apply(Edit::OffPeakFlexible(Decimal::from(100)), c));
    assert_eq!(
        (s.off_peak.discount_pct, s.off_peak.flexible_pct),
        (Decimal::from(40), Decimal::from(100))
    );

    assert!(s.apply(Edit::Geo(Geo::all()[1]), c));
    assert_eq!(s.geo, Geo::all()[1]);
    assert!(s.apply(Edit::Spread(crate::placement::Spread::OneRegion), c));
    assert_eq!(s.spread, crate::placement::Spread::OneRegion);
    use crate::provider_filter::ProviderFilter;
    let enterprise = ProviderFilter::enterprise_with_sla(Decimal::new(999, 1));
    assert!(s.apply(Edit::Providers(enterprise.clone()), c));
    assert_eq!(s.providers, enterprise);
    let over = ProviderFilter {
        min_sla_pct: Some(Decimal::from(101)),
        ..enterprise.clone()
    };
    assert!(!s.apply(Edit::Providers(over), c), "an SLA over 100 %");
    let zero = ProviderFilter {
        min_sla_pct: Some(Decimal::ZERO),
        ..enterprise
    };
    assert!(s.apply(Edit::Providers(zero), c));
    assert_eq!(s.providers.min_sla_pct, None, "a floor of zero is none");
    assert!(s.apply(Edit::HostVcpus(Decimal::from(8)), c));
    assert!(s.apply(Edit::HostRam(Decimal::ZERO), c));
    assert_eq!(
        (s.host.vcpus_per_gpu, s.host.ram_gib_per_gpu),
        (Some(Decimal::from(8)), None)
    );
    assert!(!s.apply(Edit::HostRam(Decimal::from(5_000)), c));

    assert!(s.apply(Edit::AddPrice, c));
    let i = s.custom_prices.len() - 1;
    let named = PriceOwner::Named(" In-house:\tcluster ".into());
    assert!(s.apply(Edit::Price(i, PriceEdit::Seller(named)), c));
    assert_eq!(
        s.custom_prices[i].owner,
        PriceOwner::Named("In-house  cluster".into())
    );
    assert!(!s.apply(
        Edit::Price(i, PriceEdit::Seller(PriceOwner::Named(":".into()))),
        c
    ));
    assert!(!s.apply(
        Edit::Price(i, PriceEdit::Seller(PriceOwner::Provider("nobody".into()))),
        c
    ));
    assert!(s.apply(Edit::Price(i, PriceEdit::Amount(Decimal::new(198, 2))), c));
    assert!(!s.apply(Edit::Price(i, PriceEdit::Amount(Decimal::ZERO)), c));
    assert!(s.apply(Edit::Price(i, PriceEdit::Currency(Currency::Usd)), c));
    assert!(s.apply(Edit::Price(i, PriceEdit::Mode(CustomMode::Spot)), c));
    assert!(!s.apply(Edit::Price(i, PriceEdit::Gpu("no-such-gpu".into())), c));
    assert!(!s.apply(Edit::Price(i + 1, PriceEdit::Currency(Currency::Cny)), c));
    let p = &s.custom_prices[i];
    assert_eq!(
        (p.amount, p.currency, p.mode),
        (Some(Decimal::new(198, 2)), Currency::Usd, CustomMode::Spot)
    );
    // The link reads back what the form stored.
    let link = crate::share::encode(&crate::share::PageState {
        scenario: s.clone(),
        ..Default::default()
    });
    let back = crate::share::decode(&link, c);
    assert!(back.issues.is_empty(), "{:?}", back.issues);
    assert_eq!(back.state.scenario.custom_prices, s.custom_prices);

    let too_many = vec![s.custom_prices[i].clone(); MAX_PRICES + 1];
    assert!(!s.apply(Edit::ReplacePrices(too_many, vec![]), c));
    assert!(s.apply(Edit::ReplacePrices(vec![], vec![]), c));
    assert!(s.custom_prices.is_empty() && s.discounts.is_empty());
}

// The page converted a line's shape and chose "at least N per machine" in its own code, with
// its own defaults (a 09:00 eight-hour window, the peak clamped to the machine limit).
#[test]
fn a_lines_shape_and_packing_change_with_the_engines_defaults() {
    let c = &embedded().catalog;
    let mut s = Preset::ShortTraining.scenario();
    assert!(s.apply(
        Edit::LineDemand(0, Box::new(Demand::Constant(Decimal::new(25, 1)))),
        c
    ));
    assert!(s.apply(Edit::LineShape(0, DemandKind::Window), c));
    assert_eq!(
        s.lines[0].demand,
        Demand::Window {
            gpus: Decimal::new(25, 1),
            start_minute: DEFAULT_WINDOW_START_MINUTE,
            minutes: DEFAULT_WINDOW_MINUTES
        }
    );
    assert!(s.apply(Edit::LineShape(0, DemandKind::Weekly), c));
    assert_eq!(
        s.lines[0].demand.peak(),
        Decimal::from(3),
        "a week counts whole GPUs"
    );
    let week = s.lines[0].demand.clone();
    assert!(s.apply(Edit::LineShape(0, DemandKind::Weekly), c));
    assert_eq!(
        s.lines[0].demand, week,
        "the same shape keeps a painted week"
    );
    assert!(s.apply(Edit::LineShape(0, DemandKind::Always), c));
    assert_eq!(s.lines[0].demand, Demand::Constant(Decimal::from(3)));
    for kind in DemandKind::ALL {
        assert_eq!(DemandKind::from_slug(kind.as_str()), Some(kind));
    }

    assert!(s.apply(Edit::LineCount(0, Decimal::from(100)), c));
    assert!(s.apply(Edit::LinePackingKind(0, PackingKind::AtLeast), c));
    assert_eq!(
        s.lines[0].packing,
        Packing::AtLeast(GPUS_PER_MACHINE.max),
        "the peak, within the machine limit"
    );
    assert!(s.apply(Edit::LinePerMachine(0, Decimal::from(4)), c));
    assert!(s.apply(Edit::LinePackingKind(0, PackingKind::AtLeast), c));
    assert_eq!(s.lines[0].packing, Packing::AtLeast(4), "kept");
    assert!(!s.apply(Edit::LinePerMachine(0, Decimal::new(45, 1)), c));
    assert!(!s.apply(Edit::LinePerMachine(0, Decimal::ZERO), c));
    assert!(s.apply(Edit::LinePackingKind(0, PackingKind::OneMachine), c));
    assert_eq!(s.lines[0].packing, Packing::OneMachine);
}

// The schedules' time zone was never shown nor editable in the page (issue 28).
#[test]
fn the_time_zone_is_an_edit_the_link_carries() {
    let c = &embedded().catalog;
    let mut s = Preset::DevTest.scenario();
    assert!(s.apply(Edit::TimeZone(-330), c));
    assert_eq!(s.tz_offset_minutes, -330);
    assert!(!s.apply(Edit::TimeZone(15 * 60), c), "past UTC+14:00");
    assert_eq!(s.tz_offset_minutes, -330);
    let link = crate::share::encode(&crate::share::PageState {
        scenario: s.clone(),
        ..Default::default()
    });
    assert!(
        link.contains("tz=-05%3A30") || link.contains("tz=-05:30"),
        "{link}"
    );
    assert_eq!(
        crate::share::decode(&link, c)
            .state
            .scenario
            .tz_offset_minutes,
        -330
    );
}

// "Use this" on a recommended GPU (issue 28): the line takes the GPU, the machines the plan
// rents and the count it is budgeted with, and the link says so.
#[test]
fn a_recommendation_goes_into_the_first_line_with_its_machines_and_count() {
    use crate::fx::FxTable;
    use crate::money::Currency;
    use crate::placement::Packing;
    use crate::share::scenario_params::write_line;
    let c = &embedded().catalog;
    let mut s = Preset::Custom.scenario();
    let w = s.workload.expect("the custom preset describes a workload");
    let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
    let rec = crate::recommend::recommend(
        c,
        &w.validate().unwrap(),
        &FxTable::from_catalog(c),
        Currency::Cny,
        today,
    );
    // The first card whose plan rents machines of more than one GPU, as "use this" sees it.
    let (r, per_machine) = rec
        .ranked
        .iter()
        .filter_map(|cand| {
            let o = cand.best_option()?;
            let r = Recommended::of(cand, o)?;
            (o.gpus_per_instance > Decimal::ONE).then_some((r, o.gpus_per_instance))
        })
        .next()
        .expect("a card rents a multi-GPU machine");
    assert_ne!(s.lines[0].gpu, r.gpu, "the preset's line is not already it");
    assert_eq!(r.line_in(&s), Some(0));
    assert!(s.apply(Edit::UseRecommended(r.clone()), c));
    let line = &s.lines[0];
    assert_eq!(line.gpu, r.gpu);
    assert_eq!(line.demand, Demand::Constant(r.gpus));
    assert_eq!(
        line.min_per_machine(),
        Some(per_machine),
        "machines of the plan's size"
    );
    assert_eq!(
        write_line(line),
        format!(
            "{}*{}/{}",
            r.gpu,
            r.gpus.normalize(),
            per_machine.normalize()
        ),
        "the link carries GPU, count and machine"
    );
    assert!(s.clone().validate(c).is_ok());

    // A second line renting that GPU is the one it goes into next time.
    let mut two = Preset::DevTest.scenario();
    two.lines
        .push(crate::scenario::Line::constant(&r.gpu, Decimal::ONE));
    let at = two.lines.len() - 1;
    assert_eq!(r.line_in(&two), Some(at));
    assert!(two.apply(Edit::UseRecommended(r.clone()), c));
    assert_eq!(two.lines[at].packing, s.lines[0].packing);
    assert_eq!(two.lines[at].demand.peak(), r.gpus);

    // A painted week keeps its hours, each at the count; a slice goes on any machine.
    let mut week = Preset::DevTest.scenario();
    let mut grid = crate::schedule::WeekGrid::default();
    grid.0[9] = 1;
    week.lines = vec![crate::scenario::Line {
        demand: Demand::Weekly(grid),
        ..crate::scenario::Line::constant("A100-80GB", Decimal::ONE)
    }];
    let slice = Recommended {
        gpu: DEFAULT_GPU.into(),
        per_machine: None,
        gpus: Decimal::new(25, 1),
    };
    assert!(week.apply(Edit::UseRecommended(slice), c));
    let Demand::Weekly(g) = &week.lines[0].demand else {
        panic!("still a week")
    };
    assert_eq!(
        (g.0[9], g.0[10]),
        (3, 0),
        "2.5 GPUs paint as 3, unpainted stays"
    );
    assert_eq!(week.lines[0].packing, Packing::Split);

    // Hostile plans are refused and change nothing.
    let kept = s.clone();
    for bad in [
        Recommended {
            gpu: "no-such-gpu".into(),
            ..r.clone()
        },
        Recommended {
            gpus: Decimal::ZERO,
            ..r.clone()
        },
        Recommended {
            gpus: Decimal::from(crate::limits::MAX_GPUS) + Decimal::ONE,
            ..r.clone()
        },
        Recommended {
            per_machine: Some(GPUS_PER_MACHINE.max + 1),
            ..r.clone()
        },
    ] {
        assert!(!s.apply(Edit::UseRecommended(bad), c));
    }
    assert_eq!(s, kept);
}

#[test]
fn a_serving_lines_load_is_edited_field_by_field_within_its_limits() {
    use crate::traffic::LoadField;
    let c = &embedded().catalog;
    let mut s = Preset::DevTest.scenario();
    assert!(!s.apply(Edit::LineLoad(0, LoadField::Rate, Decimal::TEN), c));
    assert!(s.apply(Edit::LineShape(1, DemandKind::Load), c));
    assert_eq!(
        s.lines[1].demand.peak(),
        Decimal::from(10),
        "the shape keeps the count"
    );
    for (field, value) in [
        (LoadField::Rate, 5000),
        (LoadField::PerGpu, 100),
        (LoadField::Headroom, 20),
        (LoadField::MinGpus, 2),
        (LoadField::ScaleIn, 15),
    ] {
        assert!(s.apply(Edit::LineLoad(1, field, Decimal::from(value)), c));
    }
    assert_eq!(
        s.lines[1].demand.peak(),
        Decimal::from(60),
        "5,000 × 1.2 ÷ 100"
    );
    for (field, value) in [
        (LoadField::Rate, Decimal::ZERO),
        (LoadField::PerGpu, Decimal::new(1, 3)),
        (LoadField::Headroom, Decimal::from(301)),
        (LoadField::MinGpus, Decimal::new(15, 1)),
        (LoadField::ScaleIn, Decimal::from(1441)),
        (LoadField::Fleet, Decimal::ONE),
    ] {
        assert!(!s.apply(Edit::LineLoad(1, field, value), c), "{field:?}");
    }
    assert_eq!(s.lines[1].demand.peak(), Decimal::from(60));
    assert!(s.validate(c).is_ok());
}

#[test]
fn a_serving_lines_load_changes_shape_and_its_window_and_curve_are_edited() {
    use crate::schedule::{Pattern, WeekGrid};
    use crate::traffic::{LoadField, LoadShape};
    let c = &embedded().catalog;
    let mut s = Preset::DevTest.scenario();
    assert!(s.apply(Edit::LineShape(1, DemandKind::Load), c));
    assert!(s.apply(Edit::LineLoad(1, LoadField::PerGpu, Decimal::ONE), c));
    let shape = |s: &Scenario| match &s.lines[1].demand {
        Demand::Load(load) => load.shape.clone(),
        other => panic!("not a serving line: {other:?}"),
    };
    assert_eq!(shape(&s), LoadShape::Always);
    let peak = s.lines[1].demand.peak();

    assert!(s.apply(Edit::LoadShape(1, LoadShapeKind::Window), c));
    assert_eq!(
        shape(&s),
        LoadShape::Window {
            start_minute: 9 * 60,
            minutes: 8 * 60
        }
    );
    assert!(s.apply(Edit::LineStart(1, 20 * 60), c));
    assert!(s.apply(Edit::LineHours(1, Decimal::from(4)), c));
    assert_eq!(
        shape(&s),
        LoadShape::Window {
            start_minute: 20 * 60,
            minutes: 4 * 60
        },
        "the traffic-spike preset's 20:00 + 4 h, typed in the form"
    );
    assert_eq!(s.lines[1].demand.peak(), peak, "a shape keeps the peak");

    assert!(s.apply(Edit::LoadShape(1, LoadShapeKind::Weekly), c));
    assert_eq!(
        shape(&s),
        LoadShape::Weekly(Pattern::BusinessHours.grid(100))
    );
    assert!(
        !s.apply(Edit::LineStart(1, 0), c),
        "a curve has no window to start"
    );
    let mut curve = Pattern::AllWeek.grid(30);
    curve.paint(&[9, 10, 11], 100);
    assert!(s.apply(Edit::LoadCurve(1, Box::new(curve.clone())), c));
    assert_eq!(shape(&s), LoadShape::Weekly(curve));
    for refused in [WeekGrid::default(), Pattern::AllWeek.grid(101)] {
        assert!(!s.apply(Edit::LoadCurve(1, Box::new(refused)), c));
    }
    assert!(s.clone().validate(c).is_ok());

    // A GPU line has no load to shape.
    assert!(!s.apply(Edit::LoadShape(0, LoadShapeKind::Weekly), c));
    assert!(!s.apply(Edit::LoadCurve(0, Box::new(Pattern::AllWeek.grid(50))), c));
    for kind in LoadShapeKind::ALL {
        assert_eq!(LoadShapeKind::from_slug(kind.as_str()), Some(kind));
    }
}

#[test]
fn jobs_are_added_edited_within_their_window_and_removed() {
    let c = &embedded().catalog;
    let mut s = Scenario::default();
    assert!(s.apply(Edit::AddJob, c));
    assert_eq!(
        (s.jobs[0].gpu.as_str(), s.jobs[0].gpus, s.jobs[0].due_hour),
        ("A100-80GB", 1, 24),
        "the first line's GPU, due at the end of the 24-hour period"
    );
    let job = |e: JobEdit| Edit::Job(0, e);
    assert!(s.apply(job(JobEdit::Gpus(Decimal::from(8))), c));
    assert!(s.apply(job(JobEdit::Hours(Decimal::new(15, 1))), c));
    assert_eq!((s.jobs[0].gpus, s.jobs[0].minutes), (8, 90));
    // A start that leaves no room for its hours, a deadline past the period, a fraction of
    // an hour or an unknown GPU: refused, the job kept as it was.
    assert!(!s.apply(job(JobEdit::From(Decimal::from(23))), c));
    assert!(!s.apply(job(JobEdit::Due(Decimal::from(25))), c));
    assert!(!s.apply(job(JobEdit::Due(Decimal::new(205, 1))), c));
    assert!(!s.apply(job(JobEdit::Gpus(Decimal::from(129))), c));
    assert!(!s.apply(job(JobEdit::Gpu("T5".into())), c));
    assert!(s.apply(job(JobEdit::From(Decimal::from(20))), c));
    assert_eq!((s.jobs[0].from_hour, s.jobs[0].due_hour), (20, 24));
    assert!(s.clone().validate(c).is_ok());
    while s.apply(Edit::AddJob, c) {}
    assert_eq!(s.jobs.len(), crate::limits::MAX_JOBS);
    assert!(s.apply(Edit::RemoveJob(0), c) && !s.apply(Edit::RemoveJob(63), c));
}

// A team name typed into the form is cleaned as the link's reader would keep it, and an empty
// one takes the line out of every team.
#[test]
fn a_lines_team_is_cleaned_and_an_empty_one_is_none() {
    let c = &embedded().catalog;
    let mut s = Scenario::default();
    assert!(s.apply(Edit::LineTeam(0, " search\u{1b}[2J ".into()), c));
    assert_eq!(s.lines[0].team.as_deref(), Some("search [2J"));
    assert!(s.apply(Edit::LineTeam(0, "  ".into()), c));
    assert_eq!(s.lines[0].team, None);
    assert!(!s.apply(Edit::LineTeam(3, "ads".into()), c));
    let long = "x".repeat(100);
    assert!(s.apply(Edit::LineTeam(0, long), c));
    assert_eq!(s.lines[0].team.as_ref().map(String::len), Some(32));
}

#[test]
fn a_serving_line_takes_its_capacity_from_the_recommendation_model() {
    use crate::recommend::capacity::{serving_capacity, tests::serving};
    use crate::recommend::{KnownModel, Precision};
    let c = &embedded().catalog;
    let mut s = Preset::TrafficSpike.scenario();
    let before = s.clone();
    assert!(
        !s.apply(Edit::LoadPerGpuFromModel(0), c),
        "no workload described: nothing to take"
    );
    s.workload = Some(serving(KnownModel::BertLarge, Precision::Fp16, 100));
    let model = serving_capacity(c, s.workload.as_ref(), "T4").expect("a T4 serves BERT");
    assert!(s.apply(Edit::LoadPerGpuFromModel(1), c));
    let Demand::Load(load) = &s.lines[1].demand else {
        panic!("still a serving line");
    };
    assert_eq!(load.per_gpu, model.per_gpu);
    assert_eq!(
        load.rps,
        Decimal::from(5000),
        "only the capacity changes: {load:?}"
    );
    assert_eq!(s.lines[0], before.lines[0], "the other line is left alone");
    let minutes = s.horizon.minutes();
    assert_eq!(
        load_with_capacity(load, model.per_gpu, minutes).as_ref(),
        Some(load)
    );
    assert!(
        load_with_capacity(load, Decimal::new(1, 3), minutes).is_none(),
        "5,000 requests/s at a thousandth per GPU needs more GPUs than a line may have"
    );
    assert!(!s.apply(Edit::LoadPerGpuFromModel(7), c), "no such line");
    let mut painted = Preset::DevTest.scenario();
    painted.workload = s.workload;
    assert!(
        !painted.apply(Edit::LoadPerGpuFromModel(1), c),
        "a line of GPUs has no load"
    );
    assert!(s.validate(c).is_ok());
}
