//! Reading bills: format detection, streaming parse, and the one row type every format maps to.
//!
//! A bill is read line by line and never held whole: [`read_bill`] calls back once per usage
//! row, so a three-month Cost and Usage Report of a million rows is reviewed in bounded memory.
//! Amounts are exact decimals in the bill's own currency. A line that cannot be read is
//! skipped, counted and (the first ones) named with its line and column; a file whose format
//! or required columns are wrong is refused with a [`BillError`].
//!
//! Each format has its own module (which columns it reads, which cost column it takes);
//! `docs/SPEND_REVIEW.md` describes them for users.

mod alibaba;
mod aws;
mod azure;
mod gcp;
mod generic;
pub(crate) mod guard;
pub(crate) mod header;
mod input;
mod parquet;
pub(crate) mod table;
mod tencent;
pub(crate) mod values;

use std::collections::BTreeMap;

pub use input::{BillInput, ReadSeek};

pub use gcp::ROUNDING_ERROR;
use header::{Header, LineProblem, Mapper};
use table::{Table, Tally};

use chrono::NaiveDateTime;
use gpucost_core::money::Currency;
use rust_decimal::Decimal;

/// The bill formats the review reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BillFormat {
    /// AWS Cost and Usage Report, legacy CSV (`lineItem/UsageStartDate`, …).
    AwsCurLegacy,
    /// AWS CUR 2.0 / Data Exports (`line_item_usage_start_date`, …).
    AwsCur2,
    /// Google Cloud billing export as CSV.
    GcpBillingExport,
    /// Azure cost details (usage details) CSV.
    AzureCostDetails,
    /// Alibaba Cloud 账单明细 (bill details) CSV.
    AlibabaBillDetails,
    /// Tencent Cloud 账单明细 (bill details) CSV.
    TencentBillDetails,
    /// GPU Cost Lab's generic CSV (`docs/SPEND_REVIEW.md`).
    Generic,
}

/// What a bill format does not say, so that the review claims nothing of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lack {
    /// Which instance a charge is for: no GPU resource can be said to never stop.
    Instances,
    /// Labels or tags that could mark dev/test use: no GPU is known to be dev/test.
    Labels,
    /// The hours of the day (a bill that counts use by the day): the hour-of-week map and
    /// the time out of office hours spread each day's use evenly over its 24 hours.
    HoursOfDay,
}

impl BillFormat {
    /// What this format does not say. Google's cost table has a line per SKU and project,
    /// with no instance id and no labels.
    pub fn lacks(self) -> &'static [Lack] {
        match self {
            BillFormat::GcpBillingExport => &[Lack::Instances, Lack::Labels],
            _ => &[],
        }
    }
}

/// One usage line of a bill, in the terms every format shares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageRow {
    /// Line number in the file (the header is line 1, except under a Google Cloud cost
    /// table's preamble, where lines are still counted from the top of the file).
    pub line: u64,
    /// Catalog provider id (`aws`, `gcp`, `azure`, `alibaba`, `tencent`), or the generic
    /// file's own provider text.
    pub provider: String,
    /// Usage start, UTC, when the bill says.
    pub start: Option<NaiveDateTime>,
    /// Usage end, UTC, when the bill says.
    pub end: Option<NaiveDateTime>,
    /// Hours of use of the resource this row charges (instance-hours), when the bill says.
    pub hours: Option<Decimal>,
    /// The provider's instance type (`g5.xlarge`, `ecs.gn7i-c8g1.2xlarge`), when the bill says.
    pub instance_type: Option<String>,
    /// GPU model as written (generic format, or a GPU SKU line), when the bill says.
    pub gpu_model: Option<String>,
    /// GPUs of that model (generic format, or a GPU SKU line's count), when the bill says.
    pub gpu_count: Option<Decimal>,
    /// Region as the bill writes it.
    pub region: Option<String>,
    /// The resource's id (instance id), when the bill says: tells instances apart.
    pub resource_id: Option<String>,
    /// The charge, exact, in `currency` (after the bill's own discounts where it has a
    /// column for the amount actually owed).
    pub cost: Decimal,
    /// The bill's currency for this row.
    pub currency: Currency,
    /// Tags / labels, key → value.
    pub tags: BTreeMap<String, String>,
    /// What the bill says the row is (service or product and usage type), for non-GPU rows.
    pub description: String,
}

