//! Azure cost details (formerly usage details), as downloaded from Cost Management or written
//! by its exports: Enterprise Agreement files name their columns `Date`, `MeterCategory`,
//! `CostInBillingCurrency`, `BillingCurrencyCode`…, Microsoft Customer Agreement files the
//! same in camel case with `billingCurrency`; names are matched without regard to case.
//!
//! The cost is `CostInBillingCurrency` (or `Cost` in older pay-as-you-go files): the charge
//! in the billing currency, before credits and taxes. Lines are daily: `start` is the day,
//! `end` the next day. A virtual machine line (`MeterCategory` `Virtual Machines`) takes its
//! size from `AdditionalInfo`'s `ServiceType` (`Standard_NC6s_v3`), else from the meter
//! name (`NC6s v3` → `Standard_NC6s_v3`), and its hours from `Quantity` times the hours in
//! `UnitOfMeasure` (`1 Hour`, `10 Hours`, `100 Hours`).

use std::collections::BTreeMap;

use csv::StringRecord;

use super::header::{cell, owned, text, Col, Header, LineProblem, Mapper};
use super::values::{amount, currency, hours_in, number, tag_json, when};
use super::{BillProblem, Quantity, UsageRow};
use rust_decimal::Decimal;

/// Reads Azure cost details lines.
pub(crate) struct Azure {
    date: Col,
    category: Col,
    subcategory: Option<Col>,
    meter: Option<Col>,
    quantity: Col,
    unit: Option<Col>,
    cost: Col,
    currency: Col,
    resource_id: Option<Col>,
    location: Option<Col>,
    tags: Option<Col>,
    info: Option<Col>,
}

impl Azure {
    /// A reader for this header, or the missing column.
    pub fn new(h: &Header) -> Result<Self, String> {
        Ok(Azure {
            date: h.require(&["Date", "UsageDate"])?,
            category: h.require(&["MeterCategory"])?,
            subcategory: h.find(&["MeterSubCategory"]),
            meter: h.find(&["MeterName"]),
            quantity: h.require(&["Quantity"])?,
            unit: h.find(&["UnitOfMeasure"]),
            cost: h.require(&["CostInBillingCurrency", "Cost", "PreTaxCost"])?,
            currency: h.require(&["BillingCurrencyCode", "BillingCurrency", "Currency"])?,
            resource_id: h.find(&["ResourceId", "InstanceId"]),
            location: h.find(&["ResourceLocation"]),
            tags: h.find(&["Tags"]),
            info: h.find(&["AdditionalInfo"]),
        })
    }
}

/// The hours one unit of `UnitOfMeasure` stands for (`10 Hours` → 10), if it is time.
fn unit_hours(unit: &str) -> Option<Decimal> {
    let unit = unit.trim();
    let (count, name) = match unit.split_once(' ') {
        // A count of at most 4,294,967,295 hours per unit: times a quantity within the raw
        // number limit, the product stays far inside a decimal.
        Some((n, name)) => match n.parse::<u32>() {
            Ok(n) => (Decimal::from(n), name),
            Err(_) => (Decimal::ONE, unit),
        },
        None => (Decimal::ONE, unit),
    };
    hours_in(count, name)
}

impl Mapper for Azure {
    fn column(&self, quantity: Quantity) -> Option<&Col> {
        match quantity {
            Quantity::Hours => Some(&self.quantity),
            Quantity::Cost => Some(&self.cost),
            _ => None,
        }
    }

    fn map(&self, r: &StringRecord, line: u64) -> Result<Option<UsageRow>, LineProblem> {
        let cost = amount(r, &self.cost)?;
        let currency = currency(r, &self.currency)?;
        let start = when(r, &Some(self.date.clone()))?;
        let quantity = number(r, &Some(self.quantity.clone()))?;
        let category = cell(r, &self.category);
        let sub = text(r, &self.subcategory).unwrap_or("");
        let meter = text(r, &self.meter).unwrap_or("");
        let tags = match (text(r, &self.tags), &self.tags) {
            (Some(v), Some(c)) => tag_json(v).ok_or_else(|| {
                c.problem(BillProblem::BadTags {
                    value: super::quoted(v),
                })
            })?,
            _ => BTreeMap::new(),
        };
        let is_vm = category.eq_ignore_ascii_case("Virtual Machines");
        let (instance_type, hours) = if is_vm {
            let size = text(r, &self.info)
                .and_then(tag_json)
                .and_then(|m| m.get("ServiceType").cloned())
                .filter(|s| !s.is_empty())
                .or_else(|| {
                    // Meter names drop the `Standard_` and write spaces for underscores;
                    // Spot and low-priority meters say so after the size.
                    let size = meter.split(" Spot").next().unwrap_or(meter);
                    let size = size.split(" Low Priority").next().unwrap_or(size);
                    (!size.is_empty()).then(|| format!("Standard_{}", size.replace(' ', "_")))
                });
            let per_unit = match text(r, &self.unit) {
                Some(u) => unit_hours(u),
                None => Some(Decimal::ONE),
            };
            let hours = match quantity.zip(per_unit) {
                Some((q, h)) => Some(q.checked_mul(h).ok_or_else(|| {
                    self.quantity.problem(BillProblem::Implausible {
                        quantity: Quantity::Hours,
                        value: super::quoted(cell(r, &self.quantity)),
                        max: crate::limits::MAX_HOURS_PER_LINE.to_string(),
                    })
                })?),
                None => None,
            };
            (size, hours)
        } else {
            (None, None)
        };
        let description = [category, sub, meter]
            .iter()
            .filter(|s| !s.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" / ");
        Ok(Some(UsageRow {
            line,
            provider: "azure".into(),
            start,
            end: start.and_then(|s| s.checked_add_signed(chrono::TimeDelta::days(1))),
            hours,
            instance_type,
            gpu_model: None,
            gpu_count: None,
            region: owned(r, &self.location),
            resource_id: owned(r, &self.resource_id),
            cost,
            currency,
            tags,
            description,
        }))
    }
}
