//! `docs/SPEND_REVIEW.md`'s table of limits says what `gpucost_review::limits` holds: a limit
//! changed in one place and not the other fails here.

use gpucost_review::limits::*;
use rust_decimal::Decimal;

/// `1234567` as `1,234,567`.
fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn whole(d: Decimal) -> u128 {
    assert!(d.fract().is_zero(), "{d}");
    d.mantissa() as u128 / 10u128.pow(d.scale())
}

#[test]
fn the_documented_limits_are_the_crates() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/SPEND_REVIEW.md"
    ))
    .unwrap();
    let row = |label: &str, value: String| {
        let want = format!("| {label} | {value} |");
        assert!(
            doc.contains(&want),
            "docs/SPEND_REVIEW.md lacks the row `{want}`"
        );
    };
    row("hours per line", grouped(whole(MAX_HOURS_PER_LINE)));
    row("GPUs per line", grouped(whole(MAX_GPUS_PER_LINE)));
    row(
        "distinct (tag key, value, provider) spends",
        grouped(MAX_TAG_PROVIDER_SPENDS as u128),
    );
    row(
        "amount per line (either sign)",
        grouped(whole(MAX_ABS_AMOUNT)),
    );
    row(
        "raw number in a cell, before its unit",
        grouped(whole(MAX_RAW_NUMBER)),
    );
    row(
        "GPU memory in a utilization sample",
        format!("{} MiB", grouped(whole(MAX_MEMORY_MIB))),
    );
    row(
        "a line's period (end − start)",
        format!("{} days", grouped(MAX_ROW_PERIOD_DAYS as u128)),
    );
    row(
        "text of a kept value (id, tag, type, region, description)",
        format!("{MAX_VALUE_BYTES} bytes"),
    );
    row(
        "a record (CSV row, quoted line breaks included)",
        format!("{} KiB", MAX_RECORD_BYTES / 1024),
    );
    row("fields per record", grouped(MAX_FIELDS as u128));
    row(
        "inflated size of a gzip file",
        format!("{} GiB", MAX_INFLATED_BYTES >> 30),
    );
    row(
        "a Parquet file's footer (its metadata)",
        format!("{} MiB", MAX_PARQUET_FOOTER_BYTES >> 20),
    );
    row(
        "compressed bytes of the columns read, per Parquet row group",
        format!("{} MiB", MAX_PARQUET_ROW_GROUP_BYTES >> 20),
    );
    row(
        "a Parquet page, uncompressed; a dictionary's values",
        format!(
            "{} MiB; what its bytes can hold",
            MAX_PARQUET_PAGE_BYTES >> 20
        ),
    );
    row(
        "a Parquet file read as a stream (not the CLI's or the page's, which seek)",
        format!("{} MiB", MAX_PARQUET_STREAM_BYTES >> 20),
    );
    assert_eq!(RATIO_FROM_BYTES >> 20, 64);
    row(
        "inflation per compressed byte (past 64 MiB)",
        MAX_INFLATE_RATIO.to_string(),
    );
    assert_eq!(
        MAX_SUM,
        Decimal::from(10u64.pow(12)) * Decimal::from(10u64.pow(12))
    );
    row("running sums (costs' sizes, GPU-hours)", "10²⁴".into());
    row(
        "characters of a bad value a problem quotes",
        MAX_QUOTED_CHARS.to_string(),
    );
    row("distinct tag keys", grouped(MAX_TAG_KEYS as u128));
    row(
        "distinct values per tag key",
        grouped(MAX_TAG_VALUES as u128),
    );
    row("distinct GPU resources", grouped(MAX_RESOURCES as u128));
    row(
        "distinct instance types",
        grouped(MAX_INSTANCE_TYPES as u128),
    );
    row(
        "distinct other-spend descriptions",
        grouped(MAX_NON_GPU_ITEMS as u128),
    );
    row("distinct providers", grouped(MAX_PROVIDERS as u128));
    row(
        "distinct regions per provider",
        grouped(MAX_REGIONS as u128),
    );
    row(
        "resources in a utilization file",
        grouped(gpucost_review::utilization::MAX_RESOURCES as u128),
    );
    assert_eq!((MIN_TZ_MINUTES, MAX_TZ_MINUTES), (-720, 840));
    row("`--tz`", "−12:00 to +14:00".into());
}
