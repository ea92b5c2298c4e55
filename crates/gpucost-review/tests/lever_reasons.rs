//! Why a lever or a figure is missing, said for the bill at hand (issue 28: "Google Cloud bills get no
//! savings section … with no reason"): what the bill's format lacks, what its tags lack, or
//! that the lever's usage is at another provider than the one the levers cover.

use gpucost_core::format::Lang;
use gpucost_review::html::to_html;
use gpucost_review::render::{to_json, to_markdown, to_table};
use gpucost_review::review::levers::{Levers, NotPriced};
mod support;

fn schedule_reason(lv: &Levers) -> Option<NotPriced> {
    lv.not_priced
        .iter()
        .find(|(slug, _)| *slug == "schedule")
        .map(|(_, why)| *why)
}

/// Every human output of `review` with `lv`, in `lang`, says `why`.
fn said_everywhere(review: &gpucost_review::review::Review, lv: &Levers, why: NotPriced) {
    for lang in [Lang::En, Lang::Zh] {
        let json = to_json(review, Some(lv), lang);
        let text = why.text(lang);
        for (output, out) in [
            ("table", to_table(&json, lang)),
            ("markdown", to_markdown(&json, lang)),
            // The page writes an apostrophe as `&#39;`.
            ("html", to_html(&json, lang).replace("&#39;", "'")),
        ] {
            assert!(out.contains(text), "{lang:?} {output}: {text}\n{out}");
        }
    }
}

/// Regression: a Google Cloud bill said "No dev/test-tagged GPU ran outside office hours",
/// as if its GPUs had been checked; its cost table has no labels and counts days, so none can
/// be.
#[test]
fn google_clouds_schedule_lever_says_its_cost_table_has_no_labels() {
    let r = support::sample("gcp-billing.csv");
    let lv = support::priced(&r).expect("priced");
    let why = schedule_reason(&lv);
    assert_eq!(why, Some(NotPriced::NoLabelsInGcpCostTable));
    assert_eq!(
        NotPriced::NoLabelsInGcpCostTable.as_str(),
        "no-labels-in-gcp-cost-table"
    );
    said_everywhere(&r, &lv, NotPriced::NoLabelsInGcpCostTable);
}

/// Regression: Google's reserved baseline said "the catalog has no price for it", while the
/// catalog holds Google's committed-use prices — for GPUs alone, which no machine plan can
/// use; the reason says so.
#[test]
fn google_clouds_reserved_lever_says_its_committed_prices_are_for_gpus_alone() {
    let r = support::sample("gcp-billing.csv");
    let lv = support::priced(&r).expect("priced");
    let why = lv.not_priced.iter().find(|(slug, _)| *slug == "reserved");
    assert_eq!(why, Some(&("reserved", NotPriced::CommittedForGpusAlone)));
    said_everywhere(&r, &lv, NotPriced::CommittedForGpusAlone);
    // A provider without committed prices in the catalog has none.
    let azure = support::priced(&support::sample("azure-cost-details.csv")).expect("priced");
    let why = azure
        .not_priced
        .iter()
        .find(|(slug, _)| *slug == "reserved");
    assert_eq!(why, Some(&("reserved", NotPriced::NoPrice)));
}

/// Regression: on the generic sample the waste section counts 98 dev/test GPU-hours out of
/// office hours (at RunPod and AutoDL) while the schedule lever said none ran; the levers
/// cover Lambda's usage, which has none.
#[test]
fn dev_off_hours_at_other_providers_are_not_denied() {
    let r = support::sample("generic.csv");
    assert_eq!(
        r.waste.dev_off_hours_gpu_hours.round_dp(12),
        rust_decimal::Decimal::from(98)
    );
    let lv = support::priced(&r).expect("priced");
    assert_eq!(lv.main_provider.as_deref(), Some("lambda"));
    assert_eq!(schedule_reason(&lv), Some(NotPriced::DevOffHoursElsewhere));
    said_everywhere(&r, &lv, NotPriced::DevOffHoursElsewhere);
}

