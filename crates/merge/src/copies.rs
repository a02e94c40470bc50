//! Proving the logs: each verified and scanned (its first and last record, its stations, the
//! anchors it holds), then copies of one log settled and station ids shared by two logs found.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::{
    log_id, not_proven, station_id_key, AnchorFound, Given, LogStatus, LogSummary, Merged, Proof,
    Roster, EXTRAS_NAMED, STATIONS_LISTED,
};
use wordjudge_base::clock::TimeZone;
use wordjudge_base::layout::Place;
use wordjudge_sliplog::{self as sliplog, AnchorCheck, Records, Slip, Verification};

pub(super) fn prove(given: &[Given], proof: &Proof, zone: &TimeZone) -> Merged {
    let mut anchors: Vec<AnchorFound> = proof
        .anchors
        .iter()
        .map(|given| AnchorFound {
            given: given.clone(),
            held_by: Vec::new(),
            contradicted_by: Vec::new(),
        })
        .collect();
    let mut logs = Vec::new();
    // A plain anchor (`N:CODE`, no station) can name only the one log given.
    let one_log = given.iter().filter(|g| matches!(g, Given::Log(_))).count() == 1;
    for g in given {
        logs.push(match g {
            Given::Log(path) => read_one(path, &mut anchors, proof.roster.as_ref(), one_log),
            Given::NotAStation { folder, problem } => LogSummary {
                status: LogStatus::Unreadable(format!("not a station folder, skipped: {problem}")),
                ..LogSummary::empty(folder)
            },
        });
    }
    settle_copies(&mut logs, proof, &anchors, zone);
    if let Some(event) = &proof.event {
        set_aside_other_events(&mut logs, event);
    }
    let shared_ids = shared_ids(&logs);
    Merged {
        zone: zone.clone(),
        logs,
        anchors,
        shared_ids,
        event: proof.event.clone(),
        stats: Default::default(),
    }
}

/// A log that would be merged but holds no slip of `event`: of another event, not merged.
fn set_aside_other_events(logs: &mut [LogSummary], event: &str) {
    for log in logs.iter_mut().filter(|l| l.contributes() && l.slips > 0) {
        if !log.events.iter().any(|e| e == event) {
            log.status = LogStatus::OtherEvent(log.events.clone());
            log.merged = 0;
        }
    }
}

impl LogSummary {
    /// The station id and the event `slip` names, kept when new (at most [`STATIONS_LISTED`]
    /// of each).
    fn note_station_and_event(&mut self, slip: &Slip) {
        if self.stations.len() < STATIONS_LISTED && !self.stations.contains(&slip.station) {
            self.stations.push(slip.station.clone());
        }
        let event = event_of(slip);
        if self.events.len() < STATIONS_LISTED && !self.events.iter().any(|e| e == event) {
            self.events.push(event.to_owned());
        }
    }

    fn empty(path: &Path) -> LogSummary {
        LogSummary {
            path: path.to_owned(),
            id: None,
            stations: Vec::new(),
            events: Vec::new(),
            slips: 0,
            first: None,
            last: None,
            merged: 0,
            status: LogStatus::Intact,
            notes: Vec::new(),
            device: false,
            first_seal: None,
            last_seal: None,
            end_unproven: None,
        }
    }
}

