//! Proves a catalog consistent: every problem found, each naming the record and field.
//!
//! The embedded catalog must pass with no problem at all (a test checks it), and the import
//! tool refuses to write a catalog that fails.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;

use rust_decimal::Decimal;

use crate::billing_mode::BillingMode;

use super::records::{AsOf, Catalog, OfferFlag, Text, CATALOG_SCHEMA};

/// One inconsistency in a catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogProblem {
    /// Which record: `offer "aws/p4d.24xlarge" price #3 (spot, us-east-1)`.
    pub record: String,
    /// Which field of it.
    pub field: &'static str,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for CatalogProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, field {}: {}", self.record, self.field, self.message)
    }
}

struct Problems(Vec<CatalogProblem>);

impl Problems {
    fn push(&mut self, record: impl Into<String>, field: &'static str, message: impl Into<String>) {
        self.0.push(CatalogProblem {
            record: record.into(),
            field,
            message: message.into(),
        });
    }
}

/// Every problem in `catalog`; empty means valid.
pub fn validate(catalog: &Catalog) -> Vec<CatalogProblem> {
    let mut p = Problems(Vec::new());
    if catalog.schema != CATALOG_SCHEMA {
        p.push(
            "catalog",
            "schema",
            format!("is {}, expected {CATALOG_SCHEMA}", catalog.schema),
        );
    }

    let sources = unique_ids(&mut p, "source", catalog.sources.iter().map(|s| &s.id));
    check_places(&mut p, catalog, &sources);
    let providers = unique_ids(&mut p, "provider", catalog.providers.iter().map(|s| &s.id));
    let gpus = unique_ids(&mut p, "gpu", catalog.gpus.iter().map(|s| &s.id));
    unique_ids(&mut p, "offer", catalog.offers.iter().map(|s| &s.id));

    let check_source = |p: &mut Problems, record: &str, field: &'static str, id: &str| {
        if !sources.contains(id) {
            p.push(record, field, format!("unknown source {id:?}"));
        }
    };

    for q in catalog.fx.iter() {
        let record = format!("fx {}->{}", q.from, q.to);
        if q.rate <= Decimal::ZERO {
            p.push(&record, "rate", "must be positive");
        }
        if q.from == q.to {
            p.push(&record, "to", "must differ from `from`");
        }
        check_source(&mut p, &record, "source", &q.source);
    }

    for pr in catalog.providers.iter() {
        let record = format!("provider {:?}", pr.id);
        for (field, text) in [("name", &pr.name), ("name_zh", &pr.name_zh)] {
            if text.trim().is_empty() {
                p.push(&record, field, "is empty");
            }
        }
        if pr.metering.increment_seconds == 0 {
            p.push(&record, "metering.increment_seconds", "must be at least 1");
        }
        let tiers = &pr.metering.by_vcpus;
        if tiers.iter().any(|t| t.increment_seconds == 0) {
            p.push(
                &record,
                "metering.by_vcpus",
                "every increment must be at least 1",
            );
        }
        if !tiers
            .windows(2)
            .all(|w| w[0].up_to_vcpus < w[1].up_to_vcpus)
        {
            p.push(
                &record,
                "metering.by_vcpus",
                "tiers must be listed smallest host first",
            );
        }
        for op in pr.off_peak.iter() {
            if op.start_hour > 23 || op.end_hour > 24 || op.start_hour == op.end_hour {
                p.push(&record, "off_peak", "needs a window of hours 0–24");
            }
            if op.discount_pct <= Decimal::ZERO || op.discount_pct >= Decimal::ONE_HUNDRED {
                p.push(
                    &record,
                    "off_peak.discount_pct",
                    "must be between 0 and 100",
                );
            }
            if op.gpus.is_empty() {
                p.push(&record, "off_peak.gpus", "names no GPU");
            }
            for g in op.gpus.iter() {
                if !gpus.contains(g.as_ref()) {
                    p.push(&record, "off_peak.gpus", format!("unknown GPU {g:?}"));
                }
            }
        }
        if let Some(sla) = &pr.facts.sla {
            if sla.percent <= Decimal::ZERO || sla.percent > Decimal::ONE_HUNDRED {
                p.push(
                    &record,
                    "facts.sla.percent",
                    "must be above 0 and at most 100",
                );
            }
            // A fact is only stated with its source.
            if sla.covers.source.is_none() {
                p.push(&record, "facts.sla.covers", "needs a source");
            }
        }
        for c in pr.facts.certifications.iter() {
            if c.name.trim().is_empty() {
                p.push(&record, "facts.certifications", "needs a name");
            }
            check_source(&mut p, &record, "facts.certifications", &c.source);
        }
        let rules = std::iter::once(("metering.rule", &pr.metering.rule))
            .chain(std::iter::once(("stopped_rule", &pr.stopped_rule)))
            .chain(pr.notes.iter().map(|n| ("notes", n)))
            .chain(pr.off_peak.iter().map(|o| ("off_peak.rule", &o.rule)))
            .chain(pr.facts.sla.iter().map(|s| ("facts.sla.covers", &s.covers)));
        for (field, rule) in rules {
            if rule.en.trim().is_empty() || rule.zh.trim().is_empty() {
                p.push(&record, field, "needs both English and Chinese text");
            }
            if let Some(src) = &rule.source {
                check_source(&mut p, &record, field, src);
            }
        }
    }

    for h in catalog.history.iter() {
        let record = format!("history {} {} {}", h.offer, h.mode, h.as_of);
        check_source(&mut p, &record, "source", &h.source);
        if h.amount <= Decimal::ZERO {
            p.push(&record, "amount", "must be positive");
        }
        if h.as_of > catalog.built {
            p.push(&record, "as_of", "is after the build day");
        }
        // History is what a newer price of the same offer, mode and region replaced.
        let current = catalog
            .offers
            .iter()
            .find(|o| o.id == h.offer)
            .and_then(|o| {
                o.prices
                    .iter()
                    .find(|c| c.mode == h.mode && c.region == h.region)
            });
        match current.and_then(|c| c.as_of.date()) {
            Some(d) if d > h.as_of => {}
            _ => p.push(
                &record,
                "as_of",
                "has no newer current price it was replaced by",
            ),
        }
    }

    let specs = unique_ids(&mut p, "spec", catalog.specs.iter().map(|s| &s.model));
    for g in catalog.gpus.iter() {
        let record = format!("gpu {:?}", g.id);
        if let Some(spec) = &g.spec {
            if !specs.contains(spec.as_ref()) {
                p.push(&record, "spec", format!("unknown datasheet row {spec:?}"));
            }
        }
        if g.memory_gib.is_some_and(|m| m <= Decimal::ZERO) {
            p.push(&record, "memory_gib", "must be positive when given");
        }
    }

    for o in catalog.offers.iter() {
        let record = format!("offer {:?}", o.id);
        if o.id != format!("{}/{}", o.provider, o.instance) {
            p.push(&record, "id", "must be `provider/instance`");
        }
        if !providers.contains(o.provider.as_ref()) {
            p.push(
                &record,
                "provider",
                format!("unknown provider {:?}", o.provider),
            );
        }
        if !gpus.contains(o.gpu.as_ref()) {
            p.push(&record, "gpu", format!("unknown GPU model {:?}", o.gpu));
        }
        if let Some(spec) = &o.spec {
            if !specs.contains(spec.as_ref()) {
                p.push(&record, "spec", format!("unknown datasheet row {spec:?}"));
            }
        }
        if o.gpus <= Decimal::ZERO {
            p.push(&record, "gpus", "must be positive");
        }
        if o.prices.is_empty() {
            p.push(&record, "prices", "an offer needs at least one price");
        }
        let mut seen: HashSet<(BillingMode, &str)> = HashSet::new();
        let mut on_demand: HashMap<&str, Decimal> = HashMap::new();
        for (i, price) in o.prices.iter().enumerate() {
            let record = format!(
                "{record} price #{} ({}, {})",
                i + 1,
                price.mode,
                price.region
            );
            if price.amount <= Decimal::ZERO {
                p.push(
                    &record,
                    "amount",
                    format!("must be positive, is {}", price.amount),
                );
            }
            if price.region.trim().is_empty() {
                p.push(&record, "region", "is empty");
            }
            check_source(&mut p, &record, "source", &price.source);
            if let Some(d) = price.as_of.date() {
                if d > catalog.built {
                    p.push(
                        &record,
                        "as_of",
                        format!("{d} is after the build day {}", catalog.built),
                    );
                }
            }
            if matches!(price.as_of, AsOf::Unknown) && price.source.is_empty() {
                p.push(&record, "as_of", "unknown date needs a source");
            }
            if !seen.insert((price.mode, price.region.as_ref())) {
                p.push(&record, "mode", "duplicate mode and region in one offer");
            }
            if price.mode == BillingMode::OnDemand {
                on_demand.insert(price.region.as_ref(), price.amount);
            }
        }
        for price in o.prices.iter().filter(|x| x.mode == BillingMode::Spot) {
            if let Some(od) = on_demand.get(price.region.as_ref()) {
                if price.amount >= *od && !o.flags.contains(&OfferFlag::SpotAboveOnDemandDropped) {
                    p.push(
                        format!("{record} spot price in {}", price.region),
                        "amount",
                        format!("spot {} is not below on-demand {od}", price.amount),
                    );
                }
            }
        }
    }
    p.0
}

