//! Hostile bills and side files as regression tests (issue 26): each case names what broke,
//! and asserts the named problem or the folded result that replaced the panic, the unbounded
//! memory or the silent misread. The files are in `tests/hostile/` (their README says what
//! each broke); the large cases are generated here.

use std::io::{Read, Write};
use std::path::Path;

use chrono::{NaiveDate, NaiveDateTime};
use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::l10n::Localize;
use gpucost_core::money::Currency;
use gpucost_review::bill::{read_bill, BillError, BillProblem, Quantity, UsageRow};
use gpucost_review::limits::{
    MAX_QUOTED_CHARS, MAX_RECORD_BYTES, MAX_RESOURCES, MAX_TAG_KEYS, MAX_TAG_VALUES, OTHER,
};
use gpucost_review::review::levers::levers;
use gpucost_review::review::utilization::review_utilization;
use gpucost_review::review::{review_bill, Dimension, Review, ReviewOptions};
use gpucost_review::{html, render};

mod support;

fn file(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reviews `bill` (and `util`, for resource `i-0good`) as the CLI and the worker do, renders
/// every output in both languages, and hands back the review with the outputs' total size.
fn review(name: &str, bill: impl Read, util: Option<&[u8]>) -> Result<(Review, usize), BillError> {
    let e = embedded();
    let mut r = review_bill(&e.catalog, name, bill, ReviewOptions::default(), |_| {})?;
    if let Some(u) = util {
        r.utilization = Some(review_utilization(
            &r,
            "util.csv",
            u,
            Some("i-0good"),
            |_| {},
        )?);
    }
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
    let lv = levers(&r, e, &fx, Currency::Usd, today);
    let mut size = 0;
    for lang in [Lang::En, Lang::Zh] {
        let json = render::to_json(&r, lv.as_ref(), lang);
        size += serde_json::to_string(&json).unwrap().len();
        size += render::to_csv(&json).len();
        size += render::to_markdown(&json, lang).len();
        size += render::to_table(&json, lang).len();
        size += html::to_html(&json, lang).len();
        for f in &r.folded {
            size += f.text(lang).len();
        }
    }
    Ok((r, size))
}

fn problems(r: &Review) -> Vec<&BillProblem> {
    r.problems.iter().map(|p| &p.problem).collect()
}

fn implausible(r: &Review, q: Quantity) -> usize {
    problems(r)
        .iter()
        .filter(|p| matches!(p, BillProblem::Implausible { quantity, .. } if *quantity == q))
        .count()
}

fn rows(name: &str) -> (Vec<UsageRow>, Vec<BillProblem>) {
    let mut out = Vec::new();
    let s = read_bill(name, &file(name)[..], |r| out.push(r), |_| {}).expect(name);
    (out, s.problems.into_iter().map(|p| p.problem).collect())
}

fn utc(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
}

#[test]
fn decimal_max_quantities_are_named_in_every_format_never_a_panic() {
    // Regression: amounts near 7.9 × 10²⁸ panicked in `+`, `*` and `/` on Decimal.
    let (g, size) = review("generic", &file("generic-decimal-max.csv")[..], None).unwrap();
    assert_eq!((g.rows, g.skipped), (3, 7), "{:#?}", g.problems);
    assert_eq!(implausible(&g, Quantity::Cost), 3, "max, -max and 1E+28");
    assert_eq!(implausible(&g, Quantity::Number), 2, "raw hours and GPUs");
    assert_eq!(implausible(&g, Quantity::Hours), 1);
    assert_eq!(implausible(&g, Quantity::Gpus), 1);
    assert!(
        size < 1_000_000,
        "outputs of a 10-line bill stay small: {size}"
    );
    // A huge cost over a tiny fraction of a GPU-hour has no per-GPU-hour figure, not a panic.
    let tiny = &g.by_tag["team"].iter().find(|t| t.key == "tiny").unwrap();
    assert_eq!(tiny.per_gpu_hour(Currency::Usd), None);

    for (name, skipped) in [
        ("aws-cur-decimal-max.csv", 4),
        ("aws-cur2-decimal-max.csv", 2),
        ("gcp-decimal-max.csv", 4),
        ("azure-decimal-max.csv", 4),
        ("alibaba-decimal-max.csv", 3),
        ("tencent-decimal-max.csv", 3),
    ] {
        let (r, _) =
            review(name, &file(name)[..], None).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(r.skipped, skipped, "{name}: {:#?}", r.problems);
        assert!(r.rows >= 1, "{name}: the good line stays");
        for p in &r.problems {
            let text = p.text(Lang::En);
            assert!(
                text.chars().count() < 400,
                "{name}: a problem quotes little: {text}"
            );
            assert!(!p.text(Lang::Zh).is_empty());
        }
    }
}

#[test]
fn a_huge_json_tag_number_is_kept_as_its_text() {
    // The CUR 2.0 tag value 79228162514264337593543950335 is a value, not arithmetic: kept
    // as the JSON number's text.
    let (r, _) = review("cur2", &file("aws-cur2-decimal-max.csv")[..], None).unwrap();
    assert!(
        r.by_tag["team"].iter().any(|g| g.key.ends_with("e+28")),
        "{:?}",
        r.by_tag["team"]
    );
}

#[test]
fn negative_hours_and_gpus_are_refused_but_credits_stay() {
    // Regression: −5 hours became −5 GPU-hours; a credit of −3.50 is legitimate.
    let (r, _) = review("neg", &file("negative-gpus-hours.csv")[..], None).unwrap();
    let negative: Vec<Quantity> = problems(&r)
        .iter()
        .filter_map(|p| match p {
            BillProblem::Negative { quantity, .. } => Some(*quantity),
            _ => None,
        })
        .collect();
    assert_eq!(negative, [Quantity::Hours, Quantity::Gpus]);
    let columns: Vec<Option<&str>> = r.problems.iter().map(|p| p.column.as_deref()).collect();
    assert_eq!(
        columns,
        [Some("hours"), Some("gpus")],
        "named with their columns"
    );
    assert_eq!(r.rows, 2);
    assert_eq!(r.total.get(Currency::Usd).to_string(), "-2.494");
    let (r, _) = review("aws", &file("aws-cur-decimal-max.csv")[..], None).unwrap();
    assert!(problems(&r).iter().any(|p| matches!(
        p,
        BillProblem::Negative {
            quantity: Quantity::Hours,
            ..
        }
    )));
}

#[test]
fn explicit_offsets_are_respected_in_alibaba_and_tencent_bills() {
    // Regression: `2024-05-04 09:00:00+08:00` became 2024-05-03 17:00 UTC (shifted twice).
    for name in ["alibaba-offset.csv", "tencent-offset.csv"] {
        let (rows, problems) = rows(name);
        assert!(problems.is_empty(), "{name}: {problems:?}");
        for r in &rows {
            assert_eq!(
                r.start,
                Some(utc("2024-05-04 01:00")),
                "{name} {:?}",
                r.resource_id
            );
            assert_eq!(
                r.end,
                Some(utc("2024-05-04 02:00")),
                "{name} {:?}",
                r.resource_id
            );
        }
        assert!(rows.len() >= 3, "{name}");
    }
}

#[test]
fn a_row_of_millennia_is_named_and_far_apart_rows_do_not_break_the_levers() {
    // Regression: a 0001–9999 row built one entry per hour; two rows 9,998 years apart
    // made a period of 8.8 × 10⁷ hours for the levers to average over.
    let started = std::time::Instant::now();
    let (r, _) = review("years", &file("year-9999-row.csv")[..], None).unwrap();
    assert_eq!(r.skipped, 1);
    assert_eq!(implausible(&r, Quantity::Period), 1);
    assert_eq!(r.rows, 2);
    assert!(r.period_hours().unwrap() > rust_decimal::Decimal::from(80_000_000));
    assert!(
        started.elapsed().as_secs() < 30,
        "quick: {:?}",
        started.elapsed()
    );
}

#[test]
fn an_unterminated_quote_is_named_not_read_as_one_row() {
    // Regression: the quote on line 3 swallowed the 50 lines after it into one field.
    let e = review("quote", &file("unterminated-quote.csv")[..], None).unwrap_err();
    assert_eq!(
        (e.line, &e.problem),
        (Some(3), &BillProblem::UnterminatedQuote)
    );
    assert!(e.text(Lang::Zh).contains("第 3 行"));
}

#[test]
fn a_side_file_with_decimal_max_values_is_named() {
    let bill = "start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n\
                2024-05-04T01:00:00Z,2024-05-04T03:00:00Z,,aws,g5.xlarge,,,2.012,USD,team=ml\n";
    let (r, _) = review(
        "b.csv",
        bill.as_bytes(),
        Some(&file("utilization-decimal-max.csv")),
    )
    .unwrap();
    let u = r.utilization.unwrap();
    assert_eq!((u.samples, u.skipped), (1, 3), "{:#?}", u.problems);
    assert!(u.problems.iter().any(|p| matches!(
        p.problem,
        BillProblem::Implausible {
            quantity: Quantity::Memory,
            ..
        }
    )));
}

fn gzip(parts: impl Iterator<Item = Vec<u8>>) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    for p in parts {
        gz.write_all(&p).unwrap();
    }
    gz.finish().unwrap()
}

