//! The URL is the state: one versioned codec between a page's query string and [`PageState`].
//!
//! [`decode`] never fails: a value it cannot use is left at its default and reported as a
//! [`ParamIssue`] naming the parameter and the reason, so a damaged or hostile link still
//! opens with everything else intact. A value it uses only after rounding (hours that are not
//! whole minutes) is also reported, as a [`Severity::Applied`] note saying what was used.
//! [`encode`] writes keys in a fixed order and omits
//! defaults, so equal states give equal links and `decode(encode(s)) == s`.
//!
//! Which scenario a link starts from: the one its `preset=` names; without `preset=`, the
//! "your own" scenario (`custom`, with its defaults) when the link names its own lines (`l=`),
//! else the default `short-training`. A link that describes its own GPUs thus never inherits
//! another scenario's quote, reference amount or billing options. The encoder therefore writes
//! `preset=` for every preset except `short-training` without lines, e.g.
//! `v=2&preset=short-training&h=5&l=T4*1`, while `?l=T4*1&h=5` is your own scenario.
//!
//! Every link the page has written carries `v=` (the encoder wrote `v=1` from the first
//! format on), so a link without it was typed by hand and is read in the current format.
//!
//! Version history (`v=`, rewrite steps in [`upgrade`]):
//! 1 — first format: every link without `preset=` started from `short-training`.
//! 2 — a link without `preset=` that names its lines (`l=`) starts from `custom`.
//!
//! A new spelling no older link can contain (a serving line's `rps` and `,per:` fields, a
//! line's `,team:NAME`) is read within the current version: nothing old changes meaning.

pub mod config_param;
pub mod issue;
pub mod prices_file;
mod query;
pub mod scenario_params;
pub mod upgrade;
pub mod workload_params;

use std::collections::BTreeSet;

use rust_decimal::Decimal;

use crate::browse::{CatalogFilter, RequiredMode, SortKey, SortOrder, DEFAULT_STALE_AFTER_DAYS};
use crate::catalog::Catalog;
use crate::format::Lang;
use crate::limits::{FX_CNY_PER_USD, GPUS_PER_MACHINE};
use crate::money::Currency;
use crate::placement::Geo;
use crate::presets::Preset;
use crate::scenario::{Horizon, Scenario};

pub use issue::{
    Accepted, DecimalError, Expected, LineError, ParamIssue, PriceError, Problem, Severity,
};
pub use query::MAX_QUERY_BYTES;
use query::{Reader, Writer};

/// The current link format version.
pub const VERSION: u32 = 2;

/// Most values accepted in one list parameter.
const MAX_LIST: usize = 64;

/// Which page a link opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum View {
    /// The calculator (the default page).
    #[default]
    Calculator,
    /// The catalog browser (`?view=catalog`).
    Catalog,
    /// The spend review of a bill (`?view=review`).
    Review,
}

impl View {
    /// URL slug.
    pub fn as_str(self) -> &'static str {
        match self {
            View::Calculator => "calc",
            View::Catalog => "catalog",
            View::Review => "review",
        }
    }
}

/// How the page runs inside another site's iframe.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Embed {
    /// Compact layout without site chrome, reporting its height to the parent (`embed=1`).
    pub enabled: bool,
    /// Inputs hidden: the embedding page fixes the scenario (`lock=1`).
    pub locked: bool,
    /// An id echoed in height messages so a page with several frames can tell them apart.
    pub frame: Option<String>,
}

/// Everything a link carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageState {
    /// The page to show.
    pub view: View,
    /// Interface language; `None` follows the browser.
    pub lang: Option<Lang>,
    /// Display currency; `None` follows the language (CNY for Chinese, USD for English).
    pub currency: Option<Currency>,
    /// A user-entered exchange rate, CNY per USD; `None` uses the catalog's dated quote.
    pub fx_cny_per_usd: Option<Decimal>,
    /// The catalog browser's filters.
    pub catalog: CatalogFilter,
    /// The preset the scenario starts from (the link stores only differences from it).
    pub preset: Preset,
    /// The calculator's scenario (always valid for the catalog it was decoded with).
    pub scenario: Scenario,
    /// Embedding options.
    pub embed: Embed,
}

impl PageState {
    /// Starts the scenario over from `preset` (the language, currency, rate, filters and
    /// embedding stay: they are the reader's, not the scenario's).
    pub fn start_from(&mut self, preset: Preset) {
        self.preset = preset;
        self.scenario = preset.scenario();
    }
}

