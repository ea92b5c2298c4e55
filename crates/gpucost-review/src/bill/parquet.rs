//! Parquet bills (CUR 2.0 and Azure cost exports write Snappy-compressed Parquet), read row
//! group by row group into the same row path as a CSV: the top-level column names are the
//! header, each row becomes a record of text cells, and the format's reader maps it. A file
//! is Parquet when it starts with `PAR1`, never by its name.
//!
//! Only the columns the format's reader uses are read (a CUR 2.0 file has about 125). Before
//! the `parquet` crate decodes anything, the footer and every page header are walked here
//! ([`Compact`]), so that no declared size, list length or value count can ask for more
//! memory than [`crate::limits`] allows: a hostile file is refused with a named problem.

use std::collections::BTreeSet;
use std::io::{Read, Seek, SeekFrom};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use bytes::{Buf, Bytes};
use csv::StringRecord;
use parquet::basic::{
    Compression, ConvertedType, Encoding, PageType, Repetition, Type as PhysicalType,
};
use parquet::column::page::{Page, PageMetadata, PageReader};
use parquet::column::reader::{get_column_reader, ColumnReader, ColumnReaderImpl};
use parquet::data_type::{
    BoolType, ByteArray, ByteArrayType, DataType, DoubleType, FixedLenByteArray,
    FixedLenByteArrayType, FloatType, Int32Type, Int64Type, Int96, Int96Type,
};
use parquet::file::metadata::{ParquetMetaData, ParquetMetaDataReader};
use parquet::file::reader::{ChunkReader, Length};
use parquet::file::serialized_reader::SerializedPageReader;
use parquet::schema::types::{ColumnDescriptor, Type};

use super::input::{BillInput, ReadSeek};
use super::{BillError, BillProblem};
use crate::limits::{
    MAX_FIELDS, MAX_PARQUET_FOOTER_BYTES, MAX_PARQUET_PAGE_BYTES, MAX_PARQUET_ROW_GROUP_BYTES,
    MAX_PARQUET_STREAM_BYTES,
};

/// The four bytes a Parquet file starts and ends with.
pub(crate) const MAGIC: &[u8; 4] = b"PAR1";

/// An input told apart by its first bytes.
pub(crate) enum Sorted<'a> {
    /// It starts with [`MAGIC`]: a Parquet file, seekable (a small stream is held whole).
    Parquet(Box<dyn ReadSeek + 'a>),
    /// Anything else, as a stream from its first byte.
    Text(Box<dyn Read + 'a>),
}

/// Reads up to four bytes.
fn head(reader: &mut dyn Read) -> std::io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(4);
    reader.take(4).read_to_end(&mut head)?;
    Ok(head)
}

