//! `wordjudge slips list [--last N]`: the slips in the log, one line each.

use std::path::Path;

use wordjudge::config::Config;

use super::{util, CmdResult, Outcome};

pub fn run(config_path: &Path, last: Option<usize>) -> CmdResult {
    let config = Config::read(config_path)?;
    let contents = util::read_slips(&config)?;
    let skip = last.map_or(0, |n| contents.slips.len().saturating_sub(n));
    println!(
        "{:>6}  {:<20}  {:<20}  {:<12}  {:<12}  WORDS",
        "SLIP", "TIME (UTC)", "KIND", "DIVISION", "VERDICT"
    );
    for record in contents.slips.iter().skip(skip) {
        let s = &record.slip;
        let kind = match s.refers_to {
            Some(n) => format!("{} of {n}", s.kind),
            None => s.kind.to_string(),
        };
        println!(
            "{:>6}  {:<20}  {:<20}  {:<12}  {:<12}  {}",
            s.slip,
            s.time,
            kind,
            s.division,
            s.verdict.to_string(),
            s.words.join(" ")
        );
    }
    if contents.slips.is_empty() {
        println!("(no slips yet in {})", config.station.slip_log.display());
    }
    if !contents.unreadable.is_empty() || contents.torn.is_some() {
        eprintln!("wordjudge: warning: the slip log has problems; run `wordjudge slips verify`");
    }
    Ok(Outcome::Success)
}
