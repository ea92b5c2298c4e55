//! Builds `data/hardware.json`: the measured-throughput rows the recommendation model cites.
//!
//! From `hardware/throughput_benchmarks.csv` it keeps only what the engine uses, because the
//! file is compiled into the WebAssembly bundle: rows of the models the engine knows (plus
//! the llm-foundry MPT-7B/70B rows at 2,048 tokens, whose reported MFU calibrates the
//! training model), at a precision the engine models, on a GPU the price catalog rents with a
//! datasheet row — and of each system only its smallest GPU count (single-GPU rows where the
//! source has them). Every kept row keeps its source file (`repo@commit:path`), its place in
//! that file and its date.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use gpucost_core::catalog::Catalog;
use gpucost_core::recommend::hardware::{
    BenchSource, BenchTask, HardwareTable, MeasuredRow, Suite, HARDWARE_SCHEMA,
};
use gpucost_core::recommend::Precision;

use crate::table::{Row, Table};
use crate::{vendored_on, ImportError};

/// Upstream `model` names the engine uses, and the slug it knows them by.
pub const MODELS: &[(&str, &str)] = &[
    ("BERT-base SQuAD fine-tuning (NVIDIA DLE)", "bert-base"),
    ("BERT-large SQuAD fine-tuning (NVIDIA DLE)", "bert-large"),
    (
        "ResNet-50 ImageNet classification (NVIDIA DLE)",
        "resnet-50",
    ),
    ("ResNet-50 v1.5 ImageNet inference", "resnet-50"),
    (
        "BERT-large SQuAD v1.1 inference (99% accuracy target)",
        "bert-large",
    ),
    (
        "GPT-J 6B CNN-DailyMail summarization (99% target)",
        "gpt-j-6b",
    ),
    (
        "GPT-J 6B CNN-DailyMail summarization (99.9% target)",
        "gpt-j-6b",
    ),
    ("Llama-2-70B-chat OpenOrca (99.9% target)", "llama-2-70b"),
    ("Meta-Llama-3-8B", "llama-3-8b"),
    ("Meta-Llama-3-70B", "llama-3-70b"),
    ("MPT-7b (seq_len 2048)", "mpt-7b"),
    ("MPT-70b (seq_len 2048)", "mpt-70b"),
];

/// The engine's precision for an upstream label; `Ok(None)` = not recorded (MLPerf);
/// `Err(())` = a precision the engine does not model (FP8).
fn precision(label: &str) -> Result<Option<Precision>, ()> {
    match label {
        "" => Ok(None),
        "fp16 (mixed/AMP)" | "F16" | "amp_bf16" | "bf16" => Ok(Some(Precision::Fp16)),
        "fp32 (as labelled by Lambda)" => Ok(Some(Precision::Fp32)),
        "Q4_K_M" => Ok(Some(Precision::Int4)),
        _ => Err(()),
    }
}

fn task(row: &Row) -> Result<BenchTask, ImportError> {
    let t = row.required("scenario_or_task")?;
    Ok(match t {
        "training" | "training (pretraining, FSDP)" => BenchTask::Training,
        "inference/Offline" => BenchTask::Offline,
        "inference/Server" => BenchTask::Server,
        "inference/decode" => BenchTask::Decode,
        "inference/prefill" => BenchTask::Prefill,
        other => {
            return Err(row.error(
                "scenario_or_task",
                format!("{other:?} is not a scenario the engine knows"),
            ))
        }
    })
}

/// `MFU=41.25%; …` → 0.4125.
fn mfu(row: &Row) -> Result<Option<f64>, ImportError> {
    let notes = row.text("notes")?;
    let Some(rest) = notes.split("MFU=").nth(1) else {
        return Ok(None);
    };
    let pct = rest.split('%').next().unwrap_or("");
    pct.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| *v > 0.0 && *v <= 100.0)
        .map(|v| Some(v / 100.0))
        .ok_or_else(|| row.error("notes", format!("MFU {pct:?} is not a percentage")))
}

