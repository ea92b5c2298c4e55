//! The utilization side file: the sample bill with the sample side files of
//! `docs/examples/` reproduced to the cent (low-utilization spend, per-resource figures, the
//! rightsizing lever), resources without samples counted and never guessed, and damaged or
//! wrong side files named by file, line and column in both languages.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::str::FromStr;

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::l10n::Localize;
use gpucost_core::money::Currency;
use gpucost_review::bill::BillProblem;
use gpucost_review::render::{to_csv, to_json, to_markdown, to_table};
use gpucost_review::review::levers::{levers, Levers, NotPriced, ReviewLever};
use gpucost_review::review::utilization::{review_utilization, UtilizationReview};
use gpucost_review::review::Review;
use gpucost_review::utilization::UtilizationFormat;
use rust_decimal::Decimal;

mod support;

/// A resource's id, GPU, samples, average, p95, peak memory, USD spend and whether it is low.
type Figures<'a> = (
    &'a str,
    &'a str,
    u64,
    Decimal,
    Decimal,
    Option<Decimal>,
    Decimal,
    bool,
);

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn usd(r: &gpucost_review::review::Amounts) -> Decimal {
    r.get(Currency::Usd)
}

/// `docs/examples/<name>` as a reader.
fn example(name: &str) -> BufReader<File> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/examples")
        .join(name);
    BufReader::new(File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The AWS sample bill with the side file `name` (of resource `resource`) joined.
fn aws_with(name: &str, resource: Option<&str>) -> Review {
    let mut r = support::sample("aws-cur-legacy.csv");
    let u = review_utilization(&r, name, example(name), resource, |_| {})
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    r.utilization = Some(u);
    r
}

fn util(r: &Review) -> &UtilizationReview {
    r.utilization.as_ref().expect("a side file was joined")
}

fn priced(r: &Review) -> Levers {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    levers(r, e, &fx, Currency::Usd, today).expect("a dated AWS bill is priced")
}

fn not_priced(lv: &Levers, lever: &str) -> Option<NotPriced> {
    lv.not_priced
        .iter()
        .find(|(name, _)| *name == lever)
        .map(|(_, why)| *why)
}

#[test]
fn the_generic_side_file_reviews_every_gpu_resource_of_the_sample_bill() {
    let r = aws_with("utilization.csv", None);
    let u = util(&r);
    assert_eq!(u.format, UtilizationFormat::Generic);
    assert_eq!((u.samples, u.skipped), (15, 0));
    // Biggest GPU spend first: the V100 box, then the two A10G ones.
    let figures: Vec<Figures> = u
        .resources
        .iter()
        .map(|x| {
            (
                x.resource.as_str(),
                x.gpu.as_str(),
                x.samples,
                x.average_percent,
                x.p95_percent,
                x.peak_memory_mib,
                usd(&x.cost),
                x.low,
            )
        })
        .collect();
    assert_eq!(
        figures,
        vec![
            (
                "i-0prod9f8e7d6c5b4a3",
                "V100-16GB",
                8,
                d("88.75"),
                d("97"),
                Some(d("15462")),
                d("48.96"),
                false
            ),
            (
                "i-0dev5a1b2c3d4e5f6",
                "A10G",
                4,
                d("12"),
                d("20"),
                Some(d("9728")),
                d("4.024"),
                true
            ),
            (
                "i-0test1122334455667",
                "A10G",
                2,
                d("25"),
                d("30"),
                Some(d("6144")),
                d("0.4848"),
                true
            ),
        ]
    );
    // Low utilization (average below 30 %): the dev and test boxes.
    assert_eq!(usd(&u.low_cost), d("4.5088"));
    assert_eq!(
        (u.unsampled, u.unmatched),
        (0, 1),
        "one id of the side file is not in the bill"
    );
}

#[test]
fn the_rightsizing_lever_moves_the_a10g_line_to_a_t4_at_aws() {
    let lv = priced(&aws_with("utilization.csv", None));
    let s = lv
        .savings
        .iter()
        .find(|s| matches!(s.lever, ReviewLever::Rightsizing { .. }))
        .expect("rightsizing is priced");
    // Golden, per 730-hour month: the engine's on-demand AWS price of the usage before and
    // after the A10G line moves to a T4 (9.5 GiB peak fits 16 GiB with 10 % kept free; the
    // V100 line's 15.1 GiB fits nothing smaller that AWS offers).
    assert_eq!(s.without.round_for_display().to_decimal_string(), "53.99");
    assert_eq!(s.with.round_for_display().to_decimal_string(), "51.59");
    assert_eq!(s.amount().round_for_display().to_decimal_string(), "2.40");
    assert_eq!(s.percent(), d("4.45"));
    let ReviewLever::Rightsizing { swaps } = &s.lever else {
        unreachable!()
    };
    assert_eq!(swaps.len(), 1, "{swaps:?}");
    assert_eq!(
        (swaps[0].from.as_str(), swaps[0].to.as_str()),
        ("A10G", "T4")
    );
    assert_eq!(swaps[0].peak_memory_mib, d("9728"));
    let en = s.lever.assumption(Lang::En);
    assert!(
        en.starts_with("A10G → T4: peak 9.5 GiB of 24 GiB in use (T4 has 16 GiB, 10 % kept free), average utilization 16.3 %."),
        "{en}"
    );
    assert!(en.contains("the saving assumes the same hours"), "{en}");
    assert!(s.lever.assumption(Lang::Zh).contains("吞吐量未知"));
    // The other levers are what they are without a side file.
    let without = priced(&support::sample("aws-cur-legacy.csv"));
    assert_eq!(lv.baseline, without.baseline);
    assert_eq!(lv.savings.len(), without.savings.len() + 1);
}

#[test]
fn every_output_carries_the_utilization_figures() {
    let r = aws_with("utilization.csv", None);
    let lv = priced(&r);
    for lang in [Lang::En, Lang::Zh] {
        let json = to_json(&r, Some(&lv), lang);
        let u = json.utilization.as_ref().expect("in the JSON");
        assert_eq!(u.low_cost["USD"], "4.5088");
        assert_eq!(u.resources[1].average_percent, "12");
        let csv = to_csv(&json);
        assert!(csv.contains("\nlow-utilization,,USD,4.5088,,\n"), "{csv}");
        assert!(
            csv.contains("\nutilization-p95-percent,i-0prod9f8e7d6c5b4a3,,97,,\n"),
            "{csv}"
        );
        assert!(csv.contains("\nlever,rightsizing,USD,2.40,,\n"), "{csv}");
        for text in [to_markdown(&json, lang), to_table(&json, lang)] {
            assert!(text.contains("$4.51"), "{text}");
            assert!(text.contains("9.5 GiB"), "{text}");
            assert!(text.contains("2.40"), "{text}");
        }
    }
}

#[test]
fn an_nvidia_smi_file_counts_the_resources_it_does_not_cover() {
    let r = aws_with("nvidia-smi.csv", Some("i-0dev5a1b2c3d4e5f6"));
    let u = util(&r);
    assert_eq!(u.format, UtilizationFormat::NvidiaSmi);
    assert_eq!((u.samples, u.skipped, u.resources.len()), (4, 0, 1));
    let dev = &u.resources[0];
    assert_eq!(
        (
            dev.average_percent,
            dev.p95_percent,
            dev.peak_memory_mib,
            dev.memory_total_mib
        ),
        (d("12"), d("20"), Some(d("9728")), Some(d("23028")))
    );
    assert_eq!(usd(&u.low_cost), d("4.024"));
    // The V100 box and the spot A10G have no samples: counted with their spend, not guessed.
    assert_eq!((u.unsampled, usd(&u.unsampled_cost)), (2, d("49.4448")));
    // So no line has memory samples for all of its resources: rightsizing says why.
    let lv = priced(&r);
    assert_eq!(
        not_priced(&lv, "rightsizing"),
        Some(NotPriced::NoMemorySamples)
    );
}

#[test]
fn without_a_side_file_rightsizing_is_listed_as_needing_utilization_data() {
    let lv = priced(&support::sample("aws-cur-legacy.csv"));
    assert_eq!(
        not_priced(&lv, "rightsizing"),
        Some(NotPriced::NeedsUtilization)
    );
    assert!(NotPriced::NeedsUtilization
        .text(Lang::En)
        .starts_with("Needs utilization data"));
}

/// A side file of the sample's resources as text, read against the AWS sample.
fn read_side(
    name: &str,
    text: &str,
    resource: Option<&str>,
) -> Result<UtilizationReview, gpucost_review::bill::BillError> {
    let r = support::sample("aws-cur-legacy.csv");
    review_utilization(&r, name, text.as_bytes(), resource, |_| {})
}

#[test]
fn a_damaged_line_is_named_by_line_and_column_and_skipped() {
    let sample = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples/utilization.csv"),
    )
    .unwrap();
    let mut lines: Vec<&str> = sample.lines().collect();
    lines[2] = "i-0dev5a1b2c3d4e5f6,2024-05-04T01:30:00Z,lots,9728,23028";
    lines[4] = "i-0dev5a1b2c3d4e5f6,2024-05-07 03:30,130,4096,23028";
    let u = read_side("util.csv", &lines.join("\n"), None).expect("read on");
    assert_eq!((u.samples, u.skipped), (13, 2));
    let named: Vec<String> = u.problems.iter().map(|p| p.text(Lang::En)).collect();
    assert_eq!(
        named,
        vec![
            "util.csv, line 3, column “gpu_util_percent”: “lots” is not a percentage from 0 to 100",
            "util.csv, line 5, column “gpu_util_percent”: “130” is not a percentage from 0 to 100",
        ]
    );
    assert_eq!(
        u.problems[0].text(Lang::Zh),
        "util.csv，第 3 行，“gpu_util_percent”列：“lots”不是 0 到 100 之间的百分比"
    );
    // The dev box keeps its two good samples.
    let dev = u
        .resources
        .iter()
        .find(|x| x.resource == "i-0dev5a1b2c3d4e5f6")
        .unwrap();
    assert_eq!((dev.samples, dev.average_percent), (2, d("12.5")));

    // nvidia-smi's own damage: a value it could not read, and a bad date.
    let smi = "timestamp, index, utilization.gpu [%], memory.used [MiB], memory.total [MiB]\n\
               2024/05/04 01:00:00.000, 0, 5 %, 8192 MiB, 23028 MiB\n\
               2024/05/04 01:00:05.000, 0, 7 %, [N/A], 23028 MiB\n\
               yesterday, 0, 7 %, 8192 MiB, 23028 MiB\n\
               timestamp, index, utilization.gpu [%], memory.used [MiB], memory.total [MiB]\n\
               2024/05/04 01:00:10.000, 0, 9 %, 8200 MiB, 23028 MiB\n";
    let u = read_side("gpu0.csv", smi, Some("i-0dev5a1b2c3d4e5f6")).expect("read on");
    assert_eq!(
        (u.samples, u.skipped),
        (2, 2),
        "the repeated header is passed over"
    );
    let named: Vec<String> = u.problems.iter().map(|p| p.text(Lang::En)).collect();
    assert_eq!(
        named,
        vec![
            "gpu0.csv, line 3, column “memory.used [MiB]”: “[N/A]” is not a number",
            "gpu0.csv, line 4, column “timestamp”: “yesterday” is not a date",
        ]
    );
}

