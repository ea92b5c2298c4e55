//! A plan before its line items are built: its shape and at most three charges.
//!
//! An estimate weighs thousands of plans and shows a handful, so plans are drafted without
//! allocating and only the ones shown become a [`Plan`] with its items. A draft's totals are
//! computed exactly as the built plan's would be (same operations, same order).

use rust_decimal::Decimal;

use super::{Item, ItemKind, Plan, PlanContext, PlanKind, Rate};
use crate::fx::FxTable;
use crate::money::{Currency, Money};

/// One charge of a draft: quantity × rate.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Charge<'r, 'a> {
    /// Kind of charge.
    pub kind: ItemKind,
    /// Instance-hours, or instance-periods for subscriptions.
    pub quantity: Decimal,
    /// The rate per unit.
    pub rate: &'r Rate<'a>,
}

impl<'a> Charge<'_, 'a> {
    /// `quantity × rate`, exact, in the rate's currency.
    fn amount(&self) -> Money {
        Money::new(self.quantity * self.rate.amount, self.rate.currency)
    }

    fn item(&self) -> Item<'a> {
        Item {
            kind: self.kind,
            quantity: self.quantity,
            rate: self.rate.clone(),
            amount: self.amount(),
        }
    }
}

/// Most charges a plan has: a commitment or subscription, then spot and its overhead.
const MAX_CHARGES: usize = 3;

/// A plan's shape, eligibility and charges, without its items.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PlanDraft<'r, 'a> {
    /// Its shape.
    pub kind: PlanKind,
    /// Whether the scenario's options allow it.
    pub eligible: bool,
    charges: [Option<Charge<'r, 'a>>; MAX_CHARGES],
}

impl<'r, 'a> PlanDraft<'r, 'a> {
    /// A draft with no charges yet (the shape is set once the charges are known).
    pub(crate) fn new() -> Self {
        PlanDraft {
            kind: PlanKind::OnDemand,
            eligible: false,
            charges: [None; MAX_CHARGES],
        }
    }

    /// Adds a charge after the others.
    ///
    /// # Panics
    /// When the draft already has [`MAX_CHARGES`] charges (no plan shape has more).
    pub(crate) fn charge(&mut self, kind: ItemKind, quantity: Decimal, rate: &'r Rate<'a>) {
        let slot = self
            .charges
            .iter_mut()
            .find(|c| c.is_none())
            .expect("a plan has at most three charges");
        *slot = Some(Charge {
            kind,
            quantity,
            rate,
        });
    }

    /// The charges, in item order.
    pub(crate) fn charges(&self) -> impl Iterator<Item = &Charge<'r, 'a>> {
        self.charges.iter().map_while(Option::as_ref)
    }

    /// The sum of the charges each converted to `display` and rounded for display: the
    /// total a person sees for this plan.
    pub(crate) fn shown_total(&self, fx: &FxTable, display: Currency) -> Decimal {
        self.charges()
            .map(|c| fx.convert(c.amount(), display).round_for_display().amount)
            .sum()
    }

    /// The plan with its items and exact cost.
    pub(crate) fn build(&self, ctx: &PlanContext) -> Plan<'a> {
        let items: Vec<Item<'a>> = self.charges().map(Charge::item).collect();
        Plan {
            kind: self.kind,
            cost: super::total(&items, ctx),
            items,
            eligible: self.eligible,
        }
    }
}
