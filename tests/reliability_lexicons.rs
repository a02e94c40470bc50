//! Reliability, part 1 (RELIABILITY.md): corrupt lexicon files are refused with the right typed
//! error before any lookup, and malformed word-list sources (KWG graphs, Zyzzyva and plain text)
//! are errors that say where — never a panic, a hang or a huge allocation.
//!
//! Short by default (CI); `WORDJUDGE_FULL=1` runs the full size. Each test prints a
//! `RELIABILITY:` line with its figures. `WORDJUDGE_SEED=N` replays a run.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard, Once};
use std::time::{Duration, Instant};

use common::{scale, Rng};
use wordjudge::base::digest::Digest;
use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::lexicon::ContentProblem;
use wordjudge::lexicon::source::{
    self, encode_kwg, Format, KwgError, Location, OnInvalid, SourceError,
};
use wordjudge::lexicon::word::Word;
use wordjudge::lexicon::{Expected, Lexicon, LoadError};

// ---------------------------------------------------------------------------------------------
// Measuring: peak heap allocation per case (a counting allocator), time per case, panics.

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = CURRENT.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(now, Relaxed);
}

#[allow(unsafe_code)] // a counting allocator: GlobalAlloc is an unsafe trait
                      // SAFETY: every call is passed straight to the system allocator; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, passed on.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, passed on.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        // SAFETY: a block this allocator gave, with its layout.
        unsafe { System.dealloc(p, layout) };
        CURRENT.fetch_sub(layout.size(), Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: a block this allocator gave, with its layout.
        let q = unsafe { System.realloc(p, layout, new_size) };
        if !q.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The tests of this file run one at a time: allocation figures are per process.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// Panics are caught and counted, not printed thousands of times.
static PANICS: AtomicUsize = AtomicUsize::new(0);
static FIRST_PANIC: Mutex<Option<String>> = Mutex::new(None);

fn quiet_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            PANICS.fetch_add(1, Relaxed);
            let mut first = FIRST_PANIC.lock().unwrap_or_else(|e| e.into_inner());
            if first.is_none() {
                *first = Some(info.to_string());
            }
        }));
    });
}

/// When the watchdog was last fed, in seconds since it started; `u64::MAX` when disarmed. A
/// case that runs for a minute is a hang: the process aborts, naming it.
static FED_AT: AtomicU64 = AtomicU64::new(u64::MAX);
static WATCHING: Mutex<&str> = Mutex::new("");

fn since_start() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs()
}

fn watchdog(what: &'static str) {
    static SPAWN: Once = Once::new();
    *WATCHING.lock().unwrap_or_else(|e| e.into_inner()) = what;
    feed();
    SPAWN.call_once(|| {
        std::thread::spawn(|| loop {
            std::thread::sleep(Duration::from_secs(1));
            let fed = FED_AT.load(Relaxed);
            if fed != u64::MAX && since_start().saturating_sub(fed) > 60 {
                let what = *WATCHING.lock().unwrap_or_else(|e| e.into_inner());
                eprintln!("RELIABILITY: HANG: {what}: one case ran for over 60 s");
                std::process::abort();
            }
        });
    });
}

fn feed() {
    FED_AT.store(since_start(), Relaxed);
}

fn disarm() {
    FED_AT.store(u64::MAX, Relaxed);
}

/// Runs `f`: its result (`None` if it panicked), how long it took, and the most heap it held
/// at once beyond what was allocated before.
fn measured<T>(f: impl FnOnce() -> T) -> (Option<T>, Duration, usize) {
    let base = CURRENT.load(Relaxed);
    PEAK.store(base, Relaxed);
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(f)).ok();
    let took = start.elapsed();
    let peak = PEAK.load(Relaxed).saturating_sub(base);
    (result, took, peak)
}

fn mib(bytes: usize) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

// ---------------------------------------------------------------------------------------------
// Corrupt lexicons.

/// A compiled lexicon and what `kiosk.toml` would record about it.
struct Subject {
    name: &'static str,
    bytes: Vec<u8>,
    expected: Expected,
    content: Digest,
    words: Vec<Word>,
}

