//! The slip log: a durable, tamper-evident record of every adjudication.
//!
//! An append-only JSON Lines file, one [`Slip`] per line. Each record carries `prev`, the SHA-256
//! of the previous record's line (64 zeros for the first), and `seal`, the SHA-256 of its own
//! line written with an empty seal — so editing any record, or deleting, duplicating or reordering
//! records, is found by [`verify`], which names the first bad slip.
//!
//! Durability: [`SlipLog::append`] writes the whole line with one `write`, `fsync`s it, and only
//! then returns the slip — callers return a verdict after that (see [`crate::adjudicate`]). A write
//! that fails part-way is cut back, so a failure never leaves half a record in the middle of the
//! file; a crash mid-write leaves a torn last line, which the next open reports and removes,
//! keeping every complete record. The file is locked while appending, so a station and a
//! director's command line can share one log without breaking the chain.
//!
//! The end of the chain is anchored too: beside the log, `<log>.head` holds the number and line
//! hash of the last slip written, rewritten (in place, fsynced) after every append. Deleting the
//! last records therefore shows as slips missing from the end. A crash between a record and its
//! head leaves the head one slip behind, which is recognised as such and put right by the next
//! append. A writer never reuses a slip number the head says was given out: if records were
//! deleted from the end it continues after them, chained to the deleted record, so the gap stays
//! visible in the log itself. A head found missing, damaged or out of step is written again with
//! an `unanchored_to` mark, never silently: the writer raises an alert for the director
//! ([`SlipLog::take_alerts`]) and `verify` reports the mark for as long as the log lives.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::digest::Digest;
use crate::fsutil;
use crate::judge::{Verdict, WordFinding};

/// The largest slip number a log may hold (a million slips a day for over 2,700 years). A larger
/// number in a log or head file is damage, not a slip: continuing after it could overflow.
pub const MAX_SLIP: u64 = 1_000_000_000_000;

/// `prev` of the first record.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// What kind of adjudication a slip records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SlipKind {
    /// A challenge judged at the station by the players.
    Challenge,
    /// A re-adjudication of an earlier slip (`refers_to`).
    SecondOpinion,
    /// Judged by the director from the command line.
    Director,
}

impl std::fmt::Display for SlipKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SlipKind::Challenge => "challenge",
            SlipKind::SecondOpinion => "second-opinion",
            SlipKind::Director => "director",
        })
    }
}

/// A lexicon consulted for a slip, identified by its file's SHA-256.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Consulted {
    pub code: String,
    pub sha256: String,
}

/// One adjudication, as written to the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Slip {
    /// 1, 2, 3, … — continuing across restarts.
    pub slip: u64,
    pub station: String,
    /// UTC, RFC 3339, to the second.
    pub time: String,
    pub kind: SlipKind,
    /// For a second opinion: the slip it re-adjudicates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refers_to: Option<u64>,
    pub division: String,
    /// Every lexicon the rules consulted, primary first.
    pub lexicons: Vec<Consulted>,
    pub words: Vec<String>,
    pub verdict: Verdict,
    /// Per-word findings: for the director, never shown to players.
    pub detail: Vec<WordFinding>,
    /// SHA-256 of the previous record's line.
    pub prev: String,
    /// SHA-256 of this record's line written with `seal` empty.
    pub seal: String,
}

/// A slip before the log numbers, chains and seals it.
#[derive(Debug, Clone)]
pub struct SlipDraft {
    pub station: String,
    pub kind: SlipKind,
    pub refers_to: Option<u64>,
    pub division: String,
    pub lexicons: Vec<Consulted>,
    pub words: Vec<String>,
    pub verdict: Verdict,
    pub detail: Vec<WordFinding>,
}

/// Why the slip log could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum SlipLogError {
    #[error("slip log {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("slip log {path} is not a regular file; set [station] slip_log to a file path")]
    NotAFile { path: PathBuf },
    #[error("slip log {path}: line {line} is not a slip record ({detail}); run `wordjudge slips verify`")]
    Unreadable {
        path: PathBuf,
        line: usize,
        detail: String,
    },
}

impl Slip {
    /// The record's line (no newline), with `seal` as it is.
    fn line(&self) -> String {
        serde_json::to_string(self).expect("a slip always serialises")
    }

    /// The seal this record should carry.
    fn expected_seal(&self) -> String {
        let mut unsealed = self.clone();
        unsealed.seal = String::new();
        Digest::of(unsealed.line().as_bytes()).to_string()
    }
}

/// The current time, UTC, to the second.
pub fn now_utc() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

/// Where the next record goes: its number, the hash it chains to, and the file length after the
/// last complete record (to notice another writer).
#[derive(Debug, Clone)]
struct Tail {
    next: u64,
    prev: String,
    len: u64,
    /// The `prev` of the last record: the line hash of the record before it (checked against a
    /// head one slip behind).
    last_links_to: String,
    /// Carried in every head written: the slip up to which the end of the log was once not
    /// anchored (see [`Head::unanchored_to`]).
    unanchored: Option<u64>,
}

/// An open slip log. Opening is lazy and retried: a log on a missing or full disk fails each
/// append (the caller still has its verdict) and starts working again when the path does.
#[derive(Debug)]
pub struct SlipLog {
    path: PathBuf,
    file: Option<Open>,
    tail: Option<Tail>,
    repaired: Vec<Repair>,
    alerts: Vec<String>,
    /// The log or its head was created and its directory not yet synced.
    dir_unsynced: bool,
}

/// The log and its head file, open.
#[derive(Debug)]
struct Open {
    log: File,
    head: File,
    /// The head file did not exist before this open created it (until its first check).
    head_is_new: bool,
}

/// A torn final line found and removed when the log was opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repair {
    /// Length of the log before and after removing the torn bytes.
    pub from_len: u64,
    pub to_len: u64,
    /// The removed bytes, lossily decoded (they are also written to the diagnostic log).
    pub torn: String,
}

