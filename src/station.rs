//! The station's protocol as a pure state machine: events in, a screen model out.
//!
//! Everything the rule books ask of a self-lookup station lives here — which screen shows, what a
//! key does, when a verdict may and must clear, when idle input is wiped, second opinions, the
//! director's PIN and its lockout, failing closed when a lexicon does not verify — so it is tested
//! without a window and without a clock: every call takes `now`, the seconds since the station
//! started. A user interface renders [`View`] and forwards [`Event`]s; it decides nothing.
//!
//! The only input/output here is the slip log, through [`Adjudicator`]: a verdict is shown only
//! after its slip was written (or its failure noted for the director).

use std::collections::VecDeque;
use std::path::PathBuf;

use crate::adjudicate::Adjudicator;
use crate::config::{Config, PinHash, Screen};
use crate::judge::{Challenge, Division, Verdict};
use crate::known::{Recognition, UNPUBLISHED};
use crate::service::{InService, LexiconProblem};
use crate::sliplog::{self, Slip, SlipKind, SlipLog};
use crate::word::MAX_LEN;

/// Wrong PINs allowed before the prompt locks.
pub const PIN_TRIES: u32 = 5;
/// How long the PIN prompt stays locked after too many wrong PINs.
pub const PIN_LOCK_SECONDS: f64 = 60.0;
/// Slips the director's screen lists.
pub const RECENT_SLIPS: usize = 20;

/// A key as the user interface saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Space,
    Enter,
    Tab,
    Backspace,
    Escape,
    /// The labelled SECOND OPINION key (F2 at the station).
    SecondOpinion,
    /// Any other key (function keys, arrows, ...): ignored on every player screen.
    Other,
}

impl Key {
    /// The key that types `c` on a keyboard: Space, Tab, Enter (`'\n'`), Backspace (`'\u{8}'`),
    /// Escape (`'\u{1b}'`), otherwise the character itself.
    pub fn for_char(c: char) -> Key {
        match c {
            ' ' => Key::Space,
            '\t' => Key::Tab,
            '\n' => Key::Enter,
            '\u{8}' => Key::Backspace,
            '\u{1b}' => Key::Escape,
            c => Key::Char(c),
        }
    }
}

/// One key press with the modifiers that matter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyPress {
    pub key: Key,
    pub ctrl: bool,
    pub alt: bool,
}

impl KeyPress {
    pub fn plain(key: Key) -> KeyPress {
        KeyPress {
            key,
            ctrl: false,
            alt: false,
        }
    }
}

/// What can happen at the station.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Key(KeyPress),
    /// The on-screen JUDGE button.
    JudgeButton,
    /// The on-screen division choice (0-based).
    ChooseDivision(usize),
    /// The on-screen word-count choice.
    ChooseCount(usize),
    /// The on-screen SECOND OPINION button.
    SecondOpinion,
    /// The director's key chord (Ctrl+Alt+D) or the hidden director touch target.
    DirectorChord,
    /// A director's action (only acts in director mode).
    Director(DirectorAction),
    /// Time passing, with no input.
    Tick,
}

/// What the director can do once the PIN was accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DirectorAction {
    SetDivision(usize),
    AcknowledgeAlert,
    /// Re-read the configuration and verify every lexicon again.
    Reload,
    ShowAbout,
    Back,
    ExitStation,
}

/// Which screen is showing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScreenKind {
    OutOfService,
    ChooseDivision,
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
    /// "DEMO · wordjudge DEMO lexicon · not a published edition": shown on every player screen
    /// once a division is chosen.
    pub header: String,
    /// The large instruction line.
    pub title: String,
    /// Smaller text under it.
    pub detail: String,
    /// The words typed (entry), or echoed (verdict).
    pub words: Vec<String>,
    /// The word being typed.
    pub current: String,
    /// How many words the challenger said they would type (0: not asked).
    pub expected_words: usize,
    /// The largest word count a challenger may announce (`max_words`).
    pub count_choices: usize,
    /// A short hint after a refused key.
    pub hint: String,
    /// For [`ScreenKind::Verdict`].
    pub verdict: Option<Verdict>,
    pub slip: Option<u64>,
    /// Choices on [`ScreenKind::ChooseDivision`] and the director's screen.
    pub choices: Vec<String>,
    /// JUDGE is possible now.
    pub ready: bool,
    /// A persistent alert for the director ("Slip log failed — call the director").
    pub banner: String,
    /// Director screens only: lines of status, slips and per-word detail.
    pub director_lines: Vec<String>,
}

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

impl Settings {
    fn from_config(config: &Config) -> Settings {
        Settings {
            judge_on_enter: config
                .screen
                .judge_keys
                .contains(&crate::config::JudgeKey::Enter),
            screen: config.screen.clone(),
            max_words: config.station.max_words,
            pin: config.station.director_pin.clone(),
        }
    }
}

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
    OutOfService(String),
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
        /// When it was judged (UTC, RFC 3339): the slip's time, or the clock's when the slip
        /// could not be written.
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
        log: LogSnapshot,
    },
}

/// The station.
#[derive(Debug)]
pub struct Station {
    config_path: Option<PathBuf>,
    settings: Settings,
    divisions: Vec<DivisionSlot>,
    /// Why the whole station is out of service (a broken configuration), if it is.
    broken: Option<String>,
    active: Option<usize>,
    adjudicator: Adjudicator,
    mode: Mode,
    hint: String,
    last_input: f64,
    alert: Option<String>,
    pin_failures: u32,
    pin_locked_until: f64,
    recent: VecDeque<Slip>,
    exit: bool,
}

impl Station {
    /// Reads the configuration at `path`, verifies every lexicon of every division, and starts.
    /// A broken configuration gives a station that is out of service, not an error: the screen
    /// tells players to call the director.
    pub fn start(path: PathBuf) -> Station {
        let mut station = match Config::read(&path) {
            Ok(config) => Station::from_config(&config),
            Err(e) => {
                let mut station = Station::broken(e.to_string());
                station.settings.pin = crate::config::salvage_pin(&path);
                station
            }
        };
        station.config_path = Some(path);
        station
    }

    /// A station for `config`, every lexicon verified now: file SHA-256, fst structure and
    /// checksum, word count ([`Lexicon::load`](crate::lexicon::Lexicon::load)), then every word
    /// read back and recognised by content
    /// ([`Lexicon::recognise`](crate::lexicon::Lexicon::recognise)), so a lexicon whose code names
    /// an edition its content is not puts its division out of service.
    pub fn from_config(config: &Config) -> Station {
        let mut service = InService::default();
        let divisions = config
            .divisions
            .values()
            .map(|dc| {
                let state = service.division(config, dc);
                let lex = &config.lexicons[&dc.primary];
                let edition = match service.lexicon(config, &dc.primary) {
                    Ok(checked) => edition_line(&checked.recognition),
                    Err(_) => lex.edition.clone().unwrap_or_default(),
                };
                DivisionSlot {
                    name: dc.name.clone(),
                    label: dc.title.clone().unwrap_or_else(|| dc.name.clone()),
                    header: format!("{} · {} · {}", lex.code, lex.title, edition),
                    state,
                }
            })
            .collect();
        let log = SlipLog::new(&config.station.slip_log);
        Station::new(
            Settings::from_config(config),
            divisions,
            Adjudicator::new(&config.station.id, Some(log)),
        )
    }

