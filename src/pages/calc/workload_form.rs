//! The workload form: what the GPUs will do (task, model, precision, how much work), which
//! turns on the hardware recommendation. Every field writes the link state, and only with a
//! value that keeps the workload valid; otherwise it keeps the typed text and says why.
//! The rules are pure functions ([`apply`], [`with_model`], …), tested natively; the form's
//! own words live here ([`F`]) rather than in `i18n.rs`.

use gpucost_core::format::Lang;
use gpucost_core::recommend::workload::{
    MAX_DEADLINE_HOURS, MAX_EPOCHS, MAX_LATENCY_MS, MAX_PARAMS, MAX_REQUESTS,
    MAX_REQUESTS_PER_SECOND, MAX_SAMPLES, MAX_TOKENS, MAX_TOKENS_PER_SECOND, MIN_PARAMS,
};
use gpucost_core::recommend::{
    KnownModel, ModelChoice, ModelSpec, Precision, Rate, RateUnit, TaskKind, TrainingSize,
    WorkSize, Workload, WorkloadError,
};
use gpucost_core::share::workload_params::{default_workload, parse_count, write_count};
use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::recommendation::{model_label, task_label};
use crate::components::fields::Range;
use crate::i18n::Text;
use crate::signals::distinct_signal;
use crate::state::AppState;

/// The form's own strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum F {
    Legend,
    Describe,
    Task,
    Model,
    Precision,
    Unavailable,
    SizeIn,
    TokensOption,
    SamplesOption,
    RateUnit,
    RequestsPerSecond,
    TokensPerSecond,
    None,
    ModelDefault,
}

impl F {
    /// Every string, for the translation test.
    pub const ALL: [F; 14] = [
        F::Legend,
        F::Describe,
        F::Task,
        F::Model,
        F::Precision,
        F::Unavailable,
        F::SizeIn,
        F::TokensOption,
        F::SamplesOption,
        F::RateUnit,
        F::RequestsPerSecond,
        F::TokensPerSecond,
        F::None,
        F::ModelDefault,
    ];

    /// The string in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            F::Legend => ("Workload", "工作负载"),
            F::Describe => (
                "Describe the workload (for a GPU recommendation)",
                "描述工作负载（用于 GPU 推荐）",
            ),
            F::Task => ("Task", "任务"),
            F::Model => ("Model", "模型"),
            F::Precision => ("Precision", "精度"),
            F::Unavailable => ("unavailable", "不可用"),
            F::SizeIn => ("Training size in", "训练规模单位"),
            F::TokensOption => ("tokens", "token 数"),
            F::SamplesOption => ("samples × epochs", "样本数 × 轮数"),
            F::RateUnit => ("Rate unit", "速率单位"),
            F::RequestsPerSecond => ("requests/s", "请求/秒"),
            F::TokensPerSecond => ("output tokens/s", "输出 token/秒"),
            F::None => ("none", "无"),
            F::ModelDefault => ("model default", "模型默认值"),
        };
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

/// A text field of the workload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// Custom model size.
    Params,
    /// Training sequence length (optional).
    Seq,
    /// Training tokens.
    Tokens,
    /// Training samples.
    Samples,
    /// Passes over the samples.
    Epochs,
    /// Serving rate.
    Rate,
    /// Prompt tokens per request.
    Input,
    /// Generated tokens per request.
    Output,
    /// Serving latency bound.
    Latency,
    /// Batch requests.
    Requests,
    /// Hours to finish (optional).
    Deadline,
}

impl Field {
    /// Test id suffix and element id base.
    pub fn slug(self) -> &'static str {
        match self {
            Field::Params => "params",
            Field::Seq => "seq",
            Field::Tokens => "tokens",
            Field::Samples => "samples",
            Field::Epochs => "epochs",
            Field::Rate => "rate",
            Field::Input => "in",
            Field::Output => "out",
            Field::Latency => "lat",
            Field::Requests => "reqs",
            Field::Deadline => "deadline",
        }
    }

    /// The label.
    pub fn label(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            Field::Params => ("Parameters (e.g. 7B)", "参数量（如 7B）"),
            Field::Seq => ("Sequence length (optional)", "序列长度（可选）"),
            Field::Tokens => ("Training tokens (e.g. 20B)", "训练 token 数（如 20B）"),
            Field::Samples => ("Samples (e.g. 88K)", "样本数（如 88K）"),
            Field::Epochs => ("Epochs", "轮数"),
            Field::Rate => ("Rate per second", "每秒速率"),
            Field::Input => ("Tokens in per request", "每请求输入 token"),
            Field::Output => ("Tokens out per request", "每请求输出 token"),
            Field::Latency => ("Latency bound", "延迟上限"),
            Field::Requests => ("Requests (e.g. 1M)", "请求数（如 1M）"),
            Field::Deadline => ("Deadline (optional)", "截止时间（可选）"),
        };
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }

    /// The unit after the input.
    pub fn unit(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Field::Latency, Lang::En) => "ms",
            (Field::Latency, Lang::Zh) => "毫秒",
            (Field::Deadline, Lang::En) => "h",
            (Field::Deadline, Lang::Zh) => "小时",
            _ => "",
        }
    }
}

