//! The built-in scenarios, each from a worked example in the cost guide
//! (`shared/seeds/004_…`, "按需赋能：时租云服务器GPU的弹性计算革命"), addressable as
//! `?preset=<slug>`.
//!
//! Where a seed leaves a number out, the preset documents the assumption in its description;
//! [`promise`](crate::promise) sets the guide's figure beside the one the engine computes.

use std::str::FromStr;

use rust_decimal::Decimal;

use crate::money::{Currency, Money};
use crate::names;
use crate::placement::Packing;
use crate::recommend::{TaskKind, Workload};
use crate::scenario::{
    CustomMode, CustomPrice, Demand, Horizon, Interruption, Line, PriceOwner, Reference, Scenario,
};
use crate::schedule::WeekGrid;
use crate::traffic::{Load, LoadShape};

/// Every day of the week, Monday first.
const EVERY_DAY: [usize; 7] = [0, 1, 2, 3, 4, 5, 6];

/// Monday to Friday: the days a trading desk trades (exchanges close at weekends).
const WEEKDAYS: [usize; 5] = [0, 1, 2, 3, 4];

/// Requests per second one T4 serves in the cost guide's promotion (seed 004 §2.2: 50 × T4
/// lift image recognition from 500 to 5,000 QPS, 5,000 ÷ 50).
pub const T4_REQUESTS_PER_SECOND: u32 = 100;

/// A built-in scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Preset {
    /// BERT fine-tune: 4 × V100 for 72 h at a ¥8/GPU-h quote, against a ¥50,000 lease deposit.
    #[default]
    ShortTraining,
    /// E-commerce promotion: 5,000 requests/s served by 50 × T4 (100 per T4) started 30 min
    /// early, on top of a 500-requests/s baseline (5 × T4); both counts derived from the load.
    TrafficSpike,
    /// CI: 2 × A10 for training from 08:00, 10 × T4 for inference tests from 18:00.
    DevTest,
    /// Trading desk: 8 × A100 in trading hours, 4 × V100 after hours, Monday to Friday.
    ShiftFleet,
    /// A starting point of your own: serving Llama-3-8B from one A100 80GB for a month, with the
    /// workload described so the recommendation shows which GPU does it cheapest.
    Custom,
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 5] = [
        Preset::ShortTraining,
        Preset::TrafficSpike,
        Preset::DevTest,
        Preset::ShiftFleet,
        Preset::Custom,
    ];

    /// URL slug.
    pub fn as_str(self) -> &'static str {
        match self {
            Preset::ShortTraining => "short-training",
            Preset::TrafficSpike => "traffic-spike",
            Preset::DevTest => "dev-test",
            Preset::ShiftFleet => "shift-fleet",
            Preset::Custom => "custom",
        }
    }

    /// The preset's scenario.
    pub fn scenario(self) -> Scenario {
        let cny = |s: &str| Money::new(Decimal::from_str(s).expect("literal"), Currency::Cny);
        match self {
            Preset::ShortTraining => Scenario {
                horizon: Horizon::Hours(Decimal::from(72)),
                lines: vec![Line {
                    gpu: "V100".into(),
                    demand: Demand::Constant(Decimal::from(4)),
                    // A fine-tune's GPUs exchange gradients every step: one machine.
                    packing: Packing::OneMachine,
                    team: None,
                }],
                custom_prices: vec![CustomPrice {
                    owner: PriceOwner::Named(names::SEED_QUOTE.into()),
                    gpu: "V100".into(),
                    mode: CustomMode::OnDemand,
                    amount: Some(Decimal::from(8)),
                    currency: Currency::Cny,
                }],
                reference: Some(Reference {
                    amount: cny("50000"),
                    label: names::LEASE_DEPOSIT.into(),
                }),
                ..Scenario::default()
            },
            Preset::TrafficSpike => {
                // Seed 004 §2.2: 50 × T4 raise capacity from 500 to 5,000 QPS, so one T4
                // serves 100 requests/s; the GPUs are derived from the load, not typed.
                let per_t4 = Decimal::from(T4_REQUESTS_PER_SECOND);
                let mut s = Scenario {
                    horizon: Horizon::Hours(Decimal::from(24)),
                    lines: vec![
                        Line {
                            gpu: "T4".into(),
                            demand: Demand::Load(Load::always(Decimal::from(500), per_t4)),
                            packing: Packing::Split,
                            team: None,
                        },
                        Line {
                            gpu: "T4".into(),
                            demand: Demand::Load(Load {
                                shape: LoadShape::Window {
                                    start_minute: 20 * 60,
                                    minutes: 4 * 60,
                                },
                                ..Load::always(Decimal::from(5000), per_t4)
                            }),
                            packing: Packing::Split,
                            team: None,
                        },
                    ],
                    // Scale out 30 minutes before the load rises (the seed's 提前30分钟).
                    lead_minutes: 30,
                    ..Scenario::default()
                };
                s.options.interruption = Interruption::NotTolerated;
                s
            }
            Preset::DevTest => Scenario {
                horizon: Horizon::Month730,
                lines: vec![
                    Line {
                        gpu: "A10".into(),
                        demand: Demand::Weekly(WeekGrid::daily_block(&EVERY_DAY, 8, 8, 2)),
                        packing: Packing::OneMachine,
                        team: None,
                    },
                    Line {
                        gpu: "T4".into(),
                        demand: Demand::Weekly(WeekGrid::daily_block(&EVERY_DAY, 18, 8, 10)),
                        packing: Packing::Split,
                        team: None,
                    },
                ],
                ..Scenario::default()
            },
            Preset::ShiftFleet => {
                let mut s = Scenario {
                    horizon: Horizon::Month730,
                    lines: vec![
                        Line {
                            gpu: "A100-40GB".into(),
                            demand: Demand::Weekly(WeekGrid::daily_block(&WEEKDAYS, 9, 6, 8)),
                            packing: Packing::Split,
                            team: None,
                        },
                        Line {
                            gpu: "V100-16GB".into(),
                            demand: Demand::Weekly(WeekGrid::daily_block(&WEEKDAYS, 15, 6, 4)),
                            packing: Packing::OneMachine,
                            team: None,
                        },
                    ],
                    reference: Some(Reference {
                        amount: cny("480000"),
                        label: names::CURRENT_MONTHLY_COST.into(),
                    }),
                    ..Scenario::default()
                };
                s.options.interruption = Interruption::NotTolerated;
                s
            }
            Preset::Custom => {
                let mut s = Scenario {
                    horizon: Horizon::Month730,
                    lines: vec![Line::constant("A100-80GB", Decimal::ONE)],
                    workload: Some(Workload::for_task(TaskKind::OnlineServing)),
                    ..Scenario::default()
                };
                // Online serving cannot wait for reclaimed spot capacity.
                s.options.interruption = Interruption::NotTolerated;
                s
            }
        }
    }

    /// The preset with this slug.
    pub fn from_slug(s: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.as_str() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::format::Lang;

    #[test]
    fn every_preset_is_a_valid_scenario() {
        for p in Preset::ALL {
            assert!(
                p.scenario().validate(&embedded().catalog).is_ok(),
                "{}",
                p.as_str()
            );
            for lang in Lang::ALL {
                assert!(!p.title(lang).is_empty() && !p.description(lang).is_empty());
            }
            assert_eq!(Preset::from_slug(p.as_str()), Some(p));
        }
    }
}
