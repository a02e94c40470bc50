//! The director's side: the PIN prompt with its escalating lock-out (kept across restarts), and
//! director mode — bounded by an idle limit and an absolute one, closed again by the chord that
//! opened it. In it: pinning the station to a division, one slip's detail (behind the PIN again,
//! for [`DETAIL_SECONDS`]), letting through a challenge refused as part of a failed play,
//! acknowledging the alert, the round, reloading, About, exiting the station. Pinning, unpinning,
//! letting a challenge through and exiting are confirmed first; a command acts only on the key
//! named on its button, never on a digit alone. Everything here is also written to the audit
//! lines the station hands to the diagnostic log.

use super::messages::Hint;
use super::{
    edit_digits, Confirmable, DirectorAction, Key, Mode, Page, Station, Waiting,
    PIN_LOCK_MAX_SECONDS, PIN_LOCK_SECONDS, PIN_MAX_DIGITS, PIN_TRIES, RECENT_SLIPS,
    SLIP_NUMBER_DIGITS,
};
use wordjudge_config::MAX_ROUND;
use wordjudge_sliplog::Slip;

/// Digits a round number takes.
const ROUND_DIGITS: usize = 3;

impl Station {
    /// Ctrl+Alt+D (or the hidden corner): the PIN prompt; on the prompt, a fresh one; in
    /// director mode, back to the players — so a director who pressed it twice never types the
    /// PIN into director mode.
    pub(super) fn director_chord(&mut self, now: f64) {
        match &mut self.mode {
            Mode::Pin { since, digits, .. } => {
                *since = now;
                digits.clear();
            }
            Mode::Director { .. } => {
                self.audit
                    .push("director mode left: Ctrl+Alt+D (back to the players)".into());
                self.clear_to_start();
            }
            _ => self.open_pin(now),
        }
    }

    fn open_pin(&mut self, now: f64) {
        // A verdict is not returned to: the PIN prompt's way back is a new challenge.
        let back = Box::new(match &self.mode {
            Mode::Verdict { .. } => {
                // The next pair's: nothing of this pair's division or table.
                self.active = self.default_division();
                self.table = None;
                self.start_mode()
            }
            other => other.clone(),
        });
        self.mode = Mode::Pin {
            since: now,
            digits: String::new(),
            back,
        };
    }

    pub(super) fn pin_key(&mut self, key: Key, now: f64) {
        let Mode::Pin { digits, back, .. } = &mut self.mode else {
            return;
        };
        edit_digits(digits, key, PIN_MAX_DIGITS);
        match key {
            Key::Escape => self.mode = (**back).clone(),
            Key::Enter => self.submit_pin(now),
            _ => {}
        }
    }

    /// How long the next lock-out lasts: 60 s, then twice as long each time, at most 30 min.
    pub(super) fn lock_seconds(&self) -> f64 {
        let doublings = self.pin_attempts.lockouts.min(16) as i32;
        (PIN_LOCK_SECONDS * 2f64.powi(doublings)).min(PIN_LOCK_MAX_SECONDS)
    }

    /// Whether `digits` are the director's PIN (never, when no PIN is set).
    fn pin_matches(&self, digits: &str) -> bool {
        self.settings
            .pin
            .as_ref()
            .is_some_and(|pin| pin.matches(digits))
    }

    fn submit_pin(&mut self, now: f64) {
        let Mode::Pin { digits, back, .. } = &self.mode else {
            return;
        };
        if now < self.pin_attempts.locked_until {
            return;
        }
        let accepted = self.pin_matches(digits);
        let proof = crate::modes::PinProof(digits.clone());
        let back = back.clone();
        if accepted {
            let wrong_pins = std::mem::take(&mut self.pin_attempts.since_visit);
            self.pin_attempts.in_a_row = 0;
            self.pin_attempts.lockouts = 0;
            self.record_lockout(now);
            self.hint = None;
            self.audit.push(format!(
                "director mode opened ({wrong_pins} wrong PIN(s) since the last visit)"
            ));
            // A challenge refused as part of a failed play waits for the director's decision.
            let waiting = match &*back {
                Mode::Entry(e) if e.part_of.is_some() => Some(Box::new(Waiting {
                    entry: e.clone(),
                    active: self.active,
                    table: self.table,
                })),
                _ => None,
            };
            self.mode = Mode::Director {
                since: now,
                opened: now,
                page: Page::Main,
                waiting,
                log: self.adjudicator.log_state(RECENT_SLIPS),
                wrong_pins,
                proof,
            };
            return;
        }
        if self.wrong_pin(now) {
            self.mode = *back;
        } else {
            self.hint = Some(Hint::WrongPin);
            self.mode = Mode::Pin {
                since: now,
                digits: String::new(),
                back,
            };
        }
    }

