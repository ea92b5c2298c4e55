//! The warehouse route, for real: a generated raw CUR 2.0 bill is added up by the DuckDB query
//! of `gpucost_review::sql` (and by the Athena query, run on DuckDB with three shims for the
//! Trino functions DuckDB names differently), and the review of what comes out is the review of
//! the raw bill — every amount, GPU-hour, tag group, heat-map hour and resource.
//!
//! DuckDB is Python's `duckdb` package (`scripts/setup.sh test` installs it).

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use chrono::NaiveDate;
use gpucost_review::bill::BillProblem;
use gpucost_review::review::{review_bill, Review, ReviewOptions};
use gpucost_review::sql::{query, Dialect, Granularity, Request};

/// A deterministic raw CUR 2.0 CSV of `hours` hours from 2024-05-01: per hour, GPU instances'
/// running lines (on demand, reserved, spot), their EBS volumes, data transfer split over two
/// operations (so the query has lines to add up), and once a monthly RI fee and a tax line.
fn raw_cur2(hours: u32) -> (String, usize) {
    let mut out = String::from(
        "identity_line_item_id,line_item_line_item_type,line_item_usage_start_date,\
         line_item_usage_end_date,line_item_product_code,line_item_usage_type,line_item_operation,\
         line_item_resource_id,line_item_usage_amount,line_item_currency_code,\
         line_item_unblended_cost,product_instance_type,product_region_code,pricing_term,\
         resource_tags\n",
    );
    let instances = [
        (
            "i-0a",
            "g5.xlarge",
            "us-east-1",
            "1.006",
            "OnDemand",
            r#"{"user_team":"ml","user_env":"dev"}"#,
        ),
        (
            "i-0b",
            "g5.xlarge",
            "us-east-1",
            "0.6036",
            "Reserved",
            r#"{"user_team":"ml","user_env":"prod","user_owner":""}"#,
        ),
        (
            "i-0c",
            "p3.8xlarge",
            "us-west-2",
            "12.24",
            "OnDemand",
            r#"{"user_team":"search","aws_createdBy":"x"}"#,
        ),
        (
            "i-0d",
            "p4d.24xlarge",
            "us-east-1",
            "9.8304000001",
            "Spot",
            "",
        ),
        (
            "i-0e",
            "m5.large",
            "us-east-1",
            "0.096",
            "OnDemand",
            r#"{"user_team":"web"}"#,
        ),
    ];
    let t0 = NaiveDate::from_ymd_opt(2024, 5, 1)
        .unwrap()
        .and_hms_opt(0, 0, 0)
        .unwrap();
    let iso = |t: chrono::NaiveDateTime| t.format("%Y-%m-%dT%H:%M:%S.000Z").to_string();
    let mut n = 0usize;
    let mut seed = 7u64;
    let mut rnd = |m: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % m
    };
    let mut line = |out: &mut String, cols: &[&str]| {
        n += 1;
        let quoted: Vec<String> = cols
            .iter()
            .map(|c| {
                if c.contains(',') || c.contains('"') {
                    format!("\"{}\"", c.replace('"', "\"\""))
                } else {
                    c.to_string()
                }
            })
            .collect();
        let _ = writeln!(out, "li{n},{}", quoted.join(","));
    };
    for h in 0..hours {
        let s = t0 + chrono::TimeDelta::hours(i64::from(h));
        let e = s + chrono::TimeDelta::hours(1);
        let (s, e) = (iso(s), iso(e));
        for (id, itype, region, rate, term, tags) in instances {
            // Each instance is off some hours; spot and reserved lines have their own kinds.
            if rnd(10) < 2 {
                continue;
            }
            let (kind, usage) = match term {
                "Reserved" => ("DiscountedUsage", format!("USE1-BoxUsage:{itype}")),
                "Spot" => ("Usage", format!("USE1-SpotUsage:{itype}")),
                _ => ("Usage", format!("USE1-BoxUsage:{itype}")),
            };
            let amount = if rnd(20) == 0 { "0.5" } else { "1" };
            let cost = if amount == "1" {
                rate.to_string()
            } else {
                format!("{}", rate.parse::<f64>().unwrap() / 2.0)
            };
            line(
                &mut out,
                &[
                    kind,
                    &s,
                    &e,
                    "AmazonEC2",
                    &usage,
                    "RunInstances",
                    id,
                    amount,
                    "USD",
                    &cost,
                    itype,
                    region,
                    term,
                    tags,
                ],
            );
            // Its volume: no instance type, so other spend.
            let vol = format!("vol-{id}");
            let c = format!("0.0{}{}", rnd(10), rnd(1000));
            line(
                &mut out,
                &[
                    "Usage",
                    &s,
                    &e,
                    "AmazonEC2",
                    "EBS:VolumeUsage.gp3",
                    "CreateVolume-Gp3",
                    &vol,
                    "0.1369863014",
                    "USD",
                    &c,
                    "",
                    region,
                    "OnDemand",
                    tags,
                ],
            );
        }
        // Data transfer, two operations of the same usage type in the same hour.
        for op in ["PublicIP-In", "PublicIP-Out"] {
            let c = format!("0.00{}", rnd(100_000));
            line(
                &mut out,
                &[
                    "Usage",
                    &s,
                    &e,
                    "AWSDataTransfer",
                    "USE1-DataTransfer-Out-Bytes",
                    op,
                    "",
                    "0.01",
                    "USD",
                    &c,
                    "",
                    "us-east-1",
                    "OnDemand",
                    "",
                ],
            );
        }
    }
    let month = (iso(t0), iso(t0 + chrono::TimeDelta::days(31)));
    // The RI's monthly fee: an instance type but no running hours (the review counts its span).
    line(
        &mut out,
        &[
            "RIFee",
            &month.0,
            &month.1,
            "AmazonEC2",
            "HeavyUsage:g5.xlarge",
            "RunInstances",
            "",
            "720",
            "USD",
            "434.592",
            "g5.xlarge",
            "us-east-1",
            "Reserved",
            "",
        ],
    );
    // Tax and a credit: no usage type, instance or resource.
    for (kind, cost) in [("Tax", "123.4567890123"), ("Credit", "-50")] {
        let (s, e) = (month.0.as_str(), month.1.as_str());
        let cols = [
            kind,
            s,
            e,
            "AmazonEC2",
            "",
            "",
            "",
            "",
            "USD",
            cost,
            "",
            "",
            "",
            "",
        ];
        line(&mut out, &cols);
    }
    (out, n)
}

