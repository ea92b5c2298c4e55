//! A calculator link's result, printed as plain HTML before the page's framework has arrived
//! (issue 29), and the browser facts the page settles its language and date from.
//!
//! A release page loads this crate's binary first, as a module of its own (the engine, the
//! catalog and the printer, no UI framework; `scripts/first-paint.mjs`), then the app, which
//! replaces the first paint in one task once it has rendered (`src/start.rs`). The app calls
//! [`paint`] itself when no first paint is on the page (a debug build, or a first module that
//! could not be fetched), so the page reads the same either way.

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::Text;
use gpucost_core::print::html;
use web_sys::{Document, Window};

/// The first paint's element, in place of the loading line (`#boot`) until the app has rendered.
pub const FIRST_PAINT_ID: &str = "first-paint";

/// The loading line the page's HTML starts with.
const BOOT_ID: &str = "boot";

/// Writes the first paint in place of the loading line, for a calculator link; `None` when
/// there is none to write (another page, an embedded calculator, no loading line left), and the
/// loading line then stays until the app arrives.
pub fn paint() -> Option<()> {
    let window = web_sys::window()?;
    let document = window.document()?;
    let boot = document.get_element_by_id(BOOT_ID)?;
    let first = html::first_paint(
        embedded(),
        &current_query(&window),
        browser_lang(&window),
        today(),
    )?;
    let paint = document.create_element("div").ok()?;
    paint.set_id(FIRST_PAINT_ID);
    paint.set_class_name("first-paint");
    let _ = paint.set_attribute("data-testid", FIRST_PAINT_ID);
    let _ = paint.set_attribute("aria-busy", "true");
    // Every text in it went through the printer's HTML escape (see `print::html`).
    paint.set_inner_html(&first.html);
    boot.replace_with_with_node_1(&paint).ok()?;
    // Read aloud and hyphenated in its language, as the app will set it.
    set_document_language(&document, first.lang, Text::AppTitle.get(first.lang));
    Some(())
}

/// The link's query string, without its `?`.
pub fn current_query(window: &Window) -> String {
    window
        .location()
        .search()
        .unwrap_or_default()
        .trim_start_matches('?')
        .to_string()
}

/// The language the browser asks for, from its list of preferred languages.
pub fn browser_lang(window: &Window) -> Lang {
    let navigator = window.navigator();
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

/// Sets `<html lang>` and the document's title.
pub fn set_document_language(document: &Document, lang: Lang, title: &str) {
    if let Some(html) = document.document_element() {
        let _ = html.set_attribute("lang", lang.html_tag());
    }
    document.set_title(title);
}
