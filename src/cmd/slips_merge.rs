//! `wordjudge slips merge LOG...`: every station's log proven (chain and head, copies compared,
//! anchors checked), then one event-wide export of what is proven, in time order, streamed, and
//! a summary per log. Whatever is not proven is reported and left out, never merged silently.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use wordjudge::base::clock;
use wordjudge::base::fsutil::{self, AtomicFile};
use wordjudge::base::text::shown;
use wordjudge::merge::{self, Given, LogStatus, Merged, MergedSlip, Proof};

use super::{CmdError, CmdResult, Outcome};

pub struct Args<'a> {
    /// The configuration the command runs with (its station's files are never written over).
    pub config: &'a Path,
    pub logs: &'a [PathBuf],
    pub csv: Option<&'a Path>,
    pub jsonl: Option<&'a Path>,
    pub report: Option<&'a Path>,
    /// The language of the report's headings.
    pub language: wordjudge::lang::Language,
    /// Logs or station folders to trust where copies of one log differ in length.
    pub trust: &'a [PathBuf],
    /// A file of anchors written down at the stations.
    pub anchors: Option<&'a Path>,
    /// The event's stations and their keys' ids: only logs they signed are merged.
    pub roster: Option<&'a Path>,
    /// The time zone to show local times in (`--zone`), else the event's.
    pub zone: Option<&'a str>,
    /// `--accept-unproven`: a merge whose writers are not proven (no roster) still exits 0.
    pub accept_unproven: bool,
    /// `--event`: only this event's slips.
    pub event: Option<&'a str>,
}

pub fn run(args: Args) -> CmdResult {
    // A table device's log file (one download) read as a log and its head.
    let unpacked = super::device_logs::unpacked(args.logs)?;
    let mut given = Vec::new();
    for path in &unpacked.paths {
        given.extend(merge::logs_in(path)?);
    }
    let proof = proof(&args, &given)?;
    let logs: Vec<PathBuf> = given
        .iter()
        .filter_map(|g| match g {
            Given::Log(p) => Some(p.clone()),
            Given::NotAStation { .. } => None,
        })
        .collect();
    refuse_outputs(&args, &logs)?;
    let (zone, zone_from) = zone(&args, &logs)?;
    let names = event_names(&args, &logs);
    let open = |path: Option<&Path>| -> Result<Option<AtomicFile>, CmdError> {
        path.map(|p| {
            AtomicFile::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()).into())
        })
        .transpose()
    };
    let mut csv_out = open(args.csv)?.map(csv::Writer::from_writer);
    if let Some(out) = csv_out.as_mut() {
        out.write_record(header())?;
    }
    let mut jsonl_out = open(args.jsonl)?;
    let merged = merge::merge(
        &given,
        &proof,
        merge::RECHALLENGE_MINUTES,
        &zone,
        |merged, m| -> Result<(), CmdError> {
            if let Some(out) = csv_out.as_mut() {
                out.write_record(row(merged, m, &names))?;
            }
            if let Some(out) = jsonl_out.as_mut() {
                serde_json::to_writer(&mut *out, &m.slip)?;
                out.write_all(b"\n")?;
            }
            Ok(())
        },
    )?;
    summarise(&merged);
    outln!("local times are on the clock of {zone_from}");
    let unproven = say_unproven(&args, &proof, &merged);
    let none = none_of_the_event(&args, &merged);
    if let (Some(out), Some(path)) = (csv_out, args.csv) {
        let file = out.into_inner().map_err(|e| e.to_string())?;
        commit(file, path)?;
        outln!("wrote {} slip(s) to {}", merged.stats.slips, path.display());
    }
    if let (Some(out), Some(path)) = (jsonl_out, args.jsonl) {
        commit(out, path)?;
        outln!("wrote {} slip(s) to {}", merged.stats.slips, path.display());
    }
    if let Some(path) = args.report {
        report(&merged, path, args.language, &names)?;
    }
    let refused_unproven = unproven && !args.accept_unproven;
    if refused_unproven {
        errln!("wordjudge: who wrote these logs, or how long they are, is not proven (see above): exit 1; give the event's roster, or --accept-unproven to take them as they are");
    }
    if !merged.complete() {
        errln!("wordjudge: some logs or slips were NOT merged, or anchors not held: see above");
    }
    Ok(match merged.complete() && !refused_unproven && !none {
        true => Outcome::Success,
        false => Outcome::Negative,
    })
}

