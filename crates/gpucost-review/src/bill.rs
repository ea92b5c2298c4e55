//! Reading bills: format detection, streaming parse, and the one row type every format maps to.
//!
//! A bill is read line by line and never held whole: [`read_bill`] calls back once per usage
//! row, so a three-month Cost and Usage Report of a million rows is reviewed in bounded memory.
//! Amounts are exact decimals in the bill's own currency. A line that cannot be read is
//! skipped, counted and (the first ones) named with its line and column; a file whose format
//! or required columns are wrong is refused with a [`BillError`].

use std::collections::BTreeMap;

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

/// One usage line of a bill, in the terms every format shares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageRow {
    /// Line number in the file (the header is line 1).
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
    /// The first skipped lines' problems (at most [`MAX_NAMED_PROBLEMS`]).
    pub problems: Vec<BillError>,
    /// The file's total charge per currency, over the rows handed on (for "adds up" checks).
    pub total: BTreeMap<Currency, Decimal>,
}

/// Most skipped lines named one by one; the rest are only counted.
pub const MAX_NAMED_PROBLEMS: usize = 20;
