//! Price history from `alibaba_gpu_prices.csv` (issue 32 §3: "the import keeps every dated
//! price it has seen, not only the newest"). Each 2024-12-30 row's notes say what the
//! 2024-10-10 version of the same price file held for it: "Same value in the 2024-10-10
//! version of the same file (commit 101a6dc7538a)." That older dated price is history of the
//! row's offer, mode and region, cited to the older file's own source id. Rows whose older
//! version held another value (`… had 0`) or none are not history: no second price was seen.

use gpucost_core::billing_mode::BillingMode;
use gpucost_core::catalog::{parse_ymd, PastPrice};
use gpucost_core::money::Currency;

use crate::offers::{cn_region, cn_source, offer_id};
use crate::table::Table;
use crate::ImportError;

/// What a row's notes say the older version held: its date and the file's commit.
const SAME_VALUE: &str = "Same value in the ";
const VERSION: &str = " version of the same file (commit ";
const FILE: &str = "karpenter-provider-alibabacloud@";

/// The older dated prices `alibaba_gpu_prices.csv` names, in file order.
pub fn read_alibaba_history(table: &Table) -> Result<Vec<PastPrice>, ImportError> {
    let mut history = Vec::new();
    for row in table.rows() {
        let notes = row.text("notes")?;
        let Some(rest) = notes.split(SAME_VALUE).nth(1) else {
            continue;
        };
        let (date, rest) = rest.split_at(rest.len().min(10));
        let date =
            parse_ymd(date).ok_or_else(|| row.error("notes", "no date of the older version"))?;
        let commit: String = rest
            .strip_prefix(VERSION)
            .ok_or_else(|| row.error("notes", "no commit of the older version"))?
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect();
        let source = cn_source(&format!("{FILE}{commit}"))
            .ok_or_else(|| row.error("notes", format!("no curated source for commit {commit}")))?;
        if row.required("billing_mode")? != "on_demand_hourly"
            || row.required("unit")? != "per_hour"
        {
            return Err(row.error(
                "billing_mode",
                "only hourly on-demand rows have an older version",
            ));
        }
        let current = row.date("as_of")?;
        if date >= current {
            return Err(row.error(
                "notes",
                format!("the older version ({date}) is not older than {current}"),
            ));
        }
        let currency: Currency = row.required("currency")?.parse().map_err(
            |e: gpucost_core::money::UnknownCurrency| row.error("currency", e.to_string()),
        )?;
        history.push(PastPrice {
            offer: offer_id("alibaba", row.required("product_or_instance")?).into(),
            mode: BillingMode::OnDemand,
            region: cn_region(row.required("region")?).0.into(),
            amount: row.positive("price")?,
            currency,
            source: source.into(),
            as_of: date,
        });
    }
    Ok(history)
}
