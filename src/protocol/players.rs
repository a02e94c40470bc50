//! The players' side: the division and the word count, typing the words, JUDGE, the verdict, and
//! second opinions (from the verdict, or by slip number).

use super::view::{Hint, Missing};
use super::{digit, Entry, Key, Mode, Station, RECENT_SLIPS};
use crate::judge::Challenge;
use crate::sliplog::{Slip, SlipKind};
use crate::word::MAX_LEN;

impl Station {
    /// Division `i` (0-based), chosen on the division screen.
    pub(super) fn choose_division(&mut self, i: usize) {
        if matches!(self.mode, Mode::ChooseDivision) && i < self.divisions.len() {
            self.active = Some(i);
            self.mode = self.start_mode();
        }
    }

    /// `n` words announced on the count screen.
    pub(super) fn choose_count(&mut self, n: usize) {
        let Mode::Count { second_opinion } = &mut self.mode else {
            return;
        };
        if (1..=self.settings.max_words).contains(&n) {
            let second_opinion = second_opinion.take();
            self.hint = None;
            self.mode = Mode::Entry(Entry {
                expected: Some(n),
                words: Vec::new(),
                current: String::new(),
                second_opinion,
            });
        }
    }

    pub(super) fn count_key(&mut self, key: Key) {
        let Mode::Count { second_opinion } = &self.mode else {
            return;
        };
        let press = Hint::PressCount(self.settings.max_words);
        match key {
            Key::Char(c) if c.is_ascii_digit() => {
                let n = digit(key).unwrap_or(0);
                if (1..=self.settings.max_words).contains(&n) {
                    self.choose_count(n);
                } else {
                    self.hint = Some(press);
                }
            }
            Key::Char('#') if second_opinion.is_none() => {
                self.mode = Mode::SlipNumber {
                    digits: String::new(),
                };
            }
            Key::Escape if second_opinion.is_some() => self.clear_to_start(),
            _ => self.hint = Some(press),
        }
    }

    pub(super) fn entry_key(&mut self, key: Key, now: f64) {
        let max_words = self.settings.max_words;
        let judge_on_enter = self.settings.judge_on_enter;
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        let limit = e.expected.unwrap_or(max_words);
        self.hint = None;
        match key {
            Key::Tab => self.judge(now),
            Key::Enter if judge_on_enter && missing(e).is_none() => self.judge(now),
            Key::Char(c) if c.is_ascii_alphabetic() => {
                if e.current.is_empty() && e.words.len() >= limit {
                    self.hint = Some(Hint::WordsTyped(limit));
                } else if e.current.len() >= MAX_LEN {
                    self.hint = Some(Hint::WordTooLong);
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
            _ => self.hint = Some(Hint::LettersOnly),
        }
    }

    /// JUDGE: adjudicate if every word is there, else say precisely what is missing.
    pub(super) fn judge(&mut self, now: f64) {
        let Mode::Entry(e) = &self.mode else { return };
        if let Some(missing) = missing(e) {
            self.hint = Some(Hint::Missing(missing));
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
            self.hint = Some(Hint::NotAWord);
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
        if let Some(first) = self.adjudicator.take_alerts().into_iter().next() {
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
        self.hint = None;
        self.mode = Mode::Verdict {
            shown_at: now,
            verdict: adjudication.verdict,
            words,
            slip,
            second_opinion_of: second.as_ref().map(|s| s.slip),
            differs_from,
            time: adjudication.time,
        };
    }

    /// SECOND OPINION: from a verdict, for its slip; before typing, by slip number.
    pub(super) fn start_second_opinion(&mut self, now: f64) {
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

    pub(super) fn slip_number_key(&mut self, key: Key) {
        let Mode::SlipNumber { digits } = &mut self.mode else {
            return;
        };
        match key {
            Key::Char(c) if c.is_ascii_digit() && digits.len() < 9 => digits.push(c),
            Key::Backspace => {
                digits.pop();
            }
            Key::Escape => self.clear_to_start(),
            Key::Enter | Key::Tab => {
                let n: u64 = digits.parse().unwrap_or(0);
                match self.find_slip(n) {
                    Some(slip) => {
                        self.hint = None;
                        self.mode = self.fresh_entry(Some(slip));
                    }
                    None => self.hint = Some(Hint::NoSuchSlip(n)),
                }
            }
            _ => {}
        }
    }

    /// A slip of this station, for a second opinion requested by number.
    fn find_slip(&self, n: u64) -> Option<Slip> {
        if let Some(s) = self.recent.iter().find(|s| s.slip == n) {
            return Some(s.clone());
        }
        self.adjudicator.find(n)
    }
}

/// What stops JUDGE, or `None` when the challenge is complete.
pub(super) fn missing(e: &Entry) -> Option<Missing> {
    let mut words: Vec<&str> = e.words.iter().map(String::as_str).collect();
    if !e.current.is_empty() {
        words.push(&e.current);
    }
    if let Some((i, _)) = words.iter().enumerate().find(|(_, w)| w.len() < 2) {
        return Some(Missing::ShortWord(i + 1));
    }
    match e.expected {
        Some(n) if words.len() < n => Some(Missing::Words {
            typed: words.len(),
            of: n,
        }),
        None if words.is_empty() => Some(Missing::NoWords),
        _ => None,
    }
}
