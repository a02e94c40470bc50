//! # wordjudge-config
//!
//! A station's configuration, `kiosk.toml`: reading it strictly (`check`, one file per section),
//! the director's PIN (`pin`), and recording lexicons and the PIN in it (`edit`); the one
//! in-service check every program judges through ([`service`]); `lexicon add` in the library
//! ([`store`]); the diagnostic log ([`diagnostics`]).
//!
//! This crate knows no slip, screen or event bundle: it reads what a station folder says,
//! checks it against the map of the station's files (`wordjudge_base::layout`), and verifies the
//! lexicons it names.
//!
//! Reading is strict — unknown keys, wrong types, malformed digests, divisions naming lexicons that
//! are not configured, and missing lexicon files are all errors, each with the line and column in
//! `kiosk.toml` — and every problem found is reported at once, not just the first. Relative paths
//! in the file are relative to the directory holding it ([`base_dir`]) — but the slip log's and the
//! diagnostic log's, which the station's account writes, to its own folder
//! (`layout::own_dir`: `own/` in a folder split by who writes it) — so a station folder can be
//! copied whole.
//!
//! Writing ([`record_lexicon`]) edits the document in place with `toml_edit`, so the director's
//! comments and layout survive, and replaces the file atomically.

mod check;
pub mod diagnostics;
mod edit;
mod event;
mod pin;
pub mod service;
mod state;
pub mod store;
#[cfg(test)]
mod tests;

use std::fmt;
use std::path::{Path, PathBuf};

use indexmap::IndexMap;

use wordjudge_base::digest::Digest;
use wordjudge_lexicon::lexicon::Expected;

pub use check::valid_code;
pub use edit::{record_lexicon, record_pin, ConfigLock, Document, Recorded, StationLocal};
pub use event::{
    EventConfig, EventStatus, PrinterConfig, MAX_ROUND, MAX_STATION_NUMBER, MAX_TABLE,
};
pub use pin::{salvage_pin, PinError, PinHash, DEMO_PIN, EVENT_PIN_DIGITS, PIN_M_KIB, PIN_T};
pub use state::StationState;

/// The longest station id (it is shown on the header and printed on dockets).
pub(crate) const MAX_STATION_ID: usize = 40;

/// The longest lexicon title (`[lexicons.CODE] title`), in characters: every player screen's
/// header names it, and the fit check (station/tests/fit_window.rs) uses a title this long (the
/// editions table's longest, TWL98 with the Long List, is 78).
pub const MAX_LEXICON_TITLE: usize = 80;

/// The longest division title (`[divisions.NAME] title`), in characters: the screens' fit
/// check (station/tests/fit_window.rs) uses titles of this length.
pub const MAX_TITLE: usize = 72;

/// What is wrong with `id` as a station id, if anything — the one rule for `[station] id`,
/// `event install --station`, a slip log's records in a merge, a roster and an anchors file: 1 to
/// [`MAX_STATION_ID`] characters, beginning with a letter or a digit (so no spreadsheet reads it as
/// a formula), no space at either end, and only ASCII letters, digits, spaces, `.`, `-` and `_`
/// (so that no two ids look alike: a fullwidth `７` or a Hangul filler after `7` is not station
/// 7, and a station id is compared with another only after [`station_id_key`]).
pub fn station_id_problem(id: &str) -> Option<String> {
    let example = "e.g. 7, or hall-b-3";
    if id.trim().is_empty() {
        return Some(format!("a station id must not be empty ({example})"));
    }
    if let Some(c) = id.chars().find(|&c| wordjudge_base::text::hidden(c)) {
        return Some(format!(
            "a station id must be plain text on one line: it holds U+{:04X}, a control or invisible character ({example})",
            c as u32
        ));
    }
    if id.chars().count() > MAX_STATION_ID {
        return Some(format!(
            "a station id must be at most {MAX_STATION_ID} characters, not {} ({example})",
            id.chars().count()
        ));
    }
    if id.trim() != id {
        return Some(format!(
            "a station id must not begin or end with a space ({example})"
        ));
    }
    if !id.chars().next().is_some_and(char::is_alphanumeric) {
        return Some(format!(
            "a station id must begin with a letter or a digit, not {:?} ({example})",
            wordjudge_base::text::shown(&id.chars().take(1).collect::<String>())
        ));
    }
    if let Some(c) = id
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, ' ' | '.' | '-' | '_')))
    {
        return Some(format!(
            "a station id may hold only ASCII letters, digits, spaces, '.', '-' and '_' (so that no two look alike), not U+{:04X} {:?} ({example})",
            c as u32,
            wordjudge_base::text::shown(&c.to_string())
        ));
    }
    None
}

