//! The station's configuration, `kiosk.toml`: reading it strictly, and recording lexicons in it.
//!
//! Reading is strict — unknown keys, wrong types, malformed digests, divisions naming lexicons that
//! are not configured, and missing lexicon files are all errors, each with the line and column in
//! `kiosk.toml` — and every problem found is reported at once, not just the first. Relative paths
//! in the file are relative to the directory holding it, so a station folder can be copied whole.
//!
//! Writing ([`record_lexicon`]) edits the document in place with `toml_edit`, so the director's
//! comments and layout survive, and replaces the file atomically.

use std::fmt;
use std::path::{Path, PathBuf};

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

use crate::digest::Digest;
use crate::fsutil;
use crate::lexicon::Expected;

/// The configuration file used when neither `--config` nor `WORDJUDGE_CONFIG` names one.
pub const DEFAULT_PATH: &str = "kiosk.toml";

// ---------------------------------------------------------------------------------------------
// The file as written.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    station: RawStation,
    #[serde(default)]
    lexicons: IndexMap<String, Spanned<RawLexicon>>,
    #[serde(default)]
    divisions: IndexMap<String, Spanned<RawDivision>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStation {
    id: Spanned<String>,
    #[serde(default)]
    diagnostic_log: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLexicon {
    file: Spanned<String>,
    sha256: Spanned<String>,
    words: u64,
    title: String,
    #[serde(default)]
    edition: Option<String>,
    #[serde(default)]
    source_sha256: Option<Spanned<String>>,
    #[serde(default)]
    content_sha256: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDivision {
    primary: Spanned<String>,
    #[serde(default)]
    title: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// The configuration as the program uses it.

/// A checked configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file it was read from.
    pub path: PathBuf,
    pub station: Station,
    pub lexicons: IndexMap<String, LexiconConfig>,
    pub divisions: IndexMap<String, DivisionConfig>,
    /// Problems with files the configuration names (missing lexicon files): empty after
    /// [`Config::load`], possibly not after [`Config::parse`].
    pub file_problems: Vec<Problem>,
}

#[derive(Debug, Clone)]
pub struct Station {
    pub id: String,
    pub diagnostic_log: Option<PathBuf>,
}

/// A lexicon as recorded by `wordjudge lexicon add`.
#[derive(Debug, Clone)]
pub struct LexiconConfig {
    pub code: String,
    /// Absolute, or relative to the working directory (resolved against the config's directory).
    pub file: PathBuf,
    pub expected: Expected,
    pub title: String,
    /// The published edition its content was recognised as, or `known::UNPUBLISHED`.
    pub edition: Option<String>,
    pub source_sha256: Option<Digest>,
    pub content_sha256: Option<Digest>,
}

/// A division: which lexicon judges its challenges.
#[derive(Debug, Clone)]
pub struct DivisionConfig {
    pub name: String,
    pub title: Option<String>,
    /// Code of the primary lexicon (a key of [`Config::lexicons`]).
    pub primary: String,
}

/// One thing wrong in `kiosk.toml`, with its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Why a configuration could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read configuration {path}: {source} — pass --config PATH or set WORDJUDGE_CONFIG to use another file")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", Problems(.path, .problems))]
    Invalid {
        path: PathBuf,
        problems: Vec<Problem>,
    },
    #[error("cannot write configuration {path}: {source}; the file was left as it was")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

struct Problems<'a>(&'a Path, &'a [Problem]);

impl fmt::Display for Problems<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.1.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(
                f,
                "{}:{}:{}: {}",
                self.0.display(),
                p.line,
                p.column,
                p.message
            )?;
        }
        Ok(())
    }
}

