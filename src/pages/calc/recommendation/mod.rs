//! The hardware recommendation panel: which GPU does the described workload cheapest, how
//! much memory it needs, on what evidence, and how the founding documents' rules of thumb
//! hold up. The engine builds what it shows ([`RecommendationView`], typed, in no language) and
//! words it ([`RecommendationText`]); these components only lay the words out — the memory
//! block, one card per ranked GPU and the rules block each in their own file. A change of
//! language rewords the same view; it does not rebuild it.

mod candidate;
mod memory;
mod rules;

use std::sync::Arc;

use gpucost_core::l10n::recommend_text::RecommendationText;
use gpucost_core::view::recommendation::RecommendationView;
use leptos::prelude::*;

use crate::state::AppState;
use gpucost_core::l10n::ui::Text;

use candidate::CandidateCard;
use memory::MemoryBlock;
use rules::RulesBlock;

pub use gpucost_core::l10n::recommend::{model_label, task_label};

/// Ranked GPUs shown before "and N more".
pub const SHOWN: usize = 6;
// Only the best `EXPLAINED` candidates come with reasons, warnings and assumptions.
const _: () = assert!(SHOWN <= gpucost_core::recommend::EXPLAINED);

/// The recommendation, when the scenario describes a workload.
#[component]
pub fn RecommendationPanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    let computed = crate::pages::calc::Computed::get();
    // The estimate keeps its recommendation across edits that do not change the workload, the
    // rates or the currency: compared by identity, such an edit formats nothing here.
    let shown = Memo::new_with_compare(
        move |_| {
            computed.with(|r| {
                r.as_ref()
                    .ok()
                    .and_then(|e| e.report.recommendation.clone())
            })
        },
        |old, new| match (old, new) {
            (Some(Some(a)), Some(Some(b))) => !Arc::ptr_eq(a, b),
            (Some(None), Some(None)) => false,
            _ => true,
        },
    );
    let view_model = Memo::new(move |_| {
        shown.with(|rec| rec.as_ref().map(|rec| RecommendationView::new(rec, SHOWN)))
    });
    let words = Memo::new(move |_| {
        let lang = app.lang.get();
        view_model.with(|v| v.as_ref().map(|v| RecommendationText::new(v, lang)))
    });
    move || words.get().map(|v| view! { <RecommendationBody v=v /> })
}

