//! Reading a GPU utilization side file, streaming: no bill format carries GPU utilization,
//! so the user may drop one beside the bill. Two formats are read (`docs/SPEND_REVIEW.md`):
//!
//! - what `nvidia-smi --query-gpu=timestamp,index,utilization.gpu,memory.used,memory.total
//!   --format=csv` prints — header `timestamp, index, utilization.gpu [%], memory.used [MiB],
//!   memory.total [MiB]`, values like `2024/05/04 01:00:00.000, 0, 45 %, 14500 MiB,
//!   24576 MiB` — which is one machine's, so the caller says which of the bill's resources
//!   it belongs to;
//! - our generic CSV, `resource_id,timestamp,gpu_util_percent[,memory_used_mib,
//!   memory_total_mib]`, which names the resource on every line.
//!
//! [`read_utilization`] hands on one [`Sample`] at a time; lines that cannot be read are
//! skipped, counted and (the first ones) named with file, line and column, exactly as the
//! bill reader does. What the samples say of the bill's resources is
//! [`crate::review::utilization`]'s business.

mod columns;

use std::io::Read;

use chrono::NaiveDateTime;
use rust_decimal::Decimal;

use crate::bill::header::Header;
use crate::bill::table::Table;
use crate::bill::{BillError, BillProblem};

/// Most distinct resources a side file may name; the samples of further ones are skipped as
/// unreadable lines, so a file of any length is read in bounded memory.
pub const MAX_RESOURCES: usize = crate::limits::MAX_RESOURCES;

/// The utilization file formats the review reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UtilizationFormat {
    /// `nvidia-smi --query-gpu=… --format=csv` of one machine.
    NvidiaSmi,
    /// GPU Cost Lab's generic utilization CSV.
    Generic,
}

/// One utilization sample of one GPU.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    /// Line number in the file (the header is line 1).
    pub line: u64,
    /// The bill's resource id it belongs to, as written.
    pub resource: String,
    /// When it was taken, as written (nvidia-smi writes the machine's local time).
    pub at: NaiveDateTime,
    /// GPU utilization, percent (0–100).
    pub gpu_util_percent: Decimal,
    /// GPU memory in use, MiB, when the file says.
    pub memory_used_mib: Option<Decimal>,
    /// The GPU's memory, MiB, when the file says.
    pub memory_total_mib: Option<Decimal>,
}

/// What reading a whole side file found, besides its samples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UtilizationSummary {
    /// The format detected.
    pub format: UtilizationFormat,
    /// Samples handed on.
    pub samples: u64,
    /// Lines skipped because they could not be read.
    pub skipped: u64,
    /// The first skipped lines' problems.
    pub problems: Vec<BillError>,
}

/// The format of a header row, from its column names (case, surrounding spaces and a
/// trailing unit such as ` [%]` do not matter), or `None`.
pub fn detect(header: &[&str]) -> Option<UtilizationFormat> {
    let names: Vec<String> = header.iter().map(|h| columns::bare(h)).collect();
    let has = |n: &str| names.iter().any(|h| h == n);
    if has("utilization.gpu") && has("timestamp") {
        Some(UtilizationFormat::NvidiaSmi)
    } else if has("gpu_util_percent") && has("timestamp") {
        Some(UtilizationFormat::Generic)
    } else {
        None
    }
}

/// Reads a utilization file, streaming: detects its format from the first line, then calls
/// `on_sample` once per sample in file order, and `on_progress` with the bytes read so far.
///
/// `resource` is the bill's resource id the whole file belongs to: required for an
/// nvidia-smi file (one machine's), and used by the generic CSV on lines whose
/// `resource_id` is empty. The input may be gzipped, UTF-8 or UTF-16 with a byte-order mark,
/// as for bills. A repeated header line (files appended to each other) is passed over.
///
/// # Errors
/// The file cannot be read at all: empty, not text, damaged gzip, a header of neither
/// format, a missing column, or an nvidia-smi file without `resource`.
pub fn read_utilization(
    file_name: &str,
    reader: impl Read,
    resource: Option<&str>,
    on_sample: impl FnMut(Sample),
    on_progress: impl FnMut(u64),
) -> Result<UtilizationSummary, BillError> {
    let mut table = Table::open(file_name, reader, on_progress)?;
    let Some((line, record)) = table.next_record()? else {
        return Err(table.error(None, None, BillProblem::Empty));
    };
    let fields: Vec<&str> = record.iter().collect();
    let format = detect(&fields)
        .ok_or_else(|| table.error(Some(line), None, BillProblem::UnknownUtilizationFormat))?;
    let resource = resource.map(str::trim).filter(|r| !r.is_empty());
    if format == UtilizationFormat::NvidiaSmi && resource.is_none() {
        return Err(table.error(Some(line), None, BillProblem::NeedsResource));
    }
    let header = Header::new(&fields);
    let mut map = columns::Columns::new(format, &header, resource).map_err(|column| {
        table.error(
            Some(line),
            Some(column.clone()),
            BillProblem::MissingColumn { column },
        )
    })?;
    let mut on_sample = on_sample;
    let tally = table.data_lines(
        header.len(),
        |r, line| map.map(r, line),
        |s| {
            on_sample(s);
            Ok(())
        },
    )?;
    Ok(UtilizationSummary {
        format,
        samples: tally.rows,
        skipped: tally.skipped,
        problems: tally.problems,
    })
}
