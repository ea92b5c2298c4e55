//! Every change the page makes to a scenario is an engine `Edit` (issue 27).
//!
//! The page once assigned scenario fields in closures of its own: it capped prices at 12
//! while links held 32, kept names the link's reader refused, and parsed hours inside its
//! views. Now `Scenario::apply` holds the caps, defaults and cleaning rules, and this test
//! keeps them there: no file in `src/` assigns a scenario's field or borrows the scenario
//! mutably except `AppState::apply`.
#![cfg(not(target_arch = "wasm32"))]

mod sources;

use std::fs;

/// Whether `line` writes into a scenario rather than reading it.
fn writes_a_scenario(line: &str) -> bool {
    let code = line.split("//").next().unwrap_or_default();
    // A field of some value's scenario (`p.scenario…`), not a variable named `scenario`.
    let assigns = code.match_indices(".scenario").any(|(at, _)| {
        let rest = &code[at + ".scenario".len()..];
        let target_end = rest
            .find(|c: char| !(c.is_alphanumeric() || "_.[]".contains(c)))
            .unwrap_or(rest.len());
        let after = rest[target_end..].trim_start();
        after.starts_with('=') && !after.starts_with("==")
    });
    assigns || code.contains("&mut p.scenario") || code.contains("scenario.apply(")
}

#[test]
fn no_component_writes_a_scenario_itself() {
    let files = sources::page_sources();
    let mut writes = Vec::new();
    for path in &files {
        if path.ends_with("state.rs") {
            continue;
        }
        let text = fs::read_to_string(path).unwrap();
        for (n, line) in text.lines().enumerate() {
            if writes_a_scenario(line) {
                writes.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        writes.is_empty(),
        "write through AppState::apply(Edit::…) instead:\n{}",
        writes.join("\n")
    );
}

#[test]
fn the_guard_sees_the_writes_it_forbids() {
    for bad in [
        "app.edit(|s| s.scenario.budget = None)",
        "p.scenario.lines[0].gpu = gpu;",
        "s.scenario = p.scenario();",
        "change(&mut p.scenario)",
    ] {
        assert!(writes_a_scenario(bad), "{bad}");
    }
    for fine in [
        "let s = app.page.with(|p| p.scenario.clone());",
        "p.scenario.budget == None",
        "// s.scenario = x",
        "let scenario = app.page.with(|p| p.scenario.clone());",
    ] {
        assert!(!writes_a_scenario(fine), "{fine}");
    }
}
