//! One place, when the user asks (issue 28): "cheapest provider" on the shift-fleet preset put
//! the A100s in South Korea and the V100s in North Carolina, and AWS priced one line in
//! us-east-2 and the other in us-east-1, while the main table never said where. With
//! `spread=one-region` each provider keeps every line in the one region where the scenario
//! costs it least, or says it cannot; every row says its region(s), the same in the page's
//! cells, the JSON, CSV and Markdown exports and the terminal table.

mod common;

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::edit::Edit;
use gpucost_core::escape::{markdown_text, terminal_lines};
use gpucost_core::estimate::{ProviderPlan, Unserved};
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::money::{Currency, Money};
use gpucost_core::placement::{Spread, REGION_NOT_NAMED};
use gpucost_core::presets::Preset;
use gpucost_core::print::cells::RowCells;
use gpucost_core::print::{csv, json, markdown, table};
use gpucost_core::report::Report;
use gpucost_core::scenario::{CustomMode, CustomPrice, PriceOwner, Scenario};
use gpucost_core::session::Session;
use gpucost_core::share::{decode, encode};
use gpucost_core::view::estimate::EstimateView;
use rust_decimal::Decimal;

fn cny(s: &str) -> Money {
    Money::new(s.parse().unwrap(), Currency::Cny)
}

fn shift_fleet(spread: Spread) -> Scenario {
    let mut s = Preset::ShiftFleet.scenario();
    assert!(s.apply(Edit::Spread(spread), &embedded().catalog));
    s
}

fn run(s: Scenario) -> Report {
    let e = embedded();
    let v = s.validate(&e.catalog).expect("valid scenario");
    let fx = FxTable::from_catalog(&e.catalog);
    common::estimate(&v, &fx, Currency::Cny, common::today())
}

fn plan<'r>(r: &'r Report, seller: &str) -> &'r ProviderPlan {
    let row = r
        .comparison
        .providers
        .iter()
        .find(|p| p.seller.id == seller);
    match row.map(|p| &p.outcome) {
        Some(Ok(plan)) => plan,
        other => panic!("{seller}: {other:?}"),
    }
}

fn regions(plan: &ProviderPlan) -> Vec<&str> {
    plan.lines.iter().map(|l| l.region.as_str()).collect()
}

/// With one region asked for, every provider that serves shift fleet has both lines in one
/// region, and the totals are the catalog's prices in that region, to the cent (at the
/// catalog's ¥6.9858/$, `cfets-2026-01-27`; 133 p4d-hours and 132 p3-hours are the preset's
/// 8 × A100 for 6 h and 4 × V100 for 6 h each weekday over its 730 h month, as without the
/// option):
///
/// - AWS (`vantage-aws`, 2026-01-21): us-west-2 lists p4d.24xlarge at $21.95764/h and
///   p3.8xlarge at $12.24/h: 133 × 21.95764 × 6.9858 = ¥20,401.09 and
///   132 × 12.24 × 6.9858 = ¥11,286.82, ¥31,687.91 in all. us-east-2, the cheapest for the
///   A100s, has no p3.8xlarge; us-east-1 lists p4d at $21.957642, a cent more over the month.
/// - Lambda (`anycloud-lambda`, 2026-05-07): gpu_1x_a100 $1.99 and gpu_8x_v100 $6.32 in each
///   of its regions; of regions that cost the same the first by name, asia-northeast-1:
///   1064 × 1.99 × 6.9858 = ¥14,791.45 and 132 × 6.32 × 6.9858 = ¥5,827.83, ¥20,619.28, now
///   the cheapest row.
/// - Vast.ai and Cudo, whose cheapest A100 and V100 machines are in different places, have
///   no one place with both and say so instead of splitting.
#[test]
fn shift_fleet_in_one_region_keeps_each_provider_in_one_region_to_the_cent() {
    let r = run(shift_fleet(Spread::OneRegion));
    let served: Vec<_> = r
        .comparison
        .providers
        .iter()
        .filter_map(|p| p.outcome.as_ref().ok().map(|plan| (p, plan)))
        .collect();
    assert!(served.len() >= 8, "{}", served.len());
    for (p, plan) in &served {
        let where_ = regions(plan);
        assert!(
            where_
                .iter()
                .all(|r| *r == where_[0] && *r != REGION_NOT_NAMED),
            "{}: {where_:?}",
            p.seller.id
        );
    }

    let aws = plan(&r, "aws");
    assert_eq!(regions(aws), ["us-west-2", "us-west-2"]);
    assert_eq!(
        (aws.lines[0].offer.as_str(), aws.lines[1].offer.as_str()),
        ("aws/p4d.24xlarge", "aws/p3.8xlarge")
    );
    assert_eq!(
        (aws.lines[0].subtotal, aws.lines[1].subtotal),
        (cny("20401.09"), cny("11286.82"))
    );
    assert_eq!(aws.total, cny("31687.91"));

    let (cheapest, lambda) = served[0];
    assert_eq!(cheapest.seller.id, "lambda");
    assert_eq!(regions(lambda), ["asia-northeast-1", "asia-northeast-1"]);
    assert_eq!(
        (lambda.lines[0].subtotal, lambda.lines[1].subtotal),
        (cny("14791.45"), cny("5827.83"))
    );
    assert_eq!(lambda.total, cny("20619.28"));
    assert_eq!(
        r.comparison
            .cheapest_by_selection
            .get(&gpucost_core::estimate::Selection::Allowed),
        Some(&cny("20619.28")),
        "the levers' baseline is the one-region headline"
    );

    for split in ["vast", "cudo"] {
        let row = r.comparison.providers.iter().find(|p| p.seller.id == split);
        assert_eq!(
            row.map(|p| &p.outcome),
            Some(&Err(Unserved::NoSingleRegion {
                gpus: vec!["A100-40GB".into(), "V100-16GB".into()]
            })),
            "{split}"
        );
    }
}