/// Runs `sql` on DuckDB (Python's package) with `prelude` first, and writes its result as
/// CSV to `out`.
fn duckdb(dir: &Path, prelude: &str, sql: &str, out: &Path) {
    let script = dir.join("run.py");
    std::fs::write(dir.join("query.sql"), sql).unwrap();
    std::fs::write(
        &script,
        format!(
            "import duckdb, sys\n\
             con = duckdb.connect()\n\
             con.execute({prelude:?}).fetchall()\n\
             con.sql(open('query.sql').read()).write_csv({out:?})\n",
            out = out.display().to_string()
        ),
    )
    .unwrap();
    python(dir, &[script.to_str().unwrap()]);
}

/// The DuckDB query's aggregate of `dir/cur.csv` at `granularity`, written to `dir/name` and
/// returned.
fn duckdb_aggregate(dir: &Path, granularity: Granularity, name: &str) -> Vec<u8> {
    let out = dir.join(name);
    duckdb(
        dir,
        "SELECT 1",
        &request(Dialect::DuckDb, "cur.csv", granularity),
        &out,
    );
    std::fs::read(&out).unwrap()
}

/// Runs python3 with `args` in `dir`, which must succeed.
fn python(dir: &Path, args: &[&str]) {
    let run = Command::new("python3")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("python3 runs");
    assert!(
        run.status.success(),
        "DuckDB failed (scripts/setup.sh test installs Python's duckdb): {}",
        String::from_utf8_lossy(&run.stderr)
    );
}

fn review(name: &str, bytes: &[u8]) -> Review {
    review_bill(
        &gpucost_core::catalog::embedded().catalog,
        name,
        bytes,
        ReviewOptions::default(),
        |_| {},
    )
    .expect("readable")
}

/// The review with what must differ between a raw bill and its aggregate left out: the file's
/// name, format and line count.
fn comparable(mut r: Review) -> Review {
    r.file = String::new();
    r.format = gpucost_review::bill::BillFormat::Generic;
    r.rows = 0;
    r
}

