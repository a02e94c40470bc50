//! Installing a bundle as one station, and telling whether a station still runs its event.

use std::path::{Path, PathBuf};

use super::bundle::{self, BundleError, Manifest};
use super::signing::PublicKey;
use wordjudge_base::fsutil;
use wordjudge_base::layout::{
    installed_lexicon_name, installed_manifest_name, memo_path, signature_path, Place, Writer,
    LEXICONS, PAST_EVENTS,
};
use wordjudge_base::nolink;

pub use crate::tidy::tidy;
use wordjudge_config::{self as config, Config, Document, StationLocal};
use wordjudge_sliplog::signature::StationKey;

/// A station installed from a bundle.
#[derive(Debug)]
pub struct Installed {
    pub name: String,
    pub fingerprint: String,
    /// The id of the station's own signing key (for the event's roster).
    pub station_key: String,
    /// The station's configuration, as installed.
    pub config: Config,
    /// Files written, in order.
    pub written: Vec<PathBuf>,
    /// Where the slip log of the event the station ran before was moved (`events/FINGERPRINT/`,
    /// the fingerprint of its last bundle), or why it could not be: an event of another name
    /// starts a log of its own; a bundle of the same event packed again goes on with its log.
    pub past_log: Option<Result<PathBuf, String>>,
}

/// Installs the bundle at `bundle_path` as station `station` in `dir` (see [`super::bundle`]),
/// if it is signed by the key the station trusts — or, at a station that trusts none yet, by
/// `trust`, which it trusts from then on.
pub fn install(
    bundle_path: &Path,
    station: &str,
    dir: &Path,
    trust: Option<&PublicKey>,
) -> Result<Installed, BundleError> {
    install_with(bundle_path, station, dir, trust, false)
}

/// [`install_with`] for a bundle already read (`bytes`, from `bundle_path`).
pub(crate) fn install_bytes(
    bytes: &[u8],
    bundle_path: &Path,
    station: &str,
    dir: &Path,
    trust: Option<&PublicKey>,
    older: bool,
) -> Result<Installed, BundleError> {
    install_from(
        || bundle::from_bytes(bytes, bundle_path),
        bundle_path,
        station,
        dir,
        trust,
        older,
    )
}

/// [`install`]; with `older`, a bundle packed before the one the station runs is installed too
/// (the director going back on purpose), where otherwise it is refused, naming both.
pub fn install_with(
    bundle_path: &Path,
    station: &str,
    dir: &Path,
    trust: Option<&PublicKey>,
    older: bool,
) -> Result<Installed, BundleError> {
    install_from(
        || bundle::read(bundle_path),
        bundle_path,
        station,
        dir,
        trust,
        older,
    )
}

fn install_from(
    read: impl FnOnce() -> Result<bundle::Bundle, BundleError>,
    bundle_path: &Path,
    station: &str,
    dir: &Path,
    trust: Option<&PublicKey>,
    older: bool,
) -> Result<Installed, BundleError> {
    let station = station.trim();
    if let Some(problem) = config::station_id_problem(station) {
        return Err(BundleError::Refused {
            path: bundle_path.to_owned(),
            problem: format!("{}: {problem}", crate::image_words::STATION.command_line),
        });
    }
    if station == config::DEMO_STATION_ID {
        return Err(BundleError::Refused {
            path: bundle_path.to_owned(),
            problem: format!(
                "{}: {station} is the shipped demo's id: give this station its own (e.g. 7, or hall-b-3)",
                crate::image_words::STATION.command_line
            ),
        });
    }
    let bundle = read()?;
    let refused = |problem: String| BundleError::Refused {
        path: bundle_path.to_owned(),
        problem,
    };
    if bundle.manifest.format < bundle::MIN_INSTALL_FORMAT {
        return Err(refused(format!(
            "it was packed by an older wordjudge (event.toml format {}): pack it again with this one",
            bundle.manifest.format
        )));
    }
    if dir.exists() && !dir.is_dir() {
        return Err(refused(format!(
            "--dir {} is a file, not a station folder",
            dir.display()
        )));
    }
    let created = !dir.exists();
    std::fs::create_dir_all(dir).map_err(|source| BundleError::Io {
        path: dir.to_owned(),
        source,
    })?;
    let config_path = dir.join(config::DEFAULT_PATH);
    if let Err(problem) = refuse_planted(&config_path) {
        return Err(refused(problem));
    }
    // Nothing else edits kiosk.toml meanwhile (a station pinning a division, another install).
    let _lock = config::ConfigLock::acquire(&config_path)?;
    crate::tidy::tidy_locked(&config_path);
    let result = verify_signature(&bundle, &config_path, trust)
        .map_err(Install::Refused)
        .and_then(|key| install_locked(&bundle, &config_path, station, &key, older))
        .map_err(|e| match e {
            Install::Refused(problem) => refused(problem),
            Install::Failed(e) => e,
        });
    if result.is_err() && created {
        // Nothing was installed: the folder made for it goes too (with its lock file).
        let _ = std::fs::remove_file(wordjudge_base::layout::config_lock_path(&config_path));
        let _ = std::fs::remove_dir(dir);
    }
    result
}

