//! What the URL codec says about a parameter it could not use, or used only after rounding.

use std::fmt;

use rust_decimal::Decimal;

use crate::format::{self, Lang};

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
        /// Smallest accepted value, as text.
        min: String,
        /// Largest accepted value, as text.
        max: String,
    },
    /// Not one of the accepted words.
    UnknownValue {
        /// The accepted words, comma-separated (may be abbreviated).
        expected: String,
    },
    /// Not well-formed for this parameter.
    Malformed {
        /// What the parameter should look like.
        expected: String,
    },
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
            | Problem::NewerVersion
            | Problem::TooLong { .. }
            | Problem::TooMany { .. } => Severity::Ignored,
        }
    }
}

/// What was used for an hours value rounded to `minutes`, in `lang`: "used 1 h 1 min
/// (1.0167 h); the calculator counts whole minutes" (for a link's notice and a form's note).
pub fn minutes_used(minutes: u32, lang: Lang) -> String {
    let (h, m) = (minutes / 60, minutes % 60);
    let hours = format::number(Decimal::from(minutes) / Decimal::from(60), 4);
    match lang {
        Lang::En => {
            let used = match (h, m) {
                (0, m) => format!("{m} min"),
                (h, 0) => format!("{h} h"),
                (h, m) => format!("{h} h {m} min"),
            };
            format!("used {used} ({hours} h); the calculator counts whole minutes")
        }
        Lang::Zh => {
            let used = match (h, m) {
                (0, m) => format!("{m} 分钟"),
                (h, 0) => format!("{h} 小时"),
                (h, m) => format!("{h} 小时 {m} 分钟"),
            };
            format!("已按 {used}（{hours} 小时）计算；计算器按整分钟计时")
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

    /// The sentence shown to the user, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let (p, v) = (&self.param, &self.value);
        match (lang, &self.problem) {
            (Lang::En, Problem::UnknownParameter) => {
                format!("“{p}” is not a parameter of this page; ignored.")
            }
            (Lang::Zh, Problem::UnknownParameter) => format!("“{p}”不是本页面的参数，已忽略。"),
            (Lang::En, Problem::Repeated) => {
                format!("“{p}” appears more than once; kept the first value, ignored “{v}”.")
            }
            (Lang::Zh, Problem::Repeated) => {
                format!("“{p}”出现了多次；保留第一个值，忽略了“{v}”。")
            }
            (Lang::En, Problem::NotANumber) => {
                format!("{p}=“{v}” is not a number; using the default.")
            }
            (Lang::Zh, Problem::NotANumber) => format!("{p}=“{v}”不是数字；已使用默认值。"),
            (Lang::En, Problem::OutOfRange { min, max }) => {
                format!("{p}=“{v}” is outside {min}–{max}; using the default.")
            }
            (Lang::Zh, Problem::OutOfRange { min, max }) => {
                format!("{p}=“{v}”超出 {min}–{max} 的范围；已使用默认值。")
            }
            (Lang::En, Problem::UnknownValue { expected }) => {
                format!("{p}=“{v}” is not one of: {expected}; ignored.")
            }
            (Lang::Zh, Problem::UnknownValue { expected }) => {
                format!("{p}=“{v}”不是以下值之一：{expected}；已忽略。")
            }
            (Lang::En, Problem::Malformed { expected }) => {
                format!("{p}=“{v}” is not understood (expected {expected}); ignored.")
            }
            (Lang::Zh, Problem::Malformed { expected }) => {
                format!("{p}=“{v}”无法识别（应为 {expected}）；已忽略。")
            }
            (Lang::En, Problem::NewerVersion) => {
                format!("This link was made by a newer version of the page (v={v}); reading what this version understands.")
            }
            (Lang::Zh, Problem::NewerVersion) => {
                format!("此链接由更新版本的页面生成（v={v}）；仅读取本版本能识别的部分。")
            }
            (Lang::En, Problem::TooLong { limit }) => {
                format!("The link is too long; only its first {limit} bytes were read.")
            }
            (Lang::Zh, Problem::TooLong { limit }) => {
                format!("链接过长；只读取了前 {limit} 个字节。")
            }
            (Lang::En, Problem::TooMany { limit }) => {
                format!("“{p}” has too many values; kept the first {limit}.")
            }
            (Lang::Zh, Problem::TooMany { limit }) => format!("“{p}”的值过多；保留前 {limit} 个。"),
            (lang, Problem::RoundedToMinutes { minutes }) => {
                let used = minutes_used(*minutes, lang);
                match lang {
                    Lang::En => format!("{p}=“{v}”: {used}."),
                    Lang::Zh => format!("{p}=“{v}”：{used}。"),
                }
            }
        }
    }
}

impl fmt::Display for ParamIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_values_are_shortened_and_stripped_of_control_characters() {
        let issue = ParamIssue::new(
            "h",
            &format!("1\u{0}{}", "9".repeat(100)),
            Problem::NotANumber,
        );
        assert!(!issue.value.contains('\u{0}'));
        assert!(issue.value.chars().count() <= 41);
        assert!(issue.message(Lang::En).starts_with("h=“1�999"));
    }

    #[test]
    fn a_rounded_value_says_what_was_used_and_is_not_a_rejection() {
        let issue = ParamIssue::new("h", "1.01", Problem::RoundedToMinutes { minutes: 61 });
        assert!(!issue.is_ignored());
        assert_eq!(
            issue.message(Lang::En),
            "h=“1.01”: used 1 h 1 min (1.0167 h); the calculator counts whole minutes."
        );
        assert_eq!(
            issue.message(Lang::Zh),
            "h=“1.01”：已按 1 小时 1 分钟（1.0167 小时）计算；计算器按整分钟计时。"
        );
        assert_eq!(
            minutes_used(37, Lang::En),
            "used 37 min (0.6167 h); the calculator counts whole minutes"
        );
        assert!(ParamIssue::new("h", "x", Problem::NotANumber).is_ignored());
    }

    #[test]
    fn every_problem_reads_in_both_languages() {
        let problems = [
            Problem::UnknownParameter,
            Problem::Repeated,
            Problem::NotANumber,
            Problem::OutOfRange {
                min: "1".into(),
                max: "2".into(),
            },
            Problem::UnknownValue {
                expected: "a, b".into(),
            },
            Problem::Malformed {
                expected: "x".into(),
            },
            Problem::NewerVersion,
            Problem::TooLong { limit: 10 },
            Problem::TooMany { limit: 3 },
            Problem::RoundedToMinutes { minutes: 61 },
        ];
        for p in problems {
            let issue = ParamIssue::new("k", "v", p);
            let (en, zh) = (issue.message(Lang::En), issue.message(Lang::Zh));
            assert!(en.is_ascii() || en.contains('“'), "{en}");
            assert!(
                zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{zh}"
            );
        }
    }
}
