//! The header row and the cells under it: finding a format's columns by name (case and
//! surrounding spaces do not matter, since Azure's EA and MCA files spell the same column
//! `CostInBillingCurrency` and `costInBillingCurrency`), reading a cell, and saying which
//! column a bad value was in.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

use csv::StringRecord;

use super::{BillProblem, Quantity, UsageRow};

/// One format's reading of a data line.
pub(crate) trait Mapper {
    /// The line's usage row; `Ok(None)` for a line that is deliberately not a usage row (a
    /// summary line such as Google Cloud's `Total`); `Err` for a line that cannot be read.
    fn map(&self, record: &StringRecord, line: u64) -> Result<Option<UsageRow>, LineProblem>;

    /// The column a row's `quantity` comes from, when one column gives it, so that a
    /// quantity past its limit is named with its column.
    fn column(&self, quantity: Quantity) -> Option<&Col> {
        let _ = quantity;
        None
    }
}

/// Why one line cannot be read, and in which column.
#[derive(Debug)]
pub(crate) struct LineProblem {
    pub column: Option<String>,
    pub problem: BillProblem,
}

/// The header row, with its columns findable by name.
#[derive(Debug, Clone)]
pub(crate) struct Header {
    names: Vec<String>,
    index: HashMap<String, usize>,
    /// The columns a format's reader asked for: a Parquet bill reads only these.
    used: RefCell<BTreeSet<usize>>,
}

impl Header {
    /// Reads the names of a header row.
    pub fn new(fields: &[&str]) -> Self {
        let names: Vec<String> = fields.iter().map(|f| f.trim().to_string()).collect();
        let mut index = HashMap::new();
        for (i, n) in names.iter().enumerate() {
            // The first of two equal names wins, as a reader of the file would expect.
            index.entry(n.to_lowercase()).or_insert(i);
        }
        Header {
            names,
            index,
            used: RefCell::default(),
        }
    }

    /// Number of columns.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// All column names, as written.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The first of `names` present in the header.
    pub fn find(&self, names: &[&str]) -> Option<Col> {
        names.iter().find_map(|n| {
            self.index.get(&n.to_lowercase()).map(|&i| {
                self.mark(i);
                Col {
                    index: i,
                    // Only problems show the name: a header cell of any length is quoted short.
                    name: super::quoted(&self.names[i]),
                }
            })
        })
    }

    /// Notes that a reader uses column `i` (one it found by position, as tag columns are).
    pub fn mark(&self, i: usize) {
        self.used.borrow_mut().insert(i);
    }

    /// The columns found or marked so far.
    pub fn used(&self) -> BTreeSet<usize> {
        self.used.borrow().clone()
    }

    /// The first of `names` present, or the first name as the missing column.
    pub fn require(&self, names: &[&str]) -> Result<Col, String> {
        self.find(names).ok_or_else(|| names[0].to_string())
    }

    /// Whether a column of that name (any case) is present.
    pub fn has(&self, name: &str) -> bool {
        self.index.contains_key(&name.to_lowercase())
    }
}

/// A column found in the header.
#[derive(Debug, Clone)]
pub(crate) struct Col {
    pub index: usize,
    pub name: String,
}

impl Col {
    /// The problem of a bad value in this column.
    pub fn problem(&self, problem: BillProblem) -> LineProblem {
        LineProblem {
            column: Some(self.name.clone()),
            problem,
        }
    }
}

/// The trimmed, non-empty text of a cell, if the column exists and the cell is not empty.
pub(crate) fn text<'r>(record: &'r StringRecord, col: &Option<Col>) -> Option<&'r str> {
    col.as_ref()
        .and_then(|c| record.get(c.index))
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// The trimmed text of a required column's cell (possibly empty).
pub(crate) fn cell<'r>(record: &'r StringRecord, col: &Col) -> &'r str {
    record.get(col.index).map(str::trim).unwrap_or("")
}

/// An owned copy of a cell's text, if not empty.
pub(crate) fn owned(record: &StringRecord, col: &Option<Col>) -> Option<String> {
    text(record, col).map(str::to_string)
}

/// The column of a quantity in a bill of China's consoles, whose hours are a duration column
/// or else the span to an end column.
pub(crate) fn duration_column<'c>(
    quantity: Quantity,
    duration: &'c Option<Col>,
    end: &'c Option<Col>,
    cost: &'c Col,
) -> Option<&'c Col> {
    match quantity {
        Quantity::Hours => duration.as_ref().or(end.as_ref()),
        Quantity::Cost => Some(cost),
        Quantity::Period => end.as_ref(),
        _ => None,
    }
}
