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

/// The slip log used when `[station] slip_log` is not set, beside the configuration.
pub const DEFAULT_SLIP_LOG: &str = "slips.jsonl";

/// The configuration file used when neither `--config` nor `WORDJUDGE_CONFIG` names one.
pub const DEFAULT_PATH: &str = "kiosk.toml";

// ---------------------------------------------------------------------------------------------
// The file as written.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    station: RawStation,
    #[serde(default)]
    screen: Option<Spanned<Screen>>,
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
    #[serde(default)]
    slip_log: Option<String>,
    #[serde(default)]
    max_words: Option<Spanned<u64>>,
    #[serde(default)]
    director_pin: Option<Spanned<String>>,
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
    #[serde(default)]
    fallback: Vec<RawFallback>,
    #[serde(default)]
    second_opinion: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFallback {
    lexicon: Spanned<String>,
    min_length: Spanned<u64>,
}

// ---------------------------------------------------------------------------------------------
// The configuration as the program uses it.

/// A checked configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file it was read from.
    pub path: PathBuf,
    pub station: Station,
    pub screen: Screen,
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
    /// The slip log (JSON Lines); `slips.jsonl` beside the configuration unless set.
    pub slip_log: PathBuf,
    /// Most words one challenge may have (1 to [`MAX_WORDS`]).
    pub max_words: usize,
    /// The director's PIN, salted and hashed (`wordjudge pin set`).
    pub director_pin: Option<PinHash>,
}

/// A play forms at most its main word and one cross-word per tile: 8 words.
pub const MAX_WORDS: usize = 8;

/// How the station's screens behave (`[screen]`, all optional). Used by the full-screen station.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Screen {
    /// Ask "how many words?" before entry.
    pub count_first: bool,
    /// Keys that adjudicate, besides the on-screen JUDGE button: "Tab" and/or "Enter".
    pub judge_keys: Vec<String>,
    /// A verdict cannot be cleared by a key for this long.
    pub verdict_min_seconds: f64,
    /// A verdict clears itself after this long.
    pub verdict_clear_seconds: f64,
    /// Unjudged input left alone this long is wiped.
    pub idle_wipe_seconds: f64,
    /// Director mode returns to the player screen after this long idle.
    pub director_idle_seconds: f64,
    /// The PIN prompt gives up after this long.
    pub pin_prompt_seconds: f64,
}

impl Default for Screen {
    fn default() -> Screen {
        Screen {
            count_first: true,
            judge_keys: vec!["Tab".to_owned()],
            verdict_min_seconds: 0.5,
            verdict_clear_seconds: 10.0,
            idle_wipe_seconds: 30.0,
            director_idle_seconds: 60.0,
            pin_prompt_seconds: 15.0,
        }
    }
}

/// A salted SHA-256 of the director's PIN, stored as `sha256$SALT$HASH` (hex).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PinHash {
    salt: [u8; 16],
    hash: Digest,
}

impl PinHash {
    /// Hashes `pin` with a fresh random salt.
    pub fn new(pin: &str) -> Result<PinHash, getrandom::Error> {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)?;
        Ok(PinHash::with_salt(salt, pin))
    }

    fn with_salt(salt: [u8; 16], pin: &str) -> PinHash {
        let mut bytes = salt.to_vec();
        bytes.extend_from_slice(pin.as_bytes());
        PinHash {
            salt,
            hash: Digest::of(&bytes),
        }
    }

    /// Whether `pin` is the director's PIN.
    pub fn matches(&self, pin: &str) -> bool {
        PinHash::with_salt(self.salt, pin).hash == self.hash
    }

    /// A PIN is 4 to 12 digits.
    pub fn valid_pin(pin: &str) -> bool {
        (4..=12).contains(&pin.len()) && pin.bytes().all(|b| b.is_ascii_digit())
    }
}

impl fmt::Display for PinHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sha256${}${}", hex::encode(self.salt), self.hash)
    }
}

