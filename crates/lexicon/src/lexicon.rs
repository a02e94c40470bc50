//! Verified lexicons: the only way the program looks a word up.
//!
//! A [`Lexicon`] can only be made by [`Lexicon::load`], which reads the whole file once and checks,
//! on those same bytes and in this order: the SHA-256 the director recorded, that it is an `fst`
//! set, the `fst` checksum (CRC32C over the file, which `fst::Set::new` does not check), and the
//! recorded word count. So nothing ever looks a word up in a file that has not been verified.
//!
//! Files are read, never memory-mapped: a mapped file changed underneath is undefined behaviour,
//! and a second read would reopen the gap between checking and using. (Large files are read into
//! *anonymous* memory that is pre-faulted in one system call — see [`FileBytes`] — which is a
//! plain private buffer, not a mapping of the file, and halves the cost of a cold start.)

use std::path::{Path, PathBuf};

use sha2::{Digest as _, Sha256};

use crate::alphabet::AlphabetId;
use crate::known::Recognition;
use crate::word::{Word, MAX_LEN};
use wordjudge_base::digest::Digest;

/// Larger than any lexicon (a CSW-sized list compiles to under 1 MiB) by far.
pub const MAX_LEXICON_BYTES: u64 = 64 * 1024 * 1024;

/// What the director recorded about a lexicon file (in `kiosk.toml`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    pub sha256: Digest,
    pub words: u64,
    /// The alphabet its words are tiles of (`alphabet =` in kiosk.toml; English when absent).
    pub alphabet: AlphabetId,
}

/// A lexicon whose file was verified.
#[derive(Debug)]
pub struct Lexicon {
    code: String,
    path: PathBuf,
    sha256: Digest,
    alphabet: AlphabetId,
    set: fst::Set<FileBytes>,
}

/// A lexicon file's bytes, held privately in memory.
///
/// Files of [`POPULATE_MIN`] bytes or more go into anonymous memory allocated with every page
/// already present (`MAP_POPULATE` on Linux): on a virtual machine a page fault costs microseconds,
/// and faulting in a 600 KB buffer one page at a time cost as much as hashing it.
#[derive(Debug)]
pub enum FileBytes {
    Heap(Vec<u8>),
    Anonymous(memmap2::Mmap),
}

/// Below this, an ordinary heap buffer is as fast.
const POPULATE_MIN: usize = 128 * 1024;

impl AsRef<[u8]> for FileBytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            FileBytes::Heap(v) => v,
            FileBytes::Anonymous(m) => m,
        }
    }
}

impl FileBytes {
    /// Reads exactly the `len` bytes of `file`, failing if it is shorter or longer (it changed
    /// while being read).
    fn read(mut file: std::fs::File, len: usize) -> std::io::Result<FileBytes> {
        use std::io::Read;
        let bytes = if len >= POPULATE_MIN {
            let mut buf = memmap2::MmapOptions::new().len(len).populate().map_anon()?;
            file.read_exact(&mut buf)?;
            FileBytes::Anonymous(buf.make_read_only()?)
        } else {
            let mut buf = vec![0; len];
            file.read_exact(&mut buf)?;
            FileBytes::Heap(buf)
        };
        if file.read(&mut [0u8; 1])? != 0 {
            return Err(std::io::Error::other(
                "the file grew while it was being read",
            ));
        }
        Ok(bytes)
    }
}

impl From<Vec<u8>> for FileBytes {
    fn from(v: Vec<u8>) -> FileBytes {
        FileBytes::Heap(v)
    }
}

/// Why a lexicon file was refused. Every variant names the file, what was expected and what
/// was found.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("lexicon {code}: cannot read {path}: {source}")]
    Io {
        code: String,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("lexicon {code}: {path} is not a regular file (a folder, device or pipe)")]
    NotAFile { code: String, path: PathBuf },
    #[error("lexicon {code}: {path} is {size} bytes, far larger than any lexicon — wrong file?")]
    TooLarge {
        code: String,
        path: PathBuf,
        size: u64,
    },
    #[error("lexicon {code}: {path} has SHA-256 {found}, but kiosk.toml expects {expected}; the file was changed or replaced after it was recorded — restore it, or recompile it with `wordjudge lexicon add`")]
    HashMismatch {
        code: String,
        path: PathBuf,
        expected: Digest,
        found: Digest,
    },
    #[error("lexicon {code}: {path} is not a compiled lexicon ({detail}); compile the word list with `wordjudge lexicon add`")]
    NotALexicon {
        code: String,
        path: PathBuf,
        detail: String,
    },
    #[error("lexicon {code}: {path} fails its internal checksum ({detail}); the file is corrupt — recompile it")]
    ChecksumFailed {
        code: String,
        path: PathBuf,
        detail: String,
    },
    #[error("lexicon {code}: {path} holds {found} words, but kiosk.toml expects {expected}")]
    WordCount {
        code: String,
        path: PathBuf,
        expected: u64,
        found: u64,
    },
}