/// Verifies the log at `path`, then reads it once: what it holds, and which `anchors` it holds
/// or contradicts.
fn read_one(
    path: &Path,
    anchors: &mut [AnchorFound],
    roster: Option<&Roster>,
    one_log: bool,
) -> LogSummary {
    let mut summary = LogSummary::empty(path);
    // A station that judged nothing has no log yet; any other missing file is a wrong path.
    let station_folder =
        wordjudge_base::fsutil::parent_dir(path).join(wordjudge_config::DEFAULT_PATH);
    if !path.exists() && sliplog::is_unused(path) && station_folder.is_file() {
        summary.notes.push("no slips yet".into());
        return summary;
    }
    let verification = match sliplog::verify(path) {
        Ok(v) => v,
        Err(e) => {
            summary.status = LogStatus::Unreadable(e.to_string());
            return summary;
        }
    };
    (summary.status, summary.notes) = status_of(&verification);
    note_unproven_end(&mut summary, &verification);
    let mut records = match Records::open(path) {
        Ok(records) => records,
        Err(e) => {
            summary.status = LogStatus::Unreadable(e.to_string());
            return summary;
        }
    };
    let mut by_slip: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    for (i, a) in anchors.iter().enumerate() {
        by_slip.entry(a.given.anchor.slip).or_default().push(i);
    }
    let mut went_back = None;
    let mut every_slip_a_devices = true;
    for record in records.by_ref() {
        let slip = match record {
            Ok(slip) => slip,
            Err(e) => {
                summary.status = LogStatus::Unreadable(e.to_string());
                return summary;
            }
        };
        summary.slips += 1;
        every_slip_a_devices &= sliplog::signature::is_device(&slip.station, slip.key.as_deref());
        if matches!(summary.status, LogStatus::Intact) {
            if let Some(problem) = not_proven(&slip, roster) {
                summary.status = LogStatus::NotVerified(problem);
            }
        }
        if summary.first_seal.is_none() {
            summary.id = Some(log_id(&slip.seal));
            summary.first_seal = Some(slip.seal.clone());
            summary.first = Some(slip.time);
        }
        if went_back.is_none() && summary.last.is_some_and(|last| slip.time < last) {
            went_back = Some(slip.slip);
        }
        summary.note_station_and_event(&slip);
        for &i in by_slip.get(&slip.slip).into_iter().flatten() {
            check_anchor(&mut summary, path, &mut anchors[i], &slip, one_log);
        }
        summary.last = Some(slip.time);
        summary.last_seal = Some(slip.seal);
    }
    summary.device = summary.slips > 0 && every_slip_a_devices;
    if let Some(n) = went_back {
        summary.notes.push(format!(
            "its clock went back at slip {n}: the merge keeps the log's own order there"
        ));
    }
    if matches!(summary.status, LogStatus::Intact) {
        summary.merged = summary.slips;
    }
    summary
}

/// Whether the log at `path` holds anchor `found` at `slip`, the record of the anchor's number;
/// a station's own anchor it contradicts leaves the log not verified.
fn check_anchor(
    summary: &mut LogSummary,
    path: &Path,
    found: &mut AnchorFound,
    slip: &Slip,
    one_log: bool,
) {
    // The anchor's station is the slip's, compared as ids are (a look-alike is the same), or
    // the anchor names none and this is the one log given.
    let its_station = match &found.given.station {
        Some(station) => station_id_key(station) == station_id_key(&slip.station),
        None => one_log,
    };
    match found.given.anchor.check(Some(slip)) {
        AnchorCheck::Holds => found.held_by.push(path.to_owned()),
        AnchorCheck::Differs { .. } if its_station => {
            found.contradicted_by.push(path.to_owned());
            if matches!(summary.status, LogStatus::Intact) {
                summary.status = LogStatus::NotVerified(format!(
                    "it does not hold anchor {} (line {} of the anchors file): its records up to slip {} are not the ones written down at the station",
                    found.given, found.given.line, slip.slip
                ));
            }
        }
        _ => {}
    }
}

/// The status `slips verify`'s findings give a log, and its notes.
fn status_of(v: &Verification) -> (LogStatus, Vec<String>) {
    let mut notes = Vec::new();
    if let Some(bad) = &v.first_bad {
        let which = bad
            .slip
            .map_or("an unreadable record".to_owned(), |n| format!("slip {n}"));
        return (
            LogStatus::NotVerified(format!(
                "first bad slip: {which} (line {}): {}",
                bad.line, bad.problem
            )),
            notes,
        );
    }
    if let Some(problem) = &v.head_problem {
        return (LogStatus::NotVerified(problem.clone()), notes);
    }
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
    (LogStatus::Intact, notes)
}

/// An intact log whose head is not signed: its length is not proven (noted, and kept for the
/// command's exit status).
fn note_unproven_end(summary: &mut LogSummary, verification: &sliplog::Verification) {
    if let (LogStatus::Intact, Some(why)) = (&summary.status, &verification.end_unproven) {
        summary.notes.push(format!("its end is NOT PROVEN: {why}"));
        summary.end_unproven = Some(why.clone());
    }
}

/// Logs that begin with the same record are copies of one log: settled as the module says.
fn settle_copies(logs: &mut [LogSummary], proof: &Proof, anchors: &[AnchorFound], zone: &TimeZone) {
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, log) in logs.iter().enumerate() {
        if let (LogStatus::Intact, Some(id)) = (&log.status, &log.first_seal) {
            groups.entry(id.clone()).or_default().push(i);
        }
    }
    for mut members in groups.into_values().filter(|m| m.len() > 1) {
        // Longest first; among equals, the one given first.
        members.sort_by_key(|&i| (std::cmp::Reverse(logs[i].slips), i));
        settle_group(logs, &members, proof, anchors, zone);
    }
}

