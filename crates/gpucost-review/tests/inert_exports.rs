//! The review's exports cannot attack their reader (issue 26): tag values, instance types,
//! providers and file names written as formulas, HTML or terminal escapes come out of the CSV
//! as text, out of the Markdown without raw HTML or a bare CR, and out of the table without a
//! control character.

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::escape::{csv_cell_is_inert, csv_cells, markdown_is_inert, terminal_is_inert};
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_review::render;
use gpucost_review::review::levers::levers;
use gpucost_review::review::{review_bill, ReviewOptions};

/// Hostile text for every free-text column of the generic bill.
const HOSTILE: [&str; 8] = [
    "=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")",
    "+cmd|' /C calc'!A0",
    "@SUM(A1:A9)",
    "-1+1",
    "<img src=x onerror=alert(1)>",
    "</table><script>alert(1)</script>",
    "\u{1b}[2J\u{1b}[31mred\u{7}\u{8}",
    "a\rb|c",
];

fn bill() -> String {
    let mut csv =
        String::from("start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n");
    for (i, h) in HOSTILE.iter().enumerate() {
        csv.push_str(&format!(
            "2026-11-02T{i:02}:00:00Z,2026-11-02T{:02}:00:00Z,1,aws,g5.xlarge,,,1.006,USD,\"team={h};{h}=dev\"\n",
            i + 1
        ));
        csv.push_str(&format!(
            "2026-11-02T{i:02}:00:00Z,2026-11-02T{:02}:00:00Z,1,\"{h}\",\"{h}\",A10,1,2.5,USD,\n",
            i + 1
        ));
    }
    csv
}

#[test]
fn hostile_bill_text_is_inert_in_every_export() {
    let e = embedded();
    let file = "<img src=x onerror=alert(1)>\u{1b}[31m.csv";
    let reviewed = review_bill(
        &e.catalog,
        file,
        bill().as_bytes(),
        ReviewOptions::default(),
        |_| {},
    )
    .expect("the bill is read");
    assert_eq!(reviewed.problems.len(), 0, "{:?}", reviewed.problems);
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
    let lv = levers(&reviewed, e, &fx, Currency::Usd, today);
    for lang in Lang::ALL {
        let json = render::to_json(&reviewed, lv.as_ref(), lang);
        // The summary names the hostile tag values as owners, so it is checked below too.
        let mut owners = json.summary.top.iter().flat_map(|t| &t.owners);
        assert!(
            owners.any(|o| o.value.contains('\u{1b}')),
            "{:?}",
            json.summary
        );
        let csv = render::to_csv(&json);
        assert!(
            csv.contains("'=HYPERLINK"),
            "the tag value is kept, inert: {csv}"
        );
        let records = csv_cells(&csv).expect("the CSV closes its quotes");
        assert!(csv.ends_with('\n'), "the CSV ends a record: {csv}");
        for cell in records.iter().flatten() {
            assert!(csv_cell_is_inert(cell), "{cell:?} in\n{csv}");
        }
        let md = render::to_markdown(&json, lang);
        assert!(md.contains("&lt;img"), "{md}");
        assert!(markdown_is_inert(&md), "{md}");
        let table = render::to_table(&json, lang);
        assert!(table.contains("\\u{1b}[31m"), "{table}");
        assert!(terminal_is_inert(&table), "{table}");
    }
}
