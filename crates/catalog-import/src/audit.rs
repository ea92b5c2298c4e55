//! The catalog audit: what in the imported offers looks wrong for the card, and what was
//! decided about each finding.
//!
//! The upstream files copy marketplace listings and third-party catalogs, so some facts are
//! the listing's, not the card's: a memory size the driver reported (31.8 GB for a 32 GB RTX
//! 5090), a model without its Ti suffix, a whole GPU where a size sells a slice. The audit
//! finds such facts by rule:
//!
//! - **memory** that disagrees with the card's datasheet (`gpu_specs.csv`, or the curated
//!   `gpu_memory.json` for cards that file lacks);
//! - **model** names that disagree with the instance name (`RTX_4060_Ti` sold as `RTX4060`);
//! - **GPU counts** that disagree with the count the instance name spells (`4x-…`, `…x8`),
//!   and fractional sizes whose share needs a source;
//! - **prices** per GPU-hour far from the GPU's median across providers.
//!
//! Every finding needs a decision in `data/curated/audit_decisions.json`, with the reason and
//! a source: keep the value, take the datasheet's memory, name the right model, or mark a
//! share as unconfirmed. The import applies the decisions and fails on a finding without one
//! (so a new suspicious row cannot slip in) and on a decision that matches no finding (so the
//! file cannot go stale). The result is written to `data/AUDIT.md` for review.

use std::collections::{BTreeMap, BTreeSet};

use gpucost_core::billing_mode::BillingMode;
use gpucost_core::catalog::{Offer, OfferFlag, PriceBasis};
use gpucost_core::money::Currency;
use rust_decimal::Decimal;
use serde::Deserialize;

use crate::ImportError;

/// What an audit rule checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// GPU model vs the instance name.
    Model,
    /// Memory per GPU vs the card's datasheet.
    Memory,
    /// GPUs per instance vs the instance name, and fractional shares.
    GpuCount,
    /// Price per GPU-hour vs the GPU's median across providers.
    Price,
}

impl Check {
    fn as_str(self) -> &'static str {
        match self {
            Check::Model => "model",
            Check::Memory => "memory",
            Check::GpuCount => "gpu-count",
            Check::Price => "price",
        }
    }
}

/// Something suspicious in the imported offers.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Finding {
    /// The rule that found it.
    pub check: Check,
    /// What it is about: an offer id, or `provider:gpu` for memory and price findings.
    pub subject: String,
    /// What the data says, in words.
    pub found: String,
    /// What the rule expected.
    pub expected: String,
    /// The offers concerned.
    pub offers: Vec<String>,
}

/// What was decided about a finding.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "action", deny_unknown_fields)]
pub enum Action {
    /// The value stays as published.
    Keep,
    /// The memory per GPU becomes the datasheet's.
    UseDatasheet,
    /// The offers are of another model (a variant the upstream normalized away).
    SetModel {
        /// The catalog model id.
        model: String,
    },
    /// The instance holds this many GPUs (a fraction for a slice).
    SetGpus {
        /// GPUs per instance.
        gpus: Decimal,
    },
    /// No citable source gives the share: the page says so.
    ShareUnconfirmed,
}

/// One entry of `audit_decisions.json`. (Unknown fields are refused by [`Action`], which
/// receives every field the struct does not name.)
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Decision {
    /// The rule whose finding this decides.
    pub check: Check,
    /// The finding's subject.
    pub subject: String,
    /// What is done.
    #[serde(flatten)]
    pub action: Action,
    /// Why, in a sentence.
    pub why: String,
    /// Source id (in `sources.json` or the hardware sources) backing the decision.
    pub source: String,
}

/// A finding with its decision, as the import applied it.
#[derive(Debug, Clone, PartialEq)]
pub struct Decided {
    /// The finding.
    pub finding: Finding,
    /// Its decision.
    pub decision: Decision,
}

/// The card's datasheet memory per GPU model: GiB and the source id.
pub type Datasheets = BTreeMap<String, (Decimal, String)>;

/// Thresholds of the price rule: a provider's cheapest price per GPU-hour below a third or
/// above three times the median of the providers' cheapest prices is flagged.
const PRICE_FACTOR: i64 = 3;
/// The price rule needs this many providers of a GPU to speak of a median.
const PRICE_MIN_PROVIDERS: usize = 3;

