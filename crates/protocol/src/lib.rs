//! The station's protocol as a pure state machine: events in, a screen model out.
//!
//! Everything the rule books ask of a self-lookup station lives here — which screen shows, what a
//! key does, who may judge and when, when a verdict may and must clear, when idle input is wiped,
//! second opinions, the director's PIN and its lockout, failing closed when a lexicon does not
//! verify — so it is tested without a window and without a clock: every call takes `now`, the
//! seconds since the station started. A user interface renders [`View`] and forwards
//! [`Input`]s; it decides nothing.
//!
//! The rules it keeps (`../shared/notes/adjudication-rules.md`):
//!
//! - every challenge is a new adjudication: with several divisions each pair chooses its own
//!   (unless the director pinned the station to one), and nothing of the previous pair's
//!   division, words or count carries over;
//! - the challenger types every word and ends the entry; only after a hand-over pause may the
//!   challenged player judge (NSA App. C; NASSC 12; WESPA 3.11.1). A key that ends a word never
//!   judges, a judge key in the pause is refused, not kept, and a held key is one press;
//! - one verdict for the whole play, never which word failed: a verdict stays against the judge
//!   key and held keys, and a new challenge on part of a play judged UNACCEPTABLE here a moment
//!   ago is not judged without the director;
//! - a second opinion judges exactly the words of its slip, in the slip's own division (SA 13.5);
//!   anything else is refused with no verdict of any kind;
//! - director mode is bounded: an idle limit and an absolute one, the per-word detail behind the
//!   PIN again, every change confirmed.
//!
//! The state machine reads no file and no clock. Its only input and output are the
//! [`Adjudicator`] it is given (judging, the slip log, the time a slip was judged) and the
//! [`StationFiles`] that `wordjudge-station-files` gives it (reading `kiosk.toml` again, recording the
//! division the director pins the station to). (Times are shown on the hall's clock: the time
//! zone is read through `wordjudge_lang`'s `Language::datetime`.) What the director must find later — director mode opened
//! and left, every director action, wrong PINs and lock-outs — it hands out as [`Station::take_audit`]
//! lines for the diagnostic log.
//!
//! The parts: [`input`] (keys, events), `players` (the division, table and count), `entry`
//! (typing the words, handing over), `guard` (the re-challenge guard), `verdict` (JUDGE and the
//! verdict), `second_opinion`, `tiles` (typing in another alphabet than English), `director`
//! (the PIN and director mode), [`messages`] (hints, alerts, out-of-service reasons), [`view`]
//! (the screens and every word on them).

#![forbid(unsafe_code)]

mod director;
mod entry;
mod files;
pub mod input;
pub mod messages;
mod modes;
mod players;
mod rechallenge;
mod second_opinion;
pub mod setup;
mod station_number;
mod stick_request;
mod tiles;
mod verdict;
pub mod view;

// The tests give the station a slip log in a temporary folder and read it back: the protocol's
// own rule (crates/protocol/clippy.toml) is for what it does, not for its tests.
#[cfg(test)]
#[allow(clippy::disallowed_methods, clippy::disallowed_types)]
mod tests;

use std::collections::VecDeque;

use wordjudge_config::PinHash;
use wordjudge_sliplog::adjudicate::Adjudicator;
use wordjudge_sliplog::Slip;

pub use files::{Lockout, StationFiles};
pub use input::{DirectorAction, Input, Key, KeyPress};
pub use messages::{
    edition_line, edition_line_in, Alert, FailedPlay, Hint, Missing, NotReopened, OutOfService,
    SecondOpinionNot,
};
pub use modes::Confirmable;
use modes::{Entry, Judged, Mode, Page, PinAttempts, Waiting};
pub use setup::{DivisionSlot, Reach, Settings, Setup};
pub use station_number::MAX_STATION_NUMBER;
pub use stick_request::{StickJob, STICK_ANSWER_SECONDS};
pub use view::{ScreenKind, View};

