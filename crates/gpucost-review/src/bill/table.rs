//! A CSV file read line by line as a table: the input's layers undone ([`super::input`]),
//! every line numbered, and the data lines under a header mapped one at a time, with the
//! lines that cannot be read counted and the first ones named. The bill reader and the
//! utilization side-file reader share it, so both treat a damaged line the same way.

use std::io::Read;

use csv::{ByteRecord, StringRecord};

use super::guard::{Guard, Refused};
use super::header::LineProblem;
use super::input::{self, Layers};
use super::{BillError, BillProblem, MAX_NAMED_PROBLEMS};
use crate::limits::MAX_FIELDS;

/// An open CSV file, read front to back.
pub(crate) struct Table<'a> {
    file: String,
    csv: csv::Reader<Guard<Box<dyn Read + 'a>>>,
    layers: Layers,
    raw: ByteRecord,
}

/// What the data lines of a table came to.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// Lines mapped to an item.
    pub rows: u64,
    /// Lines that could not be read.
    pub skipped: u64,
    /// Lines deliberately passed over (blank, or a summary line the format knows).
    pub ignored: u64,
    /// The first skipped lines' problems (at most [`MAX_NAMED_PROBLEMS`]).
    pub problems: Vec<BillError>,
}

impl<'a> Table<'a> {
    /// Opens `reader` (the file the user named `file`): gzip, byte-order marks and UTF-16
    /// are undone; `on_progress` hears the bytes of the file read so far.
    ///
    /// # Errors
    /// The file is empty, damaged gzip, or cannot be read.
    pub fn open(
        file: &str,
        reader: impl Read + 'a,
        on_progress: impl FnMut(u64) + 'a,
    ) -> Result<Table<'a>, BillError> {
        let (text, layers) = input::open(reader, on_progress).map_err(|p| BillError {
            file: file.to_string(),
            line: None,
            column: None,
            problem: p,
        })?;
        let csv = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(Guard::new(text));
        Ok(Table {
            file: file.to_string(),
            csv,
            layers,
            raw: ByteRecord::new(),
        })
    }

    /// A problem of this file.
    pub fn error(
        &self,
        line: Option<u64>,
        column: Option<String>,
        problem: BillProblem,
    ) -> BillError {
        BillError {
            file: self.file.clone(),
            line,
            column,
            problem,
        }
    }

    /// Reads the next line into `self.raw`; `false` at the end.
    fn advance(&mut self) -> Result<bool, BillError> {
        let layers = self.layers;
        self.csv.read_byte_record(&mut self.raw).map_err(|e| {
            let mut line = e.position().map(|p| p.line());
            let problem = match e.kind() {
                csv::ErrorKind::Io(io) => {
                    if let Some(refused) = Refused::of(io) {
                        line = refused.line;
                    }
                    layers.problem(io)
                }
                _ => BillProblem::NotText,
            };
            BillError {
                file: self.file.clone(),
                line,
                column: None,
                problem,
            }
        })
    }

    fn line(&self) -> u64 {
        self.raw.position().map_or(0, |p| p.line())
    }

    /// The next line as text, with its number; `None` at the end.
    ///
    /// # Errors
    /// The line is not UTF-8 text, or the file cannot be read on.
    pub fn next_record(&mut self) -> Result<Option<(u64, StringRecord)>, BillError> {
        if !self.advance()? {
            return Ok(None);
        }
        let line = self.line();
        if self.raw.len() > MAX_FIELDS {
            let problem = BillProblem::TooManyFields {
                max: MAX_FIELDS,
                found: self.raw.len(),
            };
            return Err(self.error(Some(line), None, problem));
        }
        let record = StringRecord::from_byte_record(self.raw.clone())
            .map_err(|_| self.error(Some(line), None, BillProblem::NotText))?;
        Ok(Some((line, record)))
    }

    /// Reads every remaining line as data under a header of `columns` fields: `map` turns a
    /// line into an item (`Ok(None)` passes over it), and `on_item` takes each item (or
    /// refuses it, and the line is skipped as if `map` had). A blank
    /// line is passed over; a line of another width, not text, or refused by `map` is
    /// skipped and counted, the first [`MAX_NAMED_PROBLEMS`] named.
    ///
    /// # Errors
    /// The file cannot be read on (damaged gzip, a read error).
    pub fn data_lines<T>(
        &mut self,
        columns: usize,
        mut map: impl FnMut(&StringRecord, u64) -> Result<Option<T>, LineProblem>,
        mut on_item: impl FnMut(T) -> Result<(), LineProblem>,
    ) -> Result<Tally, BillError> {
        let mut tally = Tally::default();
        while self.advance()? {
            let line = self.line();
            let outcome = if self
                .raw
                .iter()
                .all(|f| f.iter().all(u8::is_ascii_whitespace))
            {
                Ok(None)
            } else if self.raw.len() != columns {
                Err(LineProblem {
                    column: None,
                    problem: BillProblem::FieldCount {
                        expected: columns,
                        found: self.raw.len(),
                    },
                })
            } else {
                match StringRecord::from_byte_record(self.raw.clone()) {
                    Ok(record) => map(&record, line),
                    Err(_) => Err(LineProblem {
                        column: None,
                        problem: BillProblem::NotText,
                    }),
                }
            };
            let outcome = match outcome {
                Ok(Some(item)) => on_item(item).map(|()| Some(())),
                Ok(None) => Ok(None),
                Err(p) => Err(p),
            };
            tally.count(outcome.map(|o| o.is_some()), |p| {
                self.error(Some(line), p.column, p.problem)
            });
        }
        Ok(tally)
    }
}

impl Tally {
    /// Counts one data line: handed on (`Ok(true)`), passed over (`Ok(false)`) or skipped,
    /// the first [`MAX_NAMED_PROBLEMS`] skipped ones named by `error`.
    pub fn count(
        &mut self,
        outcome: Result<bool, LineProblem>,
        error: impl FnOnce(LineProblem) -> BillError,
    ) {
        match outcome {
            Ok(true) => self.rows += 1,
            Ok(false) => self.ignored += 1,
            Err(p) => {
                self.skipped += 1;
                if self.problems.len() < MAX_NAMED_PROBLEMS {
                    self.problems.push(error(p));
                }
            }
        }
    }
}
