//! The built `gpucost` binary, run as a user runs it: arguments in, exit code and text out.
//!
//! Prices move whenever the catalog is refreshed, so these assert exit codes, structure and
//! wording, never amounts.

use std::io::Read;
use std::process::{Command, Output, Stdio};

/// Runs `gpucost` with `args` to completion.
fn gpucost(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpucost"))
        .args(args)
        .output()
        .expect("the gpucost binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Fails with everything the process said, so a red test shows why.
#[track_caller]
fn assert_exit(out: &Output, code: i32, what: &str) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "{what}: exit {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
}

// `gpucost estimate --help` said "unknown option --help" and exited 2: the hand-written parser
// knew `--help` only in the command's place, so no subcommand could explain itself.
#[test]
fn every_command_explains_itself_with_help_and_exits_0() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["help", "estimate"],
        &["estimate", "--help"],
        &["estimate", "-h"],
        &["estimate", "?preset=dev-test", "--help"],
        &["catalog", "--help"],
        &["catalog", "-h"],
        &["presets", "--help"],
        &["presets", "-h"],
    ] {
        let out = gpucost(args);
        let what = args.join(" ");
        assert_exit(&out, 0, &what);
        let help = text(&out.stdout);
        assert!(
            help.to_lowercase().contains("usage"),
            "{what}: no usage on stdout:\n{help}"
        );
        assert!(out.stderr.is_empty(), "{what}: {}", text(&out.stderr));
    }
}

#[test]
fn each_command_help_lists_its_own_options() {
    for (command, options) in [
        (
            "estimate",
            &[
                "--format",
                "--lang",
                "--lenient",
                "--today",
                "--model-config",
                "md",
            ][..],
        ),
        ("catalog", &["--format", "csv", "json"]),
        ("presets", &["--format", "--lang", "table", "json"]),
    ] {
        let help = text(&gpucost(&[command, "--help"]).stdout);
        for option in options {
            assert!(
                help.contains(option),
                "{command} --help lacks {option}:\n{help}"
            );
        }
    }
}

#[test]
fn unknown_options_and_commands_are_usage_errors_that_name_them() {
    for (args, named) in [
        (&["estimate", "?h=72", "--frobnicate"][..], "--frobnicate"),
        (&["catalog", "--colour"], "--colour"),
        (&["frobnicate"], "frobnicate"),
        (&["estimate", "?h=72", "--format", "xml"], "xml"),
        (&["presets", "--format", "csv"], "csv"),
        (&["estimate", "?h=72", "--lang", "fr"], "fr"),
        (
            &["estimate", "?h=72", "--today", "29/11/2026"],
            "29/11/2026",
        ),
        (&["estimate", "?h=72", "?h=73"], "?h=73"),
    ] {
        let out = gpucost(args);
        let what = args.join(" ");
        assert_exit(&out, 2, &what);
        let err = text(&out.stderr);
        assert!(
            err.contains(named),
            "{what}: stderr does not name {named}:\n{err}"
        );
        assert!(out.stdout.is_empty(), "{what}: {}", text(&out.stdout));
    }
    // No command at all: the usage, on stderr, as a usage error.
    let out = gpucost(&[]);
    assert_exit(&out, 2, "no arguments");
    assert!(text(&out.stderr).to_lowercase().contains("usage"));
}

#[test]
fn a_bad_link_parameter_is_named_with_exit_2_unless_lenient() {
    let out = gpucost(&["estimate", "?preset=dev-test&h=-5&cur=CNY"]);
    assert_exit(&out, 2, "h=-5");
    let err = text(&out.stderr);
    assert!(err.contains("h=“-5”"), "{err}");
    assert!(out.stdout.is_empty());

    let out = gpucost(&[
        "estimate",
        "?preset=dev-test&h=-5&cur=CNY",
        "--lenient",
        "--format",
        "json",
        "--today",
        "2026-11-29",
    ]);
    assert_exit(&out, 0, "h=-5 --lenient");
    assert!(text(&out.stderr).contains("h=“-5”"));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["currency"], "CNY");
}

