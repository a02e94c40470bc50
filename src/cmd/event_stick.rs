//! `event stick install|copy-logs`: what a director does at an installed station with a USB
//! stick. The image's root helper (`/usr/lib/wordjudge/stick`) mounts the stick and runs these
//! when the director chooses them in director mode; their output is what the station shows, so
//! it is a few lines in a director's words.

use std::path::Path;

use wordjudge::base::text::shown;
use wordjudge::event::first_boot::Stick;
use wordjudge::event::stick_jobs as stick;

use super::{CmdResult, Outcome};

/// `NAME=FOLDER` options as sticks (a bare FOLDER is its own name).
pub fn sticks(given: &[String]) -> Vec<Stick> {
    given
        .iter()
        .map(|s| match s.split_once('=') {
            Some((name, root)) => Stick {
                name: name.to_owned(),
                root: root.into(),
            },
            None => Stick {
                name: s.clone(),
                root: s.into(),
            },
        })
        .collect()
}

/// With `pin_stdin`, the PIN read from standard input must be the director's PIN of the
/// station at `dir` (root's own copy of its hash, in `kiosk.toml`): the stick helper passes on
/// the PIN director mode was opened with, so that the station's account, which writes the
/// request, cannot ask alone (issue 49, finding 4); wrong PINs are counted against guessing
/// (`event::pin_tries`).
fn director_asked(dir: &Path, pin_stdin: bool) -> Result<(), String> {
    if !pin_stdin {
        return Ok(());
    }
    let mut line = String::new();
    use std::io::Read;
    std::io::stdin()
        .take(64)
        .read_to_string(&mut line)
        .map_err(|e| format!("the director's PIN could not be read ({e})"))?;
    let pin = line.lines().next().unwrap_or("").trim();
    let now = wordjudge::base::clock::now().as_second();
    wordjudge::event::pin_tries::check(&dir.join(wordjudge::config::DEFAULT_PATH), pin, now)
}

pub fn install(dir: &Path, given: &[String], pin_stdin: bool) -> CmdResult {
    let config = dir.join(wordjudge::config::DEFAULT_PATH);
    if let Err(why) = director_asked(dir, pin_stdin) {
        outln!("nothing installed: {why}");
        return Ok(Outcome::Negative);
    }
    match stick::install_next(&config, &sticks(given)) {
        Ok(installed) => {
            outln!(
                "installed event {:?} (fingerprint {}) as station {}",
                shown(&installed.name),
                installed.fingerprint,
                installed.config.station.id
            );
            past_log(&installed);
            Ok(Outcome::Success)
        }
        Err(why) => {
            outln!("nothing installed: {}", shown(&why));
            Ok(Outcome::Negative)
        }
    }
}

/// Where the last event's log went, if the install moved it (or why it could not).
pub fn past_log(installed: &wordjudge::event::install::Installed) {
    match &installed.past_log {
        Some(Ok(path)) => outln!(
            "the last event's slip log is kept apart in {}; the new event's slips start at 1",
            wordjudge::base::fsutil::parent_dir(path).display()
        ),
        Some(Err(why)) => outln!("WARNING: {}", shown(why)),
        None => {}
    }
}

pub fn copy_logs(dir: &Path, given: &[String], pin_stdin: bool) -> CmdResult {
    let config = dir.join(wordjudge::config::DEFAULT_PATH);
    if let Err(why) = director_asked(dir, pin_stdin) {
        outln!("nothing copied: {why}");
        return Ok(Outcome::Negative);
    }
    let sticks = sticks(given);
    match stick::copy_logs(&config, &sticks) {
        Ok(copied) => {
            let slips: u64 = copied.iter().map(|c| c.slips).sum();
            outln!(
                "copied {} log(s), {slips} slip(s), to stick {}, each read back and compared",
                copied.len(),
                shown(&sticks[0].name)
            );
            for c in &copied {
                let file = c.file.strip_prefix(&sticks[0].root).unwrap_or(&c.file);
                outln!(
                    "event {}: {} slip(s) in {}",
                    c.event,
                    c.slips,
                    file.display()
                );
            }
            Ok(Outcome::Success)
        }
        Err(why) => {
            outln!("nothing copied: {}", shown(&why));
            Ok(Outcome::Negative)
        }
    }
}
