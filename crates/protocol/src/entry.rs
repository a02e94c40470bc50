//! Typing the words: the challenger's keys and the tile keyboard's touches, Enter or DONE to
//! hand over (unless the words are part of a play judged UNACCEPTABLE a moment ago: the
//! guard), and the challenged player's keys once the words are handed over.

use super::messages::{FailedPlay, Hint, Missing};
use super::tiles;
use super::{Entry, Key, Mode, Station};
use wordjudge_lexicon::word::MAX_LEN;

impl Station {
    pub(super) fn entry_key(&mut self, key: Key, now: f64) {
        let max_words = self.settings.max_words;
        let tab_judges = self.settings.tab_judges();
        let count_first = self.settings.screen.count_first;
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        let limit = e.expected.unwrap_or(max_words);
        // A refused key inside a word stays said until the word ends: the letters typed after
        // it must not hide that it was left out.
        let before = self.hint.take();
        let refused_in_word = matches!(before, Some(Hint::NotALetter(_) | Hint::NotATile(_)));
        if e.handed_over() {
            self.handed_over_key(key, tab_judges, now);
            return;
        }
        // Whatever the challenger does next, the words refused as part of a failed play are
        // theirs to change: the refusal is decided again at the next hand-over.
        if key != Key::Tab {
            e.part_of = None;
        }
        if e.as_tiles() {
            let keep = if refused_in_word {
                before.clone()
            } else {
                None
            };
            if let Some(hint) = tiles::key(e, key, limit, keep) {
                self.hint = hint;
                return;
            }
        }
        match key {
            Key::Char(c) if c.is_ascii_alphabetic() => {
                if e.current.is_empty() && e.words.len() >= limit {
                    self.hint = Some(Hint::WordsTyped(limit));
                } else if e.current.len() >= MAX_LEN {
                    self.hint = Some(Hint::WordTooLong);
                } else {
                    e.current.push(c.to_ascii_uppercase());
                    if refused_in_word {
                        self.hint = before;
                    }
                }
            }
            Key::Space | Key::Char(',') => {
                if !e.current.is_empty() {
                    e.words.push(std::mem::take(&mut e.current));
                }
            }
            Key::Enter => self.end_entry(now),
            Key::Backspace => {
                if e.current.pop().is_none() {
                    if let Some(last) = e.words.pop() {
                        e.current = last;
                    }
                }
            }
            // Esc clears the words; on an empty entry it goes back a step: to the count (of the
            // same challenge or second opinion), or without a count to the start.
            Key::Escape if e.words.is_empty() && e.current.is_empty() => {
                if count_first {
                    let second_opinion = e.second_opinion.take();
                    self.mode = Mode::Count { second_opinion };
                } else {
                    self.clear_to_start();
                }
            }
            Key::Escape => {
                e.words.clear();
                e.current.clear();
            }
            // Tab judges only what the challenger handed over: JUDGE says what is missing.
            Key::Tab if tab_judges => self.judge(now),
            Key::Char(c) if !c.is_whitespace() => self.hint = Some(Hint::NotALetter(c)),
            _ => self.hint = Some(Hint::LettersOnly),
        }
    }

    /// A key once the challenger handed over: the challenged player checks the words and
    /// presses JUDGE, or gives them back to the challenger to correct.
    fn handed_over_key(&mut self, key: Key, tab_judges: bool, now: f64) {
        match key {
            Key::Tab if tab_judges => self.judge(now),
            Key::Backspace | Key::Escape => {
                if let Mode::Entry(e) = &mut self.mode {
                    e.give_back();
                }
                self.hint = Some(Hint::BackToChallenger);
            }
            _ if tab_judges => self.hint = Some(Hint::PressJudge),
            _ => self.hint = Some(Hint::PressJudgeButton),
        }
    }

