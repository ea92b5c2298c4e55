//! A preset's promise in words: what the cost guide says (with its section), what this page
//! computes, and in one sentence why they differ.

use super::{labels, Localize};
use crate::catalog::ProviderKind;
use crate::estimate::Seller;
use crate::format::{self, Lang};
use crate::money::Money;
use crate::promise::{MonthlyLine, Promise, Row};
use crate::savings::Saving;

/// How the cost guide is named to a reader: seed 004's title, "按需赋能：时租云服务器GPU的弹性
/// 计算革命", in Chinese; its first words translated in English.
fn guide(section: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Cost guide “On-Demand Empowerment” (§{section})"),
        Lang::Zh => format!("《按需赋能：时租云服务器GPU的弹性计算革命》§{section}"),
    }
}

fn seller(s: &Seller, lang: Lang) -> &str {
    match lang {
        Lang::En => labels::seller(&s.name, lang),
        Lang::Zh => labels::seller(&s.name_zh, lang),
    }
}

/// "¥X at Seller", saying when the seller is a marketplace host rather than a list price.
fn row(r: &Row, lang: Lang) -> String {
    let host = r.seller.kind == Some(ProviderKind::Marketplace);
    match (lang, host) {
        (Lang::En, false) => format!("{} at {}", money(r.total), seller(&r.seller, lang)),
        (Lang::En, true) => format!(
            "{} at {} (a marketplace host's listing)",
            money(r.total),
            seller(&r.seller, lang)
        ),
        (Lang::Zh, false) => format!("{} {}", seller(&r.seller, lang), money(r.total)),
        (Lang::Zh, true) => format!(
            "{}（第三方主机挂牌）{}",
            seller(&r.seller, lang),
            money(r.total)
        ),
    }
}

fn money(m: Money) -> String {
    format::money(m)
}

fn pct(s: &Saving) -> String {
    format!("{}%", format::percent_value(s.percent()))
}

/// "against keeping it on all month by the hour (¥X): P% less".
fn always_on(s: &Saving, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "{} less than keeping the peak fleet on all month by the hour ({})",
            pct(s),
            money(s.without)
        ),
        Lang::Zh => format!(
            "比按峰值全月按小时计费（{}）低 {}",
            money(s.without),
            pct(s)
        ),
    }
}

fn monthly_line(m: &MonthlyLine, lang: Lang) -> String {
    let gpus = format::number(m.gpus, 2);
    match (&m.saving, lang) {
        (Some(s), Lang::En) => format!(
            "{gpus} × {} by the hour {} against {} a month at {}, {} less",
            m.gpu,
            money(s.with),
            money(s.without),
            subscribe_seller(s, lang),
            pct(s)
        ),
        (Some(s), Lang::Zh) => format!(
            "{gpus} × {} 按小时 {}，对比{}包月 {}，低 {}",
            m.gpu,
            money(s.with),
            subscribe_seller(s, lang),
            money(s.without),
            pct(s)
        ),
        (None, Lang::En) => format!(
            "no provider in the catalog lists a monthly price for {}",
            m.gpu
        ),
        (None, Lang::Zh) => format!("目录中没有厂商公布 {} 的包月价格", m.gpu),
    }
}

fn subscribe_seller(s: &Saving, lang: Lang) -> String {
    match &s.assumption {
        crate::savings::Assumption::SubscribePeak { seller, seller_zh } => match lang {
            Lang::En => labels::seller(seller, lang).to_string(),
            Lang::Zh => labels::seller(seller_zh, lang).to_string(),
        },
        _ => String::new(),
    }
}

/// `en` or `zh`.
fn pick<'a>(lang: Lang, en: &'a str, zh: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// `text` after the language's clause separator, or nothing.
fn clause(lang: Lang, text: Option<String>) -> String {
    text.map_or_else(String::new, |t| format!("{}{t}", pick(lang, ", ", "，")))
}

