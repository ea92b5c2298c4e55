//! A plan that commits to a term says so wherever it is chosen (issue 28): with 4 × A10 in
//! mainland China and reserved allowed, the headline was ¥7,265.00 a month — a 3-year
//! all-upfront reservation spread over the month — and the ¥261,540 paid on day one and the
//! three-year term appeared only in the row's "how it is paid" cell, while the chart started
//! the reservation at ¥0 and said it beat on-demand after ~4 h.

mod common;

use chrono::NaiveDate;
use gpucost_core::billing::Coverage;
use gpucost_core::billing_mode::{ModeClass, Payment, Term};
use gpucost_core::catalog::embedded;
use gpucost_core::escape::{markdown_text, terminal_lines};
use gpucost_core::estimate::{CommittedTerms, Upfront};
use gpucost_core::format::{self, Lang};
use gpucost_core::l10n::commitment;
use gpucost_core::presets::Preset;
use gpucost_core::print::cells::RowCells;
use gpucost_core::print::{csv, json, markdown, table};
use gpucost_core::report::Series;
use gpucost_core::session::Session;
use gpucost_core::view::charts::overtakes;
use gpucost_core::view::estimate::EstimateView;
use gpucost_core::view::results::LineView;

const A10_CN: &str = "?l=A10*4&geo=cn&pay=reserved&cur=CNY";

/// The view and the chart's series of `link`, as the page and `gpucost estimate` open it.
fn open(link: &str) -> Option<(EstimateView, Vec<Series>)> {
    let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
    let s = Session::open(embedded(), link, None, today);
    let query = s.link();
    let e = s.estimate.ok()?;
    let view = EstimateView::new(&embedded().catalog, &e.scenario, &e.report, &query);
    Some((view, e.report.series))
}

/// Every preset with reserved and monthly plans allowed, the snapshot links, and the issue's
/// four scenarios.
fn links() -> Vec<String> {
    let mut links = common::snapshot_links();
    for preset in Preset::ALL.map(Preset::as_str) {
        links.push(format!("?preset={preset}&pay=reserved,monthly&cur=CNY"));
        links.push(format!("?preset={preset}&pay=reserved&cur=USD"));
    }
    links.extend(
        [
            A10_CN,
            "?l=A10*4&h=730&geo=cn&pay=reserved&cur=CNY",
            "?task=serve&model=mistral-7b&rate=20req&pay=reserved,monthly&cur=CNY",
            "?task=serve&model=llama-3-8b&rate=20req&pay=reserved,monthly&cur=CNY",
            "?l=A100-80GB*8&h=8760&pay=reserved&cmp=aws&cur=USD",
            "?l=A100-80GB*8&h=2000&pay=reserved&cmp=aws&cur=USD",
            "?l=H100*8&pay=reserved&cur=USD",
        ]
        .map(String::from),
    );
    links
}

fn cny(s: &str) -> gpucost_core::money::Money {
    gpucost_core::money::Money::new(s.parse().unwrap(), gpucost_core::money::Currency::Cny)
}

#[test]
fn four_a10s_in_mainland_china_state_the_three_year_term_and_its_upfront() {
    let (view, _) = open(A10_CN).expect("estimates");
    let (row, served) = view.results.cheapest().expect("a cheapest row");
    assert_eq!(row.key, "aws-china");
    assert_eq!(format::money(served.total), "¥7,265.00");
    let [t] = served.commitments.as_slice() else {
        panic!("one commitment: {:?}", served.commitments)
    };
    assert_eq!(
        (
            t.commitment.term,
            t.commitment.payment,
            t.reserved,
            t.coverage
        ),
        (Term::Year3, Payment::AllUpfront, 4, Coverage::Share)
    );
    // rate × 26,280 h × 4, exact: the month's ¥7,265.00 is the same rate × 730 h × 4, rounded.
    assert_eq!(t.whole.round_for_display(), cny("261540.03"));
    assert_eq!(t.upfront, Upfront::Whole(t.whole));
    assert_eq!(t.in_period, cny("7265.00"));
    assert_eq!(t.after_horizon(), cny("254275.03"));
    assert_eq!(
        RowCells::of(row, Lang::En).commitment,
        "Commits to a 3-year term for 4 instances: ¥261,540.03 paid up front; this period \
         ¥7,265.00 of it; ¥254,275.03 of it pays for the term after this period"
    );
    assert_eq!(
        RowCells::of(row, Lang::Zh).commitment,
        "承诺 3 年期（4 台实例）：共 ¥261,540.03，开始时全部预付；本期分摊 ¥7,265.00；其中 \
         ¥254,275.03 属于本期之后的期限"
    );
}