/// Whether `input` is a Parquet file (it starts with [`MAGIC`]), and the input to read it as.
///
/// # Errors
/// The input cannot be read, or is a Parquet stream past [`MAX_PARQUET_STREAM_BYTES`].
pub(crate) fn sort(input: BillInput<'_>) -> Result<Sorted<'_>, BillProblem> {
    let io = |e: std::io::Error| BillProblem::Io {
        message: e.to_string(),
    };
    match input {
        BillInput::Seekable(mut file) => {
            let head = head(&mut file).map_err(io)?;
            file.seek(SeekFrom::Start(0)).map_err(io)?;
            Ok(if head == MAGIC {
                Sorted::Parquet(file)
            } else {
                Sorted::Text(Box::new(file))
            })
        }
        BillInput::Stream(mut stream) => {
            let head = head(&mut stream).map_err(io)?;
            if head != MAGIC {
                return Ok(Sorted::Text(Box::new(Read::chain(
                    std::io::Cursor::new(head),
                    stream,
                ))));
            }
            let mut whole = head;
            stream
                .take(MAX_PARQUET_STREAM_BYTES + 1 - MAGIC.len() as u64)
                .read_to_end(&mut whole)
                .map_err(io)?;
            if whole.len() as u64 > MAX_PARQUET_STREAM_BYTES {
                return Err(too_large(MAX_PARQUET_STREAM_BYTES));
            }
            Ok(Sorted::Parquet(Box::new(std::io::Cursor::new(whole))))
        }
    }
}

fn bad(reason: impl Into<String>) -> BillProblem {
    BillProblem::BadParquet {
        reason: super::quoted(&reason.into()),
    }
}

fn too_large(max_bytes: u64) -> BillProblem {
    BillProblem::ParquetTooLarge { max_bytes }
}

/// An open Parquet bill: its footer decoded and checked, its schema's top-level names.
pub(crate) struct ParquetBill<R> {
    reader: R,
    len: u64,
    meta: ParquetMetaData,
    /// Bytes of the file read so far, for progress.
    read: u64,
}

impl<R: Read + Seek> ParquetBill<R> {
    /// Opens the file: checks both magics, bounds and walks the footer, decodes it.
    pub fn open(mut reader: R, on_progress: &mut dyn FnMut(u64)) -> Result<Self, BillProblem> {
        let io = |e: std::io::Error| BillProblem::Io {
            message: e.to_string(),
        };
        let len = reader.seek(SeekFrom::End(0)).map_err(io)?;
        if len < 12 {
            return Err(bad("the file is shorter than a Parquet header and footer"));
        }
        let mut tail = [0u8; 8];
        reader.seek(SeekFrom::Start(len - 8)).map_err(io)?;
        reader.read_exact(&mut tail).map_err(io)?;
        if &tail[4..] != MAGIC {
            return Err(bad(
                "the file does not end with PAR1: it is cut short or damaged",
            ));
        }
        let footer_len = u64::from(u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]));
        if footer_len > len - 12 {
            return Err(bad("the footer is longer than the file: it is cut short"));
        }
        if footer_len > MAX_PARQUET_FOOTER_BYTES {
            return Err(too_large(MAX_PARQUET_FOOTER_BYTES));
        }
        let mut footer = vec![0u8; footer_len as usize];
        reader
            .seek(SeekFrom::Start(len - 8 - footer_len))
            .map_err(io)?;
        reader.read_exact(&mut footer).map_err(io)?;
        on_progress(footer_len + 12);
        Compact::new(&footer)
            .skip(STRUCT, 0)
            .ok_or_else(|| bad("the footer is not valid Parquet metadata"))?;
        let meta = ParquetMetaDataReader::decode_metadata(&footer)
            .map_err(|e| bad(format!("the footer cannot be read: {e}")))?;
        // The crate asserts (panics) on a negative column offset or size: refused here first.
        let negative = meta.row_groups().iter().flat_map(|g| g.columns()).any(|c| {
            c.dictionary_page_offset().unwrap_or(c.data_page_offset()) < 0
                || c.compressed_size() < 0
        });
        if negative {
            return Err(bad("a column chunk declares a negative place or size"));
        }
        Ok(ParquetBill {
            reader,
            len,
            meta,
            read: footer_len + 12,
        })
    }

    /// The top-level column names, the header of the bill.
    pub fn names(&self) -> Result<Vec<String>, BillProblem> {
        let fields = self.meta.file_metadata().schema().get_fields();
        if fields.len() > MAX_FIELDS {
            return Err(BillProblem::TooManyFields {
                max: MAX_FIELDS,
                found: fields.len(),
            });
        }
        Ok(fields.iter().map(|f| f.name().to_string()).collect())
    }

    /// Reads every row of the `used` top-level columns, row group by row group, as a record
    /// of `width` text cells (empty where a column is not used or the value is null), with
    /// its line (the row's place in a CSV of the same rows: the first row is line 2).
    ///
    /// Each used column is read with the `parquet` crate's column reader, [`BATCH`] rows at a
    /// time, and its definition and repetition levels are checked here: a level past its
    /// column's maximum, a map whose key and value disagree, or columns of different lengths
    /// are named as damage (the crate's record reader asserts on some of them instead).
    ///
    /// # Errors
    /// The first column (by its header index) whose type cannot be read, and the problem.
    pub fn rows(
        &mut self,
        used: &BTreeSet<usize>,
        width: usize,
        on_progress: &mut dyn FnMut(u64),
        on_record: &mut dyn FnMut(&StringRecord, u64) -> Result<(), BillError>,
        error: &dyn Fn(Option<u64>, Option<String>, BillProblem) -> BillError,
    ) -> Result<(), BillError> {
        let schema = self.meta.file_metadata().schema_descr_ptr();
        let roots = schema.root_schema().get_fields();
        for &i in used {
            if let Some(found) = unreadable(&roots[i]) {
                let problem = BillProblem::ParquetColumnType { found };
                return Err(error(None, Some(super::quoted(roots[i].name())), problem));
            }
        }
        let leaves: Vec<usize> = (0..schema.num_columns())
            .filter(|&l| used.contains(&schema.get_column_root_idx(l)))
            .collect();
        let mut line = 1u64;
        let mut record = StringRecord::with_capacity(width * 8, width);
        let mut cells = vec![String::new(); width];
        for g in 0..self.meta.num_row_groups() {
            let group = self.meta.row_group(g);
            let at = |line: u64, p: BillProblem| error(Some(line + 1), None, p);
            let rows = usize::try_from(group.num_rows())
                .map_err(|_| at(line, bad("a row group declares a negative row count")))?;
            let chunks = read_chunks(&mut self.reader, self.len, &mut self.read, group, &leaves)
                .map_err(|p| at(line, p))?;
            on_progress(self.read);
            let chunks = Arc::new(chunks);
            let mut columns = Vec::new();
            for &i in used {
                let of: Vec<usize> = leaves
                    .iter()
                    .copied()
                    .filter(|&l| schema.get_column_root_idx(l) == i)
                    .collect();
                let open = |l: usize| Leaf::open(&chunks, group, l, rows);
                let optional = roots[i].get_basic_info().repetition() == Repetition::OPTIONAL;
                let column = match of.as_slice() {
                    [l] => open(*l).map(|leaf| Column::Value(Box::new(leaf))),
                    [k, v] => open(*k).and_then(|key| {
                        Ok(Column::Map {
                            key: Box::new(key),
                            value: Box::new(open(*v)?),
                            entry: i16::from(optional) + 1,
                            cell: String::new(),
                        })
                    }),
                    _ => Err(bad("a column's schema is not the one its kind has")),
                }
                .map_err(|p| at(line, p))?;
                columns.push((i, column));
            }
            let mut left = rows;
            while left > 0 {
                let want = left.min(BATCH);
                let mut got = None;
                for (_, column) in &mut columns {
                    let n = column.read(want).map_err(|p| at(line, p))?;
                    if got.is_some_and(|g| g != n) {
                        return Err(at(line, bad("the columns hold different numbers of rows")));
                    }
                    got = Some(n);
                }
                let got = got.unwrap_or(want);
                if got == 0 {
                    return Err(at(
                        line,
                        bad("a column holds fewer rows than its row group declares"),
                    ));
                }
                for (_, column) in &mut columns {
                    column.start();
                }
                for _ in 0..got {
                    line += 1;
                    for c in cells.iter_mut() {
                        c.clear();
                    }
                    for (i, column) in &mut columns {
                        column
                            .next(&mut cells[*i])
                            .map_err(|p| error(Some(line), None, p))?;
                    }
                    record.clear();
                    for c in &cells {
                        record.push_field(c);
                    }
                    on_record(&record, line)?;
                }
                left -= got;
            }
        }
        Ok(())
    }
}

/// Rows read at a time from each column: the memory of a batch is this many values per
/// column (and the entries of this many maps).
const BATCH: usize = 1024;

/// Most map entries (tags) one batch of [`BATCH`] rows may hold: about a thousand a row. A
/// run of one level is a few bytes for any count, so a damaged page could declare a map of
/// billions of entries; this bounds what one batch sets aside (a key and a value, about 70
/// bytes an entry).
const MAX_BATCH_ENTRIES: u64 = 1 << 20;

/// One used top-level column of a row group, being read.
enum Column {
    /// A value per row (or a null).
    Value(Box<Leaf>),
    /// A map of text to text per row (its key and value columns), written as a JSON object.
    /// `entry` is the definition level at which a row's map has an entry.
    Map {
        key: Box<Leaf>,
        value: Box<Leaf>,
        entry: i16,
        /// Scratch text of one entry's key or value.
        cell: String,
    },
}

impl Column {
    /// Reads the next `rows` rows (fewer at the end of the row group); how many were read.
    fn read(&mut self, rows: usize) -> Result<usize, BillProblem> {
        match self {
            Column::Value(leaf) => leaf.read(rows),
            Column::Map { key, value, .. } => {
                let n = key.read(rows)?;
                if value.read(rows)? != n
                    || key.rep != value.rep
                    || key.def.len() != value.def.len()
                {
                    return Err(bad("a map's keys and values disagree"));
                }
                Ok(n)
            }
        }
    }

    /// Back to the first row read.
    fn start(&mut self) {
        match self {
            Column::Value(leaf) => leaf.start(),
            Column::Map { key, value, .. } => {
                key.start();
                value.start();
            }
        }
    }