impl Default for PageState {
    /// The calculator with the default preset, language and currency from the browser.
    fn default() -> Self {
        PageState {
            view: View::default(),
            lang: None,
            currency: None,
            fx_cny_per_usd: None,
            catalog: CatalogFilter::default(),
            preset: Preset::default(),
            scenario: Preset::default().scenario(),
            embed: Embed::default(),
        }
    }
}

impl PageState {
    /// The language to show, given the browser's preference.
    pub fn lang_or(&self, browser: Lang) -> Lang {
        self.lang.unwrap_or(browser)
    }

    /// The display currency for `lang` unless one was chosen.
    pub fn currency_for(&self, lang: Lang) -> Currency {
        self.currency.unwrap_or(match lang {
            Lang::Zh => Currency::Cny,
            Lang::En => Currency::Usd,
        })
    }

    /// The state's settings: all of it but the scenario's lines, period and workload, which
    /// are left empty (no lines, a 730-hour month, no workload). Two states with the same
    /// settings differ at most in those three, the parts most edits change; the page's readers
    /// of the rest compare these to know whether an edit concerns them.
    pub fn settings(&self) -> PageState {
        // Every field named, so that a new one must be placed on one side or the other.
        PageState {
            view: self.view,
            lang: self.lang,
            currency: self.currency,
            fx_cny_per_usd: self.fx_cny_per_usd,
            catalog: self.catalog.clone(),
            preset: self.preset,
            scenario: Scenario {
                lines: Vec::new(),
                horizon: Horizon::Month730,
                workload: None,
                ..self.scenario.clone()
            },
            embed: self.embed.clone(),
        }
    }
}

/// A decoded link: the state and every parameter that was ignored or applied with a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The state, with defaults where a value was missing or rejected.
    pub state: PageState,
    /// What was ignored and why, and what was applied only after rounding
    /// ([`ParamIssue::is_ignored`] tells them apart).
    pub issues: Vec<ParamIssue>,
}

impl Decoded {
    /// The issues that left a value out (rejections), without the notes on applied values.
    pub fn ignored(&self) -> impl Iterator<Item = &ParamIssue> {
        self.issues.iter().filter(|i| i.is_ignored())
    }
}

/// Reads a query string (with or without `?`) against `catalog`. Never panics, whatever the
/// input; every value it cannot use is left at the preset's default and reported.
pub fn decode(query: &str, catalog: &Catalog) -> Decoded {
    let mut r = Reader::new(query);
    let mut state = PageState::default();

    // The page has always written `v`, so a link without it was typed by hand today: read it
    // in the current format (`?l=T4*1&h=5` is the writer's own scenario, not short-training's).
    let mut version = VERSION;
    if let Some(v) = r.single("v") {
        match v.trim().parse::<u32>() {
            Ok(n) if n > VERSION => r.reject("v", &v, Problem::NewerVersion),
            Ok(n) if n >= 1 => version = n,
            _ => r.reject(
                "v",
                &v,
                Problem::UnknownValue {
                    expected: Accepted::VersionsUpTo(VERSION),
                },
            ),
        }
    }
    r.upgrade(version, upgrade::STEPS);
    if let Some(view) = r.word("view", &["catalog", "review"], |s| match s {
        "catalog" => Some(View::Catalog),
        "review" => Some(View::Review),
        _ => None,
    }) {
        state.view = view;
    }
    state.lang = r.word("lang", &["zh", "en"], |s| s.parse().ok());
    state.currency = r.word("cur", &["CNY", "USD"], |s| s.parse().ok());
    state.fx_cny_per_usd = r.decimal("fx", FX_CNY_PER_USD.min(), FX_CNY_PER_USD.max);
    state.embed.enabled = r
        .word("embed", &["1"], |s| (s == "1").then_some(true))
        .unwrap_or(false);
    state.embed.locked = r
        .word("lock", &["1"], |s| (s == "1").then_some(true))
        .unwrap_or(false);
    if let Some(frame) = r.single("frame") {
        let ok = !frame.is_empty()
            && frame.len() <= 40
            && frame
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if ok {
            state.embed.frame = Some(frame);
        } else {
            r.reject(
                "frame",
                &frame,
                Problem::Malformed {
                    expected: Expected::FrameId,
                },
            );
        }
    }
    decode_catalog(&mut r, &mut state.catalog);
    // A link naming its own lines describes its own scenario; an unusable `preset=` is
    // reported and read as missing.
    state.preset = if r.has("l") {
        Preset::Custom
    } else {
        Preset::default()
    };
    if let Some(p) = r.word(
        "preset",
        &[
            "short-training",
            "traffic-spike",
            "dev-test",
            "shift-fleet",
            "custom",
        ],
        Preset::from_slug,
    ) {
        state.preset = p;
    }
    state.scenario = scenario_params::decode_scenario(&mut r, catalog, state.preset);

    Decoded {
        state,
        issues: r.finish(),
    }
}