/// A term that is not paid up front still binds the buyer: "nothing up front" and what is
/// still owed after the period; a one-off horizon owing whole terms owes nothing after it.
#[test]
fn every_way_of_paying_is_worded_in_both_languages() {
    let base = CommittedTerms {
        commitment: gpucost_core::billing_mode::Commitment {
            kind: gpucost_core::billing_mode::CommitmentKind::ReservedStandard,
            term: Term::Year1,
            payment: Payment::NoUpfront,
        },
        reserved: 1,
        coverage: Coverage::Share,
        whole: cny("8760"),
        upfront: Upfront::Nothing,
        in_period: cny("730"),
    };
    let partial = CommittedTerms {
        upfront: Upfront::Part,
        ..base
    };
    let renewed = CommittedTerms {
        coverage: Coverage::Terms(2),
        whole: cny("17520"),
        in_period: cny("17520"),
        upfront: Upfront::Whole(cny("8760")),
        ..base
    };
    let cases = [
        (
            base,
            "Commits to a 1-year term for 1 instance: ¥8,760.00, nothing up front, billed monthly; this period ¥730.00 of it; ¥8,030.00 still owed after this period",
            "承诺 1 年期（1 台实例）：共 ¥8,760.00，无预付，按月支付；本期分摊 ¥730.00；本期之后仍需支付 ¥8,030.00",
        ),
        (
            partial,
            "Commits to a 1-year term for 1 instance: ¥8,760.00, part paid up front (the seller quotes the split); this period ¥730.00 of it; ¥8,030.00 still owed after this period",
            "承诺 1 年期（1 台实例）：共 ¥8,760.00，部分预付（比例以卖方报价为准）；本期分摊 ¥730.00；本期之后仍需支付 ¥8,030.00",
        ),
        (
            renewed,
            "Commits to 2 × 1-year terms for 1 instance: ¥17,520.00, ¥8,760.00 paid up front at the start of each term; this period ¥17,520.00 of it; the period is charged all of it, nothing is owed after it",
            "承诺 2 个 1 年期（1 台实例）：共 ¥17,520.00，每期开始时预付 ¥8,760.00；本期分摊 ¥17,520.00；本期计入全部金额，期后无需再付",
        ),
    ];
    for (t, en, zh) in cases {
        assert_eq!(commitment::all(&[t], Lang::En), en);
        assert_eq!(commitment::all(&[t], Lang::Zh), zh);
    }
}

/// Whether some line of a served row is on a committed plan.
fn committed(lines: &[LineView]) -> bool {
    lines.iter().any(|l| l.plan.class() == ModeClass::Committed)
}

