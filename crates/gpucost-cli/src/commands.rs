//! The subcommands, as functions from arguments to output text (tested without a process).

use gpucost_core::catalog::embedded;
use gpucost_core::escape::{csv_row, terminal_lines};
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::l10n::link::Heading;
use gpucost_core::l10n::model_config::pasted_note;
use gpucost_core::l10n::Localize;
use gpucost_core::presets::Preset;
use gpucost_core::print::{csv, json, markdown, table};
use gpucost_core::promise::promise;
use gpucost_core::recommend::hf_config::{self, MAX_CONFIG_BYTES};
use gpucost_core::recommend::{ModelChoice, TaskKind, Workload};
use gpucost_core::session::Session;
use gpucost_core::share::{self, PageState};
use gpucost_core::view::estimate::EstimateView;

use gpucost_review::render;
use gpucost_review::review::ReviewOptions;
use gpucost_review::session::{self, NamedFile};

use crate::args::{
    CatalogArgs, CatalogFormat, Command, EstimateArgs, EstimateFormat, PresetsArgs, PresetsFormat,
    ReviewArgs,
};

/// A failure: message for stderr and exit code (2 = usage or input, 1 = other).
#[derive(Debug)]
pub struct CliError {
    /// What went wrong, naming the argument or parameter.
    pub message: String,
    /// Process exit code.
    pub code: u8,
}

/// Writes a problem or note to stderr with every control character shown as `\u{…}`: the
/// text quotes values from a bill or a link, and a terminal must not act on them.
fn warn(text: &str) {
    eprintln!("{}", terminal_lines(text));
}

fn usage(message: impl Into<String>) -> CliError {
    CliError {
        message: message.into(),
        code: 2,
    }
}

/// Runs a parsed command line; returns what to print.
pub fn run(command: &Command) -> Result<String, CliError> {
    match command {
        Command::Estimate(a) => estimate(a),
        Command::Catalog(a) => Ok(catalog(a)),
        Command::Presets(a) => Ok(presets(a)),
        Command::Review(a) => review(a),
    }
}

/// A file the user named, opened, with the name its problems are reported under.
fn open_named(path: &std::path::Path, lang: Lang) -> Result<(String, std::fs::File), CliError> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let file = std::fs::File::open(path).map_err(|err| {
        usage(match lang {
            Lang::En => format!("cannot open {}: {err}", path.display()),
            Lang::Zh => format!("无法打开 {}：{err}", path.display()),
        })
    })?;
    Ok((name, file))
}

/// `gpucost review --sql`: the warehouse query, or why there is none.
fn review_sql(o: &ReviewArgs, dialect: crate::args::SqlDialect) -> Result<String, CliError> {
    use gpucost_review::sql::{query, Granularity, Request};
    // clap requires all three with --sql.
    let (Some(table), Some(from), Some(to)) = (o.table.as_deref(), o.from, o.to) else {
        return Err(usage("--sql needs --table, --from and --to"));
    };
    query(&Request {
        dialect: dialect.into(),
        source: table,
        from,
        to,
        by: match o.by {
            crate::args::SqlBy::Line => Granularity::Line,
            crate::args::SqlBy::Day => Granularity::Day,
        },
    })
    .map_err(|e| usage(e.text(o.lang)))
}

