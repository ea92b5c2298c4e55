//! Property tests: the URL codec round-trips and survives anything; estimates add up and grow
//! with the work.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use gpucost_core::batch::Job;
use gpucost_core::billing_mode::{ModeClass, Period};
use gpucost_core::browse::{CatalogFilter, RequiredMode, SortKey, SortOrder};
use gpucost_core::catalog::embedded;
use gpucost_core::estimate::{compare, Comparison, EstimateContext, Selection, QUOTE_REGION};
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::money::{Currency, Money};
use gpucost_core::placement::{Geo, HostFloor, Packing, Spread, REGION_NOT_NAMED};
use gpucost_core::presets::Preset;
use gpucost_core::recommend::workload::{FineTuneOptions, Offload, Optimizer, ZeroStage};
use gpucost_core::recommend::{
    ActPrecision, KnownModel, KvPrecision, ModelChoice, Precision, TaskKind, Workload,
    WorkloadOptions,
};
use gpucost_core::scenario::{
    BillingOptions, CustomMode, CustomPrice, Demand, Discount, Horizon, Interruption, Line,
    OffPeak, PriceOwner, Reference, Scenario,
};
use gpucost_core::schedule::WeekGrid;
use gpucost_core::share::{decode, encode, Embed, PageState, Problem, View};
use gpucost_core::traffic::{Load, LoadShape};
use proptest::prelude::*;
use rust_decimal::Decimal;

const GPUS: [&str; 6] = ["T4", "A10", "V100", "A100-40GB", "A100-80GB", "H100"];

fn dec(max_units: i64, scale: u32) -> impl Strategy<Value = Decimal> {
    (1..=max_units).prop_map(move |n| Decimal::new(n, scale))
}

fn grid() -> impl Strategy<Value = WeekGrid> {
    prop::collection::vec((0usize..168, 1usize..24, 1u16..40), 1..4).prop_map(|blocks| {
        let mut g = WeekGrid::default();
        for (start, len, count) in blocks {
            for h in start..start + len {
                g.0[h % 168] = count;
            }
        }
        g
    })
}

/// Machines of any size, every GPU on one machine, or at least 1–16 per machine.
fn packing() -> impl Strategy<Value = Packing> {
    prop_oneof![
        Just(Packing::Split),
        Just(Packing::OneMachine),
        (1u32..=16).prop_map(Packing::AtLeast),
    ]
}

fn demand() -> impl Strategy<Value = Demand> {
    prop_oneof![
        dec(64_000, 3).prop_map(Demand::Constant),
        (1u32..=64, 0u32..20 * 60, 1u32..600).prop_map(|(n, start, minutes)| Demand::Window {
            gpus: Decimal::from(n),
            start_minute: start,
            minutes,
        }),
        grid().prop_map(Demand::Weekly),
        load().prop_map(Demand::Load),
    ]
}

/// A serving line's load: up to 64 requests/s at 1–1,000 per GPU (at most 256 GPUs).
fn load() -> impl Strategy<Value = Load> {
    (
        dec(64_000, 3),
        prop_oneof![
            Just(LoadShape::Always),
            (0u32..20 * 60, 1u32..600).prop_map(|(start_minute, minutes)| LoadShape::Window {
                start_minute,
                minutes
            }),
            grid().prop_map(LoadShape::Weekly),
        ],
        dec(10_000, 1),
        (0i64..=30_000).prop_map(|n| Decimal::new(n, 2)),
        0u32..=8,
        0u32..=1440,
    )
        .prop_map(
            |(rps, shape, per_gpu, headroom_pct, min_gpus, scale_in_minutes)| Load {
                rps,
                shape,
                per_gpu,
                headroom_pct,
                min_gpus,
                scale_in_minutes,
            },
        )
}

fn horizon() -> impl Strategy<Value = Horizon> {
    prop_oneof![
        (2_400i64..=876_000).prop_map(|n| Horizon::Hours(Decimal::new(n, 2))),
        Just(Horizon::Month730),
        (2000i32..=2100, 1u32..=12)
            .prop_map(|(year, month)| Horizon::CalendarMonth { year, month }),
    ]
}

