//! Durability shown by the order of system calls: a program run under `strace`, its calls read
//! back with the file each descriptor names (`-y`), so that a test can assert, for instance, that
//! a slip's record reached the disk (`fdatasync` of the slip log) before the verdict was written
//! to the screen or the terminal.
//!
//! A killed process cannot show this (its writes stay in the page cache); the order of the calls
//! of a real run can, and removing any one sync breaks it.

use std::path::Path;
use std::process::{Command, Output};

/// The calls traced: opening, reading, writing, syncing, truncating and renaming files.
const CALLS: &str = "openat,read,pread64,write,pwrite64,writev,fsync,fdatasync,ftruncate,\
                     rename,renameat,renameat2";

/// One system call.
#[derive(Debug, Clone)]
pub struct Call {
    pub name: String,
    /// The file of the first argument when it is a descriptor (`3</tmp/x/slips.jsonl>`), or the
    /// path of `openat`.
    pub path: String,
    /// The first string argument, decoded (the bytes written, or the path opened).
    pub data: Vec<u8>,
    /// The line as strace printed it.
    pub raw: String,
}

impl Call {
    /// A write of bytes containing `needle` to a file whose name ends with `suffix`.
    pub fn writes(&self, suffix: &str, needle: &str) -> bool {
        matches!(self.name.as_str(), "write" | "pwrite64" | "writev")
            && self.path.ends_with(suffix)
            && contains(&self.data, needle.as_bytes())
    }

    /// A write to standard output (a pipe in tests) of bytes containing `needle`.
    pub fn prints(&self, needle: &str) -> bool {
        self.name == "write"
            && self.raw.starts_with("write(1<")
            && contains(&self.data, needle.as_bytes())
    }

    /// `fsync` or `fdatasync` of the file whose name ends with `suffix`.
    pub fn syncs(&self, suffix: &str) -> bool {
        matches!(self.name.as_str(), "fsync" | "fdatasync") && self.path.ends_with(suffix)
    }

    /// `fsync` of the directory `dir`.
    pub fn syncs_dir(&self, dir: &Path) -> bool {
        self.name == "fsync" && Path::new(&self.path) == dir
    }

    /// Opening or reading the file whose name ends with `suffix`.
    pub fn opens_or_reads(&self, suffix: &str) -> bool {
        match self.name.as_str() {
            "openat" => self.path.ends_with(suffix),
            "read" | "pread64" => self.path.ends_with(suffix),
            _ => false,
        }
    }

    /// The descriptor of the first argument (`read(5</tmp/x/slips.jsonl>, ...)` → 5).
    pub fn fd(&self) -> Option<i64> {
        let args = self.raw.strip_prefix(&self.name)?.strip_prefix('(')?;
        args[..args.find('<')?].parse().ok()
    }

    /// What the call returned (`... = 7` → 7; the descriptor `openat` gave).
    pub fn returned(&self) -> Option<i64> {
        let (_, value) = self.raw.rsplit_once(") = ")?;
        let end = value
            .find(|c: char| !(c.is_ascii_digit() || c == '-'))
            .unwrap_or(value.len());
        value[..end].parse().ok()
    }

    /// `ftruncate` of the file whose name ends with `suffix`.
    pub fn truncates(&self, suffix: &str) -> bool {
        self.name == "ftruncate" && self.path.ends_with(suffix)
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    needle.is_empty() || haystack.windows(needle.len()).any(|w| w == needle)
}

/// The calls of one traced run, in the order they were made.
#[derive(Debug)]
pub struct Trace {
    pub calls: Vec<Call>,
}

/// One step of an expected order: what it is, and how to recognise its call.
pub type Step<'a> = (&'a str, Box<dyn Fn(&Call) -> bool + 'a>);

impl Trace {
    /// Asserts that the steps happen in this order (other calls may come between), and returns
    /// the index of each step's call. On failure the message names the step not found and
    /// prints the trace.
    pub fn assert_order(&self, steps: &[Step]) -> Vec<usize> {
        let mut from = 0;
        let mut found = Vec::new();
        for (what, matches) in steps {
            match self.calls[from..].iter().position(matches) {
                Some(i) => {
                    found.push(from + i);
                    from += i + 1;
                }
                None => panic!(
                    "expected next, after call {from}: {what}; not found.\nSteps: {}\nTrace:\n{}",
                    steps.iter().map(|s| s.0).collect::<Vec<_>>().join(" -> "),
                    self.listing()
                ),
            }
        }
        found
    }

