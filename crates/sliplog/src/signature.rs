//! Who wrote a log: a station's own signing key (Ed25519), made on the station when its event is
//! installed and never leaving it, signs every slip the station writes.
//!
//! A hash chain proves only that a log was not edited after it was written, never who wrote it:
//! anyone can write a chain from nothing. A record the station signs carries the station's public
//! key (`key`) and its signature of the record's seal (`sig`); the seal covers every field but the
//! seal and the signature, the key and `prev` included, so one signature vouches for the record
//! and, through `prev`, for every record before it. `slips merge --roster` takes a log only when
//! its records are signed by the key the roster names for its station (by the key's id, 80 bits
//! of its SHA-256, `ABCD-EFGH-IJKL-MNOP`, short enough to copy from a station's screen onto
//! paper): a forger needs the station's own disk.
//!
//! Each record is signed, not a checkpoint now and then: the signature is one more field of the
//! line the station writes and syncs anyway (no second file to sync before the verdict shows,
//! nothing a power cut can leave behind the log), and a merge can tell of every record who wrote
//! it. Signing takes tens of microseconds.

use std::path::Path;

use ed25519_compact::{KeyPair, PublicKey, Seed, Signature};
use wordjudge_base::digest::Digest;

/// The first line of a station key file.
const HEADER: &str = "wordjudge station key: this station's own; never copy it off the station";

/// A station's signing key.
pub struct StationKey {
    pair: KeyPair,
}

impl std::fmt::Debug for StationKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StationKey({})", self.public().id())
    }
}

/// A station's public key, as its records carry it.
#[derive(Clone, PartialEq, Eq)]
pub struct StationPublicKey(PublicKey);

impl std::fmt::Debug for StationPublicKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StationPublicKey({})", self.id())
    }
}

impl StationKey {
    /// A new key, from the system's random source.
    pub fn generate() -> StationKey {
        StationKey {
            pair: KeyPair::from_seed(Seed::generate()),
        }
    }

    /// The key whose 32-byte seed is `seed` (a browser's device key: its seed drawn by the
    /// page's `crypto.getRandomValues` and kept in its storage).
    /// A seed of all zeros is no key (the signing library refuses it).
    pub fn from_seed(seed: [u8; Seed::BYTES]) -> Result<StationKey, String> {
        if seed.iter().all(|&b| b == 0) {
            return Err("a key's seed of all zeros is no key".into());
        }
        Ok(StationKey {
            pair: KeyPair::from_seed(Seed::new(seed)),
        })
    }

    /// The key a station key file holds (its header, then the 32-byte seed in hex).
    pub(crate) fn from_file_text(text: &str) -> Result<StationKey, String> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let (Some(HEADER), Some(seed), None) = (lines.next(), lines.next(), lines.next()) else {
            return Err("not a wordjudge station key".into());
        };
        let mut bytes = [0u8; Seed::BYTES];
        hex::decode_to_slice(seed, &mut bytes).map_err(|_| "not a wordjudge station key")?;
        Ok(StationKey {
            pair: KeyPair::from_seed(Seed::new(bytes)),
        })
    }

    /// The file text [`StationKey::from_file_text`] reads.
    pub fn to_file_text(&self) -> String {
        format!("{HEADER}\n{}\n", hex::encode(*self.pair.sk.seed()))
    }

    /// The key in the station key file at `path`; `None` when there is none.
    pub fn load(path: &Path) -> Result<Option<StationKey>, String> {
        // Never through a link (one the station's account put where root makes the key).
        let text = wordjudge_base::fsutil::read_regular_nofollow(path, 4096)
            .map(|b| String::from_utf8_lossy(&b).into_owned());
        match text {
            Ok(text) => StationKey::from_file_text(&text)
                .map(Some)
                .map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!(
                "cannot read the station key {}: {e}",
                path.display()
            )),
        }
    }

    /// Makes a new key and writes it to `path`, which must not exist: readable by its owner and
    /// the group of its folder only (mode 0440; a station image's folder belongs to the station's
    /// group, so the station reads it and no other account does), synced.
    pub fn create(path: &Path) -> Result<StationKey, String> {
        use std::io::Write;
        let key = StationKey::generate();
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            // `create_new` (O_EXCL) never follows a link at `path`: it is refused as existing.
            options.mode(0o440);
        }
        let cannot =
            |e: std::io::Error| format!("cannot write the station key {}: {e}", path.display());
        let mut file = options.open(path).map_err(cannot)?;
        #[cfg(unix)]
        {
            // Given to the folder's group (as root; otherwise the group is the user's already).
            use std::os::unix::fs::MetadataExt;
            let folder = wordjudge_base::fsutil::parent_dir(path);
            if let Ok(meta) = std::fs::metadata(folder) {
                // The owner kept (None); a refusal leaves the key the user's group's.
                let _ = std::os::unix::fs::fchown(&file, None, Some(meta.gid()));
            }
        }
        file.write_all(key.to_file_text().as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(cannot)?;
        wordjudge_base::fsutil::sync_dir(wordjudge_base::fsutil::parent_dir(path))
            .map_err(cannot)?;
        Ok(key)
    }

    pub fn public(&self) -> StationPublicKey {
        StationPublicKey(self.pair.pk)
    }

    /// The signature of a record whose seal is `seal`, in hex.
    pub fn sign(&self, seal: &str) -> String {
        hex::encode(*self.pair.sk.sign(seal.as_bytes(), None))
    }
}