    /// Writes the next row's cell.
    fn next(&mut self, out: &mut String) -> Result<(), BillProblem> {
        match self {
            Column::Value(leaf) => {
                let level = leaf.level;
                leaf.level += 1;
                match leaf.present(level)? {
                    true => leaf.write(out),
                    false => Ok(()),
                }
            }
            Column::Map {
                key,
                value,
                entry,
                cell,
            } => {
                let first = key.level;
                if key.rep.get(first) != Some(&0) {
                    return Err(damaged_levels());
                }
                let mut end = first + 1;
                while key.rep.get(end).is_some_and(|&r| r != 0) {
                    end += 1;
                }
                key.level = end;
                value.level = end;
                let from = out.len();
                for l in first..end {
                    let (kd, vd) = (key.def_at(l)?, value.def_at(l)?);
                    if (kd >= *entry) != (vd >= *entry) {
                        return Err(bad("a map's keys and values disagree"));
                    }
                    if kd < *entry {
                        // No map, or an empty one: the row's only level.
                        if end - first != 1 {
                            return Err(damaged_levels());
                        }
                        continue;
                    }
                    out.push(if l == first { '{' } else { ',' });
                    cell.clear();
                    if key.present(l)? {
                        key.write(cell)?;
                    }
                    json_string(cell, out);
                    out.push(':');
                    cell.clear();
                    if value.present(l)? {
                        value.write(cell)?;
                    }
                    json_string(cell, out);
                }
                if out.len() > from {
                    out.push('}');
                }
                Ok(())
            }
        }
    }
}

fn damaged_levels() -> BillProblem {
    bad("a page's definition or repetition levels are damaged")
}

/// Writes `s` as a JSON string.
fn json_string(s: &str, out: &mut String) {
    use std::fmt::Write as _;
    out.push('"');
    if !s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        out.push_str(s);
        out.push('"');
        return;
    }
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// How a leaf column's values are written as text.
#[derive(Clone, Copy)]
enum Kind {
    Text,
    Decimal(u32),
    Date,
    Millis,
    Micros,
    Nanos,
    Unsigned,
    TimeMillis,
    TimeMicros,
    Plain,
}

impl Kind {
    fn of(descr: &ColumnDescriptor) -> Kind {
        use parquet::basic::{LogicalType, TimeUnit};
        let physical = descr.physical_type();
        let scale = |s: i32| u32::try_from(s).map_or(Kind::Plain, Kind::Decimal);
        match descr.logical_type_ref() {
            Some(LogicalType::String | LogicalType::Enum | LogicalType::Json) => return Kind::Text,
            Some(LogicalType::Decimal(d)) => return scale(d.scale),
            Some(LogicalType::Date) => return Kind::Date,
            Some(LogicalType::Timestamp(t)) => {
                return match t.unit {
                    TimeUnit::MILLIS => Kind::Millis,
                    TimeUnit::MICROS => Kind::Micros,
                    TimeUnit::NANOS => Kind::Nanos,
                }
            }
            Some(LogicalType::Time(t)) => {
                return match t.unit {
                    TimeUnit::MILLIS => Kind::TimeMillis,
                    _ => Kind::TimeMicros,
                }
            }
            Some(LogicalType::Integer(i)) if !i.is_signed => return Kind::Unsigned,
            _ => {}
        }
        match descr.converted_type() {
            ConvertedType::UTF8 | ConvertedType::ENUM | ConvertedType::JSON => Kind::Text,
            ConvertedType::DECIMAL => scale(descr.type_scale()),
            ConvertedType::DATE => Kind::Date,
            ConvertedType::TIMESTAMP_MILLIS => Kind::Millis,
            ConvertedType::TIMESTAMP_MICROS => Kind::Micros,
            ConvertedType::TIME_MILLIS => Kind::TimeMillis,
            ConvertedType::TIME_MICROS => Kind::TimeMicros,
            ConvertedType::UINT_8
            | ConvertedType::UINT_16
            | ConvertedType::UINT_32
            | ConvertedType::UINT_64 => Kind::Unsigned,
            _ if physical == PhysicalType::INT96 => Kind::Nanos,
            _ => Kind::Plain,
        }
    }
}

/// The values a leaf column read, by its physical type.
enum Values {
    Bool(ColumnReaderImpl<BoolType>, Vec<bool>),
    Int32(ColumnReaderImpl<Int32Type>, Vec<i32>),
    Int64(ColumnReaderImpl<Int64Type>, Vec<i64>),
    Int96(ColumnReaderImpl<Int96Type>, Vec<Int96>),
    Float(ColumnReaderImpl<FloatType>, Vec<f32>),
    Double(ColumnReaderImpl<DoubleType>, Vec<f64>),
    Bytes(ColumnReaderImpl<ByteArrayType>, Vec<ByteArray>),
    Fixed(
        ColumnReaderImpl<FixedLenByteArrayType>,
        Vec<FixedLenByteArray>,
    ),
}

/// One leaf column of a row group: its reader, the levels and values of the batch being
/// written out, and where in them the next row is.
struct Leaf {
    values: Values,
    kind: Kind,
    max_def: i16,
    max_rep: i16,
    def: Vec<i16>,
    rep: Vec<i16>,
    /// The next level and value of the batch.
    level: usize,
    value: usize,
    /// For a repeated column: levels read so far, and the budget its pages are served within.
    levels: u64,
    budget: Option<Arc<Budget>>,
    /// The last 64-bit value written and its text: a bill's times and rates repeat from
    /// row to row.
    last: Option<(u64, String)>,
}

impl Leaf {
    /// Opens leaf `l` of row group `group` (`rows` rows), whose chunk is in `chunks`.
    fn open(
        chunks: &Arc<Chunks>,
        group: &parquet::file::metadata::RowGroupMetaData,
        l: usize,
        rows: usize,
    ) -> Result<Leaf, BillProblem> {
        let meta = group.column(l);
        let descr = meta.column_descr_ptr();
        let pages = SerializedPageReader::new(Arc::clone(chunks), meta, rows, None)
            .map_err(|e| bad(e.to_string()))?;
        if descr.physical_type() == PhysicalType::FIXED_LEN_BYTE_ARRAY && descr.type_length() <= 0 {
            return Err(bad("a fixed-length column declares no length"));
        }
        let budget = (descr.max_rep_level() > 0).then(|| {
            Arc::new(Budget {
                allowed: AtomicU64::new(MAX_BATCH_ENTRIES),
                tripped: AtomicBool::new(false),
            })
        });
        let pages: Box<dyn PageReader> = Box::new(Checked {
            inner: Box::new(pages),
            served: 0,
            budget: budget.clone(),
            byte_arrays: descr.physical_type() == PhysicalType::BYTE_ARRAY,
            max_def: descr.max_def_level(),
            max_rep: descr.max_rep_level(),
        });
        let values = match get_column_reader(Arc::clone(&descr), pages) {
            ColumnReader::BoolColumnReader(r) => Values::Bool(r, Vec::new()),
            ColumnReader::Int32ColumnReader(r) => Values::Int32(r, Vec::new()),
            ColumnReader::Int64ColumnReader(r) => Values::Int64(r, Vec::new()),
            ColumnReader::Int96ColumnReader(r) => Values::Int96(r, Vec::new()),
            ColumnReader::FloatColumnReader(r) => Values::Float(r, Vec::new()),
            ColumnReader::DoubleColumnReader(r) => Values::Double(r, Vec::new()),
            ColumnReader::ByteArrayColumnReader(r) => Values::Bytes(r, Vec::new()),
            ColumnReader::FixedLenByteArrayColumnReader(r) => Values::Fixed(r, Vec::new()),
        };
        Ok(Leaf {
            values,
            kind: Kind::of(&descr),
            max_def: descr.max_def_level(),
            max_rep: descr.max_rep_level(),
            def: Vec::new(),
            rep: Vec::new(),
            level: 0,
            value: 0,
            levels: 0,
            budget,
            last: None,
        })
    }

