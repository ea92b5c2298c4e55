//! The review as an HTML fragment, for the web page to insert into a `<div>` with `innerHTML`.
//!
//! Why the fragment is safe to insert, even for a hostile bill:
//! - every piece of text — whatever came from the bill (file name, tag keys and values,
//!   resource ids, descriptions, problems, provider ids, instance types) or from the
//!   [`ReviewJson`], and our own labels too — goes through [`escape`], which replaces `&`,
//!   `<`, `>`, `"` and `'`, in element content and attribute values alike; the only markup is
//!   the fixed tags written here, and every attribute value is double-quoted;
//! - there is no `<script>`, no inline event handler and no `style=` attribute (the page's
//!   Content-Security-Policy has `style-src 'self'`): presentation is by class names only;
//! - the one link, "Open as a scenario", is `href="?…"`: it starts with `?`, so it is always a
//!   query on the page itself and can never carry a `javascript:` or other scheme.
//!
//! Tables and sections carry `data-testid`s for the page's tests; numeric cells have the
//! class `num`, heat-map cells `h0`…`h4`, budget rows `over` or `within`, utilization rows
//! `low` or `busy` (the utilization section is written by `html/utilization.rs`).

mod utilization;

use std::fmt::Write as _;

use gpucost_core::format::{self, Lang};
use rust_decimal::Decimal;

use crate::l10n::{group_name, weekday, Label};
use crate::render::{money_or_raw, rates, shown, GroupJson, ReviewJson};

/// `s` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe as element
/// content and as a double- or single-quoted attribute value.
pub use gpucost_core::format::escape_html as escape;

/// A tag key as part of a `data-testid`: letters and digits kept (any script), everything
/// else a `-`.
fn testid_part(key: &str) -> String {
    key.chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect()
}

/// A decimal string grouped for reading (`1,602.25`), or as given when it does not parse.
fn num(s: &str, max_dp: u32) -> String {
    s.parse::<Decimal>()
        .map_or_else(|_| s.to_string(), |d| format::number(d, max_dp))
}

/// A decimal string with two decimals, grouped (`1,234.50`), or as given when it does not
/// parse.
fn two_dp(s: &str) -> String {
    s.parse::<Decimal>()
        .map_or_else(|_| s.to_string(), |d| format::decimal(d, 2))
}

/// `UTC+08:00` from minutes east of UTC.
fn utc_offset(minutes: i16) -> String {
    let sign = if minutes < 0 { '-' } else { '+' };
    let m = minutes.unsigned_abs();
    format!("UTC{sign}{:02}:{:02}", m / 60, m % 60)
}

/// The heat-map class of `v` against the week's maximum: `0` for none, else the quarter of
/// the maximum it falls in (`1` up to a quarter … `4` above three quarters).
fn heat_level(v: Decimal, max: Decimal) -> u8 {
    if v <= Decimal::ZERO || max <= Decimal::ZERO {
        0
    } else if v * Decimal::from(4) <= max {
        1
    } else if v * Decimal::from(2) <= max {
        2
    } else if v * Decimal::from(4) <= max * Decimal::from(3) {
        3
    } else {
        4
    }
}

/// Writes HTML; every text and attribute value passes through [`escape`].
struct Html {
    out: String,
}

impl Html {
    /// `<tag attrs>`; `attrs` are (name, value) with fixed names, values escaped.
    fn open(&mut self, tag: &str, attrs: &[(&str, &str)]) {
        self.out.push('<');
        self.out.push_str(tag);
        for (name, value) in attrs {
            let _ = write!(self.out, " {name}=\"{}\"", escape(value));
        }
        self.out.push('>');
    }

    fn close(&mut self, tag: &str) {
        let _ = write!(self.out, "</{tag}>");
    }

    fn text(&mut self, text: &str) {
        self.out.push_str(&escape(text));
    }

    /// `<tag attrs>text</tag>`.
    fn el(&mut self, tag: &str, attrs: &[(&str, &str)], text: &str) {
        self.open(tag, attrs);
        self.text(text);
        self.close(tag);
    }

    /// A `<dt>`/`<dd>` pair.
    fn pair(&mut self, term: &str, value: &str) {
        self.el("dt", &[], term);
        self.el("dd", &[], value);
    }

