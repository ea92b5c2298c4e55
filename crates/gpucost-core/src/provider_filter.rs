//! Which providers a comparison keeps by what they are rather than by price: their kind
//! ("enterprise clouds only"), their compute SLA ("at least 99.9 %") and ISO 27001
//! certification, the things the cost guide's risk section (seed 004 §4.2) tells a buyer of
//! critical work to weigh. The link spells it `kind=`, `sla=` and `cert=iso27001`
//! (`share::scenario_params`).
//!
//! A provider is kept only when the catalog can prove it qualifies: under an SLA floor, a
//! provider whose SLA no source states is left out, as a region of unknown place is under a
//! place filter; under `cert=iso27001`, one whose ISO/IEC 27001 no source states. Sellers the
//! user named (their own quotes) are always kept.

use std::collections::BTreeSet;

use rust_decimal::Decimal;

use crate::catalog::{Provider, ProviderKind};

/// The kinds of provider that run their own enterprise cloud: hyperscalers and the Chinese
/// public clouds (not neoclouds, marketplaces of third-party hosts or rental platforms).
pub const ENTERPRISE_CLOUDS: [ProviderKind; 2] =
    [ProviderKind::Hyperscaler, ProviderKind::ChinaCloud];

/// The kinds and service level a comparison keeps; the default keeps every provider.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ProviderFilter {
    /// Only these kinds; empty keeps every kind.
    pub kinds: BTreeSet<ProviderKind>,
    /// Only providers whose sourced compute SLA is at least this percent.
    pub min_sla_pct: Option<Decimal>,
    /// Only providers a source states hold ISO/IEC 27001.
    pub iso_27001: bool,
}

impl ProviderFilter {
    /// "Enterprise clouds with an SLA of at least 99.9 %".
    pub fn enterprise_with_sla(min_sla_pct: Decimal) -> ProviderFilter {
        ProviderFilter {
            kinds: ENTERPRISE_CLOUDS.into_iter().collect(),
            min_sla_pct: Some(min_sla_pct),
            iso_27001: false,
        }
    }

    /// Whether it keeps every provider.
    pub fn keeps_all(&self) -> bool {
        self.kinds.is_empty() && self.min_sla_pct.is_none() && !self.iso_27001
    }

    /// Whether `provider` is kept: its kind is allowed, under an SLA floor a source states an
    /// SLA at or above it, and under `iso_27001` a source states its ISO/IEC 27001.
    pub fn admits(&self, provider: &Provider) -> bool {
        let kind = self.kinds.is_empty() || self.kinds.contains(&provider.kind);
        let sla = self
            .min_sla_pct
            .is_none_or(|min| provider.facts.sla_at_least(min));
        kind && sla && (!self.iso_27001 || provider.facts.iso_27001())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{embedded, Rule, Sla};

    #[test]
    fn an_sla_floor_keeps_only_a_stated_sla_at_or_above_it() {
        let mut aws = embedded().catalog.provider("aws").unwrap().clone();
        let filter = ProviderFilter::enterprise_with_sla(Decimal::new(999, 1));
        aws.facts.sla = None;
        assert!(!filter.admits(&aws), "no sourced SLA: not proven, not kept");
        let sla = |percent| Sla {
            percent,
            covers: Rule {
                en: "test".into(),
                zh: "测试".into(),
                source: Some("test".into()),
            },
        };
        aws.facts.sla = Some(sla(Decimal::new(9999, 2)));
        assert!(filter.admits(&aws));
        aws.facts.sla = Some(sla(Decimal::new(995, 1)));
        assert!(!filter.admits(&aws), "99.5 < 99.9");
        let vast = embedded().catalog.provider("vast").unwrap();
        assert!(!ProviderFilter {
            kinds: ENTERPRISE_CLOUDS.into_iter().collect(),
            ..ProviderFilter::default()
        }
        .admits(vast));
        assert!(ProviderFilter::default().admits(vast));
    }

    #[test]
    fn iso_27001_keeps_only_a_provider_a_source_states_holds_it() {
        let c = &embedded().catalog;
        let iso = ProviderFilter {
            iso_27001: true,
            ..ProviderFilter::default()
        };
        assert!(!iso.keeps_all());
        assert!(iso.admits(c.provider("azure").unwrap()));
        // Google's stored page states ISO 27017 only; Lambda's none.
        assert!(!iso.admits(c.provider("gcp").unwrap()));
        assert!(!iso.admits(c.provider("lambda").unwrap()));
        let mut azure = c.provider("azure").unwrap().clone();
        azure.facts.certifications = Default::default();
        assert!(!iso.admits(&azure), "no source: not proven, not kept");
    }
}
