//! Words: the one place where text becomes a word a lexicon can hold.
//!
//! Every path into the program — a line of a word list, a KWG path, a word typed at the station, a
//! word on the command line — is normalised here, so the length rule lives in one place and the
//! alphabet's rules in [`crate::alphabet`].
//!
//! A [`Word`] is a sequence of [`MIN_LEN`] to [`MAX_LEN`] *tiles* of one alphabet, each stored as
//! its code (see [`crate::alphabet`]): for English the upper-case ASCII letters `A`–`Z`, exactly as
//! before alphabets existed. [`Word::parse`] is English; [`Word::parse_in`] any alphabet.

use std::fmt;

use crate::alphabet::{Alphabet, AlphabetId, TileError};

/// The shortest word a board can hold.
pub const MIN_LEN: usize = 2;
/// The longest word a 15×15 board can hold.
pub const MAX_LEN: usize = 15;

/// A normalised word: 2–15 tiles of one alphabet (English: upper-case `A`–`Z`).
///
/// Stored inline (no allocation), so a quarter of a million of them sort in a few milliseconds.
/// The derived order is the bytewise order of the tile codes, which is the order of a lexicon
/// (words of one alphabet; the alphabet only breaks ties). Two words are equal only when they
/// are the same tiles of the same alphabet: Spanish `CH` (one tile) is not `C-H` (two).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Word {
    // Unused tail bytes are 0, which sorts before every tile, so a prefix sorts first.
    letters: [u8; MAX_LEN],
    // The number of tiles (high four bits) and the alphabet (low four): one byte, so that a
    // word is 16 bytes and a quarter of a million sort as fast as before alphabets existed.
    meta: u8,
}

/// Why a piece of text is not a word.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordError {
    #[error("is empty")]
    Empty,
    #[error("contains {0:?}, which is not a letter A-Z")]
    NotALetter(char),
    #[error("has {0} letter(s); a word has at least {MIN_LEN}")]
    TooShort(usize),
    #[error("has {0} letters; a word has at most {MAX_LEN}")]
    TooLong(usize),
    #[error("{0}")]
    Tile(#[from] TileError),
    #[error("is not UTF-8 text (byte {0}); save the list as UTF-8")]
    NotUtf8(usize),
    #[error("has {0} tile(s); a word has at least {MIN_LEN}")]
    TooFewTiles(usize),
    #[error("has {0} tiles; a word has at most {MAX_LEN}")]
    TooManyTiles(usize),
}

impl Word {
    /// Normalises `text` (any case, surrounding whitespace ignored) into a word.
    ///
    /// ```
    /// use wordjudge_lexicon::word::{Word, WordError};
    /// assert_eq!(Word::parse(" zyzzyva ").unwrap().text(), "ZYZZYVA");
    /// assert_eq!(Word::parse("Z"), Err(WordError::TooShort(1)));
    /// ```
    pub fn parse(text: &str) -> Result<Word, WordError> {
        Word::from_bytes(text.as_bytes())
    }

    /// Like [`Word::parse`], for bytes that need not be UTF-8 (a line of a word-list file).
    pub fn from_bytes(bytes: &[u8]) -> Result<Word, WordError> {
        let bytes = bytes.trim_ascii();
        if bytes.is_empty() {
            return Err(WordError::Empty);
        }
        if let Some(at) = bytes.iter().position(|b| !b.is_ascii_alphabetic()) {
            return Err(WordError::NotALetter(first_char(&bytes[at..])));
        }
        // Only ASCII letters from here on, so bytes == letters.
        match bytes.len() {
            n if n < MIN_LEN => Err(WordError::TooShort(n)),
            n if n > MAX_LEN => Err(WordError::TooLong(n)),
            n => {
                let mut letters = [0u8; MAX_LEN];
                for (slot, b) in letters.iter_mut().zip(bytes) {
                    *slot = b.to_ascii_uppercase();
                }
                Ok(Word {
                    letters,
                    meta: meta(n, AlphabetId::ENGLISH),
                })
            }
        }
    }

    /// Reads `text` as tiles of `alphabet` by its rules ([`Alphabet::parse`]); English is
    /// exactly [`Word::parse`].
    ///
    /// ```
    /// use wordjudge_lexicon::{alphabet, word::Word};
    /// let spanish = alphabet::by_name("spanish").unwrap();
    /// assert_eq!(Word::parse_in(spanish, "chico").unwrap().len(), 4);
    /// assert_eq!(Word::parse_in(spanish, "c-hico").unwrap().len(), 5);
    /// ```
    pub fn parse_in(alphabet: &Alphabet, text: &str) -> Result<Word, WordError> {
        if alphabet.id().is_english() {
            return Word::parse(text);
        }
        let text = text.trim();
        if text.is_empty() {
            return Err(WordError::Empty);
        }
        Word::from_codes(alphabet, &alphabet.parse(text)?)
    }

    /// The word of these tile codes of `alphabet` (a KWG path, a tile keyboard).
    pub fn from_codes(alphabet: &Alphabet, codes: &[u8]) -> Result<Word, WordError> {
        if let Some(at) = codes.iter().position(|&c| !alphabet.is_code(c)) {
            return Err(WordError::Tile(TileError::NotATile {
                found: char::from(codes[at]),
                at: at + 1,
                alphabet: alphabet.id(),
            }));
        }
        match codes.len() {
            n if n < MIN_LEN => Err(WordError::TooFewTiles(n)),
            n if n > MAX_LEN => Err(WordError::TooManyTiles(n)),
            n => {
                let mut letters = [0u8; MAX_LEN];
                letters[..n].copy_from_slice(codes);
                Ok(Word {
                    letters,
                    meta: meta(n, alphabet.id()),
                })
            }
        }
    }