fn subject(name: &'static str, words: Vec<Word>) -> Subject {
    let compiled = compile(words.clone()).expect("compiles");
    Subject {
        name,
        expected: Expected {
            sha256: compiled.fst_sha256,
            words: compiled.words,
            alphabet: compiled.alphabet,
        },
        content: compiled.content_sha256,
        bytes: compiled.fst,
        words,
    }
}

fn demo() -> Subject {
    let text = std::fs::read(common::root().join("lexicons/demo.txt")).expect("demo.txt");
    let entries = source::read_bytes(
        Path::new("demo.txt"),
        &text,
        Format::Auto,
        wordjudge::lexicon::alphabet::english(),
        OnInvalid::Fail,
    )
    .expect("the demo list reads");
    let s = subject("demo", entries.words);
    let shipped = std::fs::read(common::root().join("lexicons/demo.fst")).expect("demo.fst");
    assert_eq!(s.bytes, shipped, "the shipped demo.fst is this compile");
    s
}

fn enable() -> Option<Subject> {
    let path = common::enable2k()?;
    let text = std::fs::read(&path).expect("enable2k.txt");
    let entries = source::read_bytes(
        &path,
        &text,
        Format::Plain,
        wordjudge::lexicon::alphabet::english(),
        OnInvalid::Skip,
    )
    .expect("reads");
    Some(subject("ENABLE2K", entries.words))
}

fn variant(e: &LoadError) -> &'static str {
    match e {
        LoadError::Io { .. } => "Io",
        LoadError::NotAFile { .. } => "NotAFile",
        LoadError::TooLarge { .. } => "TooLarge",
        LoadError::HashMismatch { .. } => "HashMismatch",
        LoadError::NotALexicon { .. } => "NotALexicon",
        LoadError::ChecksumFailed { .. } => "ChecksumFailed",
        LoadError::WordCount { .. } => "WordCount",
    }
}

/// What happened to the corrupt copies of one lexicon.
#[derive(Default)]
struct Tally {
    tried: usize,
    /// Refused by the SHA-256 kiosk.toml records (what the station and every command check first).
    refused_by_hash: usize,
    /// With the hash check defeated (kiosk.toml rewritten to the corrupt file's hash): refused by
    /// the layers behind it, by error.
    behind_the_hash: BTreeMap<&'static str, usize>,
    panics: usize,
    failures: Vec<String>,
}

impl Tally {
    /// Checks one corrupt copy of `s` (its bytes differ from the original).
    fn check(&mut self, s: &Subject, what: &str, bytes: Vec<u8>) {
        assert_ne!(bytes, s.bytes, "{what}: not a corruption");
        self.tried += 1;
        let recorded = &s.expected;
        let (a, _, _) = measured(|| {
            Lexicon::from_bytes("T".into(), "t.fst".into(), bytes.clone(), recorded).map(|_| ())
        });
        match a {
            None => {
                self.panics += 1;
                self.failures.push(format!("{what}: panicked"));
            }
            Some(Err(LoadError::HashMismatch { .. })) => self.refused_by_hash += 1,
            Some(Err(e)) => self
                .failures
                .push(format!("{what}: refused, but not by its hash: {e}")),
            Some(Ok(())) => self.failures.push(format!("{what}: ACCEPTED")),
        }
        // Defence in depth: as if kiosk.toml had been rewritten to match the corrupt file.
        let rerecorded = Expected {
            sha256: Digest::of(&bytes),
            words: recorded.words,
            alphabet: recorded.alphabet,
        };
        let (b, _, _) = measured(|| {
            match Lexicon::from_bytes("T".into(), "t.fst".into(), bytes, &rerecorded) {
                Err(e) => variant(&e),
                Ok(lexicon) => match lexicon.recognise(Some(&s.content)) {
                    Err(ContentProblem::Changed { .. }) => "content differs from the recorded",
                    Err(ContentProblem::NotAWord(_)) => "holds a key that is not a word",
                    Err(ContentProblem::Mislabelled { .. }) => "mislabelled",
                    Ok(_) => "ACCEPTED",
                },
            }
        });
        match b {
            None => {
                self.panics += 1;
                self.failures
                    .push(format!("{what} (hash re-recorded): panicked"));
            }
            Some("ACCEPTED") => self
                .failures
                .push(format!("{what} (hash re-recorded): ACCEPTED")),
            Some(how) => *self.behind_the_hash.entry(how).or_default() += 1,
        }
    }

