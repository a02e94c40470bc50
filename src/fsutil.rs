//! Durable file writes shared by everything that replaces a file.

use std::io::Write;
use std::path::Path;

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

    #[test]
    fn a_missing_directory_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/dir/x.fst");
        assert!(write_atomically(&path, b"x").is_err());
    }
}
