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

mod large_bills;

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

/// What the page's parts share: the picked files and typed fields, the worker, and where the
/// review stands. Every part reads and writes through this one value.
#[derive(Clone, Copy)]
struct Review {
    app: AppState,
    status: RwSignal<Status>,
    outputs: RwSignal<Option<Outputs>>,
    budgets: RwSignal<String>,
    copied: RwSignal<bool>,
    // The picked file and the worker are browser objects: kept on this thread only.
    file: StoredValue<Option<web_sys::File>, LocalStorage>,
    // The optional utilization side file, and the bill resource it belongs to.
    util_file: StoredValue<Option<web_sys::File>, LocalStorage>,
    resource: RwSignal<String>,
    worker: StoredValue<Option<web_sys::Worker>, LocalStorage>,
    // The request waiting for the worker to say it is ready (see `start_worker`).
    pending: StoredValue<Option<js_sys::Object>, LocalStorage>,
}

impl Review {
    /// Nothing picked yet.
    fn new(app: AppState) -> Self {
        Self {
            app,
            status: RwSignal::new(Status::Idle),
            outputs: RwSignal::new(None),
            budgets: RwSignal::new(String::new()),
            copied: RwSignal::new(false),
            file: StoredValue::new_local(None),
            util_file: StoredValue::new_local(None),
            resource: RwSignal::new(String::new()),
            worker: StoredValue::new_local(None),
            pending: StoredValue::new_local(None),
        }
    }

    /// Sends the picked bill, with the side file and fields, to the worker (started on the
    /// first bill); does nothing before a bill is picked.
    fn run(self) {
        let Some(f) = self.file.get_value() else {
            return;
        };
        let app = self.app;
        let started = self.worker.get_value();
        let fresh = started.is_none();
        let Some(w) =
            started.or_else(|| start_worker(self.status, self.outputs, self.pending, app.lang))
        else {
            self.status
                .set(Status::Failed(app.t(Text::ReviewFailed).to_string()));
            return;
        };
        self.worker.set_value(Some(w.clone()));
        self.status.set(Status::Reading {
            done: 0.0,
            total: f.size(),
        });
        self.copied.set(false);
        let request = self.request(f);
        self.outputs.set(None);
        if fresh {
            self.pending.set_value(Some(request));
        } else {
            let _ = w.post_message(&request);
        }
    }

    /// The worker's request for bill `f`: the files, the fields, and the page's language,
    /// currency, time zone and today.
    fn request(self, f: web_sys::File) -> js_sys::Object {
        let app = self.app;
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
        set("budgets", self.budgets.get_untracked().into());
        if let Some(u) = self.util_file.get_value() {
            set("util", u.into());
        }
        set("resource", self.resource.get_untracked().into());
        set("today", app.today.to_string().into());
        request
    }

    /// Reviews the bill just picked (a cancelled pick keeps the one before).
    fn pick_bill(self, ev: &leptos::ev::Event) {
        let input: web_sys::HtmlInputElement = event_target(ev);
        let picked = input.files().and_then(|list| list.get(0));
        if picked.is_some() {
            self.file.set_value(picked);
            self.run();
        }
    }

    /// Reviews again with the side file just picked (or none).
    fn pick_util(self, ev: &leptos::ev::Event) {
        let input: web_sys::HtmlInputElement = event_target(ev);
        self.util_file
            .set_value(input.files().and_then(|list| list.get(0)));
        self.run();
    }

    /// Stores a typed field's new value and reviews again.
    fn retype(self, field: RwSignal<String>, ev: &leptos::ev::Event) {
        field.set(event_target_value(ev));
        self.run();
    }
}

/// The spend review page.
#[component]
pub fn ReviewPage() -> impl IntoView {
    let review = Review::new(expect_context::<AppState>());
    let app = review.app;
    // A review is in the page's language and currency: redo it when they change.
    Effect::new(move |first: Option<()>| {
        let _ = (app.lang.get(), app.currency.get());
        if first.is_some() {
            review.run();
        }
    });
    let report = move || review.outputs.get().map(|o| o.html).unwrap_or_default();
    view! {
        <section class="review" aria-labelledby="review-heading">
            <h2 id="review-heading">{move || app.t(Text::ReviewHeading)}</h2>
            <p class="intro" data-testid="review-privacy">{move || app.t(Text::ReviewIntro)}</p>
            <p class="hint">{move || app.t(Text::ReviewFormats)}</p>
            <BillFields review=review />
            <UtilFields review=review />
            <ReviewProgress review=review />
            <ReviewOutcome review=review />
            <ReviewExports review=review />
            <div class="review-report" data-testid="review-report" inner_html=report></div>
            <large_bills::LargeBills app=app />
        </section>
    }
}

/// The first row: the bill's file and the budgets.
#[component]
fn BillFields(
    /// The page's review.
    review: Review,
) -> impl IntoView {
    let app = review.app;
    view! {
        <div class="row">
            <FilePicker review=review label=Text::ReviewFile accept=".csv,.gz,.txt,.parquet,text/csv,application/gzip,application/vnd.apache.parquet" testid="review-file" pick=Review::pick_bill />
            <Field review=review label=Text::ReviewBudgets>
                <textarea
                    rows="2"
                    data-testid="review-budgets"
                    placeholder=move || app.t(Text::ReviewBudgetsHint)
                    prop:value=move || review.budgets.get()
                    on:change=move |ev| review.retype(review.budgets, &ev)
                ></textarea>
            </Field>
        </div>
    }
}

