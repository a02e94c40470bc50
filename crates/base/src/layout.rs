//! Where a station's files are: every file of a station folder named once here, with its role
//! ([`Role`]) — the configuration and its lock, each lexicon and its content memo, the slip log
//! and its head, the diagnostic log, the docket printer, the event manifest and its signature,
//! the trusted key, the PIN lock-out record — and the one list of them ([`Paths::files`]) that
//! the configuration check, the editor of `kiosk.toml` and every command's outputs are held to.
//!
//! A path is resolved to where it really is ([`Place`], `crate::place`: a hard link, a symbolic
//! link or a path through `..` is the file it leads to, even before it exists). Two roles naming one file are refused by the
//! configuration check, which every command, `event install` and the station's start go
//! through ([`StationMap::conflicts`]); what a command writes besides the station's files — a
//! bundle, an export, a report — is checked against the map before it is written
//! ([`StationMap::refuse_output`]), so an output never lands on a station file.
//!
//! Two lexicon codes may name one `.fst` file (they are the same list); nothing else may share.
//!
//! A station folder is laid out by who writes each file ([`Role::writer`]). A folder split in two
//! has a folder [`OWN`] inside it: the station's account writes there only (its slip log and
//! head, its diagnostic log, `station-state.json`, the lock-out record), and the folder itself is
//! root's, where the account cannot create a name (`root:wordjudge 755`: the package, the image).
//! A flat folder (no `own/`: a director's own folder, one account writes it all) keeps every file
//! beside `kiosk.toml`. [`own_dir`] says which; a relative `slip_log` or `diagnostic_log` in
//! `kiosk.toml` is relative to it.
//!
//! This module knows names and paths only: it reads no configuration (the configuration fills
//! [`Paths`]) and opens no file (but `stat`s them, to tell where a path leads).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

pub use crate::place::Place;

/// The configuration's name in a station folder (and when neither `--config` nor
/// `WORDJUDGE_CONFIG` names one).
pub const CONFIG: &str = "kiosk.toml";
/// The slip log when `[station] slip_log` is not set, in the station's own folder ([`own_dir`]).
pub const SLIP_LOG: &str = "slips.jsonl";
/// The folder of the files the station's account writes, inside a station folder split by who
/// writes it (see the module's documentation).
pub const OWN: &str = "own";
/// The wrong PINs root's stick helper was given, beside the configuration (root's: the station's
/// account, which writes the helper's requests, must not be able to reset it).
pub const HELPER_TRIES: &str = "stick-pin-tries.json";
/// The PIN lock-out record, in the station's own folder ([`own_dir`]).
pub const LOCKOUT: &str = "director-lockout.json";
// The manifest's and a signature's names, spelled once for the constants below.
macro_rules! manifest {
    () => {
        "event.toml"
    };
}
macro_rules! signature_suffix {
    () => {
        ".minisig"
    };
}
/// The event manifest's name inside a bundle, and beside the configuration when `[event]
/// manifest` does not name the one `event install` wrote.
pub const MANIFEST: &str = manifest!();
/// The director's signature of the manifest, inside a bundle.
pub const MANIFEST_SIGNATURE: &str = concat!(manifest!(), signature_suffix!());
/// The public key whose bundles the station installs, beside the configuration.
pub(crate) const TRUSTED_KEY: &str = "event-key.pub";
/// The station's own signing key, which signs every slip it writes, beside the configuration.
pub(crate) const STATION_KEY: &str = "station.key";
/// What the director set at the station (the round, the pinned division), in the station's own
/// folder ([`own_dir`]).
pub(crate) const STATION_STATE: &str = "station-state.json";
/// Why the last install at the station (its image's first boot) installed nothing, for its
/// OUT OF SERVICE screen.
pub const INSTALL_REPORT: &str = "install-report.txt";
/// The event a station image's first boot found on a stick that names no station (its name, one
/// line): the station asks the director for this machine's number, then root's helper installs.
pub const NUMBER_WANTED: &str = "station-number-wanted.txt";
/// The folder of a station's lexicon files, beside the configuration.
pub const LEXICONS: &str = "lexicons";
/// The folder, beside the configuration, where the slip logs of the events the station ran
/// before are kept, one folder per event: `events/FINGERPRINT/slips.jsonl`, never written again.
pub const PAST_EVENTS: &str = "events";
/// The folder on a USB stick that the station's logs are copied to, one folder per station.
pub const LOGS_FOLDER: &str = "wordjudge-logs";
/// What a signature file's name adds to the name of the file it signs (minisign's own).
pub const SIGNATURE_SUFFIX: &str = signature_suffix!();
const LOCK_SUFFIX: &str = ".lock";
const HEAD_SUFFIX: &str = ".head";
const MEMO_SUFFIX: &str = ".content";

