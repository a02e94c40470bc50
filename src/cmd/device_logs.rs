//! Table devices' log files (`.wjlog`, `wordjudge::sliplog::device_file`: the log and its head
//! in one download) given to `slips verify --log` or `slips merge`: each is put side by side as a
//! log and its head, `DEVICE-FP.jsonl` and `.head`, in a folder of this command's that lives as
//! long as it does, and said so; the rest of the command reads them as any log. Everything else
//! is passed on as it was given.

use std::path::{Path, PathBuf};

use wordjudge::sliplog::device_file;

/// The paths to read, and the folder holding the logs unpacked from device files (removed when
/// this is dropped).
pub struct Unpacked {
    _dir: Option<tempfile::TempDir>,
    pub paths: Vec<PathBuf>,
}

/// `paths`, each device log file among them unpacked (see the module).
pub fn unpacked(paths: &[PathBuf]) -> Result<Unpacked, String> {
    let mut dir: Option<tempfile::TempDir> = None;
    let mut out = Vec::new();
    for path in paths {
        if !is_device_file(path) {
            out.push(path.clone());
            continue;
        }
        let bytes = wordjudge::base::fsutil::read_regular(path, device_file::MAX_BYTES)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let file = device_file::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = safe_name(&format!("{}-{}", file.device, file.event));
        let folder = match &dir {
            Some(d) => d.path().to_owned(),
            None => {
                let d = tempfile::Builder::new()
                    .prefix("wordjudge-device-logs-")
                    .tempdir()
                    .map_err(|e| format!("cannot make a folder for the device's log: {e}"))?;
                let p = d.path().to_owned();
                dir = Some(d);
                p
            }
        };
        let log = folder.join(format!("{name}.jsonl"));
        if log.exists() {
            return Err(format!(
                "{}: a second log file of device {} in event {}: give each device's log once",
                path.display(),
                file.device,
                file.event
            ));
        }
        std::fs::write(&log, &file.log)
            .and_then(|()| std::fs::write(wordjudge::sliplog::head_path(&log), &file.head))
            .map_err(|e| format!("cannot unpack {}: {e}", path.display()))?;
        outln!(
            "{}: table device {}'s log of event {}, read as {} and its head",
            path.display(),
            wordjudge::base::text::shown(&file.device),
            wordjudge::base::text::shown(&file.event),
            log.display()
        );
        out.push(log);
    }
    Ok(Unpacked {
        _dir: dir,
        paths: out,
    })
}

/// Whether the file at `path` begins as a device's log file: a regular file only (a FIFO in
/// place of a log is never opened here, so nothing waits on it).
fn is_device_file(path: &Path) -> bool {
    use std::io::Read;
    let Ok((mut file, _)) = wordjudge::base::fsutil::open_regular(path, device_file::MAX_BYTES)
    else {
        return false;
    };
    let mut start = [0u8; 64];
    let n = file.read(&mut start).unwrap_or(0);
    device_file::is_device_file(&start[..n])
}

/// `name` with only letters, digits, `-` and `_` (a device id and a fingerprint are such).
fn safe_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
