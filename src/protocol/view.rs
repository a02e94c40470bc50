//! What goes out: the screen to draw ([`View`]), and every word the station shows — titles,
//! hints, the verdict's lines, the director's status lines and the fixed labels of buttons
//! ([`LABELS`]). The user interface has no wording of its own.
//!
//! Player screens never carry per-word findings; only director mode's lines do.

use super::{Confirmable, DirectorAction, Entry, FailedPlay, Mode, Page, Station, DETAIL_SECONDS};
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
    /// Choices on [`ScreenKind::ChooseDivision`]: each division, and whether it is in service.
    pub choices: Vec<String>,
    pub choices_in_service: Vec<bool>,
    /// SECOND OPINION (F2, and the button) can act on this screen; where it cannot it is drawn
    /// so, and pressing it says why.
    pub second_opinion_ready: bool,
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
    /// Director screens only: the commands of the page showing, each labelled with its key,
    /// and whether it can act now.
    pub commands: Vec<Command>,
}

/// A director's command as a button shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub label: String,
    pub action: DirectorAction,
    pub enabled: bool,
}

impl Command {
    fn new(label: impl Into<String>, action: DirectorAction) -> Command {
        Command {
            label: label.into(),
            action,
            enabled: true,
        }
    }
}

/// Declares the station's fixed words once: the [`Labels`] struct, [`LABELS`], and
/// `wordjudge::for_each_label!`, which hands every field's name to a macro of the caller's. The
/// window fills its own `Labels` (ui/api.slint, which Slint needs declared) with it, so the names
/// are listed here and there only, and a field missing on either side does not compile.
macro_rules! labels {
    ($d:tt $($(#[$doc:meta])* $field:ident: $text:literal,)*) => {
        /// The fixed words of the station's screens, for the user interface.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct Labels {
            $($(#[$doc])* pub $field: &'static str,)*
        }

        /// The fixed words of the station's screens.
        pub const LABELS: Labels = Labels { $($field: $text,)* };

        /// `for_each_label!(m)` expands to `m! { out_of_service, call_director, … }`: every field
        /// of [`Labels`], in order.
        #[macro_export]
        macro_rules! for_each_label {
            ($d m:ident) => { $d m! { $($field),* } };
        }
    };
}

labels! { $
    out_of_service: "OUT OF SERVICE",
    call_director: "call the director",
    verdicts_differ: "VERDICTS DIFFER",
    second_opinion: "SECOND OPINION (F2)",
    edit_keys: "Backspace edits · Esc clears",
    /// The tile keyboard's key that ends a word (it types Space).
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
    back: "Back (Esc)",
    about_text: "Adjudication station for tournament Scrabble. Licence: GPL-3.0-or-later. Font: DejaVu Sans (Bitstream Vera licence).",
}

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
    /// A key that types no letter (arrows, function keys).
    LettersOnly,
    /// A character that is not a letter, typed inside a word: left out, and said until the
    /// word ends.
    NotALetter(char),
    /// A key that is no tile (nor the start of one) of the division's alphabet.
    NotATile(String),
    /// A word ended in the middle of a tile (`PAL·`): the unfinished end.
    UnfinishedTile(String),
    /// A tile after the fifteenth (an alphabet other than English).
    TooManyTiles,
    Missing(Missing),
    /// JUDGE before the challenger ended the entry.
    NotHandedOver,
    /// JUDGE in the hand-over pause: refused, not kept.
    HandOverPause,
    /// A new challenge on part of a play judged UNACCEPTABLE here a moment ago: not judged.
    PartOfFailedPlay(FailedPlay),
    /// SECOND OPINION where it cannot act, and why.
    SecondOpinionRefused(SecondOpinionNot),
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
    /// A second opinion's own slip: a third opinion is the director's (SA 13.5).
    ASecondOpinion,
    /// A slip the director judged from the command line.
    ByTheDirector,
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

/// Why SECOND OPINION cannot act on the screen showing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecondOpinionNot {
    /// Words are being typed for a new challenge.
    WordsTyped,
    /// A second opinion on this slip is already being typed.
    UnderWay(u64),
    /// The verdict's slip could not be written.
    NotRecorded,
    /// VERDICTS DIFFER: the director rules.
    Differ,
    /// The slip number prompt is already showing.
    TypeSlip,
    OutOfService,
    /// Director mode or its PIN prompt (never said: the players' button is not there).
    NotHere,
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
            Hint::NotALetter(c) => write!(
                f,
                "{c:?} is not a letter and was not typed: letters only (Backspace to correct)"
            ),
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
            Hint::HandOverPause => f.write_str(
                "not yet: the challenger hands the station to the challenged player, who then presses JUDGE",
            ),
            Hint::PartOfFailedPlay(failed) => {
                let play = match failed {
                    FailedPlay::Slip(n) => format!("slip {n}"),
                    FailedPlay::Unrecorded(at) => format!("the play judged at {at}"),
                };
                write!(
                    f,
                    "these words were part of {play}, judged UNACCEPTABLE: nothing was judged — ask the director"
                )
            }
            Hint::SecondOpinionRefused(why) => f.write_str(match why {
                SecondOpinionNot::WordsTyped => {
                    "SECOND OPINION: clear the words first (Esc), then press it again"
                }
                SecondOpinionNot::UnderWay(_) => {
                    "this is a second opinion already: type the slip's words again"
                }
                SecondOpinionNot::NotRecorded => {
                    "no second opinion at the station: this verdict's slip was not recorded — call the director"
                }
                SecondOpinionNot::Differ => {
                    "no further opinion at the station: the verdicts differ — the director rules"
                }
                SecondOpinionNot::TypeSlip => "type the slip number, then Enter",
                SecondOpinionNot::OutOfService => {
                    "out of service: call the director for a second opinion"
                }
                SecondOpinionNot::NotHere => "",
            }),
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
                    NotReopened::ASecondOpinion => {
                        "it is itself a second opinion, and a third is the director's".to_owned()
                    }
                    NotReopened::ByTheDirector => "the director judged it".to_owned(),
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
        let (round, table) = self.game();
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
            header: self.header().to_owned(),
            event_line: self.event_line(round, table),
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
            choices_in_service: Vec::new(),
            second_opinion_ready: self.second_opinion_refusal().is_none(),
            ready: false,
            can_hand_over: false,
            judge_label: if self.settings.tab_judges() {
                "JUDGE (Tab)".into()
            } else {
                "JUDGE".into()
            },
            banner: self.alert.clone().unwrap_or_default(),
            director_lines: Vec::new(),
            commands: Vec::new(),
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
                        Err(_) => format!("{}  {} — OUT OF SERVICE", i + 1, d.label),
                    })
                    .collect();
                v.choices_in_service = self.divisions.iter().map(|d| d.state.is_ok()).collect();
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
            Mode::Entry(e) => entry_view(e, now - self.settings.screen.handover_seconds, &mut v),
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
                waiting,
                since,
                opened,
            } => {
                let closes = (opened + self.settings.screen.director_max_seconds)
                    .min(since + self.settings.screen.director_idle_seconds);
                let context = DirectorContext {
                    log: log.as_ref(),
                    wrong_pins: *wrong_pins,
                    waiting: waiting.as_ref().map(|w| {
                        let part_of = match &w.entry.part_of {
                            Some(FailedPlay::Slip(n)) => format!("slip {n}"),
                            Some(FailedPlay::Unrecorded(at)) => format!("the play judged at {at}"),
                            None => "a failed play".into(),
                        };
                        format!(
                            "A new challenge waits: {}{} — part of {part_of} (UNACCEPTABLE). L lets it be judged.",
                            w.entry.words.join(" "),
                            w.table.map(|t| format!(" (table {t})")).unwrap_or_default()
                        )
                    }),
                    closes_in: (closes - now).max(0.0),
                };
                self.director_view(page, &context, now, &mut v)
            }
        }
        if !player_screen(&v.screen) {
            v.second_opinion_ready = false;
        }
        v
    }

    /// The round and table of the challenge under way as its slip will record them (a second
    /// opinion: its slip's), or of the verdict showing.
    fn game(&self) -> (Option<u32>, Option<u32>) {
        let slip = match &self.mode {
            Mode::Verdict { round, table, .. } => return (*round, *table),
            Mode::Count {
                second_opinion: Some(s),
            } => Some(s),
            Mode::Entry(e) => e.second_opinion.as_ref(),
            _ => None,
        };
        match slip {
            Some(s) => (s.round, s.table),
            None => (self.adjudicator.round(), self.table),
        }
    }

    /// The lexicons that judge the challenge under way (a second opinion: its division's
    /// second-opinion lexicons), or that judged the verdict showing.
    fn header(&self) -> &str {
        let Some(slot) = self.active.map(|i| &self.divisions[i]) else {
            return "";
        };
        match &self.mode {
            Mode::Verdict { header, .. } => header,
            Mode::Count {
                second_opinion: Some(_),
            } => &slot.second_header,
            Mode::Entry(e) if e.second_opinion.is_some() => &slot.second_header,
            _ => &slot.header,
        }
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

    fn director_view(&self, page: &Page, c: &DirectorContext, now: f64, v: &mut View) {
        v.screen = ScreenKind::Director;
        v.title = "Director".into();
        v.detail = format!(
            "closes in {:.0} s (back to the players)",
            c.closes_in.ceil()
        );
        let back = || Command::new("Back (Esc)", DirectorAction::Back);
        match page {
            Page::Main => {
                v.director_lines = self.director_lines(c);
                let mut commands = vec![
                    Command::new("Pin a division (P)", DirectorAction::ChoosePin),
                    Command::new("Slip detail (D)", DirectorAction::SlipDetail),
                    Command::new("Round (N)", DirectorAction::SetRound),
                    Command {
                        enabled: self.alert.is_some(),
                        ..Command::new("Acknowledge alert (A)", DirectorAction::AcknowledgeAlert)
                    },
                    Command::new("Reload and verify (R)", DirectorAction::Reload),
                    Command::new("About (I)", DirectorAction::ShowAbout),
                ];
                if c.waiting.is_some() {
                    commands.insert(
                        0,
                        Command::new("Allow the challenge (L)", DirectorAction::AllowWaiting),
                    );
                }
                commands.push(Command::new("Back to players (Esc)", DirectorAction::Back));
                commands.push(Command::new(
                    "Exit station (Q)",
                    DirectorAction::ExitStation,
                ));
                v.commands = commands;
            }
            Page::About => v.screen = ScreenKind::About,
            Page::PinChoice => {
                v.title = "Director: pin the station to a division".into();
                v.director_lines = vec![
                    self.pinned_line(),
                    "Press the division's number (0 unpins), then confirm.".into(),
                ];
                v.commands = self
                    .divisions
                    .iter()
                    .enumerate()
                    .map(|(i, d)| Command {
                        enabled: d.state.is_ok(),
                        ..Command::new(
                            format!("{}  {}", i + 1, d.label),
                            DirectorAction::PinDivision(i),
                        )
                    })
                    .collect();
                v.commands.push(Command::new(
                    "0  Unpin (pairs choose)",
                    DirectorAction::Unpin,
                ));
                v.commands.push(back());
            }
            Page::Confirm(what) => {
                v.title = match what {
                    Confirmable::Pin(Some(i)) => format!(
                        "Pin the station to {}? Every challenge is then judged in it.",
                        self.divisions[*i].label
                    ),
                    Confirmable::Pin(None) => {
                        "Unpin the station? Each pair then chooses its division.".into()
                    }
                    Confirmable::Exit => "Exit the station program?".into(),
                    Confirmable::Allow => {
                        "Let the waiting challenge be judged? Its words were part of a play judged UNACCEPTABLE.".into()
                    }
                };
                v.director_lines = match (what, &c.waiting) {
                    (Confirmable::Allow, Some(line)) => vec![line.clone()],
                    (Confirmable::Pin(_), _) => vec![self.pinned_line()],
                    (Confirmable::Exit, _) => vec![
                        "It ends; under its systemd unit (or the xinit loop) it starts again by itself, reading kiosk.toml afresh.".into(),
                        "To take the station down, stop its service from SSH or a console: systemctl stop wordjudge-station".into(),
                    ],
                    _ => Vec::new(),
                };
                v.commands = vec![
                    Command::new("Yes (Enter)", DirectorAction::Confirm),
                    Command::new("No (Esc)", DirectorAction::Back),
                ];
            }
            Page::SlipNumber(digits) => {
                v.screen = ScreenKind::SlipNumber;
                v.title = "Director: the slip whose detail to show — its number, then Enter".into();
                v.detail = String::new();
                v.current = digits.clone();
            }
            Page::DetailPin { slip, digits } => {
                v.screen = ScreenKind::Pin;
                v.title = format!("Director PIN again: slip {}'s per-word detail", slip.slip);
                v.detail =
                    format!("shown for {DETAIL_SECONDS:.0} s, then the director's screen again");
                v.current = "•".repeat(digits.chars().count());
            }
            Page::Detail { slip, shown_at } => {
                v.title = format!("Slip {}: per-word detail", slip.slip);
                v.detail = format!(
                    "closes in {:.0} s",
                    (shown_at + DETAIL_SECONDS - now).max(0.0).ceil()
                );
                v.director_lines =
                    detail_lines(slip, |w| self.words_shown(&slip.division, &[w.to_owned()]));
                v.commands = vec![back()];
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

    /// Whether and to which division the station is pinned, in words.
    fn pinned_line(&self) -> String {
        match self.pinned {
            Some(i) => format!(
                "Pinned: every challenge is judged in {} (no division menu).",
                self.divisions[i].label
            ),
            None if self.divisions.len() > 1 => {
                "Not pinned: each pair chooses its division.".into()
            }
            None => "Not pinned (the station has one division).".into(),
        }
    }

    /// The event line of every screen's header (see [`View::event_line`]), for a challenge in
    /// `round` at `table`.
    fn event_line(&self, round: Option<u32>, table: Option<u32>) -> String {
        let mut parts = Vec::new();
        if let Some(event) = &self.settings.event {
            parts.push(if event.changed.is_empty() {
                format!("EVENT {}", event.fingerprint)
            } else {
                format!("EVENT {} (CHANGED HERE)", event.fingerprint)
            });
        }
        if let Some(round) = round {
            parts.push(format!("ROUND {round}"));
        }
        if !parts.is_empty() {
            parts.push(format!("STATION {}", self.adjudicator.station()));
        }
        if let Some(table) = table {
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

    /// The director's status lines: lexicons per division, whether the station is pinned,
    /// a waiting challenge, wrong PINs, verdicts whose slip was not recorded, log health, and
    /// the recent slips — their words and verdicts, never which word failed (that is on
    /// request, one slip at a time, behind the PIN again).
    fn director_lines(&self, c: &DirectorContext) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(waiting) = &c.waiting {
            lines.push(waiting.clone());
        }
        if c.wrong_pins > 0 {
            lines.push(format!(
                "{} wrong PIN(s) were tried since your last visit",
                c.wrong_pins
            ));
        }
        for line in &self.unrecorded {
            lines.push(format!(
                "SLIP NOT RECORDED — write the paper slip from this: {line} (A acknowledges)"
            ));
        }
        lines.push(self.pinned_line());
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
        let slips = match c.log {
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

/// What the director's screen shows besides the station's own state.
struct DirectorContext<'a> {
    /// The slip log as it was when director mode opened.
    log: Option<&'a LogState>,
    /// Wrong PINs tried since the director's last visit.
    wrong_pins: u32,
    /// The waiting challenge, in words.
    waiting: Option<String>,
    /// Seconds until director mode closes by itself (idle or its absolute limit).
    closes_in: f64,
}

/// Every screen but the director's and its PIN prompt.
fn player_screen(screen: &ScreenKind) -> bool {
    !matches!(
        screen,
        ScreenKind::Director | ScreenKind::About | ScreenKind::Pin
    )
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
                if let Some(key) = &event.signed_by {
                    lines.push(format!("  signed by key {key}, which this station trusts"));
                }
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

/// The entry screen: the words so far, and who acts next. `pause_ended_by`: the challenger
/// handed over early enough for JUDGE to act now if at or before this time.
fn entry_view(e: &Entry, pause_ended_by: f64, v: &mut View) {
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
    v.ready = e.handed_over_at.is_some_and(|at| at <= pause_ended_by);
    v.can_hand_over = !e.handed_over() && missing(e).is_none();
    let second = e
        .second_opinion
        .as_ref()
        .map(|s| format!("SECOND OPINION for slip {} — ", s.slip))
        .unwrap_or_default();
    if e.handed_over() {
        v.title =
            "CHALLENGED PLAYER: check the words against the board and the slip, then press JUDGE"
                .into();
        v.detail = if v.ready {
            format!(
                "{second}JUDGE when they are right; Backspace gives them back to the challenger"
            )
        } else {
            format!("{second}CHALLENGER: hand the station to the challenged player")
        };
        return;
    }
    v.title = "CHALLENGER: type the words, then Enter (DONE)".into();
    let count = match e.expected {
        Some(n) => format!("{n} word(s); Space or comma between words, Enter after the last"),
        None => "Space or comma between words, Enter after the last".into(),
    };
    v.detail = match &e.second_opinion {
        Some(_) => format!("{second}type its words again. {count}"),
        None => count,
    };
}