/// Why a typed value was not written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldError {
    /// Not a number in the range.
    Number(Range),
    /// Not a count in `min..=max`.
    Count {
        /// Smallest accepted.
        min: u64,
        /// Largest accepted.
        max: u64,
    },
    /// The value makes the workload inconsistent.
    Workload(Vec<WorkloadError>),
}

impl FieldError {
    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (FieldError::Number(r), _) => format!(
                "{} {}–{}",
                Text::InvalidNumber.get(lang),
                r.min.normalize(),
                r.max.normalize()
            ),
            (FieldError::Count { min, max }, Lang::En) => format!(
                "Enter a whole number, optionally with K, M, B or T (like 20B), from {} to {}.",
                write_count(*min),
                write_count(*max)
            ),
            (FieldError::Count { min, max }, Lang::Zh) => format!(
                "请输入整数，可带 K、M、B 或 T 后缀（如 20B），范围 {} 到 {}。",
                write_count(*min),
                write_count(*max)
            ),
            (FieldError::Workload(errors), _) => errors
                .iter()
                .map(|e| e.message(lang))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

fn spec_of(model: ModelChoice) -> ModelSpec {
    match model {
        ModelChoice::Known(k) => k.spec(),
        ModelChoice::Custom { params } => ModelSpec::custom(params as f64),
    }
}

/// The text a field shows for `w`.
pub fn field_text(w: &Workload, f: Field) -> String {
    let shape = match w.size {
        WorkSize::Serving(s) => Some(s.shape),
        WorkSize::Batch(b) => Some(b.shape),
        WorkSize::Training(_) => None,
    };
    match (f, w.size) {
        (Field::Params, _) => match w.model {
            ModelChoice::Custom { params } => write_count(params),
            ModelChoice::Known(_) => String::new(),
        },
        (Field::Seq, _) => w.seq_len.map(|s| s.to_string()).unwrap_or_default(),
        (Field::Tokens, WorkSize::Training(TrainingSize::Tokens(t))) => write_count(t),
        (Field::Samples, WorkSize::Training(TrainingSize::Samples { samples, .. })) => {
            write_count(samples)
        }
        (Field::Epochs, WorkSize::Training(TrainingSize::Samples { epochs, .. })) => {
            epochs.to_string()
        }
        (Field::Rate, WorkSize::Serving(s)) => s.rate.per_second.normalize().to_string(),
        (Field::Input, _) => shape
            .map(|s| s.input_tokens.to_string())
            .unwrap_or_default(),
        (Field::Output, _) => shape
            .map(|s| s.output_tokens.to_string())
            .unwrap_or_default(),
        (Field::Latency, WorkSize::Serving(s)) => s.latency_ms.to_string(),
        (Field::Requests, WorkSize::Batch(b)) => write_count(b.requests),
        (Field::Deadline, _) => w
            .deadline_hours
            .map(|d| d.normalize().to_string())
            .unwrap_or_default(),
        _ => String::new(),
    }
}

fn count_in(text: &str, min: u64, max: u64) -> Result<u64, FieldError> {
    parse_count(text)
        .filter(|n| (min..=max).contains(n))
        .ok_or(FieldError::Count { min, max })
}

fn number_in(text: &str, range: Range) -> Result<Decimal, FieldError> {
    range.parse(text).ok_or(FieldError::Number(range))
}

fn whole_in(text: &str, min: u32, max: u32) -> Result<u32, FieldError> {
    let range = Range::whole(i64::from(min), i64::from(max));
    number_in(text, range).and_then(|v| v.to_u32().ok_or(FieldError::Number(range)))
}

fn checked(w: Workload) -> Result<Workload, FieldError> {
    w.validate().map(|_| w).map_err(FieldError::Workload)
}

/// `w` with field `f` set from `text`, if the text is a value in range and the workload stays
/// valid.
///
/// # Errors
/// Why the text was not taken.
pub fn apply(w: &Workload, f: Field, text: &str) -> Result<Workload, FieldError> {
    let text = text.trim();
    let mut n = *w;
    match f {
        Field::Params => {
            n.model = ModelChoice::Custom {
                params: count_in(text, MIN_PARAMS, MAX_PARAMS)?,
            }
        }
        Field::Seq => {
            n.seq_len = if text.is_empty() {
                None
            } else {
                Some(whole_in(text, 1, 1_000_000)?)
            }
        }
        Field::Tokens => {
            n.size = WorkSize::Training(TrainingSize::Tokens(count_in(text, 1, MAX_TOKENS)?))
        }
        Field::Samples | Field::Epochs => {
            let (samples, epochs) = match w.size {
                WorkSize::Training(TrainingSize::Samples { samples, epochs }) => (samples, epochs),
                _ => (100_000, 1),
            };
            n.size = WorkSize::Training(if f == Field::Samples {
                TrainingSize::Samples {
                    samples: count_in(text, 1, MAX_SAMPLES)?,
                    epochs,
                }
            } else {
                TrainingSize::Samples {
                    samples,
                    epochs: whole_in(text, 1, MAX_EPOCHS)?,
                }
            });
        }
        Field::Rate => {
            if let WorkSize::Serving(s) = &mut n.size {
                let max = match s.rate.unit {
                    RateUnit::RequestsPerSecond => MAX_REQUESTS_PER_SECOND,
                    RateUnit::TokensPerSecond => MAX_TOKENS_PER_SECOND,
                };
                let range = Range::decimal(Decimal::new(1, 3), Decimal::from(max), 3);
                s.rate.per_second = number_in(text, range)?;
            }
        }
        Field::Input | Field::Output => {
            let value = if f == Field::Input {
                whole_in(text, 1, 1_000_000)?
            } else {
                whole_in(text, 0, 1_000_000)?
            };
            let shape = match &mut n.size {
                WorkSize::Serving(s) => &mut s.shape,
                WorkSize::Batch(b) => &mut b.shape,
                WorkSize::Training(_) => return Ok(n),
            };
            if f == Field::Input {
                shape.input_tokens = value;
            } else {
                shape.output_tokens = value;
            }
        }
        Field::Latency => {
            if let WorkSize::Serving(s) = &mut n.size {
                s.latency_ms = whole_in(text, 1, MAX_LATENCY_MS)?;
            }
        }
        Field::Requests => {
            if let WorkSize::Batch(b) = &mut n.size {
                b.requests = count_in(text, 1, MAX_REQUESTS)?;
            }
        }
        Field::Deadline => {
            n.deadline_hours = if text.is_empty() {
                None
            } else {
                let range =
                    Range::decimal(Decimal::new(1, 2), Decimal::from(MAX_DEADLINE_HOURS), 2);
                Some(number_in(text, range)?)
            }
        }
    }
    checked(n)
}

/// The text fields that fit `w`, in form order (the custom parameter count is with the model).
pub fn fields_for(w: &Workload) -> Vec<Field> {
    let spec = spec_of(w.model);
    let transformer = spec.arch.transformer().is_some();
    let generates = spec.arch.generates_tokens();
    let mut out = Vec::new();
    let shape = |out: &mut Vec<Field>| {
        if transformer {
            out.push(Field::Input);
        }
        if generates {
            out.push(Field::Output);
        }
    };
    match w.size {
        WorkSize::Training(TrainingSize::Tokens(_)) => out.push(Field::Tokens),
        WorkSize::Training(TrainingSize::Samples { .. }) => {
            out.extend([Field::Samples, Field::Epochs])
        }
        WorkSize::Serving(_) => {
            out.push(Field::Rate);
            shape(&mut out);
            out.push(Field::Latency);
        }
        WorkSize::Batch(_) => {
            out.push(Field::Requests);
            shape(&mut out);
        }
    }
    if w.task.is_training() && spec.arch.is_token_model() {
        out.push(Field::Seq);
    }
    if !matches!(w.size, WorkSize::Serving(_)) {
        out.push(Field::Deadline);
    }
    out
}

/// A rate converted to `unit` at the request's output length.
fn convert_rate(rate: Rate, unit: RateUnit, output_tokens: u32) -> Rate {
    if rate.unit == unit {
        return rate;
    }
    let out = Decimal::from(output_tokens.max(1));
    let per_second = match unit {
        RateUnit::TokensPerSecond => rate.per_second * out,
        RateUnit::RequestsPerSecond => (rate.per_second / out).round_dp(3),
    };
    Rate {
        unit,
        per_second: per_second.max(Decimal::new(1, 3)),
    }
}

/// `w` with another model, its sizes adjusted to what the model can do (image models train
/// on samples and serve requests; prompts fit the context).
///
/// # Errors
/// What still does not fit.
pub fn with_model(w: &Workload, model: ModelChoice) -> Result<Workload, Vec<WorkloadError>> {
    let spec = spec_of(model);
    let mut n = Workload { model, ..*w };
    if !spec.arch.is_token_model() {
        if let WorkSize::Training(TrainingSize::Tokens(_)) = n.size {
            n.size = WorkSize::Training(TrainingSize::Samples {
                samples: 100_000,
                epochs: 1,
            });
        }
    }
    if let Some(t) = spec.arch.transformer() {
        let max = t.max_context;
        if n.seq_len.is_some_and(|s| s > max) {
            n.seq_len = None;
        }
        let generates = spec.arch.generates_tokens();
        let shape = match &mut n.size {
            WorkSize::Serving(s) => Some(&mut s.shape),
            WorkSize::Batch(b) => Some(&mut b.shape),
            WorkSize::Training(_) => None,
        };
        if let Some(shape) = shape {
            if generates {
                shape.output_tokens = shape.output_tokens.max(1);
                if shape.input_tokens + shape.output_tokens > max {
                    shape.input_tokens = shape.input_tokens.min(max / 2).max(1);
                    shape.output_tokens = shape.output_tokens.min(max - shape.input_tokens);
                }
            } else {
                shape.input_tokens = shape.input_tokens.min(max);
            }
        }
    }
    if let WorkSize::Serving(s) = &mut n.size {
        if !spec.arch.generates_tokens() {
            s.rate = convert_rate(s.rate, RateUnit::RequestsPerSecond, s.shape.output_tokens);
        }
    }
    n.validate().map(|_| n)
}

/// `w` switched to `task`: the task's default sizes, keeping the chosen model — and its
/// precision, when the task allows it — wherever the new task can use them, so changing what
/// the GPUs do does not forget which model they do it with.
pub fn with_task(w: &Workload, task: TaskKind) -> Workload {
    if w.task == task {
        return *w;
    }
    let fresh = default_workload(task);
    let Ok(kept) = with_model(&fresh, w.model) else {
        return fresh;
    };
    let same_precision = Workload {
        precision: w.precision,
        ..kept
    };
    if task.allows(w.precision) && same_precision.validate().is_ok() {
        same_precision
    } else {
        kept
    }
}

/// `w` with its training size counted in tokens or in samples × epochs.
pub fn with_training_kind(w: &Workload, tokens: bool) -> Workload {
    let size = match (w.size, tokens) {
        (WorkSize::Training(TrainingSize::Samples { .. }), true) => {
            WorkSize::Training(TrainingSize::Tokens(100_000_000))
        }
        (WorkSize::Training(TrainingSize::Tokens(_)), false) => {
            WorkSize::Training(TrainingSize::Samples {
                samples: 100_000,
                epochs: 1,
            })
        }
        (other, _) => other,
    };
    Workload { size, ..*w }
}

/// `w` with its serving rate in another unit, converted at the request's output length.
pub fn with_rate_unit(w: &Workload, unit: RateUnit) -> Workload {
    let mut n = *w;
    if let WorkSize::Serving(s) = &mut n.size {
        s.rate = convert_rate(s.rate, unit, s.shape.output_tokens);
    }
    n
}

/// Why some precisions are not offered for `task`, if any are not.
pub fn precision_hint(task: TaskKind, lang: Lang) -> Option<String> {
    let unavailable: Vec<&str> = Precision::ALL
        .into_iter()
        .filter(|p| !task.allows(*p))
        .map(|p| p.label())
        .collect();
    if unavailable.is_empty() {
        return None;
    }
    let list = unavailable.join(", ");
    let why = match (task, lang) {
        (TaskKind::Qlora, Lang::En) => {
            "QLoRA trains adapters on 4-bit base weights (choose LoRA for 8 or 16 bits)"
        }
        (TaskKind::Qlora, Lang::Zh) => {
            "QLoRA 在 4 位基座权重上训练适配器（8 位或 16 位请选择 LoRA）"
        }
        (TaskKind::Lora, Lang::En) => {
            "LoRA keeps 16-bit or 8-bit base weights (choose QLoRA for 4 bits)"
        }
        (TaskKind::Lora, Lang::Zh) => "LoRA 的基座权重为 16 位或 8 位（4 位请选择 QLoRA）",
        (_, Lang::En) => "training updates every weight and needs FP32 or FP16/BF16 arithmetic",
        (_, Lang::Zh) => "训练会更新全部权重，需要 FP32 或 FP16/BF16 运算",
    };
    Some(match lang {
        Lang::En => format!("{list} unavailable: {why}."),
        Lang::Zh => format!("{list} 不可用：{why}。"),
    })
}

/// The scenario's workload as [`WorkloadForm`] provides it to its fields.
#[derive(Clone, Copy)]
struct WorkloadSignal(ReadSignal<Option<Workload>>);

/// The workload fieldset: a switch, then the task, model, precision and size fields.
#[component]
pub fn WorkloadForm() -> impl IntoView {
    let app = expect_context::<AppState>();
    // Shared by every field of the form, and woken only when the workload changes: an edit
    // elsewhere in the scenario does not reach the form's many effects.
    let workload = distinct_signal(move || app.page.with(|p| p.scenario.workload));
    provide_context(WorkloadSignal(workload));
    // Unchecking and checking again brings back the same task's defaults.
    let last_task = RwSignal::new(
        workload
            .get_untracked()
            .map(|w| w.task)
            .unwrap_or(TaskKind::OnlineServing),
    );
    let t = move |f: F| f.get(app.lang.get());
    let on_toggle = move |ev: leptos::ev::Event| {
        let on = event_target_checked(&ev);
        if let Some(w) = workload.get_untracked() {
            last_task.set(w.task);
        }
        let task = last_task.get_untracked();
        app.edit(|s| s.workload = on.then(|| default_workload(task)));
    };
    view! {
        <fieldset class="workload" data-testid="workload">
            <legend>{move || t(F::Legend)}</legend>
            <label class="check">
                <input
                    type="checkbox"
                    data-testid="workload-on"
                    prop:checked=move || workload.with(|w| w.is_some())
                    on:change=on_toggle
                />
                {move || t(F::Describe)}
            </label>
            <Show when=move || workload.with(|w| w.is_some())>
                <WorkloadChoices />
                <WorkloadSize />
            </Show>
        </fieldset>
    }
}

/// Task, model (with a custom parameter count) and precision.
#[component]
fn WorkloadChoices() -> impl IntoView {
    let app = expect_context::<AppState>();
    let workload = expect_context::<WorkloadSignal>().0;
    let t = move |f: F| f.get(app.lang.get());
    let problem: RwSignal<Option<Vec<WorkloadError>>> = RwSignal::new(None);
    let write = move |r: Result<Workload, Vec<WorkloadError>>| match r {
        Ok(w) => {
            problem.set(None);
            app.edit(|s| s.workload = Some(w));
        }
        Err(e) => problem.set(Some(e)),
    };
    let is = move |f: &dyn Fn(&Workload) -> bool| workload.with(|w| w.as_ref().is_some_and(f));
    let on_task = move |ev: leptos::ev::Event| {
        if let Some(task) = TaskKind::from_slug(&event_target_value(&ev)) {
            let w = workload.get_untracked();
            write(Ok(w.map_or_else(
                || default_workload(task),
                |w| with_task(&w, task),
            )));
        }
    };
    let on_model = move |ev: leptos::ev::Event| {
        let Some(w) = workload.get_untracked() else {
            return;
        };
        let params = match w.model {
            ModelChoice::Custom { params } => params,
            ModelChoice::Known(_) => 7_000_000_000,
        };
        if let Some(m) = ModelChoice::from_slug(&event_target_value(&ev), params) {
            write(with_model(&w, m));
        }
    };
    let on_precision = move |ev: leptos::ev::Event| {
        let Some(w) = workload.get_untracked() else {
            return;
        };
        if let Some(p) = Precision::from_slug(&event_target_value(&ev)) {
            let n = Workload { precision: p, ..w };
            write(n.validate().map(|_| n));
        }
    };
    let task = Memo::new(move |_| workload.with(|w| w.map(|w| w.task)));
    let models: Vec<ModelChoice> = KnownModel::ALL
        .into_iter()
        .map(ModelChoice::Known)
        .chain([ModelChoice::Custom { params: 0 }])
        .collect();
    view! {
        <div class="row">
            <label class="field">
                <span>{move || t(F::Task)}</span>
                <select data-testid="workload-task" on:change=on_task>
                    {TaskKind::ALL
                        .into_iter()
                        .map(|k| view! {
                            <option value=k.as_str() selected=move || task.get() == Some(k)>
                                {move || task_label(k, app.lang.get())}
                            </option>
                        })
                        .collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{move || t(F::Model)}</span>
                <select data-testid="workload-model" on:change=on_model>
                    {models
                        .into_iter()
                        .map(|m| {
                            let slug = m.as_str();
                            view! {
                                <option value=slug selected=move || is(&|w| w.model.as_str() == slug)>
                                    {move || model_label(m, app.lang.get())}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <Show when=move || is(&|w| matches!(w.model, ModelChoice::Custom { .. }))>
                <WorkloadField field=Field::Params />
            </Show>
            <label class="field">
                <span>{move || t(F::Precision)}</span>
                <select data-testid="workload-precision" on:change=on_precision>
                    {Precision::ALL
                        .into_iter()
                        .map(|p| {
                            let allowed = move || task.get().is_some_and(|k| k.allows(p));
                            view! {
                                <option
                                    value=p.as_str()
                                    disabled=move || !allowed()
                                    selected=move || is(&|w| w.precision == p)
                                >
                                    {move || if allowed() {
                                        p.label().to_string()
                                    } else {
                                        format!("{} ({})", p.label(), t(F::Unavailable))
                                    }}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
        </div>
        <p class="hint" data-testid="workload-precision-hint">
            {move || task.get().and_then(|k| precision_hint(k, app.lang.get()))}
        </p>
        <p class="field-error" role="alert" data-testid="workload-choice-error">
            {move || problem.get().map(|e| FieldError::Workload(e).message(app.lang.get()))}
        </p>
    }
}

/// The size of the work: the fields that fit the task and model, with the unit switches.
#[component]
fn WorkloadSize() -> impl IntoView {
    let app = expect_context::<AppState>();
    let workload = expect_context::<WorkloadSignal>().0;
    let t = move |f: F| f.get(app.lang.get());
    let fields =
        Memo::new(move |_| workload.with(|w| w.as_ref().map(fields_for).unwrap_or_default()));
    let set = move |change: &dyn Fn(&Workload) -> Workload| {
        if let Some(w) = workload.get_untracked() {
            let n = change(&w);
            if n.validate().is_ok() {
                app.edit(|s| s.workload = Some(n));
            }
        }
    };
    // Which unit switches apply: training by tokens or samples (token models), serving rate.
    let training_kind = Memo::new(move |_| {
        workload.with(|w| match w.as_ref().map(|w| (w.size, spec_of(w.model))) {
            Some((WorkSize::Training(t), spec)) if spec.arch.is_token_model() => {
                Some(matches!(t, TrainingSize::Tokens(_)))
            }
            _ => None,
        })
    });
    let rate_unit = Memo::new(move |_| {
        workload.with(|w| match w.as_ref().map(|w| w.size) {
            Some(WorkSize::Serving(s)) => Some(s.rate.unit),
            _ => None,
        })
    });
    let generates = Memo::new(move |_| {
        workload.with(|w| {
            w.as_ref()
                .is_some_and(|w| spec_of(w.model).arch.generates_tokens())
        })
    });
    view! {
        <div class="row">
            {move || training_kind.get().map(|tokens| view! {
                <label class="field">
                    <span>{move || t(F::SizeIn)}</span>
                    <select
                        data-testid="workload-size-kind"
                        on:change=move |ev| {
                            let tokens = event_target_value(&ev) == "tokens";
                            set(&|w| with_training_kind(w, tokens));
                        }
                    >
                        <option value="tokens" selected=tokens>{move || t(F::TokensOption)}</option>
                        <option value="samples" selected=!tokens>{move || t(F::SamplesOption)}</option>
                    </select>
                </label>
            })}
            {move || rate_unit.get().map(|unit| view! {
                <label class="field">
                    <span>{move || t(F::RateUnit)}</span>
                    <select
                        data-testid="workload-rate-unit"
                        on:change=move |ev| {
                            if let Some(u) = RateUnit::from_slug(&event_target_value(&ev)) {
                                set(&|w| with_rate_unit(w, u));
                            }
                        }
                    >
                        <option value=RateUnit::RequestsPerSecond.as_str() selected=unit == RateUnit::RequestsPerSecond>
                            {move || t(F::RequestsPerSecond)}
                        </option>
                        <option
                            value=RateUnit::TokensPerSecond.as_str()
                            selected=unit == RateUnit::TokensPerSecond
                            disabled=move || !generates.get()
                        >
                            {move || t(F::TokensPerSecond)}
                        </option>
                    </select>
                </label>
            })}
            <For each=move || fields.get() key=|f| *f let:field>
                <WorkloadField field=field />
            </For>
        </div>
    }
}

/// One text field of the workload: writes only values [`apply`] accepts, else says why.
#[component]
fn WorkloadField(
    /// Which field.
    field: Field,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let workload = expect_context::<WorkloadSignal>().0;
    // What was last typed; shown while it still describes the stored value (so `15000` is
    // not rewritten to `15K` mid-typing) or while it is invalid.
    let draft: RwSignal<Option<String>> = RwSignal::new(None);
    let error = Memo::new(move |_| {
        let text = draft.get()?;
        let w = workload.get()?;
        apply(&w, field, &text).err()
    });
    let shown = move || {
        workload
            .get()
            .map(|w| match draft.get_untracked() {
                Some(d) if apply(&w, field, &d).map_or(true, |n| n == w) => d,
                _ => field_text(&w, field),
            })
            .unwrap_or_default()
    };
    let testid = format!("workload-{}", field.slug());
    let error_id = format!("{testid}-error");
    let placeholder = move || match field {
        Field::Deadline => F::None.get(app.lang.get()).to_string(),
        Field::Seq => F::ModelDefault.get(app.lang.get()).to_string(),
        _ => String::new(),
    };
    view! {
        <label class="field">
            <span>{move || field.label(app.lang.get())}</span>
            <span class="with-unit">
                <input
                    type="text"
                    inputmode=if matches!(field, Field::Rate | Field::Deadline) { "decimal" } else { "text" }
                    data-testid=testid
                    placeholder=placeholder
                    prop:value=shown
                    aria-invalid=move || error.with(|e| e.is_some()).to_string()
                    aria-describedby=error_id.clone()
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        draft.set(Some(text.clone()));
                        if let Some(w) = workload.get_untracked() {
                            if let Ok(n) = apply(&w, field, &text) {
                                if n != w {
                                    app.edit(|s| s.workload = Some(n));
                                }
                            }
                        }
                    }
                />
                <span class="unit">{move || field.unit(app.lang.get())}</span>
            </span>
            <span class="field-error" id=error_id role="alert" aria-live="polite">
                {move || error.get().map(|e| e.message(app.lang.get()))}
            </span>
        </label>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve() -> Workload {
        default_workload(TaskKind::OnlineServing)
    }

    #[test]
    fn a_valid_value_is_written_and_shown_back() {
        let w = serve();
        let n = apply(&w, Field::Rate, "25.5").unwrap();
        assert_eq!(field_text(&n, Field::Rate), "25.5");
        let b = apply(
            &default_workload(TaskKind::BatchInference),
            Field::Requests,
            "2M",
        )
        .unwrap();
        assert_eq!(field_text(&b, Field::Requests), "2M");
        let d = apply(&b, Field::Deadline, "12").unwrap();
        assert_eq!(d.deadline_hours, Some(Decimal::from(12)));
        assert_eq!(
            apply(&d, Field::Deadline, " ").unwrap().deadline_hours,
            None
        );
    }

    #[test]
    fn out_of_range_text_is_refused_with_the_range() {
        let w = serve();
        let e = apply(&w, Field::Latency, "-3").unwrap_err();
        assert_eq!(e.message(Lang::En), "Enter a number in range 1–600000");
        let e = apply(&w, Field::Rate, "abc").unwrap_err();
        assert!(e.message(Lang::Zh).starts_with("请输入范围内的数字"));
        let train = default_workload(TaskKind::PreTraining);
        let e = apply(&train, Field::Tokens, "1.5").unwrap_err();
        assert!(
            e.message(Lang::En).contains("like 20B"),
            "{}",
            e.message(Lang::En)
        );
    }

    #[test]
    fn a_value_that_breaks_the_workload_says_why() {
        // Llama 3 8B reads at most 8,192 tokens: 8,000 in + 256 out is too long.
        let e = apply(&serve(), Field::Input, "8000").unwrap_err();
        assert_eq!(
            e,
            FieldError::Workload(vec![WorkloadError::OutputTokensOutOfRange { max: 8192 }])
        );
        assert!(e.message(Lang::En).contains("8192"));
        let lora = default_workload(TaskKind::Lora);
        assert!(apply(&lora, Field::Seq, "100000").is_err());
        assert_eq!(
            apply(&lora, Field::Seq, "4096").unwrap().seq_len,
            Some(4096)
        );
    }

    #[test]
    fn changing_the_task_keeps_the_model_and_precision_where_the_task_can_use_them() {
        use gpucost_core::recommend::KnownModel;
        let serving_70b_int8 = Workload {
            precision: Precision::Int8,
            ..with_model(
                &default_workload(TaskKind::OnlineServing),
                ModelChoice::Known(KnownModel::Llama3_70b),
            )
            .unwrap()
        };
        let lora = with_task(&serving_70b_int8, TaskKind::Lora);
        assert_eq!(lora.model, ModelChoice::Known(KnownModel::Llama3_70b));
        assert_eq!(lora.size, default_workload(TaskKind::Lora).size);
        assert_eq!(
            lora.precision,
            if TaskKind::Lora.allows(Precision::Int8) {
                Precision::Int8
            } else {
                default_workload(TaskKind::Lora).precision
            }
        );
        // Every model from every task to every task: a valid workload, with the model kept
        // whenever the new task's defaults accept it.
        for from in TaskKind::ALL {
            for m in KnownModel::ALL {
                let Ok(w) = with_model(&default_workload(from), ModelChoice::Known(m)) else {
                    continue;
                };
                for to in TaskKind::ALL {
                    let n = with_task(&w, to);
                    assert_eq!(n.task, to);
                    assert!(n.validate().is_ok(), "{from:?} {m:?} -> {to:?}");
                    let usable = with_model(&default_workload(to), ModelChoice::Known(m)).is_ok();
                    assert_eq!(
                        n.model == ModelChoice::Known(m),
                        usable || from == to,
                        "{from:?} {m:?} -> {to:?}"
                    );
                    assert!(to.allows(n.precision), "{from:?} {m:?} -> {to:?}");
                }
            }
        }
    }

    #[test]
    fn fields_fit_the_task_and_model() {
        use Field::*;
        assert_eq!(fields_for(&serve()), vec![Rate, Input, Output, Latency]);
        assert_eq!(
            fields_for(&default_workload(TaskKind::FullFineTune)),
            vec![Samples, Epochs, Seq, Deadline]
        );
        assert_eq!(
            fields_for(&default_workload(TaskKind::PreTraining)),
            vec![Tokens, Seq, Deadline]
        );
        let resnet = with_model(
            &default_workload(TaskKind::BatchInference),
            ModelChoice::Known(KnownModel::ResNet50),
        )
        .unwrap();
        assert_eq!(fields_for(&resnet), vec![Requests, Deadline]);
    }

    #[test]
    fn changing_the_model_repairs_what_it_cannot_do() {
        let mut w = with_rate_unit(&serve(), RateUnit::TokensPerSecond);
        if let WorkSize::Serving(s) = w.size {
            assert_eq!(
                s.rate.per_second,
                Decimal::from(2560),
                "10 req/s × 256 tokens"
            );
        }
        w = with_model(&w, ModelChoice::Known(KnownModel::ResNet50)).unwrap();
        let WorkSize::Serving(s) = w.size else {
            panic!("still serving")
        };
        assert_eq!(s.rate.unit, RateUnit::RequestsPerSecond);
        let train = with_model(
            &default_workload(TaskKind::PreTraining),
            ModelChoice::Known(KnownModel::ResNet50),
        )
        .unwrap();
        assert!(matches!(
            train.size,
            WorkSize::Training(TrainingSize::Samples { .. })
        ));
        let gptj = with_model(&serve(), ModelChoice::Known(KnownModel::GptJ6b)).unwrap();
        assert!(gptj.validate().is_ok());
        let custom = with_model(
            &serve(),
            ModelChoice::Custom {
                params: 13_000_000_000,
            },
        )
        .unwrap();
        assert_eq!(field_text(&custom, Field::Params), "13B");
    }

    #[test]
    fn unavailable_precisions_are_explained_in_both_languages() {
        assert_eq!(precision_hint(TaskKind::OnlineServing, Lang::En), None);
        let en = precision_hint(TaskKind::Qlora, Lang::En).unwrap();
        assert!(
            en.starts_with("FP32, FP16/BF16, INT8 unavailable: QLoRA"),
            "{en}"
        );
        let zh = precision_hint(TaskKind::PreTraining, Lang::Zh).unwrap();
        assert!(zh.starts_with("INT8, INT4 不可用"), "{zh}");
        for f in F::ALL {
            assert!(!f.get(Lang::Zh).is_ascii(), "{f:?}");
        }
        for task in TaskKind::ALL {
            for f in fields_for(&default_workload(task)) {
                assert!(!f.label(Lang::Zh).is_ascii(), "{f:?}");
            }
        }
    }

    #[test]
    fn every_task_default_shows_its_values() {
        for task in TaskKind::ALL {
            let w = default_workload(task);
            for f in fields_for(&w) {
                let text = field_text(&w, f);
                if !matches!(f, Field::Seq | Field::Deadline) {
                    assert!(!text.is_empty(), "{task:?} {f:?}");
                }
                assert_eq!(apply(&w, f, &text), Ok(w), "{task:?} {f:?} {text:?}");
            }
        }
    }
}
