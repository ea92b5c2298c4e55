//! The spend review page (`?view=review`): pick a bill, watch it being read, see the review.
//!
//! The reading and the review happen in a Web Worker (`crates/review-worker`), which this page
//! starts only when a file is picked: the worker's code is never part of the calculator's
//! download, a million-row bill never blocks this page, and the file never leaves the browser.
//! An optional second file, a GPU utilization side file (nvidia-smi's CSV with the bill
//! resource id it belongs to, or the generic utilization CSV), is read by the same worker
//! after the bill, on the same progress bar.
//! The worker answers with the review as an HTML fragment (every bill text escaped, see
//! `gpucost_review::html`) and as the CSV, JSON and Markdown the buttons export.

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui::Text;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::state::AppState;
use crate::web;

/// The worker's loader, which Trunk writes next to the page (`data-loader-shim`).
const WORKER_URL: &str = "./review-worker_loader.js";

/// Where the review stands.
#[derive(Debug, Clone, PartialEq)]
enum Status {
    /// No file yet.
    Idle,
    /// Reading: bytes read of the file's bytes.
    Reading { done: f64, total: f64 },
    /// Done.
    Done,
    /// The bill could not be reviewed, and why (in the page's language).
    Failed(String),
}

/// What the worker made of the bill.
#[derive(Debug, Clone, Default, PartialEq)]
struct Outputs {
    html: String,
    json: String,
    csv: String,
    md: String,
}

/// The spend review page.
#[component]
pub fn ReviewPage() -> impl IntoView {
    let app = expect_context::<AppState>();
    let status = RwSignal::new(Status::Idle);
    let outputs = RwSignal::new(None::<Outputs>);
    let budgets = RwSignal::new(String::new());
    let copied = RwSignal::new(false);
    // The picked file and the worker are browser objects: kept on this thread only.
    let file = StoredValue::new_local(None::<web_sys::File>);
    // The optional utilization side file, and the bill resource it belongs to.
    let util_file = StoredValue::new_local(None::<web_sys::File>);
    let resource = RwSignal::new(String::new());
    let worker = StoredValue::new_local(None::<web_sys::Worker>);
    // The request waiting for the worker to say it is ready (see `start_worker`).
    let pending = StoredValue::new_local(None::<js_sys::Object>);

    let run = move || {
        let Some(f) = file.get_value() else {
            return;
        };
        let started = worker.get_value();
        let fresh = started.is_none();
        let Some(w) = started.or_else(|| start_worker(status, outputs, pending, app.lang)) else {
            status.set(Status::Failed(app.t(Text::ReviewFailed).to_string()));
            return;
        };
        worker.set_value(Some(w.clone()));
        status.set(Status::Reading {
            done: 0.0,
            total: f.size(),
        });
        copied.set(false);
        let request = js_sys::Object::new();
        let set = |k: &str, v: JsValue| {
            let _ = js_sys::Reflect::set(&request, &JsValue::from_str(k), &v);
        };
        set("file", f.into());
        set("lang", app.lang.get_untracked().as_str().into());
        set("cur", app.currency.get_untracked().to_string().into());
        set(
            "tz",
            f64::from(app.page.with_untracked(|p| p.scenario.tz_offset_minutes)).into(),
        );
        set("budgets", budgets.get_untracked().into());
        if let Some(u) = util_file.get_value() {
            set("util", u.into());
        }
        set("resource", resource.get_untracked().into());
        set("today", app.today.to_string().into());
        outputs.set(None);
        if fresh {
            pending.set_value(Some(request));
        } else {
            let _ = w.post_message(&request);
        }
    };
    // A review is in the page's language and currency: redo it when they change.
    Effect::new(move |first: Option<()>| {
        let _ = (app.lang.get(), app.currency.get());
        if first.is_some() {
            run();
        }
    });
    let on_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let picked = input.files().and_then(|list| list.get(0));
        if picked.is_some() {
            file.set_value(picked);
            run();
        }
    };
    let on_util_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        util_file.set_value(input.files().and_then(|list| list.get(0)));
        run();
    };
    let progress = move || match status.get() {
        Status::Reading { done, total } => Some(progress_text(done, total, app.lang.get())),
        _ => None,
    };
    let exports = move || {
        outputs.get().map(|o| {
        let (csv, json, md) = (
            gpucost_core::escape::csv_file(&o.csv),
            o.json.clone(),
            o.md.clone(),
        );
        view! {
            <div class="export-bar" data-testid="review-exports">
                <button type="button" data-testid="review-export-csv" on:click=move |_| web::download("gpu-spend-review.csv", "text/csv", &csv)>
                    {move || app.t(Text::ReviewDownloadCsv)}
                </button>
                <button type="button" data-testid="review-export-json" on:click=move |_| web::download("gpu-spend-review.json", "application/json", &json)>
                    {move || app.t(Text::ReviewDownloadJson)}
                </button>
                <button type="button" data-testid="review-copy-md" on:click=move |_| {
                    let md = md.clone();
                    leptos::task::spawn_local(async move { copied.set(web::copy_to_clipboard(&md).await) });
                }>
                    {move || app.t(Text::ReviewCopyMarkdown)}
                </button>
                <span aria-live="polite">{move || copied.get().then(|| app.t(Text::ReviewCopied))}</span>
            </div>
        }
    })
    };

    view! {
        <section class="review" aria-labelledby="review-heading">
            <h2 id="review-heading">{move || app.t(Text::ReviewHeading)}</h2>
            <p class="intro" data-testid="review-privacy">{move || app.t(Text::ReviewIntro)}</p>
            <p class="hint">{move || app.t(Text::ReviewFormats)}</p>
            <div class="row">
                <label class="field">
                    <span>{move || app.t(Text::ReviewFile)}</span>
                    <input type="file" accept=".csv,.gz,.txt,text/csv,application/gzip" data-testid="review-file" on:change=on_file />
                </label>
                <label class="field">
                    <span>{move || app.t(Text::ReviewBudgets)}</span>
                    <textarea
                        rows="2"
                        data-testid="review-budgets"
                        placeholder=move || app.t(Text::ReviewBudgetsHint)
                        prop:value=move || budgets.get()
                        on:change=move |ev| {
                            budgets.set(event_target_value(&ev));
                            run();
                        }
                    ></textarea>
                </label>
            </div>
            <div class="row">
                <label class="field">
                    <span>{move || app.t(Text::ReviewUtilFile)}</span>
                    <input type="file" accept=".csv,.gz,.txt,.log,text/csv,application/gzip" data-testid="review-util-file" on:change=on_util_file />
                </label>
                <label class="field">
                    <span>{move || app.t(Text::ReviewUtilResource)}</span>
                    <input
                        type="text"
                        data-testid="review-util-resource"
                        placeholder=move || app.t(Text::ReviewUtilResourceHint)
                        prop:value=move || resource.get()
                        on:change=move |ev| {
                            resource.set(event_target_value(&ev));
                            run();
                        }
                    />
                </label>
            </div>
            {move || progress().map(|(done, total, text)| view! {
                <div class="review-progress">
                    <label>
                        <span>{move || app.t(Text::ReviewReading)}</span>
                        <progress data-testid="review-progress" max=total value=done></progress>
                    </label>
                    <span class="hint">{text}</span>
                </div>
            })}
            <p role="status" class="review-status" data-testid="review-status">
                {move || match status.get() {
                    Status::Done => app.t(Text::ReviewDone).to_string(),
                    _ => String::new(),
                }}
            </p>
            {move || match status.get() {
                Status::Failed(why) => Some(view! {
                    <div class="notice" role="alert" data-testid="review-error">
                        <p>{move || app.t(Text::ReviewFailed)}</p>
                        <p>{why}</p>
                    </div>
                }),
                _ => None,
            }}
            {exports}
            <div class="review-report" data-testid="review-report" inner_html=move || outputs.get().map(|o| o.html).unwrap_or_default()></div>
        </section>
    }
}

