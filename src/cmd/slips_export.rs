//! `wordjudge slips export --csv`: one row per slip, for spreadsheets. The per-word detail is
//! left out (it stays with the director).

use std::path::Path;

use wordjudge::config::Config;

use super::{util, CmdResult, Outcome};

pub fn run(config_path: &Path) -> CmdResult {
    let config = Config::read(config_path)?;
    let zone = config.zone();
    let records = util::slips(&config)?;
    let mut out = csv::Writer::from_writer(super::out::Stdout);
    out.write_record(util::SLIP_COLUMNS)?;
    // Streamed: a log of any length costs the buffer of one line.
    for s in records.into_iter().flatten() {
        out.write_record(util::slip_row(&s?, &zone))?;
    }
    out.flush()?;
    Ok(Outcome::Success)
}
