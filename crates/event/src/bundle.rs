//! The event bundle: one file that makes every station of an event identical.
//!
//! `event pack` turns a prepared station folder into a plain tar archive holding `event.toml`
//! (the manifest: the event's name and every file's size and SHA-256), then `kiosk.toml` and the
//! lexicon files it names. The **event fingerprint** is the first 80 bits of the manifest's
//! SHA-256 in base32 ([`fingerprint`]): the same bundle gives the same fingerprint on every
//! station.
//!
//! `event install` (`event/install.rs`) checks the signature, reads the whole bundle and checks
//! every file against the manifest, stages the station in a temporary folder and runs the
//! in-service check there — all before writing anything. Then the new lexicons are written
//! under names of their own (never over the running station's), then the manifest
//! (`event-FINGERPRINT.toml`), and one atomic write of `kiosk.toml` (with the station's own id)
//! switches the station over: a crash at any moment leaves the old station or the new one,
//! never a mix. The slip log, its head and the diagnostic log are not in a bundle and are never touched.
//!
//! A station's own values — its id, the division a director pinned it to, the round — are not
//! the event's: the manifest fingerprints `kiosk.toml` without them (`settings_sha256`), so that
//! [`crate::status`] can tell whether a station still runs exactly the event's settings.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};

use wordjudge_base::digest::Digest;
use wordjudge_base::fsutil;
use wordjudge_config::{self as config, Config, Document};

pub use wordjudge_base::layout::{MANIFEST, MANIFEST_SIGNATURE as SIGNATURE};

pub mod deflated;
/// The configuration's name inside a bundle.
const CONFIG: &str = "kiosk.toml";
pub use super::signing::MAX_SIGNATURE_BYTES;
/// The largest bundle read: a few lexicons of at most 64 MiB each.
pub const MAX_BUNDLE_BYTES: u64 = 512 * 1024 * 1024;
/// The manifest format this program writes. Format 1 (before the station's logs were its own
/// values, not the event's) is still read, for the stations installed from such a bundle; format
/// 2 (the PIN's hash inside `kiosk.toml`) is still installed. Format 3 keeps the PIN's hash in a
/// member of its own, [`PIN_MEMBER`], which a table site leaves out ([`for_site`]); format 4
/// (issue 51) may store a lexicon deflated ([`deflated`]), and is otherwise format 3.
pub const FORMAT: u32 = 4;
/// The oldest format `event install` installs.
pub const MIN_INSTALL_FORMAT: u32 = 2;
/// From format 3: the director's PIN hash (`[station] director_pin`, then a newline), apart from
/// `kiosk.toml` so that a public table site can leave it out with the signature still whole.
pub const PIN_MEMBER: &str = "director-pin.txt";

/// `event.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub format: u32,
    /// The event's name (`[event] name`, or the folder's name).
    pub name: String,
    /// When it was packed (UTC).
    pub packed: String,
    pub files: Vec<ManifestFile>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManifestFile {
    /// Relative, `/`-separated.
    pub path: String,
    pub bytes: u64,
    pub sha256: String,
    /// For `kiosk.toml`: SHA-256 of its text without the station's own values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings_sha256: Option<String>,
    /// For a lexicon (from format 2 on): its code, so that a station, which keeps the file
    /// under a name of its own, can tell a lexicon replaced from one added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// From format 4: the file is stored as raw DEFLATE of this many bytes, in the member
    /// `PATH.deflate` ([`deflated`]); `bytes` and `sha256` are the file's, inflated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deflated: Option<u64>,
}

/// Why a bundle could not be packed or installed. Nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    #[error("{0}")]
    Config(#[from] config::ConfigError),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot pack: {0}")]
    Pack(String),
    #[error("bundle {path} refused, nothing was installed: {problem}")]
    Refused { path: PathBuf, problem: String },
    #[error("the bundle's station does not pass the in-service check, nothing was installed: {0}")]
    NotInService(String),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> BundleError + '_ {
    move |source| BundleError::Io {
        path: path.to_owned(),
        source,
    }
}

