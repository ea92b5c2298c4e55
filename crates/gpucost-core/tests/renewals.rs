//! Commitments shorter than the horizon (issue 14): a one-off year on RunPod's 3-month savings
//! plan was priced as one term (2,190 h) for 8,760 A40-hours, 744.60 USD. A term covers only
//! its own hours, so a commitment is renewed back to back: a reserved instance owes
//! ⌈horizon ÷ term⌉ whole terms. These read the link against the embedded catalog,
//! scoped to RunPod, whose A40 has a 3-month (0.34 USD/h) and a 6-month (0.32 USD/h) plan
//! beside on demand (0.40 USD/h).

mod common;

use std::str::FromStr;

use gpucost_core::billing::{
    plans, Coverage, ItemKind, LineUsage, PlanContext, PlanKind, Rate, RegionRates,
};
use gpucost_core::billing_mode::{BillingMode, ModeClass, Term};
use gpucost_core::catalog::embedded;
use gpucost_core::estimate::{BreakEven, ClassOption, ProviderPlan};
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::l10n::labels;
use gpucost_core::money::{Currency, Money};
use gpucost_core::report::Report;
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn usd(s: &str) -> Money {
    Money::new(d(s), Currency::Usd)
}

/// The link with the horizon `h`.
fn link(h: u32) -> String {
    format!("?h={h}&l=A40*1&pay=reserved&int=0&cp=none&cur=USD&cmp=runpod")
}

/// Decodes `link` (it must open without an issue) and estimates it, with its JSON export.
fn open(link: &str) -> (Report, serde_json::Value) {
    let (_, r, json) = common::open_report(link);
    (r, json)
}

fn runpod(r: &Report) -> &ProviderPlan {
    r.comparison
        .providers
        .iter()
        .find(|p| p.seller.id == "runpod")
        .expect("a RunPod row")
        .outcome
        .as_ref()
        .expect("RunPod serves A40")
}

/// RunPod's best committed plan for the one line.
fn committed(r: &Report) -> &ClassOption {
    runpod(r).options[0]
        .iter()
        .find(|o| o.class == ModeClass::Committed)
        .expect("a committed option")
}

/// ⌈hours ÷ term⌉, at least one.
fn terms_for(hours: u32, term: Term) -> u32 {
    let t: u32 = term.hours().to_string().parse().unwrap();
    hours.div_ceil(t).max(1)
}

/// The committed option's one commitment item, checked against the renewal arithmetic:
/// ⌈h ÷ T⌉ terms × T hours × rate, for the one reserved instance. Returns the terms owed.
fn assert_renewals(o: &ClassOption, h: u32) -> u32 {
    let PlanKind::Committed {
        commitment,
        reserved,
        coverage,
        ..
    } = o.plan.plan
    else {
        panic!("not a committed plan: {:?}", o.plan.plan)
    };
    assert_eq!(reserved, 1);
    let n = terms_for(h, commitment.term);
    assert_eq!(coverage, Coverage::Terms(n), "h={h}");
    let item = &o.plan.items[0];
    assert_eq!(item.kind, ItemKind::Commitment);
    let hours = Decimal::from(n) * commitment.term.hours();
    assert_eq!(
        item.quantity,
        hours,
        "h={h}: {n} terms × {} h",
        commitment.term.hours()
    );
    assert!(
        item.quantity >= Decimal::from(h),
        "h={h}: the terms cover the horizon"
    );
    assert_eq!(
        item.amount,
        item.rate.times(hours).round_for_display(),
        "h={h}"
    );
    n
}

#[test]
fn a_year_on_short_commitments_owes_every_renewal() {
    let (r, json) = open(&link(8760));
    let o = committed(&r);
    // The 6-month plan renewed once (2 × 4,380 h × 0.32) now beats four 3-month terms
    // (4 × 2,190 h × 0.34 = 2,978.40); one 3-month term used to win at 744.60.
    assert_eq!(assert_renewals(o, 8760), 2);
    assert_eq!(o.plan.subtotal, usd("2803.20"));
    assert_eq!(runpod(&r).total, usd("2803.20"));
    // Break-even is over the hours charged: 8,760 × 0.32 ÷ (0.40 × 8,760).
    assert_eq!(o.break_even, Some(BreakEven::Utilization(d("0.8"))));
    // Renewals are visible wherever the plan is described.
    let en = labels::plan(o.plan.plan, Lang::En);
    let zh = labels::plan(o.plan.plan, Lang::Zh);
    assert!(en.contains("2 terms back to back"), "{en}");
    assert!(zh.contains("连续 2 期"), "{zh}");
    let item = labels::item_in(o.plan.items[0].kind, o.plan.plan, Lang::En);
    assert!(item.contains("2 × 4,380 h"), "{item}");
    let items = &json["providers"][0]["line_items"];
    assert_eq!(items[0]["quantity"], "8760");
    assert_eq!(items[0]["terms"], 2);
    // The cumulative chart pays each term at its start: half at hour 0, all from hour 4,380.
    let series = r
        .series
        .iter()
        .find(|s| s.class == ModeClass::Committed)
        .expect("a committed series");
    for (hour, paid) in &series.points {
        let terms_started = if *hour < d("4380") {
            "1401.60"
        } else {
            "2803.20"
        };
        assert_eq!(*paid, usd(terms_started), "at hour {hour}");
    }
    assert_eq!(series.points.last().unwrap().1, usd("2803.20"));
}

