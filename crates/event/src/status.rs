//! Whether a station still runs its event: the manifest it was installed from, checked again
//! against its `kiosk.toml`, its lexicons and the key it trusts.

use super::bundle::{self, Manifest};
use super::signing::PublicKey;
use wordjudge_base::fsutil;
use wordjudge_base::layout::signature_path;
use wordjudge_config::{self as config, Config, EventStatus};

/// The event the station of `config` was installed from, if any (`event.toml` beside its
/// `kiosk.toml`), and what differs from it. Cheap: the lexicon files are compared through the
/// SHA-256 `kiosk.toml` records, which the in-service check holds every file to.
pub fn status(config: &Config) -> Result<Option<EventStatus>, String> {
    let path = config.manifest_path();
    let bytes = match fsutil::read_regular(&path, config::MAX_CONFIG_BYTES) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let manifest = Manifest::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut changed = Vec::new();
    let text = fsutil::read_regular_to_string(&config.path, config::MAX_CONFIG_BYTES)
        .map_err(|e| format!("{}: {e}", config.path.display()))?;
    let settings =
        bundle::settings_sha256(&config.path, &text, manifest.format).map_err(|e| e.to_string())?;
    let packed = manifest
        .files
        .iter()
        .find(|f| f.path == config::DEFAULT_PATH)
        .and_then(|f| f.settings_sha256.clone());
    if packed.as_deref() != Some(settings.to_string().as_str()) {
        changed.push("kiosk.toml's settings were changed at this station".to_owned());
    }
    // From format 3 the PIN's hash is a member of its own, left out of the settings.
    if let Some(member) = manifest.files.iter().find(|f| f.path == bundle::PIN_MEMBER) {
        let pin =
            config.station.director_pin.as_ref().map(|p| {
                wordjudge_base::digest::Digest::of(format!("{p}\n").as_bytes()).to_string()
            });
        if pin.as_deref() != Some(member.sha256.as_str()) {
            changed.push("the director's PIN was changed at this station".to_owned());
        }
    }
    let base = config::base_dir(&config.path);
    for lexicon in config.lexicons.values() {
        let sha256 = lexicon.expected.sha256.to_string();
        // From format 2 on a station keeps the event's lexicons under names of its own: a
        // lexicon is the event's when the bundle has a file with its SHA-256.
        // From format 2 on a station keeps the event's lexicons under names of its own: the
        // bundle's file is found by the lexicon's code.
        let in_bundle = match manifest.format {
            1 => bundle::bundle_path(&lexicon.file, base)
                .and_then(|p| manifest.files.iter().find(|f| f.path == p)),
            _ => manifest
                .files
                .iter()
                .find(|f| f.code.as_deref() == Some(lexicon.code.as_str())),
        };
        match in_bundle {
            Some(f) if f.sha256 == sha256 => {}
            Some(_) => changed.push(format!("lexicon {} is not the event's file", lexicon.code)),
            None => changed.push(format!(
                "lexicon {} was added at this station",
                lexicon.code
            )),
        }
    }
    // From format 2 on the manifest is signed: checked again with the key the station trusts.
    let mut signed_by = None;
    if manifest.format >= 2 {
        let signature = fsutil::read_regular_to_string(&signature_path(&path), 4096);
        match (PublicKey::trusted_by(&config.path), signature) {
            (Ok(Some(key)), Ok(signature)) => match key.verify(&bytes, &signature) {
                Ok(()) => signed_by = Some(key.id()),
                Err(e) => changed.push(format!("the event manifest: {e}")),
            },
            (Ok(None), _) => changed.push("the station trusts no signing key".into()),
            (Err(e), _) => changed.push(e),
            (_, Err(e)) => changed.push(format!("the event manifest's signature: {e}")),
        }
    }
    Ok(Some(EventStatus {
        name: manifest.name,
        fingerprint: bundle::fingerprint(&bytes),
        signed_by,
        changed,
    }))
}
