//! The time: the one place the program reads the clock.
//!
//! Slips are stamped in UTC (RFC 3339, to the second) so that logs from stations in different
//! places compare; people read local time — the hall's clock, which is what players write on the
//! paper slip — so screens and listings show it beside, or instead of, UTC.
//!
//! A moment is a [`Timestamp`], compared as one; the zone it is shown in is handed to whatever
//! shows it (the event's, `wordjudge_config::Config::zone`, else the machine's), never kept here.

use std::sync::RwLock;
use std::time::SystemTime;

pub use jiff::tz::TimeZone;
pub use jiff::Timestamp;

/// The time zone of IANA name `name` (`Europe/London`, `America/Toronto`, `UTC`), from the
/// machine's time-zone database; or why not, in words.
pub fn zone_named(name: &str) -> Result<TimeZone, String> {
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
    TimeZone::get(name).map_err(|_| {
        format!("{name:?} is not a time zone in this machine's time-zone database (names like Europe/London; on Debian the database is the tzdata package)")
    })
}

/// The machine's time zone (what a configuration without `[event] time_zone` shows times in).
pub fn machine_zone() -> TimeZone {
    TimeZone::system()
}

/// Where the time comes from where the standard library has no clock: a browser's page hands
/// its `Date.now()` in (`wordjudge-web`); elsewhere `None`, and the system's clock is read. (A
/// platform's clock, not a setting: nothing else is kept process-wide here.)
static SOURCE: RwLock<Option<fn() -> SystemTime>> = RwLock::new(None);

/// Reads the time from `source` from now on (a wasm module in a browser, where
/// `SystemTime::now` has no clock and panics).
pub fn set_source(source: fn() -> SystemTime) {
    if let Ok(mut s) = SOURCE.write() {
        *s = Some(source);
    }
}

/// The time now: the source set, else the system's clock.
pub fn now() -> Timestamp {
    let now = match SOURCE.read().ok().and_then(|s| *s) {
        Some(source) => source(),
        None => SystemTime::now(),
    };
    Timestamp::try_from(now).unwrap_or(Timestamp::UNIX_EPOCH)
}

/// The time now to the second, as slips and bundles record it (`2026-11-29T01:27:05Z`).
pub fn stamp() -> Timestamp {
    Timestamp::from_second(now().as_second()).unwrap_or(Timestamp::UNIX_EPOCH)
}

/// `text` as a moment, if it is one (RFC 3339, as slips and files record them).
pub fn parse(text: &str) -> Option<Timestamp> {
    text.parse().ok()
}

/// `at` on the clock of `zone`: `2026-11-24 14:32:07 CET`.
pub fn local(at: Timestamp, zone: &TimeZone) -> String {
    at.to_zoned(zone.clone())
        .strftime("%Y-%m-%d %H:%M:%S %Z")
        .to_string()
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

/// `at` on the clock of `zone`, in parts.
pub fn local_parts(at: Timestamp, zone: &TimeZone) -> LocalParts {
    let z = at.to_zoned(zone.clone());
    LocalParts {
        year: z.year(),
        month: z.month(),
        day: z.day(),
        hour: z.hour(),
        minute: z.minute(),
        second: z.second(),
        zone: z.strftime("%Z").to_string(),
    }
}

/// Minutes from `earlier` to `later` (negative when `later` is before `earlier`).
pub fn minutes_between(earlier: Timestamp, later: Timestamp) -> f64 {
    later.duration_since(earlier).as_secs_f64() / 60.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        parse(text).unwrap()
    }

    #[test]
    fn a_moment_is_shown_on_the_clock_of_the_zone_it_is_given() {
        // Needs the time zone database (Debian: tzdata).
        let paris = zone_named("Europe/Paris").expect("the tz database");
        assert_eq!(
            local(at("2026-11-24T13:32:07Z"), &paris),
            "2026-11-24 14:32:07 CET"
        );
        assert_eq!(
            local(at("2026-07-01T13:32:07Z"), &paris),
            "2026-07-01 15:32:07 CEST"
        );
        let london = zone_named("Europe/London").unwrap();
        assert_eq!(
            local(at("2026-07-01T12:00:00Z"), &london),
            "2026-07-01 13:00:00 BST"
        );
        assert_eq!(parse("yesterday"), None);
        assert_eq!(parse("2026-11-24"), None);
        assert_eq!(
            minutes_between(at("2026-11-24T13:32:07Z"), at("2026-11-24T13:47:37Z")),
            15.5
        );
        assert_eq!(
            minutes_between(at("2026-11-24T13:47:37Z"), at("2026-11-24T13:32:07Z")),
            -15.5
        );
    }

    #[test]
    fn a_stamp_is_to_the_second_and_written_as_slips_write_it() {
        let now = stamp();
        assert_eq!(now.subsec_nanosecond(), 0);
        let text = now.to_string();
        assert!(text.ends_with('Z') && text.len() == 20, "{text}");
        assert_eq!(parse(&text), Some(now));
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
    }
}
