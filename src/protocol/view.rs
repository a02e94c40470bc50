//! What goes out: the screen to draw ([`View`]), and every word the station shows — titles,
//! hints, the verdict's lines, the director's status lines and the fixed labels of buttons
//! ([`LABELS`]). The user interface has no wording of its own.
//!
//! Player screens never carry per-word findings; only director mode's lines do.

use super::{Entry, Mode, Page, Station};
use crate::adjudicate::LogState;
use crate::clock;
use crate::judge::Verdict;
use crate::known::{Recognition, UNPUBLISHED};
use crate::service::LexiconProblem;
use crate::sliplog::Slip;

use super::players::missing;
use super::PIN_TRIES;

/// Which screen is showing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScreenKind {
    OutOfService,
    ChooseDivision,
    /// The players' table number (`ask_table`): a number prompt.
    Table,
    Count,
    Entry,
    Verdict,
    VerdictsDiffer,
    SlipNumber,
    Pin,
    Director,
    About,
}

/// Everything a user interface needs to draw the current screen. Player screens never carry
/// per-word findings.
#[derive(Debug, Clone, PartialEq)]
pub struct View {
    pub screen: ScreenKind,
    /// The division of the challenge under way, large on every screen of it ("Main division"),
    /// with "(pinned by the director)" when the station is pinned to it.
    pub division: String,
    /// "DEMO · wordjudge DEMO lexicon · not a published edition": the division's lexicon, under
    /// its name.
    pub header: String,
    /// "EVENT 29D0-1C57 · ROUND 3 · STATION 7": the event fingerprint (the same on every station
    /// installed from one bundle), the round and the station; empty when there is no event and
    /// no round.
    pub event_line: String,
    /// The large instruction line.
    pub title: String,
    /// Smaller text under it.
    pub detail: String,
    /// The words typed (entry), or echoed (verdict).
    pub words: Vec<String>,
    /// The word being typed.
    pub current: String,
    /// In an alphabet other than English: each of `words` as its tiles' labels (`L·L` is one),
    /// the word being typed as tiles and its unfinished end (`L·`), and the on-screen tile
    /// keyboard, every tile of the alphabet in order. Empty for English (words as letters).
    pub word_tiles: Vec<Vec<String>>,
    pub current_tiles: Vec<String>,
    pub current_pending: String,
    pub tile_keys: Vec<String>,
    /// How many words the challenger said they would type (0: not asked).
    pub expected_words: usize,
    /// The largest word count a challenger may announce (`max_words`).
    pub count_choices: usize,
    /// A short hint after a refused key.
    pub hint: String,
    /// For [`ScreenKind::Verdict`].
    pub verdict: Option<Verdict>,
    pub slip: Option<u64>,
    /// The slip line of the verdict screen: "SLIP 12", or "SLIP NOT RECORDED".
    pub slip_line: String,
    /// What a screen reader announces when the verdict appears: "✓ ACCEPTABLE. Slip 12."
    pub spoken: String,
    /// Choices on [`ScreenKind::ChooseDivision`] and the director's screen.
    pub choices: Vec<String>,
    /// JUDGE is possible now.
    pub ready: bool,
    /// The challenger can end the entry (DONE).
    pub can_hand_over: bool,
    /// The JUDGE button's label, naming the keys that judge: "JUDGE (Tab)".
    pub judge_label: String,
    /// A persistent alert for the director ("Slip log failed — call the director").
    pub banner: String,
    /// Director screens only: lines of status, slips and per-word detail.
    pub director_lines: Vec<String>,
}

