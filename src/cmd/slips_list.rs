//! `wordjudge slips list [--last N]`: the slips in the log, one line each.

use std::path::Path;

use wordjudge::base::clock;
use wordjudge::base::text::shown;
use wordjudge::config::Config;

use super::{util, CmdResult, Outcome};

pub fn run(config_path: &Path, last: Option<usize>) -> CmdResult {
    let config = Config::read(config_path)?;
    let zone = config.zone();
    // Streamed: only the last N are held (all of them, without --last, are printed as read).
    let mut records = util::slips(&config)?;
    let mut kept = std::collections::VecDeque::new();
    // Local time: the hall's clock, which is what the paper slips carry (UTC stays in the log).
    outln!(
        "{:>6}  {:<24}  {:>5}  {:>5}  {:<20}  {:<12}  {:<12}  WORDS",
        "SLIP",
        "TIME (local)",
        "ROUND",
        "TABLE",
        "KIND",
        "DIVISION",
        "VERDICT"
    );
    let mut any = false;
    if let Some(records) = records.as_mut() {
        for slip in records.by_ref() {
            let slip = slip?;
            any = true;
            match last {
                Some(0) => {}
                Some(n) => {
                    if kept.len() == n {
                        kept.pop_front();
                    }
                    kept.push_back(slip);
                }
                None => print_line(&slip, &zone),
            }
        }
    }
    for slip in &kept {
        print_line(slip, &zone);
    }
    if !any {
        outln!("(no slips yet in {})", config.station.slip_log.display());
    }
    if records
        .as_ref()
        .is_some_and(|r| r.unreadable > 0 || r.torn.is_some())
    {
        errln!("wordjudge: warning: the slip log has problems; run `wordjudge slips verify`");
    }
    Ok(Outcome::Success)
}

/// One slip in one line; station-controlled text with its control characters escaped.
fn print_line(s: &wordjudge::sliplog::Slip, zone: &clock::TimeZone) {
    let kind = match s.refers_to {
        Some(n) => format!("{} of {n}", s.kind),
        None => s.kind.to_string(),
    };
    outln!(
        "{:>6}  {:<24}  {:>5}  {:>5}  {:<20}  {:<12}  {:<12}  {}",
        s.slip,
        clock::local(s.time, zone),
        s.round.map_or("-".to_owned(), |r| r.to_string()),
        s.table.map_or("-".to_owned(), |t| t.to_string()),
        kind,
        shown(&s.division),
        s.verdict.to_string(),
        shown(&s.words.join(" "))
    );
}
