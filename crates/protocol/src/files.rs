//! What the station needs from the files behind it, besides the slip log: the [`StationFiles`]
//! its caller gives (`wordjudge-station-files` reads and writes the station's folder; without it, reload
//! and pinning a division do nothing lasting), and the PIN prompt's record it keeps.

use wordjudge_sliplog::Slip;

use crate::{Setup, StickJob};

/// What the station needs from the files behind it, besides the slip log (which is the
/// [`Adjudicator`]'s): `setup::start` gives the real ones; without them, reload and pinning a
/// division do nothing lasting.
pub trait StationFiles {
    /// The station as `kiosk.toml` describes it now, every lexicon checked again.
    fn reload(&mut self) -> Setup;
    /// Records the division the director pinned the station to (`None`: none), so that it is
    /// kept across restarts.
    fn pin_division(&mut self, division: Option<&str>) -> Result<(), String>;
    /// Records the round the director set (`None`: none), so that it is kept across restarts.
    fn record_round(&mut self, round: Option<u32>) -> Result<(), String>;
    /// Starts printing `slip`'s docket, if the station has a printer, and returns at once:
    /// printing never delays a verdict. The outcome comes back through [`Self::printed`].
    fn print(&mut self, slip: &Slip);
    /// The dockets whose printing ended since the last call: slip number, and the error if it
    /// failed.
    fn printed(&mut self) -> Vec<(u64, Result<(), String>)>;
    /// Records the PIN attempts (wrong PINs, lock-outs), so that a restart keeps it.
    fn record_lockout(&mut self, lockout: &Lockout) -> Result<(), String>;
    /// Asks the station's USB-stick helper to do `job`, and returns at once; the answer comes
    /// back through [`Self::stick_answer`]. `pin` is the PIN that opened director mode: the
    /// helper (root) checks it against its own copy of the PIN's hash, so that the station's
    /// account cannot ask alone. Without a helper, why not.
    fn ask_stick(&mut self, job: StickJob, pin: &str) -> Result<(), String> {
        let _ = (job, pin);
        Err(crate::stick_request::no_helper())
    }
    /// The helper's answer to the request under way, once it came: done or not, and what it
    /// said.
    fn stick_answer(&mut self) -> Option<(bool, String)> {
        None
    }
}

/// The PIN attempts as they are kept across restarts: wrong PINs in a row, lock-outs since
/// the last success, how long the prompt stays locked from now, wrong PINs since the director's
/// last visit.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Lockout {
    pub in_a_row: u32,
    pub lockouts: u32,
    pub locked_for_seconds: f64,
    pub since_visit: u32,
}
