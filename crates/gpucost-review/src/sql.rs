//! Bills that outgrow a browser: the SQL that lets the warehouse holding the bill do the heavy
//! part. [`query`] writes, for Athena (AWS CUR 2.0), BigQuery (Google's detailed usage cost
//! export) and DuckDB (local CUR 2.0 CSV or Parquet files), one query that adds the raw bill
//! up to exactly what the review reads — per line period (hourly in an hourly CUR) or per day ×
//! resource × instance type or GPU × tags × region × pricing term, with costs and hours — in the
//! review's generic CSV (`bill/generic.rs`; `docs/SPEND_REVIEW.md`, "Large bills").
//!
//! Reviewing the query's output gives the review of the raw bill (tested to the cent on DuckDB
//! in `tests/sql.rs`), because the query copies the CUR reader's rules (`bill/aws.rs`): the
//! unblended cost, hours only on `BoxUsage`/`SpotUsage` lines of the usage line-item types,
//! else the line's span (as the review falls back to), `product code + usage type` as the
//! description, tags with their `user_` prefix dropped. A line without an instance type is
//! never a GPU row for AWS, so its resource, tags and region are not kept apart, and it is
//! summed per period and description only.
//!
//! Only the text of the table name (or file glob) comes from the user: it is checked against a
//! short list of characters and a length limit, and quoted, so it can never end the query's
//! quoting. Plain text generation: no I/O.

use chrono::{Datelike, Days, Months, NaiveDate};
use gpucost_core::format::Lang;

/// Longest table name or file glob accepted, in bytes.
pub const MAX_SOURCE_LEN: usize = 512;

/// The header the query's output has: the generic CSV's columns and its optional ones.
pub const OUTPUT_COLUMNS: [&str; 14] = [
    "start",
    "end",
    "hours",
    "provider",
    "instance_type",
    "gpu_model",
    "gpus",
    "cost",
    "currency",
    "tags",
    "region",
    "resource_id",
    "description",
    "pricing_term",
];

/// The warehouse the query is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// Amazon Athena (Trino) over a CUR 2.0 table.
    Athena,
    /// Google BigQuery over the Cloud Billing detailed usage cost export.
    BigQuery,
    /// DuckDB over local CUR 2.0 files (`.csv`, `.csv.gz` or `.parquet`, globs allowed).
    DuckDb,
}

impl Dialect {
    /// All dialects, in the order the page and the CLI list them.
    pub const ALL: [Dialect; 3] = [Dialect::Athena, Dialect::BigQuery, Dialect::DuckDb];

    /// Stable slug (`--sql` value).
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::Athena => "athena",
            Dialect::BigQuery => "bigquery",
            Dialect::DuckDb => "duckdb",
        }
    }

    /// A table name (or glob) of the kind this dialect reads, as an example.
    pub fn example(self) -> &'static str {
        match self {
            Dialect::Athena => "cur.data_exports",
            Dialect::BigQuery => "my-project.billing.gcp_billing_export_resource_v1_XXXXXX",
            Dialect::DuckDb => "cur/**/*.parquet",
        }
    }

    /// The dialect of a slug.
    pub fn from_slug(s: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.as_str() == s)
    }
}

/// How finely the bill's time is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Granularity {
    /// Each line's own period as billed (an hour in an hourly CUR): the review is the raw
    /// bill's, to the cent and to the hour.
    #[default]
    Line,
    /// Whole days from midnight UTC: far fewer rows; the review then spreads each day's use
    /// evenly over its hours (and says so).
    Day,
}

/// What the query is asked for.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The warehouse.
    pub dialect: Dialect,
    /// Table name (`db.table`, `project.dataset.table`) or, for DuckDB, a file path or glob.
    pub source: &'a str,
    /// First usage day (UTC), included.
    pub from: NaiveDate,
    /// Last usage day (UTC), included.
    pub to: NaiveDate,
    /// Line periods or days.
    pub by: Granularity,
}

