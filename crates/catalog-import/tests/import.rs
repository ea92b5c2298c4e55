//! The import command is repeatable and its errors point at the broken field.

use std::fs;
use std::path::{Path, PathBuf};

use catalog_import::codegen::catalog_to_rust;
use catalog_import::hardware::hardware_to_json;
use catalog_import::hardware_codegen::hardware_to_rust;
use catalog_import::{build, default_data_dir, to_json};
use gpucost_core::billing_mode::BillingMode;
use gpucost_core::catalog::AsOf;

mod support;

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let dst = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &dst);
        } else {
            fs::copy(entry.path(), dst).unwrap();
        }
    }
}

/// A scratch copy of `data/` that a test may break.
fn scratch_data(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpucost-import-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&default_data_dir().join("upstream"), &dir.join("upstream"));
    copy_dir(&default_data_dir().join("curated"), &dir.join("curated"));
    dir
}

#[test]
fn checked_in_catalog_matches_a_fresh_import() {
    let (catalog, _) = build(&default_data_dir()).expect("the vendored data imports");
    let fresh = to_json(&catalog);
    let checked_in = fs::read_to_string(default_data_dir().join("catalog.json")).unwrap();
    assert!(
        fresh == checked_in,
        "data/catalog.json is stale: run `cargo run -p catalog-import` and commit the result"
    );
}

#[test]
fn checked_in_compiled_tables_match_a_fresh_import() {
    let (catalog, _) = build(&default_data_dir()).expect("the vendored data imports");
    let fresh = catalog_to_rust(&catalog);
    let checked_in = fs::read_to_string(default_data_dir().join("catalog_tables.rs")).unwrap();
    assert!(
        fresh == checked_in,
        "data/catalog_tables.rs is stale: run `cargo run -p catalog-import` and commit the result"
    );
}

#[test]
fn checked_in_hardware_table_matches_a_fresh_import() {
    let (_, report) = build(&default_data_dir()).expect("the vendored data imports");
    let fresh = hardware_to_json(&report.hardware);
    let checked_in = fs::read_to_string(default_data_dir().join("hardware.json")).unwrap();
    assert!(
        fresh == checked_in,
        "data/hardware.json is stale: run `cargo run -p catalog-import` and commit the result"
    );
}

#[test]
fn checked_in_compiled_hardware_tables_match_a_fresh_import() {
    let (_, report) = build(&default_data_dir()).expect("the vendored data imports");
    let fresh = hardware_to_rust(&report.hardware);
    let checked_in = fs::read_to_string(default_data_dir().join("hardware_tables.rs")).unwrap();
    assert!(
        fresh == checked_in,
        "data/hardware_tables.rs is stale: run `cargo run -p catalog-import` and commit the result"
    );
}

#[test]
fn the_hardware_table_keeps_only_what_the_engine_uses() {
    let (_, report) = build(&default_data_dir()).unwrap();
    let hw = &report.hardware;
    // Every source is cited by a row, every row by a suite, and a system's smallest count.
    for s in hw.sources.iter() {
        assert!(
            hw.rows.iter().any(|r| r.source == s.id),
            "unused source {}",
            s.id
        );
    }
    assert!(hw
        .rows
        .iter()
        .all(|r| r.model != "ssd" && !r.model.contains("resnet-50 v1.5")));
    let bert_v1_a100 = hw
        .rows
        .iter()
        .filter(|r| r.suite == "v1" && r.model == "bert-large" && r.gpu == "A100-SXM4-80GB")
        .map(|r| r.gpus)
        .collect::<Vec<_>>();
    assert_eq!(
        bert_v1_a100,
        vec![1, 1],
        "fp16 and fp32 single-GPU rows only"
    );
    // The budget of `embedded_hardware_stays_small` in gpucost-core.
    assert!(hardware_to_json(hw).len() < 70_000);
}

