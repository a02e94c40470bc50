//! Signing event bundles: the director's key, the signature a bundle carries, and the key a
//! station trusts.
//!
//! A bundle's manifest (`event.toml`, which names every file with its SHA-256) is signed with the
//! director's secret key as a minisign signature, `event.toml.minisig` in the bundle — so the
//! standard `minisign -V -P KEY -m event.toml` verifies it too. A station trusts the public key
//! given at its first install (`event install --trust KEY`) or by `event trust KEY`, kept in
//! `event-key.pub` beside `kiosk.toml`, and installs only bundles that key signed. What a
//! signature promises: the bundle is the one the holder of the secret key packed, unchanged.
//! What it does not: that the key was not copied, or that the director packed the right files.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use wordjudge_base::layout::trusted_key_path;

/// The largest signature read (a minisign signature is under 400 bytes; what its untrusted
/// comment may add is not signed, so it is bounded).
pub const MAX_SIGNATURE_BYTES: usize = 4096;

/// The director's key pair, as `event key new` writes it.
pub struct SigningKey {
    secret: minisign::SecretKey,
    public: minisign::PublicKey,
}

/// A public key: the one a station trusts, or the one a bundle says signed it.
#[derive(Clone)]
pub struct PublicKey(minisign::PublicKey);

impl std::fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PublicKey({})", self.id())
    }
}

impl PartialEq for PublicKey {
    fn eq(&self, other: &PublicKey) -> bool {
        self.0.to_base64() == other.0.to_base64()
    }
}

impl SigningKey {
    /// Makes a new key pair: the secret key written to `path` (readable by its owner alone,
    /// never over a file that exists), the public key to `path.pub`.
    pub fn generate(path: &Path) -> Result<SigningKey, String> {
        let pub_path = public_path(path);
        for p in [path, pub_path.as_path()] {
            if p.exists() {
                return Err(format!(
                    "{} exists: a key is never written over one (it may be the key every station trusts)",
                    p.display()
                ));
            }
        }
        let minisign::KeyPair { pk, sk } = minisign::KeyPair::generate_unencrypted_keypair()
            .map_err(|e| format!("cannot make a key: {e}"))?;
        let secret = sk
            .to_box(Some(
                "wordjudge event signing key: keep it off the stations",
            ))
            .map_err(|e| e.to_string())?
            .to_string();
        let public = pk.to_box().map_err(|e| e.to_string())?.to_string();
        write_new(path, secret.as_bytes(), true)?;
        write_new(&pub_path, public.as_bytes(), false)?;
        Ok(SigningKey {
            secret: sk,
            public: pk,
        })
    }

    /// The key pair whose secret key is at `path`.
    pub fn load(path: &Path) -> Result<SigningKey, String> {
        let text = wordjudge_base::fsutil::read_regular_to_string(path, 4096)
            .map_err(|e| format!("cannot read the signing key {}: {e}", path.display()))?;
        let secret = minisign::SecretKeyBox::from_string(&text)
            .and_then(|b| b.into_unencrypted_secret_key())
            .map_err(|e| {
                format!(
                    "{} is not a wordjudge signing key ({e}); make one with `wordjudge event key new -o FILE`",
                    path.display()
                )
            })?;
        let public = minisign::PublicKey::from_secret_key(&secret).map_err(|e| e.to_string())?;
        Ok(SigningKey { secret, public })
    }

    pub fn public(&self) -> PublicKey {
        PublicKey(self.public.clone())
    }

    /// A minisign signature of `data` (the manifest's bytes).
    pub fn sign(&self, data: &[u8], comment: &str) -> Result<String, String> {
        minisign::sign(
            Some(&self.public),
            &self.secret,
            Cursor::new(data),
            Some(comment),
            Some("wordjudge event bundle: event.toml"),
        )
        .map(|s| s.into_string())
        .map_err(|e| format!("cannot sign: {e}"))
    }
}

