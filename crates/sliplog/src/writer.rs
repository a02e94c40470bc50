//! Writing: [`SlipLog`] numbers, chains, seals and durably appends slips, under a file lock,
//! repairing a torn tail and keeping the head file in step.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::head::{head_path, reconcile_head, write_head, Head};
use super::record::{torn_record, unterminated_record};
use super::signature::StationKey;
use super::tail::{Tail, TailWindow};
use super::{Slip, SlipDraft, SlipLogError, MAX_SLIP};
use wordjudge_base::digest::Digest;
use wordjudge_base::fsutil;

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
    /// The station's own key, which signs every record written (none: records unsigned, as a
    /// director's laptop writes them).
    signer: Option<StationKey>,
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
            signer: None,
        }
    }

    /// Every record from now on signed with `key` (the station's own, [`crate::signature`]).
    pub fn signed_by(mut self, key: Option<StationKey>) -> SlipLog {
        self.signer = key;
        self
    }

    /// The id of the key records are signed with, if any.
    pub(crate) fn signer_id(&self) -> Option<String> {
        self.signer.as_ref().map(|k| k.public().id())
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
        self.with_locked_tail(|_, tail, _| Ok(tail.next))
    }

    /// Numbers, chains, seals and durably appends a slip. Returns it only once it is on disk.
    pub fn append(&mut self, draft: SlipDraft) -> Result<Slip, SlipLogError> {
        let path = self.path.clone();
        let io = |source| SlipLogError::Io {
            path: path.clone(),
            source,
        };
        let head_path = head_path(&self.path);
        let result = self.with_locked_tail(|open, tail, key| {
            let file = &mut open.log;
            let (slip, line) = sealed(draft, tail, key);
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
            let head = Head::of(slip.slip, tail.prev.clone(), tail.unanchored, key);
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
        });
        let (slip, head_failed) = result?;
        self.alerts.extend(head_failed);
        Ok(slip)
    }

    /// Runs `f` with the log open, locked, and its tail known and current. Any failure closes
    /// the file, so the next call starts again from the disk.
    /// `f` is given the station's key too (held apart from `self` meanwhile).
    fn with_locked_tail<T>(
        &mut self,
        f: impl FnOnce(&mut Open, &mut Tail, Option<&StationKey>) -> Result<T, SlipLogError>,
    ) -> Result<T, SlipLogError> {
        let key = self.signer.take();
        let result = self.try_with_locked_tail(key.as_ref(), f);
        self.signer = key;
        if result.is_err() {
            self.file = None;
            self.tail = None;
        }
        result
    }

    fn try_with_locked_tail<T>(
        &mut self,
        key: Option<&StationKey>,
        f: impl FnOnce(&mut Open, &mut Tail, Option<&StationKey>) -> Result<T, SlipLogError>,
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
            self.open_files()?;
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
                    reconcile_head(&self.path, &mut open.head, open.head_is_new, tail, key)?;
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
            f(open, self.tail.as_mut().expect("loaded above"), key)
        })();
        let _ = open.log.unlock();
        // A log refused before its head was ever written leaves no empty head file behind.
        if result.is_err() && open.head_is_new && open.head.metadata().is_ok_and(|m| m.len() == 0) {
            let _ = std::fs::remove_file(head_path(&self.path));
        }
        result
    }

    /// Opens the log and its head, creating them, each only if it is a regular file; syncs
    /// their folder when either was created.
    fn open_files(&mut self) -> Result<(), SlipLogError> {
        let path = self.path.clone();
        let io = |source| SlipLogError::Io {
            path: path.clone(),
            source,
        };
        let open = |path: &Path| {
            OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)
        };
        // Only the station's account writes its log: a log made or appended by root would be
        // left where the station could not write the next slip (SLIP NOT WRITTEN).
        for path in [self.path.clone(), head_path(&self.path)] {
            if let Some(problem) = fsutil::not_the_stations_account(&path) {
                return Err(SlipLogError::NotTheStationsAccount { path, problem });
            }
        }
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
        Ok(())
    }
}

