//! The slip logs of the events a station ran before: when an install switches the station to
//! another event (another `[event] name`), the old event's log and its head move to
//! `events/FINGERPRINT/`, and the new event starts a log of its own at slip 1. A past event's log
//! is never appended to, merged into the new one, nor removed by the station; `event stick
//! copy-logs` copies it with the rest.

use std::path::{Path, PathBuf};

use wordjudge_base::fsutil;
use wordjudge_base::layout::{head_path, past_event_dir, Place, PAST_EVENTS, SLIP_LOG};
use wordjudge_config::{self as config, Config};

/// Moves the slip log of `old` (the event `fingerprint`) out of the way of `new`'s, into a folder
/// of its own; `None` when there is nothing to move (no slip yet, or the new event keeps its log
/// elsewhere), else where it went or why it could not.
pub(crate) fn keep_apart(
    old: &Config,
    fingerprint: Option<&str>,
    new: &Config,
) -> Option<Result<PathBuf, String>> {
    let log = &old.station.slip_log;
    let used = std::fs::symlink_metadata(log).is_ok_and(|m| m.is_file() && m.len() > 0);
    if !used || !Place::of(log).same(&Place::of(&new.station.slip_log)) {
        return None;
    }
    let fingerprint = fingerprint.unwrap_or("no-event");
    Some(move_log(&new.path, log, fingerprint).map_err(|e| {
        format!(
            "the last event's slip log {} could not be kept apart ({e}): the new event's slips are written after it; copy the logs to a stick before the new event starts",
            log.display()
        )
    }))
}

fn move_log(config_path: &Path, log: &Path, fingerprint: &str) -> std::io::Result<PathBuf> {
    let folder = (1..1000)
        .map(|n| past_event_dir(config_path, fingerprint, n))
        .find(|d| std::fs::symlink_metadata(d).is_err())
        .ok_or_else(|| std::io::Error::other("a thousand past folders for one event"))?;
    // Root's folders: never through a link the station's account put there.
    wordjudge_base::nolink::own_dir(fsutil::parent_dir(&folder))?;
    wordjudge_base::nolink::own_dir(&folder)?;
    let to = folder.join(SLIP_LOG);
    // The head first: a kill between the two leaves the log where it was, with no head (the
    // station then says the head is missing), never a head that names another log's end.
    let head = head_path(log);
    if head.exists() {
        std::fs::rename(&head, head_path(&to))?;
    }
    std::fs::rename(log, &to)?;
    fsutil::sync_dir(&folder)?;
    fsutil::sync_dir(fsutil::parent_dir(log))?;
    Ok(to)
}

/// The past events' logs of the station configured at `config_path`, by folder name (sorted).
pub fn past_logs(config_path: &Path) -> Vec<(String, PathBuf)> {
    let root = config::base_dir(config_path).join(PAST_EVENTS);
    let Ok(entries) = std::fs::read_dir(&root) else {
        return Vec::new();
    };
    let mut logs: Vec<(String, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                e.path().join(SLIP_LOG),
            )
        })
        // Whatever is there: a link is refused when it is read (copy-logs), never skipped unsaid.
        .filter(|(_, log)| std::fs::symlink_metadata(log).is_ok())
        .collect();
    logs.sort();
    logs
}
