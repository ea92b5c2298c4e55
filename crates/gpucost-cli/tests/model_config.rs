//! `gpucost estimate … --model-config FILE`: a Hugging Face config.json as the model, as the
//! page's "Paste a config.json" reads it (issue 33).
//!
//! `fixtures/deepseek-r1.config.json` is DeepSeek-R1's published config
//! (https://huggingface.co/deepseek-ai/DeepSeek-R1/blob/main/config.json): its size fields
//! and a selection of the others, as published (the same text as the engine's
//! `tests/pasted_config.rs`).

use std::path::PathBuf;
use std::process::{Command, Output};

fn gpucost(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpucost"))
        .args(args)
        .output()
        .expect("gpucost runs")
}

fn fixture(name: &str) -> String {
    let p: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fixtures", name]
        .iter()
        .collect();
    p.display().to_string()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn a_config_file_sizes_the_links_workload_and_names_what_it_did_not_read() {
    let file = fixture("deepseek-r1.config.json");
    let out = gpucost(&[
        "estimate",
        "?task=serve&prec=fp8&cur=USD",
        "--model-config",
        &file,
        "--today",
        "2026-11-29",
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // The note the page shows under the textarea.
    assert!(
        stderr
            .contains("gpucost: note: deepseek-r1.config.json: Read: 61 layers, hidden size 7,168"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Not read (the sizing ignores them): moe_layer_freq, n_group, num_nextn_predict_layers, quantization_config, rope_scaling, topk_group."),
        "{stderr}"
    );
    // The same recommendation as choosing DeepSeek-R1 from the library.
    let library = gpucost(&[
        "estimate",
        "?task=serve&prec=fp8&cur=USD&model=deepseek-r1",
        "--today",
        "2026-11-29",
    ]);
    let recommended = |t: &str| {
        t.split_once("recommended GPUs")
            .map(|(_, r)| r.to_string())
            .unwrap_or_default()
    };
    assert!(stdout.contains("recommended GPUs"), "{stdout}");
    assert_eq!(recommended(&stdout), recommended(&text(&library.stdout)));
    // The JSON export's link opens the same page, the config in `cfg=`.
    let out = gpucost(&[
        "estimate",
        "?task=serve&prec=fp8&cur=USD",
        "--model-config",
        &file,
        "--format",
        "json",
        "--today",
        "2026-11-29",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json["link"],
        "v=2&cur=USD&task=serve&model=custom&cfg=1-61.7168.128.128.56.18432.129280.163840.0-mla.1536.512.128.64.128-moe.256.8.1.2048.3&prec=fp8"
    );
    // The same in Chinese.
    let out = gpucost(&[
        "estimate",
        "?task=serve&prec=fp8&cur=USD",
        "--model-config",
        &file,
        "--lang",
        "zh",
        "--today",
        "2026-11-29",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("未读取（估算不使用）：moe_layer_freq"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_file_that_is_not_a_config_is_refused_by_name_with_exit_2() {
    let dir = std::env::temp_dir().join(format!("gpucost-model-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, body, says) in [
        ("list.json", "[1, 2]".to_string(), "not a JSON object"),
        (
            "broken.json",
            "{\"num_hidden_layers\": ".to_string(),
            "Not JSON (line 1",
        ),
        (
            "huge.json",
            format!("{{\"pad\": \"{}\"}}", "x".repeat(70_000)),
            "longer than 64 KiB",
        ),
        (
            "negative.json",
            r#"{"num_hidden_layers": -2, "hidden_size": 64}"#.to_string(),
            "num_hidden_layers is not a whole number",
        ),
        (
            "missing.json",
            r#"{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4}"#.to_string(),
            "has no vocab_size",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, body).unwrap();
        let out = gpucost(&[
            "estimate",
            "?task=serve",
            "--model-config",
            path.to_str().unwrap(),
        ]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(name) && stderr.contains(says),
            "{name}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{name}");
    }
    let out = gpucost(&[
        "estimate",
        "?task=serve",
        "--model-config",
        "/no/such/file.json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot open /no/such/file.json"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The README's `gpucost estimate … --model-config FILE` example works as written, from the
/// repository's root, and prints the note.
#[test]
fn the_readme_example_works_as_written() {
    let readme = include_str!("../../../README.md");
    let line = readme
        .lines()
        .find(|l| l.starts_with("gpucost estimate") && l.contains("--model-config"))
        .expect("the README example");
    let words: Vec<&str> = line
        .split('\'')
        .enumerate()
        .flat_map(|(i, part)| {
            if i % 2 == 1 {
                vec![part]
            } else {
                part.split_whitespace().collect()
            }
        })
        .skip(1)
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_gpucost"))
        .args(&words)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("gpucost runs");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("Not read (the sizing ignores them)"));
    assert!(text(&out.stdout).contains("recommended GPUs"));
}
