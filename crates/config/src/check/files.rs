//! The configuration against the map of the station's files ([`wordjudge_base::layout`]): two of its
//! files named as one (the diagnostic log as the slip log, the docket printer as `event.toml`, a
//! lexicon as `kiosk.toml` ...), a log or the docket printer naming something it cannot be (a
//! folder; a regular file as a printer) — each refused at the key that names it, with the other
//! role and its line.

use std::ops::Range;
use std::path::PathBuf;

use super::Checker;
use wordjudge_base::layout::{Entry, Paths, Role, StationMap};

/// A key of kiosk.toml and where it is in the text.
pub(super) type Key = Option<(&'static str, Range<usize>)>;

/// Where kiosk.toml names the files that have a key.
pub(super) struct Keys<'k> {
    pub slip_log: Key,
    pub diagnostic_log: Key,
    /// A lexicon's `file`, by code.
    pub lexicon: &'k dyn Fn(&str) -> Key,
    pub escpos_device: Key,
}

/// One file the configuration names: its role, its path, and the key that names it (none for the
/// files whose place is fixed beside `kiosk.toml`).
pub(super) struct Named {
    pub role: Role,
    pub path: PathBuf,
    pub key: Key,
}

/// Every file of the station (the one list, [`Paths::files`]), each with the key that names it.
pub(super) fn named(paths: &Paths, keys: &Keys) -> Vec<Named> {
    paths
        .files()
        .into_iter()
        .map(|(role, path)| {
            let key = match &role {
                Role::SlipLog | Role::SlipHead => keys.slip_log.clone(),
                Role::DiagnosticLog => keys.diagnostic_log.clone(),
                Role::Lexicon(code) | Role::LexiconMemo(code) => (keys.lexicon)(code),
                Role::DocketDevice => keys.escpos_device.clone(),
                _ => None,
            };
            Named { role, path, key }
        })
        .collect()
}

/// Every conflict among `named`, reported at the later key (or the earlier, when the later has
/// none), naming both roles.
pub(super) fn check(c: &mut Checker, named: &[Named]) {
    let mut map = StationMap::default();
    for n in named {
        map.add(n.role.clone(), n.path.clone());
    }
    for conflict in map.conflicts() {
        let index = |e: &Entry| {
            map.entries
                .iter()
                .position(|x| std::ptr::eq(x, e))
                .expect("an entry of the map")
        };
        let (first, second) = (
            &named[index(conflict.first)],
            &named[index(conflict.second)],
        );
        let (at, other) = match (&second.key, &first.key) {
            (Some(key), _) => (key, first),
            (None, Some(key)) => (key, second),
            (None, None) => continue,
        };
        let this = if std::ptr::eq(other, first) {
            second
        } else {
            first
        };
        let where_other = match &other.key {
            Some((name, span)) => format!(" ({name}, line {})", c.line_of(span.start)),
            None => format!(" ({})", other.path.display()),
        };
        c.problem(
            at.1.clone(),
            format!(
                "{} names {}{where_other}: {} and {} would be one file, and writing one would destroy the other; give {} a file of its own",
                at.0, other.role, this.role, other.role, this.role
            ),
        );
    }
    for n in named {
        let Some((key, span)) = &n.key else { continue };
        let Ok(meta) = std::fs::metadata(&n.path) else {
            continue;
        };
        let wrong = match n.role {
            Role::SlipLog | Role::DiagnosticLog if meta.is_dir() => Some("a folder, not a file"),
            Role::DocketDevice if meta.is_dir() => Some("a folder, not a printer's device"),
            Role::DocketDevice if meta.is_file() => {
                Some("a regular file, not a printer's device: every docket would be appended to it")
            }
            _ => None,
        };
        if let Some(wrong) = wrong {
            let fix = match n.role {
                Role::DocketDevice => "name the receipt printer's device (a character device such as \"/dev/usb/lp0\", or a FIFO)",
                _ => "name a file",
            };
            c.problem(
                span.clone(),
                format!("{key} {} is {wrong}; {fix}", n.path.display()),
            );
        }
    }
}
