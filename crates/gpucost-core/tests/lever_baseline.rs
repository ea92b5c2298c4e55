//! Every lever against the scenario's own cost (issue 31): a lever that proposes a change
//! (rightsizing to the recommended GPU, moving work off-peak, pooling teams' GPUs) starts from
//! the scenario's own cheapest total and never claims to save more than it; where the described workload and the
//! first line describe different jobs, no rightsizing saving is priced and the report says so.
//! A batch queue's packing starts from the scenario's own cost for its jobs — one rental per
//! job — and never claims to save more than that.

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::l10n::Localize;
use gpucost_core::report::Warning;
use gpucost_core::savings::Lever;
use gpucost_core::session::Estimate;
use gpucost_core::session::Session;
use gpucost_core::share::decode;
use rust_decimal::Decimal;

fn estimate(q: &str) -> Estimate {
    let e = embedded();
    let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
    let session = Session::from_decoded(e, decode(q, &e.catalog), Some(Lang::En), today);
    session
        .estimate
        .unwrap_or_else(|errors| panic!("{q}: {errors:?}"))
}

/// The scenario's own cheapest total: the first provider's plan.
fn own_total(e: &Estimate) -> Option<Decimal> {
    let plan = e
        .report
        .comparison
        .providers
        .first()?
        .outcome
        .as_ref()
        .ok()?;
    Some(plan.total.amount)
}

// The link of the issue: two 9-hour windows of four T4s on AWS ($37.88), beside the page's
// default workload (Llama 3 8B served at 10 requests/s all month). The lever used to price
// that workload's month on a T4 fleet against a V100 and offer to save $147,761.97 (99.39 %).
#[test]
fn a_workload_the_lines_never_claimed_prices_no_rightsizing_and_says_why() {
    let e = estimate("?l=T4*4@09:00%2B9h&l=T4*4@18:00%2B9h&h=720&cmp=aws");
    assert_eq!(own_total(&e), Some(Decimal::new(3788, 2)));
    assert!(
        e.report
            .savings
            .iter()
            .all(|s| s.lever != Lever::Rightsizing),
        "{:?}",
        e.report.savings
    );
    let mismatch = e
        .report
        .warnings
        .iter()
        .find_map(|w| match w {
            Warning::LoadMismatch(m) => Some(m),
            _ => None,
        })
        .expect("the report says the two halves disagree");
    assert_eq!(mismatch.line_gpu_hours, Decimal::from(36));
    assert!(mismatch.needed_gpu_hours.0 > Decimal::from(36 * 2));
    let en = Warning::LoadMismatch(mismatch.clone()).text(Lang::En);
    assert!(
        en.contains("the line rents 36 GPU-hours of NVIDIA T4"),
        "{en}"
    );
    let zh = Warning::LoadMismatch(mismatch.clone()).text(Lang::Zh);
    assert!(zh.contains("共 36 GPU·时"), "{zh}");
}

// The custom preset's line and workload agree (one A100 80GB serving the described load), so
// the lever is offered: the line's own cost, scaled by the recommendation's cost ratio.
#[test]
fn rightsizing_scales_the_lines_own_cost_and_starts_from_the_scenarios_total() {
    let e = estimate("?preset=custom");
    let s = e
        .report
        .savings
        .iter()
        .find(|s| s.lever == Lever::Rightsizing)
        .expect("the custom preset has a rightsizing lever");
    assert_eq!(Some(s.without.amount), own_total(&e));
    assert_eq!(s.with.amount + s.amount.amount, s.without.amount);
    let plan = e.report.comparison.providers[0].outcome.as_ref().unwrap();
    let line = plan.lines.iter().find(|l| l.line == 0).unwrap();
    assert!(
        s.amount.amount <= line.subtotal.amount,
        "never more than the line costs"
    );
}

/// A seeded xorshift: the same scenarios on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