fn settle_group(
    logs: &mut [LogSummary],
    members: &[usize],
    proof: &Proof,
    anchors: &[AnchorFound],
    zone: &TimeZone,
) {
    // Every other copy must be the start of the longest; copies that go apart from one proven
    // past the point where they part are left out, and the rest settled.
    let members = match go_apart(logs, members, proof, anchors) {
        Apart::No => members.to_vec(),
        Apart::AllOut => return,
        Apart::Keep(kept) => kept,
    };
    if members.len() < 2 {
        return;
    }
    let members = &members[..];
    let longest = members[0];
    let long_path = logs[longest].path.clone();
    let shortest = *members.last().unwrap_or(&longest);
    let (n, m0) = (logs[longest].slips, logs[shortest].slips);
    for &i in &members[1..] {
        logs[i].merged = 0;
        logs[i].status = LogStatus::SameLogAs(long_path.clone());
    }
    if n == m0 {
        return;
    }
    // Copies that differ in length: what proves the records only the longer ones hold?
    let (upto, trusted) = proven(logs, members, proof, anchors, m0);
    // The copy the merged part ends with (for the message): the longest that is not longer.
    let than = members
        .iter()
        .copied()
        .find(|&i| logs[i].slips <= upto && i != longest)
        .unwrap_or(shortest);
    let than_path = logs[than].path.clone();
    logs[longest].merged = upto;
    if upto < n {
        logs[longest].status = LogStatus::Longer {
            than: than_path,
            extra: n - upto,
            named: describe_after(&long_path, upto, zone),
            trusted_other: trusted.is_some(),
        };
    } else {
        logs[longest].notes.push(match trusted {
            Some(_) => format!(
                "{} slip(s) more than {}: merged, as the copy you trust",
                n - m0,
                logs[shortest].path.display()
            ),
            None => format!(
                "{} slip(s) more than {}: merged, proven by an anchor",
                n - m0,
                logs[shortest].path.display()
            ),
        });
    }
}

/// What became of copies of one log that go apart.
enum Apart {
    /// They do not: every copy is the start of the longest.
    No,
    /// They do, and nothing proves which is the station's: none is merged.
    AllOut,
    /// One copy is proven past the point where they part (trusted, or holding an anchor there):
    /// the copies that go apart from it are left out; these (it and its starts, longest first)
    /// are settled as copies.
    Keep(Vec<usize>),
}

/// Whether copies in `members` (the longest first) go apart, and what then: a forged "copy"
/// sharing a station's first record never blocks the log that anchors or `--trust` prove.
fn go_apart(
    logs: &mut [LogSummary],
    members: &[usize],
    proof: &Proof,
    anchors: &[AnchorFound],
) -> Apart {
    let longest = members[0];
    let long_path = logs[longest].path.clone();
    let Some(&i) = members[1..]
        .iter()
        .find(|&&i| !is_start_of(&logs[i], &logs[longest]))
    else {
        return Apart::No;
    };
    let from = apart_from(&logs[i].path, &long_path);
    let proven: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&m| {
            let path = &logs[m].path;
            proof
                .trust
                .iter()
                .any(|t| Place::of(t).same(&Place::of(path)))
                || anchors
                    .iter()
                    .any(|a| a.given.anchor.slip >= from && a.held_by.contains(path))
        })
        .collect();
    let winner = proven.iter().copied().max_by_key(|&m| logs[m].slips);
    if let Some(w) = winner.filter(|&w| proven.iter().all(|&p| is_start_of(&logs[p], &logs[w]))) {
        let winner_path = logs[w].path.clone();
        let mut kept = Vec::new();
        for &m in members {
            if m == w || is_start_of(&logs[m], &logs[w]) {
                kept.push(m);
            } else {
                logs[m].merged = 0;
                logs[m].status = LogStatus::NotVerified(format!(
                    "a copy of the log {} that goes apart from it at slip {from}, where that log is proven (an anchor it holds, or --trust): a forged copy, or a folder copied from the station's after it judged — not merged",
                    winner_path.display()
                ));
            }
        }
        return Apart::Keep(kept);
    }
    let paths: Vec<String> = members
        .iter()
        .map(|&m| logs[m].path.display().to_string())
        .collect();
    for &m in members {
        logs[m].merged = 0;
        logs[m].status = LogStatus::NotVerified(format!(
            "copies of one station's log that go apart from slip {from} on ({}): a station folder copied from another after it had judged, or a forged copy — none is merged; find out which is the station's and give that one",
            paths.join(", ")
        ));
    }
    Apart::AllOut
}

