//! How a link made by an older page still opens: the link format's history as rewrite steps.
//!
//! Every link the page writes carries `v=<format version>`; a link without it was typed by
//! hand and is read in the current format (see [`super`]). When the format changes in a way an old link would misread — a key renamed, a value
//! spelled differently, a default changed — [`VERSION`](super::VERSION) goes up by one and a
//! [`Step`] is appended to [`STEPS`] that rewrites the old pairs into the new spelling. Decoding
//! runs every step from the link's version up to the current one before reading a single value,
//! so the rest of the codec only ever knows the current format.
//!
//! `tests/links_v1.rs` and `tests/links_v2.rs` hold links written by versions 1 and 2, frozen:
//! they must keep opening with the same meaning whatever the format becomes.

/// One change of the link format.
#[derive(Debug, Clone, Copy)]
pub struct Step {
    /// The version this step reads; it writes `from + 1`.
    pub from: u32,
    /// What changed, for the record.
    pub why: &'static str,
    /// Rewrites a link's key/value pairs in place.
    pub rewrite: fn(&mut Vec<(String, String)>),
}

/// The format's history, oldest first.
pub const STEPS: &[Step] = &[Step {
    from: 1,
    why: "a link without preset= that names its lines starts from custom, no longer short-training",
    rewrite: name_the_v1_default_preset,
}];

/// Version 1 read every link without `preset=` on top of `short-training`; say so explicitly,
/// so a version-1 link keeps that preset's quote, reference and billing options.
fn name_the_v1_default_preset(pairs: &mut Vec<(String, String)>) {
    if !pairs.iter().any(|(k, _)| k == "preset") {
        pairs.push(("preset".into(), "short-training".into()));
    }
}

/// Rewrites `pairs` of a version-`from` link through every later step of `steps`; returns the
/// version the pairs are in afterwards.
pub fn upgrade(pairs: &mut Vec<(String, String)>, from: u32, steps: &[Step]) -> u32 {
    let mut version = from.max(1);
    for step in steps {
        if step.from == version {
            (step.rewrite)(pairs);
            version += 1;
        }
    }
    version
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// A made-up history: v2 renamed `h` to `hours`, v3 spelled currencies in lower case.
    const HISTORY: &[Step] = &[
        Step {
            from: 1,
            why: "h renamed hours",
            rewrite: |p| {
                for (k, _) in p.iter_mut().filter(|(k, _)| k == "h") {
                    *k = "hours".into();
                }
            },
        },
        Step {
            from: 2,
            why: "currencies in lower case",
            rewrite: |p| {
                for (_, v) in p.iter_mut().filter(|(k, _)| k == "cur") {
                    *v = v.to_lowercase();
                }
            },
        },
    ];

    #[test]
    fn an_old_link_goes_through_every_later_step_in_order() {
        let mut p = pairs(&[("h", "72"), ("cur", "CNY")]);
        assert_eq!(upgrade(&mut p, 1, HISTORY), 3);
        assert_eq!(p, pairs(&[("hours", "72"), ("cur", "cny")]));

        let mut p = pairs(&[("h", "72"), ("cur", "CNY")]);
        assert_eq!(
            upgrade(&mut p, 2, HISTORY),
            3,
            "a v2 link skips the v1 step"
        );
        assert_eq!(p, pairs(&[("h", "72"), ("cur", "cny")]));
    }

    #[test]
    fn a_current_link_and_a_versionless_one_are_left_alone() {
        let mut p = pairs(&[("h", "72")]);
        assert_eq!(upgrade(&mut p, 3, HISTORY), 3);
        assert_eq!(p, pairs(&[("h", "72")]));
        let mut p = pairs(&[("h", "72")]);
        assert_eq!(upgrade(&mut p, 0, &[]), 1, "no v= means version 1");
    }

    #[test]
    fn a_version_1_link_without_a_preset_names_short_training() {
        let mut p = pairs(&[("h", "5"), ("l", "T4*1")]);
        assert_eq!(upgrade(&mut p, 1, STEPS), 2);
        assert_eq!(
            p,
            pairs(&[("h", "5"), ("l", "T4*1"), ("preset", "short-training")])
        );
        let mut p = pairs(&[("preset", "dev-test"), ("l", "T4*1")]);
        upgrade(&mut p, 1, STEPS);
        assert_eq!(p, pairs(&[("preset", "dev-test"), ("l", "T4*1")]));
    }

    #[test]
    fn the_history_reaches_the_current_version() {
        let mut p = Vec::new();
        assert_eq!(upgrade(&mut p, 1, STEPS), super::super::VERSION);
        for (i, step) in STEPS.iter().enumerate() {
            assert_eq!(
                step.from,
                i as u32 + 1,
                "steps are consecutive: {}",
                step.why
            );
        }
    }
}
