//! A table device's log handed over as one file (issue 51, finding 8: it was two downloads, the
//! log and its head, per phone): what the table judge's **Save the log** downloads,
//! `wordjudge-DEVICE-FP.wjlog`. A JSON object holding the log and its head exactly as the device
//! kept them (docs/formats.md, "A table device's export"), so that the command line reads them
//! as it reads a station's (`slips verify --log`, `slips merge`) once it has put them side by
//! side.
//!
//! ```text
//! {"format":"wordjudge-device-log","version":1,"device":"table-PEEQ-DOBK","event":"PWFK-…",
//!  "log":"{\"slip\":1,…}\n…","head":"{\"slip\":3,…}\n"}
//! ```
//!
//! `format` comes first, so a file is told from a log (whose lines begin `{"slip":`) by its
//! first bytes. A later version is refused by its number, never misread.

use serde::{Deserialize, Serialize};

/// The value of `format`.
pub const FORMAT: &str = "wordjudge-device-log";
/// The version this build writes and reads.
pub const VERSION: u64 = 1;
/// The extension the page gives the file.
pub const EXTENSION: &str = "wjlog";
/// The largest file read: a browser keeps about 5 MB for a site.
pub const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// A device's log and head, as one file holds them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeviceFile {
    pub format: String,
    pub version: u64,
    /// The device's id (the station id on its slips).
    pub device: String,
    /// The event's fingerprint.
    pub event: String,
    /// The log, as the device kept it (JSON Lines, each line ending in a newline).
    pub log: String,
    /// Its head (empty when no slip was written).
    pub head: String,
}

/// Whether `bytes` (a file's first bytes, or all of it) begin as a device's log file.
pub fn is_device_file(bytes: &[u8]) -> bool {
    let start = format!("{{\"format\":\"{FORMAT}\"");
    bytes.starts_with(start.as_bytes())
}

/// The device's log and head in `bytes`, or why they are not a device's log file this build
/// reads.
pub fn read(bytes: &[u8]) -> Result<DeviceFile, String> {
    #[derive(Deserialize)]
    struct Versioned {
        format: String,
        version: u64,
    }
    let versioned: Versioned = serde_json::from_slice(bytes)
        .map_err(|e| format!("not a table device's log file ({e})"))?;
    if versioned.format != FORMAT {
        return Err(format!(
            "not a table device's log file (its format is {:?})",
            versioned.format
        ));
    }
    if versioned.version != VERSION {
        return Err(format!(
            "a table device's log file of version {}, which this wordjudge ({}) does not read (it reads version {VERSION}): read it with a later wordjudge",
            versioned.version,
            env!("CARGO_PKG_VERSION")
        ));
    }
    serde_json::from_slice(bytes)
        .map_err(|e| format!("a table device's log file that does not read: {e}"))
}

/// The file holding `log` and `head` of device `device` in event `event`, as the page writes it.
pub fn write(device: &str, event: &str, log: &str, head: &str) -> String {
    let file = DeviceFile {
        format: FORMAT.into(),
        version: VERSION,
        device: device.into(),
        event: event.into(),
        log: log.into(),
        head: head.into(),
    };
    serde_json::to_string(&file).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_file_reads_back_and_a_later_version_or_another_file_is_refused() {
        let text = write("table-X", "ABCD", "{\"slip\":1}\n", "{\"slip\":1}\n");
        assert!(is_device_file(text.as_bytes()));
        let file = read(text.as_bytes()).unwrap();
        assert_eq!(
            (file.device.as_str(), file.log.as_str()),
            ("table-X", "{\"slip\":1}\n")
        );
        let later = text.replace("\"version\":1", "\"version\":2");
        assert!(read(later.as_bytes()).unwrap_err().contains("version 2"));
        assert!(!is_device_file(b"{\"slip\":1,\"station\":\"7\"}\n"));
        assert!(read(b"{\"slip\":1}").is_err());
        let other = text.replace(FORMAT, "something-else");
        assert!(read(other.as_bytes())
            .unwrap_err()
            .contains("something-else"));
    }
}
