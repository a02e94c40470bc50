//! Tournament alphabets: which tiles a language's set has, in which order, and how each is typed.
//!
//! The alphabets are data (`crates/lexicon/src/alphabets.toml`, embedded and checked by the tests). A word is a
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
    /// Lower case → the alphabet's upper-case letter (rule 2): only the lower case of a
    /// character its typed forms or folds hold.
    upper: HashMap<char, char>,
    /// The same for ASCII text (the common case of a word list), every byte: read one table.
    ascii_upper: [u8; 128],
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
        Err(e) => panic!("crates/lexicon/src/alphabets.toml: {e}"),
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

/// The table's own entries (labels, aliases, fold targets) as NFC upper case, so the table may
/// write them in either case. Never used on what is typed: that is [`Alphabet::normalise`], which
/// upper-cases only the alphabet's own letters.
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

/// `c` for a message: itself in quotes when it shows as what it is (`'K'`), with its code point
/// when it is not ASCII (`'ſ' (U+017F LATIN SMALL LETTER LONG S)`), and by its code point alone
/// when printing it would show nothing or a blank (`U+200B ZERO WIDTH SPACE`).
fn describe(c: char) -> String {
    let quoted = format!("{c:?}");
    // Debug escapes what does not print (controls, format characters like U+200B, lone marks).
    let shows = !quoted.contains("\\u{") && (c == ' ' || !c.is_whitespace());
    let code = match name(c) {
        Some(name) => format!("U+{:04X} {name}", u32::from(c)),
        None => format!("U+{:04X}", u32::from(c)),
    };
    match (shows, c.is_ascii()) {
        (true, true) => quoted,
        (true, false) => format!("{quoted} ({code})"),
        (false, _) if name(c).is_some() => code,
        (false, _) => format!("{code} (invisible)"),
    }
}

/// The Unicode names of the characters a message most needs to name: those that show as
/// nothing or a blank, and those that pass for a letter of some alphabet. (Not every
/// character's: the program carries no name table; the others are named by code point.)
fn name(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{A0}' => "NO-BREAK SPACE",
        '\u{AD}' => "SOFT HYPHEN",
        '\u{B5}' => "MICRO SIGN",
        '\u{B7}' => "MIDDLE DOT",
        '\u{DF}' => "LATIN SMALL LETTER SHARP S",
        '\u{130}' => "LATIN CAPITAL LETTER I WITH DOT ABOVE",
        '\u{131}' => "LATIN SMALL LETTER DOTLESS I",
        '\u{17F}' => "LATIN SMALL LETTER LONG S",
        '\u{300}' => "COMBINING GRAVE ACCENT",
        '\u{301}' => "COMBINING ACUTE ACCENT",
        '\u{307}' => "COMBINING DOT ABOVE",
        '\u{308}' => "COMBINING DIAERESIS",
        '\u{3C2}' => "GREEK SMALL LETTER FINAL SIGMA",
        '\u{1E9B}' => "LATIN SMALL LETTER LONG S WITH DOT ABOVE",
        '\u{1E9E}' => "LATIN CAPITAL LETTER SHARP S",
        '\u{2007}' => "FIGURE SPACE",
        '\u{2009}' => "THIN SPACE",
        '\u{200B}' => "ZERO WIDTH SPACE",
        '\u{200C}' => "ZERO WIDTH NON-JOINER",
        '\u{200D}' => "ZERO WIDTH JOINER",
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{2060}' => "WORD JOINER",
        '\u{202F}' => "NARROW NO-BREAK SPACE",
        '\u{212A}' => "KELVIN SIGN",
        '\u{212B}' => "ANGSTROM SIGN",
        '\u{FB01}' => "LATIN SMALL LIGATURE FI",
        '\u{FB02}' => "LATIN SMALL LIGATURE FL",
        '\u{FEFF}' => "ZERO WIDTH NO-BREAK SPACE",
        _ => return None,
    })
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

