//! A link can keep the comparison to enterprise clouds with a sourced SLA of at least 99.9 %
//! (`kind=hyperscaler,china-cloud&sla=99.9`), the cost guide's advice for critical work
//! (seed 004 §4.2). Before `kind=` and `sla=` existed both were "unknown parameters" and every
//! marketplace host and rental platform stayed in the comparison (issue 32).

use gpucost_core::catalog::{embedded, ProviderKind};
use gpucost_core::provider_filter::{ProviderFilter, ENTERPRISE_CLOUDS};
use gpucost_core::share::{decode, encode, Problem};
use rust_decimal::Decimal;

mod common;

/// `kind=enterprise` (the issue's own words) stands for the enterprise clouds and is written
/// back as the kinds it stands for.
#[test]
fn enterprise_clouds_with_an_sla_round_trip_through_the_link() {
    for link in [
        "?v=2&kind=hyperscaler,china-cloud&sla=99.9",
        "?v=2&kind=enterprise&sla=99.9",
    ] {
        enterprise_round_trips(link);
    }
}

fn enterprise_round_trips(link: &str) {
    let d = decode(link, &embedded().catalog);
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    assert_eq!(
        d.state.scenario.providers,
        ProviderFilter::enterprise_with_sla(Decimal::new(999, 1))
    );
    let link = encode(&d.state);
    assert!(
        link.contains("kind=hyperscaler,china-cloud") && link.contains("sla=99.9"),
        "{link}"
    );
    let again = decode(&link, &embedded().catalog);
    assert!(again.issues.is_empty(), "{link}: {:?}", again.issues);
    assert_eq!(again.state, d.state);
    // The default keeps every provider and writes nothing.
    let plain = decode("?v=2", &embedded().catalog);
    let link = encode(&plain.state);
    assert!(!link.contains("kind=") && !link.contains("sla="), "{link}");
}

#[test]
fn only_enterprise_clouds_are_compared_under_kind() {
    let (_, report, _) =
        common::open_report("?preset=short-training&cur=CNY&kind=hyperscaler,china-cloud");
    let catalog = &embedded().catalog;
    let mut kept = 0;
    for row in &report.comparison.providers {
        match catalog.provider(&row.seller.id) {
            Some(p) => {
                assert!(
                    ENTERPRISE_CLOUDS.contains(&p.kind),
                    "{} is {:?}",
                    p.id,
                    p.kind
                );
                kept += 1;
            }
            None => assert!(row.seller.id.starts_with("custom:"), "{}", row.seller.id),
        }
    }
    assert!(kept >= 5, "AWS, Google, Azure, Alibaba, Tencent…: {kept}");
    assert!(report
        .comparison
        .providers
        .iter()
        .all(|p| p.seller.id != "vast"));
}

/// An SLA floor keeps the providers whose compute SLA a source states at or above it (AWS,
/// Google Cloud and Azure: 99.99 % for instances across zones, each cited) and no other
/// catalog provider (nothing proves one qualifies); the user's own quote stays.
#[test]
fn an_sla_floor_keeps_only_providers_with_a_sourced_sla_at_or_above_it() {
    let (_, report, _) = common::open_report("?preset=short-training&cur=CNY&sla=99.9");
    let catalog = &embedded().catalog;
    let mut ids: Vec<&str> = report
        .comparison
        .providers
        .iter()
        .map(|p| p.seller.id.as_str())
        .filter(|id| !id.starts_with("custom:"))
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, ["aws", "azure", "gcp"]);
    for id in ids {
        let sla = catalog.provider(id).unwrap().facts.sla.as_ref().unwrap();
        assert_eq!(sla.percent, Decimal::new(9999, 2), "{id}");
        let cited = sla.covers.source.as_deref().expect("a cited source");
        let source = catalog.source(cited).expect("a source of the catalog");
        assert!(
            source.locator.starts_with("https://"),
            "{id}: {}",
            source.locator
        );
    }
    assert!(report
        .comparison
        .providers
        .iter()
        .any(|p| p.seller.id.starts_with("custom:")));
}