    /// Reads the next `rows` rows' levels and values; how many rows were read.
    fn read(&mut self, rows: usize) -> Result<usize, BillProblem> {
        self.def.clear();
        self.rep.clear();
        if let Some(b) = &self.budget {
            b.allowed
                .store(self.levels + MAX_BATCH_ENTRIES, Ordering::Relaxed);
        }
        let (def, rep) = (Some(&mut self.def), Some(&mut self.rep));
        let read = match &mut self.values {
            Values::Bool(r, v) => batch(r, v, rows, def, rep),
            Values::Int32(r, v) => batch(r, v, rows, def, rep),
            Values::Int64(r, v) => batch(r, v, rows, def, rep),
            Values::Int96(r, v) => batch(r, v, rows, def, rep),
            Values::Float(r, v) => batch(r, v, rows, def, rep),
            Values::Double(r, v) => batch(r, v, rows, def, rep),
            Values::Bytes(r, v) => batch(r, v, rows, def, rep),
            Values::Fixed(r, v) => batch(r, v, rows, def, rep),
        };
        let (records, _, levels) = read.map_err(|e| {
            if self
                .budget
                .as_ref()
                .is_some_and(|b| b.tripped.load(Ordering::Relaxed))
            {
                bad(format!(
                    "the maps of {BATCH} rows hold more than {MAX_BATCH_ENTRIES} entries"
                ))
            } else {
                bad(e.to_string())
            }
        })?;
        self.levels = self.levels.saturating_add(levels as u64);
        if self.max_def > 0 && self.def.iter().any(|&d| d < 0 || d > self.max_def)
            || self.max_rep > 0 && self.rep.iter().any(|&r| r < 0 || r > self.max_rep)
        {
            return Err(damaged_levels());
        }
        if self.max_rep == 0 && levels != records {
            return Err(damaged_levels());
        }
        Ok(records)
    }

    fn start(&mut self) {
        self.level = 0;
        self.value = 0;
    }

    /// The definition level of level `l` of the batch.
    #[inline]
    fn def_at(&self, l: usize) -> Result<i16, BillProblem> {
        if self.max_def == 0 {
            return Ok(0);
        }
        self.def.get(l).copied().ok_or_else(damaged_levels)
    }

    /// Whether level `l` of the batch has a value (it is the next value).
    #[inline]
    fn present(&self, l: usize) -> Result<bool, BillProblem> {
        Ok(self.def_at(l)? == self.max_def)
    }

    /// Writes the next value as the CSV of the same bill would hold it: numbers and
    /// decimals exactly, times as RFC 3339 in UTC.
    fn write(&mut self, out: &mut String) -> Result<(), BillProblem> {
        use std::fmt::Write as _;
        let i = self.value;
        self.value += 1;
        let missing = || bad("a page holds fewer values than its levels say");
        let kind = self.kind;
        match &self.values {
            Values::Bool(_, v) => {
                let _ = write!(out, "{}", v.get(i).ok_or_else(missing)?);
            }
            Values::Int32(_, v) => {
                let n = *v.get(i).ok_or_else(missing)?;
                match kind {
                    Kind::Date => date(n, out),
                    Kind::Decimal(s) => decimal(i128::from(n), s, out),
                    Kind::TimeMillis => time_of_day(i64::from(n) * 1_000_000, out),
                    Kind::Unsigned => {
                        let _ = write!(out, "{}", n as u32);
                    }
                    _ => {
                        let _ = write!(out, "{n}");
                    }
                }
            }
            Values::Int64(_, v) => {
                let n = *v.get(i).ok_or_else(missing)?;
                if let Some(text) = cached(&self.last, n as u64) {
                    out.push_str(text);
                    return Ok(());
                }
                let from = out.len();
                match kind {
                    Kind::Millis => timestamp(chrono::DateTime::from_timestamp_millis(n), out),
                    Kind::Micros => timestamp(chrono::DateTime::from_timestamp_micros(n), out),
                    Kind::Nanos => timestamp(Some(chrono::DateTime::from_timestamp_nanos(n)), out),
                    Kind::Decimal(s) => decimal(i128::from(n), s, out),
                    Kind::TimeMicros => time_of_day(n.saturating_mul(1_000), out),
                    Kind::Unsigned => {
                        let _ = write!(out, "{}", n as u64);
                    }
                    _ => {
                        let _ = write!(out, "{n}");
                    }
                }
                remember(&mut self.last, n as u64, &out[from..]);
            }
            Values::Int96(_, v) => {
                let d = v.get(i).ok_or_else(missing)?.data();
                let nanos = i64::from(d[1]) << 32 | i64::from(d[0]);
                let t = (i64::from(d[2]) - 2_440_588)
                    .checked_mul(86_400)
                    .and_then(|s| s.checked_add(nanos / 1_000_000_000))
                    .and_then(|s| {
                        chrono::DateTime::from_timestamp(s, (nanos % 1_000_000_000) as u32)
                    });
                timestamp(t, out);
            }
            Values::Float(_, v) => {
                let _ = write!(out, "{}", v.get(i).ok_or_else(missing)?);
            }
            Values::Double(_, v) => {
                let f = *v.get(i).ok_or_else(missing)?;
                if let Some(text) = cached(&self.last, f.to_bits()) {
                    out.push_str(text);
                    return Ok(());
                }
                let from = out.len();
                let _ = write!(out, "{f}");
                remember(&mut self.last, f.to_bits(), &out[from..]);
            }
            Values::Bytes(_, v) => bytes_text(v.get(i).ok_or_else(missing)?.data(), kind, out),
            Values::Fixed(_, v) => bytes_text(v.get(i).ok_or_else(missing)?.data(), kind, out),
        }
        Ok(())
    }
}

/// The text of `value` if it was the last one written.
fn cached(last: &Option<(u64, String)>, value: u64) -> Option<&str> {
    last.as_ref()
        .filter(|(v, _)| *v == value)
        .map(|(_, t)| t.as_str())
}

/// Keeps `text` as the text of `value`, in the string kept before.
fn remember(last: &mut Option<(u64, String)>, value: u64, text: &str) {
    let (v, t) = last.get_or_insert_with(Default::default);
    *v = value;
    t.clear();
    t.push_str(text);
}

