//! The time: the one place the program reads the clock and the machine's time zone.
//!
//! Slips are stamped in UTC (RFC 3339, to the second) so that logs from stations in different
//! places compare; people read local time — the hall's clock, which is what players write on the
//! paper slip — so screens and listings show it beside, or instead of, UTC.

use std::sync::RwLock;
use std::time::SystemTime;

/// The zone times are shown in: the event's (`[event] time_zone`, set once a station or a command
/// has read its configuration), else the machine's. A station image's clock is UTC, and a hall's
/// players write the hall's time on their paper slips.
static ZONE: RwLock<Option<jiff::tz::TimeZone>> = RwLock::new(None);

/// Shows times in `zone` from now on; `None`: in the machine's zone.
pub fn set_zone(zone: Option<jiff::tz::TimeZone>) {
    if let Ok(mut z) = ZONE.write() {
        *z = zone;
    }
}

/// The zone times are shown in now.
fn zone() -> jiff::tz::TimeZone {
    ZONE.read()
        .ok()
        .and_then(|z| z.clone())
        .unwrap_or_else(jiff::tz::TimeZone::system)
}

/// The time zone of IANA name `name` (`Europe/London`, `America/Toronto`, `UTC`), from the
/// machine's time-zone database; or why not, in words.
pub fn zone_named(name: &str) -> Result<jiff::tz::TimeZone, String> {
    if name.is_empty()
        || name.len() > 64
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/_-+".contains(c))
    {
        return Err(format!(
            "{name:?} is not a time zone's name (like Europe/London or America/Toronto)"
        ));
    }
    jiff::tz::TimeZone::get(name).map_err(|_| {
        format!("{name:?} is not a time zone in this machine's time-zone database (names like Europe/London; on Debian the database is the tzdata package)")
    })
}

/// Where the time comes from where the standard library has no clock: a browser's page hands
/// its `Date.now()` in (`wordjudge-web`); elsewhere `None`, and the system's clock is read.
static SOURCE: RwLock<Option<fn() -> SystemTime>> = RwLock::new(None);

/// Reads the time from `source` from now on (a wasm module in a browser, where
/// `SystemTime::now` has no clock and panics).
pub fn set_source(source: fn() -> SystemTime) {
    if let Ok(mut s) = SOURCE.write() {
        *s = Some(source);
    }
}

/// The time now: the source set, else the system's clock.
fn now() -> SystemTime {
    match SOURCE.read().ok().and_then(|s| *s) {
        Some(source) => source(),
        None => SystemTime::now(),
    }
}

/// The current time, UTC, to the second: `2026-11-24T13:32:07Z`.
pub fn now_utc() -> String {
    humantime::format_rfc3339_seconds(now()).to_string()
}

/// `utc` (as [`now_utc`] writes it) in the event's time zone, else the machine's:
/// `2026-11-24 14:32:07 CET`. `None` if `utc` is not such a time.
pub fn local(utc: &str) -> Option<String> {
    local_in(utc, zone())
}

/// Reads the machine's time zone (and the time-zone database it is named in) ahead of the first
/// [`local`], so a program that shows times pays for it once, at start, not on its first screen.
pub fn warm_up() {
    let _ = local(&now_utc());
}

fn local_in(utc: &str, zone: jiff::tz::TimeZone) -> Option<String> {
    let at: jiff::Timestamp = utc.parse().ok()?;
    Some(
        at.to_zoned(zone)
            .strftime("%Y-%m-%d %H:%M:%S %Z")
            .to_string(),
    )
}

/// A moment's local date and time, in parts, for a language to write (`wordjudge_lang`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalParts {
    pub year: i16,
    pub month: i8,
    pub day: i8,
    pub hour: i8,
    pub minute: i8,
    pub second: i8,
    /// The time zone's abbreviation: `CET`.
    pub zone: String,
}

/// `utc` (as [`now_utc`] writes it) in the event's time zone, else the machine's, in parts;
/// `None` if `utc` is not such a time.
pub fn local_parts(utc: &str) -> Option<LocalParts> {
    local_parts_in(utc, zone())
}

/// `utc` in `zone`, in parts.
pub fn local_parts_in(utc: &str, zone: jiff::tz::TimeZone) -> Option<LocalParts> {
    let at: jiff::Timestamp = utc.parse().ok()?;
    let z = at.to_zoned(zone);
    Some(LocalParts {
        year: z.year(),
        month: z.month(),
        day: z.day(),
        hour: z.hour(),
        minute: z.minute(),
        second: z.second(),
        zone: z.strftime("%Z").to_string(),
    })
}

/// Minutes from `utc` (as [`now_utc`] writes it) to now; `None` if `utc` is not such a time.
pub fn minutes_since(utc: &str) -> Option<f64> {
    let at: jiff::Timestamp = utc.parse().ok()?;
    let now = jiff::Timestamp::try_from(now()).ok()?;
    Some(now.duration_since(at).as_secs_f64() / 60.0)
}

/// Minutes from `earlier` to `later` (both as [`now_utc`] writes them; negative when `later` is
/// before `earlier`); `None` if either is not such a time.
pub fn minutes_between(earlier: &str, later: &str) -> Option<f64> {
    let a: jiff::Timestamp = earlier.parse().ok()?;
    let b: jiff::Timestamp = later.parse().ok()?;
    Some(b.duration_since(a).as_secs_f64() / 60.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_is_shown_in_the_machines_zone() {
        // Needs the time zone database (Debian: tzdata).
        let paris = jiff::tz::TimeZone::get("Europe/Paris").expect("the tz database");
        let summer = "2026-07-01T13:32:07Z";
        assert_eq!(
            local_in("2026-11-24T13:32:07Z", paris.clone()).unwrap(),
            "2026-11-24 14:32:07 CET"
        );
        assert_eq!(local_in(summer, paris).unwrap(), "2026-07-01 15:32:07 CEST");
        let now = now_utc();
        assert!(local(&now).is_some(), "{now}");
        assert!(minutes_since(&now).is_some_and(|m| (0.0..1.0).contains(&m)));
        assert_eq!(local("yesterday"), None);
        assert_eq!(minutes_since("2026-11-24"), None);
        assert_eq!(
            minutes_between("2026-11-24T13:32:07Z", "2026-11-24T13:47:37Z"),
            Some(15.5)
        );
        assert_eq!(
            minutes_between("2026-11-24T13:47:37Z", "2026-11-24T13:32:07Z"),
            Some(-15.5)
        );
        assert_eq!(minutes_between("2026-11-24", "2026-11-24T13:32:07Z"), None);
    }

    #[test]
    fn an_events_zone_is_named_as_iana_names_it_and_nothing_else() {
        assert!(zone_named("Europe/London").is_ok());
        assert!(zone_named("America/Argentina/Buenos_Aires").is_ok());
        assert!(zone_named("UTC").is_ok());
        for bad in [
            "Mars/Olympus",
            "",
            "../../etc/passwd",
            "Europe/London\n",
            "CET CEST",
        ] {
            let e = zone_named(bad).unwrap_err();
            assert!(e.contains("time zone"), "{bad:?}: {e}");
        }
        // The event's zone, once set, is the one times are shown in.
        let london = zone_named("Europe/London").unwrap();
        assert_eq!(
            local_in("2026-07-01T12:00:00Z", london).unwrap(),
            "2026-07-01 13:00:00 BST"
        );
    }
}
