//! What the report counts, gathered as the merged slips stream past: tallies, second opinions
//! that differ, new challenges on part of a failed play. Every list is bounded ([`LISTED`]
//! rows, the rest counted), so a forged log of a million slips costs no more than a real one.

use std::collections::{BTreeMap, VecDeque};

use wordjudge_lexicon::judge::{publics_good, reveals_part_of, Verdict};
use wordjudge_sliplog::{Slip, SlipKind};

/// The most rows a list of the report keeps, and the most distinct values a tally keeps apart
/// (the rest are counted, or lumped together as [`OTHERS`]).
pub const LISTED: usize = 1000;

/// The label of the values past [`LISTED`] in a tally.
pub const OTHERS: &str = "(others)";

/// The most failed plays [`Window`] holds at once.
const WINDOW: usize = 10_000;

/// Acceptable and unacceptable verdicts counted.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub acceptable: usize,
    pub unacceptable: usize,
}

impl Tally {
    pub fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Acceptable => self.acceptable += 1,
            Verdict::Unacceptable => self.unacceptable += 1,
        }
    }

    pub fn total(self) -> usize {
        self.acceptable + self.unacceptable
    }

    /// The share acceptable, in percent to one decimal; a dash when there are none.
    pub(crate) fn rate(self) -> String {
        match self.total() {
            0 => "—".to_owned(),
            total => format!("{:.1}%", self.acceptable as f64 * 100.0 / total as f64),
        }
    }
}

/// A slip named in the report: station (as [`super::Merged::station_label`] names it) and
/// number, and what a row shows of it. Never its per-word findings.
#[derive(Debug, Clone, PartialEq)]
pub struct SlipRef {
    pub station: String,
    pub slip: u64,
    /// The log it is from (an index into [`super::Merged::logs`]).
    pub log: usize,
    pub time: wordjudge_base::clock::Timestamp,
    pub round: Option<u32>,
    pub table: Option<u32>,
    pub words: Vec<String>,
    pub verdict: Verdict,
}

impl SlipRef {
    pub(super) fn of(slip: &Slip, station: String, log: usize) -> SlipRef {
        SlipRef {
            station,
            slip: slip.slip,
            log,
            time: slip.time,
            round: slip.round,
            table: slip.table,
            words: slip.words.clone(),
            verdict: slip.verdict,
        }
    }
}

impl std::fmt::Display for SlipRef {
    /// `STATION:SLIP`, as the CSV's `rechallenge_of` column has it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.station, self.slip)
    }
}

/// A second opinion whose verdict differs from the slip it re-adjudicated (of its own log).
#[derive(Debug, Clone, PartialEq)]
pub struct Differing {
    pub original: u64,
    pub original_verdict: Verdict,
    /// The second opinion (its words are the slip's: SA 13.5).
    pub second: SlipRef,
    pub division: String,
}

/// A new challenge on part of a play judged UNACCEPTABLE a moment before (at any table or station).
#[derive(Debug, Clone, PartialEq)]
pub struct Rechallenge {
    pub failed: SlipRef,
    pub later: SlipRef,
    /// After the window, at the same table in the same round: the station judged it (its guard
    /// keeps to the window), but the pair may have learnt which word failed all the same.
    pub late: bool,
}

/// The report's counts of the merged slips.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    pub slips: usize,
    pub challenges: usize,
    pub second_opinions: usize,
    pub director: usize,
    /// The event fingerprints the slips carry, with how many carry each.
    pub events: BTreeMap<String, usize>,
    pub without_event: usize,
    /// The earliest and latest time of a slip.
    pub first: Option<wordjudge_base::clock::Timestamp>,
    pub last: Option<wordjudge_base::clock::Timestamp>,
    /// Challenges per round (`(no round?, round)`: slips without one last), per station (as
    /// labelled), per division.
    pub by_round: BTreeMap<(bool, u32), Tally>,
    pub by_station: BTreeMap<String, Tally>,
    pub by_division: BTreeMap<String, Tally>,
    /// Second opinions whose slip is not in the merge.
    pub unmatched: usize,
    /// The second opinions that differ: the first [`LISTED`], and how many in all.
    pub differing: Vec<Differing>,
    pub differing_count: usize,
    /// The re-challenges: the first [`LISTED`], and how many in all (of them, how many after
    /// the window, at the same table and round).
    pub rechallenges: Vec<Rechallenge>,
    pub rechallenge_count: usize,
    pub late_rechallenge_count: usize,
}

impl Stats {
    /// Counts `slip` of log `log`, labelled `station`.
    pub(super) fn add(&mut self, slip: &Slip, station: &str) {
        self.slips += 1;
        match slip.kind {
            SlipKind::Challenge => self.challenges += 1,
            SlipKind::SecondOpinion => self.second_opinions += 1,
            SlipKind::Director => self.director += 1,
        }
        match &slip.event {
            Some(event) => *bounded(&mut self.events, event) += 1,
            None => self.without_event += 1,
        }
        if self.first.is_none_or(|f| slip.time < f) {
            self.first = Some(slip.time);
        }
        if self.last.is_none_or(|l| slip.time > l) {
            self.last = Some(slip.time);
        }
        if slip.kind == SlipKind::Challenge {
            let round = (slip.round.is_none(), slip.round.unwrap_or(0));
            self.by_round.entry(round).or_default().add(slip.verdict);
            bounded(&mut self.by_station, station).add(slip.verdict);
            bounded(&mut self.by_division, &slip.division).add(slip.verdict);
        }
    }

    pub(super) fn differs(&mut self, d: Differing) {
        self.differing_count += 1;
        if self.differing.len() < LISTED {
            self.differing.push(d);
        }
    }