fn custom_price() -> impl Strategy<Value = CustomPrice> {
    (
        prop_oneof![
            Just(PriceOwner::Provider("alibaba".into())),
            "[A-Za-z][A-Za-z0-9 ]{0,20}"
                .prop_map(|n| PriceOwner::Named(n.trim().to_string()))
                .prop_filter(
                    "non-empty",
                    |o| !matches!(o, PriceOwner::Named(n) if n.is_empty())
                ),
        ],
        prop::sample::select(GPUS.to_vec()),
        prop::sample::select(vec![
            CustomMode::OnDemand,
            CustomMode::Spot,
            CustomMode::Subscription(Period::Day),
            CustomMode::Subscription(Period::Month),
        ]),
        dec(1_000_000, 2),
        prop::sample::select(Currency::ALL.to_vec()),
    )
        .prop_map(|(owner, gpu, mode, amount, currency)| CustomPrice {
            owner,
            gpu: gpu.into(),
            mode,
            amount: Some(amount),
            currency,
        })
}

/// A line of `gpu` with this demand, packing and team.
fn line_of((gpu, demand, packing, team): (&str, Demand, Packing, Option<String>)) -> Line {
    Line {
        gpu: gpu.into(),
        demand,
        packing,
        team,
    }
}

/// A team name as the form keeps it: any printable text, the link's separators included
/// (`,team:`, `/`, `&`, `=`, `+`, `%`), cleaned by `user_text::team_name`.
fn team() -> impl Strategy<Value = Option<String>> {
    prop::option::of(
        prop_oneof![
            "\\PC{1,40}",
            "[a-z,/&=+%: ]{1,12}",
            Just(",team:x/all".to_string()),
        ]
        .prop_filter_map("a name", |t| gpucost_core::user_text::team_name(&t)),
    )
}

fn scenario() -> impl Strategy<Value = Scenario> {
    (
        horizon(),
        prop::collection::vec(
            (
                prop::sample::select(GPUS.to_vec()),
                demand(),
                packing(),
                team(),
            ),
            1..4,
        ),
        0u32..=120,
        prop::collection::btree_set(
            prop::sample::select(vec![
                ModeClass::Spot,
                ModeClass::Committed,
                ModeClass::Subscription,
            ]),
            0..3,
        ),
        any::<bool>(),
        0i64..=200,
        prop::collection::vec(custom_price(), 0..3),
        prop::option::of((0u8..=23, 0u8..=24, 0i64..=90, 0i64..=100)),
        prop::option::of(dec(10_000_000, 2)),
        prop::option::of((dec(10_000_000, 2), "[a-z ]{0,20}")),
        prop::option::of((
            prop::sample::select(TaskKind::ALL.to_vec()),
            prop::option::of(1i64..=500),
            (
                prop::sample::select(KnownModel::ALL.to_vec()),
                prop::sample::select(Precision::ALL.to_vec()),
                prop::sample::select(KvPrecision::ALL.to_vec()),
                prop::sample::select(ActPrecision::ALL.to_vec()),
                prop::option::of(1u32..=64),
                prop::option::of(1u32..=512),
                (
                    prop::option::of(1u32..=1024),
                    prop::sample::select(Optimizer::ALL.to_vec()),
                    prop::sample::select(ZeroStage::ALL.to_vec()),
                    prop::sample::select(Offload::ALL.to_vec()),
                ),
            ),
        )),
        (
            prop::sample::select(Geo::all()),
            prop::option::of(1i64..=32),
            prop::option::of(1i64..=256),
            prop::sample::subsequence(gpucost_core::catalog::ProviderKind::ALL.to_vec(), 0..=3),
            prop::option::of(0i64..=1000),
            prop::sample::select(Spread::ALL.to_vec()),
            any::<bool>(),
            // Batch jobs that always fit the shortest horizon (24 h): from ≤ 4, due ≤ 23.
            prop::collection::vec(
                (
                    prop::sample::select(GPUS.to_vec()),
                    1u32..=128,
                    1u32..=600,
                    0u32..=4,
                    0u32..=9,
                ),
                0..3,
            ),
        ),
    )
        .prop_map(
            |(
                horizon,
                lines,
                lead,
                allowed,
                tolerated,
                ovh,
                custom,
                op,
                budget,
                reference,
                workload,
                (geo, cpu, ram, kinds, sla, spread, iso_27001, jobs),
            )| {
                Scenario {
                    horizon,
                    lines: lines.into_iter().map(line_of).collect(),
                    jobs: jobs
                        .into_iter()
                        .map(|(gpu, gpus, minutes, from, slack)| Job {
                            gpu: gpu.into(),
                            gpus,
                            minutes,
                            from_hour: from,
                            due_hour: from + minutes.div_ceil(60) + slack,
                        })
                        .collect(),
                    lead_minutes: lead,
                    tz_offset_minutes: 480,
                    options: BillingOptions {
                        allowed,
                        interruption: if tolerated {
                            Interruption::Tolerated
                        } else {
                            Interruption::NotTolerated
                        },
                        spot_overhead_pct: Decimal::from(ovh),
                    },
                    custom_prices: custom,
                    discounts: vec![Discount {
                        provider: "aws".into(),
                        percent: Decimal::from(12),
                    }],
                    off_peak: op
                        .map(|(s, e, d, f)| OffPeak {
                            start_hour: s,
                            end_hour: e,
                            discount_pct: Decimal::from(d),
                            flexible_pct: Decimal::from(f),
                        })
                        .unwrap_or_default(),
                    budget: budget.map(|b| Money::new(b, Currency::Cny)),
                    reference: reference.map(|(a, l)| Reference {
                        amount: Money::new(a, Currency::Usd),
                        label: l,
                    }),
                    sellers: BTreeSet::new(),
                    workload: workload.map(
                        |(
                            task,
                            deadline,
                            (model, prec, kv, act, replica, batch, (rank, opt, zero, offload)),
                        )| {
                            // Any model, weight, KV cache and arithmetic precision the task allows.
                            let base = Workload::for_task(task);
                            let mut w = base.with_model(ModelChoice::Known(model)).unwrap_or(base);
                            if task.allows(prec) {
                                w.precision = prec;
                            }
                            w.options = WorkloadOptions {
                                kv_cache: kv,
                                activations: act,
                                replica_gpus: replica,
                                max_batch: batch,
                                fine_tune: FineTuneOptions {
                                    lora_rank: rank,
                                    optimizer: opt,
                                    zero,
                                    offload,
                                },
                            };
                            Workload {
                                deadline_hours: deadline.map(Decimal::from),
                                ..w
                            }
                        },
                    ),
                    geo,
                    host: HostFloor {
                        vcpus_per_gpu: cpu.map(Decimal::from),
                        ram_gib_per_gpu: ram.map(Decimal::from),
                    },
                    spread,
                    providers: gpucost_core::provider_filter::ProviderFilter {
                        kinds: kinds.into_iter().collect(),
                        min_sla_pct: sla.map(|tenths| Decimal::new(tenths, 1)),
                        iso_27001,
                    },
                }
            },
        )
        .prop_filter("windows start inside the horizon", |s| {
            s.lines.iter().all(|l| match &l.demand {
                Demand::Window { start_minute, .. }
                | Demand::Load(Load {
                    shape: LoadShape::Window { start_minute, .. },
                    ..
                }) => *start_minute < s.horizon.minutes(),
                _ => true,
            })
        })
}

