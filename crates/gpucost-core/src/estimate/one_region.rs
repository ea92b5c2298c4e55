//! Every line of a seller in one of its regions, when the scenario asks for it
//! ([`Spread::OneRegion`](crate::placement::Spread)): the region where every line can be
//! priced and the whole scenario costs least.
//!
//! Each line is priced once per region name (its offers' regions of that name, and the user's
//! own quotes, which are in no region and fit any), so every offer's region is priced once
//! for each line, as when lines may be split; the regions are then weighed by their totals.
//! It knows nothing about why a seller has no offer at all for a line: the caller says that
//! before asking.

use std::collections::BTreeSet;

use rust_decimal::Decimal;

use super::line::{price_line, Depth, LineBest, LineUsageCache};
use super::offers::Candidate;
use super::{EstimateContext, Selection};
use crate::billing::PlanContext;
use crate::catalog::Metering;
use crate::placement::REGION_NOT_NAMED;

/// The name the user's own quotes are priced under when every line has one: a region no
/// catalog offer is in, so that only quotes are priced there.
const QUOTES_ONLY: &str = super::QUOTE_REGION;

/// A seller's lines, all in the one region where the scenario costs it least.
pub(super) struct OneRegion<'r, 'a> {
    /// Each line's pricing in that region, in line order.
    pub lines: Vec<LineBest<'r, 'a>>,
    /// Per selection (in [`Selection::ALL`] order), the least total over the regions where
    /// every line has a plan of that selection (`None`: no region has).
    pub totals: [Option<Decimal>; Selection::ALL.len()],
    /// The least cost of subscribing every line's peak for every period, over the regions
    /// where every line can be subscribed.
    pub sub_peak: Option<Decimal>,
    /// Whether some offer had a spot price the scenario could not use.
    pub spot_excluded: bool,
}

/// The region names where every line of `candidates` can be priced, in name order: the
/// names every line without a quote is offered in; when every line has a quote, any name
/// some line is offered in, and [`QUOTES_ONLY`]. A price of no named region
/// ([`REGION_NOT_NAMED`]) is in no region anyone can share.
fn common_regions<'a>(candidates: &[Vec<Candidate<'_, 'a>>]) -> BTreeSet<&'a str> {
    let names = |cands: &[Candidate<'_, 'a>]| -> BTreeSet<&'a str> {
        cands
            .iter()
            .filter(|c| !c.quote)
            .flat_map(|c| c.regions.iter().map(|r| r.region))
            .filter(|r| *r != REGION_NOT_NAMED)
            .collect()
    };
    let quoted = |cands: &[Candidate]| cands.iter().any(|c| c.quote);
    let mut placed = candidates.iter().filter(|c| !quoted(c));
    match placed.next() {
        Some(first) => placed.fold(names(first), |common, cands| {
            let here = names(cands);
            common.intersection(&here).copied().collect()
        }),
        None => {
            let mut any: BTreeSet<&'a str> = candidates.iter().flat_map(|c| names(c)).collect();
            any.insert(QUOTES_ONLY);
            any
        }
    }
}

/// Prices `candidates` (per line, none empty) with every line in one region; `None` when no
/// region can serve every line as the scenario allows.
///
/// The chosen region is the one with the least allowed total; of regions that cost the
/// same, the first by name, so the choice does not depend on the catalog's order.
pub(super) fn one_region<'r, 'a>(
    ctx: &EstimateContext,
    plan_ctx: &PlanContext,
    candidates: &'r [Vec<Candidate<'_, 'a>>],
    metering: &Metering,
    caches: &mut [LineUsageCache],
    depth: Depth,
) -> Option<OneRegion<'r, 'a>> {
    let mut best: Option<(Decimal, Vec<LineBest<'r, 'a>>)> = None;
    let mut totals = [None; Selection::ALL.len()];
    let mut sub_peak: Option<Decimal> = None;
    let mut spot_excluded = false;
    for region in common_regions(candidates) {
        let lines: Vec<LineBest<'r, 'a>> = candidates
            .iter()
            .zip(caches.iter_mut())
            .map(|(cands, cache)| {
                price_line(ctx, plan_ctx, cands, metering, cache, depth, Some(region))
            })
            .collect();
        spot_excluded |= lines.iter().any(|l| l.spot_excluded);
        for (sel, least) in totals.iter_mut().enumerate() {
            let here: Option<Decimal> = lines
                .iter()
                .map(|l| l.best[sel].as_ref().map(|slot| slot.cost))
                .sum();
            if let Some(t) = here {
                if least.is_none_or(|l: Decimal| t < l) {
                    *least = Some(t);
                }
            }
        }
        let peak: Option<Decimal> = lines.iter().map(|l| l.sub_peak).sum();
        if let Some(p) = peak {
            if sub_peak.is_none_or(|l| p < l) {
                sub_peak = Some(p);
            }
        }
        let allowed = totals_of(&lines);
        if let Some(t) = allowed {
            if best.as_ref().is_none_or(|(b, _)| t < *b) {
                best = Some((t, lines));
            }
        }
    }
    best.map(|(_, lines)| OneRegion {
        lines,
        totals,
        sub_peak,
        spot_excluded,
    })
}

/// The allowed total of one region's lines (`None`: some line has no allowed plan there).
fn totals_of(lines: &[LineBest]) -> Option<Decimal> {
    lines
        .iter()
        .map(|l| l.allowed().map(|slot| slot.cost))
        .sum()
}
