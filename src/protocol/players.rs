//! The players' side: the division and the word count, typing the words, handing over, JUDGE,
//! the verdict, and second opinions (from the verdict, or by slip number).

use super::tiles;
use super::view::{Hint, Missing, NotReopened};
use super::{digit, edit_digits, Entry, Key, Mode, Station, RECENT_SLIPS, SLIP_NUMBER_DIGITS};
use crate::adjudicate::NotRejudged;
use crate::config::MAX_TABLE;
use crate::judge::Challenge;
use crate::sliplog::{Slip, SlipKind};
use crate::word::MAX_LEN;

/// Digits a table number takes.
const TABLE_DIGITS: usize = 4;

impl Station {
    /// Division `i` (0-based), chosen on the division menu. One that is out of service cannot be
    /// chosen: the menu says so, and the others keep working.
    pub(super) fn choose_division(&mut self, i: usize) {
        if !matches!(self.mode, Mode::ChooseDivision) || i >= self.divisions.len() {
            return;
        }
        if self.divisions[i].state.is_err() {
            self.hint = Some(Hint::DivisionOutOfService(self.divisions[i].label.clone()));
            return;
        }
        self.hint = None;
        self.active = Some(i);
        self.mode = self.start_mode();
    }

    /// `n` words announced on the count screen.
    pub(super) fn choose_count(&mut self, n: usize) {
        let Mode::Count { second_opinion } = &mut self.mode else {
            return;
        };
        if (1..=self.settings.max_words).contains(&n) {
            let second_opinion = second_opinion.take();
            self.hint = None;
            self.mode = Mode::Entry(Entry::new(Some(n), second_opinion, self.alphabet()));
        }
    }

    /// The table number (`ask_table`): digits, then Enter; Esc goes back to the start.
    pub(super) fn table_key(&mut self, key: Key) {
        let Mode::Table { digits } = &mut self.mode else {
            return;
        };
        edit_digits(digits, key, TABLE_DIGITS);
        match key {
            Key::Escape => self.clear_to_start(),
            Key::Enter | Key::Tab => match digits.parse::<u32>() {
                Ok(n) if (1..=MAX_TABLE).contains(&n) => {
                    self.hint = None;
                    self.table = Some(n);
                    self.mode = self.after_table(None);
                }
                _ => self.hint = Some(Hint::TypeTable),
            },
            Key::Char(c) if c.is_ascii_digit() => self.hint = None,
            Key::Backspace => {}
            _ => self.hint = Some(Hint::TypeTable),
        }
    }

    pub(super) fn count_key(&mut self, key: Key) {
        if !matches!(self.mode, Mode::Count { .. }) {
            return;
        }
        match (key, digit(key)) {
            // Back: to the division menu when the pair chose one.
            (Key::Escape, _) => self.clear_to_start(),
            (_, Some(n)) if (1..=self.settings.max_words).contains(&n) => self.choose_count(n),
            // A second opinion by slip number is the SECOND OPINION key's (F2), not a key here.
            _ => self.hint = Some(Hint::PressCount(self.settings.max_words)),
        }
    }

