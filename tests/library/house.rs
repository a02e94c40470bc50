//! The house keeps its shape (ARCHITECTURE.md, Layers): the workspace's crates in layers, none
//! depending on a crate of its own layer or above; no import circle between the top-level
//! modules of one crate; no production file over 600 lines. The layers are read from `cargo
//! metadata` (each crate's `[package.metadata.wordjudge] layer`) and must be the ones
//! ARCHITECTURE.md lists, so neither the code nor the map can drift alone.
//!
//! A file's production lines are found by its structure (`syn`): every item compiled only for
//! tests (`#[cfg(test)]`, wherever it sits, with its attributes and its block) is left out, and
//! nothing else. The rules clippy has are clippy's (`clippy.toml`, `crates/protocol/clippy.toml`,
//! `[workspace.lints]`): no function over 80 lines (`too_many_lines`), the protocol opens no file
//! and reads no clock (`disallowed_methods`, `disallowed_types`), `unsafe` only with a `SAFETY:`
//! comment; `clippys_rules_catch_what_they_claim` runs clippy on a crate that breaks each.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest production file the house allows (lines).
const MAX_FILE_LINES: usize = 600;

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

/// Whether `attrs` make an item compiled only for tests: a `cfg` whose predicate needs `test`
/// (`cfg(test)`, `cfg(all(test, unix))`; not `cfg(not(test))`).
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.meta.require_list().is_ok_and(|list| {
                let tokens = list.tokens.to_string();
                let words: Vec<&str> = tokens
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .filter(|w| !w.is_empty())
                    .collect();
                words.first() != Some(&"not") && words.contains(&"test")
            })
    })
}

/// Collects the line ranges (1-based, inclusive) of the items compiled only for tests.
#[derive(Default)]
struct TestOnly {
    ranges: Vec<(usize, usize)>,
}

impl TestOnly {
    /// Notes `node` when `attrs` make it test-only (from its first attribute to its end).
    fn note(&mut self, attrs: &[syn::Attribute], node: &impl syn::spanned::Spanned) -> bool {
        if !test_only(attrs) {
            return false;
        }
        let span = node.span();
        let first = attrs
            .iter()
            .map(|a| syn::spanned::Spanned::span(a).start().line)
            .min();
        let start = first.map_or(span.start().line, |f| f.min(span.start().line));
        self.ranges.push((start, span.end().line));
        true
    }
}