/// The GPUs per instance an instance name spells, when it spells one.
fn count_in_name(provider: &str, instance: &str) -> Option<Decimal> {
    let digits_before = |s: &str, end: usize| -> Option<Decimal> {
        let start = s[..end]
            .rfind(|c: char| !c.is_ascii_digit())
            .map_or(0, |i| i + 1);
        s[start..end].parse::<u32>().ok().map(Decimal::from)
    };
    let lower = instance.to_ascii_lowercase();
    match provider {
        // `4x-RTX_4090-…`, `1x_A100_…`, `1x NVIDIA …`
        "vast" | "jarvislabs" | "runpod" => {
            let end = lower.find('x')?;
            digits_before(&lower, end).filter(|_| end > 0)
        }
        // `gpu_8x_a100`
        "lambda" => {
            let end = lower.find("x_")?;
            digits_before(&lower, end)
        }
        // `…_2x8v16gb`
        "cudo" => {
            let at = lower.rfind('_')?;
            let rest = &lower[at + 1..];
            let end = rest.find('x')?;
            digits_before(rest, end)
        }
        // `n3-RTX-A6000x2`
        "hyperstack" => {
            let at = lower.rfind('x')?;
            lower[at + 1..].parse::<u32>().ok().map(Decimal::from)
        }
        _ => None,
    }
}

/// The GeForce/RTX model a name spells (`RTX_4060_Ti` → `RTX4060Ti`, `RTX_4070S_Ti` →
/// `RTX4070TiSuper`), for names that spell one.
fn rtx_model_in_name(name: &str) -> Option<String> {
    let upper: String = name
        .to_ascii_uppercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
        .collect();
    let words: Vec<&str> = upper.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "RTX" || *w == "GTX")?;
    let number = words.get(at + 1)?;
    let (digits, s_suffix) = match number.strip_suffix('S') {
        Some(d) => (d, true),
        None => (*number, false),
    };
    if digits.len() != 4 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let rest = &words[at + 2..];
    let ti = rest.first() == Some(&"TI");
    let sup = s_suffix || rest.iter().take(2).any(|w| *w == "SUPER");
    Some(format!(
        "{}{digits}{}{}",
        words[at],
        if ti { "Ti" } else { "" },
        if sup { "Super" } else { "" }
    ))
}

/// Variants whose name gives them away though the upstream model does not: (model, word in
/// the instance or accelerator name, the variant's model).
const NAMED_VARIANTS: &[(&str, &str, &str)] = &[("H100", "NVL", "H100-NVL")];

/// Instance families whose provider documents the GPU they carry, where an upstream catalog
/// names another: (provider, family prefix of the instance name, the GPU model). AWS sells
/// G6f and Gr6f sizes as partitions (1/8, 1/4, 1/2) of an NVIDIA L4; the instances.vantage.sh
/// data copied upstream calls them whole "NVIDIA L40" with 48 GB (source `aws-g6f-fractional`).
const FAMILY_GPUS: &[(&str, &str, &str)] = &[("aws", "g6f.", "L4"), ("aws", "gr6f.", "L4")];

/// The GPU model `provider`'s documentation gives for `instance`'s family, per [`FAMILY_GPUS`].
fn family_gpu(provider: &str, instance: &str) -> Option<&'static str> {
    FAMILY_GPUS
        .iter()
        .find(|(p, prefix, _)| *p == provider && instance.starts_with(prefix))
        .map(|(_, _, gpu)| *gpu)
}

/// The variant model a name spells for `gpu`, when [`NAMED_VARIANTS`] knows one.
fn named_variant(gpu: &str, names: [&str; 2]) -> Option<&'static str> {
    NAMED_VARIANTS
        .iter()
        .find(|(model, word, _)| {
            *model == gpu
                && names.iter().any(|n| {
                    n.to_ascii_uppercase()
                        .split(|c: char| !c.is_ascii_alphanumeric())
                        .any(|w| w == *word)
                })
        })
        .map(|(_, _, variant)| *variant)
}

/// The catalog model id's own RTX spelling (`RTX4060Ti-16GB` → `RTX4060Ti`).
fn rtx_model_of_id(id: &str) -> &str {
    id.split('-').next().unwrap_or(id)
}

fn gib(d: Decimal) -> String {
    format!("{} GiB", d.normalize())
}

