//! Every typed message reads in both languages, and the Chinese has no English phrase.

use rust_decimal::Decimal;

use super::check::english_phrase;
use super::link::Heading;
use super::Localize;
use crate::format::Lang;
use crate::l10n::labels::has_han;
use crate::money::{Currency, Money};
use crate::recommend::WorkloadError;
use crate::report::Warning;
use crate::savings::Assumption;
use crate::scenario::{OffPeak, ScenarioError, Setting};
use crate::share::config_param::CfgError;
use crate::share::issue::{
    Accepted, DecimalError, Expected, LineError, ParamIssue, PriceError, Problem, RleError,
};
use crate::share::prices_file::{FileError, FileProblem};
use crate::traffic::LoadField;

/// Names a Chinese text may carry as written.
const NAMES: &[&str] = &["GPU Cost Lab"];

/// Checks one message: English without Han, Chinese with Han and no English phrase.
fn reads_in_both(what: &str, m: &dyn Localize) {
    let (en, zh) = (m.text(Lang::En), m.text(Lang::Zh));
    assert!(!en.is_empty() && !has_han(&en), "{what}: {en}");
    assert!(has_han(&zh), "{what}: {zh}");
    assert_eq!(english_phrase(&zh, NAMES), None, "{what}: {zh}");
}

fn decimal_errors() -> Vec<DecimalError> {
    vec![
        DecimalError::Empty,
        DecimalError::NotPlain { value: "x".into() },
    ]
}

fn line_errors() -> Vec<LineError> {
    let mut out: Vec<LineError> = decimal_errors().into_iter().map(LineError::Count).collect();
    out.extend(
        [
            RleError::NotARun { run: "5".into() },
            RleError::CountNotWhole { count: "a".into() },
            RleError::LengthNotWhole { length: "b".into() },
            RleError::CountAbove { count: 9, max: 8 },
            RleError::NotAWeek,
        ]
        .map(LineError::Schedule),
    );
    out.extend([
        LineError::Shape,
        LineError::UnknownGpu { gpu: "T5".into() },
        LineError::CountOutOfRange {
            count: "0".into(),
            max: 10_000,
        },
        LineError::EmptySchedule,
        LineError::WindowShape,
        LineError::BadStart {
            start: "25:99".into(),
        },
        LineError::BadLength {
            length: "4x".into(),
        },
        LineError::BadPacking {
            packing: "one".into(),
            max: 64,
        },
        LineError::LoadKey {
            key: "gpus:3".into(),
        },
        LineError::BadTeam { max: 32 },
    ]);
    for field in LOAD_FIELDS {
        out.push(LineError::Load {
            field,
            value: "0".into(),
        });
        out.push(LineError::Load {
            field,
            value: String::new(),
        });
    }
    out
}

/// Every way a serving line's load can be out of its limits.
const LOAD_FIELDS: [LoadField; 7] = [
    LoadField::Rate,
    LoadField::PerGpu,
    LoadField::Headroom,
    LoadField::MinGpus,
    LoadField::ScaleIn,
    LoadField::Shape,
    LoadField::Fleet,
];

fn price_errors() -> Vec<PriceError> {
    let mut out: Vec<PriceError> = decimal_errors()
        .into_iter()
        .map(PriceError::Amount)
        .collect();
    out.extend([
        PriceError::Shape,
        PriceError::BadName,
        PriceError::UnknownProvider {
            id: "nobody".into(),
        },
        PriceError::AmountOutOfRange {
            max: Decimal::from(1_000_000),
        },
        PriceError::UnknownGpu { gpu: "T5".into() },
        PriceError::UnknownMode {
            mode: "yearly".into(),
        },
        PriceError::UnknownCurrency { code: "EUR".into() },
    ]);
    out
}

fn expected() -> Vec<Expected> {
    vec![
        Expected::Hours { max: 8760 },
        Expected::TimeZone,
        Expected::Discount,
        Expected::OffPeak,
        Expected::Amount { example: "1200CNY" },
        Expected::WindowInHorizon,
        Expected::ConsistentScenario,
        Expected::TaskFirst,
        Expected::ParamCount,
        Expected::Count,
        Expected::Rate,
        Expected::ModelConfig(CfgError::Shape),
        Expected::ModelConfig(CfgError::Newer),
        Expected::ModelConfig(CfgError::OutOfRange(
            crate::recommend::llm_config::FieldLimit {
                field: "num_key_value_heads",
                min: 1,
                max: 32,
            },
        )),
        Expected::ModelConfigNeedsCustom,
        Expected::ConsistentWorkload(vec![
            WorkloadError::LatencyOutOfRange,
            WorkloadError::DeadlineOutOfRange,
        ]),
        Expected::WholeNumber,
        Expected::FrameId,
        Expected::IdList,
        Expected::RegionId,
    ]
}

