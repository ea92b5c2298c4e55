//! The few places the app touches the browser: the URL, the clock, the language list and the
//! document's `lang`/`title`. Everything else is pure.

use std::cell::{Cell, RefCell};
use std::time::Duration;

use chrono::NaiveDate;
use gpucost_core::format::Lang;
use leptos::prelude::window;
use wasm_bindgen::JsValue;

/// The page's query string, without the leading `?`.
pub fn current_query() -> String {
    first_paint::current_query(&window())
}

/// Replaces the current history entry's query (no new entry, no scroll, same path), so the
/// link always holds the whole state and works under any sub-path.
pub fn replace_query(query: &str) {
    let location = window().location();
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let url = if query.is_empty() {
        format!("{path}{hash}")
    } else {
        format!("{path}?{query}{hash}")
    };
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
    LAST_WRITE_MS.set(js_sys::Date::now());
}

/// How long a changed state waits before it is written to the address bar.
const URL_WRITE_DELAY: Duration = Duration::from_millis(150);

thread_local! {
    /// The latest query not yet written to the address bar.
    static PENDING_QUERY: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Whether the address bar has been written once since the page loaded.
    static WROTE_FIRST_QUERY: Cell<bool> = const { Cell::new(false) };
    /// When the address bar was last written (ms since the epoch).
    static LAST_WRITE_MS: Cell<f64> = const { Cell::new(f64::NEG_INFINITY) };
}

/// Writes `query` to the address bar soon, at most once per [`URL_WRITE_DELAY`].
///
/// `history.replaceState` is a synchronous round trip to the browser process (about 10 ms per
/// call in Chromium, which also ignores calls beyond a rate limit), so writing on every
/// keystroke made typing slow. A lone edit is written at once, after the results are updated
/// and still within the edit's task, so a reload the user starts right away reads the new
/// address (the page-hide backstop comes too late for a reload, and a timer loses the race
/// about a third of the time); a burst of edits is written at most once per delay. The last query is always written: then, or at once when the page is
/// hidden or unloaded (see [`write_pending_query_on_leave`]).
pub fn replace_query_soon(query: String) {
    // The first write (the link as the page read it, in canonical form) is immediate, so the
    // address is settled as soon as the page has rendered.
    if !WROTE_FIRST_QUERY.replace(true) {
        replace_query(&query);
        return;
    }
    let first = PENDING_QUERY.with(|p| p.borrow_mut().replace(query).is_none());
    if first {
        let since = js_sys::Date::now() - LAST_WRITE_MS.get();
        let wait = URL_WRITE_DELAY.as_millis() as f64 - since;
        if wait <= 0.0 {
            // After the effects already queued for this edit, within the same task.
            leptos::task::spawn_local(async { write_pending_query() });
        } else {
            leptos::prelude::set_timeout(write_pending_query, Duration::from_millis(wait as u64));
        }
    }
}

/// Writes the pending query, if any, now.
pub fn write_pending_query() {
    if let Some(query) = PENDING_QUERY.with(|p| p.borrow_mut().take()) {
        replace_query(&query);
    }
}

/// Runs `f` just after the browser has painted the next frame, so what is built in `f` does
/// not hold back that paint.
pub fn after_next_paint(f: impl FnOnce() + 'static) {
    // A task queued from an animation-frame callback runs after that frame is painted.
    leptos::prelude::request_animation_frame(move || {
        leptos::prelude::set_timeout(f, Duration::ZERO)
    });
}

/// Makes a reload, a closed tab or a switch to another tab keep the latest state.
pub fn write_pending_query_on_leave() {
    let window = window();
    for event in ["pagehide", "visibilitychange"] {
        gloo_events::EventListener::new(&window, event, |_| write_pending_query()).forget();
    }
}

/// Calls `f(true)` before the page is printed and `f(false)` after.
pub fn on_print(f: impl Fn(bool) + Clone + 'static) {
    let window = window();
    let before = f.clone();
    gloo_events::EventListener::new(&window, "beforeprint", move |_| before(true)).forget();
    gloo_events::EventListener::new(&window, "afterprint", move |_| f(false)).forget();
}

/// The page's address without query or fragment (works under any sub-path).
pub fn page_base() -> String {
    let location = window().location();
    format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    )
}

/// The browser's preferred interface language.
pub fn browser_lang() -> Lang {
    first_paint::browser_lang(&window())
}

