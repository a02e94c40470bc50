//! Reading the log: every record, the last few (from the end), one by number.

use std::fs::File;
use std::path::Path;

use super::head::{head_path, parse_head};
use super::record::unterminated_record;
use super::tail::TailWindow;
use super::{Slip, SlipLogError, GENESIS};
use wordjudge_base::digest::Digest;

/// Reads every record (a torn last line is left out and reported in `torn`). The whole log is
/// held: for a log of any length, iterate [`Records`] instead.
pub fn read(path: &Path) -> Result<Contents, SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(SlipLogError::NotAFile {
            path: path.to_owned(),
        });
    }
    let mut records = Records::open(path)?;
    let slips = records.by_ref().collect::<Result<Vec<Slip>, _>>()?;
    Ok(Contents {
        slips,
        unreadable: records.unreadable,
        torn: records.torn,
    })
}

/// A log's records and what is wrong with it (`verify` says where).
#[derive(Debug, Clone, Default)]
pub struct Contents {
    pub slips: Vec<Slip>,
    /// How many lines are not records.
    pub unreadable: usize,
    /// Bytes after the last newline (a crash mid-write), if any.
    pub torn: Option<usize>,
}

/// The longest line read as a possible record. A slip of eight 15-letter words with every
/// lexicon's hash is under 4 KiB; a longer line is not one, and is skipped unread past this much,
/// so a hostile log's 300 MB line costs no more memory than a real one.
pub const MAX_RECORD_LINE: usize = 64 * 1024;

/// Appends to `buf` the bytes of `reader` up to and including the next newline, keeping at most
/// `max` of them (the rest of a longer line is read and dropped). Returns the bytes read and
/// whether the line was cut (then `buf` does not end with the newline even if the line did).
pub(super) fn read_line_bounded(
    reader: &mut impl std::io::BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<(usize, bool, bool)> {
    let (mut read, mut cut) = (0, false);
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((read, cut, false));
        }
        let (used, done) = match memchr::memchr(b'\n', available) {
            Some(i) => (i + 1, true),
            None => (available.len(), false),
        };
        let room = max.saturating_sub(buf.len());
        buf.extend_from_slice(&available[..used.min(room)]);
        cut |= used > room;
        reader.consume(used);
        read += used;
        if done {
            return Ok((read, cut, true));
        }
    }
}

/// The records of a log, one at a time, read line by line without holding the log (a
/// million-slip log costs a 64 KiB buffer and one line of at most [`MAX_RECORD_LINE`]). Lines that are not records are
/// skipped and counted in `unreadable`; a last line without its newline is a record when it is a
/// whole one continuing the chain (a writer keeps it), else torn (`torn`: its length).
pub struct Records<R = std::io::BufReader<File>> {
    reader: R,
    path: std::path::PathBuf,
    line: Vec<u8>,
    /// The last whole line read, and the slip number when it was a record.
    previous: Vec<u8>,
    previous_slip: Option<u64>,
    lines: usize,
    done: bool,
    pub unreadable: usize,
    pub torn: Option<usize>,
}

impl Records {
    /// The records of the log at `path` (a regular file).
    pub fn open(path: &Path) -> Result<Records, SlipLogError> {
        Ok(Records::new(
            std::io::BufReader::with_capacity(64 * 1024, open_regular(path)?),
            path,
        ))
    }
}

impl<R: std::io::BufRead> Records<R> {
    /// The records read from `reader` (the log at `path`, named in errors).
    pub fn new(reader: R, path: &Path) -> Records<R> {
        Records {
            reader,
            path: path.to_owned(),
            line: Vec::new(),
            previous: Vec::new(),
            previous_slip: None,
            lines: 0,
            done: false,
            unreadable: 0,
            torn: None,
        }
    }
}

impl<R: std::io::BufRead> Iterator for Records<R> {
    type Item = Result<Slip, SlipLogError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            self.line.clear();
            let (n, cut, ended) =
                match read_line_bounded(&mut self.reader, &mut self.line, MAX_RECORD_LINE) {
                    Ok(read) => read,
                    Err(source) => {
                        self.done = true;
                        return Some(Err(SlipLogError::Io {
                            path: self.path.clone(),
                            source,
                        }));
                    }
                };
            if n == 0 {
                self.done = true;
                return None;
            }
            if cut && !ended {
                // The last line, without its newline and longer than any record: torn.
                self.done = true;
                self.torn = Some(n);
                return None;
            }
            if !cut && self.line.last() != Some(&b'\n') {
                self.done = true;
                // Where a record that only lost its newline would continue from.
                let continues = match (self.lines, self.previous_slip) {
                    (0, _) => Some((1, GENESIS.to_owned())),
                    (_, Some(slip)) => slip
                        .checked_add(1)
                        .map(|next| (next, Digest::of(&self.previous).to_string())),
                    (_, None) => None,
                };
                let kept =
                    continues.and_then(|(next, prev)| unterminated_record(&self.line, next, &prev));
                if kept.is_none() {
                    self.torn = Some(self.line.len());
                }
                return kept.map(Ok);
            }
            self.lines += 1;
            if cut {
                // Longer than any record: not one (and not the start of the next one's chain).
                self.previous.clear();
                self.previous_slip = None;
                self.unreadable += 1;
                continue;
            }
            self.line.pop();
            std::mem::swap(&mut self.line, &mut self.previous);
            match super::record::parse(&self.previous) {
                Ok(slip) => {
                    self.previous_slip = Some(slip.slip);
                    return Some(Ok(slip));
                }
                Err(_) => {
                    self.previous_slip = None;
                    self.unreadable += 1;
                }
            }
        }
        None
    }
}