#[test]
fn a_gzip_bomb_of_zeros_ends_with_a_named_problem_quickly() {
    // Regression: 1 MB of gzip inflated to gigabytes of one record before it was refused.
    let bomb = gzip((0..64).map(|_| vec![0u8; 1024 * 1024]));
    assert!(bomb.len() < 1024 * 1024, "{} bytes", bomb.len());
    let started = std::time::Instant::now();
    let e = review("bomb.csv.gz", &bomb[..], None).unwrap_err();
    assert_eq!(
        e.problem,
        BillProblem::RecordTooLong {
            max_bytes: MAX_RECORD_BYTES
        }
    );
    assert_eq!(e.line, Some(1));
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}

#[test]
fn dev_zero_as_a_bill_or_a_side_file_ends_with_a_named_problem() {
    // Regression: `/dev/zero` grew one record without end.
    let e = review("/dev/zero", std::io::repeat(0), None).unwrap_err();
    assert_eq!(
        e.problem,
        BillProblem::RecordTooLong {
            max_bytes: MAX_RECORD_BYTES
        }
    );
    let bill = "start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n\
                ,,1,aws,g5.xlarge,,,1,USD,\n";
    let e = gpucost_review::utilization::read_utilization(
        "/dev/zero",
        std::io::repeat(0),
        Some("i"),
        |_| {},
        |_| {},
    )
    .unwrap_err();
    assert_eq!(
        e.problem,
        BillProblem::RecordTooLong {
            max_bytes: MAX_RECORD_BYTES
        }
    );
    // And zeros after a good header: the record after it is refused at the limit.
    let r = review("b", bill.as_bytes().chain(std::io::repeat(0)), None).unwrap_err();
    assert_eq!(
        (r.line, r.problem),
        (
            Some(3),
            BillProblem::RecordTooLong {
                max_bytes: MAX_RECORD_BYTES
            }
        )
    );
}

