//! The catalog compiled into the binary, the way `chrono-tz` and `webpki-roots` embed their
//! data: `data/catalog_tables.rs`, written by `cargo run -p catalog-import` from the same
//! import as `data/catalog.json`, holds the records as `static`s whose text and lists borrow
//! from read-only data. Reading it parses nothing and validates nothing (the tests below prove
//! it equal to the JSON file, and the catalog tests prove that valid).
//!
//! Offers and prices, nearly all of the catalog's records, are packed rows of indices into
//! tables of distinct values (see the import's `codegen`): a sixth of the bytes of tables of
//! [`Offer`] and [`Price`] structs, whose pointers compress far worse than the JSON text they
//! replace. [`catalog`] unpacks them once, which is a copy of each row, not a parse.
//!
//! The generated file keeps one price row per line, so a refresh diffs line by line, but as a
//! `const`: what is compiled in is [`PRICE_COLUMNS`], the same rows turned into one array per
//! field at compile time. A column of small indices or of amounts repeats itself far more
//! than rows that mix the two: gzipped, the table is 70 % of the size of the rows (6 KB less).
//!
//! The `const fn`s here are the generated file's vocabulary: `t` for text, `d` for a decimal,
//! `ymd` for a date. They run at compile time, so a bad date fails the build.

use std::borrow::Cow;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::records::*;
use crate::billing_mode::{BillingMode, Commitment, CommitmentKind, Payment, Period, Term};
use crate::money::Currency;

/// Borrowed text.
const fn t(s: &'static str) -> Text {
    Cow::Borrowed(s)
}

/// The decimal `mantissa × 10^-scale`.
const fn d(mantissa: i64, scale: u32) -> Decimal {
    let abs = mantissa.unsigned_abs();
    Decimal::from_parts(abs as u32, (abs >> 32) as u32, 0, mantissa < 0, scale)
}

/// A calendar date; an impossible one stops the build.
const fn ymd(year: i32, month: u32, day: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(year, month, day) {
        Some(date) => date,
        None => panic!("data/catalog_tables.rs has an impossible date"),
    }
}

/// One packed price: indices into `REGIONS`, `MODES`, `PRICE_SOURCES`, `DATES` and
/// `CURRENCIES`, then the amount's scale and mantissa.
struct P(u16, u8, u8, u8, u8, u8, i64);

