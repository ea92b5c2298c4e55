//! What to do first: the bill's spend, the three largest savings the levers priced, and who
//! owns them — the tag values of the bill's owner tag (`team`, `owner`, `project`…) with the
//! most spend the lever acts on. Language-free: the words are in [`crate::l10n`].
//!
//! The levers are priced on a modelled scenario, not on tagged rows, so a saving is not
//! split between owners: each saving names the owners of the spend it acts on — the
//! dev/test GPU spend out of office hours for the schedule lever; for the others the GPU
//! spend at the bill's main provider (the levers cover its usage only) when the bill has
//! several, else the GPU spend — with that spend, exact and in the bill's currencies.

use super::levers::{LeverSaving, Levers, NotPriced, ReviewLever};
use super::{Amounts, Review, ENV_TAG_KEYS, FX_ORDER, UNTAGGED};
use crate::limits::OTHER;

/// How many savings the summary names.
pub const TOP_SAVINGS: usize = 3;
/// How many owners it names per saving.
pub const TOP_OWNERS: usize = 3;
/// Tag keys that say who owns a resource, most telling first (matched without regard to
/// case). A bill with none of them takes its tag key with the least untagged GPU spend.
pub const OWNER_KEYS: &[&str] = &[
    "owner",
    "team",
    "cost-center",
    "cost_center",
    "costcenter",
    "department",
    "dept",
    "project",
    "app",
    "application",
    "service",
];

/// What the owners' spend is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OwnedSpend {
    /// GPU spend.
    Gpu,
    /// GPU spend at one provider (the main one, of a bill of several).
    GpuAt(String),
    /// Dev/test GPU spend outside office hours.
    DevOffHours,
}

/// One owner: a value of the owner tag key and its spend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    /// The tag value (or `(untagged)`).
    pub value: String,
    /// Its spend of the kind the saving acts on.
    pub spend: Amounts,
}

/// One of the largest savings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopSaving {
    /// The lever and its monthly saving.
    pub saving: LeverSaving,
    /// What the owners' spend is.
    pub owned: OwnedSpend,
    /// The owners with the most of it, most first (empty without an owner key).
    pub owners: Vec<Owner>,
}

/// The summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The whole bill.
    pub total: Amounts,
    /// Its GPU spend.
    pub gpu: Amounts,
    /// The tag key the owners are values of, when the bill has tags.
    pub owner_key: Option<String>,
    /// The largest savings, biggest first: each on its own, never added up (they are
    /// alternatives on the same usage).
    pub top: Vec<TopSaving>,
    /// Why there is no saving, when there is none.
    pub none: Option<NotPriced>,
}

/// The owner tag key of `review`: the first of [`OWNER_KEYS`] it has, else the key (not an
/// environment key) with the least untagged GPU spend.
pub fn owner_key(review: &Review) -> Option<String> {
    let keys = || {
        review
            .by_tag
            .keys()
            .filter(|k| k.as_str() != OTHER)
            .filter(|k| !ENV_TAG_KEYS.contains(&k.to_ascii_lowercase().as_str()))
    };
    for wanted in OWNER_KEYS {
        if let Some(k) = keys().find(|k| k.eq_ignore_ascii_case(wanted)) {
            return Some(k.clone());
        }
    }
    let untagged = |k: &String| {
        review.by_tag[k]
            .iter()
            .find(|g| g.key == UNTAGGED)
            .map(|g| g.cost.weight(FX_ORDER))
            .unwrap_or_default()
    };
    keys()
        .min_by(|a, b| untagged(a).cmp(&untagged(b)).then_with(|| a.cmp(b)))
        .cloned()
}

/// The summary of `review` and its `levers` (`None` when no scenario could be derived).
pub fn summarize(review: &Review, levers: Option<&Levers>) -> Summary {
    let key = owner_key(review);
    let owners = |owned: &OwnedSpend| -> Vec<Owner> {
        let Some(key) = &key else {
            return Vec::new();
        };
        let mut all: Vec<Owner> = match owned {
            OwnedSpend::GpuAt(provider) => at_provider(review, key, provider),
            OwnedSpend::Gpu => review.by_tag[key]
                .iter()
                .map(|g| Owner {
                    value: g.key.clone(),
                    spend: g.cost.clone(),
                })
                .collect(),
            OwnedSpend::DevOffHours => review
                .waste
                .dev_off_hours_by_tag
                .iter()
                .filter(|((k, _), _)| k == key)
                .map(|((_, v), spend)| Owner {
                    value: v.clone(),
                    spend: spend.clone(),
                })
                .collect(),
        };
        all.retain(|o| !o.spend.is_empty());
        all.sort_by(|a, b| {
            b.spend
                .weight(FX_ORDER)
                .cmp(&a.spend.weight(FX_ORDER))
                .then_with(|| a.value.cmp(&b.value))
        });
        all.truncate(TOP_OWNERS);
        all
    };
    // The levers other than the schedule cover the main provider's usage: on a bill of
    // several providers, its owners are those of that provider's spend.
    let scope = levers
        .and_then(|l| l.main_provider.clone())
        .filter(|_| review.by_provider.len() > 1 && review.by_tag_and_provider.is_some())
        .map_or(OwnedSpend::Gpu, OwnedSpend::GpuAt);
    let top: Vec<TopSaving> = levers
        .map(|l| {
            l.savings
                .iter()
                .take(TOP_SAVINGS)
                .cloned()
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
        .into_iter()
        .map(|saving: LeverSaving| {
            let owned = match saving.lever {
                ReviewLever::Schedule => OwnedSpend::DevOffHours,
                _ => scope.clone(),
            };
            TopSaving {
                owners: owners(&owned),
                owned,
                saving,
            }
        })
        .collect();
    let none = match levers {
        _ if !top.is_empty() => None,
        None => Some(super::levers::why_no_scenario(review)),
        // The baseline's reason, when there is none; else every lever was priced and saved
        // nothing, or had no price.
        Some(l) => Some(
            l.not_priced
                .iter()
                .find(|(slug, _)| *slug == "baseline")
                .map_or(NotPriced::NoSaving, |(_, why)| *why),
        ),
    };
    Summary {
        total: review.total.clone(),
        gpu: review.gpu.clone(),
        owner_key: key,
        top,
        none,
    }
}

/// The values of tag `key` with their GPU spend at `provider`, and the provider's spend
/// without the key as `(untagged)`.
fn at_provider(review: &Review, key: &str, provider: &str) -> Vec<Owner> {
    let Some(cross) = &review.by_tag_and_provider else {
        return Vec::new();
    };
    let mut owners: Vec<Owner> = cross
        .iter()
        .filter(|((k, _, p), _)| k == key && p == provider)
        .map(|((_, v, _), spend)| Owner {
            value: v.clone(),
            spend: spend.clone(),
        })
        .collect();
    let mut tagged = Amounts::default();
    for o in &owners {
        tagged.add_all(&o.spend);
    }
    let all = review.by_provider.iter().find(|g| g.key == provider);
    let mut untagged = Amounts::default();
    for (c, a) in all.map(|g| &g.cost.0).into_iter().flatten() {
        let rest = a.saturating_sub(tagged.get(*c));
        if !rest.is_zero() {
            untagged.add(*c, rest);
        }
    }
    if !untagged.is_empty() {
        owners.push(Owner {
            value: UNTAGGED.into(),
            spend: untagged,
        });
    }
    owners
}
