//! What the director sets at the station, in director mode or with `wordjudge event round`:
//! the round every slip carries, and the division the station is pinned to. Kept in a file of
//! its own in the station's own folder (`station-state.json`, `layout::own_dir`), which the
//! station's account may write, so that `kiosk.toml` — the lexicons and their SHA-256, the PIN, what the station trusts —
//! can belong to root and stay read-only to the station. `kiosk.toml`'s `[event] round` and
//! `[station] division` are where they start; once the director sets either at the station, this
//! file says what it is.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::{Config, MAX_ROUND};

/// The station's state as the director set it at the station: each part absent until the
/// director sets it there (then `kiosk.toml` says), `Some(None)` once it was cleared there.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StationState {
    /// The division the station is pinned to; `Some(None)`: unpinned, every pair chooses.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "set_or_cleared"
    )]
    pub division: Option<Option<String>>,
    /// The round every slip carries; `Some(None)`: no round.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "set_or_cleared"
    )]
    pub round: Option<Option<u32>>,
}

/// A part of the state as JSON: missing (not set at the station), `null` (cleared there), or
/// its value.
mod set_or_cleared {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(
        v: &Option<Option<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match v {
            Some(inner) => inner.serialize(s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Option<T>>, D::Error> {
        Option::<T>::deserialize(d).map(Some)
    }
}

/// The largest state file read: a real one is a line.
const MAX_STATE_BYTES: u64 = 4096;

impl StationState {
    /// The state recorded for the station configured at `config`: `Ok(None)` when the director
    /// never set one there, an error naming the file when it cannot be read.
    pub fn read(config: &Path) -> Result<Option<StationState>, String> {
        let path = wordjudge_base::layout::state_path(config);
        match wordjudge_base::fsutil::read_regular(&path, MAX_STATE_BYTES) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map(Some)
                .map_err(|e| format!("{}: not the station's state ({e})", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Records this state for the station configured at `config` (atomically, synced).
    pub fn write(&self, config: &Path) -> Result<(), String> {
        let path = wordjudge_base::layout::state_path(config);
        let mut bytes = serde_json::to_vec(self).map_err(|e| e.to_string())?;
        bytes.push(b'\n');
        wordjudge_base::fsutil::write_atomically(&path, &bytes)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The state recorded for the station configured at `config`, with `change` made, recorded
    /// (a state that cannot be read is replaced).
    pub fn update(config: &Path, change: impl FnOnce(&mut StationState)) -> Result<(), String> {
        // The station's own file: written by its account, or the station could not change it.
        if let Some(problem) = wordjudge_base::fsutil::not_the_stations_account(
            &wordjudge_base::layout::state_path(config),
        ) {
            return Err(problem);
        }
        let mut state = StationState::read(config)
            .ok()
            .flatten()
            .unwrap_or_default();
        change(&mut state);
        state.write(config)
    }
}

impl Config {
    /// Applies the state the director set at the station (see the module): a division that is
    /// no longer configured, or a round out of range, is left out with a note.
    pub(crate) fn apply_state(&mut self) {
        let state = match StationState::read(&self.path) {
            Ok(Some(state)) => state,
            Ok(None) => return,
            Err(e) => {
                self.notes.push(format!(
                    "what the director set at the station cannot be read, so kiosk.toml's round and division hold: {e}"
                ));
                return;
            }
        };
        match state.division {
            None => {}
            Some(Some(d)) if !self.divisions.contains_key(&d) => self.notes.push(format!(
                "the station was pinned to division {:?}, which kiosk.toml no longer has: not pinned",
                wordjudge_base::text::shown(&d)
            )),
            Some(division) => self.station.division = division,
        }
        match state.round {
            None => {}
            Some(Some(r)) if !(1..=MAX_ROUND).contains(&r) => self.notes.push(format!(
                "the round set at the station, {r}, is out of range: left out"
            )),
            Some(round) => self.event.round = round,
        }
    }
}