/// Wrong PINs in a row before the prompt locks.
pub const PIN_TRIES: u32 = 5;
/// How long the PIN prompt locks after the first five wrong PINs; each further five double it.
pub const PIN_LOCK_SECONDS: f64 = 60.0;
/// The longest lock-out.
pub const PIN_LOCK_MAX_SECONDS: f64 = 30.0 * 60.0;
/// Slips the director's screen lists.
pub(crate) const RECENT_SLIPS: usize = 20;
/// How long the director's per-word detail of one slip stays on screen.
pub(crate) const DETAIL_SECONDS: f64 = 10.0;
/// Plays judged at this station kept in memory for the re-challenge guard (besides the log).
const JUDGED_KEPT: usize = 64;
/// Slips read back from the end of the log for the re-challenge guard: more than a station
/// judges in any `second_opinion_minutes` window.
const GUARD_SLIPS: usize = 200;
/// Digits the PIN prompt takes: a PIN's longest.
const PIN_MAX_DIGITS: usize = *PinHash::DIGITS.end();
/// Digits a slip number prompt takes (slip numbers above 10^12 are damage; nine is plenty for
/// an event).
const SLIP_NUMBER_DIGITS: usize = 9;

/// The station.
pub struct Station {
    settings: Settings,
    divisions: Vec<DivisionSlot>,
    /// Why the whole station is out of service (a broken configuration), if it is.
    broken: Option<String>,
    /// The event a station image's first boot found and would install, once the director gives
    /// this machine's number ([`Setup::number_wanted`]).
    number_wanted: Option<String>,
    /// The division the director pinned the station to.
    pinned: Option<usize>,
    /// The division of the challenge under way (`None`: the pair has not chosen yet).
    active: Option<usize>,
    /// The table the pair typed (`ask_table`), for the challenge under way.
    table: Option<u32>,
    /// The table a table device's players gave for their game ([`Station::set_game`]): on every
    /// slip until they change it. A station asks each pair instead (`ask_table`).
    game_table: Option<u32>,
    adjudicator: Adjudicator,
    files: Option<Box<dyn StationFiles>>,
    mode: Mode,
    hint: Option<Hint>,
    last_input: f64,
    /// Until when a key that means nothing on the first screen of the next pair is ignored
    /// without a hint: the key that cleared a verdict, pressed twice or held down.
    cleared_until: f64,
    alert: Option<Alert>,
    pin_attempts: PinAttempts,
    recent: VecDeque<Slip>,
    /// Plays judged in this run, recorded or not, newest last (the re-challenge guard).
    judged: VecDeque<Judged>,
    /// Verdicts whose slip could not be written, for the director's screen until the alert is
    /// acknowledged.
    unrecorded: Vec<String>,
    audit: Vec<String>,
    /// A request to the stick helper under way.
    stick: Option<stick_request::Pending>,
    exit: bool,
}

impl std::fmt::Debug for Station {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Station")
            .field("mode", &self.mode)
            .field("active", &self.active)
            .field("pinned", &self.pinned)
            .finish_non_exhaustive()
    }
}

impl Station {
    /// A station from parts (tests build divisions in memory).
    pub fn new(
        settings: Settings,
        divisions: Vec<DivisionSlot>,
        adjudicator: Adjudicator,
    ) -> Station {
        Station::from_setup(Setup {
            settings,
            divisions,
            adjudicator,
            broken: None,
            number_wanted: None,
            lockout: Lockout::default(),
        })
    }

    /// A station from a [`Setup`]: out of service when it is broken.
    pub fn from_setup(setup: Setup) -> Station {
        let pinned = setup
            .settings
            .division
            .as_ref()
            .and_then(|name| setup.divisions.iter().position(|d| &d.name == name));
        let mut station = Station {
            settings: setup.settings,
            divisions: setup.divisions,
            broken: setup.broken,
            number_wanted: setup.number_wanted,
            pinned,
            active: None,
            table: None,
            game_table: None,
            adjudicator: setup.adjudicator,
            files: None,
            mode: Mode::ChooseDivision,
            hint: None,
            last_input: 0.0,
            cleared_until: 0.0,
            alert: None,
            pin_attempts: PinAttempts::restored(&setup.lockout),
            recent: VecDeque::new(),
            judged: VecDeque::new(),
            unrecorded: Vec::new(),
            audit: Vec::new(),
            stick: None,
            exit: false,
        };
        station.clear_to_start();
        station
    }