/// Line and column (1-based, columns in characters) of byte `offset` in `text`.
fn position(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

fn problem(text: &str, span: std::ops::Range<usize>, message: impl Into<String>) -> Problem {
    let (line, column) = position(text, span.start);
    Problem {
        line,
        column,
        message: message.into(),
    }
}

/// Codes become file names (`lexicons/<CODE>.fst`): keep them to safe characters.
pub fn valid_code(code: &str) -> bool {
    let mut chars = code.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && code.len() <= 32
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

impl Config {
    /// Reads and checks the configuration at `path`, including that every lexicon file exists.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let config = Config::read(path)?;
        if config.file_problems.is_empty() {
            Ok(config)
        } else {
            Err(ConfigError::Invalid {
                path: path.to_owned(),
                problems: config.file_problems,
            })
        }
    }

    /// Like [`Config::load`], but missing lexicon files are left in [`Config::file_problems`]
    /// for the caller to handle (a station keeps other divisions running).
    pub fn read(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Io {
            path: path.to_owned(),
            source,
        })?;
        Config::parse(path, &text)
    }

    /// Checks `text` as the contents of `path`.
    pub fn parse(path: &Path, text: &str) -> Result<Config, ConfigError> {
        let invalid = |problems| ConfigError::Invalid {
            path: path.to_owned(),
            problems,
        };
        let raw: RawConfig = toml::from_str(text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            invalid(vec![problem(text, span, one_line(e.message()))])
        })?;
        let base = path.parent().unwrap_or(Path::new(""));
        let resolve = |p: &str| base.join(p);
        let mut problems = Vec::new();
        let mut file_problems = Vec::new();

        let digest = |s: &Spanned<String>, what: &str, problems: &mut Vec<Problem>| {
            s.get_ref().parse::<Digest>().map_err(|_| {
                problems.push(problem(
                    text,
                    s.span(),
                    format!(
                        "{what} must be 64 hex digits (a SHA-256), not {:?}",
                        s.get_ref()
                    ),
                ))
            })
        };

        if raw.station.id.get_ref().trim().is_empty() {
            problems.push(problem(
                text,
                raw.station.id.span(),
                "station id must not be empty",
            ));
        }

        let mut lexicons = IndexMap::new();
        for (code, entry) in &raw.lexicons {
            let span = entry.span();
            let lex = entry.get_ref();
            if !valid_code(code) {
                problems.push(problem(
                    text,
                    span.clone(),
                    format!("lexicon code {code:?} must be 1-32 letters, digits, '.', '-' or '_', starting with a letter or digit"),
                ));
            }
            let sha256 = digest(&lex.sha256, "sha256", &mut problems);
            let source_sha256 = lex
                .source_sha256
                .as_ref()
                .map(|d| digest(d, "source_sha256", &mut problems))
                .transpose();
            let content_sha256 = lex
                .content_sha256
                .as_ref()
                .map(|d| digest(d, "content_sha256", &mut problems))
                .transpose();
            let file = resolve(lex.file.get_ref());
            if !file.is_file() {
                file_problems.push(problem(
                    text,
                    lex.file.span(),
                    format!(
                        "lexicon {code}: file {} does not exist (compile it with `wordjudge lexicon add {code} SOURCE`)",
                        file.display()
                    ),
                ));
            }
            if let (Ok(sha256), Ok(source_sha256), Ok(content_sha256)) =
                (sha256, source_sha256, content_sha256)
            {
                lexicons.insert(
                    code.clone(),
                    LexiconConfig {
                        code: code.clone(),
                        file,
                        expected: Expected {
                            sha256,
                            words: lex.words,
                        },
                        title: lex.title.clone(),
                        edition: lex.edition.clone(),
                        source_sha256,
                        content_sha256,
                    },
                );
            }
        }

        let mut divisions = IndexMap::new();
        for (name, entry) in &raw.divisions {
            let div = entry.get_ref();
            let primary = div.primary.get_ref();
            if !raw.lexicons.contains_key(primary) {
                problems.push(problem(
                    text,
                    div.primary.span(),
                    format!(
                        "division {name}: lexicon {primary:?} is not configured (configured: {})",
                        list_or_none(raw.lexicons.keys())
                    ),
                ));
            }
            divisions.insert(
                name.clone(),
                DivisionConfig {
                    name: name.clone(),
                    title: div.title.clone(),
                    primary: primary.clone(),
                },
            );
        }

        if !problems.is_empty() {
            problems.extend(file_problems);
            return Err(invalid(problems));
        }
        Ok(Config {
            path: path.to_owned(),
            station: Station {
                id: raw.station.id.into_inner(),
                diagnostic_log: raw.station.diagnostic_log.as_deref().map(resolve),
            },
            lexicons,
            divisions,
            file_problems,
        })
    }

    /// The directory relative paths in the file are resolved against.
    pub fn base_dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new(""))
    }
}

