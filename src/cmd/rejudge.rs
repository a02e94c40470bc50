//! `wordjudge rejudge N`: a second opinion on slip N against the current lexicons (the
//! division's second-opinion lexicon if it has one), recorded as a slip linked to N.
//!
//! Exit status: 0 the verdicts agree, 1 they differ (the director decides), 2 error, 3 judged but
//! the new slip could not be written.

use std::path::Path;

use wordjudge::config::service;
use wordjudge::config::Config;
use wordjudge::lexicon::judge::Challenge;

use super::{util, CmdResult, Outcome};

#[derive(Debug, thiserror::Error)]
enum RejudgeError {
    #[error("there is no slip {0} in {1}")]
    NoSuchSlip(u64, String),
}

pub fn run(config_path: &Path, number: u64, explain: bool) -> CmdResult {
    let config = Config::read(config_path)?;
    util::init_logging(&config);
    // Found by reading the log line by line, never holding it.
    let found = if util::no_log_yet(&config) {
        None
    } else {
        wordjudge::sliplog::find(&config.station.slip_log, number)?
    };
    let original = &found.ok_or_else(|| {
        RejudgeError::NoSuchSlip(number, config.station.slip_log.display().to_string())
    })?;
    let division = service::division(&config, Some(&original.division))?;
    let challenge = Challenge::parse_in(
        division.rules.alphabet(),
        &original.words,
        original.words.len().max(1),
    )?;
    util::may_write_slip_log(&config)?;
    let mut adjudicator =
        wordjudge::event::adjudicator_for(&config, Some(wordjudge::event::slip_log(&config)));
    // The slip's own words in its own division: the same function the station uses, so both
    // always agree.
    let opinion = adjudicator.second_opinion(&division, &challenge, original)?;
    util::print_log_alerts(&mut adjudicator);
    let rules = division.second_opinion_rules();

    outln!("{}", opinion.adjudication.verdict);
    let recorded = match &opinion.adjudication.slip {
        Ok(Some(slip)) => format!("recorded as slip {}", slip.slip),
        _ => "SLIP NOT WRITTEN".to_owned(),
    };
    outln!(
        "second opinion on slip {number}, {recorded} · division {} · {}",
        division.name,
        util::describe_rules(rules)
    );
    if opinion.agrees() {
        outln!("AGREES with slip {number} ({})", opinion.original);
    } else {
        outln!(
            "VERDICTS DIFFER — the director decides (slip {number} was {})",
            opinion.original
        );
    }
    if explain {
        util::print_explanation(&rules.explain_for_director(&challenge));
    }
    if let Err(e) = &opinion.adjudication.slip {
        errln!("wordjudge: error: {e}");
        errln!("wordjudge: error: the second opinion above stands, but its slip was NOT recorded");
        return Ok(Outcome::LogFailed);
    }
    Ok(if opinion.agrees() {
        Outcome::Success
    } else {
        Outcome::Negative
    })
}
