//! The diagnostic log: program events and errors (not the slip log of adjudications).

use std::fs::OpenOptions;
use std::io::Write;
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
            let _ = WriteLogger::init(LevelFilter::Info, log_config, WholeLines::new(file));
        }
        Err(e) => eprintln!(
            "wordjudge: warning: cannot open diagnostic log {}: {e} (continuing without it)",
            path.display()
        ),
    }
}

/// Hands the file one whole line per `write`. The logger writes a record in many small pieces;
/// the station and the command line append to the same diagnostic log, and an `O_APPEND` write
/// lands whole, so one write per line keeps their lines from interleaving.
struct WholeLines {
    line: Vec<u8>,
    file: std::fs::File,
}

impl WholeLines {
    fn new(file: std::fs::File) -> WholeLines {
        WholeLines {
            line: Vec::new(),
            file,
        }
    }
}

impl Write for WholeLines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.line.extend_from_slice(buf);
        if self.line.ends_with(b"\n") {
            self.flush()?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let line = std::mem::take(&mut self.line);
        if !line.is_empty() {
            self.file.write_all(&line)?;
        }
        Ok(())
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
