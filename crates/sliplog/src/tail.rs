//! The end of the log: where the next record goes ([`Tail`]: its number, the hash it chains
//! to), and reading the end backwards in growing windows ([`TailWindow`]) — what the writer
//! needs to find where the next record goes, and what the director's screen needs for the last
//! slips. Records are well under a kilobyte, so this costs the same on the last slip of a long
//! event as on the first.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

use super::{Slip, GENESIS};
use wordjudge_base::digest::Digest;

/// Where the next record goes: its number, the hash it chains to, and the file length after the
/// last complete record (to notice another writer).
#[derive(Debug, Clone)]
pub(super) struct Tail {
    pub(super) next: u64,
    pub(super) prev: String,
    pub(super) len: u64,
    /// The `prev` of the last record: the line hash of the record before it (checked against a
    /// head one slip behind).
    pub(super) last_links_to: String,
    /// Carried in every head written: the slip up to which the end of the log was once not
    /// anchored (see [`Head::unanchored_to`]).
    pub(super) unanchored: Option<u64>,
}

impl Tail {
    /// An empty log (of `len` bytes, all torn): slip 1 comes next, chained to the genesis.
    pub(super) fn empty(len: u64) -> Tail {
        Tail {
            next: 1,
            prev: GENESIS.to_owned(),
            len,
            last_links_to: GENESIS.to_owned(),
            unanchored: None,
        }
    }

    /// After `slip`, whose line is `line`, ending at byte `len` of the log.
    pub(super) fn after(slip: &Slip, line: &[u8], len: u64) -> Tail {
        Tail {
            next: slip.slip + 1,
            prev: Digest::of(line).to_string(),
            len,
            last_links_to: slip.prev.clone(),
            unanchored: None,
        }
    }
}

/// The last bytes of a file, from `start` to its end.
#[derive(Debug)]
pub(super) struct TailWindow {
    pub start: u64,
    pub bytes: Vec<u8>,
}

/// The most of a log's end read at once: far more than any `lines` records, so a window this
/// size without them ends in lines longer than any record (a hostile or broken file), which is
/// not read further (and not held: a log whose last line is a gigabyte costs 1 MiB).
pub(super) const MAX_WINDOW: u64 = 16 * super::MAX_RECORD_LINE as u64;

impl TailWindow {
    /// Reads the end of `file` (`len` bytes long): `first` bytes, then four times as many each
    /// time, until the window holds at least `lines` whole lines, or the whole file, or
    /// [`MAX_WINDOW`] bytes ([`TailWindow::cut_short`] then says so).
    pub fn read(
        file: &mut File,
        len: u64,
        first: u64,
        lines: usize,
    ) -> std::io::Result<TailWindow> {
        let mut size = first.min(MAX_WINDOW);
        loop {
            let start = len.saturating_sub(size);
            let mut bytes = Vec::with_capacity((len - start) as usize);
            file.seek(SeekFrom::Start(start))?;
            Read::by_ref(file)
                .take(len - start)
                .read_to_end(&mut bytes)?;
            let window = TailWindow { start, bytes };
            if start == 0 || size >= MAX_WINDOW || window.whole_lines().len() >= lines {
                return Ok(window);
            }
            size = (size * 4).min(MAX_WINDOW);
        }
    }

    /// Whether the window stopped at [`MAX_WINDOW`] before the file's start with no whole line
    /// in it: the log's last line (or the one before a torn end) is longer than any record.
    pub(crate) fn cut_short(&self) -> bool {
        self.start > 0 && self.whole_lines().is_empty()
    }

    /// Where the bytes after the last newline start (0 when there is no newline).
    pub fn complete(&self) -> usize {
        self.bytes
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
    }

    /// The lines that lie wholly in the window, oldest first, without their newlines, each with
    /// its offset in the window. The first line is left out unless the window starts the file
    /// (it may be the end of a longer one), and so are the bytes after the last newline.
    pub(crate) fn whole_lines(&self) -> Vec<(usize, &[u8])> {
        let complete = self.complete();
        if complete == 0 {
            return Vec::new();
        }
        let mut lines = Vec::new();
        let mut at = 0;
        for line in self.bytes[..complete - 1].split(|&b| b == b'\n') {
            lines.push((at, line));
            at += line.len() + 1;
        }
        if self.start > 0 {
            lines.remove(0);
        }
        lines
    }

    /// The bytes after the last newline: a torn line, or a record that lost its newline.
    pub(crate) fn trailing(&self) -> &[u8] {
        &self.bytes[self.complete()..]
    }
}