/// Parser messages may span lines; a problem is reported on one.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

fn list_or_none<'a>(names: impl Iterator<Item = &'a String>) -> String {
    let names: Vec<&str> = names.map(String::as_str).collect();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

// ---------------------------------------------------------------------------------------------
// Recording a lexicon.

/// What `lexicon add` records about a compiled lexicon.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub code: String,
    /// Where the `.fst` file is; stored relative to the config's directory when inside it.
    pub file: PathBuf,
    pub sha256: Digest,
    pub words: u64,
    pub title: String,
    pub edition: String,
    pub source_sha256: Digest,
    pub content_sha256: Digest,
}

/// The file written when `lexicon add` is pointed at a configuration that does not exist yet.
const NEW_CONFIG: &str = "\
# wordjudge station configuration (created by `wordjudge lexicon add`).
# See the README for every setting.

[station]
# Printed on every slip; make it unique per computer at the event.
id = \"station-1\"
";

/// The `file` a lexicon already has in the configuration at `config_path`, if any (so that
/// re-adding a lexicon rewrites the same file).
pub fn recorded_file(config_path: &Path, code: &str) -> Result<Option<PathBuf>, ConfigError> {
    let doc = match read_document(config_path)? {
        Some(doc) => doc,
        None => return Ok(None),
    };
    let base = config_path.parent().unwrap_or(Path::new(""));
    Ok(doc
        .get("lexicons")
        .and_then(|l| l.get(code))
        .and_then(|e| e.get("file"))
        .and_then(|f| f.as_str())
        .map(|f| base.join(f)))
}

fn read_document(path: &Path) -> Result<Option<toml_edit::DocumentMut>, ConfigError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(ConfigError::Io {
                path: path.to_owned(),
                source,
            })
        }
    };
    text.parse::<toml_edit::DocumentMut>()
        .map(Some)
        .map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            ConfigError::Invalid {
                path: path.to_owned(),
                problems: vec![problem(&text, span, one_line(e.message()))],
            }
        })
}

/// Records (or updates) `entry` under `[lexicons.CODE]` in the configuration at `config_path`,
/// creating the file if it does not exist. Comments and layout elsewhere are kept.
pub fn record_lexicon(config_path: &Path, entry: &Recorded) -> Result<(), ConfigError> {
    let text = with_lexicon(config_path, entry)?;
    write_config(config_path, &text)
}

/// Replaces the configuration at `config_path` with `text`, atomically.
pub fn write_config(config_path: &Path, text: &str) -> Result<(), ConfigError> {
    fsutil::write_atomically(config_path, text.as_bytes()).map_err(|source| ConfigError::Write {
        path: config_path.to_owned(),
        source,
    })
}