impl Manifest {
    /// The manifest as written into a bundle.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut text = String::from(
            "# wordjudge event bundle: the files of every station, with their SHA-256.\n\
             # Its own SHA-256 gives the event fingerprint; do not edit it.\n",
        );
        text.push_str(&toml::to_string(self).unwrap_or_default());
        text.into_bytes()
    }

    pub(super) fn parse(bytes: &[u8]) -> Result<Manifest, String> {
        let text = std::str::from_utf8(bytes).map_err(|_| "event.toml is not UTF-8".to_owned())?;
        // The format first: a later one may have members this build does not know, and is
        // refused by its number, not by a member's name.
        let table: toml::Table =
            toml::from_str(text).map_err(|e| format!("event.toml: {}", e.message()))?;
        match table.get("format").and_then(toml::Value::as_integer) {
            Some(format) if (1..=i64::from(FORMAT)).contains(&format) => {}
            Some(format) => {
                return Err(format!(
                    "event.toml is format {format}, this wordjudge ({}) reads formats 1 to {FORMAT}: install it with the wordjudge that packed it, or a later one",
                    env!("CARGO_PKG_VERSION")
                ))
            }
            None => return Err("event.toml: it says no format".to_owned()),
        }
        toml::from_str(text).map_err(|e| format!("event.toml: {}", e.message()))
    }

    fn file(&self, path: &str) -> Option<&ManifestFile> {
        self.files.iter().find(|f| f.path == path)
    }
}

/// The event fingerprint of a manifest's bytes: the first 80 bits of its SHA-256 in base32 (RFC
/// 4648, A-Z and 2-7), four groups of four: `K3QF-7A2M-XR5T-JH4D`. (32 bits, as before, took
/// twelve minutes of one core to match with a forged bundle.)
pub fn fingerprint(manifest_bytes: &[u8]) -> String {
    Digest::of(manifest_bytes).fingerprint()
}

/// SHA-256 of `kiosk.toml`'s text without the station's own values, as a manifest of `format`
/// counts them (from format 2 on, where the station keeps its logs is its own).
pub fn settings_sha256(
    path: &Path,
    text: &str,
    format: u32,
) -> Result<Digest, config::ConfigError> {
    Ok(Digest::of(
        Document::from_text(path, text)?
            .shared_settings(format >= 2, format >= 3)?
            .as_bytes(),
    ))
}

/// `path` as a bundle path: relative to `base`, inside it, `/`-separated.
pub(super) fn bundle_path(path: &Path, base: &Path) -> Option<String> {
    let rel = if base.as_os_str().is_empty() {
        path
    } else {
        path.strip_prefix(base).ok()?
    };
    let parts: Option<Vec<&str>> = rel
        .components()
        .map(|c| match c {
            Component::Normal(p) => p.to_str(),
            _ => None,
        })
        .collect();
    parts.filter(|p| !p.is_empty()).map(|p| p.join("/"))
}

/// A packed bundle: the archive's bytes and its fingerprint.
pub struct Packed {
    pub bytes: Vec<u8>,
    pub fingerprint: String,
    pub manifest: Manifest,
    /// The id of the key that signed it.
    pub key_id: String,
}

/// Packs the station folder of the configuration at `config_path`: `kiosk.toml` and every
/// lexicon it names (each must lie inside that folder, and pass the in-service check), the
/// manifest signed with `key`.
pub fn pack(
    config_path: &Path,
    now: &str,
    key: &super::signing::SigningKey,
) -> Result<Packed, BundleError> {
    let config = Config::load(config_path)?;
    refuse_unfit(&config)?;
    let text = fsutil::read_regular_to_string(config_path, config::MAX_CONFIG_BYTES)
        .map_err(io(config_path))?;
    // The PIN's hash in a member of its own (format 3), kiosk.toml without it.
    let mut doc = Document::from_text(config_path, &text)?;
    let pin = doc
        .take_pin()
        .ok_or_else(|| BundleError::Pack("kiosk.toml has no director PIN".into()))?;
    let text = doc.text();
    let mut files: Files = vec![
        (CONFIG.to_owned(), text.clone().into_bytes()),
        (PIN_MEMBER.to_owned(), format!("{pin}\n").into_bytes()),
    ];
    let (lexicons, codes) = lexicon_files(&config, config::base_dir(config_path))?;
    files.extend(lexicons);
    let files = stored_files(files, &codes);
    let name = config
        .event
        .name
        .clone()
        .unwrap_or_else(|| "wordjudge event".to_owned());
    let manifest = Manifest {
        format: FORMAT,
        name,
        packed: now.to_owned(),
        files: files.iter().map(|f| f.entry.clone()).collect(),
    };
    let mut manifest = manifest;
    manifest.files[0].settings_sha256 =
        Some(settings_sha256(config_path, &text, FORMAT)?.to_string());
    let manifest_bytes = manifest.to_bytes();
    let fingerprint = fingerprint(&manifest_bytes);
    let signature = key
        .sign(
            &manifest_bytes,
            &format!(
                "wordjudge event {:?} fingerprint {fingerprint} packed {now}",
                manifest.name
            ),
        )
        .map_err(BundleError::Pack)?;
    let entries = [
        (MANIFEST.to_owned(), &manifest_bytes[..]),
        (SIGNATURE.to_owned(), signature.as_bytes()),
    ]
    .into_iter()
    .chain(
        files
            .iter()
            .map(|f| (deflated::member(&f.entry), &f.stored[..])),
    );
    let entries: Vec<(String, &[u8])> = entries.collect();
    Ok(Packed {
        bytes: tar(entries.iter().map(|(name, data)| (name.as_str(), *data)))?,
        fingerprint,
        manifest,
        key_id: key.public().id(),
    })
}