/// One packed offer: indices into `OFFER_PROVIDERS`, `OFFER_GPUS`, `OFFER_VARIANTS`,
/// `OFFER_BASES`, `OFFER_SPECS`, `OFFER_FLAGS`, then into `OFFER_DECIMALS` for the GPU count,
/// GPU memory, vCPUs and RAM, then the instance type. The id is `provider/instance`.
struct O(u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, &'static str);

/// One packed region place: indices into `OFFER_PROVIDERS`, `REGIONS`, `PLACE_COUNTRIES`,
/// `PLACE_CONTINENTS` and `PLACE_SOURCES`.
struct PL(u8, u16, u8, u8, u8);

include!("../../../../data/catalog_tables.rs");

/// The `N` packed prices as one array per field of [`P`], in the same order.
struct PriceColumns<const N: usize> {
    region: [u16; N],
    mode: [u8; N],
    source: [u8; N],
    as_of: [u8; N],
    currency: [u8; N],
    scale: [u8; N],
    mantissa: [i64; N],
}

/// `PRICES`, column by column; the rows themselves are a `const`, used only to build this.
static PRICE_COLUMNS: PriceColumns<{ PRICES.len() }> = PriceColumns::of(&PRICES);

impl<const N: usize> PriceColumns<N> {
    /// The columns of `rows` (run by the compiler).
    const fn of(rows: &[P; N]) -> Self {
        let mut c = PriceColumns {
            region: [0; N],
            mode: [0; N],
            source: [0; N],
            as_of: [0; N],
            currency: [0; N],
            scale: [0; N],
            mantissa: [0; N],
        };
        let mut i = 0;
        while i < N {
            let P(region, mode, source, as_of, currency, scale, mantissa) = rows[i];
            c.region[i] = region;
            c.mode[i] = mode;
            c.source[i] = source;
            c.as_of[i] = as_of;
            c.currency[i] = currency;
            c.scale[i] = scale;
            c.mantissa[i] = mantissa;
            i += 1;
        }
        c
    }

    /// The `i`th price.
    fn unpack(&self, i: usize) -> Price {
        Price {
            mode: MODES[usize::from(self.mode[i])],
            region: t(REGIONS[usize::from(self.region[i])]),
            amount: d(self.mantissa[i], u32::from(self.scale[i])),
            currency: CURRENCIES[usize::from(self.currency[i])],
            source: t(PRICE_SOURCES[usize::from(self.source[i])]),
            as_of: DATES[usize::from(self.as_of[i])],
        }
    }
}

impl PL {
    fn unpack(&self) -> RegionPlace {
        let PL(provider, region, country, continent, source) = *self;
        RegionPlace {
            provider: t(OFFER_PROVIDERS[usize::from(provider)]),
            region: t(REGIONS[usize::from(region)]),
            country: PLACE_COUNTRIES[usize::from(country)].map(t),
            continent: PLACE_CONTINENTS[usize::from(continent)],
            source: t(PLACE_SOURCES[usize::from(source)]),
        }
    }
}

impl O {
    fn unpack(&self, prices: Vec<Price>) -> Offer {
        let O(provider, gpu, variant, basis, spec, flags, gpus, memory, vcpus, ram, instance) =
            *self;
        let provider = OFFER_PROVIDERS[usize::from(provider)];
        let decimal = |i: u8| OFFER_DECIMALS[usize::from(i)];
        Offer {
            id: Cow::Owned(format!("{provider}/{instance}")),
            provider: t(provider),
            instance: t(instance),
            gpu: t(OFFER_GPUS[usize::from(gpu)]),
            variant: t(OFFER_VARIANTS[usize::from(variant)]),
            gpus: decimal(gpus).unwrap_or_default(),
            gpu_memory_gib: decimal(memory),
            vcpus: decimal(vcpus),
            ram_gib: decimal(ram),
            basis: OFFER_BASES[usize::from(basis)],
            spec: OFFER_SPECS[usize::from(spec)].map(t),
            flags: OFFER_FLAGS[usize::from(flags)].clone(),
            prices: Cow::Owned(prices),
        }
    }
}

/// The compiled-in catalog, its offers and prices unpacked.
pub(super) fn catalog() -> Catalog {
    let mut rows = 0..PRICE_COLUMNS.mantissa.len();
    let offers = OFFERS
        .iter()
        .zip(PRICES_PER_OFFER)
        .map(|(offer, count)| {
            let prices = rows.by_ref().take(usize::from(count));
            offer.unpack(prices.map(|i| PRICE_COLUMNS.unpack(i)).collect())
        })
        .collect();
    Catalog {
        offers: Cow::Owned(offers),
        places: Cow::Owned(PLACES.iter().map(PL::unpack).collect()),
        ..RECORDS.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiled_tables_equal_the_json_file() {
        let json: Catalog = serde_json::from_str(super::super::EMBEDDED_JSON).unwrap();
        let compiled = catalog();
        // Record by record first, so a failure names the first record that differs.
        for (a, b) in compiled.offers.iter().zip(json.offers.iter()) {
            assert_eq!(a, b, "offer {} differs from data/catalog.json", b.id);
        }
        assert_eq!(
            compiled, json,
            "data/catalog_tables.rs is stale: run `cargo run -p catalog-import`"
        );
    }

    #[test]
    fn every_packed_price_is_unpacked() {
        let per_offer: usize = PRICES_PER_OFFER.iter().map(|&n| usize::from(n)).sum();
        assert_eq!(per_offer, PRICES.len());
        assert_eq!(PRICES_PER_OFFER.len(), OFFERS.len());
    }

    #[test]
    fn decimals_keep_sign_and_scale() {
        assert_eq!(d(12900, 4).to_string(), "1.2900");
        assert_eq!(d(-5, 1).to_string(), "-0.5");
        assert_eq!(d(i64::MAX, 0), Decimal::from(i64::MAX));
        assert_eq!(d(i64::MIN + 1, 2), Decimal::new(i64::MIN + 1, 2));
    }
}
