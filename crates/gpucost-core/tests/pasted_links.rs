//! Links as people paste them: typed by hand from the documentation, with `+` and spaces
//! unescaped. In a query string `+` means a space, so a spelling the docs show must survive
//! that decoding.

use gpucost_core::catalog::embedded;
use gpucost_core::scenario::Demand;
use gpucost_core::share::{decode, encode};
use rust_decimal::Decimal;

/// Decodes `query`, which must open without a single ignored parameter.
fn open_cleanly(query: &str) -> gpucost_core::share::PageState {
    let decoded = decode(query, &embedded().catalog);
    assert!(decoded.issues.is_empty(), "{query}: {:?}", decoded.issues);
    decoded.state
}

// `l=T4*50@20:00+4h`, the window example in the scenario key table, was ignored when pasted:
// the `+` decodes to a space, and the line grammar knew only `+` between start and length.
#[test]
fn the_documented_window_opens_as_pasted() {
    let state = open_cleanly("l=T4*50@20:00+4h");
    let [line] = state.scenario.lines.as_slice() else {
        panic!("one line: {:?}", state.scenario.lines);
    };
    assert_eq!(line.gpu, "T4");
    assert_eq!(
        line.demand,
        Demand::Window {
            gpus: Decimal::from(50),
            start_minute: 20 * 60,
            minutes: 4 * 60,
        }
    );
    // The same window as the page writes it (`+` escaped) means the same, and the page keeps
    // writing it that way.
    let written = open_cleanly("l=T4*50@20:00%2B4h");
    assert_eq!(written.scenario, state.scenario);
    let link = encode(&state);
    assert!(link.contains("20:00%2B4h"), "{link}");
    assert_eq!(open_cleanly(&link).scenario, state.scenario);
}

/// The `example` column of a key table in a module's doc comment: each cell's backticked
/// spans, which are query pairs (`key=value`, possibly several joined by `&`).
fn table_examples(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| l.strip_prefix("//! | `"))
        .filter_map(|row| row.trim_end().strip_suffix(" |"))
        .filter_map(|row| row.rsplit(" | ").next())
        .flat_map(|cell| {
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_example_in_the_key_tables_opens_as_pasted() {
    for (file, source) in [
        (
            "share/scenario_params.rs",
            include_str!("../src/share/scenario_params.rs"),
        ),
        (
            "share/workload_params.rs",
            include_str!("../src/share/workload_params.rs"),
        ),
    ] {
        let examples = table_examples(source);
        assert!(examples.len() > 10, "{file}: found only {examples:?}");
        for example in examples {
            // A workload parameter belongs to some task (`tokens` to training, `rate` to
            // serving): the example must open cleanly beside at least one.
            let mut tried = Vec::new();
            let opens = ["", "task=pretrain&", "task=serve&", "task=batch&"]
                .iter()
                .any(|task| {
                    let decoded = decode(&format!("{task}{example}"), &embedded().catalog);
                    tried.push(decoded.issues);
                    tried.last().is_some_and(Vec::is_empty)
                });
            assert!(
                opens,
                "{file}: the example {example} does not open as pasted: {tried:?}"
            );
        }
    }
}
