//! Sharing and keeping results: exports that match the screen (CSV, JSON identical to
//! `gpucost estimate --format json`, Markdown, print), the embed dialog, the prices file, and
//! scenarios saved in this browser.

use gpucost_core::edit::Edit;
use gpucost_core::l10n::link::file_summary;
use gpucost_core::print::json::EstimateJson;
use gpucost_core::print::{csv, json, markdown};
use gpucost_core::saved::{self, SavedScenario};
use gpucost_core::session::Estimate;
use gpucost_core::share::{self, prices_file, Embed, PageState};
use gpucost_core::view::estimate::EstimateView;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::state::{catalog, AppState};
use crate::web;
use gpucost_core::l10n::ui::Text;

/// The export document of the page's estimate, exactly what `gpucost estimate` prints.
fn export_json(app: AppState, estimate: &Estimate) -> EstimateJson {
    let link = app.page.with_untracked(share::encode);
    let view = EstimateView::new(catalog(), &estimate.scenario, &estimate.report, &link);
    json::estimate(&view, app.lang.get_untracked())
}

fn file_stem(app: AppState) -> String {
    format!(
        "gpu-cost-{}",
        app.page.with_untracked(|p| p.preset.as_str())
    )
}

/// Download buttons for CSV and JSON, "copy Markdown" and print.
#[component]
pub(crate) fn ExportBar() -> impl IntoView {
    let app = expect_context::<AppState>();
    let computed = crate::pages::calc::Computed::get();
    let status: RwSignal<Option<Text>> = RwSignal::new(None);
    let with_json = move |f: &dyn Fn(EstimateJson)| {
        computed.with_untracked(|r| {
            if let Ok(estimate) = r {
                f(export_json(app, estimate))
            }
        })
    };
    let csv = move |_| {
        with_json(&|j| {
            web::download(
                &format!("{}.csv", file_stem(app)),
                "text/csv",
                &gpucost_core::escape::csv_file(&csv::estimate(&j)),
            )
        })
    };
    let json = move |_| {
        with_json(&|j| {
            let text = serde_json::to_string_pretty(&j).expect("serializable") + "\n";
            web::download(
                &format!("{}.json", file_stem(app)),
                "application/json",
                &text,
            )
        })
    };
    let markdown = move |_| {
        with_json(&|j| {
            let text = markdown::estimate(&j, app.lang.get_untracked());
            leptos::task::spawn_local(async move {
                let ok = web::copy_to_clipboard(&text).await;
                status.set(Some(if ok {
                    Text::MarkdownCopied
                } else {
                    Text::CopyFailed
                }));
            });
        })
    };
    view! {
        <div class="export-bar" role="group" aria-label=move || app.t(Text::ExportHeading)>
            <button type="button" data-testid="export-csv" on:click=csv>{move || app.t(Text::ExportCsv)}</button>
            <button type="button" data-testid="export-json" on:click=json>{move || app.t(Text::ExportJson)}</button>
            <button type="button" data-testid="export-md" on:click=markdown>{move || app.t(Text::ExportMarkdown)}</button>
            <button type="button" data-testid="print" on:click=|_| web::print()>{move || app.t(Text::Print)}</button>
            <EmbedDialog />
            <span role="status" class="copy-status">{move || status.get().map(|t| app.t(t))}</span>
        </div>
    }
}

/// The iframe snippet for `state` hosted at `base` (the page's address without its query).
pub(crate) fn embed_snippet(base: &str, state: &PageState, lock: bool, height: u32) -> String {
    let mut s = state.clone();
    s.embed = Embed {
        enabled: true,
        locked: lock,
        frame: None,
    };
    let src = format!("{base}?{}", share::encode(&s)).replace('&', "&amp;");
    format!(
        "<iframe src=\"{src}\" title=\"GPU Cost Lab\" data-gpu-cost-lab\n        style=\"width:100%;border:0\" height=\"{height}\" loading=\"lazy\"></iframe>\n<script>\n  // Sizes the calculator to its content (message sent by the calculator, see EMBEDDING.md).\n  addEventListener(\"message\", function (e) {{\n    if (!e.data || e.data.type !== \"gpu-cost-lab:height\") return;\n    document.querySelectorAll(\"iframe[data-gpu-cost-lab]\").forEach(function (f) {{\n      if (f.contentWindow === e.source) f.style.height = e.data.height + \"px\";\n    }});\n  }});\n</script>\n"
    )
}

