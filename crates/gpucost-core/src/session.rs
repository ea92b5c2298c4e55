//! Opening a link: decode it, settle the language, currency and exchange rate it asks for,
//! validate its scenario and estimate it.
//!
//! This is the one sequence the page, `gpucost estimate` and the engine's tests share, so the
//! three cannot drift apart in how a link becomes a report. [`Session::open`] does all of it
//! for a query string; the page, which keeps its state in signals and its recommendation
//! across edits, calls the reactive step [`estimate`] from its own memo.

use std::sync::{Arc, Mutex, PoisonError};

use chrono::NaiveDate;

use crate::catalog::{Catalog, Embedded};
use crate::estimate::{EstimateContext, RegionBook};
use crate::format::Lang;
use crate::fx::FxTable;
use crate::money::Currency;
use crate::recommend::Recommendation;
use crate::report::{fits, recommendation, report_given, report_with, Recommend, Report};
use crate::scenario::{Scenario, ScenarioError, ValidScenario};
use crate::share::{self, Decoded, PageState, ParamIssue};

/// A scenario that validated, and its report.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// The validated scenario (the exports describe it).
    pub scenario: ValidScenario,
    /// Its full report.
    pub report: Report,
}

/// An opened link: what it carries, what it asked for, and what it estimates to.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    /// Everything the link carries (defaults where a value was missing or rejected).
    pub state: PageState,
    /// Every parameter that was ignored or applied only after rounding.
    pub issues: Vec<ParamIssue>,
    /// The language shown.
    pub lang: Lang,
    /// The display currency.
    pub currency: Currency,
    /// The exchange rates in use (the link's own rate, or the catalog's dated quote).
    pub fx: FxTable,
    /// The estimate, or every reason the scenario cannot be estimated.
    pub estimate: Result<Estimate, Vec<ScenarioError>>,
}

impl Session {
    /// Decodes `query` (a query string, with or without `?`) against `embedded` and opens it
    /// as [`Session::from_decoded`] does.
    pub fn open(embedded: &Embedded, query: &str, lang: Option<Lang>, today: NaiveDate) -> Session {
        Session::from_decoded(
            embedded,
            share::decode(query, &embedded.catalog),
            lang,
            today,
        )
    }

    /// Opens a decoded link on `today`: in `lang` when given, else in the link's language,
    /// else in English; in the link's currency or the language's; with the link's exchange
    /// rate or the catalog's. The recommendation is computed now.
    pub fn from_decoded(
        embedded: &Embedded,
        decoded: Decoded,
        lang: Option<Lang>,
        today: NaiveDate,
    ) -> Session {
        let Decoded { state, issues } = decoded;
        let lang = lang.or(state.lang).unwrap_or(Lang::En);
        let currency = state.currency_for(lang);
        let fx = fx_for(&embedded.catalog, &state);
        let estimate = estimate(
            embedded,
            state.scenario.clone(),
            &fx,
            currency,
            today,
            || Recommend::Now,
        );
        Session {
            state,
            issues,
            lang,
            currency,
            fx,
            estimate,
        }
    }

    /// The issues that left a value out (rejections), without the notes on applied values.
    pub fn ignored(&self) -> impl Iterator<Item = &ParamIssue> {
        self.issues.iter().filter(|i| i.is_ignored())
    }

    /// The link's query string as the page writes it (without `?`).
    pub fn link(&self) -> String {
        share::encode(&self.state)
    }
}

/// The exchange rates `state` asks for: its own CNY-per-USD rate, or the catalog's quote.
pub fn fx_for(catalog: &Catalog, state: &PageState) -> FxTable {
    FxTable::with_override(catalog, state.fx_cny_per_usd)
}

/// Validates `scenario` against `embedded` and estimates it in `currency` on `today`, with
/// the recommendation as `recommend` says: [`Estimator::estimate`] with nothing kept.
///
/// `recommend` is asked only once the scenario is valid, so a page that keeps its
/// recommendation in a lazy memo does not compute one for a scenario it cannot estimate.
///
/// # Errors
/// Every problem of the scenario (see [`Scenario::validate`]).
pub fn estimate(
    embedded: &Embedded,
    scenario: Scenario,
    fx: &FxTable,
    currency: Currency,
    today: NaiveDate,
    recommend: impl FnOnce() -> Recommend,
) -> Result<Estimate, Vec<ScenarioError>> {
    Estimator::new(embedded).estimate(scenario, fx, currency, today, recommend)
}

