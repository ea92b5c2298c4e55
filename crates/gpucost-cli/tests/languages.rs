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
