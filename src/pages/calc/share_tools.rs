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

/// What the embed dialog's parts share: the dialog element, its lock option, whether it is
/// open, and whether the snippet was copied.
#[derive(Clone, Copy)]
struct EmbedState {
    app: AppState,
    dialog: NodeRef<leptos::html::Dialog>,
    lock: RwSignal<bool>,
    open: RwSignal<bool>,
    copied: RwSignal<bool>,
}

impl EmbedState {
    /// Closed, unlocked, nothing copied.
    fn new(app: AppState) -> Self {
        Self {
            app,
            dialog: NodeRef::new(),
            lock: RwSignal::new(false),
            open: RwSignal::new(false),
            copied: RwSignal::new(false),
        }
    }

    /// The snippet, written only while the dialog is open: closed, an edit costs nothing here.
    fn snippet(self) -> String {
        if !self.open.get() {
            return String::new();
        }
        self.app
            .page
            .with(|p| embed_snippet(&web::page_base(), p, self.lock.get(), 900))
    }

    /// The preview's address: the page embedded as the snippet would embed it.
    fn preview_src(self) -> String {
        self.app.page.with(|p| {
            let mut s = p.clone();
            s.embed = Embed {
                enabled: true,
                locked: self.lock.get(),
                frame: Some("preview".into()),
            };
            format!("?{}", share::encode(&s))
        })
    }

    /// Opens the dialog, modal.
    fn show(self) {
        self.open.set(true);
        if let Some(d) = self.dialog.get_untracked() {
            let _ = d.show_modal();
        }
    }

    /// Closes the dialog.
    fn close(self) {
        self.open.set(false);
        if let Some(d) = self.dialog.get_untracked() {
            d.close();
        }
    }

    /// Copies the snippet to the clipboard, and says whether it could.
    fn copy(self) {
        let text = self.snippet();
        let copied = self.copied;
        leptos::task::spawn_local(async move {
            copied.set(web::copy_to_clipboard(&text).await);
        });
    }
}

/// A dialog that writes the iframe snippet for the current scenario, with a live preview.
#[component]
fn EmbedDialog() -> impl IntoView {
    let embed = EmbedState::new(expect_context::<AppState>());
    let (app, dialog, lock) = (embed.app, embed.dialog, embed.lock);
    view! {
        <button type="button" data-testid="embed-open" on:click=move |_| embed.show()>{move || app.t(Text::Embed)}</button>
        <dialog node_ref=dialog class="embed-dialog" aria-labelledby="embed-title" data-testid="embed-dialog">
            <h2 id="embed-title">{move || app.t(Text::EmbedTitle)}</h2>
            <p class="hint">{move || app.t(Text::EmbedHelp)}</p>
            <label class="check">
                <input type="checkbox" data-testid="embed-lock" prop:checked=move || lock.get() on:change=move |ev| lock.set(event_target_checked(&ev)) />
                {move || app.t(Text::EmbedLock)}
            </label>
            <textarea readonly rows="12" data-testid="embed-snippet" prop:value=move || embed.snippet()></textarea>
            <EmbedActions embed=embed />
            <p class="hint">{move || app.t(Text::Preview)}</p>
            <EmbedPreview embed=embed />
        </dialog>
    }
}

/// The dialog's buttons: copy the snippet (and whether it was copied), close.
#[component]
fn EmbedActions(
    /// The dialog's state.
    embed: EmbedState,
) -> impl IntoView {
    let (app, copied) = (embed.app, embed.copied);
    view! {
        <div class="row">
            <button type="button" data-testid="embed-copy" on:click=move |_| embed.copy()>{move || app.t(Text::CopySnippet)}</button>
            <span role="status" class="copy-status">{move || copied.get().then(|| app.t(Text::Copied))}</span>
            <button type="button" data-testid="embed-close" on:click=move |_| embed.close()>{move || app.t(Text::Close)}</button>
        </div>
    }
}

