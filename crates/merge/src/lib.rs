//! Gathering an event's slip logs: each log proven before any of it is trusted, then every slip
//! of the proven logs in one stream, in time order.
//!
//! A log is known by its own first record (its seal), never by the station id its records carry:
//!
//! - a log that does not verify (chain and head) is reported and not merged;
//! - two logs that begin with the same record are copies of one station's log. Copies of one
//!   length are merged once. Copies that differ in length are both reported, the records only
//!   the longer holds are named, and nothing past the shorter is merged — unless the director
//!   names the copy to trust (`--trust`) or gives anchors (`--anchors`) that the longer one holds,
//!   written down at the station before the copy was taken; copies that go apart after a shared
//!   start are neither merged;
//! - two different logs that carry one station id for one event (two stations installed with
//!   one id) are reported and kept apart: a second opinion is paired with the slip of its own
//!   log (one station's logs of two events are not that: each event's is a log of its own);
//! - a folder that is not a station (its kiosk.toml cannot be read) is reported and skipped.
//!
//! The merge streams: every log is read twice line by line (once to prove it, once to merge it),
//! never held, so a million-slip log costs a few megabytes ([`merge`]).

#![forbid(unsafe_code)]

mod copies;
pub mod report;
mod stats;
mod stream;
#[cfg(test)]
mod tests;

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use wordjudge_base::fsutil;
use wordjudge_base::layout::LOGS_FOLDER;
use wordjudge_config::Config;
use wordjudge_sliplog::{Anchor, Slip};

pub use stats::{Differing, Rechallenge, SlipRef, Stats, Tally, LISTED, OTHERS};

/// The window of re-challenges when none is given: the station's default
/// `second_opinion_minutes`.
pub const RECHALLENGE_MINUTES: f64 = 15.0;

/// How many of the records only a longer copy holds are named.
pub(crate) const EXTRAS_NAMED: usize = 10;

/// The most station ids a log's summary names (a station's log carries one).
pub const STATIONS_LISTED: usize = 20;

/// Hex digits of a log's first seal that name it (its id).
const LOG_ID_DIGITS: usize = 16;