/// A legacy CUR of `n` GPU rows, each with its own resource id and tag value.
fn distinct_rows(n: usize) -> Vec<u8> {
    let mut out = String::from(
        "lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UsageEndDate,lineItem/UsageType,lineItem/ResourceId,lineItem/UsageAmount,lineItem/CurrencyCode,lineItem/UnblendedCost,product/instanceType,lineItem/ProductCode,resourceTags/user:team\n",
    );
    for i in 0..n {
        out.push_str(&format!(
            "Usage,2024-05-04T01:00:00Z,2024-05-04T02:00:00Z,BoxUsage:g5.xlarge,i-{i:08},1,USD,1.006,g5.xlarge,Service{},team-{i}\n",
            i % 3000
        ));
    }
    out.into_bytes()
}

#[test]
fn two_hundred_thousand_distinct_values_fold_into_other_and_say_so() {
    // Regression: 200,000 distinct tag values or resource ids took about 825 MB.
    let n = 200_000;
    let (r, size) = review("distinct.csv", &distinct_rows(n)[..], None).unwrap();
    assert_eq!(r.rows, n as u64);
    let team = &r.by_tag["team"];
    assert_eq!(
        team.len(),
        MAX_TAG_VALUES + 1,
        "the kept values and (other)"
    );
    let other = team.iter().find(|g| g.key == OTHER).unwrap();
    assert_eq!(
        other.gpu_hours,
        rust_decimal::Decimal::from(n - MAX_TAG_VALUES)
    );
    assert_eq!(r.resources.len(), MAX_RESOURCES + 1);
    assert!(r.waste.always_on.iter().all(|a| a.resource != OTHER));
    let fold = |d: Dimension| r.folded.iter().find(|f| f.dimension == d);
    assert_eq!(
        fold(Dimension::TagValues).unwrap().rows,
        (n - MAX_TAG_VALUES) as u64
    );
    assert_eq!(
        fold(Dimension::TagValues).unwrap().key.as_deref(),
        Some("team")
    );
    assert_eq!(
        fold(Dimension::Resources).unwrap().rows,
        (n - MAX_RESOURCES) as u64
    );
    let said = fold(Dimension::Resources).unwrap();
    // Each language names the group as its tables do.
    assert!(said.text(Lang::En).contains(OTHER));
    assert!(said.text(Lang::Zh).contains("（其他）") && !said.text(Lang::Zh).contains(OTHER));
    // The whole bill is still summed: folding loses the breakdown, never the money.
    assert_eq!(
        r.gpu.get(Currency::Usd),
        rust_decimal::Decimal::new(1006, 3) * rust_decimal::Decimal::from(n)
    );
    assert!(
        size < 64 * 1024 * 1024,
        "outputs bounded by the caps: {size}"
    );
}