fn id_list(r: &mut Reader, key: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for raw in r.all(key, MAX_LIST) {
        for item in raw.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let ok = item.len() <= 64
                && item
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
            if ok && out.len() < MAX_LIST {
                out.insert(item.to_string());
            } else {
                r.reject(
                    key,
                    item,
                    Problem::Malformed {
                        expected: Expected::IdList,
                    },
                );
            }
        }
    }
    out
}

fn decode_catalog(r: &mut Reader, f: &mut CatalogFilter) {
    f.gpus = id_list(r, "gpu");
    f.providers = id_list(r, "prov");
    if let Some(region) = r.single("region") {
        let region = region.trim();
        if region.is_empty() || region.chars().count() > 64 || region.chars().any(char::is_control)
        {
            r.reject(
                "region",
                region,
                Problem::Malformed {
                    expected: Expected::RegionId,
                },
            );
        } else {
            f.region = Some(region.to_string());
        }
    }
    f.min_memory_gib = r.integer::<u32>("mem", 1, 2048);
    if let Some(place) = r.word("place", scenario_params::GEO_WORDS, Geo::from_slug) {
        f.place = place;
    }
    f.min_gpus_per_machine = r.integer::<u32>("gpm", GPUS_PER_MACHINE.min, GPUS_PER_MACHINE.max);
    if let Some(need) = r.single("need") {
        for word in need.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            match RequiredMode::from_slug(word) {
                Some(m) => {
                    f.require.insert(m);
                }
                None => r.reject(
                    "need",
                    word,
                    Problem::UnknownValue {
                        expected: Accepted::Words(&["spot", "reserved", "monthly"]),
                    },
                ),
            }
        }
    }
    if let Some(q) = r.single("q") {
        f.text = q.chars().filter(|c| !c.is_control()).take(80).collect();
    }
    if let Some(sort) = r.word(
        "sort",
        &["od", "spot", "od-gb", "spot-gb", "mem"],
        SortKey::from_slug,
    ) {
        f.sort = sort;
    }
    if let Some(order) = r.word("order", &["asc", "desc"], |s| match s {
        "asc" => Some(SortOrder::Ascending),
        "desc" => Some(SortOrder::Descending),
        _ => None,
    }) {
        f.order = order;
    }
    if let Some(days) = r.integer::<u32>("old", 1, 3650) {
        f.stale_after_days = days;
    }
}

/// Chat apps and older browsers cut or refuse longer links; the page warns beyond this.
pub const LONG_LINK_CHARS: usize = 2_000;

/// Whether a full link of `len` characters is too long to paste safely into chat apps.
pub fn link_too_long(len: usize) -> bool {
    len > LONG_LINK_CHARS
}

/// Writes `state` as a query string (no leading `?`): fixed key order, defaults omitted.
pub fn encode(state: &PageState) -> String {
    let mut w = Writer::default();
    w.pair("v", &VERSION.to_string());
    if state.view != View::default() {
        w.pair("view", state.view.as_str());
    }
    if let Some(lang) = state.lang {
        w.pair("lang", lang.as_str());
    }
    if let Some(cur) = state.currency {
        w.pair("cur", cur.as_str());
    }
    if let Some(fx) = state.fx_cny_per_usd {
        w.pair("fx", &fx.normalize().to_string());
    }
    if state.embed.enabled {
        w.pair("embed", "1");
    }
    if state.embed.locked {
        w.pair("lock", "1");
    }
    if let Some(frame) = &state.embed.frame {
        w.pair("frame", frame);
    }
    encode_catalog(&mut w, &state.catalog);
    // Without `preset=`, a link with lines would start from `custom` (see the module doc).
    let writes_lines = state.scenario.lines != state.preset.scenario().lines;
    if state.preset != Preset::default() || writes_lines {
        w.pair("preset", state.preset.as_str());
    }
    scenario_params::encode_scenario(&mut w, &state.scenario, state.preset);
    w.finish()
}

