//! Gathering an event's slip logs: each station's log verified (chain and head), then every slip
//! of the logs that verify in one list, sorted by time. A log that does not verify is reported,
//! never merged; the same log given twice (by two paths, or a copy) is recognised by its first
//! record's seal and merged once.

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::judge::{reveals_part_of, Verdict};
use crate::sliplog::{self, Slip, SlipKind, SlipLogError, Verification};

/// The window of [`Merged::rechallenges`] when none is given: the station's default
/// `second_opinion_minutes`.
pub const RECHALLENGE_MINUTES: f64 = 15.0;

/// One log given to the merge, and what became of it.
#[derive(Debug, Clone)]
pub struct LogSummary {
    /// The slip log read.
    pub path: PathBuf,
    /// The station ids its records carry (usually one).
    pub stations: Vec<String>,
    pub slips: usize,
    /// Time (UTC, RFC 3339) of its first and last slip.
    pub first: Option<String>,
    pub last: Option<String>,
    pub status: LogStatus,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogStatus {
    /// Numbering, seals, chain and head intact: merged.
    Intact,
    /// Intact but for something that is no tampering (a torn last line a crash left, a head
    /// one slip behind): merged, with this note.
    IntactWithNote(String),
    /// Not merged: what `slips verify` found.
    NotVerified(String),
    /// The same log as an earlier one (the `path` given before): merged once.
    SameLogAs(PathBuf),
    /// Not merged: the file could not be read as a slip log.
    Unreadable(String),
}

impl LogStatus {
    /// Whether its slips are in the merge.
    pub fn merged(&self) -> bool {
        matches!(self, LogStatus::Intact | LogStatus::IntactWithNote(_))
    }
}

/// Every slip of the logs that verified, and a summary of every log given.
#[derive(Debug, Clone, Default)]
pub struct Merged {
    pub logs: Vec<LogSummary>,
    /// Sorted by time, then station, then slip number.
    pub slips: Vec<Slip>,
}

impl Merged {
    /// Whether every log given verified (duplicates aside).
    pub fn all_verified(&self) -> bool {
        self.logs
            .iter()
            .all(|l| l.status.merged() || matches!(l.status, LogStatus::SameLogAs(_)))
    }

    /// The slip a second opinion re-adjudicated: the same station's slip `refers_to`.
    pub fn original_of(&self, second: &Slip) -> Option<&Slip> {
        let n = second.refers_to?;
        self.slips
            .iter()
            .find(|s| s.slip == n && s.station == second.station)
    }

    /// New challenges that may have told the players which part of a play judged UNACCEPTABLE
    /// failed: a challenge at the same table in the same round (and event), at any station,
    /// within `minutes` after the failed play, that holds some of its words but not all of
    /// them and more ([`reveals_part_of`]) — what a station refuses for its own slips, found
    /// afterwards across stations (a player who walked to another one). Each as (the failed
    /// play, the later challenge); slips without a table cannot be tied to a game and are left
    /// out.
    pub fn rechallenges(&self, minutes: f64) -> Vec<(&Slip, &Slip)> {
        let mut found = Vec::new();
        for (i, later) in self.slips.iter().enumerate() {
            if later.kind != SlipKind::Challenge || later.table.is_none() {
                continue;
            }
            // `slips` is sorted by time: only earlier slips can be the failed play.
            let failed = self.slips[..i].iter().rev().find(|failed| {
                failed.verdict == Verdict::Unacceptable
                    && failed.table == later.table
                    && failed.round == later.round
                    && failed.event == later.event
                    && crate::clock::minutes_between(&failed.time, &later.time)
                        .is_some_and(|m| (0.0..=minutes).contains(&m))
                    && reveals_part_of(&later.words, &failed.words)
            });
            if let Some(failed) = failed {
                found.push((failed, later));
            }
        }
        found
    }

