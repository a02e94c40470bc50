//! The Slint shell of the station: it renders [`View`] into `ui/station.slint`'s `Api` global and
//! forwards keys, touches and a 10 Hz tick to [`Station::handle`]. It decides nothing; every rule
//! is in [`wordjudge_protocol`].
//!
//! Time comes from a [`Clock`] so tests can drive the window with mocked time.

// Not `forbid(unsafe_code)`: Slint's generated code allows `unsafe` in its own items. Ours has
// none (the workspace denies it).

use std::cell::RefCell;
use std::rc::{Rc, Weak};
use std::time::Duration;

use slint::{
    CloseRequestResponse, ComponentHandle, ModelRc, SharedString, Timer, TimerMode, VecModel,
};

use wordjudge_lang::Language;
use wordjudge_lexicon::judge::Verdict;
use wordjudge_protocol::view::Labels as ProtocolLabels;
use wordjudge_protocol::{Input, Key, KeyPress, ScreenKind, Station, View};

mod generated {
    slint::include_modules!();
}
pub mod lockdown;
pub mod slots;
pub use generated::{Api, Labels, StationWindow, UiCommand, UiScreen, WordLine};
pub use lockdown::Lockdown;

/// Seconds since the station started.
pub type Clock = Rc<dyn Fn() -> f64>;

/// How often time is passed to the station when nothing else happens.
pub(crate) const TICK: Duration = Duration::from_millis(100);

/// Slint's text for the F2 key (`slint::platform::Key::F2`).
const F2: char = '\u{F705}';

/// Turns a key as Slint reports it into a key for the station (`logo`: the Super/Windows key
/// held, Slint's `meta`; `repeat`: the keyboard's auto-repeat of a key held down). Modifier keys
/// on their own (Shift, Ctrl, Alt, ...) are not key presses for the protocol: `None`.
pub(crate) fn key_press(
    text: &str,
    control: bool,
    alt: bool,
    logo: bool,
    repeat: bool,
) -> Option<KeyPress> {
    let mut chars = text.chars();
    let c = chars.next()?;
    let key = if chars.next().is_some() {
        // Several characters at once (an input method): not a key the station knows.
        Key::Other
    } else {
        match c {
            '\u{19}' => Key::Tab, // Shift+Tab (Backtab)
            '\r' => Key::Enter,
            F2 => Key::SecondOpinion,
            // Shift, Control, Alt, AltGr, CapsLock, ShiftR, ControlR, Meta, MetaR.
            '\u{10}'..='\u{18}' => return None,
            // Other special keys: arrows, function keys, Insert, Delete, ...
            '\u{F700}'..='\u{F8FF}' | '\u{7f}' => Key::Other,
            // Tab, Enter, Backspace, Escape, Space and characters; other control characters are
            // not keys the station knows.
            c => match Key::for_char(c) {
                Key::Char(c) if c.is_control() => Key::Other,
                key => key,
            },
        }
    };
    Some(KeyPress {
        key,
        ctrl: control,
        alt,
        logo,
        repeat,
    })
}

/// The lines of the words area as the protocol gives them ([`View::word_lines`]: the same rule
/// the table judge's page draws by), with the place of each typed word of tiles on the screens
/// where the words have the room (the hand-over, the verdict).
pub(crate) fn word_lines(view: &View) -> Vec<WordLine> {
    let mut lines: Vec<WordLine> = view
        .word_lines()
        .into_iter()
        .map(|l| WordLine {
            text: l.text.into(),
            typing: l.typing,
            empty: l.empty,
            tiles: strings(&l.tiles),
            pending: l.pending.into(),
            spelled: l.spelled.into(),
            row: 0,
            column: 0,
            wide: false,
        })
        .collect();
    // Each typed word's place (the line being typed and the dots have none).
    let placed = slots::slots(&view.word_tiles.iter().map(Vec::len).collect::<Vec<_>>());
    for (line, slot) in lines.iter_mut().zip(&placed.slots) {
        line.row = i32::try_from(slot.row).unwrap_or(0);
        line.column = i32::try_from(slot.column).unwrap_or(0);
        line.wide = slot.wide;
    }
    lines
}

