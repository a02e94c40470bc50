//! The director's side: the PIN prompt with its escalating lock-out, and director mode (pinning
//! the station to a division, one slip's detail on request, acknowledging the slip-log alert,
//! reloading, About, exiting the station). Everything here is also written to the audit lines
//! the station hands to the diagnostic log.

use super::view::Hint;
use crate::config::MAX_ROUND;

/// Digits a round number takes.
const ROUND_DIGITS: usize = 3;
use super::{
    edit_digits, DirectorAction, Key, Mode, Page, Station, PIN_LOCK_MAX_SECONDS, PIN_LOCK_SECONDS,
    PIN_MAX_DIGITS, PIN_TRIES, RECENT_SLIPS, SLIP_NUMBER_DIGITS,
};

impl Station {
    pub(super) fn open_pin(&mut self, now: f64) {
        if matches!(self.mode, Mode::Pin { .. } | Mode::Director { .. }) {
            return;
        }
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
        let doublings = self.pin_guard.lockouts.min(16) as i32;
        (PIN_LOCK_SECONDS * 2f64.powi(doublings)).min(PIN_LOCK_MAX_SECONDS)
    }

    fn submit_pin(&mut self, now: f64) {
        let Mode::Pin { digits, back, .. } = &self.mode else {
            return;
        };
        if now < self.pin_guard.locked_until {
            return;
        }
        let accepted = match &self.settings.pin {
            Some(pin) => pin.matches(digits),
            // No PIN configured: director mode cannot be opened at all.
            None => false,
        };
        if accepted {
            let wrong_pins = std::mem::take(&mut self.pin_guard.since_visit);
            self.pin_guard.in_a_row = 0;
            self.pin_guard.lockouts = 0;
            self.hint = None;
            self.audit.push(format!(
                "director mode opened ({wrong_pins} wrong PIN(s) since the last visit)"
            ));
            self.mode = Mode::Director {
                since: now,
                page: Page::Main,
                log: self.adjudicator.log_state(RECENT_SLIPS),
                wrong_pins,
            };
            return;
        }
        self.pin_guard.in_a_row += 1;
        self.pin_guard.since_visit += 1;
        self.audit.push(format!(
            "wrong director PIN ({} in a row)",
            self.pin_guard.in_a_row
        ));
        if self.pin_guard.in_a_row >= PIN_TRIES {
            let seconds = self.lock_seconds();
            self.pin_guard.in_a_row = 0;
            self.pin_guard.lockouts += 1;
            self.pin_guard.locked_until = now + seconds;
            self.audit.push(format!(
                "PIN prompt locked for {seconds:.0} s after {PIN_TRIES} wrong PINs"
            ));
            self.hint = Some(Hint::TooManyPins);
            self.mode = (**back).clone();
        } else {
            self.hint = Some(Hint::WrongPin);
            self.mode = Mode::Pin {
                since: now,
                digits: String::new(),
                back: back.clone(),
            };
        }
    }

    /// A key in director mode: the director's keys, or digits on the slip-number page.
    pub(super) fn director_key(&mut self, key: Key, now: f64) {
        let Mode::Director { since, page, .. } = &mut self.mode else {
            return;
        };
        *since = now;
        if let Page::Round(digits) = page {
            edit_digits(digits, key, ROUND_DIGITS);
            match key {
                Key::Enter => {
                    let round = digits.parse::<u32>().unwrap_or(0);
                    self.set_round(round);
                }
                Key::Escape => *page = Page::Main,
                _ => {}
            }
            return;
        }
        if let Page::SlipNumber(digits) = page {
            edit_digits(digits, key, SLIP_NUMBER_DIGITS);
            match key {
                Key::Enter => {
                    let n = digits.parse().unwrap_or(0);
                    let slip = self.find_slip(n);
                    self.show_detail(n, slip);
                }
                Key::Escape => *page = Page::Main,
                _ => {}
            }
            return;
        }
        if let Some(action) = DirectorAction::for_key(key) {
            self.director_action(action, now);
        }
    }

    fn show_detail(&mut self, n: u64, slip: Option<crate::sliplog::Slip>) {
        let Mode::Director { page, .. } = &mut self.mode else {
            return;
        };
        match slip {
            Some(slip) => {
                self.audit
                    .push(format!("director viewed the detail of slip {n}"));
                *page = Page::Detail(Box::new(slip));
                self.hint = None;
            }
            None => self.hint = Some(Hint::NoSuchSlip(n)),
        }
    }

    pub(super) fn director_action(&mut self, action: DirectorAction, now: f64) {
        let Mode::Director { since, page, .. } = &mut self.mode else {
            return;
        };
        *since = now;
        self.hint = None;
        match action {
            DirectorAction::PinDivision(i) if i < self.divisions.len() => {
                self.pin_to(Some(i));
            }
            DirectorAction::PinDivision(_) => {}
            DirectorAction::Unpin => self.pin_to(None),
            DirectorAction::SetRound => *page = Page::Round(String::new()),
            DirectorAction::SlipDetail => {
                self.audit.push("director asked for a slip's detail".into());
                *page = Page::SlipNumber(String::new());
            }
            DirectorAction::AcknowledgeAlert => {
                if let Some(alert) = self.alert.take() {
                    self.audit
                        .push(format!("director acknowledged the alert: {alert}"));
                }
            }
            DirectorAction::ShowAbout => {
                self.audit.push("director opened About".into());
                *page = Page::About;
            }
            DirectorAction::Back => {
                if matches!(page, Page::Main) {
                    self.audit.push("director mode left".into());
                    self.clear_to_start();
                } else {
                    *page = Page::Main;
                }
            }
            DirectorAction::ExitStation => {
                self.audit.push("director exited the station".into());
                self.exit = true;
            }
            DirectorAction::Reload => self.reload(now),
        }
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
    /// was given), keeping the alert and the recent slips; director mode stays open on the
    /// result.
    fn reload(&mut self, now: f64) {
        let Some(mut files) = self.files.take() else {
            return;
        };
        let mut fresh = Station::from_setup(files.reload());
        fresh.alert = self.alert.take();
        fresh.recent = std::mem::take(&mut self.recent);
        fresh.pin_guard = std::mem::take(&mut self.pin_guard);
        fresh.audit = std::mem::take(&mut self.audit);
        fresh.files = Some(files);
        let problems = fresh.divisions.iter().filter(|d| d.state.is_err()).count();
        fresh.audit.push(format!(
            "director reloaded the configuration: {} division(s), {problems} out of service",
            fresh.divisions.len()
        ));
        fresh.mode = Mode::Director {
            since: now,
            page: Page::Main,
            log: fresh.adjudicator.log_state(RECENT_SLIPS),
            wrong_pins: 0,
        };
        *self = fresh;
    }
}
