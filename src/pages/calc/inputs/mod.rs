//! The scenario's other inputs: period, batch jobs, billing options, custom prices, discounts, off-peak
//! what-if, budget and reference, and which providers to compare. Each reads its slice of
//! the link state and hands what the user enters to the engine as an [`Edit`]
//! (`gpucost_core::edit`), which checks, cleans and applies it.

mod billing;
mod budget;
mod compare_only;
mod discounts;
mod jobs;
mod off_peak;
mod period;
mod prices;
mod rows;
mod time_zone;

pub(crate) use billing::BillingOptionsFields;
pub(crate) use budget::BudgetAndReference;
pub(crate) use compare_only::CompareOnly;
pub(crate) use discounts::DiscountsEditor;
pub(crate) use jobs::JobsEditor;
pub(crate) use off_peak::OffPeakFields;
pub(crate) use period::HorizonField;
pub(crate) use prices::CustomPricesEditor;
pub(crate) use time_zone::TimeZoneField;