/// [`estimate`] for a page that estimates one scenario after another: it keeps what the last
/// estimate built of the catalog's offers (their regions in the scenario's place after its
/// discounts, see [`RegionBook`]) and reuses it while the discounts and the place stay the
/// same, which they do for nearly every edit. Its estimates equal [`report_for`]'s.
pub struct Estimator<'a> {
    embedded: &'a Embedded,
    regions: Mutex<Option<Arc<RegionBook<'a>>>>,
}

impl<'a> Estimator<'a> {
    /// An estimator over `embedded` that has kept nothing yet.
    pub fn new(embedded: &'a Embedded) -> Estimator<'a> {
        Estimator {
            embedded,
            regions: Mutex::new(None),
        }
    }

    /// As [`estimate`].
    ///
    /// # Errors
    /// Every problem of the scenario (see [`Scenario::validate`]).
    pub fn estimate(
        &self,
        scenario: Scenario,
        fx: &FxTable,
        currency: Currency,
        today: NaiveDate,
        recommend: impl FnOnce() -> Recommend,
    ) -> Result<Estimate, Vec<ScenarioError>> {
        self.estimate_on(scenario, fx, currency, today, |ctx| {
            recommendation(ctx, recommend())
        })
    }

    /// As [`Estimator::estimate`], with the recommendation `kept` gives when it fits the
    /// scenario (see [`fits`]) and none otherwise: this never computes one. The page uses it,
    /// so the recommendation's code is not part of what its first result waits for.
    ///
    /// # Errors
    /// Every problem of the scenario (see [`Scenario::validate`]).
    pub fn estimate_kept(
        &self,
        scenario: Scenario,
        fx: &FxTable,
        currency: Currency,
        today: NaiveDate,
        kept: impl FnOnce() -> Option<Arc<Recommendation>>,
    ) -> Result<Estimate, Vec<ScenarioError>> {
        self.estimate_on(scenario, fx, currency, today, |ctx| {
            kept().filter(|rec| fits(rec, ctx))
        })
    }

    /// Validates, reuses or rebuilds the kept regions, and reports with the recommendation
    /// `recommendation` settles on (asked only for a valid scenario).
    fn estimate_on(
        &self,
        scenario: Scenario,
        fx: &FxTable,
        currency: Currency,
        today: NaiveDate,
        recommendation: impl FnOnce(&EstimateContext) -> Option<Arc<Recommendation>>,
    ) -> Result<Estimate, Vec<ScenarioError>> {
        let embedded = self.embedded;
        let scenario = scenario.validate(&embedded.catalog)?;
        let ctx = EstimateContext {
            catalog: &embedded.catalog,
            index: &embedded.index,
            scenario: &scenario,
            fx,
            currency,
            today,
        };
        let regions = {
            // A poisoned lock only means an earlier estimate panicked; the book is rebuilt.
            let mut kept = self.regions.lock().unwrap_or_else(PoisonError::into_inner);
            let mut book = match kept.take() {
                Some(book) if book.fits(&ctx) => book,
                _ => {
                    let s = scenario.scenario();
                    Arc::new(RegionBook::new(
                        &embedded.catalog,
                        &s.discounts,
                        s.geo,
                        s.spread,
                    ))
                }
            };
            // The last report has let go of the book by now, so it is not copied.
            Arc::make_mut(&mut book).fill_for(&ctx);
            Arc::clone(kept.insert(book))
        };
        let report = report_given(&ctx, recommendation(&ctx), regions);
        Ok(Estimate { scenario, report })
    }
}

/// The report of a scenario that is already valid for `embedded`'s catalog.
pub fn report_for(
    embedded: &Embedded,
    scenario: &ValidScenario,
    fx: &FxTable,
    currency: Currency,
    today: NaiveDate,
    recommend: Recommend,
) -> Report {
    let ctx = EstimateContext {
        catalog: &embedded.catalog,
        index: &embedded.index,
        scenario,
        fx,
        currency,
        today,
    };
    report_with(&ctx, recommend)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use rust_decimal::Decimal;

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 29).unwrap()
    }

    #[test]
    fn the_language_given_wins_over_the_links_and_sets_the_currency() {
        let s = Session::open(
            embedded(),
            "?preset=dev-test&lang=zh",
            Some(Lang::En),
            day(),
        );
        assert_eq!((s.lang, s.currency), (Lang::En, Currency::Usd));
        let s = Session::open(embedded(), "?preset=dev-test&lang=zh", None, day());
        assert_eq!((s.lang, s.currency), (Lang::Zh, Currency::Cny));
        let s = Session::open(embedded(), "?preset=dev-test", None, day());
        assert_eq!((s.lang, s.currency), (Lang::En, Currency::Usd));
    }

    #[test]
    fn a_link_opens_to_the_report_the_parts_make() {
        let s = Session::open(embedded(), "?preset=dev-test&cur=CNY&fx=7", None, day());
        assert!(s.issues.is_empty(), "{:?}", s.issues);
        assert_eq!(s.fx.cny_per_usd(), rust_decimal::Decimal::from(7));
        let by_parts = estimate(
            embedded(),
            s.state.scenario.clone(),
            &s.fx,
            Currency::Cny,
            day(),
            || Recommend::Now,
        );
        assert_eq!(s.estimate, by_parts);
        assert!(s.estimate.unwrap().report.cheapest().is_some());
    }

    #[test]
    fn rejected_parameters_are_kept_and_the_rest_still_estimates() {
        let s = Session::open(embedded(), "?preset=dev-test&h=-5", None, day());
        assert_eq!(s.ignored().count(), 1, "{:?}", s.issues);
        assert!(s.estimate.is_ok());
        assert_eq!(s.link(), share::encode(&s.state));
    }

    /// The page estimates edit after edit with one [`Estimator`]: each estimate must equal a
    /// fresh one, also after an edit that changes what the kept regions depend on (a
    /// discount, the place) or adds a line of another GPU family.
    #[test]
    fn an_estimator_kept_across_edits_estimates_as_a_fresh_estimate() {
        use crate::placement::Geo;
        use crate::scenario::{Discount, Horizon, Line};
        let e = embedded();
        let base = Session::open(e, "?preset=dev-test&cur=CNY", None, day());
        let fx = base.fx.clone();
        let estimator = Estimator::new(e);
        let mut s = base.state.scenario.clone();
        let edits: [fn(&mut Scenario); 9] = [
            |_| {},
            |s| s.horizon = Horizon::Hours(Decimal::from(25)),
            |s| s.horizon = Horizon::Hours(Decimal::from(26)),
            |s| {
                s.discounts = vec![Discount {
                    provider: "aws".into(),
                    percent: Decimal::from(20),
                }]
            },
            |s| s.horizon = Horizon::Hours(Decimal::from(27)),
            |s| s.geo = Geo::MainlandChina,
            |s| s.lines.push(Line::constant("A100-80GB", Decimal::from(8))),
            |s| s.geo = Geo::Anywhere,
            |s| s.discounts.clear(),
        ];
        for (i, edit) in edits.iter().enumerate() {
            edit(&mut s);
            let kept = estimator.estimate(s.clone(), &fx, Currency::Cny, day(), || Recommend::Now);
            let kept_only = estimator.estimate_kept(s.clone(), &fx, Currency::Cny, day(), || {
                kept.as_ref()
                    .ok()
                    .and_then(|e| e.report.recommendation.clone())
            });
            assert!(kept.is_ok(), "edit {i}: {:?}", kept.err());
            let valid = s.clone().validate(&e.catalog).expect("valid");
            let fresh = report_for(e, &valid, &fx, Currency::Cny, day(), Recommend::Now);
            assert_eq!(kept.as_ref().map(|k| &k.report), Ok(&fresh), "edit {i}");
            assert_eq!(kept_only, kept, "edit {i}");
        }
    }

    /// The page's estimate never computes a recommendation: a kept one that fits is used, one
    /// made for another currency or none at all leaves the recommendation and its lever out.
    #[test]
    fn an_estimate_with_a_kept_recommendation_never_computes_one() {
        use crate::savings::Lever;
        let e = embedded();
        let s = Session::open(e, "?preset=custom&cur=CNY", None, day());
        let now = s.estimate.expect("valid").report;
        let rec = now
            .recommendation
            .clone()
            .expect("custom describes a workload");
        let estimator = Estimator::new(e);
        let scenario = s.state.scenario.clone();
        let kept = |currency, rec: Option<Arc<Recommendation>>| {
            estimator
                .estimate_kept(scenario.clone(), &s.fx, currency, day(), || rec)
                .expect("valid")
                .report
        };
        let fitting = kept(Currency::Cny, Some(rec.clone()));
        assert_eq!(fitting, now);
        assert!(Arc::ptr_eq(fitting.recommendation.as_ref().unwrap(), &rec));
        for report in [
            kept(Currency::Usd, Some(rec.clone())),
            kept(Currency::Cny, None),
        ] {
            assert!(report.recommendation.is_none());
            assert!(report.savings.iter().all(|l| l.lever != Lever::Rightsizing));
        }
        assert!(now.savings.iter().any(|l| l.lever == Lever::Rightsizing));
    }
}