    /// Whether `bytes` are a word exactly as a lexicon of `alphabet` stores it: 2 to 15 tile
    /// codes of that alphabet, nothing else (what [`Word::as_bytes`] gives for some word).
    pub(crate) fn is_canonical(alphabet: &Alphabet, bytes: &[u8]) -> bool {
        (MIN_LEN..=MAX_LEN).contains(&bytes.len()) && bytes.iter().all(|&b| alphabet.is_code(b))
    }

    /// The word as text that reads back as exactly its tiles ([`Alphabet::spell`]); for English
    /// the upper-case letters.
    pub fn text(&self) -> String {
        if self.alphabet().is_english() {
            // Only ASCII letters are ever stored in an English word.
            String::from_utf8_lossy(self.as_bytes()).into_owned()
        } else {
            self.alphabet().get().spell(self.as_bytes())
        }
    }

    /// Each tile's label, one string per tile (`L·L` is one).
    pub fn tiles(&self) -> Vec<String> {
        let alphabet = self.alphabet().get();
        self.as_bytes()
            .iter()
            .map(|&c| alphabet.label(c).to_owned())
            .collect()
    }

    pub fn alphabet(&self) -> AlphabetId {
        AlphabetId::from_index(self.meta & 0x0F)
    }

    /// The word's tile codes, as stored in a lexicon.
    pub fn as_bytes(&self) -> &[u8] {
        &self.letters[..self.len()]
    }

    /// Number of tiles.
    #[allow(clippy::len_without_is_empty)] // a word is never empty
    pub fn len(&self) -> usize {
        (self.meta >> 4) as usize
    }
}

/// A word's `meta` byte: `len` tiles (at most 15) of `alphabet` (at most 16 alphabets).
fn meta(len: usize, alphabet: AlphabetId) -> u8 {
    (len as u8) << 4 | alphabet.index()
}

/// The first character of `bytes` for an error message, whatever the encoding.
fn first_char(bytes: &[u8]) -> char {
    let end = bytes.len().min(4);
    String::from_utf8_lossy(&bytes[..end])
        .chars()
        .next()
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.alphabet().is_english() {
            true => write!(f, "Word({})", self.text()),
            false => write!(f, "Word({}: {})", self.alphabet(), self.text()),
        }
    }
}

impl std::str::FromStr for Word {
    type Err = WordError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Word::parse(s)
    }
}

impl AsRef<[u8]> for Word {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_case_becomes_upper_case() {
        assert_eq!(Word::parse("qI").unwrap().text(), "QI");
        assert_eq!(Word::parse("  zebra\t").unwrap().text(), "ZEBRA");
    }

    #[test]
    fn length_limits_are_two_and_fifteen() {
        assert_eq!(Word::parse("A"), Err(WordError::TooShort(1)));
        assert!(Word::parse("AB").is_ok());
        assert!(Word::parse("OXYPHENBUTAZONE").is_ok());
        assert_eq!(Word::parse("OXYPHENBUTAZONES"), Err(WordError::TooLong(16)));
    }

    #[test]
    fn non_letters_are_named() {
        assert_eq!(Word::parse("CAN'T"), Err(WordError::NotALetter('\'')));
        assert_eq!(Word::parse("CAFÉ"), Err(WordError::NotALetter('É')));
        assert_eq!(Word::parse("TWO WORDS"), Err(WordError::NotALetter(' ')));
        assert_eq!(Word::parse(""), Err(WordError::Empty));
        assert_eq!(Word::parse("   "), Err(WordError::Empty));
        assert_eq!(
            Word::from_bytes(b"caf\xe9"),
            Err(WordError::NotALetter(char::REPLACEMENT_CHARACTER))
        );
    }

    #[test]
    fn a_word_is_sixteen_bytes_and_keeps_its_alphabet() {
        assert_eq!(std::mem::size_of::<Word>(), 16);
        let es = crate::alphabet::by_name("spanish").unwrap();
        let w = Word::parse_in(es, "ÑANDUTIRRCHOLLASES").unwrap();
        assert_eq!(
            (w.len(), w.alphabet(), w.text()),
            (15, es.id(), "ÑANDUTIRRCHOLLASES".into())
        );
        assert_eq!(Word::parse("ZA").unwrap().alphabet(), AlphabetId::ENGLISH);
    }

    #[test]
    fn words_sort_in_lexicon_order() {
        let mut words: Vec<Word> = ["ABC", "AB", "B", "ABD", "AA"]
            .iter()
            .filter_map(|w| Word::parse(w).ok())
            .collect();
        words.sort();
        let sorted: Vec<String> = words.iter().map(Word::text).collect();
        assert_eq!(sorted, ["AA", "AB", "ABC", "ABD"]);
    }

    #[test]
    fn error_messages_say_what_is_wrong() {
        assert_eq!(
            WordError::TooLong(16).to_string(),
            "has 16 letters; a word has at most 15"
        );
        assert_eq!(
            WordError::NotALetter('7').to_string(),
            "contains '7', which is not a letter A-Z"
        );
    }
}
