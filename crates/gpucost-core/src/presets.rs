//! The built-in scenarios, each from a worked example in the founding documents
//! (`shared/seeds/004_…`), addressable as `?preset=<slug>`.
//!
//! Where a seed leaves a number out, the preset documents the assumption in its description.

use std::str::FromStr;

use rust_decimal::Decimal;

use crate::format::Lang;
use crate::labels;
use crate::money::{Currency, Money};
use crate::recommend::{TaskKind, Workload};
use crate::scenario::{
    CustomMode, CustomPrice, Demand, Horizon, Interruption, Line, PriceOwner, Reference, Scenario,
};
use crate::schedule::WeekGrid;

/// Every day of the week, Monday first.
const EVERY_DAY: [usize; 7] = [0, 1, 2, 3, 4, 5, 6];

/// A built-in scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Preset {
    /// BERT fine-tune: 4 × V100 for 72 h at a ¥8/GPU-h quote, against a ¥50,000 lease deposit.
    #[default]
    ShortTraining,
    /// E-commerce promotion: 50 × T4 started 30 min early, on top of a small baseline.
    TrafficSpike,
    /// CI: 2 × A10 for training from 08:00, 10 × T4 for inference tests from 18:00.
    DevTest,
    /// Trading desk: 8 × A100 in trading hours, 4 × V100 after hours.
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

    /// Short title.
    pub fn title(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Preset::ShortTraining, Lang::En) => "Short training run",
            (Preset::ShortTraining, Lang::Zh) => "短期模型训练",
            (Preset::TrafficSpike, Lang::En) => "Traffic spike",
            (Preset::TrafficSpike, Lang::Zh) => "突发流量",
            (Preset::DevTest, Lang::En) => "Dev/test CI schedule",
            (Preset::DevTest, Lang::Zh) => "开发测试（CI 排程）",
            (Preset::ShiftFleet, Lang::En) => "Shift fleet (trading desk)",
            (Preset::ShiftFleet, Lang::Zh) => "分时段机群（量化交易）",
            (Preset::Custom, Lang::En) => "Your own",
            (Preset::Custom, Lang::Zh) => "自定义",
        }
    }

    /// What the preset models, where its numbers come from, and what is assumed.
    pub fn description(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Preset::ShortTraining, Lang::En) => "BERT fine-tune in 72 hours on 4 × V100 (founding document: ¥8 per GPU-hour, 4 × 8 × 72 = ¥2,304, against a ¥50,000 deposit for a whole-card lease). The ¥8 quote is entered as a custom price; every catalog provider with a V100 is compared beside it.",
            (Preset::ShortTraining, Lang::Zh) => "72 小时内完成 BERT 微调，使用 4 张 V100（创始文档：单价 ￥8/卡·时，4×8×72=￥2,304，对比整卡租赁需预付 ￥50,000 押金）。￥8 报价作为自定义价格录入，并与目录中所有提供 V100 的厂商对比。",
            (Preset::TrafficSpike, Lang::En) => "Promotion day: 50 × T4 started 30 minutes before the peak and released right after, raising capacity from 500 to 5,000 QPS (founding document: total under ¥1,200). Assumed: the peak lasts 4 hours (20:00–24:00), and 5 × T4 serve the 500-QPS baseline all day.",
            (Preset::TrafficSpike, Lang::Zh) => "大促当天：提前 30 分钟启动 50 张 T4，活动结束立即释放，处理能力从 500 QPS 提升到 5000 QPS（创始文档：总成本控制在 ￥1,200 以内）。假设：高峰持续 4 小时（20:00–24:00），全天由 5 张 T4 承担 500 QPS 的基线流量。",
            (Preset::DevTest, Lang::En) => "Continuous integration: 2 × A10 for model training from 08:00, 10 × T4 for inference tests from 18:00, released at night (founding document: 67% cheaper than a monthly subscription). Assumed: 8-hour blocks every day (08:00–16:00 and 18:00–02:00).",
            (Preset::DevTest, Lang::Zh) => "持续集成：08:00 起 2 张 A10 进行模型训练，18:00 起 10 张 T4 进行推理测试，夜间自动释放（创始文档：月均成本较包月方案降低 67%）。假设：每天各 8 小时（08:00–16:00 与 18:00–02:00）。",
            (Preset::ShiftFleet, Lang::En) => "High-frequency trading desk: 8 × A100 during trading hours and 4 × V100 for after-hours analysis (founding document: monthly compute from ¥480,000 down to ¥120,000). Assumed: 6-hour sessions every day (09:00–15:00 and 15:00–21:00); ¥480,000 is entered as the current monthly cost.",
            (Preset::ShiftFleet, Lang::Zh) => "高频交易团队：交易时段租用 8 张 A100，盘后分析租用 4 张 V100（创始文档：月度算力成本从 ￥48 万降至 ￥12 万）。假设：每天各 6 小时（09:00–15:00 与 15:00–21:00）；￥48 万作为当前月度成本录入。",
            (Preset::Custom, Lang::En) => "A starting point to make your own: one A100 80GB around the clock for a month, serving Llama-3-8B (10 requests/s, 512 tokens in, 256 out). The workload is described, so the recommendation shows which GPU serves it cheapest. Change anything.",
            (Preset::Custom, Lang::Zh) => "可自行修改的起点：1 张 A100 80GB 全天运行一个月，为 Llama-3-8B 提供推理服务（每秒 10 个请求，输入 512、输出 256 个 token）。已描述工作负载，推荐结果会给出成本最低的 GPU。任何参数均可修改。",
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
                }],
                custom_prices: vec![CustomPrice {
                    owner: PriceOwner::Named(labels::SEED_QUOTE.into()),
                    gpu: "V100".into(),
                    mode: CustomMode::OnDemand,
                    amount: Decimal::from(8),
                    currency: Currency::Cny,
                }],
                reference: Some(Reference {
                    amount: cny("50000"),
                    label: labels::LEASE_DEPOSIT.into(),
                }),
                ..Scenario::default()
            },
            Preset::TrafficSpike => {
                let mut s = Scenario {
                    horizon: Horizon::Hours(Decimal::from(24)),
                    lines: vec![
                        Line {
                            gpu: "T4".into(),
                            demand: Demand::Constant(Decimal::from(5)),
                        },
                        Line {
                            gpu: "T4".into(),
                            demand: Demand::Window {
                                gpus: Decimal::from(50),
                                start_minute: 20 * 60,
                                minutes: 4 * 60,
                            },
                        },
                    ],
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
                    },
                    Line {
                        gpu: "T4".into(),
                        demand: Demand::Weekly(WeekGrid::daily_block(&EVERY_DAY, 18, 8, 10)),
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
                            demand: Demand::Weekly(WeekGrid::daily_block(&EVERY_DAY, 9, 6, 8)),
                        },
                        Line {
                            gpu: "V100-16GB".into(),
                            demand: Demand::Weekly(WeekGrid::daily_block(&EVERY_DAY, 15, 6, 4)),
                        },
                    ],
                    reference: Some(Reference {
                        amount: cny("480000"),
                        label: labels::CURRENT_MONTHLY_COST.into(),
                    }),
                    ..Scenario::default()
                };
                s.options.interruption = Interruption::NotTolerated;
                s
            }
            Preset::Custom => {
                let mut s = Scenario {
                    horizon: Horizon::Month730,
                    lines: vec![Line {
                        gpu: "A100-80GB".into(),
                        demand: Demand::Constant(Decimal::ONE),
                    }],
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
