//! What the URL codec says about a parameter it could not use, or used only after rounding.

use rust_decimal::Decimal;

use crate::money::parse_decimal;
pub use crate::schedule::RleError;

/// Whether an issue means a value was left out or applied with a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The value was not used (the default or an earlier value stands).
    Ignored,
    /// The value was used, changed as the message says: information, not a rejection.
    Applied,
}

/// Why a parameter was ignored, or how it was applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The key is not one the page knows.
    UnknownParameter,
    /// A single-valued key appeared more than once; the first value was kept.
    Repeated,
    /// Not a plain number.
    NotANumber,
    /// A number outside the accepted range.
    OutOfRange {
        /// Smallest accepted value.
        min: Decimal,
        /// Largest accepted value.
        max: Decimal,
    },
    /// Not one of the accepted words.
    UnknownValue {
        /// What is accepted.
        expected: Accepted,
    },
    /// Not well-formed for this parameter.
    Malformed {
        /// What the parameter should look like.
        expected: Expected,
    },
    /// A resource line (`l=`) that cannot be read, and why.
    BadLine(LineError),
    /// A batch job (`j=`) that cannot be read or kept, and why.
    BadJob(crate::batch::JobError),
    /// A custom price (`cp=`) that cannot be read, and why.
    BadPrice(PriceError),
    /// A link from a newer version of the page.
    NewerVersion,
    /// The query string is longer than the page reads.
    TooLong {
        /// Bytes read.
        limit: usize,
    },
    /// Too many values for a list parameter; the first ones were kept.
    TooMany {
        /// Values kept.
        limit: usize,
    },
    /// An hours value that is not a whole number of minutes: applied, rounded to these whole
    /// minutes (schedules work in minutes).
    RoundedToMinutes {
        /// The minutes used.
        minutes: u32,
    },
}

/// The values a parameter accepts, for a value that is none of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Accepted {
    /// These words, as a link spells them.
    Words(&'static [&'static str]),
    /// A link format version from 1 to this one.
    VersionsUpTo(u32),
    /// A provider id or `custom:Name`.
    SellerIds,
}

/// What a parameter should look like, for a value that is not well-formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// `h=`: hours up to `max`, `month`, or `YYYY-MM`.
    Hours {
        /// Most hours.
        max: u32,
    },
    /// `tz=`: `+HH:MM` between −12:00 and +14:00.
    TimeZone,
    /// `disc=`: `PROVIDER:PERCENT` (0–99).
    Discount,
    /// `op=`: `START-END:DISCOUNT:FLEXIBLE`.
    OffPeak,
    /// `budget=`, `ref=`: an amount and a currency, like this example.
    Amount {
        /// An example value, e.g. `1200CNY`.
        example: &'static str,
    },
    /// `l=`: a window that starts inside the horizon.
    WindowInHorizon,
    /// The scenario as a whole was inconsistent; the preset was restored.
    ConsistentScenario,
    /// A workload key without `task=`.
    TaskFirst,
    /// `params=`: a parameter count like 7B.
    ParamCount,
    /// A count like 20B or 88K.
    Count,
    /// `rate=`: like 20req or 5000tok.
    Rate,
    /// `cfg=`: a model config as the page writes it, refused for this reason.
    ModelConfig(super::config_param::CfgError),
    /// `cfg=` beside a known model: a config describes `model=custom`.
    ModelConfigNeedsCustom,
    /// The workload as a whole was inconsistent, for these reasons; the preset's stands.
    ConsistentWorkload(Vec<crate::recommend::WorkloadError>),
    /// A whole number.
    WholeNumber,
    /// `frame=`: letters, digits, `-` or `_`, up to 40.
    FrameId,
    /// A comma-separated list of ids.
    IdList,
    /// `region=`: a region id.
    RegionId,
}

/// Why a number in a link or file is not one: [`crate::money::parse_decimal`]'s reasons, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecimalError {
    /// Nothing was written.
    Empty,
    /// Not a plain decimal number (no exponent, no words).
    NotPlain {
        /// The text, trimmed.
        value: String,
    },
}

/// Reads a plain decimal number, with a typed reason when it is not one.
pub fn decimal(raw: &str) -> Result<Decimal, DecimalError> {
    parse_decimal(raw).map_err(|_| match raw.trim() {
        "" => DecimalError::Empty,
        t => DecimalError::NotPlain { value: t.into() },
    })
}