/// One log given to the merge, and what became of it.
#[derive(Debug, Clone)]
pub struct LogSummary {
    /// The slip log read (or, for a folder skipped, the folder).
    pub path: PathBuf,
    /// The log's id: the first hex digits of its first record's seal (`None`: no records).
    pub id: Option<String>,
    /// The station ids its records carry (usually one; at most [`STATIONS_LISTED`]).
    pub stations: Vec<String>,
    /// The events its records name, by fingerprint ("" for slips of no event; "changed here"
    /// left off): usually one, at most [`STATIONS_LISTED`]. A station's next event is a log of
    /// its own, so one station id on logs of two events is one station, not two.
    pub events: Vec<String>,
    pub slips: usize,
    /// Time (UTC, RFC 3339) of its first and last slip.
    pub first: Option<wordjudge_base::clock::Timestamp>,
    pub last: Option<wordjudge_base::clock::Timestamp>,
    /// How many of its records (from the first) are in the merge.
    pub merged: usize,
    pub status: LogStatus,
    /// Remarks that do not keep it out: a torn last line, a clock that went back.
    pub notes: Vec<String>,
    /// Its records are signed but its head is not (format 1): its length is not proven
    /// ([`wordjudge_sliplog::Verification::end_unproven`]); `slips merge` exits 1 for it unless
    /// the director accepts it.
    pub end_unproven: Option<String>,
    /// Whether it is a table device's log (`wordjudge-web`): it has slips, and every one names
    /// the station id its key gives (`sliplog::signature::is_device`). What it proves is what
    /// its holder wrote on the device, not what a station saw (docs/table-judge.md).
    pub device: bool,
    /// The first and last records' seals.
    first_seal: Option<String>,
    last_seal: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogStatus {
    /// Numbering, seals, chain and head intact: merged (see `notes`).
    Intact,
    /// Not merged: what `slips verify` found, or copies that went apart, or an anchor written
    /// down at its station that it no longer holds.
    NotVerified(String),
    /// Every record of it is in another log given (the same log, or a copy taken earlier):
    /// merged once, as part of that one.
    SameLogAs(PathBuf),
    /// A copy holding records another copy given does not, which nothing proves: merged up to
    /// `merged`, the rest reported. `trusted_other`: the director named another copy to trust.
    Longer {
        than: PathBuf,
        extra: usize,
        /// The first [`EXTRAS_NAMED`] records it alone holds, described.
        named: Vec<String>,
        trusted_other: bool,
    },
    /// Not merged: the file or folder could not be read as a slip log or a station.
    Unreadable(String),
    /// Verified, and of other events only (these) than the one asked ([`Proof::event`]): not
    /// merged, and not left out either.
    OtherEvent(Vec<String>),
}

impl LogSummary {
    /// Whether its own records are read into the merge (an empty log that verified counts; a
    /// copy merged as part of another does not).
    pub fn contributes(&self) -> bool {
        matches!(self.status, LogStatus::Intact | LogStatus::Longer { .. })
    }
}

impl LogStatus {
    /// Whether some of it is left out of the merge for the director to settle.
    pub(crate) fn left_out(&self) -> bool {
        match self {
            LogStatus::Intact | LogStatus::SameLogAs(_) | LogStatus::OtherEvent(_) => false,
            LogStatus::Longer { trusted_other, .. } => !trusted_other,
            LogStatus::NotVerified(_) | LogStatus::Unreadable(_) => true,
        }
    }
}

/// What the director gives to prove what copies alone cannot.
#[derive(Debug, Clone, Default)]
pub struct Proof {
    /// Logs (or station folders) to trust where copies differ in length.
    pub trust: Vec<PathBuf>,
    /// Anchors written down at the stations.
    pub anchors: Vec<GivenAnchor>,
    /// The event's stations and their signing keys: with it, a log is merged only when every
    /// record is signed by its station's key.
    pub roster: Option<Roster>,
    /// Only this event's slips (`slips merge --event FINGERPRINT`): a log that verified but
    /// holds none of them is [`LogStatus::OtherEvent`]; in a log of several events, only its
    /// slips of this one are merged.
    pub event: Option<String>,
}

/// The event's stations and the ids of their signing keys (`wordjudge event install` prints
/// each station's), as the director gathers them: who may have written a log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Roster {
    /// By station id (after [`station_id_key`]): its key ids, upper case.
    stations: std::collections::BTreeMap<String, Vec<String>>,
}

impl Roster {
    /// The key ids the roster gives station `station`, if it names the station.
    pub fn keys(&self, station: &str) -> Option<&[String]> {
        self.stations
            .get(&station_id_key(station))
            .map(Vec::as_slice)
    }

    /// The station the roster gives key `key` to, if any (its id as compared).
    pub fn station_of(&self, key: &str) -> Option<&str> {
        self.stations
            .iter()
            .find(|(_, keys)| keys.iter().any(|k| k == key))
            .map(|(station, _)| station.as_str())
    }

    pub fn len(&self) -> usize {
        self.stations.len()
    }

    pub fn is_empty(&self) -> bool {
        self.stations.is_empty()
    }
}