impl SlipLog {
    /// A log at `path`; nothing is opened until the first append.
    pub fn new(path: impl Into<PathBuf>) -> SlipLog {
        SlipLog {
            path: path.into(),
            file: None,
            tail: None,
            repaired: Vec::new(),
            alerts: Vec::new(),
            dir_unsynced: false,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Torn lines removed since this log was created (crash recovery), oldest first.
    pub fn repairs(&self) -> &[Repair] {
        &self.repaired
    }

    /// What the director must hear about since the last call (the station shows it as its
    /// slip-log alert): the head file missing, damaged or behind, records deleted from the end,
    /// the log replaced while open, a head that could not be written. Each is also in the
    /// diagnostic log, and `slips verify` keeps reporting what it means for the record.
    pub fn take_alerts(&mut self) -> Vec<String> {
        std::mem::take(&mut self.alerts)
    }

    /// The number the next slip will get, opening the log if needed.
    pub fn next_slip(&mut self) -> Result<u64, SlipLogError> {
        self.with_locked_tail(|_, tail| Ok(tail.next))
    }

    /// Numbers, chains, seals and durably appends a slip. Returns it only once it is on disk.
    pub fn append(&mut self, draft: SlipDraft) -> Result<Slip, SlipLogError> {
        let path = self.path.clone();
        let io = |source| SlipLogError::Io {
            path: path.clone(),
            source,
        };
        let head_path = head_path(&self.path);
        let (slip, head_failed) = self.with_locked_tail(|open, tail| {
            let file = &mut open.log;
            let mut slip = Slip {
                slip: tail.next,
                station: draft.station,
                time: now_utc(),
                kind: draft.kind,
                refers_to: draft.refers_to,
                division: draft.division,
                lexicons: draft.lexicons,
                words: draft.words,
                verdict: draft.verdict,
                detail: draft.detail,
                prev: tail.prev.clone(),
                seal: String::new(),
            };
            slip.seal = slip.expected_seal();
            let line = slip.line();
            let mut bytes = Vec::with_capacity(line.len() + 1);
            bytes.extend_from_slice(line.as_bytes());
            bytes.push(b'\n');
            let written = file
                .seek(SeekFrom::Start(tail.len))
                .and_then(|_| file.write_all(&bytes))
                .and_then(|_| file.sync_data());
            if let Err(e) = written {
                // Cut back whatever part was written, so the file still ends with a whole record.
                let _ = file.set_len(tail.len);
                let _ = file.sync_data();
                return Err(io(e));
            }
            tail.next += 1;
            tail.last_links_to =
                std::mem::replace(&mut tail.prev, Digest::of(line.as_bytes()).to_string());
            tail.len += bytes.len() as u64;
            let head = Head {
                slip: slip.slip,
                line_sha256: tail.prev.clone(),
                unanchored_to: tail.unanchored,
            };
            // The record is on disk; a head that cannot be written catches up at the next append
            // (a head one behind reads as a crash between the two writes, not as tampering).
            let head_failed = write_head(&mut open.head, &head).err().map(|e| {
                let message = format!(
                    "slip {} was written, but the head file {} could not be updated: {e}",
                    slip.slip,
                    head_path.display()
                );
                log::warn!("{message}");
                message
            });
            log::info!(
                "slip {} written: {} {} (line sha256 {})",
                slip.slip,
                slip.kind,
                slip.verdict,
                tail.prev
            );
            Ok((slip, head_failed))
        })?;
        self.alerts.extend(head_failed);
        Ok(slip)
    }

    /// Runs `f` with the log open, locked, and its tail known and current. Any failure closes
    /// the file, so the next call starts again from the disk.
    fn with_locked_tail<T>(
        &mut self,
        f: impl FnOnce(&mut Open, &mut Tail) -> Result<T, SlipLogError>,
    ) -> Result<T, SlipLogError> {
        let result = self.try_with_locked_tail(f);
        if result.is_err() {
            self.file = None;
            self.tail = None;
        }
        result
    }

    fn try_with_locked_tail<T>(
        &mut self,
        f: impl FnOnce(&mut Open, &mut Tail) -> Result<T, SlipLogError>,
    ) -> Result<T, SlipLogError> {
        let path = self.path.clone();
        let io = |source| SlipLogError::Io {
            path: path.clone(),
            source,
        };
        // The log or its head deleted or replaced while open: writing on would put slips in a
        // file nobody will read. Open the paths again, and never number below what was reached.
        let mut floor = None;
        if let Some(open) = &self.file {
            if !same_file(&self.path, &open.log) || !same_file(&head_path(&self.path), &open.head) {
                floor = self.tail.take();
                self.file = None;
            }
        }
        if self.file.is_none() {
            let open = |path: &Path| {
                OpenOptions::new()
                    .read(true)
                    .write(true)
                    .create(true)
                    .truncate(false)
                    .open(path)
            };
            let log_is_new = !self.path.exists();
            let log = open(&self.path).map_err(io)?;
            self.dir_unsynced |= log_is_new;
            // A device such as /dev/null would swallow every record without an error; /dev/full
            // would never end when read.
            if !log.metadata().map_err(io)?.is_file() {
                return Err(SlipLogError::NotAFile { path });
            }
            let head_path = head_path(&self.path);
            let head_is_new = !head_path.exists();
            let head = open(&head_path).map_err(|source| SlipLogError::Io {
                path: head_path.clone(),
                source,
            })?;
            self.dir_unsynced |= head_is_new;
            if !head.metadata().map_err(io)?.is_file() {
                return Err(SlipLogError::NotAFile { path: head_path });
            }
            // A file just created lasts a power cut only once its directory entry is on disk:
            // without this, fsyncing the first record could still lose the whole log. (Kept
            // until it succeeds: a failed open is retried at the next append.)
            if self.dir_unsynced {
                fsutil::sync_dir(fsutil::parent_dir(&self.path)).map_err(io)?;
                self.dir_unsynced = false;
            }
            self.file = Some(Open {
                log,
                head,
                head_is_new,
            });
            self.tail = None;
        }
        let open = self.file.as_mut().expect("opened above");
        open.log.lock().map_err(io)?;
        let result = (|| {
            let len = open.log.metadata().map_err(io)?.len();
            let stale = self.tail.as_ref().is_none_or(|t| t.len != len);
            if stale {
                let (tail, repair) = load_tail(&self.path, &mut open.log)?;
                if let Some(repair) = repair {
                    self.repaired.push(repair);
                }
                let (mut tail, alert) =
                    reconcile_head(&self.path, &mut open.head, open.head_is_new, tail)?;
                open.head_is_new = false;
                self.alerts.extend(alert);
                if let Some(floor) = floor.filter(|f| f.next > tail.next) {
                    let message = format!(
                        "the slip log {} or its head file was deleted or replaced while in use; \
                         numbering continues at slip {} so that no number is given out twice",
                        self.path.display(),
                        floor.next
                    );
                    log::warn!("{message}");
                    self.alerts.push(message);
                    tail = Tail {
                        len: tail.len,
                        ..floor
                    };
                }
                self.tail = Some(tail);
            }
            f(open, self.tail.as_mut().expect("loaded above"))
        })();
        let _ = open.log.unlock();
        result
    }
}

/// The record in `trailing` (the bytes after a log's last newline) if it is whole, sealed, and
/// continues the chain — slip `next`, chained to `prev` — so that it is a record that only lost its
/// newline: writers keep it (adding the newline) and readers count it. Anything else there is a
/// torn line.
fn unterminated_record(trailing: &[u8], next: u64, prev: &str) -> Option<Slip> {
    serde_json::from_slice::<Slip>(trailing)
        .ok()
        .filter(|slip| slip.slip == next && slip.prev == prev && slip.seal == slip.expected_seal())
}

/// Whether `path` still names the file open as `file` (false when it was deleted or replaced).
#[cfg(unix)]
fn same_file(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(path), file.metadata()) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(path: &Path, _file: &File) -> bool {
    path.exists()
}

/// Reads the end of the log, removes a torn last line, and returns where the next record goes.
///
/// Only the tail is read (records are well under a kilobyte), so a command-line `judge` costs the
/// same on the last slip of a long event as on the first.
fn load_tail(path: &Path, file: &mut File) -> Result<(Tail, Option<Repair>), SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    let len = file.metadata().map_err(io)?.len();
    let mut window: u64 = 64 * 1024;
    let (start, bytes) = loop {
        let start = len.saturating_sub(window);
        let mut bytes = Vec::with_capacity((len - start) as usize);
        file.seek(SeekFrom::Start(start)).map_err(io)?;
        Read::by_ref(file)
            .take(len - start)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        // Enough when it holds the whole last complete line: a newline before it, or the file start.
        let complete = bytes.iter().rposition(|&b| b == b'\n');
        let line_start = complete.and_then(|end| bytes[..end].iter().rposition(|&b| b == b'\n'));
        if start == 0 || line_start.is_some() {
            break (start, bytes);
        }
        window *= 4;
    };
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let end = start + complete as u64;
    let records = &bytes[..complete.saturating_sub(1)];
    let last_start = records
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let last = &records[last_start..];
    // The last complete record is read before anything is repaired: a log whose last record is
    // unreadable is left exactly as it is, for the director.
    let mut tail = if complete == 0 {
        Tail {
            next: 1,
            prev: GENESIS.to_owned(),
            len: end,
            last_links_to: GENESIS.to_owned(),
            unanchored: None,
        }
    } else {
        let problem = match serde_json::from_slice::<Slip>(last) {
            Ok(slip) if slip.slip <= MAX_SLIP => Ok(slip),
            Ok(slip) => Err(format!(
                "its slip number {} is larger than any log can hold",
                slip.slip
            )),
            Err(e) => Err(e.to_string()),
        };
        let slip = match problem {
            Ok(slip) => slip,
            Err(detail) => {
                // Rare: count the lines before the window too, so the message names the real line.
                let mut before = 0;
                if start > 0 {
                    let mut prefix = Vec::with_capacity(start as usize);
                    file.seek(SeekFrom::Start(0)).map_err(io)?;
                    Read::by_ref(file)
                        .take(start)
                        .read_to_end(&mut prefix)
                        .map_err(io)?;
                    before = prefix.iter().filter(|&&b| b == b'\n').count();
                }
                return Err(SlipLogError::Unreadable {
                    path: path.to_owned(),
                    line: before + records.iter().filter(|&&b| b == b'\n').count() + 1,
                    detail,
                });
            }
        };
        Tail {
            next: slip.slip + 1,
            prev: Digest::of(last).to_string(),
            len: end,
            last_links_to: slip.prev,
            unanchored: None,
        }
    };
    let mut repair = None;
    let trailing = &bytes[complete..];
    if trailing.is_empty() {
        return Ok((tail, repair));
    }
    // A whole, sealed record that follows the chain but lost its newline (a file saved by an
    // editor that drops it, or a crash just before the newline) is kept: only the newline is added.
    if let Some(slip) = unterminated_record(trailing, tail.next, &tail.prev) {
        log::warn!(
            "slip log {}: the last record (slip {}) had no newline at its end; added",
            path.display(),
            slip.slip
        );
        file.seek(SeekFrom::Start(len))
            .and_then(|_| file.write_all(b"\n"))
            .and_then(|_| file.sync_data())
            .map_err(io)?;
        tail = Tail {
            next: slip.slip + 1,
            prev: Digest::of(trailing).to_string(),
            len: len + 1,
            last_links_to: slip.prev,
            unanchored: None,
        };
        return Ok((tail, repair));
    }
    let torn = String::from_utf8_lossy(trailing).into_owned();
    log::warn!(
        "slip log {}: removed a torn last line of {} bytes (a crash during a write): {torn:?}",
        path.display(),
        trailing.len()
    );
    file.set_len(end).map_err(io)?;
    file.sync_data().map_err(io)?;
    repair = Some(Repair {
        from_len: len,
        to_len: end,
        torn,
    });
    Ok((tail, repair))
}

// ---------------------------------------------------------------------------------------------
// The head: the last slip written, anchoring the end of the chain.

/// What `<log>.head` records: the last slip written and the SHA-256 of its line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Head {
    slip: u64,
    line_sha256: String,
    /// Set, and kept in every later head, when a writer found the head missing, damaged, or more
    /// than one slip behind while the log ended at this slip: up to here, records deleted from or
    /// added to the end cannot be ruled out, and `slips verify` says so for as long as the log
    /// lives. (Writing the head again must not erase that evidence.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unanchored_to: Option<u64>,
}

