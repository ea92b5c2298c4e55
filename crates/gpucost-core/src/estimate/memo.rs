//! The comparison's per-line costs, kept for the counterfactuals of the same estimate.

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::EstimateContext;
use crate::placement::Spread;
use crate::scenario::{Demand, Line, Scenario};

/// Each seller's cheapest allowed cost for the lines one comparison priced, kept for the
/// counterfactuals of the same estimate.
///
/// The schedule lever prices every line at its peak for the whole horizon; a line that
/// already runs at a constant level is the very line the comparison priced, so its costs are
/// looked up here instead of priced again (with the same candidates, usage and plan context
/// the comparison's best allowed plan is the counterfactual's, to the last digit).
#[derive(Default)]
pub(super) struct LineMemo {
    /// What a line's pricing depends on besides the line: the scenario without its lines, and
    /// the day (custom prices are dated with it). `None` until a comparison is kept.
    context: Option<(Scenario, NaiveDate)>,
    /// Per line of that comparison, the line and, per seller in seller order, its cheapest
    /// allowed cost: `Some(None)` when no allowed plan serves it, `None` when the comparison
    /// stopped at an earlier line of that seller and never priced it.
    lines: Vec<(Line, Vec<Option<Option<Decimal>>>)>,
}

impl LineMemo {
    /// What pricing `ctx`'s scenario depends on besides its lines.
    fn context_of(ctx: &EstimateContext) -> (Scenario, NaiveDate) {
        let s = ctx.scenario.scenario();
        let rest = Scenario {
            lines: Vec::new(),
            ..s.clone()
        };
        (rest, ctx.today)
    }

    /// Keeps the costs `per_seller[s][l]` of seller `s` (in seller order) for line `l` of
    /// `ctx`'s scenario, for lines priced (a seller's list stops where its pricing stopped);
    /// only the lines a counterfactual may price again.
    pub(super) fn keep(&mut self, ctx: &EstimateContext, per_seller: &[&[Option<Decimal>]]) {
        let lines = &ctx.scenario.scenario().lines;
        // The one counterfactual that prices a line again is the schedule lever's, whose
        // lines are constant and which applies only when some line is not: keep only its
        // constant lines, and nothing when all or none are (copying the scenario would cost
        // more than it saves).
        let constant = |l: &Line| matches!(l.demand, Demand::Constant(_));
        // With every line in one region a line's cost depends on the others' regions: none
        // is kept.
        let one_region = ctx.scenario.scenario().spread == Spread::OneRegion;
        if one_region || lines.iter().all(constant) || !lines.iter().any(constant) {
            *self = LineMemo::default();
            return;
        }
        self.context = Some(LineMemo::context_of(ctx));
        self.lines = lines
            .iter()
            .enumerate()
            // A line whose segments a counterfactual gave (a pool) is not what its demand says.
            .filter(|(li, line)| constant(line) && !ctx.scenario.has_given_segments(*li))
            .map(|(li, line)| {
                let costs = per_seller.iter().map(|c| c.get(li).copied()).collect();
                (line.clone(), costs)
            })
            .collect();
    }

    /// Per line of `ctx`'s scenario, the kept costs of an equal line priced in the same
    /// context (see the field), if any.
    pub(super) fn lookup(&self, ctx: &EstimateContext) -> Vec<Option<&[Option<Option<Decimal>>]>> {
        let lines = &ctx.scenario.scenario().lines;
        let same = self
            .context
            .as_ref()
            .is_some_and(|c| *c == LineMemo::context_of(ctx));
        lines
            .iter()
            .enumerate()
            .map(|(li, line)| {
                let kept = self.lines.iter().find(|(l, _)| l == line);
                let given = ctx.scenario.has_given_segments(li);
                kept.filter(|_| same && !given)
                    .map(|(_, costs)| costs.as_slice())
            })
            .collect()
    }
}
