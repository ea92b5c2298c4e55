//! What the work costs on every offer of a candidate GPU, in the display currency.
//!
//! Prices come from the catalog as they are (per instance, converted with the [`FxTable`]);
//! instances are rented whole, so a small job on an 8-GPU instance uses all eight (data
//! parallelism within an instance is taken as linear) and a small serving fleet rounds up to
//! whole instances — or to a slice, when an offer rents a fraction of a GPU and the model fits
//! in it. Money is exact (`rust_decimal`); only hours and counts come from the `f64`
//! throughput model, and hours are rounded to the microhour before they meet a price.

use chrono::NaiveDate;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::billing_mode::{BillingMode, ModeClass};
use crate::browse::DEFAULT_STALE_AFTER_DAYS;
use crate::catalog::{AsOf, Catalog, OfferFlag, Provider, ProviderKind};
use crate::fx::FxTable;
use crate::money::{Currency, Hours, Money, PerHour};

use super::candidates::GpuProfile;
use super::range::{hours_decimal, LowHigh};
use super::rentals::{ClassPrice, Rental, Rentals};
use super::throughput::Throughput;
use super::workload::{RateUnit, Task, TrainingSize, ValidWorkload};

/// Most GPUs of one machine a quote's replica is taken to sit in (see [`super::quotes`]): a
/// larger replica spans machines of this many, as a replica spans the catalog's 8-GPU servers.
pub const QUOTE_MACHINE_GPUS: u32 = 8;
/// Most GPUs one plan may rent at once (a deadline cannot buy more).
pub const MAX_PLAN_GPUS: u64 = 4096;
/// Most GPUs a serving fleet may need before an offer is left out.
pub const MAX_FLEET_GPUS: u64 = 100_000;
/// Hours in the month a serving fleet's monthly cost is for: a year's 8,760 hours over twelve,
/// the month of the scenario's `Horizon::Month730`.
pub const MONTH_HOURS: u32 = 730;

/// The unit a recommendation ranks by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CostUnit {
    /// One whole training run or batch job.
    Run,
    /// One million requests served.
    MillionRequests,
}

impl CostUnit {
    /// Stable slug for exports (`run`, `1M-requests`).
    pub fn as_str(self) -> &'static str {
        match self {
            CostUnit::Run => "run",
            CostUnit::MillionRequests => "1M-requests",
        }
    }

    /// The unit a slug of [`CostUnit::as_str`] names.
    pub fn from_slug(slug: &str) -> Option<CostUnit> {
        [CostUnit::Run, CostUnit::MillionRequests]
            .into_iter()
            .find(|u| u.as_str() == slug)
    }
}

/// The cost of the work on one offer; each a (low, high) range from the throughput range.
#[derive(Debug, Clone, PartialEq)]
pub struct Cost {
    /// All rented instances per hour while running (exact; a range only when the fleet size is).
    pub per_hour: LowHigh<Money>,
    /// One training run or batch job.
    pub per_run: Option<LowHigh<Money>>,
    /// One epoch (training by samples × epochs).
    pub per_epoch: Option<LowHigh<Money>>,
    /// One million requests (inference).
    pub per_million_requests: Option<LowHigh<Money>>,
    /// One million tokens (training tokens, or generated tokens for text generation).
    pub per_million_tokens: Option<LowHigh<Money>>,
    /// Online serving: the fleet running a [`MONTH_HOURS`]-hour month at the stated rate.
    pub per_month: Option<FleetMonth>,
}

/// What a serving fleet costs over a [`MONTH_HOURS`]-hour month at the stated request rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FleetMonth {
    /// The fleet the middle of the throughput range needs (the count a budget uses).
    pub expected: Money,
    /// From the optimistic to the pessimistic end of the throughput range.
    pub range: LowHigh<Money>,
    /// Hours the month has ([`MONTH_HOURS`]).
    pub hours: u32,
}

impl Cost {
    /// The cost in `unit`.
    pub fn in_unit(&self, unit: CostUnit) -> Option<LowHigh<Money>> {
        match unit {
            CostUnit::Run => self.per_run,
            CostUnit::MillionRequests => self.per_million_requests,
        }
    }
}

