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

/// Installs the event from the one stick among `sticks` that carries one, as a station whose
/// folder is `dir`, if the key in `key_file` (the image's) signed it; otherwise why not, in words
/// a director can act on.
pub fn first_boot(dir: &Path, key_file: &Path, sticks: &[Stick]) -> Result<Installed, String> {
    let key = wordjudge_base::fsutil::read_regular_to_string(key_file, 4096)
        .map_err(|e| e.to_string())
        .and_then(|text| PublicKey::parse(&text))
        .map_err(|e| {
            log::warn!("the image's key {}: {e}", key_file.display());
            "this station image carries no director's key, so it installs no event: build the image again on your machine, giving it your public key (docs/deploy.md, \"A station image\"), and write it to this machine".to_owned()
        })?;
    let stick = the_event_stick(sticks)?;
    let station = read_on(stick, "station", 256).map_err(|e| {
        let missing = std::fs::symlink_metadata(stick.root.join(EVENT_FOLDER).join("station"))
            .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound);
        let what = if missing {
            format!(
                "the event stick {} has no station file in its {EVENT_FOLDER} folder",
                shown(&stick.name)
            )
        } else {
            e
        };
        format!("{what}: write this station's number there, one line (e.g. 7), in a file named station, and restart the station")
    })?;
    let station = String::from_utf8_lossy(&station);
    let station = station.lines().next().unwrap_or("").trim();
    install_from(stick, station, dir, Some(&key))
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