/// Without the option nothing changes: AWS still splits the preset over two regions, and
/// its row now says so; Vast.ai stays the cheapest, in two places.
#[test]
fn by_default_a_row_says_each_region_it_uses() {
    let r = run(shift_fleet(Spread::AnyRegions));
    assert_eq!(regions(plan(&r, "aws")), ["us-east-2", "us-east-1"]);
    assert_eq!(plan(&r, "aws").total, cny("31687.91"));
    assert_eq!(r.comparison.providers[0].seller.id, "vast");
    let (view, _) = view_of("?preset=shift-fleet&cur=CNY");
    let aws = view.results.rows.iter().find(|r| r.key == "aws").unwrap();
    assert_eq!(
        RowCells::of(aws, Lang::En).regions,
        "2 regions: us-east-2, us-east-1"
    );
    assert_eq!(
        RowCells::of(aws, Lang::Zh).regions,
        "2 个地域：us-east-2、us-east-1"
    );
}

/// The view of `link` as the page and `gpucost estimate` open it.
fn view_of(link: &str) -> (EstimateView, Report) {
    let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
    let s = Session::open(embedded(), link, None, today);
    assert!(s.issues.is_empty(), "{link}: {:?}", s.issues);
    let query = s.link();
    let e = s.estimate.unwrap();
    let view = EstimateView::new(&embedded().catalog, &e.scenario, &e.report, &query);
    (view, e.report)
}

/// Every renderer words a row's regions and a provider's reason the same way, in both
/// languages; the scenario's rule is stated above the table and in the exports.
#[test]
fn every_renderer_says_the_same_regions() {
    for link in [
        "?preset=shift-fleet&spread=one-region&cur=CNY",
        "?preset=shift-fleet&cur=USD",
        "?preset=dev-test&spread=one-region&cur=CNY",
        "?preset=short-training&spread=one-region&cur=CNY",
    ] {
        let (view, _) = view_of(link);
        for lang in [Lang::En, Lang::Zh] {
            let data = json::estimate(&view, lang);
            let (md, csv_text, text) = (
                markdown::estimate(&data, lang),
                csv::estimate(&data),
                table::estimate(&view, lang),
            );
            let one = link.contains("one-region");
            assert_eq!(
                data.constraints.spread,
                if one { "one-region" } else { "any" }
            );
            let rule = match lang {
                Lang::En => "every line in one region of each provider",
                Lang::Zh => "每家厂商的所有行在同一地域",
            };
            // The sentence's first word is capitalized in English.
            let said = view.results.placement.text(lang).to_lowercase();
            assert_eq!(said.contains(rule), one, "{link}: {said}");
            assert!(csv_text
                .lines()
                .next()
                .unwrap()
                .contains(",spread,regions,"));
            for (i, (row, _)) in view.rows().enumerate() {
                let cells = RowCells::of(row, lang);
                let p = &data.providers[i];
                assert_eq!(p.region, cells.regions, "{link}: {}", row.key);
                match &row.outcome {
                    Ok(served) => {
                        assert!(!cells.regions.is_empty(), "{link}: {}", row.key);
                        assert_eq!(p.regions, served.regions, "{link}");
                        if one && row.names.en != "V100 quote" {
                            assert_eq!(served.regions.len(), 1, "{link}: {}", row.key);
                        }
                        assert!(md.contains(&markdown_text(&cells.regions)), "{link}");
                        assert!(text.contains(&terminal_lines(&cells.regions)), "{link}");
                        assert!(csv_text.contains(&cells.regions), "{link}");
                    }
                    Err(_) => {
                        assert!(cells.regions.is_empty());
                        assert!(text.contains(&terminal_lines(&cells.reason)), "{link}");
                    }
                }
            }
        }
    }
}

