//! How the page starts (issue 29): the result first, the framework after it.
//!
//! [`first_paint::paint`] prints the calculator's results as plain HTML (the engine's
//! [`print::html`](gpucost_core::print::html) printer, no UI framework) in place of the loading
//! line, from the link alone: in a release build the page's first module, loaded before the
//! app (crates/first-paint, `scripts/first-paint.mjs`), has done so already; otherwise the app
//! does it as it starts. [`start_app`] mounts the Leptos app once that has been painted;
//! its first render replaces the first paint in one task, so the browser never paints both or
//! neither, in the same classes, so the boxes stay where they were.
//!
//! The app's mount as a split module of the app's wasm (`GPUCOST_SPLIT_APP=1`, session 14) was
//! measured and dropped for the first module of its own: the splitter copied code into every
//! part (BENCHMARKS.md, 2026-12-07).

use first_paint::FIRST_PAINT_ID;
use leptos::prelude::document;

use crate::web;

/// Mounts the app: after the first paint has been painted (so the browser shows the number
/// while the app renders), or at once when there is none.
pub fn start_app() {
    if document().get_element_by_id(FIRST_PAINT_ID).is_some() {
        web::after_next_paint(mount_app);
    } else {
        mount_app();
    }
}

/// The app, mounted; the first paint (or the loading line) removed in the same task.
fn mount_app() {
    leptos::mount::mount_to_body(crate::app::App);
    let document = document();
    for id in [FIRST_PAINT_ID, "boot"] {
        if let Some(element) = document.get_element_by_id(id) {
            element.remove();
        }
    }
}
