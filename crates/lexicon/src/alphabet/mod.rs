//! Tournament alphabets: which tiles a language's set has, in which order, and how each is typed.
//!
//! The alphabets are data (`alphabets.toml` beside this file, embedded and checked by the tests). A word is a
//! sequence of *tiles*; each tile is stored as one byte, its **code**: `0x40` + its number in the
//! alphabet (1 for the first tile). English tiles are therefore `A`–`Z` exactly as before, and in
//! every alphabet the bytewise order of codes is the collation order, the order of a lexicon. The
//! numbers are those KWG files use, so a KWG is read through the same table.
//!
//! Text becomes tiles by one set of rules ([`Alphabet::parse`]), used for word lists, the
//! command line and the station's keyboard alike:
//!
//! 1. the text is normalised to NFC: canonically equivalent text is the same text (a decomposed
//!    `N` + U+0303 is `Ñ`; the singletons too: U+212A KELVIN SIGN is `K`, U+0387 is `·`);
//! 2. a lower-case letter is read as the alphabet's upper-case letter whose lower case it is
//!    (`ñ` → `Ñ` in Spanish, `ŀ` → `Ŀ` in Catalan), and that is the only case mapping. Unicode
//!    upper-cases some characters no alphabet lists to letters one does (`ı` dotless i → `I`,
//!    `ſ` long s → `S`): those are refused as what they are, as English refuses them;
//! 3. letters the game writes as others are folded (`É` → `E` in French, `ß` → `SS` in German),
//!    each as the alphabet's table says (its `folds`), nothing else;
//! 4. `[LABEL]` is exactly that tile (`[CH]`, `[L·L]`), whatever follows;
//! 5. `-` between two tiles keeps them apart (`C-H` is a C tile and an H tile in Spanish);
//! 6. otherwise the longest typed form wins: a tile's label (`L·L`, `NY`, `Ñ`) or an alias
//!    (`L.L`, `ĿL` or `W` for `L·L`).
//!
//! Any other character is refused, and the error names the first character no reading can
//! take, as it was typed, with its code point and its position (`CEL·` + U+200B + `LA` names the
//! U+200B ZERO WIDTH SPACE: `L·` is the start of the `L·L` tile).
//!
//! [`Alphabet::spell`] writes tiles back as the shortest text that reads as exactly those tiles:
//! labels, with `-` only where two tiles would otherwise read as one (`C-H`). That text is what
//! slips, the command line and content fingerprints use.

mod read;
mod spell;
mod table;

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use read::describe;
use table::others;
pub use table::{all, by_name, english, names};

/// A tile's code: `0x40` + its number in the alphabet.
pub type Code = u8;

/// The byte of tile number 1.
const CODE_BASE: u8 = 0x40;

/// The most tiles an alphabet may have (codes stay below 0x80).
pub(crate) const MAX_TILES: usize = 63;

/// The break that keeps two tiles apart.
pub const BREAK: char = '-';

/// Which alphabet: an index into the embedded table. English is always 0.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct AlphabetId(u8);

impl AlphabetId {
    pub const ENGLISH: AlphabetId = AlphabetId(0);

    pub fn get(self) -> &'static Alphabet {
        match self.0 {
            0 => english(),
            n => &others()[n as usize - 1],
        }
    }

    pub fn is_english(self) -> bool {
        self == AlphabetId::ENGLISH
    }

    /// Its index in the table (below 16: a word keeps it in four bits).
    pub fn index(self) -> u8 {
        self.0
    }

    /// The alphabet at `index` of the table, as [`AlphabetId::index`] gave it.
    pub(crate) fn from_index(index: u8) -> AlphabetId {
        AlphabetId(index)
    }
}

impl fmt::Display for AlphabetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.get().name)
    }
}