/// The head file is always this long (JSON padded with spaces, then a newline), so rewriting it
/// in place never leaves stale bytes and fits in one disk sector.
const HEAD_LEN: usize = 256;

/// The head file of the log at `log`: `slips.jsonl` → `slips.jsonl.head`.
pub fn head_path(log: &Path) -> PathBuf {
    let mut name = log.file_name().unwrap_or_default().to_os_string();
    name.push(".head");
    log.with_file_name(name)
}

fn write_head(file: &mut File, head: &Head) -> std::io::Result<()> {
    let json = serde_json::to_string(head).expect("a head always serialises");
    let mut bytes = format!("{json:<width$}", width = HEAD_LEN - 1).into_bytes();
    bytes.push(b'\n');
    file.seek(SeekFrom::Start(0))?;
    file.write_all(&bytes)?;
    file.set_len(HEAD_LEN as u64)?;
    file.sync_data()
}

/// `Ok(None)` for an empty head (none written yet); an error string for one that is not a head.
fn parse_head(bytes: &[u8]) -> Result<Option<Head>, String> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let head: Head = serde_json::from_str(text).map_err(|e| format!("not a head record ({e})"))?;
    let hex = |h: &str| h.len() == 64 && h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    // A head is written only after a slip, and slips are numbered from 1.
    if head.slip == 0 || head.slip > MAX_SLIP || head.unanchored_to.is_some_and(|n| n > head.slip) {
        return Err(format!(
            "not a head record (slip number {} is impossible)",
            head.slip
        ));
    }
    if !hex(&head.line_sha256) {
        return Err("not a head record (line_sha256 is not a SHA-256)".to_owned());
    }
    Ok(Some(head))
}

/// Where the next record goes, given the log's tail and its head file, and what the director
/// must be told (see [`SlipLog::take_alerts`]).
///
/// The head may be one slip behind (a crash between writing a record and its head): put right
/// at once. Missing (with records in the log), damaged, or further behind: the head is written
/// again from the log's end, marked [`Head::unanchored_to`] so that `verify` keeps reporting it.
/// Ahead of the log, or naming a different record: the log was changed behind the writer's back;
/// the next record continues after the head's slip, chained to the head's record, so no number is
/// given out twice and `verify` keeps finding the gap.
fn reconcile_head(
    path: &Path,
    head_file: &mut File,
    head_is_new: bool,
    mut tail: Tail,
) -> Result<(Tail, Option<String>), SlipLogError> {
    let head_path = head_path(path);
    let mut bytes = Vec::new();
    head_file
        .seek(SeekFrom::Start(0))
        .and_then(|_| {
            Read::by_ref(head_file)
                .take(4 * HEAD_LEN as u64)
                .read_to_end(&mut bytes)
        })
        .map_err(|source| SlipLogError::Io {
            path: head_path.clone(),
            source,
        })?;
    let last = tail.next - 1;
    let log = path.display();
    let head_shown = head_path.display();
    // What happened, when the head cannot vouch for the end of the log up to `last`.
    let unanchored = |why: String| {
        format!(
            "{why}; it is written again now, and `wordjudge slips verify` will report that records \
             deleted from the end up to slip {last} cannot be ruled out"
        )
    };
    let (alert, unanchored_to) = match parse_head(&bytes) {
        Ok(None) if last == 0 => (None, None),
        // A crash after the first record, before its head: the file was created empty first.
        Ok(None) if last == 1 && !head_is_new => (None, None),
        Ok(None) => {
            let why = if head_is_new {
                format!("the head file {head_shown} was missing, though the log {log} holds slips up to {last}")
            } else {
                format!("the head file {head_shown} was empty, though the log {log} holds slips up to {last}")
            };
            (Some(unanchored(why)), Some(last))
        }
        Ok(Some(head)) if head.slip == last && head.line_sha256 == tail.prev => {
            tail.unanchored = head.unanchored_to;
            return Ok((tail, None));
        }
        // The last record chains to the record the head names: a crash between the two writes.
        Ok(Some(head)) if head.slip + 1 == last && head.line_sha256 == tail.last_links_to => {
            log::warn!(
                "slip log {log}: the head was one slip behind (a crash between writing slip {last} \
                 and its head); put right"
            );
            (None, head.unanchored_to)
        }
        Ok(Some(head)) if head.slip >= last => {
            let alert = format!(
                "the head file {head_shown} records slip {} (line SHA-256 {}), but the log {log} \
                 ends at slip {last}: records were deleted or changed; numbering continues at \
                 slip {} so that no number is given out twice (`wordjudge slips verify` names the \
                 first bad slip)",
                head.slip,
                head.line_sha256,
                head.slip + 1
            );
            log::warn!("{alert}");
            tail.next = head.slip + 1;
            tail.prev = head.line_sha256;
            tail.unanchored = head.unanchored_to;
            return Ok((tail, Some(alert)));
        }
        Ok(Some(head)) => {
            let why = format!(
                "the head file {head_shown} records slip {} (line SHA-256 {}), which is not how \
                 the log {log} ends (at slip {last}): head writes failed, or records were added or \
                 changed by something else",
                head.slip, head.line_sha256
            );
            (Some(unanchored(why)), Some(last))
        }
        Err(problem) => {
            let why = format!(
                "the head file {head_shown} was damaged ({problem}: {:?})",
                String::from_utf8_lossy(&bytes).trim()
            );
            if last == 0 {
                let alert = format!(
                    "{why}; the log is empty, so slips written before, if any, are gone, and \
                     `wordjudge slips verify` will report that"
                );
                (Some(alert), Some(0))
            } else {
                (Some(unanchored(why)), Some(last))
            }
        }
    };
    if let Some(alert) = &alert {
        log::warn!("slip log {log}: {alert}");
    }
    tail.unanchored = tail.unanchored.max(unanchored_to);
    // Brings the head up to the log's last record now, before anything is appended: a second
    // crash before the next head write must not leave it two slips behind.
    if last > 0 {
        let head = Head {
            slip: last,
            line_sha256: tail.prev.clone(),
            unanchored_to: tail.unanchored,
        };
        write_head(head_file, &head).map_err(|source| SlipLogError::Io {
            path: head_path.clone(),
            source,
        })?;
    }
    Ok((tail, alert))
}

