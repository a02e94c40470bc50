//! The director's side: the PIN prompt with its lockout, and director mode (the active division,
//! acknowledging the slip-log alert, reloading, About, exiting the station).

use super::view::Hint;
use super::{DirectorAction, Key, Mode, Station, PIN_LOCK_SECONDS, PIN_TRIES, RECENT_SLIPS};

impl Station {
    pub(super) fn open_pin(&mut self, now: f64) {
        if matches!(self.mode, Mode::Pin { .. } | Mode::Director { .. }) {
            return;
        }
        // A verdict is not returned to: the PIN prompt's way back is the start screen.
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

    pub(super) fn pin_key(&mut self, key: Key, now: f64) {
        let Mode::Pin { digits, back, .. } = &mut self.mode else {
            return;
        };
        match key {
            Key::Char(c) if c.is_ascii_digit() && digits.len() < 12 => digits.push(c),
            Key::Backspace => {
                digits.pop();
            }
            Key::Escape => self.mode = (**back).clone(),
            Key::Enter => self.submit_pin(now),
            _ => {}
        }
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
            self.hint = None;
            self.mode = Mode::Director {
                since: now,
                about: false,
                log: self.adjudicator.log_state(RECENT_SLIPS),
            };
        } else {
            self.pin_failures += 1;
            if self.pin_failures >= PIN_TRIES {
                self.pin_failures = 0;
                self.pin_locked_until = now + PIN_LOCK_SECONDS;
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
    }

    pub(super) fn director_action(&mut self, action: DirectorAction, now: f64) {
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
            DirectorAction::Reload => self.reload(now),
        }
    }

    /// Reads the configuration again and verifies every lexicon (through the reload the station
    /// was given), keeping the active division, the alert and the recent slips; director mode
    /// stays open on the result.
    fn reload(&mut self, now: f64) {
        let Some(mut reload) = self.reload.take() else {
            return;
        };
        let mut fresh = Station::from_setup((reload.0)());
        if let Some(name) = self.active.map(|i| self.divisions[i].name.clone()) {
            fresh.active = fresh.divisions.iter().position(|d| d.name == name);
        }
        fresh.alert = self.alert.take();
        fresh.recent = std::mem::take(&mut self.recent);
        fresh.reload = Some(reload);
        fresh.mode = Mode::Director {
            since: now,
            about: false,
            log: fresh.adjudicator.log_state(RECENT_SLIPS),
        };
        *self = fresh;
    }
}