    /// Counts a wrong PIN (at the prompt, or asked again in director mode); after
    /// [`PIN_TRIES`] in a row the prompt locks. Returns whether it locked.
    fn wrong_pin(&mut self, now: f64) -> bool {
        self.pin_attempts.in_a_row += 1;
        self.pin_attempts.since_visit += 1;
        self.audit.push(format!(
            "wrong director PIN ({} in a row)",
            self.pin_attempts.in_a_row
        ));
        let locked = self.pin_attempts.in_a_row >= PIN_TRIES;
        if locked {
            let seconds = self.lock_seconds();
            self.pin_attempts.in_a_row = 0;
            self.pin_attempts.lockouts += 1;
            self.pin_attempts.locked_until = now + seconds;
            self.audit.push(format!(
                "PIN prompt locked for {seconds:.0} s after {PIN_TRIES} wrong PINs"
            ));
            self.hint = Some(Hint::TooManyPins);
        }
        self.record_lockout(now);
        locked
    }

    /// Keeps the PIN attempts across restarts (through the station's files).
    fn record_lockout(&mut self, now: f64) {
        let lockout = self.pin_attempts.at(now);
        if let Some(files) = self.files.as_mut() {
            if let Err(e) = files.record_lockout(&lockout) {
                self.audit.push(format!(
                    "the PIN lock-out could not be recorded (a restart would forget it): {e}"
                ));
            }
        }
    }

    /// A key in director mode: on a prompt its digits, Backspace, Enter and Esc; on the main
    /// page the letter named on a command's button. Only a key that does something keeps
    /// director mode awake.
    pub(super) fn director_key(&mut self, key: Key, now: f64) {
        let Mode::Director { page, .. } = &mut self.mode else {
            return;
        };
        let prompt = match page {
            Page::Round(digits) => Some((digits, ROUND_DIGITS)),
            Page::SlipNumber(digits) => Some((digits, SLIP_NUMBER_DIGITS)),
            Page::DetailPin { digits, .. } => Some((digits, PIN_MAX_DIGITS)),
            _ => None,
        };
        if let Some((digits, max)) = prompt {
            if matches!(key, Key::Backspace) || matches!(key, Key::Char(c) if c.is_ascii_digit()) {
                edit_digits(digits, key, max);
                self.awake(now);
                return;
            }
        }
        let action = match page {
            Page::Round(_) | Page::SlipNumber(_) | Page::DetailPin { .. } => match key {
                Key::Enter => Some(DirectorAction::Confirm),
                Key::Escape => Some(DirectorAction::Back),
                _ => None,
            },
            Page::PinChoice => match key {
                Key::Char('0') => Some(DirectorAction::Unpin),
                Key::Char(c @ '1'..='9') => c
                    .to_digit(10)
                    .map(|d| DirectorAction::PinDivision(d as usize - 1)),
                Key::Escape => Some(DirectorAction::Back),
                _ => None,
            },
            Page::Confirm(_) => match key {
                Key::Enter => Some(DirectorAction::Confirm),
                Key::Escape => Some(DirectorAction::Back),
                _ => None,
            },
            // Nothing to do while the stick helper works: a passer-by finds no way into the
            // director's pages (the page stays until the answer).
            Page::StickWorking(_) => None,
            Page::Detail { .. } | Page::About | Page::StickDone(_) => match key {
                Key::Escape => Some(DirectorAction::Back),
                _ => None,
            },
            Page::Main => DirectorAction::for_key(key),
        };
        if let Some(action) = action {
            self.director_action(action, now);
        }
    }

    /// Director mode was used now: its idle limit starts again (not its absolute one).
    fn awake(&mut self, now: f64) {
        if let Mode::Director { since, .. } = &mut self.mode {
            *since = now;
        }
    }

