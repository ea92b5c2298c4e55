//! Builds `data/catalog.json` from the upstream data vendored under `data/upstream/` and the
//! hand-curated files under `data/curated/` (provider billing rules, their sources, the FX rate
//! and the founding document's market reference).
//!
//! It also builds `data/hardware.json`, the measured-throughput rows the recommendation
//! model cites (see [`hardware`]), and the same table as Rust, `data/hardware_tables.rs`
//! (see [`hardware_codegen`]).
//!
//! The upstream folder is a verbatim copy of the team's research folder (`shared/catalog/`);
//! refreshing prices is `cargo run -p catalog-import -- --from <that folder>`, which copies the
//! files and regenerates the catalog, so the change is one command and a reviewable diff. A
//! test regenerates the catalog and fails when the checked-in file is stale.

#![forbid(unsafe_code)]

pub mod audit;
pub mod codegen;
pub mod gpus;
pub mod hardware;
pub mod hardware_codegen;
pub mod history;
pub mod offers;
pub mod places;
pub mod refresh;
pub mod table;

use std::fs;
use std::path::{Path, PathBuf};

use gpucost_core::catalog::{
    validate, Catalog, CatalogProblem, FxQuote, Offer, Provider, Source, SourceKind, CATALOG_SCHEMA,
};

use gpucost_core::money::Currency;
use offers::OfferSet;
use table::Table;

/// Files copied from the research folder, relative to it and to `data/upstream/`.
pub const UPSTREAM_FILES: &[&str] = &[
    "sources/README.md",
    "sources/billing_rules_cn.md",
    "sources/gpu_offers.csv",
    "sources/gpu_offers_by_region.csv",
    "sources/reserved_and_committed_prices.csv",
    "sources/cny_gpu_prices.csv",
    "sources/cn_gpu_prices.csv",
    "sources/alibaba_gpu_prices.csv",
    "sources/alibaba_gpu_prices.md",
    "sources/dated_2026/README.md",
    "sources/dated_2026/compshare_cny.csv",
    "sources/dated_2026/alibaba_intl_usd.csv",
    "sources/dated_2026/neoclouds_usd.csv",
    "hardware/README.md",
    "hardware/gpu_specs.csv",
    "hardware/sources.csv",
    "hardware/throughput_benchmarks.csv",
    "hardware/relative_throughput_derived.csv",
    "hardware/achievable_matmul_tflops.csv",
];

/// Why an import failed.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// A file could not be read or written.
    #[error("{file}: {message}")]
    Io {
        /// The file.
        file: String,
        /// What went wrong.
        message: String,
    },
    /// A CSV field is malformed.
    #[error("{file} row {row}, field {field}: {message}")]
    Field {
        /// The CSV file name.
        file: String,
        /// Line number in the file (the header is line 1).
        row: u64,
        /// Column name.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// A curated JSON file is malformed.
    #[error("data/curated: {0}")]
    Curated(String),
    /// The audit has findings without a decision, or decisions without a finding.
    #[error("the catalog audit needs attention ({} item(s)), see data/curated/audit_decisions.json:\n{}", .0.len(), .0.iter().map(|p| format!("  {p}")).collect::<Vec<_>>().join("\n"))]
    Audit(Vec<String>),
    /// The assembled catalog is inconsistent.
    #[error("the assembled catalog has {} problem(s):\n{}", .0.len(), .0.iter().map(|p| format!("  {p}")).collect::<Vec<_>>().join("\n"))]
    Invalid(Vec<CatalogProblem>),
}