/// What station ids are compared by: the id after Unicode's compatibility normalisation (NFKC),
/// so that `７` (fullwidth) and `7` are one key — and the first is refused as an id anyway.
pub fn station_id_key(id: &str) -> String {
    wordjudge_base::text::nfkc(id)
}

/// The station id of the shipped `kiosk.toml`: no event station may keep it.
pub const DEMO_STATION_ID: &str = "demo-station";

/// The slip log used when `[station] slip_log` is not set, beside the configuration.
pub const DEFAULT_SLIP_LOG: &str = wordjudge_base::layout::SLIP_LOG;

/// The configuration file used when neither `--config` nor `WORDJUDGE_CONFIG` names one.
pub const DEFAULT_PATH: &str = wordjudge_base::layout::CONFIG;

/// The largest configuration read: a real kiosk.toml is a few kilobytes.
pub const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// The environment variable naming the configuration when `--config` does not.
pub const PATH_VARIABLE: &str = "WORDJUDGE_CONFIG";

/// The configuration to use: `--config` when given, else `WORDJUDGE_CONFIG` when it is set and
/// not empty (set but empty is taken as unset, as a systemd `Environment=WORDJUDGE_CONFIG=` that
/// clears it means), else [`DEFAULT_PATH`].
pub fn path_from(option: Option<PathBuf>, variable: Option<std::ffi::OsString>) -> PathBuf {
    option
        .or_else(|| variable.filter(|v| !v.is_empty()).map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from(DEFAULT_PATH))
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
    /// `[event]`: the event's name and the round the director set.
    pub event: EventConfig,
    /// `[printer]`: where dockets are printed, if anywhere.
    pub printer: Option<PrinterConfig>,
    /// Problems with files the configuration names (missing lexicon files): empty after
    /// [`Config::load`], possibly not after [`Config::parse`].
    pub file_problems: Vec<Problem>,
    /// What the director should know about settings that are allowed but mean something (an
    /// acknowledged edition changeover); `config check` prints them.
    pub notes: Vec<String>,
    /// What is allowed but not proven to work, at its line and column: an event's shape (its
    /// divisions and their languages) beyond what the station's fit check proves fits the
    /// screen. `config check` prints each as a warning instead of saying OK.
    pub warnings: Vec<Problem>,
}

/// The most divisions whose division menu, and every prompt and refusal it leads to, the
/// station's fit check proves fit every screen size and text scale
/// (`station/tests/windows/fit_window.rs`, `many_divisions`, in every language there is);
/// beyond it `config check` warns.
pub const PROVEN_DIVISIONS: usize = 12;

/// The most languages the players' screens speak at once, before a division is chosen (the
/// menu's title, its prompts and refusals, a line each): the divisions' first three languages.
/// More lines do not fit an 800x480 screen with twelve divisions; players of a further language
/// read their own once they choose their division, and `config check` says so.
pub const MENU_LANGUAGES: usize = 3;

#[derive(Debug, Clone)]
pub struct Station {
    pub id: String,
    pub diagnostic_log: Option<PathBuf>,
    /// The slip log (JSON Lines); `slips.jsonl` in the station's own folder (`layout::own_dir`)
    /// unless set, and a relative path is relative to that folder.
    pub slip_log: PathBuf,
    /// Most words one challenge may have: always [`MAX_WORDS`] (the key is accepted only with
    /// that value, as fewer would force word-by-word judging).
    pub max_words: usize,
    /// The division the director pinned this station to (`[station] division`), if any: every
    /// challenge is then judged in it, without the division menu.
    pub division: Option<String>,
    /// The director's PIN, salted and hashed (`wordjudge pin set`).
    pub director_pin: Option<PinHash>,
    /// The language of the director's screens (`director_language`; English if left out).
    pub director_language: wordjudge_lang::Language,
}

/// A play forms at most its main word and one cross-word per tile: 8 words.
pub const MAX_WORDS: usize = 8;