#[test]
fn a_malformed_throughput_names_file_row_and_field() {
    let dir = scratch_data("bad-throughput");
    let path = dir.join("upstream/hardware/throughput_benchmarks.csv");
    // The vendored file has CRLF line endings, as its upstream does: rows must still be
    // numbered by their line in the file.
    let text = fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("\r\n"),
        "the fixture should keep its CRLF endings"
    );
    let needle = ",A100-SXM4-80GB,1,152,sequences/s,";
    let line = text
        .lines()
        .position(|l| l.contains("BERT-large SQuAD fine-tuning") && l.contains(needle))
        .expect("fixture row")
        + 1;
    fs::write(
        &path,
        text.replacen(needle, ",A100-SXM4-80GB,1,fast,sequences/s,", 1),
    )
    .unwrap();
    let err = build(&dir).unwrap_err().to_string();
    assert!(
        err.contains(&format!(
            "throughput_benchmarks.csv row {line}, field throughput"
        )),
        "error should locate the field: {err}"
    );
    assert!(err.contains("fast"), "error should quote the value: {err}");
    fs::remove_dir_all(dir).ok();
}

#[test]
fn import_is_deterministic() {
    let a = to_json(&build(&default_data_dir()).unwrap().0);
    let b = to_json(&build(&default_data_dir()).unwrap().0);
    assert_eq!(a, b);
}

#[test]
fn a_malformed_price_names_file_row_and_field() {
    let dir = scratch_data("bad-price");
    let path = dir.join("upstream/sources/gpu_offers.csv");
    let text = fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Line 3 of the file (the second data row): replace its on-demand price with text.
    let mut fields: Vec<String> = lines[2].split(',').map(str::to_string).collect();
    fields[9] = "twelve".into();
    lines[2] = fields.join(",");
    fs::write(&path, lines.join("\n")).unwrap();

    let err = build(&dir).unwrap_err().to_string();
    assert!(
        err.contains("gpu_offers.csv row 3, field on_demand_usd_per_hour"),
        "error should locate the field: {err}"
    );
    assert!(
        err.contains("twelve"),
        "error should quote the value: {err}"
    );
    fs::remove_dir_all(dir).ok();
}

#[test]
fn a_negative_committed_price_is_refused() {
    let dir = scratch_data("negative");
    let path = dir.join("upstream/sources/reserved_and_committed_prices.csv");
    let text = fs::read_to_string(&path).unwrap();
    let broken = text.replacen(",3.1943,", ",-3.1943,", 1);
    assert_ne!(broken, text, "fixture row not found");
    fs::write(&path, broken).unwrap();
    let err = build(&dir).unwrap_err().to_string();
    assert!(
        err.contains(
            "reserved_and_committed_prices.csv row 2, field price_per_hour: must be positive"
        ),
        "{err}"
    );
    fs::remove_dir_all(dir).ok();
}

#[test]
fn an_unknown_gpu_model_stops_the_import() {
    let dir = scratch_data("unknown-gpu");
    let path = dir.join("upstream/sources/gpu_offers.csv");
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, text.replacen(",A10G,", ",A10-typo,", 1)).unwrap();
    let err = build(&dir).unwrap_err().to_string();
    assert!(err.contains("unknown GPU model \"A10-typo\""), "{err}");
    fs::remove_dir_all(dir).ok();
}

#[test]
fn a_price_from_an_unlisted_source_fails_validation() {
    let dir = scratch_data("unknown-source");
    let path = dir.join("curated/market_reference_offers.json");
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, text.replacen("\"seed-004\"", "\"nowhere\"", 1)).unwrap();
    let err = build(&dir).unwrap_err().to_string();
    assert!(err.contains("unknown source \"nowhere\""), "{err}");
    fs::remove_dir_all(dir).ok();
}

