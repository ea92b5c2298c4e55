//! Exports cannot attack their reader: whatever a link names, the estimate's CSV has no cell a
//! spreadsheet evaluates, its Markdown no raw HTML or bare CR, its table no control character
//! (issue 26: a link whose custom price was named `=HYPERLINK("evil.example","x")` put that
//! formula in the CSV download).

mod common;

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::escape::{
    csv_cell, csv_cell_is_inert, csv_cells, markdown_is_inert, markdown_text, terminal_is_inert,
    terminal_lines, terminal_text,
};
use gpucost_core::format::Lang;
use gpucost_core::print::{csv, json, markdown, table};
use gpucost_core::session::Session;
use gpucost_core::share;
use gpucost_core::view::estimate::EstimateView;
use proptest::prelude::*;

/// The estimate of `query` in every export format, in `lang`.
fn exports(query: &str, lang: Lang) -> (String, String, String) {
    let e = embedded();
    let decoded = share::decode(query, &e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
    let session = Session::from_decoded(e, decoded, Some(lang), today);
    let estimate = session.estimate.as_ref().expect("the link estimates");
    let r = &estimate.report;
    let view = EstimateView::new(&e.catalog, &estimate.scenario, r, &session.link());
    let json = json::estimate(&view, lang);
    (
        csv::estimate(&json),
        markdown::estimate(&json, lang),
        table::estimate(&view, lang),
    )
}

fn assert_inert(csv: &str, md: &str, table: &str) {
    assert!(csv.ends_with('\n'), "no final line break");
    let records = csv_cells(csv).unwrap_or_else(|| panic!("an unterminated quote in {csv}"));
    for (n, record) in records.iter().enumerate() {
        for cell in record {
            assert!(csv_cell_is_inert(cell), "CSV line {}: {cell:?}", n + 1);
        }
    }
    assert!(markdown_is_inert(md), "{md}");
    assert!(terminal_is_inert(table), "{table}");
}

#[test]
fn a_formula_named_custom_price_is_text_in_every_export() {
    let name = r#"=HYPERLINK("evil.example","x")"#;
    let query = format!("l=T4*1&h=10&cp=~{}:T4:od:0.1:USD", common::urlencode(name));
    for lang in Lang::ALL {
        let (csv, md, table) = exports(&query, lang);
        assert!(
            csv.contains(r#""'=HYPERLINK(""evil.example"",""x"")""#),
            "the name is in the CSV, made inert: {csv}"
        );
        assert!(md.contains("=HYPERLINK(&quot;evil.example&quot;"), "{md}");
        assert_inert(&csv, &md, &table);
    }
}

#[test]
fn html_and_terminal_escapes_in_a_name_stay_inert() {
    for name in [
        "<img src=x onerror=alert(1)>",
        "</table><script>alert(1)</script>",
        "@SUM(A1)|x",
        "-1+1",
        "+cmd|' /C calc'!A0",
        "＝1+1",
        "evil\u{202e}txt.exe",
    ] {
        let query = format!("l=T4*1&h=10&cp=~{}:T4:od:0.1:USD", common::urlencode(name));
        let (csv, md, table) = exports(&query, Lang::En);
        assert!(
            csv.lines().count() > 1,
            "{name}: the estimate has rows: {csv}"
        );
        assert_inert(&csv, &md, &table);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn any_text_is_inert_in_each_format(text in any::<String>()) {
        prop_assert!(csv_cell_is_inert(&csv_cell(&text)));
        prop_assert!(markdown_is_inert(&markdown_text(&text)));
        let cell = terminal_text(&text);
        prop_assert!(terminal_is_inert(&cell) && !cell.contains('\n'));
        prop_assert!(terminal_is_inert(&terminal_lines(&text)));
        // Text that needs nothing comes out as it went in.
        if text.chars().all(|c| c.is_alphanumeric() || c == ' ') {
            prop_assert_eq!(terminal_text(&text), text.clone());
            prop_assert_eq!(markdown_text(&text), text);
        }
    }

    #[test]
    fn any_custom_name_is_inert_in_every_export(
        name in "[=+@\\-\t\r\"<>|&`\\[\\], a-z\u{1b}\u{7}\u{202e}＝]{1,24}",
    ) {
        let query = format!("l=T4*1&h=3&cp=~{}:T4:od:0.1:USD", common::urlencode(&name));
        let e = embedded();
        let decoded = share::decode(&query, &e.catalog);
        let accepted = decoded.issues.iter().all(|i| !i.is_ignored());
        if accepted {
            let (csv, md, table) = exports(&query, Lang::Zh);
            assert_inert(&csv, &md, &table);
        }
    }
}

/// 4 GPUs 08:00–20:00 and 3 GPUs 20:00–08:00, every day of the week.
const DAY: &str = "0x8_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x4";
const NIGHT: &str = "3x8_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x4";

// A team name is the user's text too: pooled, it reaches the CSV's team column, the Markdown's
// and the table's pool sentences; a formula, HTML and a bidi override stay text in each.
#[test]
fn a_hostile_team_name_is_text_in_every_export() {
    for name in [
        "=HYPERLINK(\"evil.example\",\"x\")",
        "<img src=x onerror=alert(1)>",
        "\u{202e}gnp.exe",
        "@SUM(1+1)",
    ] {
        let query = format!(
            "l=T4~{DAY},team:{}&l=T4~{NIGHT},team:ads&h=720&cmp=tencent",
            common::urlencode(name)
        );
        for lang in Lang::ALL {
            let (csv, md, table) = exports(&query, lang);
            assert!(csv.contains(",team_pool_share,"), "{csv}");
            assert!(md.contains("ads"), "the pool is in the Markdown: {md}");
            assert_inert(&csv, &md, &table);
        }
    }
}
