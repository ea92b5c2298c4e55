//! Which bill rows are GPU rows: an instance type mapped to a catalog offer (`g5.xlarge` is
//! 1 × A10G), or a GPU model named by the row (a Google Cloud GPU SKU, the generic format's
//! `gpu_model`) mapped to a catalog GPU.
//!
//! A row is recognized only on a match the catalog supports; anything else is non-GPU spend,
//! reported apart. A model name matches a catalog GPU when every word of the catalog's id is
//! a word of the name (adjacent words joined: "RTX 4090" is `RTX4090`) and no other GPU
//! matches as many words: "Nvidia Tesla A100 80GB" is `A100-80GB`, while a bare "A100" —
//! 40 or 80 GB? — is not guessed.

use std::collections::HashMap;

use gpucost_core::catalog::Catalog;
use rust_decimal::Decimal;

use crate::bill::UsageRow;

/// What a GPU row uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GpuUse {
    /// Catalog GPU model id.
    pub gpu: String,
    /// GPUs per unit of the row's usage (per instance, or per GPU for a GPU SKU row).
    pub gpus: Decimal,
    /// The catalog offer the row's instance type is, when it names one.
    pub offer: Option<String>,
}

/// Maps rows to catalog offers and GPUs; built once per review.
pub struct Recognizer<'c> {
    catalog: &'c Catalog,
    /// (provider, lower-case instance) → offer index.
    offers: HashMap<(String, String), usize>,
    /// Each catalog GPU id's words.
    gpu_words: Vec<(usize, Vec<String>)>,
}

/// Providers whose bills use another catalog provider's instance names.
const SAME_INSTANCES: &[(&str, &str)] = &[("tencent", "tencent-intl"), ("aws", "aws-china")];

