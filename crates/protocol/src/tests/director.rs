//! The director's side: the PIN, director mode, reload, the slip-log alert.

use super::*;
use crate::*;

fn enter_pin(t: &mut Test, pin: &str) {
    for c in pin.chars() {
        t.key(Key::Char(c));
    }
    t.key(Key::Enter);
}

#[test]
fn director_chord_asks_for_the_pin_and_hides_its_digits() {
    let mut t = Test::one();
    t.send(Input::Key(KeyPress {
        ctrl: true,
        alt: true,
        ..KeyPress::plain(Key::Char('d'))
    }));
    assert_eq!(t.view().screen, ScreenKind::Pin);
    t.typed("24");
    assert_eq!(t.view().current, "••");
    t.typed("68\n");
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::Director);
    assert!(
        v.director_lines.iter().any(|l| l.contains("verified ✓")),
        "{:?}",
        v.director_lines
    );
}

#[test]
fn five_wrong_pins_lock_the_prompt_for_sixty_seconds() {
    let mut t = Test::one();
    for _ in 0..5 {
        t.send(Input::DirectorChord);
        enter_pin(&mut t, "0000");
    }
    assert_eq!(t.view().screen, ScreenKind::Count, "back to the players");
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    assert_eq!(
        t.view().screen,
        ScreenKind::Pin,
        "the right PIN is refused while locked"
    );
    assert!(
        t.view().detail.starts_with("locked for 60 s"),
        "{}",
        t.view().detail
    );
    t.at(61.0).key(Key::Escape);
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    assert_eq!(t.view().screen, ScreenKind::Director);
}

#[test]
fn the_pin_prompt_takes_at_most_twelve_digits_and_nothing_else() {
    let mut t = Test::one();
    t.send(Input::DirectorChord);
    t.typed("2a-4");
    assert_eq!(t.view().current, "••", "only digits");
    t.key(Key::Backspace);
    assert_eq!(t.view().current, "•", "Backspace takes the last digit back");
    t.typed("12345678901234");
    assert_eq!(
        t.view().current,
        "•".repeat(12),
        "a PIN has at most 12 digits"
    );
    t.key(Key::Escape);
    assert_eq!(
        t.view().screen,
        ScreenKind::Count,
        "Esc goes back to the players"
    );
    // A mistyped digit taken back with Backspace: the PIN is right.
    t.send(Input::DirectorChord);
    t.typed("2469");
    t.key(Key::Backspace);
    enter_pin(&mut t, "8");
    assert_eq!(t.view().screen, ScreenKind::Director);
}

#[test]
fn the_lockout_ends_exactly_when_it_says() {
    let mut t = Test::one();
    for _ in 0..5 {
        t.send(Input::DirectorChord);
        enter_pin(&mut t, "0000");
    }
    t.at(59.9).send(Input::DirectorChord);
    assert_eq!(t.view().detail, "locked for 1 s after 5 wrong PINs");
    enter_pin(&mut t, PIN);
    assert_eq!(t.view().screen, ScreenKind::Pin, "still locked");
    t.key(Key::Escape);
    t.at(60.0).send(Input::DirectorChord);
    assert_eq!(t.view().detail, "", "the prompt no longer says locked");
    enter_pin(&mut t, PIN);
    assert_eq!(t.view().screen, ScreenKind::Director, "60 s means 60 s");
}

#[test]
fn pin_prompt_gives_up_after_fifteen_seconds() {
    let mut t = Test::one();
    t.typed("2qi").send(Input::DirectorChord);
    t.at(14.9);
    assert_eq!(t.view().screen, ScreenKind::Pin);
    t.at(15.0);
    assert_eq!(t.view().screen, ScreenKind::Entry);
    assert_eq!(
        t.view().current,
        "QI",
        "the players' input is where they left it"
    );
}

#[test]
fn director_mode_returns_to_players_after_twenty_seconds_idle() {
    let mut t = Test::one();
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    t.at(19.0);
    assert_eq!(t.view().screen, ScreenKind::Director);
    t.at(20.0);
    assert_eq!(t.view().screen, ScreenKind::Count);
    let audit = t.station.take_audit();
    assert!(
        audit.iter().any(|l| l == "director mode left: idle"),
        "{audit:?}"
    );
}

