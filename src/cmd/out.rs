//! What the commands print, without a panic when standard output or standard error cannot take it.
//!
//! `println!` panics (exit 101) when standard output is closed (`wordjudge slips list | head -1`)
//! or full (`wordjudge judge … > /dev/full`). The commands print with `outln!`
//! instead: the first failed write is kept and everything after it is dropped, so the command
//! still finishes what it does (a slip already written stays written, a lexicon being added is
//! added) and `main` then exits with [`EXIT_OUTPUT`](super::EXIT_OUTPUT) — quietly for a broken
//! pipe (the reader chose to stop reading), with a message otherwise. Standard error is written
//! with `errln!`, which drops what cannot be written: there is nowhere left to say so.

use std::fmt;
use std::io::Write;
use std::sync::Mutex;

/// The first error writing to standard output, if there was one.
static FAILED: Mutex<Option<std::io::Error>> = Mutex::new(None);

/// Runs `write` on standard output unless an earlier write failed; a failure is kept for
/// [`finish`].
fn unless_failed(write: impl FnOnce(&mut std::io::StdoutLock) -> std::io::Result<()>) {
    let mut failed = FAILED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if failed.is_none() {
        if let Err(e) = write(&mut std::io::stdout().lock()) {
            *failed = Some(e);
        }
    }
}

/// Writes to standard output unless an earlier write failed; a failure is kept for [`finish`].
pub fn write(args: fmt::Arguments) {
    unless_failed(|out| out.write_fmt(args));
}

/// Standard output as an [`std::io::Write`] for writers such as `csv`, with the same rule: the
/// first failure is kept for [`finish`] and reported there, not to the writer.
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        unless_failed(|out| out.write_all(buf));
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Writes to standard error, dropping what cannot be written.
pub fn write_err(args: fmt::Arguments) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// Flushes standard output and returns the first error writing to it, if any.
pub fn finish() -> Option<std::io::Error> {
    let mut failed = FAILED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if failed.is_none() {
        if let Err(e) = std::io::stdout().lock().flush() {
            *failed = Some(e);
        }
    }
    failed.take()
}

/// `println!` that never panics: see the module.
macro_rules! outln {
    () => { $crate::cmd::out::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::cmd::out::write(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` that never panics: see the module.
macro_rules! errln {
    ($($arg:tt)*) => { $crate::cmd::out::write_err(format_args!("{}\n", format_args!($($arg)*))) };
}