/// Why no query was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SqlError {
    /// No table name.
    Empty,
    /// A name longer than [`MAX_SOURCE_LEN`] bytes.
    TooLong,
    /// A character no table name (or, for DuckDB, no path) needs.
    BadChar(char),
    /// A table name that is not 1–3 non-empty parts separated by dots.
    BadName,
    /// A DuckDB source that does not end in `.csv`, `.csv.gz` or `.parquet`.
    UnknownFiles,
    /// The last day is before the first.
    BadRange,
    /// A first or last day that is not a date written `YYYY-MM-DD`.
    BadDate(DateField),
}

/// Which end of the date range a [`SqlError::BadDate`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateField {
    /// The first usage day.
    From,
    /// The last usage day.
    To,
}

/// `raw` as the `which` day of a request: a date written `YYYY-MM-DD` (spaces around it
/// ignored), as the page's date fields and the CLI's `--from`/`--to` give it.
///
/// # Errors
/// [`SqlError::BadDate`] naming `which`, for anything else.
pub fn parse_day(raw: &str, which: DateField) -> Result<NaiveDate, SqlError> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| SqlError::BadDate(which))
}

/// The range a query starts with: the three whole calendar months before `today`'s month
/// (a quarter's spend review, as the cost guide's CTO document asks for 3–6 months).
pub fn last_three_months(today: NaiveDate) -> (NaiveDate, NaiveDate) {
    let first_of_month = today.with_day(1).unwrap_or(today);
    let to = first_of_month.pred_opt().unwrap_or(first_of_month);
    let from = first_of_month
        .checked_sub_months(Months::new(3))
        .unwrap_or(first_of_month);
    (from, to)
}

impl SqlError {
    /// The problem, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            SqlError::Empty if zh => "请填写表名".into(),
            SqlError::Empty => "give a table name".into(),
            SqlError::TooLong if zh => format!("表名过长（最多 {MAX_SOURCE_LEN} 字节）"),
            SqlError::TooLong => {
                format!("the table name is too long (at most {MAX_SOURCE_LEN} bytes)")
            }
            SqlError::BadChar(c) if zh => format!("表名中不能有字符 {}", c.escape_debug()),
            SqlError::BadChar(c) => format!(
                "a table name cannot hold the character {}",
                c.escape_debug()
            ),
            SqlError::BadName if zh => "表名应为 1 到 3 段，以点分隔（如 cur.data）".into(),
            SqlError::BadName => {
                "a table name is 1 to 3 parts separated by dots (e.g. cur.data)".into()
            }
            SqlError::UnknownFiles if zh => {
                "DuckDB 的文件须以 .csv、.csv.gz 或 .parquet 结尾".into()
            }
            SqlError::UnknownFiles => "DuckDB's files must end in .csv, .csv.gz or .parquet".into(),
            SqlError::BadRange if zh => "结束日期早于开始日期".into(),
            SqlError::BadRange => "the last day is before the first".into(),
            SqlError::BadDate(DateField::From) if zh => "开始日期应写作 YYYY-MM-DD".into(),
            SqlError::BadDate(DateField::From) => "write the first day as YYYY-MM-DD".into(),
            SqlError::BadDate(DateField::To) if zh => "结束日期应写作 YYYY-MM-DD".into(),
            SqlError::BadDate(DateField::To) => "write the last day as YYYY-MM-DD".into(),
        }
    }
}