/// The text of the configuration at `config_path` with `entry` recorded, without writing it —
/// so a command can find out that the configuration cannot be updated before changing anything.
pub fn with_lexicon(config_path: &Path, entry: &Recorded) -> Result<String, ConfigError> {
    use toml_edit::{Item, Table};

    let mut doc = match read_document(config_path)? {
        Some(doc) => doc,
        None => NEW_CONFIG
            .parse::<toml_edit::DocumentMut>()
            .expect("the built-in configuration template is valid TOML"),
    };
    let base = config_path.parent().unwrap_or(Path::new(""));
    let file = relative_to(&entry.file, base);

    let lexicons = doc.entry("lexicons").or_insert_with(|| {
        let mut t = Table::new();
        t.set_implicit(true);
        Item::Table(t)
    });
    let Some(lexicons) = lexicons.as_table_mut() else {
        return Err(ConfigError::Invalid {
            path: config_path.to_owned(),
            problems: vec![Problem {
                line: 1,
                column: 1,
                message: "`lexicons` must be a table of [lexicons.CODE] sections".into(),
            }],
        });
    };
    let table = lexicons
        .entry(&entry.code)
        .or_insert_with(|| Item::Table(Table::new()));
    // A [lexicons.CODE] section or an inline table `CODE = { ... }` under [lexicons].
    let Some(table) = table.as_table_like_mut() else {
        return Err(ConfigError::Invalid {
            path: config_path.to_owned(),
            problems: vec![Problem {
                line: 1,
                column: 1,
                message: format!(
                    "`lexicons.{}` must be a table ([lexicons.{}] section); fix it by hand, then run this again",
                    entry.code, entry.code
                ),
            }],
        });
    };
    let fields: [(&str, toml_edit::Value); 7] = [
        ("file", file.into()),
        ("sha256", entry.sha256.to_string().into()),
        ("words", (entry.words as i64).into()),
        ("title", entry.title.clone().into()),
        ("edition", entry.edition.clone().into()),
        ("source_sha256", entry.source_sha256.to_string().into()),
        ("content_sha256", entry.content_sha256.to_string().into()),
    ];
    for (key, mut new) in fields {
        // Keep the spacing and any end-of-line comment of a value being replaced.
        if let Some(old) = table.get(key).and_then(Item::as_value) {
            *new.decor_mut() = old.decor().clone();
        }
        table.insert(key, Item::Value(new));
    }
    Ok(doc.to_string())
}