/// `dated_2026/compshare_cny.csv` (53 rows): 36 rows of the undated price table (12 cards ×
/// on demand, 包日, 包月), 16 older dated notice prices (kept as the catalog's price history,
/// each on the table's offer of its card) and the no-GPU mode (left out and reported).
#[test]
fn compshare_keeps_the_newest_price_of_each_card_and_mode() {
    let (catalog, report) = build(&default_data_dir()).unwrap();
    let offers: Vec<_> = catalog
        .offers
        .iter()
        .filter(|o| o.provider == "compshare")
        .collect();
    assert_eq!(offers.len(), 12);
    let prices: usize = offers.iter().map(|o| o.prices.len()).sum();
    assert_eq!(
        prices,
        12 * 4,
        "on demand, 包日, 包月 and the derived spot price"
    );
    let skipped = report.skipped.join("\n");
    assert!(skipped.contains("1 no-GPU-mode row"), "{skipped}");
    assert!(!skipped.contains("dated notice price"), "{skipped}");
    let compshare = catalog
        .history
        .iter()
        .filter(|h| h.offer.starts_with("compshare/"))
        .count();
    assert_eq!(compshare, 16, "every dated notice price is kept");
    // The 4090's two notices are on the table's "4090-24G" offer although they say "4090".
    let was: Vec<String> = catalog
        .history
        .iter()
        .filter(|h| &*h.offer == "compshare/单卡 4090-24G")
        .map(|h| format!("{} {} {}", h.amount, h.as_of, h.source))
        .collect();
    assert_eq!(
        was,
        [
            "2.08 2025-10-01 compshare-notice-2025-10-01",
            "1.67 2025-12-31 compshare-notice-2025-12-31"
        ]
    );
    // The 2025-12-31 notice cut the 4090 to 1.67; the newer price table says 1.66.
    let rtx4090 = catalog.offer("compshare/单卡 4090-24G").unwrap();
    let od: Vec<String> = rtx4090
        .prices
        .iter()
        .filter(|p| p.mode.to_string() == "on-demand")
        .map(|p| format!("{} {}", p.amount, p.as_of))
        .collect();
    assert_eq!(od, ["1.66 2026-05-13"]);
}

#[test]
fn a_compshare_row_from_an_unknown_document_stops_the_import() {
    let dir = scratch_data("compshare-source");
    let path = dir.join("upstream/sources/dated_2026/compshare_cny.csv");
    let text = fs::read_to_string(&path).unwrap();
    let broken = text.replacen("charge/bill.md", "charge/other.md", 1);
    assert_ne!(broken, text, "fixture row not found");
    fs::write(&path, broken).unwrap();
    let err = build(&dir).unwrap_err().to_string();
    assert!(
        err.contains("compshare_cny.csv row 2, field source: no curated source"),
        "{err}"
    );
    fs::remove_dir_all(dir).ok();
}

/// `dated_2026/neoclouds_usd.csv` (89 rows): 74 on-demand and spot prices in the unnamed
/// region, 13 reserved prices of unstated term and 2 monthly ones left out and reported. A
/// per-GPU-hour price of an 8-GPU Lambda instance is the instance's 8 × 3.99 = 31.92 USD; a
/// row of an offer the catalog has (Paperspace's V100) adds its 2026 price to it.
#[test]
fn neocloud_rows_are_dated_prices_of_no_named_region() {
    let (catalog, report) = build(&default_data_dir()).unwrap();
    let unnamed: usize = catalog
        .offers
        .iter()
        .flat_map(|o| o.prices.iter())
        .filter(|p| p.region == "region-not-named" && p.source.starts_with("dated-2026/"))
        .count();
    assert_eq!(unnamed, 74);
    let skipped = report.skipped.join("\n");
    assert!(
        skipped.contains("13 reserved or contract price(s)"),
        "{skipped}"
    );
    assert!(skipped.contains("2 monthly price(s)"), "{skipped}");
    let lambda = catalog.offer("lambda/8x H100 SXM").unwrap();
    assert_eq!(lambda.gpus.to_string(), "8");
    assert_eq!(lambda.prices[0].amount.to_string(), "31.92");
    let v100 = catalog.offer("paperspace/V100").unwrap();
    let prices: Vec<String> = v100
        .prices
        .iter()
        .map(|p| format!("{} {} {}", p.region, p.amount, p.as_of))
        .collect();
    assert_eq!(
        prices,
        [
            "East Coast (NY2) 2.29 unknown",
            "region-not-named 2.30 2026-09-20"
        ]
    );
    let source = catalog.source("dated-2026/paperspace").unwrap();
    assert!(source
        .locator
        .starts_with("api-evangelist/paperspace@0ff68f87"));
}

