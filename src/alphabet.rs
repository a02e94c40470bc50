//! Tournament alphabets: which tiles a language's set has, in which order, and how each is typed.
//!
//! The alphabets are data (`src/alphabets.toml`, embedded and checked by the tests). A word is a
//! sequence of *tiles*; each tile is stored as one byte, its **code**: `0x40` + its number in the
//! alphabet (1 for the first tile). English tiles are therefore `A`–`Z` exactly as before, and in
//! every alphabet the bytewise order of codes is the collation order, the order of a lexicon. The
//! numbers are those KWG files use, so a KWG is read through the same table.
//!
//! Text becomes tiles by one set of rules ([`Alphabet::parse`]), used for word lists, the
//! command line and the station's keyboard alike:
//!
//! 1. the text is normalised to NFC and upper case (so a decomposed `N` + U+0303 is `Ñ`);
//! 2. letters the game writes as others are folded (`É` → `E` in French, `ß` → `SS` in German);
//! 3. `[LABEL]` is exactly that tile (`[CH]`, `[L·L]`), whatever follows;
//! 4. `-` between two tiles keeps them apart (`C-H` is a C tile and an H tile in Spanish);
//! 5. otherwise the longest typed form wins: a tile's label (`L·L`, `NY`, `Ñ`) or an alias
//!    (`L.L`, `ĿL` or `W` for `L·L`).
//!
//! [`Alphabet::spell`] writes tiles back as the shortest text that reads as exactly those tiles:
//! labels, with `-` only where two tiles would otherwise read as one (`C-H`). That text is what
//! slips, the command line and content fingerprints use.

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;

/// A tile's code: `0x40` + its number in the alphabet.
pub type Code = u8;

/// The byte of tile number 1.
const CODE_BASE: u8 = 0x40;

/// The most tiles an alphabet may have (codes stay below 0x80).
pub const MAX_TILES: usize = 63;

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
    pub fn from_index(index: u8) -> AlphabetId {
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
    #[error("contains {found:?}, which is not a tile of {}", alphabet.get().language)]
    NotATile { found: char, alphabet: AlphabetId },
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

#[derive(serde::Deserialize)]
struct Table {
    alphabet: Vec<Definition>,
}

#[derive(serde::Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Definition {
    name: String,
    language: String,
    tiles: String,
    #[serde(default)]
    blank_only: Vec<String>,
    #[serde(default)]
    aliases: indexmap::IndexMap<String, String>,
    #[serde(default)]
    folds: indexmap::IndexMap<String, String>,
    #[serde(default)]
    ambiguous: Vec<String>,
}

const TABLE: &str = include_str!("alphabets.toml");

/// Every embedded alphabet; English first.
pub fn all() -> &'static [&'static Alphabet] {
    static ALL: OnceLock<Vec<&'static Alphabet>> = OnceLock::new();
    ALL.get_or_init(|| std::iter::once(english()).chain(others()).collect())
}

/// Every alphabet but English, from the table (read on first use: a station judging English
/// never reads it).
fn others() -> &'static [Alphabet] {
    static OTHERS: OnceLock<Vec<Alphabet>> = OnceLock::new();
    OTHERS.get_or_init(|| match build(TABLE) {
        Ok(others) => others,
        // The table is part of the program and checked by the tests.
        Err(e) => panic!("src/alphabets.toml: {e}"),
    })
}

/// The English alphabet, A–Z: built in, exactly the table's first entry (checked there).
pub fn english() -> &'static Alphabet {
    static ENGLISH: OnceLock<Alphabet> = OnceLock::new();
    ENGLISH.get_or_init(
        || match Alphabet::define(AlphabetId::ENGLISH, english_definition()) {
            Ok(english) => english,
            Err(e) => panic!("the English alphabet: {e}"),
        },
    )
}

fn english_definition() -> Definition {
    Definition {
        name: "english".into(),
        language: "English".into(),
        tiles: "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z".into(),
        blank_only: Vec::new(),
        aliases: Default::default(),
        folds: Default::default(),
        ambiguous: Vec::new(),
    }
}

/// The alphabet called `name` (any case).
pub fn by_name(name: &str) -> Option<&'static Alphabet> {
    if name.eq_ignore_ascii_case("english") {
        return Some(english());
    }
    others().iter().find(|a| a.name.eq_ignore_ascii_case(name))
}