/// Why a bill, or one of its lines, cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BillProblem {
    /// The header matches no supported format.
    UnknownFormat,
    /// The file is empty.
    Empty,
    /// The file is gzip-compressed but damaged.
    BadGzip,
    /// The file is not UTF-8 text (nor UTF-16 with a byte-order mark, as Excel saves).
    NotText,
    /// A column the format needs is missing from the header.
    MissingColumn {
        /// The column's name.
        column: String,
    },
    /// A line has a different number of fields than the header.
    FieldCount {
        /// Fields expected.
        expected: usize,
        /// Fields found.
        found: usize,
    },
    /// A number that is not a plain decimal.
    BadNumber {
        /// The value as written.
        value: String,
    },
    /// A date or time that cannot be read.
    BadDate {
        /// The value as written.
        value: String,
    },
    /// A currency the review does not know (only CNY and USD).
    UnknownCurrency {
        /// The value as written.
        value: String,
    },
    /// A tags cell that is not in the format's notation (a JSON map for AWS CUR 2.0 and
    /// Azure).
    BadTags {
        /// The value as written.
        value: String,
    },
    /// A line leaves empty a value the format needs (the generic format's `hours` or
    /// `start`/`end`, `instance_type` or `gpu_model`, `provider`).
    MissingValue,
    /// A utilization side file's header is neither nvidia-smi's CSV nor the generic
    /// utilization CSV.
    UnknownUtilizationFormat,
    /// A utilization file of one machine (nvidia-smi's) was given without the id of the
    /// bill's resource it belongs to.
    NeedsResource,
    /// A percentage that is not between 0 and 100.
    NotAPercent {
        /// The value as written.
        value: String,
    },
    /// A utilization file names more resources than the review keeps apart.
    TooManyResources {
        /// The most resources kept.
        max: usize,
    },
    /// Reading the file failed for a reason of its own (not gzip, not the text encoding).
    Io {
        /// The reader's message.
        message: String,
    },
    /// A quantity beyond its plausibility limit ([`crate::limits`]): the line is skipped.
    Implausible {
        /// Which quantity.
        quantity: Quantity,
        /// The value as written (at most [`crate::limits::MAX_QUOTED_CHARS`] of it).
        value: String,
        /// The limit, as the user reads it (`10000000`, `1830 days`).
        max: String,
    },
    /// Hours or a GPU count below zero (a negative cost is a credit and is kept; negative
    /// time is not).
    Negative {
        /// Which quantity.
        quantity: Quantity,
        /// The value as written.
        value: String,
    },
    /// Adding the line would take a sum of the review past [`crate::limits::MAX_SUM`].
    Overflow,
    /// A text value longer than [`crate::limits::MAX_VALUE_BYTES`] where it cannot be cut (a
    /// utilization file's resource id, which must match the bill's).
    ValueTooLong {
        /// Its first characters.
        value: String,
        /// The most bytes a value may have.
        max_bytes: usize,
    },
    /// A record (a CSV row) longer than the limit: the file is refused from there on.
    RecordTooLong {
        /// The most bytes a record may have.
        max_bytes: usize,
    },
    /// A record with more fields than the limit.
    TooManyFields {
        /// The most fields a record may have.
        max: usize,
        /// Fields found.
        found: usize,
    },
    /// A quoted field that is never closed, so it would swallow every following line.
    UnterminatedQuote,
    /// A gzip file that inflates past the limit.
    InflatedTooLarge {
        /// The most inflated bytes.
        max_bytes: u64,
    },
    /// A gzip file that inflates more per compressed byte than a bill can (a gzip bomb).
    CompressesTooWell {
        /// The most inflated bytes per compressed byte.
        max_ratio: u64,
    },
    /// A Parquet file (it starts with `PAR1`) that cannot be read: cut short, damaged, or
    /// its metadata or a page header is not valid.
    BadParquet {
        /// What is wrong, as the reader found it (at most
        /// [`crate::limits::MAX_QUOTED_CHARS`] characters).
        reason: String,
    },
    /// A Parquet file whose footer, row group (the columns the review reads) or page declares
    /// more bytes than the review reads at once.
    ParquetTooLarge {
        /// The most bytes.
        max_bytes: u64,
    },
    /// A Parquet column the review reads is a list or a struct, not one value (the column
    /// is named in the error).
    ParquetColumnType {
        /// What it is (`list`, `struct`).
        found: String,
    },
    /// A Parquet file compressed with a codec the review does not read (ZSTD, Brotli).
    ParquetCodec {
        /// The codec's name.
        codec: String,
    },
}

