//! The players' screens: the division menu, the table and count prompts, the entry, the PIN
//! prompt, the verdict.

use super::{ScreenKind, View};
use crate::entry::missing;
use crate::{Entry, Mode, Station, PIN_TRIES};
use wordjudge_lang::{tr, Language};
use wordjudge_lexicon::judge::Verdict;
use wordjudge_sliplog::Slip;

impl Station {
    /// The division menu: every division, and whether it is in service; its title in the
    /// players' language, or in every language of the divisions before one is chosen.
    pub(super) fn menu_view(&self, players: Option<Language>, v: &mut View) {
        v.screen = ScreenKind::ChooseDivision;
        v.title = match players {
            Some(l) => tr!(l, "choose-division"),
            None => self.in_every_language("choose-division"),
        };
        v.choices = self
            .divisions
            .iter()
            .enumerate()
            .map(|(i, d)| match d.state {
                Ok(_) => format!("{}  {}", i + 1, d.label),
                Err(_) => format!(
                    "{}  {}",
                    i + 1,
                    tr!(d.language, "division-out-of-service", division = &d.label)
                ),
            })
            .collect();
        v.choices_in_service = self.divisions.iter().map(|d| d.state.is_ok()).collect();
    }

    /// The count prompt (of a second opinion on `second_opinion`, if it is one).
    pub(super) fn count_view(&self, second_opinion: Option<&Slip>, l: Language, v: &mut View) {
        v.screen = ScreenKind::Count;
        v.title = tr!(l, "count-title");
        let press = tr!(l, "count-detail", max = self.settings.max_words);
        v.detail = match second_opinion {
            Some(s) => format!("{} — {press}", tr!(l, "second-opinion-for", slip = s.slip)),
            None => press,
        };
    }

    pub(super) fn pin_view(&self, digits: &str, now: f64, l: Language, v: &mut View) {
        v.screen = ScreenKind::Pin;
        v.title = tr!(l, "pin-title");
        // Hidden digits: only how many.
        v.current = "•".repeat(digits.chars().count());
        if now < self.pin_attempts.locked_until {
            let seconds = (self.pin_attempts.locked_until - now).ceil();
            v.detail = tr!(l, "pin-locked", seconds = seconds, tries = PIN_TRIES);
        } else if self.settings.pin.is_none() {
            v.detail = tr!(l, "pin-not-set");
        }
    }

    pub(super) fn verdict_view(&self, l: Language, v: &mut View) {
        let Mode::Verdict {
            verdict,
            words,
            slip,
            second_opinion_of,
            differs_from,
            time,
            ..
        } = &self.mode
        else {
            return;
        };
        v.words = words.clone();
        let alphabet = self.alphabet();
        if !alphabet.id().is_english() {
            v.word_tiles = words
                .iter()
                .map(|w| crate::tiles::labels(alphabet, w).0)
                .collect();
        }
        v.slip = slip.as_ref().map(|s| s.slip);
        v.slip_line = match v.slip {
            Some(n) => tr!(l, "slip-line", slip = n),
            None => tr!(l, "slip-not-recorded"),
        };
        if let Some(n) = differs_from {
            v.screen = ScreenKind::VerdictsDiffer;
            v.title = tr!(l, "verdicts-differ-title");
            v.detail = match slip {
                Some(s) => tr!(l, "differ-recorded", slip = *n, recorded = s.slip),
                None => tr!(l, "differ-not-recorded", slip = *n),
            };
            return;
        }
        v.screen = ScreenKind::Verdict;
        v.verdict = Some(*verdict);
        v.title = match verdict {
            Verdict::Acceptable => tr!(l, "verdict-acceptable"),
            Verdict::Unacceptable => tr!(l, "verdict-unacceptable"),
        };
        v.spoken = match v.slip {
            Some(n) => tr!(l, "spoken-slip", verdict = &v.title, slip = n),
            None => tr!(l, "spoken-not-recorded", verdict = &v.title),
        };
        let division = self
            .active
            .map(|i| self.divisions[i].label.as_str())
            .unwrap_or_default();
        let time = &l.datetime(*time, &self.settings.zone);
        let failed = &tr!(l, "log-failed-write-time");
        v.detail = match (slip, second_opinion_of) {
            (Some(_), Some(n)) => tr!(
                l,
                "verdict-agree",
                slip = *n,
                division = division,
                time = time
            ),
            (Some(_), None) => tr!(l, "verdict-judged", division = division, time = time),
            (None, Some(n)) => tr!(
                l,
                "verdict-agree-not-recorded",
                slip = *n,
                time = time,
                failed = failed
            ),
            (None, None) => tr!(l, "verdict-not-recorded", time = time, failed = failed),
        };
    }
}

/// The players' table number prompt.
pub(super) fn table_view(digits: &str, l: Language, v: &mut View) {
    v.screen = ScreenKind::Table;
    v.title = tr!(l, "table-title");
    v.detail = tr!(l, "table-detail");
    v.current = digits.to_owned();
}

/// The entry screen: the words so far, and who acts next. `pause_ended_by`: the challenger
/// handed over early enough for JUDGE to act now if at or before this time.
pub(super) fn entry_view(e: &Entry, pause_ended_by: f64, l: Language, v: &mut View) {
    v.screen = ScreenKind::Entry;
    v.words = e.words.clone();
    v.current = e.current.clone();
    if e.as_tiles() {
        let a = e.alphabet;
        v.word_tiles = e
            .words
            .iter()
            .map(|w| crate::tiles::labels(a, w).0)
            .collect();
        (v.current_tiles, v.current_pending) = crate::tiles::labels(a, &e.current);
        v.tile_keys = a.tiles().iter().map(|t| t.label.clone()).collect();
    }
    v.expected_words = e.expected.unwrap_or(0);
    v.ready = e.handed_over_at.is_some_and(|at| at <= pause_ended_by);
    v.can_hand_over = !e.handed_over() && missing(e).is_none();
    v.handed_over = e.handed_over();
    let second = e
        .second_opinion
        .as_ref()
        .map(|s| format!("{} — ", tr!(l, "second-opinion-for", slip = s.slip)))
        .unwrap_or_default();
    if e.handed_over() {
        v.title = tr!(l, "handed-over-title");
        v.detail = if v.ready {
            format!("{second}{}", tr!(l, "handed-over-ready"))
        } else {
            format!("{second}{}", tr!(l, "handed-over-pause"))
        };
        return;
    }
    v.title = tr!(l, "entry-title");
    let count = match e.expected {
        Some(n) => tr!(l, "entry-count", n = n),
        None => tr!(l, "entry-no-count"),
    };
    v.detail = match &e.second_opinion {
        Some(_) => format!("{second}{} {count}", tr!(l, "entry-again")),
        None => count,
    };
}
