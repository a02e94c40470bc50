//! Where each word of tiles goes once the words have the screen to themselves (the hand-over
//! screen, the verdict): one tile size for the whole play, the words in the order typed, row by
//! row — a long word on a row of its own, shorter ones two to a row — so that the play's tiles
//! are as large as the screen allows and the same size, word beside word (issue 39: an 8-word
//! Catalan play drew 18-pixel tiles with 5-pixel digraph labels, and EXTRAORDINARIO small beside
//! NIÑO).

/// The most tiles of a word that shares its row with another.
pub(crate) const HALF_ROW_TILES: usize = 7;

/// One word's place: its row, its column (0 or 1) and whether it has the row to itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub row: usize,
    pub column: usize,
    pub wide: bool,
}

/// The places of words of `lengths` tiles, in the order typed; how many rows they take; the
/// longest word on a row of its own and the longest sharing a row (0 when there is none): the
/// window sizes one tile for all of them from these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slots {
    pub slots: Vec<Slot>,
    pub rows: usize,
    pub longest_wide: usize,
    pub longest_half: usize,
}

pub fn slots(lengths: &[usize]) -> Slots {
    let mut out = Slots {
        slots: Vec::with_capacity(lengths.len()),
        rows: 0,
        longest_wide: 0,
        longest_half: 0,
    };
    // A row with one short word on its left, waiting for a second.
    let mut open = false;
    for &n in lengths {
        if n > HALF_ROW_TILES {
            out.slots.push(Slot {
                row: out.rows,
                column: 0,
                wide: true,
            });
            out.rows += 1;
            out.longest_wide = out.longest_wide.max(n);
            open = false;
        } else if open {
            out.slots.push(Slot {
                row: out.rows - 1,
                column: 1,
                wide: false,
            });
            out.longest_half = out.longest_half.max(n);
            open = false;
        } else {
            out.slots.push(Slot {
                row: out.rows,
                column: 0,
                wide: false,
            });
            out.rows += 1;
            out.longest_half = out.longest_half.max(n);
            open = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(s: &Slots) -> Vec<(usize, usize, bool)> {
        s.slots.iter().map(|p| (p.row, p.column, p.wide)).collect()
    }

    #[test]
    fn short_words_pair_up_in_the_order_typed_and_a_long_word_has_its_own_row() {
        // A bingo of 15 tiles and seven cross-words: 1 + 4 rows, not 8.
        let s = slots(&[15, 3, 2, 5, 4, 2, 3, 4]);
        assert_eq!(
            places(&s),
            [
                (0, 0, true),
                (1, 0, false),
                (1, 1, false),
                (2, 0, false),
                (2, 1, false),
                (3, 0, false),
                (3, 1, false),
                (4, 0, false)
            ]
        );
        assert_eq!((s.rows, s.longest_wide, s.longest_half), (5, 15, 5));
    }

    #[test]
    fn a_long_word_after_a_short_one_starts_a_row_and_order_is_kept() {
        let s = slots(&[2, 9, 3]);
        assert_eq!(places(&s), [(0, 0, false), (1, 0, true), (2, 0, false)]);
        assert_eq!((s.rows, s.longest_wide, s.longest_half), (3, 9, 3));
        assert_eq!(slots(&[]).rows, 0);
        assert_eq!(slots(&[7, 7]).rows, 1, "seven tiles still share a row");
    }
}
