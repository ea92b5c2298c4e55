//! The utilization part of the HTML fragment: what the side file said of each GPU resource,
//! the spend on low-utilization resources, and what had no samples — or, without a side
//! file, how to add one. Every text goes through the writer's escaping like the rest.

use gpucost_core::format::Lang;

use super::{num, Html};
use crate::l10n::{low_utilization, memory_of, Label};
use crate::render::{shown, ReviewJson};

/// Writes the utilization section of `json`.
pub(super) fn section(h: &mut Html, json: &ReviewJson, lang: Lang) {
    let l = |x: Label| x.get(lang);
    h.open("section", &[("data-testid", "review-utilization")]);
    let Some(u) = &json.utilization else {
        h.el("h3", &[], l(Label::UtilizationOf));
        h.el("p", &[], l(Label::Utilization));
        return h.close("section");
    };
    h.el(
        "h3",
        &[],
        &format!("{}: {}", l(Label::UtilizationOf), u.file),
    );
    h.open("dl", &[]);
    h.el("dt", &[], &low_utilization(&u.low_threshold_percent, lang));
    h.el(
        "dd",
        &[("data-testid", "review-low-utilization")],
        &shown(&u.low_cost),
    );
    h.el("dt", &[], l(Label::Unsampled));
    h.el(
        "dd",
        &[("data-testid", "review-unsampled")],
        &format!("{} ({})", u.unsampled, shown(&u.unsampled_cost)),
    );
    h.pair(l(Label::Unmatched), &u.unmatched.to_string());
    h.pair(l(Label::Samples), &u.samples.to_string());
    h.el("dt", &[], l(Label::Skipped));
    h.open("dd", &[]);
    h.text(&u.skipped.to_string());
    if !u.problems.is_empty() {
        h.list("review-utilization-problems", &u.problems, lang);
    }
    h.close("dd");
    h.close("dl");
    if u.resources.is_empty() {
        return h.close("section");
    }
    h.open("table", &[("data-testid", "review-utilization-table")]);
    h.el("caption", &[], l(Label::UtilizationOf));
    h.head(&[
        (l(Label::Resource), false),
        (l(Label::GpuModel), false),
        (l(Label::AverageUtilization), true),
        (l(Label::P95Utilization), true),
        (l(Label::PeakMemory), true),
        (l(Label::GpuSpend), true),
        (l(Label::Samples), true),
    ]);
    h.open("tbody", &[]);
    for r in &u.resources {
        h.open("tr", &[("class", if r.low { "low" } else { "busy" })]);
        h.el("th", &[("scope", "row")], &r.resource);
        h.el("td", &[], &r.gpu);
        let average = format!("{} %", num(&r.average_percent, 2));
        let average = if r.low {
            format!("{average} ({})", l(Label::Low))
        } else {
            average
        };
        h.el("td", &[("class", "num")], &average);
        h.el("td", &[("class", "num")], &format!("{} %", r.p95_percent));
        h.el(
            "td",
            &[("class", "num")],
            &memory_of(&r.peak_memory_mib, &r.memory_total_mib, lang),
        );
        h.el("td", &[("class", "num")], &shown(&r.cost));
        h.el("td", &[("class", "num")], &r.samples.to_string());
        h.close("tr");
    }
    h.close("tbody");
    h.close("table");
    h.close("section");
}
