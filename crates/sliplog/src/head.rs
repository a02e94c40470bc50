//! The head file, `<log>.head`: the last slip written and its line's hash, anchoring the end of
//! the chain; and reconciling it with the log's end when a writer opens the log.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::tail::Tail;
use super::{SlipLogError, MAX_SLIP};

/// What `<log>.head` records: the last slip written and the SHA-256 of its line; from format 2,
/// signed by the station's key (`docs/formats.md`, "The head").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Head {
    /// The format: absent in version 1 (unsigned), `2` for a signed head.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) v: Option<u64>,
    pub(super) slip: u64,
    pub(super) line_sha256: String,
    /// Set, and kept in every later head, when a writer found the head missing, damaged, or more
    /// than one slip behind while the log ended at this slip: up to here, records deleted from or
    /// added to the end cannot be ruled out, and `slips verify` says so for as long as the log
    /// lives. (Writing the head again must not erase that evidence.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) unanchored_to: Option<u64>,
    /// Format 2: the station key's signature (hex) of [`Head::signed_text`]; the key is the one
    /// that signed the record the head names, so a head proves the log's length to whoever holds
    /// the roster: a log cut at its end needs a new head, which only the station can sign.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) sig: Option<String>,
}

/// The format of a signed head.
pub(super) const SIGNED_HEAD: u64 = 2;

impl Head {
    /// The head of a log ending at slip `slip`, whose line's SHA-256 is `line_sha256`: signed
    /// (format 2) by `key` when the log's records are signed, otherwise format 1.
    pub(super) fn of(
        slip: u64,
        line_sha256: String,
        unanchored_to: Option<u64>,
        key: Option<&crate::signature::StationKey>,
    ) -> Head {
        let mut head = Head {
            v: None,
            slip,
            line_sha256,
            unanchored_to,
            sig: None,
        };
        if let Some(key) = key {
            head.v = Some(SIGNED_HEAD);
            head.sig = Some(key.sign(&head.signed_text()));
        }
        head
    }

    /// What a format-2 head's signature covers: its format, the slip, the line's SHA-256 (which
    /// names the log: the line holds the station, its chain and its seal) and the mark.
    pub(super) fn signed_text(&self) -> String {
        let mark = self.unanchored_to.map_or("-".to_owned(), |n| n.to_string());
        format!(
            "wordjudge head {SIGNED_HEAD}: slip {} line_sha256 {} unanchored_to {mark}",
            self.slip, self.line_sha256
        )
    }
}

/// A format-1 head file is always this long (JSON padded with spaces, then a newline), so
/// rewriting it in place never leaves stale bytes and fits in one disk sector; a signed head
/// (format 2) is [`SIGNED_HEAD_LEN`] long.
pub(super) const HEAD_LEN: usize = 256;
/// The length of a signed head (one sector of 512 bytes).
pub(super) const SIGNED_HEAD_LEN: usize = 512;

pub use wordjudge_base::layout::head_path;

/// The head file's bytes for `head`: its JSON padded to [`HEAD_LEN`].
pub(super) fn head_bytes(head: &Head) -> Vec<u8> {
    let json = serde_json::to_string(head).expect("a head always serialises");
    let len = match head.v {
        Some(_) => SIGNED_HEAD_LEN,
        None => HEAD_LEN,
    };
    let mut bytes = format!("{json:<width$}", width = len - 1).into_bytes();
    bytes.push(b'\n');
    bytes
}

pub(super) fn write_head(file: &mut File, head: &Head) -> std::io::Result<()> {
    let bytes = head_bytes(head);
    file.seek(SeekFrom::Start(0))?;
    file.write_all(&bytes)?;
    file.set_len(bytes.len() as u64)?;
    file.sync_data()
}

/// What a head of a later format than version 1 is, said: a later format begins with its version
/// (`{"v":N,`; docs/formats.md, "The head"); version 1 carries none. `None` for any other text.
pub(super) fn later_format(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let rest = text.trim_start().strip_prefix("{\"v\":")?;
    let version: String = rest.chars().take_while(char::is_ascii_digit).collect();
    match version.as_str() {
        "1" => Some("not a head record (a version-1 head carries no \"v\")".to_owned()),
        "2" => None,
        _ => Some(format!(
            "a head of format version {version}, which this wordjudge ({}) does not read (it reads versions 1 and 2): check the log with the wordjudge that wrote it, or a later one",
            env!("CARGO_PKG_VERSION")
        )),
    }
}

/// `Ok(None)` for an empty head (none written yet); an error string for one that is not a head.
pub(super) fn parse_head(bytes: &[u8]) -> Result<Option<Head>, String> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if let Some(later) = later_format(text.as_bytes()) {
        return Err(later);
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
    // A signature only in a signed head, and a signed head always has one.
    match (head.v, &head.sig) {
        (None, None) | (Some(SIGNED_HEAD), Some(_)) => Ok(Some(head)),
        _ => Err(
            "not a head record (a signature belongs to a head of format 2, and only there)"
                .to_owned(),
        ),
    }
}

/// What a writer makes of the head file it finds beside the log.
enum HeadState {
    /// It names the log's last record: nothing to do but carry its mark.
    InStep { unanchored_to: Option<u64> },
    /// It names a slip beyond the log's end, or the last slip with another line: records were
    /// deleted or changed behind the writer's back. Numbering continues after it.
    Ahead { head: Head, alert: String },
    /// It is written again from the log's end, with this mark; the director is told why, except
    /// after a crash between a record and its head (no alert).
    Rewrite {
        alert: Option<String>,
        unanchored_to: Option<u64>,
    },
}

