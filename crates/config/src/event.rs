//! `[event]` and `[printer]`: what ties a station's slips to the event (its name, the round the
//! director set) and where the station prints a docket after each verdict (read by
//! `check/event.rs`); and whether a station still runs its event ([`EventStatus`]).

use std::path::PathBuf;

/// The largest round number (a long event has a few dozen rounds).
pub const MAX_ROUND: u32 = 999;
/// The largest table number a player can type.
pub const MAX_TABLE: u32 = 9999;
/// The largest station number a director types on a station image's first boot (a station id
/// may be any short name in `kiosk.toml`; a number is what a director types at a hall).
pub const MAX_STATION_NUMBER: u32 = 9999;

/// `[event]`: optional; absent, slips carry no round.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventConfig {
    /// The event's name, printed on dockets and reports.
    pub name: Option<String>,
    /// The round the director set in director mode (kept across restarts).
    pub round: Option<u32>,
    /// The manifest of the bundle the station was installed from (`event install` writes it as
    /// `event-FINGERPRINT.toml` and names it here, so that switching to a new bundle is the one
    /// atomic write of `kiosk.toml`); `None`: `event.toml`, if there is one.
    pub manifest: Option<PathBuf>,
    /// `time_zone`: the IANA name of the hall's time zone (`Europe/London`), in which screens,
    /// dockets and listings show times; `None`: the machine's (a station image's clock is UTC).
    pub time_zone: Option<String>,
}

/// Whether a station runs its event as packed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventStatus {
    pub name: String,
    pub fingerprint: String,
    /// The id of the key the manifest's signature was verified with (the one the station
    /// trusts); `None`: not signed, or not verified (then `changed` says why).
    pub signed_by: Option<String>,
    /// What differs from the bundle at this station (empty: exactly the event's).
    pub changed: Vec<String>,
}

/// `[printer]`: a docket printed after each verdict, through one of two routes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrinterConfig {
    /// A CUPS queue (`lp -d QUEUE`): any printer the system knows, receipt printers included.
    Cups { queue: String },
    /// Raw ESC/POS bytes written to a device (a receipt printer without a driver, e.g.
    /// `/dev/usb/lp0`).
    EscPos { device: PathBuf },
}
