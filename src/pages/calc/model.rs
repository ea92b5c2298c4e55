//! The calculator's results as text: every number formatted here, once, so components only lay
//! out strings (and this is tested natively).

use gpucost_core::billing::ItemKind;
use gpucost_core::billing_mode::ModeClass;
use gpucost_core::catalog::{AsOf, Catalog, OfferFlag, ProviderKind};
use gpucost_core::estimate::{BreakEven, LinePlan, ProviderEstimate, Unserved};
use gpucost_core::format::{self, Lang};
use gpucost_core::labels;
use gpucost_core::report::Report;
use gpucost_core::savings::{Lever, Saving};
use gpucost_core::scenario::{Demand, Scenario};

use crate::i18n::Text;

/// One charge line: label, quantity × rate = amount, and where the rate comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemView {
    /// What the charge is.
    pub label: String,
    /// `288 instance-hours`.
    pub quantity: String,
    /// `¥8.00/h` or `¥2,520.00 per month`.
    pub rate: String,
    /// `¥2,304.00` (display currency, rounded).
    pub amount: String,
    /// Source title and date of the rate.
    pub source: String,
}

/// How one line is served at one provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineView {
    /// `Line 1 · 4 × V100`.
    pub title: String,
    /// Instance name and offer id.
    pub offer: String,
    /// Region of the prices.
    pub region: String,
    /// The plan in words.
    pub plan: String,
    /// Charges.
    pub items: Vec<ItemView>,
    /// Sum of the charges.
    pub subtotal: String,
    /// Best option per billing class at this provider, in words.
    pub options: Vec<String>,
    /// Prices older than a year or undated.
    pub old: bool,
}

/// One provider row of the comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct ProviderRow {
    /// Seller id (stable key).
    pub key: String,
    /// Rank among those that can serve, from 1.
    pub rank: Option<usize>,
    /// Display name.
    pub name: String,
    /// `¥2,304.00`, or empty when unserved.
    pub total: String,
    /// Total per needed GPU-hour.
    pub per_gpu_hour: String,
    /// Plan summary (`On-demand`, `mixed`).
    pub billing: String,
    /// Offers, one per line (`aws/p3.8xlarge`).
    pub offers: String,
    /// Why it cannot serve.
    pub unserved: Option<String>,
    /// Caveats (old prices, market reference, user's price).
    pub badges: Vec<&'static str>,
    /// The total as a lossy number for charts.
    pub total_value: f64,
}

/// One savings lever.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavingView {
    /// Lever slug (stable key and test id).
    pub key: &'static str,
    /// Lever name.
    pub name: &'static str,
    /// `¥25,152.00`.
    pub amount: String,
    /// `66.67%`.
    pub percent: String,
    /// `¥37,728.00 → ¥12,576.00`.
    pub from_to: String,
    /// The assumption.
    pub assumption: String,
    /// The lever costs more than it saves.
    pub negative: bool,
}

/// Everything the results area shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultsView {
    /// The cheapest row's name and total, for the headline.
    pub headline: Option<(String, String, String)>,
    /// GPU-hours needed, e.g. `288 GPU-hours over 72 hours`.
    pub demand: String,
    /// Provider rows, cheapest first.
    pub rows: Vec<ProviderRow>,
    /// Savings levers.
    pub savings: Vec<SavingView>,
    /// Warnings.
    pub warnings: Vec<String>,
}

