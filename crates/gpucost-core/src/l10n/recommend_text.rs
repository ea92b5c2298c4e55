//! The recommendation view in words: [`RecommendationText::new`] writes every phrase of a
//! [`RecommendationView`] in one language, once, for the panel to lay out and for the
//! export's reasons and findings. The view holds no words, so the page keeps one view across
//! a change of language and rewords it here without recomputing the ranking.

use crate::edit::Recommended;
use crate::format::{self, Lang};
use crate::l10n::recommend::{more_gpus, throughput_per_gpu, workload_summary};
use crate::recommend::numbers::{money_span, span};
use crate::recommend::LowHigh;
use crate::view::recommendation::{CandidateView, MemoryLine, MemoryView, RecommendationView};

/// A recommendation as one reader reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct RecommendationText {
    /// The workload in one line.
    pub workload: String,
    /// The memory estimate.
    pub memory: MemoryText,
    /// One card per ranked GPU.
    pub ranked: Vec<CandidateText>,
    /// `… and 3 more GPU(s) that can do the work.`, when there are more.
    pub more: Option<String>,
    /// GPUs left out, with the reason.
    pub excluded: Vec<String>,
    /// Rules of thumb with their verdicts.
    pub rules: Vec<RuleText>,
    /// Assumptions behind every number.
    pub assumptions: Vec<String>,
    /// The hardware data's date.
    pub hardware_built: String,
}

/// The memory estimate in words.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryText {
    /// `17.2–19.4 GiB`.
    pub total: String,
    /// The parts that are not zero.
    pub parts: Vec<MemoryLineText>,
    /// The splittable part and the part every GPU holds.
    pub split: Vec<MemoryLineText>,
}

/// One part of the memory estimate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryLineText {
    /// `Weights`.
    pub label: &'static str,
    /// `15–16.8 GiB`.
    pub size: String,
}

/// One ranked GPU's card.
#[derive(Debug, Clone, PartialEq)]
pub struct CandidateText {
    /// Datasheet row (stable key).
    pub key: String,
    /// Rank, from 1.
    pub rank: usize,
    /// `NVIDIA L4`.
    pub name: String,
    /// Meets the deadline and latency bound.
    pub feasible: bool,
    /// `¥1.23–¥2.34`, or `—`.
    pub cost: String,
    /// `per 1M requests`.
    pub unit: &'static str,
    /// `Each replica: 1 × 24 GB, ≈ 18–20 GiB used on each` and slice notes.
    pub gpus: String,
    /// The machines the ranking price rents.
    pub fleet: Option<String>,
    /// Why the machine count is a range.
    pub count_why: Option<String>,
    /// Online serving: the fleet's month.
    pub monthly: Option<String>,
    /// Provider, machines, offer, billing, per-GPU-hour price, region, date, source.
    pub price: Option<String>,
    /// Time to finish (or per request) against the deadline (or latency bound).
    pub time: Option<String>,
    /// `1,200–1,800 requests/s per GPU`.
    pub throughput: String,
    /// Whether the throughput was measured.
    pub measured: bool,
    /// `measured` or `modelled`.
    pub basis_kind: &'static str,
    /// The evidence without its kind.
    pub evidence: String,
    /// The evidence with its kind, as one sentence.
    pub basis: String,
    /// Reasons a person can check.
    pub reasons: Vec<String>,
    /// Caveats.
    pub warnings: Vec<String>,
    /// Assumptions specific to this GPU.
    pub assumptions: Vec<String>,
    /// What "use this" puts into the lines (carried for the card's button).
    pub use_this: Option<Recommended>,
}

/// One rule of thumb, checked, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleText {
    /// Rule slug.
    pub key: &'static str,
    /// Verdict slug (`within`, `n/a`, …).
    pub verdict_key: &'static str,
    /// The claim as the document makes it.
    pub claim: &'static str,
    /// The verdict.
    pub verdict: &'static str,
    /// The numbers behind it.
    pub finding: String,
    /// The founding document.
    pub source: &'static str,
}

impl RecommendationText {
    /// `v` in `lang`.
    pub fn new(v: &RecommendationView, lang: Lang) -> RecommendationText {
        RecommendationText {
            workload: workload_summary(&v.workload, lang),
            memory: memory_text(&v.memory, lang),
            ranked: v
                .ranked
                .iter()
                .map(|c| CandidateText::new(c, v, lang))
                .collect(),
            more: (v.more > 0).then(|| more_gpus(v.more, lang)),
            excluded: v
                .excluded
                .iter()
                .map(|e| e.text(lang))
                .chain(v.excluded_quotes.iter().map(|q| q.text(lang)))
                .collect(),
            rules: v
                .rules
                .iter()
                .map(|r| RuleText {
                    key: r.rule.as_str(),
                    verdict_key: r.verdict.as_str(),
                    claim: r.rule.claim(lang),
                    verdict: r.verdict.text(lang),
                    finding: r.finding.text(lang),
                    source: r.rule.source(),
                })
                .collect(),
            assumptions: v.assumptions.iter().map(|a| a.text(lang)).collect(),
            hardware_built: format::date(v.hardware_built, lang),
        }
    }
}

