//! `wordjudge slips list [--last N]`: the slips in the log, one line each.

use std::path::Path;

use wordjudge::clock;
use wordjudge::config::Config;

use super::{util, CmdResult, Outcome};

pub fn run(config_path: &Path, last: Option<usize>) -> CmdResult {
    let config = Config::read(config_path)?;
    let contents = util::read_slips(&config)?;
    let skip = last.map_or(0, |n| contents.slips.len().saturating_sub(n));
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
    for s in contents.slips.iter().skip(skip) {
        let kind = match s.refers_to {
            Some(n) => format!("{} of {n}", s.kind),
            None => s.kind.to_string(),
        };
        outln!(
            "{:>6}  {:<24}  {:>5}  {:>5}  {:<20}  {:<12}  {:<12}  {}",
            s.slip,
            clock::local(&s.time).unwrap_or_else(|| s.time.clone()),
            s.round.map_or("-".to_owned(), |r| r.to_string()),
            s.table.map_or("-".to_owned(), |t| t.to_string()),
            kind,
            s.division,
            s.verdict.to_string(),
            s.words.join(" ")
        );
    }
    if contents.slips.is_empty() {
        outln!("(no slips yet in {})", config.station.slip_log.display());
    }
    if contents.unreadable > 0 || contents.torn.is_some() {
        errln!("wordjudge: warning: the slip log has problems; run `wordjudge slips verify`");
    }
    Ok(Outcome::Success)
}