fn lever_name(lever: Lever, lang: Lang) -> &'static str {
    match (lever, lang) {
        (Lever::Schedule, Lang::En) => "Schedule instead of always on",
        (Lever::Schedule, Lang::Zh) => "按排程运行（对比全天开机）",
        (Lever::Spot, Lang::En) => "Spot capacity",
        (Lever::Spot, Lang::Zh) => "竞价实例",
        (Lever::Reserved, Lang::En) => "Reserved + hourly mix",
        (Lever::Reserved, Lang::Zh) => "预留 + 按量混合",
        (Lever::Subscription, Lang::En) => "Day/month plan + hourly mix",
        (Lever::Subscription, Lang::Zh) => "包期 + 按量混合",
        (Lever::HourlyVsMonthly, Lang::En) => "Hourly instead of monthly",
        (Lever::HourlyVsMonthly, Lang::Zh) => "按小时（对比包月）",
        (Lever::OffPeak, Lang::En) => "Off-peak shifting (what-if)",
        (Lever::OffPeak, Lang::Zh) => "错峰使用（假设）",
        (Lever::Rightsizing, Lang::En) => "Rightsizing to the recommended GPU",
        (Lever::Rightsizing, Lang::Zh) => "改用推荐的 GPU",
        (Lever::Reference, Lang::En) => "Against your reference",
        (Lever::Reference, Lang::Zh) => "对比您的参考金额",
    }
}

/// Describes a line's demand, e.g. `50 × T4, 20:00 for 4 h`.
pub fn demand_text(scenario: &Scenario, i: usize, catalog: &Catalog, lang: Lang) -> String {
    let line = &scenario.lines[i];
    let gpu = catalog
        .gpu(&line.gpu)
        .map(|g| g.name.as_str())
        .unwrap_or(&line.gpu);
    match (&line.demand, lang) {
        (Demand::Constant(n), Lang::En) => {
            format!("{} × {gpu}, all the time", format::number(*n, 3))
        }
        (Demand::Constant(n), Lang::Zh) => format!("{} × {gpu}，全程", format::number(*n, 3)),
        (
            Demand::Window {
                gpus,
                start_minute,
                minutes,
            },
            Lang::En,
        ) => format!(
            "{} × {gpu}, {:02}:{:02} for {} h",
            format::number(*gpus, 3),
            start_minute / 60,
            start_minute % 60,
            format::number(
                rust_decimal::Decimal::from(*minutes) / rust_decimal::Decimal::from(60),
                2
            )
        ),
        (
            Demand::Window {
                gpus,
                start_minute,
                minutes,
            },
            Lang::Zh,
        ) => format!(
            "{} × {gpu}，{:02}:{:02} 起 {} 小时",
            format::number(*gpus, 3),
            start_minute / 60,
            start_minute % 60,
            format::number(
                rust_decimal::Decimal::from(*minutes) / rust_decimal::Decimal::from(60),
                2
            )
        ),
        (Demand::Weekly(g), Lang::En) => format!(
            "{gpu}, weekly schedule (peak {}, {} GPU-h a week)",
            g.peak(),
            g.gpu_hours_per_week()
        ),
        (Demand::Weekly(g), Lang::Zh) => {
            format!(
                "{gpu}，每周排程（峰值 {}，每周 {} 卡·时）",
                g.peak(),
                g.gpu_hours_per_week()
            )
        }
    }
}

fn as_of(a: AsOf, lang: Lang) -> String {
    match a {
        AsOf::On(d) => format::date(d, lang),
        AsOf::OnOrBefore(d) => format!("≤ {}", format::date(d, lang)),
        AsOf::Unknown => Text::DateUnknown.get(lang).to_string(),
    }
}

fn line_view(
    catalog: &Catalog,
    scenario: &Scenario,
    line: &LinePlan,
    lang: Lang,
    options: &[String],
) -> LineView {
    let items = line
        .items
        .iter()
        .map(|i| {
            let source = if i.source == gpucost_core::estimate::USER_SOURCE {
                Text::YourPrice.get(lang).to_string()
            } else {
                labels::source(catalog, &i.source, lang)
            };
            let rate = match i.kind {
                ItemKind::Subscription => {
                    format!("{} / {}", format::rate(i.rate), labels::mode(i.mode, lang))
                }
                _ => format!("{}/h", format::rate(i.rate)),
            };
            ItemView {
                label: labels::item_in(i.kind, line.plan, lang),
                quantity: format!(
                    "{} {}",
                    format::number(i.quantity, 2),
                    labels::unit(i.kind, lang)
                ),
                rate,
                amount: format::money(i.amount),
                source: format!("{source} · {}", as_of(i.as_of, lang)),
            }
        })
        .collect();
    LineView {
        title: format!(
            "{} {} · {}",
            Text::Line.get(lang),
            line.line + 1,
            demand_text(scenario, line.line, catalog, lang)
        ),
        offer: format!(
            "{} × {}{}",
            format::number(line.gpus_per_instance, 3),
            labels::offer(&line.offer, &line.instance, lang),
            share_caveat(catalog, &line.offer, lang)
        ),
        region: line.region.clone(),
        plan: labels::plan(line.plan, lang),
        items,
        subtotal: format::money(line.subtotal),
        options: options.to_vec(),
        old: line.old_prices,
    }
}

