//! The first paint (issue 29): what a link shows before the page's framework arrives is the
//! page's estimate — the same cheapest total and the same row totals as the JSON export, for
//! every preset in both languages — and whatever the link names prints inert.

mod common;

use std::str::FromStr;

use gpucost_core::catalog::embedded;
use gpucost_core::format::escape_html as html_text;
use gpucost_core::format::{self, Lang};
use gpucost_core::money::{Currency, Money};
use gpucost_core::presets::Preset;
use gpucost_core::print::html::first_paint;
use gpucost_core::print::json;
use gpucost_core::session::Session;
use gpucost_core::share;
use gpucost_core::view::estimate::EstimateView;
use rust_decimal::Decimal;

/// The first paint of `query` in a browser that prefers English.
fn paint(query: &str) -> String {
    first_paint(embedded(), query, Lang::En, common::today())
        .expect("a calculator link")
        .html
}

/// The text of the element after `marker` (up to its closing tag).
fn text_after<'h>(html: &'h str, marker: &str) -> &'h str {
    let at = html
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} in {html}"))
        + marker.len();
    let start = at + html[at..].find('>').unwrap() + 1;
    let end = start + html[start..].find('<').unwrap();
    &html[start..end]
}

#[test]
fn every_preset_prints_the_totals_the_json_export_has() {
    let e = embedded();
    let mut rows = 0;
    for preset in Preset::ALL {
        for lang in Lang::ALL {
            let query = format!("preset={}&lang={}", preset.as_str(), lang.as_str());
            let html = paint(&query);
            let session =
                Session::from_decoded(e, share::decode(&query, &e.catalog), None, common::today());
            let estimate = session.estimate.as_ref().expect("a preset estimates");
            let view = EstimateView::new(&e.catalog, &estimate.scenario, &estimate.report, "");
            let doc = json::estimate(&view, lang);
            let currency = Currency::from_str(&doc.currency).unwrap();
            let money = |s: &str| {
                html_text(&format::money(Money::new(
                    Decimal::from_str(s).unwrap(),
                    currency,
                )))
            };
            let served: Vec<_> = doc
                .providers
                .iter()
                .filter(|p| p.status == "served")
                .collect();
            assert_eq!(
                text_after(&html, r#"data-testid="first-total""#),
                money(&served[0].total),
                "{query}: the headline"
            );
            assert_eq!(
                html.matches(r#"data-testid="first-row-total""#).count(),
                served.len(),
                "{query}"
            );
            for p in served {
                let row = &html[html
                    .find(&format!(r#"<tr data-seller="{}""#, html_text(&p.provider)))
                    .unwrap_or_else(|| panic!("{query}: {} has a row", p.provider))..];
                assert_eq!(
                    text_after(row, r#"data-testid="first-row-total""#),
                    money(&p.total),
                    "{query}: {}",
                    p.provider
                );
                rows += 1;
            }
            assert!(html.contains(&html_text(&doc.providers[0].name)), "{query}");
        }
    }
    assert!(rows > 50, "{rows} rows compared");
}

#[test]
fn a_hostile_link_prints_inert() {
    for name in [
        "<img src=x onerror=alert(1)>",
        r#""><script>alert(1)</script>"#,
        "</table><script>alert(1)</script>",
        "' onmouseover='alert(1)",
    ] {
        let encoded = common::urlencode(name);
        // A custom price named by the link, served and cheapest; and the same text in a
        // parameter the page rejects, which its notice names.
        let query = format!(
            "lang=en&l=T4*1&h=10&cp=~{encoded}:T4:od:0.01:USD&h={encoded}&{encoded}={encoded}"
        );
        let html = paint(&query);
        assert!(html.contains(r#"data-testid="first-headline""#), "{html}");
        assert!(
            html.contains(&html_text(name)),
            "{name}: printed as text: {html}"
        );
        assert!(
            html.contains(r#"class="notice" role="status""#),
            "{name}: the notice: {html}"
        );
        for live in [
            "<img",
            "<script",
            "</table><script",
            "' onmouseover",
            "\" onmouseover",
        ] {
            assert!(!html.contains(live), "{name}: {live} in {html}");
        }
    }
}

#[test]
fn the_language_and_currency_are_settled_as_the_page_settles_them() {
    let paint_in = |query: &str, browser: Lang| {
        first_paint(embedded(), query, browser, common::today()).unwrap()
    };
    // No language in the link: the browser's, and its currency.
    let zh = paint_in("preset=dev-test", Lang::Zh);
    assert_eq!(zh.lang, Lang::Zh);
    assert!(
        zh.html.contains("各厂商成本") && zh.html.contains('¥'),
        "{}",
        zh.html
    );
    let en = paint_in("preset=dev-test", Lang::En);
    assert_eq!(en.lang, Lang::En);
    assert!(
        en.html.contains("Cost on every provider") && en.html.contains('$'),
        "{}",
        en.html
    );
    // The link's language and currency win.
    let linked = paint_in("preset=dev-test&lang=en&cur=CNY", Lang::Zh);
    assert_eq!(linked.lang, Lang::En);
    assert!(
        linked.html.contains("Cost on every provider") && linked.html.contains('¥'),
        "{}",
        linked.html
    );
}

#[test]
fn pages_other_than_the_calculator_have_no_first_paint() {
    for query in ["view=catalog", "view=review", "preset=dev-test&embed=1"] {
        assert_eq!(
            first_paint(embedded(), query, Lang::En, common::today()),
            None,
            "{query}"
        );
    }
}

#[test]
fn a_rejected_parameter_is_named_in_the_notice() {
    let html = paint("lang=en&h=0");
    assert!(html.contains("Some link parameters were ignored"), "{html}");
    assert!(html.contains(r#"data-testid="first-headline""#), "{html}");
}

/// What the app shows above and beside the results from its first render on is in the first
/// paint too, so nothing moves when the app takes over (issue 29's layout shift): the preset's
/// promise, worded as the app words it, and the export bar's place.
#[test]
fn the_preset_promise_and_the_export_bars_place_are_printed() {
    use gpucost_core::fx::FxTable;
    use gpucost_core::l10n::Localize;
    use gpucost_core::promise::promise;
    let e = embedded();
    for preset in Preset::ALL {
        for lang in Lang::ALL {
            let query = format!("preset={}&lang={}", preset.as_str(), lang.as_str());
            let html = paint(&query);
            assert!(
                html.contains(r#"<div class="export-slot"></div>"#),
                "{query}"
            );
            let currency = share::decode(&query, &e.catalog).state.currency_for(lang);
            let fx = FxTable::with_override(&e.catalog, None);
            let expected = promise(preset, e, &fx, currency, common::today());
            match expected {
                Some(p) => assert_eq!(
                    text_after(&html, r#"data-testid="first-preset-promise""#),
                    html_text(&p.text(lang)),
                    "{query}"
                ),
                None => assert!(!html.contains("first-preset-promise"), "{query}"),
            }
        }
    }
}

// In one column, what comes first in the page is on top: the form's place printed above the
// results let the form push them out of view when it arrived (a layout shift of 0.35-0.55 at
// 1024 px). The app renders the same order (src/pages/calc/mod.rs).
#[test]
fn the_results_come_before_the_forms_place() {
    for preset in Preset::ALL {
        let query = format!("preset={}", preset.as_str());
        let html = paint(&query);
        let results = html.find(r#"<section class="results">"#);
        let form = html.find(r#"<section class="inputs">"#);
        assert!(
            matches!((results, form), (Some(r), Some(f)) if r < f),
            "{query}: results at {results:?}, the form's place at {form:?}"
        );
        // The way down to the form, and where it leads.
        assert!(
            html.contains(r##"<a class="to-form" href="#inputs-heading">"##),
            "{query}"
        );
        assert!(html.contains(r#"<h2 id="inputs-heading">"#), "{query}");
    }
}

// A link that fixes its scenario (`lock=1`) shows no form in the app, so neither the form's
// place nor the way down to it is printed (nor the presets, which the app hides too).
#[test]
fn a_locked_page_prints_no_form_and_no_way_to_it() {
    let html = paint("preset=traffic-spike&lock=1");
    assert!(html.contains(r#"<div class="calc locked">"#));
    assert!(html.contains(r#"<section class="results">"#));
    for absent in [
        r#"<section class="inputs">"#,
        "to-form",
        r#"<section class="presets">"#,
    ] {
        assert!(!html.contains(absent), "{absent}");
    }
}