/// A station folder no event should be packed from: no division, no director PIN or the
/// published demo one, a division out of service.
fn refuse_unfit(config: &Config) -> Result<(), BundleError> {
    if config.divisions.is_empty() {
        return Err(BundleError::Pack(
            "kiosk.toml defines no division: every station would be out of service; add a [divisions.NAME] section".into(),
        ));
    }
    if config.station.director_pin.is_none() {
        return Err(BundleError::Pack(
            "kiosk.toml has no director PIN: no one could open director mode (round, reload, exit) at any station; set one with `wordjudge pin set`".into(),
        ));
    }
    if config
        .station
        .director_pin
        .as_ref()
        .is_some_and(config::PinHash::is_demo)
    {
        return Err(BundleError::Pack(format!(
            "kiosk.toml's director PIN is the published demo PIN {}: anyone who read the README could open director mode at every station; set your own with `wordjudge pin set`",
            config::DEMO_PIN
        )));
    }
    if let Some(problem) = config
        .station
        .director_pin
        .as_ref()
        .and_then(config::PinHash::event_problem)
    {
        return Err(BundleError::Pack(format!("kiosk.toml: {problem}")));
    }
    check_in_service(config, wordjudge_config::service::ReadBack::Once).map_err(BundleError::Pack)
}

/// Files as a bundle holds them: each one's path in the bundle, and its bytes.
type Files = Vec<(String, Vec<u8>)>;

/// A file as `event pack` stores it: its manifest entry, and the member's bytes (a lexicon
/// deflated when that is smaller, format 4; any other file as it is).
struct Stored {
    entry: ManifestFile,
    stored: Vec<u8>,
}

/// `files` as the bundle stores them, each lexicon (a path of `codes`) with its code.
fn stored_files(files: Files, codes: &[(String, String)]) -> Vec<Stored> {
    files
        .into_iter()
        .map(|(path, bytes)| {
            let code = codes
                .iter()
                .find(|(p, _)| *p == path)
                .map(|(_, c)| c.clone());
            let smaller = code.as_ref().and_then(|_| deflated::deflate(&bytes));
            Stored {
                entry: ManifestFile {
                    path,
                    bytes: bytes.len() as u64,
                    sha256: Digest::of(&bytes).to_string(),
                    settings_sha256: None,
                    code,
                    deflated: smaller.as_ref().map(|d| d.len() as u64),
                },
                stored: smaller.unwrap_or(bytes),
            }
        })
        .collect()
}

/// Each lexicon's file as the bundle holds it, and each path's lexicon code: only files inside
/// the station folder `base`.
fn lexicon_files(
    config: &Config,
    base: &Path,
) -> Result<(Files, Vec<(String, String)>), BundleError> {
    let mut files = Vec::new();
    let mut codes = Vec::new();
    for lexicon in config.lexicons.values() {
        let Some(name) = bundle_path(&lexicon.file, base) else {
            return Err(BundleError::Pack(format!(
                "lexicon {} is at {}, outside the station folder {}: add it with `wordjudge lexicon add` so that it is stored in lexicons/",
                lexicon.code,
                lexicon.file.display(),
                if base.as_os_str().is_empty() { Path::new(".") } else { base }.display()
            )));
        };
        let bytes =
            fsutil::read_regular(&lexicon.file, wordjudge_lexicon::lexicon::MAX_LEXICON_BYTES)
                .map_err(io(&lexicon.file))?;
        codes.push((name.clone(), lexicon.code.clone()));
        files.push((name, bytes));
    }
    Ok((files, codes))
}