    /// Second opinions whose verdict differs from the slip they re-adjudicated.
    pub fn differing(&self) -> impl Iterator<Item = (&Slip, &Slip)> {
        self.slips
            .iter()
            .filter(|s| s.kind == SlipKind::SecondOpinion)
            .filter_map(|s| self.original_of(s).map(|o| (o, s)))
            .filter(|(o, s)| o.verdict != s.verdict)
    }
}

/// What a path given to `slips merge` names: a slip log, a station folder (its `kiosk.toml`
/// says where the log is), or a folder of station folders.
pub fn logs_in(path: &Path) -> Result<Vec<PathBuf>, String> {
    if !path.is_dir() {
        return Ok(vec![path.to_owned()]);
    }
    let config = path.join(crate::config::DEFAULT_PATH);
    if config.is_file() {
        return Config::read(&config)
            .map(|c| vec![c.station.slip_log])
            .map_err(|e| e.to_string());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join(crate::config::DEFAULT_PATH).is_file())
        .collect();
    entries.sort();
    if entries.is_empty() {
        return Err(format!(
            "{} is neither a slip log nor a station folder (no kiosk.toml in it or in its folders)",
            path.display()
        ));
    }
    let mut logs = Vec::new();
    for station in entries {
        logs.extend(logs_in(&station)?);
    }
    Ok(logs)
}

/// Verifies and reads every log in `paths`, and merges the ones that verify.
///
/// Two logs that begin with the same record (the same seal) are copies of one station's log:
/// one that is the start of the other (the same log given twice, or a copy taken earlier) is
/// merged once, as part of the longer; two that go apart after a shared start (a station folder
/// copied from another after it had judged) are both reported and neither is merged.
pub fn merge(paths: &[PathBuf]) -> Merged {
    let mut logs: Vec<(LogSummary, Vec<Slip>)> = paths.iter().map(|p| read_one(p)).collect();
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, (summary, slips)) in logs.iter().enumerate() {
        let Some(first) = slips.first().filter(|_| summary.status.merged()) else {
            continue;
        };
        match groups.iter_mut().find(|(seal, _)| *seal == first.seal) {
            Some((_, members)) => members.push(i),
            None => groups.push((first.seal.clone(), vec![i])),
        }
    }
    for (_, members) in groups.iter().filter(|(_, m)| m.len() > 1) {
        settle_copies(&mut logs, members);
    }
    let mut merged = Merged::default();
    for (summary, slips) in logs {
        if summary.status.merged() {
            merged.slips.extend(slips);
        }
        merged.logs.push(summary);
    }
    merged
        .slips
        .sort_by(|a, b| (&a.time, &a.station, a.slip).cmp(&(&b.time, &b.station, b.slip)));
    merged
}

/// Logs `members` begin with the same record: the longest is merged, each that is its start is
/// merged as part of it, and one that goes apart from it leaves both out.
fn settle_copies(logs: &mut [(LogSummary, Vec<Slip>)], members: &[usize]) {
    let longest = members
        .iter()
        .copied()
        .max_by_key(|&i| (logs[i].1.len(), std::cmp::Reverse(i)))
        .unwrap_or(members[0]);
    let long_path = logs[longest].0.path.clone();
    for &i in members.iter().filter(|&&i| i != longest) {
        let short = &logs[i].1;
        let long = &logs[longest].1;
        let is_start = short.last().map(|s| s.seal.as_str())
            == long.get(short.len() - 1).map(|s| s.seal.as_str());
        if is_start {
            logs[i].0.status = LogStatus::SameLogAs(long_path.clone());
            logs[i].1.clear();
            continue;
        }
        let from = short
            .iter()
            .zip(long.iter())
            .find(|(a, b)| a.seal != b.seal)
            .map_or(0, |(a, _)| a.slip);
        let path = logs[i].0.path.clone();
        let apart = |other: &Path| {
            LogStatus::NotVerified(format!(
                "it shares its first slips with {} but goes apart from slip {from} on: two copies of one station's log (a station folder copied from another after it had judged?) — neither is merged; find out which is the station's",
                other.display()
            ))
        };
        logs[i].0.status = apart(&long_path);
        logs[longest].0.status = apart(&path);
    }
}

fn read_one(path: &Path) -> (LogSummary, Vec<Slip>) {
    let mut summary = LogSummary {
        path: path.to_owned(),
        stations: vec![],
        slips: 0,
        first: None,
        last: None,
        status: LogStatus::Intact,
    };
    let unreadable = |e: SlipLogError| LogStatus::Unreadable(e.to_string());
    // A station that judged nothing has no log yet; any other missing file is a wrong path.
    let station_folder = crate::fsutil::parent_dir(path).join(crate::config::DEFAULT_PATH);
    if !path.exists() && sliplog::is_unused(path) && station_folder.is_file() {
        summary.status = LogStatus::IntactWithNote("no slips yet".into());
        return (summary, vec![]);
    }
    let (verification, contents) = match (sliplog::verify(path), sliplog::read(path)) {
        (Ok(v), Ok(c)) => (v, c),
        (Err(e), _) | (_, Err(e)) => {
            summary.status = unreadable(e);
            return (summary, vec![]);
        }
    };
    summary.slips = contents.slips.len();
    summary.first = contents.slips.first().map(|s| s.time.clone());
    summary.last = contents.slips.last().map(|s| s.time.clone());
    for s in &contents.slips {
        if !summary.stations.contains(&s.station) {
            summary.stations.push(s.station.clone());
        }
    }
    summary.status = status_of(&verification);
    (summary, contents.slips)
}