/// One batch of a typed column reader, its levels and values in `def`, `rep` and `values`.
fn batch<T: DataType>(
    reader: &mut ColumnReaderImpl<T>,
    values: &mut Vec<T::T>,
    rows: usize,
    def: Option<&mut Vec<i16>>,
    rep: Option<&mut Vec<i16>>,
) -> parquet::errors::Result<(usize, usize, usize)> {
    values.clear();
    reader.read_records(rows, def, rep, values)
}

/// A text, bytes or decimal value.
fn bytes_text(data: &[u8], kind: Kind, out: &mut String) {
    match kind {
        Kind::Decimal(scale) => out.push_str(&decimal_text(data, scale as i32)),
        _ => match std::str::from_utf8(data) {
            Ok(s) => out.push_str(s),
            // Not text: a cell the format's reader will name as a bad value.
            Err(_) => out.push('\u{fffd}'),
        },
    }
}

fn decimal(unscaled: i128, scale: u32, out: &mut String) {
    match rust_decimal::Decimal::try_from_i128_with_scale(unscaled, scale) {
        Ok(d) => {
            use std::fmt::Write as _;
            let _ = write!(out, "{d}");
        }
        Err(_) => out.push_str("not-a-decimal"),
    }
}

fn date(days: i32, out: &mut String) {
    use chrono::Datelike;
    use std::fmt::Write as _;
    let day = chrono::NaiveDate::from_ymd_opt(1970, 1, 1)
        .and_then(|e| e.checked_add_signed(chrono::TimeDelta::try_days(i64::from(days))?))
        .filter(|d| (0..=9999).contains(&d.year()));
    match day {
        Some(d) => {
            let mut text = Digits::default();
            text.date(d.year(), d.month(), d.day());
            out.push_str(text.as_str());
        }
        None => {
            let _ = write!(out, "day {days}");
        }
    }
}

/// A time of day, `nanos` after midnight.
fn time_of_day(nanos: i64, out: &mut String) {
    use std::fmt::Write as _;
    let secs = nanos.div_euclid(1_000_000_000);
    let t = u32::try_from(secs).ok().and_then(|s| {
        chrono::NaiveTime::from_num_seconds_from_midnight_opt(
            s,
            nanos.rem_euclid(1_000_000_000) as u32,
        )
    });
    match t {
        Some(t) => {
            let _ = write!(out, "{}", t.format("%H:%M:%S%.f"));
        }
        None => out.push_str("out-of-range time"),
    }
}

/// What the pages of a repeated column may hold, shared by its page reader and the loop
/// that reads it.
struct Budget {
    /// The most levels the pages served so far may hold.
    allowed: AtomicU64,
    /// Set when a page was refused for the budget.
    tripped: AtomicBool,
}

/// A page reader that checks each page before the column reader decodes it: a repeated
/// column's pages within its [`Budget`] (the column reader reads on to further pages until a
/// row's map is whole, so one damaged map could otherwise be read without end), and a text
/// column's plain values whole for as many values as its levels say (the crate's plain
/// decoder of length-prefixed values slices past the end of a page that holds fewer, a
/// panic).
struct Checked {
    inner: Box<dyn PageReader>,
    /// Levels of the data pages served.
    served: u64,
    budget: Option<Arc<Budget>>,
    /// The column's values are length-prefixed byte arrays.
    byte_arrays: bool,
    max_def: i16,
    max_rep: i16,
}

impl Checked {
    fn check(&mut self, page: &Page) -> parquet::errors::Result<()> {
        let damaged = |what: &str| Err(parquet::errors::ParquetError::General(what.into()));
        if let Some(budget) = &self.budget {
            if page.page_type() != PageType::DICTIONARY_PAGE {
                self.served = self.served.saturating_add(u64::from(page.num_values()));
                if self.served > budget.allowed.load(Ordering::Relaxed) {
                    budget.tripped.store(true, Ordering::Relaxed);
                    return damaged("a map holds too many entries");
                }
            }
        }
        if !self.byte_arrays {
            return Ok(());
        }
        let plain = |e: Encoding| e == Encoding::PLAIN || e == Encoding::PLAIN_DICTIONARY;
        let (values, present) = match page {
            Page::DictionaryPage {
                buf,
                num_values,
                encoding,
                ..
            } if plain(*encoding) => (&buf[..], Some(*num_values as usize)),
            Page::DataPage {
                buf,
                num_values,
                encoding: Encoding::PLAIN,
                ..
            } => {
                let mut rest = &buf[..];
                let mut def = None;
                for (max, is_def) in [(self.max_rep, false), (self.max_def, true)] {
                    if max > 0 {
                        let Some(len) = rest.get(..4) else {
                            return Ok(()); // the crate names it
                        };
                        let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
                        let Some(levels) = rest.get(4..4 + len) else {
                            return Ok(());
                        };
                        if is_def {
                            def = Some(levels);
                        }
                        rest = &rest[4 + len..];
                    }
                }
                let present = match def {
                    Some(levels) => level_count(levels, self.max_def, *num_values as usize),
                    None => *num_values as usize,
                };
                (rest, Some(present))
            }
            Page::DataPageV2 {
                buf,
                num_values,
                encoding: Encoding::PLAIN,
                def_levels_byte_len,
                rep_levels_byte_len,
                ..
            } => {
                let (rep, def) = (*rep_levels_byte_len as usize, *def_levels_byte_len as usize);
                let (Some(levels), Some(rest)) = (buf.get(rep..rep + def), buf.get(rep + def..))
                else {
                    return Ok(());
                };
                let present = if self.max_def > 0 {
                    level_count(levels, self.max_def, *num_values as usize)
                } else {
                    *num_values as usize
                };
                (rest, Some(present))
            }
            _ => return Ok(()),
        };
        if let Some(present) = present {
            // Walks `present` values of a 4-byte length and that many bytes.
            let mut at = 0usize;
            for _ in 0..present {
                let Some(len) = values.get(at..at + 4) else {
                    return damaged("a page holds fewer values than its levels say");
                };
                let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
                at = at + 4 + len;
                if at > values.len() {
                    return damaged("a page holds fewer values than its levels say");
                }
            }
        }
        Ok(())
    }
}

