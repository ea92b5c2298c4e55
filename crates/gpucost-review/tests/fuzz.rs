//! Generated hostile bills and side files (issue 26): every case is a bill of one of the
//! formats — its real header and rows from `docs/examples/`, with cells replaced by hostile
//! values (decimal-max and tiny numbers, negative and scientific ones, dates at chrono's ends
//! and with offsets, formula starters, control characters, quotes and line breaks, long and
//! non-ASCII text), or random bytes, truncated, gzipped or UTF-16 — often with a utilization
//! side file made the same way. Each is reviewed as the CLI and the worker do, levers and all,
//! and rendered in every output and both languages: nothing may panic, and the outputs stay
//! within a bound of the input's size.
//!
//! A quick 2,000 cases in the debug `cargo test` run; 100,000 in an optimized build, and
//! `FUZZ_CASES` sets any other count. scripts/test.sh runs it as
//! `FUZZ_CASES=100000 cargo test --profile fuzz -p gpucost-review --test fuzz --locked`.
//! The generator is a seeded xorshift, so a failure reproduces exactly (`FUZZ_SEED`).

use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::escape::{csv_cell_is_inert, csv_cells, markdown_is_inert, terminal_is_inert};
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::l10n::Localize;
use gpucost_core::money::Currency;
use gpucost_review::review::levers::levers;
use gpucost_review::review::utilization::review_utilization;
use gpucost_review::review::{review_bill, ReviewOptions};
use gpucost_review::{html, render};

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
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

fn cases() -> usize {
    let default = if cfg!(debug_assertions) {
        2_000
    } else {
        100_000
    };
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The sample bills: (file name, text).
const BILLS: &[(&str, &str)] = &[
    (
        "aws-cur-legacy.csv",
        include_str!("../../../docs/examples/aws-cur-legacy.csv"),
    ),
    (
        "aws-cur2.csv",
        include_str!("../../../docs/examples/aws-cur2.csv"),
    ),
    (
        "gcp-billing.csv",
        include_str!("../../../docs/examples/gcp-billing.csv"),
    ),
    (
        "azure-cost-details.csv",
        include_str!("../../../docs/examples/azure-cost-details.csv"),
    ),
    (
        "alibaba-bill.csv",
        include_str!("../../../docs/examples/alibaba-bill.csv"),
    ),
    (
        "tencent-bill.csv",
        include_str!("../../../docs/examples/tencent-bill.csv"),
    ),
    (
        "generic.csv",
        include_str!("../../../docs/examples/generic.csv"),
    ),
];

/// The sample side files.
const SIDE_FILES: &[&str] = &[
    include_str!("../../../docs/examples/utilization.csv"),
    include_str!("../../../docs/examples/nvidia-smi.csv"),
];

/// Cell values an attacker would write.
const HOSTILE: &[&str] = &[
    "",
    " ",
    "-",
    "0",
    "-0",
    "1",
    "-1",
    "-5",
    "0.0000000000000000000000000001",
    "79228162514264337593543950335",
    "-79228162514264337593543950335",
    "79228162514264337593543950336",
    "1E+28",
    "1e-28",
    "9.999999999999999999999999999E+27",
    "999999999999",
    "1000000000001",
    "10000001",
    "100001",
    "NaN",
    "inf",
    "1,000,000.5",
    "0x10",
    "0001-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z",
    "+262143-12-31T23:59:59Z",
    "2024-05-04 09:00:00+08:00",
    "2024-05-04T09:00:00+14:00",
    "2024-05-04T09:00:00-12:00",
    "2024-02-30",
    "12/31/9999",
    "01/01/0001",
    "=HYPERLINK(\"http://evil.example\",\"x\")",
    "+cmd|' /C calc'!A0",
    "@SUM(1+1)",
    "-1+1",
    "\t=1",
    "\r=1",
    "\u{1b}[31mred\u{1b}[0m",
    "bell\u{7}back\u{8}",
    "a\r\nb",
    "line\nbreak",
    "\"quoted\"",
    "\"",
    "\"\"",
    "<img src=x onerror=alert(1)>",
    "</table><script>alert(1)</script>",
    "| pipe | cell |",
    "**bold** [link](javascript:alert(1))",
    "显卡 A100 80GB",
    "\u{202e}evil\u{202d}",
    "\u{feff}bom",
    "{\"user_team\":\"=1+1\",\"x\":79228162514264337593543950335}",
    "{\"a\":",
    "\"team\": \"ml\",\"env\": \"dev\"",
    "key:team value:=cmd; key:env value:dev",
    "team=ml;env=dev;=x=y",
    "g5.xlarge",
    "p4d.24xlarge",
    "Standard_NC6s_v3",
    "ecs.gn7i-c8g1.2xlarge",
    "GN7.2XLARGE32",
    "Nvidia Tesla T4 GPU running in Americas",
    "RTX 4090",
    "H100",
    "100 Hours",
    "4294967295 Hours",
    "天",
    "秒",
    "seconds",
    "hour",
    "USD",
    "CNY",
    "EUR",
    "Usage",
    "Refund",
    "BoxUsage:g5.xlarge",
    "Virtual Machines",
    "实例规格",
    "(other)",
    "(untagged)",
    "100 %",
    "101 %",
    "-1 %",
    "99999999999 MiB",
];

/// A value for one cell: mostly hostile, sometimes random text, rarely long.
fn cell(rng: &mut Rng) -> String {
    match rng.below(20) {
        0 => {
            let n = rng.below(8);
            (0..n)
                .map(|_| char::from_u32(rng.below(0x3000) as u32).unwrap_or('?'))
                .collect()
        }
        1 => rng.pick(HOSTILE).repeat(1 + rng.below(300)),
        2 => format!("{}", rng.next() as i64),
        3 => format!("{}.{}", rng.next() % 100_000, rng.next() % 1_000_000),
        _ => rng.pick(HOSTILE).to_string(),
    }
}

/// One CSV field as a writer would quote it, or (sometimes) raw, quotes unbalanced and all.
fn field(rng: &mut Rng, value: &str) -> String {
    if rng.chance(10) {
        return value.to_string();
    }
    if value.contains([',', '"', '\n', '\r']) || rng.chance(10) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value.to_string()
    }
}

