//! Every provider row of the comparison says how new its prices are, and a provider whose
//! newest price is more than a year old is marked, in both languages. Before this, 14
//! providers carried no date at all and Featurize's and Tencent's 2021 prices looked as current
//! as CompShare's 2026 ones in the table (issue 32).

mod common;

use chrono::NaiveDate;
use gpucost_core::catalog::{embedded, AsOf};
use gpucost_core::format::Lang;
use gpucost_core::l10n::results::prices_as_of;
use gpucost_core::view::results::{results_view, results_view_dated, Badge, ProviderRow};

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// The rows of `link`'s results, as the printers build them; the page's view (the dates kept
/// with the catalog's index) must be the same.
fn rows(link: &str) -> Vec<ProviderRow> {
    let (state, report, _) = common::open_report(link);
    let e = embedded();
    let view = results_view(&e.catalog, &state.scenario, &report);
    let pages = results_view_dated(
        &e.catalog,
        &|p| e.index.price_dates(p),
        &state.scenario,
        &report,
    );
    assert_eq!(view, pages, "{link}");
    view.rows
}

#[test]
fn every_catalog_provider_in_the_comparison_has_a_date() {
    let rows = rows("?preset=short-training&cur=CNY");
    let catalog = &embedded().catalog;
    assert!(
        rows.len() > 20,
        "every provider is compared: {}",
        rows.len()
    );
    for row in &rows {
        let Some(_) = catalog.provider(&row.key) else {
            assert_eq!(
                row.prices_as_of, None,
                "{}: a quote has no catalog date",
                row.key
            );
            continue;
        };
        if catalog.price_dates(&row.key).is_none() {
            continue; // a provider with no sourced price (Huawei Cloud) says so instead
        }
        let as_of = row
            .prices_as_of
            .unwrap_or_else(|| panic!("{}: no date", row.key));
        assert_ne!(as_of, AsOf::Unknown, "{}", row.key);
    }
    let of = |key: &str| {
        rows.iter()
            .find(|r| r.key == key)
            .unwrap_or_else(|| panic!("a {key} row"))
    };
    // A known date, a bound stated by the source, and for an undated source the day the
    // sources were copied (`data/upstream/VENDORED_ON`, the sources README's build day).
    assert_eq!(
        of("compshare").prices_as_of,
        Some(AsOf::On(day(2026, 5, 13)))
    );
    assert_eq!(
        of("vast").prices_as_of,
        Some(AsOf::OnOrBefore(day(2026, 4, 29)))
    );
    // The build day moves with every refresh (`catalog-import refresh` re-dates the build), so
    // it is read from the catalog, and checked against the stamp and the README below.
    assert_eq!(
        of("cudo").prices_as_of,
        Some(AsOf::OnOrBefore(catalog.built))
    );
    let vendored = include_str!("../../../data/upstream/VENDORED_ON");
    assert_eq!(vendored.trim(), catalog.built.to_string());
    // The sources README was built on its day; a refresh stamps a later one, never earlier.
    let readme = include_str!("../../../data/upstream/sources/README.md");
    let built = readme
        .split("Built ")
        .nth(1)
        .expect("the README's build day");
    let built: NaiveDate = built[..10].parse().expect("a date after 'Built '");
    assert!(catalog.built >= built, "{} < {built}", catalog.built);
}

#[test]
fn a_provider_whose_newest_price_is_over_a_year_old_is_marked() {
    let rows = rows("?preset=short-training&cur=CNY");
    let stale: Vec<&str> = rows
        .iter()
        .filter(|r| r.badges.contains(&Badge::StaleProvider))
        .map(|r| r.key.as_str())
        .collect();
    // Featurize's and Tencent Cloud's newest prices are from 2021 (measured on 2026-11-29).
    for key in ["featurize", "tencent"] {
        assert!(stale.contains(&key), "{key} in {stale:?}");
    }
    // Dated 2026 prices, and undated ones (unknown is not old), are not marked.
    for key in ["compshare", "aws", "lambda", "cudo", "vast"] {
        assert!(!stale.contains(&key), "{key} in {stale:?}");
    }
    assert_eq!(
        Badge::StaleProvider.text(Lang::En),
        "newest price over a year old"
    );
    assert_eq!(Badge::StaleProvider.text(Lang::Zh), "最新价格已超过一年");
}

