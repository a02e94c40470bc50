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

#![forbid(unsafe_code)]

pub mod adjudicate;
mod anchor;
pub mod device_file;
mod head;
pub mod memory;
mod read;
mod record;
pub mod signature;
pub mod store;
mod tail;
#[cfg(test)]
mod tests;
mod verify;
mod writer;

use std::path::PathBuf;

pub use anchor::{Anchor, AnchorCheck, ANCHOR_DIGITS};
pub use head::head_path;
pub use read::{
    find, is_unused, last_record_in, read, read_last, second_opinion_on, Contents, Records,
    MAX_RECORD_LINE,
};
pub use record::{Consulted, Game, Slip, SlipDraft, SlipKind};
pub use verify::{verify, BadSlip, Verification};
pub use writer::{Repair, SlipLog};

/// The largest slip number a log may hold (a million slips a day for over 2,700 years). A larger
/// number in a log or head file is damage, not a slip: continuing after it could overflow.
pub(crate) const MAX_SLIP: u64 = 1_000_000_000_000;

/// The largest head file read: a head is one short line, padded to a fixed size.
pub(crate) const MAX_HEAD_BYTES: u64 = 64 * 1024;

/// `prev` of the first record.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Why the slip log could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum SlipLogError {
    #[error("slip log {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A log kept in memory whose keeper (a browser's storage) did not keep a record: its own
    /// words, which name what kept nothing and why.
    #[error("{why}")]
    NotKept { why: String },
    #[error("slip log {path} is not a regular file; set [station] slip_log to a file path")]
    NotAFile { path: PathBuf },
    #[error("slip log {path}: line {line} is not a slip record ({detail}); run `wordjudge slips verify`")]
    Unreadable {
        path: PathBuf,
        line: usize,
        detail: String,
    },
    /// Bytes after the last record that are not a record torn by a crash: the file is not a slip
    /// log (or not one this station wrote), and is left exactly as it is.
    #[error("{path} is not a slip log this station can continue: its last line begins {start:?}, which is not a slip record torn by a crash; the file was left untouched — check that [station] slip_log names the right file, and run `wordjudge slips verify`")]
    NotASlipLog { path: PathBuf, start: String },
    /// The log or its head is of a later format than this build writes: left exactly as it is.
    #[error(
        "{path}: {detail}; this wordjudge will not write to that log, which was left untouched"
    )]
    LaterFormat { path: PathBuf, detail: String },
    /// The log (or the folder it would be made in) is the station account's, and this is run
    /// as another user ([`wordjudge_base::fsutil::not_the_stations_account`]).
    #[error("{problem}")]
    NotTheStationsAccount { path: PathBuf, problem: String },
}