impl Contents {
    /// The record of slip `n` (the first, if a log was tampered with to hold two).
    pub fn get(&self, n: u64) -> Option<&Slip> {
        self.slips.iter().find(|s| s.slip == n)
    }
}

/// True when nothing was ever written to the log at `path`: neither it nor a head naming a slip
/// exists. (A log deleted while its head remains is not unused: `verify` reports it.)
pub fn is_unused(path: &Path) -> bool {
    let missing = |p: &Path| matches!(std::fs::symlink_metadata(p), Err(e) if e.kind() == std::io::ErrorKind::NotFound);
    missing(path)
        && (missing(&head_path(path))
            || wordjudge_base::fsutil::read_regular(&head_path(path), super::MAX_HEAD_BYTES)
                .is_ok_and(|b| matches!(parse_head(&b), Ok(None))))
}

pub(super) fn open_regular(path: &Path) -> Result<File, SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    let file = wordjudge_base::fsutil::open_for_reading(path).map_err(io)?;
    // A device such as /dev/full would never end when read.
    if !file.metadata().map_err(io)?.is_file() {
        return Err(SlipLogError::NotAFile {
            path: path.to_owned(),
        });
    }
    Ok(file)
}

/// The last whole record (a line ended by its newline) of a log's `bytes`, if it reads as one: a
/// log already read, by a caller that must not open it again.
pub fn last_record_in(bytes: &[u8]) -> Option<Slip> {
    let whole = &bytes[..bytes.iter().rposition(|&b| b == b'\n')?];
    let line = whole.rsplit(|&b| b == b'\n').next()?;
    super::record::parse(line).ok()
}

/// The last `n` records of the log, newest first, read from its end: the cost does not grow
/// with the log. Lines that are not records are left out.
pub fn read_last(path: &Path, n: usize) -> Result<Vec<Slip>, SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    let mut file = open_regular(path)?;
    let len = file.metadata().map_err(io)?.len();
    let window = TailWindow::read(&mut file, len, 16 * 1024, n).map_err(io)?;
    Ok(window
        .whole_lines()
        .iter()
        .rev()
        .filter_map(|(_, line)| super::record::parse(line).ok())
        .take(n)
        .collect())
}

/// The record of slip `n` (the first, if a log was tampered with to hold two), found by reading
/// the log line by line without holding it.
pub fn find(path: &Path, n: u64) -> Result<Option<Slip>, SlipLogError> {
    // Records are written with `slip` first; only lines that start so are parsed.
    let prefix = format!("{{\"slip\":{n},");
    first_record(
        path,
        |line| line.starts_with(prefix.as_bytes()),
        |s| s.slip == n,
    )
}

/// The first second opinion recorded on slip `n` (the first record referring to it: only second
/// opinions refer to a slip), read as [`find`] reads.
pub fn second_opinion_on(path: &Path, n: u64) -> Result<Option<Slip>, SlipLogError> {
    let mark = format!("\"refers_to\":{n},");
    first_record(
        path,
        |line| line.windows(mark.len()).any(|w| w == mark.as_bytes()),
        |s| s.refers_to == Some(n),
    )
}

/// The first record whose line passes the cheap `candidate` test (which spares parsing every
/// line) and which is `wanted`. A last line without its newline counts as [`read`] counts it:
/// when it is a whole record continuing the chain.
fn first_record(
    path: &Path,
    candidate: impl Fn(&[u8]) -> bool,
    wanted: impl Fn(&Slip) -> bool,
) -> Result<Option<Slip>, SlipLogError> {
    let io = |source| SlipLogError::Io {
        path: path.to_owned(),
        source,
    };
    let mut reader = std::io::BufReader::new(open_regular(path)?);
    let (mut line, mut previous) = (Vec::new(), Vec::new());
    loop {
        line.clear();
        // A line longer than any record is kept only to the bound (and is no record).
        let (read, cut, _) =
            read_line_bounded(&mut reader, &mut line, MAX_RECORD_LINE).map_err(io)?;
        if read == 0 {
            return Ok(None);
        }
        if !cut && line.last() != Some(&b'\n') {
            // What the record before it (if any) says comes next.
            let continues = match previous.split_last() {
                None => Some((1, GENESIS.to_owned())),
                Some((_, before)) => super::record::parse(before)
                    .ok()
                    .and_then(|s| s.slip.checked_add(1))
                    .map(|next| (next, Digest::of(before).to_string())),
            };
            return Ok(continues
                .and_then(|(next, prev)| unterminated_record(&line, next, &prev))
                .filter(|s| wanted(s)));
        }
        if candidate(&line) {
            // (The newline is whitespace to JSON.)
            if let Ok(slip) = super::record::parse(&line) {
                if wanted(&slip) {
                    return Ok(Some(slip));
                }
            }
        }
        std::mem::swap(&mut line, &mut previous);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_kept_to_the_bound_and_read_past_it_to_its_end() {
        let text = format!("{}\nQI\n", "x".repeat(1000));
        // A small buffer, so the line comes in many pieces.
        let mut reader = std::io::BufReader::with_capacity(16, text.as_bytes());
        let mut buf = Vec::new();
        assert_eq!(
            read_line_bounded(&mut reader, &mut buf, 100).unwrap(),
            (1001, true, true)
        );
        assert_eq!(buf.len(), 100, "at most the bound is kept");
        buf.clear();
        assert_eq!(
            read_line_bounded(&mut reader, &mut buf, 100).unwrap(),
            (3, false, true)
        );
        assert_eq!(buf, b"QI\n", "the next line is whole");
        buf.clear();
        assert_eq!(
            read_line_bounded(&mut reader, &mut buf, 100).unwrap(),
            (0, false, false)
        );
    }
}
