//! # wordjudge-station-files
//!
//! A station from its folder: the part of the station that reads and writes files, so that the
//! protocol (`wordjudge-protocol`) need not. It runs when the station starts and, through the
//! [`StationFiles`] it gives the station, when the director reloads, pins the station to a
//! division, sets the round, or is locked out; it prints dockets on a thread of its own.
//!
//! Every division is put through the in-service check ([`wordjudge_config::service`]); one that fails it is
//! out of service with the reason, and the others go on. A configuration that cannot be used at
//! all gives a station that is out of service, not an error: the screen tells players to call the
//! director, and the director's PIN is salvaged from the file when it can be, so that the director
//! can still get in.

#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};

pub mod stick_helper;

use wordjudge_config::service::InService;
use wordjudge_config::{self as config, Config};
use wordjudge_protocol::{Lockout, Settings, Setup, Station, StationFiles};
use wordjudge_sliplog::Slip;

/// The PIN attempts as [`wordjudge_base::layout::LOCKOUT`] holds it: the lock-out's end as a time, so that a restart
/// (or a power cut) does not shorten it.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct LockoutRecord {
    in_a_row: u32,
    lockouts: u32,
    /// UTC, RFC 3339; absent when not locked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    locked_until: Option<String>,
    since_visit: u32,
}

pub use wordjudge_base::layout::lockout_path;

/// The PIN attempts the last run recorded for the station at `config_path` (none: a fresh one). A
/// file that cannot be read or makes no sense is taken as the strictest it could mean: one
/// lock-out now, so that deleting part of it does not unlock the prompt.
fn read_lockout(config_path: &Path) -> (Lockout, Option<String>) {
    let path = lockout_path(config_path);
    let bytes = match wordjudge_base::fsutil::read_regular(&path, 4096) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Lockout::default(), None),
        Err(e) => return (strictest(), Some(format!("{}: {e}", path.display()))),
    };
    let Ok(record) = serde_json::from_slice::<LockoutRecord>(&bytes) else {
        return (
            strictest(),
            Some(format!("{}: not a lock-out record", path.display())),
        );
    };
    let locked_for_seconds = match record.locked_until.as_deref() {
        None => 0.0,
        Some(until) => match wordjudge_base::clock::parse(until) {
            Some(until) => {
                let minutes =
                    wordjudge_base::clock::minutes_between(wordjudge_base::clock::now(), until);
                (minutes * 60.0).clamp(0.0, wordjudge_protocol::PIN_LOCK_MAX_SECONDS)
            }
            None => {
                return (
                    strictest(),
                    Some(format!("{}: its time cannot be read", path.display())),
                )
            }
        },
    };
    let lockout = Lockout {
        in_a_row: record.in_a_row.min(wordjudge_protocol::PIN_TRIES),
        lockouts: record.lockouts.min(16),
        locked_for_seconds,
        since_visit: record.since_visit,
    };
    (lockout, None)
}

/// A lock-out now, as after five wrong PINs.
fn strictest() -> Lockout {
    Lockout {
        in_a_row: 0,
        lockouts: 1,
        locked_for_seconds: wordjudge_protocol::PIN_LOCK_SECONDS,
        since_visit: wordjudge_protocol::PIN_TRIES,
    }
}

/// The protocol's settings in `config`, with its event as the station's files say.
fn settings(config: &Config) -> Settings {
    let event = match wordjudge_event::status(config) {
        Ok(event) => event,
        Err(e) => Some(wordjudge_config::EventStatus {
            signed_by: None,
            name: String::new(),
            fingerprint: "????-????-????-????".into(),
            changed: vec![format!("the event manifest cannot be read: {e}")],
        }),
    };
    Settings::from_config(config, event)
}

/// Reads the configuration at `path`, verifies every lexicon of every division, and starts the
/// station; the director's reload reads `path` again, and pinning a division records it there.
/// The PIN attempts are the last run's ([`wordjudge_base::layout::LOCKOUT`]).
pub fn start(path: PathBuf) -> Station {
    prepare(path).start()
}

/// The station's files read and every lexicon verified ([`start`]'s work), on any thread: the
/// station program reads them while its window is made, then [`Prepared::start`]s the station.
pub struct Prepared {
    setup: Setup,
    files: FolderFiles,
}