/// Asked for one event (`--event`): whether no log given held a slip of it (a fingerprint
/// mistyped, or the wrong stick), said with the events they do hold.
fn none_of_the_event(args: &Args, merged: &Merged) -> bool {
    let Some(event) = args.event else {
        return false;
    };
    if merged.stats.slips > 0 {
        return false;
    }
    let held: BTreeSet<&str> = merged
        .logs
        .iter()
        .flat_map(|l| l.events.iter().map(String::as_str))
        .collect();
    errln!(
        "wordjudge: no log given holds a slip of event {}: they hold {}",
        shown(event),
        match held.is_empty() {
            true => "no slips".to_owned(),
            false => held.into_iter().collect::<Vec<_>>().join(", "),
        }
    );
    true
}

/// Says what the merge does not prove — who wrote the logs (no roster), how long they are
/// (unsigned heads) — and whether it is so.
fn say_unproven(args: &Args, proof: &Proof, merged: &Merged) -> bool {
    let anyway = if args.accept_unproven {
        " (merged anyway: --accept-unproven)"
    } else {
        ""
    };
    let ends = merged
        .logs
        .iter()
        .filter(|l| l.end_unproven.is_some())
        .count();
    if ends > 0 {
        outln!(
            "the length of {ends} log(s) is NOT PROVEN: their heads are not signed (written by a wordjudge before heads were signed), so slips deleted from their ends would not show; check them against the anchors written down at the stations (--anchors FILE){anyway}"
        );
    }
    let writers = proof.roster.is_none() && merged.logs.iter().any(|l| l.slips > 0);
    if writers {
        outln!(
            "who wrote these logs is NOT PROVEN: a log written from nothing verifies as well as a station's; give --roster FILE (each station's id and key id, as `wordjudge event install` printed them) to merge only logs their stations signed{anyway}"
        );
    }
    ends > 0 || writers
}

/// The zone the merged slips' local times are on, and where it came from, in words: `--zone`;
/// else the `[event] time_zone` of the first station folder given that names one, or of the
/// configuration this command runs with (the director's, from which the event was packed); else
/// this computer's.
fn zone(args: &Args, logs: &[PathBuf]) -> Result<(clock::TimeZone, String), CmdError> {
    if let Some(name) = args.zone {
        let zone = clock::zone_named(name).map_err(|e| format!("--zone: {e}"))?;
        return Ok((zone, format!("{name} (--zone)")));
    }
    for (path, config) in configs(args, logs) {
        if let Some(name) = config.event.time_zone.as_deref() {
            if let Ok(zone) = clock::zone_named(name) {
                return Ok((
                    zone,
                    format!("{name} (the event's time zone, from {})", path.display()),
                ));
            }
        }
    }
    let zone = clock::machine_zone();
    let name = zone.iana_name().unwrap_or("its zone").to_owned();
    Ok((
        zone,
        format!("this computer, {name} (no station folder given names the event's time zone: give --zone NAME, e.g. Europe/London)"),
    ))
}

/// The station folders' configurations beside the logs given, then the one this command runs
/// with (the director's), each that can be read.
fn configs(args: &Args, logs: &[PathBuf]) -> Vec<(PathBuf, wordjudge::config::Config)> {
    let mut paths: Vec<PathBuf> = logs
        .iter()
        .map(|log| fsutil::parent_dir(log).join(wordjudge::config::DEFAULT_PATH))
        .collect();
    paths.push(args.config.to_owned());
    paths
        .into_iter()
        .filter(|c| c.is_file())
        .filter_map(|path| {
            let config = wordjudge::config::Config::read(&path).ok()?;
            Some((path, config))
        })
        .collect()
}