/// A legacy CUR header with `tags` tag columns named `resourceTags/user:k<i>`, and `rows`
/// rows with every tag set.
fn tag_columns(tags: usize, rows: usize) -> Vec<u8> {
    let mut out = String::from("lineItem/UsageStartDate,lineItem/UsageType,lineItem/UsageAmount,lineItem/CurrencyCode,lineItem/UnblendedCost,product/instanceType");
    for i in 0..tags {
        out.push_str(&format!(",resourceTags/user:k{i}"));
    }
    out.push('\n');
    for _ in 0..rows {
        out.push_str("2024-05-04T01:00:00Z,BoxUsage:g5.xlarge,1,USD,1.006,g5.xlarge");
        for i in 0..tags {
            out.push_str(&format!(",v{i}"));
        }
        out.push('\n');
    }
    out.into_bytes()
}

#[test]
fn ten_thousand_tag_columns_are_refused_and_a_thousand_fold() {
    // Regression: a 4.6 MB bill with 10,000 tag columns took about 900 MB.
    let e = review("tags.csv", &tag_columns(10_000, 20)[..], None).unwrap_err();
    assert_eq!(
        (e.line, e.problem),
        (
            Some(1),
            BillProblem::RecordTooLong {
                max_bytes: MAX_RECORD_BYTES
            }
        )
    );
    // Short names: the header fits the record limit but not the field limit.
    let mut narrow = String::from("lineItem/UsageStartDate,lineItem/UsageType,lineItem/UsageAmount,lineItem/CurrencyCode,lineItem/UnblendedCost");
    for i in 0..3_000 {
        narrow.push_str(&format!(",resourceTags/user:{i}"));
    }
    let e = review("narrow.csv", narrow.as_bytes(), None).unwrap_err();
    assert!(
        matches!(e.problem, BillProblem::TooManyFields { found: 3_005, .. }),
        "{e:?}"
    );
    let (r, _) = review("tags.csv", &tag_columns(1_000, 50)[..], None).unwrap();
    assert_eq!(r.rows, 50);
    assert_eq!(r.by_tag.len(), MAX_TAG_KEYS + 1);
    let other = &r.by_tag[OTHER];
    assert_eq!(other.len(), 1, "one (other) value, once per row: {other:?}");
    assert_eq!(other[0].cost.get(Currency::Usd), r.gpu.get(Currency::Usd));
    let keys = r.folded.iter().find(|f| f.dimension == Dimension::TagKeys);
    assert_eq!(keys.map(|f| f.rows), Some(50), "each of the 50 rows once");
}

#[test]
fn a_bad_value_is_quoted_short() {
    let long = "9".repeat(5_000) + "x";
    let bill = format!(
        "start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n,,1,aws,g5.xlarge,,,{long},USD,\n"
    );
    let (r, _) = review("long.csv", bill.as_bytes(), None).unwrap();
    let BillProblem::BadNumber { value } = &r.problems[0].problem else {
        panic!("{:?}", r.problems)
    };
    assert_eq!(
        value.chars().count(),
        MAX_QUOTED_CHARS + 1,
        "the cut and its mark"
    );
    assert!(value.ends_with('…'));
}