fn review(o: &ReviewArgs) -> Result<String, CliError> {
    let path = match (o.sql, &o.file) {
        (Some(dialect), _) => return review_sql(o, dialect),
        (None, Some(path)) => path,
        (None, None) => return Err(usage("give a bill file, or --sql")),
    };
    let (name, file) = open_named(path, o.lang)?;
    let side = o
        .utilization
        .as_ref()
        .map(|path| open_named(path, o.lang))
        .transpose()?;
    let request = session::Request {
        lang: o.lang,
        currency: session::currency_for(o.lang, o.cur),
        today: o.today.unwrap_or_else(|| chrono::Local::now().date_naive()),
        options: ReviewOptions {
            tz_offset_minutes: o.tz,
            budgets: o.budget.clone(),
        },
        resource: o.resource.as_deref(),
    };
    let bill = NamedFile {
        name: &name,
        // Seekable: a Parquet bill is read row group by row group from its index at the end.
        reader: gpucost_review::bill::BillInput::seekable(std::io::BufReader::new(file)),
    };
    let side = side.as_ref().map(|(name, file)| NamedFile {
        name,
        reader: std::io::BufReader::new(file),
    });
    let outcome = session::run(embedded(), request, bill, side, |_, _| {})
        .map_err(|err| usage(err.text(o.lang)))?;
    let reviewed = &outcome.review;
    let side_problems = reviewed.utilization.iter().flat_map(|u| &u.problems);
    for p in reviewed.problems.iter().chain(side_problems) {
        warn(&p.text(o.lang));
    }
    let json = render::to_json(reviewed, outcome.levers.as_ref(), o.lang);
    Ok(match o.format {
        EstimateFormat::Json => serde_json::to_string_pretty(&json).expect("serializable") + "\n",
        EstimateFormat::Csv => render::to_csv(&json),
        EstimateFormat::Md => render::to_markdown(&json, o.lang),
        EstimateFormat::Table => render::to_table(&json, o.lang),
    })
}

/// The query string of a share link (or the argument itself if it is one).
fn query_of(link: &str) -> &str {
    let without_fragment = link.split('#').next().unwrap_or("");
    match without_fragment.split_once('?') {
        Some((_, q)) => q,
        None if without_fragment.contains("://") => "",
        None => without_fragment,
    }
}