// ---------------------------------------------------------------------------------------------
// Reading and verifying.

/// A record read back, with its line number.
#[derive(Debug, Clone)]
pub struct ReadSlip {
    pub line: usize,
    pub slip: Slip,
}

/// Reads every record (a torn last line is left out and reported in `torn`).
pub fn read(path: &Path) -> Result<Contents, SlipLogError> {
    Ok(Contents::parse(&read_bytes(path)?))
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(SlipLogError::NotAFile {
            path: path.to_owned(),
        });
    }
    std::fs::read(path).map_err(io)
}

/// A log's records and what is wrong with it.
#[derive(Debug, Clone, Default)]
pub struct Contents {
    pub slips: Vec<ReadSlip>,
    /// Lines that are not records: (line number, problem).
    pub unreadable: Vec<(usize, String)>,
    /// Bytes after the last newline (a crash mid-write), if any.
    pub torn: Option<usize>,
}

impl Contents {
    fn parse(bytes: &[u8]) -> Contents {
        let mut contents = Contents::default();
        let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let mut lines = 0;
        // Where a record that only lost its newline would continue from: the last line, readable.
        let mut continues = Some((1, GENESIS.to_owned()));
        if complete > 0 {
            for (i, line) in bytes[..complete - 1].split(|&b| b == b'\n').enumerate() {
                lines = i + 1;
                match serde_json::from_slice::<Slip>(line) {
                    Ok(slip) => {
                        continues = slip
                            .slip
                            .checked_add(1)
                            .map(|next| (next, Digest::of(line).to_string()));
                        contents.slips.push(ReadSlip { line: lines, slip });
                    }
                    Err(e) => {
                        continues = None;
                        contents.unreadable.push((lines, e.to_string()));
                    }
                }
            }
        }
        let trailing = &bytes[complete..];
        if !trailing.is_empty() {
            let kept =
                continues.and_then(|(next, prev)| unterminated_record(trailing, next, &prev));
            match kept {
                Some(slip) => contents.slips.push(ReadSlip {
                    line: lines + 1,
                    slip,
                }),
                None => contents.torn = Some(trailing.len()),
            }
        }
        contents
    }

    /// The record of slip `n` (the first, if a log was tampered with to hold two).
    pub fn get(&self, n: u64) -> Option<&Slip> {
        self.slips.iter().map(|r| &r.slip).find(|s| s.slip == n)
    }
}

/// What `slips verify` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    pub records: usize,
    /// The first problem: the slip number it concerns (when known), the line, and what is wrong.
    pub first_bad: Option<BadSlip>,
    /// A torn last line (crash mid-write) that the next append will remove: not tampering.
    pub torn: Option<usize>,
    /// The head is one slip behind the log: a crash between writing the last record and its
    /// head, put right by the next append. Not tampering.
    pub head_behind: bool,
    /// The head file is missing or damaged, or once was (its `unanchored_to` mark), so whether
    /// records were deleted from the end of the log cannot be told.
    pub head_problem: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadSlip {
    pub slip: Option<u64>,
    pub line: usize,
    pub problem: String,
}

/// Checks numbering (1, 2, 3, …), each record's seal, the chain of `prev` hashes, and the end
/// of the log against its head file.
///
/// The log is read line by line and never held in memory, so checking the log of a long event
/// costs a station no memory (it does this each time director mode opens).
///
/// A log file that does not exist reads as empty, so a log deleted while its head remains is
/// reported as slips missing from the end (see [`is_unused`] for "nothing judged yet").
pub fn verify(path: &Path) -> Result<Verification, SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    let file = match open_regular(path) {
        Ok(file) => Some(file),
        Err(SlipLogError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            None
        }
        Err(e) => return Err(e),
    };
    let head_path = head_path(path);
    let head = match std::fs::read(&head_path) {
        Ok(bytes) => parse_head(&bytes)
            .map(|head| head.map_or(HeadFound::Empty, HeadFound::Head))
            .map_err(|problem| {
                format!(
                    "the head file {} is damaged: {problem}",
                    head_path.display()
                )
            }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(HeadFound::Missing),
        Err(e) => Err(format!(
            "the head file {} cannot be read: {e}",
            head_path.display()
        )),
    };
    let head_slip = match &head {
        Ok(HeadFound::Head(h)) => Some(h.slip),
        _ => None,
    };
    let mut checker = Checker::new(head_slip);
    let mut reader = std::io::BufReader::new(match file {
        Some(file) => Box::new(file) as Box<dyn Read>,
        None => Box::new(std::io::empty()),
    });
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        let n = std::io::BufRead::read_until(&mut reader, b'\n', &mut line).map_err(io)?;
        if n == 0 {
            break;
        }
        if line.last() != Some(&b'\n') {
            // A whole record that only lost its newline counts (a writer keeps it); else torn.
            match checker.continues() {
                Some((next, prev)) if unterminated_record(&line, next, &prev).is_some() => {
                    checker.line(number + 1, &line);
                }
                _ => checker.torn = Some(line.len()),
            }
            break;
        }
        number += 1;
        checker.line(number, &line[..line.len() - 1]);
    }
    let (mut v, end) = checker.finish();
    check_head(&mut v, &end, head, &head_path);
    Ok(v)
}

/// True when nothing was ever written to the log at `path`: neither it nor a head naming a slip
/// exists. (A log deleted while its head remains is not unused: `verify` reports it.)
pub fn is_unused(path: &Path) -> bool {
    let missing = |p: &Path| matches!(std::fs::symlink_metadata(p), Err(e) if e.kind() == std::io::ErrorKind::NotFound);
    missing(path)
        && (missing(&head_path(path))
            || std::fs::read(head_path(path)).is_ok_and(|b| matches!(parse_head(&b), Ok(None))))
}

