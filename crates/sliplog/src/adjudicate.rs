//! Adjudicating and recording: the one path every verdict takes.
//!
//! [`Adjudicator::adjudicate`] judges a challenge by a division's rules, appends the slip and
//! `fsync`s it, and only then returns the verdict — together with the slip, or with the error that
//! stopped it being written (disk full, permissions, path gone), so the station can still show the
//! verdict and alert the director. The station and the command line both call this; neither can
//! produce a logged verdict any other way.

use wordjudge_lexicon::judge::{Challenge, Division, Rules, Verdict};

pub use crate::store::LogState;
use crate::store::Store;
use crate::{Consulted, Game, Slip, SlipDraft, SlipKind, SlipLog, SlipLogError};
use wordjudge_base::clock;

/// Judges challenges for one station and records each one.
#[derive(Debug)]
pub struct Adjudicator {
    station: String,
    /// The event fingerprint and the round the director set, written into every slip.
    event: Option<String>,
    round: Option<u32>,
    /// `None`: not logging (`judge --no-log`).
    log: Option<Box<dyn Store>>,
    /// Slips carry the per-word detail for the director (false: a table device's, whose log
    /// is in the players' hands and must not tell them which word failed).
    detail: bool,
}

/// A verdict and what became of its slip.
#[derive(Debug)]
pub struct Adjudication {
    pub verdict: Verdict,
    /// The slip as written; `Ok(None)` when not logging; `Err` when it could not be written.
    pub slip: Result<Option<Slip>, SlipLogError>,
    /// When it was judged (to the second): the slip's time, or the clock's when no slip was
    /// written.
    pub time: clock::Timestamp,
}

/// Why a second opinion was not judged. Nothing is recorded then.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotRejudged {
    /// A second opinion judges exactly the words of the first (SA 13.5): fewer would tell the
    /// players which word failed, more would add words to the challenge.
    #[error("the words typed are not the words of slip {0}: nothing was judged")]
    WordsDiffer(u64),
    /// It is judged in the slip's own division.
    #[error("slip {slip} was judged in division {of_slip}, not in {given}")]
    OtherDivision {
        slip: u64,
        of_slip: String,
        given: String,
    },
}

/// A second opinion and whether it agrees with the slip it re-adjudicates.
#[derive(Debug)]
pub struct SecondOpinion {
    pub adjudication: Adjudication,
    pub original: Verdict,
    pub refers_to: u64,
}

impl SecondOpinion {
    pub fn agrees(&self) -> bool {
        self.adjudication.verdict == self.original
    }
}

impl Adjudicator {
    pub fn new(station: impl Into<String>, log: Option<SlipLog>) -> Adjudicator {
        Adjudicator::keeping(station, log.map(|log| Box::new(log) as Box<dyn Store>))
    }

    /// Slips for `station` kept in `store` (a browser's storage, say); `None`: not logging.
    pub fn keeping(station: impl Into<String>, store: Option<Box<dyn Store>>) -> Adjudicator {
        Adjudicator {
            station: station.into(),
            event: None,
            round: None,
            log: store,
            detail: true,
        }
    }

    /// Slips without the per-word detail: for a log kept where the players can read it (a
    /// table device's), so that it never tells which word failed. The director judges a
    /// slip's words again with `wordjudge judge` for the detail.
    pub fn without_detail(mut self) -> Adjudicator {
        self.detail = false;
        self
    }

    /// Slips carry this event fingerprint (the bundle the station was installed from).
    pub fn with_event(mut self, event: Option<String>) -> Adjudicator {
        self.event = event;
        self
    }

    /// The round the director set: every slip from now on carries it (`None`: no round).
    pub fn set_round(&mut self, round: Option<u32>) {
        self.round = round;
    }

    /// The round slips are written with now.
    pub fn round(&self) -> Option<u32> {
        self.round
    }

    /// The event fingerprint slips are written with.
    pub fn event(&self) -> Option<&str> {
        self.event.as_deref()
    }

    /// What the slip log noticed since the last call that the director must hear about (see
    /// [`SlipLog::take_alerts`]); nothing when not logging.
    pub fn take_alerts(&mut self) -> Vec<String> {
        self.log
            .as_mut()
            .map(|log| log.take_alerts())
            .unwrap_or_default()
    }

    /// Slip `n` of the log, if logging and it is there.
    pub fn find(&self, n: u64) -> Option<Slip> {
        self.log.as_ref()?.find(n)
    }

    /// The second opinion already recorded on slip `n`, if logging and there is one.
    pub fn second_opinion_on(&self, n: u64) -> Option<Slip> {
        self.log.as_ref()?.second_opinion_on(n)
    }

    /// The log's health and its last `recent` slips, read from the file (so they include slips
    /// written before a restart and from the command line); `None` when not logging.
    pub fn log_state(&self, recent: usize) -> Option<LogState> {
        Some(self.log.as_ref()?.state(recent))
    }