/// Where the next record goes, given the log's tail and its head file, and what the director
/// must be told (see [`SlipLog::take_alerts`](super::SlipLog::take_alerts)).
///
/// The head may be one slip behind (a crash between writing a record and its head): put right
/// at once. Missing (with records in the log), damaged, or further behind: the head is written
/// again from the log's end, marked [`Head::unanchored_to`] so that `verify` keeps reporting it.
/// Ahead of the log, or naming a different record: the log was changed behind the writer's back;
/// the next record continues after the head's slip, chained to the head's record, so no number is
/// given out twice and `verify` keeps finding the gap.
pub(super) fn reconcile_head(
    path: &Path,
    head_file: &mut File,
    head_is_new: bool,
    mut tail: Tail,
    key: Option<&crate::signature::StationKey>,
) -> Result<(Tail, Option<String>), SlipLogError> {
    let head_path = head_path(path);
    let io = |source| SlipLogError::Io {
        path: head_path.clone(),
        source,
    };
    let mut bytes = Vec::new();
    head_file
        .seek(SeekFrom::Start(0))
        .and_then(|_| {
            Read::by_ref(head_file)
                .take(4 * HEAD_LEN as u64)
                .read_to_end(&mut bytes)
        })
        .map_err(io)?;
    // A head of a later format is another program's to continue: never rewritten as damaged.
    if let Some(later) = later_format(&bytes).filter(|_| !bytes.starts_with(b"{\"v\":1,")) {
        return Err(SlipLogError::LaterFormat {
            path: head_path.clone(),
            detail: later,
        });
    }
    let (alert, unanchored_to) = match assess(path, &bytes, &tail, head_is_new) {
        HeadState::InStep { unanchored_to } => {
            tail.unanchored = unanchored_to;
            return Ok((tail, None));
        }
        HeadState::Ahead { head, alert } => {
            log::warn!("{alert}");
            tail.next = head.slip + 1;
            tail.prev = head.line_sha256;
            tail.unanchored = head.unanchored_to;
            return Ok((tail, Some(alert)));
        }
        HeadState::Rewrite {
            alert,
            unanchored_to,
        } => (alert, unanchored_to),
    };
    if let Some(alert) = &alert {
        log::warn!("slip log {}: {alert}", path.display());
    }
    tail.unanchored = tail.unanchored.max(unanchored_to);
    // Brings the head up to the log's last record now, before anything is appended: a second
    // crash before the next head write must not leave it two slips behind.
    let last = tail.next - 1;
    if last > 0 {
        let head = Head::of(last, tail.prev.clone(), tail.unanchored, key);
        write_head(head_file, &head).map_err(io)?;
    }
    Ok((tail, alert))
}

/// The head file's `bytes` against the log's end (`tail`).
fn assess(path: &Path, bytes: &[u8], tail: &Tail, head_is_new: bool) -> HeadState {
    let last = tail.next - 1;
    let log = path.display();
    let head_path = head_path(path);
    let head_shown = head_path.display();
    // What happened, when the head cannot vouch for the end of the log up to `last`.
    let unanchored = |why: String| HeadState::Rewrite {
        alert: Some(format!(
            "{why}; it is written again now, and `wordjudge slips verify` will report that records \
             deleted from the end up to slip {last} cannot be ruled out"
        )),
        unanchored_to: Some(last),
    };
    match parse_head(bytes) {
        Ok(None) if last == 0 => HeadState::Rewrite {
            alert: None,
            unanchored_to: None,
        },
        // A crash after the first record, before its head: the file was created empty first.
        Ok(None) if last == 1 && !head_is_new => HeadState::Rewrite {
            alert: None,
            unanchored_to: None,
        },
        Ok(None) if head_is_new => unanchored(format!(
            "the head file {head_shown} was missing, though the log {log} holds slips up to {last}"
        )),
        Ok(None) => unanchored(format!(
            "the head file {head_shown} was empty, though the log {log} holds slips up to {last}"
        )),
        Ok(Some(head)) if head.slip == last && head.line_sha256 == tail.prev => HeadState::InStep {
            unanchored_to: head.unanchored_to,
        },
        // The last record chains to the record the head names: a crash between the two writes.
        Ok(Some(head)) if head.slip + 1 == last && head.line_sha256 == tail.last_links_to => {
            log::warn!(
                "slip log {log}: the head was one slip behind (a crash between writing slip {last} \
                 and its head); put right"
            );
            HeadState::Rewrite {
                alert: None,
                unanchored_to: head.unanchored_to,
            }
        }
        Ok(Some(head)) if head.slip >= last => HeadState::Ahead {
            alert: format!(
                "the head file {head_shown} records slip {} (line SHA-256 {}), but the log {log} \
                 ends at slip {last}: records were deleted or changed; numbering continues at \
                 slip {} so that no number is given out twice (`wordjudge slips verify` names the \
                 first bad slip)",
                head.slip,
                head.line_sha256,
                head.slip + 1
            ),
            head,
        },
        Ok(Some(head)) => unanchored(format!(
            "the head file {head_shown} records slip {} (line SHA-256 {}), which is not how \
             the log {log} ends (at slip {last}): head writes failed, or records were added or \
             changed by something else",
            head.slip, head.line_sha256
        )),
        Err(problem) => {
            let why = format!(
                "the head file {head_shown} was damaged ({problem}: {:?})",
                String::from_utf8_lossy(bytes).trim()
            );
            if last == 0 {
                HeadState::Rewrite {
                    alert: Some(format!(
                        "{why}; the log is empty, so slips written before, if any, are gone, and \
                         `wordjudge slips verify` will report that"
                    )),
                    unanchored_to: Some(0),
                }
            } else {
                unanchored(why)
            }
        }
    }
}