    pub(super) fn entry_key(&mut self, key: Key, now: f64) {
        let max_words = self.settings.max_words;
        let tab_judges = self.settings.tab_judges();
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        let limit = e.expected.unwrap_or(max_words);
        self.hint = None;
        if e.handed_over {
            // The challenged player checks the words: JUDGE, or back to the challenger to
            // correct them.
            match key {
                Key::Tab if tab_judges => self.judge(now),
                Key::Backspace | Key::Escape => {
                    e.handed_over = false;
                    self.hint = Some(Hint::BackToChallenger);
                }
                _ if tab_judges => self.hint = Some(Hint::PressJudge),
                _ => self.hint = Some(Hint::PressJudgeButton),
            }
            return;
        }
        if e.as_tiles() {
            match key {
                Key::Char(',') | Key::Space | Key::Enter | Key::Escape | Key::Tab => {}
                Key::Backspace => {
                    if !tiles::backspace(e) {
                        if let Some(last) = e.words.pop() {
                            e.current = last;
                        }
                    }
                    return;
                }
                Key::Char(_) if e.current.is_empty() && e.words.len() >= limit => {
                    self.hint = Some(Hint::WordsTyped(limit));
                    return;
                }
                Key::Char(c) => {
                    self.hint = tiles::type_char(e, c).err();
                    return;
                }
                _ => {}
            }
            if matches!(key, Key::Char(',') | Key::Space | Key::Enter) {
                if let Err(hint) = tiles::finish_word(e) {
                    self.hint = Some(hint);
                    return;
                }
            }
        }
        match key {
            Key::Char(c) if c.is_ascii_alphabetic() => {
                if e.current.is_empty() && e.words.len() >= limit {
                    self.hint = Some(Hint::WordsTyped(limit));
                } else if e.current.len() >= MAX_LEN {
                    self.hint = Some(Hint::WordTooLong);
                } else {
                    e.current.push(c.to_ascii_uppercase());
                }
            }
            Key::Space | Key::Char(',') => {
                if !e.current.is_empty() {
                    e.words.push(std::mem::take(&mut e.current));
                }
            }
            Key::Enter => self.end_entry(),
            Key::Backspace => {
                if e.current.pop().is_none() {
                    if let Some(last) = e.words.pop() {
                        e.current = last;
                    }
                }
            }
            // Esc clears the words; on an empty entry it goes back to the start (the division
            // menu when the pair chose one).
            Key::Escape if e.words.is_empty() && e.current.is_empty() => self.clear_to_start(),
            Key::Escape => {
                e.words.clear();
                e.current.clear();
            }
            // Tab judges only what the challenger handed over: JUDGE says what is missing.
            Key::Tab if tab_judges => self.judge(now),
            _ => self.hint = Some(Hint::LettersOnly),
        }
    }

    /// A tile of the on-screen keyboard (`index` into the alphabet's tiles).
    pub(super) fn tile_key(&mut self, index: usize) {
        let limit = self.settings.max_words;
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        if e.handed_over || !e.as_tiles() {
            return;
        }
        let limit = e.expected.unwrap_or(limit);
        self.hint = if e.current.is_empty() && e.words.len() >= limit {
            Some(Hint::WordsTyped(limit))
        } else {
            tiles::type_tile(e, index).err()
        };
    }