/// The fixed words of the station's screens, for the user interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Labels {
    pub out_of_service: &'static str,
    pub call_director: &'static str,
    pub verdicts_differ: &'static str,
    pub second_opinion: &'static str,
    pub edit_keys: &'static str,
    /// The tile keyboard's key that ends a word (it types Space).
    pub next_word: &'static str,
    pub done: &'static str,
    pub any_key_clears: &'static str,
    pub judge: &'static str,
    pub words_typed: &'static str,
    pub word: &'static str,
    pub cancel: &'static str,
    pub backspace: &'static str,
    pub ok: &'static str,
    pub pin: &'static str,
    pub pin_digits: &'static str,
    pub director: &'static str,
    pub scroll: &'static str,
    pub alert: &'static str,
    pub use_division: &'static str,
    pub unpin: &'static str,
    pub slip_detail: &'static str,
    pub set_round: &'static str,
    pub acknowledge: &'static str,
    pub reload: &'static str,
    pub about: &'static str,
    pub back_to_players: &'static str,
    pub exit_station: &'static str,
    pub back: &'static str,
    pub about_text: &'static str,
}

/// The fixed words of the station's screens.
pub const LABELS: Labels = Labels {
    out_of_service: "OUT OF SERVICE",
    call_director: "call the director",
    verdicts_differ: "VERDICTS DIFFER",
    second_opinion: "SECOND OPINION (F2)",
    edit_keys: "Backspace edits · Esc clears",
    next_word: "next word",
    done: "DONE (Enter)",
    any_key_clears: "any key clears",
    judge: "JUDGE",
    words_typed: "words typed",
    word: "word",
    cancel: "Cancel (Esc)",
    backspace: "Backspace",
    ok: "OK",
    pin: "PIN",
    pin_digits: "digits",
    director: "DIRECTOR",
    scroll: "↑ ↓ PgUp PgDn scroll",
    alert: "Alert:",
    use_division: "Pin to",
    unpin: "Unpin (0)",
    slip_detail: "Slip detail (D)",
    set_round: "Round (N)",
    acknowledge: "Acknowledge alert (A)",
    reload: "Reload and verify (R)",
    about: "About (I)",
    back_to_players: "Back to players (Esc)",
    exit_station: "Exit station (Q)",
    back: "Back (Esc)",
    about_text: "Adjudication station for tournament Scrabble. Licence: GPL-3.0-or-later. Font: DejaVu Sans (Bitstream Vera licence).",
};

/// A short line after a refused key, an incomplete entry or a refused second opinion.
#[derive(Debug, Clone, PartialEq)]
pub enum Hint {
    /// A count outside 1..=max.
    PressCount(usize),
    /// A table number outside 1..=MAX_TABLE, or a key that is not a digit.
    TypeTable,
    /// A letter after the announced words were all typed.
    WordsTyped(usize),
    WordTooLong,
    LettersOnly,
    /// A key that is no tile (nor the start of one) of the division's alphabet.
    NotATile(String),
    /// A word ended in the middle of a tile (`PAL·`): the unfinished end.
    UnfinishedTile(String),
    /// A tile after the fifteenth (an alphabet other than English).
    TooManyTiles,
    Missing(Missing),
    /// JUDGE before the challenger ended the entry.
    NotHandedOver,
    /// A key other than JUDGE once the challenger handed over (Tab judges).
    PressJudge,
    /// The same, when only the button judges.
    PressJudgeButton,
    /// The challenged player gave the words back to the challenger.
    BackToChallenger,
    /// A word that cannot be judged (cannot happen through the keys).
    NotAWord,
    NoSuchSlip(u64),
    /// A division that is out of service, chosen on the menu.
    DivisionOutOfService(String),
    /// A second opinion whose words are not its slip's: nothing was judged.
    WordsDoNotMatch(u64),
    /// A slip the players may not re-open at the station.
    NotReopened(u64, NotReopened),
    WrongPin,
    TooManyPins,
    /// Something the director did could not be recorded.
    NotRecorded(String),
}

/// Why the players may not re-open a slip for a second opinion at the station (the director
/// can, with `wordjudge rejudge`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NotReopened {
    /// A director's or second-opinion slip: a third opinion is the director's (SA 13.5).
    NotAChallenge,
    /// Its second opinion was given (the slip that gave it): the re-adjudication is final,
    /// or, if it differed, the director rules (WESPA 3.10.9).
    AlreadyReopened(u64),
    /// Another station's slip.
    OtherStation,
    /// Judged longer ago than the configured window (minutes).
    TooOld(f64),
    /// Its division is not at this station.
    DivisionNotHere,
    /// Its division is out of service.
    DivisionOutOfService,
}