fn status_of(v: &Verification) -> LogStatus {
    if let Some(bad) = &v.first_bad {
        let which = bad
            .slip
            .map_or("an unreadable record".to_owned(), |n| format!("slip {n}"));
        return LogStatus::NotVerified(format!(
            "first bad slip: {which} (line {}): {}",
            bad.line, bad.problem
        ));
    }
    if let Some(problem) = &v.head_problem {
        return LogStatus::NotVerified(problem.clone());
    }
    let mut notes = Vec::new();
    if v.records == 0 {
        notes.push("no slips yet".to_owned());
    }
    if let Some(torn) = v.torn {
        notes.push(format!(
            "an incomplete last line ({torn} bytes, a crash during a write) left out"
        ));
    }
    if v.head_behind {
        notes.push("the head is one slip behind (a crash between two writes)".into());
    }
    if notes.is_empty() {
        LogStatus::Intact
    } else {
        LogStatus::IntactWithNote(notes.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slip(
        station: &str,
        n: u64,
        time: &str,
        table: Option<u32>,
        words: &[&str],
        verdict: Verdict,
    ) -> Slip {
        Slip {
            slip: n,
            station: station.into(),
            event: Some("29D0-1C57".into()),
            round: Some(3),
            table,
            time: time.into(),
            kind: SlipKind::Challenge,
            refers_to: None,
            division: "main".into(),
            lexicons: vec![],
            words: words.iter().map(|w| w.to_string()).collect(),
            verdict,
            detail: vec![],
            prev: String::new(),
            seal: String::new(),
        }
    }

    #[test]
    fn a_new_challenge_on_part_of_a_failed_play_is_found_across_stations() {
        use Verdict::*;
        let merged = Merged {
            logs: vec![],
            slips: vec![
                slip(
                    "1",
                    2,
                    "2026-11-24T10:00:00Z",
                    Some(7),
                    &["HEWINGS", "ZO", "BUBKESES"],
                    Unacceptable,
                ),
                // Another table: its own game.
                slip(
                    "2",
                    5,
                    "2026-11-24T10:00:30Z",
                    Some(8),
                    &["BUBKESES"],
                    Unacceptable,
                ),
                // The cheat, at another station, a minute later.
                slip(
                    "2",
                    6,
                    "2026-11-24T10:01:05Z",
                    Some(7),
                    &["BUBKESES"],
                    Unacceptable,
                ),
                // All of the failed play and more: tells nothing.
                slip(
                    "3",
                    1,
                    "2026-11-24T10:02:00Z",
                    Some(7),
                    &["HEWINGS", "ZO", "BUBKESES", "QI"],
                    Unacceptable,
                ),
                // Past the window.
                slip("3", 2, "2026-11-24T10:20:00Z", Some(7), &["ZO"], Acceptable),
                // No table: cannot be tied to the game.
                slip("3", 3, "2026-11-24T10:02:30Z", None, &["ZO"], Acceptable),
            ],
        };
        let mut slips = merged.slips.clone();
        slips.sort_by(|a, b| a.time.cmp(&b.time));
        let merged = Merged { slips, ..merged };
        let found: Vec<(String, String)> = merged
            .rechallenges(RECHALLENGE_MINUTES)
            .iter()
            .map(|(f, l)| {
                (
                    format!("{}:{}", f.station, f.slip),
                    format!("{}:{}", l.station, l.slip),
                )
            })
            .collect();
        assert_eq!(found, [("1:2".to_owned(), "2:6".to_owned())]);
        // A longer window finds the later one too (ZO, 20 minutes after).
        assert_eq!(merged.rechallenges(30.0).len(), 2);
        // Another round is another game.
        let mut other = merged.clone();
        other.slips[2].round = Some(4);
        assert!(other.rechallenges(RECHALLENGE_MINUTES).is_empty());
    }
}