/// How far the copies in `members` (the longest first, `m0` slips in the shortest) are proven:
/// as far as a trusted copy goes (and which it is), else the furthest anchor the longest holds
/// beyond the shortest, else as far as every copy goes.
fn proven(
    logs: &[LogSummary],
    members: &[usize],
    proof: &Proof,
    anchors: &[AnchorFound],
    m0: usize,
) -> (usize, Option<usize>) {
    let long_path = &logs[members[0]].path;
    let trusted = members.iter().copied().find(|&i| {
        proof
            .trust
            .iter()
            .any(|t| Place::of(t).same(&Place::of(&logs[i].path)))
    });
    let anchored = anchors
        .iter()
        .filter(|a| a.held_by.contains(long_path))
        .map(|a| a.given.anchor.slip as usize)
        .filter(|&slip| slip > m0)
        .max();
    let upto = match (trusted, anchored) {
        (Some(t), _) => logs[t].slips,
        (None, Some(slip)) => slip,
        (None, None) => m0,
    };
    (upto, trusted)
}

/// Whether `short` is the start of `long` (both verified and beginning with the same record):
/// `long`'s record of `short`'s last slip is that record.
fn is_start_of(short: &LogSummary, long: &LogSummary) -> bool {
    let Some(last) = &short.last_seal else {
        return true;
    };
    matches!(
        sliplog::find(&long.path, short.slips as u64),
        Ok(Some(slip)) if slip.seal == *last
    )
}

/// The first slip where the logs at `a` and `b` differ.
fn apart_from(a: &Path, b: &Path) -> u64 {
    let (Ok(a), Ok(b)) = (Records::open(a), Records::open(b)) else {
        return 1;
    };
    a.zip(b)
        .find_map(|(x, y)| match (x, y) {
            (Ok(x), Ok(y)) if x.seal == y.seal => None,
            (Ok(x), _) => Some(x.slip),
            _ => Some(0),
        })
        .unwrap_or(0)
}

/// The first [`EXTRAS_NAMED`] records of the log at `path` after its first `upto`, described
/// for the director.
fn describe_after(path: &Path, upto: usize, zone: &TimeZone) -> Vec<String> {
    let Ok(records) = Records::open(path) else {
        return Vec::new();
    };
    records
        .skip(upto)
        .take(EXTRAS_NAMED)
        .filter_map(Result::ok)
        .map(|s| describe(&s, zone))
        .collect()
}

/// A slip in one line: number, local time, kind, verdict, words, station.
pub(super) fn describe(s: &Slip, zone: &TimeZone) -> String {
    format!(
        "slip {} ({}, station {}, {}, {}: {})",
        s.slip,
        wordjudge_base::clock::local(s.time, zone),
        wordjudge_base::text::shown(&s.station),
        s.kind,
        s.verdict,
        wordjudge_base::text::shown(&s.words.join(" "))
    )
}

/// The event a slip names: its fingerprint, without "(changed here)"; "" for none.
pub(super) fn event_of(slip: &Slip) -> &str {
    slip.event
        .as_deref()
        .and_then(|e| e.split_whitespace().next())
        .unwrap_or("")
}

/// Station ids that more than one log of one event carries (copies of one log count once; one
/// station's logs of two events are one station's).
fn shared_ids(logs: &[LogSummary]) -> BTreeSet<String> {
    let mut carriers: BTreeMap<(&str, &str), BTreeSet<&str>> = BTreeMap::new();
    for log in logs.iter().filter(|l| l.merged > 0) {
        let id = log.id.as_deref().unwrap_or_default();
        for station in &log.stations {
            for event in &log.events {
                carriers.entry((station, event)).or_default().insert(id);
            }
        }
    }
    carriers
        .into_iter()
        .filter(|(_, ids)| ids.len() > 1)
        .map(|((station, _), _)| station.to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(id: &str, station: &str, events: &[&str]) -> LogSummary {
        LogSummary {
            id: Some(id.into()),
            stations: vec![station.into()],
            events: events.iter().map(|e| e.to_string()).collect(),
            merged: 1,
            ..LogSummary::empty(Path::new(id))
        }
    }

    /// Issue 52, finding 2: a station that ran two events has a log of each; that is one
    /// station, not "two stations installed with one id". Two logs of one event under one id
    /// still are.
    #[test]
    fn one_stations_logs_of_two_events_are_one_station_and_two_logs_of_one_event_are_two() {
        let two_events = [log("A", "7", &["SPRI-NG"]), log("B", "7", &["SUMM-ER"])];
        assert!(shared_ids(&two_events).is_empty());
        let one_event = [log("A", "7", &["SPRI-NG"]), log("C", "7", &["SPRI-NG"])];
        assert_eq!(shared_ids(&one_event), BTreeSet::from(["7".to_owned()]));
        // Copies of one log (one id) are one log.
        let copies = [log("A", "7", &["SPRI-NG"]), log("A", "7", &["SPRI-NG"])];
        assert!(shared_ids(&copies).is_empty());
    }
}
