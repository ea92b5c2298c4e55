//! A provider's kind is sourced where the research names it, and never invented: every
//! `kind_source` names a vendored research file and quotes it word for word (issue 32: "every
//! provider carries its kind, SLA and certifications with sources (or 'not found')").

use std::path::Path;

use gpucost_core::catalog::{embedded, ProviderKind};

/// The quoted parts of a `kind_source` (`path: "words" … "more words"`).
fn quotes(s: &str) -> Vec<&str> {
    s.split('"').skip(1).step_by(2).collect()
}

#[test]
fn every_kind_source_quotes_a_vendored_research_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let catalog = &embedded().catalog;
    let mut sourced = Vec::new();
    for p in catalog.providers.iter() {
        let Some(src) = &p.facts.kind_source else {
            continue;
        };
        sourced.push(p.id.to_string());
        let (path, _) = src.split_once(": ").expect("path: quote");
        assert!(path.starts_with("data/upstream/"), "{}: {path}", p.id);
        let text = std::fs::read_to_string(root.join(path))
            .unwrap_or_else(|e| panic!("{}: {path}: {e}", p.id));
        let q = quotes(src);
        assert!(!q.is_empty(), "{}: no quote in {src}", p.id);
        for q in q {
            assert!(text.contains(q), "{}: {q:?} is not in {path}", p.id);
        }
    }
    // The research names these kinds; the hyperscalers' kind is the catalog's own.
    for (id, kind) in [
        ("compshare", ProviderKind::RentalPlatform),
        ("featurize", ProviderKind::RentalPlatform),
        ("vast", ProviderKind::Marketplace),
        ("alibaba", ProviderKind::ChinaCloud),
        ("nebius", ProviderKind::GpuCloud),
        ("lambda", ProviderKind::GpuCloud),
    ] {
        assert!(sourced.contains(&id.to_string()), "{id}");
        assert_eq!(catalog.provider(id).unwrap().kind, kind, "{id}");
    }
    assert!(!sourced.contains(&"aws".to_string()));
    // The three hyperscalers' compute SLAs are cited to their own SLA pages; no other
    // provider's SLA is stated by a source here: none is recorded.
    let with_sla: Vec<&str> = catalog
        .providers
        .iter()
        .filter(|p| p.facts.sla.is_some())
        .map(|p| p.id.as_ref())
        .collect();
    assert_eq!(with_sla, ["aws", "gcp", "azure"]);
}

/// Certifications are recorded only where the provider's own page, in the stored public
/// pages, states them; each cites that page (its URL) and quotes it in the source's title.
/// Every other provider reads "not found" (Lambda, RunPod, Nebius — whose trust center lists
/// its ISO/IEC 27001 as "in progress" —, Oracle, Alibaba, CompShare, …).
#[test]
fn certifications_are_the_ones_the_providers_own_pages_state() {
    let catalog = &embedded().catalog;
    let mut found: Vec<(&str, Vec<&str>)> = Vec::new();
    for p in catalog.providers.iter() {
        if p.facts.certifications.is_empty() {
            continue;
        }
        for c in p.facts.certifications.iter() {
            let s = catalog.source(&c.source).expect("a catalog source");
            assert!(s.locator.starts_with("http"), "{}: {}", p.id, s.locator);
            assert!(s.title.contains('"'), "{}: the title quotes the page", p.id);
        }
        let names = p.facts.certifications.iter().map(|c| c.name.as_ref());
        found.push((p.id.as_ref(), names.collect()));
    }
    assert_eq!(
        found,
        [
            ("aws", vec!["SOC 1 Type 2 report"]),
            ("gcp", vec!["ISO/IEC 27017"]),
            ("azure", vec!["ISO/IEC 27001"]),
            ("ibm", vec!["ISO/IEC 27001 (the services its page lists)"]),
            ("do", vec!["SOC 2 Type II", "SOC 3"]),
            ("tencent-intl", vec!["ISO/IEC 27001", "SOC"]),
            ("huawei", vec!["ISO/IEC 27001:2013", "CSA STAR Gold"]),
        ]
    );
    let locator = |id: &str| {
        let c = &catalog.provider(id).unwrap().facts.certifications[0];
        catalog.source(&c.source).unwrap().locator.to_string()
    };
    assert_eq!(
        locator("azure"),
        "https://docs.microsoft.com/it-it/azure/compliance/offerings/offering-iso-27001"
    );
    assert_eq!(
        locator("ibm"),
        "https://www.ibm.com/cloud/compliance/iso-27001"
    );
    let iso: Vec<&str> = catalog
        .providers
        .iter()
        .filter(|p| p.facts.certifications.iter().any(|c| c.is_iso_27001()))
        .map(|p| p.id.as_ref())
        .collect();
    assert_eq!(iso, ["azure", "ibm", "tencent-intl", "huawei"]);
}
