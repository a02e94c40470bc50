//! A station folder as root reads and writes it: no symbolic link followed, and no file with a
//! second hard link taken for the station's own.
//!
//! On a packaged or imaged station the folder is split by who writes it (`layout::own_dir`): the
//! station's account creates names only in `own/`, where its own files are, and root reads them
//! there. In a flat folder (an older package's, `1770 root:wordjudge`, or a director's own) it
//! can create names beside root's files. A link it puts where root writes (`kiosk.toml` → a folder of its own)
//! would hand it root's configuration; a link where root reads (a log's head → `/etc/shadow`)
//! would hand it root's secrets. So every name root writes or reads in a station folder goes
//! through here: a link at the name is refused with a message naming it, a folder on the way is
//! opened without following a link (`O_NOFOLLOW` at every component below the folder root was
//! given), and a write renames over the name itself, so that a link planted a moment after the
//! check is replaced, never followed.

use std::io::Read;
use std::path::Path;

use super::fsutil;

/// The error for a link found at `path`.
fn planted(path: &Path) -> std::io::Error {
    let target = std::fs::read_link(path)
        .map(|t| format!(" (to {})", t.display()))
        .unwrap_or_default();
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!(
            "{} is a symbolic link{target}: not followed (whoever can write in that folder may have put it there); remove it, then try again",
            path.display()
        ),
    )
}

/// Refuses a symbolic link at `path` (a missing name is fine).
pub fn refuse_link(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Err(planted(path)),
        _ => Ok(()),
    }
}

/// Refuses a link at `path`, or a name there that belongs to another account than root and the
/// one running this (a file the station's account put where root will write).
pub fn refuse_planted(path: &Path) -> std::io::Result<()> {
    refuse_link(path)?;
    match fsutil::foreign_owner(path) {
        Some(uid) => Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            format!(
                "{} belongs to uid {uid}, neither root nor the user running this: another account (the station's own, say) put it there, and it is not taken; remove it, then try again",
                path.display()
            ),
        )),
        None => Ok(()),
    }
}

/// Makes sure `dir` is a real folder of this process's own user — not a link, nor a folder
/// another account made — creating it (one level) when it is missing.
pub fn own_dir(dir: &Path) -> std::io::Result<()> {
    refuse_link(dir)?;
    match std::fs::create_dir(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => {
            return Err(std::io::Error::new(
                e.kind(),
                format!("{}: {e}", dir.display()),
            ))
        }
    }
    let meta = std::fs::symlink_metadata(dir)?;
    if meta.file_type().is_symlink() {
        return Err(planted(dir));
    }
    if !meta.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} is not a folder", dir.display()),
        ));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let me = nix::unistd::geteuid().as_raw();
        if meta.uid() != me {
            return Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                format!(
                    "{} belongs to uid {}, not to the user writing it (uid {me}): another account made it, so what is written there could be changed by it; remove it, then try again",
                    dir.display(),
                    meta.uid()
                ),
            ));
        }
    }
    Ok(())
}

/// Replaces `path` with `bytes` as [`fsutil::write_atomically`] does, but never through a link:
/// a link at `path` or at its folder is refused, and the rename replaces the name itself.
pub fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    refuse_link(fsutil::parent_dir(path))?;
    refuse_link(path)?;
    let mut file = fsutil::AtomicFile::create_here(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// The bytes of `path`, a regular file of at most `max_bytes` with one name (a second hard link
/// would be another file's), read without following a link at any component below `root` (or
/// at `path` itself, when it is not below `root`).
pub fn read_below(root: &Path, path: &Path, max_bytes: u64) -> std::io::Result<Vec<u8>> {
    // A station folder named by a bare `kiosk.toml` is the current one.
    let root = match root.as_os_str().is_empty() {
        true => Path::new("."),
        false => root,
    };
    let named =
        |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let file = open_below(root, path).map_err(named)?;
    let meta = file.metadata().map_err(named)?;
    if !meta.is_file() {
        return Err(named(fsutil::not_a_regular_file()));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() != 1 {
            return Err(named(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "it has {} names (hard links): another file's, not followed",
                    meta.nlink()
                ),
            )));
        }
    }
    if meta.len() > max_bytes {
        return Err(named(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} bytes, more than such a file can be", meta.len()),
        )));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max_bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(named(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "it grew while being read",
        )));
    }
    Ok(bytes)
}