impl Localize for Promise {
    fn text(&self, lang: Lang) -> String {
        let said = guide(self.section(), lang);
        match self {
            Promise::ShortTraining {
                guide,
                quote,
                cheapest,
            } => {
                let (guide, cheapest) = (money(*guide), row(cheapest, lang));
                let quote = quote.map_or_else(String::new, |q| {
                    pick(lang, "the ¥8 quote comes to {}; ", "￥8 报价合计 {}；")
                        .replace("{}", &money(q))
                });
                match lang {
                    Lang::En => format!("{said}: 4 × ¥8 × 72 h = {guide}. This page: {quote}the cheapest row is {cheapest}. Why they differ: the guide prices one ¥8 quote, while the catalog's providers charge their own prices."),
                    Lang::Zh => format!("{said}：4×8×72={guide}。本页：{quote}最低一行为 {cheapest}。差异原因：指南只按一个 ￥8 报价计算，目录中各厂商按各自价格计费。"),
                }
            }
            Promise::TrafficSpike {
                guide,
                cheapest,
                burst,
                baseline,
                provider,
            } => {
                let (guide, cheapest) = (money(*guide), row(cheapest, lang));
                let (burst, baseline) = (money(*burst), money(*baseline));
                let provider = provider.as_ref().map_or_else(String::new, |p| {
                    pick(
                        lang,
                        " — a market reference range, not a provider; the cheapest provider is {}",
                        "（市场参考价区间，并非厂商；最便宜的厂商为 {}）",
                    )
                    .replace("{}", &row(p, lang))
                });
                match lang {
                    Lang::En => format!("{said}: total under {guide}. This page: {cheapest}{provider}. Why they differ: the page also counts the 5 × T4 baseline all day ({baseline}); the 50 × T4 burst alone costs {burst}."),
                    Lang::Zh => format!("{said}：总成本控制在 {guide} 以内。本页：{cheapest}{provider}。差异原因：本页还计入全天 5 张 T4 的基线（{baseline}）；50 张 T4 的突发部分本身为 {burst}。"),
                }
            }
            Promise::DevTest {
                guide_percent,
                cheapest,
                always_on: on,
                monthly,
            } => {
                let (guide, cheapest) = (format::number(*guide_percent, 2), row(cheapest, lang));
                let on = clause(lang, on.as_ref().map(|s| always_on(s, lang)));
                let lines: Vec<String> = monthly.iter().map(|m| monthly_line(m, lang)).collect();
                let lines = lines.join(pick(lang, "; ", "；"));
                match lang {
                    Lang::En => format!("{said}: {guide}% less than a monthly plan. This page: {cheapest}{on}. Against a monthly plan, the guide's baseline: {lines}. Why they differ: the guide's baseline is a monthly plan, and the catalog's monthly prices cover only some GPUs."),
                    Lang::Zh => format!("{said}：月均成本较包月方案降低 {guide}%。本页：{cheapest}{on}。对比指南的基准（包月）：{lines}。差异原因：指南以包月方案为基准，而目录中只有部分 GPU 有包月价格。"),
                }
            }
            Promise::ShiftFleet {
                guide_from,
                guide_to,
                cheapest,
                always_on: on,
                big_clouds,
            } => {
                let (from, to, cheapest) =
                    (money(*guide_from), money(*guide_to), row(cheapest, lang));
                let clouds = big_clouds.as_deref().map_or_else(String::new, |(lo, hi)| {
                    pick(
                        lang,
                        " ({lo} to {hi} on the big clouds)",
                        "（大型云厂商 {lo} 至 {hi}）",
                    )
                    .replace("{lo}", &money(lo.total))
                    .replace("{hi}", &money(hi.total))
                });
                let on = clause(lang, on.as_ref().map(|s| always_on(s, lang)));
                match lang {
                    Lang::En => format!("{said}: monthly compute from {from} down to {to}, a quarter. This page: {cheapest}{clouds}{on}. Why they differ: the guide's {from} implies far higher hourly prices than the catalog's, and its quarter means sessions every day, while here the desk trades Monday to Friday."),
                    Lang::Zh => format!("{said}：月度算力成本从 {from} 降至 {to}，即四分之一。本页：{cheapest}{clouds}{on}。差异原因：指南的 {from} 对应的小时单价远高于目录价格，且其“四分之一”按每天交易计算，而本页只在周一至周五交易。"),
                }
            }
        }
    }
}