fn open_regular(path: &Path) -> Result<File, SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    let file = File::open(path).map_err(io)?;
    // A device such as /dev/full would never end when read.
    if !file.metadata().map_err(io)?.is_file() {
        return Err(SlipLogError::NotAFile {
            path: path.to_owned(),
        });
    }
    Ok(file)
}

/// A record's place for the head check: its slip number, line and line hash.
#[derive(Debug, Clone)]
struct Seen {
    slip: u64,
    line: usize,
    hash: String,
}

/// `verify`, one line at a time.
struct Checker {
    records: usize,
    lines: usize,
    first_bad: Option<BadSlip>,
    torn: Option<usize>,
    /// Checking the chain stops at its first break (everything after it is suspect anyway).
    broken: bool,
    expected: u64,
    prev_hash: String,
    last: Option<Seen>,
    /// The slip the head file names, as last seen in the log.
    head_slip: Option<u64>,
    named: Option<Seen>,
}

impl Checker {
    fn new(head_slip: Option<u64>) -> Checker {
        Checker {
            records: 0,
            lines: 0,
            first_bad: None,
            torn: None,
            broken: false,
            expected: 1,
            prev_hash: GENESIS.to_owned(),
            last: None,
            head_slip,
            named: None,
        }
    }

    /// The slip number and `prev` a record after the last line would need to continue the log
    /// (`None` when the last line is not a record).
    fn continues(&self) -> Option<(u64, String)> {
        match &self.last {
            None if self.lines == 0 => Some((1, GENESIS.to_owned())),
            Some(last) if last.line == self.lines => {
                Some((last.slip.checked_add(1)?, last.hash.clone()))
            }
            _ => None,
        }
    }

    fn note(&mut self, bad: BadSlip) {
        if self.first_bad.as_ref().is_none_or(|b| bad.line < b.line) {
            self.first_bad = Some(bad);
        }
    }

    fn line(&mut self, number: usize, bytes: &[u8]) {
        self.lines = number;
        let slip: Slip = match serde_json::from_slice(bytes) {
            Ok(slip) => slip,
            Err(e) => {
                self.note(BadSlip {
                    slip: None,
                    line: number,
                    problem: format!("not a slip record: {e}"),
                });
                return;
            }
        };
        self.records += 1;
        let hash = Digest::of(bytes).to_string();
        let seen = Seen {
            slip: slip.slip,
            line: number,
            hash: hash.clone(),
        };
        if Some(slip.slip) == self.head_slip {
            self.named = Some(seen.clone());
        }
        self.last = Some(seen);
        if self.broken {
            return;
        }
        let expected = self.expected;
        let problem = if slip.seal != slip.expected_seal() {
            Some(format!(
                "slip {} was changed after it was written (its seal does not match its contents)",
                slip.slip
            ))
        } else if slip.slip > expected {
            Some(format!(
                "slip {} follows slip {}: slip(s) {expected}..{} are missing",
                slip.slip,
                expected - 1,
                slip.slip - 1
            ))
        } else if slip.slip < expected {
            Some(format!(
                "slip {} appears after slip {} (duplicated or reordered)",
                slip.slip,
                expected - 1
            ))
        } else if slip.prev != self.prev_hash {
            Some(if expected == 1 {
                "the first slip does not start the chain".to_owned()
            } else {
                format!(
                    "slip {} does not chain to the record before it: a record before it was changed, removed or inserted",
                    slip.slip
                )
            })
        } else {
            None
        };
        match problem {
            Some(problem) => {
                self.note(BadSlip {
                    slip: Some(slip.slip),
                    line: number,
                    problem,
                });
                self.broken = true;
            }
            None => {
                self.expected += 1;
                self.prev_hash = hash;
            }
        }
    }

    fn finish(self) -> (Verification, End) {
        let v = Verification {
            records: self.records,
            first_bad: self.first_bad,
            torn: self.torn,
            head_behind: false,
            head_problem: None,
        };
        let end = End {
            last: self.last,
            named: self.named,
            lines: self.lines,
        };
        (v, end)
    }
}

/// What the head check needs to know about the end of the log.
struct End {
    /// The last readable record.
    last: Option<Seen>,
    /// The last record carrying the slip number the head names.
    named: Option<Seen>,
    lines: usize,
}

/// The head file as `verify` found it.
enum HeadFound {
    /// No head file. A writer creates it, empty, before its first record.
    Missing,
    /// Created, but no head written yet.
    Empty,
    Head(Head),
}

/// Compares the end of the log with its head file.
fn check_head(v: &mut Verification, end: &End, head: Result<HeadFound, String>, head_path: &Path) {
    let mut note = |bad: BadSlip| {
        if v.first_bad.as_ref().is_none_or(|b| bad.line < b.line) {
            v.first_bad = Some(bad);
        }
    };
    let head = match head {
        Ok(HeadFound::Head(head)) => head,
        Ok(found) => {
            let what = match found {
                HeadFound::Missing => "is missing",
                _ => "is empty",
            };
            match (v.records, found) {
                (0, _) => {}
                // A crash between the first record and its head (the file was created first).
                (1, HeadFound::Empty) => v.head_behind = true,
                (n, _) => {
                    v.head_problem = Some(format!(
                        "the head file {} {what}, though the log holds {n} record(s), so \
                         whether records were deleted from the end cannot be told",
                        head_path.display()
                    ))
                }
            }
            return;
        }
        Err(problem) => {
            v.head_problem = Some(problem);
            return;
        }
    };
    if head.unanchored_to == Some(0) {
        v.head_problem = Some(format!(
            "when the log was empty, a writer found its head file {} damaged (the diagnostic log \
             says how), so whether slips written before were deleted cannot be told",
            head_path.display()
        ));
    } else if let Some(n) = head.unanchored_to {
        v.head_problem = Some(format!(
            "when the log ended at slip {n}, a writer found its head file {} missing, damaged or \
             behind (the diagnostic log says which), so whether records were deleted from or \
             added to the end up to slip {n} cannot be told",
            head_path.display()
        ));
    }
    let end_line = end.lines + 1;
    let last_slip = end.last.as_ref().map_or(0, |s| s.slip);
    if head.slip > last_slip {
        let missing = if head.slip == last_slip + 1 {
            format!("slip {} is", head.slip)
        } else {
            format!("slips {}..{} are", last_slip + 1, head.slip)
        };
        note(BadSlip {
            slip: Some(last_slip + 1),
            line: end_line,
            problem: format!(
                "{missing} missing from the end of the log: its head file records slip {} as written",
                head.slip
            ),
        });
        return;
    }
    match &end.named {
        Some(record) if record.hash != head.line_sha256 => note(BadSlip {
            slip: Some(head.slip),
            line: record.line,
            problem: format!(
                "slip {} is not the record that was written: its line does not match the hash \
                 its head file recorded (the record was replaced)",
                head.slip
            ),
        }),
        Some(_) if head.slip == last_slip => {}
        Some(_) if head.slip + 1 == last_slip => v.head_behind = true,
        Some(record) => note(BadSlip {
            slip: Some(head.slip + 2),
            line: record.line + 2,
            problem: format!(
                "slips {}..{last_slip} were added after the head file last recorded slip {}",
                head.slip + 2,
                head.slip
            ),
        }),
        None if head.slip == 0 => {}
        None => note(BadSlip {
            slip: Some(head.slip),
            line: end_line,
            problem: format!(
                "slip {}, which the head file records as the last written, is not in the log",
                head.slip
            ),
        }),
    }
}

