//! The director's PIN: stored as a password hash in `kiosk.toml`, and salvaged from a file that
//! does not pass the full check, so that a station out of service still lets the director in.

use std::fmt;
use std::path::Path;

use wordjudge_base::digest::Digest;

/// The PIN the README and the shipped `kiosk.toml` publish, for trying the demo station: anyone
/// can read it, so no event station may keep it (`config check` warns, `event pack` refuses, a
/// station installed from a bundle is out of service with it).
pub const DEMO_PIN: &str = "1234";

/// The director's PIN as `kiosk.toml` stores it: an Argon2id password hash (PHC string,
/// `$argon2id$v=19$m=…`), so that finding a PIN from a stolen `kiosk.toml` costs real work per
/// guess; or, from earlier versions, a salted SHA-256 (`sha256$SALT$HASH`), which keeps working
/// until the PIN is set again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PinHash {
    Argon2(String),
    Sha256 { salt: [u8; 16], hash: Digest },
}

/// Why a PIN could not be hashed.
#[derive(Debug, thiserror::Error)]
pub enum PinError {
    #[error("no random salt: {0}")]
    Random(#[from] getrandom::Error),
    #[error("cannot hash the PIN: {0}")]
    Hash(String),
}

impl PinHash {
    /// Hashes `pin` with Argon2id (the crate's default cost) and a fresh random salt.
    pub fn new(pin: &str) -> Result<PinHash, PinError> {
        use argon2::password_hash::{PasswordHasher, SaltString};
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)?;
        let salt = SaltString::encode_b64(&salt).map_err(|e| PinError::Hash(e.to_string()))?;
        let hash = argon2::Argon2::default()
            .hash_password(pin.as_bytes(), &salt)
            .map_err(|e| PinError::Hash(e.to_string()))?;
        Ok(PinHash::Argon2(hash.to_string()))
    }

    fn sha256_of(salt: &[u8; 16], pin: &str) -> Digest {
        let mut bytes = salt.to_vec();
        bytes.extend_from_slice(pin.as_bytes());
        Digest::of(&bytes)
    }

    /// Whether `pin` is the director's PIN.
    pub fn matches(&self, pin: &str) -> bool {
        use argon2::password_hash::{PasswordHash, PasswordVerifier};
        match self {
            PinHash::Argon2(phc) => PasswordHash::new(phc).is_ok_and(|hash| {
                argon2::Argon2::default()
                    .verify_password(pin.as_bytes(), &hash)
                    .is_ok()
            }),
            PinHash::Sha256 { salt, hash } => PinHash::sha256_of(salt, pin) == *hash,
        }
    }

    /// Whether this is the published demo PIN ([`DEMO_PIN`]), whatever its salt.
    pub fn is_demo(&self) -> bool {
        self.matches(DEMO_PIN)
    }

    /// Whether this is the older salted SHA-256 form (`pin set` replaces it).
    pub fn is_legacy(&self) -> bool {
        matches!(self, PinHash::Sha256 { .. })
    }

    /// The fewest and most digits of a PIN.
    pub const DIGITS: std::ops::RangeInclusive<usize> = 4..=12;

    /// A PIN is 4 to 12 digits.
    pub fn valid_pin(pin: &str) -> bool {
        Self::DIGITS.contains(&pin.len()) && pin.bytes().all(|b| b.is_ascii_digit())
    }
}

impl fmt::Display for PinHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PinHash::Argon2(phc) => f.write_str(phc),
            PinHash::Sha256 { salt, hash } => write!(f, "sha256${}${hash}", hex::encode(salt)),
        }
    }
}

impl std::str::FromStr for PinHash {
    type Err = ();
    fn from_str(s: &str) -> Result<PinHash, ()> {
        if s.starts_with("$argon2") {
            let hash = argon2::password_hash::PasswordHash::new(s).map_err(|_| ())?;
            // Only what `new` writes: Argon2id with a salt and a hash.
            if hash.algorithm != argon2::Algorithm::Argon2id.ident()
                || hash.salt.is_none()
                || hash.hash.is_none()
            {
                return Err(());
            }
            return Ok(PinHash::Argon2(s.to_owned()));
        }
        let mut parts = s.split('$');
        let (Some("sha256"), Some(salt), Some(hash), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(());
        };
        let mut salt_bytes = [0u8; 16];
        hex::decode_to_slice(salt, &mut salt_bytes).map_err(|_| ())?;
        Ok(PinHash::Sha256 {
            salt: salt_bytes,
            hash: hash.parse().map_err(|_| ())?,
        })
    }
}

/// The director's PIN from a configuration that does not pass [`crate::Config::read`], when its TOML
/// is still readable and holds a well-formed `[station] director_pin`. A station whose
/// configuration is broken is out of service; this lets the director still open director mode
/// there, to reload after fixing the file or to exit. Anything less than a well-formed PIN hash
/// gives `None` (director mode then stays shut).
pub fn salvage_pin(path: &Path) -> Option<PinHash> {
    let text =
        wordjudge_base::fsutil::read_regular_to_string(path, super::MAX_CONFIG_BYTES).ok()?;
    let table: toml::Table = text.parse().ok()?;
    table
        .get("station")?
        .get("director_pin")?
        .as_str()?
        .parse()
        .ok()
}
