//! The spend review's speed on a generated AWS Cost and Usage Report (legacy CSV) of a
//! mid-size team: 400 resources over three months of hourly lines — GPU instances of four
//! types with team/project/env tags (dev boxes among them), CPU instances and volumes.
//!
//! `cargo run --profile native -p gpucost-review --example review_bench -- time 1000000`
//! reads and reviews a million rows from memory and prints rows per second (what BENCHMARKS.md
//! records); `… -- write FILE 1000000` writes the same report to a file for the page's bench.

use std::io::Write;
use std::time::Instant;

use gpucost_core::catalog::embedded;
use gpucost_review::review::{review_bill, ReviewOptions};

const HEADER: &str = "identity/LineItemId,identity/TimeInterval,bill/PayerAccountId,lineItem/UsageAccountId,lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UsageEndDate,lineItem/ProductCode,lineItem/UsageType,lineItem/Operation,lineItem/AvailabilityZone,lineItem/ResourceId,lineItem/UsageAmount,lineItem/CurrencyCode,lineItem/UnblendedRate,lineItem/UnblendedCost,lineItem/LineItemDescription,product/ProductName,product/instanceType,product/region,product/regionCode,resourceTags/user:team,resourceTags/user:project,resourceTags/user:env";

/// Resources billed every hour.
const RESOURCES: u64 = 400;

/// (instance type, hourly USD, usage type) of the resources, in rotation; empty instance type
/// is a volume.
const KINDS: &[(&str, &str, &str)] = &[
    ("g5.xlarge", "1.006", "BoxUsage:g5.xlarge"),
    ("p3.8xlarge", "12.24", "BoxUsage:p3.8xlarge"),
    ("g4dn.xlarge", "0.526", "BoxUsage:g4dn.xlarge"),
    ("g5.12xlarge", "5.672", "BoxUsage:g5.12xlarge"),
    ("m5.large", "0.096", "BoxUsage:m5.large"),
    ("", "0.011", "EBS:VolumeUsage.gp3"),
];

const TEAMS: &[&str] = &["ml", "search", "vision", "web"];
const ENVS: &[&str] = &["prod", "dev", "test", "prod", "staging"];

/// Writes `rows` lines of the report (plus the header) to `out`.
fn generate(rows: u64, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(out, "{HEADER}")?;
    // 2024-04-01 00:00 UTC, a Monday.
    let start = chrono::NaiveDate::from_ymd_opt(2024, 4, 1)
        .expect("date")
        .and_hms_opt(0, 0, 0)
        .expect("time");
    for i in 0..rows {
        let (hour, r) = (i / RESOURCES, i % RESOURCES);
        let (instance, rate, usage) = KINDS[(r % KINDS.len() as u64) as usize];
        let t0 = start + chrono::Duration::hours(hour as i64);
        let t1 = t0 + chrono::Duration::hours(1);
        let (a, b) = (
            t0.format("%Y-%m-%dT%H:%M:%SZ"),
            t1.format("%Y-%m-%dT%H:%M:%SZ"),
        );
        let team = TEAMS[(r / 7 % TEAMS.len() as u64) as usize];
        let env = ENVS[(r / 3 % ENVS.len() as u64) as usize];
        let product = if instance.is_empty() {
            "Amazon Elastic Block Store"
        } else {
            "Amazon Elastic Compute Cloud"
        };
        writeln!(
            out,
            "li{i:010},{a}/{b},123456789012,123456789012,Usage,{a},{b},AmazonEC2,USE1-{usage},RunInstances,us-east-1a,i-{r:08x},1,USD,{rate},{rate},{usage},{product},{instance},US East (N. Virginia),us-east-1,{team},p{},{env}",
            r % 11
        )?;
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rows = |i: usize| -> u64 {
        args.get(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(1_000_000)
    };
    match args.first().map(String::as_str) {
        Some("write") => {
            let path = args.get(1).expect("write FILE [ROWS]");
            let file = std::fs::File::create(path).expect("create the file");
            let mut out = std::io::BufWriter::new(file);
            generate(rows(2), &mut out).expect("write the report");
            out.flush().expect("flush");
        }
        _ => {
            let n = rows(1);
            let mut bytes = Vec::new();
            generate(n, &mut bytes).expect("generate");
            let e = embedded();
            let t = Instant::now();
            let review = review_bill(
                &e.catalog,
                "generated-cur.csv",
                &bytes[..],
                ReviewOptions::default(),
                |_| {},
            )
            .expect("a generated report reads");
            let secs = t.elapsed().as_secs_f64();
            assert_eq!(review.rows, n);
            println!(
                "{n} rows ({:.1} MB) reviewed in {secs:.2} s: {:.0} rows/s, {:.1} MB/s",
                bytes.len() as f64 / 1e6,
                n as f64 / secs,
                bytes.len() as f64 / 1e6 / secs
            );
        }
    }
}