/// The last `n` records of the log, newest first, read from its end: the cost does not grow
/// with the log. Lines that are not records are left out.
pub fn read_last(path: &Path, n: usize) -> Result<Vec<Slip>, SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    let mut file = open_regular(path)?;
    let len = file.metadata().map_err(io)?.len();
    let mut window: u64 = 16 * 1024;
    loop {
        let start = len.saturating_sub(window);
        let mut bytes = Vec::with_capacity((len - start) as usize);
        file.seek(SeekFrom::Start(start)).map_err(io)?;
        Read::by_ref(&mut file)
            .take(len - start)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        // Whole lines only: drop a torn tail, and a partial first line unless at the start.
        let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let mut lines: Vec<&[u8]> = bytes[..complete.saturating_sub(1)]
            .split(|&b| b == b'\n')
            .collect();
        if complete == 0 {
            lines.clear();
        }
        let whole = if start == 0 {
            lines.len()
        } else {
            lines.len().saturating_sub(1)
        };
        if whole >= n || start == 0 {
            let first = lines.len() - whole;
            return Ok(lines[first..]
                .iter()
                .rev()
                .filter_map(|l| serde_json::from_slice::<Slip>(l).ok())
                .take(n)
                .collect());
        }
        window *= 4;
    }
}

/// The record of slip `n` (the first, if a log was tampered with to hold two), found by reading
/// the log line by line without holding it.
pub fn find(path: &Path, n: u64) -> Result<Option<Slip>, SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    let mut reader = std::io::BufReader::new(open_regular(path)?);
    // Records are written with `slip` first; only lines that start so are parsed.
    let prefix = format!("{{\"slip\":{n},");
    let mut line = Vec::new();
    loop {
        line.clear();
        if std::io::BufRead::read_until(&mut reader, b'\n', &mut line).map_err(io)? == 0 {
            return Ok(None);
        }
        if line.last() == Some(&b'\n') && line.starts_with(prefix.as_bytes()) {
            if let Ok(slip) = serde_json::from_slice::<Slip>(&line[..line.len() - 1]) {
                if slip.slip == n {
                    return Ok(Some(slip));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(words: &[&str], verdict: Verdict) -> SlipDraft {
        SlipDraft {
            station: "s1".into(),
            kind: SlipKind::Challenge,
            refers_to: None,
            division: "main".into(),
            lexicons: vec![Consulted {
                code: "DEMO".into(),
                sha256: GENESIS.into(),
            }],
            words: words.iter().map(|w| w.to_string()).collect(),
            verdict,
            detail: vec![],
        }
    }

    fn log_with(n: usize) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("slips.jsonl");
        let mut log = SlipLog::new(&path);
        for i in 0..n {
            let verdict = if i % 2 == 0 {
                Verdict::Acceptable
            } else {
                Verdict::Unacceptable
            };
            log.append(draft(&["QI", "ZA"], verdict)).unwrap();
        }
        (dir, path)
    }

    fn lines(path: &Path) -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    /// Edits record `index` (0-based line) of the log and recomputes its seal, as a forger would.
    fn reseal(path: &Path, index: usize, edit: impl FnOnce(&mut Slip)) {
        let mut l = lines(path);
        let mut slip: Slip = serde_json::from_str(&l[index]).unwrap();
        edit(&mut slip);
        slip.seal = slip.expected_seal();
        l[index] = slip.line();
        write_lines(path, &l);
    }

    fn write_lines(path: &Path, lines: &[String]) {
        std::fs::write(
            path,
            lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
        )
        .unwrap();
    }

    #[test]
    fn each_slip_record_is_on_disk_before_append_returns() {
        let (_dir, path) = log_with(0);
        let mut log = SlipLog::new(&path);
        let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
        // Read back through a separate handle: the record is in the file, whole, with its newline.
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.ends_with('\n'));
        let back: Slip = serde_json::from_str(text.trim_end()).unwrap();
        assert_eq!(back, slip);
        assert_eq!(back.slip, 1);
        assert_eq!(back.prev, GENESIS);
    }

    #[test]
    fn numbering_continues_after_a_restart() {
        let (_dir, path) = log_with(3);
        let mut reopened = SlipLog::new(&path);
        assert_eq!(reopened.next_slip().unwrap(), 4);
        let slip = reopened
            .append(draft(&["CAT"], Verdict::Acceptable))
            .unwrap();
        assert_eq!(slip.slip, 4);
        assert_eq!(verify(&path).unwrap().first_bad, None);
    }

    #[test]
    fn two_writers_sharing_a_log_keep_one_chain() {
        let (_dir, path) = log_with(1);
        let mut station = SlipLog::new(&path);
        let mut director = SlipLog::new(&path);
        assert_eq!(
            station
                .append(draft(&["A", "B"], Verdict::Acceptable))
                .unwrap()
                .slip,
            2
        );
        assert_eq!(
            director
                .append(draft(&["C"], Verdict::Acceptable))
                .unwrap()
                .slip,
            3
        );
        assert_eq!(
            station
                .append(draft(&["D"], Verdict::Acceptable))
                .unwrap()
                .slip,
            4
        );
        let v = verify(&path).unwrap();
        assert_eq!((v.records, v.first_bad), (4, None));
    }

    #[test]
    fn a_torn_last_line_is_repaired_without_losing_complete_records() {
        let (_dir, path) = log_with(3);
        let mut bytes = std::fs::read(&path).unwrap();
        let whole = bytes.len() as u64;
        bytes.extend_from_slice(b"{\"slip\":4,\"station\":\"s1\",\"ti");
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(verify(&path).unwrap().torn, Some(28));

        let mut log = SlipLog::new(&path);
        assert_eq!(log.next_slip().unwrap(), 4);
        assert_eq!(log.repairs().len(), 1);
        assert_eq!(log.repairs()[0].to_len, whole);
        assert!(log.repairs()[0].torn.starts_with("{\"slip\":4"));
        assert_eq!(std::fs::metadata(&path).unwrap().len(), whole);
        log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
        let v = verify(&path).unwrap();
        assert_eq!((v.records, v.first_bad, v.torn), (4, None, None));
    }

    #[test]
    fn verify_catches_an_edited_word() {
        let (_dir, path) = log_with(5);
        let mut l = lines(&path);
        l[2] = l[2].replace("\"ZA\"", "\"ZO\"");
        write_lines(&path, &l);
        let bad = verify(&path).unwrap().first_bad.unwrap();
        assert_eq!(bad.slip, Some(3));
        assert!(bad.problem.contains("changed"), "{}", bad.problem);
    }

    #[test]
    fn verify_catches_a_flipped_verdict_even_on_the_last_slip() {
        let (_dir, path) = log_with(4);
        let mut l = lines(&path);
        l[3] = l[3].replace("UNACCEPTABLE", "ACCEPTABLE");
        write_lines(&path, &l);
        assert_eq!(verify(&path).unwrap().first_bad.unwrap().slip, Some(4));
    }

    #[test]
    fn verify_catches_a_resealed_edit_through_the_chain() {
        // Someone who recomputes the edited record's seal still breaks the next record's prev.
        let (_dir, path) = log_with(4);
        reseal(&path, 1, |slip| slip.verdict = Verdict::Acceptable);
        let bad = verify(&path).unwrap().first_bad.unwrap();
        assert_eq!(bad.slip, Some(3));
        assert!(bad.problem.contains("does not chain"), "{}", bad.problem);
    }

    #[test]
    fn verify_catches_a_deleted_record() {
        let (_dir, path) = log_with(5);
        let mut l = lines(&path);
        l.remove(1);
        write_lines(&path, &l);
        let bad = verify(&path).unwrap().first_bad.unwrap();
        assert_eq!(bad.slip, Some(3));
        assert!(bad.problem.contains("missing"), "{}", bad.problem);
    }

    #[test]
    fn verify_catches_the_last_records_deleted() {
        for deleted in [1, 3, 5] {
            let (_dir, path) = log_with(5);
            let mut l = lines(&path);
            l.truncate(5 - deleted);
            write_lines(&path, &l);
            let v = verify(&path).unwrap();
            let bad = v.first_bad.expect("deleting the last records is found");
            assert_eq!(bad.slip, Some(6 - deleted as u64), "{deleted} deleted");
            assert_eq!(bad.line, 6 - deleted);
            assert!(
                bad.problem.contains("missing from the end of the log"),
                "{}",
                bad.problem
            );
        }
    }

    #[test]
    fn verify_catches_a_replaced_last_record() {
        // Resealed and chained correctly: only the head tells.
        let (_dir, path) = log_with(3);
        reseal(&path, 2, |slip| {
            slip.verdict = Verdict::Unacceptable;
            slip.words = vec!["QI".into()];
        });
        let bad = verify(&path).unwrap().first_bad.unwrap();
        assert_eq!((bad.slip, bad.line), (Some(3), 3));
        assert!(bad.problem.contains("was replaced"), "{}", bad.problem);
    }

    #[test]
    fn a_crash_between_a_record_and_its_head_is_not_tampering_and_is_put_right() {
        let (_dir, path) = log_with(3);
        let line2 = Digest::of(lines(&path)[1].as_bytes()).to_string();
        let mut head = OpenOptions::new()
            .write(true)
            .open(head_path(&path))
            .unwrap();
        write_head(
            &mut head,
            &Head {
                slip: 2,
                line_sha256: line2,
                unanchored_to: None,
            },
        )
        .unwrap();
        let v = verify(&path).unwrap();
        assert_eq!((v.first_bad, v.head_behind), (None, true));
        let mut log = SlipLog::new(&path);
        let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
        assert_eq!(slip.slip, 4);
        assert_eq!(
            log.take_alerts(),
            Vec::<String>::new(),
            "a crash is no alert"
        );
        let v = verify(&path).unwrap();
        assert_eq!(
            (v.records, v.first_bad, v.head_behind, v.head_problem),
            (4, None, false, None)
        );
    }

    #[test]
    fn after_the_last_records_are_deleted_no_slip_number_is_given_out_twice() {
        let (_dir, path) = log_with(5);
        let mut l = lines(&path);
        l.truncate(3);
        write_lines(&path, &l);
        let mut log = SlipLog::new(&path);
        let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
        assert_eq!(slip.slip, 6, "slips 4 and 5 were given out before");
        let alerts = log.take_alerts();
        assert!(
            alerts.len() == 1 && alerts[0].contains("records were deleted or changed"),
            "{alerts:?}"
        );
        // The gap stays in the log for good, even though the head now matches its end.
        let bad = verify(&path).unwrap().first_bad.unwrap();
        assert_eq!((bad.slip, bad.line), (Some(6), 4));
        assert!(bad.problem.contains("4..5 are missing"), "{}", bad.problem);
    }

    #[test]
    fn a_missing_or_damaged_head_is_reported_and_the_report_survives_the_next_append() {
        for damage in [
            "deleted",
            "emptied",
            "not a head",
            "impossible number",
            "slip zero",
            "two behind",
        ] {
            let (_dir, path) = log_with(3);
            let head = head_path(&path);
            match damage {
                "deleted" => std::fs::remove_file(&head).unwrap(),
                "emptied" => std::fs::write(&head, "").unwrap(),
                "not a head" => std::fs::write(&head, "not a head").unwrap(),
                "impossible number" => std::fs::write(
                    &head,
                    format!("{{\"slip\":{},\"line_sha256\":\"{GENESIS}\"}}", u64::MAX),
                )
                .unwrap(),
                "slip zero" => std::fs::write(
                    &head,
                    format!("{{\"slip\":0,\"line_sha256\":\"{GENESIS}\"}}"),
                )
                .unwrap(),
                _ => {
                    let line1 = Digest::of(lines(&path)[0].as_bytes()).to_string();
                    let mut file = OpenOptions::new().write(true).open(&head).unwrap();
                    let one = Head {
                        slip: 1,
                        line_sha256: line1,
                        unanchored_to: None,
                    };
                    write_head(&mut file, &one).unwrap();
                }
            }
            let v = verify(&path).unwrap();
            assert!(
                v.first_bad.is_some() || v.head_problem.is_some(),
                "{damage}: reported before the append: {v:?}"
            );
            let mut log = SlipLog::new(&path);
            let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
            assert_eq!(slip.slip, 4, "{damage}");
            let alerts = log.take_alerts();
            assert_eq!(alerts.len(), 1, "{damage}: {alerts:?}");
            assert!(alerts[0].contains("up to slip 3"), "{damage}: {alerts:?}");
            // Writing the head again does not erase the evidence, now or after more slips.
            log.append(draft(&["ZA"], Verdict::Acceptable)).unwrap();
            let v = verify(&path).unwrap();
            assert_eq!((v.records, &v.first_bad), (5, &None), "{damage}");
            let problem = v.head_problem.expect("still reported");
            assert!(problem.contains("up to slip 3"), "{damage}: {problem}");
            assert!(log.take_alerts().is_empty(), "{damage}: told once");
        }
    }

    #[test]
    fn a_damaged_head_beside_an_emptied_log_stays_reported() {
        let (_dir, path) = log_with(3);
        std::fs::write(&path, "").unwrap();
        std::fs::write(head_path(&path), "{\"slip\":3,\"line_sha256\":\"\u{1}\"}").unwrap();
        let mut log = SlipLog::new(&path);
        assert_eq!(
            log.append(draft(&["QI"], Verdict::Acceptable))
                .unwrap()
                .slip,
            1
        );
        assert_eq!(log.take_alerts().len(), 1);
        let v = verify(&path).unwrap();
        assert_eq!((v.records, v.first_bad), (1, None));
        let problem = v.head_problem.expect("reported after the append");
        assert!(problem.contains("when the log was empty"), "{problem}");
    }

    #[test]
    fn a_head_lost_with_the_last_records_still_gives_no_number_twice_in_one_run() {
        // The log and its head deleted while a writer has them open.
        let (_dir, path) = log_with(0);
        let mut log = SlipLog::new(&path);
        for _ in 0..3 {
            log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
        }
        std::fs::remove_file(&path).unwrap();
        std::fs::remove_file(head_path(&path)).unwrap();
        let slip = log.append(draft(&["ZA"], Verdict::Acceptable)).unwrap();
        assert_eq!(slip.slip, 4, "written to the path, numbered on");
        assert_eq!(
            lines(&path).len(),
            1,
            "the record is in the file at the path"
        );
        let alerts = log.take_alerts();
        assert!(
            alerts
                .iter()
                .any(|a| a.contains("deleted or replaced while in use")),
            "{alerts:?}"
        );
        let bad = verify(&path)
            .unwrap()
            .first_bad
            .expect("slips 1..3 missing");
        assert!(bad.problem.contains("1..3 are missing"), "{}", bad.problem);
    }

    #[test]
    fn a_deleted_log_whose_head_remains_is_reported_not_taken_for_a_new_one() {
        let (_dir, path) = log_with(4);
        std::fs::remove_file(&path).unwrap();
        assert!(!is_unused(&path));
        let bad = verify(&path).unwrap().first_bad.expect("slips missing");
        assert_eq!(bad.slip, Some(1));
        assert!(
            bad.problem.contains("slips 1..4 are missing"),
            "{}",
            bad.problem
        );
        let slip = SlipLog::new(&path)
            .append(draft(&["QI"], Verdict::Acceptable))
            .unwrap();
        assert_eq!(slip.slip, 5);

        let (_dir, fresh) = log_with(0);
        assert!(is_unused(&fresh));
        assert_eq!(verify(&fresh).unwrap().records, 0);
    }

    #[test]
    fn a_slip_number_too_large_stops_appending_instead_of_overflowing() {
        let (_dir, path) = log_with(2);
        reseal(&path, 1, |slip| slip.slip = u64::MAX);
        let l = lines(&path);
        let e = SlipLog::new(&path)
            .append(draft(&["QI"], Verdict::Acceptable))
            .unwrap_err();
        assert!(
            matches!(&e, SlipLogError::Unreadable { line: 2, detail, .. } if detail.contains("larger than any log")),
            "{e}"
        );
        assert_eq!(lines(&path), l, "left as it was");
    }

    #[test]
    fn a_whole_last_record_without_its_newline_is_kept() {
        let (_dir, path) = log_with(3);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        // Readers count it already, as the writer will keep it.
        let v = verify(&path).unwrap();
        assert_eq!((v.records, v.first_bad, v.torn), (3, None, None));
        assert_eq!(read(&path).unwrap().slips.len(), 3);
        // A whole record that does not continue the chain is a torn line, for readers and writers.
        let copy = lines(&path)[1].clone();
        std::fs::write(&path, [&bytes[..], copy.as_bytes()].concat()).unwrap();
        let v = verify(&path).unwrap();
        assert_eq!(
            (v.records, v.first_bad, v.torn),
            (3, None, Some(copy.len()))
        );
        assert_eq!(read(&path).unwrap().torn, Some(copy.len()));
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        let mut log = SlipLog::new(&path);
        let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
        assert_eq!(slip.slip, 4);
        assert!(log.repairs().is_empty(), "nothing removed");
        let v = verify(&path).unwrap();
        assert_eq!((v.records, v.first_bad, v.torn), (4, None, None));
    }

    #[test]
    fn the_head_file_has_a_fixed_length() {
        let (_dir, path) = log_with(12);
        let head = std::fs::read(head_path(&path)).unwrap();
        assert_eq!(head.len(), HEAD_LEN);
        assert!(String::from_utf8(head)
            .unwrap()
            .starts_with("{\"slip\":12,"));
    }

    #[test]
    fn verify_catches_a_duplicated_record() {
        let (_dir, path) = log_with(3);
        let mut l = lines(&path);
        l.insert(2, l[1].clone());
        write_lines(&path, &l);
        let bad = verify(&path).unwrap().first_bad.unwrap();
        assert_eq!((bad.slip, bad.line), (Some(2), 3));
    }

    #[test]
    fn verify_catches_reordered_records() {
        let (_dir, path) = log_with(4);
        let mut l = lines(&path);
        l.swap(1, 2);
        write_lines(&path, &l);
        let bad = verify(&path).unwrap().first_bad.unwrap();
        assert_eq!((bad.slip, bad.line), (Some(3), 2));
    }

    #[test]
    fn verify_reports_a_line_that_is_not_a_record() {
        let (_dir, path) = log_with(3);
        let mut l = lines(&path);
        l[1] = "garbage".into();
        write_lines(&path, &l);
        let bad = verify(&path).unwrap().first_bad.unwrap();
        assert_eq!((bad.slip, bad.line), (None, 2));
    }

    #[test]
    fn the_tail_is_found_in_a_log_longer_than_the_read_window() {
        // 200 slips with long words are well over 64 KiB.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("slips.jsonl");
        let mut log = SlipLog::new(&path);
        for _ in 0..200 {
            log.append(draft(&["OXYPHENBUTAZONE"; 8], Verdict::Acceptable))
                .unwrap();
        }
        assert!(std::fs::metadata(&path).unwrap().len() > 64 * 1024);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.extend_from_slice(b"{\"slip\":201");
        std::fs::write(&path, &bytes).unwrap();
        let mut reopened = SlipLog::new(&path);
        assert_eq!(reopened.next_slip().unwrap(), 201);
        assert_eq!(reopened.repairs().len(), 1);
        reopened
            .append(draft(&["QI"], Verdict::Acceptable))
            .unwrap();
        let v = verify(&path).unwrap();
        assert_eq!((v.records, v.first_bad, v.torn), (201, None, None));
    }

    #[test]
    fn the_last_records_and_one_by_number_are_read_without_reading_the_whole_log() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("slips.jsonl");
        let mut log = SlipLog::new(&path);
        for i in 0..300 {
            let words = if i % 2 == 0 {
                ["OXYPHENBUTAZONE"; 8].to_vec()
            } else {
                vec!["QI"]
            };
            log.append(draft(&words, Verdict::Acceptable)).unwrap();
        }
        // A torn tail is not a record.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"slip\":301,\"sta").unwrap();
        let last: Vec<u64> = read_last(&path, 20)
            .unwrap()
            .iter()
            .map(|s| s.slip)
            .collect();
        assert_eq!(last, (281..=300).rev().collect::<Vec<u64>>());
        assert_eq!(read_last(&path, 1000).unwrap().len(), 300);
        assert_eq!(find(&path, 1).unwrap().unwrap().slip, 1);
        assert_eq!(find(&path, 157).unwrap().unwrap().slip, 157);
        assert_eq!(
            find(&path, 301).unwrap(),
            None,
            "the torn record is not found"
        );
        assert_eq!(find(&path, 999).unwrap(), None);
        let empty = dir.path().join("empty.jsonl");
        std::fs::write(&empty, b"").unwrap();
        assert!(read_last(&empty, 20).unwrap().is_empty());
        assert!(read_last(&empty, 0).unwrap().is_empty());
    }

    #[test]
    fn the_last_records_skip_a_line_that_is_not_a_record() {
        let (_dir, path) = log_with(5);
        let mut l = lines(&path);
        l[3] = "garbage".into();
        write_lines(&path, &l);
        let last: Vec<u64> = read_last(&path, 3)
            .unwrap()
            .iter()
            .map(|s| s.slip)
            .collect();
        assert_eq!(last, [5, 3, 2], "the last three records");
    }

    #[test]
    fn an_intact_log_verifies() {
        let (_dir, path) = log_with(10);
        let v = verify(&path).unwrap();
        assert_eq!((v.records, v.first_bad, v.torn), (10, None, None));
    }

    #[test]
    fn a_failed_write_returns_an_error_and_writing_resumes_when_the_path_works() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gone/slips.jsonl");
        let mut log = SlipLog::new(&path);
        assert!(matches!(
            log.append(draft(&["QI"], Verdict::Acceptable)),
            Err(SlipLogError::Io { .. })
        ));
        std::fs::create_dir(dir.path().join("gone")).unwrap();
        let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
        assert_eq!(slip.slip, 1, "a failed write does not use up a slip number");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_device_as_slip_log_is_refused_not_read_forever() {
        for device in ["/dev/full", "/dev/null"] {
            let mut log = SlipLog::new(device);
            let err = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap_err();
            assert!(
                matches!(err, SlipLogError::NotAFile { .. }),
                "{device}: {err}"
            );
            assert!(matches!(
                verify(Path::new(device)),
                Err(SlipLogError::NotAFile { .. })
            ));
        }
    }

    #[test]
    fn an_unreadable_last_record_stops_appending_rather_than_breaking_the_chain() {
        let (_dir, path) = log_with(2);
        let mut l = lines(&path);
        l[1] = "{\"slip\": oops}".into();
        write_lines(&path, &l);
        let mut log = SlipLog::new(&path);
        let err = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap_err();
        assert!(
            err.to_string().contains("line 2 is not a slip record"),
            "{err}"
        );
        assert_eq!(lines(&path).len(), 2, "nothing was appended");
    }
}
