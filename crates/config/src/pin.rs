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

/// The Argon2id cost of a PIN hash: memory in KiB and passes. Chosen so that the slowest
/// station supported, a Raspberry Pi 4, checks a PIN in about a second (docs/history/reliability.md §14: the
/// figures, and the Pi 4's time estimated from the instruction count); a copied bundle's hash
/// then costs a searcher as much per guess.
pub const PIN_M_KIB: u32 = 64 * 1024;
pub const PIN_T: u32 = 8;

/// The fewest digits of an event's PIN: 10^8 PINs at the cost above take a 16-core machine
/// longer than a tournament weekend to search (docs/history/reliability.md §14).
pub const EVENT_PIN_DIGITS: usize = 8;

/// What a PIN hash says of its PIN, bound into the hash as Argon2's associated data (changing
/// it breaks the hash): `wordjudge-pin:event` when it has [`EVENT_PIN_DIGITS`] or more digits and
/// passed [`PinHash::weakness`], else `wordjudge-pin:club` — never its length or its pattern
/// (issue 49: `wordjudge-pin:8:plain`, written before, told a searcher both; it is still read).
const STRENGTH_TAG: &str = "wordjudge-pin";

impl PinHash {
    /// Hashes `pin` with Argon2id at [`PIN_M_KIB`] and [`PIN_T`] and a fresh random salt; whether
    /// it is good enough for an event is bound into the hash ([`STRENGTH_TAG`]), for `event pack`
    /// to check.
    pub fn new(pin: &str) -> Result<PinHash, PinError> {
        use argon2::password_hash::{PasswordHasher, SaltString};
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)?;
        let salt = SaltString::encode_b64(&salt).map_err(|e| PinError::Hash(e.to_string()))?;
        let grade = match pin.len() >= EVENT_PIN_DIGITS && PinHash::weakness(pin).is_none() {
            true => "event",
            false => "club",
        };
        let strength = format!("{STRENGTH_TAG}:{grade}");
        let data = argon2::AssociatedData::new(strength.as_bytes())
            .map_err(|e| PinError::Hash(e.to_string()))?;
        let params = argon2::ParamsBuilder::new()
            .m_cost(PIN_M_KIB)
            .t_cost(PIN_T)
            .p_cost(1)
            .data(data)
            .build()
            .map_err(|e| PinError::Hash(e.to_string()))?;
        let hash = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params)
            .hash_password(pin.as_bytes(), &salt)
            .map_err(|e| PinError::Hash(e.to_string()))?;
        Ok(PinHash::Argon2(hash.to_string()))
    }

    /// Why `pin` is easy to guess though long enough (the same digit over and over, a run up or
    /// down, two digits taking turns), if it is.
    pub(crate) fn weakness(pin: &str) -> Option<&'static str> {
        let d: Vec<i32> = pin
            .bytes()
            .map(|b| i32::from(b) - i32::from(b'0'))
            .collect();
        let distinct = d.iter().collect::<std::collections::BTreeSet<_>>().len();
        let step = |s: i32| {
            d.windows(2)
                .all(|w| (w[1] - w[0]).rem_euclid(10) == s.rem_euclid(10))
        };
        if distinct <= 2 {
            Some("it uses at most two different digits")
        } else if step(1) || step(-1) {
            Some("it is a run of digits up or down")
        } else {
            None
        }
    }

    /// Why this PIN cannot guard an event's bundle, if it cannot: fewer than
    /// [`EVENT_PIN_DIGITS`] digits, a weak pattern, a cost below [`PIN_M_KIB`] and [`PIN_T`], or a
    /// hash that does not say (set by an older wordjudge, or the legacy SHA-256).
    pub fn event_problem(&self) -> Option<String> {
        let set_again = format!(
            "set a PIN of {EVENT_PIN_DIGITS} or more digits with `wordjudge pin set`: every bundle carries its hash, and a copied bundle's shorter PIN is found by trying them all"
        );
        let PinHash::Argon2(phc) = self else {
            return Some(format!(
                "the director's PIN is an old salted SHA-256; {set_again}"
            ));
        };
        let Ok(hash) = argon2::password_hash::PasswordHash::new(phc) else {
            return Some(format!(
                "the director's PIN hash cannot be read; {set_again}"
            ));
        };
        let params = argon2::Params::try_from(&hash).ok();
        let cost_ok = params
            .as_ref()
            .is_some_and(|p| p.m_cost() >= PIN_M_KIB && p.t_cost() >= PIN_T);
        let strength = params
            .as_ref()
            .and_then(|p| std::str::from_utf8(p.data()).ok().map(str::to_owned))
            .unwrap_or_default();
        let mut parts = strength.split(':');
        let (digits, kind) = match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(STRENGTH_TAG), Some("event"), None, None) => (EVENT_PIN_DIGITS, "plain"),
            (Some(STRENGTH_TAG), Some("club"), None, None) => {
                return Some(format!(
                    "the director's PIN has fewer than {EVENT_PIN_DIGITS} digits, or is easy to guess (a run, or few different digits); {set_again}, not a pattern"
                ))
            }
            // As written before issue 49: the digits and the pattern.
            (Some(STRENGTH_TAG), Some(digits), Some(kind), None) => {
                (digits.parse().unwrap_or(0), kind)
            }
            _ => {
                return Some(format!(
                    "the director's PIN was set by an older wordjudge; {set_again}"
                ))
            }
        };
        if !cost_ok {
            Some(format!(
                "the director's PIN hash costs less than this wordjudge's; {set_again}"
            ))
        } else if digits < EVENT_PIN_DIGITS {
            Some(format!(
                "the director's PIN has {digits} digits; {set_again}"
            ))
        } else if kind != "plain" {
            Some(format!("the director's PIN is easy to guess (a run, or few different digits); {set_again}, not a pattern"))
        } else {
            None
        }
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

    /// Whether this is the published demo PIN ([`DEMO_PIN`]), whatever its salt. A hash fit for
    /// an event ([`PinHash::event_problem`] finds nothing) is not, and is not hashed to find out:
    /// its tag, bound into the hash, says its PIN has [`EVENT_PIN_DIGITS`] or more digits, and
    /// the demo's has 4 (the same trust `event_problem` gives the tag; a hash of 1234 made with
    /// that tag by hand, not by [`PinHash::new`], is taken at its word). So a station installed
    /// from an event bundle does not spend one Argon2 hash at each start (about 0.3 s on a PC, a
    /// second on a Raspberry Pi 4, 4 s in the boot test's emulated machine: BENCHMARKS.md, "A
    /// station image's boot"); any other hash is checked by hashing the demo PIN.
    pub fn is_demo(&self) -> bool {
        self.event_problem().is_some() && self.matches(DEMO_PIN)
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
