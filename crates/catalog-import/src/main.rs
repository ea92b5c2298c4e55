//! `catalog-import`: regenerate `data/catalog.json` and `data/hardware.json` (and each as Rust,
//! `data/catalog_tables.rs` and `data/hardware_tables.rs`), optionally after copying fresh
//! upstream files, or check that the checked-in files are up to date.
//!
//! ```text
//! cargo run -p catalog-import                       # regenerate from data/upstream
//! cargo run -p catalog-import -- --from ../shared/catalog   # copy, then regenerate
//! cargo run -p catalog-import -- --check            # exit 1 when a generated file is stale
//! cargo run -p catalog-import -- refresh --fixtures DIR --out OUT aws azure   # recorded responses
//! cargo run -p catalog-import --features live -- refresh aws azure   # the live price APIs, then the import
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use catalog_import::audit;
use catalog_import::codegen::catalog_to_rust;
use catalog_import::hardware::hardware_to_json;
use catalog_import::hardware_codegen::hardware_to_rust;
use catalog_import::{build, default_data_dir, to_json, vendor};

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("refresh") {
        use catalog_import::refresh::cli::{run, Next};
        return match run(std::env::args().skip(2).collect(), live()) {
            Next::Exit(code) => ExitCode::from(code),
            Next::Import(data_dir) => regenerate(&data_dir, false),
        };
    }
    let mut from: Option<PathBuf> = None;
    let mut check = false;
    let mut data_dir = default_data_dir();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--from" => from = args.next().map(PathBuf::from),
            "--data" => data_dir = args.next().map(PathBuf::from).unwrap_or(data_dir),
            "--check" => check = true,
            "-h" | "--help" => {
                println!("usage: catalog-import [--from RESEARCH_DIR] [--data DATA_DIR] [--check]");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("catalog-import: unknown argument {other:?} (try --help)");
                return ExitCode::from(2);
            }
        }
    }
    if let Some(from) = from {
        match vendor(&from, &data_dir) {
            Ok(files) => eprintln!(
                "copied {} upstream files from {}",
                files.len(),
                from.display()
            ),
            Err(e) => {
                eprintln!("catalog-import: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    regenerate(&data_dir, check)
}

/// Builds the catalog from `data_dir` and writes (or with `check`, compares) the generated
/// files, the audit `AUDIT.md` among them.
fn regenerate(data_dir: &std::path::Path, check: bool) -> ExitCode {
    let (catalog, report) = match build(data_dir) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("catalog-import: {e}");
            return ExitCode::FAILURE;
        }
    };
    for s in &report.skipped {
        eprintln!("skipped: {s}");
    }
    let outputs = [
        (data_dir.join("catalog.json"), to_json(&catalog)),
        (
            data_dir.join("hardware.json"),
            hardware_to_json(&report.hardware),
        ),
        (data_dir.join("AUDIT.md"), audit::to_markdown(&report.audit)),
        (
            data_dir.join("catalog_tables.rs"),
            catalog_to_rust(&catalog),
        ),
        (
            data_dir.join("hardware_tables.rs"),
            hardware_to_rust(&report.hardware),
        ),
    ];
    if check {
        let mut stale = false;
        for (out, json) in &outputs {
            let current = std::fs::read_to_string(out).unwrap_or_default();
            if &current == json {
                eprintln!("{} is up to date", out.display());
            } else {
                eprintln!(
                    "{} is stale: run `cargo run -p catalog-import` and commit the result",
                    out.display()
                );
                stale = true;
            }
        }
        return if stale {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    for (out, json) in &outputs {
        if let Err(e) = std::fs::write(out, json) {
            eprintln!("catalog-import: {}: {e}", out.display());
            return ExitCode::FAILURE;
        }
    }
    let (out, json) = &outputs[0];
    let c = catalog.coverage();
    eprintln!(
        "wrote {} ({} bytes): {} providers ({} with prices), {} GPU models, {} offers, {} prices; {} offers with spot, {} with committed, {} with subscription",
        out.display(),
        json.len(),
        c.providers,
        c.providers_with_prices,
        c.gpu_models,
        c.offers,
        c.prices,
        c.offers_with_spot,
        c.offers_with_committed,
        c.offers_with_subscription
    );
    eprintln!(
        "wrote {} ({} bytes): {} measured rows from {} suites",
        outputs[1].0.display(),
        outputs[1].1.len(),
        report.hardware.rows.len(),
        report.hardware.suites.len()
    );
    eprintln!(
        "wrote {}: {} audit findings, each with its decision",
        outputs[2].0.display(),
        report.audit.len()
    );
    ExitCode::SUCCESS
}

#[cfg(feature = "live")]
fn live() -> Option<Box<dyn catalog_import::refresh::Fetch>> {
    Some(Box::new(catalog_import::refresh::HttpFetch::default()))
}

#[cfg(not(feature = "live"))]
fn live() -> Option<Box<dyn catalog_import::refresh::Fetch>> {
    None
}
