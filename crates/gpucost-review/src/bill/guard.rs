//! A watch on the text before the CSV reader sees it, so that no record can grow without
//! end: it follows the CSV's quoting as the `csv` crate reads it (a quote opens a quoted
//! field only at a field's start; `""` inside is a quote; a line break inside quotes is
//! part of the field) and refuses a record longer than [`MAX_RECORD_BYTES`], and a file
//! that ends inside a quoted field (an unterminated quote that would swallow every
//! following line into one field).
//!
//! The refusal travels through the CSV reader as an I/O error carrying a [`Refused`], which
//! [`super::table::Table`] turns back into the named problem.

use std::io::{self, Read};

use super::BillProblem;
use crate::limits::MAX_RECORD_BYTES;

/// Why the guard stopped the text, and on which line the record began.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refused {
    /// Line (1 is the first) where the offending record starts.
    pub line: Option<u64>,
    /// What is wrong.
    pub problem: BillProblem,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.problem)
    }
}

impl std::error::Error for Refused {}

impl Refused {
    /// The refusal inside an I/O error, if it is one.
    pub fn of(error: &io::Error) -> Option<&Refused> {
        error.get_ref().and_then(|e| e.downcast_ref::<Refused>())
    }
}

/// Where in the CSV grammar the last byte left the reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// At the start of a field.
    FieldStart,
    /// Inside a field that did not start with a quote.
    Unquoted,
    /// Inside a quoted field.
    Quoted,
    /// Just after a quote inside a quoted field (the end of it, or half of `""`).
    QuoteInQuoted,
}

/// The text, watched.
pub(crate) struct Guard<R> {
    inner: R,
    state: State,
    /// Bytes of the current record so far.
    record_bytes: usize,
    /// Line the current record starts on.
    record_line: u64,
    /// Line of the byte being read.
    line: u64,
    /// Most bytes a record may have.
    max: usize,
}

impl<R> Guard<R> {
    /// Watches `inner` with the crate's record limit.
    pub fn new(inner: R) -> Self {
        Self::with_max(inner, MAX_RECORD_BYTES)
    }

    /// Watches `inner`, allowing records of `max` bytes.
    pub fn with_max(inner: R, max: usize) -> Self {
        Guard {
            inner,
            state: State::FieldStart,
            record_bytes: 0,
            record_line: 1,
            line: 1,
            max,
        }
    }

    fn refuse(&self, problem: BillProblem) -> io::Error {
        io::Error::other(Refused {
            line: Some(self.record_line),
            problem,
        })
    }

    fn end_record(&mut self) {
        self.state = State::FieldStart;
        self.record_bytes = 0;
        self.record_line = self.line;
    }

    /// Follows one byte; `false` when the record has grown past the limit.
    fn step(&mut self, b: u8) -> bool {
        let terminator = b == b'\n' || b == b'\r';
        if b == b'\n' {
            self.line += 1;
        }
        self.state = match (self.state, b) {
            (State::Quoted, b'"') => State::QuoteInQuoted,
            (State::Quoted, _) => State::Quoted,
            (State::FieldStart, b'"') | (State::QuoteInQuoted, b'"') => State::Quoted,
            (_, b',') => State::FieldStart,
            (_, _) if terminator => {
                self.end_record();
                return true;
            }
            _ => State::Unquoted,
        };
        self.record_bytes += 1;
        self.record_bytes <= self.max
    }
}

impl<R: Read> Read for Guard<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 {
            if self.state == State::Quoted {
                return Err(self.refuse(BillProblem::UnterminatedQuote));
            }
            return Ok(0);
        }
        for &b in &buf[..n] {
            if !self.step(b) {
                let problem = if self.state == State::Quoted {
                    BillProblem::UnterminatedQuote
                } else {
                    BillProblem::RecordTooLong {
                        max_bytes: self.max,
                    }
                };
                return Err(self.refuse(problem));
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, max: usize) -> Result<String, Refused> {
        let mut out = String::new();
        Guard::with_max(text.as_bytes(), max)
            .read_to_string(&mut out)
            .map_err(|e| Refused::of(&e).cloned().expect("a refusal"))?;
        Ok(out)
    }

    #[test]
    fn quoted_line_breaks_and_doubled_quotes_stay_in_their_record() {
        let text = "a,\"x\ny\"\"z\"\nshort,12\" screen\n";
        assert_eq!(run(text, 20).as_deref(), Ok(text));
    }

    #[test]
    fn a_long_record_is_refused_on_the_line_it_starts() {
        let e = run("a,b\nccccccccccc\n", 8).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert_eq!(e.problem, BillProblem::RecordTooLong { max_bytes: 8 });
    }

    #[test]
    fn an_unterminated_quote_is_refused_at_the_end_or_at_the_limit() {
        let e = run("a,b\n1,\"2\n3,4\n5,6\n", 100).unwrap_err();
        assert_eq!(
            (e.line, e.problem),
            (Some(2), BillProblem::UnterminatedQuote)
        );
        let e = run("a,b\n1,\"2\n3,4\n5,6\n", 6).unwrap_err();
        assert_eq!(
            (e.line, e.problem),
            (Some(2), BillProblem::UnterminatedQuote)
        );
        // A quote in the middle of an unquoted field is a character, as the csv crate reads it.
        assert!(run("a,b\n1,2\"\n3,4\n", 6).is_ok());
    }
}
