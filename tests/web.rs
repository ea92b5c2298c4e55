//! wasm-bindgen tests: the real app mounted in headless Chromium.
#![cfg(target_arch = "wasm32")]

use chrono::NaiveDate;
use gpu_cost_lab::app::App;
use gpu_cost_lab::web;
use gpucost_core::browse::{browse, CatalogFilter};
use gpucost_core::catalog::embedded;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Lets effects and the DOM settle.
async fn tick() {
    gloo_timers::future::TimeoutFuture::new(20).await;
}

/// Mounts the app in a fresh element after setting the page's query string.
fn mount_with_query(query: &str) -> web_sys::HtmlElement {
    web::replace_query(query);
    let host: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&host).unwrap();
    let handle = leptos::mount::mount_to(host.clone(), App);
    handle.forget();
    host
}

/// Waits (up to 5 s) until `selector` is in `host`: the scenario form is a part, built after
/// the first paint.
async fn until_shown(host: &web_sys::HtmlElement, selector: &str) {
    for _ in 0..250 {
        if host.query_selector(selector).unwrap().is_some() {
            return;
        }
        tick().await;
    }
    panic!("{selector} not shown within 5 s");
}

fn text_of(host: &web_sys::HtmlElement, selector: &str) -> String {
    host.query_selector(selector)
        .unwrap()
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn catalog_filter_from_the_link_shows_only_that_gpu() {
    let host = mount_with_query("view=catalog&gpu=T4&lang=en&cur=USD");
    tick().await;
    let rows = host.query_selector_all("tr[data-offer]").unwrap();
    let c = &embedded().catalog;
    let filter = CatalogFilter {
        gpus: ["T4".to_string()].into(),
        ..Default::default()
    };
    let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
    let expected = browse(c, &filter, &FxTable::from_catalog(c), Currency::Usd, today).len();
    assert_eq!(rows.length() as usize, expected.min(100));
    assert!(text_of(&host, "[data-testid=row-count]").contains(&format!("/ {expected} ")));
    for i in 0..rows.length() {
        let text = rows.item(i).unwrap().text_content().unwrap();
        assert!(text.contains("T4"), "row without T4: {text}");
    }
    host.remove();
}

#[wasm_bindgen_test]
async fn changing_a_filter_rewrites_the_link() {
    let host = mount_with_query("view=catalog&lang=en");
    tick().await;
    let select: web_sys::HtmlSelectElement = host
        .query_selector("[data-testid=filter-gpu]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    select.set_value("A100-80GB");
    let change = web_sys::Event::new("change").unwrap();
    select.dispatch_event(&change).unwrap();
    // The link is written at most every 150 ms (src/web.rs).
    gloo_timers::future::TimeoutFuture::new(300).await;
    let search = window().location().search().unwrap();
    assert!(search.contains("gpu=A100-80GB"), "URL is {search}");
    host.remove();
}

#[wasm_bindgen_test]
async fn a_hostile_parameter_is_reported_and_the_rest_kept() {
    let host = mount_with_query("view=catalog&gpu=T4&mem=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E");
    tick().await;
    let notice = text_of(&host, "[data-testid=ignored-params]");
    assert!(notice.contains("mem="), "notice: {notice}");
    assert!(
        host.query_selector("img").unwrap().is_none(),
        "markup from the link was rendered"
    );
    assert!(host.query_selector_all("tr[data-offer]").unwrap().length() > 0);
    host.remove();
}

#[wasm_bindgen_test]
async fn rounded_hours_are_applied_with_a_note_saying_what_was_used() {
    // `h=1.01` used to be billed as 61 minutes without a word.
    let host = mount_with_query("lang=en&h=1.01");
    tick().await;
    let applied = text_of(&host, "[data-testid=applied-params]");
    assert!(
        applied.contains("h=“1.01”: used 1 h 1 min (1.0167 h)"),
        "notice: {applied}"
    );
    until_shown(&host, "[data-testid=hours-rounded]").await;
    let hint = text_of(&host, "[data-testid=hours-rounded]");
    assert!(hint.contains("used 1 h 1 min"), "hint: {hint}");
    host.remove();
}

#[wasm_bindgen_test]
fn a_crash_shows_a_way_out_instead_of_a_frozen_page() {
    gpu_cost_lab::crash::show_notice();
    gpu_cost_lab::crash::show_notice();
    let notices = document().query_selector_all("#crash-notice").unwrap();
    assert_eq!(notices.length(), 1, "one notice, however many panics");
    let reset = document()
        .query_selector("[data-testid=crash-reset]")
        .unwrap()
        .unwrap();
    assert_eq!(
        reset.get_attribute("href").unwrap(),
        window().location().pathname().unwrap()
    );
    assert_eq!(
        document()
            .query_selector("#crash-notice")
            .unwrap()
            .unwrap()
            .get_attribute("role")
            .as_deref(),
        Some("alert")
    );
    document()
        .get_element_by_id("crash-notice")
        .unwrap()
        .remove();
}

/// Mounts a reader of `first(source)` — the first half of a `(shown, other)` state — and checks
/// that a change to the other half does not wake it while a change to its own half does.
async fn wakes_only_when_its_value_changes(
    first: impl Fn(RwSignal<(u32, u32)>) -> Signal<u32> + 'static,
) {
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    let source = RwSignal::new((1u32, 10u32));
    let runs = Arc::new(AtomicU32::new(0));
    let shown = Arc::new(AtomicU32::new(0));
    let host: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    let (r, s) = (runs.clone(), shown.clone());
    let handle = leptos::mount::mount_to(host, move || {
        let first = first(source);
        Effect::new(move |_| {
            s.store(first.get(), Ordering::SeqCst);
            r.fetch_add(1, Ordering::SeqCst);
        });
    });
    tick().await;
    let settled = runs.load(Ordering::SeqCst);
    assert_eq!(shown.load(Ordering::SeqCst), 1);

    source.update(|v| v.1 = 11);
    tick().await;
    assert_eq!(
        runs.load(Ordering::SeqCst),
        settled,
        "an unrelated change woke the reader"
    );

    source.update(|v| v.0 = 2);
    tick().await;
    assert_eq!(shown.load(Ordering::SeqCst), 2);
    assert_eq!(runs.load(Ordering::SeqCst), settled + 1);
    drop(handle);
}

/// Mounts an effect that reads `read` and returns how many times it has run.
fn count_runs<T: 'static>(
    read: impl Fn() -> T + Send + Sync + 'static,
) -> std::sync::Arc<std::sync::atomic::AtomicU32> {
    use std::sync::atomic::{AtomicU32, Ordering};
    let runs = std::sync::Arc::new(AtomicU32::new(0));
    let r = runs.clone();
    let host: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    let handle = leptos::mount::mount_to(host, move || {
        Effect::new(move |_| {
            read();
            r.fetch_add(1, Ordering::SeqCst);
        });
    });
    handle.forget();
    runs
}

#[wasm_bindgen_test]
async fn the_store_wakes_a_parts_readers_only_when_that_part_changes() {
    use gpu_cost_lab::store::PageStore;
    use gpucost_core::recommend::{TaskKind, Workload};
    use gpucost_core::scenario::{Demand, Line};
    use gpucost_core::share::PageState;
    use rust_decimal::Decimal;
    use std::sync::atomic::Ordering::SeqCst;

    let mut state = PageState::default();
    state.scenario.lines = vec![
        Line::constant("t4", Decimal::from(1)),
        Line::constant("t4", Decimal::from(2)),
    ];
    let store = PageStore::new(state);
    let (line0, demand1, workload) = (store.line(0), store.demand(1), store.workload());
    let line0_runs = count_runs(move || line0.get());
    let demand1_runs = count_runs(move || demand1.get());
    let workload_runs = count_runs(move || workload.get());
    let whole_runs = count_runs(move || store.with(|p| p.scenario.lines.len()));
    tick().await;
    let runs = || [&line0_runs, &demand1_runs, &workload_runs, &whole_runs].map(|r| r.load(SeqCst));
    assert_eq!(runs(), [1, 1, 1, 1]);

    // Line 1's GPU: neither line 0, nor line 1's demand, nor the workload changed.
    store.update(|p| p.scenario.lines[1].gpu = "l4".into());
    tick().await;
    assert_eq!(runs(), [1, 1, 1, 2], "only the whole state's reader wakes");

    store.update(|p| p.scenario.lines[0].demand = Demand::Constant(Decimal::from(3)));
    tick().await;
    assert_eq!(runs(), [2, 1, 1, 3]);
    assert_eq!(
        line0.get_untracked().map(|l| l.demand),
        Some(Demand::Constant(Decimal::from(3)))
    );

    store.update(|p| p.scenario.lines[1].demand = Demand::Constant(Decimal::from(4)));
    tick().await;
    assert_eq!(runs(), [2, 2, 1, 4]);

    store.update(|p| p.scenario.workload = Some(Workload::for_task(TaskKind::OnlineServing)));
    tick().await;
    assert_eq!(runs(), [2, 2, 2, 5]);

    // Removing line 0 moves line 1 into its place and leaves no line 1: both wake.
    store.update(|p| {
        p.scenario.lines.remove(0);
    });
    tick().await;
    assert_eq!(runs(), [3, 3, 2, 6]);
    assert_eq!(demand1.get_untracked(), None);

    // A write that changes nothing wakes no part.
    store.update(|_| {});
    tick().await;
    assert_eq!(runs()[..3], [3, 3, 2]);
}

#[wasm_bindgen_test]
async fn the_settings_wake_their_readers_only_when_a_setting_changes() {
    use gpu_cost_lab::store::PageStore;
    use gpucost_core::format::Lang;
    use gpucost_core::recommend::{TaskKind, Workload};
    use gpucost_core::scenario::{Demand, Horizon, Line};
    use gpucost_core::share::PageState;
    use rust_decimal::Decimal;
    use std::sync::atomic::Ordering::SeqCst;

    let mut state = PageState::default();
    state.scenario.lines = vec![Line::constant("t4", Decimal::from(1))];
    let store = PageStore::new(state);
    let settings_runs = count_runs(move || store.with_settings(|p| p.lang));
    tick().await;
    assert_eq!(settings_runs.load(SeqCst), 1);

    // The edits that have readers of their own, or change with nearly every edit.
    store.update(|p| p.scenario.horizon = Horizon::Hours(Decimal::from(25)));
    store.update(|p| p.scenario.lines[0].demand = Demand::Constant(Decimal::from(3)));
    store.update(|p| {
        p.scenario
            .lines
            .push(Line::constant("l4", Decimal::from(2)))
    });
    store.update(|p| p.scenario.workload = Some(Workload::for_task(TaskKind::OnlineServing)));
    tick().await;
    assert_eq!(settings_runs.load(SeqCst), 1, "no setting changed");

    // A setting of the scenario and one of the page.
    store.update(|p| p.scenario.tz_offset_minutes = 60);
    tick().await;
    assert_eq!(settings_runs.load(SeqCst), 2);
    store.update(|p| p.lang = Some(Lang::Zh));
    tick().await;
    assert_eq!(settings_runs.load(SeqCst), 3);
    assert_eq!(store.with_settings(|p| p.lang), Some(Lang::Zh));
    assert_eq!(
        store.with_settings(|p| p.scenario.tz_offset_minutes),
        60,
        "the readers see the new settings"
    );
    // Neither the lines nor the period nor the workload can be read as settings: they are blank.
    store.with_settings(|p| {
        assert!(p.scenario.lines.is_empty());
        assert_eq!(p.scenario.workload, None);
    });
}

#[wasm_bindgen_test]
async fn a_value_while_shown_waits_while_hidden_and_catches_up_when_shown() {
    use gpu_cost_lab::signals::while_shown;
    use std::sync::atomic::{AtomicU32, Ordering::SeqCst};
    use std::sync::Arc;

    let source = RwSignal::new(1u32);
    let shown = RwSignal::new(false);
    let computed = Arc::new(AtomicU32::new(0));
    let c = computed.clone();
    let value = while_shown(shown.into(), move || {
        c.fetch_add(1, SeqCst);
        source.get() * 10
    });
    let runs = count_runs(move || value.get());
    tick().await;
    // Computed once at the start, hidden or not.
    assert_eq!((value.get_untracked(), computed.load(SeqCst)), (10, 1));

    source.set(2);
    tick().await;
    source.set(3);
    tick().await;
    assert_eq!(value.get_untracked(), 10, "hidden, it keeps its last value");
    assert_eq!(runs.load(SeqCst), 1, "its reader did not wake");
    assert_eq!(computed.load(SeqCst), 1, "nothing computed while hidden");

    shown.set(true);
    tick().await;
    assert_eq!(value.get_untracked(), 30, "shown, it catches up");
    assert_eq!(runs.load(SeqCst), 2);
    source.set(4);
    tick().await;
    assert_eq!(value.get_untracked(), 40, "and follows while shown");
}

#[wasm_bindgen_test]
async fn a_part_wakes_its_readers_only_when_its_value_changes() {
    use gpu_cost_lab::signals::part;
    // A row's cells are parts of one memo: a change to another part must not re-run them.
    wakes_only_when_its_value_changes(|source| {
        let whole = Memo::new(move |_| source.get());
        part(whole, |v| v.0).into()
    })
    .await;
}
