//! The few places the app touches the browser: the URL, the clock, the language list and the
//! document's `lang`/`title`. Everything else is pure.

use chrono::NaiveDate;
use gpucost_core::format::Lang;
use leptos::prelude::window;
use wasm_bindgen::JsValue;

/// The page's query string, without the leading `?`.
pub fn current_query() -> String {
    window()
        .location()
        .search()
        .unwrap_or_default()
        .trim_start_matches('?')
        .to_string()
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
}

/// The browser's preferred interface language.
pub fn browser_lang() -> Lang {
    let navigator = window().navigator();
    let languages: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .chain(navigator.language())
        .collect();
    Lang::from_browser(languages.iter().map(String::as_str))
}

/// Today's date in the browser's time zone.
pub fn today() -> NaiveDate {
    let now = js_sys::Date::new_0();
    NaiveDate::from_ymd_opt(
        now.get_full_year() as i32,
        now.get_month() + 1,
        now.get_date(),
    )
    .unwrap_or_default()
}

/// Sets `<html lang>` and the document title.
pub fn set_document_language(lang: Lang, title: &str) {
    let document = leptos::prelude::document();
    if let Some(html) = document.document_element() {
        let _ = html.set_attribute("lang", lang.html_tag());
    }
    document.set_title(title);
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