/// Refuses to install where the station's account (which can create names in a packaged
/// station's folder) put a link or a file of its own at a name root writes or reads: kiosk.toml,
/// its lock, the trusted key, the station's key, the install report, the lexicons' and past
/// events' folders. Each write below also goes through [`nolink`], so a link put there after this
/// check is replaced, never followed.
fn refuse_planted(config_path: &Path) -> Result<(), String> {
    let dir = config::base_dir(config_path);
    let layout = wordjudge_base::layout::Paths {
        config: config_path.to_owned(),
        ..Default::default()
    };
    let roots = layout
        .files()
        .into_iter()
        .filter(|(role, _)| role.writer() == Writer::Director)
        .map(|(_, path)| path);
    for path in roots.chain([dir.join(LEXICONS), dir.join(PAST_EVENTS)]) {
        nolink::refuse_planted(&path).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The key `bundle` must be signed by at the station of `config_path` — the one it trusts, or
/// `trust` at a station that trusts none yet — once its signature is checked.
pub(crate) fn verify_signature(
    bundle: &bundle::Bundle,
    config_path: &Path,
    trust: Option<&PublicKey>,
) -> Result<PublicKey, String> {
    let Some(signature) = &bundle.signature else {
        return Err(format!(
            "it is not signed: {}",
            crate::image_words::NOT_SIGNED.command_line
        ));
    };
    let key = match (PublicKey::trusted_by(config_path)?, trust) {
        (Some(trusted), Some(given)) if trusted != *given => {
            return Err(format!(
                "this station trusts key {}, not key {}: to trust another key, run `wordjudge event trust KEY --dir {}` at the station",
                trusted.id(),
                given.id(),
                config::base_dir(config_path).display()
            ))
        }
        (Some(trusted), _) => trusted,
        (None, Some(given)) => given.clone(),
        (None, None) => {
            return Err(
                "this station trusts no key yet: give the director's public key with --trust KEY (the line `wordjudge event key new` printed, or its .pub file)".into(),
            )
        }
    };
    key.verify(&bundle.manifest_bytes, signature)
        .map_err(|e| format!("{e}: {}", crate::image_words::OTHER_KEY.command_line))?;
    Ok(key)
}

/// The fingerprint of the event the station `old` runs (`no-event` for a station configured by
/// hand, `unreadable-event` when its manifest cannot be read).
fn running_fingerprint(old: &Config) -> String {
    match fsutil::read_regular(&old.manifest_path(), config::MAX_CONFIG_BYTES) {
        Ok(bytes) => bundle::fingerprint(&bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => "no-event".into(),
        Err(_) => "unreadable-event".into(),
    }
}

/// Why `bundle` would go back: it was packed before the one the station `old` runs (the packing
/// time is in the signed manifest), naming both; `None` when it does not.
fn replayed(old: &Config, bundle: &bundle::Bundle) -> Option<String> {
    let bytes = fsutil::read_regular(&old.manifest_path(), config::MAX_CONFIG_BYTES).ok()?;
    let running = Manifest::parse(&bytes).ok()?;
    // Moments, compared as moments (a time that does not read, as its text).
    let older = match (
        wordjudge_base::clock::parse(&bundle.manifest.packed),
        wordjudge_base::clock::parse(&running.packed),
    ) {
        (Some(offered), Some(runs)) => offered < runs,
        _ => bundle.manifest.packed < running.packed,
    };
    older.then(|| {
        format!(
            "it is older than the event this station runs: the station has {:?} (fingerprint {}, packed {}), and was offered {:?} (fingerprint {}, packed {}); {}",
            running.name,
            bundle::fingerprint(&bytes),
            running.packed,
            bundle.manifest.name,
            bundle.fingerprint(),
            bundle.manifest.packed,
            crate::image_words::OLDER.command_line
        )
    })
}

/// Why an install stopped: refused (the bundle), or failed (the disk).
enum Install {
    Refused(String),
    Failed(BundleError),
}

impl From<BundleError> for Install {
    fn from(e: BundleError) -> Install {
        Install::Failed(e)
    }
}

impl From<config::ConfigError> for Install {
    fn from(e: config::ConfigError) -> Install {
        Install::Failed(e.into())
    }
}

/// The install itself, `kiosk.toml`'s lock held. The new lexicons are written under names of
/// their own (`lexicons/CODE-SHA.fst`, by content) and the manifest as `event-FINGERPRINT.toml`,
/// beside the old ones; then `kiosk.toml`, naming them, replaces the old one in one atomic
/// rename — the switch; then the old files go. A kill at any moment leaves the old station or
/// the new, never a mix, and what it left half-way is removed by the next install or start.
fn install_locked(
    bundle: &bundle::Bundle,
    config_path: &Path,
    station: &str,
    key: &PublicKey,
    older: bool,
) -> Result<Installed, Install> {
    let dir = config::base_dir(config_path);
    let as_packed = std::str::from_utf8(&bundle.files[config::DEFAULT_PATH])
        .map_err(|_| Install::Refused("its kiosk.toml is not UTF-8".into()))?;
    check_layout(bundle, config_path, as_packed).map_err(Install::Refused)?;
    let old = Config::read(config_path).ok();
    if !older {
        if let Some(problem) = old.as_ref().and_then(|old| replayed(old, bundle)) {
            return Err(Install::Refused(problem));
        }
    }
    let (kiosk, names) = station_config(bundle, config_path, station)?;
    // A hand-made bundle with the README's PIN: every station would open with it (a station
    // installed so would be out of service anyway).
    if let Some(demo) = Config::parse(config_path, &kiosk)
        .ok()
        .and_then(|c| c.demo_settings())
    {
        return Err(Install::Refused(format!(
            "its kiosk.toml is the demo's: {demo}"
        )));
    }
    let memos = stage_and_check(bundle, dir, &kiosk, &names)?;
    let mut written = write_lexicons(bundle, dir, &names, &memos)?;
    let manifest = dir.join(installed_manifest_name(&bundle.fingerprint()));
    write_file(dir, &manifest, &bundle.manifest_bytes)?;
    if let Some(signature) = &bundle.signature {
        write_file(dir, &signature_path(&manifest), signature.as_bytes())?;
    }
    written.push(manifest);
    // The station's own signing key: made here on its first install, kept after (the roster
    // keeps naming it), never in a bundle.
    let key_path = wordjudge_base::layout::station_key_path(config_path);
    let station_key = match StationKey::load(&key_path).map_err(Install::Refused)? {
        Some(k) => k,
        None => {
            let k = StationKey::create(&key_path).map_err(Install::Refused)?;
            written.push(key_path);
            k
        }
    };
    if PublicKey::trusted_by(config_path).ok().flatten().as_ref() != Some(key) {
        key.trust_at(config_path)
            .map_err(|e| Install::Failed(BundleError::Pack(e)))?;
        written.push(wordjudge_base::layout::trusted_key_path(config_path));
    }
    let old_event = old.as_ref().map(running_fingerprint);
    // The switch.
    write_file(dir, config_path, kiosk.as_bytes())?;
    written.push(config_path.to_owned());
    let config = Config::load(config_path)?;
    let mut past_log = None;
    if let Some(old) = old {
        remove_replaced(&old, &config);
        // Another event (another name: a bundle packed again for day two is the same event,
        // and its log goes on).
        if old.event.name != config.event.name {
            past_log = crate::past::keep_apart(&old, old_event.as_deref(), &config);
        }
    }
    Ok(Installed {
        past_log,
        name: bundle.manifest.name.clone(),
        fingerprint: bundle.fingerprint(),
        station_key: station_key.public().id(),
        config,
        written,
    })
}

/// After the switch from `old` to `new`: the old lexicon files the new station does not use
/// (inside its `lexicons/` folder, with their memos), and the old manifest.
fn remove_replaced(old: &Config, new: &Config) {
    let dir = config::base_dir(&new.path);
    let used: Vec<Place> = new.lexicons.values().map(|l| Place::of(&l.file)).collect();
    for lexicon in old.lexicons.values() {
        let place = Place::of(&lexicon.file);
        let ours = bundle::bundle_path(&lexicon.file, dir)
            .is_some_and(|p| p.starts_with(&format!("{LEXICONS}/")));
        if ours && !used.iter().any(|u| u.same(&place)) {
            let _ = std::fs::remove_file(&lexicon.file);
            let _ = std::fs::remove_file(memo_path(&lexicon.file));
        }
    }
    let (old_manifest, new_manifest) = (old.manifest_path(), new.manifest_path());
    if !Place::of(&old_manifest).same(&Place::of(&new_manifest)) {
        let _ = std::fs::remove_file(signature_path(&old_manifest));
        let _ = std::fs::remove_file(old_manifest);
    }
}

/// The files of the bundle other than `kiosk.toml`: its lexicons.
fn lexicon_files(bundle: &bundle::Bundle) -> impl Iterator<Item = (&str, &[u8])> + Clone {
    bundle
        .files
        .iter()
        .filter(|(path, _)| {
            path.as_str() != config::DEFAULT_PATH && path.as_str() != bundle::PIN_MEMBER
        })
        .map(|(path, data)| (path.as_str(), data.as_slice()))
}

/// Writes the bundle's lexicons into the station folder `dir` (a file of that name holding these
/// bytes already is left as it is), then the content memos the check made; returns what it wrote.
fn write_lexicons(
    bundle: &bundle::Bundle,
    dir: &Path,
    names: &[(String, String)],
    memos: &[(String, Vec<u8>)],
) -> Result<Vec<PathBuf>, Install> {
    let mut written = Vec::new();
    for (from, to) in names {
        let target = dir.join(to);
        let data = &bundle.files[from.as_str()];
        // Named by content: a file of that name holds these bytes already.
        if fsutil::read_regular(&target, wordjudge_lexicon::lexicon::MAX_LEXICON_BYTES)
            .is_ok_and(|held| held == *data)
        {
            continue;
        }
        write_file(dir, &target, data)?;
        written.push(target);
    }
    // The check's content memos, beside the lexicons: the station's account cannot write in
    // root's lexicons folder, so without them it would read every word back at every start.
    // Only a cache: one not written is read back, and logged.
    for (to, memo) in memos {
        let path = memo_path(&dir.join(to));
        if let Err(e) = nolink::replace(&path, memo) {
            log::info!("content memo {} not written: {e}", path.display());
        }
    }
    Ok(written)
}

/// The station staged in a scratch folder inside `dir`, its lexicons under the names they will
/// have (`names`: bundle path, installed path), and put through the in-service check; the
/// scratch folder is removed again whatever the outcome; the content memos the check wrote are
/// returned, to be written beside the installed lexicons (or by the next install or start, if
/// this one is killed).
fn stage_and_check(
    bundle: &bundle::Bundle,
    dir: &Path,
    kiosk: &str,
    names: &[(String, String)],
) -> Result<Vec<(String, Vec<u8>)>, BundleError> {
    let staging = tempfile::Builder::new()
        .prefix(crate::tidy::STAGING_PREFIX)
        .tempdir_in(dir)
        .map_err(|source| BundleError::Io {
            path: dir.to_owned(),
            source,
        })?;
    for (from, to) in names {
        write_file(
            staging.path(),
            &staging.path().join(to),
            &bundle.files[from.as_str()],
        )?;
    }
    let staged_config = staging.path().join(config::DEFAULT_PATH);
    write_file(staging.path(), &staged_config, kiosk.as_bytes())?;
    let staged = Config::load(&staged_config)?;
    bundle::check_in_service(&staged, wordjudge_config::service::ReadBack::Always)
        .map_err(BundleError::NotInService)?;
    // The memos the check wrote (each names its lexicon file's SHA-256, so it holds for the
    // same bytes installed elsewhere).
    Ok(names
        .iter()
        .filter_map(|(_, to)| {
            let memo = fsutil::read_regular(&memo_path(&staging.path().join(to)), 512).ok()?;
            Some((to.clone(), memo))
        })
        .collect())
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

/// The bundle's `kiosk.toml` for this station: its id, where it keeps its logs, what a director
/// set at this station before (the pinned division, if the event still has it, and the round),
/// the lexicons under the names they are installed as, and the manifest they come with. With
/// the lexicons' names: (bundle path, installed path).
fn station_config(
    bundle: &bundle::Bundle,
    config_path: &Path,
    station: &str,
) -> Result<(String, Vec<(String, String)>), BundleError> {
    let text = std::str::from_utf8(&bundle.files[config::DEFAULT_PATH]).map_err(|_| {
        BundleError::Refused {
            path: config_path.to_owned(),
            problem: "its kiosk.toml is not UTF-8".into(),
        }
    })?;
    let mut doc = Document::from_text(config_path, text)?;
    // From format 3 the PIN's hash is a member of its own: back into the station's kiosk.toml.
    if let Some(pin) = bundle.files.get(bundle::PIN_MEMBER) {
        let pin = std::str::from_utf8(pin)
            .ok()
            .and_then(|p| p.trim().parse::<config::PinHash>().ok())
            .ok_or_else(|| BundleError::Refused {
                path: config_path.to_owned(),
                problem: format!("its {} is not a PIN hash", bundle::PIN_MEMBER),
            })?;
        doc.record_pin(&pin)?;
    }
    let text = &doc.text();
    let event_config = Config::parse(config_path, text)?;
    // A station that exists keeps where it keeps its logs (a bundle that moved the slip log
    // would start its numbering again); a new one takes the bundle's.
    let before = match Document::read(config_path) {
        Ok(old) if !old.is_new() => old.station_local(),
        _ => {
            let bundle = doc.station_local();
            StationLocal {
                slip_log: bundle.slip_log,
                diagnostic_log: bundle.diagnostic_log,
                ..StationLocal::default()
            }
        }
    };
    doc.record_station_local(&StationLocal {
        id: Some(station.to_owned()),
        slip_log: before.slip_log,
        diagnostic_log: before.diagnostic_log,
        division: before
            .division
            .filter(|d| event_config.divisions.contains_key(d)),
        round: before.round,
        manifest: Some(installed_manifest_name(&bundle.fingerprint())),
    })?;
    let base = config::base_dir(config_path);
    let mut names = Vec::new();
    for lexicon in event_config.lexicons.values() {
        let Some(from) = bundle::bundle_path(&lexicon.file, base) else {
            continue;
        };
        let to = installed_lexicon_name(&lexicon.code, &lexicon.expected.sha256.to_string());
        doc.record_lexicon_file(&lexicon.code, &to)?;
        names.push((from, to));
    }
    Ok((doc.text(), names))
}

/// Writes `path` in the station folder (or its staging copy) `dir`, or in a folder of it made
/// here ([`nolink::own_dir`]: never a link, never another account's); never through a link.
fn write_file(dir: &Path, path: &Path, data: &[u8]) -> Result<(), BundleError> {
    let parent = fsutil::parent_dir(path);
    let result = match parent == dir {
        true => Ok(()),
        false => nolink::own_dir(parent),
    }
    .and_then(|()| nolink::replace(path, data));
    result.map_err(|source| BundleError::Io {
        path: path.to_owned(),
        source,
    })
}
