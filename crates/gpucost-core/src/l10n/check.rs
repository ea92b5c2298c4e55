//! A test's check that a Chinese text carries no English phrase (issue 15: English leaked into
//! the Chinese page). Used by the engine's and the command line's language tests.
//!
//! A phrase is two or more Latin words in a row, a word being a whitespace-separated token of
//! two or more ASCII letters (hyphens and apostrophes allowed inside, punctuation around it
//! ignored). What may stay as written is taken out first: values quoted back to the user
//! (“…”), rows of a cited file ('RTX 4090'), parameter names (`cp=`), and the `names` the caller gives (provider names, instance
//! names, source titles, model names). A single word (`GPU`, `JSON`, `spot`) is not a phrase,
//! nor is link syntax such as `START-END:DISCOUNT:FLEXIBLE` or `Day/week/month`.

/// The first English phrase in `text`, after taking out quoted values, parameter names and
/// `names`; `None` when there is none.
pub fn english_phrase<'t>(text: &'t str, names: &[&str]) -> Option<&'t str> {
    let masked = mask(text, names);
    // Each token as (start, end, is a word), punctuation around it left out.
    let words: Vec<(usize, usize, bool)> = tokens(&masked)
        .map(|(start, token)| {
            let trimmed = token.trim_matches(|c: char| c.is_ascii_punctuation());
            let offset = start + token.find(trimmed).unwrap_or(0);
            (offset, offset + trimmed.len(), is_word(trimmed))
        })
        .collect();
    let mut i = 0;
    while i < words.len() {
        let run = words[i..].iter().take_while(|w| w.2).count();
        if run >= 2 {
            return Some(&text[words[i].0..words[i + run - 1].1]);
        }
        i += run.max(1);
    }
    None
}

/// Whitespace-separated tokens of `text`, with their byte offsets.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace().map(move |t| {
        let start = t.as_ptr() as usize - text.as_ptr() as usize;
        (start, t)
    })
}

fn is_word(token: &str) -> bool {
    token.chars().filter(|c| c.is_ascii_alphabetic()).count() >= 2
        && token
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c == '-' || c == '\'')
}

/// `text` with quoted values, parameter names and `names` replaced by spaces, byte for byte,
/// so that offsets into it are offsets into `text`.
fn mask(text: &str, names: &[&str]) -> String {
    let mut out: Vec<u8> = text.as_bytes().to_vec();
    let mut blank = |from: usize, to: usize| out[from..to].fill(b' ');
    // Quoted values: “…”.
    let mut at = 0;
    while let Some(open) = text[at..].find('“') {
        let open = at + open;
        let Some(close) = text[open..].find('”') else {
            break;
        };
        let close = open + close + '”'.len_utf8();
        blank(open, close);
        at = close;
    }
    // Rows and columns of a cited benchmark file: 'RTX 4090'.
    let mut at = 0;
    while let Some(open) = text[at..].find('\'') {
        let open = at + open;
        let Some(close) = text[open + 1..].find('\'') else {
            break;
        };
        let close = open + 1 + close + 1;
        blank(open, close);
        at = close;
    }
    // Names, longest first, so that a name inside a longer one does not split it.
    let mut names: Vec<&str> = names.iter().copied().filter(|n| !n.is_empty()).collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for name in names {
        let mut at = 0;
        while let Some(i) = text[at..].find(name) {
            blank(at + i, at + i + name.len());
            at += i + name.len();
        }
    }
    // Parameter names: `key=`.
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'=' {
            let start = bytes[..i]
                .iter()
                .rposition(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                .map_or(0, |p| p + 1);
            blank(start, i + 1);
        }
    }
    // Blanking whole characters keeps UTF-8 valid except where a name or quote cut one; fall
    // back to a lossy copy there (offsets of ASCII bytes are unchanged either way).
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_phrases_and_leaves_names_values_and_syntax_alone() {
        assert_eq!(
            english_phrase(
                "l=“T4*x”无法识别（应为 \"x\" is not a plain decimal number）",
                &[]
            ),
            Some("is not")
        );
        assert_eq!(
            english_phrase(
                "对比您的参考金额：whole-card lease deposit 整卡租赁押金",
                &[]
            ),
            Some("lease deposit")
        );
        assert_eq!(english_phrase("V100 quote", &[]), None, "one word");
        assert_eq!(
            english_phrase("gpucost: ignored: total CNY", &[]),
            Some("gpucost: ignored: total CNY")
        );
        for clean in [
            "cp=“a b c”无法识别（应为 OWNER:GPU:MODE:AMOUNT:CURRENCY）；已忽略。",
            "h=“-5”无法识别（应为不超过 8760 的小时数、month 或 YYYY-MM）；已忽略。",
            "spot、reserved、monthly",
            "gpucost: 已忽略：",
            "目录中的 GPU 型号",
        ] {
            assert_eq!(english_phrase(clean, &[]), None, "{clean}");
        }
        assert_eq!(
            english_phrase("谷歌云 (Google Cloud) 的报价", &["Google Cloud"]),
            None
        );
        assert_eq!(
            english_phrase("谷歌云 (Google Cloud)", &[]),
            Some("Google Cloud")
        );
    }
}
