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

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::digest::Digest;
use crate::judge::{Verdict, WordFinding};

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
}

/// An open slip log. Opening is lazy and retried: a log on a missing or full disk fails each
/// append (the caller still has its verdict) and starts working again when the path does.
#[derive(Debug)]
pub struct SlipLog {
    path: PathBuf,
    file: Option<File>,
    tail: Option<Tail>,
    repaired: Vec<Repair>,
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
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Torn lines removed since this log was created (crash recovery), oldest first.
    pub fn repairs(&self) -> &[Repair] {
        &self.repaired
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
        self.with_locked_tail(|file, tail| {
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
            tail.prev = Digest::of(line.as_bytes()).to_string();
            tail.len += bytes.len() as u64;
            log::info!(
                "slip {} written: {} {} (line sha256 {})",
                slip.slip,
                slip.kind,
                slip.verdict,
                tail.prev
            );
            Ok(slip)
        })
    }

    /// Runs `f` with the log open, locked, and its tail known and current. Any failure closes
    /// the file, so the next call starts again from the disk.
    fn with_locked_tail<T>(
        &mut self,
        f: impl FnOnce(&mut File, &mut Tail) -> Result<T, SlipLogError>,
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
        f: impl FnOnce(&mut File, &mut Tail) -> Result<T, SlipLogError>,
    ) -> Result<T, SlipLogError> {
        let path = self.path.clone();
        let io = |source| SlipLogError::Io {
            path: path.clone(),
            source,
        };
        if self.file.is_none() {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&self.path)
                .map_err(io)?;
            self.file = Some(file);
            self.tail = None;
        }
        let file = self.file.as_mut().expect("opened above");
        // A device such as /dev/null would swallow every record without an error; /dev/full
        // would never end when read.
        if !file.metadata().map_err(io)?.is_file() {
            return Err(SlipLogError::NotAFile { path });
        }
        file.lock().map_err(io)?;
        let result = (|| {
            let len = file.metadata().map_err(io)?.len();
            let stale = self.tail.as_ref().is_none_or(|t| t.len != len);
            if stale {
                let (tail, repair) = load_tail(&self.path, file)?;
                if let Some(repair) = repair {
                    self.repaired.push(repair);
                }
                self.tail = Some(tail);
            }
            f(file, self.tail.as_mut().expect("loaded above"))
        })();
        let _ = file.unlock();
        result
    }
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
    let mut repair = None;
    if complete < bytes.len() {
        let torn = String::from_utf8_lossy(&bytes[complete..]).into_owned();
        log::warn!(
            "slip log {}: removed a torn last line of {} bytes (a crash during a write): {torn:?}",
            path.display(),
            bytes.len() - complete
        );
        file.set_len(start + complete as u64).map_err(io)?;
        file.sync_data().map_err(io)?;
        repair = Some(Repair {
            from_len: len,
            to_len: start + complete as u64,
            torn,
        });
    }
    let end = start + complete as u64;
    let records = &bytes[..complete.saturating_sub(1)];
    let last_start = records
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let last = &records[last_start..];
    let tail = if complete == 0 {
        Tail {
            next: 1,
            prev: GENESIS.to_owned(),
            len: end,
        }
    } else {
        let slip: Slip = match serde_json::from_slice(last) {
            Ok(slip) => slip,
            Err(e) => {
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
                    detail: e.to_string(),
                });
            }
        };
        Tail {
            next: slip.slip + 1,
            prev: Digest::of(last).to_string(),
            len: end,
        }
    };
    Ok((tail, repair))
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
    /// Hash of each record's line, parallel to `slips`.
    hashes: Vec<String>,
    /// Lines that are not records: (line number, problem).
    pub unreadable: Vec<(usize, String)>,
    /// Bytes after the last newline (a crash mid-write), if any.
    pub torn: Option<usize>,
}

impl Contents {
    fn parse(bytes: &[u8]) -> Contents {
        let mut contents = Contents::default();
        let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        if complete < bytes.len() {
            contents.torn = Some(bytes.len() - complete);
        }
        if complete == 0 {
            return contents;
        }
        for (i, line) in bytes[..complete - 1].split(|&b| b == b'\n').enumerate() {
            match serde_json::from_slice::<Slip>(line) {
                Ok(slip) => {
                    contents.slips.push(ReadSlip { line: i + 1, slip });
                    contents.hashes.push(Digest::of(line).to_string());
                }
                Err(e) => contents.unreadable.push((i + 1, e.to_string())),
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
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadSlip {
    pub slip: Option<u64>,
    pub line: usize,
    pub problem: String,
}

/// Checks numbering (1, 2, 3, …), each record's seal and the chain of `prev` hashes.
pub fn verify(path: &Path) -> Result<Verification, SlipLogError> {
    Ok(verify_bytes(&read_bytes(path)?))
}

fn verify_bytes(bytes: &[u8]) -> Verification {
    let contents = Contents::parse(bytes);
    let mut first_bad: Option<BadSlip> = None;
    let mut note = |bad: BadSlip| {
        if first_bad.as_ref().is_none_or(|b| bad.line < b.line) {
            first_bad = Some(bad);
        }
    };
    if let Some((line, problem)) = contents.unreadable.first() {
        note(BadSlip {
            slip: None,
            line: *line,
            problem: format!("not a slip record: {problem}"),
        });
    }
    let mut prev_hash = GENESIS.to_owned();
    for (expected, (record, hash)) in (1u64..).zip(contents.slips.iter().zip(&contents.hashes)) {
        let slip = &record.slip;
        let bad = |problem: String| BadSlip {
            slip: Some(slip.slip),
            line: record.line,
            problem,
        };
        if slip.seal != slip.expected_seal() {
            note(bad(format!(
                "slip {} was changed after it was written (its seal does not match its contents)",
                slip.slip
            )));
            break;
        }
        if slip.slip != expected {
            let problem = if slip.slip > expected {
                format!(
                    "slip {} follows slip {}: slip(s) {expected}..{} are missing",
                    slip.slip,
                    expected - 1,
                    slip.slip - 1
                )
            } else {
                format!(
                    "slip {} appears after slip {} (duplicated or reordered)",
                    slip.slip,
                    expected - 1
                )
            };
            note(bad(problem));
            break;
        }
        if slip.prev != prev_hash {
            let problem = if expected == 1 {
                "the first slip does not start the chain".to_owned()
            } else {
                format!(
                    "slip {} does not chain to the record before it: a record before it was changed, removed or inserted",
                    slip.slip
                )
            };
            note(bad(problem));
            break;
        }
        prev_hash = hash.clone();
    }
    Verification {
        records: contents.slips.len(),
        first_bad,
        torn: contents.torn,
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
        let mut l = lines(&path);
        let mut slip: Slip = serde_json::from_str(&l[1]).unwrap();
        slip.verdict = Verdict::Acceptable;
        slip.seal = slip.expected_seal();
        l[1] = slip.line();
        write_lines(&path, &l);
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