#[test]
fn a_side_file_that_cannot_be_read_is_refused_naming_it() {
    let smi = "timestamp, index, utilization.gpu [%], memory.used [MiB], memory.total [MiB]\n";
    let e = read_side("gpu0.csv", smi, None).unwrap_err();
    assert_eq!(e.problem, BillProblem::NeedsResource);
    assert!(
        e.text(Lang::En)
            .starts_with("gpu0.csv, line 1: an nvidia-smi file"),
        "{}",
        e.text(Lang::En)
    );
    assert!(e.text(Lang::Zh).contains("--resource"));

    let e = read_side("notes.csv", "a,b,c\n1,2,3\n", None).unwrap_err();
    assert_eq!(e.problem, BillProblem::UnknownUtilizationFormat);

    let e = read_side("u.csv", "timestamp,gpu_util_percent\n2024-05-04,5\n", None).unwrap_err();
    assert_eq!(
        e.text(Lang::En),
        "u.csv, line 1, column “resource_id”: the column “resource_id” is missing"
    );

    // A generic line without a resource takes the one given for the file, or is named.
    let text = "resource_id,timestamp,gpu_util_percent\n,2024-05-04T01:00:00Z,5\n";
    let u = read_side("u.csv", text, Some("i-0dev5a1b2c3d4e5f6")).unwrap();
    assert_eq!(u.resources.len(), 1);
    let u = read_side("u.csv", text, None).unwrap();
    assert_eq!(u.skipped, 1);
    assert_eq!(
        u.problems[0].text(Lang::En),
        "u.csv, line 2, column “resource_id”: a value this format needs is empty"
    );
}

#[test]
fn nvidia_smi_without_units_and_with_other_columns_is_read() {
    // `--format=csv,nounits` drops the units from the values; extra queried columns and
    // another column order are fine.
    let smi = "index, name, memory.used [MiB], utilization.gpu [%], timestamp\n\
               0, NVIDIA A10G, 8192, 40, 2024/05/04 01:00:00.000\n\
               0, NVIDIA A10G, 6000, 20, 2024/05/04 01:01:00.000\n";
    let u = read_side("gpu0.csv", smi, Some("I-0DEV5A1B2C3D4E5F6")).expect("read");
    assert_eq!((u.samples, u.skipped), (2, 0));
    // The id matches the bill's whatever its case, and is shown as the bill writes it.
    let dev = &u.resources[0];
    assert_eq!(dev.resource, "i-0dev5a1b2c3d4e5f6");
    assert_eq!(
        (
            dev.average_percent,
            dev.p95_percent,
            dev.peak_memory_mib,
            dev.memory_total_mib
        ),
        (d("30"), d("40"), Some(d("8192")), None)
    );
}
