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
use std::sync::Arc;

use bytes::{Buf, Bytes};
use csv::StringRecord;
use parquet::basic::{Compression, ConvertedType, Type as PhysicalType};
use parquet::file::metadata::{ParquetMetaData, ParquetMetaDataReader};
use parquet::file::properties::ReaderProperties;
use parquet::file::reader::{ChunkReader, Length, RowGroupReader};
use parquet::file::serialized_reader::SerializedRowGroupReader;
use parquet::record::Field;
use parquet::schema::types::Type;

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
        let mut projected = Vec::new();
        for &i in used {
            let field = &roots[i];
            if let Some(found) = unreadable(field) {
                let problem = BillProblem::ParquetColumnType { found };
                return Err(error(None, Some(super::quoted(field.name())), problem));
            }
            projected.push(Arc::clone(field));
        }
        let projection = Type::group_type_builder(schema.root_schema().name())
            .with_fields(projected)
            .build()
            .map_err(|e| error(None, None, bad(e.to_string())))?;
        let leaves: Vec<usize> = (0..schema.num_columns())
            .filter(|&l| used.contains(&schema.get_column_root_idx(l)))
            .collect();
        let props = Arc::new(ReaderProperties::builder().build());
        let mut line = 1u64;
        let mut record = StringRecord::with_capacity(width * 8, width);
        let mut cells = vec![String::new(); width];
        for g in 0..self.meta.num_row_groups() {
            let group = self.meta.row_group(g);
            let chunks = read_chunks(&mut self.reader, self.len, &mut self.read, group, &leaves)
                .map_err(|p| error(Some(line + 1), None, p))?;
            on_progress(self.read);
            let damaged = |line| error(Some(line), None, bad("a page's values are damaged"));
            let reader = guarded(|| {
                SerializedRowGroupReader::new(Arc::new(chunks), group, None, props.clone())
            })
            .ok_or_else(|| damaged(line + 1))?
            .map_err(|e| error(Some(line + 1), None, bad(e.to_string())))?;
            let mut rows = guarded(|| reader.get_row_iter(Some(projection.clone())))
                .ok_or_else(|| damaged(line + 1))?
                .map_err(|e| error(Some(line + 1), None, bad(e.to_string())))?;
            while let Some(row) = guarded(|| rows.next()).ok_or_else(|| damaged(line + 1))? {
                line += 1;
                let row = row.map_err(|e| error(Some(line), None, bad(e.to_string())))?;
                for c in cells.iter_mut() {
                    c.clear();
                }
                for (&i, (_, value)) in used.iter().zip(row.get_column_iter()) {
                    text_of(value, &mut cells[i]);
                }
                record.clear();
                for c in &cells {
                    record.push_field(c);
                }
                on_record(&record, line)?;
            }
        }
        Ok(())
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

/// `f`, or `None` if it panicked. The `parquet` crate asserts on some damaged values (a
/// definition level past its column's maximum) instead of returning an error; where panics
/// unwind — the tests and the CLI's `native` profile — that becomes a named problem here. The
/// page's `release` build aborts on a panic (wasm32 has no unwinding): its worker ends and the
/// page reports a failed review.
fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok()
}

/// Why a column the review reads cannot be read as one value, if it cannot: a list or a
/// struct (a map of text to text, as CUR 2.0 writes `resource_tags`, can).
fn unreadable(field: &Type) -> Option<String> {
    if field.is_primitive() {
        return None;
    }
    let info = field.get_basic_info();
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
        && pairs[0].get_fields().len() == 2
        && pairs[0].get_fields().iter().all(|t| t.is_primitive());
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

/// Writes a value as the CSV of the same bill would hold it: numbers and decimals exactly,
/// times as RFC 3339 in UTC, a map as a JSON object of text.
fn text_of(value: &Field, out: &mut String) {
    use std::fmt::Write as _;
    match value {
        Field::Null => {}
        Field::Str(s) => out.push_str(s),
        Field::Bytes(b) => match std::str::from_utf8(b.data()) {
            Ok(s) => out.push_str(s),
            // Not text: a cell the format's reader will name as a bad value.
            Err(_) => out.push('\u{fffd}'),
        },
        Field::Float(f) => {
            let _ = write!(out, "{f}");
        }
        Field::Double(f) => {
            let _ = write!(out, "{f}");
        }
        Field::Decimal(d) => out.push_str(&decimal_text(d.data(), d.scale())),
        Field::Date(days) => {
            let day = chrono::NaiveDate::from_ymd_opt(1970, 1, 1)
                .and_then(|e| e.checked_add_signed(chrono::TimeDelta::try_days(i64::from(*days))?));
            if let Some(day) = day {
                let _ = write!(out, "{}", day.format("%Y-%m-%d"));
            } else {
                let _ = write!(out, "day {days}");
            }
        }
        Field::TimestampMillis(ms) => timestamp(chrono::DateTime::from_timestamp_millis(*ms), out),
        Field::TimestampMicros(us) => timestamp(chrono::DateTime::from_timestamp_micros(*us), out),
        Field::MapInternal(map) => {
            let mut object = serde_json::Map::new();
            for (k, v) in map.entries() {
                let (mut key, mut val) = (String::new(), String::new());
                text_of(k, &mut key);
                text_of(v, &mut val);
                object.insert(key, serde_json::Value::String(val));
            }
            out.push_str(&serde_json::Value::Object(object).to_string());
        }
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

fn timestamp(t: Option<chrono::DateTime<chrono::Utc>>, out: &mut String) {
    use std::fmt::Write as _;
    match t {
        Some(t) => {
            let _ = write!(out, "{}", t.format("%Y-%m-%dT%H:%M:%S%.fZ"));
        }
        None => out.push_str("out-of-range time"),
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
}

impl PageHeader {
    /// Field ids of Parquet's `PageHeader`: 2 and 3 the sizes, 5/7/8 the data, dictionary
    /// and data v2 headers, whose field 1 is the value count.
    fn take(&mut self, path: &[i16], v: i64) {
        match path {
            [2] => self.uncompressed = Some(v),
            [3] => self.compressed = Some(v),
            [7, 1] => {
                self.dictionary = true;
                self.values = Some(v);
            }
            [5, 1] | [8, 1] => self.values = Some(v),
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
