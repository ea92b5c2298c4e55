//! Estimates as JSON, CSV, Markdown and a plain-text table — one implementation shared by the
//! page's export buttons and `gpucost estimate`, so both always print the same numbers as the
//! screen (every amount is the display-rounded amount the page shows).

use serde::Serialize;

use crate::billing::ItemKind;
use crate::catalog::{Catalog, SourceKind};
use crate::escape::{csv_row, markdown_text, terminal_lines};
use crate::estimate::{ProviderPlan, USER_SOURCE};
use crate::format::{self, Lang};
use crate::l10n::results::lever_name;
use crate::l10n::ui::Text;
use crate::placement::Packing;
use crate::recommend::CostUnit;
use crate::report::Report;
use crate::scenario::{Scenario, ValidScenario};
pub use crate::view::recommendation::{CandidateJson, RecommendationJson, RuleJson};
use crate::view::results::{
    plan_lines, results_view, ItemView, LineView, PlacementView, ProviderRow, RateSource,
    ResultsView,
};

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
    /// Where the job may run: the rules catalog offers were chosen by.
    pub constraints: ConstraintsJson,
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

/// The rules catalog offers were chosen by ([`PlacementView`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ConstraintsJson {
    /// Where catalog prices come from: `any`, `cn`, `not-cn` or a continent slug.
    pub geo: String,
    /// Fewest host vCPUs per GPU (empty: no floor).
    pub vcpus_per_gpu: String,
    /// Least host RAM per GPU, GiB (empty: no floor).
    pub ram_gib_per_gpu: String,
    /// Each line's packing.
    pub lines: Vec<LinePackingJson>,
    /// The rules in the requested language, as the page shows them (empty at the defaults).
    pub text: String,
}

/// How one line's GPUs may be spread over machines.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LinePackingJson {
    /// Line number, from 1.
    pub line: usize,
    /// `split` (machines of any size), `one-machine` or `at-least`.
    pub packing: String,
    /// Fewest GPUs per machine the line accepts (empty for `split`).
    pub min_gpus_per_machine: String,
}