#[test]
fn options_may_come_before_or_after_the_link_and_f_is_format() {
    let after = gpucost(&[
        "estimate",
        "?preset=dev-test",
        "--format",
        "csv",
        "--today",
        "2026-11-29",
    ]);
    let before = gpucost(&[
        "estimate",
        "-f",
        "csv",
        "--today=2026-11-29",
        "?preset=dev-test",
    ]);
    assert_exit(&after, 0, "options after");
    assert_exit(&before, 0, "options before");
    assert_eq!(text(&after.stdout), text(&before.stdout));
    assert!(text(&after.stdout).lines().count() > 1);
}

#[test]
fn every_format_of_every_command_prints_something() {
    for args in [
        &["estimate", "?preset=dev-test", "--format", "table"][..],
        &["estimate", "?preset=dev-test", "--format", "csv"],
        &["estimate", "?preset=dev-test", "--format", "json"],
        &["estimate", "?preset=dev-test", "--format", "md"],
        &["estimate", "?preset=dev-test", "--format", "markdown"],
        &["estimate", "?preset=dev-test", "--lang", "zh"],
        &["catalog"],
        &["catalog", "--format", "json"],
        &["presets"],
        &["presets", "--format", "json", "--lang", "zh"],
    ] {
        let out = gpucost(args);
        let what = args.join(" ");
        assert_exit(&out, 0, &what);
        assert!(!out.stdout.is_empty(), "{what} printed nothing");
        assert!(out.stderr.is_empty(), "{what}: {}", text(&out.stderr));
    }
}

/// Starts `gpucost args` with stdout piped, reads `keep` bytes, closes the pipe and waits.
fn close_stdout_after(args: &[&str], keep: usize) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpucost"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gpucost binary runs");
    let mut stdout = child.stdout.take().unwrap();
    let mut head = vec![0; keep];
    stdout.read_exact(&mut head).unwrap();
    drop(stdout);
    child.wait_with_output().unwrap()
}

// `gpucost catalog --format csv | head` panicked ("failed printing to stdout: Broken pipe",
// exit 101): `print!` treats a reader that has gone as a bug, where a pipe into `head` is the
// normal way to look at the start of a long output.
#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    for (args, keep) in [
        // The catalog is far more than a pipe holds (see below), so after reading the start
        // a write to the closed pipe is certain, as with `| head`.
        (&["catalog", "--format", "csv"][..], 100),
        (&["catalog", "--format", "json"], 100),
        // These fit in a pipe; closing it without reading almost always beats their one
        // write (the estimates parse the catalog first), and when it does not, nothing breaks.
        (&["estimate", "?preset=dev-test", "--format", "json"], 0),
        (&["estimate", "?preset=dev-test"], 0),
        (&["presets"], 0),
        (&["--help"], 0),
    ] {
        let out = close_stdout_after(args, keep);
        let what = args.join(" ");
        let err = text(&out.stderr);
        assert!(!err.contains("panicked"), "{what}: {err}");
        assert!(
            err.is_empty(),
            "{what}: nothing to say on stderr, said:\n{err}"
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{what}: {:?}\n{err}",
            out.status
        );
    }
}

#[test]
fn the_catalog_is_larger_than_a_pipe_holds() {
    // The closed-stdout test relies on this: were the catalog to fit in a pipe's buffer
    // (64 KiB on Linux), it would be written whole before the pipe closed and prove nothing.
    let out = gpucost(&["catalog", "--format", "csv"]);
    assert!(
        out.stdout.len() > 4 * 64 * 1024,
        "{} bytes",
        out.stdout.len()
    );
}

