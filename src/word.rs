//! Words: the one place where text becomes a word a lexicon can hold.
//!
//! Every path into the program — a line of a word list, a KWG path, a word typed at the station, a
//! word on the command line — is normalised here, so the alphabet and the length rule live in one
//! place (other languages, with digraph tiles, will change this module and nothing else).
//!
//! A [`Word`] is always upper-case ASCII `A`–`Z`, [`MIN_LEN`] to [`MAX_LEN`] letters long.

use std::fmt;

/// The shortest word a board can hold.
pub const MIN_LEN: usize = 2;
/// The longest word a 15×15 board can hold.
pub const MAX_LEN: usize = 15;

/// A normalised word: upper-case `A`–`Z`, 2–15 letters.
///
/// Stored inline (no allocation), so a quarter of a million of them sort in a few milliseconds.
/// The derived order is the bytewise order of the letters, which is the order of a lexicon.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Word {
    // Unused tail bytes are 0, which sorts before every letter, so a prefix sorts first.
    letters: [u8; MAX_LEN],
    len: u8,
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
}

impl Word {
    /// Normalises `text` (any case, surrounding whitespace ignored) into a word.
    ///
    /// ```
    /// use wordjudge::word::{Word, WordError};
    /// assert_eq!(Word::parse(" zyzzyva ").unwrap().as_str(), "ZYZZYVA");
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
                    len: n as u8,
                })
            }
        }
    }

    /// Whether `bytes` are a word exactly as a lexicon stores it: 2 to 15 upper-case letters
    /// A–Z, nothing else (what [`Word::as_bytes`] gives for some word).
    pub fn is_canonical(bytes: &[u8]) -> bool {
        (MIN_LEN..=MAX_LEN).contains(&bytes.len()) && bytes.iter().all(u8::is_ascii_uppercase)
    }

    /// The word as upper-case letters.
    pub fn as_str(&self) -> &str {
        // Invariant: only ASCII letters are ever stored.
        std::str::from_utf8(self.as_bytes()).expect("a Word holds only ASCII letters")
    }

    /// The word's bytes, as stored in a lexicon.
    pub fn as_bytes(&self) -> &[u8] {
        &self.letters[..self.len as usize]
    }

    /// Number of letters.
    #[allow(clippy::len_without_is_empty)] // a word is never empty
    pub fn len(&self) -> usize {
        self.len as usize
    }
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
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Word({})", self.as_str())
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
        assert_eq!(Word::parse("qI").unwrap().as_str(), "QI");
        assert_eq!(Word::parse("  zebra\t").unwrap().as_str(), "ZEBRA");
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
    fn words_sort_in_lexicon_order() {
        let mut words: Vec<Word> = ["ABC", "AB", "B", "ABD", "AA"]
            .iter()
            .filter_map(|w| Word::parse(w).ok())
            .collect();
        words.sort();
        let sorted: Vec<&str> = words.iter().map(Word::as_str).collect();
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
