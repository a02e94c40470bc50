//! The record: one adjudication as a line of the log, sealed and chained.

use serde::{Deserialize, Serialize};

use wordjudge_base::digest::Digest;
use wordjudge_lexicon::judge::{Verdict, WordFinding};

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
    /// The event fingerprint of the bundle the station was installed from (`wordjudge event
    /// install`), if it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// The round the director set at the station, if set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The table (board) the players typed, if the station asks for it (`[screen] ask_table`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<u32>,
    /// When it was judged: UTC, to the second, written as RFC 3339 (`2026-11-29T01:27:05Z`).
    pub time: wordjudge_base::clock::Timestamp,
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
    /// The public key of the station that signed this record (64 hex digits;
    /// [`crate::signature`]); absent in a record no station key signed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// SHA-256 of the previous record's line.
    pub prev: String,
    /// SHA-256 of this record's line written with `seal` empty and without `sig`.
    pub seal: String,
    /// The station key's signature of `seal` (128 hex digits), when `key` is there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sig: Option<String>,
}

/// Which game of which event a slip belongs to: each part absent unless the event uses it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Game {
    /// The event fingerprint (`wordjudge event install`).
    pub event: Option<String>,
    pub round: Option<u32>,
    pub table: Option<u32>,
}

/// A slip before the log numbers, chains and seals it.
#[derive(Debug, Clone)]
pub struct SlipDraft {
    pub station: String,
    pub game: Game,
    pub kind: SlipKind,
    pub refers_to: Option<u64>,
    pub division: String,
    pub lexicons: Vec<Consulted>,
    pub words: Vec<String>,
    pub verdict: Verdict,
    pub detail: Vec<WordFinding>,
}

/// The format of the records this build writes and reads: version 1 (`docs/formats.md`, "The slip
/// record"). A version-1 line carries no `"v"`; a later format begins its line with `{"v":N,`, and
/// a reader meets it with [`RecordError::Version`], never with a verification of a format it does
/// not know.
pub(crate) const RECORD_FORMAT: u64 = 1;

/// Why a line is not a record this build can read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum RecordError {
    /// A record of a later format.
    #[error("a slip record of format version {0}, which this wordjudge ({version}) does not read (it reads version {RECORD_FORMAT}): check the log with the wordjudge that wrote it, or a later one", version = env!("CARGO_PKG_VERSION"))]
    Version(u64),
    /// Not a record at all.
    #[error("{0}")]
    NotARecord(String),
}

/// The record `line` holds (its newline, if any, left off): a version-1 record, or why not.
pub fn parse(line: &[u8]) -> Result<Slip, RecordError> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    if let Some(rest) = line.strip_prefix(b"{\"v\":") {
        let digits: Vec<u8> = rest
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .copied()
            .collect();
        let version = std::str::from_utf8(&digits)
            .ok()
            .and_then(|d| d.parse().ok())
            .unwrap_or(u64::MAX);
        if version != RECORD_FORMAT {
            return Err(RecordError::Version(version));
        }
    }
    serde_json::from_slice(line).map_err(|e| RecordError::NotARecord(e.to_string()))
}

/// The seal of the record whose line is `line` (no newline): the SHA-256 of the line as written,
/// with the seal's value emptied (`"seal":""`) and the signature member (`,"sig":"…"`) taken out;
/// both are the record's last members. `None` when the line does not end as a record ends.
///
/// The seal is over the bytes as written, not over the record read and written again: no change
/// to [`Slip`] can change what an earlier log's seals cover.
pub(crate) fn seal_of(line: &[u8]) -> Option<String> {
    let body = line.strip_suffix(b"}")?;
    let body = strip_member(body, b",\"sig\":\"").unwrap_or(body);
    let body = strip_member(body, b",\"seal\":\"")?;
    let mut unsealed = Vec::with_capacity(body.len() + 11);
    unsealed.extend_from_slice(body);
    unsealed.extend_from_slice(b",\"seal\":\"\"}");
    Some(Digest::of(&unsealed).to_string())
}

/// `body` without its last member when that member is the string `name` opens
/// (`,"name":"`): the bytes before it.
fn strip_member<'a>(body: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    let value = body.strip_suffix(b"\"")?;
    let open = value.iter().rposition(|&b| b == b'"')?;
    value[..=open].strip_suffix(name)
}

impl Slip {
    /// The record's line (no newline), sealed and signed with `key`: `self` with its seal and
    /// signature set from it. Its members are written in [`Slip`]'s order, the seal and the
    /// signature last (the golden records in `tests/golden/` fail if that order changes).
    pub(crate) fn seal_and_sign(&mut self, key: Option<&crate::signature::StationKey>) -> String {
        self.seal = String::new();
        self.sig = None;
        let unsealed = serde_json::to_string(&*self).expect("a slip always serialises");
        self.seal = Digest::of(unsealed.as_bytes()).to_string();
        self.sig = key.map(|k| k.sign(&self.seal));
        let body = unsealed
            .strip_suffix("\"}")
            .expect("a slip's line ends with its empty seal");
        let mut line = format!("{body}{}\"", self.seal);
        if let Some(sig) = &self.sig {
            line.push_str(&format!(",\"sig\":\"{sig}\""));
        }
        line.push('}');
        line
    }

    /// Whether this record is signed by the key it names (`None`: it names none).
    pub fn signed(&self) -> Option<bool> {
        let key = self.key.as_deref()?;
        Some(
            crate::signature::StationPublicKey::parse(key).is_ok_and(|k| {
                self.sig
                    .as_deref()
                    .is_some_and(|sig| k.verifies(&self.seal, sig))
            }),
        )
    }
}

/// Whether `trailing`, the bytes after a log's last newline, can be the start of the record that
/// was being written when a crash came, `next` being its number: the start of `{"slip":N,` (or
/// all of it and more), possibly followed by zero bytes where the file grew before its data
/// reached the disk; or, after a first record, only zero bytes. Anything else is not this log's
/// torn record (a file that is not a slip log, or an edit): writers refuse it untouched, and
/// `verify` reports it.
pub(super) fn torn_record(trailing: &[u8], next: u64) -> bool {
    let expected = format!("{{\"slip\":{next},");
    let expected = expected.as_bytes();
    let end = trailing.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
    let written = &trailing[..end];
    if written.is_empty() {
        return next > 1;
    }
    expected.starts_with(written) || written.starts_with(expected)
}

/// The record in `trailing` (the bytes after a log's last newline) if it is whole, sealed, and
/// continues the chain — slip `next`, chained to `prev` — so that it is a record that only lost its
/// newline: writers keep it (adding the newline) and readers count it. Anything else there is a
/// torn line.
pub(super) fn unterminated_record(trailing: &[u8], next: u64, prev: &str) -> Option<Slip> {
    parse(trailing).ok().filter(|slip| {
        slip.slip == next && slip.prev == prev && seal_of(trailing).as_ref() == Some(&slip.seal)
    })
}
