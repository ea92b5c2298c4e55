//! The columns of both utilization formats and the reading of one line: nvidia-smi writes
//! units after its values (`45 %`, `14500 MiB`) and in its header (`utilization.gpu [%]`),
//! unless told `nounits`; the generic CSV writes plain numbers. Both are read the same way.

use std::collections::HashSet;

use csv::StringRecord;
use rust_decimal::Decimal;

use super::{Sample, UtilizationFormat, MAX_RESOURCES};
use crate::bill::header::{cell, text, Col, Header, LineProblem};
use crate::bill::values::{datetime, decimal};
use crate::bill::{quoted, BillProblem, Quantity};
use crate::limits::{MAX_MEMORY_MIB, MAX_VALUE_BYTES};

/// A column name without case, surrounding spaces or a trailing unit (`utilization.gpu [%]`
/// is `utilization.gpu`).
pub(super) fn bare(name: &str) -> String {
    let name = name.trim();
    let name = match name.rfind(" [") {
        Some(i) if name.ends_with(']') => &name[..i],
        _ => name,
    };
    name.trim().to_lowercase()
}

/// The first column whose bare name is one of `names`.
fn find(h: &Header, names: &[&str]) -> Option<Col> {
    h.names()
        .iter()
        .position(|n| names.contains(&bare(n).as_str()))
        .and_then(|i| h.find(&[h.names()[i].as_str()]))
}

/// Reads the lines of one side file.
pub(super) struct Columns {
    resource: Option<Col>,
    /// The resource the user named for the whole file.
    given: Option<String>,
    timestamp: Col,
    util: Col,
    used: Option<Col>,
    total: Option<Col>,
    /// Resources named so far (lower-cased), to stop at [`MAX_RESOURCES`].
    seen: HashSet<String>,
}

impl Columns {
    /// A reader for this header, or the missing column.
    pub fn new(format: UtilizationFormat, h: &Header, given: Option<&str>) -> Result<Self, String> {
        let (resource, util, used, total) = match format {
            UtilizationFormat::NvidiaSmi => (
                None,
                find(h, &["utilization.gpu"]).ok_or("utilization.gpu [%]")?,
                find(h, &["memory.used"]),
                find(h, &["memory.total"]),
            ),
            UtilizationFormat::Generic => (
                Some(find(h, &["resource_id", "resource"]).ok_or("resource_id")?),
                find(h, &["gpu_util_percent"]).ok_or("gpu_util_percent")?,
                find(h, &["memory_used_mib"]),
                find(h, &["memory_total_mib"]),
            ),
        };
        Ok(Columns {
            resource,
            given: given.map(str::to_string),
            timestamp: find(h, &["timestamp"]).ok_or("timestamp")?,
            util,
            used,
            total,
            seen: HashSet::new(),
        })
    }

    /// The sample of one line; `Ok(None)` for a repeated header line.
    pub fn map(&mut self, r: &StringRecord, line: u64) -> Result<Option<Sample>, LineProblem> {
        let stamp = cell(r, &self.timestamp);
        if stamp.eq_ignore_ascii_case("timestamp") {
            return Ok(None);
        }
        let at = datetime(stamp).ok_or_else(|| {
            self.timestamp.problem(BillProblem::BadDate {
                value: quoted(stamp),
            })
        })?;
        let util = measure(r, &self.util, "%")
            .filter(|u| *u >= Decimal::ZERO && *u <= Decimal::ONE_HUNDRED)
            .ok_or_else(|| {
                self.util.problem(BillProblem::NotAPercent {
                    value: quoted(cell(r, &self.util)),
                })
            })?;
        let used = optional(r, &self.used)?;
        let total = optional(r, &self.total)?;
        let resource = match text(r, &self.resource).or(self.given.as_deref()) {
            Some(id) => id.to_string(),
            None => {
                let name = self.resource.as_ref().map_or("resource_id", |c| &c.name);
                return Err(LineProblem {
                    column: Some(name.to_string()),
                    problem: BillProblem::MissingValue,
                });
            }
        };
        if resource.len() > MAX_VALUE_BYTES {
            return Err(LineProblem {
                column: self.resource.as_ref().map(|c| c.name.clone()),
                problem: BillProblem::ValueTooLong {
                    value: quoted(&resource),
                    max_bytes: MAX_VALUE_BYTES,
                },
            });
        }
        let key = resource.to_lowercase();
        if !self.seen.contains(&key) {
            if self.seen.len() >= MAX_RESOURCES {
                return Err(LineProblem {
                    column: self.resource.as_ref().map(|c| c.name.clone()),
                    problem: BillProblem::TooManyResources { max: MAX_RESOURCES },
                });
            }
            self.seen.insert(key);
        }
        Ok(Some(Sample {
            line,
            resource,
            at,
            gpu_util_percent: util,
            memory_used_mib: used,
            memory_total_mib: total,
        }))
    }
}

/// A number with an optional unit after it (`45 %`, `14500 MiB`, `45`); `None` when it is
/// not one.
fn measure(r: &StringRecord, col: &Col, unit: &str) -> Option<Decimal> {
    let v = cell(r, col);
    decimal(v.strip_suffix(unit).unwrap_or(v).trim())
}

/// An optional MiB column: empty is `None`, anything else must be a non-negative number.
fn optional(r: &StringRecord, col: &Option<Col>) -> Result<Option<Decimal>, LineProblem> {
    let Some(c) = col else {
        return Ok(None);
    };
    if text(r, col).is_none() {
        return Ok(None);
    }
    match measure(r, c, "MiB") {
        Some(v) if v > MAX_MEMORY_MIB => Err(c.problem(BillProblem::Implausible {
            quantity: Quantity::Memory,
            value: quoted(cell(r, c)),
            max: MAX_MEMORY_MIB.to_string(),
        })),
        Some(v) if v >= Decimal::ZERO => Ok(Some(v)),
        _ => Err(c.problem(BillProblem::BadNumber {
            value: quoted(cell(r, c)),
        })),
    }
}
