//! Reading the sample bills in `docs/examples/`, one per format: how many rows, what they add
//! up to per currency (to the cent), how many name a GPU or an instance type, and a few
//! mapped fields; then broken files: a bad number, a missing column, an unknown header, gzip.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::str::FromStr;

use gpucost_core::money::Currency;
use gpucost_review::bill::{
    detect, read_bill, BillError, BillFormat, BillProblem, BillSummary, UsageRow,
};
use rust_decimal::Decimal;

mod support;

fn example(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/examples")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read(name: &str, bytes: &[u8]) -> Result<(BillSummary, Vec<UsageRow>), BillError> {
    let mut rows = Vec::new();
    let summary = read_bill(name, bytes, |r| rows.push(r), |_| {})?;
    Ok((summary, rows))
}

fn read_example(name: &str) -> (BillSummary, Vec<UsageRow>) {
    read(name, &example(name)).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn totals(pairs: &[(Currency, &str)]) -> BTreeMap<Currency, Decimal> {
    pairs.iter().map(|(c, a)| (*c, dec(a))).collect()
}

fn with_machine(rows: &[UsageRow]) -> usize {
    rows.iter()
        .filter(|r| r.gpu_model.is_some() || r.instance_type.is_some())
        .count()
}

/// Checks what every sample is pinned to: format, rows, nothing skipped, totals to the
/// cent (also re-summed from the rows handed on), rows naming a GPU or instance type.
fn check(
    name: &str,
    format: BillFormat,
    rows: u64,
    total: &[(Currency, &str)],
    machines: usize,
) -> Vec<UsageRow> {
    let (summary, got) = read_example(name);
    assert_eq!(summary.format, format, "{name}");
    assert_eq!(summary.rows, rows, "{name}");
    assert_eq!(got.len() as u64, rows, "{name}");
    assert_eq!(summary.skipped, 0, "{name}: {:?}", summary.problems);
    assert_eq!(summary.total, totals(total), "{name}");
    let mut resummed = BTreeMap::new();
    for r in &got {
        *resummed.entry(r.currency).or_insert(Decimal::ZERO) += r.cost;
    }
    assert_eq!(resummed, totals(total), "{name}: rows handed on");
    assert_eq!(with_machine(&got), machines, "{name}");
    got
}

fn hours(rows: &[UsageRow]) -> Decimal {
    rows.iter().filter_map(|r| r.hours).sum()
}

#[test]
fn aws_cur_legacy_sample() {
    let rows = check(
        "aws-cur-legacy.csv",
        BillFormat::AwsCurLegacy,
        15,
        &[(Currency::Usd, "65.5648")],
        10,
    );
    let first = &rows[0];
    assert_eq!(first.provider, "aws");
    assert_eq!(first.line, 2);
    assert_eq!(first.instance_type.as_deref(), Some("g5.xlarge"));
    assert_eq!(first.hours, Some(dec("1")));
    assert_eq!(first.region.as_deref(), Some("us-east-1"));
    assert_eq!(first.resource_id.as_deref(), Some("i-0dev5a1b2c3d4e5f6"));
    assert_eq!(first.tags.get("env").map(String::as_str), Some("dev"));
    assert_eq!(first.start.unwrap().to_string(), "2024-05-04 01:00:00");
    // Instance-hours only on BoxUsage/SpotUsage usage lines: not the tax, credit or storage.
    assert_eq!(hours(&rows), dec("10"));
    let tax = rows
        .iter()
        .find(|r| r.description == "AmazonEC2")
        .map(|r| r.hours);
    assert_eq!(tax, Some(None));
}

#[test]
fn aws_cur2_sample() {
    let rows = check(
        "aws-cur2.csv",
        BillFormat::AwsCur2,
        15,
        &[(Currency::Usd, "65.5648")],
        10,
    );
    let prod = rows
        .iter()
        .find(|r| r.instance_type.as_deref() == Some("p3.8xlarge"))
        .unwrap();
    assert_eq!(prod.tags.get("project").map(String::as_str), Some("ranker"));
    assert_eq!(prod.tags.get("team").map(String::as_str), Some("ml"));
    assert_eq!(prod.cost, dec("12.24"));
    assert_eq!(hours(&rows), dec("10"));
}

#[test]
fn both_aws_schemas_read_the_same_rows() {
    let (_, legacy) = read_example("aws-cur-legacy.csv");
    let (_, cur2) = read_example("aws-cur2.csv");
    for (a, b) in legacy.iter().zip(&cur2) {
        assert_eq!(
            (
                &a.instance_type,
                a.hours,
                a.cost,
                &a.tags,
                a.start,
                &a.region
            ),
            (
                &b.instance_type,
                b.hours,
                b.cost,
                &b.tags,
                b.start,
                &b.region
            )
        );
    }
}

#[test]
fn gcp_cost_table_sample() {
    let (summary, _) = read_example("gcp-billing.csv");
    // The closing `Total` line is not a row: counting it would double the file.
    assert_eq!(summary.ignored, 1);
    let rows = check(
        "gcp-billing.csv",
        BillFormat::GcpBillingExport,
        12,
        &[(Currency::Usd, "506.353")],
        6,
    );
    let t4 = &rows[0];
    assert_eq!(t4.gpu_model.as_deref(), Some("T4"));
    assert_eq!(t4.gpu_count, Some(dec("1")));
    assert_eq!(t4.hours, Some(dec("24")));
    assert_eq!(t4.region.as_deref(), Some("Americas"));
    assert_eq!(t4.tags.get("project").map(String::as_str), Some("ml-dev"));
    assert_eq!(t4.line, 7, "lines count from the top, preamble included");
    // 86,400 seconds are 24 hours.
    assert_eq!(rows[1].hours, Some(dec("24")));
    // The unrounded cost is the one read.
    assert_eq!(rows[2].cost, dec("3.038112"));
    // GPU-hours: 24 + 24 (T4) + 96 + 96 (V100) + 10 (spot T4); the credit adds none.
    let gpu_hours: Decimal = rows
        .iter()
        .filter(|r| r.gpu_model.is_some())
        .filter_map(|r| r.hours)
        .sum();
    assert_eq!(gpu_hours, dec("250"));
    let credit = rows
        .iter()
        .find(|r| r.cost < Decimal::ZERO && r.gpu_model.is_some())
        .unwrap();
    // Zero, not none: a credit's dates would otherwise be read as its usage.
    assert_eq!(credit.hours, Some(Decimal::ZERO));
    // Regression: a day-grouped table writes `2024-05-04` to `2024-05-04`; read as written,
    // every line spanned nothing, so the bill had no period, no heat map and no levers. A
    // date-only end is inclusive: the line runs to the next midnight.
    let day = |d: u32| {
        chrono::NaiveDate::from_ymd_opt(2024, 5, d)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap()
    };
    assert_eq!((t4.start, t4.end), (Some(day(4)), Some(day(5))));
    // The closing `Rounding error` line has no service or SKU: it is named by its cost type,
    // as an id the words layer names in each language, not an empty ": ".
    let rounding = rows.iter().find(|r| r.cost == dec("-0.000432")).unwrap();
    assert_eq!(rounding.description, gpucost_review::bill::ROUNDING_ERROR);
    assert!(rows.iter().all(|r| !r.description.starts_with(':')));
}

#[test]
fn azure_cost_details_sample() {
    let rows = check(
        "azure-cost-details.csv",
        BillFormat::AzureCostDetails,
        10,
        &[(Currency::Usd, "436.696961")],
        8,
    );
    let dev = &rows[0];
    assert_eq!(dev.instance_type.as_deref(), Some("Standard_NC6s_v3"));
    assert_eq!(dev.hours, Some(dec("20")));
    assert_eq!(dev.start.unwrap().to_string(), "2024-05-04 00:00:00");
    assert_eq!(dev.end.unwrap().to_string(), "2024-05-05 00:00:00");
    assert_eq!(dev.tags.get("env").map(String::as_str), Some("dev"));
    assert_eq!(dev.region.as_deref(), Some("eastus"));
    // `10 Hours` units: 0.8 of them are 8 hours.
    let spot = rows
        .iter()
        .find(|r| r.instance_type.as_deref() == Some("Standard_NC4as_T4_v3"))
        .unwrap();
    assert_eq!(spot.hours, Some(dec("8")));
    assert_eq!(
        hours(&rows),
        dec("20") + dec("24") + dec("9.5") + dec("72") + dec("8") + dec("24")
    );
}

#[test]
fn alibaba_bill_sample() {
    let rows = check(
        "alibaba-bill.csv",
        BillFormat::AlibabaBillDetails,
        15,
        &[(Currency::Cny, "139.34")],
        13,
    );
    let dev = &rows[0];
    assert_eq!(dev.provider, "alibaba");
    assert_eq!(dev.instance_type.as_deref(), Some("ecs.gn7i-c8g1.2xlarge"));
    assert_eq!(dev.cost, dec("7.98"), "应付金额, after the discount");
    assert_eq!(dev.hours, Some(dec("1")));
    // Beijing 01:00 is 17:00 UTC the day before.
    assert_eq!(dev.start.unwrap().to_string(), "2024-05-03 17:00:00");
    assert_eq!(dev.tags.get("project").map(String::as_str), Some("ocr"));
    assert_eq!(dev.resource_id.as_deref(), Some("i-bp1devgpu0000000001"));
    // The system disk line of the same instance does not count its hours again.
    assert_eq!(rows[1].hours, None);
    assert_eq!(hours(&rows), dec("9"));
}

#[test]
fn tencent_bill_sample() {
    let rows = check(
        "tencent-bill.csv",
        BillFormat::TencentBillDetails,
        11,
        &[(Currency::Cny, "105.13")],
        8,
    );
    let dev = &rows[0];
    assert_eq!(dev.provider, "tencent");
    assert_eq!(dev.instance_type.as_deref(), Some("GN7.2XLARGE32"));
    assert_eq!(dev.cost, dec("8.15"), "优惠后总价");
    assert_eq!(dev.hours, Some(dec("1")));
    assert_eq!(dev.tags.get("env").map(String::as_str), Some("dev"));
    let prod = rows
        .iter()
        .find(|r| r.resource_id.as_deref() == Some("ins-prod10x1"))
        .unwrap();
    assert_eq!(prod.instance_type.as_deref(), Some("GN10Xp.2XLARGE40"));
    // A `-` tag value is no tag.
    let cos = rows
        .iter()
        .find(|r| r.description.starts_with("对象存储"))
        .unwrap();
    assert!(!cos.tags.contains_key("env"));
    assert_eq!(hours(&rows), dec("8"));
}

#[test]
fn generic_sample() {
    let rows = check(
        "generic.csv",
        BillFormat::Generic,
        10,
        &[(Currency::Usd, "3885.92"), (Currency::Cny, "220.91")],
        10,
    );
    assert_eq!(rows[0].provider, "runpod");
    assert_eq!(rows[0].hours, Some(dec("8")), "from start and end");
    assert_eq!(rows[1].gpu_count, Some(dec("2")));
    assert_eq!(rows[2].instance_type.as_deref(), Some("gpu_8x_h100_sxm5"));
    assert_eq!(rows[2].hours, Some(dec("168")));
    assert_eq!(rows[3].hours, Some(dec("12")), "given");
    assert_eq!(
        rows[0].tags.get("project").map(String::as_str),
        Some("diffusion")
    );
    assert_eq!(rows[6].hours, Some(dec("2.5")));
    assert!(rows[7].tags.is_empty());
}

#[test]
fn gzipped_sample_reads_as_the_plain_one() {
    let (plain_summary, plain) = read_example("aws-cur-legacy.csv");
    let gz = example("aws-cur-legacy.csv.gz");
    assert_eq!(&gz[..2], &[0x1f, 0x8b]);
    let mut progress = Vec::new();
    let mut rows = Vec::new();
    let summary = read_bill(
        "aws-cur-legacy.csv.gz",
        gz.as_slice(),
        |r| rows.push(r),
        |b| progress.push(b),
    )
    .unwrap();
    assert_eq!(summary, plain_summary);
    assert_eq!(rows, plain);
    // Progress is in bytes of the file as given, rising to its whole size.
    assert_eq!(progress.last().copied(), Some(gz.len() as u64));
    assert!(progress.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn damaged_gzip_is_refused() {
    let mut gz = example("aws-cur-legacy.csv.gz");
    gz.truncate(gz.len() / 2);
    let err = read("bill.csv.gz", &gz).unwrap_err();
    assert_eq!(err.problem, BillProblem::BadGzip);
    let garbage = [0x1f, 0x8b, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    assert_eq!(
        read("x.gz", &garbage).unwrap_err().problem,
        BillProblem::BadGzip
    );
}

#[test]
fn each_sample_header_is_detected() {
    let cases = [
        ("aws-cur-legacy.csv", BillFormat::AwsCurLegacy),
        ("aws-cur2.csv", BillFormat::AwsCur2),
        ("azure-cost-details.csv", BillFormat::AzureCostDetails),
        ("alibaba-bill.csv", BillFormat::AlibabaBillDetails),
        ("tencent-bill.csv", BillFormat::TencentBillDetails),
        ("generic.csv", BillFormat::Generic),
    ];
    for (name, format) in cases {
        let text = String::from_utf8(example(name)).unwrap();
        let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
        assert_eq!(detect(&header), Some(format), "{name}");
    }
    let text = String::from_utf8(example("gcp-billing.csv")).unwrap();
    let header: Vec<&str> = text.lines().nth(5).unwrap().split(',').collect();
    assert_eq!(detect(&header), Some(BillFormat::GcpBillingExport));
    // Azure MCA writes the same columns in camel case.
    assert_eq!(
        detect(&[
            "date",
            "meterCategory",
            "quantity",
            "costInBillingCurrency",
            "billingCurrency"
        ]),
        Some(BillFormat::AzureCostDetails)
    );
    assert_eq!(detect(&["date", "amount", "memo"]), None);
}

#[test]
fn a_bad_number_skips_its_line_only() {
    let text = String::from_utf8(example("generic.csv")).unwrap();
    // Line 4 (the third data line) gets a cost that is not a number.
    let broken = text.replacen("3763.20", "37x63.20", 1);
    assert_ne!(broken, text);
    let (summary, rows) = read("generic.csv", broken.as_bytes()).unwrap();
    assert_eq!(summary.rows, 9);
    assert_eq!(summary.skipped, 1);
    assert_eq!(rows.len(), 9);
    assert!(rows.iter().all(|r| r.line != 4));
    assert_eq!(summary.problems.len(), 1);
    let p = &summary.problems[0];
    assert_eq!(p.line, Some(4));
    assert_eq!(p.column.as_deref(), Some("cost"));
    assert_eq!(
        p.problem,
        BillProblem::BadNumber {
            value: "37x63.20".into()
        }
    );
    assert_eq!(p.file, "generic.csv");
    // The others still add up.
    assert_eq!(
        summary.total[&Currency::Usd],
        dec("3885.92") - dec("3763.20")
    );
}

#[test]
fn bad_dates_field_counts_and_currencies_are_named() {
    let text = String::from_utf8(example("aws-cur-legacy.csv")).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[2] = lines[2].replacen(",2024-05-04T02:00:00Z,", ",yesterday,", 1);
    lines[3] = format!("{},extra", lines[3]);
    lines[4] = lines[4].replacen(",USD,", ",EUR,", 1);
    let (summary, rows) = read("cur.csv", lines.join("\n").as_bytes()).unwrap();
    assert_eq!((summary.rows, summary.skipped), (12, 3));
    assert_eq!(rows.len(), 12);
    let named: Vec<_> = summary
        .problems
        .iter()
        .map(|p| (p.line, p.column.clone(), p.problem.clone()))
        .collect();
    assert_eq!(
        named,
        vec![
            (
                Some(3),
                Some("lineItem/UsageStartDate".into()),
                BillProblem::BadDate {
                    value: "yesterday".into()
                }
            ),
            (
                Some(4),
                None,
                BillProblem::FieldCount {
                    expected: 24,
                    found: 25
                }
            ),
            (
                Some(5),
                Some("lineItem/CurrencyCode".into()),
                BillProblem::UnknownCurrency {
                    value: "EUR".into()
                }
            ),
        ]
    );
}

#[test]
fn only_the_first_problems_are_named() {
    let mut text =
        String::from("start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n");
    for _ in 0..30 {
        text.push_str(",,1,x,,T4,1,oops,USD,\n");
    }
    text.push_str(",,1,x,,T4,1,2.50,USD,\n");
    let (summary, rows) = read("g.csv", text.as_bytes()).unwrap();
    assert_eq!(summary.skipped, 30);
    assert_eq!(
        summary.problems.len(),
        gpucost_review::bill::MAX_NAMED_PROBLEMS
    );
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].line, 32);
}

#[test]
fn a_missing_required_column_is_named() {
    let text = String::from_utf8(example("azure-cost-details.csv")).unwrap();
    let (head, body) = text.split_once('\n').unwrap();
    let head = head.replace("CostInBillingCurrency", "Costs");
    let err = read("azure.csv", format!("{head}\n{body}").as_bytes()).unwrap_err();
    assert_eq!(
        err.problem,
        BillProblem::MissingColumn {
            column: "CostInBillingCurrency".into()
        }
    );
    assert_eq!(err.column.as_deref(), Some("CostInBillingCurrency"));
    assert_eq!(err.line, Some(1));

    let err = read("g.csv", b"provider,cost,currency,gpu_model\nx,1,USD,T4\n").unwrap_err();
    assert_eq!(
        err.problem,
        BillProblem::MissingColumn {
            column: "hours".into()
        }
    );

    let text = String::from_utf8(example("alibaba-bill.csv")).unwrap();
    let err = read("a.csv", text.replacen("应付金额", "金额", 1).as_bytes()).unwrap_err();
    assert_eq!(
        err.problem,
        BillProblem::MissingColumn {
            column: "应付金额".into()
        }
    );
}

#[test]
fn unknown_and_empty_files_are_refused() {
    let err = read(
        "x.csv",
        b"date,amount,memo,payee\n2024-05-01,3,coffee,cafe\n",
    )
    .unwrap_err();
    assert_eq!(err.problem, BillProblem::UnknownFormat);
    assert_eq!(err.file, "x.csv");
    assert_eq!(read("x.csv", b"").unwrap_err().problem, BillProblem::Empty);
    assert_eq!(
        read("x.csv", b"\xef\xbb\xbf").unwrap_err().problem,
        BillProblem::Empty
    );
    assert_eq!(
        read(
            "x.csv",
            b"\xff\xd8\xff\xe0 jpeg, not a bill, at all, really"
        )
        .unwrap_err()
        .problem,
        BillProblem::NotText
    );
}

#[test]
fn byte_order_marks_and_utf16_are_read() {
    let plain = example("tencent-bill.csv");
    let (expected, expected_rows) = read("t.csv", &plain).unwrap();

    let mut bom = vec![0xef, 0xbb, 0xbf];
    bom.extend_from_slice(&plain);
    let (summary, rows) = read("t.csv", &bom).unwrap();
    assert_eq!((summary, rows), (expected.clone(), expected_rows.clone()));

    let text = String::from_utf8(plain).unwrap();
    let mut le = vec![0xff, 0xfe];
    le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let (summary, rows) = read("t.txt", &le).unwrap();
    assert_eq!((summary, rows), (expected.clone(), expected_rows.clone()));

    let mut be = vec![0xfe, 0xff];
    be.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    assert_eq!(read("t.txt", &be).unwrap().0, expected);

    // An unpaired surrogate is not text.
    let mut bad = le.clone();
    bad.extend([0x00, 0xd8, 0x41, 0x00]);
    assert_eq!(
        read("t.txt", &bad).unwrap_err().problem,
        BillProblem::NotText
    );
}

#[test]
fn a_line_that_is_not_utf8_is_skipped() {
    let mut bytes =
        b"start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n".to_vec();
    bytes.extend_from_slice(b",,1,x,,T4,1,1.00,USD,team=\xb2\xe2\n");
    bytes.extend_from_slice(b",,1,x,,T4,1,2.00,USD,\n");
    let (summary, rows) = read("g.csv", &bytes).unwrap();
    assert_eq!((summary.rows, summary.skipped), (1, 1));
    assert_eq!(summary.problems[0].problem, BillProblem::NotText);
    assert_eq!(summary.problems[0].line, Some(2));
    assert_eq!(rows[0].cost, dec("2.00"));
}

mod generated {
    //! Generated generic bills: whatever rows go in, their totals come out, to the cent.

    use super::*;
    use proptest::prelude::*;

    fn row() -> impl Strategy<Value = (i64, u32, bool, bool, String)> {
        (
            -100_000i64..10_000_000, // cost in cents
            1u32..2_000,             // tenths of an hour
            any::<bool>(),           // CNY or USD
            any::<bool>(),           // GPU model or instance type
            "[a-z]{1,8}",            // team tag
        )
    }

    proptest! {
        #[test]
        fn totals_round_trip(rows in proptest::collection::vec(row(), 0..60)) {
            let mut text = String::from("start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n");
            let mut expected: BTreeMap<Currency, Decimal> = BTreeMap::new();
            for (cents, tenths, cny, gpu, team) in &rows {
                let cost = Decimal::new(*cents, 2);
                let currency = if *cny { Currency::Cny } else { Currency::Usd };
                *expected.entry(currency).or_default() += cost;
                let (itype, model) = if *gpu { ("", "A100 80GB") } else { ("g5.xlarge", "") };
                text.push_str(&format!(
                    ",,{},Prov,{itype},{model},1,{cost},{currency},team={team}\n",
                    Decimal::new(i64::from(*tenths), 1)
                ));
            }
            if rows.is_empty() {
                // A header alone is a bill with no rows.
                let (summary, got) = read("g.csv", text.as_bytes()).unwrap();
                prop_assert_eq!(summary.rows, 0);
                prop_assert!(got.is_empty());
                return Ok(());
            }
            let (summary, got) = read("g.csv", text.as_bytes()).unwrap();
            prop_assert_eq!(summary.rows, rows.len() as u64);
            prop_assert_eq!(summary.skipped, 0);
            prop_assert_eq!(&summary.total, &expected);
            let hours: Decimal = got.iter().filter_map(|r| r.hours).sum();
            let want: Decimal = rows.iter().map(|r| Decimal::new(i64::from(r.1), 1)).sum();
            prop_assert_eq!(hours, want);
            prop_assert!(got.iter().all(|r| r.provider == "prov"));
        }
    }
}

#[test]
fn legacy_cur_parquet_tags_read_as_the_legacy_csv_tags() {
    // The legacy CUR as Parquet (and for Athena) names its columns as CUR 2.0 does, each tag
    // its own `resource_tags_user_<key>` column (AWS's own `resource_tags_aws_*` are not read).
    let (_, csv) = read_example("aws-cur-legacy.csv");
    let text = |f: &dyn Fn(&UsageRow) -> Option<String>| -> Vec<Option<String>> {
        csv.iter().map(f).collect()
    };
    let tag = |key: &'static str| move |r: &UsageRow| r.tags.get(key).cloned();
    let columns: Vec<(&str, Vec<Option<String>>)> = vec![
        (
            "line_item_usage_start_date",
            text(&|r| Some(r.start.unwrap().format("%Y-%m-%dT%H:%M:%SZ").to_string())),
        ),
        (
            "line_item_usage_type",
            text(&|_| Some("USE1-BoxUsage:g5.xlarge".into())),
        ),
        ("line_item_currency_code", text(&|_| Some("USD".into()))),
        (
            "line_item_unblended_cost",
            text(&|r| Some(r.cost.to_string())),
        ),
        ("resource_tags_user_team", text(&tag("team"))),
        ("resource_tags_user_project", text(&tag("project"))),
        (
            "resource_tags_aws_created_by",
            text(&|_| Some("someone".into())),
        ),
    ];
    let borrowed: Vec<(&str, Vec<Option<&str>>)> = columns
        .iter()
        .map(|(n, v)| (*n, v.iter().map(|c| c.as_deref()).collect()))
        .collect();
    let bill = support::parquet_bill(&borrowed, &[]);
    let (summary, rows) = read("legacy.parquet", &bill).unwrap();
    assert_eq!(summary.format, BillFormat::AwsCur2);
    assert_eq!(rows.len(), csv.len());
    assert!(csv.iter().any(|r| !r.tags.is_empty()));
    for (p, c) in rows.iter().zip(&csv) {
        let wanted: BTreeMap<String, String> = c
            .tags
            .iter()
            .filter(|(k, _)| *k == "team" || *k == "project")
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        assert_eq!(p.tags, wanted, "line {}", p.line);
        assert_eq!(p.cost, c.cost);
    }
}