/// What stops the challenger from handing over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    /// Word `n` (1-based) has fewer than two letters.
    ShortWord(usize),
    Words {
        typed: usize,
        of: usize,
    },
    NoWords,
    /// The word being typed ends inside a tile (`PAL·`).
    UnfinishedTile,
    /// Word `n` (1-based) has fewer than two tiles (an alphabet other than English).
    OneTile(usize),
}

impl std::fmt::Display for Hint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Hint::PressCount(max) => write!(f, "press 1 to {max}"),
            Hint::TypeTable => write!(
                f,
                "type your table number (1 to {}), then Enter",
                crate::config::MAX_TABLE
            ),
            Hint::WordsTyped(n) => write!(
                f,
                "{n} word(s) typed: press Enter (DONE) to hand over, or Backspace to correct"
            ),
            Hint::WordTooLong => f.write_str("a word has at most 15 letters"),
            Hint::LettersOnly => f.write_str("letters only"),
            Hint::NotATile(language) => write!(
                f,
                "not a {language} tile: type the letters, or touch the tiles below"
            ),
            Hint::UnfinishedTile(end) => {
                write!(f, "{end} is the start of a tile: finish it, or Backspace")
            }
            Hint::TooManyTiles => f.write_str("a word has at most 15 tiles"),
            Hint::Missing(Missing::ShortWord(n)) => write!(f, "word {n} needs at least 2 letters"),
            Hint::Missing(Missing::UnfinishedTile) => {
                f.write_str("the word ends inside a tile: finish it, or Backspace")
            }
            Hint::Missing(Missing::OneTile(n)) => write!(f, "word {n} needs at least 2 tiles"),
            Hint::Missing(Missing::Words { typed, of }) => write!(f, "{typed} of {of} words typed"),
            Hint::Missing(Missing::NoWords) => f.write_str("type the challenged words first"),
            Hint::NotHandedOver => f.write_str(
                "the challenger ends the entry first: Enter (DONE) after the last word",
            ),
            Hint::PressJudge => f.write_str("JUDGE (Tab), or Backspace to give the words back"),
            Hint::PressJudgeButton => {
                f.write_str("press JUDGE, or Backspace to give the words back")
            }
            Hint::BackToChallenger => f.write_str("CHALLENGER: correct the words, then Enter"),
            Hint::NotAWord => f.write_str("only letters A-Z, 2 to 15 per word"),
            Hint::NoSuchSlip(n) => write!(f, "no slip {n} at this station"),
            Hint::DivisionOutOfService(label) => {
                write!(f, "{label} is out of service: call the director")
            }
            Hint::WordsDoNotMatch(n) => write!(
                f,
                "these are not the words of slip {n}: nothing was judged; type exactly the words of slip {n}"
            ),
            Hint::NotReopened(n, why) => {
                let why = match why {
                    NotReopened::NotAChallenge => {
                        "it is not a challenge judged by players".to_owned()
                    }
                    NotReopened::AlreadyReopened(m) => {
                        format!("its second opinion was given as slip {m}")
                    }
                    NotReopened::OtherStation => "it was judged at another station".to_owned(),
                    NotReopened::TooOld(minutes) => {
                        format!("it was judged more than {minutes:.0} minutes ago")
                    }
                    NotReopened::DivisionNotHere => {
                        "its division is not at this station".to_owned()
                    }
                    NotReopened::DivisionOutOfService => {
                        "its division is out of service".to_owned()
                    }
                };
                write!(f, "slip {n}: {why}: ask the director for a second opinion")
            }
            Hint::WrongPin => f.write_str("wrong PIN"),
            Hint::TooManyPins => f.write_str("too many wrong PINs"),
            Hint::NotRecorded(e) => write!(f, "not recorded in kiosk.toml: {e}"),
        }
    }
}