/// The events' names, by fingerprint, from the station folders given (each its installed
/// event's manifest): logs given without their folder (a stick's copies) are named by the
/// fingerprint alone, unless a station folder given runs the same event.
fn event_names(args: &Args, logs: &[PathBuf]) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for (_, config) in configs(args, logs) {
        super::util::event_names(&config, &mut names);
    }
    // A director's or a station's name for slips of no event would name other stations' slips:
    // only fingerprints count here.
    names.remove("");
    names
}

/// What proves the logs beyond their chains: the copies to trust, the anchors (a plain one only
/// for one log), the roster.
fn proof(args: &Args, given: &[Given]) -> Result<Proof, CmdError> {
    let trust = trusted(args.trust, given)?;
    let anchors = match args.anchors {
        Some(path) => merge::read_anchors(path)?,
        None => Vec::new(),
    };
    merge::check_anchors(given, &anchors)?;
    let roster = args.roster.map(merge::read_roster).transpose()?;
    Ok(Proof {
        trust,
        anchors,
        roster,
        event: args.event.map(|e| e.trim().to_ascii_uppercase()),
    })
}

/// The event report of `merged`, in `language`, written to `path`; its title names the event
/// (by its name, where a station folder given names it, and its fingerprint).
fn report(
    merged: &Merged,
    path: &Path,
    language: wordjudge::lang::Language,
    names: &BTreeMap<String, String>,
) -> Result<(), CmdError> {
    let title =
        merged
            .stats
            .events
            .keys()
            .next()
            .map_or(
                "wordjudge event report".to_owned(),
                |e| match super::util::name_of_event(names, e) {
                    Some(name) => format!("wordjudge event report — {name} — event {e}"),
                    None => format!("wordjudge event report — event {e}"),
                },
            );
    fsutil::write_atomically(
        path,
        wordjudge::merge::report::html_in(merged, &title, language).as_bytes(),
    )
    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    outln!("wrote the event report to {}", path.display());
    Ok(())
}

/// The logs `--trust` names (folders or logs), each one of those `given` to merge.
fn trusted(paths: &[PathBuf], given: &[Given]) -> Result<Vec<PathBuf>, CmdError> {
    let mut trust = Vec::new();
    for path in paths {
        for g in merge::logs_in(path)? {
            match g {
                Given::Log(log) => trust.push(log),
                Given::NotAStation { folder, problem } => {
                    return Err(format!(
                        "--trust {}: not a station folder: {problem}",
                        folder.display()
                    )
                    .into())
                }
            }
        }
    }
    for log in &trust {
        let place = wordjudge::base::layout::Place::of(log);
        let listed = given.iter().any(
            |g| matches!(g, Given::Log(p) if wordjudge::base::layout::Place::of(p).same(&place)),
        );
        if !listed {
            return Err(format!(
                "--trust {}: that log is not among the logs given to merge",
                log.display()
            )
            .into());
        }
    }
    Ok(trust)
}

/// An output that would land on a file of a station given, of the one this command runs at, or
/// on a log being merged, refused.
fn refuse_outputs(args: &Args, logs: &[PathBuf]) -> Result<(), CmdError> {
    let maps = station_maps(args.config, logs);
    for (output, what) in [
        (args.csv, "the CSV export"),
        (args.jsonl, "the JSON Lines export"),
        (args.report, "the report"),
    ] {
        if let Some(output) = output {
            wordjudge::base::layout::refuse_output(&maps, output, what)?;
            if logs.iter().any(|log| {
                wordjudge::base::layout::Place::of(log)
                    .same(&wordjudge::base::layout::Place::of(output))
            }) {
                return Err(format!(
                    "{} is one of the logs being merged: {what} would overwrite it; write {what} somewhere else",
                    output.display()
                )
                .into());
            }
        }
    }
    Ok(())
}

