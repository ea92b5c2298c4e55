//! What the frozen-link tests share: open a link as the page would, and read its export.

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::estimate::EstimateContext;
use gpucost_core::export::to_json;
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::report::report;
use gpucost_core::share::{decode, encode, PageState};
use serde_json::Value;
/// Decodes a frozen link (it must open without a single ignored parameter) and estimates it.
pub fn open(link: &str) -> (PageState, Value) {
    let e = embedded();
    let decoded = decode(link, &e.catalog);
    assert!(decoded.issues.is_empty(), "{link}: {:?}", decoded.issues);
    let state = decoded.state;
    let lang = state.lang.unwrap_or(Lang::En);
    let valid = state
        .scenario
        .clone()
        .validate(&e.catalog)
        .unwrap_or_else(|err| panic!("{link}: {err:?}"));
    let fx = FxTable::with_override(&e.catalog, state.fx_cny_per_usd);
    let r = report(&EstimateContext {
        catalog: &e.catalog,
        index: &e.index,
        scenario: &valid,
        fx: &fx,
        currency: state.currency_for(lang),
        today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
    });
    let json = to_json(&r, &valid, &encode(&state), lang);
    (state, serde_json::to_value(json).unwrap())
}

/// The total of `seller`'s row.
pub fn total_of<'v>(json: &'v Value, seller: &str) -> &'v str {
    json["providers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["provider"] == seller)
        .unwrap_or_else(|| panic!("no row for {seller}"))["total"]
        .as_str()
        .unwrap()
}