/// Splits a sample line into its fields (the samples are well formed).
fn fields(line: &str) -> Vec<String> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(line.as_bytes());
    r.records()
        .next()
        .and_then(Result::ok)
        .map(|rec| rec.iter().map(str::to_string).collect())
        .unwrap_or_default()
}

/// A file made from a sample: its lines up to and with the header as they are (now and then
/// with a column renamed or dropped), then rows from the sample's with cells replaced.
fn from_sample(rng: &mut Rng, sample: &str) -> Vec<u8> {
    let lines: Vec<&str> = sample.lines().collect();
    // The header is the first line with more than three fields (Google's preamble has two).
    let header_at = lines.iter().position(|l| fields(l).len() > 3).unwrap_or(0);
    let mut out = String::new();
    for l in &lines[..header_at] {
        out.push_str(l);
        out.push('\n');
    }
    let mut header = fields(lines[header_at]);
    if rng.chance(5) && !header.is_empty() {
        let i = rng.below(header.len());
        header[i] = cell(rng);
    }
    if rng.chance(3) && !header.is_empty() {
        header.remove(rng.below(header.len()));
    }
    if rng.chance(3) {
        for i in 0..rng.below(400) {
            header.push(format!("resourceTags/user:k{i}"));
        }
    }
    let width = header.len();
    let header: Vec<String> = header.iter().map(|h| field(rng, h)).collect();
    out.push_str(&header.join(","));
    out.push_str(if rng.chance(10) { "\r\n" } else { "\n" });
    let rows = &lines[header_at + 1..];
    for _ in 0..rng.below(12) {
        let mut row = if rows.is_empty() {
            Vec::new()
        } else {
            fields(rows[rng.below(rows.len())])
        };
        row.resize(width, String::new());
        for _ in 0..rng.below(5) {
            if !row.is_empty() {
                let i = rng.below(row.len());
                row[i] = cell(rng);
            }
        }
        if rng.chance(3) && !row.is_empty() {
            row.pop();
        }
        let row: Vec<String> = row.iter().map(|v| field(rng, v)).collect();
        out.push_str(&row.join(","));
        out.push_str(if rng.chance(10) { "\r\n" } else { "\n" });
    }
    out.into_bytes()
}

/// Random bytes, now and then with a line break.
fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    (0..rng.below(2_000))
        .map(|_| {
            if rng.chance(5) {
                b'\n'
            } else {
                rng.next() as u8
            }
        })
        .collect()
}

/// The file, now and then damaged, gzipped (whole or cut short) or as UTF-16.
fn wrapped(rng: &mut Rng, mut bytes: Vec<u8>) -> Vec<u8> {
    if rng.chance(5) && !bytes.is_empty() {
        bytes.truncate(rng.below(bytes.len()));
    }
    if rng.chance(3) {
        let at = rng.below(bytes.len() + 1);
        let noise = random_bytes(rng);
        bytes.splice(at..at, noise.into_iter().take(64));
    }
    match rng.below(20) {
        0 | 1 => {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gz.write_all(&bytes).unwrap();
            let mut gz = gz.finish().unwrap();
            if rng.chance(30) {
                gz.truncate(rng.below(gz.len()));
            }
            gz
        }
        2 => {
            let text = String::from_utf8_lossy(&bytes);
            let mut out = vec![0xff, 0xfe];
            for u in text.encode_utf16() {
                out.extend_from_slice(&u.to_le_bytes());
            }
            out
        }
        _ => bytes,
    }
}

