//! What a committed line binds the buyer to, beside what the scenario's period is charged:
//! the whole term(s) bought, what is paid at the start, and what falls after the horizon.
//!
//! A month that repeats carries only its share of a three-year reservation (see
//! [`Coverage::Share`]), so its total can be a small fraction of what is signed: four A10s in
//! mainland China cost ¥7,265.00 a month on a 3-year all-upfront reservation that takes
//! ¥261,540.00 on day one (issue 28). The plan's charges stay as they are; this module states
//! the rest, so every surface can say it where the plan is chosen. It names amounts, never
//! words: the words are in `l10n`.

use rust_decimal::Decimal;

use crate::billing::{Coverage, Item, ItemKind, PlanKind};
use crate::billing_mode::{Commitment, Payment};
use crate::fx::FxTable;
use crate::money::{Currency, Money};

/// What a commitment asks for at the start of each term it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Upfront {
    /// The whole term, paid at its start (all upfront, prepaid): this much per term.
    Whole(Money),
    /// Part of the term at its start, the rest hourly: the catalog keeps only the effective
    /// hourly rate, so the split is the seller's to quote.
    Part,
    /// Nothing at the start: the term is billed month by month.
    Nothing,
}

/// A committed line's obligation over the whole term(s) it buys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommittedTerms {
    /// Kind, term and payment.
    pub commitment: Commitment,
    /// Reserved instances.
    pub reserved: u32,
    /// The horizon's share of one term, or whole terms renewed back to back.
    pub coverage: Coverage,
    /// Everything the terms bought cost, in the display currency, exact: rate × hours per
    /// term × reserved instances × terms.
    pub whole: Money,
    /// What is paid at the start of each term.
    pub upfront: Upfront,
    /// What the scenario's period is charged for the commitment: its line item, rounded as
    /// the item is shown.
    pub in_period: Money,
}

impl CommittedTerms {
    /// The obligation of a committed plan of `kind` whose commitment charge is `item` (rate
    /// in its own currency), shown as `in_period` in `currency`. `None` for other plans.
    pub(crate) fn of(
        kind: PlanKind,
        item: &Item<'_>,
        in_period: Money,
        fx: &FxTable,
        currency: Currency,
    ) -> Option<CommittedTerms> {
        let PlanKind::Committed {
            commitment,
            reserved,
            coverage,
            ..
        } = kind
        else {
            return None;
        };
        if item.kind != ItemKind::Commitment {
            return None;
        }
        let terms = match coverage {
            Coverage::Share => 1,
            Coverage::Terms(n) => n,
        };
        let one_term = fx.convert(
            item.rate
                .money()
                .times(commitment.term.hours() * Decimal::from(reserved)),
            currency,
        );
        let upfront = match commitment.payment {
            Payment::AllUpfront | Payment::Prepaid => Upfront::Whole(one_term),
            Payment::PartialUpfront => Upfront::Part,
            Payment::NoUpfront | Payment::Monthly => Upfront::Nothing,
        };
        Some(CommittedTerms {
            commitment,
            reserved,
            coverage,
            whole: one_term.times(Decimal::from(terms)),
            upfront,
            in_period,
        })
    }

    /// What the terms cost beyond what the scenario's period is charged: the rest of a term
    /// that runs on past a recurring horizon (zero when the period owes whole terms). Taken
    /// from the whole amount as shown, so the period's charge and this add up to it.
    pub fn after_horizon(&self) -> Money {
        let rest = self.whole.round_for_display() - self.in_period;
        if rest.amount.is_sign_negative() {
            Money::zero(rest.currency)
        } else {
            rest
        }
    }

    /// Whether `other` is the same commitment on the same footing, so the two can be stated
    /// as one (two lines reserving the same 3-year plan).
    pub fn same_terms(&self, other: &CommittedTerms) -> bool {
        self.commitment == other.commitment
            && self.coverage == other.coverage
            && matches!(
                (self.upfront, other.upfront),
                (Upfront::Whole(_), Upfront::Whole(_))
                    | (Upfront::Part, Upfront::Part)
                    | (Upfront::Nothing, Upfront::Nothing)
            )
    }

    /// `self` and `other` (of [`same_terms`](Self::same_terms)) stated as one.
    pub fn joined(&self, other: &CommittedTerms) -> CommittedTerms {
        CommittedTerms {
            reserved: self.reserved + other.reserved,
            whole: self.whole + other.whole,
            upfront: match (self.upfront, other.upfront) {
                (Upfront::Whole(a), Upfront::Whole(b)) => Upfront::Whole(a + b),
                (u, _) => u,
            },
            in_period: self.in_period + other.in_period,
            ..*self
        }
    }
}

/// `terms` with those of the same commitment stated as one, in first-seen order.
pub fn joined_terms(terms: impl IntoIterator<Item = CommittedTerms>) -> Vec<CommittedTerms> {
    let mut out: Vec<CommittedTerms> = Vec::new();
    for t in terms {
        match out.iter_mut().find(|o| o.same_terms(&t)) {
            Some(o) => *o = o.joined(&t),
            None => out.push(t),
        }
    }
    out
}