/// How many of the first `levels` levels of an RLE/bit-packed hybrid run (as a definition
/// level decoder reads them, for a column whose most is `max`) are `max`: the values a page
/// holds. Damaged or short runs count what they hold; the crate then names them.
fn level_count(mut data: &[u8], max: i16, levels: usize) -> usize {
    let width = (16 - (max as u16).leading_zeros()) as usize;
    let (mut left, mut count) = (levels, 0usize);
    let varint = |data: &mut &[u8]| -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let (&b, rest) = data.split_first()?;
            *data = rest;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    };
    while left > 0 {
        let Some(header) = varint(&mut data) else {
            break;
        };
        if header & 1 == 0 {
            let run = usize::try_from(header >> 1).unwrap_or(usize::MAX).min(left);
            let bytes = width.div_ceil(8);
            let Some(v) = data.get(..bytes) else { break };
            let v = v.iter().rev().fold(0u64, |a, &b| a << 8 | u64::from(b));
            data = &data[bytes..];
            if v == max as u64 {
                count += run;
            }
            left -= run;
        } else {
            let groups = usize::try_from(header >> 1).unwrap_or(usize::MAX);
            let bytes = groups.saturating_mul(width).min(data.len());
            let values = (bytes * 8 / width.max(1))
                .min(groups.saturating_mul(8))
                .min(left);
            for i in 0..values {
                let mut v = 0u64;
                for b in 0..width {
                    let bit = i * width + b;
                    v |= u64::from(data[bit / 8] >> (bit % 8) & 1) << b;
                }
                if v == max as u64 {
                    count += 1;
                }
            }
            data = &data[bytes..];
            left -= values;
            if values == 0 {
                break;
            }
        }
    }
    count
}

impl PageReader for Checked {
    fn get_next_page(&mut self) -> parquet::errors::Result<Option<Page>> {
        let page = self.inner.get_next_page()?;
        if let Some(p) = &page {
            self.check(p)?;
        }
        Ok(page)
    }

    fn peek_next_page(&mut self) -> parquet::errors::Result<Option<PageMetadata>> {
        self.inner.peek_next_page()
    }

    fn skip_next_page(&mut self) -> parquet::errors::Result<()> {
        self.inner.skip_next_page()
    }

    fn at_record_boundary(&mut self) -> parquet::errors::Result<bool> {
        self.inner.at_record_boundary()
    }
}

impl Iterator for Checked {
    type Item = parquet::errors::Result<Page>;

    fn next(&mut self) -> Option<Self::Item> {
        self.get_next_page().transpose()
    }
}

/// The column chunks of `leaves` in one row group of the file `reader` (`len` bytes), read
/// whole and their pages checked; `read` counts the bytes read.
fn read_chunks<R: Read + Seek>(
    reader: &mut R,
    len: u64,
    read: &mut u64,
    group: &parquet::file::metadata::RowGroupMetaData,
    leaves: &[usize],
) -> Result<Chunks, BillProblem> {
    {
        let mut total = 0u64;
        let mut parts = Vec::new();
        for &l in leaves {
            let column = group.column(l);
            match column.compression() {
                Compression::UNCOMPRESSED
                | Compression::SNAPPY
                | Compression::GZIP(_)
                | Compression::LZ4
                | Compression::LZ4_RAW => {}
                other => {
                    return Err(BillProblem::ParquetCodec {
                        codec: format!("{other:?}"),
                    })
                }
            }
            let (start, size) = column.byte_range();
            total = total.saturating_add(size);
            if total > MAX_PARQUET_ROW_GROUP_BYTES {
                return Err(too_large(MAX_PARQUET_ROW_GROUP_BYTES));
            }
            if start.checked_add(size).is_none_or(|end| end > len) {
                return Err(bad("a column chunk lies past the end of the file"));
            }
            let mut buf = vec![0u8; size as usize];
            reader
                .seek(SeekFrom::Start(start))
                .and_then(|_| reader.read_exact(&mut buf))
                .map_err(|e| BillProblem::Io {
                    message: e.to_string(),
                })?;
            *read = read.saturating_add(size);
            let bits = match column.column_type() {
                PhysicalType::BOOLEAN => 1,
                PhysicalType::INT32 | PhysicalType::FLOAT | PhysicalType::BYTE_ARRAY => 32,
                PhysicalType::INT64 | PhysicalType::DOUBLE => 64,
                PhysicalType::INT96 => 96,
                PhysicalType::FIXED_LEN_BYTE_ARRAY => {
                    8 * i64::from(column.column_descr().type_length().max(1))
                }
            };
            check_pages(&buf, bits)?;
            parts.push((start, Bytes::from(buf)));
        }
        Ok(Chunks { len, parts })
    }
}

/// Why a column the review reads cannot be read as one value, if it cannot: a list or a
/// struct (a map of text to text, as CUR 2.0 writes `resource_tags`, can).
fn unreadable(field: &Type) -> Option<String> {
    let info = field.get_basic_info();
    let repeated = |t: &Type| t.get_basic_info().repetition() == Repetition::REPEATED;
    if repeated(field) {
        // A value repeated in its row (Parquet's oldest form of a list).
        return Some("list".into());
    }
    if field.is_primitive() {
        return None;
    }
    let is_map = matches!(
        info.converted_type(),
        ConvertedType::MAP | ConvertedType::MAP_KEY_VALUE
    ) || matches!(
        info.logical_type_ref(),
        Some(parquet::basic::LogicalType::Map)
    );
    let pairs = field.get_fields();
    let flat_pairs = pairs.len() == 1
        && pairs[0].is_group()
        && repeated(&pairs[0])
        && pairs[0].get_fields().len() == 2
        && pairs[0]
            .get_fields()
            .iter()
            .all(|t| t.is_primitive() && !repeated(t));
    if is_map && flat_pairs {
        return None;
    }
    Some(if is_map {
        "map of nested values".into()
    } else if matches!(info.converted_type(), ConvertedType::LIST) {
        "list".into()
    } else {
        "struct".into()
    })
}

/// A time as RFC 3339 in UTC (`2024-05-01T00:00:00Z`, a fraction only when there is one),
/// written digit by digit: `chrono`'s format strings are parsed anew on every call, which
/// was a tenth of the time of reading a CUR's two time columns.
fn timestamp(t: Option<chrono::DateTime<chrono::Utc>>, out: &mut String) {
    use chrono::{Datelike, Timelike};
    let Some(t) = t
        .map(|t| t.naive_utc())
        .filter(|t| (0..=9999).contains(&t.year()))
    else {
        out.push_str("out-of-range time");
        return;
    };
    let mut text = Digits::default();
    text.date(t.year(), t.month(), t.day());
    text.byte(b'T');
    text.number(t.hour(), 2);
    text.byte(b':');
    text.number(t.minute(), 2);
    text.byte(b':');
    text.number(t.second(), 2);
    let nanos = t.nanosecond();
    if nanos != 0 {
        // As chrono's `%.f`: 3, 6 or 9 digits, as many as the fraction needs.
        text.byte(b'.');
        if nanos % 1_000_000 == 0 {
            text.number(nanos / 1_000_000, 3);
        } else if nanos % 1_000 == 0 {
            text.number(nanos / 1_000, 6);
        } else {
            text.number(nanos, 9);
        }
    }
    text.byte(b'Z');
    out.push_str(text.as_str());
}

/// ASCII text of up to 32 bytes, built without allocating.
#[derive(Default)]
struct Digits {
    bytes: [u8; 32],
    len: usize,
}

