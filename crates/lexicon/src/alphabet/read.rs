//! Reading text into tiles (the rules in the module above): normalising, then the longest
//! typed form at each position, and an error that names the first character no reading can
//! take, as it was typed.

use unicode_normalization::UnicodeNormalization;

use super::{Alphabet, Code, TileError, BREAK};

/// `c` for a message: itself in quotes when it shows as what it is (`'K'`), with its code point
/// when it is not ASCII (`'ſ' (U+017F LATIN SMALL LETTER LONG S)`), and by its code point alone
/// when printing it would show nothing or a blank (`U+200B ZERO WIDTH SPACE`).
pub(super) fn describe(c: char) -> String {
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

impl Alphabet {
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
    pub(super) fn begun_by(&self, start: &str) -> String {
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
}