/// ` · GPU share unconfirmed…` for an offer whose share of a GPU has no citable source.
fn share_caveat(catalog: &Catalog, offer: &str, lang: Lang) -> String {
    let unconfirmed = catalog
        .offer(offer)
        .is_some_and(|o| o.flags.contains(&OfferFlag::GpuShareUnconfirmed));
    if unconfirmed {
        format!(" · {}", Text::GpuShareUnconfirmed.get(lang))
    } else {
        String::new()
    }
}

fn unserved_text(u: &Unserved, catalog: &Catalog, lang: Lang) -> String {
    match u {
        Unserved::NoPrices => Text::NoSourcedPrice.get(lang).to_string(),
        Unserved::NoOffer { line, gpu } => {
            let name = catalog.gpu(gpu).map(|g| g.name.as_str()).unwrap_or(gpu);
            match lang {
                Lang::En => format!("no offer with {name} (line {})", line + 1),
                Lang::Zh => format!("没有 {name} 的规格（第 {} 行）", line + 1),
            }
        }
    }
}

fn row(
    catalog: &Catalog,
    scenario: &Scenario,
    p: &ProviderEstimate,
    rank: Option<usize>,
    lang: Lang,
) -> ProviderRow {
    let name = match lang {
        Lang::En => p.seller.name.clone(),
        Lang::Zh => p.seller.name_zh.clone(),
    };
    let mut badges = Vec::new();
    // A mode the user allows but the catalog has no price of for this provider (Alibaba
    // Cloud's monthly and preemptible prices): say so once, and that a quote can be added.
    // Reserved is left out: it cannot be entered as a custom price.
    // Most scenarios allow neither, and then the catalog is not scanned on an edit.
    let wanted = |c: ModeClass| scenario.options.allows(c);
    let any_wanted = wanted(ModeClass::Spot) || wanted(ModeClass::Subscription);
    if any_wanted && p.seller.kind.is_some() && p.outcome.is_ok() {
        let priced = catalog.priced_classes(&p.seller.id);
        let missing = |c: ModeClass| wanted(c) && !priced.contains(&c);
        let (spot, monthly) = (missing(ModeClass::Spot), missing(ModeClass::Subscription));
        if spot || monthly {
            badges.push(Text::NoCatalogPrice { spot, monthly }.get(lang));
        }
    }
    if p.seller.kind.is_none() {
        badges.push(Text::YourPrice.get(lang));
    }
    if p.seller.kind == Some(ProviderKind::MarketReference) {
        badges.push(Text::MarketReference.get(lang));
    }
    match &p.outcome {
        Ok(plan) => {
            if plan.lines.iter().any(|l| l.old_prices) {
                badges.push(Text::Old.get(lang));
            }
            ProviderRow {
                key: p.seller.id.clone(),
                rank,
                name,
                total: format::money(plan.total),
                per_gpu_hour: format!(
                    "{}{}",
                    format::rate(plan.per_gpu_hour),
                    Text::PerGpuHour.get(lang)
                ),
                billing: {
                    let mode = plan.billing_mode();
                    if mode == "mixed" {
                        Text::Mixed.get(lang).to_string()
                    } else {
                        plan.lines
                            .first()
                            .map(|l| labels::plan(l.plan, lang))
                            .unwrap_or_default()
                    }
                },
                offers: plan
                    .lines
                    .iter()
                    .map(|l| labels::instance(&l.instance, lang))
                    .collect::<Vec<_>>()
                    .join(" + "),
                unserved: None,
                badges,
                total_value: plan.total.to_f64_lossy(),
            }
        }
        Err(u) => ProviderRow {
            key: p.seller.id.clone(),
            rank: None,
            name,
            total: String::new(),
            per_gpu_hour: String::new(),
            billing: String::new(),
            offers: String::new(),
            unserved: Some(unserved_text(u, catalog, lang)),
            badges,
            total_value: 0.0,
        },
    }
}