fn commit(file: AtomicFile, path: &Path) -> Result<(), CmdError> {
    file.commit()
        .map_err(|e| format!("cannot write {}: {e}", path.display()).into())
}

/// The maps of the station files around the logs given (each log's `kiosk.toml`, when its folder
/// has one that can be read) and of the configuration this command runs with.
fn station_maps(config: &Path, logs: &[PathBuf]) -> Vec<wordjudge::base::layout::StationMap> {
    let mut configs = vec![config.to_owned()];
    for log in logs {
        configs.push(fsutil::parent_dir(log).join(wordjudge::config::DEFAULT_PATH));
    }
    configs
        .iter()
        .filter(|c| c.is_file())
        .filter_map(|c| wordjudge::config::Document::read(c).ok())
        .map(|d| d.station_map())
        .collect()
}

/// A path as the terminal shows it.
fn path(p: &Path) -> String {
    shown(&p.display().to_string()).into_owned()
}

fn summarise(merged: &Merged) {
    // The stations' logs, then the table devices' apart: a device's log proves what its holder
    // wrote on it, not what a station saw.
    for log in merged.logs.iter().filter(|l| !l.device) {
        summarise_log(merged, log, "station");
    }
    let devices: Vec<_> = merged.logs.iter().filter(|l| l.device).collect();
    if !devices.is_empty() {
        outln!("{DEVICE_LOGS}");
    }
    for log in devices {
        summarise_log(merged, log, "device");
    }
    anchors(merged);
    for id in &merged.shared_ids {
        outln!(
            "station id {} is carried by logs that are not copies of each other (two stations installed with one id?): kept apart, named with their log ids; give every station its own id",
            shown(id)
        );
    }
    let stats = &merged.stats;
    if stats.rechallenge_count > 0 {
        outln!(
            "{} new challenge(s) on part of a play judged UNACCEPTABLE within {:.0} minutes, at any table and station, or later at the same table in the same round ({} of them) (they may have told which word failed):",
            stats.rechallenge_count,
            merge::RECHALLENGE_MINUTES,
            stats.late_rechallenge_count
        );
        for r in &stats.rechallenges {
            outln!(
                "  station {} slip {} is part of station {} slip {} (round {}, table {}){}",
                shown(&r.later.station),
                r.later.slip,
                shown(&r.failed.station),
                r.failed.slip,
                r.failed.round.map_or("-".to_owned(), |r| r.to_string()),
                r.failed.table.map_or("-".to_owned(), |t| t.to_string()),
                if r.late { ", after the window" } else { "" },
            );
        }
        if stats.rechallenge_count > stats.rechallenges.len() {
            outln!(
                "  ... and {} more",
                stats.rechallenge_count - stats.rechallenges.len()
            );
        }
    }
    let devices = merged
        .logs
        .iter()
        .filter(|l| l.device && l.contributes())
        .count();
    outln!(
        "merged: {} slip(s) from {} of {} log(s){}",
        stats.slips,
        merged.logs.iter().filter(|l| l.contributes()).count(),
        merged.logs.len(),
        if devices > 0 {
            format!(" ({devices} of them table devices' logs: the players' own account)")
        } else {
            String::new()
        }
    );
}

/// What the summary says before the table devices' logs.
const DEVICE_LOGS: &str = "table devices' logs — each proves what its holder wrote on the device, not what was judged at the table: the players hold its page, its storage and its key (docs/table-judge.md, what a device's log proves):";

/// One log's line of the summary: its path, `what` wrote it (station or device) and its ids,
/// its slips, and what became of it.
fn summarise_log(merged: &Merged, log: &merge::LogSummary, what: &str) {
    let stations = if log.stations.is_empty() {
        "-".to_owned()
    } else {
        shown(&log.stations.join(", ")).into_owned()
    };
    let span = match (&log.first, &log.last) {
        (Some(first), Some(last)) => format!(
            ", {} to {}",
            clock::local(*first, &merged.zone),
            clock::local(*last, &merged.zone)
        ),
        _ => String::new(),
    };
    let id = log
        .id
        .as_deref()
        .map_or(String::new(), |id| format!(" (log {id})"));
    outln!(
        "{}: {what} {stations}{id}: {} slip(s){span}: {}",
        path(&log.path),
        log.slips,
        status(log)
    );
}

