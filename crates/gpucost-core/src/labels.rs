//! Words for billing modes, plans and charges, in English and Chinese — shared by the page,
//! the exports and the command line so they all describe a plan the same way.

use crate::billing::{Coverage, ItemKind, PlanKind, Remainder};
use crate::billing_mode::{
    BillingMode, Commitment, CommitmentKind, ModeClass, Payment, Period, Term,
};
use crate::format::{self, Lang};

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

/// Renewals of a commitment over a one-off horizon, when there are any: ", 4 terms back to
/// back". One term (or a recurring horizon's share) needs no words.
fn renewals(coverage: Coverage, lang: Lang) -> String {
    match (coverage, lang) {
        (Coverage::Terms(n), Lang::En) if n > 1 => format!(", {n} terms back to back"),
        (Coverage::Terms(n), Lang::Zh) if n > 1 => format!("，连续 {n} 期"),
        _ => String::new(),
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
            coverage,
        } => match lang {
            Lang::En => format!(
                "{reserved} of {peak} on a {}{}{}",
                commitment(c, lang),
                renewals(coverage, lang),
                rest(remainder, lang)
            ),
            Lang::Zh => format!(
                "{peak} 台中 {reserved} 台{}{}{}",
                commitment(c, lang),
                renewals(coverage, lang),
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

/// A kind of charge in `plan`: a commitment says how many terms of how many hours each
/// reserved instance owes ("committed hours: 4 × 2,190 h per instance, renewed back to back
/// …"); other kinds read as [`item`].
pub fn item_in(kind: ItemKind, plan: PlanKind, lang: Lang) -> String {
    let (
        ItemKind::Commitment,
        PlanKind::Committed {
            commitment: c,
            coverage: Coverage::Terms(n),
            ..
        },
    ) = (kind, plan)
    else {
        return item(kind, lang).to_string();
    };
    let hours = format::number(c.term.hours(), 0);
    match (n, lang) {
        (1, Lang::En) => {
            format!("committed hours: one {hours}-h term per instance (owed whether used or not)")
        }
        (_, Lang::En) => format!(
            "committed hours: {n} × {hours} h per instance, renewed back to back (owed whether used or not)"
        ),
        (1, Lang::Zh) => format!("承诺时长：每台 1 期 × {hours} 小时（无论是否使用均计费）"),
        (_, Lang::Zh) => {
            format!("承诺时长：每台连续 {n} 期 × {hours} 小时（无论是否使用均计费）")
        }
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
            coverage: Coverage::Share,
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

    #[test]
    fn renewed_commitments_say_how_many_terms() {
        let c = Commitment {
            kind: CommitmentKind::SavingsPlan,
            term: Term::Months3,
            payment: Payment::Prepaid,
        };
        let k = |coverage| PlanKind::Committed {
            commitment: c,
            reserved: 1,
            peak: 1,
            remainder: None,
            coverage,
        };
        let four = k(Coverage::Terms(4));
        assert_eq!(
            plan(four, Lang::En),
            "1 of 1 on a 3-month savings plan, prepaid, 4 terms back to back"
        );
        assert_eq!(
            plan(four, Lang::Zh),
            "1 台中 1 台3 个月节省计划（预付），连续 4 期"
        );
        assert_eq!(
            item_in(ItemKind::Commitment, four, Lang::En),
            "committed hours: 4 × 2,190 h per instance, renewed back to back (owed whether used or not)"
        );
        assert_eq!(
            item_in(ItemKind::Commitment, four, Lang::Zh),
            "承诺时长：每台连续 4 期 × 2,190 小时（无论是否使用均计费）"
        );
        // One term and a recurring share read as before; so do the other charges.
        for one in [k(Coverage::Terms(1)), k(Coverage::Share)] {
            assert_eq!(
                plan(one, Lang::En),
                "1 of 1 on a 3-month savings plan, prepaid"
            );
        }
        assert!(
            item_in(ItemKind::Commitment, k(Coverage::Terms(1)), Lang::En)
                .contains("one 2,190-h term")
        );
        assert_eq!(
            item_in(ItemKind::Commitment, k(Coverage::Share), Lang::En),
            item(ItemKind::Commitment, Lang::En)
        );
        assert_eq!(
            item_in(ItemKind::OnDemand, four, Lang::Zh),
            item(ItemKind::OnDemand, Lang::Zh)
        );
    }
}
