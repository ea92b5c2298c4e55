//! GPU Cost Lab's own generic CSV, for bills from anywhere else:
//! `start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags`. A line gives
//! `hours`, or `start` and `end` (then the hours are the time between them); and an
//! `instance_type` or a `gpu_model`. `tags` are `key=value;key=value`. Optional columns
//! `region`, `resource_id` and `description` (what [`crate::sql`]'s queries write) are kept as
//! the other formats keep them; with a `description` column a line may name no instance type
//! or GPU model (other spend). See `docs/SPEND_REVIEW.md`.

use csv::StringRecord;

use super::header::{cell, owned, text, Col, Header, LineProblem, Mapper};
use super::values::{amount, currency, hours_between, number, tag_list, when};
use super::{BillProblem, Quantity, UsageRow};

/// Reads generic CSV lines.
pub(crate) struct Generic {
    start: Option<Col>,
    end: Option<Col>,
    hours: Option<Col>,
    provider: Col,
    instance_type: Option<Col>,
    gpu_model: Option<Col>,
    gpus: Option<Col>,
    cost: Col,
    currency: Col,
    tags: Option<Col>,
    region: Option<Col>,
    resource_id: Option<Col>,
    /// When the file has it, lines need no instance type or GPU model (other spend).
    description: Option<Col>,
}

impl Generic {
    /// A reader for this header, or the missing column.
    pub fn new(h: &Header) -> Result<Self, String> {
        let start = h.find(&["start"]);
        let end = h.find(&["end"]);
        let hours = h.find(&["hours"]);
        if hours.is_none() && (start.is_none() || end.is_none()) {
            return Err("hours".into());
        }
        let instance_type = h.find(&["instance_type"]);
        let gpu_model = h.find(&["gpu_model"]);
        if instance_type.is_none() && gpu_model.is_none() {
            return Err("instance_type".into());
        }
        Ok(Generic {
            region: h.find(&["region"]),
            resource_id: h.find(&["resource_id"]),
            description: h.find(&["description"]),
            start,
            end,
            hours,
            provider: h.require(&["provider"])?,
            instance_type,
            gpu_model,
            gpus: h.find(&["gpus"]),
            cost: h.require(&["cost"])?,
            currency: h.require(&["currency"])?,
            tags: h.find(&["tags"]),
        })
    }

    fn missing(col: &Option<Col>, fallback: &str) -> LineProblem {
        LineProblem {
            column: Some(
                col.as_ref()
                    .map_or(fallback.to_string(), |c| c.name.clone()),
            ),
            problem: BillProblem::MissingValue,
        }
    }
}

impl Mapper for Generic {
    fn column(&self, quantity: Quantity) -> Option<&Col> {
        match quantity {
            Quantity::Hours => self.hours.as_ref().or(self.end.as_ref()),
            Quantity::Gpus => self.gpus.as_ref(),
            Quantity::Cost => Some(&self.cost),
            Quantity::Period => self.end.as_ref(),
            Quantity::Number | Quantity::Memory => None,
        }
    }

    fn map(&self, r: &StringRecord, line: u64) -> Result<Option<UsageRow>, LineProblem> {
        let cost = amount(r, &self.cost)?;
        let currency = currency(r, &self.currency)?;
        let start = when(r, &self.start)?;
        let end = when(r, &self.end)?;
        let hours = match (number(r, &self.hours)?, start, end) {
            (Some(h), _, _) => h,
            (None, Some(s), Some(e)) if e >= s => hours_between(s, e),
            (None, Some(_), Some(_)) => {
                let c = self.end.clone().expect("end read above");
                return Err(c.problem(BillProblem::BadDate {
                    value: super::quoted(cell(r, &c)),
                }));
            }
            _ => return Err(Self::missing(&self.hours, "hours")),
        };
        let instance_type = owned(r, &self.instance_type);
        let gpu_model = owned(r, &self.gpu_model);
        if instance_type.is_none() && gpu_model.is_none() && self.description.is_none() {
            return Err(Self::missing(&self.instance_type, "instance_type"));
        }
        let provider = cell(r, &self.provider).to_lowercase();
        if provider.is_empty() {
            return Err(Self::missing(&Some(self.provider.clone()), "provider"));
        }
        let description = match (&gpu_model, &instance_type) {
            _ if self.description.is_some() => {
                text(r, &self.description).unwrap_or_default().to_string()
            }
            (Some(g), _) => format!("{provider} {g}"),
            (None, Some(i)) => format!("{provider} {i}"),
            (None, None) => provider.clone(),
        };
        Ok(Some(UsageRow {
            line,
            provider,
            start,
            end,
            hours: Some(hours),
            instance_type,
            gpu_model,
            gpu_count: number(r, &self.gpus)?,
            region: owned(r, &self.region),
            resource_id: owned(r, &self.resource_id),
            cost,
            currency,
            tags: text(r, &self.tags)
                .map(|t| tag_list(t, '='))
                .unwrap_or_default(),
            description,
        }))
    }
}
