//! Turning the bytes the user dropped into UTF-8 text, streaming: gzip is undone when the
//! file starts with gzip's magic bytes, a UTF-8 byte-order mark is dropped, and UTF-16 with a
//! byte-order mark (Excel's "Unicode text" export) is transcoded. Progress is reported in
//! bytes of the file as given (compressed bytes for a `.gz`), which is what a progress bar
//! can compare with the file's size.

use std::cell::Cell;
use std::io::{self, Cursor, Read, Seek};
use std::rc::Rc;

use flate2::read::MultiGzDecoder;

use super::guard::Refused;
use super::BillProblem;
use crate::limits::{MAX_INFLATED_BYTES, MAX_INFLATE_RATIO, RATIO_FROM_BYTES};

/// A reader that can also seek: a file, as the CLI opens it and the page's worker slices it.
pub trait ReadSeek: Read + Seek {}

impl<T: Read + Seek> ReadSeek for T {}

/// A bill's bytes as the caller has them: a stream, read front to back (any [`Read`]
/// converts into one), or a file that can be read at any place ([`BillInput::seekable`]).
/// A CSV reads the same from either; a Parquet file, whose index is at its end, is read row
/// group by row group from a seekable file, and from a stream only when it is small enough
/// to hold ([`crate::limits::MAX_PARQUET_STREAM_BYTES`]).
pub enum BillInput<'a> {
    /// Read front to back.
    Stream(Box<dyn Read + 'a>),
    /// Read at any place.
    Seekable(Box<dyn ReadSeek + 'a>),
}

impl<'a> BillInput<'a> {
    /// A file that can be read at any place.
    pub fn seekable(file: impl Read + Seek + 'a) -> Self {
        BillInput::Seekable(Box::new(file))
    }
}

impl<'a, R: Read + 'a> From<R> for BillInput<'a> {
    fn from(reader: R) -> Self {
        BillInput::Stream(Box::new(reader))
    }
}

/// What the input turned out to be, so a read error later on can be told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Layers {
    /// The file was gzip-compressed.
    pub gzip: bool,
    /// The file was UTF-16 (either byte order) and is being transcoded.
    pub utf16: bool,
}

impl Layers {
    /// The problem a read error stands for, given what is being undone.
    pub fn problem(self, error: &io::Error) -> BillProblem {
        if let Some(refused) = Refused::of(error) {
            refused.problem.clone()
        } else if self.gzip {
            BillProblem::BadGzip
        } else if self.utf16 && error.kind() == io::ErrorKind::InvalidData {
            BillProblem::NotText
        } else {
            BillProblem::Io {
                message: error.to_string(),
            }
        }
    }
}

/// The input with every layer undone, as UTF-8 bytes (not yet checked), and what the layers were.
pub(crate) fn open<'a>(
    reader: impl Read + 'a,
    on_progress: impl FnMut(u64) + 'a,
) -> Result<(Box<dyn Read + 'a>, Layers), BillProblem> {
    let read = Rc::new(Cell::new(0));
    let counted = Counting {
        inner: reader,
        total: 0,
        shared: Rc::clone(&read),
        on_progress,
    };
    let mut layers = Layers {
        gzip: false,
        utf16: false,
    };
    let (head, rest) = peek(counted, 2).map_err(|e| layers.problem(&e))?;
    let text: Box<dyn Read + 'a> = if head.starts_with(&[0x1f, 0x8b]) {
        layers.gzip = true;
        Box::new(Inflated {
            inner: MultiGzDecoder::new(Cursor::new(head).chain(rest)),
            out: 0,
            compressed: read,
            max: MAX_INFLATED_BYTES,
            ratio_from: RATIO_FROM_BYTES,
        })
    } else {
        Box::new(Cursor::new(head).chain(rest))
    };
    let (head, rest) = peek(text, 3).map_err(|e| layers.problem(&e))?;
    if head.is_empty() {
        return Err(BillProblem::Empty);
    }
    let unmarked = |skip: usize| Cursor::new(head[skip..].to_vec()).chain(rest);
    let out: Box<dyn Read + 'a> = match head.as_slice() {
        [0xef, 0xbb, 0xbf, ..] => Box::new(unmarked(3)),
        [0xff, 0xfe, ..] | [0xfe, 0xff, ..] => {
            layers.utf16 = true;
            let big_endian = head[0] == 0xfe;
            Box::new(Utf16::new(unmarked(2), big_endian))
        }
        _ => Box::new(unmarked(0)),
    };
    Ok((out, layers))
}

