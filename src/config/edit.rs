//! Writing `kiosk.toml`: recording a lexicon or the director's PIN by editing the document in
//! place with `toml_edit`, so the director's comments and layout survive, and replacing the file
//! atomically.

use std::path::{Path, PathBuf};

use super::check::{one_line, problem};
use super::{base_dir, ConfigError, PinHash, Problem};
use crate::digest::Digest;
use crate::fsutil;

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

impl Recorded {
    /// What `kiosk.toml` records for `compiled` stored at `file`, compiled from a source whose
    /// bytes have SHA-256 `source_sha256`; the edition is recognised from the content.
    pub fn new(
        code: &str,
        file: PathBuf,
        compiled: &crate::compile::Compiled,
        title: String,
        source_sha256: Digest,
    ) -> Recorded {
        let recognition =
            crate::known::Recognition::of(Some(code), &compiled.content_sha256, compiled.words);
        Recorded {
            code: code.to_owned(),
            file,
            sha256: compiled.fst_sha256,
            words: compiled.words,
            title,
            edition: recognition.edition_field(),
            source_sha256,
            content_sha256: compiled.content_sha256,
        }
    }
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
    let base = base_dir(config_path);
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
    let file = relative_to(&entry.file, base_dir(config_path));

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

/// Stores `pin` (as a [`PinHash`]) as `[station] director_pin` in the configuration at
/// `config_path`, keeping everything else.
pub fn record_pin(config_path: &Path, pin: &PinHash) -> Result<(), ConfigError> {
    let Some(mut doc) = read_document(config_path)? else {
        return Err(ConfigError::Io {
            path: config_path.to_owned(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
        });
    };
    let Some(station) = doc.get_mut("station").and_then(|s| s.as_table_like_mut()) else {
        return Err(ConfigError::Invalid {
            path: config_path.to_owned(),
            problems: vec![Problem {
                line: 1,
                column: 1,
                message: "there is no [station] section to hold the PIN".into(),
            }],
        });
    };
    let mut new = toml_edit::Value::from(pin.to_string());
    if let Some(old) = station
        .get("director_pin")
        .and_then(toml_edit::Item::as_value)
    {
        *new.decor_mut() = old.decor().clone();
    }
    station.insert("director_pin", toml_edit::Item::Value(new));
    write_config(config_path, &doc.to_string())
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
