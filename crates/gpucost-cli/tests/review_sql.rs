//! `gpucost review --sql`: prints the warehouse query for the user's table and dates (issue 30),
//! and refuses a table name that could end its quoting. That the query's output reviews as the
//! raw bill is tested in `crates/gpucost-review/tests/sql.rs`, on DuckDB.

use std::process::{Command, Output};

fn gpucost(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpucost"))
        .args(args)
        .output()
        .expect("the gpucost binary runs")
}

fn sql(dialect: &str, table: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "review",
        "--sql",
        dialect,
        "--table",
        table,
        "--from",
        "2024-05-01",
        "--to",
        "2024-07-31",
    ];
    args.extend_from_slice(extra);
    gpucost(&args)
}

#[test]
fn each_dialect_prints_its_query_for_the_table_and_dates() {
    for (dialect, table, from) in [
        (
            "athena",
            "cur.data_exports",
            "FROM \"cur\".\"data_exports\"",
        ),
        (
            "bigquery",
            "p-1.billing.gcp_billing_export_resource_v1_X",
            "FROM `p-1.billing.gcp_billing_export_resource_v1_X`",
        ),
        (
            "duckdb",
            "cur/*.parquet",
            "FROM read_parquet('cur/*.parquet'",
        ),
    ] {
        let out = sql(dialect, table, &[]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{dialect}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains(from), "{dialect}: {text}");
        assert!(text.contains("2024-05-01 00:00:00"), "{dialect}: {text}");
        assert!(
            text.contains("2024-08-01 00:00:00"),
            "{dialect}: the last day is included"
        );
        assert!(text.contains("AS hours"), "{dialect}");
    }
    let days = sql("duckdb", "cur.csv.gz", &["--by", "day"]);
    assert!(String::from_utf8_lossy(&days.stdout).contains("date_trunc('day', s)"));
}

#[test]
fn a_hostile_table_name_is_refused_with_exit_2_in_both_languages() {
    let out = sql("athena", "x\"; DROP TABLE y; --", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot hold the character \\\""));
    let out = sql("duckdb", "a'b.csv", &["--lang", "zh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("表名中不能有字符"));
    let long = "a".repeat(600);
    let out = sql("bigquery", &long, &[]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("too long"));
    // --sql needs its table and dates, and is no review of a file.
    let out = gpucost(&["review", "--sql", "athena", "--table", "t"]);
    assert_eq!(out.status.code(), Some(2));
    let out = gpucost(&[
        "review",
        "bill.csv",
        "--sql",
        "athena",
        "--table",
        "t",
        "--from",
        "2024-05-01",
        "--to",
        "2024-05-02",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = sql("athena", "t", &["--to", "2024-04-01"]);
    assert_eq!(out.status.code(), Some(2));
}