/// Every way a batch job can be wrong, each field once with a value and once missing.
fn job_errors() -> Vec<crate::batch::JobError> {
    use crate::batch::JobError;
    let mut out = vec![
        JobError::Shape,
        JobError::UnknownGpu { gpu: "T5".into() },
        JobError::UnknownAttribute {
            attribute: "x:1".into(),
        },
    ];
    for field in JOB_FIELDS {
        out.push(JobError::Field {
            field,
            value: "9".into(),
        });
        out.push(JobError::Field {
            field,
            value: String::new(),
        });
    }
    out
}

/// Every [`crate::batch::JobField`]; the match makes a new one a compile error here.
const JOB_FIELDS: [crate::batch::JobField; 5] = {
    use crate::batch::JobField;
    const ALL: [JobField; 5] = [
        JobField::Gpus,
        JobField::Hours,
        JobField::From,
        JobField::Due,
        JobField::TooLong,
    ];
    match ALL[0] {
        JobField::Gpus | JobField::Hours | JobField::From | JobField::Due | JobField::TooLong => {}
    }
    ALL
};

/// One of each problem; the match makes a new variant a compile error here until it is added.
fn problems() -> Vec<Problem> {
    let mut out = vec![
        Problem::UnknownParameter,
        Problem::Repeated,
        Problem::NotANumber,
        Problem::OutOfRange {
            min: Decimal::ONE,
            max: Decimal::new(2005, 1),
        },
        Problem::UnknownValue {
            expected: Accepted::Words(&["spot", "reserved", "monthly"]),
        },
        Problem::UnknownValue {
            expected: Accepted::VersionsUpTo(2),
        },
        Problem::UnknownValue {
            expected: Accepted::SellerIds,
        },
        Problem::NewerVersion,
        Problem::TooLong { limit: 10 },
        Problem::TooMany { limit: 3 },
        Problem::RoundedToMinutes { minutes: 61 },
    ];
    out.extend(
        expected()
            .into_iter()
            .map(|expected| Problem::Malformed { expected }),
    );
    out.extend(line_errors().into_iter().map(Problem::BadLine));
    out.extend(job_errors().into_iter().map(Problem::BadJob));
    out.extend(price_errors().into_iter().map(Problem::BadPrice));
    for p in &out {
        match p {
            Problem::UnknownParameter
            | Problem::Repeated
            | Problem::NotANumber
            | Problem::OutOfRange { .. }
            | Problem::UnknownValue { .. }
            | Problem::Malformed { .. }
            | Problem::BadLine(_)
            | Problem::BadJob(_)
            | Problem::BadPrice(_)
            | Problem::NewerVersion
            | Problem::TooLong { .. }
            | Problem::TooMany { .. }
            | Problem::RoundedToMinutes { .. } => {}
        }
    }
    out
}

#[test]
fn every_link_problem_reads_in_both_languages() {
    for p in problems() {
        let issue = ParamIssue::new("k", "v w", p.clone());
        reads_in_both(&format!("{p:?}"), &issue);
    }
}

/// Issue 15's examples: an English reason inside the Chinese notice, and a doubled word.
#[test]
fn the_notices_named_in_the_issue_read_cleanly() {
    let line = ParamIssue::new(
        "l",
        "T4*x",
        Problem::BadLine(LineError::Count(DecimalError::NotPlain {
            value: "x".into(),
        })),
    );
    assert_eq!(
        line.text(Lang::Zh),
        "l=“T4*x”无法识别（“x”不是普通的十进制数字）；已忽略。"
    );
    assert_eq!(
        line.text(Lang::En),
        "l=“T4*x” is not understood (\"x\" is not a plain decimal number); ignored."
    );
    let cp = ParamIssue::new("cp", "abc", Problem::BadPrice(PriceError::Shape));
    assert_eq!(
        cp.text(Lang::En),
        "cp=“abc” is not understood (expected OWNER:GPU:MODE:AMOUNT:CURRENCY); ignored."
    );
    let amount = ParamIssue::new(
        "cp",
        "~a:V100:od:0:CNY",
        Problem::BadPrice(PriceError::AmountOutOfRange {
            max: Decimal::from(1_000_000),
        }),
    );
    assert_eq!(
        amount.text(Lang::Zh),
        "cp=“~a:V100:od:0:CNY”无法识别（金额须大于 0 且不超过 1,000,000）；已忽略。"
    );
}