/// Why the station, or the chosen division, does not judge.
#[derive(Debug, Clone)]
pub enum OutOfService {
    /// `kiosk.toml` cannot be used (the reason as its check gives it).
    Configuration(String),
    NoDivision,
    /// A lexicon of the division failed the in-service check.
    Lexicon(LexiconProblem),
    /// No division of the station is in service.
    EveryDivision,
}

impl std::fmt::Display for OutOfService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OutOfService::Configuration(reason) => f.write_str(reason),
            OutOfService::NoDivision => f.write_str("the configuration defines no division"),
            OutOfService::Lexicon(problem) => write!(f, "{problem}"),
            OutOfService::EveryDivision => {
                f.write_str("no division is in service: the director's screen says why for each")
            }
        }
    }
}

/// The edition part of a player screen's header: "edition NWL2023, effective 2024-02-29", or
/// "not a published edition"; what the content is, whatever the code says, and "MISLABEL
/// ACCEPTED" when the code names another edition and the director accepted that.
pub fn edition_line(recognition: &Recognition) -> String {
    let edition = match recognition.edition() {
        Some(e) => match &e.effective {
            Some(date) => format!("edition {}, effective {date}", e.code),
            None => format!("edition {}", e.code),
        },
        None => UNPUBLISHED.to_owned(),
    };
    if recognition.is_warning() {
        format!("{edition} (MISLABEL ACCEPTED)")
    } else {
        edition
    }
}

impl Station {
    /// The screen to draw now.
    pub fn view(&self, now: f64) -> View {
        let slot = self.active.map(|i| &self.divisions[i]);
        let mut v = View {
            screen: ScreenKind::OutOfService,
            division: slot
                .map(|d| {
                    if self.pinned == self.active && self.divisions.len() > 1 {
                        format!("{} (pinned by the director)", d.label)
                    } else {
                        d.label.clone()
                    }
                })
                .unwrap_or_default(),
            header: slot.map(|d| d.header.clone()).unwrap_or_default(),
            event_line: self.event_line(),
            title: String::new(),
            detail: String::new(),
            words: Vec::new(),
            current: String::new(),
            word_tiles: Vec::new(),
            current_tiles: Vec::new(),
            current_pending: String::new(),
            tile_keys: Vec::new(),
            expected_words: 0,
            count_choices: self.settings.max_words,
            hint: self.hint.as_ref().map(Hint::to_string).unwrap_or_default(),
            verdict: None,
            slip: None,
            slip_line: String::new(),
            spoken: String::new(),
            choices: Vec::new(),
            ready: false,
            can_hand_over: false,
            judge_label: if self.settings.tab_judges() {
                "JUDGE (Tab)".into()
            } else {
                "JUDGE".into()
            },
            banner: self.alert.clone().unwrap_or_default(),
            director_lines: Vec::new(),
        };
        match &self.mode {
            Mode::OutOfService(reason) => {
                v.title = "OUT OF SERVICE — call the director".into();
                v.detail = reason.to_string();
            }
            Mode::ChooseDivision => {
                v.screen = ScreenKind::ChooseDivision;
                v.title = "Choose your division".into();
                v.choices = self
                    .divisions
                    .iter()
                    .enumerate()
                    .map(|(i, d)| match d.state {
                        Ok(_) => format!("{}  {}", i + 1, d.label),
                        Err(_) => format!("{}  {} (out of service)", i + 1, d.label),
                    })
                    .collect();
            }
            Mode::Table { digits } => {
                v.screen = ScreenKind::Table;
                v.title = "Your TABLE number, then Enter".into();
                v.detail = "the number of the board you are playing at".into();
                v.current = digits.clone();
            }
            Mode::Count { second_opinion } => {
                v.screen = ScreenKind::Count;
                v.title = "CHALLENGER: how many words are you challenging?".into();
                v.detail = match second_opinion {
                    Some(s) => format!(
                        "SECOND OPINION for slip {} — press 1 to {}",
                        s.slip, self.settings.max_words
                    ),
                    None => format!("press 1 to {}", self.settings.max_words),
                };
            }
            Mode::Entry(e) => entry_view(e, &mut v),
            Mode::Verdict { .. } => self.verdict_view(&mut v),
            Mode::SlipNumber { digits } => {
                v.screen = ScreenKind::SlipNumber;
                v.title = "SECOND OPINION: type the slip number, then Enter".into();
                v.current = digits.clone();
            }
            Mode::Pin { digits, .. } => self.pin_view(digits, now, &mut v),
            Mode::Director {
                page,
                log,
                wrong_pins,
                ..
            } => self.director_view(page, log.as_ref(), *wrong_pins, &mut v),
        }
        v
    }

