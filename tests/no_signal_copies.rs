//! No effect in `src/` copies one signal into another (issue 27).
//!
//! An effect that reads one signal and sets another runs a microtask late, doubles the
//! reactive work of an edit, and hides a derived value behind a writable signal. Derived
//! values are memos or closures over one. Effects remain for what leaves the reactive graph:
//! the address bar, the document's language, a worker message, a part of the page fetched
//! over the network (`spawn_local`). Parts of the page's state with many readers (a line, a
//! weekly grid, the workload) are woken by the store's triggers (`src/store.rs`), which the
//! write itself notifies.
#![cfg(not(target_arch = "wasm32"))]

mod sources;

use std::fs;

/// The bodies of every `Effect::new(…)` in `text`.
fn effect_bodies(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("Effect::new(") {
        let body = &rest[at + "Effect::new(".len()..];
        let mut depth = 1;
        let end = body
            .char_indices()
            .find(|&(_, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
            .map_or(body.len(), |(i, _)| i);
        out.push(&body[..end]);
        rest = &body[end..];
    }
    out
}

/// Whether an effect's body writes a signal without leaving the reactive graph first.
fn copies_a_signal(body: &str) -> bool {
    let writes = [".set(", ".update(", "set_changed("]
        .iter()
        .any(|w| body.contains(w));
    writes && !body.contains("spawn_local")
}

#[test]
fn no_effect_in_src_copies_a_signal() {
    let files = sources::page_sources();
    let mut effects = 0;
    let mut copies = Vec::new();
    for path in files {
        let text = fs::read_to_string(&path).unwrap();
        let bodies = effect_bodies(&text);
        for body in bodies {
            effects += 1;
            if copies_a_signal(body) {
                copies.push(format!("{}: Effect::new({body})", path.display()));
            }
        }
    }
    assert!(
        effects >= 3,
        "the reader lost the page's effects ({effects})"
    );
    assert!(
        copies.is_empty(),
        "effects that copy signals:\n{}",
        copies.join("\n")
    );
}

#[test]
fn the_old_row_effect_is_caught() {
    let old = "let row = RowSignals::new(untrack(&text));\nEffect::new(move |_| row.set(text()));";
    let bodies = effect_bodies(old);
    assert_eq!(bodies, ["move |_| row.set(text())"]);
    assert!(copies_a_signal(bodies[0]));
    let locked = "Effect::new(move |_| {\n if locked.get() { app.form_settled.set(true); }\n});";
    assert!(copies_a_signal(effect_bodies(locked)[0]));
    let fetch = "Effect::new(move |_| { spawn_local(async move { r.set(Some(x)) }) })";
    assert!(!copies_a_signal(effect_bodies(fetch)[0]));
    let query = "Effect::new(move |_| web::replace_query_soon(app.query.get()));";
    assert!(!copies_a_signal(effect_bodies(query)[0]));
}
