//! The user's own quotes are ranked by the recommendation beside the catalog's offers. No
//! public source prices the L20 or the H800 (`../shared/catalog/sources/dated_2026/README.md`,
//! "Known gaps"): users in China get them as quotes from sales, so a quote is how they are
//! ranked. The amounts below are example quotes a user types in, not market prices; every
//! check is about what the recommendation does with the amount it is given.
//!
//! The embedded catalog has datasheet rows for the L20 and the H800 but lists only the GPU
//! models some offer rents (catalog-import's `gpus::gpu_table`), so a link cannot quote them
//! yet. [`quotable`] adds the two models as `gpu_table` would write them from their datasheet
//! rows (no price, no offer), which is what these tests open their links against.

mod common;

use std::sync::Arc;

use common::{open_report, today};
use gpucost_core::catalog::{embedded, Embedded};
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::l10n::recommend_text::RecommendationText;
use gpucost_core::money::Currency;
use gpucost_core::print::json_recommendation::recommendation_json;
use gpucost_core::recommend::{
    quotes, recommend_quoted, Assumption, QuoteExclusion, Recommendation, EXPLAINED,
};
use gpucost_core::report::Recommend;
use gpucost_core::session::{Estimator, Session};
use gpucost_core::view::recommendation::RecommendationView;
use rust_decimal::Decimal;

/// Serving Qwen2.5-7B in 16 bits at 2 requests/s: a 48 GB L20 holds it on one GPU.
const SERVE_7B: &str =
    "?preset=custom&task=serve&model=qwen2.5-7b&prec=fp16&in=1024&out=256&rate=2req&lat=30000&cur=CNY";
/// Serving Qwen2.5-32B in 16 bits.
const SERVE_32B: &str =
    "?preset=custom&task=serve&model=qwen2.5-32b&prec=fp16&in=4096&out=1024&rate=2req&lat=30000&cur=CNY";
/// Serving Qwen2.5-72B in FP8: a replica takes more than one 80 GB GPU.
const SERVE_72B: &str =
    "?preset=custom&task=serve&model=qwen2.5-72b&prec=fp8&in=4096&out=1024&rate=2req&lat=30000&cur=CNY";

/// The embedded catalog. It lists the L20 and H800 on their datasheet rows though no offer
/// rents them (catalog-import's `gpu_table`), so a quote can name them.
fn quotable() -> &'static Embedded {
    let e = embedded();
    for id in ["L20", "H800"] {
        let gpu = e.catalog.gpu(id).unwrap_or_else(|| panic!("{id} listed"));
        assert!(gpu.spec.is_some(), "{id} on its datasheet row");
    }
    e
}

/// The recommendation of `link` opened against [`quotable`] as `gpucost estimate` opens it.
fn recommendation(link: &str) -> Arc<Recommendation> {
    let s = Session::open(quotable(), link, None, today());
    assert!(s.issues.is_empty(), "{link}: {:?}", s.issues);
    let e = s.estimate.unwrap_or_else(|err| panic!("{link}: {err:?}"));
    e.report.recommendation.expect("a workload")
}

/// The quote option of catalog GPU `gpu` in `rec`, with its candidate.
fn quoted<'r>(
    rec: &'r Recommendation,
    gpu: &str,
) -> (
    &'r gpucost_core::recommend::Candidate,
    &'r gpucost_core::recommend::PriceOption,
) {
    let c = rec
        .ranked
        .iter()
        .find(|c| c.profile.gpu == gpu)
        .unwrap_or_else(|| panic!("{gpu} not ranked: {:?}", rec.excluded));
    let o = c
        .options
        .iter()
        .find(|o| o.quote)
        .unwrap_or_else(|| panic!("{gpu} has no quote option"));
    (c, o)
}