/// The query for `req`, ready to paste.
///
/// # Errors
/// The table name or glob is refused, or the date range is backwards ([`SqlError`]).
pub fn query(req: &Request) -> Result<String, SqlError> {
    if req.to < req.from {
        return Err(SqlError::BadRange);
    }
    let source = source(req.dialect, req.source)?;
    let from = req.from.format("%Y-%m-%d").to_string();
    // The day after the last, exclusive; a date at the end of time has none: keep the last.
    let until = req
        .to
        .checked_add_days(Days::new(1))
        .unwrap_or(req.to)
        .format("%Y-%m-%d")
        .to_string();
    Ok(match req.dialect {
        Dialect::Athena => cur2(Flavor::Athena, &source, &from, &until, req.by),
        Dialect::DuckDb => {
            let flavor = if req.source.to_lowercase().ends_with(".parquet") {
                Flavor::DuckParquet
            } else {
                Flavor::DuckCsv
            };
            cur2(flavor, &source, &from, &until, req.by)
        }
        Dialect::BigQuery => bigquery(&source, &from, &until, req.by),
    })
}

/// The checked and quoted `FROM` target.
fn source(dialect: Dialect, raw: &str) -> Result<String, SqlError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Err(SqlError::Empty);
    }
    if raw.len() > MAX_SOURCE_LEN {
        return Err(SqlError::TooLong);
    }
    if dialect == Dialect::DuckDb {
        // A path inside a single-quoted literal: only `'` could end it; backslashes, double
        // quotes and control or invisible characters are refused as well.
        if let Some(c) = raw
            .chars()
            .find(|c| !(c.is_alphanumeric() || "_-./*?~+=,@%:[]{}! ".contains(*c)))
        {
            return Err(SqlError::BadChar(c));
        }
        let lower = raw.to_lowercase();
        return if lower.ends_with(".parquet") {
            Ok(format!("read_parquet('{raw}', union_by_name = true)"))
        } else if lower.ends_with(".csv") || lower.ends_with(".csv.gz") {
            Ok(format!(
                "read_csv('{raw}', all_varchar = true, union_by_name = true)"
            ))
        } else {
            Err(SqlError::UnknownFiles)
        };
    }
    if let Some(c) = raw
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || "_-.".contains(*c)))
    {
        return Err(SqlError::BadChar(c));
    }
    let parts: Vec<&str> = raw.split('.').collect();
    if parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
        return Err(SqlError::BadName);
    }
    Ok(match dialect {
        // Backticks around the whole path, as BigQuery's own examples write it.
        Dialect::BigQuery => format!("`{raw}`"),
        _ => parts
            .iter()
            .map(|p| format!("\"{p}\""))
            .collect::<Vec<_>>()
            .join("."),
    })
}

/// How a CUR 2.0 source types its columns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flavor {
    /// Athena's CUR 2.0 table: timestamps, doubles and a `resource_tags` map.
    Athena,
    /// DuckDB's `read_csv(…, all_varchar = true)`: text, tags a JSON object.
    DuckCsv,
    /// DuckDB's `read_parquet`: typed, tags a map.
    DuckParquet,
}

const AWS_DOCS: &str = "-- Columns: AWS CUR 2.0 data dictionary,\n\
-- https://docs.aws.amazon.com/cur/latest/userguide/table-dictionary-cur2.html\n\
-- (line_item_*, product_instance_type, product_region_code: its line item and product\n\
-- columns; pricing_term: its pricing columns; resource_tags: a map, its resource tags columns).\n";

