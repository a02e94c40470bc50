//! Installing a bundle as one station, and telling whether a station still runs its event.

use std::path::{Path, PathBuf};

use super::bundle::{self, BundleError, Manifest, MANIFEST};
use crate::config::{self, Config, Document, StationLocal};
use crate::fsutil;

/// A station installed from a bundle.
#[derive(Debug)]
pub struct Installed {
    pub name: String,
    pub fingerprint: String,
    /// The station's configuration, as installed.
    pub config: Config,
    /// Files written, in order.
    pub written: Vec<PathBuf>,
}

/// The longest station id (it is shown on the header and printed on dockets).
const MAX_STATION_ID: usize = 40;

/// Installs the bundle at `bundle_path` as station `station` in `dir` (see [`super::bundle`]).
pub fn install(bundle_path: &Path, station: &str, dir: &Path) -> Result<Installed, BundleError> {
    let station = station.trim();
    if station.is_empty()
        || station.chars().count() > MAX_STATION_ID
        || station.chars().any(char::is_control)
    {
        return Err(BundleError::Refused {
            path: bundle_path.to_owned(),
            problem: format!("--station must be this station's id, 1 to {MAX_STATION_ID} characters on one line (e.g. 7, or hall-b-3)"),
        });
    }
    if station == config::DEMO_STATION_ID {
        return Err(BundleError::Refused {
            path: bundle_path.to_owned(),
            problem: format!("--station {station} is the shipped demo's id: give this station its own (e.g. 7, or hall-b-3)"),
        });
    }
    let bundle = bundle::read(bundle_path)?;
    let refused = |problem: String| BundleError::Refused {
        path: bundle_path.to_owned(),
        problem,
    };
    if dir.exists() && !dir.is_dir() {
        return Err(refused(format!(
            "--dir {} is a file, not a station folder",
            dir.display()
        )));
    }
    let config_path = dir.join(config::DEFAULT_PATH);
    let kiosk = station_config(&bundle, &config_path, station)?;
    check_layout(&bundle, &config_path, &kiosk).map_err(refused)?;
    // A hand-made bundle with the README's PIN: every station would open with it (a station
    // installed so would be out of service anyway).
    if let Some(demo) = Config::parse(&config_path, &kiosk)
        .ok()
        .and_then(|c| c.demo_settings())
    {
        return Err(refused(format!("its kiosk.toml is the demo's: {demo}")));
    }
    let created = !dir.exists();
    let staged = stage_and_check(&bundle, dir, &kiosk);
    if let Err(e) = staged {
        if created {
            // Nothing was installed: the folder made for it goes too.
            let _ = std::fs::remove_dir(dir);
        }
        return Err(e);
    }
    let staged_files = lexicon_files(&bundle);
    // Lexicons, then the manifest, then kiosk.toml: a crash part-way leaves the old kiosk.toml,
    // whose recorded SHA-256 the new lexicon files fail (fail closed).
    let mut written = Vec::new();
    for (path, data) in staged_files {
        let target = dir.join(path);
        write_file(&target, data)?;
        written.push(target);
    }
    let manifest_path = dir.join(MANIFEST);
    write_file(&manifest_path, &bundle.manifest_bytes)?;
    written.push(manifest_path);
    write_file(&config_path, kiosk.as_bytes())?;
    written.push(config_path.clone());
    Ok(Installed {
        name: bundle.manifest.name.clone(),
        fingerprint: bundle.fingerprint(),
        config: Config::load(&config_path)?,
        written,
    })
}

/// The files of the bundle other than `kiosk.toml`: its lexicons.
fn lexicon_files(bundle: &bundle::Bundle) -> impl Iterator<Item = (&str, &[u8])> + Clone {
    bundle
        .files
        .iter()
        .filter(|(path, _)| path.as_str() != config::DEFAULT_PATH)
        .map(|(path, data)| (path.as_str(), data.as_slice()))
}

/// The station staged in a scratch folder inside `dir` and put through the in-service check;
/// the scratch folder is removed again whatever the outcome.
fn stage_and_check(bundle: &bundle::Bundle, dir: &Path, kiosk: &str) -> Result<(), BundleError> {
    std::fs::create_dir_all(dir).map_err(|source| BundleError::Io {
        path: dir.to_owned(),
        source,
    })?;
    let staging = tempfile::Builder::new()
        .prefix(".wordjudge-install-")
        .tempdir_in(dir)
        .map_err(|source| BundleError::Io {
            path: dir.to_owned(),
            source,
        })?;
    for (path, data) in lexicon_files(bundle) {
        write_file(&staging.path().join(path), data)?;
    }
    let staged_config = staging.path().join(config::DEFAULT_PATH);
    write_file(&staged_config, kiosk.as_bytes())?;
    let staged = Config::load(&staged_config)?;
    bundle::check_in_service(&staged, crate::service::ReadBack::Always)
        .map_err(BundleError::NotInService)
}

