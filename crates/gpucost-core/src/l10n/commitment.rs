//! A commitment in words: the term, what is paid at its start, what the scenario's period is
//! charged of it and what falls after the period. The headline, a comparison row, the chart's
//! legend and every export say a commitment with these phrases, so they cannot disagree.

use crate::billing::Coverage;
use crate::estimate::{CommittedTerms, Upfront};
use crate::format::{self, Lang};
use crate::l10n::{labels, Localize};

/// The term, counted: "a 3-year term" / "3 × 1-year terms"; "3 年期" / "3 个 1 年期".
fn terms(t: &CommittedTerms, lang: Lang) -> String {
    let term = labels::term(t.commitment.term, lang);
    match (t.coverage, lang) {
        (Coverage::Terms(n), Lang::En) if n > 1 => format!("{n} × {term} terms"),
        (_, Lang::En) => format!("a {term} term"),
        (Coverage::Terms(n), Lang::Zh) if n > 1 => format!("{n} 个 {term}期"),
        (_, Lang::Zh) => format!("{term}期"),
    }
}

/// How the whole is paid: "¥261,540.00 paid up front" and the like.
fn paid(t: &CommittedTerms, lang: Lang) -> String {
    let whole = format::money(t.whole);
    let each_term = matches!(t.coverage, Coverage::Terms(n) if n > 1);
    match (t.upfront, lang) {
        (Upfront::Whole(first), Lang::En) if each_term => format!(
            "{whole}, {} paid up front at the start of each term",
            format::money(first)
        ),
        (Upfront::Whole(_), Lang::En) => format!("{whole} paid up front"),
        (Upfront::Part, Lang::En) => {
            format!("{whole}, part paid up front (the seller quotes the split)")
        }
        (Upfront::Nothing, Lang::En) => format!("{whole}, nothing up front, billed monthly"),
        (Upfront::Whole(first), Lang::Zh) if each_term => {
            format!("共 {whole}，每期开始时预付 {}", format::money(first))
        }
        (Upfront::Whole(_), Lang::Zh) => format!("共 {whole}，开始时全部预付"),
        (Upfront::Part, Lang::Zh) => format!("共 {whole}，部分预付（比例以卖方报价为准）"),
        (Upfront::Nothing, Lang::Zh) => format!("共 {whole}，无预付，按月支付"),
    }
}

/// What falls after the scenario's period.
fn after(t: &CommittedTerms, lang: Lang) -> String {
    let rest = t.after_horizon();
    if rest.amount.is_zero() {
        return match lang {
            Lang::En => "the period is charged all of it, nothing is owed after it".into(),
            Lang::Zh => "本期计入全部金额，期后无需再付".into(),
        };
    }
    let rest = format::money(rest);
    let prepaid = matches!(t.upfront, Upfront::Whole(_));
    match (prepaid, lang) {
        (true, Lang::En) => format!("{rest} of it pays for the term after this period"),
        (false, Lang::En) => format!("{rest} still owed after this period"),
        (true, Lang::Zh) => format!("其中 {rest} 属于本期之后的期限"),
        (false, Lang::Zh) => format!("本期之后仍需支付 {rest}"),
    }
}

impl Localize for CommittedTerms {
    /// The commitment in full: "Commits to a 3-year term for 4 instances: ¥261,540.00 paid up
    /// front; this period ¥7,265.00 of it; ¥254,275.00 of it pays for the term after this
    /// period".
    fn text(&self, lang: Lang) -> String {
        let (terms, paid, after) = (terms(self, lang), paid(self, lang), after(self, lang));
        let period = format::money(self.in_period);
        let n = self.reserved;
        match lang {
            Lang::En => {
                let instances = if n == 1 { "instance" } else { "instances" };
                format!("Commits to {terms} for {n} {instances}: {paid}; this period {period} of it; {after}")
            }
            Lang::Zh => {
                format!("承诺 {terms}（{n} 台实例）：{paid}；本期分摊 {period}；{after}")
            }
        }
    }
}

/// Every commitment of a plan in full, one after another (empty when there is none).
pub fn all(terms: &[CommittedTerms], lang: Lang) -> String {
    let sep = match lang {
        Lang::En => "; ",
        Lang::Zh => "；",
    };
    terms
        .iter()
        .map(|t| t.text(lang))
        .collect::<Vec<_>>()
        .join(sep)
}

/// A commitment in a few words, for a chart's legend: "3-year term, ¥261,540.00 up front,
/// ¥7,265.00 of it this period" or "1-year term, ¥52,000.00 billed monthly". The chart draws
/// an upfront whole on day one, so its legend says what share of it the period is charged.
pub fn short(t: &CommittedTerms, lang: Lang) -> String {
    let (terms, whole) = (terms(t, lang), format::money(t.whole));
    let first = match t.upfront {
        Upfront::Whole(first) => format::money(first),
        _ => whole.clone(),
    };
    let share = format::money(t.in_period);
    let spread = t.coverage == Coverage::Share && !t.after_horizon().amount.is_zero();
    match (t.upfront, lang) {
        (Upfront::Whole(_), Lang::En) if spread => {
            format!("{terms}, {first} up front, {share} of it this period")
        }
        (Upfront::Whole(_), Lang::Zh) if spread => {
            format!("{terms}，预付 {first}，本期计入 {share}")
        }
        (Upfront::Whole(_), Lang::En) => format!("{terms}, {first} up front"),
        (Upfront::Part, Lang::En) => format!("{terms}, {whole}, part up front"),
        (Upfront::Nothing, Lang::En) => format!("{terms}, {whole} billed monthly"),
        (Upfront::Whole(_), Lang::Zh) => format!("{terms}，预付 {first}"),
        (Upfront::Part, Lang::Zh) => format!("{terms}，共 {whole}，部分预付"),
        (Upfront::Nothing, Lang::Zh) => format!("{terms}，共 {whole}，按月支付"),
    }
}