#[test]
fn the_directors_screen_lists_slips_without_per_word_marks_and_shows_one_slips_detail_on_request() {
    let mut t = Test::one();
    t.typed("2qi qa\n").judge().at(1.0).key(Key::Space);
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    let lines = t.view().director_lines;
    assert!(
        lines.iter().any(|l| l.contains("chain intact")),
        "{lines:?}"
    );
    // The screen may be seen by players while the director is at it: no word is marked.
    let slip = lines
        .iter()
        .find(|l| l.starts_with("#1 "))
        .expect("slip 1 listed");
    assert!(
        slip.contains("UNACCEPTABLE") && slip.contains("QI QA"),
        "{slip}"
    );
    // Its time as the hall's clock shows it (local, with the zone), not the slip's RFC 3339 UTC.
    let time = slip.split(' ').nth(2).expect("a time after the date");
    assert!(
        time.len() == 8 && time.as_bytes()[2] == b':' && !slip.contains('Z'),
        "{slip}"
    );
    assert!(!lines.iter().any(|l| l.contains('✗')), "{lines:?}");
    // One slip's detail, on the director's request: D, its number (digits only, at most nine;
    // Backspace corrects), Enter.
    t.typed("d");
    assert_eq!(t.view().screen, ScreenKind::SlipNumber);
    t.typed("9x8 7654321012");
    assert_eq!(t.view().current, "987654321");
    for _ in 0..9 {
        t.key(Key::Backspace);
    }
    assert_eq!(t.view().current, "");
    t.typed("1\n");
    // The PIN again, before anything of the slip shows.
    assert_eq!(t.view().screen, ScreenKind::Pin);
    assert!(!format!("{:?}", t.view()).contains("NOT acceptable"));
    t.typed(&format!("{PIN}\n"));
    let detail = t.view().director_lines;
    assert_eq!(t.view().screen, ScreenKind::Director);
    assert!(
        detail
            .iter()
            .any(|l| l.contains("QA") && l.contains("✗ NOT acceptable"))
            && detail
                .iter()
                .any(|l| l.contains("QI") && l.contains("acceptable (in OWL)")),
        "{detail:?}"
    );
    t.key(Key::Escape);
    assert!(!t.view().director_lines.iter().any(|l| l.contains('✗')));
    assert!(t
        .station
        .take_audit()
        .contains(&"director viewed the detail of slip 1".to_owned()));
}

#[test]
fn director_sees_the_slips_from_before_a_restart() {
    let mut t = Test::one();
    t.typed("2qi qa\n").judge().at(1.0).key(Key::Space);
    // The station restarts (a crash, a supervisor): a new station on the same log.
    let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(&t.log)));
    t.station = Station::new(settings(), vec![slot("main", &["QI"])], adjudicator);
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    let lines = t.view().director_lines;
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("#1 ") && l.contains("UNACCEPTABLE") && l.contains("QI QA")),
        "{lines:?}"
    );
}

#[test]
fn window_close_is_refused_until_the_director_exits() {
    let mut t = Test::one();
    assert!(!t.station.close_requested());
    t.key(Key::Escape);
    assert!(!t.station.close_requested(), "Esc never exits");
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    t.send(Input::Director(DirectorAction::ExitStation));
    assert!(!t.station.exit_requested(), "asked to confirm first");
    t.send(Input::Director(DirectorAction::Confirm));
    assert!(t.station.exit_requested() && t.station.close_requested());
}

#[test]
fn director_actions_do_nothing_on_player_screens() {
    let mut t = Test::one();
    t.send(Input::Director(DirectorAction::ExitStation));
    assert!(!t.station.exit_requested());
}

#[test]
fn director_sets_the_active_division() {
    let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), slot("csw", &["ZO"])]);
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    t.send(Input::Director(DirectorAction::ChoosePin));
    t.send(Input::Director(DirectorAction::PinDivision(1)));
    t.send(Input::Director(DirectorAction::Confirm));
    t.send(Input::Director(DirectorAction::Back));
    t.typed("1zo\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

#[test]
fn second_opinion_key_does_nothing_in_director_mode() {
    let mut t = Test::one();
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::Director);
}

#[test]
fn director_keys_work_without_a_mouse() {
    let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), slot("csw", &["ZO"])]);
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    t.typed("2");
    assert!(
        !t.view().director_lines.iter().any(|l| l.starts_with('*')),
        "a digit alone does nothing: {:?}",
        t.view().director_lines
    );
    t.typed("p2\n");
    assert!(
        t.view().director_lines[2].starts_with("* csw"),
        "{:?}",
        t.view().director_lines
    );
    t.typed("i");
    assert_eq!(t.view().screen, ScreenKind::About);
    t.key(Key::Escape);
    assert_eq!(
        t.view().screen,
        ScreenKind::Director,
        "Esc leaves About first"
    );
    t.key(Key::Escape);
    assert_eq!(t.view().screen, ScreenKind::Count, "then director mode");
    t.typed("1zo\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    t.typed("q");
    assert!(!t.station.exit_requested(), "asked to confirm first");
    t.key(Key::Enter);
    assert!(t.station.exit_requested());
}

