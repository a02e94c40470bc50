//! The station's protocol as a pure state machine: events in, a screen model out.
//!
//! Everything the rule books ask of a self-lookup station lives here — which screen shows, what a
//! key does, when a verdict may and must clear, when idle input is wiped, second opinions, the
//! director's PIN and its lockout, failing closed when a lexicon does not verify — so it is tested
//! without a window and without a clock: every call takes `now`, the seconds since the station
//! started. A user interface renders [`View`] and forwards [`Event`]s; it decides nothing.
//!
//! The state machine reads no file and no clock. Its only input and output are the
//! [`Adjudicator`] it is given (judging and the slip log: a verdict is shown only after its slip
//! was written, or its failure noted for the director) and, for the director's reload, the
//! function [`setup`] gives it, which reads `kiosk.toml` and checks the lexicons again.
//!
//! The parts: [`input`] (keys, events), [`players`] (the challenge from the division to the
//! verdict, second opinions), [`director`] (the PIN and director mode), [`view`] (the screens and
//! every word on them), [`setup`] (a station from `kiosk.toml`).

mod director;
pub mod input;
mod players;
pub mod setup;
pub mod view;

#[cfg(test)]
mod tests;

use std::collections::VecDeque;

use crate::adjudicate::{Adjudicator, LogState};
use crate::config::{PinHash, Screen};
use crate::judge::{Division, Verdict};
use crate::service::LexiconProblem;
use crate::sliplog::Slip;

pub use input::{DirectorAction, Event, Key, KeyPress};
pub use setup::Setup;
pub use view::{Hint, OutOfService, ScreenKind, View};

/// Wrong PINs allowed before the prompt locks.
pub const PIN_TRIES: u32 = 5;
/// How long the PIN prompt stays locked after too many wrong PINs.
pub const PIN_LOCK_SECONDS: f64 = 60.0;
/// Slips the director's screen lists.
pub const RECENT_SLIPS: usize = 20;

/// A division as the station sees it: verified and ready, or out of service and why.
#[derive(Debug)]
pub struct DivisionSlot {
    pub name: String,
    pub label: String,
    pub header: String,
    pub state: Result<Division, LexiconProblem>,
}

/// The settings the protocol needs from `kiosk.toml`.
#[derive(Debug, Clone)]
pub struct Settings {
    pub screen: Screen,
    pub max_words: usize,
    pub pin: Option<PinHash>,
    pub judge_on_enter: bool,
}

/// The challenge being typed.
#[derive(Debug, Clone)]
struct Entry {
    /// Words the challenger said they would type (count step), if asked.
    expected: Option<usize>,
    words: Vec<String>,
    current: String,
    /// Re-typing for a second opinion on this slip.
    second_opinion: Option<Slip>,
}

#[derive(Debug, Clone)]
enum Mode {
    OutOfService(OutOfService),
    ChooseDivision,
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
        /// When it was judged (UTC, RFC 3339): the slip's time, or the adjudicator's clock when
        /// the slip could not be written.
        time: String,
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
        since: f64,
        about: bool,
        /// The slip log as it was when director mode opened (not re-read on every frame).
        log: Option<LogState>,
    },
}

/// The director's reload: a fresh [`Setup`] from `kiosk.toml` (see [`setup::start`]).
pub struct Reload(pub Box<dyn FnMut() -> Setup>);

impl std::fmt::Debug for Reload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Reload")
    }
}

