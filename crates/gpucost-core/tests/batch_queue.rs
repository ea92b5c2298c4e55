//! A batch queue (`j=GPU*GPUSxHOURS,from:H,due:H`, issue 31): jobs packed onto the fewest
//! GPUs that finish each by its deadline, priced like any line, against one rental per job;
//! the codec reads back every job it writes and refuses every hostile value by name.

mod common;

use common::open_report;
use gpucost_core::batch::{JobError, JobField};
use gpucost_core::catalog::embedded;
use gpucost_core::savings::{Assumption, Lever};
use gpucost_core::share::issue::Problem;
use gpucost_core::share::scenario_params::{parse_job, write_job};
use gpucost_core::share::{decode, encode};
use rust_decimal::Decimal;

/// The README's batch-queue link: five one-GPU jobs on RTX 4090s over two days at CompShare,
/// in yuan, 48 GPU-hours whose deadlines let them run back to back on one GPU.
const FIVE_JOBS: &str = "?preset=custom&cur=CNY&h=48&cmp=compshare&l=RTX4090*1\
    &j=RTX4090*1x10h,due:24&j=RTX4090*1x12h,due:24&j=RTX4090*1x14h,from:24,due:48\
    &j=RTX4090*1x10h,from:24,due:48&j=RTX4090*1x2h,due:48";