/// Reads the configuration at `path` and verifies every lexicon of every division (see
/// [`start`]).
pub fn prepare(path: PathBuf) -> Prepared {
    // What an `event install` killed part-way left behind.
    wordjudge_event::install::tidy(&path);
    let mut files = FolderFiles::new(path);
    files.remember_printer();
    let mut setup = files.read();
    let (lockout, problem) = read_lockout(&files.path);
    if let Some(problem) = problem {
        log::warn!(
            "the PIN lock-out record cannot be used, so the prompt starts locked: {problem}"
        );
    }
    setup.lockout = lockout;
    Prepared { setup, files }
}

impl Prepared {
    /// The station, with what was read.
    pub fn start(self) -> Station {
        Station::from_setup(self.setup).with_files(Box::new(self.files))
    }
}

/// The station's `kiosk.toml`, and its printer.
struct FolderFiles {
    path: PathBuf,
    /// Dockets to print go to a thread of their own, one after another; their outcomes come
    /// back on `printed`.
    jobs: std::sync::mpsc::Sender<Job>,
    printed: std::sync::mpsc::Receiver<(u64, Result<(), String>)>,
    /// The printer, the event's name and zone and each division's language, as the
    /// configuration last read says.
    printer: Option<Printing>,
    /// The image's root helper for USB sticks (director mode).
    stick: stick_helper::StickHelper,
}

/// What printing a docket needs from the configuration.
struct Printing {
    printer: config::PrinterConfig,
    event: Option<String>,
    /// The hall's clock, the docket's time.
    zone: wordjudge_base::clock::TimeZone,
    /// Each division's language, by the division's name: a docket is in its slip's.
    languages: Vec<(String, wordjudge_lang::Language)>,
}

/// One docket to print: the slip, the printer, the event's name, the language, the zone.
type Job = (
    Slip,
    config::PrinterConfig,
    Option<String>,
    wordjudge_lang::Language,
    wordjudge_base::clock::TimeZone,
);

impl FolderFiles {
    fn new(path: PathBuf) -> FolderFiles {
        let (jobs, queue) = std::sync::mpsc::channel::<Job>();
        let (done, printed) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for (slip, printer, event, language, zone) in queue {
                let docket = wordjudge_docket::docket_in(&slip, event.as_deref(), language, &zone);
                let title = wordjudge_docket::job_title(&slip);
                let result = wordjudge_docket::print::print(&printer, &docket, &title)
                    .map_err(|e| e.to_string());
                if done.send((slip.slip, result)).is_err() {
                    return;
                }
            }
        });
        FolderFiles {
            path,
            jobs,
            printed,
            printer: None,
            stick: stick_helper::StickHelper::system(),
        }
    }

    /// The station the configuration describes; its printer remembered for the dockets.
    fn read(&self) -> Setup {
        read(&self.path)
    }

    fn remember_printer(&mut self) {
        self.printer = Config::read(&self.path).ok().and_then(|c| {
            let languages = c
                .divisions
                .values()
                .map(|d| (d.name.clone(), d.language))
                .collect();
            let zone = c.zone();
            c.printer.map(|printer| Printing {
                printer,
                event: c.event.name,
                zone,
                languages,
            })
        });
    }
}

impl StationFiles for FolderFiles {
    fn reload(&mut self) -> Setup {
        self.remember_printer();
        self.read()
    }

    fn pin_division(&mut self, division: Option<&str>) -> Result<(), String> {
        config::StationState::update(&self.path, |s| {
            s.division = Some(division.map(str::to_owned))
        })
    }

    fn record_round(&mut self, round: Option<u32>) -> Result<(), String> {
        config::StationState::update(&self.path, |s| s.round = Some(round))
    }

