//! The catalog browser's GPU facts: for every GPU the catalog prices that has a datasheet row
//! (`gpu_specs.csv`, through [`crate::catalog::Gpu::spec`]), its memory, bandwidth, dense FP16
//! and FP8 tensor throughput and the sources of its row. A number the row does not have is
//! `None` (shown as "—"), never a guess: the FP8 column is filled only where the row records
//! `fp8_tensor_tflops` (its `field_sources` name the document), and rows that keep FP8 in
//! their notes only stay empty. The headings' words are in [`crate::l10n::facts`].

use rust_decimal::Decimal;

use crate::catalog::Catalog;
use crate::format;

/// One source of a datasheet row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactSource {
    /// The source id (`PG_ELECFANS_H20`).
    pub id: String,
    /// Its title and URL, when the catalog lists it.
    pub title: Option<(String, String)>,
}

/// One GPU's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GpuFactRow {
    /// The catalog's GPU id (`H20`).
    pub gpu: String,
    /// Its display name (`NVIDIA H20`).
    pub name: String,
    /// The datasheet row it reads (`H20-96GB`).
    pub spec: String,
    /// Memory, GiB.
    pub memory_gib: String,
    /// Memory bandwidth, GB/s.
    pub bandwidth_gbps: Option<String>,
    /// Dense FP16 tensor TFLOPS.
    pub fp16_tflops: Option<String>,
    /// Dense FP8 tensor TFLOPS.
    pub fp8_tflops: Option<String>,
    /// The row's sources.
    pub sources: Vec<FactSource>,
}

/// A figure as the page shows it: grouped, at most one decimal.
fn figure(v: f64) -> String {
    Decimal::try_from(v).map_or_else(|_| v.to_string(), |d| format::number(d, 1))
}

/// The facts of every priced GPU with a datasheet row, by display name.
pub fn gpu_facts(catalog: &Catalog) -> Vec<GpuFactRow> {
    let mut rows: Vec<GpuFactRow> = catalog
        .gpus
        .iter()
        .filter(|g| catalog.offers.iter().any(|o| o.gpu == g.id))
        .filter_map(|g| {
            let spec = catalog
                .specs
                .iter()
                .find(|s| Some(&s.model) == g.spec.as_ref())?;
            Some(GpuFactRow {
                gpu: g.id.to_string(),
                name: g.name.to_string(),
                spec: spec.model.to_string(),
                memory_gib: figure(spec.memory_gib),
                bandwidth_gbps: spec.bandwidth_gbps.map(figure),
                fp16_tflops: spec.fp16_tensor_tflops.map(figure),
                fp8_tflops: spec.fp8_tensor_tflops.map(figure),
                sources: spec
                    .source
                    .split(';')
                    .map(str::trim)
                    .filter(|id| !id.is_empty())
                    .map(|id| FactSource {
                        id: id.to_string(),
                        title: catalog
                            .source(id)
                            .map(|s| (s.title.to_string(), s.locator.to_string())),
                    })
                    .collect(),
            })
        })
        .collect();
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;

    #[test]
    fn fp8_is_shown_where_the_datasheet_row_has_it_and_nowhere_else() {
        let c = &embedded().catalog;
        let rows = gpu_facts(c);
        let row = |id: &str| rows.iter().find(|r| r.gpu == id).expect(id);
        // gpu_specs.csv H20-96GB: fp8_tensor_tflops=PG_ELECFANS_H20(FP8 296).
        assert_eq!(row("H20").fp8_tflops.as_deref(), Some("296"));
        assert_eq!(row("H20").fp16_tflops.as_deref(), Some("148"));
        // RTX-5090: 838.4 (PG_SPHERON_5090).
        assert_eq!(row("RTX5090").fp8_tflops.as_deref(), Some("838.4"));
        // A100 has no FP8 path; the H100 row keeps FP8 in its notes only.
        assert_eq!(row("A100-80GB").fp8_tflops, None);
        assert_eq!(row("H100").fp8_tflops, None);
        for r in &rows {
            let spec = c.specs.iter().find(|s| *s.model == *r.spec).unwrap();
            assert_eq!(
                r.fp8_tflops.is_some(),
                spec.fp8_tensor_tflops.is_some(),
                "{}",
                r.gpu
            );
            assert!(!r.sources.is_empty(), "{}", r.gpu);
        }
        // Every GPU in the catalog with a price and a datasheet row is listed once.
        let priced = c
            .gpus
            .iter()
            .filter(|g| g.spec.is_some() && c.offers.iter().any(|o| o.gpu == g.id))
            .count();
        assert_eq!(rows.len(), priced);
    }
}
