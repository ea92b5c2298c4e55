//! The review as Markdown, as the page copies it: the summary first, then the totals, the
//! groups, waste, budgets and levers.

use gpucost_core::escape::markdown_text;
use gpucost_core::format::Lang;

use super::shown::{dev_off_hours, money_or_raw, rates, shown, utilization_lines};
use super::{GroupJson, ReviewJson};
use crate::l10n::{group_name, Label};

/// The review as Markdown: totals, the groups, waste, budgets and levers.
pub fn to_markdown(json: &ReviewJson, lang: Lang) -> String {
    let l = |x: Label| x.get(lang);
    let mut out = format!("## {}: {}\n\n", l(Label::Review), markdown_text(&json.file));
    out.push_str(&format!("### {}\n\n", l(Label::Summary)));
    for line in &json.summary.lines {
        out.push_str(&format!("- {}\n", markdown_text(line)));
    }
    out.push('\n');
    out.push_str(&format!(
        "- {}: {}\n- {}: {}\n- {}: {}\n- {}: {}\n\n",
        l(Label::Total),
        shown(&json.total),
        l(Label::GpuSpend),
        shown(&json.gpu),
        l(Label::NonGpuSpend),
        shown(&json.non_gpu),
        l(Label::GpuHours),
        json.gpu_hours
    ));
    for f in &json.folded {
        out.push_str(&format!("- {}\n", markdown_text(&f.text)));
    }
    if !json.folded.is_empty() {
        out.push('\n');
    }
    let table = |out: &mut String, title: &str, gs: &[GroupJson]| {
        if gs.is_empty() {
            return;
        }
        out.push_str(&format!(
            "### {title}\n\n| | {} | {} | {} |\n| --- | ---: | ---: | ---: |\n",
            l(Label::GpuSpend),
            l(Label::GpuHours),
            l(Label::PerGpuHour)
        ));
        for g in gs {
            out.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                markdown_text(group_name(&g.key, lang)),
                shown(&g.cost),
                g.gpu_hours,
                rates(&g.per_gpu_hour)
            ));
        }
        out.push('\n');
    };
    table(&mut out, l(Label::ByProvider), &json.by_provider);
    table(&mut out, l(Label::ByGpu), &json.by_gpu);
    table(&mut out, l(Label::ByInstance), &json.by_instance);
    for (key, gs) in &json.by_tag {
        table(
            &mut out,
            &format!("{} {}", l(Label::ByTag), markdown_text(key)),
            gs,
        );
    }
    out.push_str(&format!("### {}\n\n", l(Label::Waste)));
    if let Some(why) = json.lack("instances") {
        out.push_str(&format!("- {}: {why}\n", l(Label::AlwaysOn)));
    }
    for r in &json.always_on {
        out.push_str(&format!(
            "- {}: {} ({} · {} · {} {})\n",
            l(Label::AlwaysOn),
            markdown_text(&r.resource),
            markdown_text(&r.gpu),
            shown(&r.cost),
            r.hours,
            l(Label::Hours)
        ));
    }
    let dev_off_hours = dev_off_hours(json, lang, " · ");
    out.push_str(&format!("- {}: {dev_off_hours}\n", l(Label::DevOffHours)));
    if let Some(why) = json.lack("hours-of-day") {
        out.push_str(&format!("- {}\n", markdown_text(why)));
    }
    match &json.utilization {
        None => out.push_str(&format!("- {}\n\n", l(Label::Utilization))),
        Some(u) => {
            out.push_str(&format!(
                "\n#### {}: {}\n\n",
                l(Label::UtilizationOf),
                markdown_text(&u.file)
            ));
            for line in utilization_lines(u, lang) {
                out.push_str(&format!("- {}\n", markdown_text(&line)));
            }
            out.push('\n');
        }
    }
    if !json.budgets.is_empty() {
        out.push_str(&format!("### {}\n\n", l(Label::Budgets)));
        for b in &json.budgets {
            out.push_str(&format!(
                "- {}: {} / {} {} ({})\n",
                markdown_text(&b.tag),
                b.monthly_spend,
                b.monthly,
                b.currency,
                l(if b.over { Label::Over } else { Label::Within })
            ));
        }
        out.push('\n');
    }
    if let Some(lv) = &json.levers {
        out.push_str(&format!("### {}\n\n", l(Label::Levers)));
        out.push_str(&format!(
            "- {}: {}\n- {}: {}\n- {}: {}\n\n",
            l(Label::MainProvider),
            markdown_text(&crate::l10n::main_share(
                &lv.main_provider,
                &lv.main_provider_share,
                lang
            )),
            l(Label::ActualMonthly),
            money_or_raw(&lv.actual_monthly, &lv.currency),
            l(Label::Baseline),
            money_or_raw(&lv.baseline, &lv.currency),
        ));
        if !lv.savings.is_empty() {
            out.push_str("| | | % | |\n| --- | ---: | ---: | --- |\n");
            for s in &lv.savings {
                out.push_str(&format!(
                    "| {} | {} | {}% | {} |\n",
                    markdown_text(&s.name),
                    money_or_raw(&s.amount, &lv.currency),
                    s.percent,
                    markdown_text(&s.assumption)
                ));
            }
            out.push('\n');
        }
        for n in &lv.notes {
            out.push_str(&format!("- {}\n", markdown_text(&n.text)));
        }
        for n in &lv.not_priced {
            out.push_str(&format!(
                "- {} `{}`: {}\n",
                l(Label::NotPriced),
                markdown_text(&n.name),
                markdown_text(&n.why)
            ));
        }
        if !lv.left_out.is_empty() {
            out.push_str(&format!(
                "- {}: {}\n",
                l(Label::LeftOut),
                markdown_text(&lv.left_out.join(", "))
            ));
        }
        out.push_str(&format!(
            "\n{}: `?{}`\n",
            l(Label::OpenAsScenario),
            lv.scenario_link
        ));
    }
    out
}