// The documented window `l=T4*50@20:00+4h` was refused when pasted: `+` in a query string is a
// space, and the line grammar knew only `+` (see gpucost-core/tests/pasted_links.rs).
#[test]
fn the_documented_window_example_estimates_as_pasted() {
    let out = gpucost(&["estimate", "?l=T4*50@20:00+4h", "--format", "json"]);
    assert_exit(&out, 0, "estimate ?l=T4*50@20:00+4h");
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["gpu_hours"], "200", "50 GPUs for 4 hours");
    assert_eq!(
        json["link"], "v=2&preset=custom&l=T4*50%4020:00%2B4h",
        "written with the + escaped"
    );
}

/// The arguments of a README line `cargo run … -- ARGS   # comment`, unquoted as a shell would
/// (the README quotes only with single quotes).
fn readme_command(line: &str) -> Option<Vec<String>> {
    let (_, args) = line.split_once(" -p gpucost-cli -- ")?;
    let args = args.split("  #").next().unwrap_or(args);
    let mut words = Vec::new();
    for (i, part) in args.split('\'').enumerate() {
        if i % 2 == 1 {
            words.push(part.to_string());
        } else {
            words.extend(part.split_whitespace().map(str::to_string));
        }
    }
    Some(words)
}

#[test]
fn every_readme_example_works_as_pasted() {
    let readme = include_str!("../../../README.md");
    let commands: Vec<Vec<String>> = readme.lines().filter_map(readme_command).collect();
    assert!(commands.len() >= 4, "found {commands:?}");
    // The Links section's example link, given to `estimate` as a user would.
    let links: Vec<&str> = readme
        .split('`')
        .filter(|span| span.starts_with("?preset="))
        .collect();
    assert!(!links.is_empty());
    let runs = commands.iter().cloned().chain(
        links
            .iter()
            .map(|l| vec!["estimate".to_string(), l.to_string()]),
    );
    // As pasted: from the repository's root, where the README's relative paths start.
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    for args in runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = Command::new(env!("CARGO_BIN_EXE_gpucost"))
            .args(&args)
            .current_dir(root)
            .output()
            .expect("the gpucost binary runs");
        let what = args.join(" ");
        assert_exit(&out, 0, &what);
        assert!(!out.stdout.is_empty(), "{what} printed nothing");
        assert!(out.stderr.is_empty(), "{what}: {}", text(&out.stderr));
    }
}

#[test]
fn the_placement_rules_are_in_the_json_and_the_catalog_says_where_each_region_is() {
    let out = gpucost(&[
        "estimate",
        "?preset=dev-test&geo=cn&cpu=4&ram=16&cur=CNY",
        "--format",
        "json",
    ]);
    assert_exit(&out, 0, "estimate");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let c = &json["constraints"];
    assert_eq!(c["geo"], "cn");
    assert_eq!(c["vcpus_per_gpu"], "4");
    assert_eq!(c["ram_gib_per_gpu"], "16");
    assert_eq!(c["lines"][0]["packing"], "one-machine");
    assert_eq!(c["lines"][1]["packing"], "split");

    let table = text(&gpucost(&["estimate", "?preset=short-training", "--lang", "zh"]).stdout);
    assert!(table.starts_with("第 1 行"), "{table}");
    assert!(table.contains("1 台 × 4 卡"), "{table}");

    let csv = text(&gpucost(&["catalog"]).stdout);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let country = header.iter().position(|h| *h == "country").unwrap();
    let hk = csv
        .lines()
        .find(|l| l.contains(",cn-hongkong,"))
        .expect("an Alibaba Hong Kong price");
    assert_eq!(hk.split(',').nth(country), Some("HK"), "{hk}");
}