#[test]
fn every_prices_file_problem_reads_in_both_languages() {
    let mut errors = vec![
        FileError::TooLarge,
        FileError::NotJson {
            line: 1,
            column: 2,
            detail: "EOF while parsing a value at line 1 column 2".into(),
        },
        FileError::NotAnObjectFile,
        FileError::WrongFormat,
        FileError::NewerVersion { version: 9 },
        FileError::BadVersion,
        FileError::TooManyEntries,
        FileError::NotAList,
        FileError::NotAnObject,
        FileError::HasColon,
        FileError::NotAString,
        FileError::NotANumber,
        FileError::Missing,
        FileError::UnknownProvider {
            id: "nobody".into(),
        },
        FileError::Twice,
        FileError::PercentOutOfRange {
            percent: "150".into(),
        },
    ];
    errors.extend(price_errors().into_iter().map(FileError::Price));
    for error in errors {
        let problem = FileProblem {
            at: "prices[0].amount".into(),
            error,
        };
        reads_in_both(&format!("{problem:?}"), &problem);
    }
}

#[test]
fn every_scenario_error_reads_in_both_languages() {
    let mut errors = vec![
        ScenarioError::NoLines,
        ScenarioError::TooManyLines,
        ScenarioError::UnknownGpu {
            line: 1,
            gpu: "T5".into(),
        },
        ScenarioError::BadCount { line: 1 },
        ScenarioError::EmptySchedule { line: 1 },
        ScenarioError::WindowOutsideHorizon { line: 1 },
        ScenarioError::BadHorizon,
        ScenarioError::BadCustomPrice { index: 1 },
        ScenarioError::BadPacking { line: 1 },
        ScenarioError::BadTeam { line: 1 },
        ScenarioError::BadHostFloor,
        ScenarioError::Workload(WorkloadError::LatencyOutOfRange),
    ];
    errors.extend(LOAD_FIELDS.map(|field| ScenarioError::BadLoad { line: 1, field }));
    errors.extend([
        ScenarioError::TooManyJobs,
        ScenarioError::UnknownJobGpu {
            job: 1,
            gpu: "T5".into(),
        },
    ]);
    errors.extend(JOB_FIELDS.map(|field| ScenarioError::BadJob { job: 1, field }));
    for what in [
        Setting::SpotOverhead,
        Setting::Discount,
        Setting::OffPeak,
        Setting::Budget,
        Setting::Reference,
    ] {
        errors.extend([
            ScenarioError::BadPercent { what },
            ScenarioError::BadAmount { what },
        ]);
    }
    for e in errors {
        reads_in_both(&format!("{e:?}"), &e);
    }
}

#[test]
fn every_placement_rule_reads_in_both_languages() {
    use crate::catalog::Continent;
    use crate::placement::{Constraint, Geo, HostFloor, Packing};
    use crate::view::results::{PlacementView, Unable};
    let mut constraints = vec![
        Constraint::GpusPerMachine(4),
        Constraint::HostTooSmall,
        Constraint::HostUnknown,
        Constraint::PlaceUnknown,
    ];
    constraints.extend(Geo::all().into_iter().map(Constraint::Place));
    for c in &constraints {
        reads_in_both(&format!("{c:?}"), c);
    }
    let unable = Unable::Constrained {
        line: 1,
        gpu: "V100".into(),
        by: constraints,
    };
    let zh = unable.text(Lang::Zh);
    assert!(has_han(&zh) && english_phrase(&zh, NAMES).is_none(), "{zh}");
    let split = Unable::NoSingleRegion {
        gpus: vec!["A100".into(), "V100".into()],
    };
    let en = split.text(Lang::En);
    assert!(!has_han(&en) && en.contains("A100, V100"), "{en}");
    let zh = split.text(Lang::Zh);
    assert!(has_han(&zh) && english_phrase(&zh, NAMES).is_none(), "{zh}");
    for (geo, spread) in Geo::all()
        .into_iter()
        .zip(crate::placement::Spread::ALL.into_iter().cycle())
    {
        let view = PlacementView {
            geo,
            spread,
            host: HostFloor {
                vcpus_per_gpu: Some(Decimal::from(8)),
                ram_gib_per_gpu: Some(Decimal::from(32)),
            },
            lines: vec![
                (1, "V100".into(), Packing::OneMachine),
                (2, "T4".into(), Packing::AtLeast(2)),
            ],
            own_prices: true,
            providers: crate::provider_filter::ProviderFilter::enterprise_with_sla(Decimal::new(
                999, 1,
            )),
        };
        let (en, zh) = (view.text(Lang::En), view.text(Lang::Zh));
        assert!(!en.is_empty() && !has_han(&en), "{en}");
        assert!(has_han(&zh), "{zh}");
        assert_eq!(english_phrase(&zh, NAMES), None, "{zh}");
    }
    for c in Continent::ALL {
        assert!(has_han(c.text(Lang::Zh)) && !has_han(c.text(Lang::En)));
    }
}