/// The JSON and CSV exports carry each provider's newest price date and the row's mark, so a
/// file read later says what the table said (issue 32: the exports lacked both).
#[test]
fn the_exports_carry_each_providers_date_and_mark() {
    let link = "?preset=short-training&cur=CNY";
    use gpucost_core::print::{csv, json};
    let view = common::view_of(link);
    let json = json::estimate(&view, Lang::En);
    let csv = csv::estimate(&json);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = header
        .iter()
        .position(|&c| c == "prices_as_of")
        .expect("a prices_as_of column");
    assert_eq!(header[at..at + 2], ["prices_as_of", "stale"]);
    let exported = |key: &str| {
        let p = json.providers.iter().find(|p| p.provider == key);
        p.map(|p| (p.prices_as_of.clone(), p.stale))
            .unwrap_or_else(|| panic!("{key} in the JSON"))
    };
    for row in &view.results.rows {
        let date = row.prices_as_of.map(|d| d.to_string()).unwrap_or_default();
        let stale = row.badges.contains(&Badge::StaleProvider);
        assert_eq!(exported(&row.key), (date, stale), "{}", row.key);
    }
    assert_eq!(exported("tencent"), ("2021-05-25".into(), true));
    // Read as CSV: a source title may hold a quoted comma.
    let cells = gpucost_core::escape::csv_cells(&csv).expect("well-formed CSV");
    let row = cells
        .iter()
        .find(|r| r[0] == "tencent")
        .expect("a Tencent Cloud row");
    assert_eq!(row[at..at + 2], ["2021-05-25", "1"], "{row:?}");
}

#[test]
fn the_date_reads_in_both_languages() {
    let cases = [
        (
            AsOf::On(day(2026, 5, 13)),
            "prices of 2026-05-13",
            "价格日期 2026-05-13",
        ),
        (
            AsOf::OnOrBefore(day(2026, 11, 29)),
            "prices no newer than 2026-11-29",
            "价格不晚于 2026-11-29",
        ),
    ];
    for (as_of, en, zh) in cases {
        assert_eq!(prices_as_of(as_of, Lang::En), en);
        assert_eq!(prices_as_of(as_of, Lang::Zh), zh);
    }
}

/// The Markdown export and the terminal table say each provider's newest price date and mark
/// it when over a year old, in both languages, as the page's row does (issue 32: "no provider
/// in the comparison lacks a date").
#[test]
fn markdown_and_the_terminal_table_carry_each_providers_date_and_mark() {
    use gpucost_core::l10n::ui::Text;
    use gpucost_core::print::{json, markdown, table};
    let view = common::view_of("?preset=short-training&cur=CNY");
    let cases = [
        (
            Lang::En,
            "Newest price",
            "prices of 2021-05-25 · newest price over a year old",
            "prices of 2026-05-13",
        ),
        (
            Lang::Zh,
            "最新价格",
            "价格日期 2021-05-25 · 最新价格已超过一年",
            "价格日期 2026-05-13",
        ),
    ];
    for (lang, heading, tencent, compshare) in cases {
        let data = json::estimate(&view, lang);
        let md = markdown::estimate(&data, lang);
        let text = table::estimate(&view, lang);
        let header = |text: &str| {
            let h = Text::ColProvider.get(lang);
            text.lines()
                .find(|l| l.contains(h))
                .unwrap_or_default()
                .to_string()
        };
        assert!(header(&md).contains(heading), "{md}");
        assert!(header(&text).contains(heading), "{text}");
        let name = |key: &str| {
            let row = view.results.rows.iter().find(|r| r.key == key).unwrap();
            row.names.get(lang).to_string()
        };
        for (key, date) in [("tencent", tencent), ("compshare", compshare)] {
            let line = text
                .lines()
                .find(|l| l.contains(&name(key)))
                .unwrap_or_else(|| panic!("{key} in\n{text}"));
            assert!(line.ends_with(date), "{lang:?} {key}: {line}");
        }
        // Markdown lists the served rows: each has its date cell, a stale one its mark.
        for p in data.providers.iter().filter(|p| p.status == "served") {
            let line = md
                .lines()
                .find(|l| l.starts_with(&format!("| {} |", p.name)))
                .unwrap_or_else(|| panic!("{} in\n{md}", p.name));
            if p.prices_as_of.is_empty() {
                continue;
            }
            let as_of: AsOf = p.prices_as_of.parse().unwrap();
            assert!(line.contains(&prices_as_of(as_of, lang)), "{line}");
            assert_eq!(
                line.contains(Badge::StaleProvider.text(lang)),
                p.stale,
                "{line}"
            );
        }
    }
}

/// The mark is measured from the day the catalog was built, never the wall clock: the same
/// link opened years later marks the same providers (deterministic output).
#[test]
fn the_mark_is_measured_from_the_catalog_build_not_the_clock() {
    use gpucost_core::session::Session;
    let link = "?preset=short-training&cur=CNY";
    let stale_on = |today: NaiveDate| {
        let s = Session::open(embedded(), link, None, today);
        let e = s.estimate.unwrap();
        let rows = results_view(&embedded().catalog, e.scenario.scenario(), &e.report).rows;
        rows.iter()
            .filter(|r| r.badges.contains(&Badge::StaleProvider))
            .map(|r| r.key.clone())
            .collect::<Vec<_>>()
    };
    let built = stale_on(embedded().catalog.built);
    assert!(built.contains(&"tencent".to_string()), "{built:?}");
    assert_eq!(stale_on(day(2035, 1, 1)), built);
    assert_eq!(stale_on(day(2020, 1, 1)), built);
}
