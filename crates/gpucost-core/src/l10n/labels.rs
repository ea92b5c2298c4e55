//! Words for billing modes, plans and charges, in English and Chinese — shared by the page,
//! the exports and the command line so they all describe a plan the same way.
//!
//! It also names the built-in names: the sellers and reference amounts the presets enter, and
//! the founding document's market-reference offers (named by use in Chinese in the catalog).
//! They are stored as one fixed text, because that text is an identity links and exports
//! carry (`cp=~V100 quote:…`, seller `custom:V100 quote`, offer `market-ref/T4 (轻量级推理)`), and
//! shown in the reader's language. Any other stored text is the user's (or the provider's)
//! own words, shown as written in both languages.

use crate::billing::{Coverage, ItemKind, PlanKind, Remainder};
use crate::billing_mode::{
    BillingMode, Commitment, CommitmentKind, ModeClass, Payment, Period, Term,
};
use crate::catalog::SourceKind;
use crate::format::{self, Lang};

/// A price's source as a reader sees it: the publication's title and, in brackets, its kind
/// (`Alibaba Cloud ECS … (official list price, copied by a third party)`); the id itself when
/// the catalog does not know it.
pub fn source(catalog: &crate::catalog::Catalog, id: &str, lang: Lang) -> String {
    match catalog.source(id) {
        Some(s) => match lang {
            Lang::En => format!("{} ({})", s.title, source_kind(s.kind, lang)),
            Lang::Zh => format!("{}（{}）", s.title, source_kind(s.kind, lang)),
        },
        None => id.to_string(),
    }
}

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

/// A term's length as an adjective: "3-year", "3 年".
pub fn term(t: Term, lang: Lang) -> &'static str {
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

use crate::names::{CURRENT_MONTHLY_COST, LEASE_DEPOSIT, NEW_QUOTE, SEED_QUOTE};

/// A built-in name: how it is stored, and its text in each language.
struct BuiltIn {
    stored: &'static str,
    en: &'static str,
    zh: &'static str,
}

const SELLERS: &[BuiltIn] = &[
    BuiltIn {
        stored: SEED_QUOTE,
        en: "V100 quote",
        zh: "V100 报价",
    },
    BuiltIn {
        stored: NEW_QUOTE,
        en: "My quote",
        zh: "我的报价",
    },
];

const REFERENCES: &[BuiltIn] = &[
    BuiltIn {
        stored: LEASE_DEPOSIT,
        en: "whole-card lease deposit",
        zh: "整卡租赁押金",
    },
    BuiltIn {
        stored: CURRENT_MONTHLY_COST,
        en: "current monthly cost",
        zh: "当前月度算力成本",
    },
];

/// The founding document's hardware matrix (seed 004, §3.1), as the catalog names its rows; the
/// English words are those of the recommendation's rule check.
const INSTANCES: &[BuiltIn] = &[
    BuiltIn {
        stored: "T4 (轻量级推理)",
        en: "T4 (light inference)",
        zh: "T4（轻量级推理）",
    },
    BuiltIn {
        stored: "A10 (中型模型训练)",
        en: "A10 (mid-size training)",
        zh: "A10（中型模型训练）",
    },
    BuiltIn {
        stored: "A100 80GB (大规模并行训练)",
        en: "A100 80GB (large parallel training)",
        zh: "A100 80GB（大规模并行训练）",
    },
];

fn built_in(table: &'static [BuiltIn], stored: &str) -> Option<&'static BuiltIn> {
    table.iter().find(|b| b.stored == stored)
}

fn shown<'a>(table: &'static [BuiltIn], stored: &'a str, lang: Lang) -> &'a str {
    match (built_in(table, stored), lang) {
        (Some(b), Lang::En) => b.en,
        (Some(b), Lang::Zh) => b.zh,
        (None, _) => stored,
    }
}

/// The name of a seller the scenario names (a custom price's provider) in `lang`.
pub fn seller(stored: &str, lang: Lang) -> &str {
    shown(SELLERS, stored, lang)
}

/// What a reference amount is, in `lang`.
pub fn reference(stored: &str, lang: Lang) -> &str {
    shown(REFERENCES, stored, lang)
}

/// An offer's instance name in `lang`: the provider's own name, or a market-reference row's.
pub fn instance(stored: &str, lang: Lang) -> &str {
    shown(INSTANCES, stored, lang)
}

/// Whether an offer is better named than pointed at by id: a market-reference row (its id is
/// in the founding document's language) or a custom price (`custom:<seller>/<gpu>` repeats the
/// seller, stored in one language, beside its GPU).
fn named_by_instance(id: &str, instance: &str) -> bool {
    id.starts_with("custom:") || built_in(INSTANCES, instance).is_some()
}

/// How to point at an offer in `lang`: its id (`aws/g4dn.xlarge`), or for a market-reference
/// row or a custom price its name (`T4 (light inference)`, `V100`).
pub fn offer_id<'a>(id: &'a str, instance: &'a str, lang: Lang) -> &'a str {
    if named_by_instance(id, instance) {
        self::instance(instance, lang)
    } else {
        id
    }
}

/// An offer as results describe it: `g4dn.xlarge (aws/g4dn.xlarge)`, or for a market-reference
/// row or a custom price its name alone.
pub fn offer(id: &str, instance: &str, lang: Lang) -> String {
    if named_by_instance(id, instance) {
        self::instance(instance, lang).to_string()
    } else {
        format!("{instance} ({id})")
    }
}

/// Whether `text` has a Han character (a test of which language a text is in).
pub fn has_han(text: &str) -> bool {
    text.chars()
        .any(|c| matches!(c, '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}'))
}

/// A catalog provider's name in `lang`.
pub fn provider(p: &crate::catalog::Provider, lang: Lang) -> &str {
    match lang {
        Lang::En => &p.name,
        Lang::Zh => &p.name_zh,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{embedded, ProviderKind};

    #[test]
    fn built_in_names_are_in_the_language_shown_and_users_words_as_written() {
        for table in [SELLERS, REFERENCES, INSTANCES] {
            for b in table {
                assert!(!has_han(b.en), "{}", b.en);
                assert!(has_han(b.zh), "{}", b.zh);
            }
        }
        assert_eq!(seller(SEED_QUOTE, Lang::Zh), "V100 报价");
        assert_eq!(
            reference(LEASE_DEPOSIT, Lang::En),
            "whole-card lease deposit"
        );
        for lang in Lang::ALL {
            assert_eq!(seller("我的集群", lang), "我的集群");
            assert_eq!(reference("deposit", lang), "deposit");
            assert_eq!(
                offer_id("aws/g4dn.xlarge", "g4dn.xlarge", lang),
                "aws/g4dn.xlarge"
            );
        }
    }

    /// The catalog names the founding document's rows in Chinese; each needs an English name.
    #[test]
    fn every_market_reference_offer_has_a_name_in_both_languages() {
        let c = &embedded().catalog;
        let market = |p: &str| {
            c.provider(p)
                .is_some_and(|p| p.kind == ProviderKind::MarketReference)
        };
        for o in c.offers.iter().filter(|o| market(&o.provider)) {
            assert!(!has_han(instance(&o.instance, Lang::En)), "{}", o.id);
            assert!(!has_han(offer_id(&o.id, &o.instance, Lang::En)), "{}", o.id);
            assert!(has_han(instance(&o.instance, Lang::Zh)), "{}", o.id);
        }
    }

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
