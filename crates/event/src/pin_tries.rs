//! The director's PIN as root's stick helper checks it: a stick job (install the next event, copy
//! the logs) runs only on a request that carries the director's PIN, checked against root's own
//! copy of its hash (issue 49, finding 4). The request is written by the station's account, so
//! the helper is a way to try PINs that does not pass through the station's own lock-out (which
//! that account keeps). So the helper counts wrong PINs itself, in a record of root's beside
//! `kiosk.toml` ([`layout::helper_tries_path`]): after [`TRIES`] wrong PINs in a row it refuses
//! every request, unchecked, for a minute, doubling with each lock-out up to half an hour — the
//! station's own rule (the protocol's `PIN_TRIES`, `PIN_LOCK_SECONDS`, `PIN_LOCK_MAX_SECONDS`).
//!
//! [`Tries`] is the arithmetic, on a clock given in seconds; [`check`] reads and writes the
//! record (never through a link) around one check.

use std::path::Path;

use serde::{Deserialize, Serialize};
use wordjudge_base::{layout, nolink};

/// Wrong PINs in a row before a lock-out.
pub const TRIES: u32 = 5;
/// The first lock-out, in seconds; each one after doubles it.
pub const LOCK_SECONDS: i64 = 60;
/// The longest lock-out, in seconds.
pub const LOCK_MAX_SECONDS: i64 = 30 * 60;

/// Wrong PINs given to the helper, as kept across its runs.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tries {
    /// Wrong PINs since the last lock-out (or the last right one).
    pub in_a_row: u32,
    /// Lock-outs since the last right PIN: each doubles the next.
    pub lockouts: u32,
    /// Until when (seconds since 1970, UTC) every request is refused.
    pub locked_until: i64,
}

impl Tries {
    /// Seconds left of the lock-out at `now`, if one holds. A lock-out never lasts longer than
    /// [`LOCK_MAX_SECONDS`] from `now`, so a clock set back cannot lock the helper for ever.
    pub fn locked(&self, now: i64) -> Option<i64> {
        let left = self.locked_until.saturating_sub(now);
        (left > 0).then_some(left.min(LOCK_MAX_SECONDS))
    }

    /// A wrong PIN at `now`.
    pub fn wrong(&mut self, now: i64) {
        self.in_a_row += 1;
        if self.in_a_row >= TRIES {
            let lock = LOCK_SECONDS
                .saturating_mul(1 << self.lockouts.min(16))
                .min(LOCK_MAX_SECONDS);
            self.lockouts += 1;
            self.in_a_row = 0;
            self.locked_until = now.saturating_add(lock);
        }
    }
}

/// Whether `pin` is the director's PIN of the station configured at `config`, at `now` (seconds
/// since 1970): `Ok` when it is; else why nothing is done, in the director's words. While a
/// lock-out holds, the PIN is not even checked. The record is read and written again under the
/// station folder, never through a link; a record that cannot be read counts as a lock-out.
pub fn check(config: &Path, pin: &str, now: i64) -> Result<(), String> {
    let dir = wordjudge_base::fsutil::parent_dir(config);
    let path = layout::helper_tries_path(config);
    let mut tries = match nolink::read_below(dir, &path, 4096) {
        Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_else(|_| locked_now(now)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Tries::default(),
        Err(_) => locked_now(now),
    };
    if let Some(left) = tries.locked(now) {
        save(&path, &tries)?;
        return Err(format!(
            "too many wrong PINs were given for stick jobs: nothing is done for {left} more second(s); wait, then open director mode with the PIN and choose it again"
        ));
    }
    let hash = wordjudge_config::Config::read(config)
        .ok()
        .and_then(|c| c.station.director_pin)
        .or_else(|| wordjudge_config::salvage_pin(config));
    let Some(hash) = hash else {
        return Err("this station has no director's PIN, so nothing is done from director mode: install an event that sets one".into());
    };
    if !pin.is_empty() && hash.matches(pin) {
        if tries != Tries::default() {
            save(&path, &Tries::default())?;
        }
        return Ok(());
    }
    tries.wrong(now);
    save(&path, &tries)?;
    Err("the request did not carry the director's PIN, so nothing was done: open director mode with the PIN and choose it again".into())
}

/// A record that could not be read: one lock-out from `now`.
fn locked_now(now: i64) -> Tries {
    Tries {
        in_a_row: 0,
        lockouts: 1,
        locked_until: now + LOCK_SECONDS,
    }
}

fn save(path: &Path, tries: &Tries) -> Result<(), String> {
    let text = serde_json::to_string(tries).unwrap_or_default() + "\n";
    nolink::replace(path, text.as_bytes()).map_err(|e| {
        format!(
            "the count of wrong PINs ({}) could not be written ({e}), so nothing is done",
            path.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_wrong_pins_lock_for_a_minute_doubling_to_half_an_hour() {
        let mut t = Tries::default();
        for _ in 0..TRIES - 1 {
            t.wrong(1000);
            assert_eq!(t.locked(1000), None);
        }
        t.wrong(1000);
        assert_eq!(t.locked(1000), Some(60));
        assert_eq!(t.locked(1059), Some(1));
        assert_eq!(t.locked(1060), None);
        let mut locks = Vec::new();
        for round in 0..8 {
            let now = 10_000 * (round + 1);
            for _ in 0..TRIES {
                t.wrong(now);
            }
            locks.push(t.locked(now).unwrap());
        }
        assert_eq!(locks, [120, 240, 480, 960, 1800, 1800, 1800, 1800]);
        // A clock set back never locks for longer than the longest lock-out.
        assert_eq!(t.locked(-1_000_000), Some(LOCK_MAX_SECONDS));
    }
}
