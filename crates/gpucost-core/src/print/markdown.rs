//! The estimate as Markdown: the served providers' totals and the savings levers, with the
//! page's column words. Text from a link goes through [`markdown_text`] so it cannot become
//! HTML, a link or a table cell break.

use crate::catalog::AsOf;
use crate::escape::markdown_text;
use crate::format::Lang;
use crate::l10n::results::newest_price;
use crate::l10n::ui::Text;
use crate::print::json::EstimateJson;

/// A Markdown table of provider totals and the savings levers.
pub fn estimate(json: &EstimateJson, lang: Lang) -> String {
    // The page's own column words, so every surface names a column the same way.
    let t = |text: Text| text.get(lang);
    let (h_provider, h_mode, h_total, h_gpuh, h_offer, h_machines, h_region, h_as_of) = (
        t(Text::ColProvider),
        t(Text::ColBilling),
        t(Text::ColTotal),
        t(Text::ColPerGpuHour),
        t(Text::ColOffers),
        t(Text::Machines),
        t(Text::ColRegion),
        t(Text::ColPricesAsOf),
    );
    // A column for commitments only when some plan commits: most estimates have none.
    let committed = json.providers.iter().any(|p| !p.commitment.is_empty());
    let mut out = String::new();
    if !json.constraints.text.is_empty() {
        out.push_str(&format!("{}\n\n", markdown_text(&json.constraints.text)));
    }
    // Each serving line's fleet, derived from its load.
    for s in &json.serving {
        out.push_str(&format!("{}\n\n", markdown_text(&s.text)));
    }
    // The batch queue: its pools and each job's place in the schedule.
    if let Some(b) = &json.batch {
        out.push_str(&format!("{}\n\n", markdown_text(&b.text)));
        for pool in &b.pools {
            out.push_str(&format!("- {}\n", markdown_text(&pool.text)));
            for job in &pool.jobs {
                out.push_str(&format!("  - {}\n", markdown_text(&job.text)));
            }
        }
        out.push('\n');
    }
    let (h_commit, rule_commit) = if committed {
        (format!(" {} |", t(Text::ColCommitment)), " --- |")
    } else {
        (String::new(), "")
    };
    out.push_str(&format!(
        "| {h_provider} | {h_mode} | {h_total} ({c}) | {h_gpuh} ({c}) | {h_offer} | {h_machines} | {h_region} | {h_as_of} |{h_commit}\n| --- | --- | ---: | ---: | --- | --- | --- | --- |{rule_commit}\n",
        c = json.currency
    ));
    for p in json.providers.iter().filter(|p| p.status == "served") {
        let commitment = if committed {
            format!(" {} |", markdown_text(&p.commitment))
        } else {
            String::new()
        };
        // The provider's newest price date and its over-a-year-old mark, as the page's row
        // says them (a quote of the user's has none).
        let as_of = p
            .prices_as_of
            .parse::<AsOf>()
            .map(|d| newest_price(d, p.stale, lang))
            .unwrap_or_default();
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |{commitment}\n",
            markdown_text(&p.name),
            markdown_text(&p.billing),
            p.total,
            p.per_gpu_hour,
            markdown_text(&p.offer_name),
            markdown_text(&p.machines),
            markdown_text(&p.region),
            markdown_text(&as_of)
        ));
    }
    if !json.savings.is_empty() {
        let (h_lever, h_amount, h_pct, h_assumption) = (
            t(Text::Lever),
            t(Text::Amount),
            t(Text::ColSavedPercent),
            t(Text::ColAssumption),
        );
        out.push_str(&format!(
            "\n| {h_lever} | {h_amount} ({}) | {h_pct} | {h_assumption} |\n| --- | ---: | ---: | --- |\n",
            json.currency
        ));
        for s in &json.savings {
            out.push_str(&format!(
                "| {} | {} | {}% | {} |\n",
                markdown_text(&s.name),
                s.amount,
                s.percent,
                markdown_text(&s.assumption)
            ));
        }
    }
    // Each shared pool, with each team's part (the names are the user's).
    for pool in &json.pools {
        out.push_str(&format!("\n{}\n\n", markdown_text(&pool.text)));
        for team in &pool.teams {
            out.push_str(&format!("- {}\n", markdown_text(&team.text)));
        }
    }
    out
}