    /// A director's command, by key or touch. Each acts only on the page that offers it.
    pub(super) fn director_action(&mut self, action: DirectorAction, now: f64) {
        let Mode::Director { page, waiting, .. } = &mut self.mode else {
            return;
        };
        let has_waiting = waiting.is_some();
        let next = match (&*page, action) {
            (Page::StickWorking(_), _) => None,
            (Page::Main, DirectorAction::Back) => {
                self.audit.push("director mode left".into());
                self.clear_to_start();
                return;
            }
            (_, DirectorAction::Back) => Some(Page::Main),
            (Page::Main, DirectorAction::ChoosePin) => Some(Page::PinChoice),
            (Page::PinChoice, DirectorAction::PinDivision(i)) if i < self.divisions.len() => {
                Some(Page::Confirm(Confirmable::Pin(Some(i))))
            }
            (Page::PinChoice, DirectorAction::Unpin) => Some(Page::Confirm(Confirmable::Pin(None))),
            (Page::Main, DirectorAction::SetRound) => Some(Page::Round(String::new())),
            (Page::Main, DirectorAction::SlipDetail) => {
                self.audit.push("director asked for a slip's detail".into());
                Some(Page::SlipNumber(String::new()))
            }
            (Page::Main, DirectorAction::AcknowledgeAlert) => {
                if let Some(alert) = self.alert.take() {
                    self.audit
                        .push(format!("director acknowledged the alert: {alert}"));
                }
                self.unrecorded.clear();
                Some(Page::Main)
            }
            (Page::Main, DirectorAction::ShowAbout) => {
                self.audit.push("director opened About".into());
                Some(Page::About)
            }
            (Page::Main, DirectorAction::ExitStation) => Some(Page::Confirm(Confirmable::Exit)),
            (Page::Main, a) if a.stick_job().is_some() && self.stick.is_none() => a
                .stick_job()
                .map(|job| Page::Confirm(Confirmable::Stick(job))),
            (Page::Main, DirectorAction::AllowWaiting) if has_waiting => {
                Some(Page::Confirm(Confirmable::Allow))
            }
            (Page::Main, DirectorAction::Reload) => {
                self.reload(now);
                return;
            }
            (Page::Confirm(what), DirectorAction::Confirm) => {
                let what = *what;
                self.confirmed(what, now);
                return;
            }
            (Page::Round(digits), DirectorAction::Confirm) => {
                let round = digits.parse::<u32>().unwrap_or(0);
                self.set_round(round);
                self.awake(now);
                return;
            }
            (Page::SlipNumber(digits), DirectorAction::Confirm) => {
                let n = digits.parse().unwrap_or(0);
                let slip = self.find_slip(n);
                self.ask_pin_for_detail(n, slip);
                self.awake(now);
                return;
            }
            (Page::DetailPin { .. }, DirectorAction::Confirm) => {
                self.check_detail_pin(now);
                return;
            }
            _ => None,
        };
        if let Some(next) = next {
            if let Mode::Director { page, .. } = &mut self.mode {
                *page = next;
            }
            self.hint = None;
            self.awake(now);
        }
    }

    /// A confirmed change: pinning or unpinning, letting the waiting challenge through,
    /// exiting.
    fn confirmed(&mut self, what: Confirmable, now: f64) {
        self.hint = None;
        match what {
            Confirmable::Pin(i) => {
                self.pin_to(i);
                if let Mode::Director { page, .. } = &mut self.mode {
                    *page = Page::Main;
                }
                self.awake(now);
            }
            Confirmable::Exit => {
                self.audit.push("director exited the station".into());
                self.exit = true;
            }
            Confirmable::Allow => self.allow_waiting(now),
            Confirmable::Stick(job) => self.ask_stick(job, now),
        }
    }

    /// The challenge refused as part of a failed play goes back to the players, handed over:
    /// the challenged player judges it (after the hand-over pause) as any other.
    fn allow_waiting(&mut self, now: f64) {
        let Mode::Director { waiting, .. } = &mut self.mode else {
            return;
        };
        let Some(waiting) = waiting.take() else {
            return;
        };
        let Waiting {
            mut entry,
            active,
            table,
        } = *waiting;
        let part_of = match &entry.part_of {
            Some(super::FailedPlay::Slip(n)) => format!("slip {n}"),
            Some(super::FailedPlay::Unrecorded(at)) => format!("the play judged at {at}"),
            None => "a failed play".into(),
        };
        self.audit.push(format!(
            "director let a new challenge on part of {part_of} be judged: {}",
            entry.words.join(" ")
        ));
        self.audit.push("director mode left".into());
        entry.part_of = None;
        entry.allowed = true;
        entry.handed_over_at = Some(now);
        self.active = active;
        self.table = table;
        self.hint = None;
        self.last_input = now;
        self.mode = Mode::Entry(entry);
    }

    /// The slip whose detail the director asked for: the PIN again before it shows.
    fn ask_pin_for_detail(&mut self, n: u64, slip: Option<Slip>) {
        let Mode::Director { page, .. } = &mut self.mode else {
            return;
        };
        match slip {
            Some(slip) => {
                *page = Page::DetailPin {
                    slip: Box::new(slip),
                    digits: String::new(),
                };
                self.hint = None;
            }
            None => self.hint = Some(Hint::NoSuchSlip(n)),
        }
    }

