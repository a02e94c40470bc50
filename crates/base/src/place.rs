//! Where a path really leads ([`Place`]): an existing file by its device and inode (so a hard
//! link, a symbolic link or a path through `..` is the file it leads to); a file that does not
//! exist yet by its deepest existing folder and the rest of its path (so `lexicons/../slips.jsonl`
//! is `slips.jsonl`, and a dangling symbolic link is what it points to). Elsewhere than Unix, by
//! canonical paths. The station's map of its files (`layout::StationMap`) compares places.
//!
//! It opens no file (but `stat`s them, to tell where a path leads).

use std::path::{Component, Path, PathBuf};

/// Where a path really is (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place(Key);

#[derive(Debug, Clone, PartialEq, Eq)]
enum Key {
    /// An existing file, by device and inode (Unix): a hard link, a symbolic link or a path
    /// through `..` to it is the same file.
    File(u64, u64),
    /// A file not there yet: the deepest folder of its path that exists (device and inode),
    /// and the rest of the path with `.` and `name/..` taken out.
    Missing((u64, u64), PathBuf),
    /// Where there are no inodes: the canonical path, or for a file not there yet its
    /// deepest existing folder's canonical path and the rest.
    Path(PathBuf),
}

impl Place {
    /// Where `path` is, or would be once written. One `stat` for an existing file, one per
    /// missing folder level otherwise (it is asked on every start of every command: no walk
    /// of the whole path with `readlink`).
    pub fn of(path: &Path) -> Place {
        Place::resolve(path, 0)
    }

    fn resolve(path: &Path, depth: u32) -> Place {
        if let Some(id) = identity(path) {
            return Place(id_key(id, path));
        }
        // A dangling symbolic link is where it points (at most 40 links deep, as the kernel).
        if depth < 40 {
            if let Ok(target) = std::fs::read_link(path) {
                let target = match target.is_absolute() {
                    true => target,
                    false => crate::fsutil::parent_dir(path).join(target),
                };
                return Place::resolve(&target, depth + 1);
            }
        }
        // Not there yet: the deepest folder that exists, then the rest.
        let absolute = match path.is_absolute() {
            true => path.to_owned(),
            false => std::env::current_dir().unwrap_or_default().join(path),
        };
        let mut existing = absolute.as_path();
        let mut rest = Vec::new();
        loop {
            match (existing.parent(), existing.file_name()) {
                (Some(parent), Some(name)) => {
                    rest.push(name.to_owned());
                    existing = parent;
                }
                // `..` after a folder that is not there (`missing/../x`): take it away by the
                // letters, then look again; a root that is not there: as written.
                _ => {
                    let plain = lexical(&absolute);
                    if plain != absolute && depth < 40 {
                        return Place::resolve(&plain, depth + 1);
                    }
                    return Place(Key::Path(plain));
                }
            }
            if let Some(id) = identity(existing) {
                let rest: PathBuf = rest.iter().rev().collect();
                return Place(match id {
                    Some(inode) => Key::Missing(inode, lexical(&rest)),
                    None => Key::Path(lexical(&id_path(existing).join(rest))),
                });
            }
        }
    }

    /// Whether the two are one file.
    pub fn same(&self, other: &Place) -> bool {
        self == other
    }
}

/// `Some` when `path` exists: `Some(Some((device, inode)))` on Unix, `Some(None)` elsewhere.
fn identity(path: &Path) -> Option<Option<(u64, u64)>> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(Some((meta.dev(), meta.ino())))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some(None)
    }
}

fn id_key(id: Option<(u64, u64)>, path: &Path) -> Key {
    match id {
        Some((dev, ino)) => Key::File(dev, ino),
        None => Key::Path(id_path(path)),
    }
}

/// The canonical path of an existing `path` (where there are no inodes to compare).
fn id_path(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| lexical(path))
}

/// `path` with `.` and `name/..` taken out, without asking the file system.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_through_a_folder_and_back_is_the_file_it_names_even_before_it_exists() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("lexicons")).unwrap();
        let log = Place::of(&dir.path().join("slips.jsonl"));
        let round = Place::of(&dir.path().join("lexicons/../slips.jsonl"));
        assert!(log.same(&round), "{log:?} {round:?}");
        let deeper = Place::of(&dir.path().join("missing/../slips.jsonl"));
        assert!(log.same(&deeper), "{deeper:?}");
        assert!(!log.same(&Place::of(&dir.path().join("other.jsonl"))));
    }

    #[cfg(unix)]
    #[test]
    fn a_hard_link_and_a_symbolic_link_are_the_file_they_link_to() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("slips.jsonl");
        std::fs::write(&log, b"").unwrap();
        std::fs::hard_link(&log, dir.path().join("dockets.bin")).unwrap();
        std::os::unix::fs::symlink(&log, dir.path().join("link.bin")).unwrap();
        // A dangling link to a file not written yet.
        std::os::unix::fs::symlink("head.later", dir.path().join("dangling.bin")).unwrap();
        let place = Place::of(&log);
        assert!(
            place.same(&Place::of(&dir.path().join("dockets.bin"))),
            "hard link"
        );
        assert!(
            place.same(&Place::of(&dir.path().join("link.bin"))),
            "symbolic link"
        );
        assert!(Place::of(&dir.path().join("dangling.bin"))
            .same(&Place::of(&dir.path().join("head.later"))));
    }
}