    /// A station out of service for `reason`.
    pub fn broken(reason: String) -> Station {
        let settings = Settings {
            screen: Screen::default(),
            max_words: crate::config::MAX_WORDS,
            pin: None,
            judge_on_enter: false,
        };
        let mut station = Station::new(settings, Vec::new(), Adjudicator::new("", None));
        station.broken = Some(reason.clone());
        station.mode = Mode::OutOfService(reason);
        station
    }

    /// A station from parts (tests build divisions in memory).
    pub fn new(
        settings: Settings,
        divisions: Vec<DivisionSlot>,
        adjudicator: Adjudicator,
    ) -> Station {
        let mut station = Station {
            config_path: None,
            settings,
            divisions,
            broken: None,
            active: None,
            adjudicator,
            mode: Mode::ChooseDivision,
            hint: String::new(),
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
            return Mode::OutOfService(reason.clone());
        }
        if self.divisions.is_empty() {
            return Mode::OutOfService("the configuration defines no division".into());
        }
        match self.active {
            None => Mode::ChooseDivision,
            Some(i) => match &self.divisions[i].state {
                Err(reason) => Mode::OutOfService(reason.to_string()),
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
            Event::Key(press) => {
                if press.ctrl && press.alt && matches!(press.key, Key::Char('d' | 'D')) {
                    self.open_pin(now);
                } else if press.ctrl || press.alt {
                    // Paste, shortcuts: nothing on a player screen reacts to them.
                } else {
                    self.key(press.key, now);
                }
            }
            Event::JudgeButton => {
                self.last_input = now;
                if let Mode::Entry(_) = self.mode {
                    self.judge(now);
                }
            }
            Event::ChooseDivision(i) => {
                self.last_input = now;
                if matches!(self.mode, Mode::ChooseDivision) && i < self.divisions.len() {
                    self.active = Some(i);
                    self.mode = self.start_mode();
                }
            }
            Event::ChooseCount(n) => {
                self.last_input = now;
                if let Mode::Count { second_opinion } = &self.mode {
                    if (1..=self.settings.max_words).contains(&n) {
                        self.mode = Mode::Entry(Entry {
                            expected: Some(n),
                            words: Vec::new(),
                            current: String::new(),
                            second_opinion: second_opinion.clone(),
                        });
                    }
                }
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
        match &self.mode {
            Mode::Verdict { shown_at, .. } if now - shown_at >= s.verdict_clear_seconds => {
                self.clear_to_start();
            }
            Mode::Entry(e)
                if (!e.words.is_empty() || !e.current.is_empty())
                    && now - self.last_input >= s.idle_wipe_seconds =>
            {
                self.clear_to_start();
            }
            Mode::Count {
                second_opinion: Some(_),
            }
            | Mode::Entry(Entry {
                second_opinion: Some(_),
                ..
            }) if now - self.last_input >= s.idle_wipe_seconds => {
                self.clear_to_start();
            }
            Mode::SlipNumber { .. } if now - self.last_input >= s.idle_wipe_seconds => {
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
        self.hint.clear();
        self.mode = self.start_mode();
    }

    fn key(&mut self, key: Key, now: f64) {
        if key == Key::SecondOpinion
            && !matches!(self.mode, Mode::Pin { .. } | Mode::Director { .. })
        {
            self.start_second_opinion(now);
            return;
        }
        let previous_input = self.last_input;
        self.last_input = now;
        match &mut self.mode {
            Mode::OutOfService(_) => {}
            Mode::ChooseDivision => {
                if let Key::Char(c) = key {
                    if let Some(d) = c.to_digit(10) {
                        let i = d as usize;
                        if (1..=self.divisions.len()).contains(&i) {
                            self.active = Some(i - 1);
                            self.mode = self.start_mode();
                        }
                    }
                }
            }
            Mode::Count { second_opinion } => match key {
                Key::Char(c) if c.is_ascii_digit() => {
                    let n = c.to_digit(10).unwrap_or(0) as usize;
                    if (1..=self.settings.max_words).contains(&n) {
                        self.hint.clear();
                        self.mode = Mode::Entry(Entry {
                            expected: Some(n),
                            words: Vec::new(),
                            current: String::new(),
                            second_opinion: second_opinion.take(),
                        });
                    } else {
                        self.hint = format!("press 1 to {}", self.settings.max_words);
                    }
                }
                Key::Char('#') if second_opinion.is_none() => {
                    self.mode = Mode::SlipNumber {
                        digits: String::new(),
                    };
                }
                Key::Escape if second_opinion.is_some() => self.clear_to_start(),
                _ => self.hint = format!("press 1 to {}", self.settings.max_words),
            },
            Mode::Entry(_) => self.entry_key(key, now),
            Mode::Verdict { shown_at, .. } => {
                if now - *shown_at >= self.settings.screen.verdict_min_seconds {
                    self.clear_to_start();
                } else {
                    // Too soon: a second Tab must not wipe the verdict before both players saw it.
                    self.last_input = previous_input;
                }
            }
            Mode::SlipNumber { digits } => match key {
                Key::Char(c) if c.is_ascii_digit() && digits.len() < 9 => digits.push(c),
                Key::Backspace => {
                    digits.pop();
                }
                Key::Escape => self.clear_to_start(),
                Key::Enter | Key::Tab => {
                    let n: u64 = digits.parse().unwrap_or(0);
                    match self.find_slip(n) {
                        Some(slip) => {
                            self.hint.clear();
                            self.mode = self.fresh_entry(Some(slip));
                        }
                        None => self.hint = format!("no slip {n} at this station"),
                    }
                }
                _ => {}
            },
            Mode::Pin { digits, .. } => match key {
                Key::Char(c) if c.is_ascii_digit() && digits.len() < 12 => digits.push(c),
                Key::Backspace => {
                    digits.pop();
                }
                Key::Escape => {
                    if let Mode::Pin { back, .. } = &self.mode {
                        self.mode = (**back).clone();
                    }
                }
                Key::Enter => self.submit_pin(now),
                _ => {}
            },
            Mode::Director { since, .. } => {
                *since = now;
                if let Some(action) = director_key(key) {
                    self.director_action(action, now);
                }
            }
        }
    }

    fn entry_key(&mut self, key: Key, now: f64) {
        let max_words = self.settings.max_words;
        let judge_on_enter = self.settings.judge_on_enter;
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        let limit = e.expected.unwrap_or(max_words);
        self.hint.clear();
        match key {
            Key::Tab => self.judge(now),
            Key::Enter if judge_on_enter && entry_ready(e) => self.judge(now),
            Key::Char(c) if c.is_ascii_alphabetic() => {
                if e.current.is_empty() && e.words.len() >= limit {
                    self.hint = format!("{limit} word(s) already typed: press JUDGE or Backspace");
                } else if e.current.len() >= MAX_LEN {
                    self.hint = "a word has at most 15 letters".into();
                } else {
                    e.current.push(c.to_ascii_uppercase());
                }
            }
            Key::Space | Key::Enter | Key::Char(',') => {
                if !e.current.is_empty() {
                    e.words.push(std::mem::take(&mut e.current));
                }
            }
            Key::Backspace => {
                if e.current.pop().is_none() {
                    if let Some(last) = e.words.pop() {
                        e.current = last;
                    }
                }
            }
            Key::Escape => {
                e.words.clear();
                e.current.clear();
            }
            _ => self.hint = "letters only".into(),
        }
    }

    /// JUDGE: adjudicate if every word is there, else say precisely what is missing.
    fn judge(&mut self, now: f64) {
        let Mode::Entry(e) = &self.mode else { return };
        if let Some(missing) = missing(e) {
            self.hint = missing;
            return;
        }
        let mut words = e.words.clone();
        if !e.current.is_empty() {
            words.push(e.current.clone());
        }
        let second = e.second_opinion.clone();
        let Some(active) = self.active else { return };
        let Ok(division) = &self.divisions[active].state else {
            self.mode = self.start_mode();
            return;
        };
        let Ok(challenge) = Challenge::parse(&words, self.settings.max_words) else {
            self.hint = "only letters A-Z, 2 to 15 per word".into();
            return;
        };
        let (adjudication, differs_from) = match &second {
            None => (
                self.adjudicator
                    .adjudicate(division, &challenge, SlipKind::Challenge),
                None,
            ),
            Some(original) => {
                let opinion = self
                    .adjudicator
                    .second_opinion(division, &challenge, original);
                let differs = (!opinion.agrees()).then_some(opinion.refers_to);
                (opinion.adjudication, differs)
            }
        };
        let slip = match adjudication.slip {
            Ok(slip) => slip,
            Err(e) => {
                self.alert = Some(format!("Slip log failed — call the director ({e})"));
                None
            }
        };
        // What the log noticed on the way (its head missing or behind, records deleted): the
        // slip is written, but the director must look. A failure's banner is not replaced.
        let noticed = self.adjudicator.log_mut().map(SlipLog::take_alerts);
        if let Some(first) = noticed.unwrap_or_default().into_iter().next() {
            if self.alert.is_none() {
                self.alert = Some(format!(
                    "Slip log needs checking — call the director ({first})"
                ));
            }
        }
        if let Some(s) = &slip {
            if self.recent.len() == RECENT_SLIPS {
                self.recent.pop_front();
            }
            self.recent.push_back(s.clone());
        }
        self.hint.clear();
        let time = slip
            .as_ref()
            .map_or_else(sliplog::now_utc, |s| s.time.clone());
        self.mode = Mode::Verdict {
            shown_at: now,
            verdict: adjudication.verdict,
            words,
            slip,
            second_opinion_of: second.as_ref().map(|s| s.slip),
            differs_from,
            time,
        };
    }

    fn start_second_opinion(&mut self, now: f64) {
        match &self.mode {
            Mode::Verdict {
                slip: Some(slip),
                differs_from: None,
                ..
            } => {
                let slip = slip.clone();
                self.mode = self.fresh_entry(Some(slip));
            }
            Mode::Verdict { .. } => {}
            Mode::Count {
                second_opinion: None,
            }
            | Mode::Entry(Entry {
                second_opinion: None,
                ..
            }) if self.division().is_some() => {
                self.mode = Mode::SlipNumber {
                    digits: String::new(),
                };
            }
            _ => {}
        }
        self.last_input = now;
    }

    /// A slip of this station, for a second opinion requested by number.
    fn find_slip(&self, n: u64) -> Option<Slip> {
        if let Some(s) = self.recent.iter().find(|s| s.slip == n) {
            return Some(s.clone());
        }
        let path = self.adjudicator.log_path()?;
        sliplog::find(path, n).ok()?
    }

    fn open_pin(&mut self, now: f64) {
        if matches!(self.mode, Mode::Pin { .. } | Mode::Director { .. }) {
            return;
        }
        let back = Box::new(match &self.mode {
            Mode::Verdict { .. } => self.start_mode(),
            other => other.clone(),
        });
        self.mode = Mode::Pin {
            since: now,
            digits: String::new(),
            back,
        };
    }

    fn submit_pin(&mut self, now: f64) {
        let Mode::Pin { digits, back, .. } = &self.mode else {
            return;
        };
        if now < self.pin_locked_until {
            return;
        }
        let accepted = match &self.settings.pin {
            Some(pin) => pin.matches(digits),
            // No PIN configured: director mode cannot be opened at all.
            None => false,
        };
        if accepted {
            self.pin_failures = 0;
            self.hint.clear();
            self.mode = Mode::Director {
                since: now,
                about: false,
                log: self.log_snapshot(),
            };
        } else {
            self.pin_failures += 1;
            if self.pin_failures >= PIN_TRIES {
                self.pin_failures = 0;
                self.pin_locked_until = now + PIN_LOCK_SECONDS;
                self.hint = "too many wrong PINs".into();
                self.mode = (**back).clone();
            } else {
                self.hint = "wrong PIN".into();
                self.mode = Mode::Pin {
                    since: now,
                    digits: String::new(),
                    back: back.clone(),
                };
            }
        }
    }

    fn director_action(&mut self, action: DirectorAction, now: f64) {
        let Mode::Director { since, about, .. } = &mut self.mode else {
            return;
        };
        *since = now;
        match action {
            DirectorAction::SetDivision(i) if i < self.divisions.len() => self.active = Some(i),
            DirectorAction::SetDivision(_) => {}
            DirectorAction::AcknowledgeAlert => self.alert = None,
            DirectorAction::ShowAbout => *about = true,
            DirectorAction::Back => {
                if *about {
                    *about = false;
                } else {
                    self.clear_to_start();
                }
            }
            DirectorAction::ExitStation => self.exit = true,
            DirectorAction::Reload => {
                if let Some(path) = self.config_path.clone() {
                    let active = self.active.map(|i| self.divisions[i].name.clone());
                    let alert = self.alert.take();
                    let recent = std::mem::take(&mut self.recent);
                    let mut fresh = Station::start(path);
                    if let Some(name) = active {
                        fresh.active = fresh.divisions.iter().position(|d| d.name == name);
                    }
                    fresh.alert = alert;
                    fresh.recent = recent;
                    fresh.mode = Mode::Director {
                        since: now,
                        about: false,
                        log: fresh.log_snapshot(),
                    };
                    *self = fresh;
                }
            }
        }
    }

    /// The screen to draw now.
    pub fn view(&self, now: f64) -> View {
        let header = match self.active {
            Some(i) => self.divisions[i].header.clone(),
            None => String::new(),
        };
        let mut v = View {
            screen: ScreenKind::OutOfService,
            header,
            title: String::new(),
            detail: String::new(),
            words: Vec::new(),
            current: String::new(),
            expected_words: 0,
            count_choices: self.settings.max_words,
            hint: self.hint.clone(),
            verdict: None,
            slip: None,
            choices: Vec::new(),
            ready: false,
            banner: self.alert.clone().unwrap_or_default(),
            director_lines: Vec::new(),
        };
        match &self.mode {
            Mode::OutOfService(reason) => {
                v.title = "OUT OF SERVICE — call the director".into();
                v.detail = reason.clone();
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
            Mode::Entry(e) => {
                v.screen = ScreenKind::Entry;
                v.words = e.words.clone();
                v.current = e.current.clone();
                v.expected_words = e.expected.unwrap_or(0);
                v.ready = entry_ready(e);
                v.title = if v.ready {
                    "CHALLENGED PLAYER: check the words against the board and the slip, then press JUDGE".into()
                } else {
                    "CHALLENGER: type the words".into()
                };
                let count = match e.expected {
                    Some(n) => format!("{n} word(s); separate them with Space, Enter or comma"),
                    None => "separate words with Space, Enter or comma".into(),
                };
                v.detail = match &e.second_opinion {
                    Some(s) => format!(
                        "SECOND OPINION for slip {} — type the words again. {count}",
                        s.slip
                    ),
                    None => count,
                };
            }
            Mode::Verdict {
                verdict,
                words,
                slip,
                second_opinion_of,
                differs_from,
                time,
                ..
            } => {
                v.words = words.clone();
                v.slip = slip.as_ref().map(|s| s.slip);
                match differs_from {
                    Some(n) => {
                        v.screen = ScreenKind::VerdictsDiffer;
                        v.title = "VERDICTS DIFFER — call the director".into();
                        v.detail = match slip {
                            Some(s) => {
                                format!("second opinion on slip {n}, recorded as slip {}", s.slip)
                            }
                            None => format!("second opinion on slip {n} (the slip log failed)"),
                        };
                    }
                    None => {
                        v.screen = ScreenKind::Verdict;
                        v.verdict = Some(*verdict);
                        v.title = match verdict {
                            Verdict::Acceptable => "✓ ACCEPTABLE".into(),
                            Verdict::Unacceptable => "✗ UNACCEPTABLE".into(),
                        };
                        let when = time.replacen('T', " ", 1).replace('Z', " UTC");
                        let division = self
                            .active
                            .map(|i| self.divisions[i].label.as_str())
                            .unwrap_or_default();
                        let failed = "the slip log failed: write this time on the slip and call the director";
                        v.detail = match (slip, second_opinion_of) {
                            (Some(_), Some(n)) => format!(
                                "second opinion on slip {n}: the verdicts agree · {division} · {when}"
                            ),
                            (Some(_), None) => format!("{division} · judged {when}"),
                            (None, Some(n)) => format!(
                                "second opinion on slip {n}: the verdicts agree · judged {when}; {failed}"
                            ),
                            (None, None) => format!("judged {when}; {failed}"),
                        };
                    }
                }
            }
            Mode::SlipNumber { digits } => {
                v.screen = ScreenKind::SlipNumber;
                v.title = "SECOND OPINION: type the slip number, then Enter".into();
                v.current = digits.clone();
            }
            Mode::Pin { digits, .. } => {
                v.screen = ScreenKind::Pin;
                v.title = "Director PIN".into();
                // Hidden digits: only how many.
                v.current = "•".repeat(digits.chars().count());
                if now < self.pin_locked_until {
                    v.detail = format!(
                        "locked for {:.0} s after {PIN_TRIES} wrong PINs",
                        (self.pin_locked_until - now).ceil()
                    );
                } else if self.settings.pin.is_none() {
                    v.detail = "no director PIN is set: run `wordjudge pin set`".into();
                }
            }
            Mode::Director { about, log, .. } => {
                v.screen = if *about {
                    ScreenKind::About
                } else {
                    ScreenKind::Director
                };
                v.title = "Director".into();
                v.choices = self.divisions.iter().map(|d| d.label.clone()).collect();
                v.director_lines = self.director_lines(log);
            }
        }
        v
    }

    /// The slip log for the director's screen: `slips verify`, and the last slips it holds —
    /// read from the file, so they include slips from before a restart and from the command line.
    fn log_snapshot(&self) -> LogSnapshot {
        let in_memory = || self.recent.iter().rev().cloned().collect();
        let Some(path) = self.adjudicator.log_path() else {
            return LogSnapshot {
                health: None,
                slips: in_memory(),
            };
        };
        if sliplog::is_unused(path) {
            return LogSnapshot {
                health: Some(format!("slip log: no slips yet ({})", path.display())),
                slips: Vec::new(),
            };
        }
        let health = match sliplog::verify(path) {
            Ok(v) => match (v.first_bad, v.head_problem) {
                (None, None) => format!("slip log: {} record(s), chain intact", v.records),
                (Some(bad), _) => format!(
                    "slip log: FIRST BAD SLIP line {}: {}",
                    bad.line, bad.problem
                ),
                (None, Some(problem)) => {
                    format!(
                        "slip log: {} record(s), chain intact, but {problem}",
                        v.records
                    )
                }
            },
            Err(e) => format!("slip log: {e}"),
        };
        let slips = sliplog::read_last(path, RECENT_SLIPS).unwrap_or_else(|_| in_memory());
        LogSnapshot {
            health: Some(health),
            slips,
        }
    }

    /// The director's status lines: lexicons per division, log health, recent slips with detail.
    fn director_lines(&self, log: &LogSnapshot) -> Vec<String> {
        let mut lines = Vec::new();
        for (i, d) in self.divisions.iter().enumerate() {
            let active = if Some(i) == self.active { "*" } else { " " };
            match &d.state {
                Ok(div) => {
                    let codes: Vec<&str> = div.rules.lexicons().map(|l| l.code()).collect();
                    lines.push(format!(
                        "{active} {} — verified ✓ {} ({})",
                        d.label,
                        codes.join(" + "),
                        d.header
                    ));
                }
                Err(reason) => {
                    lines.push(format!("{active} {} — OUT OF SERVICE: {reason}", d.label))
                }
            }
        }
        if let Some(health) = &log.health {
            lines.push(health.clone());
        }
        for s in &log.slips {
            let detail: Vec<String> = s
                .detail
                .iter()
                .map(|f| format!("{}{}", f.word, if f.acceptable { "" } else { "✗" }))
                .collect();
            lines.push(format!(
                "#{} {} {} — {}",
                s.slip,
                s.time,
                s.verdict,
                detail.join(" ")
            ));
        }
        lines
    }
}

/// What the director's screen shows of the slip log.
#[derive(Debug, Clone)]
struct LogSnapshot {
    health: Option<String>,
    /// Newest first, at most [`RECENT_SLIPS`].
    slips: Vec<Slip>,
}

/// The director's keys: 1..9 set the active division, A acknowledges the alert, R reloads,
/// I shows About, Q exits the station, Esc goes back.
fn director_key(key: Key) -> Option<DirectorAction> {
    match key {
        Key::Escape => Some(DirectorAction::Back),
        Key::Char(c) => match c.to_ascii_lowercase() {
            d @ '1'..='9' => Some(DirectorAction::SetDivision(
                d.to_digit(10).unwrap_or(1) as usize - 1,
            )),
            'a' => Some(DirectorAction::AcknowledgeAlert),
            'r' => Some(DirectorAction::Reload),
            'i' => Some(DirectorAction::ShowAbout),
            'q' => Some(DirectorAction::ExitStation),
            _ => None,
        },
        _ => None,
    }
}

fn entry_ready(e: &Entry) -> bool {
    missing(e).is_none()
}

/// The edition part of a player screen's header: "edition NWL2023, effective 2024-02-29", or
/// "not a published edition".
fn edition_line(recognition: &Recognition) -> String {
    match recognition.edition() {
        Some(e) => match &e.effective {
            Some(date) => format!("edition {}, effective {date}", e.code),
            None => format!("edition {}", e.code),
        },
        None => UNPUBLISHED.to_owned(),
    }
}

/// What stops JUDGE, in words, or `None` when the challenge is complete.
fn missing(e: &Entry) -> Option<String> {
    let mut words: Vec<&str> = e.words.iter().map(String::as_str).collect();
    if !e.current.is_empty() {
        words.push(&e.current);
    }
    if let Some((i, _)) = words.iter().enumerate().find(|(_, w)| w.len() < 2) {
        return Some(format!("word {} needs at least 2 letters", i + 1));
    }
    match e.expected {
        Some(n) if words.len() < n => Some(format!("{} of {n} words typed", words.len())),
        None if words.is_empty() => Some("type the challenged words first".into()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::tests::lexicon;
    use crate::judge::Rules;

    const PIN: &str = "2468";

    fn settings() -> Settings {
        Settings {
            screen: Screen::default(),
            max_words: 8,
            pin: Some(PinHash::new(PIN).unwrap()),
            judge_on_enter: false,
        }
    }

    fn slot(name: &str, words: &[&str]) -> DivisionSlot {
        let mut division = Division::new(name, Rules::new(lexicon("OWL", words), vec![]));
        division.second_opinion = Some(Rules::new(
            lexicon("NWL", &[words, &["OK"]].concat()),
            vec![],
        ));
        DivisionSlot {
            name: name.into(),
            label: format!("{name} division"),
            header: "OWL · Test list · not a published edition".into(),
            state: Ok(division),
        }
    }

    struct Test {
        station: Station,
        now: f64,
        _dir: tempfile::TempDir,
        log: PathBuf,
    }

    impl Test {
        fn new(settings: Settings, slots: Vec<DivisionSlot>) -> Test {
            let dir = tempfile::tempdir().unwrap();
            let log = dir.path().join("slips.jsonl");
            let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(&log)));
            Test {
                station: Station::new(settings, slots, adjudicator),
                now: 0.0,
                _dir: dir,
                log,
            }
        }

        fn one() -> Test {
            Test::new(settings(), vec![slot("main", &["QI", "ZA", "CAT"])])
        }

        fn at(&mut self, seconds: f64) -> &mut Test {
            self.now = seconds;
            self.station.handle(Event::Tick, seconds);
            self
        }

        fn send(&mut self, event: Event) -> &mut Test {
            self.station.handle(event, self.now);
            self
        }

        fn key(&mut self, key: Key) -> &mut Test {
            self.send(Event::Key(KeyPress::plain(key)))
        }

        fn typed(&mut self, text: &str) -> &mut Test {
            for c in text.chars() {
                self.key(Key::for_char(c));
            }
            self
        }

        fn view(&self) -> View {
            self.station.view(self.now)
        }

        fn slips(&self) -> Vec<Slip> {
            match sliplog::read(&self.log) {
                Ok(c) => c.slips.into_iter().map(|r| r.slip).collect(),
                Err(_) => Vec::new(),
            }
        }
    }

    #[test]
    fn one_division_starts_at_the_count_and_keys_choose_the_count() {
        let mut t = Test::one();
        assert_eq!(t.view().screen, ScreenKind::Count);
        assert_eq!(t.view().header, "OWL · Test list · not a published edition");
        t.typed("9");
        assert_eq!(t.view().screen, ScreenKind::Count, "only 1..8");
        t.typed("2");
        assert_eq!(t.view().screen, ScreenKind::Entry);
    }

    #[test]
    fn several_divisions_are_chosen_first_by_key_or_touch() {
        let mut t = Test::new(
            settings(),
            vec![slot("nwl", &["QI"]), slot("csw", &["QI", "ZO"])],
        );
        assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
        assert_eq!(t.view().choices.len(), 2);
        t.typed("2");
        assert_eq!(t.view().screen, ScreenKind::Count);
        let mut t = Test::new(
            settings(),
            vec![slot("nwl", &["QI"]), slot("csw", &["QI", "ZO"])],
        );
        t.send(Event::ChooseDivision(1)).typed("1ZO\t");
        assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    }

    #[test]
    fn letters_appear_upper_case_and_separators_split_words() {
        let mut t = Test::one();
        t.send(Event::ChooseCount(3)).typed("qi za,ca");
        let v = t.view();
        assert_eq!(v.words, ["QI", "ZA"]);
        assert_eq!(v.current, "CA");
        t.key(Key::Backspace)
            .key(Key::Backspace)
            .key(Key::Backspace);
        assert_eq!(t.view().current, "ZA", "backspace into the previous word");
        t.key(Key::Escape);
        assert!(t.view().words.is_empty() && t.view().current.is_empty());
    }

    #[test]
    fn anything_but_letters_is_ignored_with_a_hint() {
        let mut t = Test::one();
        t.typed("2q1i");
        assert_eq!(t.view().current, "QI");
        t.key(Key::Other);
        assert_eq!(t.view().hint, "letters only");
    }

    #[test]
    fn a_sixteenth_letter_is_refused() {
        let mut t = Test::one();
        t.typed("1oxyphenbutazones");
        assert_eq!(t.view().current, "OXYPHENBUTAZONE");
        assert_eq!(t.view().hint, "a word has at most 15 letters");
    }

    #[test]
    fn nothing_is_accepted_past_the_nth_word() {
        let mut t = Test::one();
        t.typed("2qi za cat");
        let v = t.view();
        assert_eq!(v.words, ["QI", "ZA"]);
        assert_eq!(v.current, "");
        assert!(v.hint.contains("2 word(s) already typed"), "{}", v.hint);
    }

    #[test]
    fn paste_and_shortcuts_are_ignored() {
        let mut t = Test::one();
        t.typed("1q");
        t.send(Event::Key(KeyPress {
            key: Key::Char('v'),
            ctrl: true,
            alt: false,
        }));
        t.send(Event::Key(KeyPress {
            key: Key::Char('i'),
            ctrl: false,
            alt: true,
        }));
        assert_eq!(t.view().current, "Q");
    }

    #[test]
    fn judge_key_ignored_until_all_words_typed() {
        let mut t = Test::one();
        t.typed("3qi za\t");
        assert_eq!(t.view().screen, ScreenKind::Entry);
        assert_eq!(t.view().hint, "2 of 3 words typed");
        assert!(t.slips().is_empty(), "nothing judged");
        t.typed(" c\t");
        assert_eq!(t.view().hint, "word 3 needs at least 2 letters");
        assert!(!t.view().ready);
        t.typed("at");
        assert!(t.view().ready);
        assert!(t
            .view()
            .title
            .starts_with("CHALLENGED PLAYER: check the words"));
        t.send(Event::JudgeButton);
        assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    }

    #[test]
    fn enter_judges_only_when_configured() {
        let mut t = Test::one();
        t.typed("1qi\n");
        assert_eq!(
            t.view().screen,
            ScreenKind::Entry,
            "Enter separates by default"
        );
        let mut s = settings();
        s.judge_on_enter = true;
        let mut t = Test::new(s, vec![slot("main", &["QI"])]);
        t.typed("1qi\n");
        assert_eq!(t.view().screen, ScreenKind::Verdict);
    }

    #[test]
    fn verdict_is_shown_only_after_its_slip_is_written() {
        let mut t = Test::one();
        t.typed("2qi qa\t");
        let v = t.view();
        assert_eq!(v.verdict, Some(Verdict::Unacceptable));
        assert_eq!(v.title, "✗ UNACCEPTABLE");
        let slips = t.slips();
        assert_eq!(slips.len(), 1);
        assert_eq!(v.slip, Some(slips[0].slip));
        assert_eq!(slips[0].kind, SlipKind::Challenge);
        assert_eq!(v.words, ["QI", "QA"]);
    }

    #[test]
    fn verdict_never_names_the_failing_word() {
        let mut t = Test::one();
        t.typed("3qi qa cat\t");
        let v = t.view();
        let shown = format!(
            "{} {} {} {} {:?}",
            v.title, v.detail, v.hint, v.banner, v.director_lines
        );
        // The words are echoed as typed, but nothing singles one out.
        assert!(!shown.contains("QA"), "{shown}");
        assert!(v.director_lines.is_empty());
        assert_eq!(v.words, ["QI", "QA", "CAT"]);
    }

    #[test]
    fn verdict_cannot_be_cleared_in_first_half_second() {
        let mut t = Test::one();
        t.typed("1qi\t");
        t.at(0.3).key(Key::Tab);
        assert_eq!(t.view().screen, ScreenKind::Verdict);
        t.at(0.6).key(Key::Char('x'));
        assert_eq!(t.view().screen, ScreenKind::Count);
    }

    #[test]
    fn verdict_clears_itself_after_ten_seconds() {
        let mut t = Test::one();
        t.typed("1qi\t");
        t.at(9.9);
        assert_eq!(t.view().screen, ScreenKind::Verdict);
        t.at(10.0);
        assert_eq!(t.view().screen, ScreenKind::Count);
    }

    #[test]
    fn nothing_on_a_player_screen_after_a_verdict_clears_reveals_the_previous_challenge() {
        let mut t = Test::one();
        t.typed("2qi qa\t");
        t.at(11.0);
        let v = t.view();
        let shown = format!("{v:?}");
        assert!(!shown.contains("QA") && !shown.contains("QI"), "{shown}");
        assert_eq!(v.slip, None);
    }

    #[test]
    fn unjudged_input_left_idle_is_wiped_after_thirty_seconds() {
        let mut t = Test::one();
        t.typed("2qi");
        t.at(29.0);
        assert_eq!(t.view().current, "QI");
        t.key(Key::Char('s'));
        t.at(58.9);
        assert_eq!(t.view().current, "QIS", "each key restarts the idle timer");
        t.at(59.0);
        assert_eq!(t.view().screen, ScreenKind::Count);
    }

    #[test]
    fn timers_come_from_the_configuration() {
        let mut s = settings();
        s.screen.verdict_min_seconds = 2.0;
        s.screen.verdict_clear_seconds = 4.0;
        s.screen.count_first = false;
        let mut t = Test::new(s, vec![slot("main", &["QI"])]);
        assert_eq!(t.view().screen, ScreenKind::Entry, "no count step");
        t.typed("qi\t");
        t.at(1.5).key(Key::Space);
        assert_eq!(t.view().screen, ScreenKind::Verdict);
        t.at(4.0);
        assert_eq!(t.view().screen, ScreenKind::Entry);
    }

    #[test]
    fn second_opinion_that_agrees_shows_a_linked_verdict() {
        let mut t = Test::one();
        t.typed("1qi\t").send(Event::SecondOpinion);
        let v = t.view();
        assert_eq!(v.screen, ScreenKind::Count);
        assert!(
            v.detail.contains("SECOND OPINION for slip 1"),
            "{}",
            v.detail
        );
        t.typed("1qi\t");
        assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
        let slips = t.slips();
        assert_eq!(slips[1].kind, SlipKind::SecondOpinion);
        assert_eq!(slips[1].refers_to, Some(1));
        assert_eq!(slips[1].lexicons[0].code, "NWL");
    }

    #[test]
    fn second_opinion_that_differs_sends_players_to_director() {
        let mut t = Test::one();
        t.typed("1ok\t");
        assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
        t.at(1.0).send(Event::SecondOpinion).typed("1ok\t");
        let v = t.view();
        assert_eq!(v.screen, ScreenKind::VerdictsDiffer);
        assert_eq!(v.title, "VERDICTS DIFFER — call the director");
        assert_eq!(v.detail, "second opinion on slip 1, recorded as slip 2");
        assert_eq!(v.verdict, None, "no verdict is shown when they differ");
    }

    #[test]
    fn second_opinion_by_slip_number_from_the_start_screen() {
        let mut t = Test::one();
        t.typed("1qi\t").at(1.0).key(Key::Space);
        t.send(Event::SecondOpinion).typed("7\n");
        assert_eq!(t.view().hint, "no slip 7 at this station");
        t.key(Key::Backspace).typed("1\n");
        assert!(t.view().detail.contains("SECOND OPINION for slip 1"));
    }

    /// The lexicon `code` failed verification: its file is not the one recorded.
    fn unverified(code: &str) -> LexiconProblem {
        crate::lexicon::LoadError::HashMismatch {
            code: code.into(),
            path: format!("lexicons/{code}.fst").into(),
            expected: crate::digest::Digest::of(b"recorded"),
            found: crate::digest::Digest::of(b"found"),
        }
        .into()
    }

    #[test]
    fn unverified_lexicon_puts_division_out_of_service() {
        let broken = DivisionSlot {
            name: "csw".into(),
            label: "CSW".into(),
            header: String::new(),
            state: Err(unverified("CSW24")),
        };
        let mut t = Test::new(settings(), vec![broken]);
        let v = t.view();
        assert_eq!(v.screen, ScreenKind::OutOfService);
        assert_eq!(v.title, "OUT OF SERVICE — call the director");
        assert!(v.detail.contains("CSW24"));
        t.typed("1qi\t").send(Event::JudgeButton);
        assert_eq!(t.view().screen, ScreenKind::OutOfService);
        assert!(t.slips().is_empty(), "nothing is ever judged");
    }

    #[test]
    fn a_broken_division_does_not_stop_the_others() {
        let broken = DivisionSlot {
            name: "csw".into(),
            label: "CSW".into(),
            header: String::new(),
            state: Err(unverified("CSW")),
        };
        let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), broken]);
        assert!(t.view().choices[1].contains("out of service"));
        t.typed("2");
        assert_eq!(t.view().screen, ScreenKind::OutOfService);
        let mut t = Test::new(
            settings(),
            vec![
                slot("nwl", &["QI"]),
                DivisionSlot {
                    name: "x".into(),
                    label: "X".into(),
                    header: String::new(),
                    state: Err(unverified("X")),
                },
            ],
        );
        t.typed("11qi\t");
        assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    }

    /// A station folder with one division judged by lexicon `code` holding `words`.
    fn station_folder(code: &str, words: &[&str]) -> (tempfile::TempDir, PathBuf) {
        use crate::compile::compile;
        use crate::config::{record_lexicon, Recorded};
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("kiosk.toml");
        std::fs::write(
            &config,
            format!("[station]\nid = \"t\"\n\n[divisions.main]\nprimary = \"{code}\"\n"),
        )
        .unwrap();
        let compiled = compile(
            words
                .iter()
                .map(|w| crate::word::Word::parse(w).unwrap())
                .collect(),
        )
        .unwrap();
        let file = dir.path().join(format!("{code}.fst"));
        std::fs::write(&file, &compiled.fst).unwrap();
        let recorded = Recorded::new(
            code,
            file,
            &compiled,
            "Test list".into(),
            compiled.content_sha256,
        );
        record_lexicon(&config, &recorded).unwrap();
        (dir, config)
    }

    #[test]
    fn a_lexicon_whose_code_names_another_edition_puts_its_division_out_of_service() {
        // Hash, checksum and count all match what kiosk.toml recorded; the content is not CSW24.
        let (_dir, config) = station_folder("CSW24", &["QI", "ZA"]);
        let s = Station::start(config);
        let v = s.view(0.0);
        assert_eq!(v.screen, ScreenKind::OutOfService);
        assert!(
            v.detail.contains("lexicon CSW24 is MISLABELLED")
                && v.detail
                    .contains("you called this CSW24 but it is not that edition"),
            "{}",
            v.detail
        );
    }

    #[test]
    fn an_unpublished_list_under_its_own_code_judges_and_says_so_in_the_header() {
        let (_dir, config) = station_folder("CLUB", &["QI", "ZA"]);
        let mut s = Station::start(config);
        let v = s.view(0.0);
        assert_eq!(v.screen, ScreenKind::Count);
        assert_eq!(v.header, "CLUB · Test list · not a published edition");
        for k in ['1', 'q', 'i'] {
            s.handle(Event::Key(KeyPress::plain(Key::Char(k))), 0.0);
        }
        s.handle(Event::Key(KeyPress::plain(Key::Tab)), 0.0);
        assert_eq!(s.view(0.0).verdict, Some(Verdict::Acceptable));
    }

    #[test]
    fn a_recognised_edition_is_named_with_its_effective_date() {
        let nwl = crate::known::by_code("NWL2023").unwrap();
        assert_eq!(
            edition_line(&Recognition::Exactly(nwl)),
            format!(
                "edition NWL2023, effective {}",
                nwl.effective.as_deref().unwrap()
            )
        );
        let enable = crate::known::by_code("ENABLE2K").unwrap();
        assert_eq!(
            edition_line(&Recognition::Exactly(enable)),
            "edition ENABLE2K"
        );
        assert_eq!(
            edition_line(&Recognition::Unpublished { words: 2 }),
            "not a published edition"
        );
    }

    #[test]
    fn the_verdict_names_the_division() {
        let mut t = Test::one();
        t.typed("1qi\t");
        assert!(
            t.view().detail.starts_with("main division · judged "),
            "{}",
            t.view().detail
        );
    }

    #[test]
    fn a_broken_configuration_puts_the_station_out_of_service() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kiosk.toml");
        std::fs::write(&path, "[station]\nid = 3\n").unwrap();
        let s = Station::start(path);
        let v = s.view(0.0);
        assert_eq!(v.screen, ScreenKind::OutOfService);
        assert!(v.detail.contains("kiosk.toml:2:"), "{}", v.detail);
    }

    #[test]
    fn the_director_can_still_get_in_when_the_configuration_is_broken() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kiosk.toml");
        let pin = PinHash::new(PIN).unwrap();
        // Well-formed TOML, but the division names a lexicon that is not configured.
        std::fs::write(
            &path,
            format!(
                "[station]\nid = \"s\"\ndirector_pin = \"{pin}\"\n\n[divisions.main]\nprimary = \"NWL\"\n"
            ),
        )
        .unwrap();
        let mut s = Station::start(path.clone());
        assert_eq!(s.view(0.0).screen, ScreenKind::OutOfService);
        s.handle(Event::DirectorChord, 0.0);
        for c in PIN.chars() {
            s.handle(Event::Key(KeyPress::plain(Key::Char(c))), 0.0);
        }
        s.handle(Event::Key(KeyPress::plain(Key::Enter)), 0.0);
        assert_eq!(s.view(0.0).screen, ScreenKind::Director);
        s.handle(Event::Director(DirectorAction::ExitStation), 0.0);
        assert!(s.exit_requested());

        // TOML that does not parse at all: no PIN can be trusted, director mode stays shut.
        std::fs::write(&path, "[station\n").unwrap();
        let mut s = Station::start(path);
        s.handle(Event::DirectorChord, 0.0);
        for c in PIN.chars() {
            s.handle(Event::Key(KeyPress::plain(Key::Char(c))), 0.0);
        }
        s.handle(Event::Key(KeyPress::plain(Key::Enter)), 0.0);
        assert_eq!(s.view(0.0).screen, ScreenKind::Pin);
    }

    #[test]
    fn slip_log_failure_still_shows_the_verdict_and_a_banner_until_acknowledged() {
        let dir = tempfile::tempdir().unwrap();
        let adjudicator = Adjudicator::new(
            "s1",
            Some(SlipLog::new(dir.path().join("gone/slips.jsonl"))),
        );
        let mut station = Station::new(settings(), vec![slot("main", &["QI"])], adjudicator);
        for k in ['1', 'q', 'i'] {
            station.handle(Event::Key(KeyPress::plain(Key::Char(k))), 0.0);
        }
        station.handle(Event::Key(KeyPress::plain(Key::Tab)), 0.0);
        let v = station.view(0.0);
        assert_eq!(v.verdict, Some(Verdict::Acceptable));
        assert_eq!(v.title, "✓ ACCEPTABLE");
        assert_eq!(v.slip, None);
        assert!(v.banner.starts_with("Slip log failed — call the director"));
        // An unacceptable play is still unacceptable when its slip cannot be written.
        station.handle(Event::Key(KeyPress::plain(Key::Space)), 1.0);
        for k in "2qi za\t".chars() {
            station.handle(Event::Key(KeyPress::plain(Key::for_char(k))), 1.0);
        }
        let v = station.view(1.0);
        assert_eq!(v.verdict, Some(Verdict::Unacceptable));
        assert_eq!(v.title, "✗ UNACCEPTABLE");
        assert_eq!(v.slip, None);
        station.handle(Event::Tick, 11.0);
        assert!(!station.view(11.0).banner.is_empty(), "the banner stays");
        station.handle(Event::DirectorChord, 12.0);
        for k in PIN.chars() {
            station.handle(Event::Key(KeyPress::plain(Key::Char(k))), 12.0);
        }
        station.handle(Event::Key(KeyPress::plain(Key::Enter)), 12.0);
        station.handle(Event::Director(DirectorAction::AcknowledgeAlert), 13.0);
        assert!(station.view(13.0).banner.is_empty());
    }

    #[test]
    fn records_deleted_behind_the_stations_back_raise_the_director_alert_and_the_verdict_still_shows(
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("slips.jsonl");
        let judge_qi = |station: &mut Station, now: f64| {
            for k in ['1', 'q', 'i', '\t'] {
                station.handle(Event::Key(KeyPress::plain(Key::for_char(k))), now);
            }
            station.view(now)
        };
        let new_station = || {
            let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(&path)));
            Station::new(settings(), vec![slot("main", &["QI"])], adjudicator)
        };
        let mut station = new_station();
        for i in 0..3 {
            let v = judge_qi(&mut station, 20.0 * i as f64);
            assert_eq!(v.slip, Some(i + 1));
            assert!(v.banner.is_empty());
            station.handle(Event::Tick, 20.0 * i as f64 + 11.0);
        }
        // Slip 3 deleted between two runs of the station.
        let text = std::fs::read_to_string(&path).unwrap();
        let kept: Vec<&str> = text.lines().take(2).collect();
        std::fs::write(&path, kept.join("\n") + "\n").unwrap();
        let mut station = new_station();
        let v = judge_qi(&mut station, 100.0);
        assert_eq!(v.verdict, Some(Verdict::Acceptable));
        assert_eq!(v.slip, Some(4), "slip 3 is never given out again");
        assert!(
            v.banner
                .starts_with("Slip log needs checking — call the director")
                && v.banner.contains("deleted or changed"),
            "{}",
            v.banner
        );
        station.handle(Event::Tick, 111.0);
        assert!(!station.view(111.0).banner.is_empty(), "the banner stays");
    }

    fn enter_pin(t: &mut Test, pin: &str) {
        for c in pin.chars() {
            t.key(Key::Char(c));
        }
        t.key(Key::Enter);
    }

    #[test]
    fn director_chord_asks_for_the_pin_and_hides_its_digits() {
        let mut t = Test::one();
        t.send(Event::Key(KeyPress {
            key: Key::Char('d'),
            ctrl: true,
            alt: true,
        }));
        assert_eq!(t.view().screen, ScreenKind::Pin);
        t.typed("24");
        assert_eq!(t.view().current, "••");
        t.typed("68\n");
        let v = t.view();
        assert_eq!(v.screen, ScreenKind::Director);
        assert!(
            v.director_lines[0].contains("verified ✓"),
            "{:?}",
            v.director_lines
        );
    }

    #[test]
    fn five_wrong_pins_lock_the_prompt_for_sixty_seconds() {
        let mut t = Test::one();
        for _ in 0..5 {
            t.send(Event::DirectorChord);
            enter_pin(&mut t, "0000");
        }
        assert_eq!(t.view().screen, ScreenKind::Count, "back to the players");
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        assert_eq!(
            t.view().screen,
            ScreenKind::Pin,
            "the right PIN is refused while locked"
        );
        assert!(
            t.view().detail.starts_with("locked for 60 s"),
            "{}",
            t.view().detail
        );
        t.at(61.0).key(Key::Escape);
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        assert_eq!(t.view().screen, ScreenKind::Director);
    }

    #[test]
    fn pin_prompt_gives_up_after_fifteen_seconds() {
        let mut t = Test::one();
        t.typed("2qi").send(Event::DirectorChord);
        t.at(14.9);
        assert_eq!(t.view().screen, ScreenKind::Pin);
        t.at(15.0);
        assert_eq!(t.view().screen, ScreenKind::Entry);
        assert_eq!(
            t.view().current,
            "QI",
            "the players' input is where they left it"
        );
    }

    #[test]
    fn director_mode_returns_to_players_after_a_minute_idle() {
        let mut t = Test::one();
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        t.at(59.0);
        assert_eq!(t.view().screen, ScreenKind::Director);
        t.at(60.0);
        assert_eq!(t.view().screen, ScreenKind::Count);
    }

    #[test]
    fn director_sees_recent_slips_with_per_word_detail() {
        let mut t = Test::one();
        t.typed("2qi qa\t").at(1.0).key(Key::Space);
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        let lines = t.view().director_lines;
        assert!(
            lines.iter().any(|l| l.contains("chain intact")),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("#1 ") && l.contains("QA✗")),
            "{lines:?}"
        );
    }

    #[test]
    fn director_sees_the_slips_from_before_a_restart() {
        let mut t = Test::one();
        t.typed("2qi qa\t").at(1.0).key(Key::Space);
        // The station restarts (a crash, a supervisor): a new station on the same log.
        let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(&t.log)));
        t.station = Station::new(settings(), vec![slot("main", &["QI"])], adjudicator);
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        let lines = t.view().director_lines;
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("#1 ") && l.contains("UNACCEPTABLE") && l.contains("QA✗")),
            "{lines:?}"
        );
    }

    #[test]
    fn window_close_is_refused_until_the_director_exits() {
        let mut t = Test::one();
        assert!(!t.station.close_requested());
        t.key(Key::Escape);
        assert!(!t.station.close_requested(), "Esc never exits");
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        t.send(Event::Director(DirectorAction::ExitStation));
        assert!(t.station.exit_requested() && t.station.close_requested());
    }

    #[test]
    fn director_actions_do_nothing_on_player_screens() {
        let mut t = Test::one();
        t.send(Event::Director(DirectorAction::ExitStation));
        assert!(!t.station.exit_requested());
    }

    #[test]
    fn director_sets_the_active_division() {
        let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), slot("csw", &["ZO"])]);
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        t.send(Event::Director(DirectorAction::SetDivision(1)));
        t.send(Event::Director(DirectorAction::Back));
        t.typed("1zo\t");
        assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    }

    #[test]
    fn second_opinion_key_works_from_the_verdict_and_the_start_screen() {
        let mut t = Test::one();
        t.typed("1qi\t").key(Key::SecondOpinion);
        let v = t.view();
        assert_eq!(v.screen, ScreenKind::Count);
        assert!(
            v.detail.contains("SECOND OPINION for slip 1"),
            "{}",
            v.detail
        );
        t.key(Key::Escape);
        assert_eq!(t.view().screen, ScreenKind::Count);
        t.key(Key::SecondOpinion);
        assert_eq!(
            t.view().screen,
            ScreenKind::SlipNumber,
            "from the start screen: by number"
        );
    }

    #[test]
    fn second_opinion_key_does_nothing_in_director_mode() {
        let mut t = Test::one();
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        t.key(Key::SecondOpinion);
        assert_eq!(t.view().screen, ScreenKind::Director);
    }

    #[test]
    fn director_keys_work_without_a_mouse() {
        let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), slot("csw", &["ZO"])]);
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        t.typed("2");
        assert!(
            t.view().director_lines[1].starts_with('*'),
            "{:?}",
            t.view().director_lines
        );
        t.typed("i");
        assert_eq!(t.view().screen, ScreenKind::About);
        t.key(Key::Escape);
        assert_eq!(
            t.view().screen,
            ScreenKind::Director,
            "Esc leaves About first"
        );
        t.key(Key::Escape);
        assert_eq!(t.view().screen, ScreenKind::Count, "then director mode");
        t.typed("1zo\t");
        assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        t.typed("q");
        assert!(t.station.exit_requested());
    }

    #[test]
    fn director_keys_keep_director_mode_awake() {
        let mut t = Test::one();
        t.send(Event::DirectorChord);
        enter_pin(&mut t, PIN);
        t.at(50.0).key(Key::Other);
        t.at(100.0);
        assert_eq!(t.view().screen, ScreenKind::Director);
        t.at(110.0);
        assert_eq!(t.view().screen, ScreenKind::Count);
    }

    #[test]
    fn entry_view_says_how_many_words_were_announced() {
        let mut t = Test::one();
        t.typed("3qi");
        assert_eq!(t.view().expected_words, 3);
    }
}