/// The folder of the station configured at `config`: relative paths in `kiosk.toml` are
/// relative to it.
pub fn base_dir(config: &Path) -> &Path {
    config.parent().unwrap_or(Path::new(""))
}

/// The folder the station's account writes in, for the station configured at `config`: `own/`
/// beside it when that name is there (a folder split by who writes it; a link or a file there
/// is still taken as the split, so that root's reads of it meet the link and refuse it), else
/// the configuration's own folder (a flat folder).
pub fn own_dir(config: &Path) -> PathBuf {
    own_dir_in(base_dir(config))
}

/// [`own_dir`] of the station folder `base`.
pub fn own_dir_in(base: &Path) -> PathBuf {
    let own = base.join(OWN);
    match std::fs::symlink_metadata(&own) {
        Ok(_) => own,
        Err(_) => base.to_owned(),
    }
}

/// The lock file beside a configuration, held while it is read, changed and written again.
pub fn config_lock_path(config: &Path) -> PathBuf {
    suffixed(config, LOCK_SUFFIX)
}

/// The PIN lock-out record of the station configured at `config`.
pub fn lockout_path(config: &Path) -> PathBuf {
    own_dir(config).join(LOCKOUT)
}

/// The count of wrong PINs root's stick helper was given, for the station configured at `config`.
pub fn helper_tries_path(config: &Path) -> PathBuf {
    base_dir(config).join(HELPER_TRIES)
}

/// The trusted-key file of the station configured at `config`.
pub fn trusted_key_path(config: &Path) -> PathBuf {
    base_dir(config).join(TRUSTED_KEY)
}

/// The install report of the station configured at `config`.
pub fn install_report_path(config: &Path) -> PathBuf {
    base_dir(config).join(INSTALL_REPORT)
}

/// The number-wanted file ([`NUMBER_WANTED`]) of the station configured at `config`.
pub fn number_wanted_path(config: &Path) -> PathBuf {
    base_dir(config).join(NUMBER_WANTED)
}

/// The folder holding the slip log of the event `fingerprint` the station configured at
/// `config` ran before (`events/FINGERPRINT`, or `events/FINGERPRINT-N` when that event was
/// left more than once).
pub fn past_event_dir(config: &Path, fingerprint: &str, n: u32) -> PathBuf {
    let name = match n {
        0 | 1 => fingerprint.to_owned(),
        n => format!("{fingerprint}-{n}"),
    };
    base_dir(config).join(PAST_EVENTS).join(name)
}

/// The state the director set at the station configured at `config`.
pub fn state_path(config: &Path) -> PathBuf {
    own_dir(config).join(STATION_STATE)
}

/// The station key of the station configured at `config`.
pub fn station_key_path(config: &Path) -> PathBuf {
    base_dir(config).join(STATION_KEY)
}

/// The event manifest of the station configured at `config` when `[event] manifest` names none.
pub fn default_manifest_path(config: &Path) -> PathBuf {
    base_dir(config).join(MANIFEST)
}

/// The director's signature of `file` (the event manifest), beside it.
pub fn signature_path(file: &Path) -> PathBuf {
    suffixed(file, SIGNATURE_SUFFIX)
}

/// The head of the slip log at `log`: `<log>.head`.
pub fn head_path(log: &Path) -> PathBuf {
    suffixed(log, HEAD_SUFFIX)
}

/// The content memo of the lexicon file `file`: `CODE.fst.content`.
pub fn memo_path(file: &Path) -> PathBuf {
    suffixed(file, MEMO_SUFFIX)
}

/// The lexicon file `memo` is the content memo of, if it is one.
pub fn memo_of(memo: &Path) -> Option<PathBuf> {
    let name = memo.file_name()?.to_str()?.strip_suffix(MEMO_SUFFIX)?;
    Some(memo.with_file_name(name))
}

