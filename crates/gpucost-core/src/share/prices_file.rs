//! A small JSON file of the user's own prices and discounts, to keep or share outside a link.
//!
//! ```json
//! {"format":"gpu-cost-lab/prices","version":1,
//!  "prices":[{"provider":"alibaba","gpu":"A10","mode":"od","amount":"8.7","currency":"CNY"}],
//!  "discounts":[{"provider":"aws","percent":"15"}]}
//! ```
//! A provider written `~Name` is a seller of the user's own. Reading never panics; a malformed
//! file is refused with every problem named by entry and field, and nothing is imported.

use serde::Serialize;
use serde_json::Value;

use super::issue::PriceError;
use super::scenario_params::parse_custom_price;
use crate::catalog::Catalog;
use crate::limits::DISCOUNT_PCT;
use crate::money::parse_decimal;
use crate::scenario::{CustomPrice, Discount, PriceOwner};

/// The `format` value that identifies the file.
pub const FORMAT: &str = "gpu-cost-lab/prices";
/// The file version this code writes.
pub const VERSION: u64 = 1;
/// Largest file read, bytes.
pub const MAX_BYTES: usize = 64 * 1024;

#[derive(Serialize)]
struct PriceEntry<'a> {
    provider: String,
    gpu: &'a str,
    mode: &'static str,
    amount: String,
    currency: &'static str,
}

#[derive(Serialize)]
struct DiscountEntry<'a> {
    provider: &'a str,
    percent: String,
}

#[derive(Serialize)]
struct File<'a> {
    format: &'static str,
    version: u64,
    prices: Vec<PriceEntry<'a>>,
    discounts: Vec<DiscountEntry<'a>>,
}

/// Writes the prices file (pretty-printed, stable order).
pub fn write(prices: &[CustomPrice], discounts: &[Discount]) -> String {
    let file = File {
        format: FORMAT,
        version: VERSION,
        // A file of quotes: a row the user has not priced yet is left out.
        prices: prices
            .iter()
            .filter_map(|p| Some((p, p.amount?)))
            .map(|(p, amount)| PriceEntry {
                provider: match &p.owner {
                    PriceOwner::Provider(id) => id.clone(),
                    PriceOwner::Named(name) => format!("~{name}"),
                },
                gpu: &p.gpu,
                mode: p.mode.as_str(),
                amount: amount.normalize().to_string(),
                currency: p.currency.as_str(),
            })
            .collect(),
        discounts: discounts
            .iter()
            .map(|d| DiscountEntry {
                provider: &d.provider,
                percent: d.percent.normalize().to_string(),
            })
            .collect(),
    };
    serde_json::to_string_pretty(&file).expect("plain data serializes") + "\n"
}

/// One problem in a prices file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileProblem {
    /// Where: `file`, `prices[2].amount`, `discounts[0].percent`.
    pub at: String,
    /// What is wrong (worded by [`crate::l10n`]).
    pub error: FileError,
}

/// What is wrong with a prices file, or with the part of it a [`FileProblem`] points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileError {
    /// The file is larger than [`MAX_BYTES`].
    TooLarge,
    /// The file is not JSON.
    NotJson {
        /// Line of the first error.
        line: usize,
        /// Column of the first error.
        column: usize,
        /// The JSON reader's own (English) words, shown in English only.
        detail: String,
    },
    /// The file is not a JSON object.
    NotAnObjectFile,
    /// `format` is not [`FORMAT`].
    WrongFormat,
    /// A version newer than [`VERSION`].
    NewerVersion {
        /// The file's version.
        version: u64,
    },
    /// `version` is missing or not a whole number.
    BadVersion,
    /// A list with more than 64 entries.
    TooManyEntries,
    /// Not a list.
    NotAList,
    /// An entry that is not an object.
    NotAnObject,
    /// A text field with a `:`.
    HasColon,
    /// Not a string.
    NotAString,
    /// Not a number.
    NotANumber,
    /// The field is missing.
    Missing,
    /// A price entry that is not a custom price.
    Price(PriceError),
    /// A discount's provider that the catalog does not know.
    UnknownProvider {
        /// The id as written.
        id: String,
    },
    /// A provider with two discounts.
    Twice,
    /// A discount outside 0–99.
    PercentOutOfRange {
        /// The percent as written.
        percent: String,
    },
}