impl CandidateText {
    /// Candidate `c` of `v` in `lang`.
    pub fn new(c: &CandidateView, v: &RecommendationView, lang: Lang) -> CandidateText {
        CandidateText {
            key: c.key.clone(),
            rank: c.rank,
            name: c.name.clone(),
            feasible: c.feasible,
            cost: c.cost_range.map(money_span).unwrap_or_else(|| "—".into()),
            unit: v.unit.text(lang),
            gpus: c.gpus.text(lang),
            fleet: c.fleet.as_ref().map(|f| f.text(lang)),
            count_why: c.fleet.as_ref().and_then(|f| f.range_text(lang)),
            monthly: c.monthly.map(|m| m.text(lang)),
            price: c.price.as_ref().map(|p| p.text(lang)),
            time: c.time.as_ref().map(|t| t.text(lang)),
            throughput: throughput_per_gpu(c.per_gpu, c.work_unit, lang),
            measured: c.measured(),
            basis_kind: c.basis.kind_text(lang),
            evidence: c.basis.evidence(lang),
            basis: c.basis.text(lang),
            reasons: c.reasons.iter().map(|r| r.text(lang)).collect(),
            warnings: c.warnings.iter().map(|w| w.text(lang)).collect(),
            assumptions: c.assumptions.iter().map(|a| a.text(lang)).collect(),
            use_this: c.use_this.clone(),
        }
    }
}

fn memory_text(m: &MemoryView, lang: Lang) -> MemoryText {
    let line = |l: &MemoryLine| MemoryLineText {
        label: l.part.text(lang),
        size: gib_text(l.gib),
    };
    MemoryText {
        total: gib_text(m.total_gib),
        parts: m.parts.iter().map(line).collect(),
        split: m.split.iter().map(line).collect(),
    }
}

/// `15–16.8 GiB`.
fn gib_text(r: LowHigh<f64>) -> String {
    format!("{} GiB", span(r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::EXPLAINED;
    use crate::view::recommendation::tests::serving;

    #[test]
    fn one_view_reads_in_both_languages() {
        let v = RecommendationView::new(&serving(), EXPLAINED);
        let (en, zh) = (
            RecommendationText::new(&v, Lang::En),
            RecommendationText::new(&v, Lang::Zh),
        );
        assert!(en.workload.starts_with("Online serving"), "{}", en.workload);
        assert!(zh.workload.starts_with("在线推理服务"), "{}", zh.workload);
        assert_eq!(en.ranked.len(), v.ranked.len());
        assert_eq!(en.ranked[0].unit, "per 1M requests");
        assert_eq!(zh.ranked[0].unit, "每百万请求");
        // The amounts are the same in both; only the words differ.
        for (e, z) in en.ranked.iter().zip(&zh.ranked) {
            assert_eq!((&e.key, &e.cost), (&z.key, &z.cost));
            assert_eq!(e.basis, format!("{}: {}", e.basis_kind, e.evidence));
            assert_eq!(z.basis, format!("{}：{}", z.basis_kind, z.evidence));
        }
        assert_eq!(en.memory.total, zh.memory.total);
        assert!(en.memory.parts.iter().any(|p| p.label == "Weights"));
        assert!(zh.memory.parts.iter().all(|p| !p.label.is_ascii()));
    }

    #[test]
    fn the_chinese_text_carries_no_english_dates_or_datasheet_words() {
        let zh = RecommendationText::new(&RecommendationView::new(&serving(), EXPLAINED), Lang::Zh);
        let mut lines: Vec<&str> = zh.assumptions.iter().map(String::as_str).collect();
        for c in &zh.ranked {
            lines.extend(c.reasons.iter().map(String::as_str));
            lines.extend([c.basis.as_str(), c.gpus.as_str(), c.throughput.as_str()]);
        }
        lines.extend(zh.rules.iter().map(|r| r.finding.as_str()));
        for line in lines {
            for english in [
                "unknown",
                "tensor",
                "entered by you",
                "measured",
                "modelled",
            ] {
                assert!(!line.contains(english), "{english} in: {line}");
            }
        }
    }
}