/// A tar archive of `entries` (path, bytes), each a regular file of mode 0644.
fn tar<'a>(entries: impl Iterator<Item = (&'a str, &'a [u8])>) -> Result<Vec<u8>, BundleError> {
    let mut archive = tar::Builder::new(Vec::new());
    for (path, bytes) in entries {
        let mut header = tar::Header::new_ustar();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_entry_type(tar::EntryType::Regular);
        header.set_cksum();
        archive
            .append_data(&mut header, path, bytes)
            .map_err(|e| BundleError::Pack(format!("{path}: {e}")))?;
    }
    archive
        .into_inner()
        .map_err(|e| BundleError::Pack(e.to_string()))
}

/// Every division of `config` through the in-service check; the first problem, named.
pub(super) fn check_in_service(
    config: &Config,
    read_back: wordjudge_config::service::ReadBack,
) -> Result<(), String> {
    let mut check = wordjudge_config::service::InService::new(read_back);
    for dc in config.divisions.values() {
        check
            .division(config, dc)
            .map_err(|e| format!("division {}: {e}", dc.name))?;
    }
    Ok(())
}

/// A bundle read and checked against its manifest.
#[derive(Debug)]
pub struct Bundle {
    pub manifest: Manifest,
    pub manifest_bytes: Vec<u8>,
    /// The director's signature of the manifest (`event.toml.minisig`), if it has one.
    pub signature: Option<String>,
    /// Every file but the manifest, by bundle path.
    pub files: BTreeMap<String, Vec<u8>>,
}

impl Bundle {
    pub fn fingerprint(&self) -> String {
        fingerprint(&self.manifest_bytes)
    }
}

/// Reads the bundle at `path` and checks every file against the manifest: each listed file
/// present once, with its size and SHA-256, and nothing else in it.
pub fn read(path: &Path) -> Result<Bundle, BundleError> {
    // A file larger than any bundle is refused by its size, without being read.
    let bytes = fsutil::read_regular(path, MAX_BUNDLE_BYTES).map_err(io(path))?;
    from_bytes(&bytes, path)
}

/// A bundle from its bytes, read from `path` (for the messages), every file checked as [`read`]
/// checks them.
pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Bundle, BundleError> {
    read_bytes(bytes, path, false)
}

/// [`from_bytes`] for a table site's copy, which may leave out [`PIN_MEMBER`] (and only that):
/// every other file is checked against the signed manifest as ever.
pub fn from_site_bytes(bytes: &[u8], path: &Path) -> Result<Bundle, BundleError> {
    read_bytes(bytes, path, true)
}

/// The bundle `bytes` as a public table site serves it: from format 3, without [`PIN_MEMBER`],
/// the manifest and its signature unchanged (so the fingerprint is the stations'). A bundle of
/// an earlier format carries the PIN's hash inside its `kiosk.toml`, which cannot be taken out
/// without breaking the signature: refused, unless `publish_pin_hash`.
pub fn for_site(bytes: &[u8], path: &Path, publish_pin_hash: bool) -> Result<Vec<u8>, BundleError> {
    let bundle = from_bytes(bytes, path)?;
    if bundle.manifest.format < 3 {
        if publish_pin_hash {
            return Ok(bytes.to_vec());
        }
        return Err(BundleError::Refused {
            path: path.to_owned(),
            problem: format!(
                "it was packed by an older wordjudge (event.toml format {}), and its kiosk.toml carries the Argon2id hash of the director's PIN, which a public site would give anyone to guess offline: pack it again with this wordjudge (the stations may keep the one they run), or give --publish-pin-hash to serve it as it is",
                bundle.manifest.format
            ),
        });
    }
    let entries = entries(bytes).map_err(|problem| BundleError::Refused {
        path: path.to_owned(),
        problem,
    })?;
    tar(entries
        .iter()
        .filter(|(name, _)| name != PIN_MEMBER)
        .map(|(name, data)| (name.as_str(), &data[..])))
}

