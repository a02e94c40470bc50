//! What a director does at an installed station with a USB stick, from director mode (the image's
//! root helper, `deploy/stick`, mounts the stick and runs `wordjudge event stick …`): the next
//! event installed from the stick's `wordjudge-event` folder, signed by the key the station
//! already trusts, as the station it already is; and every event's slip log copied onto the stick,
//! then read back and compared.
//!
//! The stick is read as [`crate::first_boot`] reads it (no link followed, every size bounded).
//! Copying writes only under `wordjudge-logs/station-ID-KEY/` on the stick (the logs stick's
//! layout 2, docs/formats.md; KEY the station key's id, so that two machines installed with one
//! id never write into one folder): each log as `FINGERPRINT.jsonl` beside its head,
//! `FINGERPRINT.anchors.txt` (its last slip's anchor, as `slips merge --anchors` reads it) and
//! `FINGERPRINT.SHA256SUMS`, the sums of those files only (the helper checks the copy against it
//! once the stick is mounted again; no copy rewrites another event's or station's sums).
//! Nothing secret is copied: not the station's key, nor the PIN's hash.

use std::path::{Path, PathBuf};

use crate::first_boot::{install_from, the_event_stick, Stick};
use crate::install::Installed;
use wordjudge_base::digest::Digest;
use wordjudge_base::fsutil;
use wordjudge_base::layout::{head_path, LOGS_FOLDER};
use wordjudge_base::nolink;
use wordjudge_base::text::shown;
use wordjudge_config::Config;
use wordjudge_sliplog::Anchor;

/// The largest slip log copied (a long event's log is a few megabytes).
pub(crate) const MAX_LOG_BYTES: u64 = 1 << 30;

/// Installs the event on the one stick among `sticks` that carries one at the station configured
/// at `config_path`, as the station it is, if the key it trusts signed it and it is newer than
/// the event it runs. The last event's log is kept apart ([`Installed::past_log`]).
pub fn install_next(config_path: &Path, sticks: &[Stick]) -> Result<Installed, String> {
    let config = Config::read(config_path).map_err(|e| {
        format!(
            "this station has no event to go on from ({}): install the first one at start-up",
            shown(&e.to_string())
        )
    })?;
    let stick = the_event_stick(sticks).map_err(|e| again(&e))?;
    install_from(
        stick,
        &config.station.id,
        wordjudge_config::base_dir(config_path),
        None,
    )
    .map_err(|e| again(&e))
}

/// [`the_event_stick`]'s advice for a station that is running: try again, not restart.
fn again(problem: &str) -> String {
    problem.replace("and restart the station", "and choose it again")
}

/// One log copied onto a stick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopiedLog {
    /// The event (its fingerprint, as the log's file on the stick is named).
    pub event: String,
    pub slips: u64,
    /// The file on the stick.
    pub file: PathBuf,
}

/// Copies every event's slip log of the station configured at `config_path` (the running event's
/// and the past ones') onto the one stick in `sticks`, each read back and compared.
pub fn copy_logs(config_path: &Path, sticks: &[Stick]) -> Result<Vec<CopiedLog>, String> {
    let stick = match sticks {
        [one] => one,
        [] => return Err("no USB stick found: put one in (FAT or exFAT) and choose it again".into()),
        [a, b, ..] => {
            return Err(format!(
                "two sticks are in, {} and {}: take out every stick but the one for the logs, and choose it again",
                shown(&a.name),
                shown(&b.name)
            ))
        }
    };
    let config = Config::read(config_path).map_err(|e| shown(&e.to_string()).into_owned())?;
    let running = crate::status(&config)
        .ok()
        .flatten()
        .map(|s| s.fingerprint)
        .unwrap_or_else(|| "no-event".into());
    let mut logs = crate::past::past_logs(config_path);
    // Whatever is there (a link too, refused when read below).
    if std::fs::symlink_metadata(&config.station.slip_log).is_ok() {
        let name = if logs.iter().any(|(n, _)| *n == running) {
            format!("{running}-now")
        } else {
            running
        };
        logs.push((name, config.station.slip_log.clone()));
    }
    if logs.is_empty() {
        return Err("this station has written no slip yet: there is no log to copy".into());
    }
    let folder = stick
        .root
        .join(LOGS_FOLDER)
        .join(station_folder(&config.station.id, config_path)?);
    std::fs::create_dir_all(&folder).map_err(|e| on_stick(stick, &folder, &e))?;
    let mut copied = Vec::new();
    let station_dir = wordjudge_config::base_dir(config_path);
    for (event, log) in &logs {
        let mut sums = String::new();
        let file = folder.join(format!("{event}.jsonl"));
        let bytes = copy_one(stick, station_dir, log, &file, &mut sums)?;
        match nolink::read_below(station_dir, &head_path(log), 4096) {
            Ok(head) => copy_bytes(stick, &head, &head_path(&file), &mut sums)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("the slip log's head is not copied: {e}")),
        }
        // The anchor of its last slip, as `slips merge --anchors` reads it (one file per event:
        // a merge is of one event's logs, and an anchor names a station, not an event), from
        // the bytes copied (the log is not opened again).
        if let Some(last) = wordjudge_sliplog::last_record_in(&bytes) {
            let anchor = format!("{} {}\n", config.station.id, Anchor::of(&last));
            let name = format!("{event}.anchors.txt");
            copy_bytes(stick, anchor.as_bytes(), &folder.join(name), &mut sums)?;
        }
        let slips = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        let sums_file = folder.join(format!("{event}.{SUMS}"));
        write_and_compare(stick, sums.as_bytes(), &sums_file)?;
        copied.push(CopiedLog {
            event: event.clone(),
            slips,
            file,
        });
    }
    Ok(copied)
}