    pub(super) fn rechallenge(&mut self, r: Rechallenge) {
        self.rechallenge_count += 1;
        self.late_rechallenge_count += usize::from(r.late);
        if self.rechallenges.len() < LISTED {
            self.rechallenges.push(r);
        }
    }
}

/// The entry of `key`, or of [`OTHERS`] once `map` holds [`LISTED`] keys.
pub(super) fn bounded<'m, V: Default>(map: &'m mut BTreeMap<String, V>, key: &str) -> &'m mut V {
    let key = if map.contains_key(key) || map.len() < LISTED {
        key
    } else {
        OTHERS
    };
    map.entry(key.to_owned()).or_default()
}

/// The failed plays of the last minutes, to find new challenges on part of one (what a station
/// refuses for its own slips, found afterwards across stations: a player who walked to another
/// one). Fed the merged slips in time order.
pub(super) struct Window {
    minutes: f64,
    /// The failed plays in the window, each with whether its two-letter words were all good.
    recent: VecDeque<(Slip, SlipRef, bool)>,
    /// Those that left it with a round and a table, for [`LATE_MINUTES`] more.
    late: VecDeque<(Slip, SlipRef, bool)>,
}

/// How long after the window a failed play is kept for a later challenge at its table in its
/// round (longer than any round).
const LATE_MINUTES: f64 = 240.0;

impl Window {
    pub(super) fn new(minutes: f64) -> Window {
        Window {
            minutes,
            recent: VecDeque::new(),
            late: VecDeque::new(),
        }
    }

    /// The failed play `slip` is a new challenge on part of, if any, and whether after the
    /// window: of the same event, at any table and any station (the players type the table, and
    /// a cheat walks to another station), within the window after it — or later, at the same
    /// table in the same round — holding some of its words but not all of them and more
    /// ([`reveals_part_of`]).
    pub(super) fn see(
        &mut self,
        slip: &Slip,
        station: &str,
        log: usize,
    ) -> Option<(SlipRef, bool)> {
        // Failed plays too old for this slip (or any later one) leave the window; those with a
        // round and a table are kept a while for a later challenge at their table.
        while let Some((front, ..)) = self.recent.front() {
            if wordjudge_base::clock::minutes_between(front.time, slip.time) <= self.minutes {
                break;
            }
            let gone = self.recent.pop_front().expect("a front");
            if gone.0.round.is_some() && gone.0.table.is_some() {
                if self.late.len() == WINDOW {
                    self.late.pop_front();
                }
                self.late.push_back(gone);
            }
        }
        while let Some((front, ..)) = self.late.front() {
            match wordjudge_base::clock::minutes_between(front.time, slip.time) > LATE_MINUTES {
                true => self.late.pop_front(),
                false => break,
            };
        }
        let reveals = |(failed, _, publics_good): &&(Slip, SlipRef, bool)| {
            failed.event == slip.event
                && wordjudge_base::clock::minutes_between(failed.time, slip.time) >= 0.0
                && reveals_part_of(&slip.words, &failed.words, *publics_good)
        };
        let found = match slip.kind == SlipKind::Challenge {
            true => self
                .recent
                .iter()
                .rev()
                .find(reveals)
                .map(|(_, r, _)| (r.clone(), false))
                .or_else(|| {
                    self.late
                        .iter()
                        .rev()
                        .filter(|(f, ..)| {
                            slip.round.is_some() && f.round == slip.round && f.table == slip.table
                        })
                        .find(reveals)
                        .map(|(_, r, _)| (r.clone(), true))
                }),
            false => None,
        };
        if slip.verdict == Verdict::Unacceptable && slip.kind != SlipKind::Director {
            if self.recent.len() == WINDOW {
                self.recent.pop_front();
            }
            let mut kept = slip.clone();
            let publics = publics_good(&kept.detail);
            kept.detail.clear();
            self.recent
                .push_back((kept, SlipRef::of(slip, station.to_owned(), log), publics));
        }
        found
    }
}

/// Each log's verdicts by slip number, to pair a second opinion with the slip of its own log.
#[derive(Default)]
pub(super) struct Verdicts(Vec<Vec<u8>>);

impl Verdicts {
    pub(super) fn new(logs: usize) -> Verdicts {
        Verdicts(vec![Vec::new(); logs])
    }

    /// Records `slip` of log `log`; for a second opinion, the verdict of its slip (`None`: not
    /// in the merge).
    pub(super) fn see(&mut self, slip: &Slip, log: usize) -> Option<Verdict> {
        let verdicts = &mut self.0[log];
        let original = slip
            .refers_to
            .and_then(|n| usize::try_from(n).ok()?.checked_sub(1))
            .and_then(|i| verdicts.get(i).copied())
            .and_then(|v| match v {
                1 => Some(Verdict::Acceptable),
                2 => Some(Verdict::Unacceptable),
                _ => None,
            });
        // A verified log numbers its slips 1, 2, 3, …: the vector grows one slip at a time.
        if let Some(i) = slip
            .slip
            .checked_sub(1)
            .and_then(|n| usize::try_from(n).ok())
        {
            if i == verdicts.len() {
                verdicts.push(match slip.verdict {
                    Verdict::Acceptable => 1,
                    Verdict::Unacceptable => 2,
                });
            }
        }
        original
    }
}

/// What a second opinion found, as the report lists it.
pub(super) fn differing(
    slip: &Slip,
    original: Verdict,
    station: &str,
    log: usize,
) -> Option<Differing> {
    (slip.kind == SlipKind::SecondOpinion && slip.verdict != original).then(|| Differing {
        original: slip.refers_to.unwrap_or_default(),
        original_verdict: original,
        second: SlipRef::of(slip, station.to_owned(), log),
        division: slip.division.clone(),
    })
}