/// The suite's title: the benchmark name without the scenario, when all rows agree on it.
fn suite_title(suite: &str, benchmarks: &[String]) -> String {
    let mut names: Vec<String> = benchmarks
        .iter()
        .map(|b| {
            b.trim_end_matches(" (Offline)")
                .trim_end_matches(" (Server)")
                .to_string()
        })
        .collect();
    names.sort();
    names.dedup();
    if names.len() == 1 {
        names.remove(0)
    } else {
        suite.to_string()
    }
}

/// Builds the hardware table from `data_dir/upstream/hardware/` for the GPUs `catalog` rents.
///
/// # Errors
/// A located [`ImportError`] for a malformed field of a kept row.
pub fn build_hardware(data_dir: &Path, catalog: &Catalog) -> Result<HardwareTable, ImportError> {
    let table = Table::read(
        &data_dir
            .join("upstream")
            .join("hardware/throughput_benchmarks.csv"),
    )?;
    let mut gpus: HashSet<&str> = HashSet::new();
    for g in catalog.gpus.iter() {
        if let Some(spec) = &g.spec {
            gpus.insert(spec.as_ref());
            gpus.insert(g.id.as_ref());
        }
    }
    for o in catalog.offers.iter() {
        if let Some(spec) = &o.spec {
            gpus.insert(spec.as_ref());
        }
    }

    let mut rows: Vec<MeasuredRow> = Vec::new();
    let mut locators: Vec<(String, String)> = Vec::new();
    let mut benchmarks: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for row in table.rows() {
        let Some((_, slug)) = MODELS
            .iter()
            .find(|(m, _)| *m == row.text("model").unwrap_or(""))
        else {
            continue;
        };
        let Ok(precision) = precision(row.text("precision")?) else {
            continue;
        };
        let gpu = row.required("gpu_model")?;
        if !gpus.contains(gpu) {
            continue;
        }
        let gpus_field = row.required("gpu_count")?;
        let count: u32 =
            gpus_field.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                row.error("gpu_count", format!("{gpus_field:?} is not a GPU count"))
            })?;
        let value = row
            .float("throughput")?
            .filter(|v| *v > 0.0)
            .ok_or_else(|| row.error("throughput", "must be a positive number"))?;
        let source = row.required("source")?;
        let (locator, detail) = match source.split_once(" (") {
            Some((l, rest)) => (l, rest.strip_suffix(')').unwrap_or(rest)),
            None => (source, ""),
        };
        // A table caption shared by many rows goes to the source entry, the cell to the row.
        let (section, at) = match detail.split_once(", row '") {
            Some((section, cell)) => (section, format!("row '{cell}")),
            None => ("", detail.to_string()),
        };
        if !(locator.contains('@') && locator.contains(':')) {
            return Err(row.error("source", format!("{locator:?} is not repo@commit:path")));
        }
        let date = row.required("date")?;
        let date_ok = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok()
            || (date.len() == 4 && date.chars().all(|c| c.is_ascii_digit()));
        if !date_ok {
            return Err(row.error("date", format!("{date:?} is not YYYY-MM-DD or YYYY")));
        }
        let mfu = mfu(&row)?;
        let suite = row.required("suite")?.to_string();
        let located = (locator.to_string(), section.to_string());
        let source_id = match locators.iter().position(|l| *l == located) {
            Some(i) => format!("s{}", i + 1),
            None => {
                locators.push(located);
                format!("s{}", locators.len())
            }
        };
        benchmarks
            .entry(suite.clone())
            .or_default()
            .push(row.required("benchmark")?.to_string());
        rows.push(MeasuredRow {
            suite: suite.into(),
            model: slug.to_string().into(),
            task: task(&row)?,
            precision,
            gpu: gpu.to_string().into(),
            gpus: count,
            value,
            unit: row.required("unit")?.to_string().into(),
            source: source_id.into(),
            at: at.into(),
            date: date.to_string().into(),
            mfu,
        });
    }

    // Of each measured system keep its smallest GPU count.
    let key = |r: &MeasuredRow| {
        (
            r.suite.clone(),
            r.model.clone(),
            r.task,
            r.precision,
            r.gpu.clone(),
        )
    };
    let mut smallest: BTreeMap<_, u32> = BTreeMap::new();
    for r in &rows {
        let e = smallest.entry(key(r)).or_insert(r.gpus);
        *e = (*e).min(r.gpus);
    }
    rows.retain(|r| smallest.get(&key(r)) == Some(&r.gpus));
    // Single-sequence rows only calibrate single-GPU speed.
    rows.retain(|r| !matches!(r.task, BenchTask::Decode | BenchTask::Prefill) || r.gpus == 1);

    // Renumber sources by first use among kept rows, so the file has no unused source.
    let mut used: Vec<(String, String)> = Vec::new();
    for r in &mut rows {
        let i: usize = r.source[1..].parse().expect("assigned above");
        let locator = &locators[i - 1];
        let n = match used.iter().position(|l| l == locator) {
            Some(n) => n,
            None => {
                used.push(locator.clone());
                used.len() - 1
            }
        };
        r.source = format!("s{}", n + 1).into();
    }
    let kept_suites: HashSet<&str> = rows.iter().map(|r| &*r.suite).collect();
    let suites: Vec<Suite> = benchmarks
        .iter()
        .filter(|(s, _)| kept_suites.contains(s.as_str()))
        .map(|(s, b)| Suite {
            id: s.clone().into(),
            title: suite_title(s, b).into(),
        })
        .collect();
    let sources: Vec<BenchSource> = used
        .into_iter()
        .enumerate()
        .map(|(i, (locator, section))| BenchSource {
            id: format!("s{}", i + 1).into(),
            locator: locator.into(),
            section: section.into(),
        })
        .collect();
    let hw = HardwareTable {
        schema: HARDWARE_SCHEMA,
        built: vendored_on(data_dir)?,
        suites: suites.into(),
        sources: sources.into(),
        rows: rows.into(),
    };
    let problems = hw.problems();
    if problems.is_empty() {
        Ok(hw)
    } else {
        Err(ImportError::Curated(format!(
            "hardware table: {}",
            problems.join("; ")
        )))
    }
}