// Catalog rows (shared/catalog/sources/dated_2026/compshare_cny.csv, CompShare's help-centre
// price table 计费概览, as imported 2026-05-13): 单卡 4090-24G ¥1.66 per hour on demand (row 2)
// and ¥36.73 per day prepaid (包日, row 3).
//
// One rental per job: each job alone, hourly (no job is long enough for a day's plan to pay:
// ¥36.73 ÷ ¥1.66 = 22.1 h): 48 GPU-hours × ¥1.66 = ¥79.68.
// Packed: the five jobs run back to back on one GPU from hour 0 to hour 48, busy both whole
// days, so each day is prepaid: 2 × ¥36.73 = ¥73.46. The saving: ¥6.22 (7.81 %).
#[test]
fn five_jobs_pack_onto_one_gpu_and_save_a_days_plan() {
    assert!(
        include_str!("../../../README.md").contains(FIVE_JOBS),
        "the README documents this link"
    );
    let (_, report, json) = open_report(FIVE_JOBS);
    let batch = report.batch.as_ref().expect("the report packs the queue");
    assert_eq!(batch.pools.len(), 1);
    let pool = &batch.pools[0];
    assert_eq!((pool.pool.gpu.as_str(), pool.pool.size), ("RTX4090", 1));
    let rental = pool.rental.as_ref().expect("rented at CompShare");
    assert_eq!(rental.offer, "compshare/单卡 4090-24G");
    assert_eq!(rental.subtotal.amount, Decimal::new(7346, 2));
    // Earliest deadline first, each job in its window, back to back on GPU 0.
    let schedule: Vec<(usize, u32, u32)> = pool
        .pool
        .placed
        .iter()
        .map(|p| (p.job, p.start / 60, p.end / 60))
        .collect();
    assert_eq!(
        schedule,
        [
            (0, 0, 10),
            (1, 10, 22),
            (4, 22, 24),
            (2, 24, 38),
            (3, 38, 48)
        ]
    );
    let s = report
        .savings
        .iter()
        .find(|s| s.lever == Lever::BatchPacking)
        .expect("a batch-packing lever");
    assert_eq!(s.without.amount, Decimal::new(7968, 2));
    assert_eq!(s.with.amount, Decimal::new(7346, 2));
    assert_eq!(s.amount.amount, Decimal::new(622, 2));
    assert_eq!(s.percent(), Decimal::new(781, 2));
    let Assumption::BatchPacking { jobs, pools } = &s.assumption else {
        panic!("{:?}", s.assumption)
    };
    assert_eq!((*jobs, pools[0].gpus), (5, 1));
    let lever = json["savings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["lever"] == "batch-packing")
        .expect("the export names the lever");
    assert_eq!(lever["amount"], "6.22");
    assert!(lever["assumption"]
        .as_str()
        .unwrap()
        .contains("1 × NVIDIA GeForce RTX 4090 (CompShare (UCloud) 单卡 4090-24G)"));
}

#[test]
fn jobs_read_back_as_written() {
    let catalog = &embedded().catalog;
    for raw in [
        "A100-80GB*8x12h,due:48",
        "A100-80GB*8x12h,from:6,due:48",
        "T4*1x90m,from:1,due:3",
        "H100*128x8760h,due:8760",
    ] {
        let job = parse_job(raw, catalog).unwrap_or_else(|e| panic!("{raw}: {e:?}"));
        assert_eq!(write_job(&job), raw);
    }
    let job = parse_job("T4*2x4.5h,due:10,from:2", catalog).unwrap();
    assert_eq!((job.minutes, job.from_hour, job.due_hour), (270, 2, 10));
    assert_eq!(write_job(&job), "T4*2x270m,from:2,due:10");
    // The whole link: decode(encode(s)) == s, the jobs in order.
    let d = decode(FIVE_JOBS, catalog);
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    assert_eq!(d.state.scenario.jobs.len(), 5);
    let again = decode(&encode(&d.state), catalog);
    assert_eq!(again.state, d.state);
}

#[test]
fn generated_queues_round_trip_through_the_link() {
    let catalog = &embedded().catalog;
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    for case in 0..200 {
        let n = 1 + next(8);
        let mut q = String::from("v=2&preset=custom&h=720&l=T4*1");
        for _ in 0..n {
            let from = next(600);
            let minutes = 1 + next(3000);
            let due = from + minutes.div_ceil(60) + next(100);
            let gpu = ["T4", "A100-80GB", "RTX4090", "H100"][next(4) as usize];
            let length = if next(2) == 0 {
                format!("{minutes}m")
            } else {
                format!("{}h", minutes.div_ceil(60))
            };
            q += &format!("&j={gpu}*{}x{length},from:{from},due:{due}", 1 + next(16));
        }
        let d = decode(&q, catalog);
        let kept = d.state.scenario.jobs.len() as u64;
        let dropped = d.issues.iter().filter(|i| i.param == "j").count() as u64;
        assert_eq!(kept + dropped, n, "case {case}: {q} {:?}", d.issues);
        let again = decode(&encode(&d.state), catalog);
        assert_eq!(again.state, d.state, "case {case}: {q}");
        assert!(again.issues.is_empty(), "case {case}: {:?}", again.issues);
    }
}

#[test]
fn hostile_jobs_are_refused_by_name_and_the_rest_kept() {
    let catalog = &embedded().catalog;
    let err = |raw: &str| parse_job(raw, catalog).expect_err(raw);
    let field = |raw: &str| match err(raw) {
        JobError::Field { field, .. } => field,
        other => panic!("{raw}: {other:?}"),
    };
    assert_eq!(err("A100-80GB"), JobError::Shape);
    assert_eq!(err("A100-80GB*8"), JobError::Shape);
    assert!(matches!(err("T5*1x1h,due:2"), JobError::UnknownGpu { .. }));
    assert_eq!(field("T4*0x1h,due:2"), JobField::Gpus);
    assert_eq!(field("T4*129x1h,due:2"), JobField::Gpus);
    assert_eq!(field("T4*-1x1h,due:2"), JobField::Gpus);
    assert_eq!(field("T4*99999999999x1h,due:2"), JobField::Gpus);
    assert_eq!(field("T4*1x0h,due:2"), JobField::Hours);
    assert_eq!(field("T4*1xNaNh,due:2"), JobField::Hours);
    assert_eq!(field("T4*1x8761h,due:2"), JobField::Hours);
    assert_eq!(field("T4*1x1h,from:-1,due:2"), JobField::From);
    assert_eq!(field("T4*1x1h,from:8761,due:9000"), JobField::From);
    assert_eq!(field("T4*1x1h,due:1e9"), JobField::Due);
    assert_eq!(field("T4*1x1h"), JobField::Due, "due: is required");
    assert!(matches!(
        err("T4*1x1h,due:2,due:3"),
        JobError::UnknownAttribute { .. }
    ));
    assert!(matches!(
        err("T4*1x1h,due:2,<script>"),
        JobError::UnknownAttribute { .. }
    ));
    // In a link: a deadline past the period, or a job longer than its window, is named and
    // dropped; the good job is kept.
    let d = decode(
        "v=2&preset=custom&h=24&l=T4*1&j=T4*1x2h,due:48&j=T4*1x5h,from:10,due:14&j=T4*1x2h,due:4&j=T4*1x1h,due:3,x:1",
        catalog,
    );
    let named: Vec<JobField> = d
        .issues
        .iter()
        .filter_map(|i| match &i.problem {
            Problem::BadJob(JobError::Field { field, .. }) => Some(*field),
            _ => None,
        })
        .collect();
    assert_eq!(named, [JobField::Due, JobField::TooLong]);
    assert_eq!(d.issues.len(), 3, "{:?}", d.issues);
    assert_eq!(d.state.scenario.jobs.len(), 1);
    // More than 64 jobs: the first 64 are kept, the rest named.
    let many: String = (0..70).map(|_| "&j=T4*1x1h,due:2").collect();
    let d = decode(&format!("v=2&preset=custom&h=24&l=T4*1{many}"), catalog);
    assert_eq!(d.state.scenario.jobs.len(), 64);
    assert!(d
        .issues
        .iter()
        .any(|i| matches!(i.problem, Problem::TooMany { limit: 64 })));
}