/// A quantity of a bill line, for the problems that name one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// The line's charge.
    Cost,
    /// Its hours of use.
    Hours,
    /// Its GPU count.
    Gpus,
    /// A raw number in a cell, before its unit.
    Number,
    /// The time from its start to its end.
    Period,
    /// GPU memory in a utilization sample, MiB.
    Memory,
}

/// At most [`crate::limits::MAX_QUOTED_CHARS`] characters of `value`, for a problem to quote
/// (`…` marks a cut).
pub fn quoted(value: &str) -> String {
    let max = crate::limits::MAX_QUOTED_CHARS;
    match value.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &value[..at]),
        None => value.to_string(),
    }
}

/// A problem with its place in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BillError {
    /// The file's name as the user gave it.
    pub file: String,
    /// Line number (1 is the header); `None` for the whole file.
    pub line: Option<u64>,
    /// Column name, when one column is at fault.
    pub column: Option<String>,
    /// What is wrong.
    pub problem: BillProblem,
}

/// What reading a whole bill found, besides its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BillSummary {
    /// The format detected.
    pub format: BillFormat,
    /// Usage rows handed on.
    pub rows: u64,
    /// Lines skipped because they could not be read.
    pub skipped: u64,
    /// Lines deliberately not handed on because they are not usage: a Google Cloud cost
    /// table's `Total` line, which sums the file, and lines whose every field is empty.
    pub ignored: u64,
    /// The first skipped lines' problems (at most [`MAX_NAMED_PROBLEMS`]).
    pub problems: Vec<BillError>,
    /// The file's total charge per currency, over the rows handed on (for "adds up" checks).
    pub total: BTreeMap<Currency, Decimal>,
}

/// Most skipped lines named one by one; the rest are only counted.
pub const MAX_NAMED_PROBLEMS: usize = 20;

/// Lines above the header that may be skipped looking for it (a Google Cloud cost table
/// starts with about eight lines of invoice facts).
const MAX_PREAMBLE: usize = 30;

/// The format a header row belongs to, from its column names (case does not matter), or
/// `None` for a header of no supported format. Whether every column the format needs is
/// present is checked by [`read_bill`], which names a missing one.
pub fn detect(header: &[&str]) -> Option<BillFormat> {
    let names: Vec<String> = header.iter().map(|h| h.trim().to_lowercase()).collect();
    let has = |n: &str| names.iter().any(|h| h == n);
    let starts = |p: &str| names.iter().any(|h| h.starts_with(p));
    if starts("lineitem/") {
        Some(BillFormat::AwsCurLegacy)
    } else if starts("line_item_") {
        Some(BillFormat::AwsCur2)
    } else if has("sku description") && has("service description") {
        Some(BillFormat::GcpBillingExport)
    } else if has("metercategory") || has("costinbillingcurrency") {
        Some(BillFormat::AzureCostDetails)
    } else if has("优惠后总价") || has("子产品名称") || has("subproduct name") {
        // Checked before Alibaba: both write 地域 and 实例ID, only Tencent these.
        Some(BillFormat::TencentBillDetails)
    } else if has("应付金额") || (has("账期") && has("产品明细")) {
        Some(BillFormat::AlibabaBillDetails)
    } else if has("provider") && has("cost") && has("currency") {
        Some(BillFormat::Generic)
    } else {
        None
    }
}

