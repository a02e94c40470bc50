//! Anchors: a slip's number and the first hex digits of its seal, written down on paper (the
//! director's note at the end of a round, or a printed docket). A log rewritten with every hash
//! recomputed still verifies as a chain, but no longer holds the record the paper names.

use super::Slip;

/// Hex digits of the seal an anchor shows (64 bits: finding another record with the same prefix
/// takes about 2^63 tries of SHA-256; 48, as before, was within reach of a graphics card).
pub const ANCHOR_DIGITS: usize = 16;
/// The fewest digits an anchor given back may have: all of them (a shorter code is fewer bits
/// to forge).
pub(crate) const MIN_ANCHOR_DIGITS: usize = ANCHOR_DIGITS;

/// Slip `slip` had a seal beginning `seal_prefix` (lower-case hex).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Anchor {
    pub slip: u64,
    pub seal_prefix: String,
}

impl Anchor {
    /// The anchor of `slip`, as `slips anchor` and the docket show it.
    pub fn of(slip: &Slip) -> Anchor {
        Anchor {
            slip: slip.slip,
            seal_prefix: slip.seal.chars().take(ANCHOR_DIGITS).collect(),
        }
    }

    /// Whether `slip` (the log's record of this number, if any) is the one anchored.
    pub fn check(&self, slip: Option<&Slip>) -> AnchorCheck {
        match slip {
            None => AnchorCheck::Missing,
            Some(s) if s.seal.starts_with(&self.seal_prefix) => AnchorCheck::Holds,
            Some(s) => AnchorCheck::Differs {
                found: Anchor::of(s).seal_prefix,
            },
        }
    }
}

/// What the log says of an anchor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnchorCheck {
    /// The log holds that very record.
    Holds,
    /// The log's record of that number has another seal: it was changed since.
    Differs { found: String },
    /// The log has no record of that number.
    Missing,
}

impl std::fmt::Display for Anchor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.slip, self.seal_prefix)
    }
}

impl std::str::FromStr for Anchor {
    type Err = String;

    /// `N:CODE`: a slip number and at least 16 hex digits of its seal (any case; spaces and
    /// dashes between digits, as copied from paper, are ignored).
    fn from_str(s: &str) -> Result<Anchor, String> {
        let bad = || {
            format!(
                "anchor {s:?} must be a slip number and at least {MIN_ANCHOR_DIGITS} hex digits of its seal, as `slips anchor` or a docket shows it, e.g. 42:3f2a91bc04d1e5f6"
            )
        };
        let (n, code) = s.trim().split_once(':').ok_or_else(bad)?;
        let slip: u64 = n.trim().parse().map_err(|_| bad())?;
        let seal_prefix: String = code
            .chars()
            .filter(|c| !matches!(c, ' ' | '-'))
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let hex = seal_prefix.chars().all(|c| c.is_ascii_hexdigit());
        if slip == 0 || !hex || !(MIN_ANCHOR_DIGITS..=64).contains(&seal_prefix.len()) {
            return Err(bad());
        }
        Ok(Anchor { slip, seal_prefix })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_are_read_as_written_on_paper() {
        let a: Anchor = "42:3F2A-91BC 04D1-E5F6".parse().unwrap();
        assert_eq!(a.slip, 42);
        assert_eq!(a.seal_prefix, "3f2a91bc04d1e5f6");
        assert_eq!(a.to_string(), "42:3f2a91bc04d1e5f6");
        // Issue 27, item 9: 8 digits (32 bits) were accepted, and 12 shown (48 bits).
        for bad in [
            "42",
            "x:3f2a91bc04d1e5f6",
            "42:3f2a91bc",
            "42:3f2a91bc04d1",
            "42:3f2a91bc04d1e5f",
            "42:3f2a91bc04d1e5fz",
            "0:3f2a91bc04d1e5f6",
            ":",
        ] {
            assert!(bad.parse::<Anchor>().is_err(), "{bad:?}");
        }
    }
}
