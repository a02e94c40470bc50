//! `slips verify`: numbering, seals, the chain and the head, streamed line by line.

use std::io::Read;
use std::path::Path;

use super::head::{head_path, parse_head, Head};
use super::read::open_regular;
use super::record::{torn_record, unterminated_record};
use super::{Slip, SlipLogError, GENESIS};
use wordjudge_base::digest::Digest;

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
    /// The records are signed but the head is not (format 1, written before heads were
    /// signed): the log's length is not proven — a log cut at its end, with a head written again
    /// for its new end, would look the same. Not a fault of the log; said wherever it is checked.
    pub end_unproven: Option<String>,
    /// The ids of the station keys that signed its records, in the order they first sign
    /// ([`crate::signature`]), and how many records no key signed.
    pub signed_by: Vec<String>,
    pub unsigned: usize,
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
/// reported as slips missing from the end (see [`crate::is_unused`] for "nothing judged yet").
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
    let head = match wordjudge_base::fsutil::read_regular(&head_path, super::MAX_HEAD_BYTES) {
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
    let reader: Box<dyn Read> = match file {
        Some(file) => Box::new(file),
        None => Box::new(std::io::empty()),
    };
    verify_stream(reader, head, &head_path).map_err(io)
}

/// [`verify`] of a log held in memory (`log`, its lines) and its head (`head`, the head file's
/// bytes; empty: none written), named `head_path` in what it reports: a browser's slip log.
pub(crate) fn verify_in_memory(log: &[u8], head: &[u8], head_path: &Path) -> Verification {
    let head = parse_head(head)
        .map(|head| head.map_or(HeadFound::Empty, HeadFound::Head))
        .map_err(|problem| format!("the head {} is damaged: {problem}", head_path.display()));
    verify_stream(log, head, head_path).expect("reading memory cannot fail")
}

/// Checks the records read from `reader` and their end against `head`.
fn verify_stream(
    reader: impl Read,
    head: Result<HeadFound, String>,
    head_path: &Path,
) -> std::io::Result<Verification> {
    let head_slip = match &head {
        Ok(HeadFound::Head(h)) => Some(h.slip),
        _ => None,
    };
    let mut checker = Checker::new(head_slip);
    let mut reader = std::io::BufReader::new(reader);
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        // At most MAX_RECORD_LINE bytes of a line are kept: a longer one is no record (the
        // checker reports it as one that does not read), whatever its length.
        let (n, cut, ended) =
            super::read::read_line_bounded(&mut reader, &mut line, super::MAX_RECORD_LINE)?;
        if n == 0 {
            break;
        }
        if cut && ended {
            number += 1;
            checker.line(number, &line);
            continue;
        }
        if line.last() != Some(&b'\n') {
            // A whole record that only lost its newline counts (a writer keeps it); else torn.
            match checker.continues() {
                Some((next, prev)) if unterminated_record(&line, next, &prev).is_some() => {
                    checker.line(number + 1, &line);
                }
                Some((next, _)) if !torn_record(&line, next) => checker.note(BadSlip {
                    slip: None,
                    line: number + 1,
                    problem: format!(
                        "the last line is not a slip record, nor one torn by a crash (it begins {:?}); the station will not write to this log until it is put right",
                        String::from_utf8_lossy(&line[..line.len().min(40)])
                    ),
                }),
                _ => checker.torn = Some(n),
            }
            break;
        }
        number += 1;
        checker.line(number, &line[..line.len() - 1]);
    }
    let (mut v, end) = checker.finish();
    check_head(&mut v, &end, head, head_path);
    Ok(v)
}