    /// The alphabet of the division chosen (English before one is).
    pub(super) fn alphabet(&self) -> &'static crate::alphabet::Alphabet {
        match self.active.map(|i| &self.divisions[i].state) {
            Some(Ok(division)) => division.rules.alphabet(),
            _ => crate::alphabet::english(),
        }
    }

    /// Enter (or DONE): the word being typed is complete; once every word is, the challenger
    /// hands over to the challenged player, who may then judge. With a count, Enter before the
    /// last word only separates words.
    pub(super) fn end_entry(&mut self) {
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        if e.handed_over {
            return;
        }
        if e.as_tiles() {
            if let Err(hint) = tiles::finish_word(e) {
                self.hint = Some(hint);
                return;
            }
        }
        if !e.current.is_empty() {
            e.words.push(std::mem::take(&mut e.current));
        }
        match (missing(e), e.expected) {
            (None, _) => {
                e.handed_over = true;
                self.hint = None;
            }
            // More words announced: Enter separated this one.
            (Some(Missing::Words { .. }), Some(_)) => {}
            (Some(m), _) => self.hint = Some(Hint::Missing(m)),
        }
    }

    /// JUDGE: only once the challenger handed over; then the play is adjudicated.
    pub(super) fn judge(&mut self, now: f64) {
        let Mode::Entry(e) = &self.mode else { return };
        if !e.handed_over {
            self.hint = Some(match missing(e) {
                Some(m) => Hint::Missing(m),
                None => Hint::NotHandedOver,
            });
            return;
        }
        let words = e.words.clone();
        let second = e.second_opinion.clone();
        let Some(active) = self.active else { return };
        let Ok(division) = &self.divisions[active].state else {
            self.mode = self.start_mode();
            return;
        };
        let Ok(challenge) =
            Challenge::parse_in(division.rules.alphabet(), &words, self.settings.max_words)
        else {
            self.hint = Some(Hint::NotAWord);
            return;
        };
        let (adjudication, differs_from) = match &second {
            None => (
                self.adjudicator.adjudicate_at(
                    division,
                    &challenge,
                    SlipKind::Challenge,
                    self.table,
                ),
                None,
            ),
            Some(original) => match self
                .adjudicator
                .second_opinion(division, &challenge, original)
            {
                Ok(opinion) => {
                    let differs = (!opinion.agrees()).then_some(opinion.refers_to);
                    (opinion.adjudication, differs)
                }
                Err(refused) => {
                    // Nothing judged, nothing recorded, no verdict of any kind: the words go
                    // back to the challenger.
                    if let Mode::Entry(e) = &mut self.mode {
                        e.handed_over = false;
                    }
                    self.hint = Some(match refused {
                        NotRejudged::WordsDiffer(n) => Hint::WordsDoNotMatch(n),
                        NotRejudged::OtherDivision { slip, .. } => {
                            Hint::NotReopened(slip, NotReopened::DivisionNotHere)
                        }
                    });
                    return;
                }
            },
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
            // After the slip is on disk; the docket prints while the verdict shows.
            if let Some(files) = self.files.as_mut() {
                files.print(s);
            }
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
            time: adjudication.local_time,
        };
    }

    /// What the printer did with the dockets sent since the last tick: a failure is a banner for
    /// the director (a failed slip log's banner is not replaced), and every outcome an audit line.
    pub(super) fn collect_prints(&mut self) {
        let Some(files) = self.files.as_mut() else {
            return;
        };
        for (slip, result) in files.printed() {
            match result {
                Ok(()) => self.audit.push(format!("docket for slip {slip} printed")),
                Err(e) => {
                    self.audit
                        .push(format!("docket for slip {slip} NOT printed: {e}"));
                    if self.alert.is_none() {
                        self.alert = Some(format!(
                            "Docket for slip {slip} not printed — check the printer; `wordjudge slips print {slip}` reprints ({e})"
                        ));
                    }
                }
            }
        }
    }

    /// SECOND OPINION: from a verdict, for its slip; before a challenge is typed, by slip number.
    pub(super) fn start_second_opinion(&mut self, now: f64) {
        self.last_input = now;
        match &self.mode {
            Mode::Verdict {
                slip: Some(slip),
                differs_from: None,
                ..
            } => {
                let slip = slip.clone();
                self.reopen(slip, true);
            }
            Mode::ChooseDivision
            | Mode::Count {
                second_opinion: None,
            } => self.ask_slip_number(),
            Mode::Entry(e)
                if e.second_opinion.is_none() && e.words.is_empty() && e.current.is_empty() =>
            {
                self.ask_slip_number()
            }
            // A verdict of VERDICTS DIFFER or without a slip, words being typed, a second
            // opinion under way, the director's screens: nothing.
            _ => {}
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

    /// Opens a second opinion on `slip`, in the slip's own division — if the players may:
    /// only challenges of this station, and (unless it is the verdict just shown) judged within
    /// the configured window. Anything else: ask the director.
    fn reopen(&mut self, slip: Slip, just_shown: bool) {
        let refused = if slip.kind != SlipKind::Challenge {
            Some(NotReopened::NotAChallenge)
        } else if slip.station != self.adjudicator.station() {
            Some(NotReopened::OtherStation)
        } else if let Some(m) = self.second_opinion_on(slip.slip) {
            Some(NotReopened::AlreadyReopened(m))
        } else if !just_shown
            && self
                .adjudicator
                .minutes_since(&slip)
                .is_none_or(|m| m > self.settings.screen.second_opinion_minutes)
        {
            Some(NotReopened::TooOld(
                self.settings.screen.second_opinion_minutes,
            ))
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

/// What stops the challenger from handing over, or `None` when every word is typed.
pub(super) fn missing(e: &Entry) -> Option<Missing> {
    let mut words: Vec<&str> = e.words.iter().map(String::as_str).collect();
    if !e.current.is_empty() {
        words.push(&e.current);
    }
    let tiles = |w: &str| match e.as_tiles() {
        true => super::tiles::count(e.alphabet, w),
        false => w.len(),
    };
    if e.as_tiles() && e.alphabet.parse(&e.current).is_err() {
        return Some(Missing::UnfinishedTile);
    }
    if let Some((i, _)) = words.iter().enumerate().find(|(_, w)| tiles(w) < 2) {
        return Some(match e.as_tiles() {
            true => Missing::OneTile(i + 1),
            false => Missing::ShortWord(i + 1),
        });
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