#[test]
fn hostile_kind_and_sla_values_are_named_and_ignored() {
    let catalog = &embedded().catalog;
    let d = decode("?v=2&kind=<script>,hyperscaler,,%00&sla=abc", catalog);
    let named: Vec<(&str, &str)> = d
        .issues
        .iter()
        .map(|i| (i.param.as_str(), i.value.as_str()))
        .collect();
    assert!(named.contains(&("kind", "<script>")), "{named:?}");
    assert!(named.contains(&("sla", "abc")), "{named:?}");
    assert_eq!(
        d.state.scenario.providers.kinds,
        [ProviderKind::Hyperscaler].into()
    );
    assert_eq!(d.state.scenario.providers.min_sla_pct, None);
    for sla in [
        "101",
        "-1",
        "1e9999",
        "99999999999999999999999999999999",
        "NaN",
        "",
    ] {
        let d = decode(&format!("?v=2&sla={sla}"), catalog);
        assert_eq!(d.state.scenario.providers.min_sla_pct, None, "sla={sla}");
    }
    let out_of_range = decode("?v=2&sla=101", catalog);
    assert!(out_of_range
        .issues
        .iter()
        .any(|i| i.param == "sla" && matches!(i.problem, Problem::OutOfRange { .. })));
    // A very long list of kinds is read only so far, and never panics.
    let long = format!("?v=2&kind={}", "x,".repeat(100_000));
    let d = decode(&long, catalog);
    assert!(d.state.scenario.providers.kinds.is_empty());
}

/// The rules sentence above the table says which providers were left out by kind and SLA, in
/// both languages, so a shorter table is not a mystery.
#[test]
fn the_rules_above_the_table_name_the_kind_and_sla_filter() {
    use gpucost_core::format::Lang;
    use gpucost_core::view::results::results_view;
    let (state, report, _) =
        common::open_report("?preset=short-training&kind=hyperscaler&sla=99.9");
    let view = results_view(&embedded().catalog, &state.scenario, &report);
    let en = view.placement.text(Lang::En);
    let zh = view.placement.text(Lang::Zh);
    assert!(
        en.contains("hyperscaler") && en.contains("at least 99.9 %"),
        "{en}"
    );
    assert!(
        zh.contains("超大规模云") && zh.contains("不低于 99.9%"),
        "{zh}"
    );
}

/// Hostile `kind=` and `sla=` values are refused with a notice naming the key, never taken
/// half-way.
#[test]
fn hostile_kind_and_sla_values_are_refused() {
    let c = &embedded().catalog;
    for (hostile, key) in [
        ("?v=2&kind=<script>", "kind"),
        ("?v=2&kind=enterprise%00", "kind"),
        ("?v=2&sla=100.1", "sla"),
        ("?v=2&sla=-5", "sla"),
        ("?v=2&sla=NaN", "sla"),
        ("?v=2&sla=99999999999999999999999999999999999999999", "sla"),
        ("?v=2&sla=1e3", "sla"),
    ] {
        let d = decode(hostile, c);
        assert!(
            d.issues.iter().any(|i| format!("{i:?}").contains(key)),
            "{hostile}: {:?}",
            d.issues
        );
        let sla = d.state.scenario.providers.min_sla_pct;
        assert!(sla.is_none_or(|s| s <= Decimal::ONE_HUNDRED), "{hostile}");
    }
}

