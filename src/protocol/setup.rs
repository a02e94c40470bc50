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
use crate::sliplog::{Slip, SlipLog};

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
            event: match crate::event::status(config) {
                Ok(event) => event,
                Err(e) => Some(crate::event::EventStatus {
                    name: String::new(),
                    fingerprint: "????-????".into(),
                    changed: vec![format!("the event manifest cannot be read: {e}")],
                }),
            },
        }
    }
}

/// Reads the configuration at `path`, verifies every lexicon of every division, and starts the
/// station; the director's reload reads `path` again, and pinning a division records it there.
pub fn start(path: PathBuf) -> Station {
    let mut files = KioskFiles::new(path);
    files.remember_printer();
    Station::from_setup(files.read()).with_files(Box::new(files))
}

/// The station's `kiosk.toml`, and its printer.
struct KioskFiles {
    path: PathBuf,
    /// Dockets to print go to a thread of their own, one after another; their outcomes come
    /// back on `printed`.
    jobs: std::sync::mpsc::Sender<Job>,
    printed: std::sync::mpsc::Receiver<(u64, Result<(), String>)>,
    /// The printer and the event's name, as the configuration last read says.
    printer: Option<(config::PrinterConfig, Option<String>)>,
}

/// One docket to print: the slip, the printer, the event's name.
type Job = (Slip, config::PrinterConfig, Option<String>);

impl KioskFiles {
    fn new(path: PathBuf) -> KioskFiles {
        let (jobs, queue) = std::sync::mpsc::channel::<Job>();
        let (done, printed) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for (slip, printer, event) in queue {
                let docket = crate::docket::docket(&slip, event.as_deref());
                let title = crate::docket::job_title(&slip);
                let result =
                    crate::print::print(&printer, &docket, &title).map_err(|e| e.to_string());
                if done.send((slip.slip, result)).is_err() {
                    return;
                }
            }
        });
        KioskFiles {
            path,
            jobs,
            printed,
            printer: None,
        }
    }

    /// The station the configuration describes; its printer remembered for the dockets.
    fn read(&self) -> Setup {
        read(&self.path)
    }

    fn remember_printer(&mut self) {
        self.printer = Config::read(&self.path)
            .ok()
            .and_then(|c| c.printer.map(|p| (p, c.event.name)));
    }

    fn edit(
        &self,
        change: impl FnOnce(&mut Document) -> Result<(), config::ConfigError>,
    ) -> Result<(), String> {
        let mut doc = Document::read(&self.path).map_err(|e| e.to_string())?;
        change(&mut doc).map_err(|e| e.to_string())?;
        doc.write().map_err(|e| e.to_string())
    }
}

impl StationFiles for KioskFiles {
    fn reload(&mut self) -> Setup {
        self.remember_printer();
        self.read()
    }

    fn pin_division(&mut self, division: Option<&str>) -> Result<(), String> {
        self.edit(|doc| doc.record_division(division))
    }

    fn record_round(&mut self, round: Option<u32>) -> Result<(), String> {
        self.edit(|doc| doc.record_round(round))
    }

    fn print(&mut self, slip: &Slip) {
        if let Some((printer, event)) = &self.printer {
            if self
                .jobs
                .send((slip.clone(), printer.clone(), event.clone()))
                .is_err()
            {
                log::error!(
                    "the printing thread has stopped: docket for slip {} not printed",
                    slip.slip
                );
            }
        }
    }

    fn printed(&mut self) -> Vec<(u64, Result<(), String>)> {
        self.printed.try_iter().collect()
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
        adjudicator: Adjudicator::for_station(config, Some(log)),
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
            event: None,
        },
        divisions: Vec::new(),
        adjudicator: Adjudicator::new("", None),
        broken: Some(reason),
    }
}
