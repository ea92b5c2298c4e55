//! The estimate as a plain-text table for terminals (`gpucost estimate --format table`).
//! Names and assumptions can come from a link: the whole text goes through
//! [`terminal_lines`], so nothing in it can drive the terminal.

use crate::escape::terminal_lines;
use crate::format::{self, Lang};
use crate::l10n::commitment;
use crate::l10n::results::{lever_name, newest_price};
use crate::l10n::ui::Text;
use crate::l10n::Localize;
use crate::print::columns::{columns, pad_end, pad_start};
use crate::print::json_recommendation::recommendation_json;
use crate::recommend::CostUnit;
use crate::view::estimate::EstimateView;
use crate::view::results::Badge;

/// A plain-text table of `estimate` for terminals: the rows with the display-rounded amounts
/// the page shows, the savings, the recommended GPUs and the warnings.
pub fn estimate(estimate: &EstimateView, lang: Lang) -> String {
    let w = TableWords::of(lang);
    let view = &estimate.results;
    let mut out = String::new();
    let constraints = view.placement.text(lang);
    if !constraints.is_empty() {
        out.push_str(&format!("{constraints}\n\n"));
    }
    // Each serving line's fleet, derived from its load.
    for s in &view.serving {
        out.push_str(&format!("{}\n", s.text(lang)));
    }
    if !view.serving.is_empty() {
        out.push('\n');
    }
    // The batch queue: its pools and each job's place in the schedule.
    if let Some(b) = &view.batch {
        out.push_str(&format!("{}\n", b.text(lang)));
        for pool in &b.pools {
            out.push_str(&format!("  {}\n", pool.text(lang)));
            for job in &pool.jobs {
                out.push_str(&format!("    {}\n", job.text(lang)));
            }
        }
        out.push('\n');
    }
    let width = view
        .rows
        .iter()
        .map(|r| columns(r.names.get(lang)))
        .max()
        .unwrap_or(8)
        .max(8);
    let per_heading = format!("{} {}", w.per_gpu_hour, view.currency);
    let per_width = (columns(&per_heading) + 1).max(14);
    out.push_str(&format!(
        "{:<4} {} {} {}  {}\n",
        "#",
        pad_end(w.provider, width),
        pad_start(&format!("{} {}", w.total, view.currency), 16),
        pad_start(&per_heading, per_width),
        w.billing_offer
    ));
    for row in &view.rows {
        let name = row.names.get(lang);
        // Every catalog provider's row ends with its newest price date, marked when over a
        // year old (a quote of the user's has no date).
        let as_of = row
            .prices_as_of
            .map(|d| {
                let stale = row.badges.contains(&Badge::StaleProvider);
                format!(" · {}", newest_price(d, stale, lang))
            })
            .unwrap_or_default();
        match &row.outcome {
            Ok(s) => {
                out.push_str(&format!(
                    "{:<4} {} {:>16} {}  {} · {} · {}{as_of}\n",
                    row.rank.unwrap_or_default(),
                    pad_end(name, width),
                    format::money(s.total),
                    pad_start(&format::rate(s.per_gpu_hour), per_width),
                    s.billing.text(lang),
                    s.offers_text(lang),
                    s.regions_text(lang)
                ));
                // A commitment is said under its row, where the plan is chosen.
                if !s.commitments.is_empty() {
                    out.push_str(&format!("     {}\n", commitment::all(&s.commitments, lang)));
                }
            }
            Err(why) => out.push_str(&format!(
                "-    {} {}{as_of}\n",
                pad_end(name, width),
                why.text(lang)
            )),
        }
    }
    if !view.savings.is_empty() {
        out.push_str(&format!("\n{}\n", w.savings));
        let names: Vec<&str> = view
            .savings
            .iter()
            .map(|s| lever_name(s.lever, lang))
            .collect();
        let lever_width = names.iter().map(|n| columns(n)).max().unwrap_or(0);
        for (s, name) in view.savings.iter().zip(names) {
            out.push_str(&format!(
                "  {} {:>14} {:>8}%  {}\n",
                pad_end(name, lever_width),
                s.amount.to_decimal_string(),
                format::percent_value(s.percent()),
                s.assumption.text(lang)
            ));
        }
    }
    // Each shared pool, with each team's part (the names are the user's).
    for pool in view.pool.iter().flat_map(|p| &p.pools) {
        out.push_str(&format!("\n{}\n", pool.text(lang)));
        for team in &pool.teams {
            out.push_str(&format!("  {}\n", team.text(lang)));
        }
    }
    let recommendation = estimate
        .recommendation
        .as_deref()
        .map(|r| recommendation_json(r, lang));
    if let Some(rec) = &recommendation {
        out.push_str(&format!(
            "\n{}\n",
            (w.recommended)(&rec.unit, &rec.memory_gib)
        ));
        for (i, c) in rec.ranked.iter().take(5).enumerate() {
            // The user's own quote says so, beside its seller.
            let provider = match (c.quote, lang) {
                (false, _) => c.provider.clone(),
                (true, Lang::En) => format!("{}, your quote", c.provider),
                (true, Lang::Zh) => format!("{}，您的报价", c.provider),
            };
            out.push_str(&format!(
                "  {}. {} {}×{}  {}–{} {}  ({}, {})\n",
                i + 1,
                c.gpu,
                c.machines,
                c.gpus_per_machine,
                c.cost_low,
                c.cost_high,
                view.currency,
                provider,
                c.throughput_basis
            ));
        }
    }
    for warning in &view.warnings {
        out.push_str(&format!("{}{}\n", w.warning, warning.text(lang)));
    }
    // Names and assumptions can come from a link: nothing in them may drive the terminal.
    terminal_lines(&out)
}

/// The table's headings in one language: the page's column words (one vocabulary for every
/// surface), with the terminal's own punctuation.
struct TableWords {
    provider: &'static str,
    total: &'static str,
    per_gpu_hour: &'static str,
    billing_offer: String,
    savings: String,
    warning: String,
    recommended: fn(&str, &str) -> String,
}

impl TableWords {
    fn of(lang: Lang) -> Self {
        let t = |text: Text| text.get(lang);
        let colon = match lang {
            Lang::En => ": ",
            Lang::Zh => "：",
        };
        TableWords {
            provider: t(Text::ColProvider),
            total: t(Text::ColTotal),
            per_gpu_hour: t(Text::ColPerGpuHour),
            billing_offer: format!(
                "{} · {} · {} · {}",
                t(Text::ColBilling),
                t(Text::ColOffers),
                t(Text::ColRegion),
                t(Text::ColPricesAsOf)
            ),
            savings: format!("{}{}", t(Text::SavingsHeading), colon.trim_end()),
            warning: format!("{}{colon}", t(Text::WarningsHeading)),
            recommended: match lang {
                Lang::En => {
                    |unit, gib| format!("recommended GPUs (cost per {unit}, memory {gib} GiB):")
                }
                Lang::Zh => |unit, gib| {
                    // The JSON carries the unit's slug.
                    let unit = CostUnit::from_slug(unit).map_or(unit, |u| u.text(Lang::Zh));
                    format!("推荐 GPU（成本按{unit}计，显存 {gib} GiB）：")
                },
            },
        }
    }
}