fn constraints_json(s: &Scenario, placement: &PlacementView, lang: Lang) -> ConstraintsJson {
    let floor = |v: Option<rust_decimal::Decimal>| v.map(dec).unwrap_or_default();
    ConstraintsJson {
        geo: s.geo.as_str().into(),
        vcpus_per_gpu: floor(s.host.vcpus_per_gpu),
        ram_gib_per_gpu: floor(s.host.ram_gib_per_gpu),
        lines: s
            .lines
            .iter()
            .enumerate()
            .map(|(i, l)| LinePackingJson {
                line: i + 1,
                packing: match l.packing {
                    Packing::Split => "split",
                    Packing::OneMachine => "one-machine",
                    Packing::AtLeast(_) => "at-least",
                }
                .into(),
                min_gpus_per_machine: l.min_per_machine().map(dec).unwrap_or_default(),
            })
            .collect(),
        text: placement.text(lang),
    }
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
    /// How it is billed, in the requested language, as the page shows it (empty when
    /// unserved).
    pub billing: String,
    /// Display currency.
    pub currency: String,
    /// Total as a decimal string (empty when unserved).
    pub total: String,
    /// Total per GPU-hour needed.
    pub per_gpu_hour: String,
    /// The machines used, one entry per line, joined by ` + ` (`1 × 4 GPU, NVLink`; empty
    /// when unserved).
    pub machines: String,
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
    /// Machines of this offer at the line's peak.
    pub machines: u32,
    /// GPUs on each machine.
    pub gpus_per_machine: String,
    /// `nvlink` or `pcie` where the catalog says (else empty).
    pub interconnect: String,
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
    /// The lever's name in the requested language, as the page shows it.
    pub name: String,
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

fn item_json(line: &LineView, i: &ItemView) -> LineItemJson {
    LineItemJson {
        line: line.number,
        offer: line.offer.id.clone(),
        region: line.region.clone(),
        machines: line.offer.machines,
        gpus_per_machine: dec(line.offer.gpus_each),
        interconnect: line
            .offer
            .interconnect
            .map(|i| i.as_str().to_string())
            .unwrap_or_default(),
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
        source: match &i.source {
            RateSource::User => USER_SOURCE.to_string(),
            RateSource::Catalog(id) => id.clone(),
        },
        source_kind: i.source_kind.map_or("user", SourceKind::as_str).to_string(),
        as_of: i.as_of.to_string(),
        terms: i.terms,
    }
}

fn provider_json(
    catalog: &Catalog,
    scenario: &Scenario,
    plan: Option<&ProviderPlan>,
    row: &ProviderRow,
    currency: &str,
    lang: Lang,
) -> ProviderJson {
    let (provider, name) = (row.key.clone(), row.names.get(lang).to_string());
    match (&row.outcome, plan) {
        (Ok(served), Some(plan)) => ProviderJson {
            provider,
            name,
            status: "served".into(),
            offer: served
                .offers
                .iter()
                .map(|o| o.id.as_str())
                .collect::<Vec<_>>()
                .join(" + "),
            offer_name: served.offer_ids_text(lang),
            machines: served.machines_text(lang),
            billing_mode: served.billing.slug(),
            billing: served.billing.text(lang),
            currency: currency.to_string(),
            total: served.total.to_decimal_string(),
            per_gpu_hour: format::rate_value(served.per_gpu_hour),
            reason: String::new(),
            line_items: plan_lines(catalog, scenario, plan)
                .iter()
                .flat_map(|l| l.items.iter().map(|i| item_json(l, i)))
                .collect(),
        },
        (outcome, _) => ProviderJson {
            provider,
            name,
            status: "unserved".into(),
            offer: String::new(),
            offer_name: String::new(),
            machines: String::new(),
            billing_mode: String::new(),
            billing: String::new(),
            currency: currency.to_string(),
            total: String::new(),
            per_gpu_hour: String::new(),
            reason: outcome
                .as_ref()
                .err()
                .map(|u| u.text(lang))
                .unwrap_or_default(),
            line_items: Vec::new(),
        },
    }
}

/// The JSON document for `report`: the [`ResultsView`] the page shows, with its line items.
pub fn to_json(
    catalog: &Catalog,
    report: &Report,
    scenario: &ValidScenario,
    link: &str,
    lang: Lang,
) -> EstimateJson {
    let s = scenario.scenario();
    let view = results_view(catalog, s, report);
    let currency = view.currency.to_string();
    let providers = view
        .rows
        .iter()
        .zip(&report.comparison.providers)
        .map(|(row, p)| provider_json(catalog, s, p.outcome.as_ref().ok(), row, &currency, lang))
        .collect();
    EstimateJson {
        version: 1,
        link: link.to_string(),
        currency,
        horizon_hours: dec(view.demand.hours),
        gpu_hours: dec(view.demand.gpu_hours),
        constraints: constraints_json(s, &view.placement, lang),
        providers,
        savings: view
            .savings
            .iter()
            .map(|s| SavingJson {
                lever: s.lever.as_str().into(),
                name: lever_name(s.lever, lang).into(),
                amount: s.amount.to_decimal_string(),
                percent: format::percent_value(s.percent()),
                without: s.without.to_decimal_string(),
                with: s.with.to_decimal_string(),
                assumption: s.assumption.text(lang),
            })
            .collect(),
        warnings: view.warnings.iter().map(|w| w.text(lang)).collect(),
        recommendation: report
            .recommendation
            .as_ref()
            .map(|r| crate::view::recommendation::recommendation_json(r, lang)),
    }
}

/// One CSV row per charge (and one per provider that cannot serve), with a header; `terms`
/// is filled for commitments renewed over a one-off horizon (see [`LineItemJson::terms`]).
pub fn to_csv(json: &EstimateJson) -> String {
    let mut out = String::from(
        "provider,name,status,total,currency,billing_mode,line,offer,region,kind,mode,quantity,unit,rate,rate_currency,amount,source,source_kind,as_of,reason,terms,machines,gpus_per_machine,interconnect,packing,min_gpus_per_machine,geo,vcpus_per_gpu,ram_gib_per_gpu\n",
    );
    // The scenario-wide rules, repeated on every row so that each row stands alone.
    let c = &json.constraints;
    let scenario_cells = [
        c.geo.as_str(),
        c.vcpus_per_gpu.as_str(),
        c.ram_gib_per_gpu.as_str(),
    ];
    // Every cell, ours or the link's, goes through `csv_row` so none can be a formula.
    for p in json.providers.iter() {
        let head = [
            p.provider.as_str(),
            &p.name,
            &p.status,
            &p.total,
            &p.currency,
            &p.billing_mode,
        ];
        if p.line_items.is_empty() {
            let mut row: Vec<&str> = head.to_vec();
            row.extend(std::iter::repeat_n("", 13));
            row.push(&p.reason);
            row.push("");
            row.extend(std::iter::repeat_n("", 5));
            row.extend(scenario_cells);
            out.push_str(&csv_row(row));
        }
        for i in &p.line_items {
            let (line, terms, machines) = (
                i.line.to_string(),
                i.terms.map(|n| n.to_string()).unwrap_or_default(),
                i.machines.to_string(),
            );
            let packing = json.constraints.lines.iter().find(|l| l.line == i.line);
            let mut row: Vec<&str> = head.to_vec();
            row.push(&line);
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
                row.push(f);
            }
            row.push("");
            row.push(&terms);
            row.push(&machines);
            row.push(&i.gpus_per_machine);
            row.push(&i.interconnect);
            row.push(packing.map_or("", |l| l.packing.as_str()));
            row.push(packing.map_or("", |l| l.min_gpus_per_machine.as_str()));
            row.extend(scenario_cells);
            out.push_str(&csv_row(row));
        }
    }
    out
}