/// What a screen reader following the focus hears as the screen changes (the name of the
/// focused key capture): on a verdict, the verdict and its slip; once the words are handed over,
/// the title and every word spelled tile by tile, for the challenged player to check before
/// JUDGE; on the director's main page (no title: its DIRECTOR label says it) that label; else
/// the title. A refusal or any other hint on the screen comes first, in the screen's language:
/// whatever judged nothing (a re-challenge refused, a second opinion refused, a count past the
/// limit, a word or key refused) is said where the focus is. (Orca 43 speaks this; it does not
/// speak live-region announcements.)
pub fn heard(view: &View, lines: &[WordLine], director: &str, word: &str) -> String {
    let said = match view.screen {
        ScreenKind::Verdict => return view.spoken.clone(),
        ScreenKind::Entry if view.handed_over => {
            let mut parts = vec![view.title.clone()];
            for (i, line) in lines.iter().enumerate().filter(|(_, l)| !l.empty) {
                parts.push(format!("{word} {}: {}: {}", i + 1, line.text, line.spelled));
            }
            parts.join(". ")
        }
        ScreenKind::Director | ScreenKind::About if view.title.is_empty() => director.to_owned(),
        _ => view.title.clone(),
    };
    match view.hint.as_str() {
        "" => said,
        hint => format!("{hint}. {said}"),
    }
}

fn screen(kind: &ScreenKind) -> UiScreen {
    match kind {
        ScreenKind::OutOfService => UiScreen::OutOfService,
        ScreenKind::ChooseDivision => UiScreen::ChooseDivision,
        ScreenKind::Table => UiScreen::Table,
        ScreenKind::Count => UiScreen::Count,
        ScreenKind::Entry => UiScreen::Entry,
        ScreenKind::Verdict => UiScreen::Verdict,
        ScreenKind::VerdictsDiffer => UiScreen::VerdictsDiffer,
        ScreenKind::SlipNumber => UiScreen::SlipNumber,
        ScreenKind::Pin => UiScreen::Pin,
        ScreenKind::Director => UiScreen::Director,
        ScreenKind::About => UiScreen::About,
        ScreenKind::StationNumber => UiScreen::StationNumber,
    }
}

fn strings(items: &[String]) -> ModelRc<SharedString> {
    ModelRc::new(VecModel::from(
        items.iter().map(SharedString::from).collect::<Vec<_>>(),
    ))
}

/// The protocol's fixed wording in `language`, as the UI's `Labels`.
pub fn labels(language: Language) -> Labels {
    ui_labels(ProtocolLabels::of(language))
}

/// The fixed wording of `view`: in its language, or in each of its `label_languages` (a players'
/// screen before a division is chosen on a station of several languages).
pub(crate) fn labels_of(view: &View) -> Labels {
    if view.label_languages.is_empty() {
        labels(view.language)
    } else {
        ui_labels(ProtocolLabels::of_several(&view.label_languages))
    }
}

fn ui_labels(words: ProtocolLabels) -> Labels {
    macro_rules! fill {
        ($($field:ident),*) => { Labels { $($field: words.$field.as_str().into(),)* } };
    }
    wordjudge_protocol::for_each_label!(fill)
}

/// Puts `view` into the window's `Api` global.
pub fn show(window: &StationWindow, view: &View) {
    let api = window.global::<Api>();
    api.set_screen(screen(&view.screen));
    api.set_division(view.division.as_str().into());
    api.set_header(view.header.as_str().into());
    api.set_event_line(view.event_line.as_str().into());
    api.set_title(view.title.as_str().into());
    api.set_title_lines(i32::try_from(view.title.lines().count().max(1)).unwrap_or(1));
    api.set_detail(view.detail.as_str().into());
    let lines = word_lines(view);
    let fixed = labels(view.language);
    api.set_heard(heard(view, &lines, &fixed.director, &fixed.word).into());
    api.set_words(ModelRc::new(VecModel::from(lines)));
    let placed = slots::slots(&view.word_tiles.iter().map(Vec::len).collect::<Vec<_>>());
    let int = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    api.set_tile_rows(int(placed.rows));
    api.set_longest_wide(int(placed.longest_wide));
    api.set_longest_half(int(placed.longest_half));
    api.set_echo(view.words.join("  ").into());
    let digits = match view.screen {
        ScreenKind::Pin
        | ScreenKind::SlipNumber
        | ScreenKind::Table
        | ScreenKind::StationNumber => view.current.as_str(),
        _ => "",
    };
    api.set_digits(digits.into());
    api.set_hint(view.hint.as_str().into());
    api.set_acceptable(view.verdict == Some(Verdict::Acceptable));
    api.set_slip(view.slip.map(|n| n.to_string()).unwrap_or_default().into());
    api.set_slip_line(view.slip_line.as_str().into());
    api.set_spoken(view.spoken.as_str().into());
    api.set_judge_label(view.judge_label.as_str().into());
    api.set_choices(strings(&view.choices));
    api.set_choices_in_service(ModelRc::new(VecModel::from(
        view.choices_in_service.clone(),
    )));
    api.set_second_opinion_ready(view.second_opinion_ready);
    api.set_ready(view.ready);
    api.set_can_hand_over(view.can_hand_over);
    api.set_handed_over(view.handed_over);
    api.set_back_goes_back(view.back_goes_back);
    api.set_back_acts(view.back_acts);
    api.set_banner(view.banner.as_str().into());
    api.set_director_lines(strings(&view.director_lines));
    api.set_commands(ModelRc::new(VecModel::from(
        view.commands
            .iter()
            .map(|c| UiCommand {
                label: c.label.as_str().into(),
                enabled: c.enabled,
            })
            .collect::<Vec<_>>(),
    )));
    api.set_max_words(i32::try_from(view.count_choices).unwrap_or(8));
    api.set_tile_keys(strings(&view.tile_keys));
    api.set_version(env!("CARGO_PKG_VERSION").into());
    api.set_text_scale(view.text_scale);
}