#[test]
fn every_report_warning_and_assumption_reads_in_both_languages() {
    let cny = |n: i64| Money::new(Decimal::from(n), Currency::Cny);
    let warnings = [
        Warning::NoProvider,
        Warning::SpotExcluded,
        Warning::OverBudget {
            total: cny(2),
            budget: cny(1),
        },
        Warning::OldPrices {
            seller: "RunPod".into(),
            seller_zh: "RunPod".into(),
        },
        Warning::MarketReference,
        Warning::LoadMismatch(crate::savings::LoadMismatch {
            gpu: "NVIDIA T4".into(),
            line_gpu_hours: Decimal::from(2_160),
            needed_gpu_hours: (Decimal::from(720), Decimal::from(1_440)),
        }),
        Warning::NoSourcedSla {
            min_pct: Decimal::new(999, 1),
        },
        Warning::NoSourcedIso27001,
    ];
    for w in warnings {
        reads_in_both(&format!("{w:?}"), &w);
    }
    let assumptions = [
        Assumption::PeakAlwaysOn {
            hours: Decimal::from(72),
        },
        Assumption::PeakSized {
            hours: Decimal::from(24),
            gpus: Decimal::from(55),
        },
        Assumption::SpotOverhead {
            percent: Decimal::TEN,
        },
        Assumption::CommittedMix,
        Assumption::SubscriptionMix,
        Assumption::SubscribePeak {
            seller: "Featurize".into(),
            seller_zh: "Featurize".into(),
        },
        Assumption::OffPeak(OffPeak::default()),
        Assumption::PublishedOffPeak {
            seller: "CompShare".into(),
            seller_zh: "优云智算".into(),
            start_hour: 1,
            end_hour: 7,
            utc_offset_minutes: 480,
            discount_pct: Decimal::TEN,
            flexible_pct: Decimal::from(50),
            gpus: vec!["RTX4090".into(), "RTX5090".into()],
        },
        Assumption::Rightsizing {
            from: "V100".into(),
            to: "T4".into(),
            per_run: true,
        },
        Assumption::Rightsizing {
            from: "V100".into(),
            to: "T4".into(),
            per_run: false,
        },
        Assumption::SharedPool {
            gpus: vec!["NVIDIA T4".into()],
            teams: 2,
        },
        Assumption::Reference {
            label: crate::names::LEASE_DEPOSIT.into(),
        },
        Assumption::BatchPacking {
            jobs: 5,
            pools: vec![crate::savings::PoolGpus {
                gpus: 12,
                model: "NVIDIA A100 80GB".into(),
                rental: Some(crate::savings::PoolRental {
                    seller: "AWS".into(),
                    seller_zh: "亚马逊云科技".into(),
                    offer: "aws/p4de.24xlarge".into(),
                    instance: "p4de.24xlarge".into(),
                    machines: 2,
                    gpus_per_instance: Decimal::from(8),
                    subtotal: Money::new(Decimal::ONE, Currency::Usd),
                }),
            }],
        },
    ];
    for a in assumptions {
        reads_in_both(&format!("{a:?}"), &a);
    }
}

#[test]
fn the_command_lines_headings_read_in_both_languages() {
    for h in [Heading::Ignored, Heading::Note, Heading::Unusable] {
        reads_in_both(&format!("{h:?}"), &h);
    }
    assert_eq!(Heading::Ignored.text(Lang::Zh), "gpucost: 已忽略：");
}

#[test]
fn preset_texts_read_in_both_languages() {
    for p in crate::presets::Preset::ALL {
        for (what, en, zh) in [
            ("title", p.title(Lang::En), p.title(Lang::Zh)),
            (
                "description",
                p.description(Lang::En),
                p.description(Lang::Zh),
            ),
        ] {
            assert!(!has_han(en), "{p:?} {what}: {en}");
            assert!(has_han(zh), "{p:?} {what}: {zh}");
            assert_eq!(
                english_phrase(zh, &["BERT", "Llama-3-8B", "A100 80GB"]),
                None,
                "{p:?} {what}: {zh}"
            );
        }
    }
}