/// Reads a roster: one station a line, its id then its key's id (`7 ABCD-EFGH-IJKL-MNOP`, as
/// `wordjudge event install` prints it; a station installed again with a new key may have two
/// lines); blank lines and `#` comments skipped. Every id is checked: a roster is proof.
pub fn read_roster(path: &Path) -> Result<Roster, String> {
    let text = wordjudge_base::fsutil::read_regular_to_string(path, 1024 * 1024)
        .map_err(|e| format!("cannot read the roster {}: {e}", path.display()))?;
    let mut roster = Roster::default();
    for (i, line) in text.lines().enumerate() {
        let at = |problem: String| format!("{}:{}: {problem}", path.display(), i + 1);
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        if let Some(format) = format_line(line, "wordjudge-roster", roster.is_empty()) {
            format.map_err(at)?;
            continue;
        }
        let Some((station, key)) = line.rsplit_once(char::is_whitespace) else {
            return Err(at(
                "a roster line is a station id, then its key's id (e.g. `7 ABCD-EFGH-IJKL-MNOP`)"
                    .into(),
            ));
        };
        let station = station.trim();
        if let Some(problem) = wordjudge_config::station_id_problem(station) {
            return Err(at(problem));
        }
        if !wordjudge_sliplog::signature::is_key_id(key) {
            return Err(at(format!(
                "{:?} is not a station key's id (four groups of four letters and digits, e.g. ABCD-EFGH-IJKL-MNOP: `wordjudge event install` printed it)",
                wordjudge_base::text::shown(key)
            )));
        }
        let keys = roster.stations.entry(station_id_key(station)).or_default();
        let key = key.to_ascii_uppercase();
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    if roster.is_empty() {
        return Err(format!("the roster {} names no station", path.display()));
    }
    Ok(roster)
}

/// Who wrote `slip`, as far as the merge can tell: nothing wrong (`None`), or why its log is
/// not proven — a station id that is not one (a look-alike of another), or, with a roster, a
/// station it does not name, a record not signed, or signed by another key than its station's.
fn not_proven(slip: &Slip, roster: Option<&Roster>) -> Option<String> {
    let station = wordjudge_base::text::shown(&slip.station);
    if let Some(problem) = wordjudge_config::station_id_problem(&slip.station) {
        return Some(format!(
            "slip {} names station {station}, which is not a station id ({problem})",
            slip.slip
        ));
    }
    let roster = roster?;
    let Some(keys) = roster.keys(&slip.station) else {
        return Some(format!(
            "station {station} is not on the roster: who wrote its log is not proven"
        ));
    };
    let named = keys.join(" or ");
    match slip.key.as_deref().map(wordjudge_sliplog::signature::StationPublicKey::parse) {
        None => Some(format!(
            "slip {} is not signed: the roster names station {station}'s key {named}, and nothing proves who wrote this log",
            slip.slip
        )),
        Some(Err(e)) => Some(format!("slip {}: {e}", slip.slip)),
        Some(Ok(key)) if !keys.contains(&key.id()) => Some(match roster.station_of(&key.id()) {
            // Issue 52, finding 2: a machine of the roster, writing as another station's id.
            Some(other) => format!(
                "slip {} is signed by key {}, which the roster gives station {}, not station {station} (key {named}): two machines installed as station {station}? Each machine needs its own station id",
                slip.slip,
                key.id(),
                wordjudge_base::text::shown(other)
            ),
            None => format!(
                "slip {} is signed by key {}, not by station {station}'s key {named} (the roster's): a machine the roster does not name wrote it — another machine installed as station {station} (each install prints its roster line: add it), or someone else",
                slip.slip,
                key.id()
            ),
        }),
        Some(Ok(_)) => None,
    }
}

/// What station ids are compared by (NFKC: a look-alike is the id it imitates).
pub use wordjudge_config::station_id_key;

/// An anchor from the director's file: `[STATION] N:CODE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GivenAnchor {
    /// The station it was written down at, when the file says.
    pub station: Option<String>,
    pub anchor: Anchor,
    /// The line of the file.
    pub line: usize,
}

impl std::fmt::Display for GivenAnchor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.station {
            Some(station) => write!(
                f,
                "station {} {}",
                wordjudge_base::text::shown(station),
                self.anchor
            ),
            None => write!(f, "{}", self.anchor),
        }
    }
}

/// The format a roster or an anchors file says it is in, when `line` is its format line
/// (`wordjudge-roster N`, `wordjudge-anchors N`, before any entry: `first`; docs/formats.md):
/// format 1, which needs no such line, or a later one this build does not read.
fn format_line(line: &str, kind: &str, first: bool) -> Option<Result<(), String>> {
    if !first {
        return None;
    }
    let version = line.strip_prefix(kind)?.strip_prefix(' ')?.trim();
    Some(match version {
        "1" => Ok(()),
        _ => Err(format!(
            "this file is {kind} format {}, which this wordjudge ({}) does not read (it reads format 1): merge with the wordjudge that wrote it, or a later one",
            wordjudge_base::text::shown(version),
            env!("CARGO_PKG_VERSION")
        )),
    })
}

