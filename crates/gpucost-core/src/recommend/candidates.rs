//! The GPUs a recommendation can choose from: every rentable GPU with a datasheet row.
//!
//! A candidate is a price-catalog GPU model in one form factor (`A100-80GB` on its SXM
//! datasheet row, and separately on the PCIe row when some offers rent the PCIe card), with
//! the datasheet figures the memory and throughput models need. Models without a datasheet
//! row (RTX 2080, K80, …; `catalog-import`'s `gpus::NO_DATASHEET_ROW` says why for each)
//! cannot be modelled and are not candidates.

use std::collections::HashMap;

use crate::catalog::{Catalog, Gpu, GpuSpec, Offer, PriceBasis};

use super::workload::Precision;

/// One GPU model in one form factor, with its datasheet figures.
#[derive(Debug, Clone, PartialEq)]
pub struct GpuProfile {
    /// Price-catalog GPU id (`A100-80GB`).
    pub gpu: String,
    /// Datasheet row (`A100-PCIe-80GB`), the join key of measured rows.
    pub sku: String,
    /// Display name (`NVIDIA A100 80GB (PCIe)`).
    pub name: String,
    /// Chip family (`A100`).
    pub family: String,
    /// Whether this is the catalog model's default datasheet row (not a form-factor variant).
    pub default_form: bool,
    /// The datasheet row.
    pub spec: GpuSpec,
}

/// Which datasheet rate a throughput model uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PeakKind {
    /// Non-tensor FP32.
    Fp32,
    /// TF32 tensor cores (Ampere and newer), half the FP16 tensor rate.
    Tf32,
    /// FP16 tensor cores.
    Fp16,
    /// BF16 tensor cores.
    Bf16,
    /// INT8 tensor cores.
    Int8,
    /// FP8 tensor cores (Ada, Hopper, Blackwell).
    Fp8,
}

impl PeakKind {
    /// Label as in the datasheet.
    pub fn label(self) -> &'static str {
        match self {
            PeakKind::Fp32 => "FP32",
            PeakKind::Tf32 => "TF32",
            PeakKind::Fp16 => "FP16 tensor",
            PeakKind::Bf16 => "BF16 tensor",
            PeakKind::Int8 => "INT8 tensor",
            PeakKind::Fp8 => "FP8 tensor",
        }
    }
}

impl GpuProfile {
    /// Memory per GPU, GiB.
    pub fn memory_gib(&self) -> f64 {
        self.spec.memory_gib
    }

    /// Whether the datasheet lists a BF16 rate.
    pub fn has_bf16(&self) -> bool {
        self.spec.bf16_tensor_tflops.is_some()
    }

    /// Whether the GPU has tensor cores (an FP16 tensor rate).
    pub fn has_tensor_cores(&self) -> bool {
        self.spec.fp16_tensor_tflops.is_some()
    }

    fn has_tf32(&self) -> bool {
        matches!(
            self.spec.architecture.as_ref(),
            "Ampere" | "Ada Lovelace" | "Hopper" | "Blackwell"
        ) && self.spec.fp16_tensor_tflops.is_some()
    }

    /// Peak dense TFLOPS (or TOPS) at `precision`, and which datasheet rate it is.
    ///
    /// FP32 work runs on TF32 tensor cores on Ampere and newer (the PyTorch/NGC default);
    /// 4-bit weights are dequantized and multiplied in 16 bits; a missing rate falls back to
    /// the next wider one.
    pub fn peak_tflops(&self, precision: Precision) -> (f64, PeakKind) {
        let s = &self.spec;
        let fp32 = (s.fp32_tflops.unwrap_or(1.0), PeakKind::Fp32);
        let half = s
            .bf16_tensor_tflops
            .map(|v| (v, PeakKind::Bf16))
            .or(s.fp16_tensor_tflops.map(|v| (v, PeakKind::Fp16)));
        match precision {
            Precision::Fp32 if self.has_tf32() => (
                s.fp16_tensor_tflops.unwrap_or(fp32.0 * 2.0) / 2.0,
                PeakKind::Tf32,
            ),
            Precision::Fp32 => fp32,
            Precision::Fp16 | Precision::Int4 => half.unwrap_or(fp32),
            Precision::Int8 => s
                .int8_tops
                .map(|v| (v, PeakKind::Int8))
                .or(half)
                .unwrap_or(fp32),
            Precision::Fp8 | Precision::Fp4 => self.fp8_peak().or(half).unwrap_or(fp32),
        }
    }