#[test]
fn every_short_commitment_is_renewed_over_a_year() {
    // Each of the offer's commitments, priced on its own by the billing engine: the issue's
    // 3-month plan owes four terms, 4 × 2,190 h × 0.34 = 2,978.40 (not one term, 744.60).
    let e = embedded();
    let offer = e
        .catalog
        .offers
        .iter()
        .find(|o| o.id == "runpod/1x NVIDIA A40 (SECURE)")
        .expect("RunPod's A40 offer");
    let rate = |mode: BillingMode| {
        let p = offer.prices.iter().find(|p| p.mode == mode).unwrap();
        Rate {
            mode,
            amount: p.amount,
            currency: p.currency,
            source: "runpod-api",
            as_of: p.as_of,
        }
    };
    let committed: Vec<_> = offer
        .prices
        .iter()
        .filter_map(|p| match p.mode {
            BillingMode::Committed(c) => Some((c, rate(p.mode))),
            _ => None,
        })
        .collect();
    assert_eq!(committed.len(), 2, "3- and 6-month plans");
    let fx = FxTable::from_catalog(&e.catalog);
    for (c, r) in committed {
        let rates = RegionRates {
            region: "secure-cloud",
            on_demand: Some(rate(BillingMode::OnDemand)),
            committed: vec![(c, r.clone())],
            ..RegionRates::default()
        };
        let usage = LineUsage {
            billed_hours: vec![d("8760")],
            ..LineUsage::default()
        };
        let ctx = PlanContext {
            fx: &fx,
            display: Currency::Usd,
            spot_overhead: d("0.1"),
            spot_usable: false,
            committed_allowed: true,
            subscription_allowed: false,
            recurring: false,
            horizon_hours: d("8760"),
        };
        let plan = plans(&rates, &usage, &ctx)
            .into_iter()
            .find(|p| p.kind.class() == ModeClass::Committed)
            .unwrap();
        let n = terms_for(8760, c.term);
        assert_eq!(plan.items.len(), 1, "{c:?}: the terms cover every hour");
        assert_eq!(plan.items[0].quantity, Decimal::from(n) * c.term.hours());
        assert_eq!(plan.cost, d("8760") * r.amount, "{c:?}");
        if c.term == Term::Months3 {
            assert_eq!((n, plan.cost), (4, d("2978.40")));
        }
    }
}

#[test]
fn a_horizon_shorter_than_a_term_still_owes_the_whole_term() {
    // 2,000 h: one 3-month term (2,190 h × 0.34 = 744.60) is still cheaper than 2,000 h on
    // demand (800.00), as before.
    let (r, _) = open(&link(2000));
    let o = committed(&r);
    assert_eq!(assert_renewals(o, 2000), 1);
    assert_eq!(o.plan.subtotal, usd("744.60"));
    assert_eq!(runpod(&r).total, usd("744.60"));
    // No renewal: the plan reads as before.
    let en = labels::plan(o.plan.plan, Lang::En);
    assert!(!en.contains("terms"), "{en}");
}

#[test]
fn a_horizon_between_terms_owes_the_next_whole_term() {
    // 5,000 h: three 3-month terms (6,570 h × 0.34 = 2,233.80) cost more than 5,000 h on demand
    // (2,000.00), so on demand wins; one term used to win at 744.60.
    let (r, _) = open(&link(5000));
    let o = committed(&r);
    assert_eq!(assert_renewals(o, 5000), 3);
    assert_eq!(o.plan.subtotal, usd("2233.80"));
    assert_eq!(runpod(&r).total, usd("2000.00"));
    assert_eq!(
        runpod(&r).common_plan().map(|p| p.slug()).as_deref(),
        Some("on-demand")
    );
    // Never pays off within the horizon: 6,570 × 0.34 ÷ (0.40 × 5,000) = 111.69 %.
    assert_eq!(o.break_even, Some(BreakEven::Utilization(d("1.11690"))));
}
