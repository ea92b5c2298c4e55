//! What the review's integration tests share: reviewing a sample of `docs/examples/`.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use gpucost_core::catalog::embedded;
use gpucost_review::review::{review_bill, Review, ReviewOptions};

/// The review of `docs/examples/<name>` with the default options.
#[allow(dead_code)] // not every test file reads a sample
pub fn sample(name: &str) -> Review {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/examples")
        .join(name);
    let file = File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    review_bill(
        &embedded().catalog,
        name,
        BufReader::new(file),
        ReviewOptions::default(),
        |_| {},
    )
    .unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// The review of `bill`, a generic CSV's text, with the default options.
#[allow(dead_code)] // not every test file reads a generic bill
pub fn generic(bill: &str) -> Review {
    review_bill(
        &embedded().catalog,
        "bill.csv",
        bill.as_bytes(),
        ReviewOptions::default(),
        |_| {},
    )
    .unwrap_or_else(|e| panic!("{e:?}"))
}

/// The levers of `review` in USD, priced on 2026-12-02 (the date the samples' golden
/// figures are priced on).
#[allow(dead_code)] // not every test file prices levers
pub fn priced(review: &Review) -> Option<gpucost_review::review::levers::Levers> {
    let e = embedded();
    let fx = gpucost_core::fx::FxTable::from_catalog(&e.catalog);
    let today = chrono::NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    gpucost_review::review::levers::levers(
        review,
        e,
        &fx,
        gpucost_core::money::Currency::Usd,
        today,
    )
}

/// An uncompressed Parquet file without dictionaries (so a test can find and damage its
/// levels) of one row group: text columns `(name, values)`, `None` a null, and optional
/// double columns.
#[allow(dead_code)] // not every test file writes Parquet
pub fn parquet_bill(text: &[(&str, Vec<Option<&str>>)], doubles: &[(&str, Vec<f64>)]) -> Vec<u8> {
    use parquet::basic::{Compression, ConvertedType, Repetition, Type as Physical};
    use parquet::data_type::{ByteArray, ByteArrayType, DoubleType};
    use parquet::file::properties::WriterProperties;
    use parquet::file::writer::SerializedFileWriter;
    use parquet::schema::types::Type;
    use std::sync::Arc;

    let mut fields = Vec::new();
    for (name, _) in text {
        let t = Type::primitive_type_builder(name, Physical::BYTE_ARRAY)
            .with_repetition(Repetition::OPTIONAL)
            .with_converted_type(ConvertedType::UTF8)
            .build()
            .unwrap();
        fields.push(Arc::new(t));
    }
    for (name, _) in doubles {
        let t = Type::primitive_type_builder(name, Physical::DOUBLE)
            .with_repetition(Repetition::OPTIONAL)
            .build()
            .unwrap();
        fields.push(Arc::new(t));
    }
    let schema = Type::group_type_builder("bill")
        .with_fields(fields)
        .build()
        .unwrap();
    let props = WriterProperties::builder()
        .set_compression(Compression::UNCOMPRESSED)
        .set_dictionary_enabled(false)
        .set_statistics_enabled(parquet::file::properties::EnabledStatistics::None)
        .build();
    let mut out = Vec::new();
    let mut writer =
        SerializedFileWriter::new(&mut out, Arc::new(schema), Arc::new(props)).unwrap();
    let mut group = writer.next_row_group().unwrap();
    for (_, values) in text {
        let mut column = group.next_column().unwrap().unwrap();
        let def: Vec<i16> = values.iter().map(|v| i16::from(v.is_some())).collect();
        let present: Vec<ByteArray> = values
            .iter()
            .flatten()
            .map(|v| ByteArray::from(*v))
            .collect();
        column
            .typed::<ByteArrayType>()
            .write_batch(&present, Some(&def), None)
            .unwrap();
        column.close().unwrap();
    }
    for (_, values) in doubles {
        let mut column = group.next_column().unwrap().unwrap();
        let def = vec![1i16; values.len()];
        column
            .typed::<DoubleType>()
            .write_batch(values, Some(&def), None)
            .unwrap();
        column.close().unwrap();
    }
    group.close().unwrap();
    writer.close().unwrap();
    out
}
