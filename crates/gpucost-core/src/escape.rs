//! Making text from a link or a file inert for where it goes: one function per output format,
//! used by every writer of that format (the estimate's and the spend review's CSV, Markdown and
//! terminal table, and the CLI's messages).
//!
//! The text these writers print comes from places an attacker controls: a shared link's custom
//! price names, a bill's tag values, resource ids and product codes, a file name. Each format has
//! its own way of turning text into behaviour, so each gets its own rule:
//!
//! - **CSV** ([`csv_cell`]): a spreadsheet evaluates a cell that starts with `=`, `+`, `-`, `@`,
//!   TAB or CR as a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`, `-1+1`). As OWASP's
//!   "CSV Injection" page recommends, such a cell is prefixed with `'` (a plain number such as
//!   `-12.50` is left alone, since our own amounts can be negative), and the cell is quoted when
//!   it holds a comma, quote or line break. Spreadsheets in East Asian locales also read the
//!   full-width forms (`＝`, `＋`, `－`, `＠`), so those are treated the same.
//! - **Markdown** ([`markdown_text`]): HTML is live in most Markdown renderers (`<img onerror>`,
//!   `</table><script>`), so `&`, `<`, `>` and `"` become character references; `|` would end a
//!   table cell and a CR or LF the row, so `|` is escaped and line breaks become spaces; `\`,
//!   `` ` ``, `[` and `]` are escaped so text cannot open a code span or a link.
//! - **Terminal** ([`terminal_text`], [`terminal_lines`]): escape sequences recolour, move the
//!   cursor or rewrite what the user reads, a bare CR overwrites a line, a bell rings; control
//!   characters are shown as Rust writes them (`\u{1b}`) instead.
//!
//! Every format shows control characters visibly (CSV and Markdown files are also printed to
//! terminals), as well as the Unicode bidirectional controls that reorder what a reader sees
//! ("Trojan Source", CVE-2021-42574).

/// The OWASP formula triggers, in their ASCII and full-width forms.
const FORMULA_TRIGGERS: [char; 10] = [
    '=', '+', '-', '@', '\t', '\r', '\u{FF1D}', '\u{FF0B}', '\u{FF0D}', '\u{FF20}',
];

/// Whether `c` is shown as `\u{…}` rather than printed: C0 controls other than `keep`, DEL, C1
/// controls, and the bidirectional embedding, override and isolate controls.
fn is_hidden_control(c: char) -> bool {
    matches!(c as u32, 0x00..=0x1F | 0x7F..=0x9F | 0x202A..=0x202E | 0x2066..=0x2069 | 0x200E | 0x200F | 0x061C)
}

/// Pushes `c` onto `out`, spelled `\u{…}` when it is a hidden control.
fn push_visible(out: &mut String, c: char) {
    if is_hidden_control(c) {
        out.push_str(&format!("\\u{{{:x}}}", c as u32));
    } else {
        out.push(c);
    }
}

/// Whether `text` is a plain decimal number (`-12.50`, `1234`, `+3`, `-1,234.5`): a value a
/// spreadsheet reads as a number, never as a formula.
fn is_plain_number(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let mut seen_digit = false;
    let mut seen_point = false;
    for c in digits.chars() {
        match c {
            '0'..='9' => seen_digit = true,
            ',' if !seen_point => {}
            '.' if !seen_point => seen_point = true,
            _ => return false,
        }
    }
    seen_digit && !digits.starts_with([',', '.'])
}

/// `text` as one CSV cell that a spreadsheet shows as text: a leading formula trigger is made
/// inert with `'` (OWASP), control characters other than line breaks are shown as `\u{…}`, and
/// the cell is quoted when it holds a comma, a double quote or a line break.
pub fn csv_cell(text: &str) -> String {
    let mut cell = String::with_capacity(text.len() + 2);
    if text.starts_with(FORMULA_TRIGGERS) && !is_plain_number(text) {
        cell.push('\'');
    }
    for c in text.chars() {
        match c {
            '\n' => cell.push('\n'),
            c => push_visible(&mut cell, c),
        }
    }
    if cell.contains([',', '"', '\n']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell
    }
}

