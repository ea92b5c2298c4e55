//! The web crate's modules import each other without a circle.
//!
//! The shell (`app`) once imported the calculator page and every page imported `app` for its
//! state, so no part could be read, tested or moved without the others. `state` now sits below
//! them all; this test keeps it that way. It reads every `crate::…` and `super::…` path in
//! `src/**/*.rs` (in `use` lines and in code), lifts each to the two sibling modules it connects
//! (an import from `pages::calc::inputs` of `state` is `pages` depending on `state`), and fails
//! on any cycle among siblings. A module using its own parent or child is not a layer crossing
//! and is not counted; neither are `#[cfg(test)]` modules.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module path from the crate root (`["pages", "calc"]`); empty for the root.
type Module = Vec<String>;

/// Why one sibling depends on another: the file and the path it wrote.
type Edges = BTreeMap<(Module, Module), Vec<String>>;

#[test]
fn src_has_no_import_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&src, &src, &mut files);
    assert!(
        files.len() > 20,
        "only {} modules found under {}",
        files.len(),
        src.display()
    );
    let edges = layer_edges(&files);
    assert!(
        edges.keys().any(|(a, b)| a == &["app"] && b == &["state"]),
        "the reader lost the shell's import of the state: {:?}",
        edges.keys().collect::<Vec<_>>()
    );
    if let Some(cycle) = find_cycle(&edges) {
        panic!("import circle in src/:\n{}", describe(&cycle, &edges));
    }
}

/// The words, the views and the printers of an engine crate: the layers above its domain.
const PRESENTATION: &[&str] = &["l10n", "view", "print", "render", "html"];

/// The modules of one engine crate (`crates/<name>/src`).
fn engine_files(name: &str) -> Vec<(Module, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates")
        .join(name)
        .join("src");
    let mut files = Vec::new();
    collect(&src, &src, &mut files);
    assert!(
        files.len() > 10,
        "only {} modules under {}",
        files.len(),
        src.display()
    );
    files
}

/// Edges from a domain module (anything below the words) up into a presentation layer.
fn words_imported_by_domain(edges: &Edges) -> Vec<String> {
    let top = |m: &Module| m.first().map(String::as_str).unwrap_or("").to_string();
    edges
        .iter()
        .filter(|((a, b), _)| {
            a.len() == 1
                && !PRESENTATION.contains(&top(a).as_str())
                && PRESENTATION.contains(&top(b).as_str())
        })
        .flat_map(|(_, why)| why.iter().cloned())
        .collect()
}

// Issue 27: the engine carries ids and typed messages; only the layers above it hold words.
// A domain module that imports `l10n` (a shim such as `ParamIssue::message`) lets the words
// and the domain import each other, and every import circle the engine had came from that.
#[test]
fn no_domain_module_of_the_engine_imports_the_words() {
    for name in ["gpucost-core", "gpucost-review"] {
        let mut edges = layer_edges(&engine_files(name));
        let bad = words_imported_by_domain(&edges);
        // A view is typed data that every printer words in its reader's language: a view
        // built in one language (as the recommendation's was) cannot be reworded.
        let worded_views: Vec<&String> = edges
            .iter()
            .filter(|((a, b), _)| {
                a.first().is_some_and(|m| m == "view") && b.first().is_some_and(|m| m == "l10n")
            })
            .flat_map(|(_, why)| why)
            .collect();
        assert!(
            worded_views.is_empty(),
            "{name}: a view is built in a language:\n  {worded_views:?}"
        );
        // An error type may name the enums of the domain it reports on (`recommend::error`
        // quoting a `TaskKind`): the issue allows that circle and no other.
        edges.retain(|(from, _), why| !why.is_empty() && from.last().is_none_or(|m| m != "error"));
        // The engine's modules (`estimate`, `share`, `l10n`, …) and, inside each, its parts;
        // `recommend`'s parts still import each other (issue 33 reshapes them).
        edges.retain(|(from, _), _| from.len() == 1 || from[0] != "recommend");
        assert!(
            bad.is_empty(),
            "{name}: domain modules import the words:\n  {}",
            bad.join("\n  ")
        );
        if let Some(cycle) = find_cycle(&edges) {
            panic!("import circle in {name}:\n{}", describe(&cycle, &edges));
        }
    }
}

#[test]
fn a_domain_module_importing_the_words_is_caught() {
    let files = vec![
        (module("share"), "use crate::l10n::Localize;".to_string()),
        (module("l10n"), "use crate::share::ParamIssue;".to_string()),
        (module("view"), "use crate::l10n::labels;".to_string()),
    ];
    let edges = layer_edges(&files);
    assert_eq!(
        words_imported_by_domain(&edges),
        ["share: crate::l10n::Localize"]
    );
    assert!(find_cycle(&edges).is_some());
}

