//! The catalog browser's GPU facts: memory, bandwidth and dense FP16/FP8 tensor throughput of
//! every priced GPU, with the sources of its datasheet row ([`gpu_facts`]); "—" where the
//! row has no figure. Behind a disclosure, like the providers' facts.

use gpucost_core::l10n::facts::gpu_facts_words;
use gpucost_core::view::gpu_facts::{gpu_facts, FactSource, GpuFactRow};
use leptos::prelude::*;

use crate::state::{catalog, AppState};

/// A figure, or "—" where the datasheet row has none.
fn cell(v: Option<String>) -> String {
    v.unwrap_or_else(|| "—".to_string())
}

/// One source: its id, a link to it where the catalog lists it.
fn source(s: FactSource) -> impl IntoView {
    match s.title {
        Some((title, url)) if url.starts_with("https://") => {
            view! { <a href=url title=title rel="noopener" target="_blank">{s.id}</a> }.into_any()
        }
        Some((title, _)) => view! { <span title=title>{s.id}</span> }.into_any(),
        None => view! { <span>{s.id}</span> }.into_any(),
    }
}

/// One GPU's row.
fn row(r: GpuFactRow) -> impl IntoView {
    let sources = r.sources.into_iter().map(source).collect_view();
    view! {
        <tr data-gpu=r.gpu>
            <td title=r.spec>{r.name}</td>
            <td>{r.memory_gib}</td>
            <td>{cell(r.bandwidth_gbps)}</td>
            <td>{cell(r.fp16_tflops)}</td>
            <td data-testid="gpu-fp8">{cell(r.fp8_tflops)}</td>
            <td class="sources">{sources}</td>
        </tr>
    }
}

/// The GPU facts table, in the page's language.
#[component]
pub fn GpuFacts() -> impl IntoView {
    let app = expect_context::<AppState>();
    let rows = gpu_facts(catalog());
    let words = move || gpu_facts_words(app.lang.get());
    let heads = move || {
        words()
            .1
            .into_iter()
            .map(|h| view! { <th scope="col">{h}</th> })
            .collect_view()
    };
    view! {
        <details class="gpu-facts" data-testid="gpu-facts">
            <summary>{move || words().0}</summary>
            <table>
                <thead><tr>{heads}</tr></thead>
                <tbody>{rows.into_iter().map(row).collect_view()}</tbody>
            </table>
        </details>
    }
}