/// A bill without an environment tag says so; and (regression) dev/test GPUs that ran in
/// office hours only were priced as a schedule lever that "would not save anything", where
/// there is nothing out of office hours to stop.
#[test]
fn a_generic_bill_says_why_it_has_nothing_to_stop() {
    // Monday 2024-05-06 10:00–18:00 at UTC+8, the review's default time zone, then the
    // night after it.
    for (tags, window, why) in [
        (
            "team=ml",
            "2024-05-06T12:00:00Z,2024-05-06T20:00:00Z",
            NotPriced::NoEnvTag,
        ),
        (
            "env=dev",
            "2024-05-06T02:00:00Z,2024-05-06T10:00:00Z",
            NotPriced::NoDevOffHours,
        ),
    ] {
        let r = support::generic(&format!(
            "start,end,provider,gpu_model,gpus,cost,currency,tags\n\
             {window},runpod,RTX 4090,1,5.52,USD,{tags}\n"
        ));
        assert!(r.waste.dev_off_hours_gpu_hours.is_zero(), "{tags}");
        let lv = support::priced(&r).expect("priced");
        assert_eq!(schedule_reason(&lv), Some(why), "{tags}");
        said_everywhere(&r, &lv, why);
    }
}

/// Regression: a Google Cloud bill's summary said spot capacity "saves $4,591.89 a month" of
/// a GPU spend of $4,526.45 a month, without a word on why: Google bills the GPU SKU apart
/// from its machine's vCPUs and memory, while the catalog prices whole machines. The levers
/// (golden, to the cent) now say so wherever they are read.
#[test]
fn google_cloud_levers_say_the_gpu_spend_leaves_out_the_machines() {
    use gpucost_review::render::to_csv;
    use gpucost_review::review::levers::LeverNote;
    let usd = |s: &str| s.parse::<rust_decimal::Decimal>().unwrap();
    let r = support::sample("gcp-billing.csv");
    let lv = support::priced(&r).expect("priced");
    assert_eq!(lv.notes, [LeverNote::GpuBilledApartFromMachine]);
    assert_eq!(
        lv.baseline.unwrap().currency,
        gpucost_core::money::Currency::Usd
    );
    let actual = lv.actual_monthly.expect("dated").amount;
    assert_eq!(actual, usd("4526.45"));
    assert_eq!(lv.baseline.expect("priced").amount, usd("5873.34"));
    let savings: Vec<_> = lv
        .savings
        .iter()
        .map(|s| (s.lever.as_str(), s.amount().round_for_display().amount))
        .collect();
    assert_eq!(
        savings,
        [("spot", usd("4591.89")), ("other-provider", usd("2053.74"))]
    );
    assert!(savings[0].1 > actual, "the case the note explains");
    for lang in [Lang::En, Lang::Zh] {
        let text = LeverNote::GpuBilledApartFromMachine.text(lang);
        let json = to_json(&r, Some(&lv), lang);
        assert!(json.summary.lines.iter().any(|l| l == text), "summary");
        let notes = &json.levers.as_ref().unwrap().notes;
        assert_eq!(notes[0].note, "gpu-billed-apart-from-machine");
        for (output, out) in [
            ("table", to_table(&json, lang)),
            ("markdown", to_markdown(&json, lang)),
            ("html", to_html(&json, lang).replace("&#39;", "'")),
        ] {
            assert!(out.contains(text), "{lang:?} {output}");
        }
        assert!(to_csv(&json).contains("\nlever-note,gpu-billed-apart-from-machine,"));
        // The levers' amounts read as money in every output, as on the page.
        assert!(to_table(&json, lang).contains("$4,591.89   78.18%"));
        assert!(to_markdown(&json, lang).contains("| $4,591.89 | 78.18% |"));
    }
    // A bill whose instance lines include the machine has no such note.
    let aws = support::priced(&support::sample("aws-cur-legacy.csv")).expect("priced");
    assert!(aws.notes.is_empty());
}

