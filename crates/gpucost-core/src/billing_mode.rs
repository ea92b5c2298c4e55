//! How a price is paid: on demand, spot, committed for a term, or subscribed per period.
//!
//! Every mode has a stable slug (`on-demand`, `spot`, `ri-standard-1y-no-upfront`,
//! `sub-month`, …) used in the catalog file, the URL and exports. This module only names the
//! modes; what a mode costs for a given usage lives in `billing`.

use std::fmt;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// The broad classes of billing a user can allow or forbid in a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ModeClass {
    /// Pay per use at the list price.
    OnDemand,
    /// Interruptible capacity at a lower price.
    Spot,
    /// A commitment to pay for every hour of a term (reserved instance, savings plan, CUD).
    Committed,
    /// A fixed price per day, week or month, paid up front.
    Subscription,
}

impl ModeClass {
    /// Every class, in display order.
    pub const ALL: [ModeClass; 4] = [
        ModeClass::OnDemand,
        ModeClass::Spot,
        ModeClass::Committed,
        ModeClass::Subscription,
    ];

    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            ModeClass::OnDemand => "on-demand",
            ModeClass::Spot => "spot",
            ModeClass::Committed => "committed",
            ModeClass::Subscription => "subscription",
        }
    }
}

/// What kind of commitment a committed price is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CommitmentKind {
    /// A standard reserved instance (AWS).
    ReservedStandard,
    /// A convertible reserved instance (AWS).
    ReservedConvertible,
    /// A savings plan (AWS, RunPod).
    SavingsPlan,
    /// A committed-use discount (Google Cloud).
    CommittedUse,
}

impl CommitmentKind {
    fn slug(self) -> &'static str {
        match self {
            CommitmentKind::ReservedStandard => "ri-standard",
            CommitmentKind::ReservedConvertible => "ri-convertible",
            CommitmentKind::SavingsPlan => "savings-plan",
            CommitmentKind::CommittedUse => "cud",
        }
    }
}

/// The length of a commitment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    /// Three months.
    Months3,
    /// Six months.
    Months6,
    /// One year.
    Year1,
    /// Three years.
    Year3,
}

impl Term {
    /// Every term, shortest first.
    pub const ALL: [Term; 4] = [Term::Months3, Term::Months6, Term::Year1, Term::Year3];

    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            Term::Months3 => "3mo",
            Term::Months6 => "6mo",
            Term::Year1 => "1y",
            Term::Year3 => "3y",
        }
    }

    /// Hours in the term, counting a year as 8,760 h (365 days) and a month as 730 h.
    pub fn hours(self) -> Decimal {
        Decimal::from(match self {
            Term::Months3 => 3 * 730,
            Term::Months6 => 6 * 730,
            Term::Year1 => 8760,
            Term::Year3 => 3 * 8760,
        })
    }
}

/// When a commitment is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Payment {
    /// Nothing up front, every hour billed monthly.
    NoUpfront,
    /// Part up front, the rest hourly.
    PartialUpfront,
    /// Everything up front (the catalog folds it into an effective hourly rate).
    AllUpfront,
    /// A monthly commitment fee (Google Cloud CUD).
    Monthly,
    /// Prepaid plan (RunPod savings plan).
    Prepaid,
}

impl Payment {
    fn slug(self) -> &'static str {
        match self {
            Payment::NoUpfront => "no-upfront",
            Payment::PartialUpfront => "partial-upfront",
            Payment::AllUpfront => "all-upfront",
            Payment::Monthly => "monthly",
            Payment::Prepaid => "prepaid",
        }
    }
}

/// A commitment: kind, term and payment option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Commitment {
    /// Reserved instance, savings plan or committed-use discount.
    pub kind: CommitmentKind,
    /// How long the commitment runs.
    pub term: Term,
    /// When it is paid.
    pub payment: Payment,
}

/// The period a subscription price covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Period {
    /// One day (24 h).
    Day,
    /// One week (168 h).
    Week,
    /// Thirty days (720 h), as rental platforms sell a "month".
    Days30,
    /// One calendar month (counted as 730 h when a length is needed).
    Month,
}

impl Period {
    /// Every period, shortest first.
    pub const ALL: [Period; 4] = [Period::Day, Period::Week, Period::Days30, Period::Month];

    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            Period::Day => "day",
            Period::Week => "week",
            Period::Days30 => "30d",
            Period::Month => "month",
        }
    }

    /// Hours one period covers.
    pub fn hours(self) -> Decimal {
        Decimal::from(match self {
            Period::Day => 24,
            Period::Week => 168,
            Period::Days30 => 720,
            Period::Month => 730,
        })
    }
}

