//! The estimate as JSON: the [`EstimateView`] with its words in one language, as a versioned
//! document (`version` 1). Every amount is the display-rounded decimal the page shows; every
//! id and slug is stable across languages; words (`name`, `billing`, `reason`, `warnings`,
//! `assumption`, `constraints.text`) are in the requested language.
//!
//! CSV and Markdown print this document; the terminal table prints the view itself.

use serde::Serialize;

use crate::billing::{Coverage, ItemKind};
use crate::billing_mode::BillingMode;
use crate::catalog::SourceKind;
use crate::estimate::{CommittedTerms, Upfront, USER_SOURCE};
use crate::format::{self, Lang};
use crate::l10n::commitment;
use crate::l10n::results::lever_name;
use crate::l10n::Localize;
use crate::money::Money;
use crate::pool::{Pool, SharedPool};
pub use crate::print::json_recommendation::{CandidateJson, RecommendationJson, RuleJson};
use crate::view::batch::BatchView;
use crate::view::estimate::{Constraints, EstimateView};
use crate::view::results::{
    Badge, ItemView, LineView, PlacementView, ProviderRow, RateSource, ServingLine,
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
    /// Serving lines' fleets, derived from their load (absent when no line states a load).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub serving: Vec<ServingJson>,
    /// The batch queue packed and priced (absent without jobs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub batch: Option<BatchJson>,
    /// Provider rows, cheapest first, then those that cannot serve.
    pub providers: Vec<ProviderJson>,
    /// Savings levers.
    pub savings: Vec<SavingJson>,
    /// The teams' shared pools (absent when no two teams rent the same GPU model for less
    /// together).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pools: Vec<PoolJson>,
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
    /// `one-region` when each provider keeps every line in one of its regions, else `any`.
    pub spread: String,
    /// Fewest host vCPUs per GPU (empty: no floor).
    pub vcpus_per_gpu: String,
    /// Least host RAM per GPU, GiB (empty: no floor).
    pub ram_gib_per_gpu: String,
    /// Each line's packing.
    pub lines: Vec<LinePackingJson>,
    /// The rules in the requested language, as the page shows them (empty at the defaults).
    pub text: String,
}

/// The batch queue packed and priced ([`BatchView`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct BatchJson {
    /// Jobs in the queue.
    pub jobs: usize,
    /// One rental per job: the cheapest provider's total (empty when none rents every job).
    pub alone: String,
    /// The packed pools: the cheapest provider's total (empty when none rents them).
    pub packed: String,
    /// One pool per GPU model.
    pub pools: Vec<BatchPoolJson>,
    /// The queue in the requested language, as the page shows it.
    pub text: String,
}

/// One GPU model's pool of the batch queue ([`PoolView`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct BatchPoolJson {
    /// The GPU model's name.
    pub gpu: String,
    /// GPUs in the pool.
    pub gpus: u32,
    /// Offer id of the packed plan (empty when none rents it).
    pub offer: String,
    /// The pool's part of the packed total.
    pub subtotal: String,
    /// Its jobs, by start.
    pub jobs: Vec<JobJson>,
    /// The pool in the requested language.
    pub text: String,
}

/// One job's place in the schedule ([`JobRow`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct JobJson {
    /// Job number, from 1.
    pub job: usize,
    /// GPUs it runs on at once.
    pub gpus: u32,
    /// The pool's GPUs it runs on, numbered from 1 (`1–8, 11`).
    pub on: String,
    /// Start, hours into the period.
    pub start_hour: String,
    /// End, hours into the period.
    pub end_hour: String,
    /// Earliest start, hours into the period.
    pub from_hour: u32,
    /// Deadline, hours into the period.
    pub due_hour: u32,
    /// The job in the requested language.
    pub text: String,
}

