//! Reading the upstream CSV files with errors that name the file, row and field.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use chrono::NaiveDate;
use gpucost_core::catalog::AsOf;
use gpucost_core::money::parse_decimal;
use rust_decimal::Decimal;

use crate::ImportError;

/// A CSV file read whole, with its header.
pub struct Table {
    file: PathBuf,
    header: Vec<String>,
    rows: Vec<(u64, csv::StringRecord)>,
}

/// One row of a [`Table`], for typed field access.
pub struct Row<'a> {
    table: &'a Table,
    line: u64,
    record: &'a csv::StringRecord,
}

impl Table {
    /// Reads `path`, which must have a header row.
    ///
    /// # Errors
    /// [`ImportError::Io`] when unreadable, [`ImportError::Field`] for a malformed row.
    pub fn read(path: &Path) -> Result<Table, ImportError> {
        let bytes = std::fs::read(path).map_err(|e| ImportError::Io {
            file: path.display().to_string(),
            message: e.to_string(),
        })?;
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .from_reader(bytes.as_slice());
        let header = reader
            .headers()
            .map_err(|e| ImportError::Io {
                file: path.display().to_string(),
                message: e.to_string(),
            })?
            .iter()
            .map(str::to_string)
            .collect();
        let mut rows = Vec::new();
        let mut lines = Lines::new(&bytes);
        for record in reader.records() {
            let record = record.map_err(|e| ImportError::Field {
                file: path.display().to_string(),
                row: e.position().map(|p| lines.of(p.byte())).unwrap_or(0),
                field: "(row)".into(),
                message: e.to_string(),
            })?;
            let line = record.position().map(|p| lines.of(p.byte())).unwrap_or(0);
            rows.push((line, record));
        }
        Ok(Table {
            file: path.to_path_buf(),
            header,
            rows,
        })
    }

    /// Whether the header has a column named `name`.
    pub fn has_column(&self, name: &str) -> bool {
        self.header.iter().any(|h| h == name)
    }

    /// The rows, in file order.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        self.rows.iter().map(|(line, record)| Row {
            table: self,
            line: *line,
            record,
        })
    }

    fn file_name(&self) -> String {
        self.file
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.file.display().to_string())
    }
}

/// Line numbers (from 1) of the records of a file, counted forward from the previous record:
/// records come in file order, so the whole file is scanned once, not once per record.
///
/// The csv crate's own line count is one short after a CRLF line ending: the record's start
/// is the `\n` of the previous line's `\r\n`. A record never begins with a line break, so
/// the breaks at a record's start belong to the line before.
struct Lines<'f> {
    file: &'f [u8],
    /// Byte where the last counted record begins.
    at: usize,
    /// Its line.
    line: u64,
}

impl<'f> Lines<'f> {
    fn new(file: &'f [u8]) -> Self {
        Lines {
            file,
            at: 0,
            line: 1,
        }
    }

    /// The line of the record that starts at byte `start`.
    fn of(&mut self, start: u64) -> u64 {
        let file = self.file;
        let start = usize::try_from(start).unwrap_or(usize::MAX).min(file.len());
        let first = file[start..]
            .iter()
            .position(|b| !matches!(b, b'\r' | b'\n'))
            .map_or(file.len(), |i| start + i);
        if first < self.at {
            // Not in file order (an error's position): count from the top again.
            (self.at, self.line) = (0, 1);
        }
        self.line += file[self.at..first].iter().filter(|&&b| b == b'\n').count() as u64;
        self.at = first;
        self.line
    }
}

impl Row<'_> {
    /// An error located at this row and `field`.
    pub fn error(&self, field: &str, message: impl Into<String>) -> ImportError {
        ImportError::Field {
            file: self.table.file_name(),
            row: self.line,
            field: field.to_string(),
            message: message.into(),
        }
    }

    /// The raw text of `field` (trimmed).
    ///
    /// # Errors
    /// When the header has no such column.
    pub fn text(&self, field: &str) -> Result<&str, ImportError> {
        let i = self
            .table
            .header
            .iter()
            .position(|h| h == field)
            .ok_or_else(|| self.error(field, "no such column in the header"))?;
        Ok(self.record.get(i).unwrap_or("").trim())
    }

    /// A required non-empty text field.
    pub fn required(&self, field: &str) -> Result<&str, ImportError> {
        let t = self.text(field)?;
        if t.is_empty() {
            Err(self.error(field, "is empty"))
        } else {
            Ok(t)
        }
    }

    /// A region name; a blank one (the source states none) becomes `unspecified`.
    pub fn region(&self, field: &str) -> Result<String, ImportError> {
        let t = self
            .text(field)?
            .trim_matches(|c: char| c == ',' || c.is_whitespace());
        Ok(if t.is_empty() {
            "unspecified".to_string()
        } else {
            t.to_string()
        })
    }

    /// A decimal field; `None` when blank.
    pub fn decimal(&self, field: &str) -> Result<Option<Decimal>, ImportError> {
        let t = self.text(field)?;
        if t.is_empty() {
            return Ok(None);
        }
        parse_decimal(t).map(Some).map_err(|m| self.error(field, m))
    }

    /// A required positive decimal field.
    pub fn positive(&self, field: &str) -> Result<Decimal, ImportError> {
        match self.decimal(field)? {
            Some(d) if d > Decimal::ZERO => Ok(d),
            Some(d) => Err(self.error(field, format!("must be positive, is {d}"))),
            None => Err(self.error(field, "is empty")),
        }
    }

    /// A float field (hardware specs); `None` when blank.
    pub fn float(&self, field: &str) -> Result<Option<f64>, ImportError> {
        let t = self.text(field)?;
        if t.is_empty() {
            return Ok(None);
        }
        f64::from_str(t)
            .ok()
            .filter(|v| v.is_finite())
            .map(Some)
            .ok_or_else(|| self.error(field, format!("{t:?} is not a number")))
    }

    /// A snapshot date: `2026-01-21`, `<=2026-04-29`, or blank for unknown.
    pub fn as_of(&self, field: &str) -> Result<AsOf, ImportError> {
        let t = self.text(field)?;
        if t.is_empty() {
            return Ok(AsOf::Unknown);
        }
        t.parse::<AsOf>().map_err(|m| self.error(field, m))
    }

    /// A required date.
    pub fn date(&self, field: &str) -> Result<NaiveDate, ImportError> {
        let t = self.required(field)?;
        NaiveDate::parse_from_str(t, "%Y-%m-%d")
            .map_err(|_| self.error(field, format!("{t:?} is not a YYYY-MM-DD date")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The file line of every row of `text`, read through [`Table::read`].
    fn lines_of(name: &str, text: &str) -> Vec<u64> {
        let path = std::env::temp_dir().join(format!(
            "catalog-import-table-{name}-{}.csv",
            std::process::id()
        ));
        std::fs::write(&path, text).unwrap();
        let table = Table::read(&path).unwrap();
        std::fs::remove_file(&path).ok();
        table.rows().map(|r| r.line).collect()
    }

    #[test]
    fn rows_are_numbered_by_their_line_in_the_file_whatever_the_line_endings() {
        let rows = "a,b\n1,2\n\"x\ny\",3\n4,5\n";
        assert_eq!(lines_of("lf", rows), vec![2, 3, 5]);
        assert_eq!(lines_of("crlf", &rows.replace('\n', "\r\n")), vec![2, 3, 5]);
    }
}
