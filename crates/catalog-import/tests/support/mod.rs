//! What the refresh tests share: the recorded responses (`tests/fixtures/refresh/`, README
//! there) and the files a refresh of them writes (`expected/`), the keys the tests pass, and a
//! refreshed row as one line of words. `tests/refresh.rs` drives the fetchers on them;
//! `tests/import.rs` imports their output.
#![allow(dead_code)] // each test binary uses its own part

use std::io::Read;
use std::path::PathBuf;

use catalog_import::refresh::{FixtureFetch, Keys, RefreshRow};

/// The recorded responses' folder.
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/refresh")
}

/// The hand-checked files `refresh --fixtures … --out DIR aws azure` writes.
pub fn expected_dir() -> PathBuf {
    fixtures_dir().join("expected")
}

/// The recorded responses as a fetcher.
pub fn fixtures() -> FixtureFetch {
    FixtureFetch::open(&fixtures_dir()).expect("the recorded responses")
}

/// One recorded response, by file name (a signed provider's test desk serves it).
pub fn recorded(file: &str) -> Box<dyn Read> {
    Box::new(std::fs::File::open(fixtures_dir().join(file)).expect("a recorded response"))
}

/// The keys the tests refresh with: a Google Cloud test key, no other provider's.
pub fn keys() -> Keys {
    Keys {
        gcp_api_key: Some("test-key".into()),
        ..Keys::default()
    }
}

/// A refreshed row as words: offer, region, mode, amount, then the currency when asked,
/// then the date (`aws/g6f.large us-east-1 on-demand 0.19 2026-12-01`).
pub fn line(r: &RefreshRow, currency: bool) -> String {
    let mut words = vec![
        r.offer_id(),
        r.region.to_string(),
        r.mode.to_string(),
        r.amount.to_string(),
    ];
    if currency {
        words.push(r.currency.to_string());
    }
    words.push(r.as_of.to_string());
    words.join(" ")
}
