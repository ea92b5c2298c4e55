//! Terminal column widths, shared by the text tables (a CJK character takes two columns).

/// Columns `text` takes in a terminal: two for each wide (CJK, full-width) character.
pub(crate) fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| match c as u32 {
            0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6 => 2,
            _ => 1,
        })
        .sum()
}

/// `text` followed by spaces to `width` terminal columns.
pub(crate) fn pad_end(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(columns(text));
    format!("{text}{}", " ".repeat(fill))
}

/// Spaces, then `text`, to `width` terminal columns.
pub(crate) fn pad_start(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(columns(text));
    format!("{}{text}", " ".repeat(fill))
}