/// A dialog that writes the iframe snippet for the current scenario, with a live preview.
#[component]
fn EmbedDialog() -> impl IntoView {
    let app = expect_context::<AppState>();
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    let lock = RwSignal::new(false);
    let open = RwSignal::new(false);
    let base = web::page_base;
    // Written only while the dialog is open: closed, an edit costs nothing here.
    let snippet = move || {
        if !open.get() {
            return String::new();
        }
        app.page
            .with(|p| embed_snippet(&base(), p, lock.get(), 900))
    };
    let preview_src = move || {
        app.page.with(|p| {
            let mut s = p.clone();
            s.embed = Embed {
                enabled: true,
                locked: lock.get(),
                frame: Some("preview".into()),
            };
            format!("?{}", share::encode(&s))
        })
    };
    let show = move |_| {
        open.set(true);
        if let Some(d) = dialog.get_untracked() {
            let _ = d.show_modal();
        }
    };
    let close = move |_| {
        open.set(false);
        if let Some(d) = dialog.get_untracked() {
            d.close();
        }
    };
    let copied = RwSignal::new(false);
    let copy = move |_| {
        let text = snippet();
        leptos::task::spawn_local(async move {
            copied.set(web::copy_to_clipboard(&text).await);
        });
    };
    view! {
        <button type="button" data-testid="embed-open" on:click=show>{move || app.t(Text::Embed)}</button>
        <dialog node_ref=dialog class="embed-dialog" aria-labelledby="embed-title" data-testid="embed-dialog">
            <h2 id="embed-title">{move || app.t(Text::EmbedTitle)}</h2>
            <p class="hint">{move || app.t(Text::EmbedHelp)}</p>
            <label class="check">
                <input type="checkbox" data-testid="embed-lock" prop:checked=move || lock.get() on:change=move |ev| lock.set(event_target_checked(&ev)) />
                {move || app.t(Text::EmbedLock)}
            </label>
            <textarea readonly rows="12" data-testid="embed-snippet" prop:value=snippet></textarea>
            <div class="row">
                <button type="button" data-testid="embed-copy" on:click=copy>{move || app.t(Text::CopySnippet)}</button>
                <span role="status" class="copy-status">{move || copied.get().then(|| app.t(Text::Copied))}</span>
                <button type="button" data-testid="embed-close" on:click=close>{move || app.t(Text::Close)}</button>
            </div>
            <p class="hint">{move || app.t(Text::Preview)}</p>
            {move || open.get().then(|| view! {
                <iframe class="embed-preview" title=move || app.t(Text::Preview) src=preview_src data-testid="embed-preview"></iframe>
            })}
        </dialog>
    }
}

/// Export and import of the user's prices and discounts as a small JSON file.
#[component]
pub(crate) fn PricesFile() -> impl IntoView {
    let app = expect_context::<AppState>();
    let message: RwSignal<Option<(bool, String)>> = RwSignal::new(None);
    let export_prices = move |_| {
        let text = app.page.with_untracked(|p| {
            prices_file::write(&p.scenario.custom_prices, &p.scenario.discounts)
        });
        web::download("gpu-cost-prices.json", "application/json", &text);
    };
    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        leptos::task::spawn_local(async move {
            let lang = app.lang.get_untracked();
            let Some(text) = web::read_file(file).await else {
                message.set(Some((false, app.t(Text::ImportUnreadable).to_string())));
                return;
            };
            match prices_file::read(&text, catalog()) {
                Ok(imported) => {
                    let n = imported.prices.len() + imported.discounts.len();
                    app.apply(Edit::ReplacePrices(imported.prices, imported.discounts));
                    message.set(Some((true, format!("{} {n}", Text::Imported.get(lang)))));
                }
                Err(problems) => message.set(Some((false, file_summary(&problems, lang)))),
            }
        });
    };
    view! {
        <div class="row prices-file">
            <button type="button" data-testid="prices-export" on:click=export_prices>{move || app.t(Text::ExportPrices)}</button>
            <label class="button-like">
                {move || app.t(Text::ImportPrices)}
                <input type="file" accept="application/json,.json" data-testid="prices-import" on:change=import />
            </label>
        </div>
        {move || message.get().map(|(ok, m)| view! {
            <p class=if ok { "ok-message" } else { "error-message" } role="status" data-testid="prices-message">{m}</p>
        })}
    }
}

