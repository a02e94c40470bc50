//! A station image's first boot: the event bundle on a USB stick installed, if — and only if —
//! the key baked into the image signed it (`scripts/build-image --trust KEY.pub`).
//!
//! A stick is untrusted until its bundle's signature is checked, so it is read as an attacker
//! would write it: its `wordjudge-event` folder must be a real folder and its files regular files,
//! opened without following a link (`O_NOFOLLOW`; the image also mounts sticks `nosymfollow`), each
//! bounded in size before it is read, and read straight into memory — no copy anywhere that a
//! failure could leave behind. Two sticks that both carry an event are refused, naming both:
//! which one wins must not depend on the order the devices were found in. Whatever is not
//! installed says why in the station's install report (`layout::INSTALL_REPORT`), which the
//! station shows on its OUT OF SERVICE screen.

use std::path::{Path, PathBuf};

use crate::bundle::MAX_BUNDLE_BYTES;
use crate::install::{install_bytes, Installed};
use crate::signing::PublicKey;
use wordjudge_base::fsutil::read_regular_nofollow;
use wordjudge_base::text::shown;

/// The folder on a stick that holds an event.
pub(crate) const EVENT_FOLDER: &str = "wordjudge-event";

/// A mounted stick (or the data partition): what to call it, and where it is.
#[derive(Debug, Clone)]
pub struct Stick {
    pub name: String,
    pub root: PathBuf,
}

/// What a first boot did.
#[derive(Debug)]
pub enum FirstBoot {
    /// The event installed, as the station the stick named.
    Installed(Box<Installed>),
    /// The stick names no station (no `station` file in its event folder, or one saying `ask`):
    /// its event, signed by the image's key, waits for the director to give this machine's
    /// number on screen ([`first_install_as`]), so that machines booted from one stick never
    /// become one station.
    NumberWanted { event: String, fingerprint: String },
}

/// Installs the event from the one stick among `sticks` that carries one, as a station whose
/// folder is `dir`, if the key in `key_file` (the image's) signed it; otherwise why not, in words
/// a director can act on.
pub fn first_boot(dir: &Path, key_file: &Path, sticks: &[Stick]) -> Result<FirstBoot, String> {
    let key = image_key(key_file)?;
    let stick = the_event_stick(sticks)?;
    let station = match std::fs::symlink_metadata(stick.root.join(EVENT_FOLDER).join("station")) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        _ => {
            let bytes = read_on(stick, "station", 256).map_err(|e| {
                format!("{e}: write this station's number there, one line (e.g. 7), in a file named station, or take the file away for the station to ask; then restart the station")
            })?;
            let text = String::from_utf8_lossy(&bytes);
            text.lines().next().unwrap_or("").trim().to_owned()
        }
    };
    if station.is_empty() || station.eq_ignore_ascii_case(ASK) {
        return number_wanted(stick, dir, &key);
    }
    install_from(stick, &station, dir, Some(&key)).map(|i| FirstBoot::Installed(Box::new(i)))
}

/// What a stick's `station` file says for "ask on screen".
const ASK: &str = "ask";

/// The director gave this machine's number on screen ([`FirstBoot::NumberWanted`]): the event on
/// the stick installed as station `number`, under the same checks as [`first_boot`]. Only at a
/// station that has no event yet and whose first boot asked for a number (root's file
/// `layout::NUMBER_WANTED`): the station's account writes the request, and must not be able to
/// install over an event, or choose a number at a station already installed.
pub fn first_install_as(
    dir: &Path,
    key_file: &Path,
    sticks: &[Stick],
    number: u32,
) -> Result<Installed, String> {
    let config = dir.join(wordjudge_config::DEFAULT_PATH);
    if std::fs::symlink_metadata(&config).is_ok() {
        return Err(
            "this station has its event already: its number is the one it was installed with"
                .into(),
        );
    }
    let wanted = wordjudge_base::layout::number_wanted_path(&config);
    let asked = std::fs::symlink_metadata(&wanted).is_ok_and(|m| m.file_type().is_file())
        && wordjudge_base::fsutil::foreign_owner(&wanted).is_none();
    if !asked {
        return Err("this station's first boot did not ask for a number: restart the station with the event stick in".into());
    }
    let max = wordjudge_config::MAX_STATION_NUMBER;
    if !(1..=max).contains(&number) {
        return Err(format!("{number} is not a station number (1 to {max})"));
    }
    let key = image_key(key_file)?;
    let stick = the_event_stick(sticks)?;
    install_from(stick, &number.to_string(), dir, Some(&key))
}

/// The key the image was built to trust, or why there is none, in a director's words.
fn image_key(key_file: &Path) -> Result<PublicKey, String> {
    wordjudge_base::fsutil::read_regular_to_string(key_file, 4096)
        .map_err(|e| e.to_string())
        .and_then(|text| PublicKey::parse(&text))
        .map_err(|e| {
            log::warn!("the image's key {}: {e}", key_file.display());
            "this station image carries no director's key, so it installs no event: build the image again on your machine, giving it your public key (docs/deploy.md, \"A station image\"), and write it to this machine".to_owned()
        })
}