    /// On an English division's on-screen keyboard (`[screen] touch_keyboard`), the letter of
    /// key `index`, A to Z: it types as that key of a keyboard does.
    pub(super) fn keyboard_letter(&self, index: usize) -> Option<char> {
        let Mode::Entry(e) = &self.mode else {
            return None;
        };
        if e.as_tiles() || !self.settings.screen.touch_keyboard {
            return None;
        }
        let tile = e.alphabet.tiles().get(index)?;
        tile.label.chars().next()
    }

    /// A tile of the on-screen keyboard (`index` into the alphabet's tiles).
    pub(super) fn tile_key(&mut self, index: usize) {
        let limit = self.settings.max_words;
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        if !e.as_tiles() {
            return;
        }
        if e.handed_over() {
            // A tile touched once the words are handed over: the keyboard is drawn as not
            // acting, and the touch says what does.
            self.hint = Some(Hint::PressJudgeButton);
            return;
        }
        e.part_of = None;
        let limit = e.expected.unwrap_or(limit);
        self.hint = if e.current.is_empty() && e.words.len() >= limit {
            Some(Hint::WordsTyped(limit))
        } else {
            tiles::type_tile(e, index).err()
        };
    }

    /// Enter (or DONE): the word being typed is complete; once every word is, the challenger
    /// hands over to the challenged player, who may judge after the hand-over pause. With a
    /// count, Enter before the last word only separates words. A new challenge on part of a
    /// play judged UNACCEPTABLE here a moment ago is not handed over: the director decides.
    pub(super) fn end_entry(&mut self, now: f64) {
        let Mode::Entry(e) = &mut self.mode else {
            return;
        };
        if e.handed_over() {
            return;
        }
        if e.as_tiles() {
            if let Err(hint) = tiles::finish_word(e) {
                self.hint = Some(hint);
                return;
            }
        }
        if !e.current.is_empty() {
            e.words.push(std::mem::take(&mut e.current));
        }
        match (missing(e), e.expected) {
            (None, _) => {}
            // More words announced: Enter separated this one.
            (Some(Missing::Words { .. }), Some(_)) => return,
            (Some(m), _) => {
                self.hint = Some(Hint::Missing(m));
                return;
            }
        }
        let guarded = e.second_opinion.is_none() && !e.allowed;
        let words = e.words.clone();
        if let Some(failed) = guarded
            .then(|| self.part_of_failed_play(&words, now))
            .flatten()
        {
            self.audit.push(format!(
                "new challenge refused: {} is part of {} (UNACCEPTABLE){}",
                words.join(" "),
                match &failed {
                    FailedPlay::Slip(n) => format!("slip {n}"),
                    FailedPlay::Unrecorded(at) => format!("the play judged at {at}"),
                },
                self.table_now()
                    .map(|t| format!(", table {t}"))
                    .unwrap_or_default()
            ));
            if let Mode::Entry(e) = &mut self.mode {
                e.part_of = Some(failed.clone());
            }
            self.hint = Some(self.part_of_hint(failed));
            return;
        }
        if let Mode::Entry(e) = &mut self.mode {
            e.handed_over_at = Some(now);
        }
        self.hint = None;
    }
}

/// What stops the challenger from handing over, or `None` when every word is typed.
pub(super) fn missing(e: &Entry) -> Option<Missing> {
    let mut words: Vec<&str> = e.words.iter().map(String::as_str).collect();
    if !e.current.is_empty() {
        words.push(&e.current);
    }
    let tiles = |w: &str| match e.as_tiles() {
        true => tiles::count(e.alphabet, w),
        false => w.len(),
    };
    if e.as_tiles() && e.alphabet.parse(&e.current).is_err() {
        return Some(Missing::UnfinishedTile);
    }
    if let Some((i, _)) = words.iter().enumerate().find(|(_, w)| tiles(w) < 2) {
        return Some(match e.as_tiles() {
            true => Missing::OneTile(i + 1),
            false => Missing::ShortWord(i + 1),
        });
    }
    match e.expected {
        Some(n) if words.len() < n => Some(Missing::Words {
            typed: words.len(),
            of: n,
        }),
        None if words.is_empty() => Some(Missing::NoWords),
        _ => None,
    }
}
