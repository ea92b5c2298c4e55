//! Reading the values bills write: exact decimals, dates and times in the handful of layouts
//! the consoles use, hour units, and tag lists in their several notations.

use std::collections::BTreeMap;
use std::str::FromStr;

use chrono::{DateTime, NaiveDate, NaiveDateTime, TimeDelta};
use gpucost_core::money::Currency;
use rust_decimal::Decimal;

use super::header::{cell, text, Col, LineProblem};
use super::{quoted, BillProblem, Quantity};
use crate::limits::{MAX_ABS_AMOUNT, MAX_RAW_NUMBER};
use csv::StringRecord;

/// A plain decimal (`12.5`, `-0.003441`, `1.2E-5`), exact.
pub(crate) fn decimal(s: &str) -> Option<Decimal> {
    let t = s.trim();
    Decimal::from_str(t)
        .ok()
        .or_else(|| Decimal::from_scientific(t).ok())
}

/// A required amount: an empty or unreadable cell is a bad number, one beyond
/// [`MAX_ABS_AMOUNT`] (either sign) implausible.
pub(crate) fn amount(record: &StringRecord, col: &Col) -> Result<Decimal, LineProblem> {
    let v = cell(record, col);
    let d = decimal(v).ok_or_else(|| col.problem(BillProblem::BadNumber { value: quoted(v) }))?;
    within(d, v, col, Quantity::Cost, MAX_ABS_AMOUNT)
}

/// `d` (written `v` in `col`) when its size is at most `max`, else the implausible problem.
fn within(
    d: Decimal,
    v: &str,
    col: &Col,
    quantity: Quantity,
    max: Decimal,
) -> Result<Decimal, LineProblem> {
    if d.abs() > max {
        return Err(col.problem(BillProblem::Implausible {
            quantity,
            value: quoted(v),
            max: max.to_string(),
        }));
    }
    Ok(d)
}

/// An optional number: empty is `None`, unreadable is a bad number, beyond
/// [`MAX_RAW_NUMBER`] implausible.
pub(crate) fn number(
    record: &StringRecord,
    col: &Option<Col>,
) -> Result<Option<Decimal>, LineProblem> {
    read_number(record, col, decimal)
}

/// Like [`number`], but thousands separators (`"6,282.708"`, as Google's console writes
/// usage amounts) are allowed.
pub(crate) fn grouped_number(
    record: &StringRecord,
    col: &Option<Col>,
) -> Result<Option<Decimal>, LineProblem> {
    read_number(record, col, |v| decimal(&v.replace(',', "")))
}

/// An optional number as `parse` reads it, within [`MAX_RAW_NUMBER`].
fn read_number(
    record: &StringRecord,
    col: &Option<Col>,
    parse: impl Fn(&str) -> Option<Decimal>,
) -> Result<Option<Decimal>, LineProblem> {
    match (text(record, col), col) {
        (Some(v), Some(c)) => {
            let d =
                parse(v).ok_or_else(|| c.problem(BillProblem::BadNumber { value: quoted(v) }))?;
            within(d, v, c, Quantity::Number, MAX_RAW_NUMBER).map(Some)
        }
        _ => Ok(None),
    }
}

/// A date or date-time as the bills write them, in UTC when the text carries an offset or
/// `Z`, else as written. A date alone is its midnight.
pub(crate) fn datetime(s: &str) -> Option<NaiveDateTime> {
    datetime_zoned(s).map(|(t, _)| t)
}

/// [`datetime`], and whether the text said its zone (an offset or `Z`), so that a time
/// already in UTC is not shifted again.
pub(crate) fn datetime_zoned(s: &str) -> Option<(NaiveDateTime, bool)> {
    let s = s.trim();
    if let Ok(dt) = DateTime::parse_from_rfc3339(s) {
        return Some((dt.naive_utc(), true));
    }
    // `2024-05-01 10:00:00+08:00`, as a console may write Beijing time with its offset.
    for f in [
        "%Y-%m-%d %H:%M:%S%.f%:z",
        "%Y-%m-%d %H:%M:%S%.f%z",
        "%Y-%m-%dT%H:%M:%S%.f%z",
    ] {
        if let Ok(dt) = DateTime::parse_from_str(s, f) {
            return Some((dt.naive_utc(), true));
        }
    }
    let zoned = s.ends_with('Z') || s.ends_with('z');
    // AWS writes `2024-05-01T00:00:00Z`, and some exports drop the seconds.
    const TIMES: [&str; 8] = [
        "%Y-%m-%dT%H:%M:%S%.fZ",
        "%Y-%m-%dT%H:%MZ",
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%d %H:%M",
        "%Y/%m/%d %H:%M:%S",
        // nvidia-smi's `timestamp`: `2024/05/04 01:00:00.000`.
        "%Y/%m/%d %H:%M:%S%.f",
        "%Y/%m/%d %H:%M",
    ];
    for f in TIMES {
        if let Ok(dt) = NaiveDateTime::parse_from_str(s, f) {
            return Some((dt, zoned));
        }
    }
    // Azure's cost details write `MM/dd/yyyy`; the others ISO dates.
    DATES
        .iter()
        .find_map(|f| NaiveDate::parse_from_str(s, f).ok())
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| (t, false))
}

/// Whether `s` is a date without a time of day (`2024-05-04`, `05/04/2024`).
pub(crate) fn date_only(s: &str) -> bool {
    let s = s.trim();
    DATES
        .iter()
        .any(|f| NaiveDate::parse_from_str(s, f).is_ok())
}

