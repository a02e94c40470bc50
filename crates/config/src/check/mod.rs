//! Checking `kiosk.toml`: the file as written (`Raw*`, deserialised with positions), then one
//! check per section, each adding what is wrong to a list of problems with line and column, so
//! that every problem is reported at once.

use std::ops::Range;
use std::path::Path;
use wordjudge_lang::Language;

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

use super::{base_dir, Config, ConfigError, LexiconConfig, Problem, Station};
use wordjudge_base::digest::Digest;

// ---------------------------------------------------------------------------------------------
// The file as written.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    station: RawStation,
    #[serde(default)]
    screen: Option<Spanned<RawScreen>>,
    #[serde(default)]
    lexicons: IndexMap<String, Spanned<RawLexicon>>,
    #[serde(default)]
    divisions: IndexMap<String, Spanned<RawDivision>>,
    #[serde(default)]
    event: Option<event::RawEvent>,
    #[serde(default)]
    printer: Option<Spanned<event::RawPrinter>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStation {
    id: Spanned<String>,
    #[serde(default)]
    diagnostic_log: Option<Spanned<String>>,
    #[serde(default)]
    slip_log: Option<Spanned<String>>,
    #[serde(default)]
    max_words: Option<Spanned<u64>>,
    #[serde(default)]
    director_pin: Option<Spanned<String>>,
    #[serde(default)]
    division: Option<Spanned<String>>,
    #[serde(default)]
    director_language: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLexicon {
    file: Spanned<String>,
    sha256: Spanned<String>,
    words: u64,
    title: Spanned<String>,
    #[serde(default)]
    edition: Option<Spanned<String>>,
    #[serde(default)]
    source_sha256: Option<Spanned<String>>,
    #[serde(default)]
    content_sha256: Option<Spanned<String>>,
    #[serde(default)]
    accept_mislabel: bool,
    #[serde(default)]
    alphabet: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDivision {
    primary: Spanned<String>,
    #[serde(default)]
    title: Option<Spanned<String>>,
    #[serde(default)]
    fallback: Vec<RawFallback>,
    #[serde(default)]
    second_opinion: Option<Spanned<String>>,
    #[serde(default)]
    changeover: bool,
    #[serde(default)]
    language: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFallback {
    lexicon: Spanned<String>,
    min_length: Spanned<u64>,
}

/// `[screen]` as written: the keys as strings, so a wrong one is reported in our words.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScreen {
    #[serde(default)]
    count_first: Option<bool>,
    #[serde(default)]
    ask_table: Option<bool>,
    #[serde(default)]
    judge_keys: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    verdict_min_seconds: Option<Spanned<f64>>,
    #[serde(default)]
    verdict_clear_seconds: Option<Spanned<f64>>,
    #[serde(default)]
    idle_wipe_seconds: Option<Spanned<f64>>,
    #[serde(default)]
    director_idle_seconds: Option<Spanned<f64>>,
    #[serde(default)]
    director_max_seconds: Option<Spanned<f64>>,
    #[serde(default)]
    handover_seconds: Option<Spanned<f64>>,
    #[serde(default)]
    pin_prompt_seconds: Option<Spanned<f64>>,
    #[serde(default)]
    second_opinion_minutes: Option<Spanned<f64>>,
    #[serde(default)]
    text_scale: Option<Spanned<f64>>,
    #[serde(default)]
    touch_keyboard: Option<bool>,
}

// ---------------------------------------------------------------------------------------------
// Checking it: the sections in their own files.

mod divisions;
mod event;
mod files;
mod lexicons;
mod screen;
mod station;

use divisions::check_divisions;
use lexicons::check_lexicons;
use screen::check_screen;
use station::check_station;

/// The text being checked, what is wrong with it so far, and what the director should know.
pub(super) struct Checker<'t> {
    text: &'t str,
    problems: Vec<Problem>,
    notes: Vec<String>,
    warnings: Vec<Problem>,
}

impl Checker<'_> {
    pub(super) fn problem(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.problems.push(problem(self.text, span, message));
    }

    /// Something allowed but not proven to work, at `span`.
    pub(super) fn warning(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.warnings.push(problem(self.text, span, message));
    }

    /// The line (1-based) of byte `offset` of the text being checked.
    pub(super) fn line_of(&self, offset: usize) -> usize {
        position(self.text, offset).0
    }

    /// A SHA-256 written as 64 hex digits, or a problem.
    fn digest(&mut self, s: &Spanned<String>, what: &str) -> Option<Digest> {
        match s.get_ref().parse::<Digest>() {
            Ok(d) => Some(d),
            Err(_) => {
                self.problem(
                    s.span(),
                    format!(
                        "{what} must be 64 hex digits (a SHA-256), not {:?}",
                        s.get_ref()
                    ),
                );
                None
            }
        }
    }
}