/// The query over a CUR 2.0 table or files.
fn cur2(flavor: Flavor, source: &str, from: &str, until: &str, by: Granularity) -> String {
    let duck = flavor != Flavor::Athena;
    // A text column: trimmed, empty as NULL.
    let text = |c: &str| format!("NULLIF(trim({c}), '')");
    let number = |c: &str| match flavor {
        Flavor::DuckCsv => format!("CAST(NULLIF(trim({c}), '') AS DECIMAL(38, 12))"),
        _ => format!("CAST({c} AS DECIMAL(38, 12))"),
    };
    let time = |c: &str| match flavor {
        Flavor::DuckCsv => format!("CAST(NULLIF(trim({c}), '') AS TIMESTAMP)"),
        Flavor::DuckParquet => format!("CAST({c} AS TIMESTAMP)"),
        Flavor::Athena => c.to_string(),
    };
    let tags_map = match flavor {
        Flavor::DuckCsv => "CAST(json(NULLIF(trim(resource_tags), '')) AS MAP(VARCHAR, VARCHAR))",
        _ => "resource_tags",
    };
    // `key=value;…` of the non-empty tags, `user_` dropped from the keys, sorted so that the
    // same tags group together.
    let tags = if duck {
        "array_to_string(list_sort(list_transform(list_filter(map_keys(t), lambda k: t[k] <> ''), \
         lambda k: regexp_replace(k, '^user_', '') || '=' || t[k])), ';')"
    } else {
        "array_join(array_sort(transform(filter(map_keys(t), k -> t[k] <> ''), \
         k -> regexp_replace(k, '^user_', '') || '=' || t[k])), ';')"
    };
    let (start, end) = match by {
        Granularity::Line => ("s", "e"),
        Granularity::Day => (
            "date_trunc('day', s)",
            "date_trunc('day', s) + INTERVAL '1' DAY",
        ),
    };
    let setup = if duck {
        "-- DuckDB 1.3 or later. Save the result as CSV: duckdb -csv < this.sql > aggregated.csv\n\
         SET TimeZone = 'UTC';\n"
    } else {
        "-- Run in Athena (engine v3), then download the result as CSV.\n"
    };
    format!(
        "-- GPU Cost Lab spend review: the bill added up to the review's generic CSV\n\
         -- (docs/SPEND_REVIEW.md, \"Large bills\"). Review the CSV it gives like any bill.\n\
         {AWS_DOCS}{setup}\
         WITH line AS (\n  \
           SELECT\n    \
             {s} AS s,\n    \
             {e} AS e,\n    \
             {usage_type} AS usage_type,\n    \
             {item_type} AS item_type,\n    \
             {product} AS product,\n    \
             {amount} AS amount,\n    \
             {cost} AS cost,\n    \
             {currency} AS currency,\n    \
             {instance} AS instance_type,\n    \
             {region} AS region,\n    \
             {resource} AS resource_id,\n    \
             {term} AS pricing_term,\n    \
             {tags_map} AS t\n  \
           FROM {source}\n  \
           WHERE {s} >= TIMESTAMP '{from} 00:00:00'\n    \
             AND {s} < TIMESTAMP '{until} 00:00:00'\n\
         ),\n\
         usage AS (\n  \
           SELECT\n    \
             {start} AS period_start,\n    \
             {end} AS period_end,\n    \
             -- Hours: the usage amount of a running instance's usage line, else the line's span.\n    \
             COALESCE(\n      \
               CASE WHEN (usage_type LIKE '%BoxUsage%' OR usage_type LIKE '%SpotUsage%')\n        \
                 AND COALESCE(item_type, 'Usage') IN ('Usage', 'DiscountedUsage', 'SavingsPlanCoveredUsage')\n        \
                 THEN amount END,\n      \
               CASE WHEN e > s THEN CAST(CAST(date_diff('second', s, e) AS DOUBLE) / 3600 AS DECIMAL(38, 12)) END,\n      \
               CAST(0 AS DECIMAL(38, 12))) AS hours,\n    \
             cost,\n    \
             currency,\n    \
             instance_type,\n    \
             -- Without an instance type a line is no GPU row: only its period and description count.\n    \
             CASE WHEN instance_type IS NULL THEN NULL ELSE {tags} END AS tags,\n    \
             CASE WHEN instance_type IS NULL THEN NULL ELSE region END AS region,\n    \
             CASE WHEN instance_type IS NULL THEN NULL ELSE resource_id END AS resource_id,\n    \
             CASE WHEN product IS NULL THEN COALESCE(usage_type, '')\n      \
               WHEN usage_type IS NULL THEN product\n      \
               ELSE product || ' ' || usage_type END AS description,\n    \
             CASE WHEN instance_type IS NULL THEN NULL ELSE pricing_term END AS pricing_term\n  \
           FROM line\n\
         )\n\
         SELECT\n  \
           CAST(period_start AS VARCHAR) AS \"start\",\n  \
           CAST(period_end AS VARCHAR) AS \"end\",\n  \
           CAST(SUM(hours) AS VARCHAR) AS hours,\n  \
           'aws' AS provider,\n  \
           instance_type,\n  \
           CAST(NULL AS VARCHAR) AS gpu_model,\n  \
           CAST(NULL AS VARCHAR) AS gpus,\n  \
           CAST(SUM(cost) AS VARCHAR) AS cost,\n  \
           currency,\n  \
           tags,\n  \
           region,\n  \
           resource_id,\n  \
           description,\n  \
           pricing_term\n\
         FROM usage\n\
         GROUP BY period_start, period_end, instance_type, currency, tags, region, resource_id,\n  \
           description, pricing_term\n",
        s = time("line_item_usage_start_date"),
        e = time("line_item_usage_end_date"),
        usage_type = text("line_item_usage_type"),
        item_type = text("line_item_line_item_type"),
        product = text("line_item_product_code"),
        amount = number("line_item_usage_amount"),
        cost = number("line_item_unblended_cost"),
        currency = text("line_item_currency_code"),
        instance = text("product_instance_type"),
        region = text("product_region_code"),
        resource = text("line_item_resource_id"),
        term = text("pricing_term"),
    )
}

