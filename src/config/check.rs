//! Checking `kiosk.toml`: the file as written (`Raw*`, deserialised with positions), then one
//! check per section, each adding what is wrong to a list of problems with line and column, so
//! that every problem is reported at once.

use std::ops::Range;
use std::path::Path;

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

use super::{
    base_dir, Config, ConfigError, DivisionConfig, Fallback, JudgeKey, LexiconConfig, PinHash,
    Problem, Screen, Station, DEFAULT_SLIP_LOG, MAX_WORDS,
};
use crate::digest::Digest;
use crate::lexicon::Expected;
use crate::word::{MAX_LEN, MIN_LEN};

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

/// `[screen]` as written: the keys as strings, so a wrong one is reported in our words.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScreen {
    #[serde(default)]
    count_first: Option<bool>,
    #[serde(default)]
    judge_keys: Option<Vec<String>>,
    #[serde(default)]
    verdict_min_seconds: Option<f64>,
    #[serde(default)]
    verdict_clear_seconds: Option<f64>,
    #[serde(default)]
    idle_wipe_seconds: Option<f64>,
    #[serde(default)]
    director_idle_seconds: Option<f64>,
    #[serde(default)]
    pin_prompt_seconds: Option<f64>,
}

// ---------------------------------------------------------------------------------------------
// Checking it.

/// The text being checked, and what is wrong with it so far.
struct Checker<'t> {
    text: &'t str,
    problems: Vec<Problem>,
}

impl Checker<'_> {
    fn problem(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.problems.push(problem(self.text, span, message));
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
    };
    // In this order, so that problems are listed as they always were.
    if raw.station.id.get_ref().trim().is_empty() {
        c.problem(raw.station.id.span(), "station id must not be empty");
    }
    let (lexicons, file_problems) = check_lexicons(&mut c, &raw.lexicons, base);
    let divisions = check_divisions(&mut c, &raw.divisions, &raw.lexicons);
    let station = check_station(&mut c, &raw.station, base);
    let screen = check_screen(&mut c, raw.screen.as_ref());
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
        file_problems,
    })
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

/// `[station]` (its id is checked first, in [`parse`]).
fn check_station(c: &mut Checker, raw: &RawStation, base: &Path) -> Station {
    let max_words = match &raw.max_words {
        None => MAX_WORDS,
        Some(m) if (1..=MAX_WORDS as u64).contains(m.get_ref()) => *m.get_ref() as usize,
        Some(m) => {
            c.problem(
                m.span(),
                format!("max_words must be 1 to {MAX_WORDS}, not {}", m.get_ref()),
            );
            MAX_WORDS
        }
    };
    let director_pin = raw.director_pin.as_ref().and_then(|p| {
        let hash = p.get_ref().parse::<PinHash>().ok();
        if hash.is_none() {
            c.problem(
                p.span(),
                "director_pin must be written by `wordjudge pin set` (sha256$SALT$HASH); set it again",
            );
        }
        hash
    });
    Station {
        id: raw.id.get_ref().clone(),
        diagnostic_log: raw.diagnostic_log.as_deref().map(|p| base.join(p)),
        slip_log: base.join(raw.slip_log.as_deref().unwrap_or(DEFAULT_SLIP_LOG)),
        max_words,
        director_pin,
    }
}