fn request(dialect: Dialect, source: &str, by: Granularity) -> String {
    query(&Request {
        dialect,
        source,
        from: NaiveDate::from_ymd_opt(2024, 5, 1).unwrap(),
        to: NaiveDate::from_ymd_opt(2024, 6, 30).unwrap(),
        by,
    })
    .unwrap()
}

#[test]
fn duckdb_and_athena_aggregates_review_as_the_raw_bill() {
    let dir = tempdir();
    // Two weeks, hourly: about 4,400 raw lines.
    let (raw, lines) = raw_cur2(14 * 24);
    std::fs::write(dir.join("cur.csv"), &raw).unwrap();
    let raw_review = review("cur.csv", raw.as_bytes());
    assert_eq!(raw_review.skipped, 0, "{:?}", raw_review.problems);
    assert_eq!(raw_review.rows as usize, lines);
    assert!(raw_review.gpu_hours > rust_decimal::Decimal::from(1000));
    assert!(!raw_review.by_tag.is_empty() && !raw_review.resources.is_empty());

    let aggregated = duckdb_aggregate(&dir, Granularity::Line, "duck.csv");
    let header = String::from_utf8_lossy(&aggregated[..200]).into_owned();
    assert!(
        header.starts_with(&gpucost_review::sql::OUTPUT_COLUMNS.join(",")),
        "{header}"
    );
    let duck = review("duck.csv", &aggregated);
    assert_eq!(duck.skipped, 0, "{:?}", duck.problems);
    assert!(
        duck.rows < raw_review.rows,
        "{} < {}",
        duck.rows,
        raw_review.rows
    );
    let raw_cmp = comparable(raw_review.clone());
    assert_eq!(comparable(duck), raw_cmp);

    // The Athena text, on DuckDB: the CUR 2.0 table as Athena types it (timestamps, doubles,
    // a map of tags), and DuckDB names for three Trino functions.
    let athena = request(Dialect::Athena, "cur.cur2", Granularity::Line);
    let prelude = "SET lambda_syntax = 'ENABLE_SINGLE_ARROW';\
        CREATE MACRO transform(l, f) AS list_transform(l, f);\
        CREATE MACRO array_join(l, s) AS array_to_string(l, s);\
        SET TimeZone = 'UTC';\
        CREATE SCHEMA cur;\
        CREATE TABLE cur.cur2 AS SELECT * REPLACE (\
          CAST(line_item_usage_start_date AS TIMESTAMP) AS line_item_usage_start_date,\
          CAST(line_item_usage_end_date AS TIMESTAMP) AS line_item_usage_end_date,\
          CAST(NULLIF(line_item_usage_amount, '') AS DOUBLE) AS line_item_usage_amount,\
          CAST(line_item_unblended_cost AS DOUBLE) AS line_item_unblended_cost,\
          CAST(json(NULLIF(resource_tags, '')) AS MAP(VARCHAR, VARCHAR)) AS resource_tags)\
        FROM read_csv('cur.csv', all_varchar = true)";
    let out = dir.join("athena.csv");
    duckdb(&dir, prelude, &athena, &out);
    let athena_review = review("athena.csv", &std::fs::read(&out).unwrap());
    assert_eq!(athena_review.skipped, 0, "{:?}", athena_review.problems);
    assert_eq!(comparable(athena_review), raw_cmp);

    // By day: the same money, GPU-hours and tags; the hours of the day are then not known.
    let days = review(
        "days.csv",
        &duckdb_aggregate(&dir, Granularity::Day, "days.csv"),
    );
    assert_eq!(days.total, raw_review.total);
    assert_eq!(days.gpu, raw_review.gpu);
    assert_eq!(days.gpu_hours, raw_review.gpu_hours);
    assert_eq!(days.by_tag, raw_review.by_tag);
    assert_eq!(days.non_gpu, raw_review.non_gpu);
    assert!(days.rows * 5 < raw_review.rows, "{} rows by day", days.rows);
}

fn tempdir() -> std::path::PathBuf {
    tempdir_named("sql")
}

