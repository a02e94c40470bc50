//! The director's side: the PIN, director mode, reload, the slip-log alert.

use super::*;
use crate::protocol::*;

fn enter_pin(t: &mut Test, pin: &str) {
    for c in pin.chars() {
        t.key(Key::Char(c));
    }
    t.key(Key::Enter);
}

#[test]
fn director_chord_asks_for_the_pin_and_hides_its_digits() {
    let mut t = Test::one();
    t.send(Event::Key(KeyPress {
        key: Key::Char('d'),
        ctrl: true,
        alt: true,
    }));
    assert_eq!(t.view().screen, ScreenKind::Pin);
    t.typed("24");
    assert_eq!(t.view().current, "••");
    t.typed("68\n");
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::Director);
    assert!(
        v.director_lines[0].contains("verified ✓"),
        "{:?}",
        v.director_lines
    );
}

#[test]
fn five_wrong_pins_lock_the_prompt_for_sixty_seconds() {
    let mut t = Test::one();
    for _ in 0..5 {
        t.send(Event::DirectorChord);
        enter_pin(&mut t, "0000");
    }
    assert_eq!(t.view().screen, ScreenKind::Count, "back to the players");
    t.send(Event::DirectorChord);
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
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    assert_eq!(t.view().screen, ScreenKind::Director);
}

#[test]
fn pin_prompt_gives_up_after_fifteen_seconds() {
    let mut t = Test::one();
    t.typed("2qi").send(Event::DirectorChord);
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
fn director_mode_returns_to_players_after_a_minute_idle() {
    let mut t = Test::one();
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    t.at(59.0);
    assert_eq!(t.view().screen, ScreenKind::Director);
    t.at(60.0);
    assert_eq!(t.view().screen, ScreenKind::Count);
}

#[test]
fn director_sees_recent_slips_with_per_word_detail() {
    let mut t = Test::one();
    t.typed("2qi qa\t").at(1.0).key(Key::Space);
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    let lines = t.view().director_lines;
    assert!(
        lines.iter().any(|l| l.contains("chain intact")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("#1 ") && l.contains("QA✗")),
        "{lines:?}"
    );
}

#[test]
fn director_sees_the_slips_from_before_a_restart() {
    let mut t = Test::one();
    t.typed("2qi qa\t").at(1.0).key(Key::Space);
    // The station restarts (a crash, a supervisor): a new station on the same log.
    let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(&t.log)));
    t.station = Station::new(settings(), vec![slot("main", &["QI"])], adjudicator);
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    let lines = t.view().director_lines;
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("#1 ") && l.contains("UNACCEPTABLE") && l.contains("QA✗")),
        "{lines:?}"
    );
}

#[test]
fn window_close_is_refused_until_the_director_exits() {
    let mut t = Test::one();
    assert!(!t.station.close_requested());
    t.key(Key::Escape);
    assert!(!t.station.close_requested(), "Esc never exits");
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    t.send(Event::Director(DirectorAction::ExitStation));
    assert!(t.station.exit_requested() && t.station.close_requested());
}

#[test]
fn director_actions_do_nothing_on_player_screens() {
    let mut t = Test::one();
    t.send(Event::Director(DirectorAction::ExitStation));
    assert!(!t.station.exit_requested());
}

#[test]
fn director_sets_the_active_division() {
    let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), slot("csw", &["ZO"])]);
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    t.send(Event::Director(DirectorAction::SetDivision(1)));
    t.send(Event::Director(DirectorAction::Back));
    t.typed("1zo\t");
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

#[test]
fn second_opinion_key_does_nothing_in_director_mode() {
    let mut t = Test::one();
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::Director);
}

#[test]
fn director_keys_work_without_a_mouse() {
    let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), slot("csw", &["ZO"])]);
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    t.typed("2");
    assert!(
        t.view().director_lines[1].starts_with('*'),
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
    t.typed("1zo\t");
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    t.typed("q");
    assert!(t.station.exit_requested());
}

#[test]
fn director_keys_keep_director_mode_awake() {
    let mut t = Test::one();
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    t.at(50.0).key(Key::Other);
    t.at(100.0);
    assert_eq!(t.view().screen, ScreenKind::Director);
    t.at(110.0);
    assert_eq!(t.view().screen, ScreenKind::Count);
}

#[test]
fn reload_reads_the_configuration_again_keeping_the_division_and_the_alert() {
    let (dir, config) = station_folder("CLUB", &["QI", "ZA"]);
    crate::config::record_pin(&config, &PinHash::new(PIN).unwrap()).unwrap();
    let mut s = setup::start(config);
    assert_eq!(s.view(0.0).screen, ScreenKind::Count);
    // A failed slip log raises the alert; then the lexicon file is damaged behind the station.
    std::fs::create_dir(dir.path().join("slips.jsonl.head")).unwrap();
    for k in "1qi\t".chars() {
        s.handle(Event::Key(KeyPress::plain(Key::for_char(k))), 0.0);
    }
    assert!(!s.view(0.0).banner.is_empty());
    let fst = dir.path().join("lexicons/CLUB.fst");
    let good = std::fs::read(&fst).unwrap();
    let mut bad = good.clone();
    bad[5] ^= 1;
    std::fs::write(&fst, &bad).unwrap();
    s.handle(Event::DirectorChord, 1.0);
    for k in "2468\n".chars() {
        s.handle(Event::Key(KeyPress::plain(Key::for_char(k))), 1.0);
    }
    assert_eq!(s.view(1.0).screen, ScreenKind::Director);
    s.handle(Event::Director(DirectorAction::Reload), 2.0);
    let v = s.view(2.0);
    assert_eq!(v.screen, ScreenKind::Director, "director mode stays open");
    assert!(
        v.director_lines[0].contains("OUT OF SERVICE") && v.director_lines[0].contains("CLUB"),
        "{:?}",
        v.director_lines
    );
    assert!(!v.banner.is_empty(), "the alert is kept");
    s.handle(Event::Director(DirectorAction::Back), 3.0);
    assert_eq!(s.view(3.0).screen, ScreenKind::OutOfService);
    // Mended and reloaded: in service again, in the same division.
    std::fs::write(&fst, &good).unwrap();
    s.handle(Event::DirectorChord, 4.0);
    for k in "2468\n".chars() {
        s.handle(Event::Key(KeyPress::plain(Key::for_char(k))), 4.0);
    }
    s.handle(Event::Director(DirectorAction::Reload), 5.0);
    assert!(
        s.view(5.0).director_lines[0].contains("verified ✓"),
        "{:?}",
        s.view(5.0).director_lines
    );
    s.handle(Event::Director(DirectorAction::Back), 6.0);
    assert_eq!(s.view(6.0).screen, ScreenKind::Count);
}

#[test]
fn reload_does_nothing_without_a_configuration_to_read() {
    let mut t = Test::one();
    t.send(Event::DirectorChord);
    enter_pin(&mut t, PIN);
    t.send(Event::Director(DirectorAction::Reload));
    assert_eq!(t.view().screen, ScreenKind::Director);
    t.key(Key::Escape);
    t.typed("1qi\t");
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}
