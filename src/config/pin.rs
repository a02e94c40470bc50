//! The director's PIN: stored salted and hashed in `kiosk.toml`, and salvaged from a file that
//! does not pass the full check, so that a station out of service still lets the director in.

use std::fmt;
use std::path::Path;

use crate::digest::Digest;

/// A salted SHA-256 of the director's PIN, stored as `sha256$SALT$HASH` (hex).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PinHash {
    salt: [u8; 16],
    hash: Digest,
}

impl PinHash {
    /// Hashes `pin` with a fresh random salt.
    pub fn new(pin: &str) -> Result<PinHash, getrandom::Error> {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)?;
        Ok(PinHash::with_salt(salt, pin))
    }

    fn with_salt(salt: [u8; 16], pin: &str) -> PinHash {
        let mut bytes = salt.to_vec();
        bytes.extend_from_slice(pin.as_bytes());
        PinHash {
            salt,
            hash: Digest::of(&bytes),
        }
    }

    /// Whether `pin` is the director's PIN.
    pub fn matches(&self, pin: &str) -> bool {
        PinHash::with_salt(self.salt, pin).hash == self.hash
    }

    /// A PIN is 4 to 12 digits.
    pub fn valid_pin(pin: &str) -> bool {
        (4..=12).contains(&pin.len()) && pin.bytes().all(|b| b.is_ascii_digit())
    }
}

impl fmt::Display for PinHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sha256${}${}", hex::encode(self.salt), self.hash)
    }
}

impl std::str::FromStr for PinHash {
    type Err = ();
    fn from_str(s: &str) -> Result<PinHash, ()> {
        let mut parts = s.split('$');
        let (Some("sha256"), Some(salt), Some(hash), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(());
        };
        let mut salt_bytes = [0u8; 16];
        hex::decode_to_slice(salt, &mut salt_bytes).map_err(|_| ())?;
        Ok(PinHash {
            salt: salt_bytes,
            hash: hash.parse().map_err(|_| ())?,
        })
    }
}

/// The director's PIN from a configuration that does not pass [`Config::read`], when its TOML
/// is still readable and holds a well-formed `[station] director_pin`. A station whose
/// configuration is broken is out of service; this lets the director still open director mode
/// there, to reload after fixing the file or to exit. Anything less than a well-formed PIN hash
/// gives `None` (director mode then stays shut).
pub fn salvage_pin(path: &Path) -> Option<PinHash> {
    let text = std::fs::read_to_string(path).ok()?;
    let table: toml::Table = text.parse().ok()?;
    table
        .get("station")?
        .get("director_pin")?
        .as_str()?
        .parse()
        .ok()
}
