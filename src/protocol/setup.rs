//! A station from `kiosk.toml`: the one part of the protocol that reads files. It runs when the
//! station starts and, through the [`Reload`] it gives the station, when the director reloads;
//! the state machine itself never reads the configuration.
//!
//! Every division is put through the in-service check ([`crate::service`]); one that fails it is
//! out of service with the reason, and the others go on. A configuration that cannot be used at
//! all gives a station that is out of service, not an error: the screen tells players to call the
//! director, and the director's PIN is salvaged from the file when it can be, so that the director
//! can still get in.

use std::path::PathBuf;

use super::view::edition_line;
use super::{DivisionSlot, Reload, Settings, Station};
use crate::adjudicate::Adjudicator;
use crate::config::{self, Config, JudgeKey, Screen, MAX_WORDS};
use crate::service::InService;
use crate::sliplog::SlipLog;

/// What a station is made of.
#[derive(Debug)]
pub struct Setup {
    pub settings: Settings,
    pub divisions: Vec<DivisionSlot>,
    pub adjudicator: Adjudicator,
    /// Why the whole station is out of service (a configuration that cannot be used), if it is.
    pub broken: Option<String>,
}

impl Settings {
    /// The protocol's settings in `config`.
    pub fn from_config(config: &Config) -> Settings {
        Settings {
            judge_on_enter: config.screen.judge_keys.contains(&JudgeKey::Enter),
            screen: config.screen.clone(),
            max_words: config.station.max_words,
            pin: config.station.director_pin.clone(),
        }
    }
}

/// Reads the configuration at `path`, verifies every lexicon of every division, and starts the
/// station; the director's reload reads `path` again.
pub fn start(path: PathBuf) -> Station {
    let reload_path = path.clone();
    Station::from_setup(read(&path)).with_reload(Reload(Box::new(move || read(&reload_path))))
}

/// The station the configuration at `path` describes, or one out of service saying why.
pub fn read(path: &std::path::Path) -> Setup {
    match Config::read(path) {
        Ok(config) => from_config(&config),
        Err(e) => {
            let mut setup = broken(e.to_string());
            setup.settings.pin = config::salvage_pin(path);
            setup
        }
    }
}

/// The station `config` describes, every lexicon put through the in-service check now.
pub fn from_config(config: &Config) -> Setup {
    let mut service = InService::default();
    let divisions = config
        .divisions
        .values()
        .map(|dc| {
            let state = service.division(config, dc);
            let lex = &config.lexicons[&dc.primary];
            let edition = match service.lexicon(config, &dc.primary) {
                Ok(checked) => edition_line(&checked.recognition),
                Err(_) => lex.edition.clone().unwrap_or_default(),
            };
            DivisionSlot {
                name: dc.name.clone(),
                label: dc.title.clone().unwrap_or_else(|| dc.name.clone()),
                header: format!("{} · {} · {}", lex.code, lex.title, edition),
                state,
            }
        })
        .collect();
    let log = SlipLog::new(&config.station.slip_log);
    Setup {
        settings: Settings::from_config(config),
        divisions,
        adjudicator: Adjudicator::new(&config.station.id, Some(log)),
        broken: None,
    }
}

/// A station out of service for `reason`, with default settings and no PIN.
pub fn broken(reason: String) -> Setup {
    Setup {
        settings: Settings {
            screen: Screen::default(),
            max_words: MAX_WORDS,
            pin: None,
            judge_on_enter: false,
        },
        divisions: Vec::new(),
        adjudicator: Adjudicator::new("", None),
        broken: Some(reason),
    }
}