/// The reader of a format, for this header, or the missing column.
fn mapper(
    format: BillFormat,
    header: &Header,
    preamble_currency: Option<&str>,
) -> Result<Box<dyn Mapper>, String> {
    Ok(match format {
        BillFormat::AwsCurLegacy => Box::new(aws::Aws::legacy(header)?),
        BillFormat::AwsCur2 => Box::new(aws::Aws::cur2(header)?),
        BillFormat::GcpBillingExport => Box::new(gcp::Gcp::new(header, preamble_currency)?),
        BillFormat::AzureCostDetails => Box::new(azure::Azure::new(header)?),
        BillFormat::AlibabaBillDetails => Box::new(alibaba::Alibaba::new(header)?),
        BillFormat::TencentBillDetails => Box::new(tencent::Tencent::new(header)?),
        BillFormat::Generic => Box::new(generic::Generic::new(header)?),
    })
}

/// Reads a bill, streaming: detects its format from the header row, then calls `on_row`
/// once per usage row, in file order, and `on_progress` with the bytes of the file read so
/// far (compressed bytes for a gzipped file).
///
/// The input may be gzip-compressed (recognised by its first bytes, not its name), UTF-8
/// with or without a byte-order mark, or UTF-16 with a byte-order mark (decoded). Other
/// encodings (GBK, as an older Excel may save a Chinese export) are refused as `NotText`.
///
/// A line that cannot be read, or whose quantities are beyond the plausibility limits of
/// [`crate::limits`], is skipped and counted, the first [`MAX_NAMED_PROBLEMS`] named with
/// line and column, and reading goes on. A file that cannot be read at all (not text,
/// damaged gzip, a gzip bomb, empty, unknown header, missing column, a record past the
/// length limit, an unterminated quote) is an error; one found after some rows were handed
/// on is an error too, those rows notwithstanding.
pub fn read_bill<'a>(
    file_name: &str,
    reader: impl Into<BillInput<'a>>,
    mut on_row: impl FnMut(UsageRow),
    on_progress: impl FnMut(u64),
) -> Result<BillSummary, BillError> {
    read_bill_checked(
        file_name,
        reader,
        |row| {
            on_row(row);
            Ok(())
        },
        on_progress,
    )
}

/// [`read_bill`], with an `on_row` that may refuse a row: a refused row is skipped, counted
/// and named like an unreadable line (the review refuses a row that would overflow its sums).
///
/// # Errors
/// As [`read_bill`].
pub fn read_bill_checked<'a>(
    file_name: &str,
    reader: impl Into<BillInput<'a>>,
    mut on_row: impl FnMut(UsageRow) -> Result<(), BillProblem>,
    mut on_progress: impl FnMut(u64),
) -> Result<BillSummary, BillError> {
    let error = located(file_name);
    let reader = match parquet::sort(reader.into()) {
        Ok(parquet::Sorted::Parquet(file)) => {
            return read_parquet(file_name, file, &mut on_row, &mut on_progress)
        }
        Ok(parquet::Sorted::Text(reader)) => reader,
        Err(problem) => return Err(error(None, None, problem)),
    };
    let mut table = Table::open(file_name, reader, on_progress)?;

    // The header: the first line of a known format, after at most a short preamble.
    let mut preamble_currency: Option<String> = None;
    let mut first_line = true;
    let (format, header, header_line) = loop {
        let Some((line, record)) = table.next_record()? else {
            let problem = if first_line {
                BillProblem::Empty
            } else {
                BillProblem::UnknownFormat
            };
            return Err(table.error(None, None, problem));
        };
        let fields: Vec<&str> = record.iter().collect();
        if let Some(format) = detect(&fields) {
            break (format, Header::new(&fields), line);
        }
        if fields
            .first()
            .is_some_and(|f| f.trim().eq_ignore_ascii_case("currency"))
        {
            preamble_currency = fields.get(1).map(|c| c.trim().to_string());
        }
        if !first_line && line as usize > MAX_PREAMBLE || first_line && fields.len() > 3 {
            // A wide first line is a header, just not one we know.
            return Err(table.error(Some(line), None, BillProblem::UnknownFormat));
        }
        first_line = false;
    };
    let map = mapper(format, &header, preamble_currency.as_deref()).map_err(|column| {
        table.error(
            Some(header_line),
            Some(column.clone()),
            BillProblem::MissingColumn { column },
        )
    })?;

    let mut total: BTreeMap<Currency, Decimal> = BTreeMap::new();
    let tally = table.data_lines(
        header.len(),
        |record, line| map.map(record, line),
        |row: UsageRow| accept(map.as_ref(), &mut total, row, &mut on_row),
    )?;
    Ok(summary(format, tally, total))
}

