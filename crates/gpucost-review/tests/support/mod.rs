//! What the review's integration tests share: reviewing a sample of `docs/examples/`.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use gpucost_core::catalog::embedded;
use gpucost_review::review::{review_bill, Review, ReviewOptions};

/// The review of `docs/examples/<name>` with the default options.
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
