//! How amounts, rates and the utilization lines read in the human outputs (table, Markdown
//! and the page), written once so that every output shows the same figure the same way.

use std::collections::BTreeMap;

use gpucost_core::format::{self, Lang};
use gpucost_core::money::Money;
use rust_decimal::Decimal;

use super::{ResourceUtilizationJson, ReviewJson, UtilizationJson};
use crate::l10n::Label;

/// `¥1,234.50` from a currency code and a decimal string, when both parse.
pub(crate) fn shown_amount(currency: &str, amount: &str) -> Option<String> {
    let currency = currency.parse().ok()?;
    let amount: Decimal = amount.parse().ok()?;
    Some(format::money(
        Money::new(amount, currency).round_for_display(),
    ))
}

/// `$1.006 + ¥8.00` per GPU-hour from a per-currency map of decimal strings.
pub(crate) fn rates(a: &BTreeMap<String, String>) -> String {
    a.iter()
        .map(|(c, v)| {
            let parsed = c
                .parse()
                .ok()
                .zip(v.parse::<Decimal>().ok())
                .map(|(currency, amount)| format::rate(Money::new(amount, currency)));
            parsed.unwrap_or_else(|| format!("{v} {c}"))
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// An amount in one currency as money, or `amount currency` when either does not parse.
pub(crate) fn money_or_raw(amount: &str, currency: &str) -> String {
    shown_amount(currency, amount).unwrap_or_else(|| format!("{amount} {currency}"))
}

/// `¥1,234.50 + $12.00` from a per-currency map of decimal strings.
pub(crate) fn shown(a: &BTreeMap<String, String>) -> String {
    let parts: Vec<String> = a.iter().filter_map(|(c, v)| shown_amount(c, v)).collect();
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join(" + ")
    }
}

/// One resource's figures in a line: `i-0abc (A10G): average 12 %, p95 20 %, peak memory in
/// use 9.5 GiB of 22.5 GiB, $4.02, 4 samples, low`.
fn resource_line(r: &ResourceUtilizationJson, lang: Lang) -> String {
    let l = |x: Label| x.get(lang);
    let mut parts = vec![
        format!("{} {} %", l(Label::AverageUtilization), r.average_percent),
        format!("{} {} %", l(Label::P95Utilization), r.p95_percent),
    ];
    let memory = crate::l10n::memory_of(&r.peak_memory_mib, &r.memory_total_mib, lang);
    if !memory.is_empty() {
        parts.push(format!("{} {memory}", l(Label::PeakMemory)));
    }
    parts.push(shown(&r.cost));
    parts.push(format!("{} {}", r.samples, l(Label::Samples)));
    if r.low {
        parts.push(l(Label::Low).to_string());
    }
    format!("{} ({}): {}", r.resource, r.gpu, parts.join(", "))
}

/// The utilization section's lines: the low-utilization spend, each resource, what had no
/// samples, what the file named that the bill does not have, and skipped lines.
pub(super) fn utilization_lines(u: &UtilizationJson, lang: Lang) -> Vec<String> {
    let l = |x: Label| x.get(lang);
    let mut lines = vec![format!(
        "{}: {}",
        crate::l10n::low_utilization(&u.low_threshold_percent, lang),
        shown(&u.low_cost)
    )];
    lines.extend(u.resources.iter().map(|r| resource_line(r, lang)));
    lines.push(format!(
        "{}: {} ({})",
        l(Label::Unsampled),
        u.unsampled,
        shown(&u.unsampled_cost)
    ));
    lines.push(format!("{}: {}", l(Label::Unmatched), u.unmatched));
    if u.skipped > 0 {
        lines.push(format!("{}: {}", l(Label::Skipped), u.skipped));
        lines.extend(u.problems.iter().cloned());
    }
    lines
}

/// Dev/test GPU-hours out of office hours and their cost, joined by `sep`; or, when the
/// bill's format has no labels, that they are not known.
pub(super) fn dev_off_hours(json: &ReviewJson, lang: Lang, sep: &str) -> String {
    match json.lack("labels") {
        Some(why) => why.to_string(),
        None => format!(
            "{} {}{sep}{}",
            json.dev_off_hours_gpu_hours,
            Label::GpuHours.get(lang),
            shown(&json.dev_off_hours_cost)
        ),
    }
}
