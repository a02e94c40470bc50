//! The station's protocol as a pure state machine: events in, a screen model out.
//!
//! Everything the rule books ask of a self-lookup station lives here — which screen shows, what a
//! key does, who may judge and when, when a verdict may and must clear, when idle input is wiped,
//! second opinions, the director's PIN and its lockout, failing closed when a lexicon does not
//! verify — so it is tested without a window and without a clock: every call takes `now`, the
//! seconds since the station started. A user interface renders [`View`] and forwards
//! [`Event`]s; it decides nothing.
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
//! [`StationFiles`] that `wordjudge-kiosk` gives it (reading `kiosk.toml` again, recording the
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

mod director;
mod entry;
mod guard;
pub mod input;
pub mod messages;
mod players;
mod second_opinion;
pub mod setup;
mod stick;
mod tiles;
mod verdict;
pub mod view;

#[cfg(test)]
mod tests;

use std::collections::VecDeque;

use wordjudge_config::service::LexiconProblem;
use wordjudge_config::{JudgeKey, PinHash, Screen};
use wordjudge_lexicon::judge::{Division, Verdict};
use wordjudge_sliplog::adjudicate::{Adjudicator, LogState};
use wordjudge_sliplog::Slip;

pub use input::{DirectorAction, Event, Key, KeyPress};
pub use messages::{
    edition_line, edition_line_in, Alert, FailedPlay, Hint, Missing, NotReopened, OutOfService,
    SecondOpinionNot,
};
pub use stick::{StickJob, STICK_ANSWER_SECONDS};
pub use view::{ScreenKind, View};

/// Wrong PINs in a row before the prompt locks.
pub const PIN_TRIES: u32 = 5;
/// How long the PIN prompt locks after the first five wrong PINs; each further five double it.
pub const PIN_LOCK_SECONDS: f64 = 60.0;
/// The longest lock-out.
pub const PIN_LOCK_MAX_SECONDS: f64 = 30.0 * 60.0;
/// Slips the director's screen lists.
pub const RECENT_SLIPS: usize = 20;
/// How long the director's per-word detail of one slip stays on screen.
pub const DETAIL_SECONDS: f64 = 10.0;
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

/// A division as the station sees it: verified and ready, or out of service and why.
#[derive(Debug)]
pub struct DivisionSlot {
    pub name: String,
    pub label: String,
    /// The language its players read (`language` of its `[divisions.NAME]`).
    pub language: wordjudge_lang::Language,
    /// The lexicons that judge its challenges, as every screen of a challenge names them.
    pub header: String,
    /// The lexicons that judge its second opinions (the second-opinion lexicon, if it names
    /// one, in place of the primary).
    pub second_header: String,
    pub state: Result<Division, LexiconProblem>,
}

/// The settings the protocol needs from `kiosk.toml`.
#[derive(Debug, Clone)]
pub struct Settings {
    pub screen: Screen,
    pub max_words: usize,
    pub pin: Option<PinHash>,
    /// The division the director pinned the station to, by name.
    pub division: Option<String>,
    /// The event the station was installed from (`event install`), and whether it still runs
    /// exactly the event's files.
    pub event: Option<wordjudge_config::EventStatus>,
    /// The language of the director's screens (`[station] director_language`).
    pub director_language: wordjudge_lang::Language,
}

impl Settings {
    /// Whether Tab judges (besides the JUDGE button).
    fn tab_judges(&self) -> bool {
        self.screen.judge_keys.contains(&JudgeKey::Tab)
    }
}

/// What a station is made of.
#[derive(Debug)]
pub struct Setup {
    pub settings: Settings,
    pub divisions: Vec<DivisionSlot>,
    pub adjudicator: Adjudicator,
    /// Why the whole station is out of service (a configuration that cannot be used), if it is.
    pub broken: Option<String>,
    /// The PIN prompt's guard as the last run left it.
    pub lockout: Lockout,
}

