//! Durable file writes shared by everything that replaces a file, and reads that only ever take
//! a regular file of bounded size.

use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;

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
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a folder, device or pipe cannot be read as one)",
        ));
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
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
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

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_to_string(path: &Path, max_bytes: u64) -> std::io::Result<String> {
    String::from_utf8(read_regular(path, max_bytes)?)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e.utf8_error()))
}

/// Replaces `path` with `bytes` atomically: written to a temporary file in the same directory,
/// flushed to disk, renamed over `path`, then the directory is flushed. A crash at any moment
/// leaves either the old file or the new one, never a mixture.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = parent_dir(path);
    let mut tmp = tempfile::Builder::new()
        .prefix(".wordjudge-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    // A temporary file is private (0600); the result should be readable like any other file, or
    // keep the permissions of the file it replaces.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let permissions = match std::fs::metadata(path) {
            Ok(old) => old.permissions(),
            Err(_) => std::fs::Permissions::from_mode(0o644),
        };
        tmp.as_file().set_permissions(permissions)?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir)
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

#[cfg(test)]
mod tests {
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
        assert!(std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
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
        std::fs::write(&file, b"\xff").unwrap();
        assert_eq!(
            read_regular_to_string(&file, 5).unwrap_err().kind(),
            std::io::ErrorKind::InvalidData
        );
    }

    #[test]
    fn a_missing_directory_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/dir/x.fst");
        assert!(write_atomically(&path, b"x").is_err());
    }
}
