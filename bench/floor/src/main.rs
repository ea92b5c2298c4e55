//! The floor of the calculator's first result: what the page does before its headline — read
//! the embedded catalog, decode the link, run the estimate (the recommendation comes later,
//! as on the page) and write the cheapest total — with `web-sys` alone instead of a UI
//! framework. `scripts/bench.sh` measures it beside the page and the blank Leptos page, to
//! show how much of the size and start-up time is the engine and its data.

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::estimate::EstimateContext;
use gpucost_core::format;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_core::report::{report_with, Recommend};
use gpucost_core::share;

fn main() {
    let window = web_sys::window().expect("a window");
    let document = window.document().expect("a document");
    if let Some(boot) = document.get_element_by_id("boot") {
        boot.remove();
    }
    let embedded = embedded();
    let catalog = &embedded.catalog;
    let query = window.location().search().unwrap_or_default();
    let state = share::decode(query.trim_start_matches('?'), catalog).state;
    let now = js_sys::Date::new_0();
    let today = NaiveDate::from_ymd_opt(
        now.get_full_year() as i32,
        now.get_month() + 1,
        now.get_date(),
    )
    .unwrap_or_default();
    let fx = FxTable::with_override(catalog, state.fx_cny_per_usd);
    let headline = match state.scenario.validate(catalog) {
        Ok(scenario) => {
            let ctx = EstimateContext {
                catalog,
                index: &embedded.index,
                scenario: &scenario,
                fx: &fx,
                currency: state.currency.unwrap_or(Currency::Cny),
                today,
            };
            let report = report_with(&ctx, Recommend::Later);
            report
                .comparison
                .providers
                .iter()
                .find_map(|p| Some((&p.seller.name, p.outcome.as_ref().ok()?.total)))
                .map_or(
                    "No provider can serve this scenario.".into(),
                    |(name, total)| format!("Cheapest: {name}, {}", format::money(total)),
                )
        }
        Err(errors) => format!("{} values were rejected.", errors.len()),
    };
    let p = document.create_element("p").expect("an element");
    p.set_attribute("data-testid", "headline")
        .expect("an attribute");
    p.set_text_content(Some(&headline));
    document
        .body()
        .expect("a body")
        .append_child(&p)
        .expect("appended");
}