    /// Gives the station the files behind it (see [`StationFiles`]).
    pub fn with_files(mut self, files: Box<dyn StationFiles>) -> Station {
        self.files = Some(files);
        self
    }

    /// True once the director chose to exit the station.
    pub fn exit_requested(&self) -> bool {
        self.exit
    }

    /// A request to close the window (Alt+F4, the window manager): refused unless the director
    /// chose to exit. Returns whether the window may close.
    pub fn close_requested(&self) -> bool {
        self.exit
    }

    /// What happened since the last call that the diagnostic log should keep: director mode
    /// opened and left, director actions, wrong PINs and lock-outs.
    pub fn take_audit(&mut self) -> Vec<String> {
        std::mem::take(&mut self.audit)
    }

    /// The division a new challenge starts in without asking: the pinned one, or the only one.
    fn default_division(&self) -> Option<usize> {
        self.pinned.or((self.divisions.len() == 1).then_some(0))
    }

    /// The first screen of a challenge in the division under way (the menu when there is none).
    fn start_mode(&self) -> Mode {
        if self.number_wanted.is_some() {
            return Mode::StationNumber(station_number::Asking::default());
        }
        if let Some(reason) = &self.broken {
            return Mode::OutOfService(OutOfService::Configuration(reason.clone()));
        }
        if self.divisions.is_empty() {
            return Mode::OutOfService(OutOfService::NoDivision);
        }
        match self.active {
            Some(i) => match &self.divisions[i].state {
                Err(problem) => Mode::OutOfService(OutOfService::Lexicon(problem.clone())),
                Ok(_) => self.fresh_entry(None),
            },
            None if self.divisions.iter().all(|d| d.state.is_err()) => {
                Mode::OutOfService(OutOfService::EveryDivision)
            }
            None => Mode::ChooseDivision,
        }
    }

    fn fresh_entry(&self, second_opinion: Option<Slip>) -> Mode {
        // A second opinion is the same game as its slip: its table comes from the slip.
        if self.settings.screen.ask_table && self.table.is_none() && second_opinion.is_none() {
            return Mode::Table {
                digits: String::new(),
            };
        }
        self.after_table(second_opinion)
    }

    /// The count, or the entry: what follows the table number.
    fn after_table(&self, second_opinion: Option<Slip>) -> Mode {
        if self.settings.screen.count_first {
            Mode::Count { second_opinion }
        } else {
            Mode::Entry(Entry::new(None, second_opinion, self.alphabet()))
        }
    }

    /// A new challenge: nothing of the last one carries over, its division included.
    fn clear_to_start(&mut self) {
        self.hint = None;
        self.table = None;
        self.active = self.default_division();
        self.mode = self.start_mode();
    }

    /// Shows times on the clock of `zone` from now on: a table device learns its event's zone
    /// from the page once it opened (the module has no time-zone database).
    pub fn set_zone(&mut self, zone: wordjudge_base::clock::TimeZone) {
        self.settings.zone = zone;
    }

