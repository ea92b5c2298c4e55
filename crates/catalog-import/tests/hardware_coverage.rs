//! Every GPU the catalog rents has a datasheet row, or a documented reason why not; the
//! curated rows (GPUs the upstream `gpu_specs.csv` lacks) cite a source for every figure.

use std::collections::BTreeSet;

use catalog_import::gpus::NO_DATASHEET_ROW;
use catalog_import::{build, default_data_dir};

#[test]
fn every_rented_gpu_has_a_datasheet_row_or_a_documented_reason() {
    let (catalog, _) = build(&default_data_dir()).expect("the vendored data imports");
    let without: BTreeSet<&str> = catalog
        .gpus
        .iter()
        .filter(|g| g.spec.is_none())
        .map(|g| g.id.as_ref())
        .collect();
    let documented: BTreeSet<&str> = NO_DATASHEET_ROW.iter().map(|(id, _)| *id).collect();
    let undocumented: Vec<_> = without.difference(&documented).collect();
    let stale: Vec<_> = documented.difference(&without).collect();
    assert!(
        undocumented.is_empty(),
        "GPUs without a datasheet row and without a reason in gpus::NO_DATASHEET_ROW: {undocumented:?}"
    );
    assert!(
        stale.is_empty(),
        "gpus::NO_DATASHEET_ROW names GPUs that have a row (or are not rented): {stale:?}"
    );
    for (id, why) in NO_DATASHEET_ROW {
        assert!(why.len() > 20, "{id}: the reason says nothing");
    }
}

#[test]
fn the_gpus_sold_in_china_today_and_the_newly_rented_ones_have_datasheet_rows() {
    let (catalog, _) = build(&default_data_dir()).unwrap();
    for (gpu, sku) in [
        ("H20", "H20-96GB"),
        ("A800", "A800-PCIe-80GB"),
        ("RTX4090-48GB", "RTX-4090-48GB"),
        ("RTX5090", "RTX-5090"),
        ("H100-NVL", "H100-NVL-94GB"),
        ("GH200", "GH200-96GB"),
        ("B300", "B300-SXM"),
        ("RTXPRO6000", "RTX-PRO-6000-Blackwell"),
        ("V100S", "V100S-PCIe-32GB"),
        ("P5000", "P5000"),
        ("P6000", "P6000"),
    ] {
        let g = catalog.gpus.iter().find(|g| g.id == gpu).expect(gpu);
        assert_eq!(g.spec.as_deref(), Some(sku), "{gpu}");
    }
    // No offer rents an L20 or an H800 yet; their rows are in the catalog for when one does.
    for sku in ["L20", "H800-SXM5-80GB"] {
        assert!(catalog.specs.iter().any(|s| s.model == sku), "{sku}");
    }
}

/// Every filled figure of a curated row names its source in `field_sources`, and every source
/// it names is a known source id.
#[test]
fn curated_rows_cite_a_source_for_every_figure() {
    let dir = default_data_dir();
    let (catalog, _) = build(&dir).unwrap();
    let mut reader = csv::Reader::from_path(dir.join("curated/gpu_specs.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let figures = [
        "memory_gib",
        "memory_bandwidth_gbps",
        "fp32_tflops",
        "fp16_tensor_tflops",
        "bf16_tensor_tflops",
        "int8_tops",
        "fp8_tensor_tflops",
        "tdp_watts",
        "nvlink",
    ];
    let mut rows = 0;
    for record in reader.records() {
        let record = record.unwrap();
        rows += 1;
        let model = &record[col("model")];
        let cited = &record[col("field_sources")];
        for f in figures {
            if !record[col(f)].is_empty() {
                assert!(
                    cited.contains(&format!("{f}=")),
                    "{model}: {f} has no source in field_sources"
                );
            }
        }
        for key in record[col("source")].split(';') {
            assert!(
                catalog.sources.iter().any(|s| s.id == key),
                "{model}: unknown source {key:?}"
            );
            assert!(
                cited.contains(key),
                "{model}: {key} is listed but cites nothing"
            );
        }
        let listed: Vec<&str> = record[col("source")].split(';').collect();
        for s in catalog.sources.iter() {
            let id: &str = s.id.as_ref();
            let cited_as_key = cited
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .any(|word| word == id);
            assert!(
                !cited_as_key || listed.contains(&id),
                "{model}: field_sources cites {id}, which the source column does not list"
            );
        }
        assert!(!record[col("notes")].is_empty(), "{model}: no notes");
    }
    assert!(rows >= 11, "{rows} curated rows");
}

/// The measured rows of GPUs that only the curated rows cover join the hardware table, under
/// the SKU names `throughput_benchmarks.csv` uses (Lambda's GH200 96GB and RTX 6000 Ada,
/// llama.cpp's RTX 4080, …).
#[test]
fn measured_rows_of_the_curated_gpus_join_the_hardware_table() {
    let (_, report) = build(&default_data_dir()).unwrap();
    for sku in ["GH200-96GB", "RTX-6000-Ada", "RTX-4080", "RTX-3080"] {
        assert!(
            report.hardware.rows.iter().any(|r| r.gpu == sku),
            "no measured row of {sku}"
        );
    }
}