/// The byte-order mark a CSV file starts with, so that a spreadsheet opened by double-click
/// reads it as UTF-8: without it, Excel on a Chinese or English Windows reads the file in the
/// system's code page and the Chinese names come out garbled.
pub const UTF8_BOM: char = '\u{feff}';

/// `csv` as a file to download: [`UTF8_BOM`] first. The command line prints CSV without it,
/// for pipes and tools that would take the mark for part of the first column's name.
pub fn csv_file(csv: &str) -> String {
    let mut file = String::with_capacity(csv.len() + 3);
    file.push(UTF8_BOM);
    file.push_str(csv);
    file
}

/// One CSV record: every cell through [`csv_cell`], joined by commas, ending in `\n`.
pub fn csv_row<I, S>(cells: I) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let mut row = String::new();
    for (i, cell) in cells.into_iter().enumerate() {
        if i > 0 {
            row.push(',');
        }
        row.push_str(&csv_cell(cell.as_ref()));
    }
    row.push('\n');
    row
}

/// `text` as Markdown inline text (a table cell, a list item, a heading): HTML characters as
/// references, `|`, `\`, `` ` ``, `[` and `]` escaped, CR and LF (and CRLF) as one space,
/// other control characters as `\u{…}`.
pub fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '|' | '\\' | '`' | '[' | ']' => {
                out.push('\\');
                out.push(c);
            }
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push(' ');
            }
            '\n' => out.push(' '),
            c => push_visible(&mut out, c),
        }
    }
    out
}

/// `text` as one item on a terminal line (a table cell, a value quoted in a message): every
/// control character, line breaks and tabs included, shown as `\u{…}`.
pub fn terminal_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_visible(&mut out, c);
    }
    out
}

/// A whole block of terminal output: line breaks kept, every other control character shown as
/// `\u{…}`. Writers that lay out a table run their finished text through this, so a value that
/// reached a line without [`terminal_text`] still cannot drive the terminal.
pub fn terminal_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push('\n'),
            c => push_visible(&mut out, c),
        }
    }
    out
}

/// The records of a CSV text as written by [`csv_row`], each cell as written (quotes kept,
/// quoted line breaks inside their cell), or `None` when a quote is left open. Exposed for the
/// tests of every CSV writer.
pub fn csv_cells(csv: &str) -> Option<Vec<Vec<String>>> {
    let mut records = vec![];
    let mut record = vec![];
    let mut cell = String::new();
    let mut quoted = false;
    for c in csv.chars() {
        match c {
            // A doubled quote inside a quoted cell toggles twice: it stays quoted.
            '"' => {
                quoted = !quoted;
                cell.push('"');
            }
            ',' if !quoted => record.push(std::mem::take(&mut cell)),
            '\n' if !quoted => {
                record.push(std::mem::take(&mut cell));
                records.push(std::mem::take(&mut record));
            }
            c => cell.push(c),
        }
    }
    if quoted {
        return None;
    }
    if !cell.is_empty() || !record.is_empty() {
        record.push(cell);
        records.push(record);
    }
    Some(records)
}

/// Whether `cell` (one CSV cell as written, quotes included) is inert in a spreadsheet: after
/// unquoting it does not start with a formula trigger unless it is a plain number, and it
/// holds no hidden control character. Exposed for the tests of every CSV writer.
pub fn csv_cell_is_inert(cell: &str) -> bool {
    let value = match cell.strip_prefix('"').and_then(|c| c.strip_suffix('"')) {
        Some(inner) => inner.replace("\"\"", "\""),
        None => cell.to_string(),
    };
    let safe_start = !value.starts_with(FORMULA_TRIGGERS) || is_plain_number(&value);
    safe_start && !value.chars().any(|c| c != '\n' && is_hidden_control(c))
}

/// Whether `text` (Markdown as written) carries no raw HTML tag start, no bare CR and no hidden
/// control character. Exposed for the tests of every Markdown writer.
pub fn markdown_is_inert(text: &str) -> bool {
    !text.contains('<')
        && !text.contains('\r')
        && !text.chars().any(|c| c != '\n' && is_hidden_control(c))
}