/// Memory and model findings: facts of the card, checked offer by offer.
fn card_findings(offers: &[Offer], datasheets: &Datasheets) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut memory: BTreeMap<(String, String, Decimal), (Decimal, Vec<String>)> = BTreeMap::new();
    for o in offers {
        let rtx = rtx_model_in_name(&o.instance)
            .or_else(|| rtx_model_in_name(&o.variant))
            .filter(|_| o.gpu.starts_with("RTX") || o.gpu.starts_with("GTX"))
            .filter(|named| named != rtx_model_of_id(&o.gpu));
        let named =
            rtx.or_else(|| named_variant(&o.gpu, [&o.instance, &o.variant]).map(str::to_string));
        let expected = match named {
            Some(named) => Some(format!("the name {:?} spells {named}", o.instance)),
            None => family_gpu(&o.provider, &o.instance)
                .filter(|g| *g != &*o.gpu)
                .map(|g| format!("{} documents this family as {g}", o.provider)),
        };
        if let Some(expected) = expected {
            out.push(Finding {
                check: Check::Model,
                subject: o.id.to_string(),
                found: format!("model {}", o.gpu),
                expected,
                offers: vec![o.id.to_string()],
            });
        }
        let (Some(listed), Some((sheet, _))) = (o.gpu_memory_gib, datasheets.get(&*o.gpu)) else {
            continue;
        };
        // Memory is per whole GPU for slices too (their share is the GPU-count rule's
        // business), so a slice that states another card's memory is a finding as well.
        if listed == *sheet {
            continue;
        }
        memory
            .entry((o.provider.to_string(), o.gpu.to_string(), listed))
            .or_insert_with(|| (*sheet, Vec::new()))
            .1
            .push(o.id.to_string());
    }
    for ((provider, gpu, listed), (sheet, ids)) in memory {
        out.push(Finding {
            check: Check::Memory,
            subject: format!("{provider}:{gpu}"),
            found: format!("{} per GPU", gib(listed)),
            expected: format!("{} (datasheet)", gib(sheet)),
            offers: ids,
        });
    }
    out
}

/// GPU-count findings: counts the name spells, and fractional sizes.
fn count_findings(offers: &[Offer]) -> Vec<Finding> {
    let mut out = Vec::new();
    for o in offers {
        if let Some(named) = count_in_name(&o.provider, &o.instance) {
            // RunPod rows are per GPU whatever the pod size.
            let per_gpu_row = o.basis == PriceBasis::PerGpu && o.gpus == Decimal::ONE;
            if named != o.gpus && !per_gpu_row {
                out.push(Finding {
                    check: Check::GpuCount,
                    subject: o.id.to_string(),
                    found: format!("{} GPUs", o.gpus.normalize()),
                    expected: format!("the name spells {named}"),
                    offers: vec![o.id.to_string()],
                });
            }
        }
        // A size sold as a share of a GPU (or a family that sells shares) needs a source.
        let partitioned_family = o.provider == "azure" && o.instance.contains("A10_v");
        if o.gpus < Decimal::ONE || partitioned_family {
            out.push(Finding {
                check: Check::GpuCount,
                subject: o.id.to_string(),
                found: format!("{} GPU per instance", o.gpus.normalize()),
                expected: "a source for the GPU share of this size".into(),
                offers: vec![o.id.to_string()],
            });
        }
    }
    out
}