    fn report(&self, name: &str, kind: &str) {
        println!(
            "RELIABILITY: corrupt lexicon {name}, {kind}: tried {}, refused {} (all by the recorded SHA-256), panics {}; with the hash re-recorded, refused by: {:?}",
            self.tried,
            self.tried - self.failures.len().min(self.tried),
            self.panics,
            self.behind_the_hash
        );
        assert!(
            self.failures.is_empty(),
            "{name} {kind}: {} failure(s), first: {:?}",
            self.failures.len(),
            &self.failures[..self.failures.len().min(5)]
        );
        assert_eq!(self.refused_by_hash, self.tried);
        assert_eq!(self.panics, 0);
    }
}

fn corrupt_every_way(s: &Subject, flip_positions: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let len = s.bytes.len();

    // Every single-bit flip at `flip_positions` random positions (all of them for a small file).
    let mut flips = Tally::default();
    let positions: Vec<usize> = if flip_positions >= len {
        (0..len).collect()
    } else {
        (0..flip_positions).map(|_| rng.below(len)).collect()
    };
    for &at in &positions {
        for bit in 0..8 {
            let mut bytes = s.bytes.clone();
            bytes[at] ^= 1 << bit;
            flips.check(s, &format!("bit {bit} of byte {at}"), bytes);
        }
    }
    flips.report(
        s.name,
        &format!("single-bit flips at {} positions", positions.len()),
    );

    // Truncation at 100 evenly spaced lengths (0 included).
    let mut cut = Tally::default();
    for i in 0..100 {
        let keep = len * i / 100;
        cut.check(
            s,
            &format!("truncated to {keep} bytes"),
            s.bytes[..keep].to_vec(),
        );
    }
    cut.report(s.name, "truncated at 100 lengths");

    // Appended bytes: one, a few, a page of random bytes, zeros, and the file again.
    let mut appended = Tally::default();
    for (what, extra) in [
        ("1 zero byte", vec![0u8]),
        ("7 random bytes", rng.bytes(7)),
        ("4096 random bytes", rng.bytes(4096)),
        ("a newline", b"\n".to_vec()),
        ("the file again", s.bytes.clone()),
    ] {
        let mut bytes = s.bytes.clone();
        bytes.extend_from_slice(&extra);
        appended.check(s, &format!("with {what} appended"), bytes);
    }
    appended.report(s.name, "appended bytes");

    // A different valid lexicon copied over the file: one word more; and one word swapped for
    // another, so even the word count matches.
    let mut other = Tally::default();
    let mut more = s.words.clone();
    more.push(Word::parse("QZXQZX").expect("a word"));
    other.check(
        s,
        "another lexicon (one word more)",
        compile(more).unwrap().fst,
    );
    let mut swapped = s.words.clone();
    swapped.sort();
    swapped.dedup();
    swapped[0] = Word::parse("QZXQZX").expect("a word");
    other.check(
        s,
        "another lexicon (same count)",
        compile(swapped).unwrap().fst,
    );
    other.report(s.name, "a different valid lexicon copied over it");
}

#[test]
fn corrupt_copies_of_the_demo_lexicon_are_all_refused() {
    let _serial = serial();
    quiet_panics();
    let s = demo();
    // The full run flips every bit of the file.
    corrupt_every_way(&s, scale(1_000, usize::MAX), common::seed());
}

#[test]
fn corrupt_copies_of_an_enable2k_size_lexicon_are_all_refused() {
    let _serial = serial();
    quiet_panics();
    let Some(s) = enable() else { return };
    corrupt_every_way(&s, scale(125, 2_000), common::seed() ^ 1);
}