/// How a catalog price is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum BillingMode {
    /// Pay per use at the list price per hour.
    OnDemand,
    /// Spot / preemptible / interruptible price per hour.
    Spot,
    /// Committed price per hour, owed for every hour of the term.
    Committed(Commitment),
    /// A fixed price per period.
    Subscription(Period),
}

impl BillingMode {
    /// The broad class of this mode.
    pub fn class(self) -> ModeClass {
        match self {
            BillingMode::OnDemand => ModeClass::OnDemand,
            BillingMode::Spot => ModeClass::Spot,
            BillingMode::Committed(_) => ModeClass::Committed,
            BillingMode::Subscription(_) => ModeClass::Subscription,
        }
    }

    /// Whether the price is per hour (true) or per subscription period.
    pub fn is_hourly(self) -> bool {
        !matches!(self, BillingMode::Subscription(_))
    }
}

impl fmt::Display for BillingMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BillingMode::OnDemand => f.write_str("on-demand"),
            BillingMode::Spot => f.write_str("spot"),
            BillingMode::Committed(c) => write!(
                f,
                "{}-{}-{}",
                c.kind.slug(),
                c.term.as_str(),
                c.payment.slug()
            ),
            BillingMode::Subscription(p) => write!(f, "sub-{}", p.as_str()),
        }
    }
}

/// A billing-mode slug that names no mode.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown billing mode {0:?}")]
pub struct UnknownBillingMode(pub String);

impl FromStr for BillingMode {
    type Err = UnknownBillingMode;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownBillingMode(s.to_string());
        match s {
            "on-demand" => return Ok(BillingMode::OnDemand),
            "spot" => return Ok(BillingMode::Spot),
            _ => {}
        }
        if let Some(p) = s.strip_prefix("sub-") {
            let period = Period::ALL
                .into_iter()
                .find(|x| x.as_str() == p)
                .ok_or_else(bad)?;
            return Ok(BillingMode::Subscription(period));
        }
        let kinds = [
            CommitmentKind::ReservedStandard,
            CommitmentKind::ReservedConvertible,
            CommitmentKind::SavingsPlan,
            CommitmentKind::CommittedUse,
        ];
        let payments = [
            Payment::NoUpfront,
            Payment::PartialUpfront,
            Payment::AllUpfront,
            Payment::Monthly,
            Payment::Prepaid,
        ];
        for kind in kinds {
            let Some(rest) = s
                .strip_prefix(kind.slug())
                .and_then(|r| r.strip_prefix('-'))
            else {
                continue;
            };
            for term in Term::ALL {
                let Some(pay) = rest
                    .strip_prefix(term.as_str())
                    .and_then(|r| r.strip_prefix('-'))
                else {
                    continue;
                };
                if let Some(payment) = payments.into_iter().find(|p| p.slug() == pay) {
                    return Ok(BillingMode::Committed(Commitment {
                        kind,
                        term,
                        payment,
                    }));
                }
            }
        }
        Err(bad())
    }
}

impl TryFrom<String> for BillingMode {
    type Error = UnknownBillingMode;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<BillingMode> for String {
    fn from(m: BillingMode) -> String {
        m.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_mode() -> Vec<BillingMode> {
        let mut all = vec![BillingMode::OnDemand, BillingMode::Spot];
        all.extend(Period::ALL.map(BillingMode::Subscription));
        for kind in [
            CommitmentKind::ReservedStandard,
            CommitmentKind::ReservedConvertible,
            CommitmentKind::SavingsPlan,
            CommitmentKind::CommittedUse,
        ] {
            for term in Term::ALL {
                for payment in [
                    Payment::NoUpfront,
                    Payment::PartialUpfront,
                    Payment::AllUpfront,
                    Payment::Monthly,
                    Payment::Prepaid,
                ] {
                    all.push(BillingMode::Committed(Commitment {
                        kind,
                        term,
                        payment,
                    }));
                }
            }
        }
        all
    }

    #[test]
    fn every_slug_parses_back_to_its_mode() {
        for mode in every_mode() {
            let slug = mode.to_string();
            assert_eq!(slug.parse::<BillingMode>(), Ok(mode), "slug {slug}");
        }
    }

    #[test]
    fn unknown_slugs_are_rejected() {
        for s in [
            "",
            "reserved",
            "sub-year",
            "ri-standard-2y-no-upfront",
            "cud-1y-",
        ] {
            assert!(
                s.parse::<BillingMode>().is_err(),
                "{s:?} should be rejected"
            );
        }
    }
}