/// One way to rent the work: an offer, a billing class and its cheapest price.
#[derive(Debug, Clone, PartialEq)]
pub struct PriceOption {
    /// Provider id.
    pub provider: String,
    /// Provider name (English).
    pub provider_name: String,
    /// Provider name (Chinese).
    pub provider_name_zh: String,
    /// Offer id (`provider/instance`).
    pub offer: String,
    /// Instance type.
    pub instance: String,
    /// Billing class.
    pub class: ModeClass,
    /// Exact billing mode of the price.
    pub mode: BillingMode,
    /// Region of the price.
    pub region: String,
    /// GPUs per instance (fractional for slices).
    pub gpus_per_instance: Decimal,
    /// The catalog price in its own currency (per hour, or per subscription period).
    pub price: Money,
    /// One instance per hour in the display currency (subscriptions: period price ÷ hours).
    pub instance_per_hour: Money,
    /// One GPU per hour in the display currency.
    pub per_gpu_hour: Money,
    /// Source id of the price.
    pub source: String,
    /// The source's title in the catalog (its id when the catalog has no such source).
    pub source_title: String,
    /// When the price was current.
    pub as_of: AsOf,
    /// Days since then, when known.
    pub age_days: Option<i64>,
    /// Older than a year, or of unknown date.
    pub old: bool,
    /// The offer's caveats.
    pub flags: Vec<OfferFlag>,
    /// Whether the offer takes part in the ranking (not a market reference or an
    /// institution-only tariff).
    pub rankable: bool,
    /// Whether this is the user's own quote (see [`super::quotes`]): `provider` is its owner
    /// (a catalog provider, or `custom:<name>`), `price` is per GPU, the machine holds one
    /// replica, and it has no date or source but the user.
    pub quote: bool,
    /// Instances rented at once (low, high).
    pub instances: LowHigh<u64>,
    /// Instances the plan is budgeted with: for serving, what the middle of the throughput
    /// range needs (within `instances`); for a job, its one count.
    pub expected_instances: u64,
    /// GPUs rented at once (pessimistic case).
    pub gpus_rented: Decimal,
    /// Hours until the work is done (training and batch jobs).
    pub hours: Option<LowHigh<f64>>,
    /// Whether it finishes within the deadline even in the pessimistic case.
    pub meets_deadline: Option<bool>,
    /// What the work costs.
    pub cost: Cost,
}

impl PriceOption {
    /// The cost the ranking compares (its middle).
    pub fn key(&self, unit: CostUnit) -> Option<Decimal> {
        self.cost.in_unit(unit).map(|r| r.mid().amount)
    }
}

fn dec(x: u64) -> Decimal {
    Decimal::from(x)
}

fn ceil_u64(x: f64) -> u64 {
    if x.is_finite() {
        x.ceil().clamp(1.0, 1e15) as u64
    } else {
        u64::MAX / 4
    }
}

/// The work of a training run or batch job, in throughput units.
fn job_units(w: &ValidWorkload) -> Option<f64> {
    match w.workload().task {
        Task::Training {
            size: TrainingSize::Tokens(t),
            ..
        } => Some(t as f64),
        Task::Training {
            size: TrainingSize::Samples { samples, epochs },
            ..
        } => Some(
            samples as f64
                * f64::from(epochs)
                * if w.spec().arch.is_token_model() {
                    f64::from(w.seq_len())
                } else {
                    1.0
                },
        ),
        Task::Batch(b) => Some(b.requests as f64),
        Task::Serving(_) => None,
    }
}

/// Every priced way to rent `profile` for the workload, the cheapest per provider and class.
#[allow(clippy::too_many_arguments)]
pub fn options(
    catalog: &Catalog,
    w: &ValidWorkload,
    profile: &GpuProfile,
    thr: &Throughput,
    slice_need_gib: f64,
    fx: &FxTable,
    display: Currency,
    today: NaiveDate,
) -> Vec<PriceOption> {
    let rentals = Rentals::new(catalog, fx, display);
    picks(w, profile, thr, slice_need_gib, rentals.of(profile), None)
        .into_options(catalog, display, today)
}

