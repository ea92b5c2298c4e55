//! The review as CSV: one row per figure, every cell neutralized for spreadsheets.

use gpucost_core::escape::csv_row;

use super::ReviewJson;

/// One CSV row per figure: `section,key,currency,amount,gpu_hours,per_gpu_hour`. First the
/// summary: `summary-total`, `summary-gpu`, `summary-saving` (key: the lever; at most three,
/// biggest first), `summary-owner-gpu`, `summary-owner-gpu-at-provider` or
/// `summary-owner-dev-off-hours` (key: `LEVER:TAGKEY=VALUE`; the owner's GPU spend, its GPU
/// spend at the main provider, or its dev/test spend out of office hours) and `summary-none`
/// (key: why no saving is named). Then the section is `total`, `gpu`, `non-gpu`,
/// `provider`, `gpu-model`, `instance`, `tag:<key>`,
/// `non-gpu-item`, `lacks` (key: `instances`, `labels` or `hours-of-day`: what the bill does
/// not say, so that no resource is listed as never stopping, no dev/test spend is counted,
/// or each day's use is spread evenly over its hours),
/// `always-on`, `dev-off-hours`, `budget`, `lever`, `lever-note` (key:
/// the note's slug) or `baseline`; with a
/// utilization file also `utilization` (a resource's GPU spend), `utilization-average-percent`,
/// `utilization-p95-percent` and `utilization-peak-memory-mib` (the figure in `amount`, no
/// currency), `low-utilization` (spend) and `no-utilization-samples` (key: how many
/// resources; their spend); and `folded` (key: the dimension, `tag-values:KEY` or
/// `regions:PROVIDER`; amount: the rows whose value went into `(other)`).
pub fn to_csv(json: &ReviewJson) -> String {
    let mut out = String::from("section,key,currency,amount,gpu_hours,per_gpu_hour\n");
    let mut row = |section: &str, key: &str, cur: &str, amount: &str, hours: &str, per: &str| {
        out.push_str(&csv_row([section, key, cur, amount, hours, per]));
    };
    let s = &json.summary;
    for (c, v) in &s.total {
        row("summary-total", "", c, v, "", "");
    }
    for (c, v) in &s.gpu {
        row("summary-gpu", "", c, v, &json.gpu_hours, "");
    }
    for t in &s.top {
        row("summary-saving", &t.lever, &t.currency, &t.amount, "", "");
        for o in &t.owners {
            for (c, v) in &o.spend {
                let key = format!("{}:{}={}", t.lever, s.owner_key, o.value);
                row(&format!("summary-owner-{}", t.owned), &key, c, v, "", "");
            }
        }
    }
    if !s.none.is_empty() {
        row("summary-none", &s.none, "", "", "", "");
    }
    for (section, a) in [
        ("total", &json.total),
        ("gpu", &json.gpu),
        ("non-gpu", &json.non_gpu),
    ] {
        for (c, v) in a {
            let hours = if section == "gpu" {
                json.gpu_hours.as_str()
            } else {
                ""
            };
            row(section, "", c, v, hours, "");
        }
    }
    let groups = [
        ("provider", &json.by_provider),
        ("gpu-model", &json.by_gpu),
        ("instance", &json.by_instance),
        ("non-gpu-item", &json.non_gpu_items),
    ];
    for (section, gs) in groups {
        for g in gs {
            for (c, v) in &g.cost {
                let per = g.per_gpu_hour.get(c).map_or("", String::as_str);
                row(section, &g.key, c, v, &g.gpu_hours, per);
            }
        }
    }
    for (key, gs) in &json.by_tag {
        for g in gs {
            for (c, v) in &g.cost {
                let per = g.per_gpu_hour.get(c).map_or("", String::as_str);
                row(&format!("tag:{key}"), &g.key, c, v, &g.gpu_hours, per);
            }
        }
    }
    for l in &json.lacks {
        row("lacks", &l.what, "", "", "", "");
    }
    for r in &json.always_on {
        for (c, v) in &r.cost {
            row("always-on", &r.resource, c, v, &r.hours, "");
        }
    }
    for (c, v) in &json.dev_off_hours_cost {
        row("dev-off-hours", "", c, v, &json.dev_off_hours_gpu_hours, "");
    }
    for b in &json.budgets {
        row("budget", &b.tag, &b.currency, &b.monthly_spend, "", "");
    }
    if let Some(u) = &json.utilization {
        for r in &u.resources {
            for (c, v) in &r.cost {
                row("utilization", &r.resource, c, v, "", "");
            }
            let figures = [
                ("utilization-average-percent", &r.average_percent),
                ("utilization-p95-percent", &r.p95_percent),
                ("utilization-peak-memory-mib", &r.peak_memory_mib),
            ];
            for (section, figure) in figures {
                if !figure.is_empty() {
                    row(section, &r.resource, "", figure, "", "");
                }
            }
        }
        for (c, v) in &u.low_cost {
            row("low-utilization", "", c, v, "", "");
        }
        for (c, v) in &u.unsampled_cost {
            row(
                "no-utilization-samples",
                &u.unsampled.to_string(),
                c,
                v,
                "",
                "",
            );
        }
    }
    if let Some(l) = &json.levers {
        row(
            "baseline",
            &l.main_provider,
            &l.currency,
            &l.baseline,
            "",
            "",
        );
        for s in &l.savings {
            row("lever", &s.lever, &l.currency, &s.amount, "", "");
        }
        for n in &l.notes {
            row("lever-note", &n.note, "", "", "", "");
        }
    }
    for f in &json.folded {
        let key = if f.key.is_empty() {
            f.dimension.clone()
        } else {
            format!("{}:{}", f.dimension, f.key)
        };
        out.push_str(&csv_row(["folded", &key, "", &f.rows.to_string(), "", ""]));
    }
    out
}