/// `[lexicons.CODE]`. Missing files are returned apart: a station keeps its other divisions.
fn check_lexicons(
    c: &mut Checker,
    raw: &IndexMap<String, Spanned<RawLexicon>>,
    base: &Path,
) -> (IndexMap<String, LexiconConfig>, Vec<Problem>) {
    let mut lexicons = IndexMap::new();
    let mut file_problems = Vec::new();
    for (code, entry) in raw {
        let lex = entry.get_ref();
        if !valid_code(code) {
            c.problem(
                entry.span(),
                format!("lexicon code {code:?} must be 1-32 letters, digits, '.', '-' or '_', starting with a letter or digit"),
            );
        }
        let sha256 = c.digest(&lex.sha256, "sha256");
        let mut optional = |d: &Option<Spanned<String>>, what| match d {
            None => Ok(None),
            Some(d) => c.digest(d, what).map(Some).ok_or(()),
        };
        let source_sha256 = optional(&lex.source_sha256, "source_sha256");
        let content_sha256 = optional(&lex.content_sha256, "content_sha256");
        let file = base.join(lex.file.get_ref());
        if !file.is_file() {
            file_problems.push(problem(
                c.text,
                lex.file.span(),
                format!(
                    "lexicon {code}: file {} does not exist (compile it with `wordjudge lexicon add {code} SOURCE`)",
                    file.display()
                ),
            ));
        }
        if let (Some(sha256), Ok(source_sha256), Ok(content_sha256)) =
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
    (lexicons, file_problems)
}

/// `[divisions.NAME]`: every lexicon named is configured, none twice in a chain, chain lengths
/// are word lengths.
fn check_divisions(
    c: &mut Checker,
    raw: &IndexMap<String, Spanned<RawDivision>>,
    lexicons: &IndexMap<String, Spanned<RawLexicon>>,
) -> IndexMap<String, DivisionConfig> {
    let mut divisions = IndexMap::new();
    for (name, entry) in raw {
        let div = entry.get_ref();
        let known = |c: &mut Checker, code: &Spanned<String>, role: &str| {
            if !lexicons.contains_key(code.get_ref()) {
                c.problem(
                    code.span(),
                    format!(
                        "division {name}: {role} lexicon {:?} is not configured (configured: {})",
                        code.get_ref(),
                        list_or_none(lexicons.keys())
                    ),
                );
            }
        };
        known(c, &div.primary, "primary");
        let mut fallback = Vec::new();
        let mut seen = vec![div.primary.get_ref().as_str()];
        for link in &div.fallback {
            known(c, &link.lexicon, "fallback");
            if seen.contains(&link.lexicon.get_ref().as_str()) {
                c.problem(
                    link.lexicon.span(),
                    format!(
                        "division {name}: lexicon {:?} appears twice in its chain",
                        link.lexicon.get_ref()
                    ),
                );
            }
            seen.push(link.lexicon.get_ref());
            let min = *link.min_length.get_ref();
            if !(MIN_LEN as u64..=MAX_LEN as u64).contains(&min) {
                c.problem(
                    link.min_length.span(),
                    format!(
                        "division {name}: min_length must be {MIN_LEN} to {MAX_LEN} letters, not {min}"
                    ),
                );
            }
            fallback.push(Fallback {
                lexicon: link.lexicon.get_ref().clone(),
                min_length: min as usize,
            });
        }
        if let Some(second) = &div.second_opinion {
            known(c, second, "second-opinion");
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
    divisions
}

/// `[screen]`: the keys that judge, and timers in range.
fn check_screen(c: &mut Checker, raw: Option<&Spanned<RawScreen>>) -> Screen {
    let defaults = Screen::default();
    let Some(raw) = raw else {
        return defaults;
    };
    let span = raw.span();
    let s = raw.get_ref();
    let judge_keys = match &s.judge_keys {
        None => defaults.judge_keys.clone(),
        Some(keys) => keys
            .iter()
            .filter_map(|key| {
                let parsed = JudgeKey::from_name(key);
                if parsed.is_none() {
                    c.problem(
                        span.clone(),
                        format!("judge_keys may hold \"Tab\" and \"Enter\", not {key:?}"),
                    );
                }
                parsed
            })
            .collect(),
    };
    let screen = Screen {
        count_first: s.count_first.unwrap_or(defaults.count_first),
        judge_keys,
        verdict_min_seconds: s
            .verdict_min_seconds
            .unwrap_or(defaults.verdict_min_seconds),
        verdict_clear_seconds: s
            .verdict_clear_seconds
            .unwrap_or(defaults.verdict_clear_seconds),
        idle_wipe_seconds: s.idle_wipe_seconds.unwrap_or(defaults.idle_wipe_seconds),
        director_idle_seconds: s
            .director_idle_seconds
            .unwrap_or(defaults.director_idle_seconds),
        pin_prompt_seconds: s.pin_prompt_seconds.unwrap_or(defaults.pin_prompt_seconds),
    };
    let timers = [
        ("verdict_min_seconds", screen.verdict_min_seconds),
        ("verdict_clear_seconds", screen.verdict_clear_seconds),
        ("idle_wipe_seconds", screen.idle_wipe_seconds),
        ("director_idle_seconds", screen.director_idle_seconds),
        ("pin_prompt_seconds", screen.pin_prompt_seconds),
    ];
    for (name, value) in timers {
        if !(0.0..=3600.0).contains(&value) {
            c.problem(
                span.clone(),
                format!("{name} must be 0 to 3600 seconds, not {value}"),
            );
        }
    }
    if screen.verdict_min_seconds > screen.verdict_clear_seconds {
        c.problem(
            span,
            "verdict_min_seconds must not be longer than verdict_clear_seconds",
        );
    }
    screen
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

/// Codes become file names (`lexicons/<CODE>.fst`): keep them to safe characters.
pub fn valid_code(code: &str) -> bool {
    let mut chars = code.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && code.len() <= 32
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}