#[test]
fn a_long_text_is_cut_and_its_money_kept() {
    // A 50 KB resource id or tag value kept for each of 10,000 resources would be 500 MB.
    let id = "é".repeat(25_000);
    let bill = format!(
        "lineItem/UsageStartDate,lineItem/UsageType,lineItem/UsageAmount,lineItem/CurrencyCode,lineItem/UnblendedCost,product/instanceType,lineItem/ResourceId,resourceTags/user:team\n\
         2024-05-04T01:00:00Z,BoxUsage:g5.xlarge,1,USD,1.006,g5.xlarge,{id},{id}\n"
    );
    let (r, _) = review("long-id.csv", bill.as_bytes(), None).unwrap();
    assert_eq!((r.rows, r.skipped), (1, 0));
    assert_eq!(r.gpu.get(Currency::Usd).to_string(), "1.006");
    let kept = &r.resources[0].resource;
    assert!(
        kept.len() <= gpucost_review::limits::MAX_VALUE_BYTES,
        "{}",
        kept.len()
    );
    assert!(kept.ends_with('…') && kept.starts_with("éé"));
    assert!(r.by_tag["team"][0].key.ends_with('…'));
}

#[test]
fn every_output_says_what_was_folded() {
    let (r, _) = review(
        "distinct.csv",
        &distinct_rows(MAX_TAG_VALUES + 20)[..],
        None,
    )
    .unwrap();
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
    let lv = levers(&r, e, &fx, Currency::Usd, today);
    for lang in Lang::ALL {
        let json = render::to_json(&r, lv.as_ref(), lang);
        let said = json
            .folded
            .iter()
            .find(|f| f.dimension == "tag-values")
            .expect("the team values were folded");
        assert_eq!((said.key.as_str(), said.rows), ("team", 20));
        let text = &said.text;
        assert!(render::to_csv(&json).contains("folded,tag-values:team,,20,,\n"));
        assert!(render::to_markdown(&json, lang).contains(&format!("- {text}")));
        assert!(render::to_table(&json, lang).contains(text.as_str()));
        let page = html::to_html(&json, lang);
        assert!(page.contains("review-folded"));
        // 500 kept values and (other): the page draws the biggest 100 and counts the rest.
        assert!(
            page.contains(&gpucost_review::l10n::more_rows(401, lang)),
            "{lang:?}"
        );
        let value = serde_json::to_value(&json).unwrap();
        assert_eq!(value["folded"][0]["rows"], 20);
    }
}

fn parquet_fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn bad_parquet(e: &BillError) -> &str {
    match &e.problem {
        BillProblem::BadParquet { reason } => reason,
        other => panic!("not a bad Parquet file: {other:?}"),
    }
}

#[test]
fn cut_short_or_mislabelled_parquet_is_refused_by_name() {
    let good = parquet_fixture("aws-cur2.parquet");
    let (r, _) = review("cur2.parquet", &good[..], None).unwrap();
    assert!(r.rows > 5 && r.skipped == 0, "{:?}", r.problems);
    // Cut short: the end magic is gone.
    let e = review("cut.parquet", &good[..good.len() / 2], None).unwrap_err();
    assert!(bad_parquet(&e).contains("does not end with PAR1"), "{e:?}");
    // Just the magic.
    let e = review("magic.parquet", &b"PAR1"[..], None).unwrap_err();
    assert!(bad_parquet(&e).contains("shorter"), "{e:?}");
    // A footer declared longer than the file.
    let mut long = good.clone();
    let n = long.len();
    long[n - 8..n - 4].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = review("long.parquet", &long[..], None).unwrap_err();
    assert!(bad_parquet(&e).contains("longer than the file"), "{e:?}");
    // A footer past the limit, in a file long enough to hold it.
    let max = gpucost_review::limits::MAX_PARQUET_FOOTER_BYTES as usize;
    let mut big = b"PAR1".to_vec();
    big.resize(max + 64, 0);
    big.extend_from_slice(&((max + 1) as u32).to_le_bytes());
    big.extend_from_slice(b"PAR1");
    let e = review("big.parquet", &big[..], None).unwrap_err();
    assert!(
        matches!(e.problem, BillProblem::ParquetTooLarge { .. }),
        "{e:?}"
    );
    // A footer declaring 2^31 row groups in a few bytes.
    let mut groups = b"PAR1".to_vec();
    let footer = [0x15, 0x02, 0x49, 0xfc, 0xff, 0xff, 0xff, 0x07, 0x00];
    groups.extend_from_slice(&footer);
    groups.extend_from_slice(&(footer.len() as u32).to_le_bytes());
    groups.extend_from_slice(b"PAR1");
    let e = review("groups.parquet", &groups[..], None).unwrap_err();
    bad_parquet(&e);
    // A stream of PAR1 and zeros without end is refused at the stream limit.
    let e = review(
        "zeros.parquet",
        (&b"PAR1"[..]).chain(std::io::repeat(0)),
        None,
    )
    .unwrap_err();
    assert!(
        matches!(e.problem, BillProblem::ParquetTooLarge { .. }),
        "{e:?}"
    );
    // The problem reads in both languages.
    assert!(e.problem.text(Lang::Zh).contains("Parquet"));
}