/// Never an invented number: every price the catalog holds from `dated_2026/` is a row of
/// its file — amount (per instance: a per-GPU-hour amount times the GPU count), date and the
/// file the row cites — except CompShare's spot prices, 70 % of a row's on-demand price.
#[test]
fn every_dated_2026_price_is_a_row_of_its_file() {
    let (catalog, _) = build(&default_data_dir()).unwrap();
    let dir = default_data_dir().join("upstream/sources/dated_2026");
    let mut rows: Vec<(String, String, String, String)> = Vec::new();
    for file in [
        "compshare_cny.csv",
        "alibaba_intl_usd.csv",
        "neoclouds_usd.csv",
    ] {
        let mut reader = csv::Reader::from_path(dir.join(file)).unwrap();
        for r in reader.records() {
            let r = r.unwrap();
            let amount: rust_decimal::Decimal = r[9].parse().unwrap();
            let gpus: rust_decimal::Decimal = r[3].parse().unwrap_or_default();
            let amount = if &r[11] == "gpu-hour" {
                amount * gpus
            } else {
                amount
            };
            rows.push((
                r[0].to_string(),
                amount.normalize().to_string(),
                r[12].to_string(),
                r[13].to_string(),
            ));
        }
    }
    let mut checked = 0;
    for o in catalog.offers.iter() {
        for p in o.prices.iter() {
            let Some(source) = catalog.source(&p.source) else {
                panic!("{}: unknown source {}", o.id, p.source)
            };
            let dated = rows.iter().any(|r| r.3 == *source.locator);
            if !dated && &*p.source != "compshare-spot-2026-03" {
                continue;
            }
            let amount = if &*p.source == "compshare-spot-2026-03" {
                (p.amount / rust_decimal::Decimal::new(7, 1)).normalize()
            } else {
                p.amount.normalize()
            };
            let provider = if o.provider.starts_with("alibaba") {
                "alibaba"
            } else {
                &o.provider
            };
            assert!(
                rows.iter().any(|r| r.0 == provider
                    && r.1 == amount.to_string()
                    && r.2 == p.as_of.to_string()),
                "{} {} {} {} is no row of dated_2026/",
                o.id,
                p.mode,
                p.amount,
                p.as_of
            );
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        36 + 12 + 48 + 74,
        "CompShare's list and spot, Alibaba, neoclouds"
    );
}

/// The audit's findings and decisions, as reviewed in `data/AUDIT.md`.
mod audit {
    use super::*;
    use catalog_import::audit::{to_markdown, Action, Check};
    use rust_decimal::Decimal;

    #[test]
    fn checked_in_audit_matches_a_fresh_import() {
        let (_, report) = build(&default_data_dir()).unwrap();
        let checked_in = fs::read_to_string(default_data_dir().join("AUDIT.md")).unwrap();
        assert!(
            to_markdown(&report.audit) == checked_in,
            "data/AUDIT.md is stale: run `cargo run -p catalog-import` and commit the result"
        );
    }

    /// The known wrong facts of the listings are fixed in the catalog.
    #[test]
    fn listings_get_the_cards_model_and_memory() {
        let (catalog, _) = build(&default_data_dir()).unwrap();
        let offer = |id: &str| catalog.offers.iter().find(|o| o.id == id).unwrap();
        let gpu = |id: &str| catalog.gpus.iter().find(|g| g.id == id).unwrap();
        assert_eq!(offer("vast/4x-RTX_4060_Ti-32-65536").gpu, "RTX4060Ti-16GB");
        assert_eq!(offer("vast/4x-RTX_4070S_Ti-32-65536").gpu, "RTX4070TiSuper");
        for (id, gib) in [
            ("RTX5090", 32),
            ("RTX5070", 12),
            ("RTXA6000", 48),
            ("RTXPRO6000", 96),
        ] {
            assert_eq!(gpu(id).memory_gib, Some(Decimal::from(gib)), "{id}");
            for o in catalog.offers.iter().filter(|o| o.gpu == id) {
                assert_eq!(o.gpu_memory_gib, Some(Decimal::from(gib)), "{}", o.id);
            }
        }
        assert_eq!(
            gpu("RTX4070TiSuper").name,
            "NVIDIA GeForce RTX 4070 Ti SUPER"
        );
        assert!(!catalog.gpus.iter().any(|g| g.id == "RTX4060"));
        use gpucost_core::catalog::OfferFlag::GpuShareUnconfirmed;
        assert!(offer("azure/Standard_NC8ads_A10_v4")
            .flags
            .contains(&GpuShareUnconfirmed));
        assert!(!offer("azure/Standard_NV6ads_A10_v5")
            .flags
            .contains(&GpuShareUnconfirmed));
    }

    #[test]
    fn every_check_finds_something_and_each_finding_is_decided() {
        let (_, report) = build(&default_data_dir()).unwrap();
        for check in [Check::Model, Check::Memory, Check::GpuCount, Check::Price] {
            assert!(
                report.audit.iter().any(|d| d.finding.check == check),
                "no {check:?} finding"
            );
        }
        for d in &report.audit {
            assert_eq!(d.decision.subject, d.finding.subject);
            assert!(!d.decision.why.trim().is_empty(), "{:?}", d.finding);
        }
        assert!(report
            .audit
            .iter()
            .any(|d| matches!(d.decision.action, Action::ShareUnconfirmed)));
    }

    #[test]
    fn a_suspicious_row_without_a_decision_stops_the_import() {
        let dir = scratch_data("audit-missing");
        let path = dir.join("upstream/sources/alibaba_gpu_prices.csv");
        let text = fs::read_to_string(&path).unwrap();
        // Alibaba's 1 × T4 in Virginia at a hundredth of its price.
        let broken = text.replacen(
            ",us-east-1 (Virginia),on_demand_hourly,7.79,",
            ",us-east-1 (Virginia),on_demand_hourly,0.0779,",
            1,
        );
        assert_ne!(broken, text, "fixture row not found");
        fs::write(&path, broken).unwrap();
        let err = build(&dir).unwrap_err().to_string();
        assert!(
            err.contains("no decision for price finding \"alibaba:T4\""),
            "{err}"
        );
        fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_decision_without_a_finding_stops_the_import() {
        let dir = scratch_data("audit-stale");
        let path = dir.join("curated/audit_decisions.json");
        let text = fs::read_to_string(&path).unwrap();
        let extra = "[\n  {\"check\": \"price\", \"subject\": \"aws:T4\", \"action\": \"keep\", \"why\": \"x\", \"source\": \"vantage-aws\"},";
        fs::write(&path, text.replacen('[', extra, 1)).unwrap();
        let err = build(&dir).unwrap_err().to_string();
        assert!(err.contains("\"aws:T4\" matches no finding"), "{err}");
        fs::remove_dir_all(dir).ok();
    }
}

#[test]
fn a_curated_row_citing_an_unknown_source_stops_the_import() {
    let dir = scratch_data("specsrc");
    let path = dir.join("curated/gpu_specs.csv");
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, text.replacen("PG_WIRAI_H20;", "NO_SUCH_SOURCE;", 1)).unwrap();
    let err = build(&dir).unwrap_err().to_string();
    assert!(err.contains("NO_SUCH_SOURCE"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

fn day(s: &str) -> chrono::NaiveDate {
    s.parse().unwrap()
}

fn refreshed_price(
    c: &gpucost_core::catalog::Catalog,
    offer: &str,
    mode: &str,
    region: &str,
) -> (rust_decimal::Decimal, AsOf, String) {
    let mode: BillingMode = mode.parse().unwrap();
    let p = c
        .offer(offer)
        .unwrap()
        .prices
        .iter()
        .find(|p| p.mode == mode && p.region.as_ref() == region)
        .unwrap_or_else(|| panic!("{offer} {mode} {region}"));
    (p.amount, p.as_of, p.source.to_string())
}

/// The import reads `upstream/sources/refresh/*.csv`: the newest dated price of an offer,
/// mode and region wins, older ones (refreshed or curated) become the price history, a price
/// effective after the build day is left out, and the audit runs on the result. The files are
/// the hand-checked output of `refresh aws azure` on the recorded responses, copied into a
/// scratch data folder (their amounts are test values: they never enter `data/`).
#[test]
fn refreshed_prices_the_newest_wins_and_older_ones_are_history() {
    let data = scratch_data("refresh");
    let (before, _) = build(&data).unwrap();
    let was = refreshed_price(&before, "aws/g6f.large", "on-demand", "us-east-1");

    let refresh = data.join("upstream/sources/refresh");
    let expected = support::expected_dir();
    copy_dir(&expected, &refresh);
    // An older refresh of the same price, and one effective after the build day.
    let header = fs::read_to_string(expected.join("aws-2026-12-01.csv")).unwrap();
    let header = header.lines().next().unwrap();
    let row = |amount: &str, day: &str| {
        format!("aws,g6f.large,L4,0.125,24,2,8,us-east-1,on-demand,{amount},USD,hour,{day},https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/test/us-east-1/index.json,provider-api,test\n")
    };
    fs::write(
        refresh.join("aws-2026-11-30.csv"),
        format!("{header}\n{}", row("0.195", "2026-11-30")),
    )
    .unwrap();
    fs::write(
        refresh.join("aws-2027-01-04.csv"),
        format!("{header}\n{}", row("0.18", "2027-01-04")),
    )
    .unwrap();
    fs::write(data.join("upstream/VENDORED_ON"), "2026-12-06\n").unwrap();

    let (after, report) = build(&data).expect("the refreshed data imports and passes the audit");
    assert!(!report.audit.is_empty(), "the audit ran");

    // On demand: the refresh of 2026-12-01 replaces the curated price; the curated price and
    // the refresh of 2026-11-30 are history; the price of 2027-01-04 is not current yet.
    let now = refreshed_price(&after, "aws/g6f.large", "on-demand", "us-east-1");
    assert_eq!(now.0, rust_decimal::Decimal::new(19, 2));
    assert_eq!(now.1, AsOf::On(day("2026-12-01")));
    assert!(now.2.starts_with("refresh/aws/2026-12-01/"), "{}", now.2);
    let source = after
        .sources
        .iter()
        .find(|s| s.id.as_ref() == now.2)
        .unwrap();
    assert!(
        source.locator.ends_with("/us-east-1/index.json"),
        "{}",
        source.locator
    );
    let history: Vec<(String, chrono::NaiveDate)> = after
        .history_of("aws/g6f.large", BillingMode::OnDemand, "us-east-1")
        .map(|h| (h.amount.to_string(), h.as_of))
        .collect();
    let AsOf::On(was_day) = was.1 else {
        panic!("the curated price is dated: {was:?}")
    };
    assert_eq!(
        history,
        [
            (was.0.to_string(), was_day),
            ("0.195".to_string(), day("2026-11-30"))
        ]
    );
    assert!(report.skipped.iter().any(|s| s.contains(
        "aws/g6f.large on-demand us-east-1: 1 price(s) effective after the build day 2026-12-06"
    )));

    // Reserved terms the catalog did not have are new prices; Azure's spot and reservations too.
    let ri = refreshed_price(
        &after,
        "aws/g6f.large",
        "ri-standard-1y-partial-upfront",
        "us-east-1",
    );
    assert_eq!(ri.0, rust_decimal::Decimal::new(1, 1));
    let spot = refreshed_price(&after, "azure/Standard_NC24ads_A100_v4", "spot", "eastus");
    assert_eq!(
        (spot.0, spot.1),
        (
            rust_decimal::Decimal::new(8, 1),
            AsOf::On(day("2026-11-01"))
        )
    );
    let res = refreshed_price(
        &after,
        "azure/Standard_NC24ads_A100_v4",
        "ri-standard-3y-all-upfront",
        "eastus",
    );
    assert_eq!(res.0, rust_decimal::Decimal::new(15, 1));
    // Prices the refresh does not cover are untouched.
    assert_eq!(
        refreshed_price(&after, "aws/p4d.24xlarge", "on-demand", "us-east-1"),
        refreshed_price(&before, "aws/p4d.24xlarge", "on-demand", "us-east-1")
    );
    let _ = fs::remove_dir_all(&data);
}

/// `catalog-import refresh --fixtures … --data SCRATCH aws azure` writes the dated rows into the
/// scratch data folder, dates its build, and runs the import there: the catalog, its Rust
/// tables and the audit (`AUDIT.md`) are regenerated from the result.
#[test]
fn a_refresh_into_a_data_folder_reimports_it_with_the_audit() {
    let data = scratch_data("refresh-cli");
    let fixtures = support::fixtures_dir();
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_catalog-import"))
        .args(["refresh", "--fixtures"])
        .arg(&fixtures)
        .arg("--data")
        .arg(&data)
        .args(["aws", "azure"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains("audit findings, each with its decision"),
        "{stderr}"
    );
    let catalog = fs::read_to_string(data.join("catalog.json")).unwrap();
    assert!(catalog.contains("\"source\":\"refresh/aws/2026-12-01/1\""));
    assert!(data.join("AUDIT.md").exists() && data.join("catalog_tables.rs").exists());
    for name in ["aws-2026-12-01.csv", "azure-2026-11-01.csv"] {
        assert!(
            data.join("upstream/sources/refresh").join(name).exists(),
            "{name}"
        );
    }
    let stamp = fs::read_to_string(data.join("upstream/VENDORED_ON")).unwrap();
    assert!(stamp.trim() >= "2026-12-01", "{stamp}");
    let _ = fs::remove_dir_all(&data);
}

/// `alibaba_gpu_prices.csv` (2024-12-30) says of 265 rows that the 2024-10-10 version of the
/// same price file held the same value: the import keeps that older dated price as history of
/// the row's offer, cited to the older file (issue 32 §3: every dated price seen, not only the
/// newest). Rows the older version did not hold, or held as 0, have none.
#[test]
fn alibaba_keeps_the_2024_10_prices_its_2024_12_file_repeats() {
    let (catalog, _) = build(&default_data_dir()).unwrap();
    let alibaba: Vec<_> = catalog
        .history
        .iter()
        .filter(|h| h.offer.starts_with("alibaba/"))
        .collect();
    assert_eq!(alibaba.len(), 265);
    assert!(alibaba.iter().all(|h| {
        h.as_of.to_string() == "2024-10-10" && &*h.source == "alibaba-ecs-prices-2024-10"
    }));
    // ecs.gn6i-c16g1.4xlarge in Tokyo: 13.19 on 2024-10-10 and on 2024-12-30.
    let tokyo = |offer: &str| {
        let h = alibaba
            .iter()
            .find(|h| &*h.offer == offer && &*h.region == "ap-northeast-1")
            .unwrap();
        let now = catalog
            .offer(offer)
            .unwrap()
            .prices
            .iter()
            .find(|p| p.region == h.region)
            .unwrap();
        format!("{} {} → {} {}", h.amount, h.as_of, now.amount, now.as_of)
    };
    assert_eq!(
        tokyo("alibaba/ecs.gn6i-c16g1.4xlarge"),
        "13.19 2024-10-10 → 13.19 2024-12-30"
    );
    // Its Jakarta price is not in the 2024-10-10 version; Beijing's gn6v-c8g1.4xlarge was 0 in it.
    assert!(!alibaba
        .iter()
        .any(|h| &*h.offer == "alibaba/ecs.gn6i-c16g1.4xlarge" && &*h.region == "ap-southeast-5"));
    assert!(!alibaba
        .iter()
        .any(|h| &*h.offer == "alibaba/ecs.gn6v-c8g1.4xlarge" && &*h.region == "cn-beijing"));
    // The whole history is sorted by offer, mode, region and date.
    let keys: Vec<_> = catalog
        .history
        .iter()
        .map(|h| (&h.offer, h.mode, &h.region, h.as_of))
        .collect();
    assert!(keys.windows(2).all(|w| w[0] <= w[1]));
}