/// The live preview of the embedded page, loaded only while the dialog is open.
#[component]
fn EmbedPreview(
    /// The dialog's state.
    embed: EmbedState,
) -> impl IntoView {
    let app = embed.app;
    view! {
        {move || embed.open.get().then(|| view! {
            <iframe class="embed-preview" title=move || app.t(Text::Preview) src=move || embed.preview_src() data-testid="embed-preview"></iframe>
        })}
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

/// What the saved-scenarios parts share: the listing read from storage (read again when
/// `version` moves) and the name typed for the next save.
#[derive(Clone, Copy)]
struct SavedList {
    app: AppState,
    version: RwSignal<u32>,
    listing: Memo<saved::Listing>,
    name: RwSignal<String>,
}

impl SavedList {
    /// The scenarios saved in this browser now.
    fn new(app: AppState) -> Self {
        let version = RwSignal::new(0u32);
        let listing = Memo::new(move |_| {
            version.track();
            let pairs = web::storage_pairs();
            saved::list(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        });
        Self {
            app,
            version,
            listing,
            name: RwSignal::new(String::new()),
        }
    }

    /// Saves the page's scenario (without its embedding options) under the typed name.
    fn save(self) {
        let Some(storage) = web::storage() else {
            return;
        };
        let keys: Vec<String> = web::storage_pairs().into_iter().map(|(k, _)| k).collect();
        let query = self.app.page.with_untracked(|p| {
            let mut s = p.clone();
            s.embed = Embed::default();
            share::encode(&s)
        });
        let entry = SavedScenario::new(&self.name.get_untracked(), &query, self.app.today);
        let key = saved::new_key(&keys, js_sys::Date::now() as u64);
        let _ = storage.set_item(&key, &entry.to_json());
        self.name.set(String::new());
        self.version.update(|v| *v += 1);
    }

    /// Renames the entry stored under `key`.
    fn rename(self, key: &str, new_name: &str) {
        if let (Some(storage), Some((_, mut entry))) = (
            web::storage(),
            self.listing
                .with_untracked(|l| l.entries.iter().find(|(k, _)| k == key).cloned()),
        ) {
            entry.name = saved::clean_name(new_name);
            let _ = storage.set_item(key, &entry.to_json());
            self.version.update(|v| *v += 1);
        }
    }

    /// Deletes the entry stored under `key`.
    fn delete(self, key: &str) {
        if let Some(storage) = web::storage() {
            let _ = storage.remove_item(key);
            self.version.update(|v| *v += 1);
        }
    }

    /// Opens a saved scenario's link in this page, with what it ignored.
    fn open(self, query: &str) {
        let decoded = share::decode(query, catalog());
        self.app.issues.set(decoded.issues);
        self.app.page.set(decoded.state);
    }
}

/// Scenarios saved in this browser: save, open, rename, delete.
#[component]
pub(crate) fn SavedScenarios() -> impl IntoView {
    let list = SavedList::new(expect_context::<AppState>());
    let (app, listing) = (list.app, list.listing);
    let entries = move || {
        listing
            .with(|l| l.entries.clone())
            .into_iter()
            .map(|(key, entry)| view! { <SavedEntry list=list storage_key=key entry=entry /> })
            .collect_view()
    };
    view! {
        <fieldset class="saved" data-testid="saved">
            <legend>{move || app.t(Text::SavedHeading)}</legend>
            <SaveRow list=list />
            <UnreadableNotice list=list />
            <ul class="saved-list">{entries}</ul>
        </fieldset>
    }
}

/// The name field and the save button.
#[component]
fn SaveRow(
    /// The saved scenarios.
    list: SavedList,
) -> impl IntoView {
    let (app, name) = (list.app, list.name);
    view! {
        <div class="row">
            <label class="field">
                <span>{move || app.t(Text::SavedName)}</span>
                <input type="text" maxlength="60" data-testid="save-name" prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <button type="button" data-testid="save" on:click=move |_| list.save()>{move || app.t(Text::Save)}</button>
        </div>
    }
}

/// How many stored entries could not be read, when some could not.
#[component]
fn UnreadableNotice(
    /// The saved scenarios.
    list: SavedList,
) -> impl IntoView {
    let app = list.app;
    let unreadable = move || list.listing.with(|l| l.unreadable.len());
    view! {
        {move || {
            let unreadable = unreadable();
            (unreadable > 0).then(|| view! {
                <p class="error-message" role="status" data-testid="saved-unreadable">
                    {move || format!("{} {unreadable}", app.t(Text::SavedUnreadable))}
                </p>
            })
        }}
    }
}

/// One saved scenario: its link, when it was saved, its name to edit, and delete.
#[component]
fn SavedEntry(
    /// The saved scenarios.
    list: SavedList,
    /// The storage key it is kept under.
    storage_key: String,
    /// The entry.
    entry: SavedScenario,
) -> impl IntoView {
    let app = list.app;
    let href = format!("?{}", entry.query);
    let query = entry.query;
    let (key, k2) = (storage_key.clone(), storage_key);
    view! {
        <li data-testid="saved-entry">
            <a
                href=href
                on:click=move |ev| {
                    ev.prevent_default();
                    list.open(&query);
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
                on:change=move |ev| list.rename(&key, &event_target_value(&ev))
            />
            <button type="button" class="remove" data-testid="saved-delete" on:click=move |_| list.delete(&k2)>
                {move || app.t(Text::Remove)}
            </button>
        </li>
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