/// Where `lexicon add` writes lexicon `code` in the station configured at `config`:
/// `lexicons/CODE.fst`.
pub fn added_lexicon_path(config: &Path, code: &str) -> PathBuf {
    base_dir(config).join(LEXICONS).join(format!("{code}.fst"))
}

/// The name a bundle's lexicon is installed under, relative to the station folder:
/// `lexicons/CODE-` and the first 16 hex digits of its SHA-256, `.fst` — a new bundle's
/// lexicons never replace the running station's in place.
pub fn installed_lexicon_name(code: &str, sha256: &str) -> String {
    format!("{LEXICONS}/{code}-{}.fst", &sha256[..16.min(sha256.len())])
}

/// Whether `name` (a file name in `lexicons/`) is one `event install` gives.
pub fn is_installed_lexicon_name(name: &str) -> bool {
    name.strip_suffix(".fst")
        .and_then(|n| n.rsplit_once('-'))
        .is_some_and(|(code, hex)| {
            !code.is_empty() && hex.len() == 16 && hex.bytes().all(|b| b.is_ascii_hexdigit())
        })
}

/// The name `event install` gives the manifest of the bundle with `fingerprint`, beside
/// `kiosk.toml`: `event-FINGERPRINT.toml`.
pub fn installed_manifest_name(fingerprint: &str) -> String {
    format!("event-{}.toml", fingerprint.replace('-', ""))
}

/// Whether `name` is one [`installed_manifest_name`] gives (`[event] manifest` may name only
/// such a file).
pub fn is_installed_manifest_name(name: &str) -> bool {
    name.starts_with("event-")
        && name.ends_with(".toml")
        && name
            .trim_start_matches("event-")
            .trim_end_matches(".toml")
            .chars()
            .all(|c| c.is_ascii_alphanumeric())
}

/// `path` with `suffix` added to its file name.
fn suffixed(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or(OsStr::new("")).to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// What a file is to the station.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    /// `kiosk.toml`.
    Config,
    /// The lock file held while `kiosk.toml` is edited.
    ConfigLock,
    Lexicon(String),
    /// A lexicon's content memo, `CODE.fst.content`.
    LexiconMemo(String),
    SlipLog,
    /// The slip log's head, `<log>.head`.
    SlipHead,
    DiagnosticLog,
    /// `[printer] escpos_device`.
    DocketDevice,
    /// `event.toml`, the manifest of the bundle the station was installed from.
    EventManifest,
    /// The director's signature of the event manifest, beside it.
    EventSignature,
    /// `event-key.pub`, the public key whose bundles the station installs.
    TrustedKey,
    /// `station.key`, the station's own signing key.
    StationKey,
    /// `station-state.json`, the round and the pinned division the director set at the station.
    StationState,
    /// `install-report.txt`, why the last install installed nothing.
    InstallReport,
    /// `station-number-wanted.txt`, the event a first boot would install once given a number.
    NumberWanted,
    /// `director-lockout.json`, the PIN attempts kept across restarts.
    LockoutRecord,
    /// `stick-pin-tries.json`, the wrong PINs root's stick helper was given.
    HelperTries,
}

/// Who writes a station's file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writer {
    /// The director: `event install` (root, on a packaged station) or a director at the
    /// command line. The station's account only reads it, and root never follows a link there
    /// (`nolink`).
    Director,
    /// The station's own account, as it runs: its logs and what it keeps across restarts.
    Station,
    /// Neither: a device (the docket printer).
    Device,
}

