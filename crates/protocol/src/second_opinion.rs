//! Second opinions (SA 13.5): from a verdict, for its slip, or by slip number before a
//! challenge is typed; only the words of that slip, in its own division; and why SECOND
//! OPINION cannot act where it cannot.

use super::messages::{Hint, NotReopened, SecondOpinionNot};
use super::setup::Reach;
use super::{edit_digits, Key, Mode, Station, SLIP_NUMBER_DIGITS};
use wordjudge_sliplog::{Slip, SlipKind};

impl Station {
    /// SECOND OPINION: from a verdict, for its slip; before a challenge is typed, by slip
    /// number. Where it cannot act, the hint says why.
    pub(super) fn start_second_opinion(&mut self, now: f64) {
        // Director mode and its PIN prompt are not the players'.
        if matches!(self.mode, Mode::Pin { .. } | Mode::Director { .. }) {
            return;
        }
        self.last_input = now;
        if let Some(why) = self.second_opinion_refusal() {
            self.hint = Some(why);
            return;
        }
        match &self.mode {
            Mode::Verdict {
                slip: Some(slip), ..
            } => {
                let slip = slip.clone();
                self.reopen(slip, true);
            }
            _ => self.ask_slip_number(),
        }
    }

    /// Why SECOND OPINION cannot act on the screen showing, or `None` when it can (it may
    /// still refuse the slip: [`Self::reopen`]).
    pub(super) fn second_opinion_refusal(&self) -> Option<Hint> {
        match &self.mode {
            Mode::Verdict {
                differs_from: Some(_),
                ..
            } => Some(Hint::SecondOpinionRefused(SecondOpinionNot::Differ)),
            Mode::Verdict { slip: None, .. } => {
                Some(Hint::SecondOpinionRefused(SecondOpinionNot::NotRecorded))
            }
            // A second opinion's own verdict: a third opinion is the director's.
            Mode::Verdict {
                slip: Some(s),
                second_opinion_of: Some(_),
                ..
            } => Some(Hint::NotReopened(s.slip, NotReopened::ASecondOpinion)),
            Mode::Verdict { .. } | Mode::ChooseDivision | Mode::Table { .. } => None,
            Mode::Count {
                second_opinion: None,
            } => None,
            Mode::Count {
                second_opinion: Some(s),
            } => Some(Hint::SecondOpinionRefused(SecondOpinionNot::UnderWay(
                s.slip,
            ))),
            Mode::Entry(e) => match &e.second_opinion {
                Some(s) => Some(Hint::SecondOpinionRefused(SecondOpinionNot::UnderWay(
                    s.slip,
                ))),
                None if e.words.is_empty() && e.current.is_empty() && !e.handed_over() => None,
                None => Some(Hint::SecondOpinionRefused(SecondOpinionNot::WordsTyped)),
            },
            Mode::SlipNumber { .. } => Some(Hint::SecondOpinionRefused(SecondOpinionNot::TypeSlip)),
            Mode::OutOfService(_) | Mode::StationNumber(_) => {
                Some(Hint::SecondOpinionRefused(SecondOpinionNot::OutOfService))
            }
            // Not the players' screens: nothing to say there.
            Mode::Pin { .. } | Mode::Director { .. } => {
                Some(Hint::SecondOpinionRefused(SecondOpinionNot::NotHere))
            }
        }
    }

    fn ask_slip_number(&mut self) {
        self.hint = None;
        self.mode = Mode::SlipNumber {
            digits: String::new(),
        };
    }

    pub(super) fn slip_number_key(&mut self, key: Key) {
        let Mode::SlipNumber { digits } = &mut self.mode else {
            return;
        };
        edit_digits(digits, key, SLIP_NUMBER_DIGITS);
        match key {
            Key::Escape => self.clear_to_start(),
            Key::Enter | Key::Tab => {
                let n: u64 = digits.parse().unwrap_or(0);
                match self.find_slip(n) {
                    Some(slip) => self.reopen(slip, false),
                    None => self.hint = Some(Hint::NoSuchSlip(n)),
                }
            }
            _ => {}
        }
    }

    /// Why `slip` is out of a second opinion's reach ([`Reach`]), if it is: judged longer ago
    /// than a station's window, or not among a table device's last plays (whatever its clock
    /// says).
    fn beyond_reach(&self, slip: &Slip) -> Option<NotReopened> {
        match self.settings.reach {
            Reach::Clock => {
                let window = self.settings.screen.second_opinion_minutes;
                (self.adjudicator.minutes_since(slip) > window)
                    .then_some(NotReopened::TooOld(window))
            }
            Reach::DeviceSlips(plays) => {
                let recent = self.adjudicator.last_slips(plays);
                (!recent.iter().any(|s| s.slip == slip.slip))
                    .then_some(NotReopened::NotAmongLast(plays))
            }
        }
    }

    /// Opens a second opinion on `slip`, in the slip's own division — if the players may:
    /// only challenges of this station, and (unless it is the verdict just shown) within reach
    /// ([`Self::beyond_reach`]). Anything else: ask the director.
    fn reopen(&mut self, slip: Slip, just_shown: bool) {
        let refused = if slip.kind == SlipKind::SecondOpinion {
            Some(NotReopened::ASecondOpinion)
        } else if slip.kind != SlipKind::Challenge {
            Some(NotReopened::ByTheDirector)
        } else if slip.station != self.adjudicator.station() {
            Some(NotReopened::OtherStation)
        } else if let Some(m) = self.second_opinion_on(slip.slip) {
            Some(NotReopened::AlreadyReopened(m))
        } else if let Some(why) = (!just_shown).then(|| self.beyond_reach(&slip)).flatten() {
            Some(why)
        } else {
            match self.divisions.iter().position(|d| d.name == slip.division) {
                None => Some(NotReopened::DivisionNotHere),
                Some(i) if self.divisions[i].state.is_err() => {
                    Some(NotReopened::DivisionOutOfService)
                }
                Some(i) => {
                    self.hint = None;
                    self.active = Some(i);
                    self.mode = self.fresh_entry(Some(slip.clone()));
                    None
                }
            }
        };
        if let Some(why) = refused {
            if just_shown {
                self.clear_to_start();
            }
            self.hint = Some(Hint::NotReopened(slip.slip, why));
        }
    }

    /// The number of the second opinion already given on slip `n`, from memory or the log.
    fn second_opinion_on(&self, n: u64) -> Option<u64> {
        match self.recent.iter().find(|s| s.refers_to == Some(n)) {
            Some(s) => Some(s.slip),
            None => self.adjudicator.second_opinion_on(n).map(|s| s.slip),
        }
    }

    /// A slip of this station, for a second opinion requested by number.
    pub(super) fn find_slip(&self, n: u64) -> Option<Slip> {
        if let Some(s) = self.recent.iter().find(|s| s.slip == n) {
            return Some(s.clone());
        }
        self.adjudicator.find(n)
    }
}
