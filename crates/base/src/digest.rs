//! SHA-256 digests as the project writes them: 64 lower-case hex digits.

use std::fmt;
use std::str::FromStr;

use sha2::{Digest as _, Sha256};

/// A SHA-256 digest.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digest([u8; 32]);

impl Digest {
    /// The SHA-256 of `bytes`.
    pub fn of(bytes: &[u8]) -> Digest {
        Digest(Sha256::digest(bytes).into())
    }

    /// Wraps a finished hasher.
    pub fn from_hasher(hasher: Sha256) -> Digest {
        Digest(hasher.finalize().into())
    }

    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Its first 80 bits as people read and type them: 16 base32 letters and digits (no 0, 1, 8
    /// or 9 to confuse), in four groups, `K3QF-7A2M-XR5T-JH4D` — an event's fingerprint, a
    /// station key's id.
    pub fn fingerprint(&self) -> String {
        const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
        let mut bits: u128 = 0;
        for &b in &self.0[..10] {
            bits = (bits << 8) | u128::from(b);
        }
        let chars: Vec<char> = (0..16)
            .map(|i| ALPHABET[((bits >> (75 - 5 * i)) & 31) as usize] as char)
            .collect();
        chars
            .chunks(4)
            .map(|c| c.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("-")
    }

    /// The first 12 hex digits, for tables where the whole digest does not fit.
    pub fn short(&self) -> String {
        self.to_string()[..12].to_owned()
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(self.0))
    }
}

impl fmt::Debug for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digest({self})")
    }
}

/// Why text is not a SHA-256 digest.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a SHA-256 digest (64 hex digits)")]
pub struct DigestError(pub String);

impl FromStr for Digest {
    type Err = DigestError;
    fn from_str(s: &str) -> Result<Digest, DigestError> {
        let mut out = [0u8; 32];
        hex::decode_to_slice(s.trim(), &mut out).map_err(|_| DigestError(s.to_owned()))?;
        Ok(Digest(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip_and_known_value() {
        let d = Digest::of(b"abc");
        assert_eq!(
            d.to_string(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(d.to_string().parse::<Digest>().unwrap(), d);
        assert_eq!(d.to_string().to_uppercase().parse::<Digest>().unwrap(), d);
        assert_eq!(d.short(), "ba7816bf8f01");
    }

    #[test]
    fn malformed_digests_are_refused() {
        assert!("abc".parse::<Digest>().is_err());
        assert!("zz".repeat(32).parse::<Digest>().is_err());
        assert!("ab".repeat(33).parse::<Digest>().is_err());
    }
}
