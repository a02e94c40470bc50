//! `wordjudge slips verify`: check the slip log's numbering, seals and chain, and its end against
//! the head file; name the first bad slip.

use std::path::Path;

use wordjudge::config::Config;
use wordjudge::sliplog;

use super::{CmdResult, Outcome};

pub fn run(config_path: &Path) -> CmdResult {
    let config = Config::read(config_path)?;
    let path = &config.station.slip_log;
    if super::util::no_log_yet(&config) {
        outln!(
            "slip log {}: no slips yet (nothing judged at this station)",
            path.display()
        );
        return Ok(Outcome::Success);
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
        return Ok(Outcome::Negative);
    }
    match v.first_bad {
        None => {
            outln!(
                "slip log {}: {} record(s); numbering, seals and chain intact",
                path.display(),
                v.records
            );
            Ok(Outcome::Success)
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
            Ok(Outcome::Negative)
        }
    }
}
