//! The diagnostic log: program events and errors (not the slip log of adjudications).

use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;

use crate::Config;

/// Sends the `log` records of this run to the station's diagnostic log, if it has one. A log that
/// cannot be opened is reported once on stderr and otherwise ignored: it must never stop judging.
/// (The command line: without a diagnostic log, it records nothing beyond what it prints.)
pub fn init_logging(config: &Config) {
    if let Sink::File(file) = sink(Some(config)) {
        install(Box::new(file));
    }
}

/// The station's log: the diagnostic log when one is configured and opens, otherwise stderr
/// (the session's journal), so that director mode, wrong PINs and lock-outs are recorded
/// somewhere even without one, or with a configuration too broken to name it.
pub fn init_station_logging(config: Option<&Config>) {
    match sink(config) {
        Sink::File(file) => install(Box::new(file)),
        Sink::Stderr => install(Box::new(std::io::stderr())),
    }
}

/// Where this run's `log` records go.
#[derive(Debug)]
enum Sink {
    File(std::fs::File),
    Stderr,
}

fn sink(config: Option<&Config>) -> Sink {
    let Some(path) = config.and_then(|c| c.station.diagnostic_log.as_ref()) else {
        return Sink::Stderr;
    };
    match open_append(path) {
        Ok(file) => Sink::File(file),
        Err(e) => {
            // Never a panic for a standard error that cannot be written.
            let _ = writeln!(
                std::io::stderr(),
                "wordjudge: warning: cannot open diagnostic log {}: {e} (continuing without it)",
                path.display()
            );
            Sink::Stderr
        }
    }
}

fn install(out: Box<dyn Write + Send>) {
    // Only fails if a logger is already set, which would be a bug here; ignore it.
    // The logger lives as long as the process.
    let logger: &'static Lines = Box::leak(Box::new(Lines {
        out: std::sync::Mutex::new(out),
    }));
    if log::set_logger(logger).is_ok() {
        log::set_max_level(log::LevelFilter::Info);
    }
}

/// The diagnostic log's writer: a record a line, `TIME [LEVEL] message`, the time in UTC (RFC
/// 3339, to the nanosecond). Each line is handed over whole, in one `write`: the station and the
/// command line append to the same diagnostic log, and an `O_APPEND` write lands whole, so their
/// lines never interleave.
struct Lines {
    out: std::sync::Mutex<Box<dyn Write + Send>>,
}

impl log::Log for Lines {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Info
    }

    fn log(&self, record: &log::Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let line = format!(
            "{} [{}] {}\n",
            jiff::Timestamp::now(),
            record.level(),
            record.args()
        );
        if let Ok(mut out) = self.out.lock() {
            // A log that cannot be written must never stop judging.
            let _ = out.write_all(line.as_bytes());
        }
    }

    fn flush(&self) {
        if let Ok(mut out) = self.out.lock() {
            let _ = out.flush();
        }
    }
}

/// Opens the diagnostic log for appending: a regular file only. (On Unix a FIFO is opened
/// non-blocking, so one without a reader is an error at once instead of a station that never
/// starts.)
fn open_append(path: &Path) -> std::io::Result<std::fs::File> {
    let file =
        wordjudge_base::fsutil::without_waiting(OpenOptions::new().create(true).append(true))
            .open(path)?;
    if !file.metadata()?.is_file() {
        return Err(wordjudge_base::fsutil::not_a_regular_file());
    }
    Ok(file)
}

/// A file-size limit (`ulimit -f`, systemd's `LimitFSIZE=`) must not kill the program in the
/// middle of an adjudication: by default the kernel sends SIGXFSZ, which ends the process before
/// the verdict is shown. Ignored, the write fails with "File too large" instead, and the slip
/// log reports it like a full disk: the verdict stands and the director is told.
#[allow(unsafe_code)] // libc's `signal`: no safe call in std, nix or rustix sets a disposition
pub fn survive_file_size_limit() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler code.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(diagnostic_log: Option<std::path::PathBuf>) -> Config {
        let (_dir, path) = crate::store::testing::station_folder("DEMO", &["QI"]);
        let mut c = Config::read(&path).unwrap();
        c.station.diagnostic_log = diagnostic_log;
        c
    }

    #[test]
    fn the_station_logs_to_stderr_without_a_diagnostic_log_it_can_open() {
        assert!(matches!(sink(None), Sink::Stderr), "broken configuration");
        assert!(
            matches!(sink(Some(&config(None))), Sink::Stderr),
            "none configured"
        );
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no such folder").join("station.log");
        assert!(
            matches!(sink(Some(&config(Some(missing)))), Sink::Stderr),
            "cannot open"
        );
        let log = dir.path().join("station.log");
        assert!(matches!(
            sink(Some(&config(Some(log.clone())))),
            Sink::File(_)
        ));
        assert!(log.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_device_as_the_diagnostic_log_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo.log");
        wordjudge_base::fsutil::testing::mkfifo(&fifo);
        // Without a reader the open fails at once ("no such device or address").
        assert!(open_append(&fifo).is_err());
        let err = open_append(Path::new("/dev/null")).unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
    }
}