/// The contents of a valid prices file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Imported {
    /// Custom prices.
    pub prices: Vec<CustomPrice>,
    /// Discounts.
    pub discounts: Vec<Discount>,
}

/// Records that `at.field` is wrong and yields nothing for it.
fn flag<T>(problems: &mut Vec<FileProblem>, at: &str, field: &str, error: FileError) -> Option<T> {
    problems.push(FileProblem {
        at: format!("{at}.{field}"),
        error,
    });
    None
}

fn text<'v>(
    v: &'v Value,
    at: &str,
    field: &str,
    problems: &mut Vec<FileProblem>,
) -> Option<&'v str> {
    match v.get(field) {
        Some(Value::String(s)) if s.contains(':') => flag(problems, at, field, FileError::HasColon),
        Some(Value::String(s)) => Some(s),
        Some(_) => flag(problems, at, field, FileError::NotAString),
        None => flag(problems, at, field, FileError::Missing),
    }
}

fn number(v: &Value, at: &str, field: &str, problems: &mut Vec<FileProblem>) -> Option<String> {
    match v.get(field) {
        Some(Value::Number(n)) => Some(n.to_string()),
        // A file holds quotes: an empty amount (a row the page has not priced yet) is none.
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
        Some(_) => flag(problems, at, field, FileError::NotANumber),
        None => flag(problems, at, field, FileError::Missing),
    }
}