/// A fresh directory of this test process, one per test (tests run in parallel).
fn tempdir_named(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gpucost-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_generic_csv_keeps_region_resource_and_description() {
    let bill = "start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags,region,resource_id,description,pricing_term\n\
        2024-05-04 01:00:00,2024-05-04 02:00:00,1.000000000000,aws,g5.xlarge,,,1.006000000000,USD,team=ml,us-east-1,i-0a,AmazonEC2 USE1-BoxUsage:g5.xlarge,OnDemand\n\
        2024-05-04 01:00:00,2024-05-04 02:00:00,1,aws,,,,0.25,USD,,,,AmazonS3 Requests-Tier1,\n";
    let r = review("g.csv", bill.as_bytes());
    assert_eq!(r.skipped, 0, "{:?}", r.problems);
    assert_eq!(r.resources[0].resource, "i-0a");
    assert_eq!(r.regions["aws"], vec!["us-east-1".to_string()]);
    assert_eq!(r.non_gpu[0].0, "AmazonS3 Requests-Tier1");
    // Without a description column, a line still needs an instance type or GPU model.
    let old = "provider,hours,instance_type,cost,currency\naws,1,,0.25,USD\n";
    assert_eq!(review("old.csv", old.as_bytes()).skipped, 1);
}

/// Runs `sql` (statements, no result) on DuckDB in `dir`.
fn duckdb_run(dir: &Path, sql: &str) {
    std::fs::write(dir.join("statements.sql"), sql).unwrap();
    python(
        dir,
        &[
            "-c",
            "import duckdb; duckdb.connect().execute(open('statements.sql').read())",
        ],
    );
}

/// Reviews the file at `path` as the CLI does: seekable.
fn review_file(path: &Path) -> Review {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    review_bill(
        &gpucost_core::catalog::embedded().catalog,
        &name,
        gpucost_review::bill::BillInput::seekable(std::fs::File::open(path).unwrap()),
        ReviewOptions::default(),
        |_| {},
    )
    .expect("readable")
}

/// The review without its file name.
fn unnamed(mut r: Review) -> Review {
    r.file = String::new();
    r
}

#[test]
fn parquet_cur2_and_azure_review_as_their_csv() {
    let dir = tempdir_named("parquet");
    let (raw, _) = raw_cur2(14 * 24);
    std::fs::write(dir.join("cur.csv"), &raw).unwrap();
    let azure =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples/azure-cost-details.csv");
    std::fs::copy(&azure, dir.join("azure.csv")).unwrap();
    // CUR 2.0 as Data Exports write it: timestamps, doubles, the tags a map; Snappy. Azure's
    // export: a date, doubles, the rest text. Row groups of 1,000 rows, so several are read.
    duckdb_run(
        &dir,
        "SET TimeZone = 'UTC';\
         COPY (SELECT * REPLACE (\
           CAST(line_item_usage_start_date AS TIMESTAMP) AS line_item_usage_start_date,\
           CAST(line_item_usage_end_date AS TIMESTAMP) AS line_item_usage_end_date,\
           CAST(NULLIF(line_item_usage_amount, '') AS DOUBLE) AS line_item_usage_amount,\
           CAST(line_item_unblended_cost AS DOUBLE) AS line_item_unblended_cost,\
           CAST(json(NULLIF(resource_tags, '')) AS MAP(VARCHAR, VARCHAR)) AS resource_tags)\
           FROM read_csv('cur.csv', all_varchar = true))\
         TO 'cur.parquet' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 1000);\
         COPY (SELECT * REPLACE (\
           strptime(Date, '%m/%d/%Y')::DATE AS Date,\
           CAST(Quantity AS DOUBLE) AS Quantity,\
           CAST(CostInBillingCurrency AS DOUBLE) AS CostInBillingCurrency)\
           FROM read_csv('azure.csv', all_varchar = true))\
         TO 'azure.parquet' (FORMAT parquet, COMPRESSION snappy);",
    );
    for (csv, parquet) in [("cur.csv", "cur.parquet"), ("azure.csv", "azure.parquet")] {
        let from_csv = review_file(&dir.join(csv));
        let from_parquet = review_file(&dir.join(parquet));
        let bytes = std::fs::read(dir.join(parquet)).unwrap();
        assert_eq!(&bytes[..4], b"PAR1");
        assert_eq!(from_parquet.skipped, 0, "{:?}", from_parquet.problems);
        assert!(
            from_parquet.rows > 5,
            "{parquet}: {} rows",
            from_parquet.rows
        );
        assert!(
            from_parquet.gpu_hours > rust_decimal::Decimal::ZERO,
            "{parquet}"
        );
        assert_eq!(unnamed(from_parquet), unnamed(from_csv), "{parquet}");
        // A stream (not seekable) of a small Parquet file is held whole and reads the same.
        let streamed = review(parquet, &bytes);
        assert_eq!(unnamed(streamed), unnamed(review_file(&dir.join(csv))));
    }
}

#[test]
fn parquet_columns_of_another_kind_are_named() {
    let dir = tempdir_named("kinds");
    let cur = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples/aws-cur2.csv");
    std::fs::copy(&cur, dir.join("cur.csv")).unwrap();
    let copy = |select: &str, to: &str, codec: &str| {
        format!(
            "COPY (SELECT {select} FROM read_csv('cur.csv', all_varchar = true)) \
             TO '{to}' (FORMAT parquet, COMPRESSION {codec});"
        )
    };
    duckdb_run(
        &dir,
        &[
            // The cost a boolean: every line is skipped, the cost named.
            copy(
                "* REPLACE (line_item_unblended_cost <> '0' AS line_item_unblended_cost)",
                "bool.parquet",
                "snappy",
            ),
            // The tags a list: the file is refused, the column named.
            copy(
                "* REPLACE ([resource_tags] AS resource_tags)",
                "list.parquet",
                "snappy",
            ),
            // A struct in place of the cost.
            copy(
                "* REPLACE ({'v': line_item_unblended_cost} AS line_item_unblended_cost)",
                "struct.parquet",
                "snappy",
            ),
            copy("*", "zstd.parquet", "zstd"),
            copy("*", "gzip.parquet", "gzip"),
            copy("*", "plain.parquet", "uncompressed"),
        ]
        .concat(),
    );
    let read = |name: &str| {
        review_bill(
            &gpucost_core::catalog::embedded().catalog,
            name,
            gpucost_review::bill::BillInput::seekable(std::fs::File::open(dir.join(name)).unwrap()),
            ReviewOptions::default(),
            |_| {},
        )
    };
    let bools = read("bool.parquet").unwrap();
    assert_eq!(bools.rows, 0);
    assert!(bools.skipped > 5);
    assert_eq!(
        bools.problems[0].column.as_deref(),
        Some("line_item_unblended_cost")
    );
    assert!(matches!(
        bools.problems[0].problem,
        BillProblem::BadNumber { .. }
    ));
    for (name, column, found) in [
        ("list.parquet", "resource_tags", "list"),
        ("struct.parquet", "line_item_unblended_cost", "struct"),
    ] {
        let e = read(name).unwrap_err();
        assert_eq!(e.column.as_deref(), Some(column), "{name}");
        assert_eq!(
            e.problem,
            BillProblem::ParquetColumnType {
                found: found.into()
            },
            "{name}"
        );
    }
    let e = read("zstd.parquet").unwrap_err();
    assert!(
        matches!(e.problem, BillProblem::ParquetCodec { ref codec } if codec.contains("ZSTD")),
        "{e:?}"
    );
    // Gzip and uncompressed pages read as Snappy's.
    let csv = unnamed(review_file(&dir.join("cur.csv")));
    for name in ["gzip.parquet", "plain.parquet"] {
        let r = read(name).unwrap();
        assert_eq!(r.skipped, 0, "{name}: {:?}", r.problems);
        assert_eq!(r.total, csv.total, "{name}");
        assert_eq!(r.rows, csv.rows, "{name}");
    }
}

#[test]
fn the_duckdb_query_runs_on_the_cur2_sample() {
    // docs/examples/aws-cur2.csv has every column the query reads (pricing_term among them),
    // so the query a reader tries on it runs, and its aggregate reviews as the sample.
    let dir = tempdir_named("sample");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples/aws-cur2.csv");
    std::fs::copy(&sample, dir.join("cur.csv")).unwrap();
    let duck = review(
        "duck.csv",
        &duckdb_aggregate(&dir, Granularity::Line, "duck.csv"),
    );
    let raw = review("cur.csv", &std::fs::read(dir.join("cur.csv")).unwrap());
    assert_eq!(duck.skipped, 0, "{:?}", duck.problems);
    assert_eq!(duck.total, raw.total);
    assert_eq!(duck.gpu_hours, raw.gpu_hours);
    assert_eq!(duck.by_tag, raw.by_tag);
}