    fn pin_view(&self, digits: &str, now: f64, v: &mut View) {
        v.screen = ScreenKind::Pin;
        v.title = "Director PIN".into();
        // Hidden digits: only how many.
        v.current = "•".repeat(digits.chars().count());
        if now < self.pin_guard.locked_until {
            v.detail = format!(
                "locked for {:.0} s after {PIN_TRIES} wrong PINs",
                (self.pin_guard.locked_until - now).ceil()
            );
        } else if self.settings.pin.is_none() {
            v.detail = "no director PIN is set: run `wordjudge pin set`".into();
        }
    }

    fn director_view(&self, page: &Page, log: Option<&LogState>, wrong_pins: u32, v: &mut View) {
        v.screen = ScreenKind::Director;
        v.title = "Director".into();
        v.choices = self.divisions.iter().map(|d| d.label.clone()).collect();
        match page {
            Page::Main => v.director_lines = self.director_lines(log, wrong_pins),
            Page::About => v.screen = ScreenKind::About,
            Page::SlipNumber(digits) => {
                v.screen = ScreenKind::SlipNumber;
                v.title = "Director: the slip whose detail to show — its number, then Enter".into();
                v.current = digits.clone();
            }
            Page::Detail(slip) => {
                v.director_lines =
                    detail_lines(slip, |w| self.words_shown(&slip.division, &[w.to_owned()]))
            }
            Page::Round(digits) => {
                v.screen = ScreenKind::SlipNumber;
                v.title = "Director: the round now starting — its number, then Enter (0: no round)"
                    .into();
                v.detail = match self.adjudicator.round() {
                    Some(r) => format!("now: round {r}"),
                    None => "now: no round".into(),
                };
                v.current = digits.clone();
            }
        }
    }

    /// The event line of every screen's header (see [`View::event_line`]).
    fn event_line(&self) -> String {
        let mut parts = Vec::new();
        if let Some(event) = &self.settings.event {
            parts.push(if event.changed.is_empty() {
                format!("EVENT {}", event.fingerprint)
            } else {
                format!("EVENT {} (CHANGED HERE)", event.fingerprint)
            });
        }
        if let Some(round) = self.adjudicator.round() {
            parts.push(format!("ROUND {round}"));
        }
        if !parts.is_empty() {
            parts.push(format!("STATION {}", self.adjudicator.station()));
        }
        if let Some(table) = self.table {
            parts.push(format!("TABLE {table}"));
        }
        parts.join(" · ")
    }