impl<'c> Recognizer<'c> {
    /// A recognizer for `catalog`.
    pub fn new(catalog: &'c Catalog) -> Recognizer<'c> {
        let offers = catalog
            .offers
            .iter()
            .enumerate()
            .map(|(i, o)| ((o.provider.to_string(), o.instance.to_lowercase()), i))
            .collect();
        let gpu_words = catalog
            .gpus
            .iter()
            .enumerate()
            .map(|(i, g)| (i, words(&g.id)))
            .collect();
        Recognizer {
            catalog,
            offers,
            gpu_words,
        }
    }

    /// What `row` uses, when it is a GPU row.
    pub fn recognize(&self, row: &UsageRow) -> Option<GpuUse> {
        if let Some(instance) = row.instance_type.as_deref().filter(|s| !s.is_empty()) {
            if let Some(found) = self.offer(&row.provider, instance) {
                return Some(found);
            }
        }
        let model = row.gpu_model.as_deref().filter(|s| !s.is_empty())?;
        // A Google Cloud GPU SKU ("Nvidia Tesla T4 GPU running in Americas") is a catalog
        // offer of one GPU named after the SKU.
        let sku = model.split(" running in ").next().unwrap_or(model).trim();
        let per_gpu = self
            .offer(&row.provider, &format!("GPU SKU: {sku}"))
            .map(|u| u.gpu);
        let gpu = per_gpu.or_else(|| self.gpu_named(model))?;
        Some(GpuUse {
            gpu,
            gpus: row.gpu_count.unwrap_or(Decimal::ONE),
            offer: None,
        })
    }

    fn offer(&self, provider: &str, instance: &str) -> Option<GpuUse> {
        let instance = instance.trim().to_lowercase();
        let mut providers = vec![provider];
        providers.extend(
            SAME_INSTANCES
                .iter()
                .filter(|(p, _)| *p == provider)
                .map(|(_, other)| *other),
        );
        providers.into_iter().find_map(|p| {
            let &i = self.offers.get(&(p.to_string(), instance.clone()))?;
            let o = &self.catalog.offers[i];
            Some(GpuUse {
                gpu: o.gpu.to_string(),
                gpus: o.gpus,
                offer: Some(o.id.to_string()),
            })
        })
    }

    /// The catalog GPU a model name means: an id or a name as written, or the one GPU whose
    /// id's words are the most words of the name.
    pub fn gpu_named(&self, model: &str) -> Option<String> {
        let model = model.trim();
        if let Some(g) = self
            .catalog
            .gpus
            .iter()
            .find(|g| g.id.eq_ignore_ascii_case(model) || g.name.eq_ignore_ascii_case(model))
        {
            return Some(g.id.to_string());
        }
        let have = words_and_pairs(model);
        let mut best: Option<(usize, usize)> = None;
        let mut tied = false;
        for (i, want) in &self.gpu_words {
            if want.iter().all(|w| have.contains(w)) {
                let score = want.len();
                match best {
                    Some((_, s)) if s > score => {}
                    Some((_, s)) if s == score => tied = true,
                    _ => {
                        best = Some((*i, score));
                        tied = false;
                    }
                }
            }
        }
        match (best, tied) {
            (Some((i, _)), false) => Some(self.catalog.gpus[i].id.to_string()),
            _ => None,
        }
    }
}

/// Lower-case alphanumeric words.
fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// A name's words and each pair of adjacent words joined ("rtx 4090" → `rtx4090`).
fn words_and_pairs(s: &str) -> Vec<String> {
    let w = words(s);
    let mut out = w.clone();
    out.extend(w.windows(2).map(|p| format!("{}{}", p[0], p[1])));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpucost_core::catalog::embedded;
    use gpucost_core::money::Currency;

    fn row(provider: &str, instance: Option<&str>, model: Option<&str>) -> UsageRow {
        UsageRow {
            line: 2,
            provider: provider.into(),
            start: None,
            end: None,
            hours: None,
            instance_type: instance.map(Into::into),
            gpu_model: model.map(Into::into),
            gpu_count: None,
            region: None,
            resource_id: None,
            cost: Decimal::ONE,
            currency: Currency::Usd,
            tags: Default::default(),
            description: String::new(),
        }
    }

    #[test]
    fn instance_types_map_to_catalog_offers() {
        let r = Recognizer::new(&embedded().catalog);
        let g5 = r.recognize(&row("aws", Some("g5.xlarge"), None)).unwrap();
        assert_eq!((g5.gpu.as_str(), g5.gpus), ("A10G", Decimal::ONE));
        let p3 = r.recognize(&row("aws", Some("P3.8XLARGE"), None)).unwrap();
        assert_eq!((p3.gpu.as_str(), p3.gpus), ("V100-16GB", Decimal::from(4)));
        assert!(r.recognize(&row("aws", Some("m5.xlarge"), None)).is_none());
        // Tencent's China bill names the international site's instance types too.
        assert!(r
            .recognize(&row("tencent", Some("GN7.2XLARGE32"), None))
            .is_some());
    }

    #[test]
    fn gpu_names_match_only_when_the_catalog_supports_it() {
        let r = Recognizer::new(&embedded().catalog);
        let named = |s: &str| r.gpu_named(s);
        assert_eq!(named("T4").as_deref(), Some("T4"));
        assert_eq!(named("NVIDIA A100 80GB").as_deref(), Some("A100-80GB"));
        assert_eq!(
            named("Nvidia Tesla A100 80GB GPU").as_deref(),
            Some("A100-80GB")
        );
        assert_eq!(named("GeForce RTX 4090").as_deref(), Some("RTX4090"));
        assert_eq!(named("A100"), None, "40 or 80 GB is not guessed");
        assert_eq!(named("Persistent disk"), None);
        let sku = r
            .recognize(&row(
                "gcp",
                None,
                Some("Nvidia Tesla T4 GPU running in Americas"),
            ))
            .unwrap();
        assert_eq!(sku.gpu, "T4");
    }
}
