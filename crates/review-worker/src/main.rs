//! The spend review in a Web Worker: the page posts a bill `File` and the review's settings,
//! the worker reads the file in slices with `FileReaderSync` (so a million-row report is
//! streamed in bounded memory and the page never waits on it), reports its progress, and posts
//! back the finished review — as HTML to show and as JSON, CSV and Markdown to export.
//!
//! Nothing leaves the browser: the worker makes no request, and the bill is read only here.
//!
//! Messages (plain objects):
//! - in: `{ file: File, lang: "en"|"zh", cur: "CNY"|"USD", tz: minutes east of UTC,
//!   budgets: "team=ml:5000USD\n…", today: "YYYY-MM-DD", util?: File, resource?: "i-0…" }`,
//!   where `util` is an optional GPU utilization side file and `resource` the bill resource
//!   id it belongs to (needed for an nvidia-smi file);
//! - out: `{ kind: "ready" }` once, when the worker can take a bill (messages sent before
//!   are lost); then per bill `{ kind: "progress", done, total }` (bytes of the bill and
//!   the side file together), then
//!   `{ kind: "done", html, json, csv, md }` or `{ kind: "error", message }` (in the
//!   requested language).

#[cfg(target_arch = "wasm32")]
mod worker;

#[cfg(target_arch = "wasm32")]
fn main() {
    worker::start();
}

/// The worker only runs in a browser; natively there is nothing to do.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
