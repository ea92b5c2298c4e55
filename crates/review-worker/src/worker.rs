//! The worker's message loop and the file reader over `FileReaderSync`.

use std::io::{Read, Seek, SeekFrom};

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::l10n::Localize;
use gpucost_review::limits::{MAX_TZ_MINUTES, MIN_TZ_MINUTES};
use gpucost_review::review::{Budget, ReviewOptions};
use gpucost_review::session::{self, NamedFile, Stage};
use gpucost_review::{html, render};
use js_sys::{Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, File, FileReaderSync, MessageEvent};

/// Bytes read from the file at a time: few calls into the browser, bounded memory.
const SLICE: f64 = 1024.0 * 1024.0;

/// Installs the message handler.
pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let data = e.data();
        let reply = review(&data).unwrap_or_else(|message| {
            object(&[("kind", "error".into()), ("message", message.into())])
        });
        post(&reply);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages posted before this handler existed (while the module was loading) are lost:
    // the page waits for this before it sends a bill.
    post(&object(&[("kind", "ready".into())]));
}

fn post(message: &JsValue) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(message);
}

fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in fields {
        let _ = Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o.into()
}

fn field(data: &JsValue, key: &str) -> JsValue {
    Reflect::get(data, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn text_field(data: &JsValue, key: &str) -> String {
    field(data, key).as_string().unwrap_or_default()
}

/// Reviews the request's file; the error is a message in the request's language.
fn review(data: &JsValue) -> Result<JsValue, String> {
    let lang: Lang = text_field(data, "lang").parse().unwrap_or(Lang::En);
    let currency = session::currency_for(lang, text_field(data, "cur").parse().ok());
    // Minutes east of UTC, refused (not wrapped or clamped) outside -12:00..+14:00.
    let tz = field(data, "tz").as_f64().unwrap_or(480.0);
    let in_range = f64::from(MIN_TZ_MINUTES)..=f64::from(MAX_TZ_MINUTES);
    if !in_range.contains(&tz) || tz.fract() != 0.0 {
        return Err(gpucost_review::l10n::bad_tz(lang));
    }
    let tz = tz as i16;
    let budgets: Vec<Budget> = text_field(data, "budgets")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| l.parse().ok())
        .collect();
    // The page sends its day; a request without one (never the page's) uses the catalog's.
    let today = NaiveDate::parse_from_str(&text_field(data, "today"), "%Y-%m-%d")
        .unwrap_or_else(|_| embedded().catalog.built);
    let file: File = field(data, "file")
        .dyn_into()
        .map_err(|_| "no file".to_string())?;
    let util: Option<File> = field(data, "util").dyn_into().ok();
    let resource = text_field(data, "resource");
    let name = file.name();
    let bill_size = file.size();
    // One bar for both files: the bill's bytes, then the side file's.
    let total = bill_size + util.as_ref().map_or(0.0, |u| u.size());
    let unavailable = |_| "FileReaderSync is unavailable".to_string();
    let reader = SlicedFile::new(file).map_err(unavailable)?;
    let mut last = 0.0;
    let mut report = |done: f64| {
        // About a hundred progress messages however big the files.
        if done - last >= total / 100.0 || done >= total {
            last = done;
            post(&object(&[
                ("kind", "progress".into()),
                ("done", done.into()),
                ("total", total.into()),
            ]));
        }
    };
    let request = session::Request {
        lang,
        currency,
        today,
        options: ReviewOptions {
            tz_offset_minutes: tz,
            budgets,
        },
        resource: Some(resource.trim()).filter(|r| !r.is_empty()),
    };
    let util_name = util.as_ref().map(File::name).unwrap_or_default();
    let side = util
        .map(|u| SlicedFile::new(u).map_err(unavailable))
        .transpose()?
        .map(|reader| NamedFile {
            name: &util_name,
            reader,
        });
    let bill = NamedFile {
        name: &name,
        // Seekable: a Parquet bill is read from its index at the end, a row group at a time.
        reader: gpucost_review::bill::BillInput::seekable(reader),
    };
    let outcome = session::run(embedded(), request, bill, side, |stage, done| {
        let before = match stage {
            Stage::Bill => 0.0,
            Stage::Utilization => bill_size,
        };
        report(before + done as f64);
    })
    .map_err(|err| err.text(lang))?;
    let json = render::to_json(&outcome.review, outcome.levers.as_ref(), lang);
    Ok(object(&[
        ("kind", "done".into()),
        ("html", html::to_html(&json, lang).into()),
        (
            "json",
            // As `gpucost review --format json` prints it, newline included.
            (serde_json::to_string_pretty(&json).unwrap_or_default() + "\n").into(),
        ),
        ("csv", render::to_csv(&json).into()),
        ("md", render::to_markdown(&json, lang).into()),
    ]))
}

/// A `File` read in slices of [`SLICE`] bytes: front to back, or from any place it seeks to.
struct SlicedFile {
    file: File,
    reader: FileReaderSync,
    at: f64,
    buffer: Vec<u8>,
    start: usize,
}

impl SlicedFile {
    fn new(file: File) -> Result<SlicedFile, JsValue> {
        Ok(SlicedFile {
            file,
            reader: FileReaderSync::new()?,
            at: 0.0,
            buffer: Vec::new(),
            start: 0,
        })
    }
}

impl Read for SlicedFile {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.start >= self.buffer.len() {
            let size = self.file.size();
            if self.at >= size {
                return Ok(0);
            }
            let end = (self.at + SLICE).min(size);
            let blob = self
                .file
                .slice_with_f64_and_f64(self.at, end)
                .map_err(|_| std::io::Error::other("the file cannot be sliced"))?;
            let bytes = self
                .reader
                .read_as_array_buffer(&blob)
                .map_err(|_| std::io::Error::other("the file cannot be read"))?;
            self.buffer = Uint8Array::new(&bytes).to_vec();
            self.start = 0;
            self.at = end;
        }
        let n = out.len().min(self.buffer.len() - self.start);
        out[..n].copy_from_slice(&self.buffer[self.start..self.start + n]);
        self.start += n;
        Ok(n)
    }
}

impl Seek for SlicedFile {
    fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        // `at` is the end of the buffered slice; the reader is `buffer.len() - start` before it.
        let here = self.at - (self.buffer.len() - self.start) as f64;
        let target = match to {
            SeekFrom::Start(n) => n as f64,
            SeekFrom::End(d) => self.file.size() + d as f64,
            SeekFrom::Current(d) => here + d as f64,
        };
        if target < 0.0 {
            return Err(std::io::Error::other("seek before the start of the file"));
        }
        self.at = target;
        self.buffer.clear();
        self.start = 0;
        Ok(target as u64)
    }
}
