//! The station from its folder: what `start` reads (the configuration, every lexicon checked, the
//! event, the PIN lock-out record) and what the station records through it (the pinned division,
//! the round, wrong PINs), restarts included. The protocol itself is tested in its own crate.

mod director;
mod event;
mod people;
mod players;

use std::path::PathBuf;

pub(super) use crate as setup;
pub(super) use wordjudge_config::store::testing::station_folder;
pub(super) use wordjudge_config::{Config, PinHash};
pub(super) use wordjudge_lexicon::judge::Verdict;
pub(super) use wordjudge_protocol::*;
pub(super) use wordjudge_sliplog as sliplog;

pub(super) const PIN: &str = "24681357";

/// A station folder of lexicon CLUB (QI, ZA) with the tests' PIN, packed as an event bundle and
/// installed as station 7: the temporary folder, the installed `kiosk.toml`, the event
/// fingerprint.
pub(super) fn installed_station() -> (tempfile::TempDir, PathBuf, String) {
    let (dir, config) = station_folder("CLUB", &["QI", "ZA"]);
    wordjudge_config::record_pin(&config, &PinHash::new(PIN).unwrap()).unwrap();
    let key =
        wordjudge_event::signing::SigningKey::generate(&dir.path().join("director.key")).unwrap();
    let packed = wordjudge_event::bundle::pack(&config, "2026-11-24T09:00:00Z", &key).unwrap();
    let bundle = dir.path().join("event.tar");
    std::fs::write(&bundle, &packed.bytes).unwrap();
    let station = dir.path().join("st7");
    wordjudge_event::install::install(&bundle, "7", &station, Some(&key.public())).unwrap();
    (dir, station.join("kiosk.toml"), packed.fingerprint)
}