impl std::str::FromStr for PinHash {
    type Err = ();
    fn from_str(s: &str) -> Result<PinHash, ()> {
        let mut parts = s.split('$');
        let (Some("sha256"), Some(salt), Some(hash), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(());
        };
        let mut salt_bytes = [0u8; 16];
        hex::decode_to_slice(salt, &mut salt_bytes).map_err(|_| ())?;
        Ok(PinHash {
            salt: salt_bytes,
            hash: hash.parse().map_err(|_| ())?,
        })
    }
}

/// The director's PIN from a configuration that does not pass [`Config::read`], when its TOML
/// is still readable and holds a well-formed `[station] director_pin`. A station whose
/// configuration is broken is out of service; this lets the director still open director mode
/// there, to reload after fixing the file or to exit. Anything less than a well-formed PIN hash
/// gives `None` (director mode then stays shut).
pub fn salvage_pin(path: &Path) -> Option<PinHash> {
    let text = std::fs::read_to_string(path).ok()?;
    let table: toml::Table = text.parse().ok()?;
    table
        .get("station")?
        .get("director_pin")?
        .as_str()?
        .parse()
        .ok()
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

/// A division: which lexicons judge its challenges.
#[derive(Debug, Clone)]
pub struct DivisionConfig {
    pub name: String,
    pub title: Option<String>,
    /// Code of the primary lexicon (a key of [`Config::lexicons`]).
    pub primary: String,
    /// Lexicons consulted, in order, for words the primary lacks, each only for words of at
    /// least its `min_length` letters (NSA: the Long List for 10+).
    pub fallback: Vec<Fallback>,
    /// Lexicon that replaces the primary for second opinions (the chain still applies).
    pub second_opinion: Option<String>,
}

/// One link of a division's fallback chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fallback {
    pub lexicon: String,
    pub min_length: usize,
}