/// One alphabet.
#[derive(Debug)]
pub struct Alphabet {
    id: AlphabetId,
    /// The code kiosk.toml uses (`catalan`).
    pub name: String,
    /// For people (`Catalan`).
    pub language: String,
    tiles: Vec<Tile>,
    /// Every typed form (labels and aliases, NFC upper case) with its tile, longest first.
    forms: Vec<(String, Code)>,
    /// The same, by first character (what reading text looks up at each position).
    by_first: HashMap<char, Vec<(String, Code)>>,
    folds: Vec<(char, String)>,
    /// Lower case → the alphabet's upper-case letter (rule 2): only the lower case of a
    /// character its typed forms or folds hold.
    upper: HashMap<char, char>,
    /// The same for ASCII text (the common case of a word list), every byte: read one table.
    ascii_upper: [u8; 128],
    #[cfg(test)]
    ambiguous: Vec<String>,
    /// `breaks[a * n + b]`: tile number a + 1 followed by tile number b + 1 needs a break
    /// between their labels (Spanish C then H). Used by `spell` when `pairwise` holds; made on
    /// first use (a station judging English never needs it).
    breaks: OnceLock<Vec<bool>>,
    /// No typed form can span three tiles' labels (every form of three or more characters
    /// holds a character no label has, like the · of L·L), so whether two tiles need a break
    /// depends on those two alone.
    pairwise: bool,
}

/// One tile of an alphabet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tile {
    pub code: Code,
    /// As printed on the tile (`L·L`).
    pub label: String,
    /// The set has no such tile; it is played only as a blank.
    pub blank_only: bool,
    /// Other ways to type it.
    pub aliases: Vec<String>,
}

/// Why text is not a sequence of tiles of an alphabet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileError {
    /// `found` is the character as typed, at character `at` (from 1) of the text.
    #[error("contains {} at character {at}, which is not a tile of {}", describe(*found), alphabet.get().language)]
    NotATile {
        found: char,
        at: usize,
        alphabet: AlphabetId,
    },
    /// `start` begins a tile (`L·`, of `L·L`) and `found`, at character `at`, does not go on
    /// with it.
    #[error("has {start} then {} at character {at}: {start} is the start of {}, and {} does not continue it", describe(*found), alphabet.get().begun_by(start), describe(*found))]
    BrokenTile {
        start: String,
        found: char,
        at: usize,
        alphabet: AlphabetId,
    },
    #[error("contains [{found}], which names no tile of {} (the tiles are: {})", alphabet.get().language, alphabet.get().labels())]
    NoSuchTile { found: String, alphabet: AlphabetId },
    #[error("has a '[' without its ']'")]
    Unclosed,
    #[error("ends with {0}, the start of a tile but not a whole one")]
    Unfinished(String),
    #[error("has a '-' between tiles that need no break: a list holds whole words, and a hyphenated entry is not one (a break is written only where two tiles would otherwise read as one, as in Spanish C-H)")]
    NeedlessBreak,
    #[error("has a '-' that is not between two tiles")]
    StrayBreak,
}

impl Alphabet {
    pub fn id(&self) -> AlphabetId {
        self.id
    }

    /// Every tile's label in collation order, separated by spaces.
    pub fn labels(&self) -> String {
        let labels: Vec<&str> = self.tiles.iter().map(|t| t.label.as_str()).collect();
        labels.join(" ")
    }

    /// The tiles in collation order.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The tile with `code`, if the alphabet has one.
    pub fn tile(&self, code: Code) -> Option<&Tile> {
        let n = code.checked_sub(CODE_BASE + 1)? as usize;
        self.tiles.get(n)
    }

    /// Whether `code` is one of this alphabet's tiles.
    pub(crate) fn is_code(&self, code: Code) -> bool {
        code > CODE_BASE && ((code - CODE_BASE) as usize) <= self.tiles.len()
    }

    /// The tile numbered `n` in a KWG file (1 for the first tile).
    #[cfg(test)]
    pub(crate) fn code_of_number(&self, n: u32) -> Option<Code> {
        (n >= 1 && n as usize <= self.tiles.len()).then(|| CODE_BASE + n as u8)
    }

    /// The sequences that read as one tile and also as several (declared in the table, and
    /// checked against the tiles by a test).
    #[cfg(test)]
    pub(crate) fn ambiguous(&self) -> &[String] {
        &self.ambiguous
    }

    /// The label of `code` (`?` for a code that is no tile, which a verified word never holds).
    pub fn label(&self, code: Code) -> &str {
        self.tile(code).map_or("?", |t| t.label.as_str())
    }
}

#[cfg(test)]
mod tests;
