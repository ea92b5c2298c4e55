//! The export's `recommendation` object: the ranked GPUs that have a price, and the rules of
//! thumb, read from the one [`RecommendationView`] with its reasons and findings in the
//! reader's language. The JSON document and the terminal table both print it.

use serde::Serialize;

use crate::format::Lang;
use crate::recommend::{Recommendation, EXPLAINED};
use crate::view::recommendation::RecommendationView;

/// The hardware recommendation in an export.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct RecommendationJson {
    /// `run` or `1M-requests`.
    pub unit: String,
    /// Memory the work needs on one GPU, GiB, `low–high`.
    pub memory_gib: String,
    /// The ranked GPUs (at most ten), cheapest first.
    pub ranked: Vec<CandidateJson>,
    /// The founding documents' rules of thumb, checked against the numbers.
    pub rules: Vec<RuleJson>,
}

/// One ranked GPU.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CandidateJson {
    /// GPU model id.
    pub gpu: String,
    /// GPUs per replica.
    pub gpus: u32,
    /// Machines the plan is budgeted and priced with (the middle of the throughput range).
    pub machines: u64,
    /// Machines at the optimistic end of the throughput range.
    pub machines_low: u64,
    /// Machines at the pessimistic end.
    pub machines_high: u64,
    /// GPUs on each machine (below one for a slice).
    pub gpus_per_machine: String,
    /// Online serving: the budgeted fleet over a 730-hour month (display currency).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub month: Option<String>,
    /// The month at the optimistic end of the throughput range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub month_low: Option<String>,
    /// The month at the pessimistic end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub month_high: Option<String>,
    /// Cost per unit, low end (display currency).
    pub cost_low: String,
    /// Cost per unit, high end.
    pub cost_high: String,
    /// Provider of the price used (for the user's quote, its owner: a catalog provider id or
    /// `custom:<name>`).
    pub provider: String,
    /// Whether the price used is the user's own quote (no source or date but the user).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub quote: bool,
    /// Offer id of the price used.
    pub offer: String,
    /// Billing mode of the price used.
    pub billing_mode: String,
    /// Where the throughput comes from.
    pub throughput_basis: String,
    /// Reasons, in the requested language.
    pub reasons: Vec<String>,
    /// Warnings, in the requested language.
    pub warnings: Vec<String>,
}

/// One rule-of-thumb check.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct RuleJson {
    /// Rule slug.
    pub rule: String,
    /// Verdict slug.
    pub verdict: String,
    /// What the numbers show, in the requested language.
    pub finding: String,
}

impl RecommendationJson {
    /// The export of `v`, its words in `lang`.
    pub fn new(v: &RecommendationView, lang: Lang) -> RecommendationJson {
        RecommendationJson {
            unit: v.unit.as_str().into(),
            // The export keeps its own fixed one-decimal form (machine-read, both ends).
            memory_gib: format!(
                "{:.1}–{:.1}",
                v.memory.total_gib.low, v.memory.total_gib.high
            ),
            ranked: v
                .ranked
                .iter()
                .filter_map(|c| {
                    let (price, cost, fleet) =
                        (c.price.as_ref()?, c.cost_range?, c.fleet.as_ref()?);
                    let month = c.monthly.map(|m| m.month);
                    Some(CandidateJson {
                        gpu: c.gpu.clone(),
                        gpus: c.gpus_per_replica(),
                        machines: fleet.machines,
                        machines_low: fleet.range.low,
                        machines_high: fleet.range.high,
                        gpus_per_machine: fleet.gpus_per_machine.normalize().to_string(),
                        month: month.map(|m| m.expected.to_decimal_string()),
                        month_low: month.map(|m| m.range.low.to_decimal_string()),
                        month_high: month.map(|m| m.range.high.to_decimal_string()),
                        cost_low: cost.low.to_decimal_string(),
                        cost_high: cost.high.to_decimal_string(),
                        provider: price.provider.clone(),
                        quote: price.quote,
                        offer: price.offer.clone(),
                        billing_mode: price.mode.to_string(),
                        throughput_basis: c.basis.text(lang),
                        reasons: c.reasons.iter().map(|r| r.text(lang)).collect(),
                        warnings: c.warnings.iter().map(|w| w.text(lang)).collect(),
                    })
                })
                .collect(),
            rules: v
                .rules
                .iter()
                .map(|r| RuleJson {
                    rule: r.rule.as_str().into(),
                    verdict: r.verdict.as_str().into(),
                    finding: r.finding.text(lang),
                })
                .collect(),
        }
    }
}

/// The export's `recommendation` object for `rec` in `lang`: its best [`EXPLAINED`] GPUs.
pub fn recommendation_json(rec: &Recommendation, lang: Lang) -> RecommendationJson {
    RecommendationJson::new(&RecommendationView::new(rec, EXPLAINED), lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::l10n::recommend_text::RecommendationText;
    use crate::view::recommendation::tests::serving;

    #[test]
    fn the_export_lists_the_views_priced_candidates_with_the_cards_words() {
        let rec = serving();
        let v = RecommendationView::new(&rec, EXPLAINED);
        let json = RecommendationJson::new(&v, Lang::En);
        let text = RecommendationText::new(&v, Lang::En);
        assert_eq!(json.unit, "1M-requests");
        assert!(!json.ranked.is_empty() && json.ranked.len() <= EXPLAINED);
        let priced = v
            .ranked
            .iter()
            .zip(&text.ranked)
            .filter(|(c, _)| c.price.is_some());
        for ((c, t), j) in priced.zip(&json.ranked) {
            assert_eq!(c.gpu, j.gpu);
            // The export budgets the same fleet and month as the card.
            let fleet = c.fleet.as_ref().unwrap();
            assert_eq!(
                (j.machines, j.machines_low),
                (fleet.machines, fleet.range.low)
            );
            let month = c.monthly.unwrap().month.expected;
            assert_eq!(j.month, Some(month.to_decimal_string()));
            // And says what the card says.
            assert_eq!(j.throughput_basis, t.basis);
            assert_eq!(j.reasons, t.reasons);
            assert_eq!(j.warnings, t.warnings);
        }
        assert_eq!(recommendation_json(&rec, Lang::En), json);
    }
}