/// The provider's sourced billing rules, in `lang`: how it meters on-demand use, what a
/// stopped instance costs (a schedule assumes stopping ends the compute charge) and its other
/// notes, each with its source; empty for a seller that is not a catalog provider.
pub fn provider_rules(catalog: &Catalog, seller: &str, lang: Lang) -> Vec<String> {
    let Some(p) = catalog.provider(seller) else {
        return Vec::new();
    };
    std::iter::once(&p.metering.rule)
        .chain(std::iter::once(&p.stopped_rule))
        .chain(&p.notes)
        .map(|rule| {
            let text = match lang {
                Lang::En => &rule.en,
                Lang::Zh => &rule.zh,
            };
            match &rule.source {
                Some(id) => format!("{text} ({})", labels::source(catalog, id, lang)),
                None => format!("{text} ({})", Text::Unsourced.get(lang)),
            }
        })
        .collect()
}

/// The line items of `seller`'s plan (empty when it cannot serve). Built only when a row's
/// details are opened or printed: they are about half of the formatting work.
pub fn provider_lines(
    catalog: &Catalog,
    scenario: &Scenario,
    report: &Report,
    seller: &str,
    lang: Lang,
) -> Vec<LineView> {
    let Some(Ok(plan)) = report
        .comparison
        .providers
        .iter()
        .find(|p| p.seller.id == seller)
        .map(|p| &p.outcome)
    else {
        return Vec::new();
    };
    plan.lines
        .iter()
        .zip(&plan.options)
        .map(|(l, opts)| {
            let options: Vec<String> = opts
                .iter()
                .map(|o| {
                    let be = match o.break_even {
                        Some(BreakEven::Utilization(u)) => {
                            format!(" · {} {}", Text::BreakEven.get(lang), format::percent(u))
                        }
                        Some(BreakEven::HoursPerPeriod(h, period)) => format!(
                            " · {} {} h/{}",
                            Text::BreakEven.get(lang),
                            format::number(h, 1),
                            labels::period(period, lang)
                        ),
                        None => String::new(),
                    };
                    let not_allowed = if o.eligible {
                        ""
                    } else {
                        Text::NotAllowed.get(lang)
                    };
                    format!(
                        "{}: {} ({}){be}{not_allowed}",
                        labels::class(o.class, lang),
                        format::money(o.plan.subtotal),
                        labels::offer_id(&o.plan.offer, &o.plan.instance, lang)
                    )
                })
                .collect();
            line_view(catalog, scenario, l, lang, &options)
        })
        .collect()
}

fn saving_view(s: &Saving, lang: Lang) -> SavingView {
    SavingView {
        key: s.lever.as_str(),
        name: lever_name(s.lever, lang),
        amount: format::money(s.amount),
        percent: format!("{}%", s.percent()),
        from_to: format!("{} → {}", format::money(s.without), format::money(s.with)),
        assumption: s.assumption.text(lang),
        negative: s.amount.amount.is_sign_negative() && !s.amount.amount.is_zero(),
    }
}