/// How deep the cases went.
#[derive(Default, Debug)]
struct Reach {
    refused: usize,
    with_gpu_rows: usize,
    with_levers: usize,
    with_utilization: usize,
}

/// What one case produced: bytes of every output, all languages.
fn run(bill: &[u8], side: Option<&[u8]>, resource: &str, tz: i16, reach: &mut Reach) -> usize {
    let e = embedded();
    let options = ReviewOptions {
        tz_offset_minutes: tz,
        budgets: vec!["team=ml:100USD".parse().unwrap()],
    };
    let mut review = match review_bill(&e.catalog, "fuzz.csv", bill, options, |_| {}) {
        Ok(r) => r,
        Err(err) => {
            reach.refused += 1;
            return err.text(Lang::En).len() + err.text(Lang::Zh).len();
        }
    };
    reach.with_gpu_rows += usize::from(!review.gpu_hours.is_zero());
    if let Some(side) = side {
        match review_utilization(&review, "side.csv", side, Some(resource), |_| {}) {
            Ok(u) => review.utilization = Some(u),
            Err(err) => return err.text(Lang::En).len() + err.text(Lang::Zh).len(),
        }
        reach.with_utilization += 1;
    }
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
    let lv = levers(&review, e, &fx, Currency::Usd, today);
    reach.with_levers += usize::from(lv.as_ref().is_some_and(|l| l.baseline.is_some()));
    let mut size = 0;
    for lang in [Lang::En, Lang::Zh] {
        let json = render::to_json(&review, lv.as_ref(), lang);
        let outputs = [
            serde_json::to_string(&json).unwrap(),
            render::to_csv(&json),
            render::to_markdown(&json, lang),
            render::to_table(&json, lang),
            html::to_html(&json, lang),
        ];
        // The exports are neutral: no CSV cell a spreadsheet evaluates, no raw HTML or bare
        // CR in the Markdown, no control character in the table.
        let records = csv_cells(&outputs[1]).expect("the CSV closes its quotes");
        for cell in records.iter().flatten() {
            assert!(csv_cell_is_inert(cell), "a live CSV cell {cell:?}");
        }
        assert!(markdown_is_inert(&outputs[2]), "{}", outputs[2]);
        assert!(terminal_is_inert(&outputs[3]), "{}", outputs[3]);
        size += outputs.iter().map(String::len).sum::<usize>();
        size += review
            .folded
            .iter()
            .map(|f| f.text(lang).len())
            .sum::<usize>();
    }
    size
}

#[test]
fn generated_hostile_bills_never_panic_and_outputs_stay_bounded() {
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x2026_1204_0026_u64);
    let mut rng = Rng(seed);
    let n = cases();
    let mut reviewed = 0;
    let mut reach = Reach::default();
    for case in 0..n {
        let state = rng.0;
        let bill = match rng.below(12) {
            0 => random_bytes(&mut rng),
            _ => {
                let (_, sample) = BILLS[rng.below(BILLS.len())];
                from_sample(&mut rng, sample)
            }
        };
        let bill = wrapped(&mut rng, bill);
        let side = rng.chance(30).then(|| {
            let s = if rng.chance(10) {
                random_bytes(&mut rng)
            } else {
                let sample = SIDE_FILES[rng.below(SIDE_FILES.len())];
                from_sample(&mut rng, sample)
            };
            wrapped(&mut rng, s)
        });
        let resource = rng.pick(&["i-0dev5a1b2c3d4e5f6", "ins-dev7gn01", "=1+1", ""]);
        let tz = (rng.below(27 * 60) as i16) - 12 * 60;
        let input = bill.len() + side.as_ref().map_or(0, Vec::len);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            run(&bill, side.as_deref(), resource, tz, &mut reach)
        }));
        let size = outcome.unwrap_or_else(|_| {
            panic!(
                "case {case} (FUZZ_SEED={seed}, state {state:#x}) panicked; bill: {:?}",
                String::from_utf8_lossy(&bill)
            )
        });
        // The outputs describe the input: a fixed frame, the levers and two languages, plus
        // a bounded amount per input byte.
        let bound = 400_000 + 200 * input;
        assert!(
            size <= bound,
            "case {case} (FUZZ_SEED={seed}): {size} output bytes for {input} input bytes"
        );
        reviewed += usize::from(size > 0);
    }
    assert_eq!(
        reviewed, n,
        "every case produced an output or a named error"
    );
    eprintln!("{n} cases: {reach:?}");
    // The generator must keep reaching the review's depths, not only its refusals.
    let share = |k: usize| k * 100 / n.max(1);
    assert!(share(reach.with_gpu_rows) >= 20, "{reach:?}");
    assert!(share(reach.with_levers) >= 5, "{reach:?}");
    assert!(share(reach.with_utilization) >= 5, "{reach:?}");
    assert!(share(reach.refused) >= 5, "{reach:?}");
}
