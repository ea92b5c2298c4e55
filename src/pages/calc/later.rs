//! The calculator's parts that its first result does not need, each behind one function: a
//! split point in a release build (see `crate::pages::later`).

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::Text;
use leptos::prelude::*;

use super::charts::{CostBars, CumulativeChart};
use super::{inputs, recommendation::RecommendationPanel, share_tools};

/// Below the comparison, built after the first paint: the recommendation and the charts.
#[cfg_attr(gpucost_split, leptos::lazy)]
pub async fn below_comparison(bars: Memo<Vec<(String, f64, String)>>, lang: Lang) -> AnyView {
    view! {
        <RecommendationPanel />
        <section class="charts" aria-labelledby="charts-heading">
            <h3 id="charts-heading">{Text::ChartsHeading.get(lang)}</h3>
            <CostBars rows=bars />
            <CumulativeChart />
        </section>
    }
    .into_any()
}

/// The export buttons and the embed dialog above the results.
#[cfg_attr(gpucost_split, leptos::lazy)]
pub async fn export_bar() -> AnyView {
    view! { <share_tools::ExportBar /> }.into_any()
}

/// The settings folded under "More settings", built when first unfolded.
#[cfg_attr(gpucost_split, leptos::lazy)]
pub async fn more_settings() -> AnyView {
    view! {
        <inputs::CustomPricesEditor />
        <share_tools::PricesFile />
        <inputs::DiscountsEditor />
        <inputs::OffPeakFields />
        <inputs::BudgetAndReference />
        <inputs::CompareOnly />
    }
    .into_any()
}

/// Scenarios saved in this browser.
#[cfg_attr(gpucost_split, leptos::lazy)]
pub async fn saved_scenarios() -> AnyView {
    view! { <share_tools::SavedScenarios /> }.into_any()
}