const GPUS: &[&str] = &[
    "T4",
    "L4",
    "A10",
    "V100-16GB",
    "A100-80GB",
    "H100",
    "RTX4090",
    "RTX3090",
];
const COUNTS: &[&str] = &["1", "2", "4", "8"];
const WINDOWS: &[&str] = &["", "@09:00%2B9h", "@00:00%2B24h", "@18:00%2B6h"];
const HORIZONS: &[&str] = &["24", "72", "168", "720"];
const WORKLOADS: &[&str] = &[
    "",
    "&task=serve&model=llama3-8b&rate=1req",
    "&task=serve&model=llama3-8b&rate=50req",
    "&task=serve&model=mistral-7b&rate=5req",
    "&task=serve&model=qwen2.5-72b&prec=int4&rate=2req&lat=30000",
    "&task=lora&model=qwen2.5-7b&tokens=100M&seq=4096",
    "&task=lora&model=llama3-8b&tokens=10M",
];
const JOBS: &[&str] = &[
    "",
    "",
    "&j=T4*1x10h,due:24&j=T4*1x12h,due:24&j=T4*2x3h,from:4,due:20",
    "&j=A100-80GB*8x6h,due:24&j=A100-80GB*4x6h,from:12,due:24&j=A100-80GB*4x90m,due:8",
    "&j=RTX4090*1x90m,from:2,due:20&j=RTX4090*2x5h,due:24&j=L4*1x3h,from:1,due:12",
];
/// A line's team (none, or one of two), so that lines of one GPU are often pooled.
const TEAMS: &[&str] = &["", ",team:search", ",team:ads", ",team:%E6%90%9C%E7%B4%A2"];
const EXTRAS: &[&str] = &[
    "",
    "&cur=CNY",
    "&op=0-7:30:50",
    "&cmp=aws",
    "&cur=CNY&op=22-6:20:100",
];

#[test]
fn no_lever_that_proposes_a_change_starts_anywhere_but_the_scenarios_own_total() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut rightsized, mut mismatched, mut off_peak) = (0, 0, 0);
    let (mut pooled, mut packed) = (0, 0);
    for case in 0..240 {
        let gpu = rng.pick(GPUS);
        // A second line, mostly of the same GPU, each with a team or none.
        let second = match rng.next() % 4 {
            0 => String::new(),
            1 => format!(
                "&l={}*{}{}",
                rng.pick(GPUS),
                rng.pick(COUNTS),
                rng.pick(WINDOWS)
            ),
            _ => format!("&l={gpu}*{}{}", rng.pick(COUNTS), rng.pick(WINDOWS)),
        };
        let second = match second.is_empty() {
            true => second,
            false => second + rng.pick(TEAMS),
        };
        let q = format!(
            "?preset=custom&l={gpu}*{}{}{}{second}&h={}{}{}{}",
            rng.pick(COUNTS),
            rng.pick(WINDOWS),
            rng.pick(TEAMS),
            rng.pick(HORIZONS),
            rng.pick(WORKLOADS),
            rng.pick(EXTRAS),
            rng.pick(JOBS),
        );
        let e = estimate(&q);
        let Some(total) = own_total(&e) else { continue };
        for s in &e.report.savings {
            assert_eq!(
                s.with.amount + s.amount.amount,
                s.without.amount,
                "case {case} {q}: {s:?}"
            );
            if matches!(
                s.lever,
                Lever::Rightsizing | Lever::OffPeak | Lever::SharedPool
            ) {
                assert_eq!(s.without.amount, total, "case {case} {q}: {s:?}");
                assert!(s.amount.amount <= total, "case {case} {q}: {s:?}");
                rightsized += usize::from(s.lever == Lever::Rightsizing);
                off_peak += usize::from(s.lever == Lever::OffPeak);
                pooled += usize::from(s.lever == Lever::SharedPool);
            }
            if s.lever == Lever::BatchPacking {
                let batch = e.report.batch.as_ref().expect("the lever's schedule");
                assert_eq!(Some(s.without), batch.alone, "case {case} {q}: {s:?}");
                assert_eq!(Some(s.with), batch.packed, "case {case} {q}: {s:?}");
                assert!(
                    s.amount.amount <= s.without.amount,
                    "case {case} {q}: {s:?}"
                );
                packed += 1;
            }
        }
        if let Some(pool) = &e.report.pool {
            // Each pool's split adds up to its cost, to the cent.
            for p in &pool.pools {
                let shares: Decimal = p.teams.iter().map(|t| t.share.amount).sum();
                assert_eq!(shares, p.pooled.amount, "case {case} {q}: {p:?}");
            }
        }
        mismatched += e
            .report
            .warnings
            .iter()
            .filter(|w| matches!(w, Warning::LoadMismatch(_)))
            .count();
    }
    // The generator reaches every branch: levers offered, and disagreements named.
    assert!(rightsized > 5, "{rightsized} rightsizing levers");
    assert!(mismatched > 5, "{mismatched} mismatches");
    assert!(off_peak > 5, "{off_peak} off-peak levers");
    assert!(packed > 5, "{packed} batch-packing levers");
    assert!(pooled > 5, "{pooled} shared pools");
}