/// Scenarios saved in this browser: save, open, rename, delete.
#[component]
pub(crate) fn SavedScenarios() -> impl IntoView {
    let app = expect_context::<AppState>();
    let version = RwSignal::new(0u32);
    let listing = Memo::new(move |_| {
        version.track();
        let pairs = web::storage_pairs();
        saved::list(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    });
    let name = RwSignal::new(String::new());
    let save = move |_| {
        let Some(storage) = web::storage() else {
            return;
        };
        let keys: Vec<String> = web::storage_pairs().into_iter().map(|(k, _)| k).collect();
        let query = app.page.with_untracked(|p| {
            let mut s = p.clone();
            s.embed = Embed::default();
            share::encode(&s)
        });
        let entry = SavedScenario::new(&name.get_untracked(), &query, app.today);
        let key = saved::new_key(&keys, js_sys::Date::now() as u64);
        let _ = storage.set_item(&key, &entry.to_json());
        name.set(String::new());
        version.update(|v| *v += 1);
    };
    let rename = move |key: String, new_name: String| {
        if let (Some(storage), Some((_, mut entry))) = (
            web::storage(),
            listing.with_untracked(|l| l.entries.iter().find(|(k, _)| *k == key).cloned()),
        ) {
            entry.name = saved::clean_name(&new_name);
            let _ = storage.set_item(&key, &entry.to_json());
            version.update(|v| *v += 1);
        }
    };
    let delete = move |key: String| {
        if let Some(storage) = web::storage() {
            let _ = storage.remove_item(&key);
            version.update(|v| *v += 1);
        }
    };
    view! {
        <fieldset class="saved" data-testid="saved">
            <legend>{move || app.t(Text::SavedHeading)}</legend>
            <div class="row">
                <label class="field">
                    <span>{move || app.t(Text::SavedName)}</span>
                    <input type="text" maxlength="60" data-testid="save-name" prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
                </label>
                <button type="button" data-testid="save" on:click=save>{move || app.t(Text::Save)}</button>
            </div>
            {move || {
                let unreadable = listing.with(|l| l.unreadable.len());
                (unreadable > 0).then(|| view! {
                    <p class="error-message" role="status" data-testid="saved-unreadable">
                        {move || format!("{} {unreadable}", app.t(Text::SavedUnreadable))}
                    </p>
                })
            }}
            <ul class="saved-list">
                {move || listing.with(|l| l.entries.clone()).into_iter().map(|(key, entry)| {
                    let (k1, k2) = (key.clone(), key.clone());
                    let href = format!("?{}", entry.query);
                    let query = entry.query.clone();
                    view! {
                        <li data-testid="saved-entry">
                            <a
                                href=href
                                on:click=move |ev| {
                                    ev.prevent_default();
                                    let decoded = share::decode(&query, catalog());
                                    app.issues.set(decoded.issues);
                                    app.page.set(decoded.state);
                                }
                            >
                                {entry.name.clone()}
                            </a>
                            <span class="hint">{entry.saved.clone()}</span>
                            <input
                                type="text"
                                maxlength="60"
                                class="rename"
                                aria-label=move || app.t(Text::Rename)
                                data-testid="saved-rename"
                                prop:value=entry.name.clone()
                                on:change=move |ev| rename(k1.clone(), event_target_value(&ev))
                            />
                            <button type="button" class="remove" data-testid="saved-delete" on:click=move |_| delete(k2.clone())>
                                {move || app.t(Text::Remove)}
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </fieldset>
    }
}

/// The element an event happened on, as `T`.
fn event_target<T: JsCast>(ev: &leptos::ev::Event) -> T {
    ev.target().expect("an event target").unchecked_into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snippet_embeds_the_current_scenario_and_sizes_itself() {
        let state = PageState {
            preset: gpucost_core::presets::Preset::DevTest,
            scenario: gpucost_core::presets::Preset::DevTest.scenario(),
            ..PageState::default()
        };
        let s = embed_snippet("https://docs.example/tools/gpu-cost/", &state, true, 900);
        assert!(s.contains("src=\"https://docs.example/tools/gpu-cost/?v=2&amp;embed=1&amp;lock=1&amp;preset=dev-test\""), "{s}");
        assert!(s.contains("gpu-cost-lab:height"));
    }
}