/// What a bundle may write: `kiosk.toml`, and the lexicon files its `[lexicons]` name — each a
/// `.fst` file inside the station folder, in the bundle, and none of the station's own files
/// (slip log, its head, diagnostic log, manifest) as this bundle or the installed station names
/// them. Its slip log and diagnostic log must be inside the folder too. Only a hand-made bundle
/// can break these (`event pack` writes none that does).
fn check_layout(bundle: &bundle::Bundle, config_path: &Path, kiosk: &str) -> Result<(), String> {
    let dir = config::base_dir(config_path);
    let new = Config::parse(config_path, kiosk).map_err(|e| e.to_string())?;
    let inside = |path: &Path| bundle::bundle_path(path, dir);
    let mut own: Vec<String> = vec![super::bundle::MANIFEST.to_owned()];
    let mut logs = vec![new.station.slip_log.clone()];
    logs.extend(new.station.diagnostic_log.clone());
    for path in &logs {
        let name = inside(path).ok_or_else(|| {
            format!(
                "its kiosk.toml puts a log at {}, outside the station folder",
                path.display()
            )
        })?;
        own.push(format!("{name}.head"));
        own.push(name);
    }
    // The logs of the station installed now, wherever its kiosk.toml put them.
    if let Ok(old) = Config::read(config_path) {
        let old_logs = std::iter::once(old.station.slip_log).chain(old.station.diagnostic_log);
        for name in old_logs.filter_map(|p| inside(&p)) {
            own.push(format!("{name}.head"));
            own.push(name);
        }
    }
    let mut lexicons = Vec::new();
    for lexicon in new.lexicons.values() {
        let name = inside(&lexicon.file)
            .filter(|n| n.ends_with(".fst") && !own.contains(n))
            .ok_or_else(|| {
                format!(
                    "its kiosk.toml names lexicon {} at {}, which is not a .fst file inside the station folder",
                    lexicon.code,
                    lexicon.file.display()
                )
            })?;
        if !bundle.files.contains_key(&name) {
            return Err(format!("lexicon {} ({name}) is not in it", lexicon.code));
        }
        lexicons.push(name);
    }
    match lexicon_files(bundle).find(|(path, _)| !lexicons.iter().any(|l| l == path)) {
        Some((extra, _)) => Err(format!(
            "{extra} is in it but its kiosk.toml names no lexicon there: refused"
        )),
        None => Ok(()),
    }
}

/// The bundle's `kiosk.toml` for this station: its id, and what a director set at this station
/// before (the pinned division, if the event still has it, and the round).
fn station_config(
    bundle: &bundle::Bundle,
    config_path: &Path,
    station: &str,
) -> Result<String, BundleError> {
    let text = std::str::from_utf8(&bundle.files[config::DEFAULT_PATH]).map_err(|_| {
        BundleError::Refused {
            path: config_path.to_owned(),
            problem: "its kiosk.toml is not UTF-8".into(),
        }
    })?;
    let before = match Document::read(config_path) {
        Ok(doc) if !doc.is_new() => doc.station_local(),
        _ => StationLocal::default(),
    };
    let event_config = Config::parse(config_path, text)?;
    let mut doc = Document::from_text(config_path, text)?;
    doc.record_station_local(&StationLocal {
        id: Some(station.to_owned()),
        division: before
            .division
            .filter(|d| event_config.divisions.contains_key(d)),
        round: before.round,
    })?;
    Ok(doc.text())
}

fn write_file(path: &Path, data: &[u8]) -> Result<(), BundleError> {
    let result = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => std::fs::create_dir_all(parent),
        _ => Ok(()),
    }
    .and_then(|()| fsutil::write_atomically(path, data));
    result.map_err(|source| BundleError::Io {
        path: path.to_owned(),
        source,
    })
}

/// Whether a station runs its event as packed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventStatus {
    pub name: String,
    pub fingerprint: String,
    /// What differs from the bundle at this station (empty: exactly the event's).
    pub changed: Vec<String>,
}

/// The event the station of `config` was installed from, if any (`event.toml` beside its
/// `kiosk.toml`), and what differs from it. Cheap: the lexicon files are compared through the
/// SHA-256 `kiosk.toml` records, which the in-service check holds every file to.
pub fn status(config: &Config) -> Result<Option<EventStatus>, String> {
    let base = config::base_dir(&config.path);
    let path = base.join(MANIFEST);
    let bytes = match fsutil::read_regular(&path, config::MAX_CONFIG_BYTES) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let manifest = Manifest::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut changed = Vec::new();
    let text = fsutil::read_regular_to_string(&config.path, config::MAX_CONFIG_BYTES)
        .map_err(|e| format!("{}: {e}", config.path.display()))?;
    let settings = bundle::settings_sha256(&config.path, &text).map_err(|e| e.to_string())?;
    let packed = manifest
        .files
        .iter()
        .find(|f| f.path == config::DEFAULT_PATH)
        .and_then(|f| f.settings_sha256.clone());
    if packed.as_deref() != Some(settings.to_string().as_str()) {
        changed.push("kiosk.toml's settings were changed at this station".to_owned());
    }
    for lexicon in config.lexicons.values() {
        let in_bundle = bundle::bundle_path(&lexicon.file, base)
            .and_then(|p| manifest.files.iter().find(|f| f.path == p));
        match in_bundle {
            Some(f) if f.sha256 == lexicon.expected.sha256.to_string() => {}
            Some(_) => changed.push(format!("lexicon {} is not the event's file", lexicon.code)),
            None => changed.push(format!(
                "lexicon {} was added at this station",
                lexicon.code
            )),
        }
    }
    Ok(Some(EventStatus {
        name: manifest.name,
        fingerprint: bundle::fingerprint(&bytes),
        changed,
    }))
}
