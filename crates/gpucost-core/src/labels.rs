//! Words for billing modes, plans and charges, in English and Chinese — shared by the page,
//! the exports and the command line so they all describe a plan the same way.

use crate::billing::{ItemKind, PlanKind, Remainder};
use crate::billing_mode::{
    BillingMode, Commitment, CommitmentKind, ModeClass, Payment, Period, Term,
};
use crate::catalog::SourceKind;
use crate::format::Lang;

/// What kind of publication a price comes from, said plainly (how far to trust it).
pub fn source_kind(kind: SourceKind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (SourceKind::OfficialDoc, Lang::En) => "official price document",
        (SourceKind::OfficialDoc, Lang::Zh) => "官方价格文档",
        (SourceKind::ProviderApi, Lang::En) => "provider API dump",
        (SourceKind::ProviderApi, Lang::Zh) => "厂商 API 数据",
        (SourceKind::ListPriceCopy, Lang::En) => "official list price, copied by a third party",
        (SourceKind::ListPriceCopy, Lang::Zh) => "官方刊例价（第三方转录）",
        (SourceKind::Aggregator, Lang::En) => "third-party price catalog",
        (SourceKind::Aggregator, Lang::Zh) => "第三方价格目录",
        (SourceKind::MarketReference, Lang::En) => "market reference range",
        (SourceKind::MarketReference, Lang::Zh) => "市场参考区间",
        (SourceKind::Institutional, Lang::En) => "institutional tariff",
        (SourceKind::Institutional, Lang::Zh) => "机构内部价格",
        (SourceKind::ExchangeRate, Lang::En) => "published exchange rate",
        (SourceKind::ExchangeRate, Lang::Zh) => "公布汇率",
        (SourceKind::Hardware, Lang::En) => "hardware datasheet or benchmark",
        (SourceKind::Hardware, Lang::Zh) => "硬件规格或基准测试",
    }
}

/// A billing class.
pub fn class(class: ModeClass, lang: Lang) -> &'static str {
    match (class, lang) {
        (ModeClass::OnDemand, Lang::En) => "On-demand",
        (ModeClass::OnDemand, Lang::Zh) => "按量",
        (ModeClass::Spot, Lang::En) => "Spot",
        (ModeClass::Spot, Lang::Zh) => "竞价",
        (ModeClass::Committed, Lang::En) => "Reserved",
        (ModeClass::Committed, Lang::Zh) => "预留",
        (ModeClass::Subscription, Lang::En) => "Day/week/month plan",
        (ModeClass::Subscription, Lang::Zh) => "包天/包周/包月",
    }
}

/// A subscription period.
pub fn period(p: Period, lang: Lang) -> &'static str {
    match (p, lang) {
        (Period::Day, Lang::En) => "day",
        (Period::Week, Lang::En) => "week",
        (Period::Days30, Lang::En) => "30 days",
        (Period::Month, Lang::En) => "month",
        (Period::Day, Lang::Zh) => "天",
        (Period::Week, Lang::Zh) => "周",
        (Period::Days30, Lang::Zh) => "30 天",
        (Period::Month, Lang::Zh) => "月",
    }
}

fn term(t: Term, lang: Lang) -> &'static str {
    match (t, lang) {
        (Term::Months3, Lang::En) => "3-month",
        (Term::Months6, Lang::En) => "6-month",
        (Term::Year1, Lang::En) => "1-year",
        (Term::Year3, Lang::En) => "3-year",
        (Term::Months3, Lang::Zh) => "3 个月",
        (Term::Months6, Lang::Zh) => "6 个月",
        (Term::Year1, Lang::Zh) => "1 年",
        (Term::Year3, Lang::Zh) => "3 年",
    }
}

/// A commitment, e.g. "1-year standard reserved instance, no upfront".
pub fn commitment(c: Commitment, lang: Lang) -> String {
    let kind = match (c.kind, lang) {
        (CommitmentKind::ReservedStandard, Lang::En) => "standard reserved instance",
        (CommitmentKind::ReservedConvertible, Lang::En) => "convertible reserved instance",
        (CommitmentKind::SavingsPlan, Lang::En) => "savings plan",
        (CommitmentKind::CommittedUse, Lang::En) => "committed-use discount",
        (CommitmentKind::ReservedStandard, Lang::Zh) => "标准预留实例",
        (CommitmentKind::ReservedConvertible, Lang::Zh) => "可转换预留实例",
        (CommitmentKind::SavingsPlan, Lang::Zh) => "节省计划",
        (CommitmentKind::CommittedUse, Lang::Zh) => "承诺使用折扣",
    };
    let payment = match (c.payment, lang) {
        (Payment::NoUpfront, Lang::En) => "no upfront",
        (Payment::PartialUpfront, Lang::En) => "partial upfront",
        (Payment::AllUpfront, Lang::En) => "all upfront",
        (Payment::Monthly, Lang::En) => "billed monthly",
        (Payment::Prepaid, Lang::En) => "prepaid",
        (Payment::NoUpfront, Lang::Zh) => "无预付",
        (Payment::PartialUpfront, Lang::Zh) => "部分预付",
        (Payment::AllUpfront, Lang::Zh) => "全预付",
        (Payment::Monthly, Lang::Zh) => "按月支付",
        (Payment::Prepaid, Lang::Zh) => "预付",
    };
    match lang {
        Lang::En => format!("{} {kind}, {payment}", term(c.term, lang)),
        Lang::Zh => format!("{}{kind}（{payment}）", term(c.term, lang)),
    }
}