/// Files that are not the lexicon at all, through `Lexicon::load` (the station's and every
/// command's path): each refused with its own error, before any lookup.
#[test]
fn files_that_are_not_the_lexicon_are_refused_with_the_right_error() {
    let _serial = serial();
    quiet_panics();
    let s = demo();
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    std::fs::write(at("empty.fst"), b"").unwrap();
    std::fs::copy(common::root().join("lexicons/demo.txt"), at("text.fst")).unwrap();
    std::fs::create_dir(at("directory.fst")).unwrap();
    let cases: [(&str, PathBuf, &str); 4] = [
        ("an empty file", at("empty.fst"), "HashMismatch"),
        ("a text file", at("text.fst"), "HashMismatch"),
        ("a directory", at("directory.fst"), "NotAFile"),
        ("a missing file", at("missing.fst"), "Io"),
    ];
    let mut refused = 0;
    for (what, path, want) in &cases {
        let (result, _, _) = measured(|| Lexicon::load("DEMO", path, &s.expected).map(|_| ()));
        match result {
            Some(Err(e)) => {
                assert_eq!(variant(&e), *want, "{what}: {e}");
                assert!(e.to_string().contains(&path.display().to_string()), "{e}");
                refused += 1;
            }
            Some(Ok(())) => panic!("{what} was accepted"),
            None => panic!("{what}: panicked"),
        }
    }
    // With the hash re-recorded, the empty and the text file fail as not being lexicons.
    for name in ["empty.fst", "text.fst"] {
        let bytes = std::fs::read(at(name)).unwrap();
        let rerecorded = Expected {
            sha256: Digest::of(&bytes),
            words: s.expected.words,
            alphabet: s.expected.alphabet,
        };
        let e = Lexicon::load("DEMO", &at(name), &rerecorded).unwrap_err();
        assert_eq!(variant(&e), "NotALexicon", "{name}: {e}");
    }
    refused += unreadable_file_is_refused(&s);
    println!(
        "RELIABILITY: lexicon files that are not the lexicon (empty, text, directory, missing, unreadable): tried {}, refused {refused}, panics {}",
        cases.len() + 1,
        PANICS.load(Relaxed)
    );
    assert_eq!(refused, cases.len() + 1);
}

/// An unreadable lexicon: permission denied. Root reads everything, so as root the check runs
/// `wordjudge lexicon verify` as the user `nobody` (through `setpriv`).
fn unreadable_file_is_refused(s: &Subject) -> usize {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let station = common::demo_station();
    std::fs::set_permissions(station.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let lexicon = station.path().join("lexicons/demo.fst");
    std::fs::set_permissions(&lexicon, std::fs::Permissions::from_mode(0o000)).unwrap();
    if !common::is_root() {
        let e = Lexicon::load("DEMO", &lexicon, &s.expected).unwrap_err();
        assert!(
            matches!(&e, LoadError::Io { source, .. } if source.kind() == std::io::ErrorKind::PermissionDenied),
            "{e}"
        );
        return 1;
    }
    let out = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(assert_cmd::cargo::cargo_bin("wordjudge"))
        .arg("--config")
        .arg(station.path().join("kiosk.toml"))
        .args(["lexicon", "verify"])
        .env_remove("WORDJUDGE_CONFIG")
        .output()
        .expect("setpriv (util-linux) runs wordjudge as nobody");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        stdout.contains("cannot read") && stdout.contains("Permission denied"),
        "{stdout}"
    );
    1
}

// ---------------------------------------------------------------------------------------------
// Malformed sources fed to `lexicon add`: KWG graphs and text.

#[derive(Default)]
struct SourceTally {
    tried: usize,
    /// Read as a (different) word list: a mutation can leave a valid graph or text.
    read_ok: usize,
    /// Errors by kind; each was checked to say where (line, node or byte offset) when it is
    /// about a place in the file.
    errors: BTreeMap<String, usize>,
    panics: usize,
    slowest: Duration,
    peak_alloc: usize,
    peak_alloc_input: usize,
    failures: Vec<String>,
}