    fn verdict_view(&self, v: &mut View) {
        let Mode::Verdict {
            verdict,
            words,
            slip,
            second_opinion_of,
            differs_from,
            time,
            ..
        } = &self.mode
        else {
            return;
        };
        v.words = words.clone();
        let alphabet = self.alphabet();
        if !alphabet.id().is_english() {
            v.word_tiles = words
                .iter()
                .map(|w| super::tiles::labels(alphabet, w).0)
                .collect();
        }
        v.slip = slip.as_ref().map(|s| s.slip);
        v.slip_line = match v.slip {
            Some(n) => format!("SLIP {n}"),
            None => "SLIP NOT RECORDED".into(),
        };
        if let Some(n) = differs_from {
            v.screen = ScreenKind::VerdictsDiffer;
            v.title = "VERDICTS DIFFER — call the director".into();
            v.detail = match slip {
                Some(s) => format!("second opinion on slip {n}, recorded as slip {}", s.slip),
                None => format!("second opinion on slip {n} (the slip log failed)"),
            };
            return;
        }
        v.screen = ScreenKind::Verdict;
        v.verdict = Some(*verdict);
        v.title = match verdict {
            Verdict::Acceptable => "✓ ACCEPTABLE".into(),
            Verdict::Unacceptable => "✗ UNACCEPTABLE".into(),
        };
        v.spoken = match v.slip {
            Some(n) => format!("{}. Slip {n}.", v.title),
            None => format!("{}. Slip not recorded.", v.title),
        };
        let division = self
            .active
            .map(|i| self.divisions[i].label.as_str())
            .unwrap_or_default();
        let failed = "the slip log failed: write this time on the slip and call the director";
        v.detail = match (slip, second_opinion_of) {
            (Some(_), Some(n)) => {
                format!("second opinion on slip {n}: the verdicts agree · {division} · {time}")
            }
            (Some(_), None) => format!("{division} · judged {time}"),
            (None, Some(n)) => {
                format!("second opinion on slip {n}: the verdicts agree · judged {time}; {failed}")
            }
            (None, None) => format!("judged {time}; {failed}"),
        };
    }

    /// The director's status lines: lexicons per division, wrong PINs, log health, and the
    /// recent slips — their words and verdicts, never which word failed (that is on request,
    /// one slip at a time).
    fn director_lines(&self, log: Option<&LogState>, wrong_pins: u32) -> Vec<String> {
        let mut lines = Vec::new();
        if wrong_pins > 0 {
            lines.push(format!(
                "{wrong_pins} wrong PIN(s) were tried since your last visit"
            ));
        }
        for (i, d) in self.divisions.iter().enumerate() {
            let pinned = if Some(i) == self.pinned { "*" } else { " " };
            match &d.state {
                Ok(div) => {
                    let codes: Vec<&str> = div.rules.lexicons().map(|l| l.code()).collect();
                    lines.push(format!(
                        "{pinned} {} — verified ✓ {} ({})",
                        d.label,
                        codes.join(" + "),
                        d.header
                    ));
                }
                Err(reason) => {
                    lines.push(format!("{pinned} {} — OUT OF SERVICE: {reason}", d.label))
                }
            }
        }
        lines.extend(self.event_lines());
        // The slips from the log file, so they include slips from before a restart and from
        // the command line; from memory when there is no log or it cannot be read.
        let in_memory = || self.recent.iter().rev().cloned().collect::<Vec<Slip>>();
        let slips = match log {
            None => in_memory(),
            Some(LogState::Unused(path)) => {
                lines.push(format!("slip log: no slips yet ({})", path.display()));
                Vec::new()
            }
            Some(LogState::Checked {
                verification,
                recent,
            }) => {
                lines.push(match verification {
                    Ok(v) => match (&v.first_bad, &v.head_problem) {
                        (None, None) => format!("slip log: {} record(s), chain intact", v.records),
                        (Some(bad), _) => format!(
                            "slip log: FIRST BAD SLIP line {}: {}",
                            bad.line, bad.problem
                        ),
                        (None, Some(problem)) => format!(
                            "slip log: {} record(s), chain intact, but {problem}",
                            v.records
                        ),
                    },
                    Err(e) => format!("slip log: {e}"),
                });
                recent.clone().unwrap_or_else(|_| in_memory())
            }
        };
        if let Some(last) = slips.first() {
            lines.push(format!(
                "anchor of the last slip (write it down at the end of the round): {}",
                crate::sliplog::Anchor::of(last)
            ));
        }
        for s in &slips {
            let game: String = [("R", s.round), ("T", s.table)]
                .iter()
                .filter_map(|(label, n)| n.map(|n| format!(" {label}{n}")))
                .collect();
            lines.push(format!(
                "#{} {}{game} {} {} — {}",
                s.slip,
                clock::local(&s.time).unwrap_or_else(|| s.time.clone()),
                s.kind,
                s.verdict,
                self.words_shown(&s.division, &s.words)
            ));
        }
        lines
    }
}