/// With an SLA floor above every sourced SLA, the report says why the table is empty in both
/// languages rather than showing nothing ("no provider's SLA of at least … is known").
#[test]
fn an_sla_floor_says_why_the_table_is_empty() {
    use gpucost_core::format::Lang;
    use gpucost_core::l10n::Localize;
    use gpucost_core::report::Warning;
    let (_, report, _) = common::open_report("?preset=dev-test&kind=enterprise&sla=99.999");
    let warning = report
        .warnings
        .iter()
        .find(|w| matches!(w, Warning::NoSourcedSla { .. }))
        .expect("the empty table is explained");
    assert!(warning
        .text(Lang::En)
        .starts_with("No provider's SLA of at least 99.999 % is known from a source"));
    assert!(warning
        .text(Lang::Zh)
        .starts_with("没有任何供应商的 SLA 有来源可查且不低于 99.999%"));
    assert!(report
        .comparison
        .providers
        .iter()
        .all(|p| p.seller.id.starts_with("custom:")));
    let (_, plain, _) = common::open_report("?preset=dev-test&kind=enterprise&sla=99.9");
    assert!(!plain
        .warnings
        .iter()
        .any(|w| matches!(w, Warning::NoSourcedSla { .. })));
}

/// One question, "which providers have a sourced SLA of at least this?", answers the filter,
/// the form's hint and the empty-table warning alike: the three hyperscalers at 99.99 %, none
/// above.
#[test]
fn one_catalog_method_says_which_providers_have_a_sourced_sla() {
    let catalog = &embedded().catalog;
    let ids = |min: Decimal| -> Vec<&str> {
        catalog
            .providers_with_sla_at_least(min)
            .map(|p| p.id.as_ref())
            .collect()
    };
    assert_eq!(ids(Decimal::ZERO), ["aws", "gcp", "azure"]);
    assert_eq!(ids(Decimal::new(9999, 2)), ["aws", "gcp", "azure"]);
    assert!(ids(Decimal::new(99991, 3)).is_empty());
    let filter = ProviderFilter {
        min_sla_pct: Some(Decimal::new(999, 1)),
        ..ProviderFilter::default()
    };
    for p in catalog.providers.iter() {
        assert_eq!(
            filter.admits(p),
            ids(Decimal::new(999, 1)).contains(&p.id.as_ref()),
            "{}",
            p.id
        );
    }
}

/// `cert=iso27001` keeps only providers a source states hold ISO/IEC 27001 (Azure, IBM Cloud,
/// Tencent Cloud International, Huawei Cloud) and the user's own quotes; it round-trips
/// through the link with `kind=` and `sla=`, and `cert=none` (or no `cert`) keeps everyone.
#[test]
fn iso_27001_round_trips_and_keeps_only_certified_providers() {
    let catalog = &embedded().catalog;
    let d = decode("?v=2&kind=enterprise&sla=99.9&cert=iso27001", catalog);
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    assert!(d.state.scenario.providers.iso_27001);
    let link = encode(&d.state);
    assert!(link.contains("cert=iso27001"), "{link}");
    let again = decode(&link, catalog);
    assert!(again.issues.is_empty(), "{link}: {:?}", again.issues);
    assert_eq!(again.state, d.state);
    let none = decode("?v=2&cert=none", catalog);
    assert!(none.issues.is_empty(), "{:?}", none.issues);
    assert!(none.state.scenario.providers.keeps_all());
    assert!(!encode(&none.state).contains("cert="));

    let (_, report, _) = common::open_report("?preset=short-training&cur=CNY&cert=iso27001");
    let mut kept = Vec::new();
    for row in &report.comparison.providers {
        match catalog.provider(&row.seller.id) {
            Some(p) => {
                assert!(p.facts.iso_27001(), "{} has no sourced ISO 27001", p.id);
                kept.push(p.id.to_string());
            }
            None => assert!(row.seller.id.starts_with("custom:"), "{}", row.seller.id),
        }
    }
    assert!(kept.contains(&"azure".to_string()), "{kept:?}");
    assert!(
        !kept.iter().any(|id| id == "aws" || id == "gcp"),
        "{kept:?}"
    );
}