/// Whether `text` is safe to print to a terminal: no control character other than a line break.
pub fn terminal_is_inert(text: &str) -> bool {
    !text.chars().any(|c| c != '\n' && is_hidden_control(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_in_csv_are_prefixed_and_numbers_are_not() {
        assert_eq!(
            csv_cell("=HYPERLINK(\"evil.example\",\"x\")"),
            "\"'=HYPERLINK(\"\"evil.example\"\",\"\"x\"\")\""
        );
        assert_eq!(csv_cell("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
        assert_eq!(csv_cell("@SUM(A1:A9)"), "'@SUM(A1:A9)");
        assert_eq!(csv_cell("-1+1"), "'-1+1");
        assert_eq!(csv_cell("\tx"), "'\\u{9}x");
        assert_eq!(csv_cell("\r=1"), "'\\u{d}=1");
        assert_eq!(csv_cell("＝1+1"), "'＝1+1");
        assert_eq!(csv_cell("-12.50"), "-12.50");
        assert_eq!(csv_cell("-1,234.5"), "\"-1,234.5\"");
        assert_eq!(csv_cell("+3"), "+3");
        assert_eq!(csv_cell("-"), "'-");
        assert_eq!(csv_cell("a=b"), "a=b");
        assert_eq!(csv_cell(""), "");
        assert_eq!(csv_cell("a,b"), "\"a,b\"");
        assert_eq!(csv_cell("two\nlines"), "\"two\nlines\"");
    }

    #[test]
    fn a_csv_file_starts_with_the_utf8_byte_order_mark() {
        let file = csv_file("a,b\n");
        assert_eq!(&file.as_bytes()[..3], b"\xEF\xBB\xBF");
        assert_eq!(&file[3..], "a,b\n");
    }

    #[test]
    fn csv_cells_are_read_back_as_written() {
        let csv = format!(
            "{}{}",
            csv_row(["=1", "a,b", "x\"y"]),
            csv_row(["two\nlines"])
        );
        assert_eq!(csv_cells("\"open"), None);
        assert_eq!(
            csv_cells(&csv).unwrap(),
            vec![
                vec!["'=1".to_string(), "\"a,b\"".into(), "\"x\"\"y\"".into()],
                vec!["\"two\nlines\"".to_string()],
            ]
        );
    }

    #[test]
    fn csv_rows_neutralize_every_cell() {
        assert_eq!(csv_row(["=1", "b", "-2"]), "'=1,b,-2\n");
        assert_eq!(csv_row(Vec::<String>::new()), "\n");
    }

    #[test]
    fn markdown_carries_no_html_no_bare_cr_and_no_breakout() {
        let hostile =
            "</table><script>alert(1)</script> <img src=x onerror=alert(1)> a|b\rc\r\nd`e[f](g)";
        let out = markdown_text(hostile);
        assert!(markdown_is_inert(&out), "{out}");
        assert!(out.contains("a\\|b c d"), "{out}");
        assert_eq!(markdown_text("a\r\nb"), "a b");
        assert_eq!(markdown_text("x & y"), "x &amp; y");
        assert_eq!(markdown_text("\u{1b}[31m"), "\\u{1b}\\[31m");
    }

    #[test]
    fn terminals_see_control_characters_spelled_out() {
        assert_eq!(
            terminal_text("a\u{1b}[2Jb\u{7}\u{8}\r\n"),
            "a\\u{1b}[2Jb\\u{7}\\u{8}\\u{d}\\u{a}"
        );
        assert_eq!(terminal_lines("row\u{1b}\nnext"), "row\\u{1b}\nnext");
        assert_eq!(terminal_text("\u{202e}evil"), "\\u{202e}evil");
        assert_eq!(terminal_text("中文 ok"), "中文 ok");
        assert!(terminal_is_inert(&terminal_lines("\u{9b}31m\u{0}")));
    }

    #[test]
    fn the_inertness_checks_can_fail() {
        assert!(!csv_cell_is_inert("=1"));
        assert!(!csv_cell_is_inert("\"=1,2\""));
        assert!(!csv_cell_is_inert("a\u{1b}"));
        assert!(csv_cell_is_inert("-3.5"));
        assert!(!markdown_is_inert("<b>"));
        assert!(!markdown_is_inert("a\rb"));
        assert!(!terminal_is_inert("\u{1b}[0m"));
    }
}