/// Rule 2's table: the lower case of each character the alphabet lists (in a typed form or as a
/// fold) → that character, when it is one character the alphabet does not list itself. Nothing
/// else is upper-cased: `ı` is not the lower case of `I` (`i` is), nor `ſ` of `S`. With it, the
/// same for every ASCII byte (one lookup per byte of an ASCII word list).
type CaseTable = (HashMap<char, char>, [u8; 128]);

fn case_table(
    name: &str,
    forms: &[(String, Code)],
    folds: &[(char, String)],
) -> Result<CaseTable, String> {
    let listed: Vec<char> = forms
        .iter()
        .flat_map(|(f, _)| f.chars())
        .chain(folds.iter().map(|(c, _)| *c))
        .collect();
    let mut upper: HashMap<char, char> = HashMap::new();
    for &u in &listed {
        let mut lower = u.to_lowercase();
        let (Some(l), None) = (lower.next(), lower.next()) else {
            continue;
        };
        if l == u || listed.contains(&l) {
            continue;
        }
        if let Some(other) = upper.insert(l, u).filter(|&other| other != u) {
            return Err(format!(
                "{name}: {other} and {u} are both upper case of {l}"
            ));
        }
    }
    let mut ascii_upper = [0u8; 128];
    for (b, slot) in (0u8..128).zip(ascii_upper.iter_mut()) {
        *slot = match upper.get(&char::from(b)) {
            Some(&u) if u.is_ascii() => u as u8,
            _ => b,
        };
    }
    Ok((upper, ascii_upper))
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
        let (upper, ascii_upper) = case_table(&name, &forms, &folds)?;
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
            upper,
            ascii_upper,
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

    /// Normalises `text` as the rules say: NFC, the alphabet's own upper case, its folds.
    /// Characters no rule takes are kept as they are, for [`Alphabet::parse`] to refuse.
    pub fn normalise(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        if text.is_ascii() {
            for b in text.bytes() {
                self.push_folded(&mut out, char::from(self.ascii_upper[usize::from(b)]));
            }
            return out;
        }
        let mut push = |c: char| self.push_folded(&mut out, *self.upper.get(&c).unwrap_or(&c));
        match unicode_normalization::is_nfc_quick(text.chars()) {
            unicode_normalization::IsNormalized::Yes => text.chars().for_each(&mut push),
            _ => text.nfc().for_each(&mut push),
        }
        out
    }

    /// `c`, or what the alphabet folds it to.
    fn push_folded(&self, out: &mut String, c: char) {
        match self.folds.iter().find(|(from, _)| *from == c) {
            Some((_, to)) => out.push_str(to),
            None => out.push(c),
        }
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

    /// Like [`Alphabet::parse`], for text still being typed: the tiles so far, and an
    /// unfinished end that more typing can complete (`L·` before the last `L`, `[C`, a final
    /// `-`). What no typing can complete is an error.
    pub fn parse_prefix(&self, typed: &str) -> Result<(Vec<Code>, String), TileError> {
        let text = self.normalise(typed);
        let mut tiles = Vec::new();
        let mut rest = text.as_str();
        let mut after_break = false;
        // The length of the last tile's typed form, when it was read by rule 6.
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
                    let n = last.unwrap_or(0);
                    let from = text.len() - rest.len() - n;
                    let pending = &text[from..];
                    if n == 0 || !self.forms.iter().any(|(f, _)| f.starts_with(pending)) {
                        return Err(self.unreadable(typed, &text, from, n));
                    }
                    tiles.pop();
                    return Ok((tiles, pending.to_owned()));
                }
            }
            after_break = false;
        }
        Ok((tiles, String::new()))
    }

    /// The error for `text` (`typed`, normalised), which no reading takes from byte `from` on,
    /// where the last tile's typed form (`n` bytes) begins (`n` is 0 when there is none): it
    /// names the first character that cannot go on from there. After `L` of `CEL·` + U+200B,
    /// `L·` is still the start of `L·L`, so that is the U+200B, not the `·`.
    fn unreadable(&self, typed: &str, text: &str, from: usize, n: usize) -> TileError {
        let pending = &text[from..];
        // The longest start of `pending` that some typed form begins with (the last tile's own
        // form at least); forms are short, so this stops within a few characters.
        let mut begun = n;
        for (i, c) in pending[n..].char_indices() {
            let end = n + i + c.len_utf8();
            match self
                .forms
                .iter()
                .any(|(f, _)| f.starts_with(&pending[..end]))
            {
                true => begun = end,
                false => break,
            }
        }
        let (found, at) = self.typed_at(typed, text, from + begun);
        let known = |c: char| {
            c == '[' || c == ']' || c == BREAK || self.forms.iter().any(|(f, _)| f.contains(c))
        };
        let normalised = pending[begun..].chars().next().unwrap_or(found);
        if begun > n && known(normalised) {
            return TileError::BrokenTile {
                start: pending[..begun].to_owned(),
                found,
                at,
                alphabet: self.id,
            };
        }
        TileError::NotATile {
            found,
            at,
            alphabet: self.id,
        }
    }

    /// Which character of `typed` made the character at byte `byte` of `text` (`typed`
    /// normalised), and its position in `typed` (from 1): the character as it was typed (`ſ`,
    /// `q`, a fullwidth `Ａ`), or the normalised one when several typed characters made it (`A` +
    /// U+0308 is `Ä`).
    fn typed_at(&self, typed: &str, text: &str, byte: usize) -> (char, usize) {
        let found = text[byte..]
            .chars()
            .next()
            .unwrap_or(char::REPLACEMENT_CHARACTER);
        let k = text[..byte].chars().count();
        // NFC composes a starter with the marks after it: normalised piece by piece, each piece
        // says where its characters came from (when the pieces make the whole, as they do for
        // every alphabet's letters).
        let mut pieces: Vec<(&str, String)> = Vec::new();
        let mut begin = 0;
        for (i, c) in typed.char_indices() {
            if i > begin && unicode_normalization::char::canonical_combining_class(c) == 0 {
                pieces.push((&typed[begin..i], self.normalise(&typed[begin..i])));
                begin = i;
            }
        }
        pieces.push((&typed[begin..], self.normalise(&typed[begin..])));
        if pieces.iter().map(|(_, p)| p.as_str()).collect::<String>() != text {
            return (found, k + 1);
        }
        let (mut out, mut position) = (0, 0);
        for (piece, normalised) in &pieces {
            let (typed_len, len) = (piece.chars().count(), normalised.chars().count());
            if k < out + len {
                let offset = k - out;
                if typed_len == len {
                    if let Some(c) = piece.chars().nth(offset) {
                        return (c, position + offset + 1);
                    }
                }
                // Composed or reordered: a mark left as it was is the one typed that many
                // places from the end (NFC composes the first marks and keeps the order of
                // the same mark); anything else is the composed letter, where it began.
                let after = normalised.chars().skip(offset + 1).filter(|&c| c == found);
                let mut typed_same = piece.chars().enumerate().filter(|&(_, c)| c == found);
                let from_end = typed_same.clone().count().checked_sub(after.count() + 1);
                return match from_end.and_then(|n| typed_same.nth(n)) {
                    Some((i, c)) => (c, position + i + 1),
                    None => (found, position + 1),
                };
            }
            out += len;
            position += typed_len;
        }
        (found, k + 1)
    }

    /// The tiles whose typed forms begin with `start`, for a message (`the tile L·L`).
    fn begun_by(&self, start: &str) -> String {
        let mut labels: Vec<&str> = Vec::new();
        for (form, code) in &self.forms {
            let label = self.label(*code);
            if form.starts_with(start) && !labels.contains(&label) {
                labels.push(label);
            }
        }
        match labels.as_slice() {
            [one] => format!("the tile {one}"),
            more => format!("the tiles {}", more.join(", ")),
        }
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
