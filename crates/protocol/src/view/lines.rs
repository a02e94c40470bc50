//! The lines of the words area, one rule for every user interface that draws them — the
//! station's window and the table judge's page: the typed words, the word being typed (with
//! its tiles and the unfinished end of a tile), and an empty line for each announced word not
//! typed yet, which both draw as a dot. Each line is also spelled for a screen reader.

use super::{ScreenKind, View};

/// One line of the words area.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WordLine {
    /// The word as its tiles write it ("TRANQUIL·LITAT"; the word being typed with its
    /// unfinished end: "PAL·").
    pub text: String,
    /// The word being typed (drawn with the cursor).
    pub typing: bool,
    /// An announced word not typed yet (drawn as a dot; `text` is empty).
    pub empty: bool,
    /// In an alphabet other than English: the word's tiles, one label each ("L·L" is one).
    /// Empty for English: the word is its letters.
    pub tiles: Vec<String>,
    /// The word being typed only: the unfinished end of a tile ("L·" waiting for its L).
    pub pending: String,
    /// The word spelled tile by tile for a screen reader ("C, O, L·L, E, G, I").
    pub spelled: String,
}

impl View {
    /// The lines of the words area of this screen: every typed word; on the entry, the word
    /// being typed (when something is typed or more words may follow) and a dot for each
    /// announced word still to type.
    pub fn word_lines(&self) -> Vec<WordLine> {
        let line =
            |text: &str, typing: bool, empty: bool, tiles: &[String], pending: &str| WordLine {
                text: text.to_owned(),
                typing,
                empty,
                tiles: tiles.to_vec(),
                pending: pending.to_owned(),
                spelled: spelled(text, tiles, pending),
            };
        let mut lines: Vec<WordLine> = self
            .words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let tiles = self.word_tiles.get(i).map_or(&[][..], Vec::as_slice);
                line(w, false, false, tiles, "")
            })
            .collect();
        if self.screen != ScreenKind::Entry || self.handed_over {
            return lines;
        }
        let limit = match self.expected_words {
            0 => self.count_choices,
            n => n,
        };
        if !self.current.is_empty() || lines.len() < limit {
            // The word being typed as the screen draws it: its tiles ("TRANQUIL·LITAT" for the
            // keys T R A N Q I L . L I T A T), not the keys.
            let typed = match self.current_tiles.is_empty() && self.current_pending.is_empty() {
                true => self.current.clone(),
                false => format!("{}{}", self.current_tiles.concat(), self.current_pending),
            };
            let (tiles, pending) = (&self.current_tiles, &self.current_pending);
            lines.push(line(&typed, true, false, tiles, pending));
        }
        while lines.len() < self.expected_words {
            lines.push(line("", false, true, &[], ""));
        }
        lines
    }
}

/// A word spelled for a screen reader, tile by tile ("C, O, L·L, E, G, I"; an English word
/// letter by letter), with the unfinished end of a tile being typed last.
pub fn spelled(text: &str, tiles: &[String], pending: &str) -> String {
    let mut parts: Vec<String> = if tiles.is_empty() && pending.is_empty() {
        text.chars().map(String::from).collect()
    } else {
        tiles.to_vec()
    };
    if !pending.is_empty() {
        parts.push(pending.to_owned());
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(words: &[&str], current: &str, expected: usize) -> View {
        View {
            screen: ScreenKind::Entry,
            words: words.iter().map(|w| w.to_string()).collect(),
            current: current.into(),
            expected_words: expected,
            count_choices: 8,
            ..View::default()
        }
    }

    fn shape(lines: &[WordLine]) -> Vec<(&str, bool, bool)> {
        lines
            .iter()
            .map(|l| (l.text.as_str(), l.typing, l.empty))
            .collect()
    }

    #[test]
    fn the_cursor_and_a_dot_for_each_announced_word_still_to_type() {
        let lines = entry(&["QI"], "Z", 3).word_lines();
        assert_eq!(
            shape(&lines),
            [("QI", false, false), ("Z", true, false), ("", false, true)]
        );
        // Nothing typed yet, three announced: the cursor's line and two dots.
        let lines = entry(&[], "", 3).word_lines();
        assert_eq!(
            shape(&lines),
            [("", true, false), ("", false, true), ("", false, true)]
        );
        // Not announced: no dots, and the cursor while more words may follow.
        assert_eq!(
            shape(&entry(&["QI"], "", 0).word_lines()),
            [("QI", false, false), ("", true, false)]
        );
    }

    #[test]
    fn every_word_typed_no_cursor_and_handed_over_or_judged_only_the_words() {
        assert_eq!(
            shape(&entry(&["QI", "ZA"], "", 2).word_lines()),
            [("QI", false, false), ("ZA", false, false)]
        );
        let mut handed = entry(&["QI"], "", 3);
        handed.handed_over = true;
        assert_eq!(shape(&handed.word_lines()), [("QI", false, false)]);
        let mut verdict = entry(&["QI"], "", 3);
        verdict.screen = ScreenKind::Verdict;
        assert_eq!(shape(&verdict.word_lines()), [("QI", false, false)]);
    }

    #[test]
    fn each_words_tiles_and_the_unfinished_tile_being_typed_spelled_tile_by_tile() {
        let mut view = entry(&["COL·LEGI"], "PAL·", 3);
        view.word_tiles = vec![["C", "O", "L·L", "E", "G", "I"].map(String::from).to_vec()];
        view.current_tiles = vec!["P".into(), "A".into()];
        view.current_pending = "L·".into();
        let lines = view.word_lines();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].tiles, ["C", "O", "L·L", "E", "G", "I"]);
        // Spelled for a screen reader tile by tile: L·L is one tile (issue 39).
        assert_eq!(lines[0].spelled, "C, O, L·L, E, G, I");
        assert_eq!(lines[1].spelled, "P, A, L·");
        assert_eq!(lines[1].text, "PAL·");
        assert!(lines[1].typing);
        assert_eq!(lines[1].tiles, ["P", "A"]);
        assert_eq!(lines[1].pending, "L·");
        assert!(lines[2].empty && lines[2].tiles.is_empty());
        assert_eq!(spelled("QI", &[], ""), "Q, I");
    }
}