/// Serializes the table with one record per line, so a refresh diffs line by line.
pub fn hardware_to_json(t: &HardwareTable) -> String {
    fn list<T: serde::Serialize>(out: &mut String, key: &str, items: &[T], last: bool) {
        out.push_str(&format!("\"{key}\":[\n"));
        let lines: Vec<String> = items
            .iter()
            .map(|i| serde_json::to_string(i).expect("hardware types serialize"))
            .collect();
        out.push_str(&lines.join(",\n"));
        out.push_str(if last { "\n]\n" } else { "\n],\n" });
    }
    let mut out = format!("{{\"schema\":{},\"built\":\"{}\",\n", t.schema, t.built);
    list(&mut out, "suites", &t.suites, false);
    list(&mut out, "sources", &t.sources, false);
    list(&mut out, "rows", &t.rows, true);
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suite_titles_drop_the_scenario() {
        assert_eq!(
            suite_title(
                "MLPerf Inference v4.0",
                &[
                    "MLPerf Inference v4.0 closed (Offline)".into(),
                    "MLPerf Inference v4.0 closed (Server)".into()
                ]
            ),
            "MLPerf Inference v4.0 closed"
        );
        assert_eq!(
            suite_title("llama.cpp", &["a".into(), "b".into()]),
            "llama.cpp"
        );
    }

    #[test]
    fn precisions_map_to_what_the_engine_models() {
        assert_eq!(precision("Q4_K_M"), Ok(Some(Precision::Int4)));
        assert_eq!(precision(""), Ok(None));
        assert_eq!(precision("amp_fp8"), Err(()));
    }
}