#[test]
fn an_l20_quote_is_ranked_at_the_quoted_price() {
    // A quote of ¥6.5 per L20 GPU-hour on demand from a seller the user names.
    let rec = recommendation(&format!("{SERVE_7B}&cp=~Acme:L20:od:6.5:CNY"));
    let (c, o) = quoted(&rec, "L20");
    assert_eq!(c.profile.sku, "L20");
    assert_eq!(o.provider, "custom:Acme");
    assert_eq!(o.provider_name, "Acme");
    assert_eq!(o.per_gpu_hour.amount, Decimal::new(65, 1));
    assert!(o.rankable && !o.old && o.age_days.is_none());
    assert_eq!(o.source, "user");
    // One GPU per replica: machines of one GPU at the quoted price.
    assert_eq!(c.gpus_per_replica(), 1);
    assert_eq!(o.gpus_per_instance, Decimal::ONE);
    assert_eq!(o.instance_per_hour.amount, Decimal::new(65, 1));
    // Without the quote nothing prices an L20.
    let without = recommendation(SERVE_7B);
    assert!(without.ranked.iter().all(|c| c.profile.gpu != "L20"));
    // Qwen2.5-32B in 16 bits takes more than 8 L20s per replica (no published tensor rate,
    // so the spec model splits it for the latency bound): machines of 8, as the catalog's
    // 8-GPU servers, at the quoted price per GPU.
    let rec = recommendation(&format!("{SERVE_32B}&cp=~Acme:L20:od:6.5:CNY"));
    let (c, o) = quoted(&rec, "L20");
    let n = c.gpus_per_replica();
    assert!(n > 8 && n % 8 == 0, "{n}");
    assert_eq!(o.gpus_per_instance, Decimal::from(8));
    assert_eq!(o.instance_per_hour.amount, Decimal::from(52));
    assert_eq!(o.instances.low % u64::from(n / 8), 0);
}

#[test]
fn an_h800_quote_prices_a_multi_gpu_replica_as_one_machine_of_that_many() {
    // A quote of ¥14 per H800 GPU-hour from a catalog provider's sales (the user's figure).
    let rec = recommendation(&format!("{SERVE_72B}&cp=alibaba:H800:od:14:CNY"));
    let (c, o) = quoted(&rec, "H800");
    assert_eq!(c.profile.sku, "H800-SXM5-80GB");
    assert_eq!(o.provider, "alibaba");
    let n = c.gpus_per_replica();
    assert!(n > 1, "a 72B model in FP8 on 80 GB GPUs: {n}");
    // The machine is the replica: N GPUs at N × the quote, no more.
    assert_eq!(o.gpus_per_instance, Decimal::from(n));
    assert_eq!(o.per_gpu_hour.amount, Decimal::from(14));
    assert_eq!(o.instance_per_hour.amount, Decimal::from(14 * n));
    assert_eq!(
        o.gpus_rented,
        Decimal::from(o.instances.high) * Decimal::from(n)
    );
    assert!(c
        .assumptions
        .contains(&Assumption::QuoteMachine { gpus: n }));
    // The card and the export say it is the user's quote, with no date or source.
    let v = RecommendationView::new(&rec, EXPLAINED);
    let card = v
        .ranked
        .iter()
        .find(|c| c.gpu == "H800")
        .expect("H800 shown");
    let price = card.price.as_ref().expect("priced");
    assert!(price.quote);
    let en = RecommendationText::new(&v, Lang::En);
    let zh = RecommendationText::new(&v, Lang::Zh);
    let at = v.ranked.iter().position(|c| c.gpu == "H800").unwrap();
    let (en, zh) = (&en.ranked[at], &zh.ranked[at]);
    let en_price = en.price.as_deref().unwrap();
    assert!(en_price.ends_with("· your quote"), "{en_price}");
    assert!(!en_price.contains("undated"), "{en_price}");
    assert!(zh.price.as_deref().unwrap().ends_with("· 您的报价"));
    assert!(en
        .assumptions
        .iter()
        .any(|a| a.starts_with("Your quote is priced per GPU")));
    assert!(zh
        .assumptions
        .iter()
        .any(|a| a.starts_with("您的报价按每卡计价")));
    let json = recommendation_json(&rec, Lang::En);
    let row = json.ranked.iter().find(|c| c.gpu == "H800").unwrap();
    assert!(row.quote);
    assert_eq!(row.provider, "alibaba");
    assert_eq!(row.gpus_per_machine, n.to_string());
}

#[test]
fn a_quote_for_a_gpu_without_a_datasheet_is_listed_not_ranked() {
    // K80 has no datasheet row (catalog-import's NO_DATASHEET_ROW).
    let rec = recommendation(&format!("{SERVE_7B}&cp=~Acme:K80:od:1:CNY"));
    assert!(rec.ranked.iter().all(|c| c.profile.gpu != "K80"));
    assert_eq!(rec.excluded_quotes.len(), 1);
    assert_eq!(rec.excluded_quotes[0].gpu, "K80");
    assert_eq!(rec.excluded_quotes[0].reason, QuoteExclusion::NoDatasheet);
}

