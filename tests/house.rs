//! The house keeps its shape (ARCHITECTURE.md, Layers): the workspace's crates in layers, none
//! depending on a crate of its own layer or above; no import circle between the top-level
//! modules of one crate; the protocol reads no file and no clock; no production file over 600
//! lines and no function over 80. The layers are read from `cargo metadata` (each crate's
//! `[package.metadata.wordjudge] layer`) and must be the ones ARCHITECTURE.md lists, so neither
//! the code nor the map can drift alone.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest production file and function the house allows (lines).
const MAX_FILE_LINES: usize = 600;
const MAX_FN_LINES: usize = 80;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A workspace package: its name, its folder, its layer, and its workspace dependencies
/// (name, and whether only its tests use it).
struct Package {
    name: String,
    dir: PathBuf,
    layer: Option<u64>,
    deps: Vec<(String, bool)>,
}

fn packages() -> Vec<Package> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("its JSON");
    let members: BTreeSet<String> = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| p["name"].as_str().unwrap_or_default().to_owned())
        .collect();
    meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| Package {
            name: p["name"].as_str().unwrap_or_default().to_owned(),
            dir: Path::new(p["manifest_path"].as_str().unwrap_or_default())
                .parent()
                .expect("a manifest's folder")
                .to_owned(),
            layer: p["metadata"]["wordjudge"]["layer"].as_u64(),
            deps: p["dependencies"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|d| members.contains(d["name"].as_str().unwrap_or_default()))
                .map(|d| {
                    (
                        d["name"].as_str().unwrap_or_default().to_owned(),
                        d["kind"].as_str() == Some("dev"),
                    )
                })
                .collect(),
        })
        .collect()
}