/// How the station's screens behave (`[screen]`, all optional). Used by the full-screen station.
#[derive(Debug, Clone, PartialEq)]
pub struct Screen {
    /// Ask "how many words?" before entry.
    pub count_first: bool,
    /// Ask the players' table (board) number first, for the slip (`ask_table`).
    pub ask_table: bool,
    /// Keys that adjudicate, besides the on-screen JUDGE button (possibly none).
    pub judge_keys: Vec<JudgeKey>,
    /// A verdict cannot be cleared by a key for this long (and never by the judge key or a
    /// held key).
    pub verdict_min_seconds: f64,
    /// A verdict clears itself after this long.
    pub verdict_clear_seconds: f64,
    /// Unjudged input left alone this long is wiped.
    pub idle_wipe_seconds: f64,
    /// Director mode returns to the player screen after this long idle.
    pub director_idle_seconds: f64,
    /// Director mode returns to the player screen this long after the PIN, busy or not.
    pub director_max_seconds: f64,
    /// JUDGE waits this long after the challenger ends the entry: the hand-over to the
    /// challenged player, so that the challenger cannot end the entry and judge in one burst.
    pub handover_seconds: f64,
    /// The PIN prompt gives up after this long.
    pub pin_prompt_seconds: f64,
    /// A slip may be re-opened for a second opinion at the station this long after it was
    /// judged (older ones: ask the director).
    pub second_opinion_minutes: f64,
    /// The players' screens' text this much larger (`text_scale`, 1 to [`MAX_TEXT_SCALE`]):
    /// for a player who reads large print. Where a screen has no room (the longest play, a
    /// prompt in several languages) its text keeps the usual size; the director's screens
    /// always do.
    pub text_scale: f64,
    /// An English division's entry screen has an on-screen keyboard, A to Z, for a station
    /// with a touch screen and no keyboard (`touch_keyboard`; the other alphabets always have
    /// their tile keyboard).
    pub touch_keyboard: bool,
}

/// The largest `text_scale`: the one the fit check proves every players' screen at, with its
/// longest content, at every screen size (station/tests/fit_window.rs).
pub const MAX_TEXT_SCALE: f64 = 1.25;

/// A key that may adjudicate (`judge_keys`): only keys that play no part in typing the words,
/// so that the challenger can never judge by ending a word (NSA App. C: the challenged player
/// presses JUDGE). Tab, as the rule books' JUDGE sticker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JudgeKey {
    Tab,
}

impl JudgeKey {
    /// The key named in `kiosk.toml`.
    pub(crate) fn from_name(name: &str) -> Option<JudgeKey> {
        match name {
            "Tab" => Some(JudgeKey::Tab),
            _ => None,
        }
    }
}

impl Default for Screen {
    fn default() -> Screen {
        Screen {
            count_first: true,
            ask_table: false,
            judge_keys: vec![JudgeKey::Tab],
            verdict_min_seconds: 2.0,
            verdict_clear_seconds: 10.0,
            idle_wipe_seconds: 30.0,
            director_idle_seconds: 20.0,
            director_max_seconds: 120.0,
            handover_seconds: 1.0,
            pin_prompt_seconds: 15.0,
            text_scale: 1.0,
            touch_keyboard: false,
            second_opinion_minutes: 15.0,
        }
    }
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
    /// The director said, with `lexicon add --accept-mislabel`, that this list is to be used
    /// under a code naming a published edition its content is not (`accept_mislabel = true`).
    /// The file's SHA-256 and content digest above still bind it to exactly that list.
    pub accept_mislabel: bool,
}

/// A division: which lexicons judge its challenges.
#[derive(Debug, Clone)]
pub struct DivisionConfig {
    pub name: String,
    pub title: Option<String>,
    /// The director acknowledged that `second_opinion` names another edition than `primary`
    /// (an edition changeover, `changeover = true`).
    pub changeover: bool,
    /// Code of the primary lexicon (a key of [`Config::lexicons`]).
    pub primary: String,
    /// Lexicons consulted, in order, for words the primary lacks, each only for words of at
    /// least its `min_length` letters (NSA: the Long List for 10+).
    pub fallback: Vec<Fallback>,
    /// Lexicon that replaces the primary for second opinions (the chain still applies).
    pub second_opinion: Option<String>,
    /// The language its players read (`language`; English if left out): the station's screens
    /// from the moment the division is chosen, and its dockets.
    pub language: wordjudge_lang::Language,
}

/// One link of a division's fallback chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fallback {
    pub lexicon: String,
    pub min_length: usize,
}

