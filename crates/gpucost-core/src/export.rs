//! Estimates as JSON, CSV, Markdown and a plain-text table — one implementation shared by the
//! page's export buttons and `gpucost estimate`, so both always print the same numbers as the
//! screen (every amount is the display-rounded amount the page shows).

use serde::Serialize;

use crate::billing::{Coverage, ItemKind, PlanKind};
use crate::catalog::SourceKind;
use crate::estimate::{LineItem, LinePlan, ProviderEstimate, Unserved};
use crate::format::{self, Lang};
use crate::labels;
use crate::report::Report;
use crate::scenario::ValidScenario;
pub use crate::view::recommendation::{CandidateJson, RecommendationJson, RuleJson};

/// The JSON document of an estimate.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct EstimateJson {
    /// Format version of this document.
    pub version: u32,
    /// The link that reproduces the estimate (query string).
    pub link: String,
    /// Display currency.
    pub currency: String,
    /// Horizon length, hours.
    pub horizon_hours: String,
    /// GPU-hours needed.
    pub gpu_hours: String,
    /// Provider rows, cheapest first, then those that cannot serve.
    pub providers: Vec<ProviderJson>,
    /// Savings levers.
    pub savings: Vec<SavingJson>,
    /// Warnings, in the requested language.
    pub warnings: Vec<String>,
    /// The hardware recommendation, when the scenario describes a workload.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recommendation: Option<RecommendationJson>,
}

/// One provider row.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ProviderJson {
    /// Provider id.
    pub provider: String,
    /// Provider name in the requested language.
    pub name: String,
    /// `served` or `unserved`.
    pub status: String,
    /// Offer ids, one per line, joined by ` + `.
    pub offer: String,
    /// The offers as a reader names them in the requested language ([`labels::offer_id`]),
    /// joined by ` + ` (empty when unserved).
    pub offer_name: String,
    /// Plan slug, or `mixed`.
    pub billing_mode: String,
    /// Display currency.
    pub currency: String,
    /// Total as a decimal string (empty when unserved).
    pub total: String,
    /// Total per GPU-hour needed.
    pub per_gpu_hour: String,
    /// Why the provider cannot serve (empty when served).
    pub reason: String,
    /// Charges.
    pub line_items: Vec<LineItemJson>,
}

/// One charge.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LineItemJson {
    /// Line number, from 1.
    pub line: usize,
    /// Offer id.
    pub offer: String,
    /// Region of the price.
    pub region: String,
    /// Kind of charge.
    pub kind: String,
    /// The price's billing mode.
    pub mode: String,
    /// Quantity as a decimal string.
    pub quantity: String,
    /// `instance-hours` or `instance-periods`.
    pub unit: String,
    /// Rate per unit, native currency.
    pub rate: String,
    /// Currency of the rate.
    pub rate_currency: String,
    /// Amount in the display currency, rounded.
    pub amount: String,
    /// Source id of the rate.
    pub source: String,
    /// What kind of publication the source is (`list-price-copy`, `aggregator`, …; `user`
    /// for the user's own price).
    pub source_kind: String,
    /// Date of the rate.
    pub as_of: String,
    /// For a commitment over a one-off horizon: the whole terms each reserved instance owes,
    /// renewed back to back (`quantity` = reserved × terms × hours per term).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terms: Option<u32>,
}

/// One savings lever.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SavingJson {
    /// Lever slug.
    pub lever: String,
    /// `without − with`, decimal string.
    pub amount: String,
    /// Percent of `without`, two decimals.
    pub percent: String,
    /// Cost without the lever.
    pub without: String,
    /// Cost with it.
    pub with: String,
    /// The assumption, in the requested language.
    pub assumption: String,
}

fn dec(d: rust_decimal::Decimal) -> String {
    d.normalize().to_string()
}

fn item_json(line: &LinePlan, i: &LineItem) -> LineItemJson {
    let (offer, region) = (&line.offer, &line.region);
    let terms = match (i.kind, line.plan) {
        (
            ItemKind::Commitment,
            PlanKind::Committed {
                coverage: Coverage::Terms(n),
                ..
            },
        ) => Some(n),
        _ => None,
    };
    LineItemJson {
        line: line.line + 1,
        offer: offer.to_string(),
        region: region.to_string(),
        kind: i.kind.as_str().to_string(),
        mode: i.mode.to_string(),
        quantity: dec(i.quantity),
        unit: match i.kind {
            ItemKind::Subscription => "instance-periods".into(),
            _ => "instance-hours".into(),
        },
        rate: dec(i.rate.amount),
        rate_currency: i.rate.currency.to_string(),
        amount: i.amount.to_decimal_string(),
        source: i.source.clone(),
        source_kind: i.source_kind.map_or("user", SourceKind::as_str).to_string(),
        as_of: i.as_of.to_string(),
        terms,
    }
}