    /// Handles one event at time `now` (seconds since start).
    pub fn handle(&mut self, event: Input, now: f64) {
        self.expire(now);
        match event {
            Input::Tick => {
                self.collect_prints();
                self.collect_stick(now);
            }
            // A held key is one press: its repeats do nothing anywhere.
            Input::Key(press) if press.repeat => {}
            Input::DirectorChord => self.director_chord(now),
            Input::Director(action) => self.director_action(action, now),
            Input::Key(press) if press.is_director_chord() => self.director_chord(now),
            // Paste, shortcuts, the compositor's logo-key shortcuts: nothing on a player screen
            // reacts to them.
            Input::Key(press) if press.ctrl || press.alt || press.logo => {}
            Input::Key(press) => self.key(press.key, now),
            Input::JudgeButton => {
                self.last_input = now;
                if let Mode::Entry(_) = self.mode {
                    self.judge(now);
                }
            }
            Input::Done => {
                self.last_input = now;
                if let Mode::Entry(_) = self.mode {
                    self.end_entry(now);
                }
            }
            Input::ChooseDivision(i) => {
                self.last_input = now;
                self.choose_division(i);
            }
            Input::Tile(i) => {
                self.last_input = now;
                match self.keyboard_letter(i) {
                    // An English division's on-screen keyboard: the letter's key.
                    Some(c) => self.entry_key(Key::Char(c), now),
                    None => self.tile_key(i),
                }
            }
            Input::ChooseCount(n) => {
                self.last_input = now;
                self.choose_count(n);
            }
            Input::SecondOpinion => {
                self.last_input = now;
                self.start_second_opinion(now);
            }
            Input::Back => {
                if let Some(key) = self.back_key() {
                    self.key(key, now);
                }
            }
            Input::Tap => {
                if let Mode::Verdict { .. } = self.mode {
                    self.clear_verdict(now);
                }
            }
        }
    }

    /// A key other than JUDGE, or a tap, on a verdict: it clears once the verdict has been up
    /// for `verdict_min_seconds` (a second press, a tap, a key held down must not wipe it
    /// before both players read it). Whether it cleared.
    fn clear_verdict(&mut self, now: f64) -> bool {
        let Mode::Verdict { shown_at, .. } = self.mode else {
            return false;
        };
        if now - shown_at < self.settings.screen.verdict_min_seconds {
            return false;
        }
        self.clear_to_start();
        self.cleared_until = now + CLEARING_KEY_SECONDS;
        self.last_input = now;
        true
    }

    /// Timers: verdicts clear themselves, idle input is wiped, the PIN prompt gives up, director
    /// mode closes (idle, or at its absolute limit) and the per-word detail with it.
    fn expire(&mut self, now: f64) {
        let s = &self.settings.screen;
        // Handed over, the challenged player checks every word on the board before JUDGE: the
        // words stay longer, the more there are.
        let idle_wipe = match &self.mode {
            Mode::Entry(e) if e.handed_over() => {
                s.idle_wipe_seconds + CHECK_SECONDS_PER_WORD * e.words.len() as f64
            }
            _ => s.idle_wipe_seconds,
        };
        if now - self.last_input >= idle_wipe && self.pair_left_something() {
            // A pair that walked away: the next pair starts afresh, division included.
            self.clear_to_start();
            return;
        }
        // "Not yet: the challenger hands the station over" is true only until the pause ends:
        // once JUDGE can act, it would contradict the green button.
        if let (Mode::Entry(e), Some(Hint::HandOverPause)) = (&self.mode, &self.hint) {
            if e.handed_over_at
                .is_some_and(|at| now - at >= s.handover_seconds)
            {
                self.hint = None;
            }
        }
        match &mut self.mode {
            Mode::Verdict { shown_at, .. } if now - *shown_at >= s.verdict_clear_seconds => {
                self.clear_to_start();
            }
            Mode::Pin { since, back, .. } if now - *since >= s.pin_prompt_seconds => {
                self.mode = (**back).clone();
                self.last_input = now;
            }
            // The page of a stick request under way stays open, offering nothing, until the
            // answer is shown there.
            Mode::Director {
                page: Page::StickWorking(_),
                ..
            } if self.stick.is_some() => {}
            Mode::Director { opened, .. } if now - *opened >= s.director_max_seconds => {
                self.audit.push(format!(
                    "director mode closed: {:.0} s since the PIN (director_max_seconds)",
                    s.director_max_seconds
                ));
                self.clear_to_start();
            }
            Mode::Director { since, .. } if now - *since >= s.director_idle_seconds => {
                self.audit.push("director mode left: idle".into());
                self.clear_to_start();
            }
            Mode::Director {
                page: Page::Detail { slip, shown_at },
                ..
            } if now - *shown_at >= DETAIL_SECONDS => {
                let n = slip.slip;
                self.audit.push(format!(
                    "the detail of slip {n} closed after {DETAIL_SECONDS:.0} s"
                ));
                if let Mode::Director { page, .. } = &mut self.mode {
                    *page = Page::Main;
                }
            }
            _ => {}
        }
    }