#[test]
fn headline_rows_exports_and_chart_say_the_same_about_a_commitment() {
    let mut checked = 0;
    for link in links() {
        let Some((view, series)) = open(&link) else {
            continue;
        };
        let data = json::estimate(&view, Lang::En);
        let data_zh = json::estimate(&view, Lang::Zh);
        let (md, csv_text) = (markdown::estimate(&data, Lang::En), csv::estimate(&data));
        let (text, text_zh) = (
            table::estimate(&view, Lang::En),
            table::estimate(&view, Lang::Zh),
        );
        for (i, (row, lines)) in view.rows().enumerate() {
            let Ok(served) = &row.outcome else { continue };
            assert_eq!(
                committed(lines),
                !served.commitments.is_empty(),
                "{link}: {} commits iff its plan does",
                row.key
            );
            let (en, zh) = (RowCells::of(row, Lang::En), RowCells::of(row, Lang::Zh));
            assert_eq!(data.providers[i].commitment, en.commitment, "{link}");
            assert_eq!(data_zh.providers[i].commitment, zh.commitment, "{link}");
            if en.commitment.is_empty() {
                continue;
            }
            checked += 1;
            assert!(md.contains(&markdown_text(&en.commitment)), "{link}: {md}");
            assert!(text.contains(&terminal_lines(&en.commitment)), "{link}");
            assert!(text_zh.contains(&terminal_lines(&zh.commitment)), "{link}");
            assert!(
                !zh.commitment.chars().any(|c| c.is_ascii_alphabetic()),
                "{link}: no English in Chinese: {}",
                zh.commitment
            );
            // The numbers behind the words add up, and the CSV carries each line's.
            for (c, t) in data.providers[i]
                .commitments
                .iter()
                .zip(&served.commitments)
            {
                assert_eq!(c.whole, t.whole.to_decimal_string(), "{link}");
                let (whole, period, after): (rust_decimal::Decimal, _, _) = (
                    c.whole.parse().unwrap(),
                    c.in_period.parse::<rust_decimal::Decimal>().unwrap(),
                    c.after_horizon.parse::<rust_decimal::Decimal>().unwrap(),
                );
                assert_eq!(period + after, whole, "{link}: {c:?}");
                assert!(csv_text.contains(&c.after_horizon), "{link}");
            }
        }
        // The headline is the cheapest row; when it commits, the chart's committed line is
        // the same plan and its legend states the same term and upfront.
        if let Some((_, served)) = view.results.cheapest() {
            if let Some(t) = served.commitments.first() {
                let line = series
                    .iter()
                    .find(|s| s.class == ModeClass::Committed)
                    .unwrap_or_else(|| panic!("{link}: a committed line"));
                assert_eq!(line.commitments, served.commitments, "{link}");
                for lang in [Lang::En, Lang::Zh] {
                    let legend = line.legend(lang);
                    assert!(
                        legend.contains(&commitment::short(t, lang)),
                        "{link}: {legend}"
                    );
                }
            }
        }
        for s in &series {
            assert_eq!(
                s.class == ModeClass::Committed,
                !s.commitments.is_empty(),
                "{link}: {:?}",
                s.class
            );
        }
    }
    assert!(
        checked >= 5,
        "enough committed rows to mean something: {checked}"
    );
}

/// The chart starts a committed plan at what it costs on day one, upfront included: the 4 ×
/// A10 3-year all-upfront reservation starts at the ¥261,540.03 paid that day, not at its
/// month's share of ¥7,265.00, and so never meets on-demand (¥19,566.51 a month) within the
/// month: the chart claims no break-even (it claimed "~4 h", then "~272 h" counting only the
/// month's share). Its legend says the share.
#[test]
fn the_chart_starts_a_commitment_at_day_one_and_claims_the_real_crossing() {
    let (_, series) = open(A10_CN).expect("estimates");
    let reserved = series
        .iter()
        .find(|s| s.class == ModeClass::Committed)
        .unwrap();
    let od = series
        .iter()
        .find(|s| s.class == ModeClass::OnDemand)
        .unwrap();
    assert_eq!(reserved.points[0].1, cny("261540.03"), "paid on day one");
    assert_eq!(reserved.points.last().unwrap().1, cny("261540.03"));
    assert_eq!(od.points.last().unwrap().1, cny("19566.51"));
    assert_eq!(overtakes(&series), vec![], "no crossing within the month");
    for (lang, says) in [
        (
            gpucost_core::format::Lang::En,
            "a 3-year term, ¥261,540.03 up front, ¥7,265.00 of it this period",
        ),
        (
            gpucost_core::format::Lang::Zh,
            "3 年期，预付 ¥261,540.03，本期计入 ¥7,265.00",
        ),
    ] {
        assert!(
            reserved.legend(lang).contains(says),
            "{}",
            reserved.legend(lang)
        );
    }
    // Day one for every committed line of every link: it starts at no less than its period
    // share (recurring) or a term (one-off), never at zero.
    for link in links() {
        let Some((_, series)) = open(&link) else {
            continue;
        };
        for s in series.iter().filter(|s| !s.commitments.is_empty()) {
            let first = s.points[0].1;
            let owed: rust_decimal::Decimal = s
                .commitments
                .iter()
                .map(|t| match (t.coverage, t.upfront) {
                    (Coverage::Terms(n), _) => t.in_period.amount / rust_decimal::Decimal::from(n),
                    (Coverage::Share, _) => t.in_period.amount,
                })
                .sum();
            assert!(
                first.amount + rust_decimal::Decimal::new(1, 2) >= owed
                    && first.amount > rust_decimal::Decimal::ZERO,
                "{link}: {:?} starts at {first:?}, owes {owed}",
                s.class
            );
        }
    }
}