impl Lexicon {
    /// Reads and verifies the lexicon `code` stored at `path`.
    pub fn load(code: &str, path: &Path, expected: &Expected) -> Result<Lexicon, LoadError> {
        let (code, pathbuf) = (code.to_owned(), path.to_owned());
        let io = |source| LoadError::Io {
            code: code.clone(),
            path: pathbuf.clone(),
            source,
        };
        let file = wordjudge_base::fsutil::open_for_reading(path).map_err(io)?;
        let meta = file.metadata().map_err(io)?;
        if !meta.is_file() {
            return Err(LoadError::NotAFile {
                code,
                path: pathbuf,
            });
        }
        if meta.len() > MAX_LEXICON_BYTES {
            return Err(LoadError::TooLarge {
                code,
                path: pathbuf,
                size: meta.len(),
            });
        }
        let bytes = FileBytes::read(file, meta.len() as usize).map_err(io)?;
        Lexicon::from_bytes(code, pathbuf, bytes, expected)
    }

    /// Verifies `bytes` (already read from `path`) as the lexicon `code`.
    pub fn from_bytes(
        code: String,
        path: PathBuf,
        bytes: impl Into<FileBytes>,
        expected: &Expected,
    ) -> Result<Lexicon, LoadError> {
        let bytes = bytes.into();
        let found = Digest::of(bytes.as_ref());
        if found != expected.sha256 {
            return Err(LoadError::HashMismatch {
                code,
                path,
                expected: expected.sha256,
                found,
            });
        }
        let set = match fst::Set::new(bytes) {
            Ok(set) => set,
            Err(e) => {
                return Err(LoadError::NotALexicon {
                    code,
                    path,
                    detail: fst_detail(&e),
                })
            }
        };
        if let Err(detail) = verify_checksum(&set) {
            return Err(LoadError::ChecksumFailed { code, path, detail });
        }
        if set.len() as u64 != expected.words {
            return Err(LoadError::WordCount {
                code,
                path,
                expected: expected.words,
                found: set.len() as u64,
            });
        }
        Ok(Lexicon {
            code,
            path,
            sha256: found,
            alphabet: expected.alphabet,
            set,
        })
    }

    /// Whether `word` is in the lexicon.
    ///
    /// A word of another alphabet is never in it: its tiles are other tiles, whatever its bytes.
    pub fn contains(&self, word: &Word) -> bool {
        word.alphabet() == self.alphabet && self.set.contains(word.as_bytes())
    }

