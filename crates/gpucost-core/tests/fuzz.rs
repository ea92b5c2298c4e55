//! Generated-input tests of everything that reads untrusted text: the URL codec and the prices
//! file. A million inputs each in an optimized build (set `FUZZ_CASES` to change it): nothing panics, every
//! rejection names the parameter or the entry and field, and what is accepted is valid; one
//! link in fifty is also estimated and exported, and every export is inert.
//!
//! Run optimized (`cargo test --profile fuzz -p gpucost-core --test fuzz`): scripts/test.sh
//! does. The generator is a seeded xorshift, so a failure reproduces exactly.

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::escape::{csv_cell_is_inert, csv_cells, markdown_is_inert, terminal_is_inert};
use gpucost_core::format::Lang;
use gpucost_core::print::{csv, json, markdown, table};
use gpucost_core::session::Session;
use gpucost_core::share::prices_file;
use gpucost_core::share::{decode, encode, Problem};
use gpucost_core::view::estimate::EstimateView;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// A million in an optimized build; a quick 20,000 in the debug `cargo test --workspace` run,
/// which would otherwise spend minutes here.
fn cases() -> usize {
    let default = if cfg!(debug_assertions) {
        20_000
    } else {
        1_000_000
    };
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

const KEYS: &[&str] = &[
    "v",
    "view",
    "lang",
    "cur",
    "fx",
    "embed",
    "lock",
    "frame",
    "gpu",
    "prov",
    "region",
    "mem",
    "need",
    "q",
    "sort",
    "order",
    "old",
    "preset",
    "h",
    "l",
    "j",
    "lead",
    "tz",
    "pay",
    "int",
    "ovh",
    "cp",
    "disc",
    "op",
    "budget",
    "ref",
    "refl",
    "cmp",
    "geo",
    "spread",
    "cert",
    "cpu",
    "ram",
    "place",
    "gpm",
    "task",
    "model",
    "params",
    "cfg",
    "prec",
    "seq",
    "tokens",
    "samples",
    "epochs",
    "rate",
    "in",
    "out",
    "lat",
    "reqs",
    "deadline",
    "utm_source",
    "zz",
];

const PIECES: &[&str] = &[
    "",
    "0",
    "1",
    "-1",
    "72",
    "9999999999999999999999",
    "1e9",
    "NaN",
    "Infinity",
    "-0",
    "0.000001",
    "T4",
    "A100-80GB",
    "V100",
    "*",
    "@",
    "+",
    "~",
    ":",
    ",",
    "_",
    "x",
    "4h",
    "90m",
    "/",
    "all",
    "cn",
    "not-cn",
    "eu",
    "one-region",
    "20:00",
    "25:99",
    "month",
    "2026-11",
    "9999-99",
    "CNY",
    "USD",
    "EUR",
    "od",
    "spot",
    "day",
    "30d",
    "req",
    "tok",
    "7B",
    "1.5T",
    "1-32.4096.32.8.128.14336.128256.131072.0",
    "-mla.1536.512.128.64.128",
    "-moe.256.8.1.2048.3",
    ".",
    "%",
    "%FF",
    "%E4%B8",
    "%00",
    "%2C",
    "<script>",
    "=HYPERLINK(",
    "=",
    "%1B[2J",
    "%0D",
    "\"",
    "'",
    "\\",
    "\u{202e}",
    "中文",
    "🙂",
    "none",
    "dev-test",
    "custom",
    "serve",
    "llama-3-8b",
    "aws",
    "alibaba",
    "0x168",
    "2x8_0x160",
    "rps",
    "5000rps",
    ",per:",
    ",room:",
    ",min:",
    ",in:",
    ",team:",
    ",team:=HYPERLINK(",
    "100x168",
    "1x168",
];

fn value(rng: &mut Rng) -> String {
    let n = rng.below(6);
    let mut s = String::new();
    for _ in 0..n {
        s.push_str(rng.pick(PIECES));
    }
    if rng.below(50) == 0 {
        s.push_str(&"9".repeat(rng.below(2_000)));
    }
    s
}

fn query(rng: &mut Rng) -> String {
    let pairs = rng.below(12);
    let mut q = String::new();
    if rng.below(3) == 0 {
        q.push('?');
    }
    for i in 0..pairs {
        if i > 0 {
            q.push(if rng.below(20) == 0 { ';' } else { '&' });
        }
        match rng.below(10) {
            // Raw bytes as they might arrive, percent-encoded or not.
            0 => {
                for _ in 0..rng.below(30) {
                    let b = (rng.next() & 0xff) as u8;
                    if rng.below(2) == 0 {
                        q.push_str(&format!("%{b:02X}"));
                    } else if b.is_ascii_graphic() {
                        q.push(b as char);
                    }
                }
            }
            _ => {
                q.push_str(rng.pick(KEYS));
                if rng.below(10) != 0 {
                    q.push('=');
                    q.push_str(&value(rng));
                }
            }
        }
    }
    q
}

/// One link in this many is also estimated and exported in every format (a million decodes,
/// 20,000 estimates in the optimized run).
const ESTIMATE_EVERY: usize = 50;

/// The estimate of `q` as `gpucost estimate` makes it, in every export format: nothing panics,
/// no CSV cell is live in a spreadsheet, no Markdown carries HTML or a bare CR, and no control
/// character reaches the terminal table (issue 26).
fn estimate_and_export(q: &str, case: usize) -> bool {
    let e = embedded();
    let decoded = decode(q, &e.catalog);
    let lang = if case % 100 == 0 { Lang::Zh } else { Lang::En };
    let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
    let session = Session::from_decoded(e, decoded, Some(lang), today);
    let Ok(estimate) = session.estimate.as_ref() else {
        return false;
    };
    let r = &estimate.report;
    let view = EstimateView::new(&e.catalog, &estimate.scenario, r, &session.link());
    let json = json::estimate(&view, lang);
    let csv = csv::estimate(&json);
    let records = csv_cells(&csv).unwrap_or_else(|| panic!("case {case}: open quote for {q:?}"));
    for cell in records.iter().flatten() {
        assert!(csv_cell_is_inert(cell), "case {case}: {cell:?} for {q:?}");
    }
    let md = markdown::estimate(&json, lang);
    assert!(markdown_is_inert(&md), "case {case}: {q:?}\n{md}");
    let table = table::estimate(&view, lang);
    assert!(terminal_is_inert(&table), "case {case}: {q:?}\n{table}");
    true
}

#[test]
fn a_million_generated_links_never_panic_and_every_rejection_is_named() {
    let catalog = &embedded().catalog;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut rejected = 0usize;
    let mut estimated = 0usize;
    for case in 0..cases() {
        let q = query(&mut rng);
        let d = decode(&q, catalog);
        for issue in &d.issues {
            assert!(
                !issue.param.is_empty() || matches!(issue.problem, Problem::TooLong { .. }),
                "case {case}: unnamed rejection {issue:?} for {q:?}"
            );
        }
        rejected += d.ignored().count();
        // What was accepted is a valid scenario, and the link it writes reads back the same.
        assert!(
            d.state.scenario.clone().validate(catalog).is_ok(),
            "case {case}: {q:?}"
        );
        if case % ESTIMATE_EVERY == 0 && estimate_and_export(&q, case) {
            estimated += 1;
        }
        if case % 64 == 0 {
            let again = decode(&encode(&d.state), catalog);
            // Nothing ignored: a rounded horizon's note (applied) may come back with it.
            assert!(
                again.ignored().next().is_none(),
                "case {case}: {q:?} -> {:?}",
                again.issues
            );
            assert_eq!(again.state, d.state, "case {case}: {q:?}");
        }
    }
    assert!(
        estimated > cases() / ESTIMATE_EVERY / 2,
        "most links estimate ({estimated})"
    );
    assert!(
        rejected > cases() / 2,
        "the generator should produce many bad values ({rejected})"
    );
}

const VALID_FILE: &str = r#"{"format":"gpu-cost-lab/prices","version":1,
 "prices":[{"provider":"alibaba","gpu":"A10","mode":"od","amount":"8.7","currency":"CNY"},
           {"provider":"~Our cluster","gpu":"A100-80GB","mode":"month","amount":9000,"currency":"CNY"}],
 "discounts":[{"provider":"aws","percent":"15"}]}"#;