/// What the station needs from the files behind it, besides the slip log (which is the
/// [`Adjudicator`]'s): `setup::start` gives the real ones; without them, reload and pinning a
/// division do nothing lasting.
pub trait StationFiles {
    /// The station as `kiosk.toml` describes it now, every lexicon checked again.
    fn reload(&mut self) -> Setup;
    /// Records the division the director pinned the station to (`None`: none), so that it is
    /// kept across restarts.
    fn pin_division(&mut self, division: Option<&str>) -> Result<(), String>;
    /// Records the round the director set (`None`: none), so that it is kept across restarts.
    fn record_round(&mut self, round: Option<u32>) -> Result<(), String>;
    /// Starts printing `slip`'s docket, if the station has a printer, and returns at once:
    /// printing never delays a verdict. The outcome comes back through [`Self::printed`].
    fn print(&mut self, slip: &Slip);
    /// The dockets whose printing ended since the last call: slip number, and the error if it
    /// failed.
    fn printed(&mut self) -> Vec<(u64, Result<(), String>)>;
    /// Records the PIN prompt's guard (wrong PINs, lock-outs), so that a restart keeps it.
    fn record_lockout(&mut self, lockout: &Lockout) -> Result<(), String>;
    /// Asks the station's USB-stick helper to do `job`, and returns at once; the answer comes
    /// back through [`Self::stick_answer`]. Without a helper, why not.
    fn ask_stick(&mut self, job: StickJob) -> Result<(), String> {
        let _ = job;
        Err(stick::no_helper())
    }
    /// The helper's answer to the request under way, once it came: done or not, and what it
    /// said.
    fn stick_answer(&mut self) -> Option<(bool, String)> {
        None
    }
}

/// The PIN prompt's guard as it is kept across restarts: wrong PINs in a row, lock-outs since
/// the last success, how long the prompt stays locked from now, wrong PINs since the director's
/// last visit.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Lockout {
    pub in_a_row: u32,
    pub lockouts: u32,
    pub locked_for_seconds: f64,
    pub since_visit: u32,
}

/// The challenge being typed.
#[derive(Debug, Clone)]
struct Entry {
    /// Words the challenger said they would type (count step), if asked.
    expected: Option<usize>,
    words: Vec<String>,
    current: String,
    /// When the challenger ended the entry: the challenged player checks the words and, after
    /// the hand-over pause, may judge.
    handed_over_at: Option<f64>,
    /// The words were refused at the hand-over: part of this failed play (the director may let
    /// them through).
    part_of: Option<FailedPlay>,
    /// The director let this challenge through although it is part of a failed play.
    allowed: bool,
    /// Re-typing for a second opinion on this slip.
    second_opinion: Option<Slip>,
    /// The division's alphabet: how keys become tiles.
    alphabet: &'static wordjudge_lexicon::alphabet::Alphabet,
}

impl Entry {
    fn new(
        expected: Option<usize>,
        second_opinion: Option<Slip>,
        alphabet: &'static wordjudge_lexicon::alphabet::Alphabet,
    ) -> Entry {
        Entry {
            expected,
            words: Vec::new(),
            current: String::new(),
            handed_over_at: None,
            part_of: None,
            allowed: false,
            second_opinion,
            alphabet,
        }
    }

    /// Whether words are typed as tiles of another alphabet than English.
    fn as_tiles(&self) -> bool {
        !self.alphabet.id().is_english()
    }

    fn handed_over(&self) -> bool {
        self.handed_over_at.is_some()
    }

    /// Back to the challenger: the words may change, so what was decided about them goes.
    fn give_back(&mut self) {
        self.handed_over_at = None;
        self.part_of = None;
        self.allowed = false;
    }
}

/// A play judged at this station in this run, recorded or not: what the re-challenge guard
/// compares a new challenge with.
#[derive(Debug, Clone)]
struct Judged {
    words: Vec<String>,
    /// When, in the station's seconds.
    at: f64,
    /// When, on the hall's clock.
    local_time: String,
    slip: Option<u64>,
    verdict: Verdict,
}