/// Reads `--model-config`, as the page's form reads a paste: the note naming what was read
/// and what was not goes to stderr, and the workload takes the config as its model.
fn use_model_config(
    path: &std::path::Path,
    state: &mut PageState,
    lang: Lang,
) -> Result<(), CliError> {
    use std::io::Read;
    let (name, file) = open_named(path, lang)?;
    let mut text = String::new();
    // One byte more than the limit is enough to know it is too long.
    let read = file
        .take(MAX_CONFIG_BYTES as u64 + 1)
        .read_to_string(&mut text);
    let pasted = match read {
        Ok(_) => hf_config::parse(&text),
        Err(err) => {
            return Err(usage(match lang {
                Lang::En => format!("cannot read {name} as text: {err}"),
                Lang::Zh => format!("无法将 {name} 读为文本：{err}"),
            }))
        }
    };
    let note = pasted_note(&pasted, lang);
    let config = pasted.map_err(|_| usage(format!("{name}: {note}")))?;
    warn(&format!("{}{name}: {note}", Heading::Note.text(lang)));
    let workload = state
        .scenario
        .workload
        .unwrap_or_else(|| Workload::for_task(TaskKind::OnlineServing));
    let sized = workload
        .with_model(ModelChoice::Config(config.config))
        .map_err(|errs| {
            usage(
                errs.iter()
                    .map(|e| e.message(lang))
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        })?;
    state.scenario.workload = Some(sized);
    Ok(())
}

fn estimate(o: &EstimateArgs) -> Result<String, CliError> {
    let e = embedded();
    let mut decoded = share::decode(query_of(&o.link), &e.catalog);
    // Notices speak the language of the output: `--lang`, else the link's `lang=`.
    let lang = o.lang.or(decoded.state.lang).unwrap_or(Lang::En);
    if let Some(path) = &o.model_config {
        use_model_config(path, &mut decoded.state, lang)?;
    }
    // A value applied after rounding is information, not a rejection: say it and go on.
    for note in decoded.issues.iter().filter(|i| !i.is_ignored()) {
        warn(&format!("{}{}", Heading::Note.text(lang), note.text(lang)));
    }
    let lines: Vec<String> = decoded
        .ignored()
        .map(|i| format!("  {}", i.text(lang)))
        .collect();
    if !lines.is_empty() {
        if !o.lenient {
            return Err(usage(format!(
                "{}\n{}",
                Heading::Unusable.text(lang),
                lines.join("\n")
            )));
        }
        warn(&format!(
            "{}\n{}",
            Heading::Ignored.text(lang),
            lines.join("\n")
        ));
    }
    let today = o.today.unwrap_or_else(|| chrono::Local::now().date_naive());
    let session = Session::from_decoded(e, decoded, o.lang, today);
    let estimate = session.estimate.as_ref().map_err(|errs| {
        usage(
            errs.iter()
                .map(|e| e.text(lang))
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    let view = EstimateView::new(
        &e.catalog,
        &estimate.scenario,
        &estimate.report,
        &session.link(),
    );
    Ok(match o.format {
        EstimateFormat::Json => json::estimate_text(&view, lang),
        EstimateFormat::Csv => csv::estimate(&json::estimate(&view, lang)),
        EstimateFormat::Md => markdown::estimate(&json::estimate(&view, lang), lang),
        EstimateFormat::Table => table::estimate(&view, lang),
    })
}

fn catalog(o: &CatalogArgs) -> String {
    let c = &embedded().catalog;
    match o.format {
        CatalogFormat::Json => serde_json::to_string_pretty(c).expect("serializable") + "\n",
        CatalogFormat::Csv => {
            let mut out = String::from(
                "offer,provider,instance,gpu,gpus,gpu_memory_gib,vcpus,ram_gib,basis,mode,region,country,continent,amount,currency,source,as_of\n",
            );
            let opt = |d: Option<rust_decimal::Decimal>| {
                d.map(|d| d.normalize().to_string()).unwrap_or_default()
            };
            for offer in c.offers.iter() {
                for p in offer.prices.iter() {
                    // Where the region is; empty where no source says.
                    let place = c.place(&offer.provider, &p.region);
                    let country = place.and_then(|pl| pl.country.as_deref()).unwrap_or("");
                    let continent = place.and_then(|pl| pl.continent).map_or("", |k| k.as_str());
                    let row = [
                        offer.id.to_string(),
                        offer.provider.to_string(),
                        offer.instance.to_string(),
                        offer.gpu.to_string(),
                        offer.gpus.normalize().to_string(),
                        opt(offer.gpu_memory_gib),
                        opt(offer.vcpus),
                        opt(offer.ram_gib),
                        format!("{:?}", offer.basis).to_lowercase(),
                        p.mode.to_string(),
                        p.region.to_string(),
                        country.to_string(),
                        continent.to_string(),
                        p.amount.normalize().to_string(),
                        p.currency.to_string(),
                        p.source.to_string(),
                        p.as_of.to_string(),
                    ];
                    out.push_str(&csv_row(row));
                }
            }
            out
        }
    }
}

fn presets(o: &PresetsArgs) -> String {
    let lang = o.lang;
    let link = |p: Preset| {
        let state = PageState {
            preset: p,
            scenario: p.scenario(),
            ..PageState::default()
        };
        share::encode(&state)
    };
    // What the page shows under the description: the cost guide's figure and the engine's,
    // in the language's currency at the catalog's rate, as a link without `cur=` opens.
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let currency = PageState::default().currency_for(lang);
    let today = chrono::Local::now().date_naive();
    let promised = |p: Preset| promise(p, e, &fx, currency, today).map(|pr| pr.text(lang));
    match o.format {
        PresetsFormat::Json => {
            let list: Vec<serde_json::Value> = Preset::ALL
                .iter()
                .map(|&p| {
                    serde_json::json!({
                        "preset": p.as_str(),
                        "title": p.title(lang),
                        "description": p.description(lang),
                        "promise": promised(p),
                        "link": format!("?{}", link(p)),
                    })
                })
                .collect();
            serde_json::to_string_pretty(&list).expect("serializable") + "\n"
        }
        PresetsFormat::Table => Preset::ALL
            .iter()
            .map(|&p| {
                let promise = promised(p)
                    .map(|t| format!("                {t}\n"))
                    .unwrap_or_default();
                format!(
                    "{:<15} {}\n                ?{}\n                {}\n{promise}",
                    p.as_str(),
                    p.title(lang),
                    link(p),
                    p.description(lang)
                )
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::Cli;
    use clap::Parser;

    /// Parses `line` as the words after `gpucost` and runs it; a command line clap rejects
    /// comes back with clap's message and exit code.
    fn run_line(line: &[&str]) -> Result<String, CliError> {
        let cli = Cli::try_parse_from(std::iter::once("gpucost").chain(line.iter().copied()))
            .map_err(|e| CliError {
                message: e.to_string(),
                code: u8::try_from(e.exit_code()).unwrap(),
            })?;
        run(&cli.command)
    }

    #[test]
    fn links_and_query_strings_are_both_accepted() {
        assert_eq!(
            query_of("https://x.example/tools/gpu-cost/?preset=dev-test#top"),
            "preset=dev-test"
        );
        assert_eq!(query_of("?h=72"), "h=72");
        assert_eq!(query_of("h=72"), "h=72");
        assert_eq!(query_of("https://x.example/"), "");
    }

    /// `gpucost presets` prints what the page shows under each description: the cost guide's
    /// figure with its section beside the engine's (issue 28); your own preset quotes nothing.
    #[test]
    fn presets_print_each_promise() {
        let out = run_line(&["presets", "--format", "json", "--lang", "zh"]).unwrap();
        let list: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
        for (preset, section) in [
            ("short-training", "§2.1"),
            ("traffic-spike", "§2.2"),
            ("dev-test", "§2.3"),
            ("shift-fleet", "§4.1"),
        ] {
            let entry = list.iter().find(|p| p["preset"] == preset).unwrap();
            let promise = entry["promise"].as_str().unwrap_or_default();
            assert!(
                promise.contains(section) && promise.contains("本页"),
                "{promise}"
            );
        }
        let custom = list.iter().find(|p| p["preset"] == "custom").unwrap();
        assert!(custom["promise"].is_null());
        let table = run_line(&["presets"]).unwrap();
        assert!(
            table.contains("(§4.1)") && table.contains("Monday to Friday"),
            "{table}"
        );
    }

    #[test]
    fn a_bad_parameter_is_named_and_exits_2() {
        let err = run_line(&["estimate", "?preset=dev-test&h=-5&cur=CNY"]).unwrap_err();
        assert_eq!(err.code, 2);
        assert!(err.message.contains("h=“-5”"), "{}", err.message);
    }

    #[test]
    fn lenient_mode_estimates_anyway() {
        let out = run_line(&[
            "estimate",
            "?preset=dev-test&h=-5&cur=CNY",
            "--lenient",
            "--format",
            "json",
        ])
        .unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["currency"], "CNY");
    }

    #[test]
    fn unknown_formats_and_commands_are_usage_errors() {
        assert_eq!(
            run_line(&["estimate", "h=72", "--format", "xml"])
                .unwrap_err()
                .code,
            2
        );
        assert_eq!(run_line(&["frobnicate"]).unwrap_err().code, 2);
        assert_eq!(run_line(&[]).unwrap_err().code, 2);
    }

    #[test]
    fn the_catalog_exports_every_price() {
        let csv = run_line(&["catalog", "--format", "csv"]).unwrap();
        let prices: usize = embedded()
            .catalog
            .offers
            .iter()
            .map(|o| o.prices.len())
            .sum();
        assert_eq!(csv.lines().count(), prices + 1);
        let json = run_line(&["catalog", "--format", "json"]).unwrap();
        let back: gpucost_core::catalog::Catalog = serde_json::from_str(&json).unwrap();
        assert_eq!(back, embedded().catalog);
    }

    #[test]
    fn presets_list_their_links() {
        let out = run_line(&["presets", "--format", "json"]).unwrap();
        let v: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
        assert_eq!(v.len(), Preset::ALL.len());
        assert_eq!(v[1]["link"], "?v=2&preset=traffic-spike");
    }

    #[test]
    fn exported_gpu_counts_match_the_reasons_given() {
        // The custom preset splits some GPUs further than memory needs to meet its latency
        // bound; the export must report the GPUs actually costed, as the reasons say.
        let out = run_line(&["estimate", "preset=custom", "--format", "json"]).unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let ranked = v["recommendation"]["ranked"].as_array().unwrap();
        assert!(!ranked.is_empty());
        let mut split = 0;
        for c in ranked {
            let gpus = c["gpus"].as_u64().unwrap();
            let first = c["reasons"][0].as_str().unwrap();
            if gpus == 1 {
                assert!(first.contains("fits in one"), "{c}");
            } else {
                split += 1;
                assert!(first.contains(&format!("split over {gpus} GPUs")), "{c}");
            }
        }
        assert!(split > 0, "the preset should include a split GPU");
    }
}