/// Why a provider cannot serve, in `lang`.
pub fn unserved_text(u: &Unserved, lang: Lang) -> String {
    match (u, lang) {
        (Unserved::NoPrices, Lang::En) => {
            "no sourced price in the catalog; enter your quote as a custom price".into()
        }
        (Unserved::NoPrices, Lang::Zh) => {
            "目录中没有有来源的价格；可输入您的报价作为自定义价格".into()
        }
        (Unserved::NoOffer { line, gpu }, Lang::En) => {
            format!("no offer with {gpu} (line {})", line + 1)
        }
        (Unserved::NoOffer { line, gpu }, Lang::Zh) => {
            format!("没有 {gpu} 的规格（第 {} 行）", line + 1)
        }
    }
}

fn seller_name(p: &ProviderEstimate, lang: Lang) -> String {
    match lang {
        Lang::En => p.seller.name.clone(),
        Lang::Zh => p.seller.name_zh.clone(),
    }
}

/// The JSON document for `report`.
pub fn to_json(report: &Report, scenario: &ValidScenario, link: &str, lang: Lang) -> EstimateJson {
    let c = &report.comparison;
    let providers = c
        .providers
        .iter()
        .map(|p| match &p.outcome {
            Ok(plan) => ProviderJson {
                provider: p.seller.id.clone(),
                name: seller_name(p, lang),
                status: "served".into(),
                offer: plan
                    .lines
                    .iter()
                    .map(|l| l.offer.as_str())
                    .collect::<Vec<_>>()
                    .join(" + "),
                offer_name: plan
                    .lines
                    .iter()
                    .map(|l| labels::offer_id(&l.offer, &l.instance, lang))
                    .collect::<Vec<_>>()
                    .join(" + "),
                billing_mode: plan.billing_mode(),
                currency: c.currency.to_string(),
                total: plan.total.to_decimal_string(),
                per_gpu_hour: format!("{:.4}", plan.per_gpu_hour.amount.round_dp(4)),
                reason: String::new(),
                line_items: plan
                    .lines
                    .iter()
                    .flat_map(|l| l.items.iter().map(|i| item_json(l, i)))
                    .collect(),
            },
            Err(u) => ProviderJson {
                provider: p.seller.id.clone(),
                name: seller_name(p, lang),
                status: "unserved".into(),
                offer: String::new(),
                offer_name: String::new(),
                billing_mode: String::new(),
                currency: c.currency.to_string(),
                total: String::new(),
                per_gpu_hour: String::new(),
                reason: unserved_text(u, lang),
                line_items: Vec::new(),
            },
        })
        .collect();
    EstimateJson {
        version: 1,
        link: link.to_string(),
        currency: c.currency.to_string(),
        horizon_hours: dec(scenario.scenario().horizon.hours()),
        gpu_hours: dec(c.gpu_hours),
        providers,
        savings: report
            .savings
            .iter()
            .map(|s| SavingJson {
                lever: s.lever.as_str().into(),
                amount: s.amount.to_decimal_string(),
                percent: s.percent().replace(',', ""),
                without: s.without.to_decimal_string(),
                with: s.with.to_decimal_string(),
                assumption: s.assumption.text(lang),
            })
            .collect(),
        warnings: report.warnings.iter().map(|w| w.text(lang)).collect(),
        recommendation: report
            .recommendation
            .as_ref()
            .map(|r| crate::view::recommendation::recommendation_json(r, lang)),
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One CSV row per charge (and one per provider that cannot serve), with a header; `terms`
/// is filled for commitments renewed over a one-off horizon (see [`LineItemJson::terms`]).
pub fn to_csv(json: &EstimateJson) -> String {
    let mut out = String::from(
        "provider,name,status,total,currency,billing_mode,line,offer,region,kind,mode,quantity,unit,rate,rate_currency,amount,source,source_kind,as_of,reason,terms\n",
    );
    for p in &json.providers {
        let head = [
            p.provider.as_str(),
            &p.name,
            &p.status,
            &p.total,
            &p.currency,
            &p.billing_mode,
        ];
        if p.line_items.is_empty() {
            let mut row: Vec<String> = head.iter().map(|s| csv_field(s)).collect();
            row.extend(std::iter::repeat_n(String::new(), 13));
            row.push(csv_field(&p.reason));
            row.push(String::new());
            out.push_str(&row.join(","));
            out.push('\n');
        }
        for i in &p.line_items {
            let mut row: Vec<String> = head.iter().map(|s| csv_field(s)).collect();
            row.push(i.line.to_string());
            for f in [
                &i.offer,
                &i.region,
                &i.kind,
                &i.mode,
                &i.quantity,
                &i.unit,
                &i.rate,
                &i.rate_currency,
                &i.amount,
                &i.source,
                &i.source_kind,
                &i.as_of,
            ] {
                row.push(csv_field(f));
            }
            row.push(String::new());
            row.push(i.terms.map(|n| n.to_string()).unwrap_or_default());
            out.push_str(&row.join(","));
            out.push('\n');
        }
    }
    out
}

fn md_cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// A Markdown table of provider totals and the savings levers.
pub fn to_markdown(json: &EstimateJson, lang: Lang) -> String {
    let (h_provider, h_mode, h_total, h_gpuh, h_offer) = match lang {
        Lang::En => ("Provider", "Billing", "Total", "Per GPU-hour", "Offer"),
        Lang::Zh => ("厂商", "计费方式", "总计", "每 GPU 小时", "规格"),
    };
    let mut out = format!(
        "| {h_provider} | {h_mode} | {h_total} ({c}) | {h_gpuh} ({c}) | {h_offer} |\n| --- | --- | ---: | ---: | --- |\n",
        c = json.currency
    );
    for p in json.providers.iter().filter(|p| p.status == "served") {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            md_cell(&p.name),
            md_cell(&p.billing_mode),
            p.total,
            p.per_gpu_hour,
            md_cell(&p.offer_name)
        ));
    }
    if !json.savings.is_empty() {
        let (h_lever, h_amount, h_pct, h_assumption) = match lang {
            Lang::En => ("Saving", "Amount", "Percent", "Assumption"),
            Lang::Zh => ("节省方式", "金额", "比例", "假设"),
        };
        out.push_str(&format!(
            "\n| {h_lever} | {h_amount} ({}) | {h_pct} | {h_assumption} |\n| --- | ---: | ---: | --- |\n",
            json.currency
        ));
        for s in &json.savings {
            out.push_str(&format!(
                "| {} | {} | {}% | {} |\n",
                s.lever,
                s.amount,
                s.percent,
                md_cell(&s.assumption)
            ));
        }
    }
    out
}

