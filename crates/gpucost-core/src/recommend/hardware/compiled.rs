//! The hardware table compiled into the binary, like the catalog (`catalog::compiled`):
//! `data/hardware_tables.rs`, written by `cargo run -p catalog-import` from the same table as
//! `data/hardware.json`, holds it as `static`s whose text and lists borrow from read-only data.
//! Reading it parses nothing and checks nothing (the test below proves it equal to the JSON
//! file, and the hardware tests prove that valid).
//!
//! The suites and sources are a `static` [`HardwareTable`] as they are. The measured rows are
//! packed rows of indices into tables of distinct values (see the import's `hardware_codegen`):
//! a row of structs of pointers compresses far worse than the JSON text it replaces, and most
//! of a row's text repeats (ten suites, twenty GPUs, four units for 214 rows). [`table`]
//! unpacks them once, which is a copy of each row, not a parse.
//!
//! The `const fn`s here are the generated file's vocabulary: `t` for text, `ymd` for a date.
//! They run at compile time, so a bad date fails the build.

use std::borrow::Cow;

use chrono::NaiveDate;

use super::{BenchSource, BenchTask, HardwareTable, MeasuredRow, Suite};
use crate::catalog::Text;
use crate::recommend::workload::Precision;

/// Borrowed text.
const fn t(s: &'static str) -> Text {
    Cow::Borrowed(s)
}

/// A calendar date; an impossible one stops the build.
const fn ymd(year: i32, month: u32, day: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(year, month, day) {
        Some(date) => date,
        None => panic!("data/hardware_tables.rs has an impossible date"),
    }
}

/// One packed measured row, in [`MeasuredRow`]'s field order: indices into `RECORDS.suites`,
/// `MODELS`, `TASKS`, `PRECISIONS` and `GPUS`, the GPU count, the value, then indices into
/// `UNITS`, `RECORDS.sources`, `PLACES`, `DATES` and `MFUS`.
struct R(u8, u8, u8, u8, u8, u16, f64, u8, u8, u8, u8, u8);

include!("../../../../../data/hardware_tables.rs");

impl R {
    fn unpack(&self) -> MeasuredRow {
        let R(suite, model, task, precision, gpu, gpus, value, unit, source, at, date, mfu) = *self;
        MeasuredRow {
            suite: RECORDS.suites[usize::from(suite)].id.clone(),
            model: t(MODELS[usize::from(model)]),
            task: TASKS[usize::from(task)],
            precision: PRECISIONS[usize::from(precision)],
            gpu: t(GPUS[usize::from(gpu)]),
            gpus: u32::from(gpus),
            value,
            unit: t(UNITS[usize::from(unit)]),
            source: RECORDS.sources[usize::from(source)].id.clone(),
            at: t(PLACES[usize::from(at)]),
            date: t(DATES[usize::from(date)]),
            mfu: MFUS[usize::from(mfu)],
        }
    }
}

/// The compiled-in hardware table, its rows unpacked.
pub(super) fn table() -> HardwareTable {
    HardwareTable {
        rows: Cow::Owned(ROWS.iter().map(R::unpack).collect()),
        ..RECORDS.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiled_tables_equal_the_json_file() {
        let json: HardwareTable = serde_json::from_str(super::super::EMBEDDED_HARDWARE_JSON)
            .expect("data/hardware.json parses");
        let compiled = table();
        assert_eq!(compiled.rows.len(), json.rows.len(), "row count");
        // Record by record first, so a failure names the first record that differs.
        for (i, (a, b)) in compiled.rows.iter().zip(json.rows.iter()).enumerate() {
            assert_eq!(a, b, "row {} differs from data/hardware.json", i + 1);
        }
        assert_eq!(
            compiled, json,
            "data/hardware_tables.rs is stale: run `cargo run -p catalog-import`"
        );
    }

    #[test]
    fn the_compiled_table_borrows_its_text() {
        // Unpacking copies pointers, not text: no row owns a string.
        let t = table();
        assert!(t.rows.iter().all(|r| matches!(
            (&r.suite, &r.model, &r.gpu, &r.at),
            (
                Cow::Borrowed(_),
                Cow::Borrowed(_),
                Cow::Borrowed(_),
                Cow::Borrowed(_)
            )
        )));
    }
}
