//! The catalog's coverage as the Markdown table the README embeds: per provider its currency,
//! offers, billing classes, price dates and kinds of source.

use crate::billing_mode::ModeClass;
use crate::catalog::{Catalog, Offer};
use crate::format::Lang;
use crate::l10n::labels::source_kind;

/// A Markdown table of providers: currency, offers, billing classes and price dates.
///
/// The README embeds this table; a test fails when it no longer matches the catalog.
pub fn coverage_table(catalog: &Catalog) -> String {
    let mut out = String::from(
        "| provider | currency | offers | billing modes | price dates | kind of source |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    for p in catalog.providers.iter() {
        let offers: Vec<&Offer> = catalog
            .offers
            .iter()
            .filter(|o| o.provider == p.id)
            .collect();
        let mut classes: Vec<&str> = ModeClass::ALL
            .into_iter()
            .filter(|c| {
                offers
                    .iter()
                    .any(|o| o.prices.iter().any(|x| x.mode.class() == *c))
            })
            .map(ModeClass::as_str)
            .collect();
        if classes.is_empty() {
            classes.push("— (no sourced price; enter your own)");
        }
        let mut dates: Vec<String> = offers
            .iter()
            .flat_map(|o| o.prices.iter().map(|x| x.as_of.to_string()))
            .collect();
        dates.sort_unstable();
        dates.dedup();
        // Many dates (one per scraped file) read as their range.
        let unknown = dates.iter().any(|d| d == "unknown");
        dates.retain(|d| d != "unknown");
        if dates.len() > 3 {
            dates = vec![format!(
                "{} … {} ({} dates)",
                dates[0],
                dates[dates.len() - 1],
                dates.len()
            )];
        }
        if unknown {
            dates.push("unknown".into());
        }
        let dates = if dates.is_empty() {
            "—".to_string()
        } else {
            dates.join(", ")
        };
        let mut kinds: Vec<&str> = Vec::new();
        for o in offers.iter() {
            for x in o.prices.iter() {
                if let Some(s) = catalog.source(&x.source) {
                    let kind = source_kind(s.kind, Lang::En);
                    if !kinds.contains(&kind) {
                        kinds.push(kind);
                    }
                }
            }
        }
        let kinds = if kinds.is_empty() {
            "—".to_string()
        } else {
            kinds.join("; ")
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            p.name,
            p.currency,
            offers.len(),
            classes.join(", "),
            dates.replace("<=", "≤ "),
            kinds
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;

    #[test]
    fn readme_coverage_table_is_current() {
        let readme = include_str!("../../../../README.md");
        let table = coverage_table(&embedded().catalog);
        assert!(
            readme.contains(&table),
            "README.md's catalog table is stale; replace it with:\n{table}"
        );
    }
}