    /// Judges `challenge` in `division` and records it as `kind`.
    pub fn adjudicate(
        &mut self,
        division: &Division,
        challenge: &Challenge,
        kind: SlipKind,
    ) -> Adjudication {
        self.adjudicate_at(division, challenge, kind, None)
    }

    /// Judges `challenge`, played at `table` (when the station asks for it), in the current
    /// round, and records it as `kind`.
    pub fn adjudicate_at(
        &mut self,
        division: &Division,
        challenge: &Challenge,
        kind: SlipKind,
        table: Option<u32>,
    ) -> Adjudication {
        let game = self.game(self.round, table);
        self.judge_and_record(division, &division.rules, challenge, kind, None, game)
    }

    fn game(&self, round: Option<u32>, table: Option<u32>) -> Game {
        Game {
            event: self.event.clone(),
            round,
            table,
        }
    }

    /// Re-adjudicates slip `original` with the second-opinion rules of its own division,
    /// recorded as a second opinion linked to it — the one way both the station and `wordjudge
    /// rejudge` do it, so they always agree. `challenge` is the words as typed again: they must be
    /// exactly the slip's (in any order), and `division` must be the slip's; otherwise nothing
    /// is judged or recorded.
    pub fn second_opinion(
        &mut self,
        division: &Division,
        challenge: &Challenge,
        original: &Slip,
    ) -> Result<SecondOpinion, NotRejudged> {
        if division.name != original.division {
            return Err(NotRejudged::OtherDivision {
                slip: original.slip,
                of_slip: original.division.clone(),
                given: division.name.clone(),
            });
        }
        let mut typed: Vec<String> = challenge.words().iter().map(|w| w.to_string()).collect();
        let mut slip_words = original.words.clone();
        typed.sort();
        slip_words.sort();
        if typed != slip_words {
            return Err(NotRejudged::WordsDiffer(original.slip));
        }
        // The same game as the slip it re-adjudicates: its round and table.
        let game = self.game(original.round, original.table);
        let adjudication = self.judge_and_record(
            division,
            division.second_opinion_rules(),
            challenge,
            SlipKind::SecondOpinion,
            Some(original.slip),
            game,
        );
        Ok(SecondOpinion {
            adjudication,
            original: original.verdict,
            refers_to: original.slip,
        })
    }

    /// The station these slips are written for.
    pub fn station(&self) -> &str {
        &self.station
    }

    /// The id of the station key the slips are signed with, if they are.
    pub fn signer(&self) -> Option<String> {
        self.log.as_ref().and_then(|log| log.signer_id())
    }

    /// Minutes since `slip` was judged, by the clock.
    pub fn minutes_since(&self, slip: &Slip) -> f64 {
        clock::minutes_between(slip.time, clock::now())
    }

    /// The last `n` slips of the log, newest first, read from its end; none when not logging
    /// or when the log cannot be read.
    pub fn last_slips(&self, n: usize) -> Vec<Slip> {
        self.log.as_ref().map(|log| log.last(n)).unwrap_or_default()
    }

    fn judge_and_record(
        &mut self,
        division: &Division,
        rules: &Rules,
        challenge: &Challenge,
        kind: SlipKind,
        refers_to: Option<u64>,
        game: Game,
    ) -> Adjudication {
        let verdict = rules.judge(challenge);
        let slip: Result<Option<Slip>, SlipLogError> = match &mut self.log {
            None => Ok(None),
            Some(log) => log
                .append(SlipDraft {
                    station: self.station.clone(),
                    game,
                    kind,
                    refers_to,
                    division: division.name.clone(),
                    lexicons: consulted(rules),
                    words: challenge.words().iter().map(|w| w.to_string()).collect(),
                    verdict,
                    detail: match self.detail {
                        true => rules.explain_for_director(challenge),
                        false => Vec::new(),
                    },
                })
                .map(Some)
                .inspect_err(|e| log::error!("slip not written: {e}")),
        };
        let time = match &slip {
            Ok(Some(slip)) => slip.time,
            _ => clock::stamp(),
        };
        Adjudication {
            verdict,
            slip,
            time,
        }
    }
}

/// The lexicons `rules` consult, as a slip records them.
pub fn consulted(rules: &Rules) -> Vec<Consulted> {
    rules
        .lexicons()
        .map(|l| Consulted {
            code: l.code().to_owned(),
            sha256: l.sha256().to_string(),
        })
        .collect()
}

/// A slip re-judged against the current lexicons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recheck {
    pub slip: u64,
    pub kind: SlipKind,
    pub recorded: Verdict,
    pub now: Verdict,
}