/// A Markdown table of provider totals and the savings levers.
pub fn to_markdown(json: &EstimateJson, lang: Lang) -> String {
    // The page's own column words, so every surface names a column the same way.
    let t = |text: Text| text.get(lang);
    let (h_provider, h_mode, h_total, h_gpuh, h_offer, h_machines) = (
        t(Text::ColProvider),
        t(Text::ColBilling),
        t(Text::ColTotal),
        t(Text::ColPerGpuHour),
        t(Text::ColOffers),
        t(Text::Machines),
    );
    let mut out = String::new();
    if !json.constraints.text.is_empty() {
        out.push_str(&format!("{}\n\n", markdown_text(&json.constraints.text)));
    }
    out.push_str(&format!(
        "| {h_provider} | {h_mode} | {h_total} ({c}) | {h_gpuh} ({c}) | {h_offer} | {h_machines} |\n| --- | --- | ---: | ---: | --- | --- |\n",
        c = json.currency
    ));
    for p in json.providers.iter().filter(|p| p.status == "served") {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            markdown_text(&p.name),
            markdown_text(&p.billing),
            p.total,
            p.per_gpu_hour,
            markdown_text(&p.offer_name),
            markdown_text(&p.machines)
        ));
    }
    if !json.savings.is_empty() {
        let (h_lever, h_amount, h_pct, h_assumption) = (
            t(Text::Lever),
            t(Text::Amount),
            t(Text::ColSavedPercent),
            t(Text::ColAssumption),
        );
        out.push_str(&format!(
            "\n| {h_lever} | {h_amount} ({}) | {h_pct} | {h_assumption} |\n| --- | ---: | ---: | --- |\n",
            json.currency
        ));
        for s in &json.savings {
            out.push_str(&format!(
                "| {} | {} | {}% | {} |\n",
                markdown_text(&s.name),
                s.amount,
                s.percent,
                markdown_text(&s.assumption)
            ));
        }
    }
    out
}