fn encode_catalog(w: &mut Writer, f: &CatalogFilter) {
    let join = |set: &BTreeSet<String>| set.iter().cloned().collect::<Vec<_>>().join(",");
    if !f.gpus.is_empty() {
        w.pair("gpu", &join(&f.gpus));
    }
    if !f.providers.is_empty() {
        w.pair("prov", &join(&f.providers));
    }
    if let Some(region) = &f.region {
        w.pair("region", region);
    }
    if let Some(mem) = f.min_memory_gib {
        w.pair("mem", &mem.to_string());
    }
    if f.place != Geo::Anywhere {
        w.pair("place", f.place.as_str());
    }
    if let Some(n) = f.min_gpus_per_machine {
        w.pair("gpm", &n.to_string());
    }
    if !f.require.is_empty() {
        let need: Vec<&str> = f.require.iter().map(|m| m.as_str()).collect();
        w.pair("need", &need.join(","));
    }
    if !f.text.is_empty() {
        w.pair("q", &f.text);
    }
    if f.sort != SortKey::default() {
        w.pair("sort", f.sort.as_str());
    }
    if f.order != SortOrder::default() {
        w.pair("order", "desc");
    }
    if f.stale_after_days != DEFAULT_STALE_AFTER_DAYS {
        w.pair("old", &f.stale_after_days.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::l10n::Localize;

    fn decode(q: &str) -> Decoded {
        super::decode(q, &embedded().catalog)
    }

    #[test]
    fn the_settings_leave_out_the_lines_the_period_and_the_workload_only() {
        use crate::recommend::{TaskKind, Workload};
        use crate::scenario::Line;

        let state = decode("?preset=traffic-spike&lang=zh&cur=USD").state;
        assert!(!state.scenario.lines.is_empty());
        let settings = state.settings();
        assert!(settings.scenario.lines.is_empty());
        assert_eq!(settings.scenario.workload, None);
        assert_eq!(settings.settings(), settings, "nothing more to leave out");
        let edited = |edit: &dyn Fn(&mut PageState)| {
            let mut s = state.clone();
            edit(&mut s);
            assert_ne!(s, state, "the edit changes the state");
            s.settings()
        };
        // The edits most often made change no setting...
        let hours = Horizon::Hours(Decimal::from(25));
        assert_eq!(edited(&|s| s.scenario.horizon = hours), settings);
        let line = Line::constant("T4", Decimal::from(3));
        assert_eq!(edited(&|s| s.scenario.lines.push(line.clone())), settings);
        let workload = Some(Workload::for_task(TaskKind::OnlineServing));
        assert_eq!(edited(&|s| s.scenario.workload = workload), settings);
        // ...and any other edit does.
        assert_ne!(edited(&|s| s.lang = Some(Lang::En)), settings);
        assert_ne!(edited(&|s| s.currency = Some(Currency::Cny)), settings);
        assert_ne!(edited(&|s| s.scenario.tz_offset_minutes = 60), settings);
        assert_ne!(edited(&|s| s.scenario.lead_minutes += 1), settings);
        assert_ne!(edited(&|s| s.embed.locked = true), settings);
        assert_ne!(edited(&|s| s.catalog.text = "h100".into()), settings);
    }

    #[test]
    fn empty_query_is_the_default_state() {
        let d = decode("");
        assert_eq!(d.state, PageState::default());
        assert!(d.issues.is_empty());
    }

    #[test]
    fn catalog_filters_round_trip() {
        let q = "v=1&view=catalog&lang=zh&cur=USD&fx=7.1&gpu=A100-80GB,T4&prov=aws,runpod&region=us-east-1&mem=24&need=spot,reserved&q=p4d&sort=od-gb&order=desc&old=90";
        let d = decode(q);
        assert!(d.issues.is_empty(), "{:?}", d.issues);
        let again = decode(&encode(&d.state));
        assert_eq!(again.state, d.state);
        assert_eq!(d.state.catalog.gpus.len(), 2);
        assert_eq!(d.state.catalog.sort, SortKey::OnDemandPerGb);
    }

    #[test]
    fn a_bad_value_is_reported_and_the_rest_kept() {
        let d = decode("gpu=T4&mem=lots&sort=cheapest&cur=EUR&fx=0");
        assert!(d.state.catalog.gpus.contains("T4"));
        assert_eq!(d.state.catalog.min_memory_gib, None);
        let params: Vec<&str> = d.issues.iter().map(|i| i.param.as_str()).collect();
        assert_eq!(params, ["cur", "fx", "mem", "sort"]);
    }

    #[test]
    fn newer_versions_are_read_with_a_notice() {
        let d = decode("v=9&gpu=T4");
        assert_eq!(d.issues[0].problem, Problem::NewerVersion);
        assert!(d.state.catalog.gpus.contains("T4"));
    }

    /// Issue 14: `?l=T4*1&h=5` started from short-training and showed its ¥8 V100 quote (as a
    /// seller that cannot serve), a saving against its ¥50,000 deposit, and spot.
    #[test]
    fn a_link_naming_its_own_lines_starts_from_your_own_scenario() {
        for q in ["l=T4*1&h=5", "v=2&l=T4*1&h=5", "l=T4*1&h=5&preset=nonsense"] {
            let d = decode(q);
            let s = &d.state.scenario;
            assert_eq!(d.state.preset, Preset::Custom, "{q}");
            assert!(s.custom_prices.is_empty(), "{q}: {:?}", s.custom_prices);
            assert_eq!(s.reference, None, "{q}");
            assert!(!s.options.spot_usable(), "{q}: spot from short-training");
            assert_eq!(s.lines.len(), 1, "{q}");
            assert_eq!(s.lines[0].gpu, "T4", "{q}");
        }
        assert!(decode("l=T4*1&h=5").issues.is_empty());
    }

    #[test]
    fn a_version_1_link_naming_its_lines_keeps_short_training() {
        let d = decode("v=1&l=T4*1&h=5");
        assert!(d.issues.is_empty(), "{:?}", d.issues);
        assert_eq!(d.state.preset, Preset::ShortTraining);
        let s = &d.state.scenario;
        assert_eq!(
            s.custom_prices,
            Preset::ShortTraining.scenario().custom_prices
        );
        assert_eq!(s.reference, Preset::ShortTraining.scenario().reference);
        assert!(s.options.spot_usable());
        assert_eq!(s.lines[0].gpu, "T4");
    }

    #[test]
    fn lines_of_the_default_preset_are_written_with_its_name() {
        let mut state = PageState::default();
        state.scenario.lines = decode("l=T4*1").state.scenario.lines;
        let q = encode(&state);
        assert_eq!(q, "v=2&preset=short-training&l=T4*1");
        assert_eq!(decode(&q).state, state);
        assert_eq!(encode(&PageState::default()), "v=2", "no lines, no preset");
        let own = decode("l=T4*1&h=5").state;
        assert_eq!(encode(&own), "v=2&preset=custom&h=5&l=T4*1");
    }

    #[test]
    fn hours_that_are_not_whole_minutes_are_applied_with_a_notice() {
        // `h=1.01` was billed as 61 minutes without a word: the schedule counts whole minutes.
        use crate::scenario::Horizon;
        let d = decode("h=1.01&l=A40*1");
        assert_eq!(
            d.state.scenario.horizon,
            Horizon::Hours(Decimal::new(101, 2))
        );
        assert_eq!(d.state.scenario.horizon.minutes(), 61);
        assert_eq!(
            d.issues,
            [ParamIssue::new(
                "h",
                "1.01",
                Problem::RoundedToMinutes { minutes: 61 }
            )]
        );
        assert_eq!(
            d.issues[0].text(Lang::En),
            "h=“1.01”: used 1 h 1 min (1.0167 h); the calculator counts whole minutes."
        );
        assert!(d.issues[0].text(Lang::Zh).contains("1 小时 1 分钟"));
        assert_eq!(d.ignored().count(), 0, "applied, not a rejection");
        // The link keeps what was typed, and says so again when reopened.
        assert_eq!(decode(&encode(&d.state)).issues, d.issues);
        // Whole minutes need no notice.
        for whole in ["h=2", "h=1.5", "h=0.25", "h=month", "h=2026-11"] {
            let d = decode(whole);
            assert!(d.issues.is_empty(), "{whole}: {:?}", d.issues);
        }
    }

    #[test]
    fn script_in_a_list_parameter_is_rejected() {
        let d = decode("gpu=%3Cscript%3Ealert(1)%3C/script%3E");
        assert!(d.state.catalog.gpus.is_empty());
        assert_eq!(d.issues.len(), 1);
    }
}
