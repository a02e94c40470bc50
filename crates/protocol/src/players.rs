//! The players' side: the division and the word count, typing the words, handing over, JUDGE,
//! the verdict, and second opinions (from the verdict, or by slip number).

use super::messages::{Alert, Hint, Missing, NotReopened, SecondOpinionNot};
use super::tiles;
use super::{
    digit, edit_digits, Entry, FailedPlay, Judged, Key, Mode, Station, GUARD_SLIPS, JUDGED_KEPT,
    RECENT_SLIPS, SLIP_NUMBER_DIGITS,
};
use wordjudge_config::MAX_TABLE;
use wordjudge_lexicon::judge::{reveals_part_of, Challenge, Verdict};
use wordjudge_lexicon::word::MAX_LEN;
use wordjudge_sliplog::adjudicate::NotRejudged;
use wordjudge_sliplog::{Slip, SlipKind};

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
        let count_first = self.settings.screen.count_first;
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        let limit = e.expected.unwrap_or(max_words);
        // A refused key inside a word stays said until the word ends: the letters typed after
        // it must not hide that it was left out.
        let before = self.hint.take();
        let refused_in_word = matches!(before, Some(Hint::NotALetter(_) | Hint::NotATile(_)));
        if e.handed_over() {
            // The challenged player checks the words: JUDGE, or back to the challenger to
            // correct them.
            match key {
                Key::Tab if tab_judges => self.judge(now),
                Key::Backspace | Key::Escape => {
                    e.give_back();
                    self.hint = Some(Hint::BackToChallenger);
                }
                _ if tab_judges => self.hint = Some(Hint::PressJudge),
                _ => self.hint = Some(Hint::PressJudgeButton),
            }
            return;
        }
        // Whatever the challenger does next, the words refused as part of a failed play are
        // theirs to change: the refusal is decided again at the next hand-over.
        if key != Key::Tab {
            e.part_of = None;
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
                    self.hint = match tiles::type_char(e, c) {
                        Ok(()) if refused_in_word => before,
                        Ok(()) => None,
                        Err(hint) => Some(hint),
                    };
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
                    if refused_in_word {
                        self.hint = before;
                    }
                }
            }
            Key::Space | Key::Char(',') => {
                if !e.current.is_empty() {
                    e.words.push(std::mem::take(&mut e.current));
                }
            }
            Key::Enter => self.end_entry(now),
            Key::Backspace => {
                if e.current.pop().is_none() {
                    if let Some(last) = e.words.pop() {
                        e.current = last;
                    }
                }
            }
            // Esc clears the words; on an empty entry it goes back a step: to the count (of the
            // same challenge or second opinion), or without a count to the start.
            Key::Escape if e.words.is_empty() && e.current.is_empty() => {
                if count_first {
                    let second_opinion = e.second_opinion.take();
                    self.mode = Mode::Count { second_opinion };
                } else {
                    self.clear_to_start();
                }
            }
            Key::Escape => {
                e.words.clear();
                e.current.clear();
            }
            // Tab judges only what the challenger handed over: JUDGE says what is missing.
            Key::Tab if tab_judges => self.judge(now),
            Key::Char(c) if !c.is_whitespace() => self.hint = Some(Hint::NotALetter(c)),
            _ => self.hint = Some(Hint::LettersOnly),
        }
    }

    /// A tile of the on-screen keyboard (`index` into the alphabet's tiles).
    pub(super) fn tile_key(&mut self, index: usize) {
        let limit = self.settings.max_words;
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        if e.handed_over() || !e.as_tiles() {
            return;
        }
        e.part_of = None;
        let limit = e.expected.unwrap_or(limit);
        self.hint = if e.current.is_empty() && e.words.len() >= limit {
            Some(Hint::WordsTyped(limit))
        } else {
            tiles::type_tile(e, index).err()
        };
    }

    /// The alphabet of the division chosen (English before one is).
    pub(super) fn alphabet(&self) -> &'static wordjudge_lexicon::alphabet::Alphabet {
        match self.active.map(|i| &self.divisions[i].state) {
            Some(Ok(division)) => division.rules.alphabet(),
            _ => wordjudge_lexicon::alphabet::english(),
        }
    }

    /// Enter (or DONE): the word being typed is complete; once every word is, the challenger
    /// hands over to the challenged player, who may judge after the hand-over pause. With a
    /// count, Enter before the last word only separates words. A new challenge on part of a
    /// play judged UNACCEPTABLE here a moment ago is not handed over: the director decides.
    pub(super) fn end_entry(&mut self, now: f64) {
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        if e.handed_over() {
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
            (None, _) => {}
            // More words announced: Enter separated this one.
            (Some(Missing::Words { .. }), Some(_)) => return,
            (Some(m), _) => {
                self.hint = Some(Hint::Missing(m));
                return;
            }
        }
        let guarded = e.second_opinion.is_none() && !e.allowed;
        let words = e.words.clone();
        if let Some(failed) = guarded
            .then(|| self.part_of_failed_play(&words, now))
            .flatten()
        {
            self.audit.push(format!(
                "new challenge refused: {} is part of {} (UNACCEPTABLE){}",
                words.join(" "),
                match &failed {
                    FailedPlay::Slip(n) => format!("slip {n}"),
                    FailedPlay::Unrecorded(at) => format!("the play judged at {at}"),
                },
                self.table
                    .map(|t| format!(", table {t}"))
                    .unwrap_or_default()
            ));
            if let Mode::Entry(e) = &mut self.mode {
                e.part_of = Some(failed.clone());
            }
            self.hint = Some(Hint::PartOfFailedPlay(failed));
            return;
        }
        if let Mode::Entry(e) = &mut self.mode {
            e.handed_over_at = Some(now);
        }
        self.hint = None;
    }

    /// The play judged UNACCEPTABLE at this station within `second_opinion_minutes` (at this
    /// table, when tables are asked) that judging `words` would tell something about the single
    /// words of ([`reveals_part_of`]), newest first: from this run's memory (unrecorded verdicts
    /// included, timed by the station's clock), then from the end of the slip log (slips from
    /// before a restart, or from the command line, timed by the time they record).
    fn part_of_failed_play(&self, words: &[String], now: f64) -> Option<FailedPlay> {
        let alphabet = self.alphabet();
        let words: Vec<String> = Challenge::parse_in(alphabet, words, self.settings.max_words)
            .ok()?
            .words()
            .iter()
            .map(|w| w.to_string())
            .collect();
        let window = self.settings.screen.second_opinion_minutes;
        let table_matches = |table: Option<u32>| {
            !self.settings.screen.ask_table
                || table.is_none()
                || self.table.is_none()
                || table == self.table
        };
        let from_memory = self.judged.iter().rev().find(|j| {
            j.verdict == Verdict::Unacceptable
                && table_matches(j.table)
                && now - j.at <= window * 60.0
                && reveals_part_of(&words, &j.words)
        });
        if let Some(j) = from_memory {
            return Some(match j.slip {
                Some(n) => FailedPlay::Slip(n),
                None => FailedPlay::Unrecorded(j.local_time.clone()),
            });
        }
        self.adjudicator
            .last_slips(GUARD_SLIPS)
            .into_iter()
            .find(|s| {
                // A director's judgement from the command line is a game's only when it names
                // the table (`judge --table`) and the station asks tables: otherwise no pair at
                // this station saw it.
                let players_saw = s.kind != SlipKind::Director
                    || (self.settings.screen.ask_table && s.table.is_some());
                s.verdict == Verdict::Unacceptable
                    && players_saw
                    && s.station == self.adjudicator.station()
                    && !self.judged.iter().any(|j| j.slip == Some(s.slip))
                    && table_matches(s.table)
                    && self
                        .adjudicator
                        .minutes_since(s)
                        .is_some_and(|m| m <= window)
                    && reveals_part_of(&words, &s.words)
            })
            .map(|s| FailedPlay::Slip(s.slip))
    }

    /// JUDGE: only once the challenger handed over and the hand-over pause is over; then the
    /// play is adjudicated. A judge key in the pause is refused, not kept for later.
    pub(super) fn judge(&mut self, now: f64) {
        let pause = self.settings.screen.handover_seconds;
        let Mode::Entry(e) = &self.mode else { return };
        match e.handed_over_at {
            None => {
                self.hint = Some(match missing(e) {
                    Some(m) => Hint::Missing(m),
                    None => match &e.part_of {
                        Some(failed) => Hint::PartOfFailedPlay(failed.clone()),
                        None => Hint::NotHandedOver,
                    },
                });
                return;
            }
            Some(at) if now - at < pause => {
                self.hint = Some(Hint::HandOverPause);
                return;
            }
            Some(_) => {}
        }
        let words = e.words.clone();
        let second = e.second_opinion.clone();
        let Some(active) = self.active else { return };
        let slot = &self.divisions[active];
        let Ok(division) = &slot.state else {
            self.mode = self.start_mode();
            return;
        };
        let Ok(challenge) =
            Challenge::parse_in(division.rules.alphabet(), &words, self.settings.max_words)
        else {
            self.hint = Some(Hint::NotAWord);
            return;
        };
        let (header, round, table) = match &second {
            None => (slot.header.clone(), self.adjudicator.round(), self.table),
            Some(s) => (slot.second_header.clone(), s.round, s.table),
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
                        e.give_back();
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
        let division_name = division.name.clone();
        let judged_words: Vec<String> = challenge.words().iter().map(|w| w.to_string()).collect();
        let local_time = adjudication.local_time();
        let slip = match adjudication.slip {
            Ok(slip) => slip,
            Err(e) => {
                // The players see the verdict and SLIP NOT RECORDED; what the paper slip needs
                // goes to the director (diagnostic log, director's screen), never to them.
                let game: String = [("round", round), ("table", table)]
                    .iter()
                    .filter_map(|(label, n)| n.map(|n| format!(" · {label} {n}")))
                    .collect();
                let line = format!(
                    "{} · judged {} · division {division_name}{game} · {} · {}{}",
                    adjudication.verdict,
                    local_time,
                    judged_words.join(" "),
                    match &second {
                        Some(s) => format!("second opinion on slip {}", s.slip),
                        None => "challenge".into(),
                    },
                    match differs_from {
                        Some(_) => " · VERDICTS DIFFER",
                        None => "",
                    }
                );
                self.audit.push(format!(
                    "SLIP NOT RECORDED ({e}): {line} (UTC {}) — write the paper slip from this line",
                    adjudication.time
                ));
                self.unrecorded.push(line);
                self.alert = Some(Alert::LogFailed(e.to_string()));
                None
            }
        };
        // What the log noticed on the way (its head missing or behind, records deleted): the
        // slip is written, but the director must look. A failure's banner is not replaced.
        if let Some(first) = self.adjudicator.take_alerts().into_iter().next() {
            if self.alert.is_none() {
                self.alert = Some(Alert::LogCheck(first.to_string()));
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
        if self.judged.len() == JUDGED_KEPT {
            self.judged.pop_front();
        }
        self.judged.push_back(Judged {
            words: judged_words,
            table,
            at: now,
            local_time: local_time.clone(),
            slip: slip.as_ref().map(|s| s.slip),
            verdict: adjudication.verdict,
        });
        self.hint = None;
        self.mode = Mode::Verdict {
            shown_at: now,
            verdict: adjudication.verdict,
            words,
            slip,
            second_opinion_of: second.as_ref().map(|s| s.slip),
            differs_from,
            time: adjudication.time.clone(),
            header,
            round,
            table,
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
                        self.alert = Some(Alert::Docket { slip, error: e });
                    }
                }
            }
        }
    }

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
            Mode::OutOfService(_) => {
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

    /// Opens a second opinion on `slip`, in the slip's own division — if the players may:
    /// only challenges of this station, and (unless it is the verdict just shown) judged within
    /// the configured window. Anything else: ask the director.
    fn reopen(&mut self, slip: Slip, just_shown: bool) {
        let refused = if slip.kind == SlipKind::SecondOpinion {
            Some(NotReopened::ASecondOpinion)
        } else if slip.kind != SlipKind::Challenge {
            Some(NotReopened::ByTheDirector)
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