impl Digits {
    fn byte(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    /// `n` in `width` digits, zeros in front (`n` has at most `width` digits).
    fn number(&mut self, mut n: u32, width: usize) {
        let end = (self.len + width).min(self.bytes.len());
        for slot in self.bytes[self.len..end].iter_mut().rev() {
            *slot = b'0' + (n % 10) as u8;
            n /= 10;
        }
        self.len = end;
    }

    /// `YYYY-MM-DD`.
    fn date(&mut self, year: i32, month: u32, day: u32) {
        self.number(year.unsigned_abs(), 4);
        self.byte(b'-');
        self.number(month, 2);
        self.byte(b'-');
        self.number(day, 2);
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

/// A Parquet decimal (big-endian two's complement, `scale` digits after the point) as text.
fn decimal_text(data: &[u8], scale: i32) -> String {
    if data.is_empty() || data.len() > 16 || !(0..=28).contains(&scale) {
        return "not-a-decimal".into();
    }
    let fill = if data[0] & 0x80 != 0 { 0xff } else { 0 };
    let mut wide = [fill; 16];
    wide[16 - data.len()..].copy_from_slice(data);
    match rust_decimal::Decimal::try_from_i128_with_scale(i128::from_be_bytes(wide), scale as u32) {
        Ok(d) => d.to_string(),
        Err(_) => "not-a-decimal".into(),
    }
}

/// The column chunks of one row group, each at its place in the file.
struct Chunks {
    len: u64,
    parts: Vec<(u64, Bytes)>,
}

impl Chunks {
    fn find(&self, start: u64, length: u64) -> parquet::errors::Result<Bytes> {
        for (at, bytes) in &self.parts {
            let end = at + bytes.len() as u64;
            if start >= *at && start.saturating_add(length) <= end {
                let from = (start - at) as usize;
                return Ok(bytes.slice(from..from + length as usize));
            }
        }
        Err(parquet::errors::ParquetError::General(format!(
            "bytes {start}+{length} are in no column chunk read"
        )))
    }
}

impl Length for Chunks {
    fn len(&self) -> u64 {
        self.len
    }
}

impl ChunkReader for Chunks {
    type T = bytes::buf::Reader<Bytes>;

    fn get_read(&self, start: u64) -> parquet::errors::Result<Self::T> {
        let (at, bytes) = self
            .parts
            .iter()
            .find(|(at, b)| start >= *at && start < at + b.len() as u64)
            .ok_or_else(|| {
                parquet::errors::ParquetError::General(format!("byte {start} is in no chunk"))
            })?;
        Ok(bytes.slice((start - at) as usize..).reader())
    }

    fn get_bytes(&self, start: u64, length: usize) -> parquet::errors::Result<Bytes> {
        self.find(start, length as u64)
    }
}

/// Walks the page headers of a column chunk: each page's declared sizes and value count are
/// within the limits and its bytes within the chunk, before the `parquet` crate allocates
/// by them.
fn check_pages(chunk: &[u8], value_bits: i64) -> Result<(), BillProblem> {
    let mut at = 0usize;
    let mut dictionary = false;
    while at < chunk.len() {
        let mut c = Compact::new(&chunk[at..]);
        let mut header = PageHeader::default();
        c.fields(0, &mut |path, v| header.take(path, v))
            .ok_or_else(|| bad("a page header is not valid"))?;
        let (Some(uncompressed), Some(compressed)) = (header.uncompressed, header.compressed)
        else {
            return Err(bad("a page header leaves out its sizes"));
        };
        if uncompressed < 0 || compressed < 0 {
            return Err(bad("a page declares a negative size"));
        }
        if uncompressed as u64 > MAX_PARQUET_PAGE_BYTES {
            return Err(too_large(MAX_PARQUET_PAGE_BYTES));
        }
        // A dictionary is set aside by its value count, and its values are plain: at least
        // their type's width each. (A data page's count is not bounded by its bytes: a run of
        // one dictionary index takes a few bytes for any count; it is read in batches.)
        let most_values = uncompressed.saturating_mul(8) / value_bits.max(1);
        if header.dictionary && header.values.is_some_and(|n| n < 0 || n > most_values) {
            return Err(bad(
                "a dictionary declares more values than its bytes can hold",
            ));
        }
        // The crate expects (panics otherwise) a dictionary before a page that refers to it,
        // levels within the page, and no BIT_PACKED levels of a length it cannot check.
        if header
            .encoding
            .is_some_and(|e| e == PLAIN_DICTIONARY || e == RLE_DICTIONARY)
            && !dictionary
        {
            return Err(bad(
                "a page refers to a dictionary its column does not have",
            ));
        }
        if header.level_encodings.contains(&Some(BIT_PACKED)) {
            return Err(bad(
                "a page's levels are in the retired BIT_PACKED encoding, which is not read",
            ));
        }
        let levels = header.level_bytes.iter().map(|b| b.unwrap_or(0));
        if levels.clone().any(|b| b < 0) || levels.sum::<i64>() > compressed.min(uncompressed) {
            return Err(bad("a page declares more bytes of levels than it holds"));
        }
        dictionary |= header.dictionary;
        at = at
            .checked_add(c.at)
            .and_then(|a| a.checked_add(compressed as usize))
            .filter(|&a| a <= chunk.len())
            .ok_or_else(|| bad("a page runs past its column chunk"))?;
    }
    Ok(())
}

/// What [`check_pages`] takes from a page header.
#[derive(Default)]
struct PageHeader {
    uncompressed: Option<i64>,
    compressed: Option<i64>,
    values: Option<i64>,
    dictionary: bool,
    /// A data page's values' encoding.
    encoding: Option<i64>,
    /// A v1 data page's definition and repetition level encodings.
    level_encodings: [Option<i64>; 2],
    /// A v2 data page's definition and repetition level lengths.
    level_bytes: [Option<i64>; 2],
}

/// Parquet's `Encoding` values the checks name.
const PLAIN_DICTIONARY: i64 = 2;
const BIT_PACKED: i64 = 4;
const RLE_DICTIONARY: i64 = 8;

impl PageHeader {
    /// Field ids of Parquet's `PageHeader`: 2 and 3 the sizes, 5/7/8 the data, dictionary
    /// and data v2 headers, whose field 1 is the value count; a v1 header's 2–4 are its
    /// encodings, a v2 header's 4 its encoding and 5–6 its levels' lengths.
    fn take(&mut self, path: &[i16], v: i64) {
        match path {
            [2] => self.uncompressed = Some(v),
            [3] => self.compressed = Some(v),
            [7, 1] => {
                self.dictionary = true;
                self.values = Some(v);
            }
            [5, 1] | [8, 1] => self.values = Some(v),
            [5, 2] | [8, 4] => self.encoding = Some(v),
            [5, 3] => self.level_encodings[0] = Some(v),
            [5, 4] => self.level_encodings[1] = Some(v),
            [8, 5] => self.level_bytes[0] = Some(v),
            [8, 6] => self.level_bytes[1] = Some(v),
            _ => {}
        }
    }
}

/// Thrift's compact protocol, as Parquet writes its footer and page headers: only walked,
/// every declared length and count checked against the bytes that remain, nesting bounded.
struct Compact<'a> {
    bytes: &'a [u8],
    at: usize,
}

const STRUCT: u8 = 12;
const MAX_DEPTH: usize = 32;

impl<'a> Compact<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Compact { bytes, at: 0 }
    }

    fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn advance(&mut self, n: usize) -> Option<()> {
        (n <= self.remaining()).then(|| self.at += n)
    }

    fn varint(&mut self) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..70).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f).checked_shl(shift)?;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }

    fn zigzag(&mut self) -> Option<i64> {
        let v = self.varint()?;
        Some((v >> 1) as i64 ^ -((v & 1) as i64))
    }

    /// A count that cannot exceed the bytes left (every element takes one or more).
    fn count(&mut self, n: u64) -> Option<usize> {
        usize::try_from(n).ok().filter(|&n| n <= self.remaining())
    }

    /// Skips one value of compact type `ty`.
    fn skip(&mut self, ty: u8, depth: usize) -> Option<()> {
        self.value(ty, depth, &mut Vec::new(), &mut |_, _| {})
    }

    /// One value of compact type `ty`; integers are told to `seen` with their field path.
    fn value(
        &mut self,
        ty: u8,
        depth: usize,
        path: &mut Vec<i16>,
        seen: &mut dyn FnMut(&[i16], i64),
    ) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        match ty {
            1 | 2 => Some(()),
            3 => self.advance(1),
            4..=6 => {
                let v = self.zigzag()?;
                seen(path, v);
                Some(())
            }
            7 => self.advance(8),
            8 => {
                let n = self.varint()?;
                let n = self.count(n)?;
                self.advance(n)
            }
            9 | 10 => {
                let h = self.byte()?;
                let mut n = u64::from(h >> 4);
                if n == 15 {
                    n = self.varint()?;
                }
                let n = self.count(n)?;
                let element = h & 0x0f;
                for _ in 0..n {
                    self.element(element, depth)?;
                }
                Some(())
            }
            11 => {
                let n = self.varint()?;
                let n = self.count(n)?;
                if n > 0 {
                    let kv = self.byte()?;
                    for _ in 0..n {
                        self.element(kv >> 4, depth)?;
                        self.element(kv & 0x0f, depth)?;
                    }
                }
                Some(())
            }
            STRUCT => self.fields_in(depth + 1, path, seen),
            _ => None,
        }
    }

    /// An element of a list or map: a boolean there is a whole byte.
    fn element(&mut self, ty: u8, depth: usize) -> Option<()> {
        if ty == 1 || ty == 2 {
            return self.advance(1);
        }
        self.skip(ty, depth + 1)
    }

    /// The fields of a struct, to its stop byte.
    fn fields(&mut self, depth: usize, seen: &mut dyn FnMut(&[i16], i64)) -> Option<()> {
        self.fields_in(depth, &mut Vec::new(), seen)
    }

    fn fields_in(
        &mut self,
        depth: usize,
        path: &mut Vec<i16>,
        seen: &mut dyn FnMut(&[i16], i64),
    ) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        let mut id: i16 = 0;
        loop {
            let h = self.byte()?;
            if h == 0 {
                return Some(());
            }
            let delta = h >> 4;
            id = if delta == 0 {
                i16::try_from(self.zigzag()?).ok()?
            } else {
                id.checked_add(i16::from(delta))?
            };
            path.push(id);
            let ok = self.value(h & 0x0f, depth, path, seen);
            path.pop();
            ok?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_exact_and_signed() {
        assert_eq!(decimal_text(&[0x04, 0xd2], 2), "12.34");
        assert_eq!(decimal_text(&[0xfb, 0x2e], 2), "-12.34");
        assert_eq!(decimal_text(&[0; 17], 2), "not-a-decimal");
    }

    #[test]
    fn times_are_written_as_chrono_writes_them() {
        for micros in [
            0i64,
            1_714_521_600_000_000,
            1_714_521_600_123_000,
            -1,
            86_399_999_999,
        ] {
            for t in [
                chrono::DateTime::from_timestamp_micros(micros),
                chrono::DateTime::from_timestamp_nanos(micros * 1_000 + 7).into(),
            ] {
                let mut out = String::new();
                timestamp(t, &mut out);
                let t = t.unwrap();
                assert_eq!(out, t.format("%Y-%m-%dT%H:%M:%S%.fZ").to_string());
            }
        }
        let mut out = String::new();
        timestamp(
            chrono::DateTime::from_timestamp(300_000_000_000, 0),
            &mut out,
        );
        assert_eq!(out, "out-of-range time");
        for days in [0, 19_844, -1, -719_162] {
            let (mut out, mut want) = (String::new(), String::new());
            date(days, &mut out);
            let d = chrono::NaiveDate::from_ymd_opt(1970, 1, 1).unwrap()
                + chrono::TimeDelta::try_days(i64::from(days)).unwrap();
            want.push_str(&d.format("%Y-%m-%d").to_string());
            assert_eq!(out, want);
        }
    }

    #[test]
    fn level_counts_read_both_run_kinds() {
        // An RLE run of ten levels of 1 (header 10 << 1, then the level).
        assert_eq!(level_count(&[20, 1], 1, 10), 10);
        assert_eq!(level_count(&[20, 1], 1, 4), 4);
        assert_eq!(level_count(&[20, 0], 1, 10), 0);
        // One bit-packed group of eight 1-bit levels, five of them 1; then a run of 3 twos
        // at width 2.
        assert_eq!(level_count(&[3, 0b1011_0101], 1, 8), 5);
        assert_eq!(level_count(&[6, 2], 2, 3), 3);
        // Short data counts what it holds.
        assert_eq!(level_count(&[3], 1, 8), 0);
    }

    #[test]
    fn compact_refuses_counts_past_the_bytes() {
        // A list of 2^31 structs in five bytes.
        let list = [0x19, 0xfc, 0xff, 0xff, 0xff, 0x07, 0];
        assert!(Compact::new(&list).skip(STRUCT, 0).is_none());
        // Nesting past the bound.
        let deep = [0x1c; 100];
        assert!(Compact::new(&deep).skip(STRUCT, 0).is_none());
        // A struct of one i32 field (id 1, value -3) and its stop.
        let mut seen = Vec::new();
        Compact::new(&[0x15, 0x05, 0])
            .fields(0, &mut |p, v| seen.push((p.to_vec(), v)))
            .unwrap();
        assert_eq!(seen, vec![(vec![1], -3)]);
    }
}