/// A challenge refused as part of a failed play, waiting for the director (who may let it be
/// judged): the entry as it was, and the division and table it was typed in.
#[derive(Debug, Clone)]
struct Waiting {
    entry: Entry,
    active: Option<usize>,
    table: Option<u32>,
}

/// A director's change that is asked about before it is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmable {
    /// Pin the station to this division (`None`: unpin).
    Pin(Option<usize>),
    Exit,
    /// Let the waiting challenge be judged.
    Allow,
    /// Ask the stick helper for this.
    Stick(StickJob),
}

/// What director mode shows.
#[derive(Debug, Clone)]
enum Page {
    Main,
    About,
    /// The number of the slip whose per-word detail the director asked for.
    SlipNumber(String),
    /// The PIN again before a slip's per-word detail shows.
    DetailPin {
        slip: Box<Slip>,
        digits: String,
    },
    /// One slip in full, per-word detail included: only on the director's request, after the
    /// PIN again, for [`DETAIL_SECONDS`].
    Detail {
        slip: Box<Slip>,
        shown_at: f64,
    },
    /// The round being typed (digits; empty or 0: no round).
    Round(String),
    /// Which division to pin the station to (a number; 0 unpins).
    PinChoice,
    /// A change asked about: Enter makes it, Esc does not.
    Confirm(Confirmable),
    /// The stick helper is at work.
    StickWorking(StickJob),
    /// The stick helper's answer.
    StickDone(stick::Answer),
}

#[derive(Debug, Clone)]
enum Mode {
    OutOfService(OutOfService),
    ChooseDivision,
    /// The players' table number (`ask_table`), typed before the word count.
    Table {
        digits: String,
    },
    Count {
        second_opinion: Option<Slip>,
    },
    Entry(Entry),
    Verdict {
        shown_at: f64,
        verdict: Verdict,
        words: Vec<String>,
        slip: Option<Slip>,
        /// For a second opinion: the slip it re-adjudicated.
        second_opinion_of: Option<u64>,
        /// A second opinion that disagreed with this slip number.
        differs_from: Option<u64>,
        /// When it was judged (UTC, RFC 3339, as the slip records it): shown on the hall's
        /// clock, written as the division's language writes it.
        time: String,
        /// The lexicons that judged it, as the header shows them.
        header: String,
        /// The round and table its slip records.
        round: Option<u32>,
        table: Option<u32>,
    },
    SlipNumber {
        digits: String,
    },
    Pin {
        since: f64,
        digits: String,
        back: Box<Mode>,
    },
    Director {
        /// The last key or touch that did something.
        since: f64,
        /// When the PIN was accepted: director mode closes [`Screen::director_max_seconds`]
        /// later, busy or not.
        opened: f64,
        page: Page,
        /// A challenge refused as part of a failed play, which the director may let through.
        waiting: Option<Box<Waiting>>,
        /// The slip log as it was when director mode opened (not re-read on every frame).
        log: Option<LogState>,
        /// Wrong PINs tried since the director's last visit, shown on entering.
        wrong_pins: u32,
    },
}

/// The PIN prompt's guard against guessing.
#[derive(Debug, Default, Clone)]
struct PinGuard {
    /// Wrong PINs since the last lock-out (or success).
    in_a_row: u32,
    /// Lock-outs since the last success: each doubles the next.
    lockouts: u32,
    locked_until: f64,
    /// Wrong PINs since the director's last visit.
    since_visit: u32,
}

impl PinGuard {
    /// The guard as the last run left it (its lock-out counted from the station's start).
    fn restored(lockout: &Lockout) -> PinGuard {
        PinGuard {
            in_a_row: lockout.in_a_row,
            lockouts: lockout.lockouts,
            locked_until: lockout.locked_for_seconds.max(0.0),
            since_visit: lockout.since_visit,
        }
    }