#[test]
fn the_old_shell_page_circle_is_caught() {
    // The shape before `state.rs`: the shell imports a page, the page imports the shell.
    let files = vec![
        (
            module("app"),
            "use crate::pages::calc::CalculatorPage;".to_string(),
        ),
        (module("pages"), "pub mod calc;".to_string()),
        (module("pages::calc"), "mod inputs;".to_string()),
        (
            module("pages::calc::inputs"),
            "use super::edit;\nuse crate::{app::{catalog, AppState}, i18n::Text};".to_string(),
        ),
        (module("i18n"), String::new()),
    ];
    let edges = layer_edges(&files);
    let cycle = find_cycle(&edges).expect("the circle is found");
    assert_eq!(cycle.len(), 2, "{cycle:?}");
    assert!(cycle.contains(&module("app")) && cycle.contains(&module("pages")));
    // Children using their parent (`super::edit`) and strings or comments are not imports.
    let files = vec![
        (module("charts"), "pub use markup::bars_svg;".to_string()),
        (
            module("charts::markup"),
            "use super::{line_class, BarChart};\n// crate::app::App\nlet s = \"crate::app\";"
                .to_string(),
        ),
        (module("app"), "use crate::charts::bars_svg;".to_string()),
    ];
    assert_eq!(find_cycle(&layer_edges(&files)), None);
}

fn module(path: &str) -> Module {
    path.split("::").map(String::from).collect()
}

/// Every library module file under `dir` with its code (test modules cut off).
fn collect(root: &Path, dir: &Path, out: &mut Vec<(Module, String)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = path.strip_prefix(root).unwrap().with_extension("");
        let mut parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        match parts.last().map(String::as_str) {
            // The binary is its own crate; it imports the library by name.
            Some("main") if parts.len() == 1 => continue,
            Some("lib") if parts.len() == 1 => parts.clear(),
            Some("mod") => {
                parts.pop();
            }
            _ => {}
        }
        let text = fs::read_to_string(&path).unwrap();
        out.push((parts, without_tests(&text)));
    }
}

/// The file up to its `#[cfg(test)] mod …` (by convention the last item).
fn without_tests(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .windows(2)
        .position(|w| w[0].trim() == "#[cfg(test)]" && w[1].trim_start().starts_with("mod "))
        .unwrap_or(lines.len());
    lines[..end].join("\n")
}

