//! The command line, declared once: clap derives both the parser and every `--help` from these
//! types, so the usage text cannot drift from what is accepted. Doc comments here are help text.

use chrono::NaiveDate;
use clap::{Args, Parser, Subcommand, ValueEnum};
use gpucost_core::format::Lang;

/// The GPU Cost Lab engine on the command line: the same estimates as the page, for a share link.
///
/// A problem with the arguments or the link is named on stderr with exit code 2. When stdout
/// is closed early (`gpucost catalog | head`), the command stops quietly with exit code 0.
#[derive(Debug, Parser)]
#[command(name = "gpucost", version, arg_required_else_help = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// What the page shows for a share link; `--format json` is the page's JSON download.
    Estimate(EstimateArgs),
    /// Every price in the embedded catalog, with its source, date and where its region is.
    Catalog(CatalogArgs),
    /// The scenario presets, each with its link.
    Presets(PresetsArgs),
    /// A spend review of a cloud bill (AWS CUR, Google Cloud, Azure, Alibaba Cloud, Tencent
    /// Cloud or the generic CSV; gzipped or not): where the GPU money went and what each lever
    /// would have saved. Read locally, nothing is sent anywhere.
    Review(ReviewArgs),
}

/// `gpucost review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The bill file (docs/SPEND_REVIEW.md lists the formats).
    #[arg(required_unless_present = "sql")]
    pub file: Option<std::path::PathBuf>,
    /// Instead of a review, print the query that adds a bill too large for one file up to the
    /// CSV the review reads, for Athena (CUR 2.0), BigQuery (detailed usage cost export) or
    /// DuckDB (local CUR 2.0 files): docs/SPEND_REVIEW.md, "Large bills".
    #[arg(long, value_enum, value_name = "DIALECT", requires_all = ["table", "from", "to"], conflicts_with = "file")]
    pub sql: Option<SqlDialect>,
    /// The bill's table (`db.table`, `project.dataset.table`) or, for DuckDB, its files
    /// (`cur/*.parquet`, `cur/*.csv.gz`).
    #[arg(long, value_name = "NAME", requires = "sql")]
    pub table: Option<String>,
    /// First usage day of the query, UTC.
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date, requires = "sql")]
    pub from: Option<NaiveDate>,
    /// Last usage day of the query, UTC, included.
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date, requires = "sql")]
    pub to: Option<NaiveDate>,
    /// The query's rows: each line's own period (hourly in an hourly CUR), or whole days.
    #[arg(long, value_enum, default_value_t = SqlBy::Line, requires = "sql")]
    pub by: SqlBy,
    /// How to print the review.
    #[arg(short, long, value_enum, default_value_t = EstimateFormat::Table)]
    pub format: EstimateFormat,
    /// Language of the output, en or zh.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    pub lang: Lang,
    /// Currency of the levers, CNY or USD [default: CNY for zh, USD for en].
    #[arg(long, value_parser = parse_currency)]
    pub cur: Option<gpucost_core::money::Currency>,
    /// The team's time zone for the heat map and office hours, e.g. +08:00.
    #[arg(long, default_value = "+08:00", value_parser = parse_tz, allow_hyphen_values = true)]
    pub tz: i16,
    /// A monthly budget per tag value, repeated: `team=ml:5000USD`.
    #[arg(long, value_parser = parse_budget)]
    pub budget: Vec<gpucost_review::review::Budget>,
    /// The date that prices the levers [default: today].
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date)]
    pub today: Option<NaiveDate>,
    /// A GPU utilization side file: the CSV `nvidia-smi --query-gpu=timestamp,index,
    /// utilization.gpu,memory.used,memory.total --format=csv` prints, or the generic
    /// utilization CSV (resource_id,timestamp,gpu_util_percent[,memory_used_mib,
    /// memory_total_mib]). Adds low utilization and the rightsizing lever.
    #[arg(long, value_name = "UFILE")]
    pub utilization: Option<std::path::PathBuf>,
    /// The bill's resource id (instance id) the utilization file belongs to: required for an
    /// nvidia-smi file, which is one machine's; for the generic CSV, used on lines without one.
    #[arg(long, value_name = "ID", requires = "utilization")]
    pub resource: Option<String>,
}

/// The warehouses `gpucost review --sql` writes for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SqlDialect {
    /// Amazon Athena over a CUR 2.0 table.
    Athena,
    /// Google BigQuery over the detailed usage cost export.
    Bigquery,
    /// DuckDB over local CUR 2.0 CSV or Parquet files.
    Duckdb,
}

impl From<SqlDialect> for gpucost_review::sql::Dialect {
    fn from(d: SqlDialect) -> Self {
        match d {
            SqlDialect::Athena => Self::Athena,
            SqlDialect::Bigquery => Self::BigQuery,
            SqlDialect::Duckdb => Self::DuckDb,
        }
    }
}

/// How finely `gpucost review --sql` keeps time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SqlBy {
    /// Each line's own period: the review of the raw bill, to the hour.
    Line,
    /// Whole days: fewer rows; hours of the day are then not known.
    Day,
}

