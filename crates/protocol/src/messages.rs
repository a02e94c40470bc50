//! What the station says besides its screens' fixed words: a hint after a refused key
//! ([`Hint`]), a persistent alert for the director ([`Alert`]), why the station or a division
//! does not judge ([`OutOfService`]), and the reasons behind them — each with its text in a
//! language, from the catalogues.

use wordjudge_config::service::LexiconProblem;
use wordjudge_lang::tr;
use wordjudge_lang::Language;
use wordjudge_lexicon::known::Recognition;

/// A play judged UNACCEPTABLE that a new challenge was part of.
#[derive(Debug, Clone, PartialEq)]
pub enum FailedPlay {
    Slip(u64),
    /// Its slip could not be written: when it was judged, on the hall's clock.
    Unrecorded(String),
}

/// A short line after a refused key, an incomplete entry or a refused second opinion.
#[derive(Debug, Clone, PartialEq)]
pub enum Hint {
    /// A count outside 1..=max.
    PressCount(usize),
    /// A table number outside 1..=MAX_TABLE, or a key that is not a digit.
    TypeTable,
    /// A station number outside 1..=MAX_STATION_NUMBER.
    TypeStationNumber,
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
    /// The same, on a table device, which has no director mode: what the players can do there.
    PartOfFailedPlayOnDevice(FailedPlay),
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
    /// Not among a table device's last plays (how many).
    NotAmongLast(usize),
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

impl Hint {
    /// The hint in `l`.
    pub fn text(&self, l: Language) -> String {
        match self {
            Hint::PressCount(max) => tr!(l, "hint-press-count", max = *max),
            Hint::TypeTable => tr!(l, "hint-type-table", max = wordjudge_config::MAX_TABLE),
            Hint::TypeStationNumber => tr!(
                l,
                "hint-type-station-number",
                max = crate::MAX_STATION_NUMBER
            ),
            Hint::WordsTyped(n) => tr!(l, "hint-words-typed", n = *n),
            Hint::WordTooLong => tr!(l, "hint-word-too-long"),
            Hint::LettersOnly => tr!(l, "hint-letters-only"),
            Hint::NotALetter(c) => tr!(l, "hint-not-a-letter", char = &format!("{c:?}")),
            Hint::NotATile(alphabet) => tr!(l, "hint-not-a-tile", alphabet = alphabet),
            Hint::UnfinishedTile(end) => tr!(l, "hint-unfinished-tile", tile = end),
            Hint::TooManyTiles => tr!(l, "hint-too-many-tiles"),
            Hint::Missing(Missing::ShortWord(n)) => tr!(l, "hint-short-word", n = *n),
            Hint::Missing(Missing::UnfinishedTile) => tr!(l, "hint-word-unfinished"),
            Hint::Missing(Missing::OneTile(n)) => tr!(l, "hint-one-tile", n = *n),
            Hint::Missing(Missing::Words { typed, of }) => {
                tr!(l, "hint-words-of", typed = *typed, of = *of)
            }
            Hint::Missing(Missing::NoWords) => tr!(l, "hint-no-words"),
            Hint::NotHandedOver => tr!(l, "hint-not-handed-over"),
            Hint::HandOverPause => tr!(l, "hint-handover-pause"),
            Hint::PartOfFailedPlay(failed) => {
                tr!(l, "hint-part-of-failed-play", play = &failed.text(l))
            }
            Hint::PartOfFailedPlayOnDevice(failed) => {
                tr!(l, "hint-part-of-failed-play-device", play = &failed.text(l))
            }
            Hint::SecondOpinionRefused(why) => match why {
                SecondOpinionNot::WordsTyped => tr!(l, "hint-second-words-typed"),
                SecondOpinionNot::UnderWay(_) => tr!(l, "hint-second-under-way"),
                SecondOpinionNot::NotRecorded => tr!(l, "hint-second-not-recorded"),
                SecondOpinionNot::Differ => tr!(l, "hint-second-differ"),
                SecondOpinionNot::TypeSlip => tr!(l, "hint-second-type-slip"),
                SecondOpinionNot::OutOfService => tr!(l, "hint-second-out-of-service"),
                SecondOpinionNot::NotHere => String::new(),
            },
            Hint::PressJudge => tr!(l, "hint-press-judge"),
            Hint::PressJudgeButton => tr!(l, "hint-press-judge-button"),
            Hint::BackToChallenger => tr!(l, "hint-back-to-challenger"),
            Hint::NotAWord => tr!(l, "hint-not-a-word"),
            Hint::NoSuchSlip(n) => tr!(l, "hint-no-such-slip", slip = *n),
            Hint::DivisionOutOfService(label) => {
                tr!(l, "hint-division-out-of-service", division = label)
            }
            Hint::WordsDoNotMatch(n) => tr!(l, "hint-words-do-not-match", slip = *n),
            Hint::NotReopened(n, why) => {
                let why = match why {
                    NotReopened::ASecondOpinion => tr!(l, "not-reopened-second"),
                    NotReopened::ByTheDirector => tr!(l, "not-reopened-director"),
                    NotReopened::AlreadyReopened(m) => tr!(l, "not-reopened-already", other = *m),
                    NotReopened::OtherStation => tr!(l, "not-reopened-other-station"),
                    NotReopened::TooOld(minutes) => {
                        tr!(
                            l,
                            "not-reopened-too-old",
                            minutes = &format!("{minutes:.0}")
                        )
                    }
                    NotReopened::NotAmongLast(plays) => {
                        tr!(l, "not-reopened-not-among-last", plays = *plays)
                    }
                    NotReopened::DivisionNotHere => tr!(l, "not-reopened-division-not-here"),
                    NotReopened::DivisionOutOfService => {
                        tr!(l, "not-reopened-division-out-of-service")
                    }
                };
                tr!(l, "hint-not-reopened", slip = *n, why = &why)
            }
            Hint::WrongPin => tr!(l, "hint-wrong-pin"),
            Hint::TooManyPins => tr!(l, "hint-too-many-pins"),
            Hint::NotRecorded(e) => tr!(l, "hint-not-recorded", error = e),
        }
    }
}

impl std::fmt::Display for Hint {
    /// The hint in English.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Language::En))
    }
}

