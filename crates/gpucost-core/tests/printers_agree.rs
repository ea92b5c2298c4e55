//! Every printer says the same thing (issue 27): for each preset and the snapshot links, in
//! both languages, the JSON, CSV, Markdown and table carry the same provider names, totals,
//! rates, billing words and savings, and every CSV total is the sum of its line items; a
//! serving line's derived fleet is in every one of them, and so are a batch queue's schedule
//! and a shared pool's split.

mod common;

use std::collections::BTreeMap;
use std::str::FromStr;

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::escape::{csv_cells, markdown_text};
use gpucost_core::format::{self, Lang};
use gpucost_core::money::{Currency, Money};
use gpucost_core::presets::Preset;
use gpucost_core::print::{csv, json, markdown, table};
use gpucost_core::session::Session;
use gpucost_core::share;
use gpucost_core::view::estimate::EstimateView;
use rust_decimal::Decimal;

fn links() -> Vec<String> {
    let mut links = common::snapshot_links();
    // A batch queue of five jobs on two GPU models (issue 31).
    links.push(
        "?l=T4*1&h=48&cur=CNY&j=RTX4090*1x10h,due:24&j=RTX4090*1x12h,due:24\
         &j=A100-80GB*8x12h,from:6,due:48&j=A100-80GB*4x20h,due:48&j=RTX4090*2x90m,from:3,due:12"
            .into(),
    );
    links.extend(
        Preset::ALL
            .iter()
            .map(|p| format!("?preset={}", p.as_str())),
    );
    links
}

/// CSV records as unquoted cells.
fn records(csv: &str) -> Vec<Vec<String>> {
    let unquote = |c: &String| match c.strip_prefix('"').and_then(|c| c.strip_suffix('"')) {
        Some(inner) => inner.replace("\"\"", "\""),
        None => c.clone(),
    };
    csv_cells(csv)
        .expect("the CSV closes its quotes")
        .iter()
        .map(|r| r.iter().map(unquote).collect())
        .collect()
}