fn unique_ids<'a>(
    p: &mut Problems,
    what: &str,
    ids: impl Iterator<Item = &'a Text>,
) -> HashSet<&'a str> {
    let mut seen = HashSet::new();
    for id in ids {
        if id.trim().is_empty() {
            p.push(format!("{what} with an empty id"), "id", "is empty");
        } else if !seen.insert(&**id) {
            p.push(format!("{what} {id:?}"), "id", "is duplicated");
        }
    }
    seen
}

/// Every region a price uses is listed exactly once in `places`, which is sorted (lookups
/// search it), with a two-letter upper-case country code when one is given and a known source.
fn check_places(p: &mut Problems, catalog: &Catalog, sources: &HashSet<&str>) {
    let sorted = catalog
        .places
        .windows(2)
        .all(|w| (&w[0].provider, &w[0].region) < (&w[1].provider, &w[1].region));
    if !sorted {
        p.push(
            "places",
            "order",
            "must be sorted by provider and region, each listed once",
        );
    }
    for place in catalog.places.iter() {
        let record = format!("place {}/{}", place.provider, place.region);
        if let Some(c) = &place.country {
            if c.len() != 2 || !c.bytes().all(|b| b.is_ascii_uppercase()) {
                p.push(&record, "country", format!("{c:?} is not an ISO 3166 code"));
            }
        }
        if !sources.contains(&*place.source) {
            p.push(
                &record,
                "source",
                format!("unknown source {:?}", place.source),
            );
        }
    }
    let used: BTreeSet<(&str, &str)> = catalog
        .offers
        .iter()
        .flat_map(|o| o.prices.iter().map(move |pr| (&*o.provider, &*pr.region)))
        .collect();
    let listed: BTreeSet<(&str, &str)> = catalog
        .places
        .iter()
        .map(|pl| (&*pl.provider, &*pl.region))
        .collect();
    for (provider, region) in used.difference(&listed) {
        p.push(
            format!("region {provider}/{region}"),
            "place",
            "is not listed in `places` (list it, with a null country when unknown)",
        );
    }
    for (provider, region) in listed.difference(&used) {
        p.push(
            format!("place {provider}/{region}"),
            "region",
            "no price uses this region",
        );
    }
}