impl Station {
    /// A slip's words for the director, as tiles of its division's alphabet (multi-letter
    /// tiles in brackets, [`crate::alphabet::Alphabet::show_tiles`]); English as typed.
    fn words_shown(&self, division: &str, words: &[String]) -> String {
        let alphabet = self
            .divisions
            .iter()
            .find(|d| d.name == division)
            .and_then(|d| d.state.as_ref().ok())
            .map(|d| d.rules.alphabet());
        match alphabet {
            Some(a) if !a.id().is_english() => words
                .iter()
                .map(|w| a.show_tiles(w))
                .collect::<Vec<_>>()
                .join(" "),
            _ => words.join(" "),
        }
    }

    /// The director's lines about the event: its name and fingerprint, whether this station
    /// still runs exactly its files, the round.
    fn event_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        match &self.settings.event {
            None => lines.push(format!(
                "station {}: not installed from an event bundle",
                self.adjudicator.station()
            )),
            Some(event) => {
                lines.push(format!(
                    "event {:?} · fingerprint {} · station {}",
                    event.name,
                    event.fingerprint,
                    self.adjudicator.station()
                ));
                if event.changed.is_empty() {
                    lines.push("  files: exactly the event bundle's".into());
                }
                for change in &event.changed {
                    lines.push(format!("  CHANGED HERE: {change}"));
                }
            }
        }
        lines.push(match self.adjudicator.round() {
            Some(r) => format!("round {r} (N: set the round)"),
            None => "no round set (N: set the round)".into(),
        });
        lines
    }
}

/// One slip in full, for the director: its words with the lexicon that accepted each, or ✗.
fn detail_lines(slip: &Slip, shown: impl Fn(&str) -> String) -> Vec<String> {
    let mut lines = vec![format!(
        "slip {} · {} · {} · division {} · {} · {}",
        slip.slip,
        clock::local(&slip.time).unwrap_or_else(|| slip.time.clone()),
        slip.kind,
        slip.division,
        slip.station,
        slip.verdict
    )];
    if let Some(n) = slip.refers_to {
        lines.push(format!("second opinion on slip {n}"));
    }
    for f in &slip.detail {
        lines.push(match &f.found_in {
            Some(code) => format!("  {:<15}  acceptable (in {code})", shown(&f.word)),
            None => format!("  {:<15}  ✗ NOT acceptable", shown(&f.word)),
        });
    }
    lines.push("Esc: back to the director's screen".into());
    lines
}

/// The entry screen: the words so far, and who acts next.
fn entry_view(e: &Entry, v: &mut View) {
    v.screen = ScreenKind::Entry;
    v.words = e.words.clone();
    v.current = e.current.clone();
    if e.as_tiles() {
        let a = e.alphabet;
        v.word_tiles = e
            .words
            .iter()
            .map(|w| super::tiles::labels(a, w).0)
            .collect();
        (v.current_tiles, v.current_pending) = super::tiles::labels(a, &e.current);
        v.tile_keys = a.tiles().iter().map(|t| t.label.clone()).collect();
    }
    v.expected_words = e.expected.unwrap_or(0);
    v.ready = e.handed_over;
    v.can_hand_over = !e.handed_over && missing(e).is_none();
    v.title = if e.handed_over {
        "CHALLENGED PLAYER: check the words against the board and the slip, then press JUDGE".into()
    } else {
        "CHALLENGER: type the words, then Enter (DONE)".into()
    };
    let count = match e.expected {
        Some(n) => format!("{n} word(s); Space or comma between words, Enter after the last"),
        None => "Space or comma between words, Enter after the last".into(),
    };
    v.detail = match &e.second_opinion {
        Some(s) => format!(
            "SECOND OPINION for slip {} — type its words again. {count}",
            s.slip
        ),
        None => count,
    };
}