/// Price findings: each provider's cheapest on-demand price per GPU-hour (in USD at `usd_cny`)
/// against the median of every provider's cheapest for the same GPU.
fn price_findings(offers: &[Offer], usd_cny: Decimal) -> Vec<Finding> {
    // gpu -> provider -> (cheapest USD per GPU-hour, offer id)
    let mut cheapest: BTreeMap<&str, BTreeMap<&str, (Decimal, &str)>> = BTreeMap::new();
    for o in offers {
        if o.basis == PriceBasis::GpuComponent || o.flags.contains(&OfferFlag::PublishedRange) {
            continue;
        }
        let per_gpu = if o.basis == PriceBasis::PerGpu {
            Decimal::ONE
        } else {
            o.gpus
        };
        for p in o.prices.iter().filter(|p| p.mode == BillingMode::OnDemand) {
            let usd = match p.currency {
                Currency::Usd => p.amount,
                Currency::Cny => p.amount / usd_cny,
            } / per_gpu;
            let slot = cheapest
                .entry(&o.gpu)
                .or_default()
                .entry(&o.provider)
                .or_insert((usd, &o.id));
            if usd < slot.0 {
                *slot = (usd, &o.id);
            }
        }
    }
    let mut out = Vec::new();
    for (gpu, by_provider) in cheapest {
        if by_provider.len() < PRICE_MIN_PROVIDERS {
            continue;
        }
        let mut values: Vec<Decimal> = by_provider.values().map(|v| v.0).collect();
        values.sort();
        let n = values.len();
        let median = if n % 2 == 1 {
            values[n / 2]
        } else {
            (values[n / 2 - 1] + values[n / 2]) / Decimal::TWO
        };
        let factor = Decimal::from(PRICE_FACTOR);
        for (provider, (usd, id)) in by_provider {
            if usd * factor < median || usd > median * factor {
                out.push(Finding {
                    check: Check::Price,
                    subject: format!("{provider}:{gpu}"),
                    found: format!("{} USD per GPU-hour ({id})", usd.round_dp(3).normalize()),
                    expected: format!(
                        "within {PRICE_FACTOR}× of the median of {n} providers, {} USD",
                        median.round_dp(3).normalize()
                    ),
                    offers: vec![id.to_string()],
                });
            }
        }
    }
    out
}

fn decide(
    findings: Vec<Finding>,
    decisions: &[Decision],
) -> Result<(Vec<Decided>, BTreeSet<usize>), ImportError> {
    let mut used = BTreeSet::new();
    let mut decided = Vec::new();
    let mut missing = Vec::new();
    for f in findings {
        match decisions
            .iter()
            .position(|d| d.check == f.check && d.subject == f.subject)
        {
            Some(i) => {
                used.insert(i);
                decided.push(Decided {
                    decision: decisions[i].clone(),
                    finding: f,
                });
            }
            None => missing.push(f),
        }
    }
    if missing.is_empty() {
        Ok((decided, used))
    } else {
        Err(ImportError::Audit(
            missing
                .iter()
                .map(|f| {
                    format!(
                        "no decision for {} finding {:?}: {}, expected {}",
                        f.check.as_str(),
                        f.subject,
                        f.found,
                        f.expected
                    )
                })
                .collect(),
        ))
    }
}

fn apply(offers: &mut [Offer], d: &Decided, datasheets: &Datasheets) {
    for o in offers
        .iter_mut()
        .filter(|o| d.finding.offers.iter().any(|id| *id == o.id))
    {
        match &d.decision.action {
            Action::Keep => {}
            Action::UseDatasheet => {
                o.gpu_memory_gib = datasheets.get(&*o.gpu).map(|(m, _)| *m);
            }
            Action::SetModel { model } => o.gpu = model.clone().into(),
            Action::SetGpus { gpus } => o.gpus = *gpus,
            Action::ShareUnconfirmed => {
                if !o.flags.contains(&OfferFlag::GpuShareUnconfirmed) {
                    o.flags.to_mut().push(OfferFlag::GpuShareUnconfirmed);
                }
            }
        }
    }
}

/// Audits `offers` and applies `decisions`: first the card facts (model, memory, counts),
/// then prices of the corrected offers. Returns every finding with its decision.
///
/// # Errors
/// [`ImportError::Audit`] listing every finding without a decision, or every decision that
/// matches no finding.
pub fn audit(
    offers: &mut [Offer],
    datasheets: &Datasheets,
    decisions: &[Decision],
    usd_cny: Decimal,
) -> Result<Vec<Decided>, ImportError> {
    let mut all = Vec::new();
    let mut used = BTreeSet::new();
    // Model corrections change which datasheet applies, so they go first.
    let models: Vec<Finding> = card_findings(offers, datasheets)
        .into_iter()
        .filter(|f| f.check == Check::Model)
        .collect();
    let (decided, u) = decide(models, decisions)?;
    for d in &decided {
        apply(offers, d, datasheets);
    }
    all.extend(decided);
    used.extend(u);
    let mut rest: Vec<Finding> = card_findings(offers, datasheets)
        .into_iter()
        .filter(|f| f.check == Check::Memory)
        .collect();
    rest.extend(count_findings(offers));
    let (decided, u) = decide(rest, decisions)?;
    for d in &decided {
        apply(offers, d, datasheets);
    }
    all.extend(decided);
    used.extend(u);
    let (decided, u) = decide(price_findings(offers, usd_cny), decisions)?;
    all.extend(decided);
    used.extend(u);
    let stale: Vec<String> = decisions
        .iter()
        .enumerate()
        .filter(|(i, _)| !used.contains(i))
        .map(|(_, d)| {
            format!(
                "decision for {} {:?} matches no finding (remove it)",
                d.check.as_str(),
                d.subject
            )
        })
        .collect();
    if !stale.is_empty() {
        return Err(ImportError::Audit(stale));
    }
    all.sort_by(|a, b| a.finding.cmp(&b.finding));
    Ok(all)
}