/// The cheapest way to rent a GPU from one provider in one billing class, before it becomes a
/// [`PriceOption`] (whose names and strings only a shown recommendation needs).
pub(crate) struct Pick<'r, 'c> {
    rental: &'r Rental<'c>,
    /// The catalog provider, when the seller is one (a quote's owner may be the user's own).
    provider: Option<&'c Provider>,
    /// Billing class.
    pub class: ModeClass,
    price: ClassPrice<'c>,
    plan: Plan,
    /// The cost the ranking compares (see [`PriceOption::key`]).
    pub key: Option<Decimal>,
}

impl Pick<'_, '_> {
    /// Whether it takes part in the ranking (see [`PriceOption::rankable`]).
    pub(crate) fn rankable(&self) -> bool {
        // The user's own quote is a price they can pay.
        self.rental.quote
            || self
                .provider
                .is_some_and(|p| p.kind != ProviderKind::MarketReference)
                && !self
                    .rental
                    .offer
                    .flags
                    .contains(&OfferFlag::InstitutionOnly)
    }

    /// Whether it finishes within the deadline (see [`PriceOption::meets_deadline`]).
    pub(crate) fn meets_deadline(&self) -> Option<bool> {
        self.plan.meets_deadline
    }
}

/// The picks for one GPU, in the order its options are listed.
pub(crate) struct Picks<'r, 'c> {
    work: Option<Work>,
    /// Cheapest first per class.
    pub list: Vec<Pick<'r, 'c>>,
}

impl Picks<'_, '_> {
    /// The options, built (names, strings and every cost per unit).
    pub(crate) fn into_options(
        self,
        catalog: &Catalog,
        display: Currency,
        today: NaiveDate,
    ) -> Vec<PriceOption> {
        let Some(work) = self.work else {
            return Vec::new();
        };
        self.list
            .into_iter()
            .map(|pick| price_option(pick, &work, catalog, display, today))
            .collect()
    }
}

/// [`options`] over the offers that rent `profile` (see [`Rentals`]), as picks; of one billing
/// class only when `only` names it (the picks of that class are the same either way).
pub(crate) fn picks<'r, 'c>(
    w: &ValidWorkload,
    profile: &GpuProfile,
    thr: &Throughput,
    slice_need_gib: f64,
    rentals: &'r [Rental<'c>],
    only: Option<ModeClass>,
) -> Picks<'r, 'c> {
    let unit = primary_unit(w);
    let Some(work) = Work::new(w) else {
        return Picks {
            work: None,
            list: Vec::new(),
        };
    };
    // Offers are weighed by their cost key alone; the cheapest per provider (by catalog
    // position) and class is kept.
    let mut best: Vec<(Seller, Pick)> = Vec::new();
    for rental in rentals {
        // A quote competes as its own seller, beside its owner's catalog offers.
        let (at, provider) = match rental.provider {
            _ if rental.quote => (
                Seller::Quote(rental.offer.provider.as_ref()),
                rental.provider.map(|(_, p)| p),
            ),
            Some((at, provider)) => (Seller::Catalog(at), Some(provider)),
            None => continue,
        };
        for (class, cheapest) in ModeClass::ALL.into_iter().zip(&rental.cheapest) {
            let Some(price) = cheapest.filter(|_| only.is_none_or(|o| o == class)) else {
                continue;
            };
            let Some(plan) = plan(
                &work,
                thr,
                rental,
                profile,
                slice_need_gib,
                price.instance_per_hour,
            ) else {
                continue;
            };
            let pick = Pick {
                rental,
                provider,
                class,
                price,
                key: plan.cost.in_unit(unit).map(|r| r.mid().amount),
                plan,
            };
            match best.iter_mut().find(|(p, b)| *p == at && b.class == class) {
                Some((_, existing)) if existing.key <= pick.key => {}
                Some((_, existing)) => *existing = pick,
                None => best.push((at, pick)),
            }
        }
    }
    best.sort_by(|(_, a), (_, b)| {
        (a.class, a.key, &a.rental.offer.id).cmp(&(b.class, b.key, &b.rental.offer.id))
    });
    Picks {
        work: Some(work),
        list: best.into_iter().map(|(_, pick)| pick).collect(),
    }
}

