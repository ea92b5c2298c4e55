//! No component of the page is longer than a screen (issue 27): a component that needs more is
//! several parts, each with a name. Counted from its `fn` line to its closing brace.

mod sources;

use std::fs;

/// Lines a component may take: about what a laptop shows at once.
const SCREEN_LINES: usize = 60;

/// Each component in `text` with its length in lines: `(name, lines)`.
fn components(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim() != "#[component]" {
            continue;
        }
        let Some(start) = (i + 1..lines.len()).find(|&j| {
            let t = lines[j].trim_start();
            t.starts_with("fn ") || t.starts_with("pub fn ") || t.starts_with("pub(crate) fn ")
        }) else {
            continue;
        };
        let header = lines[start];
        let indent = header.len() - header.trim_start().len();
        let name = header
            .split("fn ")
            .nth(1)
            .and_then(|rest| rest.split(['(', '<']).next())
            .unwrap_or("?")
            .to_string();
        let closing = format!("{}}}", " ".repeat(indent));
        if let Some(end) = (start + 1..lines.len()).find(|&k| lines[k].trim_end() == closing) {
            out.push((name, end - start + 1));
        }
    }
    out
}

#[test]
fn no_component_is_longer_than_a_screen() {
    let mut long = Vec::new();
    for path in sources::page_sources() {
        let text = fs::read_to_string(&path).unwrap();
        for (name, lines) in components(&text) {
            if lines > SCREEN_LINES {
                long.push(format!("{name} ({lines} lines) in {}", path.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "longer than a screen:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_count_runs_from_the_fn_line_to_its_closing_brace() {
    let short = "#[component]\npub fn A() -> impl IntoView {\n    view! { <p/> }\n}\n";
    assert_eq!(components(short), [("A".to_string(), 3)]);
    let body = "    let x = 1;\n".repeat(SCREEN_LINES);
    let long =
        format!("/// Doc.\n#[component]\nfn Long(\n    a: u8,\n) -> impl IntoView {{\n{body}}}\n");
    assert_eq!(components(&long), [("Long".to_string(), SCREEN_LINES + 4)]);
}