    /// The alphabet its words are tiles of.
    pub fn alphabet(&self) -> AlphabetId {
        self.alphabet
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// SHA-256 of the verified file.
    pub fn sha256(&self) -> Digest {
        self.sha256
    }

    /// Number of words.
    #[allow(clippy::len_without_is_empty)] // a verified lexicon is never empty in practice
    pub fn len(&self) -> u64 {
        self.set.len() as u64
    }

    /// Reads every word back and computes the canonical content digest (see [`content_header`]).
    /// A deep check for `lexicon verify`: it proves the file holds exactly the list that was
    /// compiled, and that every key is a word. Takes a few milliseconds per 100,000 words.
    pub fn content_digest(&self) -> Result<Digest, ContentError> {
        use fst::Streamer;
        // Hashed in blocks: two small updates per word cost more than the hashing itself.
        const BLOCK: usize = 64 * 1024;
        let mut hasher = Sha256::new();
        let mut block = Vec::with_capacity(BLOCK + MAX_LEN + 1);
        let mut stream = self.set.stream();
        let alphabet = self.alphabet.get();
        let english = self.alphabet.is_english();
        block.extend_from_slice(&content_header(self.alphabet));
        while let Some(key) = stream.next() {
            if !Word::is_canonical(alphabet, key) {
                return Err(ContentError {
                    code: self.code.clone(),
                    key: String::from_utf8_lossy(key).into_owned(),
                    alphabet: self.alphabet,
                });
            }
            // Defined over tiles: each word as the text that reads back as its tiles, which for
            // English is its letters, the bytes themselves.
            match english {
                true => block.extend_from_slice(key),
                false => block.extend_from_slice(alphabet.spell(key).as_bytes()),
            }
            block.push(b'\n');
            if block.len() >= BLOCK {
                hasher.update(&block);
                block.clear();
            }
        }
        hasher.update(&block);
        Ok(Digest::from_hasher(hasher))
    }
}

impl Lexicon {
    /// The deep content check that `lexicon verify` and the station run after [`Lexicon::load`]:
    /// every word is read back, the canonical content digest is compared with `recorded` (the one
    /// `lexicon add` wrote to `kiosk.toml`, when there is one) and with the table of published
    /// editions. A lexicon whose code names one edition while its content is another is refused:
    /// that is the mislabelled file this check exists to catch.
    pub fn recognise(&self, recorded: Option<&Digest>) -> Result<Recognition, ContentProblem> {
        let found = self.content_digest()?;
        self.recognise_content(found, recorded, false)
    }

    /// [`Lexicon::recognise`] with the content digest already known: `found`, which must be what
    /// [`Lexicon::content_digest`] gives for this very file (the in-service check remembers it per
    /// file SHA-256, in the in-service check). A mislabelled file passes only when the director
    /// accepted it (`mislabel_accepted`, from `lexicon add --accept-mislabel`); the recognition
    /// returned still says what it is.
    pub fn recognise_content(
        &self,
        found: Digest,
        recorded: Option<&Digest>,
        mislabel_accepted: bool,
    ) -> Result<Recognition, ContentProblem> {
        if let Some(recorded) = recorded {
            if *recorded != found {
                return Err(ContentProblem::Changed {
                    code: self.code.clone(),
                    found,
                    recorded: *recorded,
                });
            }
        }
        let recognition = Recognition::of(Some(&self.code), &found, self.len());
        if recognition.is_warning() && !mislabel_accepted {
            return Err(ContentProblem::Mislabelled {
                code: self.code.clone(),
                recognition,
            });
        }
        Ok(recognition)
    }
}

/// Why a lexicon's content does not pass [`Lexicon::recognise`].
#[derive(Debug, thiserror::Error)]
pub enum ContentProblem {
    #[error(transparent)]
    NotAWord(#[from] ContentError),
    #[error(
        "lexicon {code}: the words read back have content SHA-256 {found}, but {recorded} was \
         recorded when it was compiled"
    )]
    Changed {
        code: String,
        found: Digest,
        recorded: Digest,
    },
    #[error("lexicon {code} is MISLABELLED: {recognition}")]
    Mislabelled {
        code: String,
        recognition: Recognition,
    },
}

/// The fst's own checksum: the "masked" CRC32C of every byte before its last four, which hold it
/// (fst format 3, what `compile` writes). The `crc32c` crate uses the CPU's CRC instructions
/// (SSE4.2 on x86-64, the CRC extension on arm64) where `fst::raw::Fst::verify` uses tables
/// (BENCHMARKS.md, "Issue 48: kept libraries and a cold judge").
fn verify_checksum(set: &fst::Set<FileBytes>) -> Result<(), String> {
    let bytes = set.as_fst().as_bytes();
    let Some(end) = bytes.len().checked_sub(4) else {
        return set.as_fst().verify().map_err(|e| fst_detail(&e));
    };
    let sum = crc32c::crc32c(&bytes[..end]);
    let got = (sum.wrapping_shr(15) | sum.wrapping_shl(17)).wrapping_add(0xA282_EAD8);
    let expected = u32::from_le_bytes(bytes[end..].try_into().expect("four bytes"));
    match got == expected {
        true => Ok(()),
        false => Err(format!(
            "checksum mismatch: expected {expected:08x}, got {got:08x}"
        )),
    }
}

