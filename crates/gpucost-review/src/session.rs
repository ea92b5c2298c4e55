//! One review as every caller runs it: the bill, then the optional utilization side file
//! joined to it, then the levers priced in the reader's currency on the caller's day.
//!
//! `gpucost review` and the page's worker both call [`run`], so they cannot drift apart in
//! the order of the steps, the currency a language defaults to, or how progress is counted.

use std::io::Read;

use chrono::NaiveDate;
use gpucost_core::catalog::Embedded;
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;

use crate::bill::{BillError, BillInput};
use crate::review::levers::{levers, Levers};
use crate::review::utilization::review_utilization;
use crate::review::{review_bill, Review, ReviewOptions};

/// A file to read: its name (which names its format in problems) and its bytes.
pub struct NamedFile<'a, R> {
    /// The file's name as the user chose it.
    pub name: &'a str,
    /// Its bytes.
    pub reader: R,
}

/// What a review needs besides its files.
pub struct Request<'a> {
    /// The language of the review's words.
    pub lang: Lang,
    /// The display currency (see [`currency_for`] when the caller has none).
    pub currency: Currency,
    /// The caller's day: the CLI's local date (or `--today`), the page's date sent with the
    /// request. Prices are dated against it.
    pub today: NaiveDate,
    /// Time zone and budgets.
    pub options: ReviewOptions,
    /// The one resource a side file without resource ids describes, if the user named it.
    pub resource: Option<&'a str>,
}

/// Which file a progress count is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The bill.
    Bill,
    /// The utilization side file.
    Utilization,
}

/// A finished review and its levers (none when no scenario could be derived from the bill).
pub struct Outcome {
    /// The review, with the side file joined when one was given.
    pub review: Review,
    /// The levers priced on the bill's usage.
    pub levers: Option<Levers>,
}

/// The display currency a review uses when the caller names none: yuan for a Chinese
/// reader, dollars otherwise.
pub fn currency_for(lang: Lang, asked: Option<Currency>) -> Currency {
    asked.unwrap_or(match lang {
        Lang::Zh => Currency::Cny,
        Lang::En => Currency::Usd,
    })
}

/// Reviews `bill`, joins `utilization` to it when given, and prices the levers. `progress`
/// is told the bytes read so far of each file.
///
/// # Errors
/// The bill or the side file cannot be read as any supported format, or breaks a limit.
pub fn run<'b, B: Into<BillInput<'b>>, U: Read>(
    embedded: &Embedded,
    request: Request<'_>,
    bill: NamedFile<'_, B>,
    utilization: Option<NamedFile<'_, U>>,
    mut progress: impl FnMut(Stage, u64),
) -> Result<Outcome, BillError> {
    let mut review = review_bill(
        &embedded.catalog,
        bill.name,
        bill.reader,
        request.options,
        |done| progress(Stage::Bill, done),
    )?;
    if let Some(side) = utilization {
        let joined =
            review_utilization(&review, side.name, side.reader, request.resource, |done| {
                progress(Stage::Utilization, done)
            })?;
        review.utilization = Some(joined);
    }
    let fx = FxTable::from_catalog(&embedded.catalog);
    let levers = levers(&review, embedded, &fx, request.currency, request.today);
    Ok(Outcome { review, levers })
}
