//! The `gpucost` process: a rounded hours value is a note on stderr, not a failure.
//!
//! `h=1.01` used to be billed as 61 minutes with no word; now the link is estimated (exit 0)
//! and stderr says what was used, while a value that cannot be used still exits 2.

use std::process::Command;

fn gpucost(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gpucost"))
        .args(args)
        .output()
        .expect("gpucost runs")
}

#[test]
fn a_rounded_horizon_is_estimated_with_a_note_on_stderr() {
    let out = gpucost(&[
        "estimate",
        "?h=1.01&l=A40*1&cur=USD&cmp=runpod",
        "--format",
        "json",
        "--today",
        "2026-11-29",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "note: h=“1.01”: used 1 h 1 min (1.0167 h); the calculator counts whole minutes."
        ),
        "{stderr}"
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Estimated on the 61 minutes the note names.
    assert_eq!(json["horizon_hours"], "1.0166666666666666666666666667");
}

#[test]
fn whole_minutes_print_no_note_and_a_bad_value_still_exits_2() {
    let out = gpucost(&[
        "estimate",
        "?h=2&l=A40*1&cur=USD&cmp=runpod",
        "--today",
        "2026-11-29",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bad = gpucost(&["estimate", "?h=1.01&l=A40*1&ovh=lots"]);
    assert_eq!(bad.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(stderr.contains("ovh=“lots”"), "{stderr}");
    assert!(stderr.contains("note: h=“1.01”"), "{stderr}");
}