    /// The guard as it is kept across restarts, at time `now`.
    fn at(&self, now: f64) -> Lockout {
        Lockout {
            in_a_row: self.in_a_row,
            lockouts: self.lockouts,
            locked_for_seconds: (self.locked_until - now).max(0.0),
            since_visit: self.since_visit,
        }
    }
}

/// The station.
pub struct Station {
    settings: Settings,
    divisions: Vec<DivisionSlot>,
    /// Why the whole station is out of service (a broken configuration), if it is.
    broken: Option<String>,
    /// The division the director pinned the station to.
    pinned: Option<usize>,
    /// The division of the challenge under way (`None`: the pair has not chosen yet).
    active: Option<usize>,
    /// The table the pair typed (`ask_table`), for the challenge under way.
    table: Option<u32>,
    adjudicator: Adjudicator,
    files: Option<Box<dyn StationFiles>>,
    mode: Mode,
    hint: Option<Hint>,
    last_input: f64,
    /// Until when a key that means nothing on the first screen of the next pair is ignored
    /// without a hint: the key that cleared a verdict, pressed twice or held down.
    cleared_until: f64,
    alert: Option<Alert>,
    pin_guard: PinGuard,
    recent: VecDeque<Slip>,
    /// Plays judged in this run, recorded or not, newest last (the re-challenge guard).
    judged: VecDeque<Judged>,
    /// Verdicts whose slip could not be written, for the director's screen until the alert is
    /// acknowledged.
    unrecorded: Vec<String>,
    audit: Vec<String>,
    /// A request to the stick helper under way.
    stick: Option<stick::Pending>,
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
            pinned,
            active: None,
            table: None,
            adjudicator: setup.adjudicator,
            files: None,
            mode: Mode::ChooseDivision,
            hint: None,
            last_input: 0.0,
            cleared_until: 0.0,
            alert: None,
            pin_guard: PinGuard::restored(&setup.lockout),
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

    /// Handles one event at time `now` (seconds since start).
    pub fn handle(&mut self, event: Event, now: f64) {
        self.expire(now);
        match event {
            Event::Tick => {
                self.collect_prints();
                self.collect_stick(now);
            }
            // A held key is one press: its repeats do nothing anywhere.
            Event::Key(press) if press.repeat => {}
            Event::DirectorChord => self.director_chord(now),
            Event::Director(action) => self.director_action(action, now),
            Event::Key(press) if press.is_director_chord() => self.director_chord(now),
            // Paste, shortcuts, the compositor's logo-key shortcuts: nothing on a player screen
            // reacts to them.
            Event::Key(press) if press.ctrl || press.alt || press.logo => {}
            Event::Key(press) => self.key(press.key, now),
            Event::JudgeButton => {
                self.last_input = now;
                if let Mode::Entry(_) = self.mode {
                    self.judge(now);
                }
            }
            Event::Done => {
                self.last_input = now;
                if let Mode::Entry(_) = self.mode {
                    self.end_entry(now);
                }
            }
            Event::ChooseDivision(i) => {
                self.last_input = now;
                self.choose_division(i);
            }
            Event::Tile(i) => {
                self.last_input = now;
                match self.keyboard_letter(i) {
                    // An English division's on-screen keyboard: the letter's key.
                    Some(c) => self.entry_key(Key::Char(c), now),
                    None => self.tile_key(i),
                }
            }
            Event::ChooseCount(n) => {
                self.last_input = now;
                self.choose_count(n);
            }
            Event::SecondOpinion => {
                self.last_input = now;
                self.start_second_opinion(now);
            }
            Event::Tap => {
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
        if now - self.last_input >= s.idle_wipe_seconds && self.pair_left_something() {
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
            Mode::Director { .. } => {}
        }
    }
}

/// How long after a key clears a verdict the next screen ignores keys that mean nothing there
/// (a double press, a key held until it repeats) rather than greeting the next pair with a hint.
const CLEARING_KEY_SECONDS: f64 = 1.0;

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