impl BatchJson {
    fn of(b: &BatchView, lang: Lang) -> BatchJson {
        let money = |m: Option<Money>| m.map(|m| m.to_decimal_string()).unwrap_or_default();
        BatchJson {
            jobs: b.jobs,
            alone: money(b.alone),
            packed: money(b.packed),
            pools: b
                .pools
                .iter()
                .map(|p| BatchPoolJson {
                    gpu: p.gpu.clone(),
                    gpus: p.size,
                    offer: p
                        .rental
                        .as_ref()
                        .map(|r| r.offer.clone())
                        .unwrap_or_default(),
                    subtotal: money(p.rental.as_ref().map(|r| r.subtotal)),
                    jobs: p
                        .jobs
                        .iter()
                        .map(|j| JobJson {
                            job: j.job,
                            gpus: j.gpus,
                            on: j.gpu_numbers(),
                            start_hour: dec(j.start_hour),
                            end_hour: dec(j.end_hour),
                            from_hour: j.from_hour,
                            due_hour: j.due_hour,
                            text: j.text(lang),
                        })
                        .collect(),
                    text: p.text(lang),
                })
                .collect(),
            text: b.text(lang),
        }
    }
}

/// A serving line's fleet, derived from its load ([`ServingLine`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ServingJson {
    /// Line number, from 1.
    pub line: usize,
    /// Peak requests per second.
    pub peak_rps: String,
    /// Requests per second one GPU serves.
    pub rps_per_gpu: String,
    /// Spare capacity above the load, percent.
    pub headroom_pct: String,
    /// Fewest GPUs kept running.
    pub min_gpus: u32,
    /// Minutes GPUs scale out before the load rises.
    pub lead_minutes: u32,
    /// Minutes GPUs stay after the load falls.
    pub scale_in_minutes: u32,
    /// The most GPUs the derived fleet runs at once.
    pub peak_gpus: u32,
    /// GPU-hours the derived fleet runs over the horizon.
    pub gpu_hours: String,
    /// The same in the requested language, as the page shows it.
    pub text: String,
}

impl ServingJson {
    fn of(s: &ServingLine, lang: Lang) -> ServingJson {
        ServingJson {
            line: s.line,
            peak_rps: dec(s.load.rps),
            rps_per_gpu: dec(s.load.per_gpu),
            headroom_pct: dec(s.load.headroom_pct),
            min_gpus: s.load.min_gpus,
            lead_minutes: s.lead_minutes,
            scale_in_minutes: s.load.scale_in_minutes,
            peak_gpus: s.peak_gpus,
            gpu_hours: dec(s.gpu_hours),
            text: s.text(lang),
        }
    }
}

/// One shared pool ([`Pool`]): its combined demand beside each team's, and its cost's split.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PoolJson {
    /// The GPU model id.
    pub gpu: String,
    /// The most GPUs the teams need at once, together.
    pub peak_gpus: String,
    /// Their peaks added up (renting apart).
    pub peaks_added: String,
    /// GPU-hours, all teams.
    pub gpu_hours: String,
    /// The pool's cost in the pooled plan.
    pub pooled: String,
    /// The teams' lines' cost in the scenario's own plan.
    pub apart: String,
    /// Who sells the pooled plan, in the requested language.
    pub seller: String,
    /// GPUs needed together per hour of the first week (an hour's average).
    pub combined_by_hour: Vec<String>,
    /// Each team.
    pub teams: Vec<TeamJson>,
    /// The pool in the requested language, as the page shows it.
    pub text: String,
}

/// One team's part of a pool ([`TeamShare`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TeamJson {
    /// The team's name, as the user typed it.
    pub team: String,
    /// Its lines, numbered from 1.
    pub lines: Vec<usize>,
    /// The most GPUs it needs at once.
    pub peak_gpus: String,
    /// GPU-hours it uses.
    pub gpu_hours: String,
    /// What its lines cost renting its own.
    pub apart: String,
    /// Its share of the pool's cost, by GPU-hours (the shares add up to `pooled`).
    pub share: String,
    /// GPUs it needs per hour of the first week.
    pub demand_by_hour: Vec<String>,
    /// The team in the requested language, as the page shows it.
    pub text: String,
}