fn read_bytes(bytes: &[u8], path: &Path, site: bool) -> Result<Bundle, BundleError> {
    let refused = |problem: String| BundleError::Refused {
        path: path.to_owned(),
        problem,
    };
    let entries = entries(bytes).map_err(&refused)?;
    let mut files = BTreeMap::new();
    let mut manifest_bytes = None;
    let mut signature = None;
    for (name, data) in entries {
        let twice = match name.as_str() {
            MANIFEST => manifest_bytes.replace(data).is_some(),
            SIGNATURE => signature.replace(data).is_some(),
            _ => files.insert(name.clone(), data).is_some(),
        };
        if twice {
            return Err(refused(format!("{name} is in it twice")));
        }
    }
    // A signature is a few hundred bytes; what its untrusted comment may add is not signed, so it
    // is bounded here, before it is kept beside the manifest (issue 37: 64 MB filled a station).
    if let Some(s) = signature.as_ref().filter(|s| s.len() > MAX_SIGNATURE_BYTES) {
        return Err(refused(format!(
            "its signature file is {} bytes: a signature is under {MAX_SIGNATURE_BYTES} (its unsigned comment was padded)",
            s.len()
        )));
    }
    let signature = signature
        .map(|s| String::from_utf8(s).map_err(|_| refused("its signature is not text".into())))
        .transpose()?;
    let manifest_bytes = manifest_bytes.ok_or_else(|| {
        refused(
            "it has no event.toml: not a wordjudge event bundle (made by `wordjudge event pack`)"
                .into(),
        )
    })?;
    let manifest = Manifest::parse(&manifest_bytes).map_err(&refused)?;
    let files = checked_files(&manifest, files, site).map_err(&refused)?;
    let Some(config) = manifest.file(CONFIG) else {
        return Err(refused("event.toml lists no kiosk.toml".into()));
    };
    // The settings fingerprint `event status` compares a station with must be its kiosk.toml's.
    let text = std::str::from_utf8(&files[CONFIG])
        .map_err(|_| refused("its kiosk.toml is not UTF-8".into()))?;
    let settings = settings_sha256(Path::new(CONFIG), text, manifest.format)?.to_string();
    if config.settings_sha256.as_deref() != Some(settings.as_str()) {
        return Err(refused("event.toml's settings fingerprint is not its kiosk.toml's: the bundle was not made by `wordjudge event pack`, or was changed since".into()));
    }
    Ok(Bundle {
        manifest,
        manifest_bytes,
        signature,
        files,
    })
}

/// Every file the manifest lists, from the archive's members `stored` (a deflated one inflated,
/// [`deflated`]), each with its size and SHA-256; nothing else in the archive. A site's
/// copy (`site`) may leave out [`PIN_MEMBER`].
fn checked_files(
    manifest: &Manifest,
    mut stored: BTreeMap<String, Vec<u8>>,
    site: bool,
) -> Result<BTreeMap<String, Vec<u8>>, String> {
    let mut files = BTreeMap::new();
    for f in &manifest.files {
        if f.deflated.is_some() && manifest.format < deflated::FROM_FORMAT {
            return Err(format!(
                "event.toml says {} is stored deflated, which a manifest of format {} cannot say: the bundle was not made by `wordjudge event pack`",
                f.path, manifest.format
            ));
        }
        let member = deflated::member(f);
        if site && f.path == PIN_MEMBER && !stored.contains_key(PIN_MEMBER) {
            continue;
        }
        let data = stored.remove(&member).ok_or_else(|| {
            format!("{member} is listed in event.toml but missing: the bundle is incomplete")
        })?;
        let data = deflated::inflate(f, data)?;
        if data.len() as u64 != f.bytes || Digest::of(&data).to_string() != f.sha256 {
            return Err(format!(
                "{} differs from event.toml (its size or SHA-256): the bundle was changed or damaged since it was packed; copy it again from the director's machine",
                f.path
            ));
        }
        files.insert(f.path.clone(), data);
    }
    if let Some(extra) = stored.keys().next() {
        return Err(format!(
            "{extra} is in it but not in event.toml: the bundle was changed since it was packed"
        ));
    }
    Ok(files)
}