/// `gpucost estimate`.
#[derive(Debug, Args)]
pub struct EstimateArgs {
    /// A share link, or its query string ('?preset=dev-test&cur=CNY').
    pub link: String,
    /// How to print the estimate.
    #[arg(short, long, value_enum, default_value_t = EstimateFormat::Table)]
    pub format: EstimateFormat,
    /// Language of the output, en or zh [default: the link's lang, else en].
    #[arg(long, value_parser = parse_lang)]
    pub lang: Option<Lang>,
    /// Estimate even when the link has parameters that cannot be used (listed on stderr).
    #[arg(long)]
    pub lenient: bool,
    /// The date that decides which prices are old [default: today].
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date)]
    pub today: Option<NaiveDate>,
    /// A Hugging Face config.json (at most 64 KiB) as the model, as pasted into the page's
    /// form: the link's workload (online serving if it has none) is sized for it, and stderr
    /// names what was read and every field that was not.
    #[arg(long, value_name = "FILE")]
    pub model_config: Option<std::path::PathBuf>,
}

/// `gpucost catalog`.
#[derive(Debug, Args)]
pub struct CatalogArgs {
    /// How to print the catalog: one CSV row per price, or the catalog itself as JSON.
    #[arg(short, long, value_enum, default_value_t = CatalogFormat::Csv)]
    pub format: CatalogFormat,
}

/// `gpucost presets`.
#[derive(Debug, Args)]
pub struct PresetsArgs {
    /// How to print the presets.
    #[arg(short, long, value_enum, default_value_t = PresetsFormat::Table)]
    pub format: PresetsFormat,
    /// Language of the titles and descriptions, en or zh.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    pub lang: Lang,
}

/// Output formats of `estimate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EstimateFormat {
    /// Aligned text for a terminal.
    Table,
    /// One row per charge, as the page's CSV download.
    Csv,
    /// Byte for byte the page's JSON download.
    Json,
    /// Provider totals and savings as Markdown, as the page copies them.
    #[value(alias = "markdown")]
    Md,
}

/// Output formats of `catalog`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CatalogFormat {
    /// One row per price.
    Csv,
    /// The catalog as embedded.
    Json,
}

/// Output formats of `presets`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PresetsFormat {
    /// Slug, title, link, description and the promise (the cost guide's figure and the page's).
    Table,
    /// A list of objects with the same fields.
    Json,
}

/// The engine's own parser, so the CLI accepts exactly the spellings a link's `lang` does.
fn parse_lang(raw: &str) -> Result<Lang, String> {
    raw.parse().map_err(|()| "expected en or zh".to_string())
}

fn parse_currency(raw: &str) -> Result<gpucost_core::money::Currency, String> {
    raw.parse().map_err(|_| "expected CNY or USD".to_string())
}

/// `+08:00`, `-05:00` or `0`: minutes east of UTC, from -12:00 to +14:00 (the zones in
/// use). Read in a wide integer and checked, so `+1092:00` is refused, not wrapped.
fn parse_tz(raw: &str) -> Result<i16, String> {
    use gpucost_review::limits::{MAX_TZ_MINUTES, MIN_TZ_MINUTES};
    let bad = || {
        format!(
            "expected an offset from -12:00 to +14:00 (minutes from {MIN_TZ_MINUTES} to {MAX_TZ_MINUTES}), such as +08:00"
        )
    };
    let (sign, rest) = match raw.as_bytes().first() {
        Some(b'-') => (-1, &raw[1..]),
        Some(b'+') => (1, &raw[1..]),
        _ => (1, raw),
    };
    let (h, m) = rest.split_once(':').unwrap_or((rest, "0"));
    let (h, m): (u32, u32) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    if m >= 60 {
        return Err(bad());
    }
    let minutes = h
        .checked_mul(60)
        .and_then(|x| x.checked_add(m))
        .and_then(|x| i16::try_from(x).ok())
        .map(|x| sign * x)
        .ok_or_else(bad)?;
    (MIN_TZ_MINUTES..=MAX_TZ_MINUTES)
        .contains(&minutes)
        .then_some(minutes)
        .ok_or_else(bad)
}

/// `team=ml:5000USD`.
fn parse_budget(raw: &str) -> Result<gpucost_review::review::Budget, String> {
    raw.parse()
        .map_err(|_| "expected KEY=VALUE:AMOUNTCUR, e.g. team=ml:5000USD".to_string())
}

fn parse_date(raw: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| "expected YYYY-MM-DD".to_string())
}

#[cfg(test)]
mod tests {
    use super::parse_tz;

    #[test]
    fn time_zones_are_read_in_range_and_never_wrap() {
        assert_eq!(parse_tz("+08:00"), Ok(480));
        assert_eq!(parse_tz("-05:30"), Ok(-330));
        assert_eq!(parse_tz("0"), Ok(0));
        assert_eq!(parse_tz("+14:00"), Ok(840));
        assert_eq!(parse_tz("-12:00"), Ok(-720));
        // Regression: 1092 × 60 wrapped an i16 to -16 minutes, which was accepted.
        for bad in [
            "+1092:00",
            "+14:01",
            "-12:30",
            "+8:60",
            "99999999999:00",
            "+",
            "+08:-1",
        ] {
            let e = parse_tz(bad).expect_err(bad);
            assert!(e.contains("-12:00 to +14:00"), "{bad}: {e}");
        }
    }
}