/// A record's place for the head check: its slip number, line and line hash.
#[derive(Debug, Clone)]
struct Seen {
    slip: u64,
    line: usize,
    hash: String,
    /// The key that signed it (hex), if any.
    key: Option<String>,
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
    signed_by: Vec<String>,
    unsigned: usize,
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
            signed_by: Vec::new(),
            unsigned: 0,
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
        let slip: Slip = match super::record::parse(bytes) {
            Ok(slip) => slip,
            Err(e @ super::record::RecordError::Version(_)) => {
                self.note(BadSlip {
                    slip: None,
                    line: number,
                    problem: e.to_string(),
                });
                return;
            }
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
            key: slip.key.clone(),
        };
        if Some(slip.slip) == self.head_slip {
            self.named = Some(seen.clone());
        }
        self.last = Some(seen);
        if self.broken {
            return;
        }
        let problem = self.problem(&slip, bytes);
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
                match slip
                    .key
                    .as_deref()
                    .map(crate::signature::StationPublicKey::parse)
                {
                    Some(Ok(key)) if !self.signed_by.contains(&key.id()) => {
                        self.signed_by.push(key.id())
                    }
                    Some(_) => {}
                    None => self.unsigned += 1,
                }
            }
        }
    }

    /// What is wrong with `slip` where the chain expects the next record, if anything: its
    /// seal, its signature, its number, its link to the record before.
    fn problem(&self, slip: &Slip, line: &[u8]) -> Option<String> {
        let expected = self.expected;
        let signed = slip.signed();
        if super::record::seal_of(line).as_ref() != Some(&slip.seal) {
            Some(format!(
                "slip {} was changed after it was written (its seal does not match its contents)",
                slip.slip
            ))
        } else if signed == Some(false) || (signed.is_none() && slip.sig.is_some()) {
            Some(format!(
                "slip {} is not signed by the station key it names: its signature does not verify",
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
        }
    }

    fn finish(self) -> (Verification, End) {
        let v = Verification {
            records: self.records,
            first_bad: self.first_bad,
            torn: self.torn,
            signed_by: self.signed_by,
            unsigned: self.unsigned,
            head_behind: false,
            head_problem: None,
            end_unproven: None,
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
    let head = match head {
        Ok(HeadFound::Head(head)) => head,
        Ok(found) => return no_head(v, found, head_path),
        Err(problem) => {
            v.head_problem = Some(problem);
            return;
        }
    };
    unanchored(v, &head, head_path);
    let mut note = |bad: BadSlip| {
        if v.first_bad.as_ref().is_none_or(|b| bad.line < b.line) {
            v.first_bad = Some(bad);
        }
    };
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
    if v.first_bad.is_none() {
        check_signature(v, end, &head, head_path);
    }
}

/// A signed head (format 2) must be signed by the key of the record it names; a format-1 head on
/// a log whose records are signed leaves the log's length unproven (see
/// [`Verification::end_unproven`]).
fn check_signature(v: &mut Verification, end: &End, head: &Head, head_path: &Path) {
    let named_key = end.named.as_ref().and_then(|r| r.key.as_deref());
    match (&head.sig, named_key) {
        (Some(sig), Some(key)) => {
            let signed = crate::signature::StationPublicKey::parse(key)
                .is_ok_and(|k| k.verifies(&head.signed_text(), sig));
            if !signed {
                let id = crate::signature::StationPublicKey::parse(key)
                    .map_or_else(|_| key.to_owned(), |k| k.id());
                v.head_problem = Some(format!(
                    "the head file {} is not signed by the station key of the slip it names (key {id}): it was written again by something other than the station, so records may have been deleted from the end",
                    head_path.display()
                ));
            }
        }
        (Some(_), None) => {
            v.head_problem = Some(format!(
                "the head file {} is signed, but the slip it names is not: it was not written by the station that wrote the log",
                head_path.display()
            ))
        }
        (None, _) if end.last.as_ref().is_some_and(|r| r.key.is_some()) => {
            v.end_unproven = Some(format!(
                "its head file {} is not signed (format 1, written by a wordjudge before heads were signed): its records are the station's, but whether records were deleted from its end is not proven",
                head_path.display()
            ))
        }
        (None, _) => {}
    }
}

/// The head file is missing or empty: that is expected of an empty log, or of one record whose
/// head a crash did not let be written; otherwise the end of the log cannot be checked.
fn no_head(v: &mut Verification, found: HeadFound, head_path: &Path) {
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
}

/// A head rebuilt by a writer carries the mark of what it could no longer vouch for.
fn unanchored(v: &mut Verification, head: &Head, head_path: &Path) {
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
}