impl PublicKey {
    /// A public key as the director gives it: the base64 line `event key new` prints, or the
    /// contents of its `.pub` file.
    pub fn parse(text: &str) -> Result<PublicKey, String> {
        let text = text.trim();
        let keys: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("untrusted comment:"))
            .collect();
        // A file of two keys is refused: trusting either (the last, as it once did) would trust a
        // key the director may never have seen.
        if keys.len() > 1 {
            return Err(format!(
                "it holds {} keys, where a public key file holds one: give the one key the director's `event key new` made",
                keys.len()
            ));
        }
        let line = keys.first().copied().unwrap_or(text);
        minisign::PublicKey::from_base64(line)
            .map(PublicKey)
            .map_err(|_| {
                "not a public key: give the line `wordjudge event key new` printed (it starts RW), or its .pub file".to_owned()
            })
    }

    /// A public key given as text, or as the path of a file holding it.
    pub fn from_arg(arg: &str) -> Result<PublicKey, String> {
        let path = Path::new(arg);
        // A file that cannot be read says why (Permission denied, no such file), not "not a
        // public key" — unless the argument is a key line itself.
        match std::fs::metadata(path) {
            Ok(m) if m.is_file() => {
                let text = wordjudge_base::fsutil::read_regular_to_string(path, 4096)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                PublicKey::parse(&text)
            }
            Ok(_) => Err(format!("{}: not a file", path.display())),
            Err(e) => PublicKey::parse(arg).map_err(|not_a_key| {
                let names_a_file = arg.contains('/') || arg.ends_with(".pub");
                if names_a_file || e.kind() != std::io::ErrorKind::NotFound {
                    format!("{}: {e}", path.display())
                } else {
                    not_a_key
                }
            }),
        }
    }

    /// The key's id (64 bits, as minisign shows it): what the director compares on each
    /// station's screen.
    pub fn id(&self) -> String {
        let keynum = self.0.keynum();
        let mut id = [0u8; 8];
        id.copy_from_slice(&keynum[..8]);
        format!("{:016X}", u64::from_le_bytes(id))
    }

    /// The line a station keeps in `event-key.pub` (a minisign public key box).
    pub fn to_file_text(&self) -> String {
        self.0
            .to_box()
            .map(|b| b.to_string())
            .unwrap_or_else(|_| self.0.to_base64())
    }

    /// Whether `signature` (a minisign signature box) is this key's signature of `data`, an
    /// event's manifest.
    pub fn verify(&self, data: &[u8], signature: &str) -> Result<(), String> {
        self.verify_of(data, signature, "its event.toml")
    }

    /// Whether `signature` is this key's signature of `data`, which the message calls `what`.
    pub fn verify_of(&self, data: &[u8], signature: &str, what: &str) -> Result<(), String> {
        if signature.len() > MAX_SIGNATURE_BYTES {
            return Err(format!(
                "its signature is {} bytes: a signature is under {MAX_SIGNATURE_BYTES}",
                signature.len()
            ));
        }
        let sig = minisign::SignatureBox::from_string(signature)
            .map_err(|e| format!("its signature cannot be read ({e})"))?;
        // What the signature tool says beyond that (a key id of its own, "verification
        // failed") is not for a director: the key named is the one that matters.
        minisign::verify(&self.0, &sig, Cursor::new(data), true, false, false).map_err(|e| {
            log::debug!("signature of {what} not verified: {e}");
            format!(
                "its signature is not a signature of {what} by key {}",
                self.id()
            )
        })
    }

    /// The key the station configured at `config` trusts, if it trusts one.
    pub fn trusted_by(config: &Path) -> Result<Option<PublicKey>, String> {
        let path = trusted_key_path(config);
        if let Some(uid) = wordjudge_base::fsutil::foreign_owner(&path) {
            return Err(format!(
                "{} belongs to user {uid}, neither root nor the account running this: another account (the station's own, say) may have put it there, and it is not trusted; remove it, and give the director's key with --trust",
                path.display()
            ));
        }
        match wordjudge_base::fsutil::read_regular_to_string(&path, 4096) {
            Ok(text) => PublicKey::parse(&text)
                .map(Some)
                .map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Makes the station configured at `config` trust this key (replacing any other).
    pub fn trust_at(&self, config: &Path) -> Result<(), String> {
        let path = trusted_key_path(config);
        wordjudge_base::nolink::replace(&path, self.to_file_text().as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// The public key file beside the secret key file `path`: `path.pub`.
pub fn public_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".pub");
    PathBuf::from(name)
}

fn write_new(path: &Path, bytes: &[u8], secret: bool) -> Result<(), String> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(if secret { 0o600 } else { 0o644 });
    }
    #[cfg(not(unix))]
    let _ = secret;
    let mut file = options
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_file_that_cannot_be_read_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("director.key.pub");
        let e = PublicKey::from_arg(missing.to_str().unwrap()).unwrap_err();
        assert!(e.contains("No such file"), "{e}");
        assert!(PublicKey::from_arg("RWnot-a-key")
            .unwrap_err()
            .starts_with("not a public key"));
    }

    #[test]
    fn a_signature_verifies_with_its_key_only_and_for_its_data_only() {
        let dir = tempfile::tempdir().unwrap();
        let key = SigningKey::generate(&dir.path().join("director.key")).unwrap();
        let other = SigningKey::generate(&dir.path().join("other.key")).unwrap();
        let sig = key.sign(b"manifest", "t").unwrap();
        key.public().verify(b"manifest", &sig).unwrap();
        assert!(
            key.public().verify(b"manifesT", &sig).is_err(),
            "another manifest"
        );
        assert!(
            other.public().verify(b"manifest", &sig).is_err(),
            "another key"
        );
        // The key read back from its files is the same key.
        let loaded = SigningKey::load(&dir.path().join("director.key")).unwrap();
        assert_eq!(loaded.public(), key.public());
        let public = std::fs::read_to_string(dir.path().join("director.key.pub")).unwrap();
        assert_eq!(PublicKey::parse(&public).unwrap(), key.public());
        assert_eq!(key.public().id().len(), 16);
        // A key is never written over one.
        assert!(SigningKey::generate(&dir.path().join("director.key")).is_err());
    }
}
