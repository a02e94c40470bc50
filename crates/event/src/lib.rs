//! # wordjudge-event
//!
//! Running a whole event: one bundle for every station (`bundle`: pack and read), signed by the
//! director (`signing`), installed as one station (`install`), and whether a station still runs
//! its event (`status`); the adjudicator of a station as its folder describes it
//! ([`adjudicator_for`]). Gathering the stations' logs afterwards is `wordjudge-merge`'s.

pub mod bundle;
pub mod install;
pub mod signing;

pub use install::status;
pub use wordjudge_config::EventStatus;

use wordjudge_sliplog::adjudicate::Adjudicator;
use wordjudge_sliplog::SlipLog;

/// The adjudicator of the station `config` describes: its id, the event it was installed
/// from (the fingerprint of `event.toml` beside `kiosk.toml`), the round set in `[event]`.
pub fn adjudicator_for(config: &wordjudge_config::Config, log: Option<SlipLog>) -> Adjudicator {
    let event = match status(config) {
        // A station that no longer runs exactly its event's files says so on every slip.
        Ok(status) => status.map(|s| {
            if s.changed.is_empty() {
                s.fingerprint
            } else {
                format!("{} (changed here)", s.fingerprint)
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