/// The date layouts bills write: ISO, and Azure's `MM/dd/yyyy`.
const DATES: [&str; 3] = ["%Y-%m-%d", "%m/%d/%Y", "%Y/%m/%d"];

/// An optional date-time cell: empty is `None`, unreadable is a bad date.
pub(crate) fn when(
    record: &StringRecord,
    col: &Option<Col>,
) -> Result<Option<NaiveDateTime>, LineProblem> {
    match (text(record, col), col) {
        (Some(v), Some(c)) => datetime(v)
            .map(Some)
            .ok_or_else(|| c.problem(BillProblem::BadDate { value: quoted(v) })),
        _ => Ok(None),
    }
}

/// An optional date-time cell of China's consoles (Alibaba Cloud, Tencent Cloud), in UTC:
/// they write Beijing time without an offset, so eight hours come off — unless the text
/// states its own offset (`+08:00`, `Z`), which is respected, never shifted again.
pub(crate) fn when_beijing(
    record: &StringRecord,
    col: &Option<Col>,
) -> Result<Option<NaiveDateTime>, LineProblem> {
    match (text(record, col), col) {
        (Some(v), Some(c)) => {
            let bad = || c.problem(BillProblem::BadDate { value: quoted(v) });
            let (t, zoned) = datetime_zoned(v).ok_or_else(bad)?;
            if zoned {
                return Ok(Some(t));
            }
            t.checked_sub_signed(TimeDelta::hours(8))
                .map(Some)
                .ok_or_else(bad)
        }
        _ => Ok(None),
    }
}

/// Hours in an amount of time written with its unit (`hour`, `Hours`, `seconds`, `小时`,
/// `秒`, `分钟`, `天`); `None` when the unit is not a unit of time.
pub(crate) fn hours_in(amount: Decimal, unit: &str) -> Option<Decimal> {
    let u = unit.trim().to_lowercase();
    let per_hour = match u.as_str() {
        "h" | "hr" | "hrs" | "hour" | "hours" | "小时" | "个小时" | "时" => Decimal::ONE,
        "s" | "sec" | "second" | "seconds" | "秒" => Decimal::from(3600),
        "min" | "minute" | "minutes" | "分钟" | "分" => Decimal::from(60),
        // Checked: an amount past the plausibility limits is refused before it gets here,
        // and an overflow is "not hours", never a panic.
        "d" | "day" | "days" | "天" | "日" => return amount.checked_mul(Decimal::from(24)),
        _ => return None,
    };
    amount.checked_div(per_hour)
}

/// Hours between two times, exact to the second.
/// Hours a row bills: its stated duration in its unit when both are given, else the span
/// from start to end (Alibaba Cloud and Tencent Cloud state one or the other).
pub(crate) fn duration_or_span(
    duration: Option<Decimal>,
    unit: Option<&str>,
    start: Option<NaiveDateTime>,
    end: Option<NaiveDateTime>,
) -> Option<Decimal> {
    let stated = duration.zip(unit).and_then(|(d, u)| hours_in(d, u));
    stated.or(match (start, end) {
        (Some(s), Some(e)) if e > s => Some(hours_between(s, e)),
        _ => None,
    })
}

pub(crate) fn hours_between(start: NaiveDateTime, end: NaiveDateTime) -> Decimal {
    // At most about 2.6 × 10¹⁶ seconds between chrono's extreme dates: no overflow.
    Decimal::from((end - start).num_seconds()) / Decimal::from(3600)
}

/// A currency cell: `USD`, `CNY` (or `RMB`); anything else is refused for the line.
pub(crate) fn currency(record: &StringRecord, col: &Col) -> Result<Currency, LineProblem> {
    let v = cell(record, col);
    Currency::from_str(v)
        .map_err(|_| col.problem(BillProblem::UnknownCurrency { value: quoted(v) }))
}

/// Tags written `k=v;k=v` (our generic format) or `k:v;k:v` (Alibaba Cloud's bill file),
/// also Alibaba's console form `key:k value:v; key:k2 value:v2`. Empty keys are dropped.
pub(crate) fn tag_list(s: &str, sep: char) -> BTreeMap<String, String> {
    let mut tags = BTreeMap::new();
    for item in s.split(';') {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let (k, v) = if let Some(rest) = item.strip_prefix("key:") {
            match rest.split_once(" value:") {
                Some((k, v)) => (k, v),
                None => (rest, ""),
            }
        } else {
            item.split_once(sep).unwrap_or((item, ""))
        };
        if !k.trim().is_empty() {
            tags.insert(k.trim().to_string(), v.trim().to_string());
        }
    }
    tags
}

/// Tags written as a JSON object (`{"team":"ml"}`), or as Azure EA writes them, the object's
/// members without the braces (`"team": "ml","env": "dev"`). Values that are not strings are
/// kept as their JSON text. `None` when the text is not such an object.
pub(crate) fn tag_json(s: &str) -> Option<BTreeMap<String, String>> {
    let s = s.trim();
    if s.is_empty() {
        return Some(BTreeMap::new());
    }
    let parsed: serde_json::Value = serde_json::from_str(s)
        .or_else(|_| serde_json::from_str(&format!("{{{s}}}")))
        .ok()?;
    let map = parsed.as_object()?;
    Some(
        map.iter()
            .map(|(k, v)| {
                let v = match v {
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (k.clone(), v)
            })
            .collect(),
    )
}