/// `data/AUDIT.md`: every finding with its decision, for review.
pub fn to_markdown(decided: &[Decided]) -> String {
    let mut out = String::from(
        "# Catalog audit\n\nGenerated by `cargo run -p catalog-import` (see `crates/catalog-import/src/audit.rs`);\n\
         decisions live in `data/curated/audit_decisions.json`. A finding without a decision stops the import.\n",
    );
    for check in [Check::Model, Check::Memory, Check::GpuCount, Check::Price] {
        let rows: Vec<&Decided> = decided
            .iter()
            .filter(|d| d.finding.check == check)
            .collect();
        out.push_str(&format!(
            "\n## {} ({} findings)\n\n| subject | found | expected | decision | why | source |\n| --- | --- | --- | --- | --- | --- |\n",
            check.as_str(),
            rows.len()
        ));
        for d in rows {
            let action = match &d.decision.action {
                Action::Keep => "keep".to_string(),
                Action::UseDatasheet => "use the datasheet".to_string(),
                Action::SetModel { model } => format!("model {model}"),
                Action::SetGpus { gpus } => format!("{} GPUs", gpus.normalize()),
                Action::ShareUnconfirmed => "mark share unconfirmed".to_string(),
            };
            let cell = |s: &str| s.replace('|', "\\|");
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} |\n",
                cell(&d.finding.subject),
                cell(&d.finding.found),
                cell(&d.finding.expected),
                action,
                cell(&d.decision.why),
                cell(&d.decision.source)
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_spell_their_gpu_counts() {
        let d = |n: u32| Some(Decimal::from(n));
        assert_eq!(count_in_name("vast", "4x-RTX_4060_Ti-32-65536"), d(4));
        assert_eq!(count_in_name("lambda", "gpu_8x_a100"), d(8));
        assert_eq!(count_in_name("cudo", "ice-lake-rtx-a6000_2x8v16gb"), d(2));
        assert_eq!(count_in_name("hyperstack", "n3-RTX-A6000x4"), d(4));
        assert_eq!(
            count_in_name("jarvislabs", "8x_RTXPRO6000_224V_1280G"),
            d(8)
        );
        assert_eq!(count_in_name("aws", "p4d.24xlarge"), None);
    }

    #[test]
    fn names_spell_card_variants() {
        assert_eq!(
            rtx_model_in_name("4x-RTX_4060_Ti-32-65536").as_deref(),
            Some("RTX4060Ti")
        );
        assert_eq!(
            rtx_model_in_name("4x-RTX_4070S_Ti-32-65536").as_deref(),
            Some("RTX4070TiSuper")
        );
        assert_eq!(
            rtx_model_in_name("1x NVIDIA GeForce RTX 4080 SUPER").as_deref(),
            Some("RTX4080Super")
        );
        assert_eq!(
            rtx_model_in_name("1x-RTX_5090-32-65536").as_deref(),
            Some("RTX5090")
        );
        assert_eq!(rtx_model_in_name("gpu_1x_a6000"), None);
        assert_eq!(rtx_model_of_id("RTX4060Ti-16GB"), "RTX4060Ti");
        assert_eq!(
            named_variant("H100", ["1x-H100_NVL-32", ""]),
            Some("H100-NVL")
        );
        assert_eq!(named_variant("H100", ["n3-H100x8-NVLink", ""]), None);
    }

    #[test]
    fn aws_fractional_families_carry_an_l4() {
        assert_eq!(family_gpu("aws", "g6f.large"), Some("L4"));
        assert_eq!(family_gpu("aws", "gr6f.4xlarge"), Some("L4"));
        assert_eq!(family_gpu("aws", "g6.xlarge"), None);
        assert_eq!(family_gpu("gcp", "g6f.large"), None);
    }
}