/// What became of `log`, as the summary says it.
fn status(log: &merge::LogSummary) -> String {
    let notes: String = log.notes.iter().map(|n| format!(" ({n})")).collect();
    match &log.status {
        LogStatus::Intact => format!("verified, merged{notes}"),
        LogStatus::OtherEvent(events) => format!(
            "verified; of event {}, not the one asked (--event): not merged{notes}",
            shown(&events.join(", "))
        ),
        LogStatus::NotVerified(why) => format!("NOT VERIFIED, NOT MERGED: {}", shown(why)),
        LogStatus::SameLogAs(other) => {
            format!("the same log as {}: merged once{notes}", path(other))
        }
        LogStatus::Longer {
            than,
            extra,
            named,
            trusted_other,
        } => {
            let mut text = if *trusted_other {
                format!(
                    "verified; {extra} slip(s) more than {}, the copy you trust: merged up to slip {}, not after",
                    path(than),
                    log.merged
                )
            } else {
                format!(
                    "verified, but {extra} slip(s) more than {}, and nothing proves them: merged up to slip {} only; NOT MERGED: {}{}. Name the copy to trust (--trust) or give the anchors written down at the station (--anchors FILE)",
                    path(than),
                    log.merged,
                    named.join("; "),
                    if named.len() < *extra { "; …" } else { "" }
                )
            };
            text.push_str(&notes);
            text
        }
        LogStatus::Unreadable(why) => format!("NOT MERGED: {}", shown(why)),
    }
}

/// Each anchor given: where it holds, where it does not.
fn anchors(merged: &Merged) {
    for a in &merged.anchors {
        let paths = |list: &[PathBuf]| -> String {
            list.iter().map(|p| path(p)).collect::<Vec<_>>().join(", ")
        };
        if !a.contradicted_by.is_empty() {
            outln!(
                "anchor {} (line {}): DOES NOT HOLD in {}",
                a.given,
                a.given.line,
                paths(&a.contradicted_by)
            );
        } else if a.held_by.is_empty() {
            outln!(
                "anchor {} (line {}): HELD BY NO LOG GIVEN: a log was rewritten, or the station's log is not among those given",
                a.given,
                a.given.line
            );
        } else {
            outln!("anchor {}: holds in {}", a.given, paths(&a.held_by));
        }
    }
}

/// The columns of the merged CSV: those of `slips export`, each slip's seal, for a new
/// challenge on part of a failed play the play it is part of (`STATION:SLIP`), and the id of
/// the log it is from (two stations with one id are told apart by it), and the name of the
/// slip's event (by its fingerprint, where a station folder given names it).
fn header() -> Vec<&'static str> {
    let mut header = super::util::SLIP_COLUMNS.to_vec();
    header.extend(["seal", "rechallenge_of", "log", "event_name"]);
    header
}

fn row(merged: &Merged, m: &MergedSlip, names: &BTreeMap<String, String>) -> Vec<String> {
    let mut row = super::util::slip_row(&m.slip, &merged.zone);
    let log = merged.logs.get(m.log).and_then(|l| l.id.clone());
    if merged.shared_ids.contains(&m.slip.station) {
        // The station column says which station of that id.
        row[3] = merged.station_label(&m.slip.station, m.log);
    }
    row.push(m.slip.seal.clone());
    row.push(
        m.rechallenge_of
            .as_ref()
            .map(|r| r.to_string())
            .unwrap_or_default(),
    );
    row.push(log.unwrap_or_default());
    row.push(super::util::event_name(names, &m.slip));
    row.into_iter()
        .map(|cell| wordjudge::base::text::csv_cell(&cell).into_owned())
        .collect()
}