/// The second row: the utilization side file and the bill resource it belongs to.
#[component]
fn UtilFields(
    /// The page's review.
    review: Review,
) -> impl IntoView {
    let app = review.app;
    view! {
        <div class="row">
            <FilePicker review=review label=Text::ReviewUtilFile accept=".csv,.gz,.txt,.log,text/csv,application/gzip" testid="review-util-file" pick=Review::pick_util />
            <Field review=review label=Text::ReviewUtilResource>
                <input
                    type="text"
                    data-testid="review-util-resource"
                    placeholder=move || app.t(Text::ReviewUtilResourceHint)
                    prop:value=move || review.resource.get()
                    on:change=move |ev| review.retype(review.resource, &ev)
                />
            </Field>
        </div>
    }
}

/// A labelled picker of one of the review's files.
#[component]
fn FilePicker(
    /// The page's review.
    review: Review,
    /// The field's label.
    label: Text,
    /// The file types offered.
    accept: &'static str,
    /// The input's `data-testid`.
    testid: &'static str,
    /// What a pick does.
    pick: fn(Review, &leptos::ev::Event),
) -> impl IntoView {
    view! {
        <Field review=review label=label>
            <input type="file" accept=accept data-testid=testid on:change=move |ev| pick(review, &ev) />
        </Field>
    }
}

/// One labelled field of the review's form: the label's words above the control.
#[component]
fn Field(
    /// The page's review.
    review: Review,
    /// The field's label.
    label: Text,
    /// The control.
    children: Children,
) -> impl IntoView {
    let app = review.app;
    view! {
        <label class="field">
            <span>{move || app.t(label)}</span>
            {children()}
        </label>
    }
}

/// The progress bar and its words, while the files are being read.
#[component]
fn ReviewProgress(
    /// The page's review.
    review: Review,
) -> impl IntoView {
    let app = review.app;
    let progress = move || match review.status.get() {
        Status::Reading { done, total } => Some(progress_text(done, total, app.lang.get())),
        _ => None,
    };
    view! {
        {move || progress().map(|(done, total, text)| view! {
            <div class="review-progress">
                <label>
                    <span>{move || app.t(Text::ReviewReading)}</span>
                    <progress data-testid="review-progress" max=total value=done></progress>
                </label>
                <span class="hint">{text}</span>
            </div>
        })}
    }
}

/// The status line ("done"), and why the bill could not be reviewed when it could not.
#[component]
fn ReviewOutcome(
    /// The page's review.
    review: Review,
) -> impl IntoView {
    let app = review.app;
    let done = move || match review.status.get() {
        Status::Done => app.t(Text::ReviewDone).to_string(),
        _ => String::new(),
    };
    let failed = move || match review.status.get() {
        Status::Failed(why) => Some(why),
        _ => None,
    };
    view! {
        <p role="status" class="review-status" data-testid="review-status">
            {done}
        </p>
        {move || failed().map(|why| view! {
            <div class="notice" role="alert" data-testid="review-error">
                <p>{move || app.t(Text::ReviewFailed)}</p>
                <p>{why}</p>
            </div>
        })}
    }
}

/// The review's exports (CSV, JSON, copy Markdown), once there is a review.
#[component]
fn ReviewExports(
    /// The page's review.
    review: Review,
) -> impl IntoView {
    let (app, copied) = (review.app, review.copied);
    let buttons = move |o: Outputs| {
        let (csv, json, md) = (gpucost_core::escape::csv_file(&o.csv), o.json, o.md);
        let copy_md = move |_| {
            let md = md.clone();
            leptos::task::spawn_local(async move { copied.set(web::copy_to_clipboard(&md).await) });
        };
        view! {
            <div class="export-bar" data-testid="review-exports">
                <button type="button" data-testid="review-export-csv" on:click=move |_| web::download("gpu-spend-review.csv", "text/csv", &csv)>
                    {move || app.t(Text::ReviewDownloadCsv)}
                </button>
                <button type="button" data-testid="review-export-json" on:click=move |_| web::download("gpu-spend-review.json", "application/json", &json)>
                    {move || app.t(Text::ReviewDownloadJson)}
                </button>
                <button type="button" data-testid="review-copy-md" on:click=copy_md>
                    {move || app.t(Text::ReviewCopyMarkdown)}
                </button>
                <span aria-live="polite">{move || copied.get().then(|| app.t(Text::ReviewCopied))}</span>
            </div>
        }
    };
    move || review.outputs.get().map(buttons)
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
            let text = |k: &str| field(&data, k).as_string().unwrap_or_default();
            let number = |k: &str| field(&data, k).as_f64().unwrap_or_default();
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

/// The field `k` of a worker's message (`undefined` when it has none).
fn field(data: &JsValue, k: &str) -> JsValue {
    js_sys::Reflect::get(data, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED)
}
