//! `wordjudge slips anchor`: the anchor of the last slip, for the director to write down at the
//! end of a round (`slips verify --anchor N:CODE` checks it later).

use std::path::Path;

use wordjudge::config::Config;
use wordjudge::sliplog::{self, Anchor};

use super::{util, CmdResult, Outcome};

pub fn run(config_path: &Path) -> CmdResult {
    let config = Config::read(config_path)?;
    let zone = config.zone();
    let path = &config.station.slip_log;
    if util::no_log_yet(&config) {
        outln!(
            "slip log {}: no slips yet, nothing to anchor",
            path.display()
        );
        return Ok(Outcome::Negative);
    }
    let verification = sliplog::verify(path)?;
    let Some(last) = sliplog::read_last(path, 1)?.pop() else {
        outln!(
            "slip log {}: no slips yet, nothing to anchor",
            path.display()
        );
        return Ok(Outcome::Negative);
    };
    let anchor = Anchor::of(&last);
    outln!("{anchor}");
    outln!(
        "station {}, slip {}, {}{} — write it down; `wordjudge slips verify --anchor {anchor}` checks the log still holds it",
        last.station,
        last.slip,
        wordjudge::base::clock::local(last.time, &zone),
        last.round.map(|r| format!(", round {r}")).unwrap_or_default(),
    );
    if verification.first_bad.is_some() || verification.head_problem.is_some() {
        errln!(
            "wordjudge: warning: the slip log does not verify: run `wordjudge slips verify` before relying on this anchor"
        );
        return Ok(Outcome::Negative);
    }
    Ok(Outcome::Success)
}