/// The station behind a window: every callback and tick goes through [`Shell::dispatch`].
pub struct Shell {
    window: slint::Weak<StationWindow>,
    station: RefCell<Station>,
    clock: Clock,
    shown: RefCell<Option<View>>,
    timer: Timer,
}

impl Shell {
    /// Connects `station` to `window`: callbacks, the close guard and the tick timer.
    pub fn install(window: &StationWindow, station: Station, clock: Clock) -> Rc<Shell> {
        let shell = Rc::new(Shell {
            window: window.as_weak(),
            station: RefCell::new(station),
            clock,
            shown: RefCell::new(None),
            timer: Timer::default(),
        });
        let api = window.global::<Api>();
        api.set_labels(labels(Language::En));
        let weak = Rc::downgrade(&shell);
        let send = move |event: Input| {
            let weak = weak.clone();
            move || {
                if let Some(shell) = weak.upgrade() {
                    shell.dispatch(event.clone());
                }
            }
        };
        api.on_judge(send(Input::JudgeButton));
        api.on_done(send(Input::Done));
        api.on_second_opinion(send(Input::SecondOpinion));
        api.on_back(send(Input::Back));
        api.on_tap(send(Input::Tap));
        api.on_director_chord(send(Input::DirectorChord));
        let weak = Rc::downgrade(&shell);
        api.on_key(move |text, control, alt, logo, repeat| {
            if let (Some(shell), Some(press)) =
                (weak.upgrade(), key_press(&text, control, alt, logo, repeat))
            {
                shell.dispatch(Input::Key(press));
            }
        });
        shell.forward_choices(&api);
        let weak = Rc::downgrade(&shell);
        window.window().on_close_requested(move || {
            let may_close = weak
                .upgrade()
                .is_some_and(|shell| shell.station.borrow().close_requested());
            if may_close {
                CloseRequestResponse::HideWindow
            } else {
                log::info!("window close refused (only the director can exit the station)");
                CloseRequestResponse::KeepWindowShown
            }
        });
        let weak: Weak<Shell> = Rc::downgrade(&shell);
        shell.timer.start(TimerMode::Repeated, TICK, move || {
            if let Some(shell) = weak.upgrade() {
                shell.dispatch(Input::Tick);
            }
        });
        shell.render();
        shell
    }

    /// The touches that choose something (a division, a count, a tile, a director's command),
    /// forwarded to the station by their index.
    fn forward_choices(self: &Rc<Self>, api: &Api) {
        let weak = Rc::downgrade(self);
        api.on_choose_division(move |i| {
            if let (Some(shell), Ok(i)) = (weak.upgrade(), usize::try_from(i)) {
                shell.dispatch(Input::ChooseDivision(i));
            }
        });
        let weak = Rc::downgrade(self);
        api.on_choose_count(move |n| {
            if let (Some(shell), Ok(n)) = (weak.upgrade(), usize::try_from(n)) {
                shell.dispatch(Input::ChooseCount(n));
            }
        });
        let weak = Rc::downgrade(self);
        api.on_tile(move |i| {
            if let (Some(shell), Ok(i)) = (weak.upgrade(), usize::try_from(i)) {
                shell.dispatch(Input::Tile(i));
            }
        });
        let weak = Rc::downgrade(self);
        api.on_command(move |i| {
            // Command i of the page the window shows, as the station described it.
            let Some(shell) = weak.upgrade() else { return };
            let action = usize::try_from(i).ok().and_then(|i| {
                let shown = shell.shown.borrow();
                shown.as_ref()?.commands.get(i).map(|c| c.action.clone())
            });
            if let Some(action) = action {
                shell.dispatch(Input::Director(action));
            }
        });
    }