/// `draft` as the record after `tail`: numbered, timed, chained, sealed, and signed with `key`;
/// and its line.
pub(crate) fn sealed(draft: SlipDraft, tail: &Tail, key: Option<&StationKey>) -> (Slip, String) {
    let mut slip = Slip {
        slip: tail.next,
        station: draft.station,
        event: draft.game.event,
        round: draft.game.round,
        table: draft.game.table,
        time: wordjudge_base::clock::stamp(),
        kind: draft.kind,
        refers_to: draft.refers_to,
        division: draft.division,
        lexicons: draft.lexicons,
        words: draft.words,
        verdict: draft.verdict,
        detail: draft.detail,
        key: key.map(|k| k.public().to_text()),
        prev: tail.prev.clone(),
        seal: String::new(),
        sig: None,
    };
    let line = slip.seal_and_sign(key);
    (slip, line)
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
/// Only the tail is read ([`TailWindow`]), so a command-line `judge` costs the same on the last
/// slip of a long event as on the first.
pub(super) fn load_tail(
    path: &Path,
    file: &mut File,
) -> Result<(Tail, Option<Repair>), SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    let len = file.metadata().map_err(io)?.len();
    let window = TailWindow::read(file, len, 64 * 1024, 1).map_err(io)?;
    if window.cut_short() {
        // No record ends in the last MAX_WINDOW bytes: nothing here can be continued or repaired.
        return Err(SlipLogError::Unreadable {
            path: path.to_owned(),
            line: lines_before(file, window.start).map_err(io)? + 1,
            detail: format!(
                "the log ends in a line longer than any record (over {} bytes); the file was \
                 left untouched",
                super::tail::MAX_WINDOW
            ),
        });
    }
    let end = window.start + window.complete() as u64;
    // The last complete record is read before anything is repaired: a log whose last record is
    // unreadable is left exactly as it is, for the director.
    let tail = match window.whole_lines().last() {
        None => Tail::empty(end),
        Some(&(at, line)) => match last_record(line) {
            Ok(slip) => Tail::after(&slip, line, end),
            Err(detail) => {
                // The line's number counts the lines before the window too.
                let line = lines_before(file, window.start).map_err(io)?
                    + window.bytes[..at].iter().filter(|&&b| b == b'\n').count()
                    + 1;
                return Err(SlipLogError::Unreadable {
                    path: path.to_owned(),
                    line,
                    detail,
                });
            }
        },
    };
    repair_trailing(path, file, len, window.trailing(), tail)
}

/// The log's last complete line as a record a writer can continue after.
fn last_record(line: &[u8]) -> Result<Slip, String> {
    match super::record::parse(line) {
        Ok(slip) if slip.slip <= MAX_SLIP => Ok(slip),
        Ok(slip) => Err(format!(
            "its slip number {} is larger than any log can hold",
            slip.slip
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// Newlines in the first `end` bytes of `file` (rare: only to name an unreadable line), counted
/// as they are read, 64 KiB at a time.
fn lines_before(file: &mut File, end: u64) -> std::io::Result<usize> {
    file.seek(SeekFrom::Start(0))?;
    let mut prefix = std::io::BufReader::with_capacity(64 * 1024, Read::by_ref(file).take(end));
    let mut count = 0;
    loop {
        let chunk = std::io::BufRead::fill_buf(&mut prefix)?;
        if chunk.is_empty() {
            return Ok(count);
        }
        let n = chunk.len();
        count += memchr::memchr_iter(b'\n', chunk).count();
        std::io::BufRead::consume(&mut prefix, n);
    }
}

/// What to do with the bytes after the log's last newline (`trailing`; the file is `len` bytes
/// long). A whole, sealed record that follows the chain but lost its newline (a file saved by an
/// editor that drops it, or a crash just before the newline) is kept: only the newline is added,
/// and synced. Anything else is a torn line: cut off, and the cut synced.
fn repair_trailing(
    path: &Path,
    file: &mut File,
    len: u64,
    trailing: &[u8],
    tail: Tail,
) -> Result<(Tail, Option<Repair>), SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    if trailing.is_empty() {
        return Ok((tail, None));
    }
    if !torn_record(trailing, tail.next) {
        return Err(SlipLogError::NotASlipLog {
            path: path.to_owned(),
            start: String::from_utf8_lossy(&trailing[..trailing.len().min(40)]).into_owned(),
        });
    }
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
        return Ok((Tail::after(&slip, trailing, len + 1), None));
    }
    let torn = String::from_utf8_lossy(trailing).into_owned();
    log::warn!(
        "slip log {}: removed a torn last line of {} bytes (a crash during a write): {torn:?}",
        path.display(),
        trailing.len()
    );
    file.set_len(tail.len).map_err(io)?;
    file.sync_data().map_err(io)?;
    let repair = Repair {
        from_len: len,
        to_len: tail.len,
        torn,
    };
    Ok((tail, Some(repair)))
}