/// Reads a prices file.
///
/// # Errors
/// Every problem found, each naming the entry and field; nothing is imported from a file
/// with problems.
pub fn read(text_in: &str, catalog: &Catalog) -> Result<Imported, Vec<FileProblem>> {
    let file = |error: FileError| {
        vec![FileProblem {
            at: "file".into(),
            error,
        }]
    };
    if text_in.len() > MAX_BYTES {
        return Err(file(FileError::TooLarge));
    }
    let root: Value = serde_json::from_str(text_in).map_err(|e| {
        file(FileError::NotJson {
            line: e.line(),
            column: e.column(),
            detail: e.to_string(),
        })
    })?;
    let Value::Object(obj) = &root else {
        return Err(file(FileError::NotAnObjectFile));
    };
    if obj.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(file(FileError::WrongFormat));
    }
    match obj.get("version").and_then(Value::as_u64) {
        Some(v) if v <= VERSION => {}
        Some(version) => return Err(file(FileError::NewerVersion { version })),
        None => return Err(file(FileError::BadVersion)),
    }
    let mut problems = Vec::new();
    let mut out = Imported::default();
    let list = |key: &str, problems: &mut Vec<FileProblem>| -> Vec<Value> {
        match obj.get(key) {
            None => Vec::new(),
            Some(Value::Array(a)) if a.len() <= 64 => a.clone(),
            Some(Value::Array(_)) => {
                problems.push(FileProblem {
                    at: key.into(),
                    error: FileError::TooManyEntries,
                });
                Vec::new()
            }
            Some(_) => {
                problems.push(FileProblem {
                    at: key.into(),
                    error: FileError::NotAList,
                });
                Vec::new()
            }
        }
    };
    for (i, entry) in list("prices", &mut problems).iter().enumerate() {
        let at = format!("prices[{i}]");
        if !entry.is_object() {
            problems.push(FileProblem {
                at,
                error: FileError::NotAnObject,
            });
            continue;
        }
        let fields = (
            text(entry, &at, "provider", &mut problems),
            text(entry, &at, "gpu", &mut problems),
            text(entry, &at, "mode", &mut problems),
            number(entry, &at, "amount", &mut problems),
            text(entry, &at, "currency", &mut problems),
        );
        if let (Some(provider), Some(gpu), Some(mode), Some(amount), Some(currency)) = fields {
            let joined = format!("{provider}:{gpu}:{mode}:{amount}:{currency}");
            match parse_custom_price(&joined, catalog) {
                Ok(p) => out.prices.push(p),
                Err(why) => problems.push(FileProblem {
                    at,
                    error: FileError::Price(why),
                }),
            }
        }
    }
    for (i, entry) in list("discounts", &mut problems).iter().enumerate() {
        let at = format!("discounts[{i}]");
        let provider = text(entry, &at, "provider", &mut problems);
        let percent = number(entry, &at, "percent", &mut problems);
        let (Some(provider), Some(percent)) = (provider, percent) else {
            continue;
        };
        let Some(p) = catalog.provider(provider) else {
            problems.push(FileProblem {
                at: format!("{at}.provider"),
                error: FileError::UnknownProvider {
                    id: provider.into(),
                },
            });
            continue;
        };
        match parse_decimal(&percent) {
            Ok(d) if DISCOUNT_PCT.in_range(d) => {
                if out.discounts.iter().any(|x: &Discount| x.provider == p.id) {
                    problems.push(FileProblem {
                        at: format!("{at}.provider"),
                        error: FileError::Twice,
                    });
                } else {
                    out.discounts.push(Discount {
                        provider: p.id.to_string(),
                        percent: d,
                    });
                }
            }
            _ => problems.push(FileProblem {
                at: format!("{at}.percent"),
                error: FileError::PercentOutOfRange { percent },
            }),
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::format::Lang;
    use crate::l10n::link::file_summary as summary;
    use crate::money::Currency;
    use crate::scenario::CustomMode;
    use rust_decimal::Decimal;

    fn cat() -> &'static Catalog {
        &embedded().catalog
    }

    #[test]
    fn write_then_read_gives_the_same_prices() {
        let prices = vec![
            CustomPrice {
                owner: PriceOwner::Provider("alibaba".into()),
                gpu: "A10".into(),
                mode: CustomMode::OnDemand,
                amount: Some(Decimal::new(87, 1)),
                currency: Currency::Cny,
            },
            CustomPrice {
                owner: PriceOwner::Named("Our cluster".into()),
                gpu: "A100-80GB".into(),
                mode: CustomMode::Subscription(crate::billing_mode::Period::Month),
                amount: Some(Decimal::from(9000)),
                currency: Currency::Cny,
            },
        ];
        let discounts = vec![Discount {
            provider: "aws".into(),
            percent: Decimal::from(15),
        }];
        let text = write(&prices, &discounts);
        assert_eq!(
            read(&text, cat()).unwrap(),
            Imported {
                prices: prices.clone(),
                discounts: discounts.clone()
            }
        );

        // A row the page has not priced yet is no quote: left out of the file, and an
        // empty amount in a file is refused like any other non-number.
        let mut with_draft = prices.clone();
        with_draft.push(CustomPrice {
            amount: None,
            ..prices[0].clone()
        });
        assert_eq!(write(&with_draft, &discounts), text);
        let empty = text.replacen("\"8.7\"", "\"\"", 1);
        assert_ne!(empty, text);
        let problems = read(&empty, cat()).unwrap_err();
        assert_eq!(problems[0].at, "prices[0].amount");
        assert_eq!(problems[0].error, FileError::NotANumber);
    }

    #[test]
    fn every_problem_is_named_by_entry_and_field() {
        let text = r#"{"format":"gpu-cost-lab/prices","version":1,
            "prices":[{"provider":"alibaba","gpu":"A10","mode":"od","amount":"abc","currency":"CNY"},
                      {"provider":"alibaba","gpu":"T5","mode":"od","amount":1,"currency":"CNY"},
                      {"gpu":"T4"}],
            "discounts":[{"provider":"nobody","percent":5},{"provider":"aws","percent":150}]}"#;
        let problems = read(text, cat()).unwrap_err();
        let at: Vec<&str> = problems.iter().map(|p| p.at.as_str()).collect();
        assert_eq!(
            at,
            [
                "prices[0]",
                "prices[1]",
                "prices[2].provider",
                "prices[2].mode",
                "prices[2].amount",
                "prices[2].currency",
                "discounts[0].provider",
                "discounts[1].percent"
            ]
        );
        assert!(problems[0].to_string().contains("abc"), "{}", problems[0]);
        assert!(summary(&problems, Lang::En).starts_with("The file was not imported: prices[0]"));
    }

    #[test]
    fn foreign_and_broken_files_are_refused_whole() {
        for bad in [
            "",
            "[]",
            "{}",
            "{\"format\":\"x\"}",
            "{\"format\":\"gpu-cost-lab/prices\",\"version\":9}",
            "{\"format\":\"gpu-cost-lab/prices\",\"version\":1,\"prices\":5}",
        ] {
            assert!(read(bad, cat()).is_err(), "{bad:?} should be refused");
        }
    }
}