const JSON_PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "null",
    "true",
    "-1",
    "1e999",
    "\"amount\"",
    "\"prices\"",
    "\"~\"",
    "\"A10\"",
    "\"od\"",
    "\"CNY\"",
    "\\u0000",
    "\u{feff}",
    "0",
    "9999999999999999999999",
    " ",
];

#[test]
fn a_million_generated_prices_files_never_panic_and_every_problem_is_located() {
    let catalog = &embedded().catalog;
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let bytes = VALID_FILE.as_bytes();
    let mut accepted = 0usize;
    for case in 0..cases() {
        let mut text = String::from_utf8_lossy(bytes).into_owned();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(text.len() + 1);
            let at = (0..=at)
                .rev()
                .find(|i| text.is_char_boundary(*i))
                .unwrap_or(0);
            match rng.below(3) {
                0 => text.insert_str(at, rng.pick(JSON_PIECES)),
                1 => {
                    let end = (at + 1 + rng.below(8)).min(text.len());
                    let end = (end..=text.len())
                        .find(|i| text.is_char_boundary(*i))
                        .unwrap_or(text.len());
                    text.replace_range(at..end, "");
                }
                _ => {
                    let piece = rng.pick(JSON_PIECES);
                    let end = (at + piece.len()).min(text.len());
                    let end = (end..=text.len())
                        .find(|i| text.is_char_boundary(*i))
                        .unwrap_or(text.len());
                    text.replace_range(at..end, piece);
                }
            }
        }
        match prices_file::read(&text, catalog) {
            Ok(imported) => {
                accepted += 1;
                assert!(
                    imported
                        .prices
                        .iter()
                        .all(|p| p.amount.is_some_and(|a| a > rust_decimal::Decimal::ZERO)),
                    "case {case}"
                );
            }
            Err(problems) => {
                assert!(!problems.is_empty(), "case {case}");
                for p in problems {
                    assert!(
                        !p.at.is_empty() && !p.to_string().is_empty(),
                        "case {case}: {p:?} in {text:?}"
                    );
                }
            }
        }
    }
    assert!(
        accepted > 0 && accepted < cases(),
        "the mutations should sometimes keep the file valid ({accepted})"
    );
}