    fn print(&mut self, slip: &Slip) {
        if let Some(p) = &self.printer {
            let language = p
                .languages
                .iter()
                .find(|(name, _)| *name == slip.division)
                .map(|(_, l)| *l)
                .unwrap_or_default();
            let job = (
                slip.clone(),
                p.printer.clone(),
                p.event.clone(),
                language,
                p.zone.clone(),
            );
            if self.jobs.send(job).is_err() {
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

    fn ask_stick(&mut self, job: wordjudge_protocol::StickJob, pin: &str) -> Result<(), String> {
        self.stick.ask(job, pin)
    }

    fn stick_answer(&mut self) -> Option<(bool, String)> {
        self.stick.answer()
    }

    fn record_lockout(&mut self, lockout: &Lockout) -> Result<(), String> {
        let path = lockout_path(&self.path);
        let locked_until = (lockout.locked_for_seconds > 0.0).then(|| {
            // Rounded up to the second: a restart never shortens a lock-out.
            let seconds = lockout.locked_for_seconds.ceil() as i64;
            (wordjudge_base::clock::stamp() + jiff::SignedDuration::from_secs(seconds)).to_string()
        });
        let record = LockoutRecord {
            in_a_row: lockout.in_a_row,
            lockouts: lockout.lockouts,
            locked_until,
            since_visit: lockout.since_visit,
        };
        let mut bytes = serde_json::to_vec(&record).map_err(|e| e.to_string())?;
        bytes.push(b'\n');
        wordjudge_base::fsutil::write_atomically(&path, &bytes)
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// The station the configuration at `path` describes, or one out of service saying why.
pub fn read(path: &Path) -> Setup {
    match Config::read(path) {
        Ok(config) => from_config(&config),
        Err(e) => {
            // A station that has no configuration because its install installed nothing says
            // why (its image's first boot: no stick, another key's bundle, two sticks).
            let reason = match install_report(path) {
                Some(report) if !path.exists() => report,
                _ => on_screen(&e),
            };
            let mut setup = Setup::broken(reason);
            if !path.exists() {
                setup.number_wanted = number_wanted(path);
            }
            setup.settings.pin = config::salvage_pin(path);
            setup.settings.zone = wordjudge_base::clock::machine_zone();
            setup
        }
    }
}

/// Why the configuration cannot be used, in words a director at the station's screen can act
/// on: the station has no shell, so no command-line hint (`--config`, `WORDJUDGE_CONFIG`).
fn on_screen(e: &config::ConfigError) -> String {
    match e {
        config::ConfigError::Io { source, .. }
            if source.kind() == std::io::ErrorKind::NotFound =>
        {
            "no event is installed at this station: put in the USB stick that holds the event's wordjudge-event folder, and restart the station".to_string()
        }
        config::ConfigError::Io { path, source } => format!(
            "the station's configuration {} cannot be read ({source}): install the event again from its USB stick",
            path.display()
        ),
        other => other.to_string(),
    }
}

/// The event a station image's first boot would install at the station of `config` once the
/// director gives its number (`layout::NUMBER_WANTED`, root's file: one written by anyone else is
/// not asked on).
fn number_wanted(config: &Path) -> Option<String> {
    let path = wordjudge_base::layout::number_wanted_path(config);
    if wordjudge_base::fsutil::foreign_owner(&path).is_some() {
        log::warn!("{} is not root's: no station number asked", path.display());
        return None;
    }
    let text = wordjudge_base::fsutil::read_regular_to_string(&path, 1024).ok()?;
    let name = text.lines().next().unwrap_or("").trim();
    Some(wordjudge_base::text::shown(name).into_owned())
}

/// Why the last install at the station of `config` installed nothing, if it said (plain text,
/// one paragraph).
fn install_report(config: &Path) -> Option<String> {
    let path = wordjudge_base::layout::install_report_path(config);
    let text = wordjudge_base::fsutil::read_regular_to_string(&path, 4096).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| wordjudge_base::text::shown(text).into_owned())
}

/// The station `config` describes, every lexicon put through the in-service check now. A
/// station installed from an event bundle with the published demo PIN or station id is out of
/// service: every station of the event could be opened with the README's PIN.
pub fn from_config(config: &Config) -> Setup {
    let divisions = wordjudge_protocol::setup::division_slots(config, &mut InService::default());
    let log = wordjudge_event::slip_log(config);
    let settings = settings(config);
    let broken = settings
        .event
        .is_some()
        .then(|| config.demo_settings())
        .flatten()
        .map(|problem| format!("this station was installed from an event bundle, but {problem}"));
    Setup {
        settings,
        divisions,
        adjudicator: wordjudge_event::adjudicator_for(config, Some(log)),
        broken,
        number_wanted: None,
        lockout: Lockout::default(),
    }
}

#[cfg(test)]
mod tests;
