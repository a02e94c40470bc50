//! The re-challenge guard: a new challenge that would tell something of a play judged
//! UNACCEPTABLE at this station a moment ago, that not every player knows, is not judged without
//! the director (one play is judged once) — whatever table number the players type. What it
//! would tell is `judge::reveals_part_of`'s to say (two-letter words tell nothing; issue 50).

use super::messages::FailedPlay;
use super::{Station, GUARD_SLIPS};
use wordjudge_lexicon::judge::{publics_good, reveals_part_of, Challenge, Verdict};
use wordjudge_sliplog::SlipKind;

impl Station {
    /// The play judged UNACCEPTABLE at this station within `second_opinion_minutes` (at any
    /// table) that judging `words` would tell something about the single
    /// words of ([`reveals_part_of`]), newest first: from this run's memory (unrecorded verdicts
    /// included, timed by the station's clock), then from the end of the slip log (slips from
    /// before a restart, or from the command line, timed by the time they record).
    pub(super) fn part_of_failed_play(&self, words: &[String], now: f64) -> Option<FailedPlay> {
        let alphabet = self.alphabet();
        let words: Vec<String> = Challenge::parse_in(alphabet, words, self.settings.max_words)
            .ok()?
            .words()
            .iter()
            .map(|w| w.to_string())
            .collect();
        let window = self.settings.screen.second_opinion_minutes;
        // Whatever table is typed: the players type it themselves, so it cannot be what the
        // guard trusts (a cheat gives another table's number).
        let from_memory = self.judged.iter().rev().find(|j| {
            j.verdict == Verdict::Unacceptable
                && now - j.at <= window * 60.0
                && reveals_part_of(&words, &j.words, j.publics_good)
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
                // this station saw it. Which table it names does not matter (above).
                let players_saw = s.kind != SlipKind::Director
                    || (self.settings.screen.ask_table && s.table.is_some());
                s.verdict == Verdict::Unacceptable
                    && players_saw
                    && s.station == self.adjudicator.station()
                    && !self.judged.iter().any(|j| j.slip == Some(s.slip))
                    && self.adjudicator.minutes_since(s) <= window
                    && reveals_part_of(&words, &s.words, publics_good(&s.detail))
            })
            .map(|s| FailedPlay::Slip(s.slip))
    }
}
