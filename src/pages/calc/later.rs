//! The calculator's parts that its first result does not need, each a part (see
//! [`crate::parts`]): in a release build its code is fetched after the first paint, or when
//! first unfolded.

use gpucost_core::format::Lang;
use leptos::prelude::*;

use super::charts::Charts;
use super::{
    inputs, lines, placement, providers, recommendation::RecommendationPanel, share_tools,
    workload_form,
};
use crate::parts::{part, SplitLoaderError};
use chrono::NaiveDate;
use gpucost_core::catalog::Catalog;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_core::placement::Placement;
use gpucost_core::recommend::{recommend_quoted, Recommendation, ValidWorkload};
use gpucost_core::scenario::CustomPrice;

part! {
    in calculator;
    /// Below the comparison, built after the first paint: the recommendation and the charts.
    pub fn below_comparison(bars: Memo<Vec<(String, f64, String)>>, lang: Lang) {
        view! {
            <RecommendationPanel />
            <Charts bars=bars lang=lang />
        }
    }
}

part! {
    in scenario_form;
    /// The scenario's fields: the period, the GPU lines and their schedules, the workload, the
    /// billing options and where the job may run.
    pub fn scenario_form() {
        view! {
            <inputs::HorizonField />
            <lines::LinesEditor />
            <inputs::JobsEditor />
            <inputs::TimeZoneField />
            <workload_form::WorkloadForm />
            <inputs::BillingOptionsFields />
            <placement::PlacementFields />
            <providers::ProviderFilterFields />
        }
    }
}

part! {
    in calculator;
    /// The export buttons and the embed dialog above the results.
    pub fn export_bar() {
        view! { <share_tools::ExportBar /> }
    }
}

part! {
    in ondemand_more_settings;
    /// The settings folded under "More settings", built when first unfolded.
    pub fn more_settings() {
        view! {
            <inputs::CustomPricesEditor />
            <share_tools::PricesFile />
            <inputs::DiscountsEditor />
            <inputs::OffPeakFields />
            <inputs::BudgetAndReference />
            <inputs::CompareOnly />
        }
    }
}

part! {
    in calculator;
    /// Scenarios saved in this browser.
    pub fn saved_scenarios() {
        view! { <share_tools::SavedScenarios /> }
    }
}

/// The hardware recommendation as a function the calculator calls on every edit that changes
/// what it depends on, once its code is here (the engine's `recommend_quoted`).
pub type Recommender = fn(
    &Catalog,
    &ValidWorkload,
    &Placement,
    &[CustomPrice],
    &FxTable,
    Currency,
    NaiveDate,
) -> Recommendation;

/// Fetches the recommendation model and the hardware table (a part of the release build,
/// fetched after the first paint) and hands back the function that recommends.
#[cfg_attr(
    gpucost_split,
    leptos::wasm_split::wasm_split(calculator, wasm_split_path = ::leptos::wasm_split, fallible)
)]
pub fn load_recommender() -> Result<Recommender, SplitLoaderError> {
    Ok(recommend_quoted)
}