impl<'ast> syn::visit::Visit<'ast> for TestOnly {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::ExternCrate(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::ForeignMod(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::TraitAlias(i) => &i.attrs,
            syn::Item::Type(i) => &i.attrs,
            syn::Item::Union(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            _ => &[],
        };
        if !self.note(attrs, item) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs: &[syn::Attribute] = match item {
            syn::ImplItem::Const(i) => &i.attrs,
            syn::ImplItem::Fn(i) => &i.attrs,
            syn::ImplItem::Type(i) => &i.attrs,
            syn::ImplItem::Macro(i) => &i.attrs,
            _ => &[],
        };
        if !self.note(attrs, item) {
            syn::visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        let attrs: &[syn::Attribute] = match item {
            syn::TraitItem::Const(i) => &i.attrs,
            syn::TraitItem::Fn(i) => &i.attrs,
            syn::TraitItem::Type(i) => &i.attrs,
            syn::TraitItem::Macro(i) => &i.attrs,
            _ => &[],
        };
        if !self.note(attrs, item) {
            syn::visit::visit_trait_item(self, item);
        }
    }

    fn visit_stmt(&mut self, stmt: &'ast syn::Stmt) {
        if let syn::Stmt::Local(local) = stmt {
            if self.note(&local.attrs, local) {
                return;
            }
        }
        syn::visit::visit_stmt(self, stmt);
    }
}

/// A file's production lines: all of its lines but those of the items compiled only for tests,
/// found by parsing it.
fn production_lines(text: &str) -> Vec<&str> {
    let file = syn::parse_file(text).unwrap_or_else(|e| panic!("a file that does not parse: {e}"));
    let mut test_only = TestOnly::default();
    syn::visit::Visit::visit_file(&mut test_only, &file);
    text.lines()
        .enumerate()
        .filter(|(i, _)| {
            let line = i + 1;
            !test_only
                .ranges
                .iter()
                .any(|&(a, b)| (a..=b).contains(&line))
        })
        .map(|(_, l)| l)
        .collect()
}

#[test]
fn no_production_file_passes_600_lines() {
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
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_length_rule_counts_every_production_line_wherever_the_test_module_sits() {
    let body = "    let x = 1;\n".repeat(MAX_FILE_LINES);
    // The test modules first, the long production code after them: every line of it counts.
    let early = format!(
        "//! doc\n#[cfg(test)]\nmod tests;\n\n#[cfg(test)]\nmod inline {{\n    #[test]\n    fn t() {{}}\n}}\n\npub fn long_one() {{\n{body}}}\n"
    );
    let lines = production_lines(&early);
    assert_eq!(lines.len(), 3 + 1 + MAX_FILE_LINES + 1, "{:?}", &lines[..5]);
    assert!(!lines
        .iter()
        .any(|l| l.contains("mod tests") || l.contains("fn t()")));
    // Test-only items inside an impl, a function's statements and `cfg(all(test, …))` are left
    // out; `cfg(not(test))` is production.
    let mixed = "impl A {\n    #[cfg(test)]\n    fn helper() {\n        1;\n    }\n    fn real() {}\n}\n#[cfg(all(test, unix))]\nconst T: u8 = 1;\n#[cfg(not(test))]\nconst P: u8 = 1;\nfn f() {\n    #[cfg(test)]\n    let x = 1;\n}\n";
    assert_eq!(
        production_lines(mixed),
        [
            "impl A {",
            "    fn real() {}",
            "}",
            "#[cfg(not(test))]",
            "const P: u8 = 1;",
            "fn f() {",
            "}"
        ]
    );
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

/// A fixture package's manifest: the workspace's lints, and `deps`.
fn package_toml(name: &str, deps: &str) -> String {
    format!("[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[lints]\nworkspace = true\n\n[dependencies]\n{deps}")
}

/// The `[workspace.lints]` table of the workspace's Cargo.toml, as text.
fn workspace_lints() -> String {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let start = manifest
        .find("[workspace.lints.rust]")
        .expect("Cargo.toml has [workspace.lints.rust]");
    let rest = &manifest[start..];
    // Up to the first table that is not a lints table.
    let end = rest
        .match_indices("\n[")
        .find(|(i, _)| !rest[i + 1..].starts_with("[workspace.lints"))
        .map_or(rest.len(), |(i, _)| i);
    rest[..end].to_owned()
}

/// Clippy, with the house's settings, on a small crate that breaks every rule clippy keeps for
/// the house: a function of 81 lines of code, a file opened and the clock read in the protocol
/// (and the project's own clock and file reader, through a stand-in `wordjudge-base`), an
/// `unsafe` block without its `SAFETY:` comment. Each is reported; a crate that breaks none
/// passes (so the failures are the rules', not the fixture's).
#[test]
fn clippys_rules_catch_what_they_claim() {
    let fixture = root().join("target/house-fixture");
    let write = |path: &str, text: &str| {
        let path = fixture.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("mkdir");
        std::fs::write(path, text).expect("a fixture file");
    };
    let lints = workspace_lints();
    write(
        "Cargo.toml",
        &format!("[workspace]\nmembers = [\"protocol\", \"other\", \"clean\", \"wordjudge-*\"]\nresolver = \"2\"\n\n{lints}\n"),
    );
    // The project's crates, as far as the protocol's clippy.toml names them: a stand-in of each
    // with every function and type it names (clippy warns of a path that leads nowhere).
    let read = |path: &str| std::fs::read_to_string(root().join(path)).expect(path);
    let rules: toml::Table = read("crates/protocol/clippy.toml")
        .parse()
        .expect("its TOML");
    // crate → module ("" for its root) → items.
    let mut items: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for (list, item) in [("disallowed-methods", "fn"), ("disallowed-types", "struct")] {
        for entry in rules[list].as_array().expect("a list") {
            let path = entry["path"].as_str().expect("a path");
            let parts: Vec<&str> = path.split("::").collect();
            if !parts[0].starts_with("wordjudge_") {
                continue;
            }
            assert!(
                parts.len() <= 3,
                "{path}: the stand-in goes one module deep"
            );
            let name = parts[parts.len() - 1];
            let module = parts[1..parts.len() - 1].join("::");
            let code = match item {
                "fn" => format!("pub fn {name}() {{}}"),
                _ => format!("pub struct {name};"),
            };
            items
                .entry(parts[0].to_owned())
                .or_default()
                .entry(module)
                .or_default()
                .push(code);
        }
    }
    let stand_ins: BTreeMap<String, String> = items
        .into_iter()
        .map(|(krate, modules)| {
            let code = modules
                .into_iter()
                .map(|(module, items)| match module.as_str() {
                    "" => items.join("\n"),
                    _ => format!("pub mod {module} {{\n{}\n}}", items.join("\n")),
                })
                .collect::<Vec<_>>()
                .join("\n");
            (krate, code + "\n")
        })
        .collect();
    assert!(stand_ins.contains_key("wordjudge_base"), "{stand_ins:?}");
    let mut deps = String::new();
    for (krate, code) in &stand_ins {
        let package = krate.replace('_', "-");
        write(
            &format!("{package}/Cargo.toml"),
            &package_toml(&package, ""),
        );
        write(&format!("{package}/src/lib.rs"), code);
        deps.push_str(&format!("{package} = {{ path = \"../{package}\" }}\n"));
    }
    let long_body = "    total += 1;\n".repeat(81);
    let long =
        format!("pub fn long_one() -> u32 {{\n    let mut total = 0;\n{long_body}    total\n}}\n");
    write("protocol/Cargo.toml", &package_toml("protocol", &deps));
    write("protocol/clippy.toml", &read("crates/protocol/clippy.toml"));
    write(
        "protocol/src/lib.rs",
        &format!(
            "pub fn opens() -> std::io::Result<std::fs::File> {{\n    std::fs::File::open(\"kiosk.toml\")\n}}\n\
             pub fn reads() -> Vec<u8> {{\n    std::fs::read(\"slips.jsonl\").unwrap_or_default()\n}}\n\
             pub fn clock() -> std::time::SystemTime {{\n    std::time::SystemTime::now()\n}}\n\
             pub fn stamp() {{\n    wordjudge_base::clock::now()\n}}\n\
             pub fn own_reader() {{\n    wordjudge_base::fsutil::read_regular()\n}}\n\
             pub fn own_log(_: wordjudge_sliplog::SlipLog) {{}}\n\
             {long}"
        ),
    );
    write("other/clippy.toml", &read("clippy.toml"));
    write("other/Cargo.toml", &package_toml("other", ""));
    write(
        "other/src/lib.rs",
        &format!("{long}pub fn raw(p: *const u8) -> u8 {{\n    unsafe {{ *p }}\n}}\n"),
    );
    // Within every rule: 80 lines of code, a SAFETY comment on an allowed `unsafe`.
    write("clean/clippy.toml", &read("clippy.toml"));
    write("clean/Cargo.toml", &package_toml("clean", ""));
    let body = "    total += 1;\n".repeat(77);
    write(
        "clean/src/lib.rs",
        &format!("pub fn long_enough() -> u32 {{\n    let mut total = 0;\n{body}    total\n}}\n#[allow(unsafe_code)]\npub fn raw(p: &u8) -> u8 {{\n    // SAFETY: a reference is a valid pointer.\n    unsafe {{ *(p as *const u8) }}\n}}\n"),
    );
    let clippy = |package: &str| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = std::process::Command::new(cargo)
            .args([
                "clippy",
                "--offline",
                "--quiet",
                "-p",
                package,
                "--",
                "-D",
                "warnings",
            ])
            .env("CARGO_TARGET_DIR", fixture.join("target"))
            .env_remove("CARGO_INCREMENTAL")
            .current_dir(&fixture)
            .output()
            .expect("cargo clippy runs (rustup component add clippy)");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (ok, said) = clippy("protocol");
    assert!(!ok, "{said}");
    for expected in [
        "disallowed type `std::fs::File`",
        "disallowed method `std::fs::read`",
        "disallowed type `std::time::SystemTime`",
        "disallowed method `wordjudge_base::clock::now`",
        "disallowed method `wordjudge_base::fsutil::read_regular`",
        "disallowed type `wordjudge_sliplog::SlipLog`",
        "too many lines",
    ] {
        assert!(
            said.contains(expected),
            "clippy did not say {expected:?}:\n{said}"
        );
    }
    let (ok, said) = clippy("other");
    assert!(!ok, "{said}");
    for expected in [
        "too many lines",
        "usage of an `unsafe` block",
        "unsafe block missing a safety comment",
    ] {
        assert!(
            said.contains(expected),
            "clippy did not say {expected:?}:\n{said}"
        );
    }
    let (ok, said) = clippy("clean");
    assert!(ok, "{said}");
}

/// The table of published editions compiled into the program is the shared one (the project's
/// reference data, where `WORDJUDGE_SHARED` points; CI requires it).
#[test]
fn the_embedded_editions_table_is_the_shared_one() {
    let shared = crate::common::shared().join("lexicons/known-lexicons.toml");
    let Ok(text) = std::fs::read_to_string(&shared) else {
        crate::common::skip(
            "WORDJUDGE_REQUIRE_SHARED",
            &format!("{} is absent", shared.display()),
        );
        return;
    };
    let embedded = std::fs::read_to_string(root().join("crates/lexicon/src/known-lexicons.toml"))
        .expect("the embedded table");
    assert_eq!(
        text, embedded,
        "crates/lexicon/src/known-lexicons.toml is out of date"
    );
}

/// Every test that cannot run here goes through `common::skip`, which fails in CI and lists the
/// skip where `.ci/run` looks: no test skips with a message of its own.
#[test]
fn every_skip_goes_through_the_one_that_ci_sees() {
    let mut wrong = Vec::new();
    let dirs = [
        root().join("tests"),
        root().join("station/tests"),
        root().join("crates"),
    ];
    for path in crate::files_under(&dirs, "rs") {
        let text = std::fs::read_to_string(&path).expect("a source file");
        let own = path.ends_with("tests/common/mod.rs");
        for (i, line) in text.lines().enumerate() {
            if line.contains("!(\"SKIPPED") && !own {
                wrong.push(format!("{}:{}", path.display(), i + 1));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a test skips on its own (use common::skip): {}",
        wrong.join(", ")
    );
}