/// Every entry of a tar archive: regular files with safe relative paths only.
fn entries(bytes: &[u8]) -> Result<Vec<(String, Vec<u8>)>, String> {
    let damaged = |e: std::io::Error| {
        format!(
            "it is not a complete tar archive ({e}): it was cut short or damaged; copy it again"
        )
    };
    let mut archive = tar::Archive::new(bytes);
    let mut out = Vec::new();
    for entry in archive.entries().map_err(damaged)? {
        let mut entry = entry.map_err(damaged)?;
        let raw_path = entry.path().map_err(damaged)?.into_owned();
        let name = bundle_path(&raw_path, Path::new(""))
            .filter(|n| !n.contains('\\'))
            .ok_or_else(|| {
                format!(
                    "{} is not a plain relative path: refused",
                    raw_path.display()
                )
            })?;
        if entry.header().entry_type() != tar::EntryType::Regular {
            return Err(format!(
                "{name} is not a regular file (a link or device): refused"
            ));
        }
        let size = entry.header().size().map_err(damaged)?;
        // A header may claim any size: the data is at most what is left of the archive.
        let mut data = Vec::with_capacity(size.min(bytes.len() as u64) as usize);
        entry.read_to_end(&mut data).map_err(damaged)?;
        if data.len() as u64 != size {
            return Err(format!(
                "{name} is cut short: the bundle is truncated; copy it again"
            ));
        }
        out.push((name, data));
    }
    if out.is_empty() {
        return Err("it holds no files: not a wordjudge event bundle".into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{checked_files, deflated, fingerprint, Manifest, ManifestFile};

    /// Issue 51, item 7: only a manifest of format 4 or later may say a file is stored deflated;
    /// a member the manifest does not list is refused whatever its name.
    #[test]
    fn a_file_stored_deflated_is_read_only_from_format_4_and_nothing_unlisted_is_taken() {
        let data = b"QI ZA ".repeat(1000);
        let stream = deflated::deflate(&data).unwrap();
        let file = ManifestFile {
            path: "lexicons/TWL.fst".into(),
            bytes: data.len() as u64,
            sha256: wordjudge_base::digest::Digest::of(&data).to_string(),
            settings_sha256: None,
            code: Some("TWL".into()),
            deflated: Some(stream.len() as u64),
        };
        let manifest = |format| Manifest {
            format,
            name: "t".into(),
            packed: "2026-11-29T00:00:00Z".into(),
            files: vec![file.clone()],
        };
        let stored = || {
            [("lexicons/TWL.fst.deflate".to_owned(), stream.clone())]
                .into_iter()
                .collect()
        };
        let files = checked_files(&manifest(4), stored(), false).unwrap();
        assert_eq!(files["lexicons/TWL.fst"], data);
        let e = checked_files(&manifest(3), stored(), false).unwrap_err();
        assert!(e.contains("format 3 cannot say"), "{e}");
        let mut more = stored();
        more.insert("lexicons/TWL.fst".into(), data.clone());
        let e = checked_files(&manifest(4), more, false).unwrap_err();
        assert!(
            e.contains("lexicons/TWL.fst is in it but not in event.toml"),
            "{e}"
        );
    }

    #[test]
    fn a_manifest_of_a_later_format_is_refused_by_its_number_whatever_it_holds() {
        let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/golden/2026-11-29/station-7/event-PWFKXWRYSWR2MEOK.toml");
        let text = std::fs::read_to_string(golden).unwrap();
        assert_eq!(Manifest::parse(text.as_bytes()).unwrap().format, 2);
        // Format 5 with a member format 4 does not have (4 is read since issue 51).
        let later = text.replace("format = 2", "format = 5\nsigned_head = true");
        let e = Manifest::parse(later.as_bytes()).unwrap_err();
        assert!(e.contains("event.toml is format 5"), "{e}");
        // Format 2 with a member it does not have is no manifest.
        let odd = text.replace("format = 2", "format = 2\nsigned_head = true");
        let e = Manifest::parse(odd.as_bytes()).unwrap_err();
        assert!(e.contains("signed_head"), "{e}");
    }

    /// Issue 27, item 9: 32 bits were matched by a forged bundle in 12 minutes. Now 80 bits of
    /// the SHA-256 in RFC 4648 base32 — the values below are Python's
    /// `base64.b32encode(sha256(data).digest()[:10])`.
    #[test]
    fn the_fingerprint_is_80_bits_of_the_manifests_sha256_in_base32() {
        assert_eq!(fingerprint(b""), "4OYM-IQUY-7QOB-JGX3");
        assert_eq!(fingerprint(b"name = \"Open\"\n"), "QB6T-7JJQ-P4NX-OA2J");
        // One bit of the manifest changes it.
        assert_ne!(
            fingerprint(b"name = \"Open\"\n"),
            fingerprint(b"name = \"Opem\"\n")
        );
    }
}