/// `12.3 MB of 80.0 MB (15 %)`, and the bar's value and maximum.
fn progress_text(done: f64, total: f64, lang: Lang) -> (String, String, String) {
    let mb = |b: f64| b / 1_048_576.0;
    let pct = if total > 0.0 {
        done / total * 100.0
    } else {
        0.0
    };
    let text = match lang {
        Lang::En => format!("{:.1} MB of {:.1} MB ({pct:.0} %)", mb(done), mb(total)),
        Lang::Zh => format!(
            "已读取 {:.1} MB，共 {:.1} MB（{pct:.0}%）",
            mb(done),
            mb(total)
        ),
    };
    (format!("{done}"), format!("{}", total.max(1.0)), text)
}

/// Starts the review worker and routes its messages into the page's signals.
fn start_worker(
    status: RwSignal<Status>,
    outputs: RwSignal<Option<Outputs>>,
    pending: StoredValue<Option<js_sys::Object>, LocalStorage>,
    lang: Memo<Lang>,
) -> Option<web_sys::Worker> {
    let worker = web_sys::Worker::new(WORKER_URL).ok()?;
    let ready_worker = worker.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let data = e.data();
            let text = |k: &str| {
                js_sys::Reflect::get(&data, &JsValue::from_str(k))
                    .ok()
                    .and_then(|v| v.as_string())
                    .unwrap_or_default()
            };
            let number = |k: &str| {
                js_sys::Reflect::get(&data, &JsValue::from_str(k))
                    .ok()
                    .and_then(|v| v.as_f64())
                    .unwrap_or_default()
            };
            match text("kind").as_str() {
                // The module has loaded: send the bill that waited for it.
                "ready" => {
                    if let Some(request) = pending.try_update_value(Option::take).flatten() {
                        let _ = ready_worker.post_message(&request);
                    }
                }
                "progress" => status.set(Status::Reading {
                    done: number("done"),
                    total: number("total"),
                }),
                "done" => {
                    outputs.set(Some(Outputs {
                        html: text("html"),
                        json: text("json"),
                        csv: text("csv"),
                        md: text("md"),
                    }));
                    status.set(Status::Done);
                }
                _ => {
                    outputs.set(None);
                    status.set(Status::Failed(text("message")));
                }
            }
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        let why = match lang.get_untracked() {
            Lang::En => "the review stopped unexpectedly",
            Lang::Zh => "评审意外中止",
        };
        status.set(Status::Failed(why.to_string()));
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Some(worker)
}