/// Regression: a Google Cloud review listed no GPU that never stops ("None") and "0 GPU-hours"
/// of dev/test use out of office hours, as if both had been checked; its cost table has no
/// instance id and no labels, so both are said to be not known, in every output.
#[test]
fn google_clouds_waste_says_what_its_cost_table_cannot_tell() {
    use gpucost_review::bill::Lack;
    use gpucost_review::render::to_csv;
    let r = support::sample("gcp-billing.csv");
    assert_eq!(r.format.lacks(), [Lack::Instances, Lack::Labels]);
    for lang in [Lang::En, Lang::Zh] {
        let json = to_json(&r, None, lang);
        let csv = to_csv(&json);
        assert!(csv.contains("\nlacks,instances,") && csv.contains("\nlacks,labels,"));
        for lack in [Lack::Instances, Lack::Labels] {
            let text = lack.text(lang);
            assert_eq!(json.lack(lack.as_str()), Some(text));
            for (output, out) in [
                ("table", to_table(&json, lang)),
                ("markdown", to_markdown(&json, lang)),
                ("html", to_html(&json, lang).replace("&#39;", "'")),
            ] {
                assert!(out.contains(text), "{lang:?} {output}: {text}");
                // The waste section (the heat map's cells may well say 0 GPU-hours).
                let waste = out
                    .split_once("review-waste")
                    .map_or(out.as_str(), |(_, w)| w.split("</section>").next().unwrap());
                for zero in [": 0 GPU-hours", ">0 GPU-hours", ": 0 卡·时", ">0 卡·时"] {
                    assert!(!waste.contains(zero), "{lang:?} {output}: {zero}");
                }
            }
        }
        let html = to_html(&json, lang);
        assert!(
            !html.contains("<ul data-testid=\"review-always-on\">"),
            "no list"
        );
    }
    // A bill that names its instances and tags says what it found.
    let aws = support::sample("aws-cur-legacy.csv");
    assert!(aws.format.lacks().is_empty());
    let json = to_json(&aws, None, Lang::En);
    assert!(json.lacks.is_empty() && json.lack("labels").is_none());
    assert!(to_table(&json, Lang::En).contains("GPU-hours, $"));
}

/// Regression: a bill that counts GPU use by the day (Azure's daily lines, Google's cost
/// table) drew an hour-of-week map and priced stopping dev/test GPUs at night as if it knew
/// the hours, when each day's use was only spread evenly over them; both now say so.
#[test]
fn a_bill_by_the_day_says_its_hours_are_spread_evenly() {
    use gpucost_review::bill::Lack;
    use gpucost_review::review::levers::{LeverNote, ReviewLever};
    let r = support::sample("azure-cost-details.csv");
    assert!(r.by_day, "Azure's lines are days");
    assert_eq!(r.lacks(), [Lack::HoursOfDay]);
    let lv = support::priced(&r).expect("priced");
    assert!(lv.savings.iter().any(|s| s.lever == ReviewLever::Schedule));
    assert_eq!(lv.notes, [LeverNote::ScheduleFromWholeDays]);
    for lang in [Lang::En, Lang::Zh] {
        let json = to_json(&r, Some(&lv), lang);
        let lack = Lack::HoursOfDay.text(lang);
        let note = LeverNote::ScheduleFromWholeDays.text(lang);
        assert!(json.summary.lines.iter().any(|l| l == note), "summary");
        for (output, out) in [
            ("table", to_table(&json, lang)),
            ("markdown", to_markdown(&json, lang)),
            ("html", to_html(&json, lang).replace("&#39;", "'")),
        ] {
            assert!(
                out.contains(lack) && out.contains(note),
                "{lang:?} {output}"
            );
        }
        let html = to_html(&json, lang);
        let map = html.find("data-testid=\"review-heat\"").unwrap();
        assert!(html.find("data-testid=\"review-heat-note\"") > Some(map));
    }
    let gcp = support::sample("gcp-billing.csv");
    assert!(gcp.by_day);
    assert_eq!(
        gcp.lacks(),
        [Lack::Instances, Lack::Labels, Lack::HoursOfDay]
    );
    // An hourly bill names its hours.
    let aws = support::sample("aws-cur-legacy.csv");
    assert!(!aws.by_day && aws.lacks().is_empty());
    let lv = support::priced(&aws).expect("priced");
    assert!(lv.notes.is_empty());
    let html = to_html(&to_json(&aws, Some(&lv), Lang::En), Lang::En);
    assert!(!html.contains("review-heat-note"));
}