/// A billing mode.
pub fn mode(m: BillingMode, lang: Lang) -> String {
    match m {
        BillingMode::OnDemand => class(ModeClass::OnDemand, lang).to_string(),
        BillingMode::Spot => class(ModeClass::Spot, lang).to_string(),
        BillingMode::Committed(c) => commitment(c, lang),
        BillingMode::Subscription(p) => match lang {
            Lang::En => format!("per {}", period(p, lang)),
            Lang::Zh => format!("包{}", period(p, lang)),
        },
    }
}

fn rest(r: Option<Remainder>, lang: Lang) -> &'static str {
    match (r, lang) {
        (Some(Remainder::OnDemand), Lang::En) => " + on-demand for the rest",
        (Some(Remainder::Spot), Lang::En) => " + spot for the rest",
        (Some(Remainder::OnDemand), Lang::Zh) => "，其余按量",
        (Some(Remainder::Spot), Lang::Zh) => "，其余竞价",
        (None, _) => "",
    }
}

/// A plan, e.g. "3 of 10 instances on a 1-year … + on-demand for the rest".
pub fn plan(kind: PlanKind, lang: Lang) -> String {
    match kind {
        PlanKind::OnDemand => class(ModeClass::OnDemand, lang).to_string(),
        PlanKind::Spot => class(ModeClass::Spot, lang).to_string(),
        PlanKind::Committed {
            commitment: c,
            reserved,
            peak,
            remainder,
        } => match lang {
            Lang::En => format!(
                "{reserved} of {peak} on a {}{}",
                commitment(c, lang),
                rest(remainder, lang)
            ),
            Lang::Zh => format!(
                "{peak} 台中 {reserved} 台{}{}",
                commitment(c, lang),
                rest(remainder, lang)
            ),
        },
        PlanKind::Subscription {
            period: p,
            subscribed,
            peak,
            remainder,
        } => match lang {
            Lang::En => format!(
                "up to {subscribed} of {peak} paid per {}{}",
                period(p, lang),
                rest(remainder, lang)
            ),
            Lang::Zh => format!(
                "{peak} 台中最多 {subscribed} 台包{}{}",
                period(p, lang),
                rest(remainder, lang)
            ),
        },
    }
}

/// A kind of charge.
pub fn item(kind: ItemKind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (ItemKind::OnDemand, Lang::En) => "on-demand hours",
        (ItemKind::Spot, Lang::En) => "spot hours",
        (ItemKind::SpotOverhead, Lang::En) => "spot interruption overhead",
        (ItemKind::Commitment, Lang::En) => "committed hours (owed whether used or not)",
        (ItemKind::Subscription, Lang::En) => "subscribed periods",
        (ItemKind::OnDemand, Lang::Zh) => "按量时长",
        (ItemKind::Spot, Lang::Zh) => "竞价时长",
        (ItemKind::SpotOverhead, Lang::Zh) => "竞价中断附加时长",
        (ItemKind::Commitment, Lang::Zh) => "承诺时长（无论是否使用均计费）",
        (ItemKind::Subscription, Lang::Zh) => "包期数",
    }
}

/// The unit of an item's quantity.
pub fn unit(kind: ItemKind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (ItemKind::Subscription, Lang::En) => "instance-periods",
        (ItemKind::Subscription, Lang::Zh) => "台·期",
        (_, Lang::En) => "instance-hours",
        (_, Lang::Zh) => "台·时",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_read_as_sentences() {
        let c = Commitment {
            kind: CommitmentKind::ReservedStandard,
            term: Term::Year1,
            payment: Payment::NoUpfront,
        };
        let k = PlanKind::Committed {
            commitment: c,
            reserved: 3,
            peak: 10,
            remainder: Some(Remainder::OnDemand),
        };
        assert_eq!(
            plan(k, Lang::En),
            "3 of 10 on a 1-year standard reserved instance, no upfront + on-demand for the rest"
        );
        assert_eq!(
            plan(k, Lang::Zh),
            "10 台中 3 台1 年标准预留实例（无预付），其余按量"
        );
    }
}
