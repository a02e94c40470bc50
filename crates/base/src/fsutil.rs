//! Durable file writes shared by everything that replaces a file, and reads that only ever take
//! a regular file of bounded size.

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Opens `path` for reading only if it is a regular file (following symbolic links) of at most
/// `max_bytes`; returns it with its length.
///
/// A FIFO would block `open` until a writer came (on Unix it is opened non-blocking, so it does
/// not), a device such as `/dev/zero` never ends, and a file of gigabytes is never a
/// configuration or a slip log: each is an error of kind `InvalidInput` saying so, before a byte
/// is read.
pub fn open_regular(path: &Path, max_bytes: u64) -> std::io::Result<(File, u64)> {
    let file = open_for_reading(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_a_regular_file());
    }
    if meta.len() > max_bytes {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} bytes, larger than any such file can be (at most {max_bytes}) — is it the right file?",
                meta.len()
            ),
        ));
    }
    Ok((file, meta.len()))
}

/// Opens `path` for reading without waiting: on Unix a FIFO is opened non-blocking, so opening
/// one returns at once (for the caller to find it is not a regular file) instead of waiting for a
/// writer. Regular files read exactly as ever.
pub fn open_for_reading(path: &Path) -> std::io::Result<File> {
    without_waiting(std::fs::OpenOptions::new().read(true)).open(path)
}

/// `options`, set not to wait in `open` for the other end of a FIFO (Unix `O_NONBLOCK`; no
/// effect on regular files).
pub fn without_waiting(options: &mut std::fs::OpenOptions) -> &mut std::fs::OpenOptions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options
}

/// The error for a path that names a folder, device or pipe where a regular file is needed.
pub fn not_a_regular_file() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        "not a regular file (a folder, device or pipe cannot be read or written as one)",
    )
}

/// The bytes of `path`, if it is a regular file of at most `max_bytes` ([`open_regular`]). A
/// file that grows while it is read is cut at `max_bytes + 1` and refused.
pub fn read_regular(path: &Path, max_bytes: u64) -> std::io::Result<Vec<u8>> {
    let (file, len) = open_regular(path, max_bytes)?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(max_bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("grew past {max_bytes} bytes while being read"),
        ));
    }
    Ok(bytes)
}

