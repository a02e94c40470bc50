//! `wordjudge pin set`: store the director's PIN, as an Argon2id password hash, in the
//! configuration.
//!
//! At a terminal the PIN is typed twice without echo; otherwise the first line of standard input
//! is used (for scripted setup of many stations).

use std::io::{BufRead, IsTerminal};
use std::path::Path;

use wordjudge::config::{self, Config, ConfigError, PinHash};

use super::{CmdResult, Outcome};

#[derive(Debug, thiserror::Error)]
enum PinError {
    #[error("a PIN is 4 to 12 digits")]
    Invalid,
    #[error("the two PINs typed differ; nothing was changed")]
    Mismatch,
    #[error("no PIN on standard input")]
    Missing,
    #[error(transparent)]
    Hash(#[from] config::PinError),
}

pub fn run(config_path: &Path) -> CmdResult {
    // The configuration must be readable before a PIN is written into it — except a malformed
    // director_pin, which is exactly what this command replaces.
    match Config::read(config_path) {
        Err(ConfigError::Invalid { problems, .. })
            if problems
                .iter()
                .all(|p| p.message.starts_with("director_pin")) => {}
        Err(e) => return Err(e.into()),
        Ok(_) => {}
    }
    let pin = if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password(
            "New director PIN (4-12 digits; 8 or more for an event's bundle): ",
        )?;
        let second = rpassword::prompt_password("Type it again: ")?;
        if first != second {
            return Err(PinError::Mismatch.into());
        }
        first
    } else {
        std::io::stdin()
            .lock()
            .lines()
            .next()
            .ok_or(PinError::Missing)??
    };
    let pin = pin.trim();
    if !PinHash::valid_pin(pin) {
        return Err(PinError::Invalid.into());
    }
    let hash = PinHash::new(pin).map_err(PinError::Hash)?;
    config::record_pin(config_path, &hash)?;
    outln!("Director PIN set in {}", config_path.display());
    // Fine for a club's station; an event's bundle carries the hash to every stick.
    if let Some(problem) = hash.event_problem() {
        outln!("note: `wordjudge event pack` will refuse this PIN: {problem}");
    }
    Ok(Outcome::Success)
}