    /// Whether serving kernels run FP8/FP4 weights on this GPU (Ampere or newer: FP8 tensor
    /// cores on Ada, Hopper and Blackwell; weight-only FP8 Marlin kernels on Ampere).
    pub fn runs_float8_weights(&self) -> bool {
        self.has_tf32()
    }

    /// The dense FP8 tensor rate: the datasheet's FP8 column, else — on Ada, Hopper and
    /// Blackwell, whose datasheets give FP8 and INT8 the same dense rate (H100 SXM 1,979,
    /// L40S 733, L4 242 in the upstream rows' notes) — the INT8 rate. Older GPUs have no FP8
    /// tensor cores: FP8 weights are multiplied in 16 bits there (W8A16 kernels), which the
    /// caller gets as `None`.
    pub fn fp8_peak(&self) -> Option<(f64, PeakKind)> {
        let s = &self.spec;
        let fp8_gen = matches!(
            s.architecture.as_ref(),
            "Ada Lovelace" | "Hopper" | "Blackwell"
        );
        s.fp8_tensor_tflops
            .or(s.int8_tops.filter(|_| fp8_gen))
            .map(|v| (v, PeakKind::Fp8))
    }

    /// Peak memory bandwidth, GB/s (a conservative 100 GB/s when the datasheet has none).
    pub fn bandwidth_gbps(&self) -> f64 {
        self.spec.bandwidth_gbps.unwrap_or(100.0)
    }

    /// The smallest MIG slice: (memory GiB, share of the compute), when the GPU supports MIG.
    ///
    /// Per NVIDIA's MIG guide, 7-instance GPUs split memory in eighths (A100 80GB: 1g.10gb)
    /// and compute in sevenths; a 4-instance A30 splits both in quarters.
    pub fn mig_slice(&self) -> Option<(f64, f64)> {
        match self.spec.mig_max_instances {
            0 => None,
            7 => Some((self.spec.memory_gib / 8.0, 1.0 / 7.0)),
            n => Some((self.spec.memory_gib / f64::from(n), 1.0 / f64::from(n))),
        }
    }

    /// Whether `offer` rents this GPU in this form factor (never a GPU-only component price).
    pub fn rents(&self, catalog: &Catalog, offer: &Offer) -> bool {
        offer.gpu == self.gpu
            && offer.basis != PriceBasis::GpuComponent
            && offer
                .spec
                .clone()
                .or_else(|| catalog.gpu(&offer.gpu).and_then(|g| g.spec.clone()))
                .as_deref()
                == Some(self.sku.as_str())
    }
}

/// Every GPU model and form factor the catalog rents that has a datasheet row, sorted by id.
pub fn profiles(catalog: &Catalog) -> Vec<GpuProfile> {
    resolve(catalog).0
}

