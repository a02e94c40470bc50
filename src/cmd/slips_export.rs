//! `wordjudge slips export --csv`: one row per slip, for spreadsheets. The per-word detail is
//! left out (it stays with the director).

use std::path::Path;

use wordjudge::clock;
use wordjudge::config::Config;

use super::{util, CmdResult, Outcome};

pub fn run(config_path: &Path) -> CmdResult {
    let config = Config::read(config_path)?;
    let contents = util::read_slips(&config)?;
    let mut out = csv::Writer::from_writer(super::out::Stdout);
    out.write_record([
        "slip",
        "time",
        "local_time",
        "station",
        "event",
        "round",
        "table",
        "kind",
        "refers_to",
        "division",
        "lexicons",
        "words",
        "verdict",
    ])?;
    for s in &contents.slips {
        let lexicons: Vec<String> = s
            .lexicons
            .iter()
            .map(|l| format!("{}:{}", l.code, l.sha256))
            .collect();
        out.write_record([
            s.slip.to_string(),
            s.time.clone(),
            clock::local(&s.time).unwrap_or_default(),
            s.station.clone(),
            s.event.clone().unwrap_or_default(),
            s.round.map(|r| r.to_string()).unwrap_or_default(),
            s.table.map(|t| t.to_string()).unwrap_or_default(),
            s.kind.to_string(),
            s.refers_to.map(|n| n.to_string()).unwrap_or_default(),
            s.division.clone(),
            lexicons.join(" "),
            s.words.join(" "),
            s.verdict.to_string(),
        ])?;
    }
    out.flush()?;
    Ok(Outcome::Success)
}
