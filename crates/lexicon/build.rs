//! The table of published editions (`src/known-lexicons.toml`), read by the `toml` crate when
//! the crate is built and written out as Rust: a cold `wordjudge judge` recognises its lexicon
//! without parsing TOML (reading it at run time took about a million instructions). A table
//! that does not read, or has a field editions do not have, fails the build with its reason.

use std::fmt::Write;

const FIELDS: [&str; 8] = [
    "code",
    "title",
    "publisher",
    "effective",
    "words",
    "two_letter",
    "max_len",
    "content_sha256",
];

/// `quoted` (a Rust string literal of a SHA-256), checked to be 64 lower-case hex digits.
fn digest(key: &str, quoted: &str) -> String {
    let hex = quoted.trim_matches('"');
    assert!(
        hex.len() == 64 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')),
        "[{key}] content_sha256 is not 64 lower-case hex digits"
    );
    quoted.to_owned()
}

fn main() {
    println!("cargo:rerun-if-changed=src/known-lexicons.toml");
    let text = std::fs::read_to_string("src/known-lexicons.toml")
        .expect("src/known-lexicons.toml is read");
    let table: toml::Table = text
        .parse()
        .unwrap_or_else(|e| panic!("src/known-lexicons.toml does not read as TOML: {e}"));
    let mut out = String::from(
        "/// The editions of `src/known-lexicons.toml`, in its order (written by build.rs).\n\
         const TABLE_ROWS: &[Row] = &[\n",
    );
    for (key, row) in &table {
        let row = row
            .as_table()
            .unwrap_or_else(|| panic!("[{key}] is not a table"));
        if let Some(unknown) = row.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            panic!("[{key}]: {unknown} is not a field of an edition");
        }
        let text = |name: &str| -> String {
            match row.get(name) {
                Some(toml::Value::String(s)) => format!("{s:?}"),
                Some(_) => panic!("[{key}] {name} is not text"),
                None => panic!("[{key}] has no {name}"),
            }
        };
        let number = |name: &str| -> i64 {
            match row.get(name) {
                Some(toml::Value::Integer(n)) if *n >= 0 => *n,
                _ => panic!("[{key}] {name} is not a number"),
            }
        };
        let effective = match row.get("effective") {
            None => "None".to_owned(),
            Some(toml::Value::String(s)) => format!("Some({s:?})"),
            Some(_) => panic!("[{key}] effective is not text"),
        };
        let _ = writeln!(
            out,
            "    Row {{ code: {}, title: {}, publisher: {}, effective: {effective}, words: {}, \
             two_letter: {}, max_len: {}, content_sha256: {} }},",
            text("code"),
            text("title"),
            text("publisher"),
            number("words"),
            number("two_letter"),
            number("max_len"),
            digest(key, &text("content_sha256")),
        );
    }
    out.push_str("];\n");
    let dest =
        std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("known_editions.rs");
    std::fs::write(dest, out).expect("the table is written");
}