/// The event on `stick`, read and its signature checked by the image's `key` (nothing
/// installed): the event that waits for this machine's number.
fn number_wanted(stick: &Stick, dir: &Path, key: &PublicKey) -> Result<FirstBoot, String> {
    let bytes = read_on(stick, "event.tar", MAX_BUNDLE_BYTES)?;
    let not = |why: String| {
        format!(
            "the event on stick {} was not installed: {}",
            shown(&stick.name),
            crate::image_words::for_the_image(&shown(&why))
        )
    };
    let bundle = crate::bundle::from_bytes(&bytes, &Path::new(EVENT_FOLDER).join("event.tar"))
        .map_err(|e| not(e.to_string()))?;
    // The install's own check of the signature, as at a station that trusts no key yet.
    crate::install::verify_signature(
        &bundle,
        &dir.join(wordjudge_config::DEFAULT_PATH),
        Some(key),
    )
    .map_err(not)?;
    Ok(FirstBoot::NumberWanted {
        event: bundle.manifest.name.clone(),
        fingerprint: bundle.fingerprint(),
    })
}

/// The event on `stick` installed as station `station` in `dir` (trusting `key` at a station
/// that trusts none yet), or why not, naming the stick.
pub(crate) fn install_from(
    stick: &Stick,
    station: &str,
    dir: &Path,
    key: Option<&PublicKey>,
) -> Result<Installed, String> {
    let bundle = read_on(stick, "event.tar", MAX_BUNDLE_BYTES)?;
    // Named as the director sees it on the stick, not where the image mounted it.
    let shown_path = Path::new(EVENT_FOLDER).join("event.tar");
    install_bytes(&bundle, &shown_path, station, dir, key, false).map_err(|e| {
        format!(
            "the event on stick {} was not installed: {}",
            shown(&stick.name),
            crate::image_words::for_the_image(&shown(&e.to_string()))
        )
    })
}

/// The one stick among `sticks` that carries an event folder (a real folder, not a link); none,
/// or two, say what to do.
pub(crate) fn the_event_stick(sticks: &[Stick]) -> Result<&Stick, String> {
    let carrying: Vec<&Stick> = sticks
        .iter()
        .filter(|s| std::fs::symlink_metadata(s.root.join(EVENT_FOLDER)).is_ok_and(|m| m.is_dir()))
        .collect();
    match carrying[..] {
        [] => Err(format!(
            "no event stick found: put in the USB stick that holds the event's {EVENT_FOLDER} folder, and restart the station"
        )),
        [one] => Ok(one),
        [a, b, ..] => Err(format!(
            "two sticks carry an event, {} and {}: take out every stick but the event's, and restart the station",
            shown(&a.name),
            shown(&b.name)
        )),
    }
}

/// The file `name` of the event folder on `stick`, read as an attacker would have written it:
/// a regular file, no link followed, at most `max` bytes.
pub(crate) fn read_on(stick: &Stick, name: &str, max: u64) -> Result<Vec<u8>, String> {
    read_regular_nofollow(&stick.root.join(EVENT_FOLDER).join(name), max).map_err(|e| {
        format!(
            "the event stick {}: {EVENT_FOLDER}/{name}: {e}",
            shown(&stick.name)
        )
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_link_on_the_stick_is_not_followed_and_two_sticks_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let key_file = tmp.path().join("event-key.pub");
        let key = crate::signing::SigningKey::generate(&tmp.path().join("k")).unwrap();
        std::fs::write(&key_file, key.public().to_file_text()).unwrap();
        let secret = tmp.path().join("shadow");
        std::fs::write(&secret, "root:$6$secret\n").unwrap();
        let stick = tmp.path().join("stick");
        std::fs::create_dir_all(stick.join(EVENT_FOLDER)).unwrap();
        std::os::unix::fs::symlink(&secret, stick.join(EVENT_FOLDER).join("station")).unwrap();
        let sticks = [Stick {
            name: "sdb1".into(),
            root: stick.clone(),
        }];
        let dir = tmp.path().join("station");
        let e = first_boot(&dir, &key_file, &sticks).unwrap_err();
        assert!(e.contains("symbolic link"), "{e}");
        assert!(!e.contains("secret"), "{e}");
        assert!(!dir.join("kiosk.toml").exists());
        // Two sticks with an event: neither.
        let other = tmp.path().join("other");
        std::fs::create_dir_all(other.join(EVENT_FOLDER)).unwrap();
        let two = [
            sticks[0].clone(),
            Stick {
                name: "sdc1".into(),
                root: other,
            },
        ];
        let e = first_boot(&dir, &key_file, &two).unwrap_err();
        assert!(e.contains("sdb1") && e.contains("sdc1"), "{e}");
        // No key baked in: nothing, whatever the stick holds.
        let e = first_boot(&dir, &tmp.path().join("none.pub"), &sticks).unwrap_err();
        assert!(
            e.contains("carries no director's key") && !e.contains("--"),
            "{e}"
        );
    }
}