impl SourceTally {
    fn check(&mut self, what: &str, bytes: &[u8], format: Format) {
        feed();
        self.tried += 1;
        let path = Path::new("list.src");
        let (result, took, peak) = measured(|| {
            source::read_bytes(
                path,
                bytes,
                format,
                wordjudge::lexicon::alphabet::english(),
                OnInvalid::Fail,
            )
            .map(|e| e.words.len())
        });
        self.slowest = self.slowest.max(took);
        if peak > self.peak_alloc {
            self.peak_alloc = peak;
            self.peak_alloc_input = bytes.len();
        }
        // Never a huge allocation: bounded by the input, whatever the input claims.
        // (A KWG may spell up to 2,000,000 words from a few hundred bytes: 32 MB of words.)
        if peak > 64 * bytes.len() + 48 * 1024 * 1024 {
            self.failures.push(format!(
                "{what}: allocated {:.1} MiB for {} input bytes",
                mib(peak),
                bytes.len()
            ));
        }
        let Some(result) = result else {
            self.panics += 1;
            self.failures.push(format!("{what}: panicked"));
            return;
        };
        match result {
            Ok(_) => self.read_ok += 1,
            Err(e) => {
                let (kind, says_where) = classify(&e, bytes);
                if !says_where {
                    self.failures
                        .push(format!("{what}: the error does not say where: {e}"));
                }
                *self.errors.entry(kind).or_default() += 1;
            }
        }
    }

    fn report(&self, what: &str) {
        println!(
            "RELIABILITY: malformed {what}: tried {}, errors {} {:?}, still a valid list {}, panics {}, slowest {:.1} ms, peak allocation {:.2} MiB (for a {}-byte input)",
            self.tried,
            self.errors.values().sum::<usize>(),
            self.errors,
            self.read_ok,
            self.panics,
            self.slowest.as_secs_f64() * 1e3,
            mib(self.peak_alloc),
            self.peak_alloc_input
        );
        assert!(
            self.failures.is_empty(),
            "{what}: {} failure(s), first: {:?}",
            self.failures.len(),
            &self.failures[..self.failures.len().min(5)]
        );
        assert_eq!(self.panics, 0);
    }
}

/// How many lines `bytes` has, a line ending in LF, CRLF or a CR alone (as word lists are read).
fn line_count(bytes: &[u8]) -> usize {
    let mut lines = 1;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\n' || bytes[i] == b'\r' {
            lines += 1;
            if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
        }
        i += 1;
    }
    lines
}

/// The error's kind, and whether it says where in the file the problem is (when it is about a
/// place; "holds no words" or "is binary" are about the whole file).
fn classify(e: &SourceError, bytes: &[u8]) -> (String, bool) {
    let lines = line_count(bytes);
    let nodes = bytes.len() / 4;
    match e {
        SourceError::InvalidEntry { entry, .. } => {
            let within = match entry.location {
                Location::Line(n) => n >= 1 && n <= lines,
                Location::KwgNode(i) => i < nodes,
            };
            let text = e.to_string();
            let named = match entry.location {
                Location::Line(n) => text.contains(&format!("line {n}")),
                Location::KwgNode(i) => text.contains(&format!("byte offset {}", i * 4)),
            };
            let kind = format!("{:?}", entry.error);
            (
                format!("invalid entry: {}", kind.split('(').next().unwrap_or("")),
                within && named,
            )
        }
        SourceError::Kwg { error, .. } => {
            let text = e.to_string();
            let says = match error {
                KwgError::Length(_) | KwgError::TooSmall(_) | KwgError::TooManyWords => true,
                _ => text.contains("byte offset"),
            };
            let name = format!("{error:?}");
            (
                format!("kwg: {}", name.split([' ', '{', '(']).next().unwrap_or("")),
                says,
            )
        }
        SourceError::LineTooLong { line, .. } => (
            "a line too long".into(),
            *line >= 1 && *line <= lines && e.to_string().contains(&format!(":line {line} ")),
        ),
        SourceError::NoWords { .. } => ("no words".into(), true),
        SourceError::BinaryText { .. } => ("binary data, not text".into(), true),
        SourceError::CompiledLexicon { .. } => ("a compiled lexicon".into(), true),
        other => (format!("other: {other}"), false),
    }
}

/// A KWG builder for hand-made graphs.
fn kwg(nodes: &[u32]) -> Vec<u8> {
    nodes.iter().flat_map(|n| n.to_le_bytes()).collect()
}
const ACCEPTS: u32 = 1 << 23;
const IS_END: u32 = 1 << 22;
fn node(tile: u32, accepts: bool, end: bool, child: u32) -> u32 {
    tile << 24 | if accepts { ACCEPTS } else { 0 } | if end { IS_END } else { 0 } | child
}

