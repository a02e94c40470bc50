//! Printing dockets ([`crate`]) on the printer `[printer]` names: a CUPS queue, through
//! the system's `lp`, or a receipt printer's device, as ESC/POS bytes.
//!
//! Printing never holds a station up: `lp` is stopped, and a device given up, after
//! [`PRINT_TIMEOUT`] (a hung print server or a printer out of paper must not hang a station or the
//! director's command line), and every failure is a [`PrintError`] saying what to check. The
//! verdict and its slip never depend on it: a docket is printed after the slip is written.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::Docket;
use wordjudge_config::PrinterConfig;

/// How long printing one docket may take before it is given up.
pub const PRINT_TIMEOUT: Duration = Duration::from_secs(15);

/// Why a docket was not printed.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error("cannot print to CUPS queue {queue}: the `lp` command was not found on the PATH; install the CUPS client (Debian: sudo apt-get install cups-client), or set [printer] escpos_device for a receipt printer without CUPS")]
    LpMissing { queue: String },
    #[error("cannot print to CUPS queue {queue}: running `lp` failed: {source}")]
    LpNotRun {
        queue: String,
        source: std::io::Error,
    },
    #[error("CUPS did not take the docket for queue {queue}: {message}; check that the queue exists and accepts jobs (`lpstat -p {queue}`) and that {server} is running (`lpstat -r`)")]
    Refused {
        queue: String,
        message: String,
        server: String,
    },
    #[error("CUPS did not take the docket for queue {queue} within {seconds} s, so `lp` was stopped; check that {server} is running and answering (`lpstat -r`)")]
    TimedOut {
        queue: String,
        seconds: u64,
        server: String,
    },
    #[error("cannot open the receipt printer {}: {source}; check that [printer] escpos_device names the printer's device (e.g. /dev/usb/lp0), that it is plugged in and switched on, and that this user may write to it", device.display())]
    DeviceOpen {
        device: PathBuf,
        source: std::io::Error,
    },
    #[error("{} is not a receipt printer's device but {what}: a docket would be appended to it, so nothing was printed; set [printer] escpos_device to the printer's device (e.g. /dev/usb/lp0)", device.display())]
    NotADevice { device: PathBuf, what: &'static str },
    #[error("cannot write to the receipt printer {}: {source}; check that it is switched on, connected and has paper, then print again (`wordjudge slips print N`)", device.display())]
    DeviceWrite {
        device: PathBuf,
        source: std::io::Error,
    },
    #[error("the receipt printer {} took no data for {seconds} s (offline, out of paper or its cover open?); check it, then print again (`wordjudge slips print N`)", device.display())]
    DeviceTimedOut { device: PathBuf, seconds: u64 },
    #[error(
        "cannot make ESC/POS commands for the docket: {0} (a fault in wordjudge: please report it)"
    )]
    Encode(String),
}

/// Prints `docket` on `printer`; `title` names the job in the print queue (CUPS shows it in
/// `lpstat`; a receipt printer ignores it).
pub fn print(printer: &PrinterConfig, docket: &Docket, title: &str) -> Result<(), PrintError> {
    match printer {
        PrinterConfig::Cups { queue } => print_cups(queue, docket, title),
        PrinterConfig::EscPos { device } => print_escpos(device, docket),
    }
}

// ---------------------------------------------------------------------------------------------
// CUPS.

/// `lp -d QUEUE -t TITLE`, the docket on its standard input, in the caller's environment (so
/// `CUPS_SERVER` and the user's `~/.cups/client.conf` apply).
fn print_cups(queue: &str, docket: &Docket, title: &str) -> Result<(), PrintError> {
    let mut lp = Command::new("lp");
    lp.args(["-d", queue, "-t", title]);
    let finished = match run(lp, docket.text().into_bytes(), PRINT_TIMEOUT) {
        Ok(finished) => finished,
        Err(Run::NotStarted(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(PrintError::LpMissing {
                queue: queue.to_owned(),
            })
        }
        Err(Run::NotStarted(source)) => {
            return Err(PrintError::LpNotRun {
                queue: queue.to_owned(),
                source,
            })
        }
        Err(Run::TimedOut) => {
            return Err(PrintError::TimedOut {
                queue: queue.to_owned(),
                seconds: PRINT_TIMEOUT.as_secs(),
                server: server(),
            })
        }
    };
    if finished.status.success() {
        return Ok(());
    }
    let said = String::from_utf8_lossy(&finished.stderr);
    let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
    Err(PrintError::Refused {
        queue: queue.to_owned(),
        message: if said.is_empty() {
            format!("`lp` failed ({})", finished.status)
        } else {
            said
        },
        server: server(),
    })
}

/// The print server `lp` talks to, for messages.
fn server() -> String {
    match std::env::var("CUPS_SERVER") {
        Ok(s) if !s.is_empty() => format!("the CUPS server {s} (CUPS_SERVER)"),
        _ => "the CUPS server (cupsd)".to_owned(),
    }
}

/// How a program run by [`run`] ended.
#[derive(Debug)]
struct Finished {
    status: ExitStatus,
    stderr: Vec<u8>,
}

/// Why [`run`] has no [`Finished`].
#[derive(Debug)]
enum Run {
    NotStarted(std::io::Error),
    /// Still running at the deadline: killed.
    TimedOut,
}

/// Runs `command` with `input` on its standard input, standard output discarded and standard
/// error kept; kills it if it has not finished within `timeout`.
fn run(mut command: Command, input: Vec<u8>, timeout: Duration) -> Result<Finished, Run> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(Run::NotStarted)?;
    // Fed and read on their own threads, so that a program that reads nothing or writes much
    // cannot block this one past the deadline. A write error (the program left without reading)
    // shows in its exit status.
    let stdin = child.stdin.take();
    std::thread::spawn(move || {
        if let Some(mut stdin) = stdin {
            let _ = stdin.write_all(&input);
        }
    });
    let stderr = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(stderr) = stderr {
            let _ = stderr.take(64 * 1024).read_to_end(&mut bytes);
        }
        bytes
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
            Ok(None) | Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Run::TimedOut);
            }
        }
    };
    let stderr = reader.join().unwrap_or_default();
    Ok(Finished { status, stderr })
}

