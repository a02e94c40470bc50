//! What an install killed part-way left in a station folder, removed (`kiosk.toml`'s lock held):
//! its staging folders, and lexicon files and manifests written under `event install`'s names
//! that `kiosk.toml` does not use.

use std::path::Path;

use wordjudge_base::fsutil;
use wordjudge_base::layout::{
    is_installed_lexicon_name, is_installed_manifest_name, memo_of, Place, LEXICONS,
    SIGNATURE_SUFFIX,
};
use wordjudge_base::nolink;
use wordjudge_config::{self as config, Config};

/// Staging folders start so (`.wordjudge-install-XXXX`).
pub(crate) const STAGING_PREFIX: &str = ".wordjudge-install-";

/// What an install killed part-way left in the station folder of `config_path`: its staging
/// folders, and lexicon files and manifests written under `event install`'s names that
/// `kiosk.toml` does not use. Removed, `kiosk.toml`'s lock held (so never an install's under
/// way); nothing is removed when `kiosk.toml` cannot be read.
pub fn tidy(config_path: &Path) {
    if let Ok(_lock) = config::ConfigLock::acquire(config_path) {
        tidy_locked(config_path);
    }
}

pub(crate) fn tidy_locked(config_path: &Path) {
    // The station's folder ("." for a bare kiosk.toml).
    let dir = fsutil::parent_dir(config_path);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(STAGING_PREFIX) && entry.path().is_dir() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    // What a write killed half-way left (a lexicon or a content memo; the lock keeps writers out).
    fsutil::remove_abandoned_temporaries(dir);
    fsutil::remove_abandoned_temporaries(&dir.join(LEXICONS));
    let Ok(config) = Config::read(config_path) else {
        return;
    };
    let used: Vec<Place> = config
        .lexicons
        .values()
        .map(|l| Place::of(&l.file))
        .chain(std::iter::once(Place::of(&config.manifest_path())))
        .collect();
    let unused = |path: &Path| {
        let place = Place::of(path);
        !used.iter().any(|u| u.same(&place))
    };
    // Never through a link the station's account put there.
    if nolink::refuse_link(&dir.join(LEXICONS)).is_err() {
        return;
    }
    if let Ok(lexicons) = std::fs::read_dir(dir.join(LEXICONS)) {
        for entry in lexicons.flatten() {
            let (file, memo) = match memo_of(&entry.path()) {
                Some(fst) => (fst, true),
                None => (entry.path(), false),
            };
            let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned());
            if file_name.as_deref().is_some_and(is_installed_lexicon_name) && unused(&file) {
                let _ = std::fs::remove_file(if memo { entry.path() } else { file });
            }
        }
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let manifest = name.strip_suffix(SIGNATURE_SUFFIX).unwrap_or(&name);
            if is_installed_manifest_name(manifest)
                && unused(&entry.path().with_file_name(manifest))
            {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}
