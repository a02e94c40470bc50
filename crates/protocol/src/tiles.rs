//! Typing words as tiles in an alphabet other than English: each key adds to the word being
//! typed, which is always read by the alphabet's rules ([`wordjudge_lexicon::alphabet`]), so the station and
//! the command line read the same text as the same tiles. English keeps its own, older path in
//! `players.rs` (letters A–Z, one key one tile).

use super::messages::Hint;
use super::{Entry, Key};
use wordjudge_lexicon::alphabet::Alphabet;
use wordjudge_lexicon::word::MAX_LEN;

/// A key that types `c` into the word being typed: kept if the alphabet can still read the
/// word (a tile, or the start of one: `L·` waits for its `L`), refused with a hint if not.
pub(super) fn type_char(e: &mut Entry, c: char) -> Result<(), Hint> {
    let a = e.alphabet;
    let candidate = format!("{}{c}", e.current);
    match a.parse_prefix(&candidate) {
        Ok((tiles, _)) if tiles.len() > MAX_LEN => Err(Hint::TooManyTiles),
        Ok(_) => {
            e.current = a.normalise(&candidate);
            Ok(())
        }
        Err(_) => Err(Hint::NotATile(a.language.clone())),
    }
}

/// A tile of the on-screen keyboard (`index` into the alphabet's tiles): exactly that tile,
/// whatever the word ends with (an unfinished tile is dropped).
pub(super) fn type_tile(e: &mut Entry, index: usize) -> Result<(), Hint> {
    let a = e.alphabet;
    let Some(tile) = a.tiles().get(index) else {
        return Ok(());
    };
    let mut tiles = a
        .parse_prefix(&e.current)
        .map(|(t, _)| t)
        .unwrap_or_default();
    if tiles.len() >= MAX_LEN {
        return Err(Hint::TooManyTiles);
    }
    tiles.push(tile.code);
    e.current = a.spell(&tiles);
    Ok(())
}

/// Backspace: the unfinished end's last character, else the last tile (`L·L` goes at once);
/// `false` when the word being typed was already empty.
pub(super) fn backspace(e: &mut Entry) -> bool {
    let a = e.alphabet;
    if e.current.is_empty() {
        return false;
    }
    match a.parse_prefix(&e.current) {
        Ok((tiles, mut rest)) if !rest.is_empty() => {
            rest.pop();
            e.current = format!("{}{rest}", a.spell(&tiles));
        }
        Ok((mut tiles, _)) => {
            tiles.pop();
            e.current = a.spell(&tiles);
        }
        Err(_) => e.current.clear(),
    }
    true
}

/// The word being typed is complete: it goes to the list as the text that reads back as its
/// tiles. An unfinished tile (`PAL·`) is refused with a hint and stays to be finished.
pub(super) fn finish_word(e: &mut Entry) -> Result<(), Hint> {
    if e.current.is_empty() {
        return Ok(());
    }
    let a = e.alphabet;
    match a.parse(&e.current) {
        Ok(tiles) => {
            e.words.push(a.spell(&tiles));
            e.current.clear();
            Ok(())
        }
        Err(_) => Err(Hint::UnfinishedTile(unfinished(a, &e.current))),
    }
}

/// The unfinished end of `text` (`L·`), or all of it when it cannot be read.
pub(super) fn unfinished(a: &Alphabet, text: &str) -> String {
    a.parse_prefix(text)
        .map(|(_, rest)| rest)
        .unwrap_or_else(|_| text.to_owned())
}

/// How many tiles `text` is (a word of the entry).
pub(super) fn count(a: &Alphabet, text: &str) -> usize {
    a.parse_prefix(text).map_or(0, |(t, _)| t.len())
}

/// The labels of `text`'s tiles, and its unfinished end, for the screen.
pub(super) fn labels(a: &Alphabet, text: &str) -> (Vec<String>, String) {
    match a.parse_prefix(text) {
        Ok((tiles, rest)) => (tiles.iter().map(|&c| a.label(c).to_owned()).collect(), rest),
        Err(_) => (Vec::new(), text.to_owned()),
    }
}

/// A key typed in an alphabet other than English, before the keys every alphabet shares:
/// `Some(hint)` when the key was taken here (the hint to show: `keep`, a refusal said inside
/// the word, unless this key is refused too), `None` when it is left to the shared keys.
pub(super) fn key(
    e: &mut Entry,
    key: Key,
    limit: usize,
    keep: Option<Hint>,
) -> Option<Option<Hint>> {
    match key {
        Key::Char(',') | Key::Space | Key::Enter | Key::Escape | Key::Tab => {}
        Key::Backspace => {
            if !backspace(e) {
                if let Some(last) = e.words.pop() {
                    e.current = last;
                }
            }
            return Some(None);
        }
        Key::Char(_) if e.current.is_empty() && e.words.len() >= limit => {
            return Some(Some(Hint::WordsTyped(limit)));
        }
        Key::Char(c) => {
            return Some(match type_char(e, c) {
                Ok(()) => keep,
                Err(hint) => Some(hint),
            });
        }
        _ => {}
    }
    if matches!(key, Key::Char(',') | Key::Space | Key::Enter) {
        if let Err(hint) = finish_word(e) {
            return Some(Some(hint));
        }
    }
    None
}