// ---------------------------------------------------------------------------------------------
// ESC/POS.

/// The docket as ESC/POS commands: initialise (`ESC @`), each line (`ESC d 1` after it), a
/// feed past the tear bar (`ESC d 3`), and a full cut (`GS V A 0`). A docket's text is ASCII
/// (every text on it is made so), which an ESC/POS printer prints as it is in every code page;
/// anything else is refused, never sent.
pub(crate) fn escpos_bytes(docket: &Docket) -> Result<Vec<u8>, PrintError> {
    const INIT: &[u8] = b"\x1b@";
    const LINE: &[u8] = b"\x1bd\x01";
    const TEAR: &[u8] = b"\x1bd\x03";
    const CUT: &[u8] = b"\x1dVA\x00";
    let mut bytes = INIT.to_vec();
    for line in docket.lines() {
        if !line.is_ascii() || line.bytes().any(|b| b.is_ascii_control()) {
            return Err(PrintError::Encode(format!(
                "the docket line {line:?} is not plain ASCII text"
            )));
        }
        bytes.extend_from_slice(line.as_bytes());
        bytes.extend_from_slice(LINE);
    }
    bytes.extend_from_slice(TEAR);
    bytes.extend_from_slice(CUT);
    Ok(bytes)
}

/// Writes the docket's ESC/POS bytes to `device`, which must exist (a missing device is an
/// error, never a new file) and be a device or a FIFO: a regular file or a folder is refused
/// untouched (it may be one of the station's own files).
fn print_escpos(device: &Path, docket: &Docket) -> Result<(), PrintError> {
    let bytes = escpos_bytes(docket)?;
    if device.is_dir() {
        return Err(PrintError::NotADevice {
            device: device.to_owned(),
            what: "a folder",
        });
    }
    // Non-blocking on Unix: a printer that takes nothing (offline, out of paper) makes writes
    // fail with WouldBlock, retried until the deadline, instead of blocking for ever; a FIFO
    // with no reader is refused at once.
    let mut file = wordjudge_base::fsutil::without_waiting(
        std::fs::OpenOptions::new().append(true).create(false),
    )
    .open(device)
    .map_err(|source| PrintError::DeviceOpen {
        device: device.to_owned(),
        source,
    })?;
    // What was opened, not what the name said a moment before.
    let kind = file
        .metadata()
        .map_err(|source| PrintError::DeviceOpen {
            device: device.to_owned(),
            source,
        })?
        .file_type();
    if kind.is_file() || kind.is_dir() {
        return Err(PrintError::NotADevice {
            device: device.to_owned(),
            what: if kind.is_dir() {
                "a folder"
            } else {
                "a regular file"
            },
        });
    }
    write_before(&mut file, &bytes, Instant::now() + PRINT_TIMEOUT).map_err(|e| {
        if e.kind() == std::io::ErrorKind::TimedOut {
            PrintError::DeviceTimedOut {
                device: device.to_owned(),
                seconds: PRINT_TIMEOUT.as_secs(),
            }
        } else {
            PrintError::DeviceWrite {
                device: device.to_owned(),
                source: e,
            }
        }
    })
}