/// Graphs built to hurt a reader: loops, depth, fan-out, claims of more words than exist.
fn evil_graphs() -> Vec<(&'static str, Vec<u8>)> {
    let mut graphs = Vec::new();
    // A list whose node points back at its own list: a loop.
    graphs.push((
        "a self-loop",
        kwg(&[IS_END | 2, IS_END, node(1, true, true, 2)]),
    ));
    // A chain of 20 letters: deeper than any word.
    let mut chain = vec![IS_END | 2, IS_END];
    for i in 0..20u32 {
        chain.push(node(1, i == 19, true, if i < 19 { 3 + i } else { 0 }));
    }
    graphs.push(("a 20-letter path", kwg(&chain)));
    // Fifteen levels of 26 siblings, every node accepting: 26^15 words from 1.6 KB.
    let mut fan = vec![IS_END | 2, IS_END];
    for level in 0..15u32 {
        let next = if level < 14 { 2 + (level + 1) * 26 } else { 0 };
        for t in 1..=26u32 {
            fan.push(node(t, level >= 1, t == 26, next));
        }
    }
    graphs.push(("26^15 words", kwg(&fan)));
    // Four such levels: 475,254 words from 432 bytes, under the 2,000,000-word cap.
    let mut four = vec![IS_END | 2, IS_END];
    for level in 0..4u32 {
        let next = if level < 3 { 2 + (level + 1) * 26 } else { 0 };
        for t in 1..=26u32 {
            four.push(node(t, level >= 1, t == 26, next));
        }
    }
    graphs.push(("475,254 words from 432 bytes", kwg(&four)));
    // The same levels with no word at all below A, and one word below Z (hung the reader once).
    let dead = 4u32;
    let word = dead + 14 * 26;
    let mut dead_ends = vec![
        IS_END | 2,
        IS_END,
        node(1, false, false, dead),
        node(26, false, true, word),
    ];
    for level in 0..14u32 {
        let next = if level < 13 {
            dead + (level + 1) * 26
        } else {
            0
        };
        for t in 1..=26u32 {
            dead_ends.push(node(t, false, t == 26, next));
        }
    }
    dead_ends.push(node(1, true, true, 0));
    graphs.push(("26^14 paths to no word", kwg(&dead_ends)));
    // Arcs past the end, tiles out of range, an unterminated list, a root past the end.
    graphs.push((
        "an arc past the end",
        kwg(&[IS_END | 2, IS_END, node(1, true, true, 999)]),
    ));
    graphs.push(("tile 0", kwg(&[IS_END | 2, IS_END, node(0, true, true, 0)])));
    graphs.push((
        "tile 27",
        kwg(&[IS_END | 2, IS_END, node(27, true, true, 0)]),
    ));
    graphs.push((
        "an unterminated list",
        kwg(&[
            IS_END | 2,
            IS_END,
            node(1, true, false, 0),
            node(2, true, false, 0),
        ]),
    ));
    graphs.push(("a root past the end", kwg(&[IS_END | 0x3F_FFFF, IS_END])));
    graphs.push((
        "decreasing tiles",
        kwg(&[
            IS_END | 2,
            IS_END,
            node(2, true, false, 0),
            node(1, true, true, 0),
        ]),
    ));
    graphs.push((
        "a one-letter word",
        kwg(&[IS_END | 2, IS_END, node(1, true, true, 0)]),
    ));
    graphs
}

