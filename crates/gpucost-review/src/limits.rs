//! The plausibility limits of a bill and a utilization side file, in one table.
//!
//! A bill is a file anyone can write, so every quantity the review folds has an upper bound
//! that no real console export comes near, and every collection the review keeps has a size
//! it cannot grow past. A line beyond a quantity's bound is skipped and named
//! ([`crate::bill::BillProblem::Implausible`]); a file beyond a size bound is refused with
//! the reason; values of a dimension past its distinct-value cap are folded into one
//! "other" group, and the review says so ([`crate::review::Fold`]).
//!
//! Together the bounds keep every sum far below `Decimal::MAX` (about 7.9 × 10²⁸): a line's
//! cost is at most 10¹² and its GPU-hours at most [`MAX_HOURS_PER_LINE`] ×
//! [`MAX_GPUS_PER_LINE`] = 10¹², and a review stops adding once a running sum would pass
//! [`MAX_SUM`], so the ×7 ordering weight and the ×730 monthly figure cannot overflow either.
//! `docs/SPEND_REVIEW.md` states the same table for users; a test keeps the two in step.

use rust_decimal::Decimal;

/// Most instance-hours one bill line may charge: 10,000,000, a thousand machines for a whole
/// year (8,784 hours) with room to spare. Console exports write one line per resource per
/// hour, day or month, so a real line is at most a few thousand hours.
pub const MAX_HOURS_PER_LINE: Decimal = Decimal::from_parts(10_000_000, 0, 0, false, 0);

/// Most GPUs one bill line may count: 100,000. The largest machine in any catalog has 8 or
/// 16 GPUs and a GPU SKU line counts one; a whole cluster on one line is still far below.
pub const MAX_GPUS_PER_LINE: Decimal = Decimal::from_parts(100_000, 0, 0, false, 0);

/// Largest charge, positive or negative (a credit), one line may carry: 10¹² in the bill's
/// currency, a thousand times the largest cloud invoices reported in a month.
pub const MAX_ABS_AMOUNT: Decimal = Decimal::from_parts(3_567_587_328, 232, 0, false, 0);

/// Largest raw number (a usage amount, a duration in seconds, a quantity in "100 Hours") a
/// cell may hold before its unit is applied: 10¹⁵. Ten million hours in seconds is
/// 3.6 × 10¹⁰; anything bigger is not a measurement, and the unit's ×3600 or ×100 on it
/// could not overflow.
pub const MAX_RAW_NUMBER: Decimal = Decimal::from_parts(2_764_472_320, 232_830, 0, false, 0);

/// Largest GPU memory a utilization sample may state, in MiB: 10,000,000 (about 9.5 TiB),
/// fifty times the largest GPU memory sold today (192 GB).
pub const MAX_MEMORY_MIB: Decimal = Decimal::from_parts(10_000_000, 0, 0, false, 0);

/// Longest time one bill line may span, in days: 1,830, a five-year subscription (the
/// longest term Alibaba Cloud and Tencent Cloud sell) and its leap days. A longer line is no
/// usage line; a year 0001–9999 line would otherwise span 3.6 × 10⁶ days.
pub const MAX_ROW_PERIOD_DAYS: i64 = 1_830;

/// Longest record (one row of the CSV, with its quoted line breaks) in bytes: 128 KiB. The
/// widest real export we know, a legacy CUR with a few hundred tag columns, writes rows of a
/// few KiB; `/dev/zero` or a file without line breaks is refused at this length instead of
/// growing one record without end.
pub const MAX_RECORD_BYTES: usize = 128 * 1024;

/// Most fields one record may have: 2,000. A legacy CUR has about 150 columns plus one per
/// tag key; 10,000 tag columns would make each row a map of 10,000 tags.
pub const MAX_FIELDS: usize = 2_000;

/// Most bytes a gzip file may inflate to: 16 GiB, a quarter's hourly CUR of a large account.
/// Past it the file is refused, however well it compresses.
pub const MAX_INFLATED_BYTES: u64 = 16 * 1024 * 1024 * 1024;

/// Most bytes a gzip file may inflate to per compressed byte, once it has inflated past
/// [`RATIO_FROM_BYTES`]: 250. Bills compress 10 to 30 times; deflate's best is about 1,030, which
/// only runs of one byte reach — a gzip bomb.
pub const MAX_INFLATE_RATIO: u64 = 250;

/// Inflated bytes after which [`MAX_INFLATE_RATIO`] is checked (64 MiB): a small file may
/// compress better than a big one without being a bomb.
pub const RATIO_FROM_BYTES: u64 = 64 * 1024 * 1024;

/// Most bytes a Parquet file's footer (its metadata: schema, row groups, column chunks) may
/// declare: 16 MiB. A CUR 2.0 file of 125 columns in a hundred row groups writes a few MiB;
/// the footer is read whole, so it is bounded before it is read.
pub const MAX_PARQUET_FOOTER_BYTES: u64 = 16 * 1024 * 1024;

