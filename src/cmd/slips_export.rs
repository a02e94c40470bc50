//! `wordjudge slips export --csv`: one row per slip, for spreadsheets. The per-word detail is
//! left out (it stays with the director). The last column, `event_name`, names the event of the
//! slip's fingerprint (the event installed here; without one, `[event] name`).

use std::path::Path;

use wordjudge::base::text::csv_cell;
use wordjudge::config::Config;

use super::{util, CmdResult, Outcome};

pub fn run(config_path: &Path) -> CmdResult {
    let config = Config::read(config_path)?;
    let zone = config.zone();
    let records = util::slips(&config)?;
    let mut names = std::collections::BTreeMap::new();
    util::event_names(&config, &mut names);
    let mut out = csv::Writer::from_writer(super::out::Stdout);
    let mut header = util::SLIP_COLUMNS.to_vec();
    header.push("event_name");
    out.write_record(header)?;
    // Streamed: a log of any length costs the buffer of one line.
    for s in records.into_iter().flatten() {
        let s = s?;
        let mut row = util::slip_row(&s, &zone);
        row.push(csv_cell(&util::event_name(&names, &s)).into_owned());
        out.write_record(row)?;
    }
    out.flush()?;
    Ok(Outcome::Success)
}