    /// Hands `event` to the station at the clock's time and redraws what changed.
    pub(crate) fn dispatch(&self, event: Input) {
        let now = (self.clock)();
        let exit = {
            let mut station = self.station.borrow_mut();
            station.handle(event, now);
            // What the director must be able to find later: director mode, wrong PINs.
            for line in station.take_audit() {
                log::info!("{line}");
            }
            station.exit_requested()
        };
        self.render();
        if exit {
            log::info!("the director exited the station");
            if let Some(window) = self.window.upgrade() {
                let _ = window.hide();
            }
            let _ = slint::quit_event_loop();
        }
    }

    /// The station (tests inspect it).
    pub fn station(&self) -> std::cell::Ref<'_, Station> {
        self.station.borrow()
    }

    fn render(&self) {
        let view = self.station.borrow().view((self.clock)());
        let mut shown = self.shown.borrow_mut();
        if shown.as_ref() == Some(&view) {
            return;
        }
        // The diagnostic log records each verdict as it goes to the screen: after its slip was
        // written and synced (the order `station/tests` checks with strace).
        let new_verdict = matches!(
            view.screen,
            ScreenKind::Verdict | ScreenKind::VerdictsDiffer
        ) && shown
            .as_ref()
            .is_none_or(|s| s.screen != view.screen || s.slip != view.slip);
        if new_verdict {
            let slip = view
                .slip
                .map_or_else(|| "not recorded".to_owned(), |n| n.to_string());
            log::info!("showing {} (slip {slip})", view.title);
        }
        if let Some(window) = self.window.upgrade() {
            // The fixed words when the screen's language changes (a division of another
            // language chosen, the director's screen opened).
            if shown.as_ref().is_none_or(|s| {
                s.language != view.language || s.label_languages != view.label_languages
            }) {
                window.global::<Api>().set_labels(labels_of(&view));
                log::info!(
                    "screens in {} ({})",
                    view.language.code(),
                    view.language.text("language-name")
                );
            }
            show(&window, &view);
        }
        *shown = Some(view);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slint::Model;

    fn key(text: &str) -> Option<Key> {
        key_press(text, false, false, false, false).map(|p| p.key)
    }

    #[test]
    fn slint_key_texts_become_station_keys() {
        assert_eq!(key("\t"), Some(Key::Tab));
        assert_eq!(key("\u{19}"), Some(Key::Tab), "Shift+Tab judges too");
        assert_eq!(key("\n"), Some(Key::Enter));
        assert_eq!(key("\r"), Some(Key::Enter));
        assert_eq!(key("\u{8}"), Some(Key::Backspace));
        assert_eq!(key("\u{1b}"), Some(Key::Escape));
        assert_eq!(key(" "), Some(Key::Space));
        assert_eq!(key("q"), Some(Key::Char('q')));
        assert_eq!(key("Q"), Some(Key::Char('Q')));
        assert_eq!(
            key("é"),
            Some(Key::Char('é')),
            "the station refuses it, not the shell"
        );
        assert_eq!(key("\u{F705}"), Some(Key::SecondOpinion));
        assert_eq!(key("\u{F727}"), Some(Key::Other), "Insert");
        assert_eq!(key("\u{7f}"), Some(Key::Other), "Delete");
        assert_eq!(key("ab"), Some(Key::Other));
        assert_eq!(key("\u{7}"), Some(Key::Other), "a control character (BEL)");
        assert_eq!(key("\u{85}"), Some(Key::Other), "a control character (NEL)");
    }

    #[test]
    fn modifier_keys_alone_are_not_key_presses() {
        for m in ['\u{10}', '\u{11}', '\u{12}', '\u{13}', '\u{14}', '\u{17}'] {
            assert_eq!(key(&m.to_string()), None, "{m:?}");
        }
        assert_eq!(key(""), None);
    }

    #[test]
    fn modifiers_are_passed_on() {
        let p = key_press("v", true, false, false, false).unwrap();
        assert!(p.ctrl && !p.alt && !p.repeat && p.key == Key::Char('v'));
        let held = key_press("\t", false, false, false, true).unwrap();
        assert!(
            held.repeat && held.key == Key::Tab,
            "a held key is reported as repeated"
        );
    }

    fn entry(words: &[&str], current: &str, expected: usize) -> View {
        View {
            language: Language::En,
            screen: ScreenKind::Entry,
            header: String::new(),
            event_line: String::new(),
            title: String::new(),
            detail: String::new(),
            words: words.iter().map(|w| w.to_string()).collect(),
            current: current.into(),
            word_tiles: vec![],
            current_tiles: vec![],
            current_pending: String::new(),
            tile_keys: vec![],
            expected_words: expected,
            count_choices: 8,
            division: String::new(),
            can_hand_over: false,
            handed_over: false,
            back_goes_back: false,
            back_acts: false,
            hint: String::new(),
            verdict: None,
            slip: None,
            slip_line: String::new(),
            spoken: String::new(),
            choices: vec![],
            choices_in_service: vec![],
            second_opinion_ready: true,
            ready: false,
            judge_label: String::new(),
            banner: String::new(),
            director_lines: vec![],
            commands: vec![],
            text_scale: 1.0,
            label_languages: vec![],
        }
    }

    #[test]
    fn a_screen_reader_following_the_focus_hears_the_handed_over_words_spelled_and_the_verdict() {
        let mut view = entry(&["COL·LEGI", "QI"], "", 2);
        view.word_tiles = vec![
            ["C", "O", "L·L", "E", "G", "I"].map(String::from).to_vec(),
            vec!["Q".into(), "I".into()],
        ];
        view.title = "CHALLENGED PLAYER: check".into();
        assert_eq!(
            heard(&view, &word_lines(&view), "DIRECTOR", "word"),
            view.title
        );
        view.handed_over = true;
        assert_eq!(
            heard(&view, &word_lines(&view), "DIRECTOR", "word"),
            "CHALLENGED PLAYER: check. word 1: COL·LEGI: C, O, L·L, E, G, I. word 2: QI: Q, I"
        );
        view.screen = ScreenKind::Verdict;
        view.spoken = "✗ UNACCEPTABLE. Slip 3.".into();
        assert_eq!(
            heard(&view, &word_lines(&view), "DIRECTOR", "word"),
            view.spoken
        );
    }

    /// Issue 50, item 3: whatever judges nothing is said where the focus is, before the screen's
    /// title; the director's main page (no title) is named by its label; the word being typed is
    /// named by its tiles, not the keys that typed them.
    #[test]
    fn a_refusal_is_in_the_focus_name_the_directors_page_is_named_and_a_word_typed_is_its_tiles() {
        let mut view = entry(&["TAULA"], "", 2);
        view.title = "REPTADOR: escriviu les paraules".into();
        view.hint = "aquestes paraules eren part de la fitxa 2, jutjada INACCEPTABLE".into();
        assert_eq!(
            heard(&view, &word_lines(&view), "DIRECTOR", "paraula"),
            "aquestes paraules eren part de la fitxa 2, jutjada INACCEPTABLE. REPTADOR: escriviu les paraules"
        );
        view.screen = ScreenKind::Count;
        view.title = "How many words?".into();
        view.hint = "press 1 to 8".into();
        assert_eq!(
            heard(&view, &[], "DIRECTOR", "word"),
            "press 1 to 8. How many words?"
        );
        view.hint.clear();
        assert_eq!(heard(&view, &[], "DIRECTOR", "word"), "How many words?");
        view.screen = ScreenKind::Director;
        view.title.clear();
        assert_eq!(
            heard(&view, &[], "TURNIERLEITUNG", "Wort"),
            "TURNIERLEITUNG"
        );
        // The keys T R A N Q I L . L I T A T type the tiles T R A N QU I L·L I T A T.
        let mut view = entry(&[], "TRANQIL.LITAT", 1);
        view.current_tiles = ["T", "R", "A", "N", "QU", "I", "L·L", "I", "T", "A", "T"]
            .map(String::from)
            .to_vec();
        let lines = word_lines(&view);
        assert_eq!(lines[0].text, "TRANQUIL·LITAT");
        assert_eq!(lines[0].spelled, "T, R, A, N, QU, I, L·L, I, T, A, T");
    }

    #[test]
    fn english_word_lines_have_no_tiles() {
        let lines = word_lines(&entry(&["QI"], "Z", 2));
        assert!(lines
            .iter()
            .all(|l| l.tiles.row_count() == 0 && l.pending.is_empty()));
        // Spelled letter by letter all the same.
        assert_eq!(lines[0].spelled, "Q, I");
        assert_eq!(lines[1].spelled, "Z");
    }

    #[test]
    fn word_lines_have_no_cursor_once_every_announced_word_is_typed() {
        let lines = word_lines(&entry(&["QI", "ZA"], "", 2));
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|l| !l.typing && !l.empty));
    }
}
