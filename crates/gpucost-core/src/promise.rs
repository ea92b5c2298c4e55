//! What each preset promises and what this page makes of it: the cost guide's figure (seed 004,
//! "按需赋能：时租云服务器GPU的弹性计算革命", quoted with its section) beside the figure the
//! engine computes for the preset's own scenario from the catalog, so the page's side stays
//! true when prices change. The words, including why the two differ, are in
//! [`l10n`](crate::l10n); this module only computes.

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::catalog::{Embedded, ProviderKind};
use crate::estimate::Seller;
use crate::fx::FxTable;
use crate::money::{Currency, Money};
use crate::presets::Preset;
use crate::report::{Recommend, Report};
use crate::savings::{Lever, Saving};
use crate::scenario::Scenario;
use crate::session;

/// Seed 004 §2.1: "总费用=4×8×72=￥2,304".
const GUIDE_SHORT_TRAINING: i64 = 2_304;
/// Seed 004 §2.2: "总成本控制在￥1,200以内".
const GUIDE_TRAFFIC_SPIKE: i64 = 1_200;
/// Seed 004 §2.3: "月均成本较包月方案降低67%".
const GUIDE_DEV_TEST_PERCENT: i64 = 67;
/// Seed 004 §4.1: "月度算力成本从￥48万降至￥12万".
const GUIDE_SHIFT_FLEET: (i64, i64) = (480_000, 120_000);

/// A row of the comparison: who, and the total of their cheapest plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The seller.
    pub seller: Seller,
    /// Its total for the scenario, rounded for display.
    pub total: Money,
}

/// One line of a scenario priced alone against subscribing its peak for the month.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthlyLine {
    /// The line's catalog GPU id.
    pub gpu: String,
    /// Its peak GPU count.
    pub gpus: Decimal,
    /// Paying by the hour for the line's schedule against subscribing its peak every month
    /// (the `hourly-vs-monthly` lever of the line alone), or `None` when no seller in the
    /// catalog lists a monthly price for the GPU.
    pub saving: Option<Saving>,
}

/// A preset's promise: the guide's figure and the page's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Promise {
    /// §2.1: the ¥8 quote for 4 × V100 over 72 h.
    ShortTraining {
        /// The guide's total (CNY).
        guide: Money,
        /// The quote's total as this page computes it.
        quote: Option<Money>,
        /// The cheapest row of the comparison.
        cheapest: Row,
    },
    /// §2.2: the promotion's total under a ceiling.
    TrafficSpike {
        /// The guide's ceiling (CNY).
        guide: Money,
        /// The cheapest row.
        cheapest: Row,
        /// Of its total: the 50-GPU burst.
        burst: Money,
        /// Of its total: the all-day baseline (which the guide does not mention).
        baseline: Money,
        /// The cheapest row that is a provider, when the cheapest is the guide's market
        /// reference range.
        provider: Option<Row>,
    },
    /// §2.3: the CI schedule's saving against a monthly plan (包月).
    DevTest {
        /// The guide's saving, percent.
        guide_percent: Decimal,
        /// The cheapest row.
        cheapest: Row,
        /// The schedule against keeping every line's peak on all month by the hour (boxed:
        /// a saving is large beside the other variants).
        always_on: Option<Box<Saving>>,
        /// Each line against subscribing its peak for the month, the guide's baseline.
        monthly: Vec<MonthlyLine>,
    },
    /// §4.1: the desk's monthly compute before and after.
    ShiftFleet {
        /// The guide's monthly cost before (CNY).
        guide_from: Money,
        /// The guide's monthly cost after (CNY).
        guide_to: Money,
        /// The cheapest row.
        cheapest: Row,
        /// The shifts against keeping the fleet on all month by the hour.
        always_on: Option<Box<Saving>>,
        /// The cheapest and dearest rows among the big clouds (hyperscalers and Chinese
        /// public clouds).
        big_clouds: Option<Box<(Row, Row)>>,
    },
}

impl Promise {
    /// The section of the cost guide the promise quotes (`"2.2"`).
    pub fn section(&self) -> &'static str {
        match self {
            Promise::ShortTraining { .. } => "2.1",
            Promise::TrafficSpike { .. } => "2.2",
            Promise::DevTest { .. } => "2.3",
            Promise::ShiftFleet { .. } => "4.1",
        }
    }

    /// The guide's saving against its own baseline, percent (§2.3's 67, §4.1's 75), where the
    /// guide states or implies one.
    pub fn guide_percent(&self) -> Option<Decimal> {
        match self {
            Promise::DevTest { guide_percent, .. } => Some(*guide_percent),
            Promise::ShiftFleet {
                guide_from,
                guide_to,
                ..
            } => Some(
                (guide_from.amount - guide_to.amount) / guide_from.amount * Decimal::ONE_HUNDRED,
            ),
            _ => None,
        }
    }
}

