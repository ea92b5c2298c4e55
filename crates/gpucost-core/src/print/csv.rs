//! The estimate as CSV: one row per charge and one per provider that cannot serve, each row
//! standing alone (the scenario-wide rules repeated on it). It flattens the JSON document, so
//! the two cannot disagree; every cell goes through [`csv_row`], so none can be a formula.

use crate::escape::csv_row;
use crate::print::json::EstimateJson;

/// One CSV row per charge (and one per provider that cannot serve), with a header; `terms`
/// is filled for commitments renewed over a one-off horizon (see [`LineItemJson::terms`](crate::print::json::LineItemJson::terms)),
/// and `commitment_whole`, `upfront` and `after_horizon` on a commitment's row, for its line
/// (see [`CommitmentJson`](crate::print::json::CommitmentJson)); `regions` says where the
/// provider's prices are from, as its row on the page does, and `spread` is the scenario's
/// rule for it (`one-region` or `any`); `prices_as_of` is the date of the provider's newest
/// catalog price and `stale` (`1`) marks one more than a year old, as the page's row does;
/// `peak_rps` and `derived_gpus` are a serving line's load and the most GPUs derived from it
/// (see [`ServingJson`](crate::print::json::ServingJson)), on that line's rows; `team` is the
/// line's team, and `team_pool_share` that team's share of its shared pool's cost (see
/// [`PoolJson`](crate::print::json::PoolJson)) when it is pooled. A batch
/// queue adds one `batch-job` row per job (`provider` is `batch`, `name` the pool's GPU,
/// `total` the pool's part of the packed total, `offer` where it is rented, `machines` the
/// pool's GPUs) with its place in the schedule in the `job…` columns (see
/// [`JobJson`](crate::print::json::JobJson)); other rows leave those empty.
pub fn estimate(json: &EstimateJson) -> String {
    let mut out = String::from(
        "provider,name,status,total,currency,billing_mode,line,offer,region,kind,mode,quantity,unit,rate,rate_currency,amount,source,source_kind,as_of,reason,terms,machines,gpus_per_machine,interconnect,packing,min_gpus_per_machine,commitment_whole,upfront,after_horizon,geo,vcpus_per_gpu,ram_gib_per_gpu,spread,regions,peak_rps,derived_gpus,team,team_pool_share,prices_as_of,stale,job,job_gpus,job_on,job_start_hour,job_end_hour,job_from_hour,job_due_hour\n",
    );
    // The scenario-wide rules, repeated on every row so that each row stands alone.
    let c = &json.constraints;
    let scenario_cells = [
        c.geo.as_str(),
        c.vcpus_per_gpu.as_str(),
        c.ram_gib_per_gpu.as_str(),
        c.spread.as_str(),
    ];
    // Every cell, ours or the link's, goes through `csv_row` so none can be a formula.
    for p in json.providers.iter() {
        let stale = if p.stale { "1" } else { "0" };
        let head = [
            p.provider.as_str(),
            &p.name,
            &p.status,
            &p.total,
            &p.currency,
            &p.billing_mode,
        ];
        if p.line_items.is_empty() {
            let mut row: Vec<&str> = head.to_vec();
            row.extend(std::iter::repeat_n("", 13));
            row.push(&p.reason);
            row.push("");
            row.extend(std::iter::repeat_n("", 8));
            row.extend(scenario_cells);
            row.push(&p.region);
            row.extend(["", "", "", "", p.prices_as_of.as_str(), stale]);
            row.extend([""; JOB_CELLS]);
            out.push_str(&csv_row(row));
        }
        for i in &p.line_items {
            let serving = json.serving.iter().find(|s| s.line == i.line);
            let derived = serving.map(|s| s.peak_gpus.to_string()).unwrap_or_default();
            let (line, terms, machines) = (
                i.line.to_string(),
                i.terms.map(|n| n.to_string()).unwrap_or_default(),
                i.machines.to_string(),
            );
            let packing = json.constraints.lines.iter().find(|l| l.line == i.line);
            let mut row: Vec<&str> = head.to_vec();
            row.push(&line);
            for f in [
                &i.offer,
                &i.region,
                &i.kind,
                &i.mode,
                &i.quantity,
                &i.unit,
                &i.rate,
                &i.rate_currency,
                &i.amount,
                &i.source,
                &i.source_kind,
                &i.as_of,
            ] {
                row.push(f);
            }
            row.push("");
            row.push(&terms);
            row.push(&machines);
            row.push(&i.gpus_per_machine);
            row.push(&i.interconnect);
            row.push(packing.map_or("", |l| l.packing.as_str()));
            row.push(packing.map_or("", |l| l.min_gpus_per_machine.as_str()));
            let c = i.commitment.as_ref();
            row.push(c.map_or("", |c| c.whole.as_str()));
            row.push(c.map_or("", |c| c.upfront.as_str()));
            row.push(c.map_or("", |c| c.after_horizon.as_str()));
            row.extend(scenario_cells);
            row.push(&p.region);
            row.push(serving.map_or("", |s| s.peak_rps.as_str()));
            row.push(&derived);
            let team = packing.map_or("", |l| l.team.as_str());
            row.push(team);
            let share = json
                .pools
                .iter()
                .flat_map(|pool| &pool.teams)
                .find(|t| t.lines.contains(&i.line));
            row.push(share.map_or("", |t| t.share.as_str()));
            row.extend([p.prices_as_of.as_str(), stale]);
            row.extend([""; JOB_CELLS]);
            out.push_str(&csv_row(row));
        }
    }
    for pool in json.batch.iter().flat_map(|b| &b.pools) {
        let size = pool.gpus.to_string();
        for j in &pool.jobs {
            let cells = [
                j.job.to_string(),
                j.gpus.to_string(),
                j.on.clone(),
                j.start_hour.clone(),
                j.end_hour.clone(),
                j.from_hour.to_string(),
                j.due_hour.to_string(),
            ];
            let mut row: Vec<&str> = vec!["batch", &pool.gpu, "batch-job", &pool.subtotal];
            row.extend([json.currency.as_str(), "", "", &pool.offer]);
            row.extend([""; 13]);
            row.push(&size);
            row.extend([""; 7]);
            row.extend(scenario_cells);
            // region, peak_rps, derived_gpus, team, team_pool_share, prices_as_of, stale
            row.extend([""; 7]);
            row.extend(cells.iter().map(String::as_str));
            out.push_str(&csv_row(row));
        }
    }
    out
}

/// The `job…` columns, empty on a provider's rows.
const JOB_CELLS: usize = 7;