/// Formats a report for `lang`.
pub fn results_view(
    catalog: &Catalog,
    scenario: &Scenario,
    report: &Report,
    lang: Lang,
) -> ResultsView {
    let c = &report.comparison;
    let mut rank = 0;
    let rows: Vec<ProviderRow> = c
        .providers
        .iter()
        .map(|p| {
            let r = p.outcome.is_ok().then(|| {
                rank += 1;
                rank
            });
            row(catalog, scenario, p, r, lang)
        })
        .collect();
    let headline = rows
        .first()
        .filter(|r| r.rank.is_some())
        .map(|r| (r.name.clone(), r.total.clone(), r.per_gpu_hour.clone()));
    let hours = scenario.horizon.hours();
    let demand = match lang {
        Lang::En => format!(
            "{} GPU-hours over {} hours",
            format::number(c.gpu_hours, 2),
            format::number(hours, 2)
        ),
        Lang::Zh => format!(
            "{} 小时内共 {} 卡·时",
            format::number(hours, 2),
            format::number(c.gpu_hours, 2)
        ),
    };
    ResultsView {
        headline,
        demand,
        rows,
        savings: report
            .savings
            .iter()
            .map(|s| saving_view(s, lang))
            .collect(),
        warnings: report.warnings.iter().map(|w| w.text(lang)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use gpucost_core::catalog::embedded;
    use gpucost_core::estimate::EstimateContext;
    use gpucost_core::fx::FxTable;
    use gpucost_core::money::Currency;
    use gpucost_core::presets::Preset;
    use gpucost_core::report::report;

    /// Alibaba's stop-without-charge rule, its metering and its missing monthly and spot
    /// prices were in the catalog but nowhere in the page.
    #[test]
    fn a_providers_details_say_how_it_bills_in_the_readers_language() {
        let e = embedded();
        let zh = provider_rules(&e.catalog, "alibaba", Lang::Zh);
        assert!(zh.iter().any(|r| r.contains("节省停机模式")), "{zh:?}");
        assert!(zh.iter().any(|r| r.contains("4 vCPU 每 2 分钟")), "{zh:?}");
        assert!(zh.iter().any(|r| r.contains("包年包月")), "{zh:?}");
        let en = provider_rules(&e.catalog, "alibaba", Lang::En);
        assert!(en.iter().any(|r| r.contains("2 min for 4")), "{en:?}");
        assert!(
            en.iter().all(|r| r.ends_with(')')),
            "each rule names its source: {en:?}"
        );
        assert!(provider_rules(&e.catalog, "custom:V100 quote", Lang::En).is_empty());
    }

    #[test]
    fn short_training_rows_show_the_seed_quote_with_its_arithmetic() {
        let e = embedded();
        let s = Preset::ShortTraining.scenario();
        let valid = s.clone().validate(&e.catalog).unwrap();
        let fx = FxTable::from_catalog(&e.catalog);
        let r = report(&EstimateContext {
            catalog: &e.catalog,
            index: &e.index,
            scenario: &valid,
            fx: &fx,
            currency: Currency::Cny,
            today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
        });
        let v = results_view(&e.catalog, &s, &r, Lang::En);
        let quote = v
            .rows
            .iter()
            .find(|r| r.key == "custom:V100 quote")
            .unwrap();
        assert_eq!(quote.total, "¥2,304.00");
        let lines = provider_lines(&e.catalog, &s, &r, &quote.key, Lang::En);
        let item = &lines[0].items[0];
        assert_eq!(
            (
                item.quantity.as_str(),
                item.rate.as_str(),
                item.amount.as_str()
            ),
            ("288 instance-hours", "¥8.00/h", "¥2,304.00")
        );
        assert!(item.source.starts_with("your price"));
        assert_eq!(
            lines[0].title,
            "Line 1 · 4 × NVIDIA V100 (16/32 GB), all the time"
        );
        let zh = results_view(&e.catalog, &s, &r, Lang::Zh);
        assert!(zh.demand.contains("卡·时"));
        assert!(v.rows.iter().any(|r| r.unserved.is_some()));
        assert!(v.savings.iter().any(|s| s.key == "reference"));
    }
}