    /// The PIN typed before a slip's detail: right, the detail shows for
    /// [`super::DETAIL_SECONDS`];
    /// wrong, it counts as any wrong PIN, and a lock-out closes director mode.
    fn check_detail_pin(&mut self, now: f64) {
        let Mode::Director {
            page: Page::DetailPin { slip, digits },
            ..
        } = &self.mode
        else {
            return;
        };
        if now >= self.pin_attempts.locked_until && self.pin_matches(digits) {
            let slip = slip.clone();
            self.pin_attempts.in_a_row = 0;
            self.record_lockout(now);
            self.audit
                .push(format!("director viewed the detail of slip {}", slip.slip));
            self.hint = None;
            if let Mode::Director { page, .. } = &mut self.mode {
                *page = Page::Detail {
                    slip,
                    shown_at: now,
                };
            }
            self.awake(now);
            return;
        }
        if self.wrong_pin(now) {
            self.audit
                .push("director mode closed: too many wrong PINs".into());
            self.clear_to_start();
            self.hint = Some(Hint::TooManyPins);
            return;
        }
        self.hint = Some(Hint::WrongPin);
        if let Mode::Director {
            page: Page::DetailPin { digits, .. },
            ..
        } = &mut self.mode
        {
            digits.clear();
        }
        self.awake(now);
    }

    /// Sets the round every slip from now on carries (0: none), recorded in `kiosk.toml` so that
    /// it is kept across restarts; back to the director's main page.
    fn set_round(&mut self, round: u32) {
        if round > MAX_ROUND {
            self.hint = Some(Hint::NotRecorded(format!(
                "the round must be 1 to {MAX_ROUND}, or 0 for none"
            )));
            return;
        }
        let round = (round > 0).then_some(round);
        if let Some(files) = self.files.as_mut() {
            if let Err(e) = files.record_round(round) {
                self.audit
                    .push(format!("the round could not be recorded: {e}"));
                self.hint = Some(Hint::NotRecorded(e));
            }
        }
        self.audit.push(match round {
            Some(r) => format!("director set round {r}"),
            None => "director cleared the round".into(),
        });
        self.adjudicator.set_round(round);
        if let Mode::Director { page, .. } = &mut self.mode {
            *page = Page::Main;
        }
    }

    /// Pins the station to division `i` (or unpins it), recorded in `kiosk.toml` so that it is
    /// kept across restarts.
    fn pin_to(&mut self, i: Option<usize>) {
        let name = i.map(|i| self.divisions[i].name.clone());
        if let Some(files) = self.files.as_mut() {
            if let Err(e) = files.pin_division(name.as_deref()) {
                self.audit
                    .push(format!("the pinned division could not be recorded: {e}"));
                self.hint = Some(Hint::NotRecorded(e));
            }
        }
        self.audit.push(match &name {
            Some(name) => format!("director pinned the station to division {name}"),
            None => "director unpinned the station (every pair chooses its division)".into(),
        });
        self.pinned = i;
        self.settings.division = name;
    }

    /// Reads the configuration again and verifies every lexicon (through the files the station
    /// was given), keeping the alert, the recent slips and plays and the PIN attempts; director
    /// mode stays open on the result, with the time left it had.
    /// The station reloaded because an event was installed from a stick.
    pub(super) fn reload_for_stick(&mut self, now: f64) {
        self.reload(now);
    }

    fn reload(&mut self, now: f64) {
        let Some(mut files) = self.files.take() else {
            return;
        };
        let (opened, proof) = match &self.mode {
            Mode::Director { opened, proof, .. } => (*opened, proof.clone()),
            _ => (now, crate::modes::PinProof::default()),
        };
        let mut fresh = Station::from_setup(files.reload());
        fresh.alert = self.alert.take();
        fresh.recent = std::mem::take(&mut self.recent);
        fresh.judged = std::mem::take(&mut self.judged);
        fresh.unrecorded = std::mem::take(&mut self.unrecorded);
        fresh.pin_attempts = std::mem::take(&mut self.pin_attempts);
        fresh.audit = std::mem::take(&mut self.audit);
        fresh.stick = self.stick.take();
        fresh.last_input = self.last_input;
        fresh.files = Some(files);
        let problems = fresh.divisions.iter().filter(|d| d.state.is_err()).count();
        fresh.audit.push(format!(
            "director reloaded the configuration: {} division(s), {problems} out of service",
            fresh.divisions.len()
        ));
        fresh.mode = Mode::Director {
            since: now,
            opened,
            page: Page::Main,
            // Its division may be another one now: a waiting challenge is typed again.
            waiting: None,
            log: fresh.adjudicator.log_state(RECENT_SLIPS),
            wrong_pins: 0,
            proof,
        };
        *self = fresh;
    }
}