fn pools_json(pool: Option<&SharedPool>, lang: Lang) -> Vec<PoolJson> {
    let Some(pool) = pool else {
        return Vec::new();
    };
    let seller = match lang {
        Lang::En => &pool.seller,
        Lang::Zh => &pool.seller_zh,
    };
    let hours = |h: &[rust_decimal::Decimal]| h.iter().map(|d| dec(*d)).collect();
    pool.pools
        .iter()
        .map(|p: &Pool| PoolJson {
            gpu: p.gpu.clone(),
            peak_gpus: dec(p.peak),
            peaks_added: dec(p.peaks_added),
            gpu_hours: dec(p.gpu_hours),
            pooled: p.pooled.to_decimal_string(),
            apart: p.apart.to_decimal_string(),
            seller: seller.clone(),
            combined_by_hour: hours(&p.combined),
            teams: p
                .teams
                .iter()
                .map(|t| TeamJson {
                    team: t.team.clone(),
                    lines: t.lines.clone(),
                    peak_gpus: dec(t.peak),
                    gpu_hours: dec(t.gpu_hours),
                    apart: t.apart.to_decimal_string(),
                    share: t.share.to_decimal_string(),
                    demand_by_hour: hours(&t.demand),
                    text: t.text(lang),
                })
                .collect(),
            text: p.text(lang),
        })
        .collect()
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
    /// The team that rents it, as the user typed it (empty for none).
    pub team: String,
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
    /// Where its catalog prices are from, in the requested language, as the page says it
    /// (`us-east-1`, `2 regions: us-east-1, us-east-2`; empty when unserved).
    pub region: String,
    /// The same regions, each once, in line order.
    pub regions: Vec<String>,
    /// Why the provider cannot serve (empty when served).
    pub reason: String,
    /// What its commitments bind the buyer to, in the requested language, as the page says
    /// it (empty when nothing is committed).
    pub commitment: String,
    /// The same commitments as numbers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub commitments: Vec<CommitmentJson>,
    /// The date of the provider's newest catalog price (`2026-01-21`, `<=2024-12-01` for an
    /// upper bound, `unknown`; empty for the user's own seller), as the page's row says it.
    pub prices_as_of: String,
    /// Whether that newest price is more than a year old, the row's "old prices" mark.
    pub stale: bool,
    /// Charges.
    pub line_items: Vec<LineItemJson>,
}

/// What a commitment binds the buyer to beyond the scenario's period ([`CommittedTerms`]).
/// Amounts are display-rounded decimals in the display currency; `in_period` and
/// `after_horizon` add up to `whole`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CommitmentJson {
    /// The commitment's billing mode (`ri-standard-3y-all-upfront`).
    pub mode: String,
    /// Its term (`3mo`, `6mo`, `1y`, `3y`).
    pub term: String,
    /// Terms bought, back to back (1 for a recurring period's share of one term).
    pub terms: u32,
    /// Instances committed.
    pub instances: u32,
    /// Everything the terms cost.
    pub whole: String,
    /// Paid at the start of each term: the term's whole price (all upfront, prepaid), `0.00`
    /// (no upfront, monthly), or empty when part is paid up front at a split the seller
    /// quotes.
    pub upfront: String,
    /// What the scenario's period is charged of it (within `total`).
    pub in_period: String,
    /// What falls after the period: the rest of a term that runs on past it.
    pub after_horizon: String,
}

impl CommitmentJson {
    fn of(t: &CommittedTerms) -> CommitmentJson {
        CommitmentJson {
            mode: BillingMode::Committed(t.commitment).to_string(),
            term: t.commitment.term.as_str().into(),
            terms: match t.coverage {
                Coverage::Share => 1,
                Coverage::Terms(n) => n,
            },
            instances: t.reserved,
            whole: t.whole.to_decimal_string(),
            upfront: match t.upfront {
                Upfront::Whole(m) => m.to_decimal_string(),
                Upfront::Part => String::new(),
                Upfront::Nothing => Money::zero(t.whole.currency).to_decimal_string(),
            },
            in_period: t.in_period.to_decimal_string(),
            after_horizon: t.after_horizon().to_decimal_string(),
        }
    }
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
    /// For a commitment: what this line's commitment binds the buyer to (the provider's
    /// `commitments` state lines on the same commitment as one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commitment: Option<CommitmentJson>,
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
        commitment: line
            .committed
            .as_ref()
            .filter(|_| i.kind == ItemKind::Commitment)
            .map(CommitmentJson::of),
    }
}

