//! The cells of a comparison row and of a savings lever, worded once in the reader's
//! language: the page's table and savings list print these, so a cell reads the same
//! wherever it is shown.

use crate::format::{self, Lang};
use crate::l10n::commitment;
use crate::l10n::results::{lever_name, prices_as_of, saving_from_to, saving_percent};
use crate::l10n::Localize;
use crate::pool::Pool;
use crate::savings::Saving;
use crate::view::results::{ProviderRow, Served};

/// What a provider row shows, as text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowCells {
    /// Rank among those that can serve (empty for a row that cannot).
    pub rank: String,
    /// Whether it is the cheapest.
    pub best: bool,
    /// The seller's name.
    pub name: String,
    /// Its caveats.
    pub badges: Vec<&'static str>,
    /// How new its prices are (`prices of 2026-05-13`).
    pub prices_as_of: String,
    /// The instances and machines it uses (`p3.8xlarge (1 × 4 GPU)`).
    pub offers: String,
    /// Where its prices are from (`us-east-1`, `2 regions: us-east-1, us-east-2`).
    pub regions: String,
    /// The total, rounded for display.
    pub total: String,
    /// The total per needed GPU-hour.
    pub per_gpu_hour: String,
    /// How it is billed.
    pub billing: String,
    /// What its commitments bind the buyer to: the term, what is paid up front, this
    /// period's charge and what falls after it (empty when nothing is committed).
    pub commitment: String,
    /// Why it cannot serve (empty when it can).
    pub reason: String,
}

impl RowCells {
    /// The cells of `row` in `lang`.
    pub fn of(row: &ProviderRow, lang: Lang) -> RowCells {
        let served = row.outcome.as_ref().ok();
        let served_text =
            |pick: fn(&Served, Lang) -> String| served.map(|s| pick(s, lang)).unwrap_or_default();
        RowCells {
            rank: row.rank.map(|n| n.to_string()).unwrap_or_default(),
            best: row.rank == Some(1),
            name: row.names.get(lang).to_string(),
            badges: row.badges.iter().map(|b| b.text(lang)).collect(),
            prices_as_of: row
                .prices_as_of
                .map(|d| prices_as_of(d, lang))
                .unwrap_or_default(),
            offers: served_text(|s, lang| s.instances_text(lang)),
            regions: served_text(|s, lang| s.regions_text(lang)),
            total: served_text(|s, _| format::money(s.total)),
            per_gpu_hour: served_text(|s, lang| s.per_gpu_hour_text(lang)),
            billing: served_text(|s, lang| s.billing.text(lang)),
            commitment: served_text(|s, lang| commitment::all(&s.commitments, lang)),
            reason: row
                .outcome
                .as_ref()
                .err()
                .map(|why| why.text(lang))
                .unwrap_or_default(),
        }
    }
}

/// What a savings lever shows, as text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SavingCells {
    /// The lever's name.
    pub name: &'static str,
    /// Whether the lever costs more than it saves.
    pub negative: bool,
    /// The amount saved, rounded for display.
    pub amount: String,
    /// The share saved.
    pub percent: String,
    /// The cost without and with the lever.
    pub from_to: String,
    /// What the lever assumes.
    pub assumption: String,
}

impl SavingCells {
    /// The cells of `saving` in `lang`.
    pub fn of(saving: &Saving, lang: Lang) -> SavingCells {
        SavingCells {
            name: lever_name(saving.lever, lang),
            negative: saving.costs_more(),
            amount: format::money(saving.amount),
            percent: saving_percent(saving),
            from_to: saving_from_to(saving),
            assumption: saving.assumption.text(lang),
        }
    }
}

/// Hours of a pool's demand the page's table shows: the first day.
pub const POOL_TABLE_HOURS: usize = 24;

/// What a shared pool shows on the page, as text: its sentence, each team's, and its first
/// day's demand hour by hour, each team's beside the pool's together.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PoolCells {
    /// The pool, worded ([`Pool::text`]).
    pub text: String,
    /// Each team's part, worded ([`TeamShare::text`](crate::pool::TeamShare::text)).
    pub teams: Vec<String>,
    /// The hours of the table's columns, `00` to `23`.
    pub hours: Vec<String>,
    /// The table's rows: each team's name and GPUs per hour, then "Together" and the pool's.
    pub rows: Vec<(String, Vec<String>)>,
}

impl PoolCells {
    /// `pool`'s cells in `lang`.
    pub fn of(pool: &Pool, lang: Lang) -> PoolCells {
        let day = |hours: &[rust_decimal::Decimal]| {
            hours
                .iter()
                .take(POOL_TABLE_HOURS)
                .map(|d| format::number(*d, 2))
                .collect::<Vec<_>>()
        };
        let together = crate::l10n::ui::Text::PoolTogether.get(lang).to_string();
        PoolCells {
            text: pool.text(lang),
            teams: pool.teams.iter().map(|t| t.text(lang)).collect(),
            hours: (0..pool.combined.len().min(POOL_TABLE_HOURS))
                .map(|h| format!("{h:02}"))
                .collect(),
            rows: pool
                .teams
                .iter()
                .map(|t| (t.team.clone(), day(&t.demand)))
                .chain([(together, day(&pool.combined))])
                .collect(),
        }
    }
}