fn mutate_every_way(
    base: &[u8],
    name: &str,
    format: Format,
    (flips, truncations): (usize, usize),
    seed: u64,
    tally: &mut SourceTally,
) {
    let mut rng = Rng::new(seed);
    let len = base.len();
    for _ in 0..flips {
        let mut bytes = base.to_vec();
        let at = rng.below(len);
        bytes[at] ^= 1 << rng.below(8);
        tally.check(&format!("{name}: bit flip at {at}"), &bytes, format);
    }
    for _ in 0..flips / 4 {
        // A random byte value anywhere (text: often a non-letter mid-word; KWG: any field).
        let mut bytes = base.to_vec();
        let at = rng.below(len);
        bytes[at] = rng.next_u64() as u8;
        tally.check(&format!("{name}: random byte at {at}"), &bytes, format);
    }
    for i in 0..truncations {
        let keep = len * i / truncations;
        tally.check(
            &format!("{name}: truncated to {keep}"),
            &base[..keep],
            format,
        );
    }
    for n in [1, 3, 4096] {
        let mut bytes = base.to_vec();
        bytes.extend(rng.bytes(n));
        tally.check(
            &format!("{name}: {n} random bytes appended"),
            &bytes,
            format,
        );
    }
    for _ in 0..flips / 20 {
        // A run of random bytes written over the middle.
        let mut bytes = base.to_vec();
        let at = rng.below(len);
        let n = (1 + rng.below(64)).min(len - at);
        bytes[at..at + n].copy_from_slice(&rng.bytes(n));
        tally.check(&format!("{name}: {n} random bytes at {at}"), &bytes, format);
    }
    for n in [0, 1, 4, 8, 64, 4096, 65536] {
        tally.check(&format!("{name}: {n} random bytes"), &rng.bytes(n), format);
    }
}

#[test]
fn malformed_kwg_graphs_are_errors_that_say_where_never_panics_hangs_or_huge_allocations() {
    let _serial = serial();
    quiet_panics();
    watchdog("malformed KWG");
    let mut tally = SourceTally::default();
    for (name, bytes) in evil_graphs() {
        tally.check(name, &bytes, Format::Kwg);
    }
    let demo = kwg_of(&demo().words);
    mutate_every_way(
        &demo,
        "demo KWG",
        Format::Kwg,
        (scale(1_000, 1_000_000), 100),
        common::seed(),
        &mut tally,
    );
    if let Some(s) = enable() {
        let big = kwg_of(&s.words);
        mutate_every_way(
            &big,
            "ENABLE2K KWG",
            Format::Kwg,
            (scale(6, 20_000), scale(4, 100)),
            common::seed() ^ 2,
            &mut tally,
        );
    }
    disarm();
    tally.report("KWG graphs");
}

fn kwg_of(words: &[Word]) -> Vec<u8> {
    encode_kwg(words).expect("encodes")
}

/// The demo list as a Zyzzyva text lexicon: word, definition, inflections.
fn zyzzyva_text(words: &[Word]) -> Vec<u8> {
    let mut text = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let line = match i % 3 {
            0 => format!("{w} a thing, as in {w} [n -S]\n"),
            1 => format!("{w}\t{{def=v}} [v {w}ED, {w}ING, {w}S]\n"),
            _ => format!("{w}\n"),
        };
        text.extend_from_slice(line.as_bytes());
    }
    text
}

#[test]
fn malformed_zyzzyva_and_plain_text_is_an_error_naming_the_line_never_a_panic() {
    let _serial = serial();
    quiet_panics();
    watchdog("malformed text");
    let words = demo().words;
    let mut zyzzyva = SourceTally::default();
    let base = zyzzyva_text(&words);
    let flips = scale(1_500, 1_000_000);
    mutate_every_way(
        &base,
        "Zyzzyva text",
        Format::Zyzzyva,
        (flips, 100),
        common::seed() ^ 3,
        &mut zyzzyva,
    );
    mutate_every_way(
        &base,
        "Zyzzyva text (auto)",
        Format::Auto,
        (flips / 3, 100),
        common::seed() ^ 4,
        &mut zyzzyva,
    );
    // One enormous line, and a file of nothing but separators.
    zyzzyva.check("a 4 MB line", &vec![b'A'; 4 << 20], Format::Zyzzyva);
    zyzzyva.check("only newlines", &vec![b'\n'; 1 << 20], Format::Zyzzyva);
    disarm();
    zyzzyva.report("Zyzzyva text");

    let mut plain = SourceTally::default();
    let list: Vec<u8> = words
        .iter()
        .flat_map(|w| format!("{}\r\n", w.text().to_lowercase()).into_bytes())
        .collect();
    mutate_every_way(
        &list,
        "plain list",
        Format::Plain,
        (flips, 100),
        common::seed() ^ 5,
        &mut plain,
    );
    plain.report("plain lists");
}