/// The query over Google's detailed usage cost export.
fn bigquery(source: &str, from: &str, until: &str, by: Granularity) -> String {
    let (start, end) = match by {
        Granularity::Line => ("s", "e"),
        Granularity::Day => (
            "TIMESTAMP_TRUNC(s, DAY, 'UTC')",
            "TIMESTAMP_ADD(TIMESTAMP_TRUNC(s, DAY, 'UTC'), INTERVAL 1 DAY)",
        ),
    };
    format!(
        "-- GPU Cost Lab spend review: the bill added up to the review's generic CSV\n\
         -- (docs/SPEND_REVIEW.md, \"Large bills\"). Run in BigQuery, save the result as CSV and\n\
         -- review it like any bill.\n\
         -- Columns: Cloud Billing detailed usage cost export (gcp_billing_export_resource_v1_…),\n\
         -- https://cloud.google.com/billing/docs/how-to/export-data-bigquery-tables/detailed-usage\n\
         -- Cost is net of credits (cost + the credits' amounts). GPUs are the SKUs\n\
         -- `Nvidia <model> GPU running in <place>`, one GPU each, as in the cost table reader.\n\
         WITH line AS (\n  \
           SELECT\n    \
             usage_start_time AS s,\n    \
             usage_end_time AS e,\n    \
             REGEXP_EXTRACT(sku.description, r'Nvidia (?:Tesla )?(.+?) GPU') AS gpu_model,\n    \
             CASE usage.unit\n      \
               WHEN 'seconds' THEN CAST(usage.amount AS NUMERIC) / 3600\n      \
               WHEN 'hour' THEN CAST(usage.amount AS NUMERIC)\n    \
             END AS hours,\n    \
             CAST(cost AS NUMERIC)\n      \
               + IFNULL((SELECT SUM(CAST(c.amount AS NUMERIC)) FROM UNNEST(credits) AS c), 0) AS cost,\n    \
             currency,\n    \
             location.region AS region,\n    \
             resource.name AS resource_id,\n    \
             CONCAT(IFNULL(service.description, ''), ': ', IFNULL(sku.description, '')) AS description,\n    \
             cost_type AS pricing_term,\n    \
             ARRAY_TO_STRING(ARRAY_CONCAT(\n      \
               IF(project.id IS NULL, [], [CONCAT('project=', project.id)]),\n      \
               ARRAY(SELECT CONCAT(l.key, '=', l.value) FROM UNNEST(labels) AS l\n        \
                 WHERE l.value != '' ORDER BY 1)), ';') AS tags\n  \
           FROM {source}\n  \
           WHERE usage_start_time >= TIMESTAMP '{from} 00:00:00 UTC'\n    \
             AND usage_start_time < TIMESTAMP '{until} 00:00:00 UTC'\n\
         )\n\
         SELECT\n  \
           FORMAT_TIMESTAMP('%Y-%m-%dT%H:%M:%SZ', {start}, 'UTC') AS `start`,\n  \
           FORMAT_TIMESTAMP('%Y-%m-%dT%H:%M:%SZ', {end}, 'UTC') AS `end`,\n  \
           CAST(SUM(hours) AS STRING) AS hours,\n  \
           'gcp' AS provider,\n  \
           CAST(NULL AS STRING) AS instance_type,\n  \
           gpu_model,\n  \
           IF(gpu_model IS NULL, NULL, '1') AS gpus,\n  \
           CAST(SUM(cost) AS STRING) AS cost,\n  \
           currency,\n  \
           -- Only GPU SKUs keep their labels, region and resource apart.\n  \
           IF(gpu_model IS NULL, NULL, tags) AS tags,\n  \
           IF(gpu_model IS NULL, NULL, region) AS region,\n  \
           IF(gpu_model IS NULL, NULL, resource_id) AS resource_id,\n  \
           description,\n  \
           pricing_term\n\
         FROM line\n\
         GROUP BY 1, 2, gpu_model, currency, 10, 11, 12, description, pricing_term\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(dialect: Dialect, source: &str) -> Request<'_> {
        Request {
            dialect,
            source,
            from: NaiveDate::from_ymd_opt(2024, 5, 1).unwrap(),
            to: NaiveDate::from_ymd_opt(2024, 5, 31).unwrap(),
            by: Granularity::Line,
        }
    }

    #[test]
    fn names_are_quoted_per_dialect() {
        let q = query(&req(Dialect::Athena, "cur.data_exports")).unwrap();
        assert!(q.contains("FROM \"cur\".\"data_exports\""), "{q}");
        assert!(q.contains("TIMESTAMP '2024-05-01 00:00:00'"));
        assert!(
            q.contains("TIMESTAMP '2024-06-01 00:00:00'"),
            "to is inclusive"
        );
        let q = query(&req(
            Dialect::BigQuery,
            "my-project.billing.gcp_billing_export_resource_v1_010101-F0FFF0-10X10X",
        ))
        .unwrap();
        assert!(q.contains(
            "FROM `my-project.billing.gcp_billing_export_resource_v1_010101-F0FFF0-10X10X`"
        ));
        let q = query(&req(Dialect::DuckDb, "bills/2024-*/cur.csv.gz")).unwrap();
        assert!(q.contains("read_csv('bills/2024-*/cur.csv.gz', all_varchar = true"));
        let q = query(&req(Dialect::DuckDb, "bills/**/*.parquet")).unwrap();
        assert!(q.contains("read_parquet('bills/**/*.parquet'"));
    }

    #[test]
    fn hostile_names_are_refused() {
        for d in Dialect::ALL {
            for bad in [
                "t\"; DROP TABLE x; --",
                "t'; DROP TABLE x; --",
                "t` UNION SELECT 1 --",
                "a\nb.csv",
                "x\u{202e}.csv",
                "a\\b.csv",
            ] {
                assert!(
                    matches!(query(&req(d, bad)), Err(SqlError::BadChar(_))),
                    "{d:?} {bad:?}"
                );
            }
            assert_eq!(query(&req(d, "  ")), Err(SqlError::Empty));
            let long = format!("{}.csv", "a".repeat(MAX_SOURCE_LEN));
            assert_eq!(query(&req(d, &long)), Err(SqlError::TooLong));
            let at_limit = format!("{}.csv", "a".repeat(MAX_SOURCE_LEN - 4));
            assert!(query(&req(d, &at_limit)).is_ok() || d != Dialect::DuckDb);
        }
        for bad in ["a..b", ".a", "a.b.c.d", "a."] {
            assert_eq!(query(&req(Dialect::Athena, bad)), Err(SqlError::BadName));
        }
        assert_eq!(
            query(&req(Dialect::DuckDb, "cur.json")),
            Err(SqlError::UnknownFiles)
        );
        let mut r = req(Dialect::Athena, "t");
        r.to = NaiveDate::from_ymd_opt(2024, 4, 30).unwrap();
        assert_eq!(query(&r), Err(SqlError::BadRange));
        for e in [SqlError::Empty, SqlError::BadChar('\u{1b}')] {
            assert!(!e.text(Lang::En).contains('\u{1b}'));
            assert!(!e.text(Lang::Zh).is_empty());
        }
    }

    #[test]
    fn every_output_column_is_written_in_order() {
        for d in Dialect::ALL {
            let q = query(&req(d, "t.csv")).unwrap_or_else(|_| query(&req(d, "t")).unwrap());
            let select = q.rsplit_once("\nSELECT\n").unwrap().1;
            let mut at = 0;
            for c in OUTPUT_COLUMNS {
                let alias = [
                    format!(" AS \"{c}\""),
                    format!(" AS `{c}`"),
                    format!(" AS {c},"),
                    format!(" AS {c}\n"),
                    format!("  {c},"),
                    format!("  {c}\n"),
                ];
                let found = alias
                    .iter()
                    .filter_map(|a| select[at..].find(a.as_str()).map(|i| at + i))
                    .min()
                    .unwrap_or_else(|| panic!("{d:?}: {c} after {at}"));
                at = found + 1;
            }
        }
    }

    #[test]
    fn every_example_makes_a_query() {
        for d in Dialect::ALL {
            assert!(query(&req(d, d.example())).is_ok(), "{d:?}");
            assert_eq!(Dialect::from_slug(d.as_str()), Some(d));
        }
    }

    #[test]
    fn days_group_by_midnight() {
        let mut r = req(Dialect::DuckDb, "cur.parquet");
        r.by = Granularity::Day;
        assert!(query(&r)
            .unwrap()
            .contains("date_trunc('day', s) + INTERVAL '1' DAY"));
        r.dialect = Dialect::BigQuery;
        r.source = "p.d.t";
        assert!(query(&r)
            .unwrap()
            .contains("TIMESTAMP_TRUNC(s, DAY, 'UTC')"));
    }

    #[test]
    fn a_day_is_read_or_named() {
        let may = NaiveDate::from_ymd_opt(2024, 5, 1).unwrap();
        assert_eq!(parse_day(" 2024-05-01 ", DateField::From), Ok(may));
        for bad in [
            "",
            "2024-5-1x",
            "2024-02-30",
            "01/05/2024",
            "2024-05-01T00:00",
        ] {
            assert_eq!(
                parse_day(bad, DateField::To),
                Err(SqlError::BadDate(DateField::To)),
                "{bad:?}"
            );
        }
        assert_ne!(
            SqlError::BadDate(DateField::From).text(Lang::En),
            SqlError::BadDate(DateField::To).text(Lang::En)
        );
        assert!(SqlError::BadDate(DateField::To)
            .text(Lang::Zh)
            .contains("结束"));
    }

    #[test]
    fn the_first_range_is_the_three_whole_months_before_this_one() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        assert_eq!(
            last_three_months(d(2026, 12, 6)),
            (d(2026, 9, 1), d(2026, 11, 30))
        );
        assert_eq!(
            last_three_months(d(2026, 1, 1)),
            (d(2025, 10, 1), d(2025, 12, 31))
        );
        assert_eq!(
            last_three_months(d(2024, 3, 31)),
            (d(2023, 12, 1), d(2024, 2, 29))
        );
    }
}
