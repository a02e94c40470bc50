//! Data shared by the benchmarks: ENABLE2K from `../shared/`, topped up with generated words.
#![allow(dead_code)]

use std::collections::HashSet;
use std::path::PathBuf;

use wordjudge::lexicon::source::{read_file, Format, OnInvalid};
use wordjudge::lexicon::word::Word;

pub fn enable2k_path() -> Option<PathBuf> {
    // The project's root: this file is shared with the station/ package.
    let mut root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if !root.join("kiosk.toml").is_file() {
        root.push("..");
    }
    let shared =
        std::env::var_os("WORDJUDGE_SHARED").map_or_else(|| root.join("../shared"), PathBuf::from);
    let path = shared.join("lexicons/enable2k.txt");
    if path.is_file() {
        Some(path)
    } else {
        eprintln!(
            "SKIPPED: this benchmark needs {} (the shared/ folder beside the project)",
            path.display()
        );
        None
    }
}

/// ENABLE2K's 2-15-letter words plus derived words, `total` distinct in all.
///
/// The extra words are ENABLE words with common affixes (RE-, UN-, -S, -ED, -ING, -ER, ...) that
/// ENABLE lacks. That is how real lexicons differ from ENABLE and grow between editions, so the
/// compiled file has a realistic size (random letter strings share no structure and would make
/// an fst almost twice as large as a real list of the same length).
pub fn words(total: usize) -> Option<Vec<Word>> {
    let source = read_file(
        &enable2k_path()?,
        Format::Plain,
        wordjudge::lexicon::alphabet::english(),
        OnInvalid::Skip,
    )
    .ok()?;
    let base = source.entries.words;
    let mut seen: HashSet<Word> = base.iter().copied().collect();
    let mut words = base.clone();
    const PREFIXES: [&str; 5] = ["RE", "UN", "OUT", "OVER", "NON"];
    const SUFFIXES: [&str; 8] = ["S", "ED", "ING", "ER", "ERS", "LY", "NESS", "ISH"];
    let affixed = PREFIXES
        .iter()
        .map(|&p| (p, ""))
        .chain(SUFFIXES.iter().map(|&s| ("", s)));
    'outer: for (prefix, suffix) in affixed {
        for w in &base {
            if words.len() >= total {
                break 'outer;
            }
            if let Ok(word) = Word::parse(&format!("{prefix}{w}{suffix}")) {
                if seen.insert(word) {
                    words.push(word);
                }
            }
        }
    }
    assert_eq!(words.len(), total, "not enough derived words");
    Some(words)
}

/// A plain word list (lower case, unsorted as ENABLE is then generated words), as a director's file.
pub fn plain_text(words: &[Word]) -> Vec<u8> {
    let mut text = Vec::with_capacity(words.len() * 10);
    for w in words {
        text.extend_from_slice(w.text().to_ascii_lowercase().as_bytes());
        text.push(b'\n');
    }
    text
}

/// The Spanish alphabet: the benchmarks' alphabet with digraph tiles.
pub fn spanish() -> &'static wordjudge::lexicon::alphabet::Alphabet {
    wordjudge::lexicon::alphabet::by_name("spanish").expect("embedded")
}

/// An English word as Spanish text: K (no Spanish tile) becomes Ñ and W becomes RR; read by the
/// Spanish rules, CH, LL and RR are then one tile each.
pub fn as_spanish_text(english: &str) -> String {
    english
        .to_ascii_uppercase()
        .replace('K', "Ñ")
        .replace('W', "RR")
}

/// The benchmarks' non-English list: `words(total)` as Spanish tile words ([`as_spanish_text`]),
/// distinct — slightly fewer than `total` (BAW and BARR are both BARR). Real structure (the same
/// stems and affixes), every kind of Spanish tile: CH, LL, RR, Ñ.
pub fn spanish_words(total: usize) -> Option<Vec<Word>> {
    let mut seen = HashSet::new();
    let words = words(total)?
        .iter()
        .filter_map(|w| Word::parse_in(spanish(), &as_spanish_text(&w.text())).ok())
        .filter(|w| seen.insert(*w))
        .collect();
    Some(words)
}

/// A plain Spanish list as a director's file: lower case UTF-8, each word as its text.
pub fn spanish_plain_text(words: &[Word]) -> Vec<u8> {
    let mut text = Vec::with_capacity(words.len() * 11);
    for w in words {
        text.extend_from_slice(w.text().to_lowercase().as_bytes());
        text.push(b'\n');
    }
    text
}