impl FailedPlay {
    /// "slip 12", or "the play judged at …" (one whose slip was not recorded), in `l`.
    pub fn text(&self, l: Language) -> String {
        match self {
            FailedPlay::Slip(n) => tr!(l, "failed-play-slip", slip = *n),
            FailedPlay::Unrecorded(at) => tr!(l, "failed-play-unrecorded", time = at),
        }
    }
}

/// A persistent alert: the banner for the director, until acknowledged.
#[derive(Debug, Clone, PartialEq)]
pub enum Alert {
    /// The slip log could not be written (the error).
    LogFailed(String),
    /// The slip is written, but the log noticed something the director must look at.
    LogCheck(String),
    /// A docket was not printed.
    Docket { slip: u64, error: String },
}

impl Alert {
    /// The banner in `l` (the error itself as the system gave it).
    pub fn text(&self, l: Language) -> String {
        match self {
            Alert::LogFailed(e) => tr!(l, "alert-log-failed", error = e),
            Alert::LogCheck(p) => tr!(l, "alert-log-check", problem = p),
            Alert::Docket { slip, error } => tr!(l, "alert-docket", slip = *slip, error = error),
        }
    }
}

impl std::fmt::Display for Alert {
    /// The alert in English (the audit lines).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Language::En))
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

impl OutOfService {
    /// Why, in `l`; a configuration's or a lexicon's problem as its check gives it (in
    /// English: it is for the director, who fixes it).
    pub fn text(&self, l: Language) -> String {
        match self {
            OutOfService::Configuration(reason) => reason.clone(),
            OutOfService::NoDivision => tr!(l, "out-of-service-no-division"),
            OutOfService::Lexicon(problem) => problem.to_string(),
            OutOfService::EveryDivision => tr!(l, "out-of-service-every-division"),
        }
    }
}

impl std::fmt::Display for OutOfService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Language::En))
    }
}

/// The edition part of a player screen's header: "edition NWL2023, effective 2024-02-29", or
/// "not a published edition"; what the content is, whatever the code says, and "MISLABEL
/// ACCEPTED" when the code names another edition and the director accepted that.
pub fn edition_line(recognition: &Recognition) -> String {
    edition_line_in(recognition, Language::En)
}

/// [`edition_line`] in `l`.
pub fn edition_line_in(recognition: &Recognition, l: Language) -> String {
    let edition = match recognition.edition() {
        Some(e) => match &e.effective {
            Some(date) => tr!(l, "edition-effective", code = &e.code, date = date),
            None => tr!(l, "edition", code = &e.code),
        },
        None => tr!(l, "edition-unpublished"),
    };
    if recognition.is_warning() {
        tr!(l, "edition-mislabel", edition = &edition)
    } else {
        edition
    }
}