/// `path` relative to `base` (with `/` separators) when it lies inside it, else as it is.
fn relative_to(path: &Path, base: &Path) -> String {
    let rel = if base.as_os_str().is_empty() {
        Some(path)
    } else {
        path.strip_prefix(base).ok()
    };
    match rel {
        Some(rel) if rel.is_relative() => rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        _ => path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHA: &str = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(Path::new("/nowhere/kiosk.toml"), text)
    }

    fn problems(text: &str) -> Vec<Problem> {
        match parse(text) {
            Err(ConfigError::Invalid { problems, .. }) => problems,
            Err(e) => panic!("unexpected error {e}"),
            Ok(_) => panic!("config was accepted"),
        }
    }

    fn good() -> String {
        format!(
            "# comment\n[station]\nid = \"s1\"\n\n[lexicons.DEMO]\nfile = \"demo.fst\"\nsha256 = \"{SHA}\"\nwords = 3\ntitle = \"Demo\"\n\n[divisions.main]\nprimary = \"DEMO\"\n"
        )
    }

    #[test]
    fn a_good_config_parses_with_paths_resolved_against_its_directory() {
        let c = parse(&good()).unwrap();
        assert_eq!(c.station.id, "s1");
        assert_eq!(c.lexicons["DEMO"].file, Path::new("/nowhere/demo.fst"));
        assert_eq!(c.lexicons["DEMO"].expected.words, 3);
        assert_eq!(c.divisions["main"].primary, "DEMO");
        // The file does not exist: a file problem, kept for the caller, with its position.
        assert_eq!(c.file_problems.len(), 1);
        assert_eq!((c.file_problems[0].line, c.file_problems[0].column), (6, 8));
    }

    #[test]
    fn unknown_keys_are_errors_with_line_and_column() {
        let p = problems(&good().replace("words = 3", "words = 3\ncolour = \"red\""));
        assert_eq!(p.len(), 1);
        assert_eq!((p[0].line, p[0].column), (9, 1));
        assert!(
            p[0].message.contains("unknown field `colour`"),
            "{}",
            p[0].message
        );
    }

    #[test]
    fn wrong_types_are_errors_with_line_and_column() {
        let p = problems(&good().replace("words = 3", "words = \"three\""));
        assert_eq!(p[0].line, 8);
        assert!(p[0].message.contains("invalid type"), "{}", p[0].message);
    }

    #[test]
    fn all_semantic_problems_are_reported_at_once() {
        let text = good()
            .replace(SHA, "xyz")
            .replace("primary = \"DEMO\"", "primary = \"CSW24\"");
        let p = problems(&text);
        assert_eq!(p.len(), 3, "{p:?}"); // bad digest, unknown lexicon, missing file
        assert!(p[0].message.contains("64 hex digits"));
        assert!(p[1]
            .message
            .contains("\"CSW24\" is not configured (configured: DEMO)"));
        assert!(p[2].message.contains("does not exist"));
    }

    #[test]
    fn unsafe_codes_are_refused() {
        assert!(valid_code("NWL2023"));
        assert!(valid_code("OWL2.1"));
        assert!(!valid_code("../etc"));
        assert!(!valid_code(""));
        assert!(!valid_code("a/b"));
        let p = problems(&good().replace("[lexicons.DEMO]", "[lexicons.\"../x\"]"));
        assert!(p.iter().any(|p| p.message.contains("lexicon code")));
    }

    #[test]
    fn error_display_names_file_line_and_column() {
        let err = parse("[station]\nid = \n").unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("/nowhere/kiosk.toml:2:"), "{text}");
    }

    #[test]
    fn position_counts_lines_and_characters() {
        assert_eq!(position("ab\ncdé\nx", 0), (1, 1));
        assert_eq!(position("ab\ncdé\nx", 3), (2, 1));
        assert_eq!(position("ab\ncdé\nx", 8), (3, 1));
        assert_eq!(position("ab\ncdé\nx", 6), (2, 3)); // inside the two bytes of é
        assert_eq!(position("ab\ncdé\nx", 999), (3, 2));
    }

    fn recorded(code: &str, dir: &Path) -> Recorded {
        Recorded {
            code: code.into(),
            file: dir.join("lexicons").join(format!("{code}.fst")),
            sha256: Digest::of(b"fst"),
            words: 42,
            title: "A list".into(),
            edition: "not a published edition".into(),
            source_sha256: Digest::of(b"src"),
            content_sha256: Digest::of(b"content"),
        }
    }

    #[test]
    fn recording_keeps_comments_and_updates_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kiosk.toml");
        let original = good().replace("[divisions.main]", "# the only division\n[divisions.main]");
        std::fs::write(&path, &original).unwrap();
        record_lexicon(&path, &recorded("DEMO", dir.path())).unwrap();
        record_lexicon(&path, &recorded("NWL2023", dir.path())).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# comment\n[station]"));
        assert!(text.contains("# the only division\n[divisions.main]"));
        assert!(text.contains("file = \"lexicons/DEMO.fst\""));
        assert!(text.contains("[lexicons.NWL2023]"));
        assert_eq!(text.matches("[lexicons.DEMO]").count(), 1);
        let c = Config::parse(&path, &text).unwrap();
        assert_eq!(c.lexicons["DEMO"].expected.words, 42);
        assert_eq!(
            c.lexicons["DEMO"].content_sha256,
            Some(Digest::of(b"content"))
        );
    }

    #[test]
    fn recording_updates_an_inline_table_and_keeps_end_of_line_comments() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kiosk.toml");
        let text = format!(
            "[station]\nid = \"s\"\n[lexicons]\nX = {{ file = \"a.fst\", sha256 = \"{SHA}\", words = 1, title = \"t\" }}\n"
        );
        std::fs::write(&path, text).unwrap();
        record_lexicon(&path, &recorded("X", dir.path())).unwrap();
        let c = Config::read(&path).unwrap();
        assert_eq!(c.lexicons["X"].expected.words, 42);

        std::fs::write(
            &path,
            format!("[station]\nid = \"s\"\n[lexicons.X]\nfile = \"a.fst\"   # where it lives\nsha256 = \"{SHA}\"\nwords = 1\ntitle = \"t\"\n"),
        )
        .unwrap();
        record_lexicon(&path, &recorded("X", dir.path())).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("file = \"lexicons/X.fst\"   # where it lives"),
            "{text}"
        );
    }

    #[test]
    fn recording_into_a_missing_config_creates_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kiosk.toml");
        record_lexicon(&path, &recorded("X", dir.path())).unwrap();
        let c = Config::read(&path).unwrap();
        assert_eq!(c.station.id, "station-1");
        assert!(c.lexicons.contains_key("X"));
    }

    #[test]
    fn recording_into_a_broken_config_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kiosk.toml");
        std::fs::write(&path, "[station\n").unwrap();
        assert!(record_lexicon(&path, &recorded("X", dir.path())).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[station\n");
    }
}
