//! AWS Cost and Usage Reports: the legacy CUR (`lineItem/UnblendedCost`, tags as
//! `resourceTags/user:<key>` columns) and CUR 2.0 from Data Exports (`line_item_unblended_cost`,
//! tags as one `resource_tags` JSON map). Both read the same way, only the names differ.
//!
//! The cost is the **unblended** cost: what the line was charged at its own rate, before
//! consolidated billing averages rates across accounts (blended), so one team's bill shows
//! its own prices. Instance-hours are `UsageAmount` on `BoxUsage`/`SpotUsage` lines of the
//! usage line-item types, where AWS meters running instances in hours.

use std::collections::BTreeMap;

use csv::StringRecord;

use super::header::{owned, text, Col, Header, LineProblem, Mapper};
use super::values::{amount, currency, number, tag_json, when};
use super::{BillProblem, Quantity, UsageRow};

/// The column names of one of the two AWS schemas.
struct Names {
    start: &'static str,
    end: &'static str,
    usage_type: &'static str,
    usage_amount: &'static str,
    cost: &'static str,
    currency: &'static str,
    resource_id: &'static str,
    line_item_type: &'static str,
    product_code: &'static str,
    instance_type: &'static str,
    region: [&'static str; 2],
}

const LEGACY: Names = Names {
    start: "lineItem/UsageStartDate",
    end: "lineItem/UsageEndDate",
    usage_type: "lineItem/UsageType",
    usage_amount: "lineItem/UsageAmount",
    cost: "lineItem/UnblendedCost",
    currency: "lineItem/CurrencyCode",
    resource_id: "lineItem/ResourceId",
    line_item_type: "lineItem/LineItemType",
    product_code: "lineItem/ProductCode",
    instance_type: "product/instanceType",
    region: ["product/regionCode", "product/region"],
};

const CUR2: Names = Names {
    start: "line_item_usage_start_date",
    end: "line_item_usage_end_date",
    usage_type: "line_item_usage_type",
    usage_amount: "line_item_usage_amount",
    cost: "line_item_unblended_cost",
    currency: "line_item_currency_code",
    resource_id: "line_item_resource_id",
    line_item_type: "line_item_line_item_type",
    product_code: "line_item_product_code",
    instance_type: "product_instance_type",
    region: ["product_region_code", "product_region"],
};

/// Where tags are.
enum Tags {
    /// Legacy: one column per tag, `resourceTags/user:<key>`; (column index, key).
    Columns(Vec<(usize, String)>),
    /// CUR 2.0: one JSON map column.
    Map(Option<Col>),
}

/// Reads AWS CUR lines.
pub(crate) struct Aws {
    start: Col,
    end: Option<Col>,
    usage_type: Col,
    usage_amount: Option<Col>,
    cost: Col,
    currency: Col,
    resource_id: Option<Col>,
    line_item_type: Option<Col>,
    product_code: Option<Col>,
    instance_type: Option<Col>,
    region: Option<Col>,
    tags: Tags,
}

impl Aws {
    /// A reader of the legacy CUR with this header, or the missing column.
    pub fn legacy(h: &Header) -> Result<Self, String> {
        // Only user-defined tags; `resourceTags/aws:createdBy` and friends are AWS's own.
        Self::with(
            h,
            &LEGACY,
            Tags::Columns(tag_columns(h, "resourceTags/user:")),
        )
    }

    /// A reader of CUR 2.0 with this header, or the missing column. The legacy CUR written
    /// as Parquet (or for Athena) has CUR 2.0's column names but its tags one column each,
    /// `resource_tags_user_<key>`: read as the legacy CSV's `resourceTags/user:<key>` when
    /// there is no `resource_tags` map.
    pub fn cur2(h: &Header) -> Result<Self, String> {
        let tags = match h.find(&["resource_tags"]) {
            Some(map) => Tags::Map(Some(map)),
            None => Tags::Columns(tag_columns(h, "resource_tags_user_")),
        };
        Self::with(h, &CUR2, tags)
    }

