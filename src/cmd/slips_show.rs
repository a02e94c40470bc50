//! `wordjudge slips show N [--explain]`: one slip in full; `--explain` adds the per-word detail.

use std::path::Path;

use wordjudge::base::clock;
use wordjudge::base::text::shown;
use wordjudge::config::Config;

use super::{util, CmdResult, Outcome};

#[derive(Debug, thiserror::Error)]
#[error("there is no slip {0} in {1}")]
struct NoSuchSlip(u64, String);

pub fn run(config_path: &Path, number: u64, explain: bool) -> CmdResult {
    let config = Config::read(config_path)?;
    let zone = config.zone();
    // Found by reading the log line by line, never holding it.
    let found = if util::no_log_yet(&config) {
        None
    } else {
        wordjudge::sliplog::find(&config.station.slip_log, number)?
    };
    let slip =
        found.ok_or_else(|| NoSuchSlip(number, config.station.slip_log.display().to_string()))?;
    let slip = &slip;
    outln!("slip       {}", slip.slip);
    outln!("verdict    {}", slip.verdict);
    outln!("words      {}", shown(&slip.words.join(" ")));
    outln!("kind       {}", slip.kind);
    if let Some(n) = slip.refers_to {
        outln!("refers to  slip {n}");
    }
    outln!("time       {}", slip.time);
    {
        outln!("local time {}", clock::local(slip.time, &zone));
    }
    outln!("station    {}", shown(&slip.station));
    if let Some(event) = &slip.event {
        outln!("event      {}", shown(event));
    }
    if let Some(round) = slip.round {
        outln!("round      {round}");
    }
    if let Some(table) = slip.table {
        outln!("table      {table}");
    }
    outln!("division   {}", shown(&slip.division));
    for (i, l) in slip.lexicons.iter().enumerate() {
        let label = if i == 0 { "lexicons" } else { "" };
        outln!("{label:<10} {} {}", shown(&l.code), shown(&l.sha256));
    }
    if explain {
        util::print_explanation(&slip.detail);
    }
    Ok(Outcome::Success)
}