/// The reason a provider cannot keep to one region, in both languages, with the GPUs'
/// names.
#[test]
fn a_provider_without_one_region_for_every_line_says_why() {
    let (view, _) = view_of("?preset=shift-fleet&spread=one-region&cur=CNY");
    let vast = view.results.rows.iter().find(|r| r.key == "vast").unwrap();
    let en = RowCells::of(vast, Lang::En).reason;
    let zh = RowCells::of(vast, Lang::Zh).reason;
    assert!(
        en.starts_with("no one region offers every line (NVIDIA A100"),
        "{en}"
    );
    assert!(en.contains("lines may not be split across regions"), "{en}");
    assert!(
        zh.starts_with("没有一个地域能提供所有行（NVIDIA A100"),
        "{zh}"
    );
    assert!(zh.contains("V100"), "{zh}");
}

/// A quote is the user's price for the job wherever it runs: it fits any region. A V100
/// quote at Cudo lets Cudo serve shift fleet in one region, its A100s' cheapest.
#[test]
fn a_quote_fits_any_region() {
    let mut s = shift_fleet(Spread::OneRegion);
    s.custom_prices.push(CustomPrice {
        owner: PriceOwner::Provider("cudo".into()),
        gpu: "V100-16GB".into(),
        mode: CustomMode::OnDemand,
        amount: Some(Decimal::from(5)),
        currency: Currency::Cny,
    });
    let r = run(s);
    let cudo = plan(&r, "cudo");
    assert_eq!(cudo.lines[1].region, "custom");
    let (unrestricted, _) = {
        let r = run(shift_fleet(Spread::AnyRegions));
        (plan(&r, "cudo").lines[0].clone(), ())
    };
    assert_eq!(cudo.lines[0].region, unrestricted.region);
    assert_eq!(cudo.lines[0].subtotal, unrestricted.subtotal);
    // 132 instance-hours of the quote's ¥5 (one GPU per instance: 4 × 132 = 528 h).
    assert_eq!(cudo.lines[1].subtotal, cny("2640.00"));
}

/// The option is part of the link: it round-trips, and a hostile value is named and ignored.
#[test]
fn the_option_is_in_the_link() {
    let catalog = &embedded().catalog;
    let d = decode("preset=shift-fleet&spread=one-region", catalog);
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    assert_eq!(d.state.scenario.spread, Spread::OneRegion);
    let link = encode(&d.state);
    assert!(link.contains("spread=one-region"), "{link}");
    assert_eq!(decode(&link, catalog).state.scenario, d.state.scenario);
    // The default is not written.
    let plain = decode("preset=shift-fleet", catalog);
    assert!(!encode(&plain.state).contains("spread"));
    for hostile in ["ONE-REGION", "one", "1", "%00", "one-region,any", "", "一"] {
        let d = decode(&format!("preset=shift-fleet&spread={hostile}"), catalog);
        assert_eq!(d.state.scenario.spread, Spread::AnyRegions, "{hostile}");
        assert_eq!(d.issues.len(), 1, "{hostile}: {:?}", d.issues);
        assert_eq!(d.issues[0].param, "spread");
    }
}

/// The region name the catalog uses for unnamed regions is still the catalog's: some prices
/// are listed under it (else the one-region rule would treat them as a shared place).
#[test]
fn the_unnamed_region_is_the_catalogs() {
    let catalog = &embedded().catalog;
    assert!(catalog
        .offers
        .iter()
        .flat_map(|o| o.prices.iter())
        .any(|p| p.region.as_ref() == REGION_NOT_NAMED));
}