    fn with(h: &Header, n: &Names, tags: Tags) -> Result<Self, String> {
        Ok(Aws {
            start: h.require(&[n.start])?,
            end: h.find(&[n.end]),
            usage_type: h.require(&[n.usage_type])?,
            usage_amount: h.find(&[n.usage_amount]),
            cost: h.require(&[n.cost])?,
            currency: h.require(&[n.currency])?,
            resource_id: h.find(&[n.resource_id]),
            line_item_type: h.find(&[n.line_item_type]),
            product_code: h.find(&[n.product_code]),
            instance_type: h.find(&[n.instance_type]),
            region: h.find(&n.region),
            tags,
        })
    }

    fn tags(&self, r: &StringRecord) -> Result<BTreeMap<String, String>, LineProblem> {
        match &self.tags {
            Tags::Columns(cols) => Ok(cols
                .iter()
                .filter_map(|(i, k)| {
                    let v = r.get(*i)?.trim();
                    (!v.is_empty()).then(|| (k.clone(), v.to_string()))
                })
                .collect()),
            Tags::Map(col) => match (text(r, col), col) {
                (Some(v), Some(c)) => tag_json(v)
                    .map(|m| {
                        // CUR 2.0 keys carry the tag's origin as a prefix (`user_team`).
                        m.into_iter()
                            .map(|(k, v)| match k.strip_prefix("user_") {
                                Some(s) => (s.to_string(), v),
                                None => (k, v),
                            })
                            .collect()
                    })
                    .ok_or_else(|| {
                        c.problem(BillProblem::BadTags {
                            value: super::quoted(v),
                        })
                    }),
                _ => Ok(BTreeMap::new()),
            },
        }
    }
}

/// The tag columns of a header, named `<prefix><key>`: (column index, key), each marked as used.
fn tag_columns(h: &Header, prefix: &str) -> Vec<(usize, String)> {
    h.names()
        .iter()
        .enumerate()
        .filter_map(|(i, n)| {
            n.strip_prefix(prefix).filter(|k| !k.is_empty()).map(|k| {
                h.mark(i);
                (i, k.to_string())
            })
        })
        .collect()
}

/// Line-item types whose usage amount is running time (not taxes, credits, fees or the
/// negation lines that cancel Savings Plans-covered usage).
const USAGE_TYPES: [&str; 3] = ["Usage", "DiscountedUsage", "SavingsPlanCoveredUsage"];

impl Mapper for Aws {
    fn column(&self, quantity: Quantity) -> Option<&Col> {
        match quantity {
            Quantity::Hours => self.usage_amount.as_ref(),
            Quantity::Cost => Some(&self.cost),
            Quantity::Period => self.end.as_ref(),
            _ => None,
        }
    }

    fn map(&self, r: &StringRecord, line: u64) -> Result<Option<UsageRow>, LineProblem> {
        let cost = amount(r, &self.cost)?;
        let currency = currency(r, &self.currency)?;
        let start = when(r, &Some(self.start.clone()))?;
        let end = when(r, &self.end)?;
        let usage_type = text(r, &Some(self.usage_type.clone())).unwrap_or("");
        let usage_amount = number(r, &self.usage_amount)?;
        let line_type = text(r, &self.line_item_type);
        let runs = usage_type.contains("BoxUsage") || usage_type.contains("SpotUsage");
        let usage_line = line_type.is_none_or(|t| USAGE_TYPES.contains(&t));
        let hours = if runs && usage_line {
            usage_amount
        } else {
            None
        };
        // `AmazonEC2 BoxUsage:g5.xlarge`; a tax line has no usage type: `AmazonEC2`.
        let description = match text(r, &self.product_code) {
            Some(p) if !usage_type.is_empty() => format!("{p} {usage_type}"),
            Some(p) => p.to_string(),
            None => usage_type.to_string(),
        };
        Ok(Some(UsageRow {
            line,
            provider: "aws".into(),
            start,
            end,
            hours,
            instance_type: owned(r, &self.instance_type),
            gpu_model: None,
            gpu_count: None,
            region: owned(r, &self.region),
            resource_id: owned(r, &self.resource_id),
            cost,
            currency,
            tags: self.tags(r)?,
            description,
        }))
    }
}