/// [`read_regular`] without following a symbolic link at `path` itself (`O_NOFOLLOW`): what a
/// station reads from a stick it does not trust, where a link could point at its own secrets.
pub fn read_regular_nofollow(path: &Path, max_bytes: u64) -> std::io::Result<Vec<u8>> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    let file = options.open(path).map_err(|e| match e.raw_os_error() {
        #[cfg(unix)]
        Some(libc::ELOOP) => std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "a symbolic link, not a file: not followed",
        ),
        _ => e,
    })?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_a_regular_file());
    }
    if meta.len() > max_bytes {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} bytes, more than the {max_bytes} such a file can be",
                meta.len()
            ),
        ));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max_bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("grew past {max_bytes} bytes while being read"),
        ));
    }
    Ok(bytes)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_to_string(path: &Path, max_bytes: u64) -> std::io::Result<String> {
    String::from_utf8(read_regular(path, max_bytes)?).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (byte {} is not UTF-8); save it as UTF-8",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// Prefix and suffix of the temporary files [`write_atomically`] writes beside their target.
const TEMP_PREFIX: &str = ".wordjudge-";
const TEMP_SUFFIX: &str = ".tmp";

/// Replaces `path` with `bytes` atomically: written to a temporary file in the same directory,
/// flushed to disk, renamed over `path`, then the directory is flushed. A crash at any moment
/// leaves either the old file or the new one, never a mixture.
///
/// A symbolic link at `path` is followed: its target is replaced and the link stays (a station
/// whose kiosk.toml links to a shared copy updates that copy). Temporary files that an earlier
/// write killed half-way left in the directory are removed first.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// A file written as [`write_atomically`] writes one, but a piece at a time (an export of any
/// length, never held whole): nothing is at `path` until [`AtomicFile::commit`]; dropped
/// without it, the temporary file is removed and `path` is as it was.
pub struct AtomicFile {
    path: PathBuf,
    tmp: std::io::BufWriter<tempfile::NamedTempFile>,
}

impl AtomicFile {
    /// Starts a file that will replace `path` (following a symbolic link at `path`, as
    /// [`write_atomically`] does).
    pub fn create(path: &Path) -> std::io::Result<AtomicFile> {
        AtomicFile::create_here(&follow_links(path)?)
    }

    /// Starts a file that will replace the name `path` itself: a link there is replaced, not
    /// followed (what root writes in a folder another account can create names in:
    /// [`crate::nolink::replace`]).
    pub fn create_here(path: &Path) -> std::io::Result<AtomicFile> {
        let path = path.to_path_buf();
        let dir = parent_dir(&path);
        remove_stale_temporaries(dir);
        let tmp = tempfile::Builder::new()
            .prefix(TEMP_PREFIX)
            .suffix(TEMP_SUFFIX)
            .tempfile_in(dir)?;
        // Held until the file is renamed or deleted: it tells another writer's clean-up that
        // this temporary file is in use (a lock dies with its process, so a killed writer's is
        // not).
        tmp.as_file().lock()?;
        Ok(AtomicFile {
            path,
            tmp: std::io::BufWriter::with_capacity(64 * 1024, tmp),
        })
    }

    /// Flushes the file to disk, renames it over the path, and flushes the directory.
    pub fn commit(self) -> std::io::Result<()> {
        let tmp = self.tmp.into_inner().map_err(|e| e.into_error())?;
        // A temporary file is private (0600); the result should be readable like any other
        // file, or keep the permissions of the file it replaces.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // The file's own, never a link's target's ([`AtomicFile::create_here`]).
            let permissions = match std::fs::symlink_metadata(&self.path) {
                Ok(old) if old.is_file() => old.permissions(),
                _ => std::fs::Permissions::from_mode(0o644),
            };
            tmp.as_file().set_permissions(permissions)?;
        }
        tmp.as_file().sync_all()?;
        tmp.persist(&self.path).map_err(|e| e.error)?;
        sync_dir(parent_dir(&self.path))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.tmp.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.tmp.flush()
    }
}

/// The file a chain of symbolic links at `path` ends at (`path` itself when it is not a link,
/// or does not exist yet). A loop is an error, as the system's own lookup would give.
fn follow_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                path = parent_dir(&path).join(target);
            }
            _ => return Ok(path),
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("{}: too many levels of symbolic links", path.display()),
    ))
}

/// How old a temporary file must be before another writer's clean-up may take it: a writer
/// creates its file and locks it a moment later, and in that moment the file is unlocked but
/// not abandoned (two stations' `event round` at once removed each other's file before this).
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(60);

/// Removes the temporary files of [`write_atomically`] in `dir` that no running writer holds
/// and that are older than [`STALE_AFTER`] (a writer killed half-way leaves one, up to the size
/// of a lexicon). Best effort: what cannot be removed is left for next time.
fn remove_stale_temporaries(dir: &Path) {
    remove_temporaries_older_than(dir, STALE_AFTER)
}

/// Removes every temporary file of [`write_atomically`] in `dir` that no running writer holds,
/// however young: for a caller that keeps the folder's writers out (an event's install and the
/// start's tidying, under the configuration's lock), so that a write killed a moment ago leaves
/// nothing behind. A writer outside that lock that loses its file in the instant between creating
/// and locking it fails with an error when it commits: never a mixture.
pub fn remove_abandoned_temporaries(dir: &Path) {
    remove_temporaries_older_than(dir, std::time::Duration::ZERO)
}

fn remove_temporaries_older_than(dir: &Path, age: std::time::Duration) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX)) {
            continue;
        }
        if !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let young = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|m| m.elapsed().ok())
            .is_none_or(|elapsed| elapsed < age);
        if young {
            continue;
        }
        let Ok(file) = open_for_reading(&entry.path()) else {
            continue;
        };
        if file.try_lock().is_ok() && std::fs::remove_file(entry.path()).is_ok() {
            log::info!(
                "removed {}, left by a write that did not finish",
                entry.path().display()
            );
        }
    }
}

