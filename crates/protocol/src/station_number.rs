//! A station image's first boot with an event stick that names no station (issue 52, finding 1):
//! every machine booted from one stick must not become one station. The first boot checked the
//! stick's event (signed by the key the image trusts) and installed nothing; the station asks
//! the director, on screen with the number keys or the keypad, for this machine's number, and
//! asks the image's root helper to install the event as that station
//! ([`StickJob::FirstInstall`]). Nothing else shows until it is installed: the station then loads
//! as any station does, its number on every screen and on every slip.

use crate::stick_request::Pending;
use crate::view::{ScreenKind, View};
use crate::{edit_digits, Key, Mode, Station, StickJob};
use wordjudge_lang::{tr, Language};

pub use wordjudge_config::MAX_STATION_NUMBER;
const DIGITS: usize = 4;

/// What the station-number screen holds: the digits typed, the number asked of the helper (its
/// answer awaited), and what the helper said when it did not install.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Asking {
    pub digits: String,
    pub asked: Option<u32>,
    pub refused: Option<String>,
}

impl Station {
    /// A key on the station-number screen: digits, Backspace, Esc (clears), Enter (asks).
    pub(super) fn station_number_key(&mut self, key: Key, now: f64) {
        let Mode::StationNumber(asking) = &mut self.mode else {
            return;
        };
        if asking.asked.is_some() {
            return;
        }
        edit_digits(&mut asking.digits, key, DIGITS);
        match key {
            Key::Escape => asking.digits.clear(),
            Key::Enter | Key::Tab => match asking.digits.parse::<u32>() {
                Ok(n) if (1..=MAX_STATION_NUMBER).contains(&n) => self.ask_number(n, now),
                _ => {
                    asking.digits.clear();
                    asking.refused = None;
                    self.hint = Some(crate::Hint::TypeStationNumber);
                    return;
                }
            },
            _ => {}
        }
        self.hint = None;
    }

    fn ask_number(&mut self, n: u32, now: f64) {
        let job = StickJob::FirstInstall(n);
        let asked = match self.files.as_mut() {
            Some(files) => files.ask_stick(job, ""),
            None => Err(crate::stick_request::no_helper()),
        };
        let Mode::StationNumber(asking) = &mut self.mode else {
            return;
        };
        match asked {
            Ok(()) => {
                self.audit.push(format!(
                    "director asked to install the event as station {n}"
                ));
                asking.asked = Some(n);
                asking.refused = None;
                self.stick = Some(Pending { job, since: now });
            }
            Err(e) => {
                self.audit
                    .push(format!("station number {n}: not asked: {e}"));
                asking.refused = Some(e);
            }
        }
    }

    /// The station-number screen in `l` (the director's language).
    pub(super) fn station_number_view(&self, asking: &Asking, l: Language, v: &mut View) {
        v.screen = ScreenKind::StationNumber;
        v.current = asking.digits.clone();
        match asking.asked {
            Some(n) => {
                v.title = tr!(l, "station-number-installing", number = n);
                v.detail = tr!(l, "station-number-wait");
            }
            None => {
                v.title = tr!(l, "station-number-title", max = MAX_STATION_NUMBER);
                v.detail = match &asking.refused {
                    Some(why) => why.clone(),
                    // A number refused: the hint says what to type, in the detail's place (the
                    // two do not fit the smallest screens together).
                    None if self.hint.is_some() => String::new(),
                    None => tr!(
                        l,
                        "station-number-detail",
                        event = self.number_wanted.as_deref().unwrap_or("")
                    ),
                };
            }
        }
    }

    /// The helper's answer to [`StickJob::FirstInstall`]: installed, the station loads (and
    /// shows its first screen); not, the number screen again with what it said.
    pub(super) fn number_answered(&mut self, done: bool, lines: &[String], now: f64) {
        if done {
            self.reload_for_stick(now);
            self.clear_to_start();
            return;
        }
        if let Mode::StationNumber(asking) = &mut self.mode {
            asking.asked = None;
            asking.refused = Some(lines.join(" "));
        }
    }
}
