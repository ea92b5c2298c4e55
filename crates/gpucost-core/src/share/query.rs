//! Reading and writing query strings: bounded, lossy on bad UTF-8, never panicking.

use std::str::FromStr;

use rust_decimal::Decimal;

use super::issue::{Accepted, Expected, ParamIssue, Problem};
use crate::money::parse_decimal;

/// Most bytes of a query string the page reads.
pub const MAX_QUERY_BYTES: usize = 16 * 1024;

/// Keys that chat apps and trackers append to shared links; ignored without a notice.
fn is_tracking_key(key: &str) -> bool {
    key.starts_with("utm_")
        || matches!(
            key,
            "from" | "isappinstalled" | "fbclid" | "gclid" | "spm" | "share_token" | "ref"
        )
}

/// The pairs of a query string, each marked when a decoder has read it.
pub struct Reader {
    pairs: Vec<(String, String)>,
    used: Vec<bool>,
    /// Problems found so far.
    pub issues: Vec<ParamIssue>,
}

impl Reader {
    /// Parses `query` (with or without a leading `?`).
    pub fn new(query: &str) -> Reader {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut issues = Vec::new();
        let bytes = if query.len() > MAX_QUERY_BYTES {
            issues.push(ParamIssue::new(
                "",
                "",
                Problem::TooLong {
                    limit: MAX_QUERY_BYTES,
                },
            ));
            // Cut at the last pair boundary inside the limit so no pair is read half.
            let cut = query.as_bytes()[..MAX_QUERY_BYTES]
                .iter()
                .rposition(|&b| b == b'&')
                .unwrap_or(0);
            &query.as_bytes()[..cut]
        } else {
            query.as_bytes()
        };
        let pairs: Vec<(String, String)> = form_urlencoded::parse(bytes)
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .filter(|(k, _)| !k.is_empty())
            .collect();
        let used = pairs.iter().map(|(k, _)| is_tracking_key(k)).collect();
        Reader {
            pairs,
            used,
            issues,
        }
    }

    /// Rewrites the pairs of a version-`from` link into the current format (see
    /// [`super::upgrade`]). Call it after reading `v` and before reading anything else.
    pub fn upgrade(&mut self, from: u32, steps: &[super::upgrade::Step]) {
        if steps.iter().all(|s| s.from < from) {
            return;
        }
        super::upgrade::upgrade(&mut self.pairs, from, steps);
        // A step may add, drop or rename pairs: mark again what needs no reading.
        self.used = self
            .pairs
            .iter()
            .map(|(k, _)| k == "v" || is_tracking_key(k))
            .collect();
    }

    /// Whether the link has `key` at all, valid or not (nothing is marked as read).
    pub fn has(&self, key: &str) -> bool {
        self.pairs.iter().any(|(k, _)| k == key)
    }

    /// The first value of `key`; later ones are reported as repeated.
    pub fn single(&mut self, key: &str) -> Option<String> {
        let mut first = None;
        for (i, (k, v)) in self.pairs.iter().enumerate() {
            if k != key {
                continue;
            }
            self.used[i] = true;
            if first.is_none() {
                first = Some(v.clone());
            } else {
                self.issues.push(ParamIssue::new(k, v, Problem::Repeated));
            }
        }
        first
    }

    /// Every value of `key`, in order, at most `limit`.
    pub fn all(&mut self, key: &str, limit: usize) -> Vec<String> {
        let mut values = Vec::new();
        let mut reported = false;
        for (i, (k, v)) in self.pairs.iter().enumerate() {
            if k != key {
                continue;
            }
            self.used[i] = true;
            if values.len() < limit {
                values.push(v.clone());
            } else if !reported {
                self.issues
                    .push(ParamIssue::new(k, v, Problem::TooMany { limit }));
                reported = true;
            }
        }
        values
    }

    /// Reports `value` of `key` with `problem`.
    pub fn reject(&mut self, key: &str, value: &str, problem: Problem) {
        self.issues.push(ParamIssue::new(key, value, problem));
    }

    /// Reports how `value` of `key` was applied (a problem whose severity is
    /// [`Applied`](super::issue::Severity::Applied)).
    pub fn note(&mut self, key: &str, value: &str, applied: Problem) {
        self.issues.push(ParamIssue::new(key, value, applied));
    }

    /// A decimal in `[min, max]`; anything else is reported and gives `None`.
    pub fn decimal(&mut self, key: &str, min: Decimal, max: Decimal) -> Option<Decimal> {
        let raw = self.single(key)?;
        match parse_decimal(&raw) {
            Ok(v) if v >= min && v <= max => Some(v),
            Ok(_) => {
                self.reject(key, &raw, Problem::OutOfRange { min, max });
                None
            }
            Err(_) => {
                self.reject(key, &raw, Problem::NotANumber);
                None
            }
        }
    }