/// The promise of `preset`, with the page's side estimated for the preset's own scenario
/// against `embedded` in `currency` at `fx` on `today`; `None` for a preset that quotes no
/// figure (your own) or a scenario no seller can serve.
pub fn promise(
    preset: Preset,
    embedded: &Embedded,
    fx: &FxTable,
    currency: Currency,
    today: NaiveDate,
) -> Option<Promise> {
    if preset == Preset::Custom {
        return None;
    }
    let estimate = |scenario: Scenario| {
        session::estimate(embedded, scenario, fx, currency, today, || Recommend::Later)
            .ok()
            .map(|e| e.report)
    };
    let scenario = preset.scenario();
    let report = estimate(scenario.clone())?;
    let cheapest = cheapest_row(&report, |_| true)?;
    let cny = |amount: i64| Money::new(Decimal::from(amount), Currency::Cny);
    Some(match preset {
        Preset::ShortTraining => Promise::ShortTraining {
            guide: cny(GUIDE_SHORT_TRAINING),
            quote: report
                .comparison
                .providers
                .iter()
                .find(|p| p.seller.id.starts_with("custom:"))
                .and_then(|p| p.outcome.as_ref().ok())
                .map(|plan| plan.total.round_for_display()),
            cheapest,
        },
        Preset::TrafficSpike => {
            let plan = report.comparison.providers.first()?.outcome.as_ref().ok()?;
            let (baseline, burst) = match plan.lines.as_slice() {
                [baseline, burst] => (baseline.subtotal, burst.subtotal),
                _ => return None,
            };
            let provider = (cheapest.seller.kind == Some(ProviderKind::MarketReference))
                .then(|| cheapest_row(&report, |s| s.kind != Some(ProviderKind::MarketReference)))
                .flatten();
            Promise::TrafficSpike {
                guide: cny(GUIDE_TRAFFIC_SPIKE),
                cheapest,
                burst,
                baseline,
                provider,
            }
        }
        Preset::DevTest => Promise::DevTest {
            guide_percent: Decimal::from(GUIDE_DEV_TEST_PERCENT),
            cheapest,
            always_on: lever(&report, Lever::Schedule).map(Box::new),
            monthly: scenario
                .lines
                .iter()
                .map(|line| MonthlyLine {
                    gpu: line.gpu.clone(),
                    gpus: line.demand.peak(),
                    saving: estimate(Scenario {
                        lines: vec![line.clone()],
                        ..scenario.clone()
                    })
                    .and_then(|r| lever(&r, Lever::HourlyVsMonthly)),
                })
                .collect(),
        },
        Preset::ShiftFleet => {
            let big = |s: &Seller| {
                matches!(
                    s.kind,
                    Some(ProviderKind::Hyperscaler | ProviderKind::ChinaCloud)
                )
            };
            let big_clouds = cheapest_row(&report, big).zip(dearest_row(&report, big));
            Promise::ShiftFleet {
                guide_from: cny(GUIDE_SHIFT_FLEET.0),
                guide_to: cny(GUIDE_SHIFT_FLEET.1),
                cheapest,
                always_on: lever(&report, Lever::Schedule).map(Box::new),
                big_clouds: big_clouds.map(Box::new),
            }
        }
        Preset::Custom => return None,
    })
}

/// The rows `keep` admits that serve the scenario, cheapest first (the comparison's order).
fn served(report: &Report, keep: impl Fn(&Seller) -> bool) -> Vec<Row> {
    report
        .comparison
        .providers
        .iter()
        .filter(|p| keep(&p.seller))
        .filter_map(|p| {
            p.outcome.as_ref().ok().map(|plan| Row {
                seller: p.seller.clone(),
                total: plan.total.round_for_display(),
            })
        })
        .collect()
}

/// The cheapest row `keep` admits.
fn cheapest_row(report: &Report, keep: impl Fn(&Seller) -> bool) -> Option<Row> {
    served(report, keep).into_iter().next()
}

/// The dearest row `keep` admits.
fn dearest_row(report: &Report, keep: impl Fn(&Seller) -> bool) -> Option<Row> {
    served(report, keep).pop()
}

/// The report's saving by `lever`, if it has one.
fn lever(report: &Report, lever: Lever) -> Option<Saving> {
    report.savings.iter().find(|s| s.lever == lever).cloned()
}