/// The names of every alphabet, for messages.
pub fn names() -> String {
    all()
        .iter()
        .map(|a| a.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// NFC and upper case. A letter whose upper case is several characters (`ß` → `SS`, `ŉ`) is
/// kept as it is: only an alphabet's own folds may turn one letter into several.
fn normal(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_uppercase();
    }
    let upper = |c: char| {
        let mut u = c.to_uppercase();
        match (u.next(), u.next()) {
            (Some(one), None) => one,
            _ => c,
        }
    };
    match unicode_normalization::is_nfc_quick(text.chars()) {
        unicode_normalization::IsNormalized::Yes => text.chars().map(upper).collect(),
        _ => text.nfc().map(upper).collect(),
    }
}

/// The table's alphabets after the first, which must be English exactly as built in.
fn build(table: &str) -> Result<Vec<Alphabet>, String> {
    let table: Table = toml::from_str(table).map_err(|e| e.to_string())?;
    let mut defs = table.alphabet.into_iter();
    if defs.next() != Some(english_definition()) {
        return Err("the first alphabet must be english, A to Z, as built in".into());
    }
    let mut others = Vec::new();
    for (i, def) in defs.enumerate() {
        let id = AlphabetId(u8::try_from(i + 1).map_err(|_| "too many alphabets")?);
        others.push(Alphabet::define(id, def)?);
    }
    if others.len() >= 16 {
        return Err("at most 16 alphabets (a word keeps its alphabet in four bits)".into());
    }
    Ok(others)
}

impl Alphabet {
    fn define(id: AlphabetId, def: Definition) -> Result<Alphabet, String> {
        let name = def.name;
        let labels: Vec<String> = def.tiles.split_whitespace().map(normal).collect();
        if labels.is_empty() || labels.len() > MAX_TILES {
            return Err(format!("{name}: 1 to {MAX_TILES} tiles"));
        }
        let mut tiles: Vec<Tile> = Vec::new();
        for (n, label) in labels.iter().enumerate() {
            if labels[..n].contains(label) || label.contains(['[', ']', BREAK]) {
                return Err(format!("{name}: tile {label} twice or with [ ] -"));
            }
            tiles.push(Tile {
                code: CODE_BASE + n as u8 + 1,
                label: label.clone(),
                blank_only: def.blank_only.iter().any(|b| normal(b) == *label),
                aliases: Vec::new(),
            });
        }
        let code_of = |tiles: &[Tile], label: &str| {
            let label = normal(label);
            tiles.iter().find(|t| t.label == label).map(|t| t.code)
        };
        for b in &def.blank_only {
            code_of(&tiles, b).ok_or_else(|| format!("{name}: blank-only {b} is not a tile"))?;
        }
        let mut forms: Vec<(String, Code)> =
            tiles.iter().map(|t| (t.label.clone(), t.code)).collect();
        for (typed, label) in &def.aliases {
            let code = code_of(&tiles, label)
                .ok_or_else(|| format!("{name}: alias {typed} of no tile"))?;
            let typed = normal(typed);
            if forms.iter().any(|(f, _)| *f == typed) {
                return Err(format!("{name}: {typed} typed two ways"));
            }
            tiles[(code - CODE_BASE - 1) as usize]
                .aliases
                .push(typed.clone());
            forms.push((typed, code));
        }
        forms.sort_by(|a, b| {
            b.0.chars()
                .count()
                .cmp(&a.0.chars().count())
                .then(a.0.cmp(&b.0))
        });
        let mut folds = Vec::new();
        for (from, to) in &def.folds {
            let mut chars = from.nfc();
            match (chars.next(), chars.next()) {
                (Some(c), None) => folds.push((c, normal(to))),
                _ => return Err(format!("{name}: fold {from} is not one character")),
            }
        }
        let mut by_first: HashMap<char, Vec<(String, Code)>> = HashMap::new();
        for (form, code) in &forms {
            if let Some(first) = form.chars().next() {
                by_first
                    .entry(first)
                    .or_default()
                    .push((form.clone(), *code));
            }
        }
        let in_labels = |c: char| tiles.iter().any(|t| t.label.contains(c));
        let pairwise = forms
            .iter()
            .all(|(f, _)| f.chars().count() < 3 || !f.chars().all(in_labels));
        let alphabet = Alphabet {
            id,
            name,
            language: def.language,
            tiles,
            forms,
            by_first,
            folds,
            ambiguous: def.ambiguous.iter().map(|s| normal(s)).collect(),
            breaks: OnceLock::new(),
            pairwise,
        };
        for (from, to) in &alphabet.folds {
            if alphabet.parse(to).is_err() || alphabet.forms.iter().any(|(f, _)| f.contains(*from))
            {
                return Err(format!(
                    "{}: fold {from} → {to} is not to tiles",
                    alphabet.name
                ));
            }
        }
        Ok(alphabet)
    }

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
    pub fn is_code(&self, code: Code) -> bool {
        code > CODE_BASE && ((code - CODE_BASE) as usize) <= self.tiles.len()
    }

    /// The tile numbered `n` in a KWG file (1 for the first tile).
    pub fn code_of_number(&self, n: u32) -> Option<Code> {
        (n >= 1 && n as usize <= self.tiles.len()).then(|| CODE_BASE + n as u8)
    }

    /// The sequences that read as one tile and also as several (declared in the table).
    pub fn ambiguous(&self) -> &[String] {
        &self.ambiguous
    }

    /// The label of `code` (`?` for a code that is no tile, which a verified word never holds).
    pub fn label(&self, code: Code) -> &str {
        self.tile(code).map_or("?", |t| t.label.as_str())
    }

    /// Normalises `text` as the rules say (NFC, upper case, folds).
    pub fn normalise(&self, text: &str) -> String {
        let normal = normal(text);
        if self.folds.is_empty() {
            return normal;
        }
        let mut out = String::with_capacity(normal.len());
        for c in normal.chars() {
            match self.folds.iter().find(|(from, _)| *from == c) {
                Some((_, to)) => out.push_str(to),
                None => out.push(c),
            }
        }
        out
    }

    /// The tiles `text` reads as (see the module's rules). Empty text gives no tiles.
    pub fn parse(&self, text: &str) -> Result<Vec<Code>, TileError> {
        let (tiles, rest) = self.parse_prefix(text)?;
        if rest.is_empty() {
            Ok(tiles)
        } else if rest.starts_with('[') {
            Err(TileError::Unclosed)
        } else if rest == "-" {
            Err(TileError::StrayBreak)
        } else {
            Err(TileError::Unfinished(rest))
        }
    }

    fn not_a_tile(&self, found: char) -> TileError {
        TileError::NotATile {
            found,
            alphabet: self.id,
        }
    }

    /// Like [`Alphabet::parse`], for text still being typed: the tiles so far, and an
    /// unfinished end that more typing can complete (`L·` before the last `L`, `[C`, a final
    /// `-`). What no typing can complete is an error.
    pub fn parse_prefix(&self, text: &str) -> Result<(Vec<Code>, String), TileError> {
        let text = self.normalise(text);
        let mut tiles = Vec::new();
        let mut rest = text.as_str();
        let mut after_break = false;
        // The length of the last tile's typed form, when it was read by rule 5.
        let mut last: Option<usize> = None;
        while !rest.is_empty() {
            if let Some(inner) = rest.strip_prefix('[') {
                let Some(end) = inner.find(']') else {
                    return match self.forms.iter().any(|(f, _)| f.starts_with(inner)) {
                        true => Ok((tiles, rest.to_owned())),
                        false => Err(self.no_such_tile(inner)),
                    };
                };
                let name = &inner[..end];
                let code = self.forms.iter().find(|(f, _)| f == name).map(|(_, c)| *c);
                tiles.push(code.ok_or_else(|| self.no_such_tile(name))?);
                rest = &inner[end + 1..];
                (after_break, last) = (false, None);
                continue;
            }
            if let Some(after) = rest.strip_prefix(BREAK) {
                if tiles.is_empty() || after_break {
                    return Err(TileError::StrayBreak);
                }
                if after.is_empty() {
                    return Ok((tiles, rest.to_owned()));
                }
                rest = after;
                (after_break, last) = (true, None);
                continue;
            }
            let begun = || self.forms.iter().any(|(f, _)| f.starts_with(rest));
            let first = rest.chars().next().unwrap_or_default();
            let candidates = self.by_first.get(&first).map_or(&[][..], Vec::as_slice);
            match candidates
                .iter()
                .find(|(f, _)| rest.starts_with(f.as_str()))
            {
                Some((form, code)) => {
                    tiles.push(*code);
                    rest = &rest[form.len()..];
                    last = Some(form.len());
                }
                // Only the start of a form (`[`, `L·`): more typing may complete it.
                None if begun() => return Ok((tiles, rest.to_owned())),
                // `L` read as a tile, then `·`: together the start of `L·L`. (`last` is set only
                // when the tile before was read by its typed form, never right after a break.)
                None => {
                    let found = rest.chars().next().unwrap_or('?');
                    let Some(n) = last else {
                        return Err(self.not_a_tile(found));
                    };
                    let pending = &text[text.len() - rest.len() - n..];
                    if !self.forms.iter().any(|(f, _)| f.starts_with(pending)) {
                        return Err(self.not_a_tile(found));
                    }
                    tiles.pop();
                    return Ok((tiles, pending.to_owned()));
                }
            }
            after_break = false;
        }
        Ok((tiles, String::new()))
    }

    fn no_such_tile(&self, found: &str) -> TileError {
        TileError::NoSuchTile {
            found: found.to_owned(),
            alphabet: self.id,
        }
    }

    /// The text that reads as exactly `codes`: the labels, with [`BREAK`] only where two tiles
    /// would otherwise read as one.
    pub fn spell(&self, codes: &[Code]) -> String {
        let n = self.tiles.len();
        let number = |c: Code| c.wrapping_sub(CODE_BASE + 1) as usize;
        if !self.pairwise || codes.iter().any(|&c| number(c) >= n) {
            return self.spell_slowly(codes);
        }
        let breaks = self.breaks.get_or_init(|| {
            let codes: Vec<Code> = self.tiles.iter().map(|t| t.code).collect();
            codes
                .iter()
                .flat_map(|&a| codes.iter().map(move |&b| [a, b]))
                .map(|pair| self.spell_slowly(&pair).contains(BREAK))
                .collect()
        });
        let mut out = String::with_capacity(codes.len() * 2);
        for (i, &code) in codes.iter().enumerate() {
            if i > 0 && breaks[number(codes[i - 1]) * n + number(code)] {
                out.push(BREAK);
            }
            out.push_str(self.label(code));
        }
        out
    }

    /// [`Alphabet::spell`] by reading the text back after each tile: right for any table.
    fn spell_slowly(&self, codes: &[Code]) -> String {
        let mut out = String::new();
        for (i, &code) in codes.iter().enumerate() {
            let label = self.label(code);
            let before = out.len();
            out.push_str(label);
            if i > 0 && self.parse(&out).ok().as_deref() != Some(&codes[..=i]) {
                out.insert(before, BREAK);
            }
        }
        out
    }

    /// Whether `text` has a break that changes nothing (`E-MAIL`): in a word list that is a
    /// hyphenated entry, not a word.
    pub fn has_needless_break(&self, text: &str) -> bool {
        if !text.contains(BREAK) {
            return false;
        }
        let text = self.normalise(text);
        let Ok(tiles) = self.parse(&text) else {
            return false;
        };
        text.match_indices(BREAK).any(|(at, _)| {
            let without = format!("{}{}", &text[..at], &text[at + BREAK.len_utf8()..]);
            self.parse(&without).ok().as_ref() == Some(&tiles)
        })
    }

    /// `text` as the director sees it: every tile of more than one letter in brackets, so each
    /// tile is visible (`CO[L·L]EGI`, `[CH]ICO` but `CHICO` for a C tile and an H tile). Text
    /// that is no tile sequence is shown as it is.
    pub fn show_tiles(&self, text: &str) -> String {
        match self.parse(text) {
            Ok(codes) => codes
                .iter()
                .map(|&c| match self.label(c) {
                    one if one.chars().count() == 1 => one.to_owned(),
                    more => format!("[{more}]"),
                })
                .collect(),
            Err(_) => text.to_owned(),
        }
    }

    /// The tile labels that also read as two or more tiles, other labels written one after the
    /// other (Spanish `CH` = `C` `H`): what the table's `ambiguous` must list.
    pub fn find_ambiguous(&self) -> Vec<String> {
        let labels: Vec<&str> = self.tiles.iter().map(|t| t.label.as_str()).collect();
        // Whether `text` is two or more labels one after the other (`pieces` so far).
        fn split(text: &str, labels: &[&str], pieces: usize) -> bool {
            if text.is_empty() {
                return pieces >= 2;
            }
            labels
                .iter()
                .filter(|l| text.starts_with(**l))
                .any(|l| split(&text[l.len()..], labels, pieces + 1))
        }
        let mut found: Vec<String> = labels
            .iter()
            .filter(|l| split(l, &labels, 0))
            .map(|l| l.to_string())
            .collect();
        found.sort();
        found
    }
}

#[cfg(test)]
mod tests;