/// Reads an anchors file: one anchor a line, `N:CODE` as `slips anchor` prints it, optionally
/// after the station's id (`7 42:3f2a91bc04d1e5f6`); blank lines and `#` comments are skipped.
pub fn read_anchors(path: &Path) -> Result<Vec<GivenAnchor>, String> {
    let text = wordjudge_base::fsutil::read_regular_to_string(path, 16 * 1024 * 1024)
        .map_err(|e| format!("cannot read the anchors file {}: {e}", path.display()))?;
    let mut anchors = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        if let Some(format) = format_line(line, "wordjudge-anchors", anchors.is_empty()) {
            format.map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
            continue;
        }
        let (station, code) = match line.rsplit_once(char::is_whitespace) {
            Some((station, code)) => (Some(station.trim().to_owned()), code),
            None => (None, line),
        };
        let anchor = code
            .parse::<Anchor>()
            .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        anchors.push(GivenAnchor {
            station,
            anchor,
            line: i + 1,
        });
    }
    Ok(anchors)
}

/// What became of one anchor given.
#[derive(Debug, Clone)]
pub struct AnchorFound {
    pub given: GivenAnchor,
    /// The logs that hold it.
    pub held_by: Vec<PathBuf>,
    /// The logs of its station whose record of that slip is another: rewritten.
    pub contradicted_by: Vec<PathBuf>,
}

/// The merge: what became of every log and anchor given, and what was counted in the slips
/// merged (the slips themselves went to the caller, one at a time).
#[derive(Debug, Clone)]
pub struct Merged {
    /// The zone the times of its notes and report are shown in (the event's).
    pub zone: wordjudge_base::clock::TimeZone,
    pub logs: Vec<LogSummary>,
    pub anchors: Vec<AnchorFound>,
    /// Station ids carried by more than one log of one event (two stations installed with one
    /// id).
    pub shared_ids: BTreeSet<String>,
    /// The one event merged, when one was asked ([`Proof::event`]).
    pub event: Option<String>,
    pub stats: Stats,
}

impl Default for Merged {
    /// Nothing merged, times in UTC.
    fn default() -> Merged {
        Merged {
            zone: wordjudge_base::clock::TimeZone::UTC,
            logs: Vec::new(),
            anchors: Vec::new(),
            shared_ids: BTreeSet::new(),
            event: None,
            stats: Stats::default(),
        }
    }
}

impl Merged {
    /// Whether everything given was proven and merged: no log left out, no anchor unheld.
    pub fn complete(&self) -> bool {
        !self.logs.iter().any(|l| l.status.left_out())
            && self
                .anchors
                .iter()
                .all(|a| !a.held_by.is_empty() && a.contradicted_by.is_empty())
    }

    /// How the report and the export name station `station` of log `log`: its id, and the
    /// log's id too when another log carries the same station id.
    pub fn station_label(&self, station: &str, log: usize) -> String {
        match self.logs.get(log).and_then(|l| l.id.as_deref()) {
            Some(id) if self.shared_ids.contains(station) => format!("{station} (log {id})"),
            _ => station.to_owned(),
        }
    }
}

/// One slip of the merge, as it is handed out: the log it is from (an index into
/// [`Merged::logs`]) and, for a new challenge on part of a failed play, that play.
#[derive(Debug, Clone)]
pub struct MergedSlip {
    pub slip: Slip,
    pub log: usize,
    pub rechallenge_of: Option<SlipRef>,
}

/// A path given to `slips merge`, resolved: a log to read, or a folder that is not a station.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Given {
    Log(PathBuf),
    /// A folder with a kiosk.toml that cannot be read: reported and skipped.
    NotAStation {
        folder: PathBuf,
        problem: String,
    },
}

