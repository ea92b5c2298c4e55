//! The user's own prices: who a quote is from, how it is paid, and what it costs per GPU.
//!
//! A leaf of the engine (it names no scenario, estimate or recommendation), so that the
//! scenario that holds quotes, the estimate that prices lines with them and the
//! recommendation that ranks them can each read it without importing one another.

use rust_decimal::Decimal;

use crate::billing_mode::{ModeClass, Period};
use crate::money::Currency;

/// Source id of prices the user entered.
pub const USER_SOURCE: &str = "user";

/// The region a price the user entered is listed in: a quote is for the job wherever it
/// runs, so it names no region of the seller.
pub const QUOTE_REGION: &str = "custom";

/// Who a custom price is from.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PriceOwner {
    /// A catalog provider (its billing rules apply).
    Provider(String),
    /// A provider the user names (a quote, an in-house cluster).
    Named(String),
}

impl PriceOwner {
    /// Stable id for results (`alibaba`, or `custom:<name>`).
    pub fn id(&self) -> String {
        match self {
            PriceOwner::Provider(id) => id.clone(),
            PriceOwner::Named(name) => format!("custom:{name}"),
        }
    }
}

/// How a custom price is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CustomMode {
    /// Per GPU-hour, on demand.
    OnDemand,
    /// Per GPU-hour, spot.
    Spot,
    /// Per GPU per subscription period.
    Subscription(Period),
}

impl CustomMode {
    /// The billing class a price in this mode belongs to.
    pub fn class(self) -> ModeClass {
        match self {
            CustomMode::OnDemand => ModeClass::OnDemand,
            CustomMode::Spot => ModeClass::Spot,
            CustomMode::Subscription(_) => ModeClass::Subscription,
        }
    }

    /// URL slug.
    pub fn as_str(self) -> &'static str {
        match self {
            CustomMode::OnDemand => "od",
            CustomMode::Spot => "spot",
            CustomMode::Subscription(Period::Day) => "day",
            CustomMode::Subscription(Period::Week) => "week",
            CustomMode::Subscription(Period::Days30) => "30d",
            CustomMode::Subscription(Period::Month) => "month",
        }
    }

    /// Every mode, in menu order.
    pub const ALL: [CustomMode; 6] = [
        CustomMode::OnDemand,
        CustomMode::Spot,
        CustomMode::Subscription(Period::Day),
        CustomMode::Subscription(Period::Week),
        CustomMode::Subscription(Period::Days30),
        CustomMode::Subscription(Period::Month),
    ];

    /// The mode with this slug.
    pub fn from_slug(s: &str) -> Option<CustomMode> {
        CustomMode::ALL.into_iter().find(|m| m.as_str() == s)
    }
}

/// A price the user entered: per GPU, for any GPU model, from any provider.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CustomPrice {
    /// Whose price.
    pub owner: PriceOwner,
    /// GPU model id.
    pub gpu: String,
    /// How it is paid.
    pub mode: CustomMode,
    /// Amount per GPU-hour (or per GPU per period); `None` until the user types it. A row
    /// without an amount prices nothing: adding a price must not change the results before
    /// it holds a real quote (a new row at ¥1/h became the headline at once).
    pub amount: Option<Decimal>,
    /// Its currency.
    pub currency: Currency,
}