/// Writes all of `bytes` to a possibly non-blocking `out`, retrying while it would block, until
/// `deadline` (then `TimedOut`).
fn write_before(out: &mut impl Write, mut bytes: &[u8], deadline: Instant) -> std::io::Result<()> {
    while !bytes.is_empty() {
        match out.write(bytes) {
            Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock && Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                return Err(std::io::ErrorKind::TimedOut.into())
            }
            Err(e) => return Err(e),
        }
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docket() -> Docket {
        let slip: wordjudge_sliplog::Slip = serde_json::from_value(serde_json::json!({
            "slip": 3, "station": "s1", "time": "2026-11-24T13:32:07Z", "kind": "challenge",
            "division": "main", "lexicons": [{"code": "TWL", "sha256": "ab".repeat(32)}],
            "words": ["QI", "ZA"], "verdict": "ACCEPTABLE", "detail": [],
            "prev": "0".repeat(64), "seal": "cd".repeat(32)
        }))
        .unwrap();
        crate::docket(&slip, Some("Open"), &wordjudge_base::clock::TimeZone::UTC)
    }

    #[test]
    fn escpos_bytes_are_init_then_each_line_then_feed_and_cut() {
        let docket = docket();
        let bytes = escpos_bytes(&docket).unwrap();
        let mut expected = b"\x1b@".to_vec();
        for line in docket.lines() {
            expected.extend_from_slice(line.as_bytes());
            expected.extend_from_slice(b"\x1bd\x01");
        }
        expected.extend_from_slice(b"\x1bd\x03\x1dVA\x00");
        assert_eq!(bytes, expected);
        // A line that is not plain ASCII (a docket never has one) is refused, never sent.
        for odd in ["CAFÉ", "QI\x1b@"] {
            let mut bad = docket.clone();
            bad.lines.push(odd.to_owned());
            assert!(
                matches!(escpos_bytes(&bad), Err(PrintError::Encode(_))),
                "{odd:?}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_program_still_running_at_the_deadline_is_killed() {
        let mut sleep = Command::new("sleep");
        sleep.arg("30");
        // `run` returns `TimedOut` only once the program is killed and reaped.
        let result = run(sleep, b"docket\n".to_vec(), Duration::from_millis(300));
        assert!(matches!(result, Err(Run::TimedOut)), "{result:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_program_gets_the_docket_on_stdin_and_its_stderr_is_kept() {
        let mut sh = Command::new("sh");
        sh.args(["-c", "read line; echo \"got $line\" >&2; exit 3"]);
        let finished = run(sh, b"docket\n".to_vec(), Duration::from_secs(10)).unwrap();
        assert_eq!(finished.status.code(), Some(3));
        assert_eq!(finished.stderr, b"got docket\n");
    }

    #[test]
    fn a_missing_program_is_not_started() {
        let missing = Command::new("wordjudge-no-such-program-lp");
        let result = run(missing, Vec::new(), Duration::from_secs(1));
        assert!(
            matches!(&result, Err(Run::NotStarted(e)) if e.kind() == std::io::ErrorKind::NotFound),
            "{result:?}"
        );
    }

    #[test]
    fn a_missing_device_is_an_error_and_is_not_created() {
        let dir = tempfile::tempdir().unwrap();
        let device = dir.path().join("lp0");
        let printer = PrinterConfig::EscPos {
            device: device.clone(),
        };
        let err = print(&printer, &docket(), "t").unwrap_err();
        assert!(matches!(err, PrintError::DeviceOpen { .. }), "{err}");
        assert!(err.to_string().contains("lp0"), "{err}");
        assert!(!device.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_the_escpos_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let device = dir.path().join("lp0");
        let printer = wordjudge_base::fsutil::testing::Fifo::new(&device);
        print(
            &PrinterConfig::EscPos {
                device: device.clone(),
            },
            &docket(),
            "t",
        )
        .unwrap();
        assert_eq!(printer.received(), escpos_bytes(&docket()).unwrap());
    }

    /// Issue 27: a regular file as the printer took every docket, whatever file it was (the
    /// slip log, event.toml, a file outside the station).
    #[test]
    fn a_regular_file_or_a_folder_is_no_printer_and_is_left_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("event.toml");
        std::fs::write(&file, b"format = 1\n").unwrap();
        for (device, what) in [
            (file.clone(), "a regular file"),
            (dir.path().to_owned(), "a folder"),
        ] {
            let err = print(&PrinterConfig::EscPos { device }, &docket(), "t").unwrap_err();
            assert!(
                matches!(&err, PrintError::NotADevice { what: w, .. } if *w == what),
                "{err}"
            );
        }
        assert_eq!(std::fs::read(&file).unwrap(), b"format = 1\n");
    }

    /// A writer that would block `blocks` times, then takes everything.
    struct Busy {
        blocks: usize,
        taken: Vec<u8>,
    }

    impl Write for Busy {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.blocks > 0 {
                self.blocks -= 1;
                return Err(std::io::ErrorKind::WouldBlock.into());
            }
            self.taken.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_busy_device_is_retried_until_the_deadline_then_given_up() {
        let mut busy = Busy {
            blocks: 2,
            taken: Vec::new(),
        };
        let later = Instant::now() + Duration::from_secs(10);
        write_before(&mut busy, b"docket", later).unwrap();
        assert_eq!(busy.taken, b"docket");
        let mut stuck = Busy {
            blocks: usize::MAX,
            taken: Vec::new(),
        };
        let err = write_before(&mut stuck, b"docket", Instant::now()).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::TimedOut);
    }
}