/// What a path given to `slips merge` names: a slip log, a station folder (its `kiosk.toml`
/// says where the log is), a folder of station folders, or a stick's (or its `wordjudge-logs`
/// folder's, or one station's folder in it) logs copied at the stations. A station folder whose `kiosk.toml`
/// cannot be read is returned as such, to be reported, not merged.
pub fn logs_in(path: &Path) -> Result<Vec<Given>, String> {
    if !path.is_dir() {
        return Ok(vec![Given::Log(path.to_owned())]);
    }
    let config = path.join(wordjudge_config::DEFAULT_PATH);
    if config.is_file() {
        return Ok(vec![match Config::read(&config) {
            Ok(c) => match other_station(path, &c.station.slip_log) {
                Some(other) => Given::NotAStation {
                    folder: path.to_owned(),
                    problem: format!(
                        "its kiosk.toml's slip_log {} is in another station's folder, {}: a station's slips are in its own folder, and this folder's would be merged as that station's; set slip_log to a file of its own",
                        c.station.slip_log.display(),
                        other.display()
                    ),
                },
                None => Given::Log(c.station.slip_log),
            },
            Err(e) => Given::NotAStation {
                folder: path.to_owned(),
                problem: e.to_string(),
            },
        }]);
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    // A stick the stations copied their logs to (`wordjudge-logs/station-ID/EVENT.jsonl`), its
    // logs folder, or one station's folder of copies, as well as folders of station folders.
    let copies = path.file_name() == Some(OsStr::new(LOGS_FOLDER))
        || fsutil::parent_dir(path).file_name() == Some(OsStr::new(LOGS_FOLDER));
    let mut logs = Vec::new();
    for entry in entries {
        // A stick is anyone's to write: a link on it could lead the merge into this computer's
        // own files. Named, never followed.
        if copies && std::fs::symlink_metadata(&entry).is_ok_and(|m| m.file_type().is_symlink()) {
            logs.push(Given::NotAStation {
                folder: entry,
                problem: "a symbolic link among the copied logs: not followed (a station copies files and folders only)".into(),
            });
            continue;
        }
        if entry.join(wordjudge_config::DEFAULT_PATH).is_file()
            || entry.file_name() == Some(OsStr::new(LOGS_FOLDER))
            || (copies && entry.is_dir())
        {
            logs.extend(logs_in(&entry)?);
        } else if copies && entry.extension() == Some(OsStr::new("jsonl")) && entry.is_file() {
            logs.push(Given::Log(entry));
        }
    }
    if logs.is_empty() {
        return Err(format!(
            "{} is neither a slip log nor a station folder (no kiosk.toml in it or in its folders, no {LOGS_FOLDER} folder of copied logs)",
            path.display()
        ));
    }
    Ok(logs)
}

/// The station folder, other than `folder`, that holds the slip log `log`, if any.
fn other_station(folder: &Path, log: &Path) -> Option<PathBuf> {
    let holder = wordjudge_base::fsutil::parent_dir(log);
    let same =
        wordjudge_base::layout::Place::of(holder).same(&wordjudge_base::layout::Place::of(folder));
    (!same && holder.join(wordjudge_config::DEFAULT_PATH).is_file()).then(|| holder.to_owned())
}

/// Anchors that name no station (`N:CODE`) can prove only the one log given: with more, which
/// station's log each is for cannot be told, and one is refused, naming its line.
pub fn check_anchors(given: &[Given], anchors: &[GivenAnchor]) -> Result<(), String> {
    let logs = given.iter().filter(|g| matches!(g, Given::Log(_))).count();
    match anchors.iter().find(|a| a.station.is_none()) {
        Some(a) if logs > 1 => Err(format!(
            "the anchors file, line {}: anchor {} names no station, and {logs} logs are merged: write the station's id before it, as it was written down at the station (e.g. `7 {}`)",
            a.line, a.anchor, a.anchor
        )),
        _ => Ok(()),
    }
}

/// Proves every log in `given` (see the module's documentation), then hands every slip of the
/// proven part of each to `each`, in time order (then station, then slip number), and returns
/// what became of every log and anchor with the counts of the report; times it shows are on the
/// clock of `zone` (the event's). An error from `each` (writing an export) stops the merge and
/// is returned.
pub fn merge<E>(
    given: &[Given],
    proof: &Proof,
    minutes: f64,
    zone: &wordjudge_base::clock::TimeZone,
    each: impl FnMut(&Merged, &MergedSlip) -> Result<(), E>,
) -> Result<Merged, E> {
    let mut merged = copies::prove(given, proof, zone);
    stream::run(&mut merged, minutes, each)?;
    Ok(merged)
}

/// The first digits of a seal that name a log.
fn log_id(seal: &str) -> String {
    seal.chars().take(LOG_ID_DIGITS).collect()
}
