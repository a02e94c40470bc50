//! A slip log kept where there is no file system: a browser's storage (the table-side judge,
//! `wordjudge-web`).
//!
//! [`MemoryLog`] holds the log's lines and its head in memory, exactly as a station's log file
//! and `<log>.head` hold them — the same records, numbered, chained, sealed and signed by the
//! same code ([`crate::writer`]'s `sealed`), so that `slips verify` and `slips merge` read its
//! export as they read a station's log. What makes it durable is the `keep` it is given: each
//! new record (and the head after it) is handed to `keep` before the slip is returned, and a
//! record `keep` refuses is not part of the log (the verdict is shown, the slip is not: as a
//! station whose disk is full). A browser's `keep` writes to its storage synchronously.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use crate::head::{head_bytes, Head};
use crate::signature::StationKey;
use crate::store::{LogState, Store};
use crate::tail::Tail;
use crate::verify::verify_in_memory;
use crate::{Records, Slip, SlipDraft, SlipLogError, Verification};
use wordjudge_base::digest::Digest;

/// Keeps a new record: `(line, head)` — the record's line with its newline, to add to the end of
/// the log, and the head file's new bytes. `Err`: why it could not be kept.
pub type Keep = Box<dyn FnMut(&[u8], &[u8]) -> Result<(), String> + Send>;

/// A slip log in memory, each record handed to its keeper before it counts.
pub struct MemoryLog {
    /// What the log is called in messages ("this device's slip log").
    name: PathBuf,
    log: Vec<u8>,
    head: Vec<u8>,
    tail: Tail,
    signer: Option<StationKey>,
    keep: Keep,
    alerts: Vec<String>,
}

impl std::fmt::Debug for MemoryLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemoryLog")
            .field("name", &self.name)
            .field("bytes", &self.log.len())
            .field("next", &self.tail.next)
            .finish()
    }
}

impl MemoryLog {
    /// The log whose lines are `log` and whose head is `head` (both as kept before: empty for a
    /// new log), continued with records signed by `signer` and kept by `keep`. A log that does not
    /// verify — a record changed, removed or added, a head that does not name its end — is
    /// refused, saying what `slips verify` says of it: nothing is appended to a broken chain.
    pub fn open(
        name: impl Into<PathBuf>,
        log: Vec<u8>,
        head: Vec<u8>,
        signer: Option<StationKey>,
        keep: Keep,
    ) -> Result<MemoryLog, String> {
        let name = name.into();
        let v = verify_in_memory(&log, &head, &name);
        if let Some(bad) = &v.first_bad {
            return Err(format!(
                "{} does not verify at line {}: {}",
                name.display(),
                bad.line,
                bad.problem
            ));
        }
        if let Some(problem) = &v.head_problem {
            return Err(format!("{}: {problem}", name.display()));
        }
        if v.torn.is_some() {
            return Err(format!("{} ends in an incomplete record", name.display()));
        }
        let tail = match last_record(&log, &name)? {
            None => Tail::empty(0),
            Some((slip, line)) => Tail::after(&slip, line.as_bytes(), log.len() as u64),
        };
        Ok(MemoryLog {
            name,
            log,
            head,
            tail,
            signer,
            keep,
            alerts: Vec::new(),
        })
    }

    /// The log's lines, as a station's log file holds them (`slips.jsonl`).
    pub fn log_bytes(&self) -> &[u8] {
        &self.log
    }

    /// What `slips verify` finds in it.
    pub fn verify(&self) -> Verification {
        verify_in_memory(&self.log, &self.head, &self.name)
    }

    fn records(&self) -> impl Iterator<Item = Slip> + '_ {
        Records::new(Cursor::new(&self.log[..]), &self.name).filter_map(Result::ok)
    }
}

/// The last record of `log` and its line; `None` for an empty log.
fn last_record(log: &[u8], name: &Path) -> Result<Option<(Slip, String)>, String> {
    let Some(line) = log
        .strip_suffix(b"\n")
        .map(|body| body.rsplit(|&b| b == b'\n').next().unwrap_or(body))
    else {
        return Ok(None);
    };
    let slip: Slip = crate::record::parse(line)
        .map_err(|e| format!("{}: its last record does not read: {e}", name.display()))?;
    Ok(Some((slip, String::from_utf8_lossy(line).into_owned())))
}