/// Most compressed bytes the columns the review reads may take in one Parquet row group:
/// 256 MiB. They are read whole, one row group at a time; writers cut row groups at about
/// 128 MiB of all columns (DuckDB at 122,880 rows), and the review reads a tenth of a CUR's
/// columns.
pub const MAX_PARQUET_ROW_GROUP_BYTES: u64 = 256 * 1024 * 1024;

/// Most bytes one Parquet page may declare uncompressed: 32 MiB (writers aim at 1 MiB
/// pages and dictionaries). The decompressor sets aside what a page declares, and a
/// dictionary a slot per value it declares, so a hostile page declaring 2 GiB, or a
/// dictionary more values than its bytes hold, is refused first.
pub const MAX_PARQUET_PAGE_BYTES: u64 = 32 * 1024 * 1024;

/// Largest Parquet file read from a stream (a caller that cannot seek in it): 64 MiB, held
/// whole. The CLI and the page's worker read a file at any place, so this bounds only
/// other callers; a larger stream starting `PAR1` is refused.
pub const MAX_PARQUET_STREAM_BYTES: u64 = 64 * 1024 * 1024;

/// Longest text a kept value may have, in bytes (a resource id, tag key or value, instance
/// type, region, provider, description): 512; a longer one is cut there, marked `…`, and its
/// line kept (a utilization file's longer resource id, which could match nothing, skips its
/// line). Azure's resource ids, the longest real ones, are about 200; a value the review
/// keeps for every distinct key must be short, or the distinct-value caps below would not
/// bound memory.
pub const MAX_VALUE_BYTES: usize = 512;

/// Most characters of a bad value a problem quotes: 64. Enough to recognise the value; a
/// 100 KiB cell quoted whole would make every output that long.
pub const MAX_QUOTED_CHARS: usize = 64;

/// Most distinct tag keys the review keeps apart: 50; the spend under further keys is in the
/// key `(other)`. Fifty tables of spend by tag are more than anyone reads.
pub const MAX_TAG_KEYS: usize = 50;

/// Most distinct values per tag key: 500; further values' spend is in the value `(other)`.
pub const MAX_TAG_VALUES: usize = 500;

/// Most distinct GPU resources (instance ids): 10,000, the same as a utilization file may
/// name ([`crate::utilization::MAX_RESOURCES`]); further ones are the resource `(other)`.
pub const MAX_RESOURCES: usize = 10_000;

/// Most distinct instance types (or GPU SKUs): 1,000; the catalog has fewer than that.
pub const MAX_INSTANCE_TYPES: usize = 1_000;

/// Most distinct descriptions of non-GPU spend: 1,000; further ones are `(other)`.
pub const MAX_NON_GPU_ITEMS: usize = 1_000;

/// Most distinct providers: 100. The catalog has about twenty; the generic CSV's provider is
/// free text, and each provider keeps a week of GPU-hours per GPU model.
pub const MAX_PROVIDERS: usize = 100;

/// Most distinct regions per provider: 500 (the largest cloud has about forty). Past it the
/// levers compare providers anywhere, since the bill's place is not known whole.
pub const MAX_REGIONS: usize = 500;

/// Most distinct (tag key, tag value, provider) spends the review keeps for the summary's
/// owners of a provider's levers: 20,000 (fifty teams at three providers under a dozen tag
/// keys is 1,800). Past it the owners are named by the whole GPU spend, as on a bill of one
/// provider.
pub const MAX_TAG_PROVIDER_SPENDS: usize = 20_000;

/// Largest running sum (of charges' sizes, or of GPU-hours) a review adds up to: 10²⁴. A
/// line that would pass it is skipped as an overflow; the review's own ×730 and ×7 on a sum
/// stay below `Decimal::MAX`.
pub const MAX_SUM: Decimal = Decimal::from_parts(2_701_131_776, 466_537_709, 54_210, false, 0);

/// Westernmost time zone a review may use, minutes east of UTC: -12:00 (Baker Island).
pub const MIN_TZ_MINUTES: i16 = -12 * 60;

/// Easternmost time zone a review may use: +14:00 (Kiribati's Line Islands).
pub const MAX_TZ_MINUTES: i16 = 14 * 60;

/// The name of the group that holds what a distinct-value cap folded.
pub const OTHER: &str = "(other)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_constants_are_the_powers_of_ten_they_say() {
        let ten = |n: u32| Decimal::from(10u64.pow(n));
        assert_eq!(MAX_ABS_AMOUNT, ten(12));
        assert_eq!(MAX_RAW_NUMBER, ten(15));
        assert_eq!(MAX_SUM, ten(19) * ten(5));
        assert_eq!(MAX_HOURS_PER_LINE * MAX_GPUS_PER_LINE, ten(12));
        // The largest sum, by the largest factor the review applies to it, still fits.
        assert!(MAX_SUM.checked_mul(Decimal::from(730 * 60)).is_some());
    }
}