#[test]
fn json_csv_markdown_and_table_carry_the_same_cells() {
    let e = embedded();
    let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
    let mut rows_checked = 0;
    let mut serving_checked = 0;
    let mut jobs_checked = 0;
    let mut pools_checked = 0;
    for link in links() {
        for lang in Lang::ALL {
            let decoded = share::decode(&link, &e.catalog);
            let session = Session::from_decoded(e, decoded, Some(lang), today);
            let Ok(estimate) = session.estimate.as_ref() else {
                continue;
            };
            let r = &estimate.report;
            let estimate_view =
                EstimateView::new(&e.catalog, &estimate.scenario, r, &session.link());
            let json = json::estimate(&estimate_view, lang);
            let csv = records(&csv::estimate(&json));
            let md = markdown::estimate(&json, lang);
            let table = table::estimate(&estimate_view, lang);
            let currency = Currency::from_str(&json.currency).unwrap();
            let header = &csv[0];
            let col = |name: &str| header.iter().position(|h| h == name).unwrap();
            let mut sums: BTreeMap<&str, (Decimal, &str)> = BTreeMap::new();
            for rec in &csv[1..] {
                if rec[col("status")] == "served" {
                    let amount = Decimal::from_str(&rec[col("amount")]).unwrap();
                    let entry = sums
                        .entry(rec[col("provider")].as_str())
                        .or_insert((Decimal::ZERO, rec[col("total")].as_str()));
                    entry.0 += amount;
                }
            }
            for p in json.providers.iter().filter(|p| p.status == "served") {
                rows_checked += 1;
                let what = format!("{link} {lang:?} {}", p.provider);
                // CSV: the row's total, and its items add up to it.
                let (sum, total) = sums[p.provider.as_str()];
                assert_eq!(total, p.total, "{what}");
                assert_eq!(
                    sum,
                    Decimal::from_str(&p.total).unwrap(),
                    "{what}: items sum"
                );
                // Markdown: the same name, billing, total and rate in one row.
                let md_row = format!(
                    "| {} | {} | {} | {} |",
                    markdown_text(&p.name),
                    markdown_text(&p.billing),
                    p.total,
                    p.per_gpu_hour
                );
                assert!(md.contains(&md_row), "{what}: {md_row}\n{md}");
                // Table: the same total and rate, as the page prints them.
                let money =
                    format::money(Money::new(Decimal::from_str(&p.total).unwrap(), currency));
                let rate = format::rate(Money::new(
                    Decimal::from_str(&p.per_gpu_hour).unwrap(),
                    currency,
                ));
                let line = table
                    .lines()
                    .find(|l| l.contains(&format!(" {} ", p.name)) && l.contains(&money))
                    .unwrap_or_else(|| panic!("{what}: {money} in\n{table}"));
                assert!(line.contains(&rate), "{what}: {rate} in {line}");
                assert!(line.contains(&p.billing), "{what}: {} in {line}", p.billing);
            }
            // A serving line's derived fleet: the same sentence in Markdown and the table, and
            // its peak GPUs on each of its CSV rows.
            for s in &json.serving {
                serving_checked += 1;
                assert!(md.contains(&markdown_text(&s.text)), "{link}: {}", s.text);
                assert!(table.contains(&s.text), "{link}: {}", s.text);
                let rows: Vec<_> = csv[1..]
                    .iter()
                    .filter(|r| r[col("line")] == s.line.to_string())
                    .collect();
                assert!(!rows.is_empty(), "{link}: line {}", s.line);
                for r in rows {
                    assert_eq!(r[col("derived_gpus")], s.peak_gpus.to_string(), "{link}");
                    assert_eq!(r[col("peak_rps")], s.peak_rps, "{link}");
                }
            }
            // A batch queue: the same sentences in Markdown and the table, and one CSV row per
            // job with its place in the schedule.
            for pool in json.batch.iter().flat_map(|b| &b.pools) {
                assert!(table.contains(&pool.text), "{link}: {}", pool.text);
                assert!(md.contains(&markdown_text(&pool.text)), "{link}");
                for j in &pool.jobs {
                    jobs_checked += 1;
                    assert!(table.contains(&j.text), "{link}: {}", j.text);
                    assert!(md.contains(&markdown_text(&j.text)), "{link}: {}", j.text);
                    let row = csv[1..]
                        .iter()
                        .find(|r| {
                            r[col("status")] == "batch-job" && r[col("job")] == j.job.to_string()
                        })
                        .unwrap_or_else(|| panic!("{link}: job {}", j.job));
                    assert_eq!(row[col("name")], pool.gpu);
                    assert_eq!(row[col("job_start_hour")], j.start_hour);
                    assert_eq!(row[col("job_end_hour")], j.end_hour);
                    assert_eq!(row[col("job_on")], j.on);
                    assert_eq!(row[col("total")], pool.subtotal);
                }
            }
            // A shared pool: the same sentences in Markdown and the table, and each team's share
            // on its lines' CSV rows; the shares add up to the pool's cost.
            for pool in &json.pools {
                pools_checked += 1;
                assert!(
                    md.contains(&markdown_text(&pool.text)),
                    "{link}: {}",
                    pool.text
                );
                assert!(table.contains(&pool.text), "{link}: {}", pool.text);
                let shares: rust_decimal::Decimal = pool
                    .teams
                    .iter()
                    .map(|t| t.share.parse::<rust_decimal::Decimal>().unwrap())
                    .sum();
                assert_eq!(shares, pool.pooled.parse().unwrap(), "{link}");
                for t in &pool.teams {
                    assert!(md.contains(&markdown_text(&t.text)), "{link}: {}", t.text);
                    assert!(table.contains(&t.text), "{link}: {}", t.text);
                    for r in csv[1..].iter().filter(|r| {
                        r[col("line")]
                            .parse()
                            .is_ok_and(|l: usize| t.lines.contains(&l))
                    }) {
                        assert_eq!(r[col("team")], t.team, "{link}");
                        assert_eq!(r[col("team_pool_share")], t.share, "{link}");
                    }
                }
            }
            for s in &json.savings {
                let md_row = format!(
                    "| {} | {} | {}% | {} |",
                    markdown_text(&s.name),
                    s.amount,
                    s.percent,
                    markdown_text(&s.assumption)
                );
                assert!(md.contains(&md_row), "{link}: {md_row}");
                assert!(table.contains(&s.name), "{link}: {}", s.name);
            }
        }
    }
    assert!(
        serving_checked >= 4,
        "traffic-spike and the autoscaled link, in both languages"
    );
    assert_eq!(jobs_checked, 10, "five jobs, in both languages");
    assert!(
        pools_checked >= 2,
        "the shared-pool link, in both languages"
    );
    assert!(
        rows_checked > 500,
        "the links serve many rows ({rows_checked})"
    );
}
