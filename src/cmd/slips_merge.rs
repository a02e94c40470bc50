//! `wordjudge slips merge LOG...`: every station's log verified (chain and head), then one
//! event-wide export of the logs that verify, sorted by time, and a summary per log. A log that
//! does not verify is reported and left out, never merged silently; one given twice is merged
//! once.

use std::path::{Path, PathBuf};

use wordjudge::clock;
use wordjudge::event::merge::{self, LogStatus, Merged};
use wordjudge::fsutil;
use wordjudge::sliplog::Slip;

use super::{CmdError, CmdResult, Outcome};

pub struct Args<'a> {
    /// The configuration the command runs with (its station's files are never written over).
    pub config: &'a Path,
    pub logs: &'a [PathBuf],
    pub csv: Option<&'a Path>,
    pub jsonl: Option<&'a Path>,
    pub report: Option<&'a Path>,
}

pub fn run(args: Args) -> CmdResult {
    let mut paths = Vec::new();
    for given in args.logs {
        paths.extend(merge::logs_in(given)?);
    }
    // Never over a file of a station given, or of the one this command runs at.
    let maps = station_maps(args.config, &paths);
    for (output, what) in [
        (args.csv, "the CSV export"),
        (args.jsonl, "the JSON Lines export"),
        (args.report, "the report"),
    ] {
        if let Some(output) = output {
            wordjudge::files::refuse_output(&maps, output, what)?;
            if paths.iter().any(|log| {
                wordjudge::files::Place::of(log).same(&wordjudge::files::Place::of(output))
            }) {
                return Err(format!(
                    "{} is one of the logs being merged: {what} would overwrite it; write {what} somewhere else",
                    output.display()
                )
                .into());
            }
        }
    }
    let merged = merge::merge(&paths);
    summarise(&merged);
    let rechallenges = merged.rechallenges(merge::RECHALLENGE_MINUTES);
    if !rechallenges.is_empty() {
        outln!(
            "{} new challenge(s) on part of a play judged UNACCEPTABLE at the same table within {:.0} minutes (they may have told which word failed):",
            rechallenges.len(),
            merge::RECHALLENGE_MINUTES
        );
        for (failed, later) in &rechallenges {
            outln!(
                "  station {} slip {} is part of station {} slip {} (round {}, table {})",
                later.station,
                later.slip,
                failed.station,
                failed.slip,
                failed.round.map_or("-".to_owned(), |r| r.to_string()),
                failed.table.map_or("-".to_owned(), |t| t.to_string()),
            );
        }
    }
    if let Some(path) = args.csv {
        write(path, &csv(&merged)?)?;
        outln!("wrote {} slip(s) to {}", merged.slips.len(), path.display());
    }
    if let Some(path) = args.jsonl {
        let mut out = Vec::new();
        for s in &merged.slips {
            out.extend(serde_json::to_vec(s)?);
            out.push(b'\n');
        }
        write(path, &out)?;
        outln!("wrote {} slip(s) to {}", merged.slips.len(), path.display());
    }
    if let Some(path) = args.report {
        let title = merged
            .slips
            .iter()
            .find_map(|s| s.event.as_deref())
            .map_or("wordjudge event report".to_owned(), |e| {
                format!("wordjudge event report — event {e}")
            });
        write(
            path,
            wordjudge::event::report::html(&merged, &title).as_bytes(),
        )?;
        outln!("wrote the event report to {}", path.display());
    }
    if merged.all_verified() {
        Ok(Outcome::Success)
    } else {
        errln!("wordjudge: some logs did not verify and were NOT merged: see above");
        Ok(Outcome::Negative)
    }
}

/// The maps of the station files around the logs given (each log's `kiosk.toml`, when its folder
/// has one that can be read) and of the configuration this command runs with.
fn station_maps(config: &Path, logs: &[PathBuf]) -> Vec<wordjudge::files::StationMap> {
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

fn write(path: &Path, bytes: &[u8]) -> Result<(), CmdError> {
    fsutil::write_atomically(path, bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()).into())
}

fn summarise(merged: &Merged) {
    for log in &merged.logs {
        let stations = if log.stations.is_empty() {
            "-".to_owned()
        } else {
            log.stations.join(", ")
        };
        let span = match (&log.first, &log.last) {
            (Some(first), Some(last)) => format!(
                ", {} to {}",
                clock::local(first).unwrap_or(first.clone()),
                clock::local(last).unwrap_or(last.clone())
            ),
            _ => String::new(),
        };
        let status = match &log.status {
            LogStatus::Intact => "verified, merged".to_owned(),
            LogStatus::IntactWithNote(note) => format!("verified, merged ({note})"),
            LogStatus::NotVerified(why) => format!("NOT VERIFIED, NOT MERGED: {why}"),
            LogStatus::SameLogAs(other) => {
                format!("the same log as {}: merged once", other.display())
            }
            LogStatus::Unreadable(why) => format!("NOT MERGED: {why}"),
        };
        outln!(
            "{}: station {stations}: {} slip(s){span}: {status}",
            log.path.display(),
            log.slips
        );
    }
    outln!(
        "merged: {} slip(s) from {} of {} log(s)",
        merged.slips.len(),
        merged.logs.iter().filter(|l| l.status.merged()).count(),
        merged.logs.len()
    );
}

/// The merged slips as CSV: the columns of `slips export`, then each slip's seal, then for a
/// new challenge on part of a failed play the play it is part of (`STATION:SLIP`).
fn csv(merged: &Merged) -> Result<Vec<u8>, CmdError> {
    let rechallenges = merged.rechallenges(merge::RECHALLENGE_MINUTES);
    let part_of = |s: &Slip| {
        rechallenges
            .iter()
            .find(|(_, later)| std::ptr::eq(*later, s))
            .map(|(failed, _)| format!("{}:{}", failed.station, failed.slip))
            .unwrap_or_default()
    };
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut header = super::util::SLIP_COLUMNS.to_vec();
    header.push("seal");
    header.push("rechallenge_of");
    out.write_record(&header)?;
    for s in &merged.slips {
        let mut row = super::util::slip_row(s);
        row.push(s.seal.clone());
        row.push(part_of(s));
        out.write_record(&row)?;
    }
    out.into_inner().map_err(|e| e.to_string().into())
}
