//! The players' side before the words: the division, the table number and the word count.
//! Typing the words and handing over is `entry.rs`; JUDGE and the verdict `verdict.rs`; the
//! re-challenge guard `guard.rs`; second opinions `second_opinion.rs`.

use super::messages::Hint;
use super::{digit, edit_digits, Entry, Key, Mode, Station};
use wordjudge_config::{MAX_ROUND, MAX_TABLE};

/// Digits a table number takes.
const TABLE_DIGITS: usize = 4;

impl Station {
    /// On a table device, where there is no director to set the round: the round and table of
    /// the players' game (`None`: not given; both are optional, as at a station). Every slip
    /// from now on carries them, until they are changed. Refused, changing nothing, when either
    /// is out of range (1 to `MAX_ROUND`, 1 to `MAX_TABLE`).
    pub fn set_game(&mut self, round: Option<u32>, table: Option<u32>) -> bool {
        let fits = |n: Option<u32>, max: u32| n.is_none_or(|n| (1..=max).contains(&n));
        if !fits(round, MAX_ROUND) || !fits(table, MAX_TABLE) {
            return false;
        }
        let given = |label: &str, n: Option<u32>| match n {
            Some(n) => format!("{label} {n}"),
            None => format!("no {label}"),
        };
        self.audit.push(format!(
            "the players gave their game: {}, {}",
            given("round", round),
            given("table", table)
        ));
        self.adjudicator.set_round(round);
        self.game_table = table;
        true
    }

    /// The table the challenge under way records: the one its pair typed, else their game's.
    pub(super) fn table_now(&self) -> Option<u32> {
        self.table.or(self.game_table)
    }

    /// Division `i` (0-based), chosen on the division menu. One that is out of service cannot be
    /// chosen: the menu says so, and the others keep working.
    pub(super) fn choose_division(&mut self, i: usize) {
        if !matches!(self.mode, Mode::ChooseDivision) || i >= self.divisions.len() {
            return;
        }
        if self.divisions[i].state.is_err() {
            self.hint = Some(Hint::DivisionOutOfService(self.divisions[i].label.clone()));
            return;
        }
        self.hint = None;
        self.active = Some(i);
        self.mode = self.start_mode();
    }

    /// `n` words announced on the count screen.
    pub(super) fn choose_count(&mut self, n: usize) {
        let Mode::Count { second_opinion } = &mut self.mode else {
            return;
        };
        if (1..=self.settings.max_words).contains(&n) {
            let second_opinion = second_opinion.take();
            self.hint = None;
            self.mode = Mode::Entry(Entry::new(Some(n), second_opinion, self.alphabet()));
        }
    }

    /// The table number (`ask_table`): digits, then Enter; Esc goes back to the start.
    pub(super) fn table_key(&mut self, key: Key) {
        let Mode::Table { digits } = &mut self.mode else {
            return;
        };
        edit_digits(digits, key, TABLE_DIGITS);
        match key {
            Key::Escape => self.clear_to_start(),
            Key::Enter | Key::Tab => match digits.parse::<u32>() {
                Ok(n) if (1..=MAX_TABLE).contains(&n) => {
                    self.hint = None;
                    self.table = Some(n);
                    self.mode = self.after_table(None);
                }
                _ => self.hint = Some(Hint::TypeTable),
            },
            Key::Char(c) if c.is_ascii_digit() => self.hint = None,
            Key::Backspace => {}
            _ => self.hint = Some(Hint::TypeTable),
        }
    }

    pub(super) fn count_key(&mut self, key: Key) {
        if !matches!(self.mode, Mode::Count { .. }) {
            return;
        }
        match (key, digit(key)) {
            // Back: to the division menu when the pair chose one.
            (Key::Escape, _) => self.clear_to_start(),
            (_, Some(n)) if (1..=self.settings.max_words).contains(&n) => self.choose_count(n),
            // A second opinion by slip number is the SECOND OPINION key's (F2), not a key here.
            _ => self.hint = Some(Hint::PressCount(self.settings.max_words)),
        }
    }

    /// The key the on-screen back key ([`crate::Input::Back`]) is on this screen: Backspace on
    /// an entry with something typed or handed over, Esc on an empty entry and on the count;
    /// `None` where it is not drawn.
    pub(super) fn back_key(&self) -> Option<Key> {
        match &self.mode {
            Mode::Count { .. } => Some(Key::Escape),
            Mode::Entry(e) if e.handed_over() || !e.words.is_empty() || !e.current.is_empty() => {
                Some(Key::Backspace)
            }
            Mode::Entry(_) => Some(Key::Escape),
            _ => None,
        }
    }

    /// Whether the back key goes back a step here (it is drawn BACK), not erasing (⌫), and
    /// whether that changes anything: on the first screen of a station pinned to one division,
    /// with nothing chosen, there is nowhere to go back to.
    pub(super) fn back_goes_back(&self) -> (bool, bool) {
        match self.back_key() {
            None => return (false, false),
            Some(Key::Escape) => {}
            // ⌫: it always erases or gives the words back.
            Some(_) => return (false, true),
        }
        let chose = self.active != self.default_division() || self.table.is_some();
        let acts = match &self.mode {
            Mode::Count { second_opinion } => {
                chose || second_opinion.is_some() || self.hint.is_some()
            }
            Mode::Entry(e) => {
                self.settings.screen.count_first || chose || e.second_opinion.is_some()
            }
            _ => false,
        };
        (true, acts)
    }

    /// The alphabet of the division chosen (English before one is).
    pub(super) fn alphabet(&self) -> &'static wordjudge_lexicon::alphabet::Alphabet {
        match self.active.map(|i| &self.divisions[i].state) {
            Some(Ok(division)) => division.rules.alphabet(),
            _ => wordjudge_lexicon::alphabet::english(),
        }
    }
}