/// Reads up to `n` bytes from the start (fewer only at the end of the input), and hands back
/// those bytes with the reader to chain them in front of.
fn peek<R: Read>(mut reader: R, n: usize) -> io::Result<(Vec<u8>, R)> {
    let mut head = vec![0; n];
    let mut got = 0;
    while got < n {
        match reader.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    head.truncate(got);
    Ok((head, reader))
}

/// Counts the bytes read from the file as given and reports the running total.
struct Counting<R, F> {
    inner: R,
    total: u64,
    /// The same total, for [`Inflated`] to compare with.
    shared: Rc<Cell<u64>>,
    on_progress: F,
}

/// A gzip stream's inflated bytes, stopped past [`MAX_INFLATED_BYTES`] or, once past
/// `ratio_from` bytes, past [`MAX_INFLATE_RATIO`] inflated bytes per compressed byte: a gzip
/// bomb ends with a named problem instead of gigabytes of work.
struct Inflated<R> {
    inner: R,
    out: u64,
    compressed: Rc<Cell<u64>>,
    max: u64,
    ratio_from: u64,
}

impl<R: Read> Read for Inflated<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.out = self.out.saturating_add(n as u64);
        let refuse = |problem| {
            io::Error::other(Refused {
                line: None,
                problem,
            })
        };
        if self.out > self.max {
            return Err(refuse(BillProblem::InflatedTooLarge {
                max_bytes: self.max,
            }));
        }
        let compressed = self.compressed.get().max(1);
        if self.out > self.ratio_from && self.out / compressed > MAX_INFLATE_RATIO {
            return Err(refuse(BillProblem::CompressesTooWell {
                max_ratio: MAX_INFLATE_RATIO,
            }));
        }
        Ok(n)
    }
}

impl<R: Read, F: FnMut(u64)> Read for Counting<R, F> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n > 0 {
            self.total = self.total.saturating_add(n as u64);
            self.shared.set(self.total);
            (self.on_progress)(self.total);
        }
        Ok(n)
    }
}

/// Transcodes UTF-16 (after its byte-order mark) to UTF-8, chunk by chunk.
struct Utf16<R> {
    inner: R,
    big_endian: bool,
    /// Raw bytes not yet decoded: an odd byte, or a high surrogate waiting for its pair.
    raw: Vec<u8>,
    /// UTF-8 decoded and not yet handed out, from `pos` on.
    out: Vec<u8>,
    pos: usize,
}

impl<R> Utf16<R> {
    fn new(inner: R, big_endian: bool) -> Self {
        Utf16 {
            inner,
            big_endian,
            raw: Vec::new(),
            out: Vec::new(),
            pos: 0,
        }
    }
}

impl<R: Read> Read for Utf16<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.out.len() {
            self.out.clear();
            self.pos = 0;
            let mut chunk = [0u8; 8192];
            let n = self.inner.read(&mut chunk)?;
            if n == 0 {
                if self.raw.is_empty() {
                    return Ok(0);
                }
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "UTF-16 text ends inside a character",
                ));
            }
            self.raw.extend_from_slice(&chunk[..n]);
            let whole = self.raw.len() / 2 * 2;
            let mut units: Vec<u16> = self.raw[..whole]
                .chunks_exact(2)
                .map(|p| {
                    if self.big_endian {
                        u16::from_be_bytes([p[0], p[1]])
                    } else {
                        u16::from_le_bytes([p[0], p[1]])
                    }
                })
                .collect();
            // A high surrogate at the end of a chunk waits for the low one in the next.
            let mut keep = self.raw.len() - whole;
            if units.last().is_some_and(|u| (0xd800..0xdc00).contains(u)) {
                units.pop();
                keep += 2;
            }
            for c in char::decode_utf16(units) {
                let c = c.map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
                let mut tmp = [0u8; 4];
                self.out
                    .extend_from_slice(c.encode_utf8(&mut tmp).as_bytes());
            }
            let from = self.raw.len() - keep;
            self.raw.drain(..from);
        }
        let n = buf.len().min(self.out.len() - self.pos);
        buf[..n].copy_from_slice(&self.out[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inflated(out: u64, compressed: u64, max: u64, ratio_from: u64) -> Option<BillProblem> {
        let mut r = Inflated {
            inner: io::repeat(b'a').take(out),
            out: 0,
            compressed: Rc::new(Cell::new(compressed)),
            max,
            ratio_from,
        };
        let e = io::copy(&mut r, &mut io::sink()).err()?;
        Some(Refused::of(&e).expect("a refusal").problem.clone())
    }

    #[test]
    fn inflation_stops_past_the_size_or_the_ratio() {
        assert_eq!(
            inflated(100_000, 1_000, 200_000, 50_000),
            None,
            "100 times is a bill"
        );
        assert_eq!(
            inflated(300_000, 1_000, 200_000, 1_000_000),
            Some(BillProblem::InflatedTooLarge { max_bytes: 200_000 })
        );
        assert_eq!(
            inflated(300_000, 1_000, 1_000_000, 50_000),
            Some(BillProblem::CompressesTooWell {
                max_ratio: MAX_INFLATE_RATIO
            })
        );
    }
}
