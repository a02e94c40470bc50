//! `wordjudge config check`: every problem in the configuration at once, and a summary.

use std::path::Path;

use wordjudge::config::{Config, ConfigError, Problem};

use super::{CmdResult, Outcome};

pub fn run(config_path: &Path) -> CmdResult {
    let config = match Config::read(config_path) {
        Ok(config) => config,
        Err(ConfigError::Invalid { problems, .. }) => {
            for p in &problems {
                println!(
                    "{}:{}:{}: {}",
                    config_path.display(),
                    p.line,
                    p.column,
                    p.message
                );
            }
            println!("{} problem(s) in {}", problems.len(), config_path.display());
            return Ok(Outcome::Negative);
        }
        Err(e) => return Err(e.into()),
    };
    for p in &config.file_problems {
        println!(
            "{}:{}:{}: {}",
            config_path.display(),
            p.line,
            p.column,
            p.message
        );
    }
    if !config.file_problems.is_empty() {
        println!(
            "{} problem(s) in {}",
            config.file_problems.len(),
            config_path.display()
        );
        return Ok(Outcome::Negative);
    }
    println!(
        "{}: OK — station {}, {} lexicon(s), {} division(s), slip log {}",
        config_path.display(),
        config.station.id,
        config.lexicons.len(),
        config.divisions.len(),
        config.station.slip_log.display()
    );
    if config.station.director_pin.is_none() {
        println!("note: no director PIN is set; set one with `wordjudge pin set` before the event");
    }
    println!("(run `wordjudge lexicon verify` to check the lexicon files themselves)");
    Ok(Outcome::Success)
}

/// Prints every problem with its position; a check with problems is a negative answer.
fn report(path: &Path, problems: &[Problem]) -> Outcome {
    for p in problems {
        println!("{}:{}:{}: {}", path.display(), p.line, p.column, p.message);
    }
    println!("{} problem(s) in {}", problems.len(), path.display());
    Outcome::Negative
}