    /// An integer in `[min, max]`.
    pub fn integer<T>(&mut self, key: &str, min: T, max: T) -> Option<T>
    where
        T: Into<i64> + TryFrom<i64> + Copy,
    {
        let (lo, hi): (i64, i64) = (min.into(), max.into());
        let value = self.decimal(key, Decimal::from(lo), Decimal::from(hi))?;
        if !value.fract().is_zero() {
            self.reject(
                key,
                &value.to_string(),
                Problem::Malformed {
                    expected: Expected::WholeNumber,
                },
            );
            return None;
        }
        i64::from_str(&value.trunc().to_string())
            .ok()
            .and_then(|v| T::try_from(v).ok())
    }

    /// A word from a fixed set (`expected`, as a link spells them), parsed by `parse`.
    pub fn word<T>(
        &mut self,
        key: &str,
        expected: &'static [&'static str],
        parse: impl Fn(&str) -> Option<T>,
    ) -> Option<T> {
        let raw = self.single(key)?;
        let parsed = parse(raw.trim());
        if parsed.is_none() {
            self.reject(
                key,
                &raw,
                Problem::UnknownValue {
                    expected: Accepted::Words(expected),
                },
            );
        }
        parsed
    }

    /// The issues, plus one for every key no decoder read.
    pub fn finish(mut self) -> Vec<ParamIssue> {
        for (i, (k, v)) in self.pairs.iter().enumerate() {
            if !self.used[i] {
                self.issues
                    .push(ParamIssue::new(k, v, Problem::UnknownParameter));
            }
        }
        self.issues
    }
}

/// Builds a query string in the order pairs are added.
#[derive(Default)]
pub struct Writer {
    out: String,
}

impl Writer {
    /// Adds `key=value`, percent-encoding both.
    pub fn pair(&mut self, key: &str, value: &str) {
        if !self.out.is_empty() {
            self.out.push('&');
        }
        self.out
            .extend(form_urlencoded::byte_serialize(key.as_bytes()));
        self.out.push('=');
        // Keep a few separators readable; everything else is percent-encoded.
        let encoded: String = form_urlencoded::byte_serialize(value.as_bytes()).collect();
        self.out.push_str(
            &encoded
                .replace("%2C", ",")
                .replace("%3A", ":")
                .replace("%2F", "/")
                .replace("%2A", "*"),
        );
    }

    /// The query string, without a leading `?`.
    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::upgrade::Step;

    #[test]
    fn an_upgraded_link_is_read_in_the_current_spelling() {
        // A made-up v1 → v2 change that renamed `hours` to `h`.
        const RENAME: &[Step] = &[Step {
            from: 1,
            why: "hours renamed h",
            rewrite: |p| {
                for (k, _) in p.iter_mut().filter(|(k, _)| k == "hours") {
                    *k = "h".into();
                }
            },
        }];
        let mut r = Reader::new("v=1&hours=72");
        assert_eq!(r.single("v").as_deref(), Some("1"));
        r.upgrade(1, RENAME);
        assert_eq!(r.single("h").as_deref(), Some("72"));
        assert!(r.finish().is_empty(), "nothing left unread or unknown");

        let mut r = Reader::new("v=2&hours=72");
        r.single("v");
        r.upgrade(2, RENAME);
        assert_eq!(r.single("h"), None, "a v2 link is not rewritten");
        assert_eq!(r.finish()[0].param, "hours");
    }

    #[test]
    fn unknown_and_repeated_keys_are_reported_tracking_keys_are_not() {
        let mut r = Reader::new("?a=1&a=2&zzz=3&utm_source=wechat&from=singlemessage");
        assert_eq!(r.single("a").as_deref(), Some("1"));
        let issues = r.finish();
        assert_eq!(issues.len(), 2, "{issues:?}");
        assert_eq!(issues[0].problem, Problem::Repeated);
        assert_eq!(issues[1].param, "zzz");
    }

    #[test]
    fn numbers_are_strict() {
        let mut r = Reader::new("h=NaN&g=1e9&k=-3&ok=72");
        assert_eq!(r.decimal("h", Decimal::ZERO, Decimal::TEN), None);
        assert_eq!(r.decimal("g", Decimal::ZERO, Decimal::TEN), None);
        assert_eq!(r.decimal("k", Decimal::ZERO, Decimal::TEN), None);
        assert_eq!(r.integer::<u32>("ok", 1, 100), Some(72));
        assert_eq!(r.finish().len(), 3);
    }

    #[test]
    fn invalid_utf8_escapes_are_replaced_not_fatal() {
        let mut r = Reader::new("q=%FF%FE%fd&x=%E4%B8");
        assert!(r.single("q").unwrap().contains('\u{FFFD}'));
        assert!(r.single("x").unwrap().contains('\u{FFFD}'));
    }

    #[test]
    fn overlong_queries_are_cut_at_a_pair_boundary() {
        let long = format!("a=1&{}", "b=2&".repeat(10_000));
        let r = Reader::new(&long);
        assert!(matches!(r.issues[0].problem, Problem::TooLong { .. }));
    }

    #[test]
    fn writer_encodes_and_keeps_separators_readable() {
        let mut w = Writer::default();
        w.pair("l", "A10*2,T4*10");
        w.pair("name", "a b&c<");
        assert_eq!(w.finish(), "l=A10*2,T4*10&name=a+b%26c%3C");
    }
}