/// Issue 28: `gpucost review` of a Google Cloud bill prints its summary first, in both
/// languages, with savings and the scenario link (there were none: its lines spanned no time).
#[test]
fn review_of_a_google_cloud_bill_starts_with_what_to_do_first() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/gcp-billing.csv"
    );
    for (lang, heading) in [("en", "What to do first"), ("zh", "先做什么")] {
        let args = [
            "review",
            sample,
            "--lang",
            lang,
            "--cur",
            "USD",
            "--today",
            "2026-12-02",
        ];
        let out = gpucost(&args);
        assert_exit(&out, 0, "review");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[2], heading, "{text}");
        assert!(lines[3].contains("$506.35"), "{text}");
        assert!(lines[4].starts_with("  1. "), "a saving first: {text}");
        assert!(text.contains("preset=custom&l=V100"), "{text}");
        let mut json_args = args.to_vec();
        json_args.extend(["--format", "json"]);
        let out = gpucost(&json_args);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["summary"]["owner_key"], "project");
        assert_eq!(json["summary"]["top"][0]["owners"][0]["value"], "ml-prod");
        let heat: f64 = json["heat"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap().parse::<f64>().unwrap())
            .sum();
        // Each of the 168 cells is rounded to 4 decimals: the sum is 250 within 168 × 0.00005.
        assert!((heat - 250.0).abs() < 0.0085, "{heat}");
    }
}