fn filter() -> impl Strategy<Value = CatalogFilter> {
    (
        prop::collection::btree_set(
            prop::sample::select(GPUS.to_vec()).prop_map(String::from),
            0..3,
        ),
        prop::option::of(prop::sample::select(vec![
            "us-east-1".to_string(),
            "cn-mainland".into(),
        ])),
        prop::option::of(1u32..200),
        prop::collection::btree_set(prop::sample::select(RequiredMode::ALL.to_vec()), 0..3),
        prop::sample::select(SortKey::ALL.to_vec()),
        any::<bool>(),
        "[a-z0-9]{0,8}",
        (
            prop::sample::select(Geo::all()),
            prop::option::of(1u32..=64),
        ),
    )
        .prop_map(
            |(gpus, region, mem, require, sort, desc, text, (place, gpm))| CatalogFilter {
                gpus,
                region,
                min_memory_gib: mem,
                require,
                sort,
                order: if desc {
                    SortOrder::Descending
                } else {
                    SortOrder::Ascending
                },
                text,
                place,
                min_gpus_per_machine: gpm,
                ..CatalogFilter::default()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn decode_of_encode_is_identity(
        scenario in scenario(),
        catalog in filter(),
        preset in prop::sample::select(Preset::ALL.to_vec()),
        view in prop::sample::select(vec![View::Calculator, View::Catalog, View::Review]),
        lang in prop::option::of(prop::sample::select(Lang::ALL.to_vec())),
        embed in (any::<bool>(), any::<bool>(), prop::option::of("[a-z0-9_-]{1,12}")),
    ) {
        let state = PageState {
            view,
            lang,
            currency: Some(Currency::Usd),
            fx_cny_per_usd: Some(Decimal::new(71234, 4)),
            catalog,
            preset,
            scenario,
            embed: Embed { enabled: embed.0, locked: embed.1, frame: embed.2 },
        };
        prop_assume!(state.scenario.clone().validate(&embedded().catalog).is_ok());
        let query = encode(&state);
        let decoded = decode(&query, &embedded().catalog);
        // Hours that are not whole minutes come back with their note (applied), never ignored.
        prop_assert!(decoded.ignored().next().is_none(), "{query}: {:?}", decoded.issues);
        prop_assert!(
            decoded.issues.len() == usize::from(state.scenario.horizon.rounded_minutes().is_some()),
            "{query}: {:?}",
            decoded.issues
        );
        prop_assert_eq!(decoded.state, state, "{}", query);
    }

    #[test]
    fn any_query_decodes_without_panicking_and_names_what_it_ignored(query in ".{0,300}") {
        let d = decode(&query, &embedded().catalog);
        for issue in &d.issues {
            prop_assert!(!issue.param.is_empty() || matches!(issue.problem, Problem::TooLong { .. }), "{:?}", issue);
        }
        prop_assert!(d.state.scenario.clone().validate(&embedded().catalog).is_ok());
    }

    #[test]
    fn hostile_values_for_known_keys_never_panic(
        key in prop::sample::select(vec!["h", "l", "j", "cp", "disc", "op", "budget", "ref", "tz", "pay", "gpu", "mem", "fx", "lead", "ovh", "cmp", "preset", "v", "geo", "cpu", "ram", "place", "gpm", "view", "spread", "cert", "task", "model", "params", "cfg", "prec", "kv", "act", "replica", "batch", "rank", "opt", "zero", "offload", "in", "out", "rate"]),
        value in "(\\PC|%[0-9A-F]{2}){0,80}",
    ) {
        let d = decode(&format!("{key}={value}&preset=dev-test"), &embedded().catalog);
        prop_assert!(d.state.scenario.clone().validate(&embedded().catalog).is_ok());
    }
}

/// The comparison of `s` in CNY over the embedded catalog, when `s` is valid.
fn compare_cny(s: Scenario) -> Option<Comparison> {
    let e = embedded();
    let valid = s.validate(&e.catalog).ok()?;
    let fx = FxTable::from_catalog(&e.catalog);
    Some(compare(&EstimateContext {
        catalog: &e.catalog,
        index: &e.index,
        scenario: &valid,
        fx: &fx,
        currency: Currency::Cny,
        today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
    }))
}

fn cheapest(s: Scenario) -> Option<Money> {
    let c = compare_cny(s)?;
    for p in c.providers.iter() {
        if let Ok(plan) = &p.outcome {
            let items: Decimal = plan
                .lines
                .iter()
                .flat_map(|l| &l.items)
                .map(|i| i.amount.amount)
                .sum();
            assert_eq!(
                plan.total.amount, items,
                "{} total != sum of items",
                p.seller.id
            );
            for l in &plan.lines {
                assert_eq!(
                    l.subtotal.amount,
                    l.items.iter().map(|i| i.amount.amount).sum::<Decimal>()
                );
            }
        }
    }
    c.cheapest_by_selection.get(&Selection::Allowed).copied()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn totals_are_sums_of_items_for_any_scenario(s in scenario()) {
        cheapest(s);
    }

    #[test]
    fn cost_grows_with_hours(gpu in prop::sample::select(GPUS.to_vec()), n in 1i64..=16, h in 1i64..=2000, extra in 1i64..=500) {
        let at = |hours: i64| cheapest(Scenario {
            horizon: Horizon::Hours(Decimal::from(hours)),
            lines: vec![Line::constant(gpu, Decimal::from(n))],
            ..Scenario::default()
        });
        let (a, b) = (at(h), at(h + extra));
        prop_assert!(a.is_some() && b.is_some());
        prop_assert!(b.unwrap().amount >= a.unwrap().amount, "{h} h: {a:?}, {} h: {b:?}", h + extra);
    }

    #[test]
    fn cost_grows_with_gpu_count(gpu in prop::sample::select(GPUS.to_vec()), n in 1i64..=32, extra in 1i64..=32, weekly in grid()) {
        let with = |count: i64| {
            let mut g = weekly.clone();
            for c in g.0.iter_mut() {
                if *c > 0 { *c = count as u16; }
            }
            cheapest(Scenario {
                horizon: Horizon::Month730,
                lines: vec![Line { gpu: gpu.into(), demand: Demand::Weekly(g), packing: Packing::Split, team: None }],
                ..Scenario::default()
            })
        };
        let (a, b) = (with(n), with(n + extra));
        prop_assert!(b.unwrap().amount >= a.unwrap().amount);
    }
}

/// Each served seller's total and the regions of its catalog prices (a quote is in none).
fn totals_and_regions(s: &Scenario) -> Option<Vec<(String, Money, BTreeSet<String>)>> {
    let c = compare_cny(s.clone())?;
    let served = c.providers.iter().filter_map(|p| {
        let plan = p.outcome.as_ref().ok()?;
        let regions = plan
            .lines
            .iter()
            .map(|l| l.region.clone())
            .filter(|r| r != QUOTE_REGION)
            .collect();
        Some((p.seller.id.clone(), plan.total, regions))
    });
    Some(served.collect())
}

/// A scenario most providers can serve: one to three lines of catalog GPUs, split or on one
/// machine, any place, with some billing classes and maybe a quote (the general `scenario()`
/// is mostly served by nobody, its rules being random too).
fn servable() -> impl Strategy<Value = Scenario> {
    (
        prop::collection::vec(
            (
                prop::sample::select(GPUS.to_vec()),
                prop_oneof![
                    (1i64..=8).prop_map(|n| Demand::Constant(Decimal::from(n))),
                    grid().prop_map(Demand::Weekly),
                ],
                prop::sample::select(vec![Packing::Split, Packing::OneMachine]),
                // Two teams, so that lines of one GPU are often pooled.
                prop::option::of(prop::sample::select(vec!["search".into(), "ads".into()])),
            ),
            1..=3,
        ),
        horizon(),
        prop::sample::subsequence(
            vec![
                ModeClass::Spot,
                ModeClass::Committed,
                ModeClass::Subscription,
            ],
            0..=3,
        ),
        any::<bool>(),
        prop::option::of(custom_price()),
        prop::sample::select(vec![
            Geo::Anywhere,
            Geo::MainlandChina,
            Geo::OutsideMainlandChina,
        ]),
    )
        .prop_map(|(lines, horizon, allowed, tolerated, quote, geo)| {
            let mut s = Scenario {
                horizon,
                lines: lines.into_iter().map(line_of).collect(),
                custom_prices: quote.into_iter().collect(),
                geo,
                ..Scenario::default()
            };
            s.options.allowed.extend(allowed);
            s.options.interruption = if tolerated {
                Interruption::Tolerated
            } else {
                Interruption::NotTolerated
            };
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// With one region asked for, no seller splits its lines or prices them where no region
    /// is named, none costs less than when lines may split, and a seller whose split plan
    /// was already in one named region costs exactly the same.
    #[test]
    fn one_region_never_splits_and_costs_what_it_must(s in servable()) {
        let split = Scenario { spread: Spread::AnyRegions, ..s.clone() };
        let one = Scenario { spread: Spread::OneRegion, ..s };
        let (Some(split), Some(one)) = (totals_and_regions(&split), totals_and_regions(&one)) else {
            return Ok(());
        };
        for (seller, total, regions) in &one {
            prop_assert!(regions.len() <= 1, "{seller}: {regions:?}");
            prop_assert!(!regions.contains(REGION_NOT_NAMED), "{seller}");
            let apart = split.iter().find(|(s, ..)| s == seller);
            let Some((_, apart_total, apart_regions)) = apart else {
                prop_assert!(false, "{seller} serves in one region but not split");
                unreachable!();
            };
            prop_assert!(total.amount >= apart_total.amount, "{seller}: {total:?} < {apart_total:?}");
            if apart_regions.len() <= 1 && !apart_regions.contains(REGION_NOT_NAMED) {
                prop_assert_eq!(total, apart_total, "{}: {:?}", seller, apart_regions);
            }
        }
        // A seller whose split plan is in one named region is served in one region too.
        for (seller, _, regions) in &split {
            if regions.len() <= 1 && !regions.contains(REGION_NOT_NAMED) {
                prop_assert!(one.iter().any(|(s, ..)| s == seller), "{seller}: {regions:?}");
            }
        }
    }
}