/// The error of a problem in `file`, at a line and column.
fn located(file: &str) -> impl Fn(Option<u64>, Option<String>, BillProblem) -> BillError + '_ {
    move |line, column, problem| BillError {
        file: file.to_string(),
        line,
        column,
        problem,
    }
}

/// [`read_bill_checked`] of a Parquet file: its top-level column names are the header, each
/// row a line (numbered as in a CSV of the same rows), mapped and accepted as a CSV's.
fn read_parquet(
    file_name: &str,
    reader: Box<dyn ReadSeek + '_>,
    on_row: &mut dyn FnMut(UsageRow) -> Result<(), BillProblem>,
    on_progress: &mut dyn FnMut(u64),
) -> Result<BillSummary, BillError> {
    let error = located(file_name);
    let mut bill =
        parquet::ParquetBill::open(reader, on_progress).map_err(|p| error(None, None, p))?;
    let names = bill.names().map_err(|p| error(None, None, p))?;
    let fields: Vec<&str> = names.iter().map(String::as_str).collect();
    let format = detect(&fields).ok_or_else(|| error(Some(1), None, BillProblem::UnknownFormat))?;
    let header = Header::new(&fields);
    let map = mapper(format, &header, None).map_err(|column| {
        error(
            Some(1),
            Some(column.clone()),
            BillProblem::MissingColumn { column },
        )
    })?;
    let mut total: BTreeMap<Currency, Decimal> = BTreeMap::new();
    let mut tally = Tally::default();
    bill.rows(
        &header.used(),
        header.len(),
        on_progress,
        &mut |record, line| {
            let outcome = if record.iter().all(|f| f.trim().is_empty()) {
                Ok(false)
            } else {
                map.map(record, line).and_then(|row| match row {
                    Some(row) => accept(map.as_ref(), &mut total, row, on_row).map(|()| true),
                    None => Ok(false),
                })
            };
            tally.count(outcome, |p| error(Some(line), p.column, p.problem));
            Ok(())
        },
        &error,
    )?;
    Ok(summary(format, tally, total))
}

/// Takes a mapped row: its long texts cut, its quantities within the limits, the file's
/// total still within [`crate::limits::MAX_SUM`], then handed to `on_row` (which may refuse it).
fn accept(
    map: &dyn Mapper,
    total: &mut BTreeMap<Currency, Decimal>,
    mut row: UsageRow,
    on_row: &mut dyn FnMut(UsageRow) -> Result<(), BillProblem>,
) -> Result<(), LineProblem> {
    cut_long_texts(&mut row);
    let refuse = |problem| LineProblem {
        column: None,
        problem,
    };
    plausible(&row).map_err(|problem| {
        let quantity = match &problem {
            BillProblem::Implausible { quantity, .. } | BillProblem::Negative { quantity, .. } => {
                Some(*quantity)
            }
            _ => None,
        };
        LineProblem {
            column: quantity.and_then(|q| map.column(q)).map(|c| c.name.clone()),
            problem,
        }
    })?;
    let sum = total.get(&row.currency).copied().unwrap_or_default();
    let sum = sum
        .checked_add(row.cost)
        .filter(|s| s.abs() <= crate::limits::MAX_SUM)
        .ok_or(refuse(BillProblem::Overflow))?;
    let currency = row.currency;
    on_row(row).map_err(refuse)?;
    total.insert(currency, sum);
    Ok(())
}