impl Role {
    /// Who writes the file of this role.
    pub fn writer(&self) -> Writer {
        match self {
            Role::Config
            | Role::ConfigLock
            | Role::Lexicon(_)
            | Role::LexiconMemo(_)
            | Role::EventManifest
            | Role::EventSignature
            | Role::TrustedKey
            | Role::StationKey
            | Role::InstallReport
            | Role::NumberWanted
            | Role::HelperTries => Writer::Director,
            Role::SlipLog
            | Role::SlipHead
            | Role::DiagnosticLog
            | Role::StationState
            | Role::LockoutRecord => Writer::Station,
            Role::DocketDevice => Writer::Device,
        }
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Role::Config => f.write_str("the configuration (kiosk.toml)"),
            Role::ConfigLock => f.write_str("the configuration's lock file"),
            Role::Lexicon(code) => write!(f, "lexicon {code}"),
            Role::LexiconMemo(code) => write!(f, "lexicon {code}'s content memo"),
            Role::SlipLog => f.write_str("the slip log"),
            Role::SlipHead => f.write_str("the slip log's head"),
            Role::DiagnosticLog => f.write_str("the diagnostic log"),
            Role::DocketDevice => f.write_str("the docket printer (escpos_device)"),
            Role::EventManifest => f.write_str("the event manifest (event.toml)"),
            Role::EventSignature => f.write_str("the event manifest's signature"),
            Role::TrustedKey => f.write_str("the key the station trusts (event-key.pub)"),
            Role::StationKey => f.write_str("the station's signing key (station.key)"),
            Role::StationState => {
                f.write_str("what the director set at the station (station-state.json)")
            }
            Role::InstallReport => f.write_str("the station's install report (install-report.txt)"),
            Role::NumberWanted => f.write_str(
                "the event waiting for the station's number (station-number-wanted.txt)",
            ),
            Role::LockoutRecord => f.write_str("the PIN lock-out record"),
            Role::HelperTries => {
                f.write_str("the stick helper's count of wrong PINs (stick-pin-tries.json)")
            }
        }
    }
}

/// The files of one station that its configuration places: the rest are fixed beside
/// `kiosk.toml` (its lock, the trusted key, the station key), in the station's own folder (the
/// lock-out record, the state) or beside another file (the slip log's head, a lexicon's memo,
/// the manifest's signature).
#[derive(Debug, Clone, Default)]
pub struct Paths {
    /// `kiosk.toml`.
    pub config: PathBuf,
    /// `[event] manifest` (`None`: [`MANIFEST`] beside the configuration).
    pub manifest: Option<PathBuf>,
    pub slip_log: PathBuf,
    pub diagnostic_log: Option<PathBuf>,
    /// Each lexicon's code and file.
    pub lexicons: Vec<(String, PathBuf)>,
    /// `[printer] escpos_device`.
    pub docket_device: Option<PathBuf>,
}

impl Paths {
    /// Every file of the station, each with its role: the one list of a station's files.
    pub fn files(&self) -> Vec<(Role, PathBuf)> {
        let config = &self.config;
        let manifest = self
            .manifest
            .clone()
            .unwrap_or_else(|| default_manifest_path(config));
        let mut files = vec![
            (Role::Config, config.clone()),
            (Role::ConfigLock, config_lock_path(config)),
            (Role::EventManifest, manifest.clone()),
            (Role::EventSignature, signature_path(&manifest)),
            (Role::TrustedKey, trusted_key_path(config)),
            (Role::StationKey, station_key_path(config)),
            (Role::StationState, state_path(config)),
            (Role::InstallReport, install_report_path(config)),
            (Role::NumberWanted, number_wanted_path(config)),
            (Role::LockoutRecord, lockout_path(config)),
            (Role::HelperTries, helper_tries_path(config)),
            (Role::SlipLog, self.slip_log.clone()),
            (Role::SlipHead, head_path(&self.slip_log)),
        ];
        if let Some(d) = &self.diagnostic_log {
            files.push((Role::DiagnosticLog, d.clone()));
        }
        for (code, file) in &self.lexicons {
            files.push((Role::Lexicon(code.clone()), file.clone()));
            files.push((Role::LexiconMemo(code.clone()), memo_path(file)));
        }
        if let Some(d) = &self.docket_device {
            files.push((Role::DocketDevice, d.clone()));
        }
        files
    }

    /// The map of those files, each resolved to where it is.
    pub fn map(&self) -> StationMap {
        let mut map = StationMap::default();
        for (role, path) in self.files() {
            map.add(role, path);
        }
        map
    }
}

/// One file of the map.
#[derive(Debug, Clone)]
pub struct Entry {
    pub role: Role,
    /// As the configuration gives it (resolved against its folder).
    pub path: PathBuf,
    pub place: Place,
}

/// Two roles naming one file.
#[derive(Debug, Clone)]
pub struct Conflict<'m> {
    pub first: &'m Entry,
    pub second: &'m Entry,
}

/// Every file of one station, each with its role.
#[derive(Debug, Clone, Default)]
pub struct StationMap {
    pub entries: Vec<Entry>,
}