/// Who a pick is from, for keeping the cheapest per seller and class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seller<'a> {
    /// A catalog provider, by position.
    Catalog(usize),
    /// The user's quote, by its owner's id.
    Quote(&'a str),
}

fn price_option(
    pick: Pick,
    work: &Work,
    catalog: &Catalog,
    display: Currency,
    today: NaiveDate,
) -> PriceOption {
    let rankable = pick.rankable();
    let (offer, provider, price) = (pick.rental.offer, pick.provider, pick.price.price);
    let instance_per_hour = pick.price.instance_per_hour;
    let plan = pick.plan.finish(work);
    let quote = pick.rental.quote;
    // A quote is the user's: no date to age.
    let age_days = if quote {
        None
    } else {
        price.as_of.age_days(today)
    };
    let (provider_name, provider_name_zh) = match provider {
        Some(p) => (p.name.to_string(), p.name_zh.to_string()),
        // A seller the user named, as they wrote it (inert where shown).
        None => {
            let name = super::quotes::seller_name(&offer.provider).to_string();
            (name.clone(), name)
        }
    };
    let gpus_per_instance = plan.gpus_per_instance;
    PriceOption {
        provider: offer.provider.to_string(),
        provider_name,
        provider_name_zh,
        offer: offer.id.to_string(),
        instance: offer.instance.to_string(),
        class: pick.class,
        mode: price.mode,
        region: price.region.to_string(),
        gpus_per_instance,
        price: Money::new(price.amount, price.currency),
        instance_per_hour: plan.hourly,
        per_gpu_hour: Money::new(instance_per_hour.amount / offer.gpus, display),
        source: price.source.to_string(),
        source_title: catalog
            .source(&price.source)
            .map_or_else(|| price.source.clone(), |s| s.title.clone())
            .to_string(),
        as_of: price.as_of,
        age_days,
        old: !quote && age_days.is_none_or(|d| d > i64::from(DEFAULT_STALE_AFTER_DAYS)),
        flags: offer.flags.to_vec(),
        rankable,
        quote,
        instances: plan.instances,
        expected_instances: plan.expected,
        gpus_rented: dec(plan.instances.high) * gpus_per_instance,
        hours: plan.hours,
        meets_deadline: plan.meets_deadline,
        cost: plan.cost,
    }
}

/// The unit the ranking compares for this task.
pub fn primary_unit(w: &ValidWorkload) -> CostUnit {
    match w.workload().task {
        Task::Serving(_) => CostUnit::MillionRequests,
        _ => CostUnit::Run,
    }
}

/// What the workload asks of every offer, worked out once per ranking.
struct Work {
    deadline: Option<f64>,
    amount: Amount,
}

/// The amount of work, with the exact divisors its costs per unit use.
enum Amount {
    /// Online serving at a rate.
    Serving {
        /// Requests per second (model input).
        rps: f64,
        /// Requests in one hour, in millions.
        hour_of_requests: Decimal,
        /// Generated tokens in one hour, in millions (text generation only, non-zero).
        hour_of_tokens: Option<Decimal>,
    },
    /// A training run or batch job.
    Job {
        /// Work in throughput units.
        units: f64,
        /// Epochs (training by samples × epochs).
        epochs: Option<u32>,
        /// Tokens, in millions (non-zero).
        tokens: Option<Decimal>,
        /// Requests, in millions (batch jobs).
        requests: Option<Decimal>,
    },
}

