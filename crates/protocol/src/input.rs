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
    /// The logo key (Super, Windows) is held: a compositor's shortcut (sway's workspace keys,
    /// Super+Enter...), passed on to the station where the compositor binds nothing.
    pub logo: bool,
    /// The key is held down and this press is the keyboard's auto-repeat: it does nothing (a
    /// held key is one press).
    pub repeat: bool,
}

impl KeyPress {
    pub fn plain(key: Key) -> KeyPress {
        KeyPress {
            key,
            ctrl: false,
            alt: false,
            logo: false,
            repeat: false,
        }
    }

    /// The same key, repeated by the keyboard because it is held down.
    pub fn repeated(key: Key) -> KeyPress {
        KeyPress {
            repeat: true,
            ..KeyPress::plain(key)
        }
    }

    /// The director's chord: Ctrl+Alt+D.
    pub(crate) fn is_director_chord(&self) -> bool {
        self.ctrl && self.alt && matches!(self.key, Key::Char('d' | 'D'))
    }
}

/// What can happen at the station.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
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
    /// The on-screen back key, for a pair without a keyboard: BACK on the count screen, ⌫ on
    /// the entry's keyboard. On an entry with something typed it erases (Backspace); handed
    /// over, it gives the words back (Backspace); on an empty entry and on the count it goes
    /// back a step, as Esc does (to the count, the table or the division menu).
    Back,
    /// The director's key chord (Ctrl+Alt+D) or the hidden director touch target.
    DirectorChord,
    /// A director's action (only acts in director mode).
    Director(DirectorAction),
    /// A touch on a screen where it touched no control (the verdict's background): on a
    /// verdict, what a key other than JUDGE does; elsewhere nothing.
    Tap,
    /// Time passing, with no input.
    Tick,
}

/// What the director can do once the PIN was accepted. Each acts only on the page of director
/// mode that offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DirectorAction {
    /// The page for pinning the station to a division (P).
    ChoosePin,
    /// On that page: pin the station to division `i` (0-based), asked to confirm — every
    /// challenge is judged in it, without the division menu, until unpinned (kept across
    /// restarts).
    PinDivision(usize),
    /// On that page: back to a division menu for every pair, asked to confirm.
    Unpin,
    /// Asks for one slip's per-word detail (by number, then the PIN again).
    SlipDetail,
    /// Asks for the round now starting (by number): every slip from then on carries it.
    SetRound,
    AcknowledgeAlert,
    /// Re-read the configuration and verify every lexicon again.
    Reload,
    ShowAbout,
    /// Let the challenge refused as part of a failed play be judged, asked to confirm.
    AllowWaiting,
    /// Exit the station, asked to confirm.
    ExitStation,
    /// Install the event on the USB stick in the station, asked to confirm (E).
    InstallFromStick,
    /// Copy every event's slip log to the USB stick in the station, asked to confirm (C).
    CopyLogsToStick,
    /// Yes to what is asked (a confirmation), or Enter on a number prompt.
    Confirm,
    /// Back to the director's main page; from it, back to the players.
    Back,
}

impl DirectorAction {
    /// What a stick command asks of the stick helper.
    pub(crate) fn stick_job(&self) -> Option<crate::StickJob> {
        match self {
            DirectorAction::InstallFromStick => Some(crate::StickJob::InstallEvent),
            DirectorAction::CopyLogsToStick => Some(crate::StickJob::CopyLogs),
            _ => None,
        }
    }

    /// The director's keys on the main page, each named on its button: P pins the station to a
    /// division, D asks for a slip's detail, N for the round, A acknowledges the alert, R
    /// reloads, I shows About, L lets a waiting challenge be judged, E installs the event on a USB
    /// stick, C copies the logs to one, Q exits the station, Esc
    /// goes back to the players. No digit acts alone.
    pub(crate) fn for_key(key: Key) -> Option<DirectorAction> {
        match key {
            Key::Escape => Some(DirectorAction::Back),
            Key::Char(c) => match c.to_ascii_lowercase() {
                'p' => Some(DirectorAction::ChoosePin),
                'd' => Some(DirectorAction::SlipDetail),
                'n' => Some(DirectorAction::SetRound),
                'a' => Some(DirectorAction::AcknowledgeAlert),
                'r' => Some(DirectorAction::Reload),
                'i' => Some(DirectorAction::ShowAbout),
                'l' => Some(DirectorAction::AllowWaiting),
                'q' => Some(DirectorAction::ExitStation),
                'e' => Some(DirectorAction::InstallFromStick),
                'c' => Some(DirectorAction::CopyLogsToStick),
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
            ('p', DirectorAction::ChoosePin),
            ('d', DirectorAction::SlipDetail),
            ('l', DirectorAction::AllowWaiting),
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
        for c in ['x', 'z', ' ', '-', 'é', '0', '1', '9'] {
            assert_eq!(DirectorAction::for_key(Key::Char(c)), None, "{c}");
        }
        assert_eq!(DirectorAction::for_key(Key::Enter), None);
    }
}