fn constraints_json(c: &Constraints, placement: &PlacementView, lang: Lang) -> ConstraintsJson {
    let floor = |v: Option<rust_decimal::Decimal>| v.map(dec).unwrap_or_default();
    ConstraintsJson {
        geo: c.geo.as_str().into(),
        spread: placement.spread.as_str().into(),
        vcpus_per_gpu: floor(c.vcpus_per_gpu),
        ram_gib_per_gpu: floor(c.ram_gib_per_gpu),
        lines: c
            .lines
            .iter()
            .map(|l| LinePackingJson {
                line: l.line,
                packing: l.packing.kind().as_str().into(),
                min_gpus_per_machine: floor(l.min_per_machine),
                team: l.team.clone().unwrap_or_default(),
            })
            .collect(),
        text: placement.text(lang),
    }
}

fn provider_json(
    row: &ProviderRow,
    lines: &[LineView],
    currency: &str,
    lang: Lang,
) -> ProviderJson {
    let (provider, name) = (row.key.clone(), row.names.get(lang).to_string());
    let prices_as_of = row.prices_as_of.map(|d| d.to_string()).unwrap_or_default();
    let stale = row.badges.contains(&Badge::StaleProvider);
    match &row.outcome {
        Ok(served) => ProviderJson {
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
            region: served.regions_text(lang),
            regions: served.regions.clone(),
            billing_mode: served.billing.slug(),
            billing: served.billing.text(lang),
            currency: currency.to_string(),
            total: served.total.to_decimal_string(),
            per_gpu_hour: format::rate_value(served.per_gpu_hour),
            reason: String::new(),
            commitment: commitment::all(&served.commitments, lang),
            commitments: served.commitments.iter().map(CommitmentJson::of).collect(),
            prices_as_of,
            stale,
            line_items: lines
                .iter()
                .flat_map(|l| l.items.iter().map(|i| item_json(l, i)))
                .collect(),
        },
        Err(why) => ProviderJson {
            provider,
            name,
            status: "unserved".into(),
            offer: String::new(),
            offer_name: String::new(),
            machines: String::new(),
            region: String::new(),
            regions: Vec::new(),
            billing_mode: String::new(),
            billing: String::new(),
            currency: currency.to_string(),
            total: String::new(),
            per_gpu_hour: String::new(),
            reason: why.text(lang),
            commitment: String::new(),
            commitments: Vec::new(),
            prices_as_of,
            stale,
            line_items: Vec::new(),
        },
    }
}

/// The JSON document of `view` in `lang`.
pub fn estimate(view: &EstimateView, lang: Lang) -> EstimateJson {
    let results = &view.results;
    let currency = results.currency.to_string();
    EstimateJson {
        version: 1,
        link: view.link.clone(),
        currency: currency.clone(),
        horizon_hours: dec(results.demand.hours),
        gpu_hours: dec(results.demand.gpu_hours),
        constraints: constraints_json(&view.constraints, &results.placement, lang),
        serving: results
            .serving
            .iter()
            .map(|s| ServingJson::of(s, lang))
            .collect(),
        batch: results.batch.as_ref().map(|b| BatchJson::of(b, lang)),
        providers: view
            .rows()
            .map(|(row, lines)| provider_json(row, lines, &currency, lang))
            .collect(),
        savings: results
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
        pools: pools_json(results.pool.as_ref(), lang),
        warnings: results.warnings.iter().map(|w| w.text(lang)).collect(),
        recommendation: view
            .recommendation
            .as_deref()
            .map(|r| crate::print::json_recommendation::recommendation_json(r, lang)),
    }
}

/// `view` as the pretty-printed JSON text `gpucost estimate --format json` writes.
pub fn estimate_text(view: &EstimateView, lang: Lang) -> String {
    serde_json::to_string_pretty(&estimate(view, lang)).expect("serializable") + "\n"
}