impl StationMap {
    pub fn add(&mut self, role: Role, path: PathBuf) {
        let place = Place::of(&path);
        self.entries.push(Entry { role, path, place });
    }

    /// Every pair of roles that name one file (two lexicons naming one `.fst`, and so one memo,
    /// are the same list: allowed).
    pub fn conflicts(&self) -> Vec<Conflict<'_>> {
        let mut found = Vec::new();
        for (i, second) in self.entries.iter().enumerate() {
            for first in &self.entries[..i] {
                let both_lexicons = matches!(
                    (&first.role, &second.role),
                    (Role::Lexicon(_), Role::Lexicon(_))
                        | (Role::LexiconMemo(_), Role::LexiconMemo(_))
                );
                if !both_lexicons && first.place.same(&second.place) {
                    found.push(Conflict { first, second });
                }
            }
        }
        found
    }

    /// The role of the station file at `path`, if it is one.
    pub fn role_of(&self, path: &Path) -> Option<&Role> {
        let place = Place::of(path);
        self.entries
            .iter()
            .find(|e| e.place.same(&place))
            .map(|e| &e.role)
    }

    /// `path`, about to be written by a command (`what`: "the bundle", "the CSV export"...),
    /// refused when it is one of the station's files.
    pub fn refuse_output(&self, path: &Path, what: &str) -> Result<(), String> {
        match self.role_of(path) {
            Some(role) => Err(format!(
                "{} is {role}: {what} would overwrite it; write {what} somewhere else",
                path.display()
            )),
            None => Ok(()),
        }
    }
}

/// `path`, about to be written as `what`, refused when it is a file of any of `maps`.
pub fn refuse_output(maps: &[StationMap], path: &Path, what: &str) -> Result<(), String> {
    maps.iter().try_for_each(|m| m.refuse_output(path, what))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_a_split_folder_the_station_writes_only_in_own_and_root_never_there() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join(CONFIG);
        let own = dir.path().join(OWN);
        let paths = |slip_log: &Path| Paths {
            config: config.clone(),
            slip_log: slip_log.to_owned(),
            lexicons: vec![("NWL".into(), dir.path().join("lexicons/NWL.fst"))],
            ..Paths::default()
        };
        // Flat: every file beside kiosk.toml.
        assert_eq!(own_dir(&config), dir.path());
        for (role, path) in paths(&dir.path().join(SLIP_LOG)).files() {
            assert_eq!(parent_of(&path), dir.path(), "{role} flat");
        }
        // Split: what the station's account writes is in own/, nothing of root's is.
        std::fs::create_dir(&own).unwrap();
        assert_eq!(own_dir(&config), own);
        let files = paths(&own.join(SLIP_LOG)).files();
        for (role, path) in &files {
            let inside = parent_of(path) == own;
            assert_eq!(inside, role.writer() == Writer::Station, "{role}: {path:?}");
        }
        assert!(files.iter().any(|(r, _)| *r == Role::LockoutRecord));
        assert!(files.iter().any(|(r, _)| *r == Role::StationState));
    }

    fn parent_of(path: &Path) -> &Path {
        let parent = crate::fsutil::parent_dir(path);
        match parent.file_name() == Some(OsStr::new(LEXICONS)) {
            true => crate::fsutil::parent_dir(parent),
            false => parent,
        }
    }

    #[test]
    fn only_names_install_gives_count_as_installed_lexicons() {
        // What `installed_name` writes is recognised, whatever the code.
        let name = installed_lexicon_name("NWL2023", &"0123456789abcdef".repeat(4));
        let file = name.strip_prefix("lexicons/").unwrap();
        assert!(is_installed_lexicon_name(file), "{file}");
        assert!(is_installed_lexicon_name("MY-LIST-0123456789ABCDEF.fst"));
        // A director's own lexicon files are never taken for one (and never removed as one).
        for own in [
            "NWL2023.fst",                  // lexicon add's name
            "my-list.fst",                  // a dash, but not 16 hex digits after it
            "-0123456789abcdef.fst",        // no code
            "CSW-0123456789abcdeg.fst",     // not hex
            "CSW-0123456789abcdef0.fst",    // 17 digits
            "CSW-0123456789abcdef.fst.tmp", // not .fst
        ] {
            assert!(
                !is_installed_lexicon_name(own),
                "{own} was taken for an installed name"
            );
        }
    }
}
