//! The re-challenge guard: a new challenge that would tell something of a play judged
//! UNACCEPTABLE at this station a moment ago, that not every player knows, is not judged without
//! the director (one play is judged once) — whatever table number the players type. What it
//! would tell is `judge::reveals_part_of`'s to say (two-letter words tell nothing; issue 50).

use super::messages::{FailedPlay, Hint};
use super::setup::Reach;
use super::{Station, GUARD_SLIPS};
use wordjudge_lexicon::judge::{publics_good, reveals_part_of, Challenge, Verdict};
use wordjudge_sliplog::SlipKind;

impl Station {
    /// The play judged UNACCEPTABLE at this station within reach (at any table: `Reach`, a
    /// station's `second_opinion_minutes` or a table device's last plays) that judging `words`
    /// would tell something about the single words of ([`reveals_part_of`]), newest first: from
    /// this run's memory (unrecorded verdicts included, timed by the station's clock), then from
    /// the end of the slip log (slips from before a restart, or from the command line, timed by
    /// the time they record; a device's by their place in its log).
    pub(super) fn part_of_failed_play(&self, words: &[String], now: f64) -> Option<FailedPlay> {
        let alphabet = self.alphabet();
        let words: Vec<String> = Challenge::parse_in(alphabet, words, self.settings.max_words)
            .ok()?
            .words()
            .iter()
            .map(|w| w.to_string())
            .collect();
        let window = self.settings.screen.second_opinion_minutes;
        // A device's last plays, newest first, whatever its clock says; a station's, by time.
        let (plays, by_clock) = match self.settings.reach {
            Reach::Clock => (GUARD_SLIPS, true),
            Reach::DeviceSlips(n) => (n, false),
        };
        // Whatever table is typed: the players type it themselves, so it cannot be what the
        // guard trusts (a cheat gives another table's number).
        let from_memory = self.judged.iter().rev().take(plays).find(|j| {
            j.verdict == Verdict::Unacceptable
                && (!by_clock || now - j.at <= window * 60.0)
                && reveals_part_of(&words, &j.words, j.publics_good)
        });
        if let Some(j) = from_memory {
            return Some(match j.slip {
                Some(n) => FailedPlay::Slip(n),
                None => FailedPlay::Unrecorded(j.local_time.clone()),
            });
        }
        self.adjudicator
            .last_slips(plays)
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
                    && (!by_clock || self.adjudicator.minutes_since(s) <= window)
                    && reveals_part_of(&words, &s.words, publics_good(&s.detail))
            })
            .map(|s| FailedPlay::Slip(s.slip))
    }

    /// The guard's refusal: at a station, ask the director (who may let it be judged); on a
    /// table device, which has no director mode, what the players can do there.
    pub(super) fn part_of_hint(&self, failed: FailedPlay) -> Hint {
        match self.settings.reach {
            Reach::Clock => Hint::PartOfFailedPlay(failed),
            Reach::DeviceSlips(_) => Hint::PartOfFailedPlayOnDevice(failed),
        }
    }
}