/// Checks `text` as the contents of `path` (see [`Config::parse`]).
pub(super) fn parse(path: &Path, text: &str) -> Result<Config, ConfigError> {
    let invalid = |problems| ConfigError::Invalid {
        path: path.to_owned(),
        problems,
    };
    let raw: RawConfig = toml::from_str(text).map_err(|e| invalid(vec![toml_problem(text, &e)]))?;
    let base = base_dir(path);
    let mut c = Checker {
        text,
        problems: Vec::new(),
        notes: Vec::new(),
        warnings: Vec::new(),
    };
    // In this order, so that problems are listed as they always were.
    if let Some(problem) = super::station_id_problem(raw.station.id.get_ref()) {
        c.problem(raw.station.id.span(), &problem);
    }
    let (lexicons, file_problems) = check_lexicons(&mut c, &raw.lexicons, base);
    let divisions = check_divisions(&mut c, &raw.divisions, &raw.lexicons);
    let station = check_station(&mut c, &raw.station, base, &divisions);
    let screen = check_screen(&mut c, raw.screen.as_ref());
    let event = event::check_event(&mut c, raw.event.as_ref(), base);
    let printer = event::check_printer(&mut c, raw.printer.as_ref(), base);
    check_station_files(&mut c, &raw, path, &station, &lexicons, printer.as_ref());
    if !c.problems.is_empty() {
        let mut problems = c.problems;
        problems.extend(file_problems);
        return Err(invalid(problems));
    }
    Ok(Config {
        path: path.to_owned(),
        station,
        screen,
        lexicons,
        divisions,
        event,
        printer,
        file_problems,
        notes: c.notes,
        warnings: c.warnings,
    })
}

/// The station's files as this configuration names them, checked against each other (see
/// [`super::files`]): here only where each key is in the text.
fn check_station_files(
    c: &mut Checker,
    raw: &RawConfig,
    path: &Path,
    station: &Station,
    lexicons: &IndexMap<String, LexiconConfig>,
    printer: Option<&super::PrinterConfig>,
) {
    let manifest = raw.event.as_ref().and_then(|e| e.manifest_name());
    let paths = super::station_paths(path, manifest.map(Path::new), station, lexicons, printer);
    let key = |name: &'static str, span: Option<Range<usize>>| span.map(|s| (name, s));
    let keys = files::Keys {
        slip_log: key("slip_log", raw.station.slip_log.as_ref().map(|s| s.span())),
        diagnostic_log: key(
            "diagnostic_log",
            raw.station.diagnostic_log.as_ref().map(|s| s.span()),
        ),
        lexicon: &|code| {
            key(
                "file",
                raw.lexicons.get(code).map(|e| e.get_ref().file.span()),
            )
        },
        escpos_device: raw.printer.as_ref().and_then(|p| {
            key(
                "escpos_device",
                p.get_ref().escpos_device.as_ref().map(|d| d.span()),
            )
        }),
    };
    files::check(c, &files::named(&paths, &keys));
}

/// The TOML parser's error as a problem. Its message may span lines; some have no words at all
/// (a control character in a comment), and then what is there is named.
fn toml_problem(text: &str, e: &toml::de::Error) -> Problem {
    let span = e.span().unwrap_or(0..0);
    let mut message = one_line(e.message());
    if message.is_empty() {
        message = match text.get(span.start..).and_then(|t| t.chars().next()) {
            Some(c) if c.is_control() => {
                format!("the control character {c:?} is not allowed in TOML")
            }
            Some(c) => format!("{c:?} is not allowed here in TOML"),
            None => "the file ends in the middle of a TOML value".to_owned(),
        };
    }
    problem(text, span, message)
}

/// A language setting (`director_language`, a division's `language`): one the station speaks,
/// English if left out. A catalogue that lacks messages is a note: those are shown in English.
fn language(c: &mut Checker, raw: Option<&Spanned<String>>, what: &str) -> Language {
    let Some(raw) = raw else {
        return Language::En;
    };
    let Some(language) = Language::from_code(raw.get_ref()) else {
        c.problem(
            raw.span(),
            format!(
                "{what} {:?} is not a language the station speaks (one of: {})",
                raw.get_ref(),
                Language::codes()
            ),
        );
        return Language::En;
    };
    let missing = language.missing();
    if !missing.is_empty()
        && !c
            .notes
            .iter()
            .any(|n| n.starts_with(&format!("language {}:", language.code())))
    {
        c.notes.push(format!(
            "language {}: {} message(s) of its catalogue are shown in English: {}",
            language.code(),
            missing.len(),
            missing.join("; ")
        ));
    }
    language
}

/// Line and column (1-based, columns in characters) of byte `offset` in `text`.
pub(super) fn position(text: &str, offset: usize) -> (usize, usize) {
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

pub(super) fn problem(text: &str, span: Range<usize>, message: impl Into<String>) -> Problem {
    let (line, column) = position(text, span.start);
    Problem {
        line,
        column,
        message: message.into(),
    }
}

/// Parser messages may span lines; a problem is reported on one.
pub(super) fn one_line(message: &str) -> String {
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

/// Codes become file names (`lexicons/<CODE>.fst`): keep them to safe characters, and never a
/// device name Windows reserves (`CON.fst`, `NUL.1.fst`, … name no file there).
pub fn valid_code(code: &str) -> bool {
    let mut chars = code.chars();
    let stem = code.split('.').next().unwrap_or("").to_ascii_uppercase();
    let reserved = matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || (stem.len() == 4
            && (stem.starts_with("COM") || stem.starts_with("LPT"))
            && matches!(stem.as_bytes()[3], b'1'..=b'9'));
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && code.len() <= 32
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        && !reserved
}
