//! The director's command line: one file per subcommand, each a thin layer over the library.
//!
//! Every command returns an [`Outcome`] (its exit status) or an error, which `main` prints as
//! plain lines — never a backtrace.

#[macro_use]
pub mod out;

pub mod config_check;
mod device_logs;
pub mod event;
pub mod event_stick;
pub mod judge;
pub mod lexicon_add;
pub mod lexicon_identify;
pub mod lexicon_verify;
pub mod pin_set;
pub mod rejudge;
pub mod slips_anchor;
pub mod slips_export;
pub mod slips_list;
pub mod slips_merge;
pub mod slips_print;
pub mod slips_recheck;
pub mod slips_show;
pub mod slips_verify;
pub mod station;
pub mod util;
pub mod web;
mod web_poster;

/// How a command ended; the process exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Done; for `judge`, the play is acceptable.
    Success = 0,
    /// A negative answer that is not an error: an unacceptable play, a lexicon or slip log that
    /// failed verification, a second opinion that differs.
    Negative = 1,
    /// A verdict was given but its slip could not be written.
    LogFailed = 3,
}

/// Exit status for errors: bad input, a broken configuration, an unusable lexicon.
pub const EXIT_ERROR: u8 = 2;

/// Exit status when the command ran but standard output could not take what it printed (closed,
/// as by `| head`, or full): see [`out`].
pub const EXIT_OUTPUT: u8 = 4;

/// Any error a command reports; `main` prints its `Display`.
pub type CmdError = Box<dyn std::error::Error>;
pub type CmdResult = Result<Outcome, CmdError>;
