//! "Large bills: let your warehouse aggregate": the query that adds a bill too large for the
//! browser up to the CSV this page reviews, for the user's own table and dates, with a copy
//! button. The query and the words come from `gpucost_review` (`sql`, `l10n::SqlText`); this
//! part only holds the fields.

use chrono::NaiveDate;
use gpucost_review::l10n::SqlText;
use gpucost_review::sql::{
    last_three_months, parse_day, query, DateField, Dialect, Granularity, Request, MAX_SOURCE_LEN,
};
use leptos::prelude::*;

use crate::state::AppState;
use crate::web;

/// Today in UTC, from the browser's clock.
fn today() -> NaiveDate {
    let now = js_sys::Date::new_0();
    NaiveDate::from_ymd_opt(
        now.get_utc_full_year() as i32,
        now.get_utc_month() + 1,
        now.get_utc_date(),
    )
    .unwrap_or_default()
}

/// The fields the query is written for.
#[derive(Clone, Copy)]
struct SqlForm {
    dialect: RwSignal<Dialect>,
    table: RwSignal<String>,
    from: RwSignal<String>,
    to: RwSignal<String>,
    /// Whether the query shown was copied (cleared by any edit).
    copied: RwSignal<bool>,
}

impl SqlForm {
    /// The three whole months before this one, in the dialect users most often have.
    fn new() -> SqlForm {
        let (from, to) = last_three_months(today());
        SqlForm {
            dialect: RwSignal::new(Dialect::Athena),
            table: RwSignal::new(String::new()),
            from: RwSignal::new(from.to_string()),
            to: RwSignal::new(to.to_string()),
            copied: RwSignal::new(false),
        }
    }

    /// The query for the fields (the dialect's example table when none is typed), or why there
    /// is none, in the page's language.
    fn query(self, app: AppState) -> Memo<Result<String, String>> {
        Memo::new(move |_| {
            let d = self.dialect.get();
            let typed = self.table.get();
            let source = if typed.trim().is_empty() {
                d.example()
            } else {
                typed.as_str()
            };
            let from = self.from.with(|f| parse_day(f, DateField::From));
            let to = self.to.with(|t| parse_day(t, DateField::To));
            from.and_then(|from| {
                query(&Request {
                    dialect: d,
                    source,
                    from,
                    to: to?,
                    by: Granularity::Line,
                })
            })
            .map_err(|e| e.text(app.lang.get()))
        })
    }
}

/// The section.
#[component]
pub fn LargeBills(
    /// The app's language.
    app: AppState,
) -> impl IntoView {
    let form = SqlForm::new();
    let sql = form.query(app);
    let text = move |t: SqlText| t.get(app.lang.get());
    view! {
        <details class="review-sql" data-testid="review-sql">
            <summary>{move || text(SqlText::Heading)}</summary>
            <p class="hint">{move || text(SqlText::Intro)}</p>
            <SqlFields form=form app=app />
            <SqlOutput sql=sql copied=form.copied app=app />
        </details>
    }
}

/// The warehouse, table and dates.
#[component]
fn SqlFields(
    /// The fields.
    form: SqlForm,
    /// The app's language.
    app: AppState,
) -> impl IntoView {
    let SqlForm {
        dialect,
        table,
        from,
        to,
        copied,
    } = form;
    let text = move |t: SqlText| t.get(app.lang.get());
    let pick = move |ev: leptos::ev::Event| {
        if let Some(d) = Dialect::from_slug(&event_target_value(&ev)) {
            dialect.set(d);
            copied.set(false);
        }
    };
    let typed = move |field: RwSignal<String>| {
        move |ev: leptos::ev::Event| {
            field.set(event_target_value(&ev));
            copied.set(false);
        }
    };
    view! {
        <div class="row">
            <label class="field">
                <span>{move || text(SqlText::Warehouse)}</span>
                <select data-testid="review-sql-dialect" on:change=pick>
                    {Dialect::ALL.map(|d| view! {
                        <option value=d.as_str() selected=move || dialect.get() == d>{move || d.name(app.lang.get())}</option>
                    })}
                </select>
            </label>
            <label class="field">
                <span>{move || text(SqlText::Table)}</span>
                <input type="text" data-testid="review-sql-table" maxlength=MAX_SOURCE_LEN
                    placeholder=move || dialect.get().example()
                    prop:value=move || table.get() on:input=typed(table) />
            </label>
            <label class="field">
                <span>{move || text(SqlText::From)}</span>
                <input type="date" data-testid="review-sql-from" prop:value=move || from.get() on:input=typed(from) />
            </label>
            <label class="field">
                <span>{move || text(SqlText::To)}</span>
                <input type="date" data-testid="review-sql-to" prop:value=move || to.get() on:input=typed(to) />
            </label>
        </div>
    }
}

/// The query with its copy button, or why there is none.
#[component]
fn SqlOutput(
    /// The query, or why there is none.
    sql: Memo<Result<String, String>>,
    /// Whether it was copied.
    copied: RwSignal<bool>,
    /// The app's language.
    app: AppState,
) -> impl IntoView {
    let text = move |t: SqlText| t.get(app.lang.get());
    let copy = move |_| {
        if let Ok(q) = sql.get_untracked() {
            leptos::task::spawn_local(async move { copied.set(web::copy_to_clipboard(&q).await) });
        }
    };
    move || {
        match sql.get() {
        Ok(q) => view! {
            <pre class="review-sql-query" data-testid="review-sql-query"><code>{q}</code></pre>
            <div class="export-bar">
                <button type="button" data-testid="review-sql-copy" on:click=copy>{move || text(SqlText::Copy)}</button>
                <span aria-live="polite">{move || copied.get().then(|| text(SqlText::Copied))}</span>
            </div>
        }
        .into_any(),
        Err(why) => view! {
            <p class="notice" role="alert" data-testid="review-sql-error">{why}</p>
        }
        .into_any(),
    }
    }
}