impl Work {
    fn new(w: &ValidWorkload) -> Option<Work> {
        let million = Decimal::from(1_000_000);
        let amount = match w.workload().task {
            Task::Serving(s) => {
                let (rps_exact, tps_exact) = match s.rate.unit {
                    RateUnit::RequestsPerSecond => (
                        s.rate.per_second,
                        s.rate.per_second * Decimal::from(s.shape.output_tokens),
                    ),
                    RateUnit::TokensPerSecond => (
                        s.rate.per_second / Decimal::from(s.shape.output_tokens.max(1)),
                        s.rate.per_second,
                    ),
                };
                let hour_of_tokens = tps_exact * Decimal::from(3600) / million;
                Amount::Serving {
                    rps: rps_exact.to_f64()?,
                    hour_of_requests: rps_exact * Decimal::from(3600) / million,
                    hour_of_tokens: (w.spec().arch.generates_tokens() && !hour_of_tokens.is_zero())
                        .then_some(hour_of_tokens),
                }
            }
            size => {
                let (epochs, tokens) = match size {
                    Task::Training {
                        size: TrainingSize::Samples { samples, epochs },
                        ..
                    } => (
                        Some(epochs),
                        w.spec().arch.is_token_model().then(|| {
                            dec(samples) * Decimal::from(epochs) * Decimal::from(w.seq_len())
                        }),
                    ),
                    Task::Training {
                        size: TrainingSize::Tokens(t),
                        ..
                    } => (None, Some(dec(t))),
                    Task::Batch(b) => (
                        None,
                        w.spec()
                            .arch
                            .generates_tokens()
                            .then(|| dec(b.requests) * Decimal::from(b.shape.output_tokens)),
                    ),
                    Task::Serving(_) => (None, None),
                };
                Amount::Job {
                    units: job_units(w)?,
                    epochs,
                    tokens: tokens.filter(|t| !t.is_zero()).map(|t| t / million),
                    requests: match size {
                        Task::Batch(b) => Some(dec(b.requests) / million),
                        _ => None,
                    },
                }
            }
        };
        Some(Work {
            deadline: w.deadline_hours(),
            amount,
        })
    }
}

/// How an offer would do the work: instances, hours and what it costs. Only the costs the
/// ranking compares are worked out at first; [`Plan::finish`] adds the others to the few
/// plans that become options.
struct Plan {
    instances: LowHigh<u64>,
    /// Instances at the middle of the throughput range (serving), else the one count.
    expected: u64,
    /// One instance per hour.
    hourly: Money,
    /// GPUs per instance: the offer's, or for a quote the replica's.
    gpus_per_instance: Decimal,
    hours: Option<LowHigh<f64>>,
    meets_deadline: Option<bool>,
    cost: Cost,
}

impl Plan {
    /// The plan with every cost per unit.
    fn finish(mut self, work: &Work) -> Plan {
        match work.amount {
            Amount::Serving { hour_of_tokens, .. } => {
                self.cost.per_million_tokens =
                    hour_of_tokens.map(|t| self.cost.per_hour.divided_by(t));
                let month = |instances: u64| {
                    PerHour(self.hourly.times(dec(instances))) * Hours(dec(MONTH_HOURS.into()))
                };
                self.cost.per_month = Some(FleetMonth {
                    expected: month(self.expected),
                    range: LowHigh::money(month(self.instances.low), month(self.instances.high)),
                    hours: MONTH_HOURS,
                });
            }
            Amount::Job {
                epochs,
                tokens,
                requests,
                ..
            } => {
                if let Some(per_run) = self.cost.per_run {
                    self.cost.per_epoch = epochs.map(|e| per_run.divided_by(Decimal::from(e)));
                    self.cost.per_million_requests = requests.map(|r| per_run.divided_by(r));
                    self.cost.per_million_tokens = tokens.map(|t| per_run.divided_by(t));
                }
            }
        }
        self
    }
}