    /// Whether a pair left something on a player screen before its verdict: a division it
    /// chose, a count, words typed, a second opinion asked for, a hint (a refusal can name a
    /// slip).
    fn pair_left_something(&self) -> bool {
        let chose = self.active != self.default_division();
        let hint = self.hint.is_some();
        match &self.mode {
            Mode::Entry(e) => {
                chose
                    || hint
                    || e.expected.is_some()
                    || !e.words.is_empty()
                    || !e.current.is_empty()
                    || e.second_opinion.is_some()
                    || self.table.is_some()
            }
            Mode::Count { second_opinion } => {
                chose || hint || second_opinion.is_some() || self.table.is_some()
            }
            Mode::Table { digits } => chose || hint || !digits.is_empty(),
            Mode::ChooseDivision | Mode::OutOfService(_) => hint,
            Mode::SlipNumber { .. } => true,
            _ => false,
        }
    }

    /// A key on whatever screen shows.
    fn key(&mut self, key: Key, now: f64) {
        if key == Key::SecondOpinion
            && !matches!(self.mode, Mode::Pin { .. } | Mode::Director { .. })
        {
            self.last_input = now;
            self.start_second_opinion(now);
            return;
        }
        if let Mode::Director { .. } = self.mode {
            // Only a key that does something keeps director mode open.
            self.director_key(key, now);
            return;
        }
        let previous_input = self.last_input;
        self.last_input = now;
        if digit(key).is_some() {
            // The next pair has begun to type: from here on every key is theirs.
            self.cleared_until = 0.0;
        }
        match &self.mode {
            Mode::OutOfService(_) => {}
            // Esc takes back whatever the menu said (an out-of-service division, a lock-out).
            Mode::ChooseDivision if key == Key::Escape => self.hint = None,
            Mode::ChooseDivision => {
                if let Some(d) = digit(key) {
                    if d >= 1 {
                        self.choose_division(d - 1);
                    }
                }
            }
            // The key that cleared the verdict, again or held: not the next pair's mistake.
            Mode::Table { .. } | Mode::Count { .. }
                if now < self.cleared_until && digit(key).is_none() && key != Key::Escape => {}
            Mode::Table { .. } => self.table_key(key),
            Mode::Count { .. } => self.count_key(key),
            Mode::Entry(_) => self.entry_key(key, now),
            // The judge key never clears a verdict; another key does, as a tap.
            Mode::Verdict { .. } => {
                if key == Key::Tab || !self.clear_verdict(now) {
                    self.last_input = previous_input;
                }
            }
            Mode::SlipNumber { .. } => self.slip_number_key(key),
            Mode::Pin { .. } => self.pin_key(key, now),
            Mode::StationNumber(_) => self.station_number_key(key, now),
            Mode::Director { .. } => {}
        }
    }
}

/// How long after a key clears a verdict the next screen ignores keys that mean nothing there
/// (a double press, a key held until it repeats) rather than greeting the next pair with a hint.
const CLEARING_KEY_SECONDS: f64 = 1.0;

/// Handed over, how much longer than `idle_wipe_seconds` the words stay for each word: the
/// challenged player finds it on the board and checks it tile by tile (eight words: 30 + 120 s).
pub const CHECK_SECONDS_PER_WORD: f64 = 15.0;

/// The digit a key types, if it types one.
/// Edits a number being typed (a PIN, a slip number): a digit is added while there are fewer
/// than `max`, Backspace removes the last; other keys are the caller's.
fn edit_digits(digits: &mut String, key: Key, max: usize) {
    match key {
        Key::Char(c) if c.is_ascii_digit() && digits.len() < max => digits.push(c),
        Key::Backspace => {
            digits.pop();
        }
        _ => {}
    }
}

fn digit(key: Key) -> Option<usize> {
    match key {
        Key::Char(c) => c.to_digit(10).map(|d| d as usize),
        _ => None,
    }
}