    /// A table header row of column headers; the columns in `numeric` get the class `num`.
    fn head(&mut self, columns: &[(&str, bool)]) {
        self.open("thead", &[]);
        self.open("tr", &[]);
        for (c, numeric) in columns {
            let class: &[(&str, &str)] = if *numeric {
                &[("scope", "col"), ("class", "num")]
            } else {
                &[("scope", "col")]
            };
            self.el("th", class, c);
        }
        self.close("tr");
        self.close("thead");
    }

    /// A list of `items`, or the word "none" when there are none.
    fn list(&mut self, testid: &str, items: &[String], lang: Lang) {
        self.open("ul", &[("data-testid", testid)]);
        if items.is_empty() {
            self.el("li", &[], Label::NoneFound.get(lang));
        }
        for item in items {
            self.el("li", &[], item);
        }
        self.close("ul");
    }
}

/// Most rows a group table shows on the page, biggest first; the rest are counted in a last
/// row. A bill folded at its caps can still have 50 tag keys of 501 groups each: drawn whole,
/// that report alone took ~400 MB in the tab (BENCHMARKS.md), and no one reads row 500.
pub const MAX_SHOWN_ROWS: usize = 100;

/// One group table: key, spend, GPU-hours, spend per GPU-hour; nothing when empty.
fn group_table(h: &mut Html, testid: &str, caption: &str, key: &str, gs: &[GroupJson], lang: Lang) {
    if gs.is_empty() {
        return;
    }
    let l = |x: Label| x.get(lang);
    h.open("table", &[("data-testid", testid)]);
    h.el("caption", &[], caption);
    h.head(&[
        (key, false),
        (l(Label::GpuSpend), true),
        (l(Label::GpuHours), true),
        (l(Label::PerGpuHour), true),
    ]);
    h.open("tbody", &[]);
    for g in gs.iter().take(MAX_SHOWN_ROWS) {
        h.open("tr", &[]);
        h.el("th", &[("scope", "row")], group_name(&g.key, lang));
        h.el("td", &[("class", "num")], &shown(&g.cost));
        h.el("td", &[("class", "num")], &num(&g.gpu_hours, 4));
        h.el("td", &[("class", "num")], &rates(&g.per_gpu_hour));
        h.close("tr");
    }
    if gs.len() > MAX_SHOWN_ROWS {
        h.open("tr", &[("class", "more")]);
        h.el(
            "td",
            &[("colspan", "4")],
            &crate::l10n::more_rows(gs.len() - MAX_SHOWN_ROWS, lang),
        );
        h.close("tr");
    }
    h.close("tbody");
    h.close("table");
}

/// The heat map: Monday to Sunday by hour 0–23, in the review's time zone.
fn heat_table(h: &mut Html, json: &ReviewJson, lang: Lang) {
    let l = |x: Label| x.get(lang);
    // Each hour's GPU-hours and how it reads; a value that does not parse counts as none
    // and is shown as written.
    let cells: Vec<(Decimal, String)> = (0..7 * 24)
        .map(|i| match json.heat.get(i) {
            Some(v) => v.parse::<Decimal>().map_or_else(
                |_| (Decimal::ZERO, v.clone()),
                |d| (d, format::number(d, 4)),
            ),
            None => (Decimal::ZERO, "0".into()),
        })
        .collect();
    let max = cells.iter().map(|c| c.0).max().unwrap_or_default();
    h.open(
        "table",
        &[("class", "heat"), ("data-testid", "review-heat")],
    );
    let caption = format!(
        "{} ({})",
        l(Label::HeatMap),
        utc_offset(json.tz_offset_minutes)
    );
    h.el("caption", &[], &caption);
    h.open("thead", &[]);
    h.open("tr", &[]);
    h.el("th", &[("scope", "col")], l(Label::Day));
    for hour in 0..24 {
        h.el("th", &[("scope", "col")], &hour.to_string());
    }
    h.close("tr");
    h.close("thead");
    h.open("tbody", &[]);
    for day in 0..7 {
        let name = weekday(day, lang);
        h.open("tr", &[]);
        h.el("th", &[("scope", "row")], name);
        for hour in 0..24 {
            let (v, shown) = &cells[day * 24 + hour];
            let class = format!("h{}", heat_level(*v, max));
            let title = format!(
                "{name} {hour:02}:00–{:02}:00: {shown} {}",
                hour + 1,
                l(Label::GpuHours)
            );
            h.el("td", &[("class", &class), ("title", &title)], shown);
        }
        h.close("tr");
    }
    h.close("tbody");
    h.close("table");
}