#[test]
fn review_reads_a_bill_and_names_a_damaged_line() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/aws-cur-legacy.csv"
    );
    let out = gpucost(&[
        "review",
        sample,
        "--format",
        "json",
        "--today",
        "2026-12-02",
    ]);
    assert_exit(&out, 0, "review");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["format"], "aws-cur");
    assert_eq!(json["gpu"]["USD"], "53.4688");
    assert!(json["levers"]["scenario_link"]
        .as_str()
        .unwrap()
        .contains("preset=custom"));

    // One damaged line: named on stderr with its line and column, the rest reviewed.
    let bill = std::fs::read_to_string(sample).unwrap();
    let mut lines: Vec<String> = bill.lines().map(String::from).collect();
    lines[3] = lines[3].replacen(",1.006,1.006,", ",1.006,lots,", 1);
    // Inside the target directory, so a test run leaves nothing behind in the system's /tmp.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("review-damaged");
    std::fs::create_dir_all(&dir).unwrap();
    let damaged = dir.join("damaged.csv");
    std::fs::write(&damaged, lines.join("\n")).unwrap();
    let out = gpucost(&["review", damaged.to_str().unwrap(), "--lang", "zh"]);
    assert_exit(&out, 0, "a damaged line is skipped");
    let err = text(&out.stderr);
    assert!(err.contains("damaged.csv，第 4 行"), "{err}");
    assert!(
        text(&out.stdout).contains("跳过的行"),
        "the table says a line was skipped"
    );

    // A file that is no bill is refused, naming it.
    let notes = dir.join("notes.csv");
    std::fs::write(&notes, "a,b,c\n1,2,3\n").unwrap();
    let out = gpucost(&["review", notes.to_str().unwrap()]);
    assert_exit(&out, 2, "an unknown format");
    assert!(
        text(&out.stderr).contains("notes.csv"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn review_joins_a_utilization_side_file_and_prices_rightsizing() {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/");
    let bill = format!("{examples}aws-cur-legacy.csv");
    let side = format!("{examples}utilization.csv");
    let out = gpucost(&[
        "review",
        &bill,
        "--utilization",
        &side,
        "--format",
        "json",
        "--today",
        "2026-12-02",
    ]);
    assert_exit(&out, 0, "review with a side file");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let u = &json["utilization"];
    assert_eq!(u["format"], "generic-utilization");
    assert_eq!(u["low_cost"]["USD"], "4.5088");
    assert_eq!(u["resources"][0]["resource"], "i-0prod9f8e7d6c5b4a3");
    assert_eq!(u["resources"][0]["p95_percent"], "97");
    assert_eq!(u["unmatched"], 1);
    let rightsizing = json["levers"]["savings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["lever"] == "rightsizing")
        .expect("rightsizing is priced");
    assert_eq!(rightsizing["amount"], "2.40");
    assert_eq!(rightsizing["percent"], "4.45");

    // One machine's nvidia-smi file, named by resource: the others are counted as unsampled.
    let smi = format!("{examples}nvidia-smi.csv");
    let out = gpucost(&[
        "review",
        &bill,
        "--utilization",
        &smi,
        "--resource",
        "i-0dev5a1b2c3d4e5f6",
        "--today",
        "2026-12-02",
    ]);
    assert_exit(&out, 0, "an nvidia-smi file with its resource");
    let table = text(&out.stdout);
    assert!(
        table.contains("GPU resources without samples (not guessed): 2 ($49.44)"),
        "{table}"
    );
    // … and without one, refused naming the file and the missing id.
    let out = gpucost(&["review", &bill, "--utilization", &smi, "--lang", "zh"]);
    assert_exit(&out, 2, "an nvidia-smi file needs --resource");
    let err = text(&out.stderr);
    assert!(
        err.contains("nvidia-smi.csv，第 1 行") && err.contains("--resource"),
        "{err}"
    );
    // `--resource` alone is a usage error.
    let out = gpucost(&["review", &bill, "--resource", "i-0dev5a1b2c3d4e5f6"]);
    assert_exit(&out, 2, "--resource needs --utilization");

    // A damaged side-file line is named on stderr by line and column; the rest is read.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("review-utilization");
    std::fs::create_dir_all(&dir).unwrap();
    let damaged = dir.join("util.csv");
    let good = std::fs::read_to_string(&side).unwrap();
    std::fs::write(&damaged, good.replacen(",5,8192,", ",5,lots,", 1)).unwrap();
    let out = gpucost(&[
        "review",
        &bill,
        "--utilization",
        damaged.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_exit(&out, 0, "a damaged side-file line is skipped");
    let err = text(&out.stderr);
    assert!(
        err.contains("util.csv, line 2, column “memory_used_mib”: “lots” is not a number"),
        "{err}"
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["utilization"]["skipped"], 1);
}

/// Whether `text` holds a control character other than a line break (what a terminal acts on).
fn has_control(text: &str) -> bool {
    text.chars()
        .any(|c| c != '\n' && (c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)))
}

// Escape, bell, backspace and CR from a bill's cells and quoted bad values reached the table
// and stderr raw, so a bill could clear the screen or rewrite what the reader saw (issue 26).
#[test]
fn no_control_character_from_a_bill_or_a_link_reaches_the_terminal() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("review-hostile");
    std::fs::create_dir_all(&dir).unwrap();
    let bill = dir.join("escapes.csv");
    std::fs::write(
        &bill,
        "start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n\
         2026-11-02T00:00:00Z,2026-11-02T01:00:00Z,1,aws,g5.xlarge,,,1.006,USD,team=\u{1b}[2Jx\u{7}\n\
         2026-11-02T01:00:00Z,2026-11-02T02:00:00Z,1,aws,\u{1b}]0;owned\u{7},A10,1,lots\u{1b}[31m\u{8},USD,\n",
    )
    .unwrap();
    for format in ["table", "csv", "md", "json"] {
        let out = gpucost(&["review", bill.to_str().unwrap(), "--format", format]);
        assert_exit(&out, 0, format);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(!has_control(&stdout), "{format} stdout: {stdout:?}");
        assert!(!has_control(&stderr), "{format} stderr: {stderr:?}");
        assert!(
            stderr.contains("\\u{1b}[31m"),
            "the bad value is named: {stderr}"
        );
    }
    let link = "l=T4*1&h=3&cp=~%3DHYPERLINK(%22evil.example%22%2C%22x%22):T4:od:0.1:USD";
    for format in ["table", "csv", "md", "json"] {
        let out = gpucost(&["estimate", link, "--format", format]);
        assert_exit(&out, 0, format);
        assert!(!has_control(&text(&out.stdout)), "{format}");
    }
    let csv = text(&gpucost(&["estimate", link, "--format", "csv"]).stdout);
    assert!(csv.contains("\"'=HYPERLINK("), "{csv}");
    assert!(!csv.contains(",\"=HYPERLINK"), "{csv}");
}
