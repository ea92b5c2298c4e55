//! The user's own words in a scenario (a seller's name, the reference's label), made fit for
//! the link before they are stored: a name the link's reader would refuse is never written.
//! Both the form's edits and the link's reader clean them here.

use crate::limits::{MAX_LABEL_CHARS, MAX_NAME_CHARS, MAX_TEAM_CHARS};

/// A seller's name as typed, as the link can hold it: no control characters, no `:` (the
/// link's separator, read as a space), trimmed, at most [`MAX_NAME_CHARS`]; `None` when
/// nothing is left.
pub fn seller_name(typed: &str) -> Option<String> {
    let spaced: String = typed
        .chars()
        .map(|c| if c == ':' || c.is_control() { ' ' } else { c })
        .collect();
    let name: String = spaced.trim().chars().take(MAX_NAME_CHARS).collect();
    let name = name.trim_end();
    (!name.is_empty()).then(|| name.to_string())
}

/// The reference amount's label as typed: no control characters, at most
/// [`MAX_LABEL_CHARS`] (an empty label is allowed: the printers then say "reference").
pub fn reference_label(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_LABEL_CHARS)
        .collect()
}

/// A line's team (or project) name as typed: control characters become spaces, trimmed, at
/// most [`MAX_TEAM_CHARS`]; `None` when nothing is left (the line then has no team). Any other
/// character is kept: the link writes the name last on its line, and every printer makes it
/// inert where it goes.
pub fn team_name(typed: &str) -> Option<String> {
    let spaced: String = typed
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let name: String = spaced.trim().chars().take(MAX_TEAM_CHARS).collect();
    let name = name.trim_end();
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    // The form took a name with a tab: the link's reader refuses control characters, so the
    // shared link lost the seller.
    #[test]
    fn a_sellers_name_loses_what_the_link_would_refuse() {
        assert_eq!(seller_name(" Acme:\tGPU ").as_deref(), Some("Acme  GPU"));
        assert_eq!(seller_name(" :\u{7}: "), None);
        let long = "算".repeat(MAX_NAME_CHARS + 5);
        assert_eq!(
            seller_name(&long).map(|n| n.chars().count()),
            Some(MAX_NAME_CHARS)
        );
        assert_eq!(reference_label("Q3\u{1b}[31m quote"), "Q3[31m quote");
        assert_eq!(reference_label(&"x".repeat(100)).len(), MAX_LABEL_CHARS);
    }

    #[test]
    fn a_team_name_is_trimmed_shortened_and_loses_control_characters() {
        assert_eq!(team_name(" search\tteam ").as_deref(), Some("search team"));
        assert_eq!(team_name(" \u{7} "), None);
        assert_eq!(team_name("a,team:b/all").as_deref(), Some("a,team:b/all"));
        let long = "搜".repeat(MAX_TEAM_CHARS + 5);
        assert_eq!(
            team_name(&long).map(|n| n.chars().count()),
            Some(MAX_TEAM_CHARS)
        );
    }
}