/// The review `json` as an HTML fragment in `lang`, safe to insert with `innerHTML`: every
/// string is escaped, and there are no scripts, event handlers or inline styles (see the
/// module documentation).
pub fn to_html(json: &ReviewJson, lang: Lang) -> String {
    let l = |x: Label| x.get(lang);
    let mut h = Html { out: String::new() };

    // What to do first.
    h.open("section", &[("data-testid", "review-what-first")]);
    h.el("h3", &[], l(Label::Summary));
    h.list("review-what-first-lines", &json.summary.lines, lang);
    h.close("section");

    // Summary.
    h.open("section", &[("data-testid", "review-overview")]);
    h.el(
        "h3",
        &[("data-testid", "review-title")],
        &format!("{}: {}", l(Label::Review), json.file),
    );
    h.open("dl", &[("data-testid", "review-summary")]);
    h.pair(
        l(Label::Format),
        &crate::l10n::format_name(&json.format, lang),
    );
    if !json.period_start.is_empty() || !json.period_end.is_empty() {
        h.pair(
            l(Label::Period),
            &format!("{} – {}", json.period_start, json.period_end),
        );
    }
    h.pair(l(Label::Rows), &json.rows.to_string());
    h.el("dt", &[], l(Label::Skipped));
    h.open("dd", &[]);
    h.text(&json.skipped.to_string());
    if !json.problems.is_empty() {
        h.list("review-problems", &json.problems, lang);
    }
    if !json.folded.is_empty() {
        let folded: Vec<String> = json.folded.iter().map(|f| f.text.clone()).collect();
        h.list("review-folded", &folded, lang);
    }
    h.close("dd");
    h.pair(l(Label::Total), &shown(&json.total));
    h.pair(l(Label::GpuSpend), &shown(&json.gpu));
    h.pair(l(Label::NonGpuSpend), &shown(&json.non_gpu));
    h.pair(l(Label::GpuHours), &num(&json.gpu_hours, 4));
    h.close("dl");
    h.close("section");

    // Where the money went.
    h.open("section", &[("data-testid", "review-breakdown")]);
    h.el("h3", &[], l(Label::Breakdown));
    group_table(
        &mut h,
        "review-by-provider",
        l(Label::ByProvider),
        l(Label::Provider),
        &json.by_provider,
        lang,
    );
    group_table(
        &mut h,
        "review-by-gpu",
        l(Label::ByGpu),
        l(Label::GpuModel),
        &json.by_gpu,
        lang,
    );
    group_table(
        &mut h,
        "review-by-instance",
        l(Label::ByInstance),
        l(Label::InstanceType),
        &json.by_instance,
        lang,
    );
    for (key, gs) in &json.by_tag {
        group_table(
            &mut h,
            &format!("review-by-tag-{}", testid_part(key)),
            &format!("{}: {key}", l(Label::ByTag)),
            &format!("{} ({key})", l(Label::TagValue)),
            gs,
            lang,
        );
    }
    if !json.non_gpu_items.is_empty() {
        h.open("table", &[("data-testid", "review-non-gpu")]);
        h.el("caption", &[], l(Label::NonGpu));
        h.head(&[(l(Label::Item), false), (l(Label::Spend), true)]);
        h.open("tbody", &[]);
        for g in &json.non_gpu_items {
            h.open("tr", &[]);
            h.el("th", &[("scope", "row")], group_name(&g.key, lang));
            h.el("td", &[("class", "num")], &shown(&g.cost));
            h.close("tr");
        }
        h.close("tbody");
        h.close("table");
    }
    heat_table(&mut h, json, lang);
    // A bill grouped by day drew days, not hours: the map says so under it.
    if let Some(why) = json.lack("hours-of-day") {
        h.el("p", &[("data-testid", "review-heat-note")], why);
    }
    h.close("section");

    // Waste.
    h.open("section", &[("data-testid", "review-waste")]);
    h.el("h3", &[], l(Label::Waste));
    h.open("dl", &[]);
    h.el("dt", &[], l(Label::AlwaysOn));
    h.open("dd", &[]);
    let always_on: Vec<String> = json
        .always_on
        .iter()
        .map(|r| {
            format!(
                "{} ({} · {} · {} · {} {})",
                r.resource,
                r.provider,
                r.gpu,
                shown(&r.cost),
                num(&r.hours, 4),
                l(Label::Hours)
            )
        })
        .collect();
    match json.lack("instances") {
        Some(why) => h.el("p", &[("data-testid", "review-always-on")], why),
        None => h.list("review-always-on", &always_on, lang),
    }
    h.close("dd");
    h.el("dt", &[], l(Label::DevOffHours));
    h.el(
        "dd",
        &[("data-testid", "review-dev-off-hours")],
        &json.lack("labels").map_or_else(
            || {
                format!(
                    "{} {} · {}",
                    num(&json.dev_off_hours_gpu_hours, 4),
                    l(Label::GpuHours),
                    shown(&json.dev_off_hours_cost)
                )
            },
            str::to_string,
        ),
    );
    h.close("dl");
    h.close("section");
    utilization::section(&mut h, json, lang);

    // Budgets.
    if !json.budgets.is_empty() {
        h.open("section", &[("data-testid", "review-budgets")]);
        h.el("h3", &[], l(Label::Budgets));
        h.open("table", &[("data-testid", "review-budget-table")]);
        h.el("caption", &[], l(Label::Budgets));
        h.head(&[
            (l(Label::Tag), false),
            (l(Label::SpendPerMonth), true),
            (l(Label::Budget), true),
            (l(Label::Currency), false),
            (l(Label::Status), false),
        ]);
        h.open("tbody", &[]);
        for b in &json.budgets {
            let (class, word) = if b.over {
                ("over", l(Label::Over))
            } else {
                ("within", l(Label::Within))
            };
            h.open("tr", &[("class", class)]);
            h.el("th", &[("scope", "row")], &b.tag);
            h.el("td", &[("class", "num")], &two_dp(&b.monthly_spend));
            h.el("td", &[("class", "num")], &two_dp(&b.monthly));
            h.el("td", &[], &b.currency);
            h.el("td", &[("class", class)], word);
            h.close("tr");
        }
        h.close("tbody");
        h.close("table");
        h.close("section");
    }

    // Levers.
    if let Some(lv) = &json.levers {
        h.open("section", &[("data-testid", "review-levers")]);
        h.el("h3", &[], l(Label::Levers));
        h.open("dl", &[]);
        if !lv.actual_monthly.is_empty() {
            h.pair(
                l(Label::ActualMonthly),
                &money_or_raw(&lv.actual_monthly, &lv.currency),
            );
        }
        if !lv.baseline.is_empty() {
            h.pair(
                l(Label::Baseline),
                &money_or_raw(&lv.baseline, &lv.currency),
            );
        }
        if !lv.main_provider.is_empty() {
            let who = if lv.main_provider_share.is_empty() {
                lv.main_provider.clone()
            } else {
                crate::l10n::main_share(&lv.main_provider, &lv.main_provider_share, lang)
            };
            h.pair(l(Label::MainProvider), &who);
        }
        h.close("dl");
        for n in &lv.notes {
            h.el("p", &[("data-testid", "review-lever-note")], &n.text);
        }
        if !lv.savings.is_empty() {
            h.open("table", &[("data-testid", "review-lever-table")]);
            h.el("caption", &[], l(Label::Levers));
            h.head(&[
                (l(Label::Lever), false),
                (l(Label::SavingPerMonth), true),
                (l(Label::PercentOfBaseline), true),
                (l(Label::Assumption), false),
            ]);
            h.open("tbody", &[]);
            for s in &lv.savings {
                h.open("tr", &[]);
                h.el("th", &[("scope", "row")], &s.name);
                h.el(
                    "td",
                    &[("class", "num")],
                    &money_or_raw(&s.amount, &lv.currency),
                );
                h.el("td", &[("class", "num")], &format!("{}%", s.percent));
                h.el("td", &[], &s.assumption);
                h.close("tr");
            }
            h.close("tbody");
            h.close("table");
        }
        if !lv.not_priced.is_empty() {
            h.el("p", &[], l(Label::NotPriced));
            let items: Vec<String> = lv
                .not_priced
                .iter()
                .map(|n| format!("{}: {}", n.name, n.why))
                .collect();
            h.list("review-not-priced", &items, lang);
        }
        if !lv.left_out.is_empty() {
            h.el("p", &[], l(Label::LeftOut));
            h.list("review-left-out", &lv.left_out, lang);
        }
        h.open("p", &[]);
        h.el(
            "a",
            &[
                ("href", &format!("?{}", lv.scenario_link)),
                ("data-testid", "review-open-scenario"),
            ],
            l(Label::OpenAsScenario),
        );
        h.close("p");
        h.close("section");
    }
    h.out
}