impl DivisionConfig {
    /// Every lexicon code the division uses: primary, chain, second opinion.
    pub fn lexicon_codes(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.primary.as_str())
            .chain(self.fallback.iter().map(|f| f.lexicon.as_str()))
            .chain(self.second_opinion.as_deref())
    }
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
            let mut message = one_line(e.message());
            if message.is_empty() {
                // The TOML parser gives no words for some errors (a control character in a
                // comment): name what is there.
                message = match text.get(span.start..).and_then(|t| t.chars().next()) {
                    Some(c) if c.is_control() => {
                        format!("the control character {c:?} is not allowed in TOML")
                    }
                    Some(c) => format!("{c:?} is not allowed here in TOML"),
                    None => "the file ends in the middle of a TOML value".to_owned(),
                };
            }
            invalid(vec![problem(text, span, message)])
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
            let known = |code: &Spanned<String>, role: &str, problems: &mut Vec<Problem>| {
                if !raw.lexicons.contains_key(code.get_ref()) {
                    problems.push(problem(
                        text,
                        code.span(),
                        format!(
                            "division {name}: {role} lexicon {:?} is not configured (configured: {})",
                            code.get_ref(),
                            list_or_none(raw.lexicons.keys())
                        ),
                    ));
                }
            };
            known(&div.primary, "primary", &mut problems);
            let mut fallback = Vec::new();
            let mut seen = vec![div.primary.get_ref().as_str()];
            for link in &div.fallback {
                known(&link.lexicon, "fallback", &mut problems);
                if seen.contains(&link.lexicon.get_ref().as_str()) {
                    problems.push(problem(
                        text,
                        link.lexicon.span(),
                        format!(
                            "division {name}: lexicon {:?} appears twice in its chain",
                            link.lexicon.get_ref()
                        ),
                    ));
                }
                seen.push(link.lexicon.get_ref());
                let min = *link.min_length.get_ref();
                if !(crate::word::MIN_LEN as u64..=crate::word::MAX_LEN as u64).contains(&min) {
                    problems.push(problem(
                        text,
                        link.min_length.span(),
                        format!(
                            "division {name}: min_length must be {} to {} letters, not {min}",
                            crate::word::MIN_LEN,
                            crate::word::MAX_LEN
                        ),
                    ));
                }
                fallback.push(Fallback {
                    lexicon: link.lexicon.get_ref().clone(),
                    min_length: min as usize,
                });
            }
            if let Some(second) = &div.second_opinion {
                known(second, "second-opinion", &mut problems);
            }
            divisions.insert(
                name.clone(),
                DivisionConfig {
                    name: name.clone(),
                    title: div.title.clone(),
                    primary: div.primary.get_ref().clone(),
                    fallback,
                    second_opinion: div.second_opinion.as_ref().map(|s| s.get_ref().clone()),
                },
            );
        }

        let max_words = match &raw.station.max_words {
            None => MAX_WORDS,
            Some(m) if (1..=MAX_WORDS as u64).contains(m.get_ref()) => *m.get_ref() as usize,
            Some(m) => {
                problems.push(problem(
                    text,
                    m.span(),
                    format!("max_words must be 1 to {MAX_WORDS}, not {}", m.get_ref()),
                ));
                MAX_WORDS
            }
        };
        let director_pin = match &raw.station.director_pin {
            None => None,
            Some(p) => match p.get_ref().parse::<PinHash>() {
                Ok(hash) => Some(hash),
                Err(()) => {
                    problems.push(problem(
                        text,
                        p.span(),
                        "director_pin must be written by `wordjudge pin set` (sha256$SALT$HASH); set it again",
                    ));
                    None
                }
            },
        };
        let screen = match &raw.screen {
            None => Screen::default(),
            Some(screen) => {
                let s = screen.get_ref();
                for key in &s.judge_keys {
                    if key != "Tab" && key != "Enter" {
                        problems.push(problem(
                            text,
                            screen.span(),
                            format!("judge_keys may hold \"Tab\" and \"Enter\", not {key:?}"),
                        ));
                    }
                }
                let timers = [
                    ("verdict_min_seconds", s.verdict_min_seconds),
                    ("verdict_clear_seconds", s.verdict_clear_seconds),
                    ("idle_wipe_seconds", s.idle_wipe_seconds),
                    ("director_idle_seconds", s.director_idle_seconds),
                    ("pin_prompt_seconds", s.pin_prompt_seconds),
                ];
                for (name, value) in timers {
                    if !(0.0..=3600.0).contains(&value) {
                        problems.push(problem(
                            text,
                            screen.span(),
                            format!("{name} must be 0 to 3600 seconds, not {value}"),
                        ));
                    }
                }
                if s.verdict_min_seconds > s.verdict_clear_seconds {
                    problems.push(problem(
                        text,
                        screen.span(),
                        "verdict_min_seconds must not be longer than verdict_clear_seconds",
                    ));
                }
                s.clone()
            }
        };

        if !problems.is_empty() {
            problems.extend(file_problems);
            return Err(invalid(problems));
        }
        Ok(Config {
            path: path.to_owned(),
            station: Station {
                id: raw.station.id.into_inner(),
                diagnostic_log: raw.station.diagnostic_log.as_deref().map(resolve),
                slip_log: resolve(raw.station.slip_log.as_deref().unwrap_or(DEFAULT_SLIP_LOG)),
                max_words,
                director_pin,
            },
            screen,
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
    fn a_control_character_in_a_comment_is_named_not_left_blank() {
        let err = Config::parse(
            Path::new("kiosk.toml"),
            "#\0 comment\n[station]\nid = \"s\"\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("kiosk.toml:1:2: the control character '\\0' is not allowed in TOML"),
            "{err}"
        );
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
    fn divisions_with_a_long_list_chain_and_a_second_opinion_parse() {
        let text = good()
            .replace("[divisions.main]", &format!("[lexicons.LL]\nfile = \"ll.fst\"\nsha256 = \"{SHA}\"\nwords = 3\ntitle = \"Long List\"\n\n[divisions.main]"))
            + "fallback = [{ lexicon = \"LL\", min_length = 10 }]\nsecond_opinion = \"LL\"\n";
        let c = parse(&text).unwrap();
        let d = &c.divisions["main"];
        assert_eq!(
            d.fallback,
            [Fallback {
                lexicon: "LL".into(),
                min_length: 10
            }]
        );
        assert_eq!(d.second_opinion.as_deref(), Some("LL"));
        assert_eq!(d.lexicon_codes().collect::<Vec<_>>(), ["DEMO", "LL", "LL"]);
    }

    #[test]
    fn a_chain_entry_without_a_length_is_an_error_with_its_position() {
        let text = good() + "fallback = [{ lexicon = \"DEMO\" }]\n";
        let p = problems(&text);
        assert_eq!(p[0].line, 13);
        assert!(p[0].message.contains("missing field `min_length`"), "{p:?}");
    }

    #[test]
    fn division_problems_are_all_reported() {
        let text = good()
            + "fallback = [{ lexicon = \"LL\", min_length = 10 }, { lexicon = \"DEMO\", min_length = 1 }]\nsecond_opinion = \"X\"\n";
        let p = problems(&text);
        let messages: Vec<&str> = p.iter().map(|p| p.message.as_str()).collect();
        assert!(
            messages
                .iter()
                .any(|m| m.contains("fallback lexicon \"LL\" is not configured")),
            "{messages:?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("\"DEMO\" appears twice")),
            "{messages:?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("min_length must be 2 to 15 letters, not 1")),
            "{messages:?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("second-opinion lexicon \"X\"")),
            "{messages:?}"
        );
    }

    #[test]
    fn duplicate_division_names_are_an_error_with_line_and_column() {
        let text = good() + "\n[divisions.main]\nprimary = \"DEMO\"\n";
        let p = problems(&text);
        assert_eq!(p[0].line, 14, "{p:?}");
        assert!(
            p[0].message.contains("duplicate") || p[0].message.contains("redefin"),
            "{p:?}"
        );
    }

    #[test]
    fn station_settings_have_defaults_and_limits() {
        let c = parse(&good()).unwrap();
        assert_eq!(c.station.max_words, 8);
        assert_eq!(c.station.slip_log, Path::new("/nowhere/slips.jsonl"));
        assert_eq!(c.screen, Screen::default());
        let p = problems(&good().replace("id = \"s1\"", "id = \"s1\"\nmax_words = 9"));
        assert!(p[0].message.contains("max_words must be 1 to 8"), "{p:?}");
        let p = problems(
            &(good() + "[screen]\njudge_keys = [\"Space\"]\nverdict_min_seconds = 20.0\n"),
        );
        assert!(
            p.iter().any(|p| p.message.contains("not \"Space\"")),
            "{p:?}"
        );
        assert!(
            p.iter()
                .any(|p| p.message.contains("verdict_min_seconds must not be longer")),
            "{p:?}"
        );
    }

    #[test]
    fn pin_hash_is_salted_and_round_trips() {
        let a = PinHash::new("2468").unwrap();
        let b = PinHash::new("2468").unwrap();
        assert_ne!(a, b, "two hashes of one PIN must differ by their salt");
        assert!(a.matches("2468") && !a.matches("2469"));
        let parsed: PinHash = a.to_string().parse().unwrap();
        assert!(parsed.matches("2468"));
        assert!(
            PinHash::valid_pin("0000") && !PinHash::valid_pin("123") && !PinHash::valid_pin("12a4")
        );
    }

    #[test]
    fn recording_a_pin_keeps_the_rest_of_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kiosk.toml");
        std::fs::write(&path, good()).unwrap();
        record_pin(&path, &PinHash::new("1357").unwrap()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# comment\n[station]\nid = \"s1\"\n"));
        let c = Config::parse(&path, &text).unwrap();
        assert!(c.station.director_pin.unwrap().matches("1357"));
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