impl DivisionConfig {
    /// Every lexicon code the division uses: primary, chain, second opinion.
    #[cfg(test)]
    pub(crate) fn lexicon_codes(&self) -> impl Iterator<Item = &str> {
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

impl Config {
    /// Reads and checks the configuration at `path`, including that every lexicon file exists.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        Config::complete(Config::read(path)?)
    }

    /// `config` when every file it names exists; else its file problems, as an error.
    pub fn complete(config: Config) -> Result<Config, ConfigError> {
        if config.file_problems.is_empty() {
            Ok(config)
        } else {
            Err(ConfigError::Invalid {
                path: config.path,
                problems: config.file_problems,
            })
        }
    }

    /// Like [`Config::load`], but missing lexicon files are left in [`Config::file_problems`]
    /// for the caller to handle (a station keeps other divisions running).
    pub fn read(path: &Path) -> Result<Config, ConfigError> {
        let text = wordjudge_base::fsutil::read_regular_to_string(path, MAX_CONFIG_BYTES).map_err(
            |source| ConfigError::Io {
                path: path.to_owned(),
                source,
            },
        )?;
        let mut config = Config::parse(path, &text)?;
        config.apply_state();
        Ok(config)
    }

    /// Checks `text` as the contents of `path`.
    pub fn parse(path: &Path, text: &str) -> Result<Config, ConfigError> {
        check::parse(path, text)
    }

    /// What in this configuration is the published demo's — the README's PIN
    /// ([`DEMO_PIN`]), the shipped station id ([`DEMO_STATION_ID`]) — which no event station
    /// may keep, in words with what to do; `None` when nothing is. (Checking the PIN costs one
    /// Argon2 hash, unless the PIN is fit for an event: [`PinHash::is_demo`].)
    pub fn demo_settings(&self) -> Option<String> {
        let mut found = Vec::new();
        if self
            .station
            .director_pin
            .as_ref()
            .is_some_and(PinHash::is_demo)
        {
            found.push(format!(
                "its director PIN is the published demo PIN {DEMO_PIN}: set your own with `wordjudge pin set`"
            ));
        }
        if self.station.id == DEMO_STATION_ID {
            found.push(format!(
                "its station id is the demo's {DEMO_STATION_ID:?}: give the station its own (`[station] id`, or `event install --station`)"
            ));
        }
        (!found.is_empty()).then(|| found.join("; "))
    }
}

pub use wordjudge_base::layout::base_dir;

/// The files of the station at `path` (its event manifest at `manifest`, relative to its
/// folder, or the default) as the rest of its configuration places them.
fn station_paths(
    path: &Path,
    manifest: Option<&Path>,
    station: &Station,
    lexicons: &IndexMap<String, LexiconConfig>,
    printer: Option<&PrinterConfig>,
) -> wordjudge_base::layout::Paths {
    wordjudge_base::layout::Paths {
        config: path.to_owned(),
        manifest: manifest.map(|m| base_dir(path).join(m)),
        slip_log: station.slip_log.clone(),
        diagnostic_log: station.diagnostic_log.clone(),
        lexicons: lexicons
            .iter()
            .map(|(code, l)| (code.clone(), l.file.clone()))
            .collect(),
        docket_device: match printer {
            Some(PrinterConfig::EscPos { device }) => Some(device.clone()),
            _ => None,
        },
    }
}

impl Config {
    /// The zone this station's times are shown in: its `[event] time_zone`, else the machine's
    /// (a zone the checks refused is never used: the machine's then).
    pub fn zone(&self) -> wordjudge_base::clock::TimeZone {
        self.event
            .time_zone
            .as_deref()
            .and_then(|name| wordjudge_base::clock::zone_named(name).ok())
            .unwrap_or_else(wordjudge_base::clock::machine_zone)
    }

    /// The files of this station, each with its role ([`wordjudge_base::layout`]).
    pub fn paths(&self) -> wordjudge_base::layout::Paths {
        station_paths(
            &self.path,
            self.event.manifest.as_deref(),
            &self.station,
            &self.lexicons,
            self.printer.as_ref(),
        )
    }

    /// The event manifest this station was installed with: `[event] manifest`, or `event.toml`
    /// beside `kiosk.toml`.
    pub fn manifest_path(&self) -> PathBuf {
        self.event
            .manifest
            .clone()
            .unwrap_or_else(|| wordjudge_base::layout::default_manifest_path(&self.path))
    }
}
