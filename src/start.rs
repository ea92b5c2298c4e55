//! How the page starts (issue 29): the result first, the framework after it.
//!
//! [`first_paint`] prints the calculator's results as plain HTML (the engine's
//! [`print::html`](gpucost_core::print::html) printer, no UI framework) in place of the loading
//! line, from the link alone. [`start_app`] mounts the Leptos app once that has been painted;
//! its first render replaces the first paint in one task, so the browser never paints both or
//! neither, in the same classes, so the boxes stay where they were.
//!
//! With `GPUCOST_SPLIT_APP=1` at build time (`build.rs` sets cfg `gpucost_split_app` in a
//! split release build) the app's mount is a split point of its own (module `app`): the first
//! module then holds the engine, the catalog and the printer but not the framework's page
//! code. It is measured in BENCHMARKS.md (2026-12-07, session 14) and off by default: the
//! splitter then copies code into every part, and a calculator visit fetches far more than
//! the 600 KB budget.

use gpucost_core::catalog::embedded;
use gpucost_core::l10n::ui::Text;
use gpucost_core::print::html;
use leptos::prelude::document;

use crate::parts::SplitLoaderError;
use crate::web;

/// The first paint's element, in place of `#boot` until the app has rendered.
pub const FIRST_PAINT_ID: &str = "first-paint";

/// Writes the first paint in place of the loading line (`#boot`), for a calculator link; any
/// other page keeps its loading line until the app arrives.
pub fn first_paint() {
    let document = document();
    let Some(boot) = document.get_element_by_id("boot") else {
        return;
    };
    let Some(first) = html::first_paint(
        embedded(),
        &web::current_query(),
        web::browser_lang(),
        web::today(),
    ) else {
        return;
    };
    let Ok(paint) = document.create_element("div") else {
        return;
    };
    paint.set_id(FIRST_PAINT_ID);
    paint.set_class_name("first-paint");
    let _ = paint.set_attribute("data-testid", FIRST_PAINT_ID);
    let _ = paint.set_attribute("aria-busy", "true");
    // Every text in it went through the printer's HTML escape (see `print::html`).
    paint.set_inner_html(&first.html);
    let _ = boot.replace_with_with_node_1(&paint);
    // Read aloud and hyphenated in its language, as the app will set it.
    web::set_document_language(first.lang, Text::AppTitle.get(first.lang));
}

/// Mounts the app: after the first paint has been painted, or, in a build that splits the app
/// off, once its code is here (if it cannot be fetched, offline before any visit cached it, the
/// crash notice offers a reload and the first paint stays).
pub fn start_app() {
    #[cfg(gpucost_split_app)]
    wasm_bindgen_futures::spawn_local(async {
        if mount_app().await.is_err() {
            crate::crash::show_notice();
        }
    });
    #[cfg(not(gpucost_split_app))]
    {
        if document().get_element_by_id(FIRST_PAINT_ID).is_some() {
            web::after_next_paint(|| {
                let _ = mount_app();
            });
        } else {
            let _ = mount_app();
        }
    }
}

/// The app, mounted; the first paint (or the loading line) removed in the same task.
#[cfg_attr(
    gpucost_split_app,
    leptos::wasm_split::wasm_split(app, wasm_split_path = ::leptos::wasm_split, fallible)
)]
pub fn mount_app() -> Result<(), SplitLoaderError> {
    leptos::mount::mount_to_body(crate::app::App);
    let document = document();
    for id in [FIRST_PAINT_ID, "boot"] {
        if let Some(element) = document.get_element_by_id(id) {
            element.remove();
        }
    }
    Ok(())
}