/// A plain-text table for terminals.
pub fn to_table(json: &EstimateJson, report: &Report, lang: Lang) -> String {
    let mut out = String::new();
    let served: Vec<&ProviderJson> = json
        .providers
        .iter()
        .filter(|p| p.status == "served")
        .collect();
    let width = json
        .providers
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(8)
        .max(8);
    out.push_str(&format!(
        "{:<4} {:<width$} {:>16} {:>14}  {}\n",
        "#",
        "provider",
        format!("total {}", json.currency),
        format!("per GPU-h {}", json.currency),
        "billing / offer"
    ));
    for (i, p) in served.iter().enumerate() {
        let total = report.comparison.providers[i]
            .outcome
            .as_ref()
            .map(|plan| format::money(plan.total))
            .unwrap_or_default();
        out.push_str(&format!(
            "{:<4} {:<width$} {:>16} {:>14}  {} · {}\n",
            i + 1,
            p.name,
            total,
            report.comparison.providers[i]
                .outcome
                .as_ref()
                .map(|plan| format::rate(plan.per_gpu_hour))
                .unwrap_or_default(),
            p.billing_mode,
            p.offer_name
        ));
    }
    for p in json.providers.iter().filter(|p| p.status != "served") {
        out.push_str(&format!("-    {:<width$} {}\n", p.name, p.reason));
    }
    if !json.savings.is_empty() {
        out.push_str("\nsavings:\n");
        for s in &json.savings {
            out.push_str(&format!(
                "  {:<18} {:>14} {:>8}%  {}\n",
                s.lever, s.amount, s.percent, s.assumption
            ));
        }
    }
    if let Some(rec) = &json.recommendation {
        out.push_str(&format!(
            "\nrecommended GPUs (cost per {}, memory {} GiB):\n",
            rec.unit, rec.memory_gib
        ));
        for (i, c) in rec.ranked.iter().take(5).enumerate() {
            out.push_str(&format!(
                "  {}. {} ×{}  {}–{} {}  ({}, {})\n",
                i + 1,
                c.gpu,
                c.gpus,
                c.cost_low,
                c.cost_high,
                json.currency,
                c.provider,
                c.throughput_basis
            ));
        }
    }
    for w in report.warnings.iter().map(|w| w.text(lang)) {
        out.push_str(&format!("warning: {w}\n"));
    }
    out
}
