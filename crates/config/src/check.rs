//! Checking `kiosk.toml`: the file as written (`Raw*`, deserialised with positions), then one
//! check per section, each adding what is wrong to a list of problems with line and column, so
//! that every problem is reported at once.

use std::ops::Range;
use std::path::Path;
use wordjudge_lang::Language;

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

use super::{
    base_dir, Config, ConfigError, DivisionConfig, Fallback, JudgeKey, LexiconConfig, PinHash,
    Problem, Screen, Station, DEFAULT_SLIP_LOG, MAX_WORDS,
};
use wordjudge_base::digest::Digest;
use wordjudge_lexicon::alphabet::{self, AlphabetId};
use wordjudge_lexicon::lexicon::Expected;
use wordjudge_lexicon::word::{MAX_LEN, MIN_LEN};

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
    event: Option<super::event::RawEvent>,
    #[serde(default)]
    printer: Option<Spanned<super::event::RawPrinter>>,
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
    title: String,
    #[serde(default)]
    edition: Option<String>,
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
}

// ---------------------------------------------------------------------------------------------
// Checking it.

/// The text being checked, what is wrong with it so far, and what the director should know.
pub(super) struct Checker<'t> {
    text: &'t str,
    problems: Vec<Problem>,
    notes: Vec<String>,
}