fn summary(format: BillFormat, tally: Tally, total: BTreeMap<Currency, Decimal>) -> BillSummary {
    BillSummary {
        format,
        rows: tally.rows,
        skipped: tally.skipped,
        ignored: tally.ignored,
        problems: tally.problems,
        total,
    }
}

/// Cuts every text of `row` the review keeps (provider, instance type, GPU model, region,
/// resource id, description, tag keys and values) to [`crate::limits::MAX_VALUE_BYTES`], at a
/// character boundary, marked `…`: the line and its money stay, and no kept value is long.
pub fn cut_long_texts(row: &mut UsageRow) {
    fn cut(s: &mut String) {
        let max = crate::limits::MAX_VALUE_BYTES;
        if s.len() > max {
            let mut at = max - '…'.len_utf8();
            while !s.is_char_boundary(at) {
                at -= 1;
            }
            s.truncate(at);
            s.push('…');
        }
    }
    cut(&mut row.provider);
    cut(&mut row.description);
    for t in [
        &mut row.instance_type,
        &mut row.gpu_model,
        &mut row.region,
        &mut row.resource_id,
    ]
    .into_iter()
    .flatten()
    {
        cut(t);
    }
    let long = crate::limits::MAX_VALUE_BYTES;
    if row
        .tags
        .iter()
        .any(|(k, v)| k.len() > long || v.len() > long)
    {
        row.tags = std::mem::take(&mut row.tags)
            .into_iter()
            .map(|(mut k, mut v)| {
                cut(&mut k);
                cut(&mut v);
                (k, v)
            })
            .collect();
    }
}

/// Whether a row is within the plausibility limits of [`crate::limits`]: its cost, hours,
/// GPUs and period. Negative hours and GPU counts are refused; a negative cost is a
/// credit or refund and stays.
///
/// # Errors
/// The first quantity beyond its limit.
pub fn plausible(row: &UsageRow) -> Result<(), BillProblem> {
    use crate::limits::{
        MAX_ABS_AMOUNT, MAX_GPUS_PER_LINE, MAX_HOURS_PER_LINE, MAX_ROW_PERIOD_DAYS,
    };
    let beyond = |quantity, value: String, max: String| BillProblem::Implausible {
        quantity,
        value: quoted(&value),
        max,
    };
    if row.cost.abs() > MAX_ABS_AMOUNT {
        return Err(beyond(
            Quantity::Cost,
            row.cost.to_string(),
            MAX_ABS_AMOUNT.to_string(),
        ));
    }
    if let (Some(start), Some(end)) = (row.start, row.end) {
        if (end - start).num_days().abs() > MAX_ROW_PERIOD_DAYS {
            return Err(beyond(
                Quantity::Period,
                format!("{start} – {end}"),
                format!("{MAX_ROW_PERIOD_DAYS} days"),
            ));
        }
    }
    for (quantity, value, max) in [
        (Quantity::Hours, row.hours, MAX_HOURS_PER_LINE),
        (Quantity::Gpus, row.gpu_count, MAX_GPUS_PER_LINE),
    ] {
        match value {
            Some(v) if v.is_sign_negative() && !v.is_zero() => {
                return Err(BillProblem::Negative {
                    quantity,
                    value: quoted(&v.to_string()),
                })
            }
            Some(v) if v > max => return Err(beyond(quantity, v.to_string(), max.to_string())),
            _ => {}
        }
    }
    Ok(())
}