/// Today's date in the browser's time zone.
pub fn today() -> NaiveDate {
    first_paint::today()
}

/// Sets `<html lang>` and the document title.
pub fn set_document_language(lang: Lang, title: &str) {
    first_paint::set_document_language(&leptos::prelude::document(), lang, title);
}

/// The page's full address (for "copy link").
pub fn current_href() -> String {
    window().location().href().unwrap_or_default()
}

/// Copies `text` to the clipboard; `false` when the browser refuses.
pub async fn copy_to_clipboard(text: &str) -> bool {
    let promise = window().navigator().clipboard().write_text(text);
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// Tells the embedding page the document's height, now and whenever it changes, with
/// `{type: "gpu-cost-lab:height", height, frame}` (see docs/EMBEDDING.md).
pub fn report_height_to_parent(frame: Option<String>) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let post = move || {
        let Some(root) = leptos::prelude::document().document_element() else {
            return;
        };
        let height = root.scroll_height();
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"type".into(), &"gpu-cost-lab:height".into());
        let _ = js_sys::Reflect::set(&message, &"height".into(), &JsValue::from(height));
        let frame_value = frame.as_deref().map(JsValue::from).unwrap_or(JsValue::NULL);
        let _ = js_sys::Reflect::set(&message, &"frame".into(), &frame_value);
        if let Ok(Some(parent)) = window().parent() {
            // The height is not a secret; any embedding origin may read it.
            let _ = parent.post_message(&message, "*");
        }
    };
    post();
    let callback = Closure::<dyn FnMut()>::new(post);
    if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
        if let Some(body) = leptos::prelude::document().body() {
            observer.observe(&body);
        }
    }
    // The observer lives as long as the page.
    callback.forget();
}

/// Watches whether `el` is on the screen or within one screen's height of it: `f(true)` when
/// it comes that near, `f(false)` when it leaves (and one call soon after the start). The
/// watch ends when the returned value is dropped. Where the browser has no
/// `IntersectionObserver`, `f(true)` is called at once and never again.
pub fn watch_near_screen(el: &web_sys::Element, f: impl Fn(bool) + 'static) -> ScreenWatch {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    use web_sys::{IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit};

    let f = std::rc::Rc::new(f);
    let report = f.clone();
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        // Entries come in order: the last one is the element's state now.
        if let Some(entry) = entries.iter().last() {
            report(
                entry
                    .unchecked_into::<IntersectionObserverEntry>()
                    .is_intersecting(),
            );
        }
    });
    let options = IntersectionObserverInit::new();
    options.set_root_margin("100% 0px");
    let observer =
        IntersectionObserver::new_with_options(callback.as_ref().unchecked_ref(), &options).ok();
    match &observer {
        Some(observer) => observer.observe(el),
        None => f(true),
    }
    ScreenWatch {
        observer,
        _callback: callback,
    }
}

/// A [`watch_near_screen`] in progress; dropping it ends the watch.
pub struct ScreenWatch {
    observer: Option<web_sys::IntersectionObserver>,
    _callback: wasm_bindgen::closure::Closure<dyn FnMut(js_sys::Array)>,
}

impl Drop for ScreenWatch {
    fn drop(&mut self) {
        if let Some(observer) = &self.observer {
            observer.disconnect();
        }
    }
}

/// Offers `contents` as a file download named `name`.
pub fn download(name: &str, mime: &str, contents: &str) {
    use wasm_bindgen::JsCast;
    let parts = js_sys::Array::of1(&JsValue::from_str(contents));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let document = leptos::prelude::document();
    if let Ok(a) = document.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(name);
        let _ = document.body().map(|b| b.append_child(&a));
        a.click();
        a.remove();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Opens the print dialog.
pub fn print() {
    let _ = window().print();
}

/// The text of a file the user picked.
pub async fn read_file(file: web_sys::File) -> Option<String> {
    wasm_bindgen_futures::JsFuture::from(file.text())
        .await
        .ok()?
        .as_string()
}

/// The browser's local storage, when available.
pub fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// Every `(key, value)` in local storage.
pub fn storage_pairs() -> Vec<(String, String)> {
    let Some(s) = storage() else {
        return Vec::new();
    };
    let n = s.length().unwrap_or(0);
    (0..n)
        .filter_map(|i| {
            let key = s.key(i).ok().flatten()?;
            let value = s.get_item(&key).ok().flatten()?;
            Some((key, value))
        })
        .collect()
}
