//! `catalog-import refresh [--fixtures DIR] [--out DIR] [--data DIR] [--no-import] PROVIDER…`.
//!
//! Fetches each provider's current prices, writes them as dated rows to
//! `OUT/PROVIDER-DATE.csv` (default `DATA/upstream/sources/refresh/`), prints what changed
//! against the catalog (new, gone, up and down with the percentage) and what was left out.
//! Writing into the data folder then runs the import as `catalog-import` does (the caller
//! does it on [`Next::Import`]): `data/catalog.json` and the audit `data/AUDIT.md` are
//! regenerated from the result, and an audit finding without a decision stops it.

use std::path::PathBuf;

use super::{changes, file_name, refresh, to_csv, Change, Fetch, FixtureFetch, Keys, PROVIDERS};

/// What the caller does next.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// Exit with this code.
    Exit(u8),
    /// Regenerate the catalog from this data folder (and exit with its code).
    Import(PathBuf),
}

const USAGE: &str = "usage: catalog-import refresh [--fixtures DIR] [--out DIR] [--data DIR] [--no-import] PROVIDER… (aws, azure; with keys gcp, alibaba, tencent-intl)";

/// Runs the refresh; `live` is the network fetcher when the build has one.
pub fn run(args: Vec<String>, live: Option<Box<dyn Fetch>>) -> Next {
    let mut fixtures: Option<PathBuf> = None;
    let mut data_dir = crate::default_data_dir();
    let mut data_given = false;
    let mut out: Option<PathBuf> = None;
    let mut import = true;
    let mut providers = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--fixtures" => fixtures = args.next().map(PathBuf::from),
            "--out" => out = args.next().map(PathBuf::from),
            "--data" => {
                data_dir = args.next().map(PathBuf::from).unwrap_or(data_dir);
                data_given = true;
            }
            "--no-import" => import = false,
            "-h" | "--help" => {
                println!("{USAGE}");
                return Next::Exit(0);
            }
            p if PROVIDERS.contains(&p) => providers.push(p.to_string()),
            other => {
                eprintln!("catalog-import refresh: unknown provider or option {other:?}\n{USAGE}");
                return Next::Exit(2);
            }
        }
    }
    if providers.is_empty() {
        eprintln!("{USAGE}");
        return Next::Exit(2);
    }
    let fetch: Box<dyn Fetch> = match (&fixtures, live) {
        (Some(dir), _) => {
            // Test values never go into the project's data folder: a scratch one (`--data`) or
            // a folder of its own (`--out`).
            let same = |a: &std::path::Path, b: &std::path::Path| {
                a.canonicalize()
                    .ok()
                    .is_some_and(|a| Some(a) == b.canonicalize().ok())
            };
            let scratch = data_given && !same(&data_dir, &crate::default_data_dir());
            if out.is_none() && !scratch {
                eprintln!("catalog-import refresh: recorded responses hold test values, not prices: pass --out DIR, or --data with a scratch copy of data/");
                return Next::Exit(2);
            }
            match FixtureFetch::open(dir) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    eprintln!("catalog-import refresh: {e}");
                    return Next::Exit(1);
                }
            }
        }
        (None, Some(live)) => live,
        (None, None) => {
            eprintln!("catalog-import refresh: this build has no live fetcher; rebuild with `--features live`, or pass `--fixtures DIR --out DIR`");
            return Next::Exit(2);
        }
    };
    // Only a refresh written into the data folder is imported (and dates the build).
    let import_dir = out.is_none();
    let out = out.unwrap_or_else(|| data_dir.join("upstream/sources/refresh"));
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("catalog-import refresh: {}: {e}", out.display());
        return Next::Exit(1);
    }
    let catalog = &gpucost_core::catalog::embedded().catalog;
    let keys = Keys::from_env();
    let (mut failed, mut written) = (false, 0);
    for provider in &providers {
        let refreshed = match refresh(provider, fetch.as_ref(), catalog, &keys) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("catalog-import refresh: {provider}: {e}");
                failed = true;
                continue;
            }
        };
        let Some(name) = file_name(provider, &refreshed.rows) else {
            println!("{provider}: no prices read; nothing written");
            failed = true;
            continue;
        };
        let file = out.join(name);
        if let Err(e) = std::fs::write(&file, to_csv(catalog, &refreshed.rows)) {
            eprintln!("catalog-import refresh: {}: {e}", file.display());
            failed = true;
            continue;
        }
        written += 1;
        let said = changes(catalog, provider, &refreshed.rows);
        let count = |f: fn(&Change) -> bool| said.iter().filter(|c| f(c)).count();
        println!(
            "{provider}: {} prices written to {} ({} new, {} gone, {} up, {} down, {} left out)",
            refreshed.rows.len(),
            file.display(),
            count(|c| matches!(c, Change::New(_))),
            count(|c| matches!(c, Change::Gone { .. })),
            count(|c| matches!(c, Change::Moved { row, was } if row.amount > *was)),
            count(|c| matches!(c, Change::Moved { row, was } if row.amount < *was)),
            refreshed.skipped.len(),
        );
        for c in &said {
            println!("  {c}");
        }
        for s in &refreshed.skipped {
            println!("  left out: {s}");
        }
    }
    // The catalog's build day is the newest day its upstream files were read.
    if import_dir && written > 0 {
        if let Err(e) = stamp_today(&data_dir) {
            eprintln!("catalog-import refresh: {e}");
            return Next::Exit(1);
        }
    }
    if failed {
        return Next::Exit(1);
    }
    if !(import && import_dir) || written == 0 {
        return Next::Exit(0);
    }
    Next::Import(data_dir)
}

fn stamp_today(data_dir: &std::path::Path) -> Result<(), crate::ImportError> {
    let today = chrono::Utc::now().date_naive();
    if crate::vendored_on(data_dir)? >= today {
        return Ok(());
    }
    let stamp = data_dir.join("upstream").join(crate::VENDORED_STAMP);
    std::fs::write(&stamp, format!("{today}\n")).map_err(|e| crate::ImportError::Io {
        file: stamp.display().to_string(),
        message: e.to_string(),
    })
}