/// Why one `l=` value is not a resource line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    /// Not `GPU*COUNT`, `GPU*COUNT@HH:MM+4h` or `GPU~SCHEDULE`.
    Shape,
    /// The GPU is not in the catalog.
    UnknownGpu {
        /// The GPU as written.
        gpu: String,
    },
    /// The count is not a number.
    Count(DecimalError),
    /// The count is zero, too precise or above `max`.
    CountOutOfRange {
        /// The count as written.
        count: String,
        /// Most GPUs.
        max: u32,
    },
    /// The weekly schedule is not valid run-length text.
    Schedule(RleError),
    /// The weekly schedule needs no GPU at any hour.
    EmptySchedule,
    /// A window without `+LENGTH`.
    WindowShape,
    /// A window's start is not `HH:MM`.
    BadStart {
        /// The start as written.
        start: String,
    },
    /// A window's length is not `4h`, `4.5h` or `90m`.
    BadLength {
        /// The length as written.
        length: String,
    },
    /// A serving line's load field (`5000rps`, `per:100`, `room:20`, `min:2`, `in:15`) that is
    /// not a number in its limits; `value` is empty when a required field is missing.
    Load {
        /// Which field.
        field: crate::traffic::LoadField,
        /// The value as written.
        value: String,
    },
    /// A serving line's field that is not `per:`, `room:`, `min:` or `in:`, or is repeated.
    LoadKey {
        /// The field as written.
        key: String,
    },
    /// The team name (`,team:NAME`) is empty, longer than `max` characters, or has a control
    /// character.
    BadTeam {
        /// Most characters.
        max: usize,
    },
    /// The packing suffix is neither `all` nor a whole number of GPUs per machine up to `max`.
    BadPacking {
        /// The suffix as written.
        packing: String,
        /// Most GPUs per machine.
        max: u32,
    },
}

/// Why one custom price (`cp=` value, or a prices file's entry) cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceError {
    /// Not `OWNER:GPU:MODE:AMOUNT:CURRENCY`.
    Shape,
    /// A `~Name` that is empty, longer than 40 characters, or has a `:`.
    BadName,
    /// Not a provider id of the catalog.
    UnknownProvider {
        /// The id as written.
        id: String,
    },
    /// The amount is not a number.
    Amount(DecimalError),
    /// The amount is not above zero and at most `max`.
    AmountOutOfRange {
        /// Largest amount.
        max: Decimal,
    },
    /// The GPU is not in the catalog.
    UnknownGpu {
        /// The GPU as written.
        gpu: String,
    },
    /// Not one of the custom price modes.
    UnknownMode {
        /// The mode as written.
        mode: String,
    },
    /// Not CNY or USD.
    UnknownCurrency {
        /// The currency as written.
        code: String,
    },
}

impl Problem {
    /// Whether the value was ignored or applied with a change.
    pub fn severity(&self) -> Severity {
        match self {
            Problem::RoundedToMinutes { .. } => Severity::Applied,
            Problem::UnknownParameter
            | Problem::Repeated
            | Problem::NotANumber
            | Problem::OutOfRange { .. }
            | Problem::UnknownValue { .. }
            | Problem::Malformed { .. }
            | Problem::BadLine(_)
            | Problem::BadJob(_)
            | Problem::BadPrice(_)
            | Problem::NewerVersion
            | Problem::TooLong { .. }
            | Problem::TooMany { .. } => Severity::Ignored,
        }
    }
}

/// A parameter the page ignored, or applied with a change, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamIssue {
    /// The key as written (cleaned for display).
    pub param: String,
    /// The value as written (cleaned and shortened for display).
    pub value: String,
    /// Why it was ignored, or how it was applied.
    pub problem: Problem,
}

/// Longest key or value quoted back to the user.
const QUOTE_LIMIT: usize = 40;

/// Makes untrusted text safe to quote: no control characters, at most 40 chars (`QUOTE_LIMIT`).
pub fn clean(text: &str) -> String {
    let mut out: String = text
        .chars()
        .map(|c| if c.is_control() { '�' } else { c })
        .take(QUOTE_LIMIT)
        .collect();
    if text.chars().count() > QUOTE_LIMIT {
        out.push('…');
    }
    out
}

impl ParamIssue {
    /// An issue about `param` = `value`.
    pub fn new(param: &str, value: &str, problem: Problem) -> Self {
        ParamIssue {
            param: clean(param),
            value: clean(value),
            problem,
        }
    }

    /// Whether the value was ignored (a rejection) rather than applied with a change.
    pub fn is_ignored(&self) -> bool {
        self.problem.severity() == Severity::Ignored
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Lang;
    use crate::l10n::link::minutes_used;
    use crate::l10n::Localize;

    #[test]
    fn quoted_values_are_shortened_and_stripped_of_control_characters() {
        let issue = ParamIssue::new(
            "h",
            &format!("1\u{0}{}", "9".repeat(100)),
            Problem::NotANumber,
        );
        assert!(!issue.value.contains('\u{0}'));
        assert!(issue.value.chars().count() <= 41);
        assert!(issue.text(Lang::En).starts_with("h=“1�999"));
    }

    #[test]
    fn a_rounded_value_says_what_was_used_and_is_not_a_rejection() {
        let issue = ParamIssue::new("h", "1.01", Problem::RoundedToMinutes { minutes: 61 });
        assert!(!issue.is_ignored());
        assert_eq!(
            issue.text(Lang::En),
            "h=“1.01”: used 1 h 1 min (1.0167 h); the calculator counts whole minutes."
        );
        assert_eq!(
            issue.text(Lang::Zh),
            "h=“1.01”：已按 1 小时 1 分钟（1.0167 小时）计算；计算器按整分钟计时。"
        );
        assert_eq!(
            minutes_used(37, Lang::En),
            "used 37 min (0.6167 h); the calculator counts whole minutes"
        );
        assert!(ParamIssue::new("h", "x", Problem::NotANumber).is_ignored());
    }
}
