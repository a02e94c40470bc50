//! JUDGE and the verdict: the play adjudicated (or its second opinion), the slip on disk before
//! the verdict shows, what the director must be told when it is not, the docket, and what the
//! re-challenge guard remembers.

use super::messages::{Alert, Hint, NotReopened};
use super::{entry::missing, Judged, Mode, Station, JUDGED_KEPT, RECENT_SLIPS};
use wordjudge_lexicon::judge::{publics_good, Challenge, Division, Verdict};
use wordjudge_sliplog::adjudicate::{Adjudication, Adjudicator, NotRejudged};
use wordjudge_sliplog::{Slip, SlipKind};

/// A play just judged: what the verdict screen, the director's lines and the guard keep of it.
struct Judgement {
    verdict: Verdict,
    /// The words as judged (each a word of the division's alphabet).
    words: Vec<String>,
    division: String,
    /// When, on the hall's clock, and as the slip records it.
    local_time: String,
    time: wordjudge_base::clock::Timestamp,
    round: Option<u32>,
    table: Option<u32>,
    /// For a second opinion: the slip it re-adjudicated, and whether it disagreed with it.
    second_opinion_of: Option<u64>,
    differs_from: Option<u64>,
    /// Whether its two-letter words were all good, under the rules it was judged by.
    publics_good: bool,
}

impl Station {
    /// JUDGE: only once the challenger handed over and the hand-over pause is over; then the
    /// play is adjudicated. A judge key in the pause is refused, not kept for later.
    pub(super) fn judge(&mut self, now: f64) {
        if !self.may_judge(now) {
            return;
        }
        let Mode::Entry(e) = &self.mode else { return };
        let (words, second) = (e.words.clone(), e.second_opinion.clone());
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
            None => (
                slot.header.clone(),
                self.adjudicator.round(),
                self.table_now(),
            ),
            Some(s) => (slot.second_header.clone(), s.round, s.table),
        };
        let division_name = division.name.clone();
        let rules = match second {
            Some(_) => division.second_opinion_rules(),
            None => &division.rules,
        };
        let publics_good = publics_good(&rules.explain_for_director(&challenge));
        let table_now = self.table_now();
        let outcome = adjudicate(
            &mut self.adjudicator,
            division,
            &challenge,
            second.as_ref(),
            table_now,
        );
        let (adjudication, differs_from) = match outcome {
            Ok(done) => done,
            Err(refused) => return self.refuse_second_opinion(refused),
        };
        let judgement = Judgement {
            verdict: adjudication.verdict,
            words: challenge.words().iter().map(|w| w.to_string()).collect(),
            division: division_name,
            local_time: wordjudge_base::clock::local(adjudication.time, &self.settings.zone),
            time: adjudication.time,
            round,
            table,
            second_opinion_of: second.as_ref().map(|s| s.slip),
            differs_from,
            publics_good,
        };
        let slip = match adjudication.slip {
            Ok(slip) => slip,
            Err(e) => {
                self.unrecorded_verdict(&judgement, &e.to_string());
                None
            }
        };
        self.after_verdict(&judgement, slip.as_ref(), now);
        self.hint = None;
        self.mode = Mode::Verdict {
            shown_at: now,
            verdict: judgement.verdict,
            words,
            slip,
            second_opinion_of: judgement.second_opinion_of,
            differs_from,
            time: judgement.time,
            header,
            round,
            table,
        };
    }

    /// Whether JUDGE may act now: the challenger handed over and the pause is over; if not,
    /// the hint says why.
    fn may_judge(&mut self, now: f64) -> bool {
        let pause = self.settings.screen.handover_seconds;
        let Mode::Entry(e) = &self.mode else {
            return false;
        };
        match e.handed_over_at {
            None => {
                self.hint = Some(match missing(e) {
                    Some(m) => Hint::Missing(m),
                    None => match e.part_of.clone() {
                        Some(failed) => self.part_of_hint(failed),
                        None => Hint::NotHandedOver,
                    },
                });
                false
            }
            Some(at) if now - at < pause => {
                self.hint = Some(Hint::HandOverPause);
                false
            }
            Some(_) => true,
        }
    }

    /// A second opinion refused: nothing judged, nothing recorded, no verdict of any kind; the
    /// words go back to the challenger.
    fn refuse_second_opinion(&mut self, refused: NotRejudged) {
        if let Mode::Entry(e) = &mut self.mode {
            e.give_back();
        }
        self.hint = Some(match refused {
            NotRejudged::WordsDiffer(n) => Hint::WordsDoNotMatch(n),
            NotRejudged::OtherDivision { slip, .. } => {
                Hint::NotReopened(slip, NotReopened::DivisionNotHere)
            }
        });
    }

    /// A verdict whose slip could not be written (`error`): the players see the verdict and SLIP
    /// NOT RECORDED; what the paper slip needs goes to the director (diagnostic log, director's
    /// screen), never to them.
    fn unrecorded_verdict(&mut self, j: &Judgement, error: &str) {
        let game: String = [("round", j.round), ("table", j.table)]
            .iter()
            .filter_map(|(label, n)| n.map(|n| format!(" · {label} {n}")))
            .collect();
        let line = format!(
            "{} · judged {} · division {}{game} · {} · {}{}",
            j.verdict,
            j.local_time,
            j.division,
            j.words.join(" "),
            match j.second_opinion_of {
                Some(n) => format!("second opinion on slip {n}"),
                None => "challenge".into(),
            },
            match j.differs_from {
                Some(_) => " · VERDICTS DIFFER",
                None => "",
            }
        );
        self.audit.push(format!(
            "SLIP NOT RECORDED ({error}): {line} (UTC {}) — write the paper slip from this line",
            j.time
        ));
        self.unrecorded.push(line);
        self.alert = Some(Alert::LogFailed(error.to_owned()));
    }

    /// After a verdict, before it shows: what the log noticed on the way, the docket (the slip
    /// is on disk), the slips the director's screen lists, and the play the guard remembers.
    fn after_verdict(&mut self, j: &Judgement, slip: Option<&Slip>, now: f64) {
        // What the log noticed on the way (its head missing or behind, records deleted): the
        // slip is written, but the director must look. A failure's banner is not replaced.
        if let Some(first) = self.adjudicator.take_alerts().into_iter().next() {
            if self.alert.is_none() {
                self.alert = Some(Alert::LogCheck(first.to_string()));
            }
        }
        if let Some(s) = slip {
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
            words: j.words.clone(),
            at: now,
            local_time: j.local_time.clone(),
            slip: slip.map(|s| s.slip),
            verdict: j.verdict,
            publics_good: j.publics_good,
        });
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
}

/// Judges `challenge` in `division`: a new challenge at `table`, or a second opinion on
/// `second` (with whether it disagrees with it), or the reason a second opinion was refused.
fn adjudicate(
    adjudicator: &mut Adjudicator,
    division: &Division,
    challenge: &Challenge,
    second: Option<&Slip>,
    table: Option<u32>,
) -> Result<(Adjudication, Option<u64>), NotRejudged> {
    match second {
        None => Ok((
            adjudicator.adjudicate_at(division, challenge, SlipKind::Challenge, table),
            None,
        )),
        Some(original) => {
            let opinion = adjudicator.second_opinion(division, challenge, original)?;
            let differs = (!opinion.agrees()).then_some(opinion.refers_to);
            Ok((opinion.adjudication, differs))
        }
    }
}