/// A table device's id (`wordjudge-web`): `table-` and the first two groups of its key's id
/// (`table-ABCD-EFGH`), so that a device's log is known by its content — its station id is its
/// key's — and a station a director named `table-3` is not taken for one.
pub fn device_id(key_id: &str) -> String {
    format!("table-{}", key_id.get(..9).unwrap_or(key_id))
}

/// Whether a record of station `station`, carrying key `key` (as the record carries it), was
/// written by a table device: the station id is the one its key gives ([`device_id`]).
pub fn is_device(station: &str, key: Option<&str>) -> bool {
    key.and_then(|k| StationPublicKey::parse(k).ok())
        .is_some_and(|k| device_id(&k.id()) == station)
}

impl StationPublicKey {
    /// A key as a record carries it (64 hex digits).
    pub fn parse(text: &str) -> Result<StationPublicKey, String> {
        let mut bytes = [0u8; PublicKey::BYTES];
        hex::decode_to_slice(text, &mut bytes)
            .map_err(|_| format!("{text:?} is not a station's public key"))?;
        Ok(StationPublicKey(PublicKey::new(bytes)))
    }

    /// As a record carries it.
    pub(crate) fn to_text(&self) -> String {
        hex::encode(*self.0)
    }

    /// The key's id: the first 80 bits of the SHA-256 of its bytes, `ABCD-EFGH-IJKL-MNOP`, as a
    /// roster names it.
    pub fn id(&self) -> String {
        Digest::of(&self.0[..]).fingerprint()
    }

    /// Whether `sig` (hex) is this key's signature of `seal`.
    pub fn verifies(&self, seal: &str, sig: &str) -> bool {
        let mut bytes = [0u8; Signature::BYTES];
        hex::decode_to_slice(sig, &mut bytes).is_ok()
            && self
                .0
                .verify(seal.as_bytes(), &Signature::new(bytes))
                .is_ok()
    }
}

/// Whether `id` is written as a station key's id is (`ABCD-EFGH-IJKL-MNOP`: base32, any case).
pub fn is_key_id(id: &str) -> bool {
    id.len() == 19
        && id.split('-').count() == 4
        && id.split('-').all(|g| {
            g.len() == 4
                && g.chars()
                    .all(|c| c.is_ascii_alphabetic() || ('2'..='7').contains(&c))
        })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_devices_id_is_its_keys_and_no_station_named_like_one_is_a_device() {
        let key = super::StationKey::from_seed([5; 32]).unwrap();
        let id = key.public().id();
        let text = key.public().to_text();
        let device = super::device_id(&id);
        assert_eq!(device, format!("table-{}", &id[..9]));
        assert!(super::is_device(&device, Some(&text)));
        assert!(!super::is_device("table-3", Some(&text)));
        assert!(!super::is_device(&device, None));
        let other = super::StationKey::from_seed([6; 32])
            .unwrap()
            .public()
            .to_text();
        assert!(!super::is_device(&device, Some(&other)));
    }

    use super::*;

    #[test]
    fn a_signature_verifies_with_its_key_only_and_for_its_seal_only() {
        let key = StationKey::generate();
        let other = StationKey::generate();
        let seal = "ab".repeat(32);
        let sig = key.sign(&seal);
        assert!(key.public().verifies(&seal, &sig));
        assert!(
            !key.public().verifies(&"ac".repeat(32), &sig),
            "another seal"
        );
        assert!(!other.public().verifies(&seal, &sig), "another key");
        assert!(!key.public().verifies(&seal, "00"), "not a signature");
        // The key read back from its file is the same key; its public key from its text too.
        let again = StationKey::from_file_text(&key.to_file_text()).unwrap();
        assert_eq!(again.public(), key.public());
        let public = StationPublicKey::parse(&key.public().to_text()).unwrap();
        assert_eq!(public.id(), key.public().id());
        assert!(is_key_id(&public.id()), "{}", public.id());
        assert!(StationKey::from_file_text("a\nb\n").is_err());
        assert!(StationKey::from_file_text(&format!("{HEADER}\nzz\n")).is_err());
    }
}