#[test]
fn a_quote_without_an_amount_ranks_nothing() {
    let rec = recommendation(&format!("{SERVE_7B}&cp=~Acme:L20:od::CNY"));
    assert!(rec.quotes.is_empty());
    assert!(rec
        .ranked
        .iter()
        .all(|c| c.options.iter().all(|o| !o.quote)));
    assert_eq!(*rec, *recommendation(SERVE_7B));
}

#[test]
fn editing_a_quote_recommends_again_as_the_page_does() {
    // The page keeps its recommendation in a memo of the workload, place, priced quotes, rates
    // and currency, and estimates with it only when the engine's `fits` says it was made for
    // the scenario.
    let e = quotable();
    let s = Session::open(
        e,
        &format!("{SERVE_7B}&cp=~Acme:L20:od:6.5:CNY"),
        None,
        today(),
    );
    let scenario = s.state.scenario.clone();
    let fx = FxTable::from_catalog(&e.catalog);
    let memo = |scenario: &gpucost_core::scenario::Scenario| {
        let w = scenario
            .workload
            .expect("workload")
            .validate()
            .expect("valid");
        Arc::new(recommend_quoted(
            &e.catalog,
            &w,
            &scenario.placement(),
            &quotes::priced(&scenario.custom_prices),
            &fx,
            Currency::Cny,
            today(),
        ))
    };
    let estimator = Estimator::new(e);
    let before = memo(&scenario);
    // An edit of the quote: the kept recommendation no longer fits, and the memo's new one does.
    let mut edited = scenario.clone();
    edited.custom_prices[0].amount = Some(Decimal::new(45, 1));
    let kept = estimator
        .estimate_kept(edited.clone(), &fx, Currency::Cny, today(), || {
            Some(before.clone())
        })
        .unwrap();
    assert!(kept.report.recommendation.is_none());
    let after = memo(&edited);
    let fresh = estimator
        .estimate_kept(edited.clone(), &fx, Currency::Cny, today(), || {
            Some(after.clone())
        })
        .unwrap();
    let rec = fresh.report.recommendation.expect("fits");
    assert!(Arc::ptr_eq(&rec, &after));
    assert_eq!(
        quoted(&before, "L20").1.per_gpu_hour.amount,
        Decimal::new(65, 1)
    );
    assert_eq!(
        quoted(&rec, "L20").1.per_gpu_hour.amount,
        Decimal::new(45, 1)
    );
    // The same through `Recommend::Reuse`: a kept one for other quotes is recomputed.
    let reused = estimator
        .estimate(edited.clone(), &fx, Currency::Cny, today(), || {
            Recommend::Reuse(before.clone())
        })
        .unwrap();
    assert_eq!(reused.report.recommendation.as_deref(), Some(&*after));
    // An edit of anything else keeps it.
    let mut other = edited.clone();
    other.lead_minutes = 5;
    let same = estimator
        .estimate_kept(other, &fx, Currency::Cny, today(), || Some(after.clone()))
        .unwrap();
    assert!(Arc::ptr_eq(&same.report.recommendation.unwrap(), &after));
}

#[test]
fn a_quote_for_a_catalog_model_ranks_through_a_plain_link() {
    // The embedded catalog itself: an H20 quote of ¥9 per GPU-hour from a named seller ranks
    // beside CompShare's H20 offers, as the README's link shows.
    let (_, report, json) = open_report(&format!("{SERVE_72B}&cp=~Acme:H20:od:9:CNY"));
    let rec = report.recommendation.expect("a workload");
    let (_, o) = quoted(&rec, "H20");
    assert_eq!(o.provider, "custom:Acme");
    assert_eq!(o.per_gpu_hour.amount, Decimal::from(9));
    let rows = json["recommendation"]["ranked"].as_array().unwrap();
    let h20 = rows
        .iter()
        .find(|r| r["gpu"] == "H20")
        .expect("H20 exported");
    assert_eq!(h20["provider"], "custom:Acme");
    assert_eq!(h20["quote"], true);
    // Catalog offers carry no `quote` key.
    assert!(rows
        .iter()
        .all(|r| r["quote"].is_null() == (r["provider"] != "custom:Acme")));
}