/// The code with comments, strings and character literals blanked out.
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            i += 2;
            while i < c.len() && !(c[i] == '*' && c.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
            out.push(' ');
        } else if c[i] == 'r' && matches!(c.get(i + 1), Some('"' | '#')) && !ident_before(&c, i) {
            // A raw string: r"…", r#"…"#.
            let mut hashes = 0;
            let mut j = i + 1;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            j += 1;
            while j < c.len() && !(c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')))
            {
                j += 1;
            }
            i = j + 1 + hashes;
            out.push_str("\"\"");
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c[i] == '\'' && c.get(i + 1) == Some(&'\\') {
            i += 2;
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if c[i] == '\'' && c.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

fn is_ident(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

fn ident_before(c: &[char], i: usize) -> bool {
    i > 0 && is_ident(c[i - 1])
}

/// The paths written from `crate::` or `super::`, with `use` groups expanded: each as its
/// start (`None` for the crate root, `Some(n)` for `n` levels of `super`) and its segments.
fn paths(code: &str) -> Vec<(Option<usize>, Vec<String>)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let at = |word: &str, i: usize| {
            word.chars()
                .enumerate()
                .all(|(k, w)| c.get(i + k) == Some(&w))
                && !ident_before(&c, i)
                && !c.get(i + word.len()).copied().is_some_and(is_ident)
        };
        // `crate` or `super` (both five letters) followed by `::`.
        let starts_path = |i: usize| {
            let mut j = i + 5;
            while c.get(j) == Some(&' ') {
                j += 1;
            }
            c.get(j) == Some(&':') && c.get(j + 1) == Some(&':')
        };
        if (at("crate", i) || at("super", i)) && starts_path(i) {
            let mut start = None;
            let mut supers = 0;
            let mut j = i;
            loop {
                if at("crate", j) && supers == 0 && start.is_none() {
                    j = skip_sep(&c, j + 5);
                    start = Some(None);
                } else if at("super", j) && starts_path(j) {
                    supers += 1;
                    j = skip_sep(&c, j + 5);
                    start = Some(Some(supers));
                } else {
                    break;
                }
            }
            let (trees, end) = use_tree(&c, j);
            for t in trees {
                out.push((start.unwrap(), t));
            }
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// Skips whitespace, `::` and whitespace after a path segment ending at `j`.
fn skip_sep(c: &[char], mut j: usize) -> usize {
    while c.get(j).is_some_and(|ch| ch.is_whitespace()) {
        j += 1;
    }
    if c.get(j) == Some(&':') && c.get(j + 1) == Some(&':') {
        j += 2;
    }
    while c.get(j).is_some_and(|ch| ch.is_whitespace()) {
        j += 1;
    }
    j
}

/// The paths of the use tree (or plain path) starting at `j`, and where it ends.
fn use_tree(c: &[char], mut j: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    loop {
        let start = j;
        while c.get(j).copied().is_some_and(is_ident) {
            j += 1;
        }
        if j > start {
            prefix.push(c[start..j].iter().collect());
            let after = skip_sep(c, j);
            if c[j..after].contains(&':') {
                j = after;
                continue;
            }
            // `Name as Alias`: the alias names nothing new.
            let mut k = j;
            while c.get(k).is_some_and(|ch| ch.is_whitespace()) {
                k += 1;
            }
            if c.get(k) == Some(&'a')
                && c.get(k + 1) == Some(&'s')
                && !c.get(k + 2).copied().is_some_and(is_ident)
            {
                k += 2;
                while c.get(k).is_some_and(|ch| ch.is_whitespace()) {
                    k += 1;
                }
                while c.get(k).copied().is_some_and(is_ident) {
                    k += 1;
                }
                j = k;
            }
            return (vec![prefix], j);
        }
        if c.get(j) == Some(&'{') {
            let mut all = Vec::new();
            j += 1;
            loop {
                while c.get(j).is_some_and(|ch| ch.is_whitespace() || *ch == ',') {
                    j += 1;
                }
                match c.get(j) {
                    None => return (all, j),
                    Some('}') => return (all, j + 1),
                    _ => {}
                }
                let before = j;
                let (trees, end) = use_tree(c, j);
                for t in trees {
                    let mut p = prefix.clone();
                    p.extend(t);
                    all.push(p);
                }
                j = end.max(before + 1);
            }
        }
        // `*`, `<`, `(`, `;` or anything else ends the path.
        return (vec![prefix], j);
    }
}

/// The edges between sibling modules that the files' paths make.
fn layer_edges(files: &[(Module, String)]) -> Edges {
    let modules: BTreeSet<Module> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut edges = Edges::new();
    for (from, text) in files {
        for (start, segments) in paths(&code_only(text)) {
            let mut target: Module = match start {
                None => Vec::new(),
                Some(n) => from[..from.len().saturating_sub(n)].to_vec(),
            };
            // The longest run of segments that names a module.
            for seg in &segments {
                let mut longer = target.clone();
                longer.push(seg.clone());
                if !modules.contains(&longer) {
                    break;
                }
                target = longer;
            }
            let common = from.iter().zip(&target).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == target.len() {
                continue; // the module itself, a parent or a child
            }
            let a = from[..=common].to_vec();
            let b = target[..=common].to_vec();
            let written = match start {
                None => "crate".to_string(),
                Some(n) => vec!["super"; n].join("::"),
            };
            edges.entry((a, b)).or_default().push(format!(
                "{}: {written}::{}",
                from.join("::"),
                segments.join("::")
            ));
        }
    }
    edges
}

/// A cycle among the edges, as the modules along it, if there is one.
fn find_cycle(edges: &Edges) -> Option<Vec<Module>> {
    let mut next: BTreeMap<&Module, Vec<&Module>> = BTreeMap::new();
    for (a, b) in edges.keys() {
        next.entry(a).or_default().push(b);
    }
    // 0 = unseen, 1 = on the current path, 2 = done.
    let mut state: BTreeMap<&Module, u8> = BTreeMap::new();
    let mut path: Vec<&Module> = Vec::new();
    fn visit<'m>(
        m: &'m Module,
        next: &BTreeMap<&'m Module, Vec<&'m Module>>,
        state: &mut BTreeMap<&'m Module, u8>,
        path: &mut Vec<&'m Module>,
    ) -> Option<Vec<Module>> {
        state.insert(m, 1);
        path.push(m);
        for &n in next.get(m).into_iter().flatten() {
            match state.get(n).copied().unwrap_or(0) {
                1 => {
                    let from = path.iter().position(|p| *p == n).unwrap();
                    return Some(path[from..].iter().map(|m| (*m).clone()).collect());
                }
                0 => {
                    if let Some(c) = visit(n, next, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(m, 2);
        None
    }
    let starts: Vec<&Module> = next.keys().copied().collect();
    for m in starts {
        if state.get(m).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(m, &next, &mut state, &mut path) {
                return Some(c);
            }
        }
    }
    None
}

/// Each step of the cycle with the paths that make it.
fn describe(cycle: &[Module], edges: &Edges) -> String {
    let mut out = String::new();
    for (k, a) in cycle.iter().enumerate() {
        let b = &cycle[(k + 1) % cycle.len()];
        out.push_str(&format!("  {} -> {}\n", a.join("::"), b.join("::")));
        for why in &edges[&(a.clone(), b.clone())] {
            out.push_str(&format!("      {why}\n"));
        }
    }
    out
}