#[test]
fn every_crate_uses_only_crates_of_the_layers_below_it() {
    let packages = packages();
    let layer: BTreeMap<&str, Option<u64>> = packages
        .iter()
        .map(|p| (p.name.as_str(), p.layer))
        .collect();
    let mut wrong = Vec::new();
    for p in &packages {
        let Some(own) = p.layer else {
            wrong.push(format!(
                "{} has no [package.metadata.wordjudge] layer",
                p.name
            ));
            continue;
        };
        for (dep, dev_only) in &p.deps {
            let Some(theirs) = layer[dep.as_str()] else {
                continue;
            };
            // A test sits above every layer: a crate's tests may use any crate not above it
            // (the station's tests use the command line's facade, on the same layer).
            let allowed = match dev_only {
                false => theirs < own,
                true => theirs <= own && dep != &p.name,
            };
            if !allowed {
                wrong.push(format!(
                    "{} (layer {own}) depends on {dep} (layer {theirs}){}: a crate uses only the crates below it; move the code that wants it, do not add the arrow",
                    p.name,
                    if *dev_only { " in its tests" } else { "" }
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The graph is what ARCHITECTURE.md draws.
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let documented = documented_layers(&doc);
    let actual: BTreeMap<String, u64> = packages
        .iter()
        .filter_map(|p| Some((p.name.clone(), p.layer?)))
        .collect();
    assert_eq!(
        documented, actual,
        "ARCHITECTURE.md's Layers table and the crates' layers differ"
    );
}

/// The rows `| N | `crate` | …` of ARCHITECTURE.md's Layers section.
fn documented_layers(doc: &str) -> BTreeMap<String, u64> {
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Layers"))
        .expect("ARCHITECTURE.md has a Layers section");
    let mut layers = BTreeMap::new();
    for line in section.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 3 {
            continue;
        }
        let Ok(n) = cells[1].parse::<u64>() else {
            continue;
        };
        for name in cells[2].split(',') {
            let name = name.trim().trim_matches('`');
            if !name.is_empty() {
                layers.insert(name.to_owned(), n);
            }
        }
    }
    layers
}

/// Every production Rust file of the workspace: `src/`, `station/src/`, `crates/*/src/`, but
/// no test module file (`tests.rs`, `tests/`).
fn production_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![root().join("src"), root().join("station/src")];
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        dirs.push(entry.expect("an entry").path().join("src"));
    }
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("an entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if name != "tests" {
                    dirs.push(path);
                }
            } else if name.ends_with(".rs") && name != "tests.rs" {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A file's production lines: those before its first `#[cfg(test)]`.
fn production_lines(text: &str) -> Vec<&str> {
    text.lines()
        .take_while(|l| !l.trim_start().starts_with("#[cfg(test)]"))
        .collect()
}

/// Each function of `lines` longer than [`MAX_FN_LINES`]: its name and length. A function runs
/// from its `fn` line to the first `}` at the same indentation (rustfmt's layout).
fn long_functions(lines: &[&str]) -> Vec<(String, usize)> {
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = line.len() - body.len();
        let mut words = body.split_whitespace().peekable();
        while let Some(w) = words.peek() {
            if w.starts_with("pub") || ["const", "async", "unsafe", "extern"].contains(w) {
                words.next();
            } else {
                break;
            }
        }
        if words.next() != Some("fn") || line.trim_end().ends_with(';') {
            continue;
        }
        let name: String = words
            .next()
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let end = lines[i + 1..]
            .iter()
            .position(|l| {
                l.len() - l.trim_start().len() == indent && l.trim_start().starts_with('}')
            })
            .map_or(lines.len(), |j| i + 1 + j);
        let length = end - i + 1;
        if length > MAX_FN_LINES {
            long.push((name, length));
        }
    }
    long
}

#[test]
fn no_production_file_passes_600_lines_nor_a_function_80() {
    let mut wrong = Vec::new();
    let files = production_files();
    assert!(files.len() > 50, "only {} files found", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file");
        let lines = production_lines(&text);
        let shown = path.strip_prefix(root()).unwrap_or(&path).display();
        if lines.len() > MAX_FILE_LINES {
            wrong.push(format!(
                "{shown}: {} production lines (at most {MAX_FILE_LINES}): split it by concern",
                lines.len()
            ));
        }
        for (name, length) in long_functions(&lines) {
            wrong.push(format!(
                "{shown}: fn {name} is {length} lines (at most {MAX_FN_LINES})"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_length_rule_sees_a_long_function_and_a_long_file() {
    let body = "    let x = 1;\n".repeat(MAX_FN_LINES);
    let text = format!("/// doc\npub(crate) fn long_one() {{\n{body}}}\n\nfn short() {{}}\n");
    let lines = production_lines(&text);
    assert_eq!(
        long_functions(&lines),
        vec![("long_one".to_owned(), MAX_FN_LINES + 2)]
    );
    let tested = format!("fn a() {{}}\n#[cfg(test)]\nmod tests {{\n{body}}}\n");
    assert_eq!(production_lines(&tested).len(), 1);
}

/// The top-level modules of the crate whose source folder is `src` (files and folders directly
/// under it, but the crate root and its tests), each with the production text of its files.
fn top_level_modules(src: &Path) -> BTreeMap<String, Vec<(usize, String)>> {
    let mut modules: BTreeMap<String, Vec<(usize, String)>> = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(src) else {
        return modules;
    };
    for entry in entries {
        let path = entry.expect("an entry").path();
        let stem = path
            .file_stem()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_owned();
        if ["lib", "main", "tests", "build"].contains(&stem.as_str()) {
            continue;
        }
        let mut files = Vec::new();
        if path.is_dir() {
            let mut stack = vec![(path.clone(), 1usize)];
            while let Some((dir, depth)) = stack.pop() {
                for e in std::fs::read_dir(&dir).expect("a folder") {
                    let p = e.expect("an entry").path();
                    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    if p.is_dir() && name != "tests" {
                        stack.push((p, depth + 1));
                    } else if name.ends_with(".rs") && name != "tests.rs" {
                        // `mod.rs` is its folder's module: one level less deep than its files.
                        let d = if name == "mod.rs" { depth } else { depth + 1 };
                        files.push((d, p));
                    }
                }
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push((1, path));
        }
        for (depth, file) in files {
            let text = std::fs::read_to_string(&file).expect("a source file");
            let code: Vec<&str> = production_lines(&text)
                .into_iter()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect();
            modules
                .entry(stem.clone())
                .or_default()
                .push((depth, code.join("\n")));
        }
    }
    modules
}

/// The names a path from the crate root reaches first in `text`: `crate::NAME`, and
/// `super::…::NAME` with as many `super`s as the file is deep (also in `{…}` groups).
fn root_references(text: &str, depth: usize) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let prefixes = ["crate::".to_owned(), "super::".repeat(depth)];
    for prefix in prefixes {
        for (i, _) in text.match_indices(&prefix) {
            // `super::super::x` is not `super::x` of a shallower file.
            if prefix.starts_with("super") && text[..i].ends_with("super::") {
                continue;
            }
            let rest = &text[i + prefix.len()..];
            if let Some(group) = rest.strip_prefix('{') {
                // Each item of the group at its first level: `b::Thing` names `b`.
                let (mut level, mut item) = (0, String::new());
                for c in group.chars() {
                    match c {
                        '{' => level += 1,
                        '}' if level == 0 => break,
                        '}' => level -= 1,
                        ',' if level == 0 => {
                            found.insert(leading_name(&item));
                            item.clear();
                        }
                        c if level == 0 => item.push(c),
                        _ => {}
                    }
                }
                found.insert(leading_name(&item));
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                found.insert(name);
            }
        }
    }
    found.remove("");
    found
}

/// The identifier `item` (of a `use` group) starts with.
fn leading_name(item: &str) -> String {
    item.trim()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The circles among `edges` (each module's modules), each once.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // For each module, every module it reaches; a circle is a module that reaches itself.
    let mut found: Vec<Vec<String>> = Vec::new();
    for start in edges.keys() {
        let mut path = vec![start.clone()];
        let mut seen = BTreeSet::new();
        fn walk(
            edges: &BTreeMap<String, BTreeSet<String>>,
            start: &str,
            path: &mut Vec<String>,
            seen: &mut BTreeSet<String>,
            found: &mut Vec<Vec<String>>,
        ) {
            let last = path.last().cloned().unwrap_or_default();
            for next in edges.get(&last).into_iter().flatten() {
                if next == start {
                    let mut circle = path.clone();
                    circle.sort();
                    if !found.iter().any(|f| {
                        let mut g = f.clone();
                        g.sort();
                        g == circle
                    }) {
                        found.push(path.clone());
                    }
                } else if seen.insert(next.clone()) {
                    path.push(next.clone());
                    walk(edges, start, path, seen, found);
                    path.pop();
                }
            }
        }
        walk(edges, start, &mut path, &mut seen, &mut found);
    }
    found
}

#[test]
fn no_crate_has_an_import_circle_between_its_top_level_modules() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for p in packages() {
        let modules = top_level_modules(&p.dir.join("src"));
        let names: BTreeSet<String> = modules.keys().cloned().collect();
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (module, files) in &modules {
            let uses: BTreeSet<String> = files
                .iter()
                .flat_map(|(depth, text)| root_references(text, *depth))
                .filter(|n| names.contains(n) && n != module)
                .collect();
            edges.insert(module.clone(), uses);
        }
        checked += modules.len();
        for circle in circles(&edges) {
            wrong.push(format!(
                "{}: the modules {} import each other in a circle: move the one item that ties them",
                p.name,
                circle.join(" → ")
            ));
        }
    }
    assert!(checked > 40, "only {checked} modules checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_circle_rule_sees_a_circle_through_a_group_and_a_super_path() {
    let a = root_references("use crate::{b::Thing, c};\nfn f() { super::d::g(); }", 1);
    assert_eq!(a, ["b", "c", "d"].map(String::from).into());
    let deep = root_references("use super::super::e::X;\nuse super::sibling;", 2);
    assert_eq!(deep, ["e"].map(String::from).into());
    let edges: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.into_iter().map(String::from).collect()))
    .collect();
    let found = circles(&edges);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].len(), 3);
}

/// What a part deliberately does not know (ARCHITECTURE.md, Layers): the protocol opens no file
/// and reads no clock (every time comes in as `now`); lexicon knows nothing of stations.
#[test]
fn the_protocol_opens_no_file_and_reads_no_clock() {
    let forbidden = [
        "std::fs",
        "File::",
        "OpenOptions",
        "SystemTime",
        "Instant::",
        "clock::",
        "env::var",
        "std::process",
    ];
    let mut found = Vec::new();
    for (module, files) in top_level_modules(&root().join("crates/protocol/src")) {
        for (_, text) in files {
            for f in forbidden {
                if text.contains(f) {
                    found.push(format!("protocol's {module} names {f}"));
                }
            }
        }
    }
    let lib = std::fs::read_to_string(root().join("crates/protocol/src/lib.rs")).expect("lib.rs");
    for f in forbidden {
        if production_lines(&lib)
            .iter()
            .any(|l| !l.trim_start().starts_with("//") && l.contains(f))
        {
            found.push(format!("protocol's lib.rs names {f}"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
