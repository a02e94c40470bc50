//! Tiles back to text: the shortest text that reads as exactly those tiles, and the director's
//! view of a word with every multi-letter tile in brackets.

use super::{Alphabet, Code, BREAK, CODE_BASE};

impl Alphabet {
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
    pub(crate) fn has_needless_break(&self, text: &str) -> bool {
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
}
