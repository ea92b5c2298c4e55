//! Every built-in name is shown in the reader's language. Issue 14: the English results showed
//! the market-reference row "T4 (轻量级推理)" and the Chinese ones the preset's "V100 quote",
//! because those names were one text for both languages.

mod common;

use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::l10n::labels::has_han;
use gpucost_core::money::Currency;
use gpucost_core::presets::Preset;
use gpucost_core::print::json::EstimateJson;
use gpucost_core::print::{json, markdown, table};
use gpucost_core::view::estimate::EstimateView;

/// English words of built-in names, which a Chinese export must not show.
const ENGLISH_NAMES: [&str; 6] = [
    "quote",
    "deposit",
    "monthly cost",
    "light inference",
    "mid-size training",
    "large parallel training",
];

/// The export, table and Markdown of `preset` in `lang`.
fn exports(preset: Preset, lang: Lang) -> (EstimateJson, String, String) {
    let e = embedded();
    let valid = preset.scenario().validate(&e.catalog).unwrap();
    let fx = FxTable::from_catalog(&e.catalog);
    let r = common::estimate(&valid, &fx, Currency::Cny, common::today());
    let view = EstimateView::new(&e.catalog, &valid, &r, "");
    let json = json::estimate(&view, lang);
    let table = table::estimate(&view, lang);
    let md = markdown::estimate(&json, lang);
    (json, table, md)
}

/// Chinese words of built-in names, which an English export must not show.
const CHINESE_NAMES: [&str; 6] = [
    "报价",
    "押金",
    "当前月度算力成本",
    "轻量级推理",
    "中型模型训练",
    "大规模并行训练",
];

/// What the engine words for a reader: seller names, reasons, levers and warnings (not offer
/// names: a provider's own product names, such as Featurize's, may be Chinese in English too).
fn worded(json: &EstimateJson) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for p in json.providers.iter() {
        out.extend([p.name.as_str(), &p.reason]);
    }
    out.extend(json.savings.iter().map(|s| s.assumption.as_str()));
    out.extend(json.warnings.iter().map(String::as_str));
    out
}

#[test]
fn english_results_have_no_chinese_words() {
    for preset in Preset::ALL {
        let (json, table, md) = exports(preset, Lang::En);
        for text in worded(&json) {
            assert!(!has_han(text), "{}: {text}", preset.as_str());
        }
        let offers = json.providers.iter().map(|p| p.offer_name.as_str());
        for text in offers.chain([table.as_str(), &md]) {
            for word in CHINESE_NAMES {
                assert!(
                    !text.contains(word),
                    "{}: {word} in {text}",
                    preset.as_str()
                );
            }
        }
    }
}

#[test]
fn chinese_results_name_built_in_sellers_references_and_offers_in_chinese() {
    for preset in Preset::ALL {
        let (json, table, md) = exports(preset, Lang::Zh);
        let offers = json.providers.iter().map(|p| p.offer_name.as_str());
        for text in worded(&json)
            .into_iter()
            .chain(offers)
            .chain([table.as_str(), &md])
        {
            for word in ENGLISH_NAMES {
                assert!(
                    !text.contains(word),
                    "{}: {word:?} in {text}",
                    preset.as_str()
                );
            }
        }
    }
    let (json, _, _) = exports(Preset::ShortTraining, Lang::Zh);
    let quote = json
        .providers
        .iter()
        .find(|p| p.provider == "custom:V100 quote")
        .expect("the seed quote keeps its seller id");
    assert_eq!(quote.name, "V100 报价");
    assert!(json
        .savings
        .iter()
        .any(|s| s.lever == "reference" && s.assumption.contains("整卡租赁押金")));
}

#[test]
fn market_reference_rows_are_named_in_the_language_shown() {
    let (en, _, _) = exports(Preset::TrafficSpike, Lang::En);
    let (zh, _, _) = exports(Preset::TrafficSpike, Lang::Zh);
    let row = |json: &EstimateJson| {
        json.providers
            .iter()
            .find(|p| p.provider == "market-ref")
            .map(|p| (p.offer.clone(), p.offer_name.clone()))
            .expect("the market reference serves T4 lines")
    };
    let ((id_en, name_en), (id_zh, name_zh)) = (row(&en), row(&zh));
    assert_eq!(
        id_en, id_zh,
        "the offer id is a key and stays as the catalog has it"
    );
    assert!(name_en.contains("T4 (light inference)"), "{name_en}");
    assert!(name_zh.contains("轻量级推理"), "{name_zh}");
}
