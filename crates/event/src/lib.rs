//! # wordjudge-event
//!
//! Running a whole event: one bundle for every station (`bundle`: pack and read), signed by the
//! director (`signing`), installed as one station (`install`), and whether a station still runs
//! its event (`status`); the adjudicator of a station as its folder describes it
//! ([`adjudicator_for`]). Gathering the stations' logs afterwards is `wordjudge-merge`'s.

#![forbid(unsafe_code)]

pub mod bundle;
pub mod first_boot;
mod image_words;
pub mod install;
mod past;
pub mod pin_tries;
pub mod signing;
mod status;
pub mod stick_jobs;
mod tidy;

pub use past::past_logs;
pub use status::status;
pub use wordjudge_config::EventStatus;

use wordjudge_sliplog::adjudicate::Adjudicator;
use wordjudge_sliplog::SlipLog;

/// What a slip's event says after its fingerprint when the station no longer runs exactly its
/// event's files ("PWFK-XWRY-SWR2-MEOK (changed here)").
pub const CHANGED_HERE: &str = " (changed here)";

/// The adjudicator of the station `config` describes: its id, the event it was installed
/// from (the fingerprint of `event.toml` beside `kiosk.toml`), the round set in `[event]`.
pub fn adjudicator_for(config: &wordjudge_config::Config, log: Option<SlipLog>) -> Adjudicator {
    let event = match status(config) {
        // A station that no longer runs exactly its event's files says so on every slip.
        Ok(status) => status.map(|s| {
            if s.changed.is_empty() {
                s.fingerprint
            } else {
                format!("{}{CHANGED_HERE}", s.fingerprint)
            }
        }),
        Err(e) => {
            log::warn!("the event manifest cannot be read, slips carry no event: {e}");
            None
        }
    };
    let mut adjudicator = Adjudicator::new(&config.station.id, log).with_event(event);
    adjudicator.set_round(config.event.round);
    adjudicator
}

/// The slip log of the station `config` describes, every record signed with the station's own
/// key when it has one (`station.key`, made when its event was installed). A key that cannot be
/// read leaves the records unsigned, and says so in the diagnostic log: a merge with a roster
/// will then leave them out, never take them for the station's.
pub fn slip_log(config: &wordjudge_config::Config) -> SlipLog {
    let path = wordjudge_base::layout::station_key_path(&config.path);
    let key = match wordjudge_sliplog::signature::StationKey::load(&path) {
        Ok(key) => key,
        Err(e) => {
            log::warn!("slips are not signed: {e}");
            None
        }
    };
    SlipLog::new(&config.station.slip_log).signed_by(key)
}
