//! Where an [`crate::adjudicate::Adjudicator`] keeps its slips: a [`Store`]. A station's is its
//! log file ([`SlipLog`], durable by `fsync`); a browser's is its storage
//! ([`crate::memory::MemoryLog`]). Both number, chain, seal and sign a slip the same way, and
//! hand it back only once it is kept.

use std::path::{Path, PathBuf};

use crate::{Slip, SlipDraft, SlipLog, SlipLogError, Verification};

/// The slip log as the director's screen shows it.
#[derive(Debug, Clone)]
pub enum LogState {
    /// Nothing was ever written to the log at this path.
    Unused(PathBuf),
    /// What `slips verify` finds, and the last slips, newest first (lines that are not records
    /// left out).
    Checked {
        verification: Result<Verification, String>,
        recent: Result<Vec<Slip>, String>,
    },
}

/// A slip log, wherever it is kept.
pub trait Store: std::fmt::Debug + Send {
    /// Numbers, chains, seals (and signs) `draft`, keeps it, and only then returns it.
    fn append(&mut self, draft: SlipDraft) -> Result<Slip, SlipLogError>;
    /// The id of the key records are signed with, if any.
    fn signer_id(&self) -> Option<String>;
    /// What the director must hear about since the last call.
    fn take_alerts(&mut self) -> Vec<String>;
    /// Slip `n`, if it is there.
    fn find(&self, n: u64) -> Option<Slip>;
    /// The second opinion recorded on slip `n`, if there is one.
    fn second_opinion_on(&self, n: u64) -> Option<Slip>;
    /// The log's health and its last `recent` slips, as the director's screen shows them.
    fn state(&self, recent: usize) -> LogState;
    /// The last `n` slips, newest first; none when the log cannot be read.
    fn last(&self, n: usize) -> Vec<Slip>;
}

impl Store for SlipLog {
    fn append(&mut self, draft: SlipDraft) -> Result<Slip, SlipLogError> {
        SlipLog::append(self, draft)
    }

    fn signer_id(&self) -> Option<String> {
        SlipLog::signer_id(self)
    }

    fn take_alerts(&mut self) -> Vec<String> {
        SlipLog::take_alerts(self)
    }

    fn find(&self, n: u64) -> Option<Slip> {
        crate::find(self.path(), n).ok()?
    }

    fn second_opinion_on(&self, n: u64) -> Option<Slip> {
        crate::second_opinion_on(self.path(), n).ok()?
    }

    fn state(&self, recent: usize) -> LogState {
        state_of(self.path()).unwrap_or_else(|| LogState::Checked {
            verification: crate::verify(self.path()).map_err(|e| e.to_string()),
            recent: crate::read_last(self.path(), recent).map_err(|e| e.to_string()),
        })
    }

    fn last(&self, n: usize) -> Vec<Slip> {
        crate::read_last(self.path(), n).unwrap_or_default()
    }
}

/// `Unused` when nothing was ever written at `path`.
fn state_of(path: &Path) -> Option<LogState> {
    crate::is_unused(path).then(|| LogState::Unused(path.to_owned()))
}
