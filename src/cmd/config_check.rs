//! `wordjudge config check`: every problem in the configuration at once, and a summary.

use std::path::Path;

use wordjudge::config::{Config, ConfigError, Problem};

use super::{CmdResult, Outcome};

pub fn run(config_path: &Path) -> CmdResult {
    let config = match Config::read(config_path) {
        Ok(config) => config,
        Err(ConfigError::Invalid { problems, .. }) => return Ok(report(config_path, &problems)),
        Err(e) => return Err(e.into()),
    };
    if !config.file_problems.is_empty() {
        return Ok(report(config_path, &config.file_problems));
    }
    // Allowed, but not proven to work: said first, and not called OK.
    for w in &config.warnings {
        outln!(
            "{}:{}:{}: warning: {}",
            config_path.display(),
            w.line,
            w.column,
            w.message
        );
    }
    let verdict = match config.warnings.len() {
        0 => "OK".to_owned(),
        n => format!("usable, with {n} warning(s) above"),
    };
    outln!(
        "{}: {verdict} — station {}, {} lexicon(s), {} division(s), slip log {}",
        config_path.display(),
        config.station.id,
        config.lexicons.len(),
        config.divisions.len(),
        config.station.slip_log.display()
    );
    if let Some(division) = &config.station.division {
        outln!(
            "note: the station is pinned to division {division}: every challenge is judged in it"
        );
    }
    for note in &config.notes {
        outln!("note: {note}");
    }
    if let Some(demo) = config.demo_settings() {
        outln!(
            "WARNING: this is the demo's configuration: {demo}. `event pack` refuses the demo PIN, `event install` the demo station id (each station gets its own with --station), and a station installed with either is out of service."
        );
    }
    match &config.station.director_pin {
        None => outln!(
            "note: no director PIN is set; set one with `wordjudge pin set` before the event"
        ),
        Some(pin) if pin.is_legacy() => outln!(
            "note: the director PIN is stored the older way (salted SHA-256); set it again with \
             `wordjudge pin set` to store it as an Argon2id password hash"
        ),
        Some(_) => {}
    }
    outln!("(run `wordjudge lexicon verify` to check the lexicon files themselves)");
    Ok(Outcome::Success)
}

/// Prints every problem with its position; a check with problems is a negative answer.
fn report(path: &Path, problems: &[Problem]) -> Outcome {
    for p in problems {
        outln!("{}:{}:{}: {}", path.display(), p.line, p.column, p.message);
    }
    outln!("{} problem(s) in {}", problems.len(), path.display());
    Outcome::Negative
}
