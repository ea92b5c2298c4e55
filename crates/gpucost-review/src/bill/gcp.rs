//! Google Cloud's cost table CSV, as the console's Reports / Cost table downloads it: a few
//! preamble lines (`Invoice number,…`, `Currency,USD`, …), then the header
//! `Billing account name,Billing account ID,Project name,Project ID,…,Service description,
//! Service ID,SKU description,SKU ID,…,Cost type,Usage start date,Usage end date,Usage amount,
//! Usage unit,Unrounded Cost ($),Cost ($)`, one line per SKU (per day when grouped by day),
//! and a closing `Total` line, which is skipped so the file is not counted twice.
//!
//! The cost is the **unrounded** cost when the file has it (the per-line rounded `Cost` drifts
//! from the invoice over many lines), else `Cost`. The currency is a `Currency` column when
//! there is one, else the preamble's `Currency` line, else the symbol in the cost column's
//! name (`($)` is USD, `(¥)`/`(CN¥)` CNY).
//!
//! GPU lines are the SKUs named `… Nvidia <model> GPU running in <place>` (`Nvidia Tesla T4
//! GPU running in Americas`): the model (`T4`, `Tesla`/`Nvidia` dropped) goes to `gpu_model`,
//! one GPU, and the usage amount in hours (seconds are converted); a credit line (its
//! `Credit type` set) keeps the model but no hours, since it repeats the usage it discounts. The cost table carries no
//! machine type, labels or instance id; the project id is kept as tag `project`.

use std::collections::BTreeMap;

use chrono::TimeDelta;
use csv::StringRecord;
use gpucost_core::money::Currency;
use rust_decimal::Decimal;

use super::header::{cell, owned, text, Col, Header, LineProblem, Mapper};
use super::values::{amount, currency, date_only, grouped_number, hours_in, when};
use super::{BillProblem, Quantity, UsageRow};

/// Reads Google Cloud cost table lines.
pub(crate) struct Gcp {
    service: Col,
    sku: Col,
    start: Col,
    end: Option<Col>,
    amount: Option<Col>,
    unit: Option<Col>,
    cost: Col,
    currency: Fixed,
    cost_type: Option<Col>,
    credit_type: Option<Col>,
    project: Option<Col>,
}

/// Where the currency comes from.
enum Fixed {
    Column(Col),
    File(Currency),
}

impl Gcp {
    /// A reader for this header; `preamble_currency` is the `Currency,…` line above it.
    pub fn new(h: &Header, preamble_currency: Option<&str>) -> Result<Self, String> {
        let cost_names: Vec<&String> = h.names().iter().collect();
        let named = |prefix: &str| {
            cost_names
                .iter()
                .find(|n| n.to_lowercase().starts_with(prefix))
                .map(|n| n.as_str())
        };
        let cost_name = named("unrounded cost")
            .or_else(|| named("cost ("))
            .or_else(|| h.has("cost").then_some("Cost"))
            .ok_or_else(|| "Cost".to_string())?;
        let cost = h.require(&[cost_name])?;
        let currency = match h.find(&["Currency"]) {
            Some(c) => Fixed::Column(c),
            None => {
                let from_preamble = preamble_currency.and_then(|c| c.parse().ok());
                let symbol = &cost.name[cost.name.find('(').unwrap_or(cost.name.len())..];
                let from_symbol = match symbol {
                    "($)" | "(US$)" => Some(Currency::Usd),
                    "(¥)" | "(CN¥)" | "(￥)" => Some(Currency::Cny),
                    _ => None,
                };
                Fixed::File(
                    from_preamble
                        .or(from_symbol)
                        .ok_or_else(|| "Currency".to_string())?,
                )
            }
        };
        Ok(Gcp {
            service: h.require(&["Service description"])?,
            sku: h.require(&["SKU description"])?,
            start: h.require(&["Usage start date"])?,
            end: h.find(&["Usage end date"]),
            amount: h.find(&["Usage amount"]),
            unit: h.find(&["Usage unit"]),
            cost,
            currency,
            cost_type: h.find(&["Cost type"]),
            credit_type: h.find(&["Credit type"]),
            project: h.find(&["Project ID"]),
        })
    }
}

