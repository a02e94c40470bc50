//! The table of alphabets (`alphabets.toml`, embedded): reading it, and each alphabet defined
//! from its entry — tiles, typed forms, folds, the case table — with what the table must hold
//! checked as it is read.

use std::collections::HashMap;
use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;

use super::{Alphabet, AlphabetId, Code, Tile, BREAK, CODE_BASE, MAX_TILES};

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
pub(super) fn others() -> &'static [Alphabet] {
    static OTHERS: OnceLock<Vec<Alphabet>> = OnceLock::new();
    OTHERS.get_or_init(|| match build(TABLE) {
        Ok(others) => others,
        // The table is part of the program and checked by the tests.
        Err(e) => panic!("crates/lexicon/src/alphabet/alphabets.toml: {e}"),
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
        let mut tiles = tiles_of(&name, &def.tiles, &def.blank_only)?;
        let forms = forms_of(&name, &mut tiles, &def.aliases)?;
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
            #[cfg(test)]
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

    /// The tile labels that also read as two or more tiles, other labels written one after the
    /// other (Spanish `CH` = `C` `H`): what the table's `ambiguous` must list.
    #[cfg(test)]
    pub(crate) fn find_ambiguous(&self) -> Vec<String> {
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

/// The tiles of alphabet `name`, numbered in the order `labels` (space-separated) gives them;
/// `blank_only` those its set has no tile for.
fn tiles_of(name: &str, labels: &str, blank_only: &[String]) -> Result<Vec<Tile>, String> {
    let labels: Vec<String> = labels.split_whitespace().map(normal).collect();
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
            blank_only: blank_only.iter().any(|b| normal(b) == *label),
            aliases: Vec::new(),
        });
    }
    for b in blank_only {
        code_of(&tiles, b).ok_or_else(|| format!("{name}: blank-only {b} is not a tile"))?;
    }
    Ok(tiles)
}

/// The tile labelled `label`.
fn code_of(tiles: &[Tile], label: &str) -> Option<Code> {
    let label = normal(label);
    tiles.iter().find(|t| t.label == label).map(|t| t.code)
}

/// Every typed form of alphabet `name`'s tiles, longest first: each label, and each alias
/// (recorded on its tile too).
fn forms_of(
    name: &str,
    tiles: &mut [Tile],
    aliases: &indexmap::IndexMap<String, String>,
) -> Result<Vec<(String, Code)>, String> {
    let mut forms: Vec<(String, Code)> = tiles.iter().map(|t| (t.label.clone(), t.code)).collect();
    for (typed, label) in aliases {
        let code =
            code_of(tiles, label).ok_or_else(|| format!("{name}: alias {typed} of no tile"))?;
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
    Ok(forms)
}