#[test]
fn damaged_parquet_bytes_never_panic() {
    // Seeded byte damage all over two real Parquet bills: each is reviewed (or refused) and
    // rendered, never a panic or an allocation past the limits.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut read, mut refused) = (0, 0);
    for name in ["aws-cur2.parquet", "azure-cost-details.parquet"] {
        let good = parquet_fixture(name);
        for case in 0..std::env::var("PARQUET_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(500)
        {
            let mut bytes = good.clone();
            // Mostly the footer and page headers, where sizes are declared.
            for _ in 0..1 + next() % 4 {
                let at = if case % 2 == 0 {
                    bytes.len() - 1 - (next() as usize % bytes.len().min(600))
                } else {
                    next() as usize % bytes.len()
                };
                bytes[at] = next() as u8;
            }
            if case % 50 == 0 {
                bytes.truncate(next() as usize % bytes.len());
            }
            let outcome = std::panic::catch_unwind(|| review(name, &bytes[..], None));
            match outcome {
                Ok(Ok(_)) => read += 1,
                Ok(Err(_)) => refused += 1,
                Err(_) => panic!("{name}, case {case}: a panic"),
            }
        }
    }
    assert!(read > 0 && refused > 0, "{read} read, {refused} refused");
}

#[test]
fn damaged_definition_levels_are_named_without_a_panic() {
    // The crate's record reader asserts on a definition level past its column's maximum; the
    // column reader's levels are checked here, so the damage is a named problem wherever a
    // panic would abort (the page's wasm worker, the release CLI). No `catch_unwind` is
    // involved: a panic fails this test.
    let rows = 10;
    let costs: Vec<f64> = (0..rows).map(|i| 1.25 + f64::from(i)).collect();
    let bill = support::parquet_bill(
        &[
            ("provider", vec![Some("RunPod"); rows as usize]),
            ("gpu_model", vec![Some("RTX 4090"); rows as usize]),
            ("currency", vec![Some("USD"); rows as usize]),
        ],
        &[("hours", vec![2.0; rows as usize]), ("cost", costs.clone())],
    );
    let (r, _) = review("levels.parquet", &bill[..], None).unwrap();
    assert_eq!((r.rows, r.skipped), (10, 0), "{:?}", r.problems);
    // The cost column's page: 4 bytes of level length, an RLE run of ten levels of 1
    // (header 10 << 1, then the level), then the ten doubles.
    let mut levels = vec![2, 0, 0, 0, 20, 1];
    levels.extend_from_slice(&costs[0].to_le_bytes());
    let at = bill
        .windows(levels.len())
        .position(|w| w == levels.as_slice())
        .expect("the cost column's levels");
    let mut damaged = bill.clone();
    damaged[at + 5] = 3; // a definition level of 3 where the most is 1
    let e = review("levels.parquet", &damaged[..], None).unwrap_err();
    assert_eq!(e.line, Some(2), "{e:?}");
    assert!(bad_parquet(&e).contains("levels are damaged"), "{e:?}");
    assert!(e.problem.text(Lang::En).contains("levels are damaged"));
    // The library never catches a panic: nothing would stop one in the page's worker.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(!text.contains("catch_unwind"), "{}", path.display());
            }
        }
    }
}