/// Hostile `cert=` values are named and ignored, never taken half-way.
#[test]
fn hostile_cert_values_are_refused() {
    let catalog = &embedded().catalog;
    let long = format!("?v=2&cert={}", "iso27001".repeat(1_000));
    for hostile in [
        "?v=2&cert=<script>",
        "?v=2&cert=iso27001%00",
        "?v=2&cert=ISO27001,soc2",
        "?v=2&cert=",
        long.as_str(),
    ] {
        let d = decode(hostile, catalog);
        assert!(
            d.issues.iter().any(|i| i.param == "cert"),
            "{:.60}: {:.200?}",
            hostile,
            d.issues
        );
        assert!(!d.state.scenario.providers.iso_27001, "{hostile:.60}");
    }
    let twice = decode("?v=2&cert=iso27001&cert=none", catalog);
    assert!(twice.issues.iter().any(|i| i.param == "cert"));
}

/// The rules sentence names the certification rule, and a rule no catalog provider of the
/// kinds asked for can meet says why the table holds only the user's quotes, in both
/// languages.
#[test]
fn the_certification_rule_is_named_and_an_unmeetable_one_explained() {
    use gpucost_core::format::Lang;
    use gpucost_core::l10n::Localize;
    use gpucost_core::report::Warning;
    use gpucost_core::view::results::results_view;
    let (state, report, _) = common::open_report("?preset=short-training&cert=iso27001");
    let view = results_view(&embedded().catalog, &state.scenario, &report);
    assert!(
        view.placement
            .text(Lang::En)
            .to_lowercase()
            .contains("only providers a source states hold iso/iec 27001"),
        "{}",
        view.placement.text(Lang::En)
    );
    assert!(view.placement.text(Lang::Zh).contains("ISO/IEC 27001"));
    assert!(!report
        .warnings
        .iter()
        .any(|w| matches!(w, Warning::NoSourcedIso27001)));
    // No neocloud's page states ISO 27001.
    let (_, report, _) = common::open_report("?preset=short-training&kind=gpu-cloud&cert=iso27001");
    let warning = report
        .warnings
        .iter()
        .find(|w| matches!(w, Warning::NoSourcedIso27001))
        .expect("the empty table is explained");
    assert!(warning
        .text(Lang::En)
        .starts_with("No provider the other provider rules keep"));
    assert!(warning.text(Lang::Zh).contains("ISO/IEC 27001"));
    assert!(report
        .comparison
        .providers
        .iter()
        .all(|p| p.seller.id.starts_with("custom:")));
}

/// The JSON and Markdown exports state the certification rule as the page's rules sentence
/// does, and keep the same catalog providers, in both languages.
#[test]
fn the_exports_state_the_certification_rule() {
    use chrono::NaiveDate;
    use gpucost_core::format::Lang;
    use gpucost_core::print::{json, markdown};
    use gpucost_core::session::Session;
    use gpucost_core::view::estimate::EstimateView;
    let today = NaiveDate::from_ymd_opt(2026, 12, 6).unwrap();
    let s = Session::open(
        embedded(),
        "?preset=short-training&cur=CNY&cert=iso27001",
        None,
        today,
    );
    assert!(s.issues.is_empty(), "{:?}", s.issues);
    let query = s.link();
    assert!(query.contains("cert=iso27001"), "{query}");
    let e = s.estimate.unwrap();
    let view = EstimateView::new(&embedded().catalog, &e.scenario, &e.report, &query);
    for (lang, rule) in [
        (
            Lang::En,
            "only providers a source states hold ISO/IEC 27001",
        ),
        (Lang::Zh, "仅限有来源证明持有 ISO/IEC 27001 认证的供应商"),
    ] {
        let data = json::estimate(&view, lang);
        assert!(
            data.constraints
                .text
                .to_lowercase()
                .contains(&rule.to_lowercase()),
            "{}",
            data.constraints.text
        );
        assert!(data.link.contains("cert=iso27001"), "{}", data.link);
        let md = markdown::estimate(&data, lang);
        assert!(md.contains("ISO/IEC 27001"), "{md}");
        for p in data.providers.iter().filter(|p| p.status == "served") {
            if let Some(c) = embedded().catalog.provider(&p.provider) {
                assert!(c.facts.iso_27001(), "{}", p.provider);
            }
        }
    }
}