/// What an import produced besides the catalog.
#[derive(Debug, Default)]
pub struct ImportReport {
    /// Rows left out, with the reason.
    pub skipped: Vec<String>,
    /// The measured-throughput table for `data/hardware.json`.
    pub hardware: gpucost_core::recommend::HardwareTable,
    /// Every audit finding with its decision, for `data/AUDIT.md`.
    pub audit: Vec<audit::Decided>,
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, ImportError> {
    let text = fs::read_to_string(path).map_err(|e| ImportError::Io {
        file: path.display().to_string(),
        message: e.to_string(),
    })?;
    serde_json::from_str(&text)
        .map_err(|e| ImportError::Curated(format!("{}: {e}", path.display())))
}

/// Builds the catalog from `data_dir` (the project's `data/` folder).
///
/// # Errors
/// The first malformed field (file, row, field), or every consistency problem.
pub fn build(data_dir: &Path) -> Result<(Catalog, ImportReport), ImportError> {
    let upstream = data_dir.join("upstream");
    let built = vendored_on(data_dir)?;
    let curated = data_dir.join("curated");
    let mut report = ImportReport::default();

    let mut sources: Vec<Source> = read_json(&curated.join("sources.json"))?;
    let providers: Vec<Provider> = read_json(&curated.join("providers.json"))?;
    let fx: Vec<FxQuote> = read_json(&curated.join("fx.json"))?;
    let market_reference: Vec<Offer> = read_json(&curated.join("market_reference_offers.json"))?;

    let hardware_sources = Table::read(&upstream.join("hardware/sources.csv"))?;
    for row in hardware_sources.rows() {
        let commit = row.text("commit_or_version")?;
        let path = row.text("path_or_url")?;
        sources.push(Source {
            id: row.required("key")?.to_string().into(),
            title: format!(
                "{} ({})",
                row.required("repository_or_publisher")?,
                row.text("what_was_used")?
            )
            .into(),
            locator: if commit.is_empty() {
                path.to_string().into()
            } else {
                format!(
                    "{}@{commit}:{path}",
                    row.required("repository_or_publisher")?
                )
                .into()
            },
            kind: SourceKind::Hardware,
            license: row.text("license")?.to_string().into(),
        });
    }
    let mut specs = gpus::read_specs(&Table::read(&upstream.join("hardware/gpu_specs.csv"))?)?;
    // Datasheet rows for GPUs the upstream file lacks (H20, L20, H800, A800, …), each field
    // with its source in `field_sources`; every source key must be a known source.
    let curated_specs = gpus::read_specs(&Table::read(&curated.join("gpu_specs.csv"))?)?;
    for s in curated_specs {
        if specs.iter().any(|u| u.model == s.model) {
            return Err(ImportError::Curated(format!(
                "curated/gpu_specs.csv: {} is already a row of upstream gpu_specs.csv",
                s.model
            )));
        }
        if let Some(key) = s
            .source
            .split(';')
            .find(|k| !sources.iter().any(|src| src.id.as_ref() == *k))
        {
            return Err(ImportError::Curated(format!(
                "curated/gpu_specs.csv: {} cites unknown source {key:?}",
                s.model
            )));
        }
        specs.push(s);
    }

    let mut set = OfferSet::default();
    let offers_table = Table::read(&upstream.join("sources/gpu_offers.csv"))?;
    offers::read_gpu_offers(&offers_table, &mut set)?;
    let mut dates = std::collections::HashMap::new();
    for row in offers_table.rows() {
        dates.insert(
            format!(
                "{}/{}",
                row.required("provider")?,
                row.required("instance_type")?
            ),
            row.as_of("data_date")?,
        );
    }
    offers::read_by_region(
        &Table::read(&upstream.join("sources/gpu_offers_by_region.csv"))?,
        &mut set,
        |id| dates.get(id).copied(),
    )?;
    let skipped = offers::read_cny(
        &Table::read(&upstream.join("sources/cny_gpu_prices.csv"))?,
        &mut set,
    )?;
    if skipped > 0 {
        report.skipped.push(format!(
            "cny_gpu_prices.csv: {skipped} institutional rows without a named GPU model (HKUST-GZ \"GPU(ACD)\")"
        ));
    }
    let zero = offers::read_reserved(
        &Table::read(&upstream.join("sources/reserved_and_committed_prices.csv"))?,
        &mut set,
    )?;
    if zero > 0 {
        report.skipped.push(format!(
            "reserved_and_committed_prices.csv: {zero} rows with a zero price (SKU not sold in that location)"
        ));
    }
    for file in [
        "sources/cn_gpu_prices.csv",
        "sources/alibaba_gpu_prices.csv",
    ] {
        offers::read_cn(&Table::read(&upstream.join(file))?, &mut set)?;
    }
    // Alibaba's 2024-10-10 prices that its 2024-12-30 file repeats: price history.
    let alibaba_history = history::read_alibaba_history(&Table::read(
        &upstream.join("sources/alibaba_gpu_prices.csv"),
    )?)?;
    let compshare = offers::read_compshare(
        &Table::read(&upstream.join("sources/dated_2026/compshare_cny.csv"))?,
        &mut set,
    )?;
    sources.extend(offers::read_alibaba_intl(
        &Table::read(&upstream.join("sources/dated_2026/alibaba_intl_usd.csv"))?,
        &mut set,
    )?);
    let (neocloud_sources, neoclouds) = offers::read_neoclouds(
        &Table::read(&upstream.join("sources/dated_2026/neoclouds_usd.csv"))?,
        &mut set,
    )?;
    sources.extend(neocloud_sources);
    for (count, file, what) in [
        (
            compshare.no_gpu,
            "compshare_cny.csv",
            "no-GPU-mode row(s) (a stopped instance booted without its GPU)",
        ),
        (
            neoclouds.commitment_unstated,
            "neoclouds_usd.csv",
            "reserved or contract price(s) whose term, kind or payment is not stated",
        ),
        (
            neoclouds.monthly,
            "neoclouds_usd.csv",
            "monthly price(s) (Paperspace; one of them of an A100 of unstated memory)",
        ),
    ] {
        if count > 0 {
            report
                .skipped
                .push(format!("dated_2026/{file}: {count} {what}"));
        }
    }
    // `catalog-import refresh` rows: the newest dated price wins, older ones are history.
    let refreshed =
        refresh::import::read_refreshed(&upstream.join("sources/refresh"), built, &mut set)?;
    sources.extend(refreshed.sources);
    report.skipped.extend(refreshed.skipped);
    offers::add_curated(&mut set, market_reference)?;
    let mut offers = set.finish();
    let card_memory: Vec<gpus::CardMemory> = read_json(&curated.join("gpu_memory.json"))?;
    let datasheets = gpus::datasheets(&specs, &card_memory)?;
    let decisions: Vec<audit::Decision> = read_json(&curated.join("audit_decisions.json"))?;
    let usd_cny = fx
        .iter()
        .find(|q| q.from == Currency::Usd && q.to == Currency::Cny)
        .map(|q| q.rate)
        .ok_or_else(|| ImportError::Curated("fx.json has no USD→CNY rate".into()))?;
    report.audit = audit::audit(&mut offers, &datasheets, &decisions, usd_cny)?;
    for d in &decisions {
        if !sources.iter().any(|s| s.id == d.source) {
            return Err(ImportError::Curated(format!(
                "audit_decisions.json: {:?} cites unknown source {:?}",
                d.subject, d.source
            )));
        }
    }
    let gpus = gpus::gpu_table(&offers, &specs, &datasheets)?;
    let places = places::used_places(&offers, read_json(&curated.join("region_places.json"))?)?;

    // Every dated price seen, sorted by offer and date (with the refreshed rows' history).
    let history: Vec<_> = compshare
        .history
        .into_iter()
        .chain(alibaba_history)
        .collect();
    let catalog = Catalog {
        schema: CATALOG_SCHEMA,
        built,
        sources: sources.into(),
        fx: fx.into(),
        providers: providers.into(),
        specs: specs.into(),
        gpus: gpus.into(),
        offers: offers.into(),
        places: places.into(),
        history: refresh::import::with_history(history, refreshed.history).into(),
    };
    let problems = validate(&catalog);
    if problems.is_empty() {
        report.hardware = hardware::build_hardware(data_dir, &catalog)?;
        Ok((catalog, report))
    } else {
        Err(ImportError::Invalid(problems))
    }
}

/// Serializes a catalog with one record per line, so a price refresh diffs line by line.
pub fn to_json(catalog: &Catalog) -> String {
    fn list<T: serde::Serialize>(out: &mut String, key: &str, items: &[T], last: bool) {
        out.push_str(&format!("\"{key}\":[\n"));
        let lines: Vec<String> = items
            .iter()
            .map(|i| serde_json::to_string(i).expect("catalog types serialize"))
            .collect();
        out.push_str(&lines.join(",\n"));
        out.push_str(if last { "\n]\n" } else { "\n],\n" });
    }
    let mut out = format!(
        "{{\"schema\":{},\"built\":\"{}\",\n",
        catalog.schema, catalog.built
    );
    list(&mut out, "sources", &catalog.sources, false);
    list(&mut out, "fx", &catalog.fx, false);
    list(&mut out, "providers", &catalog.providers, false);
    list(&mut out, "specs", &catalog.specs, false);
    list(&mut out, "gpus", &catalog.gpus, false);
    list(&mut out, "offers", &catalog.offers, false);
    list(&mut out, "places", &catalog.places, false);
    list(&mut out, "history", &catalog.history, true);
    out.push_str("}\n");
    out
}

/// Copies [`UPSTREAM_FILES`] from the research folder `from` into `data_dir/upstream/`.
///
/// # Errors
/// When a file is missing or cannot be written.
pub fn vendor(from: &Path, data_dir: &Path) -> Result<Vec<PathBuf>, ImportError> {
    let mut copied = Vec::new();
    for rel in UPSTREAM_FILES {
        let src = from.join(rel);
        let dst = data_dir.join("upstream").join(rel);
        let io = |e: std::io::Error, f: &Path| ImportError::Io {
            file: f.display().to_string(),
            message: e.to_string(),
        };
        if let Some(parent) = dst.parent() {
            fs::create_dir_all(parent).map_err(|e| io(e, parent))?;
        }
        fs::copy(&src, &dst).map_err(|e| io(e, &src))?;
        copied.push(dst);
    }
    let stamp = data_dir.join("upstream").join(VENDORED_STAMP);
    let today = chrono::Utc::now().date_naive();
    fs::write(&stamp, format!("{today}\n")).map_err(|e| ImportError::Io {
        file: stamp.display().to_string(),
        message: e.to_string(),
    })?;
    Ok(copied)
}

/// The file under `data/upstream/` holding the day the upstream files were copied.
pub const VENDORED_STAMP: &str = "VENDORED_ON";

/// The day the upstream files were copied (the catalog's `built` date).
///
/// # Errors
/// When the stamp is missing or not a date.
pub fn vendored_on(data_dir: &Path) -> Result<chrono::NaiveDate, ImportError> {
    let stamp = data_dir.join("upstream").join(VENDORED_STAMP);
    let text = fs::read_to_string(&stamp).map_err(|e| ImportError::Io {
        file: stamp.display().to_string(),
        message: e.to_string(),
    })?;
    chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|e| ImportError::Io {
        file: stamp.display().to_string(),
        message: format!("{:?} is not a date: {e}", text.trim()),
    })
}

/// The project's `data/` folder (the crate lives at `crates/catalog-import`).
pub fn default_data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
}