impl Checker<'_> {
    pub(super) fn problem(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.problems.push(problem(self.text, span, message));
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
    };
    // In this order, so that problems are listed as they always were.
    if let Some(problem) = super::station_id_problem(raw.station.id.get_ref()) {
        c.problem(raw.station.id.span(), &problem);
    }
    let (lexicons, file_problems) = check_lexicons(&mut c, &raw.lexicons, base);
    let divisions = check_divisions(&mut c, &raw.divisions, &raw.lexicons);
    let station = check_station(&mut c, &raw.station, base, &divisions);
    let screen = check_screen(&mut c, raw.screen.as_ref());
    let event = super::event::check_event(&mut c, raw.event.as_ref(), base);
    let printer = super::event::check_printer(&mut c, raw.printer.as_ref(), base);
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
    let keys = super::files::Keys {
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
    super::files::check(c, &super::files::named(&paths, &keys));
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
fn check_station(
    c: &mut Checker,
    raw: &RawStation,
    base: &Path,
    divisions: &IndexMap<String, DivisionConfig>,
) -> Station {
    // A play forms up to 8 words, and all of them are typed before one judgement: a station
    // that takes fewer would force word-by-word judging.
    if let Some(m) = raw
        .max_words
        .as_ref()
        .filter(|m| *m.get_ref() != MAX_WORDS as u64)
    {
        c.problem(
            m.span(),
            format!(
                "max_words must be {MAX_WORDS}, not {}: a play forms up to {MAX_WORDS} words, and the rules ask for every challenged word to be judged at once (NSA App. C; WESPA 3.11.1(b)), never word by word",
                m.get_ref()
            ),
        );
    }
    let max_words = MAX_WORDS;
    let slip_log = match &raw.slip_log {
        Some(s) if s.get_ref().trim().is_empty() => {
            c.problem(
                s.span(),
                "slip_log must name a file: every adjudication is recorded (leave the key out for slips.jsonl beside kiosk.toml)",
            );
            DEFAULT_SLIP_LOG
        }
        Some(s) => s.get_ref().as_str(),
        None => DEFAULT_SLIP_LOG,
    };
    let division = raw.division.as_ref().map(|d| {
        if !divisions.contains_key(d.get_ref()) {
            c.problem(
                d.span(),
                format!(
                    "division {:?} is not configured (divisions: {})",
                    d.get_ref(),
                    list_or_none(divisions.keys())
                ),
            );
        }
        d.get_ref().clone()
    });
    let director_pin = raw.director_pin.as_ref().and_then(|p| {
        let hash = p.get_ref().parse::<PinHash>().ok();
        if hash.is_none() {
            c.problem(
                p.span(),
                "director_pin must be written by `wordjudge pin set` (a password hash); set it again",
            );
        }
        hash
    });
    let director_language = language(c, raw.director_language.as_ref(), "director_language");
    Station {
        id: raw.id.get_ref().clone(),
        diagnostic_log: raw.diagnostic_log.as_ref().map(|p| base.join(p.get_ref())),
        slip_log: base.join(slip_log),
        max_words,
        director_pin,
        division,
        director_language,
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
                format!("lexicon code {code:?} must be 1-32 letters, digits, '.', '-' or '_', starting with a letter or digit, and not a device name Windows reserves (CON, PRN, AUX, NUL, COM1-9, LPT1-9)"),
            );
        }
        let sha256 = c.digest(&lex.sha256, "sha256");
        let mut optional = |d: &Option<Spanned<String>>, what| match d {
            None => Ok(None),
            Some(d) => c.digest(d, what).map(Some).ok_or(()),
        };
        let source_sha256 = optional(&lex.source_sha256, "source_sha256");
        let content_sha256 = optional(&lex.content_sha256, "content_sha256");
        let alphabet = match &lex.alphabet {
            None => Some(AlphabetId::ENGLISH),
            Some(name) => match alphabet::by_name(name.get_ref()) {
                Some(a) => Some(a.id()),
                None => {
                    c.problem(
                        name.span(),
                        format!(
                            "lexicon {code}: alphabet {:?} is not one wordjudge knows (known: {})",
                            name.get_ref(),
                            alphabet::names()
                        ),
                    );
                    None
                }
            },
        };
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
        if let (Some(sha256), Ok(source_sha256), Ok(content_sha256), Some(alphabet)) =
            (sha256, source_sha256, content_sha256, alphabet)
        {
            lexicons.insert(
                code.clone(),
                LexiconConfig {
                    code: code.clone(),
                    file,
                    expected: Expected {
                        sha256,
                        words: lex.words,
                        alphabet,
                    },
                    title: lex.title.clone(),
                    edition: lex.edition.clone(),
                    source_sha256,
                    content_sha256,
                    accept_mislabel: lex.accept_mislabel,
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
        // Shown on the station and printed on the terminal and on dockets.
        if name.is_empty()
            || name.chars().any(wordjudge_base::text::hidden)
            || name.chars().count() > 40
        {
            c.problem(
                entry.span(),
                format!(
                    "division {:?}: a division's name must be 1 to 40 characters of plain text on one line",
                    wordjudge_base::text::shown(name)
                ),
            );
        }
        // Shown large on every screen of a challenge: the fit check proves the screens with a
        // title of this length, so a longer one is refused rather than cut off.
        if let Some(title) = &div.title {
            let t = title.get_ref();
            if t.chars().any(wordjudge_base::text::hidden) || t.chars().count() > super::MAX_TITLE {
                c.problem(
                    title.span(),
                    format!(
                        "division {name}: its title must be at most {} characters of plain text on one line (it has {}): the screens are proven to fit that much",
                        super::MAX_TITLE,
                        t.chars().count()
                    ),
                );
            }
        }
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
            check_changeover(c, name, div, second, lexicons);
        }
        check_one_alphabet(c, name, div, lexicons);
        let language = language(
            c,
            div.language.as_ref(),
            &format!("division {name}: language"),
        );
        divisions.insert(
            name.clone(),
            DivisionConfig {
                name: name.clone(),
                title: div.title.as_ref().map(|t| t.get_ref().clone()),
                changeover: div.changeover,
                primary: div.primary.get_ref().clone(),
                fallback,
                second_opinion: div.second_opinion.as_ref().map(|s| s.get_ref().clone()),
                language,
            },
        );
    }
    divisions
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

/// A division judges words typed in one alphabet, so every lexicon it names holds tiles of it.
fn check_one_alphabet(
    c: &mut Checker,
    name: &str,
    div: &RawDivision,
    lexicons: &IndexMap<String, Spanned<RawLexicon>>,
) {
    let alphabet_of = |code: &str| {
        let lex = lexicons.get(code)?.get_ref();
        Some(
            lex.alphabet
                .as_ref()
                .map_or("english".to_owned(), |a| a.get_ref().to_lowercase()),
        )
    };
    let Some(first) = alphabet_of(div.primary.get_ref()) else {
        return;
    };
    let others = div
        .fallback
        .iter()
        .map(|f| &f.lexicon)
        .chain(div.second_opinion.as_ref());
    for code in others {
        match alphabet_of(code.get_ref()) {
            Some(other) if other != first => c.problem(
                code.span(),
                format!(
                    "division {name}: lexicon {:?} is in the {other} alphabet and the primary {:?} in {first}; a division's lexicons share one alphabet (the one its players type in)",
                    code.get_ref(),
                    div.primary.get_ref()
                ),
            ),
            _ => {}
        }
    }
}

/// A second-opinion lexicon of another edition than the primary is legitimate only at an edition
/// changeover, and then the director says so (`changeover = true`): a second opinion may then
/// differ from the first where the editions differ.
fn check_changeover(
    c: &mut Checker,
    name: &str,
    div: &RawDivision,
    second: &Spanned<String>,
    lexicons: &IndexMap<String, Spanned<RawLexicon>>,
) {
    let (Some(primary), Some(other)) = (
        lexicons.get(div.primary.get_ref()),
        lexicons.get(second.get_ref()),
    ) else {
        return; // reported as not configured
    };
    // What each holds: its recognised edition, or, for a list that is none, its own code.
    let holds = |code: &str, lex: &RawLexicon| match lex.edition.as_deref() {
        Some(e) if wordjudge_lexicon::known::by_code(e).is_some() => e.to_owned(),
        _ => code.to_owned(),
    };
    let first = holds(div.primary.get_ref(), primary.get_ref());
    let then = holds(second.get_ref(), other.get_ref());
    if first == then {
        return;
    }
    if div.changeover {
        c.notes.push(format!(
            "division {name}: first opinions are judged with {first}, second opinions with {then} \
             (an edition changeover, acknowledged): where the two differ, a second opinion \
             disagrees with the first and the director decides"
        ));
    } else {
        c.problem(
            second.span(),
            format!(
                "division {name}: second opinions would be judged with {then}, first opinions with {first}; a second opinion must judge the same words by the same word source unless this is an edition changeover: then add `changeover = true` to the division"
            ),
        );
    }
}

/// A timer: its default, and the range the rules allow, with why. [`TIMERS`] is in the order
/// `check_screen` reads them.
struct Timer {
    name: &'static str,
    min: f64,
    max: f64,
    why: &'static str,
}

const TIMERS: [Timer; 8] = [
    Timer {
        name: "verdict_min_seconds",
        min: 1.0,
        max: 10.0,
        why: "a key pressed after JUDGE must not wipe the verdict before both players saw it (the default is 2)",
    },
    Timer {
        name: "verdict_clear_seconds",
        min: 3.0,
        max: 60.0,
        why: "both players must be able to read the verdict, and the next pair must not",
    },
    Timer {
        name: "idle_wipe_seconds",
        min: 10.0,
        max: 600.0,
        why: "a challenge must not vanish while it is typed, nor wait for the next pair",
    },
    Timer {
        name: "director_idle_seconds",
        min: 5.0,
        max: 60.0,
        why: "the director's screen, which lists the last slips, must not stay up for the players",
    },
    Timer {
        name: "pin_prompt_seconds",
        min: 5.0,
        max: 120.0,
        why: "the director must have time to type the PIN",
    },
    Timer {
        name: "second_opinion_minutes",
        min: 1.0,
        max: 240.0,
        why: "a second opinion is asked for while the game is on",
    },
    Timer {
        name: "director_max_seconds",
        min: 30.0,
        max: 600.0,
        why: "director mode left open must close even while someone keeps pressing keys",
    },
    Timer {
        name: "handover_seconds",
        min: 0.5,
        max: 5.0,
        why: "the challenger hands the station over before the challenged player can judge, so the challenger cannot end the entry and judge in one burst",
    },
];

/// `[screen]`: the keys that judge, and timers in range; each problem at its key's value.
fn check_screen(c: &mut Checker, raw: Option<&Spanned<RawScreen>>) -> Screen {
    let defaults = Screen::default();
    let Some(raw) = raw else {
        return defaults;
    };
    let s = raw.get_ref();
    let judge_keys = match &s.judge_keys {
        None => defaults.judge_keys.clone(),
        Some(keys) => keys
            .iter()
            .filter_map(|key| {
                let parsed = JudgeKey::from_name(key.get_ref());
                let name = key.get_ref().as_str();
                match (parsed, name) {
                    (Some(_), _) => {}
                    (None, "Enter" | "Space") => c.problem(
                        key.span(),
                        format!("judge_keys may hold only \"Tab\", not {name:?}: it ends a word or the challenger's entry, and a key the challenger presses must never judge (NSA App. C: the challenged player presses JUDGE); an empty list leaves the JUDGE button alone"),
                    ),
                    (None, _) => c.problem(
                        key.span(),
                        format!("judge_keys may hold only \"Tab\" (the JUDGE button always judges), not {name:?}"),
                    ),
                }
                parsed
            })
            .collect(),
    };
    // Each timer's value (or its default) and where to point at it (or at `[screen]`).
    let timer = |set: &Option<Spanned<f64>>, default: f64| match set {
        Some(v) => (*v.get_ref(), v.span()),
        None => (default, raw.span()),
    };
    let timers = [
        timer(&s.verdict_min_seconds, defaults.verdict_min_seconds),
        timer(&s.verdict_clear_seconds, defaults.verdict_clear_seconds),
        timer(&s.idle_wipe_seconds, defaults.idle_wipe_seconds),
        timer(&s.director_idle_seconds, defaults.director_idle_seconds),
        timer(&s.pin_prompt_seconds, defaults.pin_prompt_seconds),
        timer(&s.second_opinion_minutes, defaults.second_opinion_minutes),
        timer(&s.director_max_seconds, defaults.director_max_seconds),
        timer(&s.handover_seconds, defaults.handover_seconds),
    ];
    for (t, (value, span)) in TIMERS.iter().zip(timers.iter().cloned()) {
        if !(t.min..=t.max).contains(&value) {
            let unit = if t.name.ends_with("minutes") {
                "minutes"
            } else {
                "seconds"
            };
            c.problem(
                span,
                format!(
                    "{} must be {} to {} {unit}, not {value}: {}",
                    t.name, t.min, t.max, t.why
                ),
            );
        }
    }
    let [(verdict_min_seconds, min_span), (verdict_clear_seconds, _), (idle_wipe_seconds, _), (director_idle_seconds, idle_span), (pin_prompt_seconds, _), (second_opinion_minutes, _), (director_max_seconds, _), (handover_seconds, _)] =
        timers;
    if verdict_min_seconds > verdict_clear_seconds {
        c.problem(
            min_span,
            "verdict_min_seconds must not be longer than verdict_clear_seconds",
        );
    }
    if director_idle_seconds > director_max_seconds {
        c.problem(
            idle_span,
            "director_idle_seconds must not be longer than director_max_seconds",
        );
    }
    Screen {
        count_first: s.count_first.unwrap_or(defaults.count_first),
        ask_table: s.ask_table.unwrap_or(defaults.ask_table),
        judge_keys,
        verdict_min_seconds,
        verdict_clear_seconds,
        idle_wipe_seconds,
        director_idle_seconds,
        director_max_seconds,
        handover_seconds,
        pin_prompt_seconds,
        second_opinion_minutes,
    }
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