impl Store for MemoryLog {
    fn append(&mut self, draft: SlipDraft) -> Result<Slip, SlipLogError> {
        let (slip, line) = crate::writer::sealed(draft, &self.tail, self.signer.as_ref());
        let mut line = line.into_bytes();
        let line_sha256 = Digest::of(&line).to_string();
        line.push(b'\n');
        let head = head_bytes(&Head::of(
            slip.slip,
            line_sha256.clone(),
            None,
            self.signer.as_ref(),
        ));
        (self.keep)(&line, &head).map_err(|why| SlipLogError::NotKept { why })?;
        self.log.extend_from_slice(&line);
        self.head = head;
        self.tail.last_links_to = std::mem::replace(&mut self.tail.prev, line_sha256);
        self.tail.next += 1;
        self.tail.len = self.log.len() as u64;
        Ok(slip)
    }

    fn signer_id(&self) -> Option<String> {
        self.signer.as_ref().map(|k| k.public().id())
    }

    fn take_alerts(&mut self) -> Vec<String> {
        std::mem::take(&mut self.alerts)
    }

    fn find(&self, n: u64) -> Option<Slip> {
        self.records().find(|s| s.slip == n)
    }

    fn second_opinion_on(&self, n: u64) -> Option<Slip> {
        self.records().find(|s| s.refers_to == Some(n))
    }

    fn state(&self, recent: usize) -> LogState {
        if self.log.is_empty() {
            return LogState::Unused(self.name.clone());
        }
        LogState::Checked {
            verification: Ok(self.verify()),
            recent: Ok(self.last(recent)),
        }
    }

