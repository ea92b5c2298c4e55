//! What the estimate warns about: the report's [`Warning`]s.

use super::{labels, Localize};
use crate::format::{self, Lang};
use crate::report::Warning;

impl Localize for Warning {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Warning::NoProvider, Lang::En) => "No provider in the catalog can serve this scenario; add a custom price.".into(),
            (Warning::NoProvider, Lang::Zh) => "目录中没有厂商能满足该方案；请添加自定义价格。".into(),
            (Warning::SpotExcluded, Lang::En) => {
                "Spot capacity was left out: the workload is marked as not interruptible.".into()
            }
            (Warning::SpotExcluded, Lang::Zh) => "已排除竞价实例：该工作负载被标记为不可中断。".into(),
            (Warning::OverBudget { total, budget }, Lang::En) => format!(
                "The cheapest plan ({}) is over your budget of {}.",
                format::money(*total),
                format::money(*budget)
            ),
            (Warning::OverBudget { total, budget }, Lang::Zh) => format!(
                "最低方案（{}）超出您的预算 {}。",
                format::money(*total),
                format::money(*budget)
            ),
            (Warning::OldPrices { seller, .. }, Lang::En) => format!(
                "The cheapest plan ({}) uses prices older than a year or undated: check the provider's current price.",
                labels::seller(seller, lang)
            ),
            (Warning::OldPrices { seller_zh, .. }, Lang::Zh) => {
                format!(
                    "最低方案（{}）使用的价格已超过一年或未注明日期：请核对厂商当前价格。",
                    labels::seller(seller_zh, lang)
                )
            }
            (Warning::MarketReference, Lang::En) => {
                "The cheapest row is the cost guide's market reference range, not a provider's quote.".into()
            }
            (Warning::MarketReference, Lang::Zh) => "最低一行是成本指南中的市场参考价区间，并非厂商报价。".into(),
            (Warning::LoadMismatch(m), Lang::En) => format!(
                "The described workload and line 1 describe different jobs: the line rents {} GPU-hours of {}, the workload needs about {} on it. No rightsizing saving is claimed; change the line or the workload so they agree.",
                format::number(m.line_gpu_hours, 0),
                m.gpu,
                hours_span(m.needed_gpu_hours),
            ),
            (Warning::LoadMismatch(m), Lang::Zh) => format!(
                "所描述的工作负载与第 1 条需求不是同一项工作：该需求租用 {} 共 {} GPU·时，而该负载在其上约需 {} GPU·时。因此不计算换卡节省；请调整需求或工作负载使二者一致。",
                m.gpu,
                format::number(m.line_gpu_hours, 0),
                hours_span(m.needed_gpu_hours),
            ),
            (Warning::NoSourcedSla { min_pct }, Lang::En) => format!(
                "No provider's SLA of at least {} % is known from a source, so the floor leaves every catalog provider out (it cannot prove one qualifies). Only your own quotes are compared; lower or clear the SLA floor to compare the catalog.",
                format::number(*min_pct, 3)
            ),
            (Warning::NoSourcedSla { min_pct }, Lang::Zh) => format!(
                "没有任何供应商的 SLA 有来源可查且不低于 {}%，因此该 SLA 下限排除了目录中的全部供应商（无法证明任何一家达标）。仅比较您自己的报价；降低或清除 SLA 下限即可比较目录中的供应商。",
                format::number(*min_pct, 3)
            ),
            (Warning::NoSourcedIso27001, Lang::En) => "No provider the other provider rules keep is stated by a source to hold ISO/IEC 27001, so the certification rule leaves every catalog provider out (it cannot prove one qualifies). Only your own quotes are compared; clear the certification rule or widen the kinds to compare the catalog.".to_string(),
            (Warning::NoSourcedIso27001, Lang::Zh) => "在其他供应商条件保留的供应商中，没有任何一家有来源证明持有 ISO/IEC 27001 认证，因此该认证条件排除了目录中的全部供应商（无法证明任何一家达标）。仅比较您自己的报价；清除认证条件或放宽类型即可比较目录中的供应商。".to_string(),
        }
    }
}

/// `1,200–1,800`, or one number when both ends agree.
fn hours_span((low, high): (rust_decimal::Decimal, rust_decimal::Decimal)) -> String {
    if low == high {
        format::number(low, 0)
    } else {
        format!("{}–{}", format::number(low, 0), format::number(high, 0))
    }
}

impl crate::report::Series {
    /// The seller's name in `lang`, for the chart's legend.
    pub fn seller_in(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => labels::seller(&self.seller, lang),
            Lang::Zh => labels::seller(&self.seller_zh, lang),
        }
    }

    /// The line's legend: way of paying, seller, the period's total and, for a plan that
    /// commits to a term, the term and what it takes up front, in the words of its row
    /// ("Reserved · AWS China · ¥7,265.00 · a 3-year term, ¥261,540.03 up front").
    pub fn legend(&self, lang: Lang) -> String {
        let total = self.points.last().map(|p| format::money(p.1));
        let mut parts = vec![
            labels::class(self.class, lang).to_string(),
            self.seller_in(lang).to_string(),
        ];
        parts.extend(total);
        parts.extend(
            self.commitments
                .iter()
                .map(|t| super::commitment::short(t, lang)),
        );
        parts.join(" · ")
    }
}
