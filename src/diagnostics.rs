//! The diagnostic log: program events and errors (not the slip log of adjudications).

use std::fs::OpenOptions;
use std::path::Path;

use simplelog::{ConfigBuilder, LevelFilter, WriteLogger};

use crate::config::Config;

/// Sends the `log` records of this run to the station's diagnostic log, if it has one. A log that
/// cannot be opened is reported once on stderr and otherwise ignored: it must never stop judging.
pub fn init_logging(config: &Config) {
    let Some(path) = &config.station.diagnostic_log else {
        return;
    };
    match open_append(path) {
        Ok(file) => {
            let log_config = ConfigBuilder::new()
                .set_time_format_rfc3339()
                .set_target_level(LevelFilter::Off)
                .set_thread_level(LevelFilter::Off)
                .build();
            // Only fails if a logger is already set, which would be a bug here; ignore it.
            let _ = WriteLogger::init(LevelFilter::Info, log_config, file);
        }
        Err(e) => eprintln!(
            "wordjudge: warning: cannot open diagnostic log {}: {e} (continuing without it)",
            path.display()
        ),
    }
}

fn open_append(path: &Path) -> std::io::Result<std::fs::File> {
    OpenOptions::new().create(true).append(true).open(path)
}

/// A file-size limit (`ulimit -f`, systemd's `LimitFSIZE=`) must not kill the program in the
/// middle of an adjudication: by default the kernel sends SIGXFSZ, which ends the process before
/// the verdict is shown. Ignored, the write fails with "File too large" instead, and the slip
/// log reports it like a full disk: the verdict stands and the director is told.
pub fn survive_file_size_limit() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler code.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}
