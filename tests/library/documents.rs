//! The documents a newcomer reads promise only what is there: every path of this repository a
//! document names (in backticks, or as a link) exists, no document names a path outside the
//! repository (`../shared/…`, which a clone does not have), and the README stays a front page
//! (at most 200 lines, its quick start in it); every test RELIABILITY.md names is in the file it
//! names.

use std::path::{Path, PathBuf};

/// The repository's own documents (not the golden records' README, nor the patched crate's
/// vendored ones).
fn documents() -> Vec<PathBuf> {
    let root = crate::common::root();
    let mut docs = vec![
        root.join("README.md"),
        root.join("ARCHITECTURE.md"),
        root.join("RELIABILITY.md"),
        root.join("BENCHMARKS.md"),
        root.join("lexicons/alphabets/README.md"),
        root.join("patches/README.md"),
        root.join("tests/golden/README.md"),
    ];
    docs.extend(crate::files_under(&[root.join("docs")], "md"));
    docs.sort();
    docs
}

/// The top-level names a path of this repository begins with.
const TOP: [&str; 21] = [
    ".ci/",
    ".cargo/",
    "benches/",
    "crates/",
    "deploy/",
    "docs/",
    "lexicons/",
    "patches/",
    "scripts/",
    "src/",
    "station/",
    "tests/",
    "ui/",
    "web/",
    "ARCHITECTURE.md",
    "BENCHMARKS.md",
    "Cargo.toml",
    "README.md",
    "RELIABILITY.md",
    "clippy.toml",
    "kiosk.toml",
];

/// The repository paths `text` (a Markdown document at `doc`) names: `code spans` that begin
/// as one of [`TOP`] and hold no placeholder (`*`, `…`, `<`, `{`, a space, upper-case NAMEs
/// after the first folder), and relative link targets (`](path)`), resolved from the document's
/// folder. Each with its line.
fn named_paths(text: &str, doc: &Path) -> Vec<(usize, String, PathBuf)> {
    let root = crate::common::root();
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for (n, span) in line.split('`').enumerate() {
            if n % 2 == 0 {
                continue;
            }
            let span = span.trim_end_matches([':', ',', '.']);
            let span = span.split_once(":").map_or(span, |(p, _)| p);
            let placeholder = span.contains(['*', '…', '<', '{', ' ', '$', '|', '='])
                || span.split('/').skip(1).any(placeholder_part);
            // A folder of the repository begins the path; a file of its top is the whole path.
            let repository = TOP.iter().any(|t| {
                if t.ends_with('/') {
                    span.starts_with(t)
                } else {
                    span == *t
                }
            });
            if repository && !placeholder {
                found.push((i + 1, span.to_owned(), root.join(span)));
            }
        }
        for (at, _) in line.match_indices("](") {
            let rest = &line[at + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = rest[..end].split('#').next().unwrap_or_default();
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let base = doc.parent().expect("a document's folder");
            found.push((i + 1, target.to_owned(), base.join(target)));
        }
    }
    found
}

/// Whether a path's part stands for a name rather than being one: a run of three or more
/// capitals (`CODE.fst`, `FINGERPRINT`, `.wordjudge-XXXX.tmp`, `DATE`), but for the
/// repository's own capitalised names.
fn placeholder_part(part: &str) -> bool {
    const NAMES: [&str; 6] = [
        "README",
        "LICENSES",
        "ARCHITECTURE",
        "RELIABILITY",
        "BENCHMARKS",
        "LICENSE",
    ];
    let mut run = 0;
    let mut word = String::new();
    for c in part.chars().chain(std::iter::once('.')) {
        if c.is_ascii_uppercase() {
            run += 1;
            word.push(c);
        } else {
            if run >= 3 && !NAMES.contains(&word.as_str()) {
                return true;
            }
            run = 0;
            word.clear();
        }
    }
    false
}

