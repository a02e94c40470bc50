//! `wordjudge slips verify`: check the slip log's numbering, seals and chain, and its end against
//! the head file; name the first bad slip.

use std::path::Path;

use wordjudge::config::Config;
use wordjudge::sliplog::{self, Anchor, AnchorCheck};

use super::{CmdResult, Outcome};

/// Verifies the station's log, or `log` (a copy: a table device's export, say) when given.
pub fn run(config_path: &Path, anchors: &[String], log: Option<&Path>) -> CmdResult {
    let anchors = anchors
        .iter()
        .map(|a| a.parse::<Anchor>())
        .collect::<Result<Vec<_>, _>>()?;
    let path = match log {
        Some(log) => log.to_owned(),
        None => {
            let config = Config::read(config_path)?;
            config.station.slip_log
        }
    };
    // A table device's log file (one download) read as a log and its head.
    let unpacked = super::device_logs::unpacked(&[path])?;
    let path = unpacked.paths[0].clone();
    let chain = chain(&path)?;
    let anchored = check_anchors(&path, &anchors)?;
    Ok(if chain && anchored {
        Outcome::Success
    } else {
        Outcome::Negative
    })
}

/// Each anchor against the log: the record it names must be there, with that seal.
fn check_anchors(log: &Path, anchors: &[Anchor]) -> Result<bool, super::CmdError> {
    if anchors.is_empty() {
        return Ok(true);
    }
    // A log that is gone (with its head) holds none of the anchored records. Each anchor's
    // record is found by reading the log line by line (`find`), never holding it.
    let gone = sliplog::is_unused(log);
    let mut all = true;
    for anchor in anchors {
        let record = match gone {
            true => None,
            false => sliplog::find(log, anchor.slip)?,
        };
        match anchor.check(record.as_ref()) {
            AnchorCheck::Holds => {
                outln!("anchor {anchor}: holds (the log has exactly that record)")
            }
            AnchorCheck::Differs { found } => {
                all = false;
                outln!(
                    "anchor {anchor}: DOES NOT HOLD: slip {} in the log has seal {found}…: the record was changed after the anchor was taken (even if the chain verifies, it was rewritten)",
                    anchor.slip
                );
            }
            AnchorCheck::Missing => {
                all = false;
                outln!(
                    "anchor {anchor}: DOES NOT HOLD: the log has no slip {}: records were removed after the anchor was taken",
                    anchor.slip
                );
            }
        }
    }
    Ok(all)
}

/// Numbering, seals, chain and head: whether they are intact.
fn chain(path: &Path) -> Result<bool, super::CmdError> {
    if sliplog::is_unused(path) {
        outln!(
            "slip log {}: no slips yet (nothing judged at this station, or the log and its head were deleted)",
            path.display()
        );
        return Ok(true);
    }
    let v = sliplog::verify(path)?;
    if let Some(torn) = v.torn {
        outln!(
            "note: the last line is incomplete ({torn} bytes without a newline: a crash during a write, or an edit); the next adjudication removes it, or keeps it if it is a whole sealed record that continues the chain"
        );
    }
    if v.head_behind {
        outln!(
            "note: the head file is one slip behind the log (a crash between writing the last slip and its head); the next adjudication corrects it"
        );
    }
    if let (None, Some(problem)) = (&v.first_bad, &v.head_problem) {
        outln!(
            "slip log {}: {} record(s); numbering, seals and chain intact, but {problem}",
            path.display(),
            v.records
        );
        return Ok(false);
    }
    match v.first_bad {
        None => {
            outln!(
                "slip log {}: {} record(s); numbering, seals and chain intact{}",
                path.display(),
                v.records,
                if v.end_unproven.is_none() && v.records > 0 && v.unsigned == 0 && !v.head_behind {
                    "; its end is proven by the station's signed head"
                } else {
                    ""
                }
            );
            if let Some(why) = &v.end_unproven {
                outln!("its end is NOT PROVEN: {why}");
            }
            Ok(true)
        }
        Some(bad) => {
            let which = match bad.slip {
                Some(n) => format!("slip {n}"),
                None => "an unreadable record".to_owned(),
            };
            outln!(
                "slip log {}: FIRST BAD SLIP: {which} (line {}): {}",
                path.display(),
                bad.line,
                bad.problem
            );
            Ok(false)
        }
    }
}