/// Sizes the work on `rental`'s offer at `hourly` per instance: the plan with its ranking
/// costs (per hour, per run, per million requests when serving).
fn plan(
    work: &Work,
    thr: &Throughput,
    rental: &Rental,
    profile: &GpuProfile,
    slice_need_gib: f64,
    hourly: Money,
) -> Option<Plan> {
    let g = f64::from(thr.gpus_per_replica.max(1));
    // A quote is priced per GPU: a replica of up to 8 GPUs is one machine of that many at the
    // price; a larger one spans machines of 8, as the catalog's 8-GPU servers do.
    let (k, hourly, gpus_per_instance) = if rental.quote {
        let n = thr.gpus_per_replica.clamp(1, QUOTE_MACHINE_GPUS);
        (f64::from(n), hourly.times(dec(n.into())), dec(n.into()))
    } else {
        (rental.gpus_f64?, hourly, rental.offer.gpus)
    };
    let slice = k < 1.0;
    if slice && (g > 1.0 || slice_need_gib > k * profile.memory_gib()) {
        return None;
    }
    // A replica spans instances only as whole 8-GPU servers (a training cluster, or a serving
    // replica split into pipeline stages across machines).
    if !slice && k < g && k < 8.0 {
        return None;
    }
    // Instances one replica takes: one (or a share of one), or whole servers.
    let per_replica = if !slice && k < g {
        (g / k).ceil() as u64
    } else {
        1
    };
    let money = |count: u64, h: f64| PerHour(hourly.times(dec(count))) * Hours(hours_decimal(h));
    match work.amount {
        Amount::Serving {
            rps,
            hour_of_requests,
            ..
        } => {
            let replica = thr.per_gpu.times(if slice { k } else { g });
            let replicas = LowHigh {
                low: ceil_u64(rps / replica.high),
                high: ceil_u64(rps / replica.low),
            };
            let per_instance = if slice { 1 } else { (k / g).floor() as u64 };
            let machines = |replicas: u64| replicas.div_ceil(per_instance.max(1)) * per_replica;
            let instances = LowHigh {
                low: machines(replicas.low),
                high: machines(replicas.high),
            };
            // The budget's fleet: what the middle of the throughput range needs, which is
            // between the two ends (kept there against rounding).
            let expected =
                machines(ceil_u64(rps / replica.mid())).clamp(instances.low, instances.high);
            if (instances.high as f64) * k > MAX_FLEET_GPUS as f64 {
                return None;
            }
            let per_hour = LowHigh::money(
                hourly.times(dec(instances.low)),
                hourly.times(dec(instances.high)),
            );
            Some(Plan {
                instances,
                expected,
                hourly,
                gpus_per_instance,
                hours: None,
                meets_deadline: None,
                cost: Cost {
                    per_hour,
                    per_run: None,
                    per_epoch: None,
                    per_million_requests: Some(per_hour.divided_by(hour_of_requests)),
                    per_million_tokens: None,
                    per_month: None,
                },
            })
        }
        Amount::Job { units, .. } => {
            let (instances, used) = if slice {
                (1u64, k)
            } else if k >= g {
                (1, g * (k / g).floor())
            } else {
                ((g / k).ceil() as u64, g)
            };
            let per_s = thr.per_gpu.times(used);
            let hours = LowHigh::new(units / per_s.high / 3600.0, units / per_s.low / 3600.0);
            if !hours.is_finite() {
                return None;
            }
            let gpus_per_copy = (instances as f64) * k;
            let copies = match work.deadline {
                Some(d) if hours.high > d => {
                    let cap = ((MAX_PLAN_GPUS as f64) / gpus_per_copy).floor().max(1.0);
                    (hours.high / d).ceil().min(cap) as u64
                }
                _ => 1,
            };
            let hours = hours.times(1.0 / copies as f64);
            let count = instances * copies;
            let per_run = LowHigh::money(money(count, hours.low), money(count, hours.high));
            Some(Plan {
                instances: LowHigh {
                    low: count,
                    high: count,
                },
                expected: count,
                hourly,
                gpus_per_instance,
                hours: Some(hours),
                meets_deadline: work.deadline.map(|d| hours.high <= d),
                cost: Cost {
                    per_hour: LowHigh::money(hourly.times(dec(count)), hourly.times(dec(count))),
                    per_run: Some(per_run),
                    per_epoch: None,
                    per_million_requests: None,
                    per_million_tokens: None,
                    per_month: None,
                },
            })
        }
    }
}