/// The panel's content.
#[component]
fn RecommendationBody(
    /// The recommendation in the reader's language.
    v: RecommendationText,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Rebuilt whenever the recommendation or the language changes: read the language once.
    let lang = app.lang.get_untracked();
    let t = move |text: Text| text.get(lang);
    let RecommendationText {
        workload,
        memory,
        ranked,
        more,
        excluded,
        rules,
        assumptions,
        hardware_built,
    } = v;
    view! {
        <section class="reco" aria-labelledby="reco-heading" data-testid="recommendation">
            <h3 id="reco-heading">{t(Text::RecoHeading)}</h3>
            <p class="reco-workload" data-testid="reco-workload">{workload}</p>
            <p class="hint">{t(Text::RecoIntro)}</p>
            <MemoryBlock m=memory />
            <h4>{t(Text::RecoRanked)}</h4>
            <ol class="reco-ranked" data-testid="reco-ranked">
                {ranked.into_iter().map(|c| view! { <CandidateCard c=c /> }).collect_view()}
            </ol>
            {more.map(|m| view! { <p class="hint">{m}</p> })}
            {(!excluded.is_empty()).then(|| view! {
                <details class="reco-excluded" data-testid="reco-excluded">
                    <summary>{t(Text::RecoExcluded)} " (" {excluded.len()} ")"</summary>
                    <ul>{excluded.into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}</ul>
                </details>
            })}
            <RulesBlock rules=rules />
            <details class="reco-assumptions" data-testid="reco-assumptions">
                <summary>{t(Text::RecoAssumptions)}</summary>
                <ul>{assumptions.into_iter().map(|a| view! { <li>{a}</li> }).collect_view()}</ul>
                <p class="hint">{t(Text::RecoHardwareData)} " " {hardware_built}</p>
            </details>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use gpucost_core::catalog::embedded;
    use gpucost_core::estimate::EstimateContext;
    use gpucost_core::format::Lang;
    use gpucost_core::fx::FxTable;
    use gpucost_core::money::Currency;
    use gpucost_core::presets::Preset;
    use gpucost_core::recommend::{Recommendation, TaskKind};
    use gpucost_core::report::report;
    use gpucost_core::scenario::Scenario;
    use rust_decimal::Decimal;

    fn recommendation_of(s: &Scenario) -> Arc<Recommendation> {
        let e = embedded();
        let valid = s.clone().validate(&e.catalog).expect("valid scenario");
        let fx = FxTable::from_catalog(&e.catalog);
        report(&EstimateContext {
            catalog: &e.catalog,
            index: &e.index,
            scenario: &valid,
            fx: &fx,
            currency: Currency::Cny,
            today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
        })
        .recommendation
        .expect("the scenario describes a workload")
    }

    fn words(rec: &Recommendation, lang: Lang) -> RecommendationText {
        RecommendationText::new(&RecommendationView::new(rec, SHOWN), lang)
    }

    #[test]
    fn the_custom_preset_ranks_gpus_with_cost_ranges_and_their_basis() {
        let rec = recommendation_of(&Preset::Custom.scenario());
        let v = words(&rec, Lang::En);
        assert!(v
            .workload
            .starts_with("Online serving · Llama 3 8B · FP16/BF16 · 10 requests/s"));
        assert!(!v.ranked.is_empty() && v.ranked.len() <= SHOWN);
        let top = &v.ranked[0];
        assert_eq!(top.rank, 1);
        assert!(
            top.cost.starts_with('¥'),
            "cost in the display currency: {}",
            top.cost
        );
        assert_eq!(top.unit, "per 1M requests");
        assert_eq!(top.basis, format!("{}: {}", top.basis_kind, top.evidence));
        assert!(
            top.evidence.contains("TFLOPS") || top.evidence.contains('@'),
            "names the datasheet peak or the measured row's source: {}",
            top.evidence
        );
        let price = top.price.as_deref().unwrap_or("");
        assert!(price.contains("/GPU-h"), "{price}");
        assert!(top
            .time
            .as_deref()
            .is_some_and(|t| t.contains("bound 5,000 ms")));
        assert!(!top.reasons.is_empty());
        assert!(v.memory.total.ends_with("GiB"));
        assert!(v.memory.parts.iter().any(|p| p.label == "Weights"));
        assert!(!v.rules.is_empty());
        assert!(!v.assumptions.is_empty());
        let shown = RecommendationView::new(&rec, SHOWN);
        assert_eq!(shown.ranked.len() + shown.more, rec.ranked.len());
    }

    #[test]
    fn the_chinese_view_is_in_chinese() {
        let rec = recommendation_of(&Preset::Custom.scenario());
        let v = words(&rec, Lang::Zh);
        assert!(v.workload.starts_with("在线推理服务"), "{}", v.workload);
        let top = &v.ranked[0];
        assert_eq!(top.unit, "每百万请求");
        assert!(top.cost.starts_with('¥'));
        assert_eq!(top.basis, format!("{}：{}", top.basis_kind, top.evidence));
        assert!(top.throughput.starts_with("每块 GPU"));
        assert!(v
            .rules
            .iter()
            .all(|r| !r.verdict.is_ascii() && !r.claim.is_ascii()));
        assert!(v.memory.parts.iter().all(|p| !p.label.is_ascii()));
        let chrome = [
            Text::RecoHeading,
            Text::RecoIntro,
            Text::RecoMemory,
            Text::RecoMemoryTotal,
            Text::RecoRanked,
            Text::RecoGpusNeeded,
            Text::RecoPrice,
            Text::RecoTime,
            Text::RecoThroughput,
            Text::RecoBasis,
            Text::RecoWhy,
            Text::RecoCaveats,
            Text::RecoGpuAssumptions,
            Text::RecoInfeasible,
            Text::RecoExcluded,
            Text::RecoRules,
            Text::RecoAssumptions,
            Text::RecoHardwareData,
            Text::RecoVerdict,
            Text::RecoMonthly,
            Text::RecoUseThis,
        ];
        for l in chrome {
            assert!(!l.get(Lang::Zh).is_ascii(), "{l:?} untranslated");
            assert_ne!(l.get(Lang::En), l.get(Lang::Zh));
        }
    }

    #[test]
    fn a_training_run_shows_its_time_against_the_deadline() {
        let mut s = Preset::Custom.scenario();
        let mut w = gpucost_core::recommend::Workload::for_task(TaskKind::Lora);
        w.deadline_hours = Some(Decimal::from(48));
        s.workload = Some(w);
        let rec = recommendation_of(&s);
        let v = words(&rec, Lang::En);
        assert_eq!(v.ranked[0].unit, "per run");
        let time = v.ranked[0].time.as_deref().unwrap_or_default();
        assert!(time.contains("h to finish · deadline 48 h:"), "{time}");
        assert!(v.workload.ends_with(", within 48 h"), "{}", v.workload);
    }
}