/// The station.
#[derive(Debug)]
pub struct Station {
    settings: Settings,
    divisions: Vec<DivisionSlot>,
    /// Why the whole station is out of service (a broken configuration), if it is.
    broken: Option<String>,
    active: Option<usize>,
    adjudicator: Adjudicator,
    reload: Option<Reload>,
    mode: Mode,
    hint: Option<Hint>,
    last_input: f64,
    alert: Option<String>,
    pin_failures: u32,
    pin_locked_until: f64,
    recent: VecDeque<Slip>,
    exit: bool,
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
        })
    }

    /// A station from a [`Setup`]: out of service when it is broken.
    pub fn from_setup(setup: Setup) -> Station {
        let mut station = Station {
            settings: setup.settings,
            divisions: setup.divisions,
            broken: setup.broken,
            active: None,
            adjudicator: setup.adjudicator,
            reload: None,
            mode: Mode::ChooseDivision,
            hint: None,
            last_input: 0.0,
            alert: None,
            pin_failures: 0,
            pin_locked_until: f64::NEG_INFINITY,
            recent: VecDeque::new(),
            exit: false,
        };
        if station.divisions.len() == 1 {
            station.active = Some(0);
        }
        station.mode = station.start_mode();
        station
    }

    /// Gives the director's reload ([`DirectorAction::Reload`]) its way to read the
    /// configuration again; without it, reload does nothing.
    pub fn with_reload(mut self, reload: Reload) -> Station {
        self.reload = Some(reload);
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

    /// The first screen for players.
    fn start_mode(&self) -> Mode {
        if let Some(reason) = &self.broken {
            return Mode::OutOfService(OutOfService::Configuration(reason.clone()));
        }
        if self.divisions.is_empty() {
            return Mode::OutOfService(OutOfService::NoDivision);
        }
        match self.active {
            None => Mode::ChooseDivision,
            Some(i) => match &self.divisions[i].state {
                Err(problem) => Mode::OutOfService(OutOfService::Lexicon(problem.clone())),
                Ok(_) => self.fresh_entry(None),
            },
        }
    }

    fn fresh_entry(&self, second_opinion: Option<Slip>) -> Mode {
        if self.settings.screen.count_first {
            Mode::Count { second_opinion }
        } else {
            Mode::Entry(Entry {
                expected: None,
                words: Vec::new(),
                current: String::new(),
                second_opinion,
            })
        }
    }

    fn division(&self) -> Option<&Division> {
        self.active
            .and_then(|i| self.divisions[i].state.as_ref().ok())
    }

    /// Handles one event at time `now` (seconds since start).
    pub fn handle(&mut self, event: Event, now: f64) {
        self.expire(now);
        match event {
            Event::Tick => {}
            Event::DirectorChord => self.open_pin(now),
            Event::Director(action) => self.director_action(action, now),
            Event::Key(press) if press.is_director_chord() => self.open_pin(now),
            // Paste, shortcuts: nothing on a player screen reacts to them.
            Event::Key(press) if press.ctrl || press.alt => {}
            Event::Key(press) => self.key(press.key, now),
            Event::JudgeButton => {
                self.last_input = now;
                if let Mode::Entry(_) = self.mode {
                    self.judge(now);
                }
            }
            Event::ChooseDivision(i) => {
                self.last_input = now;
                self.choose_division(i);
            }
            Event::ChooseCount(n) => {
                self.last_input = now;
                self.choose_count(n);
            }
            Event::SecondOpinion => {
                self.last_input = now;
                self.start_second_opinion(now);
            }
        }
    }

    /// Timers: verdicts clear themselves, idle input is wiped, the PIN prompt and director mode
    /// give up.
    fn expire(&mut self, now: f64) {
        let s = &self.settings.screen;
        let idle = now - self.last_input >= s.idle_wipe_seconds;
        match &self.mode {
            Mode::Verdict { shown_at, .. } if now - shown_at >= s.verdict_clear_seconds => {
                self.clear_to_start();
            }
            Mode::Entry(e) if (!e.words.is_empty() || !e.current.is_empty()) && idle => {
                self.clear_to_start();
            }
            Mode::Count {
                second_opinion: Some(_),
            }
            | Mode::Entry(Entry {
                second_opinion: Some(_),
                ..
            })
            | Mode::SlipNumber { .. }
                if idle =>
            {
                self.clear_to_start();
            }
            Mode::Pin { since, back, .. } if now - since >= s.pin_prompt_seconds => {
                self.mode = (**back).clone();
                self.last_input = now;
            }
            Mode::Director { since, .. } if now - since >= s.director_idle_seconds => {
                self.clear_to_start();
            }
            _ => {}
        }
    }

    fn clear_to_start(&mut self) {
        self.hint = None;
        self.mode = self.start_mode();
    }

    /// A key on whatever screen shows.
    fn key(&mut self, key: Key, now: f64) {
        if key == Key::SecondOpinion
            && !matches!(self.mode, Mode::Pin { .. } | Mode::Director { .. })
        {
            self.start_second_opinion(now);
            return;
        }
        let previous_input = self.last_input;
        self.last_input = now;
        match &self.mode {
            Mode::OutOfService(_) => {}
            Mode::ChooseDivision => {
                if let Some(d) = digit(key) {
                    if d >= 1 {
                        self.choose_division(d - 1);
                    }
                }
            }
            Mode::Count { .. } => self.count_key(key),
            Mode::Entry(_) => self.entry_key(key, now),
            Mode::Verdict { shown_at, .. } => {
                if now - *shown_at >= self.settings.screen.verdict_min_seconds {
                    self.clear_to_start();
                } else {
                    // Too soon: a second Tab must not wipe the verdict before both players saw it.
                    self.last_input = previous_input;
                }
            }
            Mode::SlipNumber { .. } => self.slip_number_key(key),
            Mode::Pin { .. } => self.pin_key(key, now),
            Mode::Director { .. } => {
                if let Mode::Director { since, .. } = &mut self.mode {
                    *since = now;
                }
                if let Some(action) = DirectorAction::for_key(key) {
                    self.director_action(action, now);
                }
            }
        }
    }
}

/// The digit a key types, if it types one.
fn digit(key: Key) -> Option<usize> {
    match key {
        Key::Char(c) => c.to_digit(10).map(|d| d as usize),
        _ => None,
    }
}