/// The directory holding `path`: `.` for a bare file name.
pub fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Flushes a directory's entries (the rename) to disk. Not possible on Windows, where the rename
/// itself is durable enough once the file was synced.
pub fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::fs::File::open(dir)?.sync_all()?;
    }
    let _ = dir;
    Ok(())
}

/// The owner of the file at `path` when it is neither root nor the account this process runs
/// as: a file another account put where this one trusts what it reads (on a packaged station,
/// the station's own account in root's folder). `None` when it is ours or root's, or missing.
pub fn foreign_owner(path: &Path) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let uid = std::fs::symlink_metadata(path).ok()?.uid();
        let me = nix::unistd::geteuid().as_raw();
        (uid != 0 && uid != me).then_some(uid)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Why the user running this must not create or write the station's own file `path` (its slip
/// log and head, `station-state.json`), if so: a file the station's account must keep writing
/// would become another user's.
///
/// - `path` exists and belongs to another user than the one running this (root included: one
///   account writes a station's log, so that it can always write the next record);
/// - `path` does not exist, the folder is laid out as a packaged or imaged station's (root's,
///   group-writable, sticky: the group is the station's account) and this runs as root — the
///   file would be root's, and the station's account could neither write nor replace it.
///
/// The message names both users and says how to run the command as the station's account.
pub fn not_the_stations_account(path: &Path) -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let me = nix::unistd::geteuid().as_raw();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.uid() != me => {
                let owner = user_name(meta.uid());
                Some(format!(
                    "{} belongs to {owner} and this runs as {}: what is written now would be left {}'s, and the station ({owner}) could not write {name} after it; run the command as the station's account: sudo -u {owner} wordjudge …",
                    path.display(),
                    user_name(me),
                    user_name(me)
                ))
            }
            Ok(_) => None,
            Err(_) => {
                let dir = std::fs::metadata(parent_dir(path)).ok()?;
                let station_layout =
                    dir.uid() == 0 && dir.gid() != 0 && dir.mode() & 0o1020 == 0o1020;
                (station_layout && me == 0).then(|| {
                    let group = group_name(dir.gid());
                    format!(
                        "{} is a station's folder (its account: {group}), and {name} must be made by that account, not by root, or the station could never write it; run the command as the station's account: sudo -u {group} wordjudge …",
                        parent_dir(path).display()
                    )
                })
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// The name of user `uid`, or the number when it has none.
#[cfg(unix)]
fn user_name(uid: u32) -> String {
    match nix::unistd::User::from_uid(nix::unistd::Uid::from_raw(uid)) {
        Ok(Some(user)) => user.name,
        _ => format!("uid {uid}"),
    }
}

/// The name of group `gid`, or the number when it has none.
#[cfg(unix)]
fn group_name(gid: u32) -> String {
    match nix::unistd::Group::from_gid(nix::unistd::Gid::from_raw(gid)) {
        Ok(Some(group)) => group.name,
        _ => format!("gid {gid}"),
    }
}

/// Test helpers for this crate's tests and the crates above it (feature `testing`).
#[cfg(any(test, feature = "testing"))]
pub mod testing {
    use std::path::Path;

    /// Makes a FIFO (named pipe) at `path`. (For other modules' tests too.)
    #[cfg(unix)]
    pub fn mkfifo(path: &Path) {
        let made = std::process::Command::new("mkfifo").arg(path).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
    }

    /// A FIFO at `path` with a reader (opened here, so that a writer can open it at once) that
    /// keeps everything written to it: a receipt printer for tests.
    #[cfg(unix)]
    pub struct Fifo {
        reader: std::fs::File,
        received: std::cell::RefCell<Vec<u8>>,
    }

    #[cfg(unix)]
    impl Fifo {
        pub fn new(path: &Path) -> Fifo {
            let made = std::process::Command::new("mkfifo").arg(path).status();
            assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
            use std::os::unix::fs::OpenOptionsExt;
            let reader = std::fs::OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(path)
                .expect("the FIFO's reader");
            Fifo {
                reader,
                received: Default::default(),
            }
        }

        /// Everything written so far.
        pub fn received(&self) -> Vec<u8> {
            let mut chunk = [0u8; 4096];
            loop {
                match std::io::Read::read(&mut &self.reader, &mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => self.received.borrow_mut().extend_from_slice(&chunk[..n]),
                }
            }
            self.received.borrow().clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.fst");
        std::fs::write(&path, b"old").unwrap();
        write_atomically(&path, b"new contents").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new contents");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn new_files_are_readable_and_replaced_files_keep_their_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new");
        write_atomically(&new, b"x").unwrap();
        assert_eq!(
            std::fs::metadata(&new).unwrap().permissions().mode() & 0o777,
            0o644
        );
        std::fs::set_permissions(&new, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&new, b"y").unwrap();
        assert_eq!(
            std::fs::metadata(&new).unwrap().permissions().mode() & 0o777,
            0o640
        );
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_of_bounded_size_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        mkfifo(&fifo);
        for path in [fifo.as_path(), Path::new("/dev/zero"), dir.path()] {
            let err = read_regular(path, 1 << 20).unwrap_err();
            assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput, "{path:?}");
            assert!(err.to_string().contains("not a regular file"), "{err}");
        }
        let file = dir.path().join("f");
        std::fs::write(&file, b"12345").unwrap();
        assert_eq!(read_regular(&file, 5).unwrap(), b"12345");
        let err = read_regular(&file, 4).unwrap_err();
        assert!(err.to_string().contains("5 bytes, larger than"), "{err}");
        // A file longer than its size says (as one that grows while it is read): /proc files
        // report 0 bytes. Cut at the limit and refused, never taken as a shorter file.
        #[cfg(target_os = "linux")]
        {
            let err = read_regular(Path::new("/proc/self/status"), 10).unwrap_err();
            assert!(err.to_string().contains("grew past 10 bytes"), "{err}");
        }
        std::fs::write(&file, b"\xff").unwrap();
        assert_eq!(
            read_regular_to_string(&file, 5).unwrap_err().kind(),
            std::io::ErrorKind::InvalidData
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_written_through_and_stale_temporaries_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("real")).unwrap();
        std::fs::write(dir.path().join("real/k.toml"), b"old").unwrap();
        std::os::unix::fs::symlink("real/k.toml", dir.path().join("link1")).unwrap();
        std::os::unix::fs::symlink("link1", dir.path().join("link2")).unwrap();
        let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        let stale = dir.path().join("real/.wordjudge-abcdef.tmp");
        File::create(&stale)
            .unwrap()
            .set_modified(an_hour_ago)
            .unwrap();
        let busy = dir.path().join("real/.wordjudge-busy00.tmp");
        let held = File::create(&busy).unwrap();
        held.set_modified(an_hour_ago).unwrap();
        held.lock().unwrap();
        // Created a moment ago by a writer that has not locked it yet: not abandoned.
        let young = dir.path().join("real/.wordjudge-young0.tmp");
        std::fs::write(&young, b"").unwrap();

        write_atomically(&dir.path().join("link2"), b"new").unwrap();
        assert!(std::fs::symlink_metadata(dir.path().join("link2"))
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(
            std::fs::read(dir.path().join("real/k.toml")).unwrap(),
            b"new"
        );
        assert!(!stale.exists(), "a temporary nobody holds is removed");
        assert!(busy.exists(), "one a writer holds is left");
        assert!(young.exists(), "one a writer has only just created is left");
        // Under the configuration's lock (the start's tidying): a young one nobody holds goes,
        // one a writer holds stays.
        remove_abandoned_temporaries(&dir.path().join("real"));
        assert!(
            !young.exists(),
            "an abandoned temporary is removed, however young"
        );
        assert!(busy.exists(), "one a writer holds is still left");

        std::os::unix::fs::symlink("loop", dir.path().join("loop")).unwrap();
        assert!(write_atomically(&dir.path().join("loop"), b"x").is_err());
    }

    #[test]
    fn a_missing_directory_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/dir/x.fst");
        assert!(write_atomically(&path, b"x").is_err());
    }
}
