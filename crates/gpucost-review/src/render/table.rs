//! The review for a terminal: the Markdown's content as aligned text, with every control
//! character of the bill's text made inert.

use gpucost_core::escape::terminal_lines;
use gpucost_core::format::Lang;

use super::shown::{dev_off_hours, money_or_raw, rates, shown, utilization_lines};
use super::{GroupJson, ReviewJson};
use crate::l10n::{group_name, Label};

/// The review for a terminal: the Markdown's content without table syntax.
pub fn to_table(json: &ReviewJson, lang: Lang) -> String {
    let l = |x: Label| x.get(lang);
    let mut out = format!("{}: {}\n", l(Label::Review), json.file);
    out.push_str(&format!("\n{}\n", l(Label::Summary)));
    for s in &json.summary.lines {
        out.push_str(&format!("  {s}\n"));
    }
    out.push('\n');
    let line = |out: &mut String, label: &str, value: String| {
        out.push_str(&format!("  {label:<28} {value}\n"));
    };
    let format = crate::l10n::format_name(&json.format, lang);
    line(&mut out, l(Label::Format), format);
    if !json.period_start.is_empty() {
        line(
            &mut out,
            l(Label::Period),
            format!("{} – {}", json.period_start, json.period_end),
        );
    }
    line(&mut out, l(Label::Rows), json.rows.to_string());
    if json.skipped > 0 {
        line(&mut out, l(Label::Skipped), json.skipped.to_string());
        for p in &json.problems {
            out.push_str(&format!("    {p}\n"));
        }
    }
    for f in &json.folded {
        out.push_str(&format!("  {}\n", f.text));
    }
    line(&mut out, l(Label::Total), shown(&json.total));
    line(&mut out, l(Label::GpuSpend), shown(&json.gpu));
    line(&mut out, l(Label::NonGpuSpend), shown(&json.non_gpu));
    line(&mut out, l(Label::GpuHours), json.gpu_hours.clone());
    let groups = |out: &mut String, title: &str, gs: &[GroupJson]| {
        if gs.is_empty() {
            return;
        }
        out.push_str(&format!("\n{title}\n"));
        for g in gs {
            // Each currency's rate over its own GPU-hours, as the page shows it.
            let hours = if g.gpu_hours.is_empty() {
                String::new()
            } else {
                format!(
                    "  {:>10} {}  {} {}",
                    g.gpu_hours,
                    l(Label::GpuHours),
                    rates(&g.per_gpu_hour),
                    l(Label::PerGpuHour)
                )
            };
            let name = group_name(&g.key, lang);
            out.push_str(&format!("  {name:<40} {:>16}{hours}\n", shown(&g.cost)));
        }
    };
    groups(&mut out, l(Label::ByProvider), &json.by_provider);
    groups(&mut out, l(Label::ByGpu), &json.by_gpu);
    groups(&mut out, l(Label::ByInstance), &json.by_instance);
    for (key, gs) in &json.by_tag {
        groups(&mut out, &format!("{} {key}", l(Label::ByTag)), gs);
    }
    groups(&mut out, l(Label::NonGpu), &json.non_gpu_items);
    out.push_str(&format!("\n{}\n", l(Label::Waste)));
    if let Some(why) = json.lack("instances") {
        out.push_str(&format!("  {}: {why}\n", l(Label::AlwaysOn)));
    }
    for r in &json.always_on {
        out.push_str(&format!(
            "  {}: {} ({}, {}, {} {})\n",
            l(Label::AlwaysOn),
            r.resource,
            r.gpu,
            shown(&r.cost),
            r.hours,
            l(Label::Hours)
        ));
    }
    let dev_off_hours = dev_off_hours(json, lang, ", ");
    out.push_str(&format!("  {}: {dev_off_hours}\n", l(Label::DevOffHours)));
    if let Some(why) = json.lack("hours-of-day") {
        out.push_str(&format!("  {why}\n"));
    }
    match &json.utilization {
        None => out.push_str(&format!("  {}\n", l(Label::Utilization))),
        Some(u) => {
            out.push_str(&format!("\n{}: {}\n", l(Label::UtilizationOf), u.file));
            for line in utilization_lines(u, lang) {
                out.push_str(&format!("  {line}\n"));
            }
        }
    }
    if !json.budgets.is_empty() {
        out.push_str(&format!("\n{}\n", l(Label::Budgets)));
        for b in &json.budgets {
            out.push_str(&format!(
                "  {:<28} {} / {} {}  {}\n",
                b.tag,
                b.monthly_spend,
                b.monthly,
                b.currency,
                l(if b.over { Label::Over } else { Label::Within })
            ));
        }
    }
    if let Some(lv) = &json.levers {
        out.push_str(&format!("\n{}\n", l(Label::Levers)));
        line(
            &mut out,
            l(Label::ActualMonthly),
            money_or_raw(&lv.actual_monthly, &lv.currency),
        );
        line(
            &mut out,
            l(Label::Baseline),
            format!(
                "{} ({})",
                money_or_raw(&lv.baseline, &lv.currency),
                crate::l10n::main_share(&lv.main_provider, &lv.main_provider_share, lang)
            ),
        );
        for n in &lv.notes {
            out.push_str(&format!("  {}\n", n.text));
        }
        for s in &lv.savings {
            out.push_str(&format!(
                "  {:<40} {:>12}  {:>6}%  {}\n",
                s.name,
                money_or_raw(&s.amount, &lv.currency),
                s.percent,
                s.assumption
            ));
        }
        for n in &lv.not_priced {
            out.push_str(&format!(
                "  {} {}: {}\n",
                l(Label::NotPriced),
                n.name,
                n.why
            ));
        }
        if !lv.left_out.is_empty() {
            line(&mut out, l(Label::LeftOut), lv.left_out.join(", "));
        }
        out.push_str(&format!(
            "\n{}: ?{}\n",
            l(Label::OpenAsScenario),
            lv.scenario_link
        ));
    }
    // Ids, tags and file names come from the bill: nothing in them may drive the terminal.
    terminal_lines(&out)
}