#[cfg(unix)]
fn open_below(root: &Path, path: &Path) -> std::io::Result<std::fs::File> {
    use nix::fcntl::{open, openat, OFlag};
    use nix::sys::stat::Mode;
    use std::path::Component;
    let link = |e: nix::Error| match e {
        nix::Error::ELOOP | nix::Error::ENOTDIR => std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "a symbolic link (or a file) where a folder or file was expected: not followed",
        ),
        e => std::io::Error::from(e),
    };
    let (start, rest) = match path.strip_prefix(root) {
        Ok(rest) => (root, rest),
        Err(_) => (
            fsutil::parent_dir(path),
            Path::new(path.file_name().unwrap_or_default()),
        ),
    };
    let components: Vec<_> = rest.components().collect();
    if components
        .iter()
        .any(|c| !matches!(c, Component::Normal(_)))
        || components.is_empty()
    {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a plain path below its folder",
        ));
    }
    let dir_flags = OFlag::O_DIRECTORY | OFlag::O_NOFOLLOW | OFlag::O_CLOEXEC | OFlag::O_RDONLY;
    let mut dir = open(start, OFlag::O_DIRECTORY | OFlag::O_CLOEXEC, Mode::empty())?;
    let (last, folders) = components.split_last().expect("not empty");
    for folder in folders {
        dir = openat(&dir, folder.as_os_str(), dir_flags, Mode::empty()).map_err(link)?;
    }
    let file_flags = OFlag::O_RDONLY | OFlag::O_NOFOLLOW | OFlag::O_NONBLOCK | OFlag::O_CLOEXEC;
    let fd = openat(&dir, last.as_os_str(), file_flags, Mode::empty()).map_err(link)?;
    Ok(std::fs::File::from(fd))
}

#[cfg(not(unix))]
fn open_below(_root: &Path, path: &Path) -> std::io::Result<std::fs::File> {
    refuse_link(path)?;
    fsutil::open_for_reading(path)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn a_link_at_any_component_is_refused_and_named() {
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("secret");
        std::fs::write(&secret, "root's").unwrap();
        let station = dir.path().join("station");
        std::fs::create_dir_all(station.join("events/x")).unwrap();
        std::fs::write(station.join("events/x/slips.jsonl"), "a log\n").unwrap();
        assert_eq!(
            read_below(&station, &station.join("events/x/slips.jsonl"), 100).unwrap(),
            b"a log\n"
        );
        // At the file itself.
        symlink(&secret, station.join("slips.jsonl.head")).unwrap();
        let e = read_below(&station, &station.join("slips.jsonl.head"), 100).unwrap_err();
        assert!(e.to_string().contains("slips.jsonl.head"), "{e}");
        assert!(e.to_string().contains("not followed"), "{e}");
        // At a folder on the way.
        std::fs::create_dir(dir.path().join("elsewhere")).unwrap();
        std::fs::write(dir.path().join("elsewhere/slips.jsonl"), "other").unwrap();
        symlink(dir.path().join("elsewhere"), station.join("events/y")).unwrap();
        let e = read_below(&station, &station.join("events/y/slips.jsonl"), 100).unwrap_err();
        assert!(e.to_string().contains("not followed"), "{e}");
        // A second hard link.
        std::fs::hard_link(&secret, station.join("hard")).unwrap();
        let e = read_below(&station, &station.join("hard"), 100).unwrap_err();
        assert!(e.to_string().contains("hard links"), "{e}");
        // Outside the folder: the link at the name itself is still refused.
        let e = read_below(&station, &station.join("../station/slips.jsonl.head"), 100);
        assert!(e.is_err());
    }

    #[test]
    fn a_write_never_goes_through_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let own = dir.path().join("own");
        std::fs::create_dir(&own).unwrap();
        let config = dir.path().join("kiosk.toml");
        symlink(own.join("kiosk.toml"), &config).unwrap();
        let e = replace(&config, b"x").unwrap_err();
        assert!(
            e.to_string().contains("kiosk.toml is a symbolic link"),
            "{e}"
        );
        assert!(!own.join("kiosk.toml").exists(), "written through the link");
        // A folder that is a link is refused too, as a folder to write in.
        let lexicons = dir.path().join("lexicons");
        symlink(&own, &lexicons).unwrap();
        assert!(own_dir(&lexicons).is_err());
        assert!(replace(&lexicons.join("a.fst"), b"x").is_err());
        assert_eq!(std::fs::read_dir(&own).unwrap().count(), 0);
        // A plain name is written, and a folder made.
        let real = dir.path().join("real");
        own_dir(&real).unwrap();
        replace(&real.join("a"), b"y").unwrap();
        assert_eq!(std::fs::read(real.join("a")).unwrap(), b"y");
    }
}