/// [`profiles`], and for each catalog offer the position of the profile whose GPU and
/// datasheet row it has (whatever its price basis), found in one pass over the offers.
pub(crate) fn resolve(catalog: &Catalog) -> (Vec<GpuProfile>, Vec<Option<usize>>) {
    let gpu_at: HashMap<&str, usize> = catalog
        .gpus
        .iter()
        .enumerate()
        .rev() // The first GPU with an id wins, as in `Catalog::gpu`.
        .map(|(i, g)| (g.id.as_ref(), i))
        .collect();
    // Per GPU: the datasheet rows seen, and the profile each became (none without a row).
    let mut seen: Vec<Vec<(&str, Option<usize>)>> = vec![Vec::new(); catalog.gpus.len()];
    let mut out: Vec<GpuProfile> = Vec::new();
    let mut offer_profile: Vec<Option<usize>> = Vec::with_capacity(catalog.offers.len());
    for offer in catalog.offers.iter() {
        let found = gpu_at.get(offer.gpu.as_ref()).and_then(|&g| {
            let gpu = &catalog.gpus[g];
            let sku = offer.spec.as_deref().or(gpu.spec.as_deref())?;
            if let Some(&(_, p)) = seen[g].iter().find(|(s, _)| *s == sku) {
                return p;
            }
            let p = new_profile(catalog, gpu, sku).map(|profile| {
                out.push(profile);
                out.len() - 1
            });
            seen[g].push((sku, p));
            p
        });
        offer_profile.push(found);
    }
    // Sort by id; offers follow their profile to its sorted position.
    let mut numbered: Vec<(usize, GpuProfile)> = out.into_iter().enumerate().collect();
    numbered.sort_by(|(_, a), (_, b)| (&a.gpu, &a.sku).cmp(&(&b.gpu, &b.sku)));
    let mut sorted_at = vec![0; numbered.len()];
    for (to, (from, _)) in numbered.iter().enumerate() {
        sorted_at[*from] = to;
    }
    let profiles = numbered.into_iter().map(|(_, p)| p).collect();
    let offer_profile = offer_profile
        .into_iter()
        .map(|p| p.map(|i| sorted_at[i]))
        .collect();
    (profiles, offer_profile)
}

/// The profile of `gpu` on datasheet row `sku`, when the catalog has that row.
pub(crate) fn new_profile(catalog: &Catalog, gpu: &Gpu, sku: &str) -> Option<GpuProfile> {
    let spec = catalog.specs.iter().find(|s| s.model == sku)?;
    let default_form = gpu.spec.as_deref() == Some(sku);
    let name = if default_form {
        gpu.name.to_string()
    } else {
        let form = if sku.contains("PCIe") { "PCIe" } else { sku };
        format!("{} ({form})", gpu.name)
    };
    Some(GpuProfile {
        gpu: gpu.id.to_string(),
        sku: sku.to_string(),
        name,
        family: gpu.family.to_string(),
        default_form,
        spec: spec.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;

    fn profile(gpu: &str, sku: &str) -> GpuProfile {
        profiles(&embedded().catalog)
            .into_iter()
            .find(|p| p.gpu == gpu && p.sku == sku)
            .unwrap_or_else(|| panic!("no profile {gpu}/{sku}"))
    }

    #[test]
    fn pcie_variants_are_their_own_candidates() {
        let sxm = profile("A100-80GB", "A100-SXM4-80GB");
        let pcie = profile("A100-80GB", "A100-PCIe-80GB");
        assert!(sxm.default_form && !pcie.default_form);
        assert_eq!(pcie.name, "NVIDIA A100 80GB (PCIe)");
    }

    #[test]
    fn peaks_follow_the_datasheet() {
        let t4 = profile("T4", "T4");
        assert_eq!(t4.peak_tflops(Precision::Fp16), (65.0, PeakKind::Fp16));
        assert_eq!(t4.peak_tflops(Precision::Fp32), (8.1, PeakKind::Fp32));
        assert!(!t4.has_bf16());
        let a100 = profile("A100-80GB", "A100-SXM4-80GB");
        assert_eq!(a100.peak_tflops(Precision::Fp32), (156.0, PeakKind::Tf32));
        assert_eq!(a100.peak_tflops(Precision::Int8), (624.0, PeakKind::Int8));
        assert_eq!(a100.mig_slice(), Some((10.0, 1.0 / 7.0)));
        assert_eq!(t4.mig_slice(), None);
    }
}
