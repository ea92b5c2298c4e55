//! Everything one estimate shows, as one value: the [`ResultsView`], each served row's line
//! items, the rules the offers were chosen by, and the recommendation. Every printer (JSON,
//! CSV, Markdown, the terminal table) and the page's export buttons read this value and
//! nothing else, so none of them goes back to the report or re-validates the scenario.

use std::sync::Arc;

use rust_decimal::Decimal;

use crate::catalog::Catalog;
use crate::placement::{Geo, Packing};
use crate::recommend::Recommendation;
use crate::report::Report;
use crate::scenario::ValidScenario;
use crate::view::results::{plan_lines, results_view, LineView, ProviderRow, ResultsView};

/// One line's packing rule as a printer needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinePacking {
    /// Line number, from 1.
    pub line: usize,
    /// How the line's GPUs may be spread over machines.
    pub packing: Packing,
    /// The fewest GPUs per machine the line accepts (`None` for [`Packing::Split`]).
    pub min_per_machine: Option<Decimal>,
    /// The team that rents it, in the user's words (renderers make it inert).
    pub team: Option<String>,
}

/// The scenario-wide rules the catalog offers were chosen by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constraints {
    /// Where catalog prices come from.
    pub geo: Geo,
    /// Fewest host vCPUs per GPU.
    pub vcpus_per_gpu: Option<Decimal>,
    /// Least host RAM per GPU, GiB.
    pub ram_gib_per_gpu: Option<Decimal>,
    /// Each line's packing.
    pub lines: Vec<LinePacking>,
}

/// One estimate as every surface shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct EstimateView {
    /// The link (query string) that reproduces the estimate.
    pub link: String,
    /// The comparison, savings, warnings and placement.
    pub results: ResultsView,
    /// Line items of each row of [`ResultsView::rows`], in the same order (empty for a row
    /// that cannot serve).
    pub lines: Vec<Vec<LineView>>,
    /// The rules the offers were chosen by.
    pub constraints: Constraints,
    /// The hardware recommendation, when the scenario describes a workload.
    pub recommendation: Option<Arc<Recommendation>>,
}

impl EstimateView {
    /// The view of `report`, estimated for `scenario`, reproduced by `link`. Builds every row's
    /// line items, which the page defers until a row is opened: exports need them all.
    pub fn new(
        catalog: &Catalog,
        scenario: &ValidScenario,
        report: &Report,
        link: &str,
    ) -> EstimateView {
        let s = scenario.scenario();
        let results = results_view(catalog, s, report);
        let lines = report
            .comparison
            .providers
            .iter()
            .map(|p| match &p.outcome {
                Ok(plan) => plan_lines(catalog, s, plan),
                Err(_) => Vec::new(),
            })
            .collect();
        let constraints = Constraints {
            geo: s.geo,
            vcpus_per_gpu: s.host.vcpus_per_gpu,
            ram_gib_per_gpu: s.host.ram_gib_per_gpu,
            lines: s
                .lines
                .iter()
                .enumerate()
                .map(|(i, l)| LinePacking {
                    line: i + 1,
                    packing: l.packing,
                    min_per_machine: l.min_per_machine(),
                    team: l.team.clone(),
                })
                .collect(),
        };
        EstimateView {
            link: link.to_string(),
            results,
            lines,
            constraints,
            recommendation: report.recommendation.clone(),
        }
    }

    /// Each row with its line items.
    pub fn rows(&self) -> impl Iterator<Item = (&ProviderRow, &[LineView])> {
        self.results
            .rows
            .iter()
            .zip(self.lines.iter().map(Vec::as_slice))
    }
}