#[test]
fn every_path_a_document_names_exists_and_none_is_outside_the_repository() {
    let root = crate::common::root();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).expect("a document");
        let shown = doc
            .strip_prefix(&root)
            .unwrap_or(&doc)
            .display()
            .to_string();
        for (line, named, path) in named_paths(&text, &doc) {
            checked += 1;
            if !path.exists() {
                wrong.push(format!("{shown}:{line}: `{named}` does not exist"));
            }
        }
        for (i, line) in text.lines().enumerate() {
            if line.contains("../shared") {
                wrong.push(format!(
                    "{shown}:{}: names ../shared, which a clone of this repository does not have",
                    i + 1
                ));
            }
        }
    }
    assert!(checked > 100, "only {checked} paths checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_path_rule_sees_a_missing_path_a_link_and_leaves_placeholders_alone() {
    let doc = crate::common::root().join("docs/x.md");
    let text =
        "See `src/lib.rs`, `src/nowhere.rs`: and [deploy](deploy.md#top), [gone](gone.md),\n\
                `crates/*/src`, `events/FINGERPRINT/`, `tests/golden/DATE/`, <https://x.org>,\n\
                `lexicons/CODE.fst`, `kiosk.toml.lock` (a station's), `patches/README.md`.";
    let named: Vec<(usize, String, bool)> = named_paths(text, &doc)
        .into_iter()
        .map(|(line, named, path)| (line, named, path.exists()))
        .collect();
    assert_eq!(
        named,
        [
            (1, "src/lib.rs".to_owned(), true),
            (1, "src/nowhere.rs".to_owned(), false),
            (1, "deploy.md".to_owned(), true),
            (1, "gone.md".to_owned(), false),
            (3, "patches/README.md".to_owned(), true),
        ]
    );
}

#[test]
fn the_readme_is_a_front_page_with_its_two_commands() {
    let text = std::fs::read_to_string(crate::common::root().join("README.md")).expect("README");
    let lines = text.lines().count();
    assert!(lines <= 200, "README.md is {lines} lines (at most 200)");
    let quick = text
        .split("\n## ")
        .find(|s| s.starts_with("Quick start"))
        .expect("a Quick start section");
    assert!(quick.contains("\ncargo run"), "{quick}");
    assert!(quick.contains("\ncargo test"), "{quick}");
}

/// The tests a table row of RELIABILITY.md names in its last cell: each `name` (or `a::name`)
/// after the `file.rs` it is in, with the row's line.
fn named_tests(text: &str) -> Vec<(usize, String, String)> {
    let mut named = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if !line.starts_with('|') || line.starts_with("| ---") {
            continue;
        }
        let last = line
            .trim()
            .trim_matches('|')
            .rsplit(" | ")
            .next()
            .unwrap_or("");
        let mut file: Option<&str> = None;
        for span in last.split('`').skip(1).step_by(2) {
            if span.contains('/') {
                file = Some(span);
                continue;
            }
            let name = span.rsplit("::").next().unwrap_or(span);
            let identifier = name.contains('_')
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            if identifier {
                named.push((
                    i + 1,
                    file.unwrap_or("(no file before it)").to_owned(),
                    name.to_owned(),
                ));
            }
        }
    }
    named
}

/// Whether `source` defines a function called `name`.
fn defines(source: &str, name: &str) -> bool {
    source
        .match_indices(&format!("fn {name}"))
        .any(|(at, found)| {
            !source[at + found.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        })
}

#[test]
fn every_test_reliability_md_names_is_in_the_file_it_names() {
    let root = crate::common::root();
    let text = std::fs::read_to_string(root.join("RELIABILITY.md")).expect("RELIABILITY.md");
    let named = named_tests(&text);
    assert!(named.len() > 200, "only {} tests named", named.len());
    let wrong: Vec<String> = named
        .iter()
        .filter(|(_, file, name)| {
            !std::fs::read_to_string(root.join(file)).is_ok_and(|s| defines(&s, name))
        })
        .map(|(line, file, name)| format!("RELIABILITY.md:{line}: no `fn {name}` in {file}"))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_test_rule_sees_a_test_that_is_gone_or_in_another_file() {
    let text = "| promise | how | — | `tests/library/documents.rs` `named_tests`, `defines_not`; \
                `src/lib.rs` `a::named_tests` |\n| --- | --- | --- | --- |";
    let named = named_tests(text);
    let source = std::fs::read_to_string(crate::common::root().join("tests/library/documents.rs"))
        .expect("this file");
    let found: Vec<(&str, &str, bool)> = named
        .iter()
        .map(|(_, file, name)| (file.as_str(), name.as_str(), defines(&source, name)))
        .collect();
    assert_eq!(
        found,
        [
            ("tests/library/documents.rs", "named_tests", true),
            ("tests/library/documents.rs", "defines_not", false),
            ("src/lib.rs", "named_tests", true),
        ]
    );
    // A name is whole: the start of `defines` is not a function of its own.
    assert!(!defines(&source, "defi"));
}