    /// The index of the first call that `matches`.
    pub fn first(&self, matches: impl Fn(&Call) -> bool) -> Option<usize> {
        self.calls.iter().position(matches)
    }

    /// The trace, one numbered call a line.
    pub fn listing(&self) -> String {
        self.calls
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{i:4} {}", shorten(&c.raw)))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn shorten(line: &str) -> String {
    if line.chars().count() > 200 {
        let cut: String = line.chars().take(200).collect();
        format!("{cut}…")
    } else {
        line.to_owned()
    }
}

/// Runs `command` under strace (following threads and children) and returns its output and the
/// calls it made. Panics when strace itself cannot run; check [`super::tool`] first.
pub fn run(command: &Command) -> (Output, Trace) {
    let out = tempfile::NamedTempFile::new().expect("a file for the trace");
    let mut traced = Command::new("strace");
    traced
        .args(["-f", "-y", "-qq", "-x", "-s", "65536", "-e", "signal=none"])
        .args(["-e", &format!("trace={CALLS}")])
        .arg("-o")
        .arg(out.path())
        .arg("--")
        .arg(command.get_program())
        .args(command.get_args());
    for (key, value) in command.get_envs() {
        match value {
            Some(v) => traced.env(key, v),
            None => traced.env_remove(key),
        };
    }
    if let Some(dir) = command.get_current_dir() {
        traced.current_dir(dir);
    }
    let output = traced.output().expect("strace runs");
    let text = std::fs::read_to_string(out.path()).expect("the trace");
    (output, parse(&text))
}

/// Reads strace's output (`-f -y -x`): `PID name(args) = result`.
pub fn parse(text: &str) -> Trace {
    let calls = text
        .lines()
        .filter_map(|line| {
            // Drop the process id that -f puts first.
            let line = line.trim_start();
            let line = match line.split_once(' ') {
                Some((pid, rest)) if pid.bytes().all(|b| b.is_ascii_digit()) => rest.trim_start(),
                _ => line,
            };
            let (name, args) = line.split_once('(')?;
            if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                return None; // "<... write resumed>" and the like
            }
            Some(Call {
                name: name.to_owned(),
                path: first_path(name, args),
                data: first_string(args).unwrap_or_default(),
                raw: line.to_owned(),
            })
        })
        .collect();
    Trace { calls }
}

/// `3</tmp/x/slips.jsonl>, ...` → `/tmp/x/slips.jsonl`; for openat, the quoted path.
fn first_path(name: &str, args: &str) -> String {
    if name == "openat" {
        return first_string(args)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default();
    }
    let Some(start) = args.find('<') else {
        return String::new();
    };
    let digits = &args[..start];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return String::new();
    }
    let rest = &args[start + 1..];
    rest.find(">,")
        .or_else(|| rest.find(">)"))
        .map(|end| rest[..end].to_owned())
        .unwrap_or_default()
}

/// The first `"..."` argument, with strace's escapes (`\"`, `\\`, `\n`, `\t`, `\xHH`, octal)
/// undone.
fn first_string(args: &str) -> Option<Vec<u8>> {
    let start = args.find('"')?;
    let bytes = &args.as_bytes()[start + 1..];
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => return Some(out),
            b'\\' if i + 1 < bytes.len() => {
                i += 1;
                match bytes[i] {
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'r' => out.push(b'\r'),
                    b'v' => out.push(0x0b),
                    b'f' => out.push(0x0c),
                    b'x' => {
                        let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                        out.push(u8::from_str_radix(hex, 16).ok()?);
                        i += 2;
                    }
                    d @ b'0'..=b'7' => {
                        let mut value = u32::from(d - b'0');
                        let mut n = 1;
                        while n < 3 && matches!(bytes.get(i + 1), Some(b'0'..=b'7')) {
                            i += 1;
                            n += 1;
                            value = value * 8 + u32::from(bytes[i] - b'0');
                        }
                        out.push(value as u8);
                    }
                    other => out.push(other),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    Some(out)
}