/// `fst::Error`'s own message is just "FST error"; the inner error says what is wrong.
fn fst_detail(e: &fst::Error) -> String {
    match e {
        fst::Error::Fst(inner) => inner.to_string(),
        other => other.to_string(),
    }
}

/// A key in a lexicon that is not a word of 2–15 tiles of its alphabet.
#[derive(Debug, thiserror::Error)]
#[error("lexicon {code} holds {key:?}, which is not {}", match alphabet.is_english() {
    true => "an upper-case word of 2-15 letters A-Z".to_owned(),
    false => format!("a word of 2-15 {} tiles: is `alphabet = \"{alphabet}\"` in kiosk.toml the list's alphabet?", alphabet.get().language),
})]
pub struct ContentError {
    pub code: String,
    pub key: String,
    pub alphabet: AlphabetId,
}

/// What the canonical list of a lexicon in `alphabet` starts with: nothing for English (its
/// fingerprints are what they always were), `# alphabet NAME` and a newline for any other, so
/// that lists of the same letters in two alphabets (French and Dutch are both A–Z) differ.
pub(crate) fn content_header(alphabet: AlphabetId) -> Vec<u8> {
    match alphabet.is_english() {
        true => Vec::new(),
        false => format!("# alphabet {alphabet}\n").into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::compile;

    fn compiled(list: &[&str]) -> (Vec<u8>, Expected) {
        let c = compile(list.iter().map(|s| Word::parse(s).unwrap()).collect()).unwrap();
        let expected = Expected {
            sha256: c.fst_sha256,
            words: c.words,
            alphabet: c.alphabet,
        };
        (c.fst, expected)
    }

    fn load(bytes: Vec<u8>, expected: &Expected) -> Result<Lexicon, LoadError> {
        Lexicon::from_bytes("T".into(), "t.fst".into(), bytes, expected)
    }

    #[test]
    fn a_verified_lexicon_answers_lookups() {
        let (bytes, expected) = compiled(&["QI", "ZA", "CAT"]);
        let lex = load(bytes, &expected).unwrap();
        assert!(lex.contains(&Word::parse("qi").unwrap()));
        assert!(!lex.contains(&Word::parse("QA").unwrap()));
        assert_eq!(lex.len(), 3);
        assert_eq!(lex.content_digest().unwrap(), Digest::of(b"CAT\nQI\nZA\n"));
    }

    #[test]
    fn a_changed_file_is_refused_by_its_hash() {
        let (mut bytes, expected) = compiled(&["QI", "ZA"]);
        bytes[10] ^= 1;
        assert!(matches!(
            load(bytes, &expected),
            Err(LoadError::HashMismatch { .. })
        ));
    }

    #[test]
    fn a_recorded_hash_of_a_corrupt_file_is_still_caught_by_the_checksum() {
        // The director recorded the hash of an already-corrupt file: the fst checksum catches it.
        let (mut bytes, mut expected) = compiled(&["QI", "ZA", "ZAS", "QIS"]);
        bytes[9] ^= 0x40;
        expected.sha256 = Digest::of(&bytes);
        let err = load(bytes, &expected).unwrap_err();
        assert!(
            matches!(
                err,
                LoadError::ChecksumFailed { .. } | LoadError::NotALexicon { .. }
            ),
            "{err}"
        );
        // The fst crate's own words for what is wrong are passed on (its top-level message is
        // just "FST error").
        let detail = err.to_string();
        let detail = &detail[detail.find('(').unwrap() + 1..detail.find(')').unwrap()];
        assert!(detail.len() > 10 && !detail.contains("FST error"), "{err}");
    }

    #[test]
    fn the_cpus_checksum_is_fsts_on_every_byte_changed() {
        // The standard check value of CRC32C ("123456789" → e3069283).
        assert_eq!(crc32c::crc32c(b"123456789"), 0xe306_9283);
        // Every bit of a compiled lexicon flipped in turn: where fst can open the file, the
        // checksum used here says what fst's own `verify` says.
        let (bytes, _) = compiled(&["AA", "QI", "QIS", "ZA", "ZAS", "CAT", "OXYPHENBUTAZONE"]);
        let mut compared = 0;
        for i in 0..bytes.len() * 8 {
            let mut b = bytes.clone();
            b[i / 8] ^= 1 << (i % 8);
            let Ok(set) = fst::Set::new(FileBytes::Heap(b)) else {
                continue;
            };
            compared += 1;
            assert_eq!(
                verify_checksum(&set).is_ok(),
                set.as_fst().verify().is_ok(),
                "bit {i}"
            );
            assert!(
                verify_checksum(&set).is_err(),
                "bit {i} changed, and passed"
            );
        }
        assert!(compared > 100, "{compared}");
        let set = fst::Set::new(FileBytes::Heap(bytes)).unwrap();
        assert!(verify_checksum(&set).is_ok());
    }

    #[test]
    fn a_text_file_with_a_matching_hash_is_not_a_lexicon() {
        let bytes = b"QI\nZA\n".to_vec();
        let expected = Expected {
            sha256: Digest::of(&bytes),
            words: 2,
            alphabet: AlphabetId::ENGLISH,
        };
        assert!(matches!(
            load(bytes, &expected),
            Err(LoadError::NotALexicon { .. })
        ));
    }

    #[test]
    fn a_wrong_word_count_is_refused() {
        let (bytes, mut expected) = compiled(&["QI", "ZA"]);
        expected.words = 3;
        let err = load(bytes, &expected).unwrap_err();
        assert_eq!(
            err.to_string(),
            "lexicon T: t.fst holds 2 words, but kiosk.toml expects 3"
        );
    }

    #[test]
    fn missing_file_and_directory_are_refused() {
        let (_, expected) = compiled(&["QI"]);
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            Lexicon::load("T", &dir.path().join("none.fst"), &expected),
            Err(LoadError::Io { .. })
        ));
        assert!(matches!(
            Lexicon::load("T", dir.path(), &expected),
            Err(LoadError::NotAFile { .. })
        ));
    }

    #[test]
    fn content_check_catches_keys_that_are_not_words() {
        let set = fst::Set::from_iter(["QI", "ab"])
            .unwrap()
            .into_fst()
            .to_vec();
        let expected = Expected {
            sha256: Digest::of(&set),
            words: 2,
            alphabet: AlphabetId::ENGLISH,
        };
        let lex = load(set, &expected).unwrap();
        assert!(lex.content_digest().is_err());
    }

    #[test]
    fn a_file_far_larger_than_any_lexicon_is_refused_before_it_is_read() {
        let (_, expected) = compiled(&["QI"]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.fst");
        // Sparse: no disk is used.
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(MAX_LEXICON_BYTES + 1).unwrap();
        match Lexicon::load("T", &path, &expected) {
            Err(LoadError::TooLarge { size, .. }) => assert_eq!(size, MAX_LEXICON_BYTES + 1),
            other => panic!("{other:?}"),
        }
        assert_eq!(MAX_LEXICON_BYTES, 64 * 1024 * 1024);
        // Exactly the limit is read (and then refused for what it is, not for its size).
        file.set_len(MAX_LEXICON_BYTES).unwrap();
        assert!(matches!(
            Lexicon::load("T", &path, &expected),
            Err(LoadError::HashMismatch { .. })
        ));
    }

    #[test]
    fn lexicons_of_every_size_load_from_their_files() {
        // From a few bytes (a heap buffer) to a CSW-sized file (pre-faulted anonymous memory).
        let mut rng = 0x2545_f491_4f6c_dd1d_u64;
        let mut words = Vec::new();
        for _ in 0..120_000 {
            let mut w = String::new();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let len = 2 + (rng % 12) as usize;
            let mut r = rng;
            for _ in 0..len {
                w.push((b'A' + (r % 26) as u8) as char);
                r /= 26;
            }
            words.push(w);
        }
        let dir = tempfile::tempdir().unwrap();
        for n in [1, 1_000, 120_000] {
            let list: Vec<&str> = words[..n].iter().map(String::as_str).collect();
            let (bytes, expected) = compiled(&list);
            let path = dir.path().join(format!("{n}.fst"));
            std::fs::write(&path, &bytes).unwrap();
            let lex = Lexicon::load("T", &path, &expected).unwrap();
            assert_eq!(lex.len(), expected.words, "{} bytes", bytes.len());
            assert!(lex.contains(&Word::parse(list[n - 1]).unwrap()));
            if n == 120_000 {
                assert!(bytes.len() > 256 * 1024, "{} bytes", bytes.len());
            }
        }
    }
}