/// How an event's sums file on a logs stick ends (`FINGERPRINT.SHA256SUMS`).
pub const SUMS: &str = "SHA256SUMS";

/// The station's folder on a logs stick: `station-ID-KEY`, KEY the id of the station's own
/// signing key (as a roster names it), or `station-ID-unsigned` for a station with none (one
/// not installed from a bundle: its slips carry no key either).
fn station_folder(id: &str, config_path: &Path) -> Result<String, String> {
    let key = wordjudge_base::layout::station_key_path(config_path);
    let key = wordjudge_sliplog::signature::StationKey::load(&key).map_err(|e| {
        format!("the station's key cannot be read, so its logs are not copied: {e}")
    })?;
    Ok(match key {
        Some(key) => format!("station-{id}-{}", key.public().id()),
        None => format!("station-{id}-unsigned"),
    })
}

/// Copies `log` to `to`: the bytes read once (root reads them: no link followed below the
/// station folder `station_dir`, no file with a second name), written, synced, read back and
/// compared.
fn copy_one(
    stick: &Stick,
    station_dir: &Path,
    log: &Path,
    to: &Path,
    sums: &mut String,
) -> Result<Vec<u8>, String> {
    let bytes = nolink::read_below(station_dir, log, MAX_LOG_BYTES)
        .map_err(|e| format!("the slip log is not copied: {e}"))?;
    copy_bytes(stick, &bytes, to, sums)?;
    Ok(bytes)
}

fn copy_bytes(stick: &Stick, bytes: &[u8], to: &Path, sums: &mut String) -> Result<(), String> {
    write_and_compare(stick, bytes, to)?;
    let name = to
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    sums.push_str(&format!("{}  {name}\n", Digest::of(bytes)));
    Ok(())
}

fn write_and_compare(stick: &Stick, bytes: &[u8], to: &Path) -> Result<(), String> {
    nolink::replace(to, bytes).map_err(|e| on_stick(stick, to, &e))?;
    let back =
        fsutil::read_regular_nofollow(to, MAX_LOG_BYTES).map_err(|e| on_stick(stick, to, &e))?;
    if back != bytes {
        return Err(format!(
            "the copy on stick {} differs from the station's log when read back ({}): the stick may be failing; use another",
            shown(&stick.name),
            on_the_stick(stick, to).display()
        ));
    }
    Ok(())
}

/// `path` as a director sees it on the stick (not where the image mounted it).
fn on_the_stick<'a>(stick: &Stick, path: &'a Path) -> &'a Path {
    path.strip_prefix(&stick.root).unwrap_or(path)
}

fn on_stick(stick: &Stick, path: &Path, e: &std::io::Error) -> String {
    let full = e.raw_os_error() == Some(28);
    format!(
        "cannot write {} on stick {}: {e}{}",
        on_the_stick(stick, path).display(),
        shown(&stick.name),
        if full {
            ": the stick is full; use another or make room"
        } else {
            ""
        }
    )
}