/// Re-judges every slip with its division's rules as `division_of(name)` gives them now — a
/// second opinion with the division's second-opinion rules, as it was judged — writing nothing,
/// for a director checking a whole event's log against the lexicons in use. Slips whose division
/// is not given, or whose words are no longer valid, are returned in `skipped`.
pub fn recheck<'d>(
    slips: &[Slip],
    mut division_of: impl FnMut(&str) -> Option<&'d Division>,
) -> (Vec<Recheck>, Vec<u64>) {
    let (mut rechecked, mut skipped) = (Vec::new(), Vec::new());
    for slip in slips {
        let rules = division_of(&slip.division).map(|d| match slip.kind {
            SlipKind::SecondOpinion => d.second_opinion_rules(),
            _ => &d.rules,
        });
        let challenge =
            rules.map(|r| Challenge::parse_in(r.alphabet(), &slip.words, slip.words.len().max(1)));
        match (rules, challenge) {
            (Some(rules), Some(Ok(challenge))) => rechecked.push(Recheck {
                slip: slip.slip,
                kind: slip.kind,
                recorded: slip.verdict,
                now: rules.judge(&challenge),
            }),
            _ => skipped.push(slip.slip),
        }
    }
    (rechecked, skipped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate as sliplog;
    use wordjudge_lexicon::judge::testing::lexicon;

    fn division() -> Division {
        let mut d = Division::new(
            "main",
            Rules::new(lexicon("OWL", &["QI", "ZA", "CAT"]), vec![]),
        );
        d.second_opinion = Some(Rules::new(
            lexicon("NWL", &["QI", "ZA", "CAT", "OK"]),
            vec![],
        ));
        d
    }

    fn challenge(words: &[&str]) -> Challenge {
        Challenge::parse(words, 8).unwrap()
    }

    #[test]
    fn each_slip_record_is_on_disk_before_the_verdict_returns() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("slips.jsonl");
        let mut adj = Adjudicator::new("s1", Some(SlipLog::new(&path)));
        let result = adj.adjudicate(&division(), &challenge(&["QI", "QA"]), SlipKind::Challenge);
        assert_eq!(result.verdict, Verdict::Unacceptable);
        let slip = result.slip.unwrap().unwrap();
        // When adjudicate returned, the record was already in the file.
        let on_disk = sliplog::read(&path).unwrap();
        assert_eq!(on_disk.slips.len(), 1);
        assert_eq!(on_disk.slips[0], slip);
        assert_eq!(slip.words, ["QI", "QA"]);
        assert_eq!(slip.lexicons[0].code, "OWL");
        assert_eq!(slip.detail[1].word, "QA");
        assert!(!slip.detail[1].acceptable);
    }

    #[test]
    fn a_slips_age_is_read_from_its_time() {
        let dir = tempfile::tempdir().unwrap();
        let mut adj = Adjudicator::new("s1", Some(SlipLog::new(dir.path().join("slips.jsonl"))));
        let mut slip = adj
            .adjudicate(&division(), &challenge(&["QI"]), SlipKind::Challenge)
            .slip
            .unwrap()
            .unwrap();
        let just = adj.minutes_since(&slip);
        assert!((0.0..0.5).contains(&just), "{just}");
        slip.time = clock::now() - jiff::SignedDuration::from_mins(20);
        let old = adj.minutes_since(&slip);
        assert!((19.9..20.5).contains(&old), "{old}");
    }

    #[test]
    fn verdict_is_still_returned_with_the_error_when_the_log_cannot_be_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing-dir/slips.jsonl");
        let mut adj = Adjudicator::new("s1", Some(SlipLog::new(&path)));
        let result = adj.adjudicate(&division(), &challenge(&["QI"]), SlipKind::Challenge);
        assert_eq!(result.verdict, Verdict::Acceptable);
        assert!(result.slip.is_err());
        let result = adj.adjudicate(&division(), &challenge(&["QI", "QA"]), SlipKind::Challenge);
        assert_eq!(result.verdict, Verdict::Unacceptable);
        assert!(result.slip.is_err());
        let d = division();
        let original = Slip {
            slip: 7,
            station: "s1".into(),
            event: None,
            round: None,
            table: None,
            time: "2026-11-24T00:00:00Z".parse().unwrap(),
            kind: SlipKind::Challenge,
            refers_to: None,
            division: "main".into(),
            lexicons: vec![],
            words: vec!["OK".into()],
            verdict: Verdict::Unacceptable,
            detail: vec![],
            key: None,
            prev: String::new(),
            seal: String::new(),
            sig: None,
        };
        let opinion = adj
            .second_opinion(&d, &challenge(&["OK"]), &original)
            .unwrap();
        assert_eq!(opinion.adjudication.verdict, Verdict::Acceptable);
        assert!(opinion.adjudication.slip.is_err() && !opinion.agrees());
        // Writing resumes when the path works again.
        std::fs::create_dir(dir.path().join("missing-dir")).unwrap();
        let result = adj.adjudicate(&division(), &challenge(&["QI"]), SlipKind::Challenge);
        assert_eq!(result.slip.unwrap().unwrap().slip, 1);
    }

    #[test]
    fn rejudge_links_to_the_slip_and_reports_agreement() {
        let dir = tempfile::tempdir().unwrap();
        let mut adj = Adjudicator::new("s1", Some(SlipLog::new(dir.path().join("s.jsonl"))));
        let d = division();
        let first = adj.adjudicate(&d, &challenge(&["QI", "ZA"]), SlipKind::Challenge);
        let first = first.slip.unwrap().unwrap();
        let second = adj
            .second_opinion(&d, &challenge(&["QI", "ZA"]), &first)
            .unwrap();
        assert!(second.agrees());
        let record = second.adjudication.slip.unwrap().unwrap();
        assert_eq!(record.kind, SlipKind::SecondOpinion);
        assert_eq!(record.refers_to, Some(first.slip));
        assert_eq!(
            record.lexicons[0].code, "NWL",
            "judged with the second-opinion lexicon"
        );
    }

    #[test]
    fn second_opinion_that_differs_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let mut adj = Adjudicator::new("s1", Some(SlipLog::new(dir.path().join("s.jsonl"))));
        let d = division();
        let first = adj.adjudicate(&d, &challenge(&["OK"]), SlipKind::Challenge);
        assert_eq!(first.verdict, Verdict::Unacceptable);
        let first = first.slip.unwrap().unwrap();
        let second = adj.second_opinion(&d, &challenge(&["OK"]), &first).unwrap();
        assert_eq!(second.adjudication.verdict, Verdict::Acceptable);
        assert!(!second.agrees());
    }

    #[test]
    fn recheck_rejudges_every_slip_second_opinions_with_the_second_opinion_rules() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let mut adj = Adjudicator::new("s1", Some(SlipLog::new(&path)));
        let d = division();
        let a = adj
            .adjudicate(&d, &challenge(&["OK"]), SlipKind::Challenge)
            .slip
            .unwrap()
            .unwrap();
        adj.second_opinion(&d, &challenge(&["OK"]), &a).unwrap();
        adj.adjudicate(&d, &challenge(&["CAT"]), SlipKind::Director);
        let slips: Vec<Slip> = sliplog::read(&path).unwrap().slips;
        // Today's lexicons: OK has left the second-opinion list, and entered the first.
        let mut today = division();
        today.rules = Rules::new(lexicon("OWL", &["CAT", "OK"]), vec![]);
        today.second_opinion = Some(Rules::new(lexicon("NWL", &["CAT"]), vec![]));
        let (rechecked, skipped) = recheck(&slips, |name| (name == "main").then_some(&today));
        assert!(skipped.is_empty());
        let row = |slip, kind, recorded, now| Recheck {
            slip,
            kind,
            recorded,
            now,
        };
        use Verdict::*;
        assert_eq!(
            rechecked,
            [
                row(1, SlipKind::Challenge, Unacceptable, Acceptable),
                row(2, SlipKind::SecondOpinion, Acceptable, Unacceptable),
                row(3, SlipKind::Director, Acceptable, Acceptable),
            ]
        );
        let (_, skipped) = recheck(&slips, |_| None);
        assert_eq!(skipped, [1, 2, 3]);
    }

    #[test]
    fn a_second_opinion_judges_exactly_the_slips_words_in_the_slips_division() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let mut adj = Adjudicator::new("s1", Some(SlipLog::new(&path)));
        let d = division();
        let first = adj
            .adjudicate(&d, &challenge(&["QI", "QA"]), SlipKind::Challenge)
            .slip
            .unwrap()
            .unwrap();
        // Fewer words would tell the players which word failed; more, or others, are another
        // challenge. Nothing is judged or recorded.
        for typed in [
            &["QI"][..],
            &["QI", "QA", "ZA"],
            &["QI", "ZA"],
            &["QA", "QA"],
        ] {
            assert_eq!(
                adj.second_opinion(&d, &challenge(typed), &first)
                    .unwrap_err(),
                NotRejudged::WordsDiffer(1),
                "{typed:?}"
            );
        }
        let mut other = division();
        other.name = "other".into();
        assert!(matches!(
            adj.second_opinion(&other, &challenge(&["QI", "QA"]), &first),
            Err(NotRejudged::OtherDivision { .. })
        ));
        assert_eq!(
            sliplog::read(&path).unwrap().slips.len(),
            1,
            "nothing recorded"
        );
        // Any order.
        let second = adj
            .second_opinion(&d, &challenge(&["qa", "qi"]), &first)
            .unwrap();
        assert!(second.agrees());
    }
}