/// Issue 26: a passer-by pressing Down every 15 s kept an open director screen up for ever.
/// Only a key that acts keeps it awake, and nothing keeps it past its absolute limit.
#[test]
fn only_keys_that_act_keep_director_mode_awake_and_nothing_past_two_minutes() {
    let mut t = Test::one();
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    for key in [
        Key::Other,
        Key::Char('x'),
        Key::Char('5'),
        Key::Space,
        Key::Tab,
    ] {
        t.at(15.0).key(key);
    }
    t.at(19.9);
    assert_eq!(t.view().screen, ScreenKind::Director);
    t.at(20.0);
    assert_eq!(t.view().screen, ScreenKind::Count, "keys that do nothing");
    // A command keeps it awake; every 15 s, up to the absolute limit.
    t.at(100.0).send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    let mut now = 100.0;
    while now + 15.0 < 220.0 {
        now += 15.0;
        t.at(now).typed("i").key(Key::Escape);
        assert_eq!(t.view().screen, ScreenKind::Director, "at {now}");
        assert!(
            t.view().detail.starts_with("closes in"),
            "{}",
            t.view().detail
        );
    }
    t.at(219.9);
    assert_eq!(t.view().screen, ScreenKind::Director);
    t.at(220.0);
    assert_eq!(t.view().screen, ScreenKind::Count, "120 s after the PIN");
    assert!(t
        .station
        .take_audit()
        .contains(&"director mode closed: 120 s since the PIN (director_max_seconds)".to_owned()));
}

#[test]
fn reload_does_nothing_without_a_configuration_to_read() {
    let mut t = Test::one();
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    t.send(Input::Director(DirectorAction::Reload));
    assert_eq!(t.view().screen, ScreenKind::Director);
    t.key(Key::Escape);
    t.typed("1qi\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

/// A guessed PIN costs more each time: 60 s, then 2 min, 4 min ... at most 30 min.
#[test]
fn the_pin_lockout_doubles_after_each_five_wrong_pins_and_the_director_is_told() {
    let mut t = Test::one();
    let mut now = 0.0;
    for (round, lock) in [60.0, 120.0, 240.0].into_iter().enumerate() {
        for _ in 0..5 {
            t.at(now).send(Input::DirectorChord);
            enter_pin(&mut t, "0000");
        }
        t.send(Input::DirectorChord);
        enter_pin(&mut t, PIN);
        assert_eq!(t.view().screen, ScreenKind::Pin, "round {round}: locked");
        assert!(
            t.view()
                .detail
                .starts_with(&format!("locked for {lock:.0} s")),
            "round {round}: {}",
            t.view().detail
        );
        t.at(now + lock - 1.0).key(Key::Escape);
        t.send(Input::DirectorChord);
        enter_pin(&mut t, PIN);
        assert_eq!(
            t.view().screen,
            ScreenKind::Pin,
            "still locked a second before"
        );
        t.key(Key::Escape);
        now += lock;
    }
    t.at(now).send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::Director);
    assert_eq!(
        v.director_lines[0],
        "15 wrong PINs were tried since your last visit"
    );
    let audit = t.station.take_audit();
    assert_eq!(
        audit
            .iter()
            .filter(|l| l.starts_with("wrong director PIN"))
            .count(),
        15
    );
    assert!(audit
        .iter()
        .any(|l| l == "PIN prompt locked for 240 s after 5 wrong PINs"));
    assert!(audit
        .iter()
        .any(|l| l == "director mode opened (15 wrong PIN(s) since the last visit)"));
    // A success starts the count again.
    t.send(Input::Director(DirectorAction::Back));
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    assert!(!t.view().director_lines[0].contains("wrong PIN"));
}

#[test]
fn the_lockout_never_exceeds_thirty_minutes() {
    let mut t = Test::one();
    t.station.pin_attempts.lockouts = 10;
    assert_eq!(t.station.lock_seconds(), PIN_LOCK_MAX_SECONDS);
    t.station.pin_attempts.lockouts = 4;
    assert_eq!(t.station.lock_seconds(), 960.0);
}

#[test]
fn every_director_action_and_leaving_director_mode_are_audited() {
    let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), slot("csw", &["ZO"])]);
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    t.typed("p1\n");
    t.send(Input::Director(DirectorAction::ChoosePin));
    t.send(Input::Director(DirectorAction::Unpin));
    t.send(Input::Director(DirectorAction::Confirm));
    t.typed("i").key(Key::Escape);
    t.typed("d").key(Key::Escape);
    t.typed("q").key(Key::Escape);
    t.send(Input::Director(DirectorAction::Back));
    t.send(Input::DirectorChord);
    enter_pin(&mut t, PIN);
    t.send(Input::DirectorChord);
    let audit = t.station.take_audit();
    assert_eq!(
        audit,
        [
            "director mode opened (0 wrong PIN(s) since the last visit)",
            "director pinned the station to division nwl",
            "director unpinned the station (every pair chooses its division)",
            "director opened About",
            "director asked for a slip's detail",
            "director mode left",
            "director mode opened (0 wrong PIN(s) since the last visit)",
            "director mode left: Ctrl+Alt+D (back to the players)",
        ]
    );
}

/// On a station of one division there is no menu to skip: pinning it says nothing. (The rest
/// of pinning, which records the pin in kiosk.toml, is the kiosk's test.)
#[test]
fn pinning_the_only_division_says_nothing() {
    let mut t = Test::one();
    t.send(Input::DirectorChord).typed(&format!("{PIN}\np1\n"));
    t.send(Input::Director(DirectorAction::Back));
    assert_eq!(t.view().division, "main division");
}