/// A plain-text table for terminals: the [`ResultsView`]'s rows with the display-rounded
/// amounts the page shows, the savings and the recommended GPUs of `json`, and the warnings.
pub fn to_table(json: &EstimateJson, view: &ResultsView, lang: Lang) -> String {
    let w = TableWords::of(lang);
    let mut out = String::new();
    if !json.constraints.text.is_empty() {
        out.push_str(&format!("{}\n\n", json.constraints.text));
    }
    let width = view
        .rows
        .iter()
        .map(|r| columns(r.names.get(lang)))
        .max()
        .unwrap_or(8)
        .max(8);
    let per_heading = format!("{} {}", w.per_gpu_hour, view.currency);
    let per_width = (columns(&per_heading) + 1).max(14);
    out.push_str(&format!(
        "{:<4} {} {} {}  {}\n",
        "#",
        pad_end(w.provider, width),
        pad_start(&format!("{} {}", w.total, view.currency), 16),
        pad_start(&per_heading, per_width),
        w.billing_offer
    ));
    for row in &view.rows {
        let name = row.names.get(lang);
        match &row.outcome {
            Ok(s) => out.push_str(&format!(
                "{:<4} {} {:>16} {}  {} · {}\n",
                row.rank.unwrap_or_default(),
                pad_end(name, width),
                format::money(s.total),
                pad_start(&format::rate(s.per_gpu_hour), per_width),
                s.billing.text(lang),
                s.offers_text(lang)
            )),
            Err(why) => out.push_str(&format!(
                "-    {} {}\n",
                pad_end(name, width),
                why.text(lang)
            )),
        }
    }
    if !json.savings.is_empty() {
        out.push_str(&format!("\n{}\n", w.savings));
        let lever_width = json
            .savings
            .iter()
            .map(|s| columns(&s.name))
            .max()
            .unwrap_or(0);
        for s in &json.savings {
            out.push_str(&format!(
                "  {} {:>14} {:>8}%  {}\n",
                pad_end(&s.name, lever_width),
                s.amount,
                s.percent,
                s.assumption
            ));
        }
    }
    if let Some(rec) = &json.recommendation {
        out.push_str(&format!(
            "\n{}\n",
            (w.recommended)(&rec.unit, &rec.memory_gib)
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
    for warning in &json.warnings {
        out.push_str(&format!("{}{warning}\n", w.warning));
    }
    // Names and assumptions can come from a link: nothing in them may drive the terminal.
    terminal_lines(&out)
}

/// Columns `text` takes in a terminal: two for each wide (CJK, full-width) character.
fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| match c as u32 {
            0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6 => 2,
            _ => 1,
        })
        .sum()
}

/// `text` followed by spaces to `width` terminal columns.
fn pad_end(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(columns(text));
    format!("{text}{}", " ".repeat(fill))
}

/// Spaces, then `text`, to `width` terminal columns.
fn pad_start(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(columns(text));
    format!("{}{text}", " ".repeat(fill))
}

/// The table's headings in one language: the page's column words (one vocabulary for every
/// surface), with the terminal's own punctuation.
struct TableWords {
    provider: &'static str,
    total: &'static str,
    per_gpu_hour: &'static str,
    billing_offer: String,
    savings: String,
    warning: String,
    recommended: fn(&str, &str) -> String,
}

impl TableWords {
    fn of(lang: Lang) -> Self {
        let t = |text: Text| text.get(lang);
        let colon = match lang {
            Lang::En => ": ",
            Lang::Zh => "：",
        };
        TableWords {
            provider: t(Text::ColProvider),
            total: t(Text::ColTotal),
            per_gpu_hour: t(Text::ColPerGpuHour),
            billing_offer: format!("{} · {}", t(Text::ColBilling), t(Text::ColOffers)),
            savings: format!("{}{}", t(Text::SavingsHeading), colon.trim_end()),
            warning: format!("{}{colon}", t(Text::WarningsHeading)),
            recommended: match lang {
                Lang::En => {
                    |unit, gib| format!("recommended GPUs (cost per {unit}, memory {gib} GiB):")
                }
                Lang::Zh => |unit, gib| {
                    // The JSON carries the unit's slug.
                    let unit = CostUnit::from_slug(unit).map_or(unit, |u| u.text(Lang::Zh));
                    format!("推荐 GPU（成本按{unit}计，显存 {gib} GiB）：")
                },
            },
        }
    }
}
