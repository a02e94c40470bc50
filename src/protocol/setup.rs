//! A station from `kiosk.toml`: the one part of the protocol that reads and writes files. It runs
//! when the station starts and, through the [`StationFiles`] it gives the station, when the
//! director reloads or pins the station to a division; the state machine itself never touches
//! the configuration.
//!
//! Every division is put through the in-service check ([`crate::service`]); one that fails it is
//! out of service with the reason, and the others go on. A configuration that cannot be used at
//! all gives a station that is out of service, not an error: the screen tells players to call the
//! director, and the director's PIN is salvaged from the file when it can be, so that the director
//! can still get in.

use std::path::{Path, PathBuf};

use super::view::edition_line;
use super::{DivisionSlot, Settings, Station, StationFiles};
use crate::adjudicate::Adjudicator;
use crate::config::{self, Config, Document, Screen, MAX_WORDS};
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
            screen: config.screen.clone(),
            max_words: config.station.max_words,
            pin: config.station.director_pin.clone(),
            division: config.station.division.clone(),
        }
    }
}

/// Reads the configuration at `path`, verifies every lexicon of every division, and starts the
/// station; the director's reload reads `path` again, and pinning a division records it there.
pub fn start(path: PathBuf) -> Station {
    Station::from_setup(read(&path)).with_files(Box::new(KioskFiles(path)))
}

/// The station's `kiosk.toml`.
struct KioskFiles(PathBuf);

impl StationFiles for KioskFiles {
    fn reload(&mut self) -> Setup {
        read(&self.0)
    }

    fn pin_division(&mut self, division: Option<&str>) -> Result<(), String> {
        let mut doc = Document::read(&self.0).map_err(|e| e.to_string())?;
        doc.record_division(division).map_err(|e| e.to_string())?;
        doc.write().map_err(|e| e.to_string())
    }
}

/// The station the configuration at `path` describes, or one out of service saying why.
pub fn read(path: &Path) -> Setup {
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
            division: None,
        },
        divisions: Vec::new(),
        adjudicator: Adjudicator::new("", None),
        broken: Some(reason),
    }
}