/// The GPU model in a GPU SKU's description, and the place it runs in.
pub(crate) fn gpu_sku(sku: &str) -> Option<(String, Option<String>)> {
    let at = sku.find("Nvidia ")?;
    let rest = &sku[at + "Nvidia ".len()..];
    let (model, place) = match rest.split_once(" GPU") {
        Some((m, after)) => (m, after.split_once(" running in ").map(|(_, p)| p)),
        None => return None,
    };
    let model = model.strip_prefix("Tesla ").unwrap_or(model).trim();
    (!model.is_empty()).then(|| (model.to_string(), place.map(|p| p.trim().to_string())))
}

/// The description of Google's closing `Rounding error` line: an id the words layer names in
/// each language (the cost type is the only name the line has, and it is English).
pub const ROUNDING_ERROR: &str = "(rounding error)";

/// A line's description: `Service: SKU`, the parts it has; a line of neither is named by its
/// cost type ([`ROUNDING_ERROR`] for the closing rounding line), never an empty `": "`.
fn describe(service: &str, sku: &str, kind: &str) -> String {
    match (service.trim(), sku.trim()) {
        ("", "") if kind.trim().eq_ignore_ascii_case("rounding error") => ROUNDING_ERROR.into(),
        ("", "") => kind.trim().to_string(),
        (s, "") => s.to_string(),
        ("", k) => k.to_string(),
        (s, k) => format!("{s}: {k}"),
    }
}

impl Mapper for Gcp {
    fn column(&self, quantity: Quantity) -> Option<&Col> {
        match quantity {
            Quantity::Hours => self.amount.as_ref(),
            Quantity::Cost => Some(&self.cost),
            Quantity::Period => self.end.as_ref(),
            _ => None,
        }
    }

    fn map(&self, r: &StringRecord, line: u64) -> Result<Option<UsageRow>, LineProblem> {
        let service = cell(r, &self.service);
        let kind = text(r, &self.cost_type).unwrap_or("");
        // The closing lines sum the file; only `Total` would count it twice (a rounding
        // error line is a real, tiny amount and stays).
        if service.is_empty() && (kind.eq_ignore_ascii_case("total") || kind.is_empty()) {
            return Ok(None);
        }
        let cost = amount(r, &self.cost)?;
        let currency = match &self.currency {
            Fixed::Column(c) => currency(r, c)?,
            Fixed::File(c) => *c,
        };
        let sku = cell(r, &self.sku);
        let start = when(r, &Some(self.start.clone()))?;
        let end = when(r, &self.end)?;
        // The cost table writes days, not times (`2024-05-04` to `2024-05-04` when grouped
        // by day): a date-only end is inclusive, so the usage runs to the next midnight.
        // Read as written, every line would span nothing — no period, no hour-of-week map
        // and no levers.
        let end = match (end, text(r, &self.end)) {
            (Some(e), Some(raw)) if date_only(raw) => e.checked_add_signed(TimeDelta::days(1)),
            (e, _) => e,
        };
        let used = grouped_number(r, &self.amount)?;
        let unit = text(r, &self.unit).unwrap_or("");
        let (gpu_model, region, hours) = match gpu_sku(sku) {
            // A credit line (committed use, sustained use, promotion) repeats the usage it
            // discounts; its amount is not more GPU time.
            // Zero hours, not none: the line's dates would otherwise count as its usage.
            Some((model, place)) if text(r, &self.credit_type).is_some() => {
                (Some(model), place, Some(Decimal::ZERO))
            }
            Some((model, place)) => {
                let hours = used.and_then(|u| hours_in(u, unit));
                if used.is_some() && hours.is_none() {
                    // A GPU line whose usage is not in time cannot give GPU-hours.
                    let c = self.unit.as_ref().or(self.amount.as_ref());
                    return Err(LineProblem {
                        column: c.map(|c| c.name.clone()),
                        problem: BillProblem::BadNumber {
                            value: super::quoted(unit),
                        },
                    });
                }
                (Some(model), place, hours)
            }
            None => (None, None, None),
        };
        let mut tags = BTreeMap::new();
        if let Some(p) = owned(r, &self.project) {
            tags.insert("project".to_string(), p);
        }
        Ok(Some(UsageRow {
            line,
            provider: "gcp".into(),
            start,
            end,
            hours,
            instance_type: None,
            gpu_count: gpu_model.as_ref().map(|_| 1.into()),
            gpu_model,
            region,
            resource_id: None,
            cost,
            currency,
            tags,
            description: describe(service, sku, kind),
        }))
    }
}
