//! The one map of a station's own files: every path the station and the command line read or
//! write for a station, resolved in one place, each with its role — the configuration and its
//! lock, each lexicon and its content memo, the slip log and its head, the diagnostic log, the
//! docket printer, the event manifest, the PIN lock-out record.
//!
//! A path is resolved to where it really is ([`Place`]): an existing file by its device and
//! inode (so a hard link, a symbolic link or a path through `..` is the file it leads to); a
//! file that does not exist yet by its deepest existing folder and the rest of its path (so
//! `lexicons/../slips.jsonl` is `slips.jsonl`, and a dangling symbolic link is what it points
//! to). Elsewhere than Unix, by canonical paths. Two roles naming one file
//! are refused by the configuration check, which every command, `event install` and the station's
//! start go through ([`StationMap::conflicts`]); what a command writes besides the station's
//! files — a bundle, an export, a report — is checked against the map before it is written
//! ([`StationMap::refuse_output`]), so an output never lands on a station file.
//!
//! Two lexicon codes may name one `.fst` file (they are the same list); nothing else may share.

use std::path::{Component, Path, PathBuf};

use crate::config::{self, Config};

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
    /// `director-lockout.json`, the PIN prompt's guard kept across restarts.
    LockoutRecord,
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
            Role::LockoutRecord => f.write_str("the PIN lock-out record"),
        }
    }
}

/// The lock file beside a configuration, held while it is read, changed and written again.
pub fn config_lock_path(config: &Path) -> PathBuf {
    let mut name = config.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// The PIN lock-out record of the station configured at `config`.
pub fn lockout_path(config: &Path) -> PathBuf {
    config::base_dir(config).join(LOCKOUT_FILE)
}

/// The name of the PIN lock-out record, beside `kiosk.toml`.
pub const LOCKOUT_FILE: &str = "director-lockout.json";

/// Where a path really is (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place(Key);

#[derive(Debug, Clone, PartialEq, Eq)]
enum Key {
    /// An existing file, by device and inode (Unix): a hard link, a symbolic link or a path
    /// through `..` to it is the same file.
    File(u64, u64),
    /// A file not there yet: the deepest folder of its path that exists (device and inode),
    /// and the rest of the path with `.` and `name/..` taken out.
    Missing((u64, u64), PathBuf),
    /// Where there are no inodes: the canonical path, or for a file not there yet its
    /// deepest existing folder's canonical path and the rest.
    Path(PathBuf),
}

impl Place {
    /// Where `path` is, or would be once written. One `stat` for an existing file, one per
    /// missing folder level otherwise (it is asked on every start of every command: no walk
    /// of the whole path with `readlink`).
    pub fn of(path: &Path) -> Place {
        Place::resolve(path, 0)
    }

    fn resolve(path: &Path, depth: u32) -> Place {
        if let Some(id) = identity(path) {
            return Place(id_key(id, path));
        }
        // A dangling symbolic link is where it points (at most 40 links deep, as the kernel).
        if depth < 40 {
            if let Ok(target) = std::fs::read_link(path) {
                let target = match target.is_absolute() {
                    true => target,
                    false => crate::fsutil::parent_dir(path).join(target),
                };
                return Place::resolve(&target, depth + 1);
            }
        }
        // Not there yet: the deepest folder that exists, then the rest.
        let absolute = match path.is_absolute() {
            true => path.to_owned(),
            false => std::env::current_dir().unwrap_or_default().join(path),
        };
        let mut existing = absolute.as_path();
        let mut rest = Vec::new();
        loop {
            match (existing.parent(), existing.file_name()) {
                (Some(parent), Some(name)) => {
                    rest.push(name.to_owned());
                    existing = parent;
                }
                // `..` after a folder that is not there (`missing/../x`): take it away by the
                // letters, then look again; a root that is not there: as written.
                _ => {
                    let plain = lexical(&absolute);
                    if plain != absolute && depth < 40 {
                        return Place::resolve(&plain, depth + 1);
                    }
                    return Place(Key::Path(plain));
                }
            }
            if let Some(id) = identity(existing) {
                let rest: PathBuf = rest.iter().rev().collect();
                return Place(match id {
                    Some(inode) => Key::Missing(inode, lexical(&rest)),
                    None => Key::Path(lexical(&id_path(existing).join(rest))),
                });
            }
        }
    }

    /// Whether the two are one file.
    pub fn same(&self, other: &Place) -> bool {
        self == other
    }
}

/// `Some` when `path` exists: `Some(Some((device, inode)))` on Unix, `Some(None)` elsewhere.
fn identity(path: &Path) -> Option<Option<(u64, u64)>> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(Some((meta.dev(), meta.ino())))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some(None)
    }
}

fn id_key(id: Option<(u64, u64)>, path: &Path) -> Key {
    match id {
        Some((dev, ino)) => Key::File(dev, ino),
        None => Key::Path(id_path(path)),
    }
}

/// The canonical path of an existing `path` (where there are no inodes to compare).
fn id_path(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| lexical(path))
}

/// `path` with `.` and `name/..` taken out, without asking the file system.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
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
    /// The files of the station `config` describes.
    pub fn of(config: &Config) -> StationMap {
        let mut map = StationMap::default();
        map.add(Role::Config, config.path.clone());
        map.add(Role::ConfigLock, config_lock_path(&config.path));
        map.add(
            Role::EventManifest,
            crate::event::install::manifest_path(config),
        );
        map.add(Role::LockoutRecord, lockout_path(&config.path));
        map.add(Role::SlipLog, config.station.slip_log.clone());
        map.add(
            Role::SlipHead,
            crate::sliplog::head_path(&config.station.slip_log),
        );
        if let Some(d) = &config.station.diagnostic_log {
            map.add(Role::DiagnosticLog, d.clone());
        }
        for l in config.lexicons.values() {
            map.add(Role::Lexicon(l.code.clone()), l.file.clone());
            map.add(
                Role::LexiconMemo(l.code.clone()),
                crate::service::memo_path(&l.file),
            );
        }
        if let Some(config::PrinterConfig::EscPos { device }) = &config.printer {
            map.add(Role::DocketDevice, device.clone());
        }
        map
    }

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
    fn a_path_through_a_folder_and_back_is_the_file_it_names_even_before_it_exists() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("lexicons")).unwrap();
        let log = Place::of(&dir.path().join("slips.jsonl"));
        let round = Place::of(&dir.path().join("lexicons/../slips.jsonl"));
        assert!(log.same(&round), "{log:?} {round:?}");
        let deeper = Place::of(&dir.path().join("missing/../slips.jsonl"));
        assert!(log.same(&deeper), "{deeper:?}");
        assert!(!log.same(&Place::of(&dir.path().join("other.jsonl"))));
    }

    #[cfg(unix)]
    #[test]
    fn a_hard_link_and_a_symbolic_link_are_the_file_they_link_to() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("slips.jsonl");
        std::fs::write(&log, b"").unwrap();
        std::fs::hard_link(&log, dir.path().join("dockets.bin")).unwrap();
        std::os::unix::fs::symlink(&log, dir.path().join("link.bin")).unwrap();
        // A dangling link to a file not written yet.
        std::os::unix::fs::symlink("head.later", dir.path().join("dangling.bin")).unwrap();
        let place = Place::of(&log);
        assert!(
            place.same(&Place::of(&dir.path().join("dockets.bin"))),
            "hard link"
        );
        assert!(
            place.same(&Place::of(&dir.path().join("link.bin"))),
            "symbolic link"
        );
        assert!(Place::of(&dir.path().join("dangling.bin"))
            .same(&Place::of(&dir.path().join("head.later"))));
    }
}