    fn last(&self, n: usize) -> Vec<Slip> {
        let mut all: Vec<Slip> = self.records().collect();
        all.reverse();
        all.truncate(n);
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::head::parse_head;
    use crate::{Game, SlipKind};
    use std::sync::{Arc, Mutex};
    use wordjudge_lexicon::judge::Verdict;

    fn draft(words: &[&str], verdict: Verdict) -> SlipDraft {
        SlipDraft {
            station: "T-1".into(),
            game: Game {
                event: Some("ABCD-EFGH".into()),
                round: None,
                table: None,
            },
            kind: SlipKind::Challenge,
            refers_to: None,
            division: "main".into(),
            lexicons: Vec::new(),
            words: words.iter().map(|w| w.to_string()).collect(),
            verdict,
            detail: Vec::new(),
        }
    }

    /// A log whose keeper copies what it keeps into `kept` (log, head), failing when `fail`.
    fn kept_log(
        kept: &Arc<Mutex<(Vec<u8>, Vec<u8>)>>,
        fail: &Arc<Mutex<bool>>,
        key: Option<StationKey>,
    ) -> MemoryLog {
        let (kept, fail) = (kept.clone(), fail.clone());
        let (log, head) = kept.lock().unwrap().clone();
        MemoryLog::open(
            "device log",
            log,
            head,
            key,
            Box::new(move |line, head| {
                if *fail.lock().unwrap() {
                    return Err("storage full".into());
                }
                let mut k = kept.lock().unwrap();
                k.0.extend_from_slice(line);
                k.1 = head.to_vec();
                Ok(())
            }),
        )
        .expect("opens")
    }

    #[test]
    fn a_slip_is_returned_only_once_kept_and_the_log_reopens_where_it_ended() {
        let kept = Arc::new(Mutex::new((Vec::new(), Vec::new())));
        let fail = Arc::new(Mutex::new(false));
        let key = StationKey::from_seed([7; 32]).unwrap();
        let mut log = kept_log(&kept, &fail, Some(key));
        let one = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
        assert_eq!(one.slip, 1);
        *fail.lock().unwrap() = true;
        let e = log
            .append(draft(&["ZZZ"], Verdict::Unacceptable))
            .unwrap_err();
        assert!(e.to_string().contains("storage full"), "{e}");
        *fail.lock().unwrap() = false;
        let two = log.append(draft(&["ZA"], Verdict::Acceptable)).unwrap();
        assert_eq!(two.slip, 2, "a slip not kept is not numbered");
        assert_eq!(kept.lock().unwrap().0, log.log_bytes(), "kept as held");
        let v = log.verify();
        assert_eq!(
            (v.records, &v.first_bad, &v.head_problem),
            (2, &None, &None)
        );
        assert_eq!(v.signed_by.len(), 1);
        // Reopened from what was kept (a reload of the page): numbering and chain continue.
        let mut again = kept_log(&kept, &fail, Some(StationKey::from_seed([7; 32]).unwrap()));
        assert_eq!(again.find(1).unwrap().words, ["QI"]);
        assert_eq!(again.last(5).len(), 2);
        let three = again.append(draft(&["XU"], Verdict::Acceptable)).unwrap();
        assert_eq!(three.slip, 3);
        assert_eq!(again.verify().first_bad, None);
    }

    #[test]
    fn a_kept_log_that_was_changed_or_cut_is_refused() {
        let kept = Arc::new(Mutex::new((Vec::new(), Vec::new())));
        let fail = Arc::new(Mutex::new(false));
        let mut log = kept_log(&kept, &fail, None);
        for w in ["QI", "ZA", "XU"] {
            log.append(draft(&[w], Verdict::Acceptable)).unwrap();
        }
        let (lines, head) = kept.lock().unwrap().clone();
        let keep = || -> Keep { Box::new(|_, _| Ok(())) };
        let changed = String::from_utf8(lines.clone())
            .unwrap()
            .replacen("\"ZA\"", "\"ZO\"", 1);
        let e = MemoryLog::open("d", changed.into_bytes(), head.clone(), None, keep()).unwrap_err();
        assert!(e.contains("line 2"), "{e}");
        // The last record removed: the head still names slip 3.
        let cut = lines[..lines.len() - 1]
            .rsplit_once_newline()
            .expect("three lines");
        let e = MemoryLog::open("d", cut, head, None, keep()).unwrap_err();
        assert!(e.contains("slip 3") || e.contains("missing"), "{e}");
    }

    /// Issue 49, finding 2: a device's export cut at its end, its head written again for the new
    /// end, verified as whole. A signed device writes a signed head (format 2): the head kept
    /// names the slip cut away; one written again unsigned says the end is not proven; one
    /// "signed" by anyone but the device's key is refused.
    #[test]
    fn a_device_log_cut_at_its_end_is_caught_by_its_signed_head() {
        let kept = Arc::new(Mutex::new((Vec::new(), Vec::new())));
        let fail = Arc::new(Mutex::new(false));
        let key = StationKey::from_seed([9; 32]).unwrap();
        let mut log = kept_log(&kept, &fail, Some(key));
        for w in ["QI", "ZA", "XU"] {
            log.append(draft(&[w], Verdict::Acceptable)).unwrap();
        }
        let (lines, head) = kept.lock().unwrap().clone();
        assert!(head.starts_with(b"{\"v\":2,\"slip\":3,"), "{head:?}");
        assert_eq!(head.len(), crate::head::SIGNED_HEAD_LEN);
        let whole = verify_in_memory(&lines, &head, Path::new("h"));
        assert_eq!(
            (&whole.first_bad, &whole.head_problem, &whole.end_unproven),
            (&None, &None, &None)
        );
        let cut = lines[..lines.len() - 1].rsplit_once_newline().unwrap();
        let last = cut[..cut.len() - 1].rsplit(|&b| b == b'\n').next().unwrap();
        let sha = Digest::of(last).to_string();
        // The head kept: slip 3 missing.
        let v = verify_in_memory(&cut, &head, Path::new("h"));
        assert!(v
            .first_bad
            .is_some_and(|b| b.problem.contains("slip 3 is missing")));
        // Written again unsigned (format 1), as the finding did: the end is not proven.
        let v1 = head_bytes(&Head::of(2, sha.clone(), None, None));
        let v = verify_in_memory(&cut, &v1, Path::new("h"));
        assert_eq!((&v.first_bad, &v.head_problem), (&None, &None));
        assert!(v.end_unproven.is_some_and(|p| p.contains("not proven")));
        // Written again "signed" by another key, or with the old head's signature: refused.
        let other = StationKey::from_seed([8; 32]).unwrap();
        let forged = head_bytes(&Head::of(2, sha.clone(), None, Some(&other)));
        let v = verify_in_memory(&cut, &forged, Path::new("h"));
        assert!(v
            .head_problem
            .is_some_and(|p| p.contains("not signed by the station key")));
        let old_sig = parse_head(&head).unwrap().unwrap().sig;
        let mut replayed = Head::of(2, sha, None, None);
        (replayed.v, replayed.sig) = (Some(2), old_sig);
        let v = verify_in_memory(&cut, &head_bytes(&replayed), Path::new("h"));
        assert!(v.head_problem.is_some());
    }

    trait CutLast {
        fn rsplit_once_newline(&self) -> Option<Vec<u8>>;
    }

    impl CutLast for [u8] {
        /// Everything up to and including the last newline.
        fn rsplit_once_newline(&self) -> Option<Vec<u8>> {
            let i = self.iter().rposition(|&b| b == b'\n')?;
            Some(self[..=i].to_vec())
        }
    }
}
