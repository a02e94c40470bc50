//! What comes in: keys (with the modifiers that matter), touches, the director's actions, time.

/// A key as the user interface saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Space,
    Enter,
    Tab,
    Backspace,
    Escape,
    /// The labelled SECOND OPINION key (F2 at the station).
    SecondOpinion,
    /// Any other key (function keys, arrows, ...): ignored on every player screen.
    Other,
}

impl Key {
    /// The key that types `c` on a keyboard: Space, Tab, Enter (`'\n'`), Backspace (`'\u{8}'`),
    /// Escape (`'\u{1b}'`), otherwise the character itself.
    pub fn for_char(c: char) -> Key {
        match c {
            ' ' => Key::Space,
            '\t' => Key::Tab,
            '\n' => Key::Enter,
            '\u{8}' => Key::Backspace,
            '\u{1b}' => Key::Escape,
            c => Key::Char(c),
        }
    }
}

/// One key press with the modifiers that matter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyPress {
    pub key: Key,
    pub ctrl: bool,
    pub alt: bool,
}

impl KeyPress {
    pub fn plain(key: Key) -> KeyPress {
        KeyPress {
            key,
            ctrl: false,
            alt: false,
        }
    }

    /// The director's chord: Ctrl+Alt+D.
    pub fn is_director_chord(&self) -> bool {
        self.ctrl && self.alt && matches!(self.key, Key::Char('d' | 'D'))
    }
}

/// What can happen at the station.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Key(KeyPress),
    /// The on-screen JUDGE button.
    JudgeButton,
    /// The on-screen DONE button: the challenger has typed every word (as Enter after the last).
    Done,
    /// The on-screen division choice (0-based).
    ChooseDivision(usize),
    /// The on-screen word-count choice.
    ChooseCount(usize),
    /// A tile of the on-screen tile keyboard (an index into [`super::view::View::tile_keys`]).
    Tile(usize),
    /// The on-screen SECOND OPINION button.
    SecondOpinion,
    /// The director's key chord (Ctrl+Alt+D) or the hidden director touch target.
    DirectorChord,
    /// A director's action (only acts in director mode).
    Director(DirectorAction),
    /// Time passing, with no input.
    Tick,
}

/// What the director can do once the PIN was accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DirectorAction {
    /// Pins the station to division `i` (0-based): every challenge is judged in it, without the
    /// division menu, until unpinned (kept across restarts).
    PinDivision(usize),
    /// Back to a division menu for every pair.
    Unpin,
    /// Asks for one slip's per-word detail (by number).
    SlipDetail,
    /// Asks for the round now starting (by number): every slip from then on carries it.
    SetRound,
    AcknowledgeAlert,
    /// Re-read the configuration and verify every lexicon again.
    Reload,
    ShowAbout,
    Back,
    ExitStation,
}

impl DirectorAction {
    /// The director's keys: 1..9 pin the station to a division, 0 unpins it, D asks for a
    /// slip's detail, N for the round, A acknowledges the alert, R reloads, I shows About, Q exits the station,
    /// Esc goes back.
    pub fn for_key(key: Key) -> Option<DirectorAction> {
        match key {
            Key::Escape => Some(DirectorAction::Back),
            Key::Char(c) => match c.to_ascii_lowercase() {
                '0' => Some(DirectorAction::Unpin),
                d @ '1'..='9' => d
                    .to_digit(10)
                    .map(|d| DirectorAction::PinDivision(d as usize - 1)),
                'd' => Some(DirectorAction::SlipDetail),
                'n' => Some(DirectorAction::SetRound),
                'a' => Some(DirectorAction::AcknowledgeAlert),
                'r' => Some(DirectorAction::Reload),
                'i' => Some(DirectorAction::ShowAbout),
                'q' => Some(DirectorAction::ExitStation),
                _ => None,
            },
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_director_key_maps_to_its_action_in_either_case() {
        let expected = [
            ('0', DirectorAction::Unpin),
            ('1', DirectorAction::PinDivision(0)),
            ('9', DirectorAction::PinDivision(8)),
            ('d', DirectorAction::SlipDetail),
            ('n', DirectorAction::SetRound),
            ('a', DirectorAction::AcknowledgeAlert),
            ('r', DirectorAction::Reload),
            ('i', DirectorAction::ShowAbout),
            ('q', DirectorAction::ExitStation),
        ];
        for (c, action) in expected {
            assert_eq!(
                DirectorAction::for_key(Key::Char(c)),
                Some(action.clone()),
                "{c}"
            );
            let upper = c.to_ascii_uppercase();
            assert_eq!(
                DirectorAction::for_key(Key::Char(upper)),
                Some(action),
                "{upper}"
            );
        }
        assert_eq!(
            DirectorAction::for_key(Key::Escape),
            Some(DirectorAction::Back)
        );
        for c in ['x', 'z', ' ', '-', 'é'] {
            assert_eq!(DirectorAction::for_key(Key::Char(c)), None, "{c}");
        }
        assert_eq!(DirectorAction::for_key(Key::Enter), None);
    }
}
