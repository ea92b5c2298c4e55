//! Edits to one custom price's fields.

use rust_decimal::Decimal;

use crate::catalog::Catalog;
use crate::limits::CUSTOM_PRICE_AMOUNT;
use crate::money::Currency;
use crate::scenario::{CustomMode, CustomPrice, PriceOwner};

use crate::user_text::seller_name;

/// A change to one field of a custom price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceEdit {
    /// Who quotes it: a catalog provider, or a seller the user names (the name is cleaned
    /// by [`seller_name`]).
    Seller(PriceOwner),
    /// The GPU it is for (a catalog id).
    Gpu(String),
    /// How it is billed.
    Mode(CustomMode),
    /// Its amount per unit of the mode.
    Amount(Decimal),
    /// The currency of the amount.
    Currency(Currency),
}

impl PriceEdit {
    /// Whether the edit can apply to a price (a provider the catalog knows, a name with
    /// something left once cleaned, an amount within the limit).
    pub(super) fn applies(&self, catalog: &Catalog) -> bool {
        match self {
            PriceEdit::Seller(PriceOwner::Provider(id)) => catalog.provider(id).is_some(),
            PriceEdit::Seller(PriceOwner::Named(name)) => seller_name(name).is_some(),
            PriceEdit::Gpu(gpu) => catalog.gpu(gpu).is_some(),
            PriceEdit::Amount(amount) => CUSTOM_PRICE_AMOUNT.in_range(*amount),
            PriceEdit::Mode(_) | PriceEdit::Currency(_) => true,
        }
    }

    /// Applies the edit (checked by [`PriceEdit::applies`]).
    pub(super) fn apply(self, price: &mut CustomPrice) {
        match self {
            PriceEdit::Seller(PriceOwner::Named(name)) => {
                price.owner = PriceOwner::Named(seller_name(&name).unwrap_or(name));
            }
            PriceEdit::Seller(owner) => price.owner = owner,
            PriceEdit::Gpu(gpu) => price.gpu = gpu,
            PriceEdit::Mode(mode) => price.mode = mode,
            PriceEdit::Amount(amount) => price.amount = Some(amount),
            PriceEdit::Currency(currency) => price.currency = currency,
        }
    }
}
