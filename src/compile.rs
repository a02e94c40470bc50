//! Compiling words into a lexicon file, and the fingerprints that identify a list.
//!
//! The output is deterministic: the same words, in any order and with any duplicates, always give
//! byte-identical `.fst` bytes, so the file's SHA-256 recorded in `kiosk.toml` is stable and a
//! committed lexicon can be checked against its source.
//!
//! The *content* digest is the SHA-256 of the canonical form of the list — every distinct word,
//! upper case, sorted bytewise, each followed by `\n` — as defined by the table of published
//! editions (`known-lexicons.toml`). It does not depend on the source's format, so a Zyzzyva file,
//! a plain list and a KWG of the same edition share it.

use sha2::{Digest as _, Sha256};

use crate::digest::Digest;
use crate::word::Word;

/// A compiled lexicon, ready to be written.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The `.fst` file's bytes.
    pub fst: Vec<u8>,
    /// Distinct words.
    pub words: u64,
    /// Entries that repeated a word already in the list.
    pub duplicates: u64,
    pub two_letter: u64,
    pub max_len: usize,
    /// SHA-256 of `fst`.
    pub fst_sha256: Digest,
    /// SHA-256 of the canonical list.
    pub content_sha256: Digest,
}

/// Why words could not be compiled. Sorting first means this only happens on a bug in `fst`.
#[derive(Debug, thiserror::Error)]
#[error("building the lexicon failed: {0}")]
pub struct CompileError(#[from] fst::Error);

/// Compiles `words` (any order, duplicates allowed).
pub fn compile(mut words: Vec<Word>) -> Result<Compiled, CompileError> {
    words.sort_unstable();
    let before = words.len();
    words.dedup();
    let duplicates = (before - words.len()) as u64;

    let mut builder = fst::SetBuilder::memory();
    let mut content = Sha256::new();
    let (mut two_letter, mut max_len) = (0u64, 0usize);
    for word in &words {
        builder.insert(word.as_bytes())?;
        content.update(word.as_bytes());
        content.update(b"\n");
        if word.len() == 2 {
            two_letter += 1;
        }
        max_len = max_len.max(word.len());
    }
    let fst = builder.into_inner()?;
    Ok(Compiled {
        fst_sha256: Digest::of(&fst),
        fst,
        words: words.len() as u64,
        duplicates,
        two_letter,
        max_len,
        content_sha256: Digest::from_hasher(content),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str]) -> Vec<Word> {
        list.iter().map(|s| Word::parse(s).unwrap()).collect()
    }

    #[test]
    fn order_case_and_duplicates_do_not_change_the_output() {
        let a = compile(words(&["cat", "AA", "zebra", "Cat"])).unwrap();
        let b = compile(words(&["ZEBRA", "CAT", "AA"])).unwrap();
        assert_eq!(a.fst, b.fst);
        assert_eq!(a.fst_sha256, b.fst_sha256);
        assert_eq!(a.content_sha256, b.content_sha256);
        assert_eq!(a.words, 3);
        assert_eq!(a.duplicates, 1);
        assert_eq!(b.duplicates, 0);
    }

    #[test]
    fn content_digest_is_the_canonical_list_hash() {
        let c = compile(words(&["zebra", "aa", "cat"])).unwrap();
        assert_eq!(c.content_sha256, Digest::of(b"AA\nCAT\nZEBRA\n"));
        assert_eq!(c.fst_sha256, Digest::of(&c.fst));
        assert_eq!((c.two_letter, c.max_len), (1, 5));
    }

    #[test]
    fn the_output_is_an_fst_holding_exactly_the_words() {
        let c = compile(words(&["QI", "ZA", "QIS"])).unwrap();
        let set = fst::Set::new(c.fst).unwrap();
        assert_eq!(set.len(), 3);
        assert!(set.contains("QIS"));
        assert!(!set.contains("Q"));
        assert!(!set.contains("qi"));
    }
}
