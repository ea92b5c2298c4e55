//! Named scenarios saved in the browser: one storage entry per scenario, holding its link.
//!
//! Entries live under keys `gpu-cost-lab:scenario:<id>`; anything else in storage is foreign
//! and ignored. An entry that does not parse is reported and left untouched (never deleted or
//! overwritten), so one corrupt entry cannot cost the user the others. This module knows the
//! format only; the page does the reading and writing.

use serde::{Deserialize, Serialize};

/// Prefix of every key this app writes.
pub const KEY_PREFIX: &str = "gpu-cost-lab:scenario:";
/// Longest scenario name.
pub const MAX_NAME: usize = 60;

/// One saved scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedScenario {
    /// Entry format version.
    pub v: u32,
    /// The user's name for it.
    pub name: String,
    /// Its link's query string (the whole state).
    pub query: String,
    /// When it was saved, `YYYY-MM-DD`.
    pub saved: String,
}

impl SavedScenario {
    /// A new entry.
    pub fn new(name: &str, query: &str, saved: chrono::NaiveDate) -> SavedScenario {
        SavedScenario {
            v: 1,
            name: clean_name(name),
            query: query.to_string(),
            saved: saved.to_string(),
        }
    }

    /// The entry as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("plain data serializes")
    }
}

/// A name trimmed, without control characters, at most [`MAX_NAME`] characters.
pub fn clean_name(name: &str) -> String {
    let n: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME)
        .collect();
    let n = n.trim().to_string();
    if n.is_empty() {
        "Untitled".into()
    } else {
        n
    }
}

/// What was found in storage.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Listing {
    /// Valid entries `(key, scenario)`, newest first, then by name.
    pub entries: Vec<(String, SavedScenario)>,
    /// Keys with our prefix whose value could not be read (left untouched).
    pub unreadable: Vec<String>,
}

/// Sorts storage `(key, value)` pairs into valid entries and unreadable ones; foreign keys
/// are ignored.
pub fn list<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Listing {
    let mut out = Listing::default();
    for (key, value) in pairs {
        if !key.starts_with(KEY_PREFIX) {
            continue;
        }
        match serde_json::from_str::<SavedScenario>(value) {
            Ok(s)
                if s.v == 1 && s.name.chars().count() <= MAX_NAME && s.query.len() <= 16 * 1024 =>
            {
                out.entries.push((key.to_string(), s))
            }
            _ => out.unreadable.push(key.to_string()),
        }
    }
    out.entries.sort_by(|a, b| {
        b.1.saved
            .cmp(&a.1.saved)
            .then_with(|| a.1.name.cmp(&b.1.name))
    });
    out.unreadable.sort();
    out
}

/// A key for a new entry, unique among `existing` keys.
pub fn new_key(existing: &[String], seed: u64) -> String {
    let mut n = seed;
    loop {
        let key = format!("{KEY_PREFIX}{n:x}");
        if !existing.contains(&key) {
            return key;
        }
        n = n.wrapping_add(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrupt_and_foreign_entries_are_separated_from_good_ones() {
        let good = SavedScenario::new(
            "  CI\u{0} schedule ",
            "v=1&preset=dev-test",
            chrono::NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
        );
        assert_eq!(good.name, "CI schedule");
        let json = good.to_json();
        let pairs = [
            ("gpu-cost-lab:scenario:1", json.as_str()),
            ("gpu-cost-lab:scenario:2", "{not json"),
            (
                "gpu-cost-lab:scenario:3",
                "{\"v\":1,\"name\":\"x\",\"query\":\"\",\"saved\":\"\",\"extra\":1}",
            ),
            ("someone-else", "{}"),
        ];
        let l = list(pairs);
        assert_eq!(l.entries.len(), 1);
        assert_eq!(l.entries[0].1, good);
        assert_eq!(
            l.unreadable,
            ["gpu-cost-lab:scenario:2", "gpu-cost-lab:scenario:3"]
        );
    }

    #[test]
    fn new_keys_do_not_collide() {
        let existing = vec![format!("{KEY_PREFIX}a"), format!("{KEY_PREFIX}b")];
        assert_eq!(new_key(&existing, 10), format!("{KEY_PREFIX}c"));
    }
}
