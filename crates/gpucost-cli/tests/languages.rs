//! `gpucost estimate --lang` prints built-in names in that language. Issue 14: the English table
//! showed the market-reference row "T4 (轻量级推理)" and the Chinese one the seed's "V100 quote".

use std::process::Command;

fn table(link: &str, lang: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_gpucost"))
        .args(["estimate", link, "--format", "table", "--lang", lang])
        .args(["--today", "2026-11-29"])
        .output()
        .expect("gpucost runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn the_table_names_built_in_sellers_and_offers_in_the_language_asked_for() {
    for preset in [
        "short-training",
        "traffic-spike",
        "dev-test",
        "shift-fleet",
        "custom",
    ] {
        let link = format!("?v=2&preset={preset}&cur=CNY");
        let en = table(&link, "en");
        assert!(!en.contains("轻量级推理"), "{preset}:\n{en}");
        let zh = table(&link, "zh");
        assert!(!zh.contains("quote"), "{preset}:\n{zh}");
    }
    assert!(table("?v=2&preset=short-training", "zh").contains("V100 报价"));
    assert!(table("?v=2&preset=traffic-spike", "en").contains("T4 (light inference)"));
}

/// Issue 15: `gpucost estimate --lang zh` printed its notices in English (`gpucost: ignored:`,
/// `l=“T4*x” is not understood (expected "x" is not a plain decimal number)`).
mod chinese_output {
    use std::process::Command;

    use gpucost_core::catalog::embedded;
    use gpucost_core::l10n::check::english_phrase;
    use gpucost_core::presets::Preset;
    use gpucost_core::recommend::KnownModel;

    /// Every preset, and the links of `tests/snapshot-links.txt` (bad ones among them).
    fn links() -> Vec<String> {
        let file = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/snapshot-links.txt"
        );
        let listed = std::fs::read_to_string(file).expect("tests/snapshot-links.txt");
        Preset::ALL
            .iter()
            .map(|p| format!("?preset={}", p.as_str()))
            .chain(
                listed
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(String::from),
            )
            .collect()
    }

    /// What may stay as written: provider, GPU, instance and model names, offer ids, source
    /// titles.
    fn names() -> Vec<String> {
        let c = &embedded().catalog;
        let mut out: Vec<String> = Vec::new();
        for p in c.providers.iter() {
            // The Chinese name only: an English seller name in Chinese text is a leak.
            out.extend([p.id.to_string(), p.name_zh.to_string()]);
        }
        out.extend(c.gpus.iter().map(|g| g.name.to_string()));
        for o in c.offers.iter() {
            out.extend([o.id.to_string(), o.instance.to_string()]);
            // A region is named as its seller names it (`North Carolina, US, NA`), as the
            // table's region column shows it.
            out.extend(o.prices.iter().map(|p| p.region.to_string()));
        }
        out.sort();
        out.dedup();
        out.extend(c.sources.iter().map(|s| s.title.to_string()));
        out.extend(KnownModel::ALL.iter().map(|m| m.name().to_string()));
        // The benchmark suites and files the recommendation cites.
        let hw = gpucost_core::recommend::hardware::embedded_hardware();
        out.extend(hw.suites.iter().map(|s| s.title.to_string()));
        out.extend(hw.sources.iter().map(|s| s.locator.to_string()));
        out.push("GPU Cost Lab".into());
        out
    }

    /// `(stdout, stderr)` of a lenient Chinese estimate of `link` in `format`.
    fn run(link: &str, format: &str) -> (String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_gpucost"))
            .args(["estimate", "--lenient", "--lang", "zh", "--format", format])
            .args(["--today", "2026-11-29", link])
            .output()
            .expect("gpucost runs");
        (
            String::from_utf8(out.stdout).expect("UTF-8"),
            String::from_utf8(out.stderr).expect("UTF-8"),
        )
    }

    /// Every line of `text` with an English phrase, as `phrase ← line`.
    fn english_lines(text: &str, names: &[&str]) -> Vec<String> {
        text.lines()
            .filter_map(|l| english_phrase(l, names).map(|p| format!("{p:?} ← {l}")))
            .collect()
    }

    #[test]
    fn chinese_notices_have_no_english_phrase() {
        let names = names();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut found = Vec::new();
        for link in links() {
            let (_, stderr) = run(&link, "table");
            found.extend(
                english_lines(&stderr, &names)
                    .into_iter()
                    .map(|l| format!("{link}: {l}")),
            );
        }
        assert!(found.is_empty(), "{}", found.join("\n"));
        let (_, stderr) = run("?preset=dev-test&cp=abc&l=T4*x", "table");
        assert!(stderr.contains("gpucost: 已忽略："), "{stderr}");
    }

    /// The table's and Markdown's own headings were English (`total CNY`, `savings:`) and so
    /// were the billing and lever slugs in their rows.
    #[test]
    fn chinese_table_and_markdown_have_no_english_phrase() {
        let names = names();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut found = Vec::new();
        for link in links() {
            for format in ["table", "md"] {
                let (stdout, _) = run(&link, format);
                found.extend(
                    english_lines(&stdout, &names)
                        .into_iter()
                        .map(|l| format!("{link} {format}: {l}")),
                );
            }
        }
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}
