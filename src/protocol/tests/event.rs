//! An event's station: the table asked before the count, the round the director sets, the event
//! fingerprint on every screen, the docket printed after the verdict.

use super::*;
use crate::protocol::Hint;

fn asking_table() -> Test {
    let mut s = settings();
    s.screen.ask_table = true;
    Test::new(s, vec![slot("main", &["QI", "ZA", "CAT"])])
}

#[test]
fn the_table_is_asked_before_the_count_and_goes_on_the_slip_but_not_to_the_next_pair() {
    let mut t = asking_table();
    assert_eq!(t.view().screen, ScreenKind::Table);
    t.typed("x");
    assert_eq!(t.view().hint, Hint::TypeTable.to_string());
    t.typed("0\n");
    assert_eq!(t.view().screen, ScreenKind::Table, "table 0 is refused");
    t.key(Key::Backspace).typed("12\n");
    assert_eq!(t.view().screen, ScreenKind::Count);
    assert!(
        t.view().event_line.contains("TABLE 12"),
        "{}",
        t.view().event_line
    );
    t.typed("1qi\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    assert_eq!(t.slips()[0].table, Some(12));

    // The next pair types its own table: nothing of the last carries over.
    t.later(2.0).key(Key::Space);
    assert_eq!(t.view().screen, ScreenKind::Table);
    assert_eq!(t.view().current, "");
    assert!(!t.view().event_line.contains("TABLE"));
    t.typed("3\n1za\n").judge();
    assert_eq!(t.slips()[1].table, Some(3));
    // The director's list of slips shows them.
    t.later(2.0).send(Event::DirectorChord);
    t.typed(&format!("{PIN}\n"));
    let lines = t.view().director_lines;
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("#1 ") && l.contains(" T12 ")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("#2 ") && l.contains(" T3 ")),
        "{lines:?}"
    );
}

#[test]
fn a_table_number_has_at_most_four_digits_and_esc_goes_back() {
    let mut t = asking_table();
    t.typed("123456");
    assert_eq!(t.view().current, "1234");
    t.key(Key::Escape);
    assert_eq!(t.view().screen, ScreenKind::Table);
    assert_eq!(t.view().current, "");
}

#[test]
fn a_table_typed_and_left_is_wiped_for_the_next_pair() {
    let mut t = asking_table();
    t.typed("12\n");
    assert_eq!(t.view().screen, ScreenKind::Count);
    t.at(31.0);
    assert_eq!(t.view().screen, ScreenKind::Table);
    t.typed("4\n1qi\n").judge();
    assert_eq!(t.slips()[0].table, Some(4));
}

#[test]
fn a_second_opinion_is_the_same_game_its_table_and_round_come_from_the_slip() {
    let mut t = asking_table();
    t.send(Event::DirectorChord);
    for c in format!("{PIN}\n").chars() {
        t.key(Key::for_char(c));
    }
    t.key(Key::Char('n')).typed("5\n");
    t.key(Key::Escape);
    t.typed("7\n2qi ok\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    // From the verdict: no table asked, the words again.
    t.send(Event::SecondOpinion);
    t.assert_second_opinion_asked_for(1);
    t.typed("2ok qi\n").judge();
    let slips = t.slips();
    assert_eq!(slips[1].refers_to, Some(1));
    assert_eq!((slips[1].table, slips[1].round), (Some(7), Some(5)));
}

#[test]
fn the_director_sets_the_round_every_slip_carries_it_and_it_survives_a_restart() {
    let (_dir, config) = station_folder("CLUB", &["QI", "ZA"]);
    crate::config::record_pin(&config, &PinHash::new(PIN).unwrap()).unwrap();
    let mut s = setup::start(config.clone());
    assert_eq!(s.view(0.0).event_line, "", "no event, no round");
    // Keys at 1 s; Tab (JUDGE) after the hand-over pause.
    let keys = |s: &mut Station, text: &str| {
        for c in text.chars() {
            let now = if c == '\t' { 2.0 } else { 1.0 };
            s.handle(Event::Key(KeyPress::plain(Key::for_char(c))), now);
        }
    };
    s.handle(Event::DirectorChord, 1.0);
    keys(&mut s, &format!("{PIN}\n"));
    s.handle(Event::Director(DirectorAction::SetRound), 1.0);
    assert!(s.view(1.0).title.contains("round"), "{}", s.view(1.0).title);
    keys(&mut s, "3\n");
    let v = s.view(1.0);
    assert_eq!(v.screen, ScreenKind::Director);
    assert!(
        v.director_lines.iter().any(|l| l.starts_with("round 3")),
        "{:?}",
        v.director_lines
    );
    assert!(s.take_audit().iter().any(|l| l == "director set round 3"));
    keys(&mut s, "\u{1b}");
    assert!(
        s.view(1.0).event_line.contains("ROUND 3"),
        "{}",
        s.view(1.0).event_line
    );
    keys(&mut s, "1qi\n\t");
    let log = config.with_file_name("slips.jsonl");
    assert_eq!(sliplog::read(&log).unwrap().slips[0].round, Some(3));
    // Restarted: the round is still 3.
    let mut s = setup::start(config.clone());
    keys(&mut s, "1za\n\t");
    assert_eq!(sliplog::read(&log).unwrap().slips[1].round, Some(3));
    // 0 clears it.
    s.handle(Event::Key(KeyPress::plain(Key::Space)), 5.0);
    s.handle(Event::DirectorChord, 1.0);
    keys(&mut s, &format!("{PIN}\nn0\n\u{1b}"));
    keys(&mut s, "1qi\n\t");
    assert_eq!(sliplog::read(&log).unwrap().slips[2].round, None);
    assert_eq!(Config::read(&config).unwrap().event.round, None);
}

#[test]
fn the_last_slips_anchor_is_on_the_directors_screen() {
    let mut t = Test::one();
    t.typed("1qi\n").judge();
    let seal = t.slips()[0].seal.clone();
    t.at(1.0).send(Event::DirectorChord);
    for c in format!("{PIN}\n").chars() {
        t.key(Key::for_char(c));
    }
    let lines = t.view().director_lines;
    let anchor = format!("1:{}", &seal[..16]);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("anchor") && l.ends_with(&anchor)),
        "{lines:?}"
    );
}

use crate::config::Config;

#[test]
fn an_installed_station_shows_the_event_fingerprint_and_says_when_it_was_changed_here() {
    let (_dir, installed, fingerprint) = installed_station();
    let station = installed.parent().unwrap().to_owned();
    let mut s = setup::start(installed.clone());
    let line = s.view(0.0).event_line;
    assert_eq!(line, format!("EVENT {fingerprint} · STATION 7"));
    for c in "1qi\n".chars() {
        s.handle(Event::Key(KeyPress::plain(Key::for_char(c))), 0.0);
    }
    s.handle(Event::Key(KeyPress::plain(Key::Tab)), 1.0);
    let slips = sliplog::read(&station.join("slips.jsonl")).unwrap().slips;
    assert_eq!(slips[0].event.as_deref(), Some(fingerprint.as_str()));
    assert_eq!(slips[0].station, "7");
    // A setting changed at this station: the fingerprint is no longer the whole truth.
    let text = std::fs::read_to_string(&installed).unwrap();
    std::fs::write(
        &installed,
        format!("{text}\n[screen]\nverdict_clear_seconds = 20.0\n"),
    )
    .unwrap();
    let mut s = setup::start(installed.clone());
    assert!(
        s.view(0.0).event_line.contains("(CHANGED HERE)"),
        "{}",
        s.view(0.0).event_line
    );
    s.handle(Event::DirectorChord, 0.0);
    for c in format!("{PIN}\n").chars() {
        s.handle(Event::Key(KeyPress::plain(Key::for_char(c))), 0.0);
    }
    let lines = s.view(0.0).director_lines;
    assert!(lines.iter().any(|l| l.contains(&fingerprint)), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("CHANGED HERE: kiosk.toml's settings")),
        "{lines:?}"
    );
    // The key that signed the bundle is the one the director compares (issue 27, item 9).
    let key = crate::event::signing::PublicKey::trusted_by(&installed)
        .unwrap()
        .unwrap();
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("signed by key {}", key.id()))),
        "{lines:?}"
    );
    // Another key put in its place: the signature no longer verifies, and the screen says so.
    let other = tempfile::tempdir().unwrap();
    let other = crate::event::signing::SigningKey::generate(&other.path().join("k")).unwrap();
    other.public().trust_at(&installed).unwrap();
    let mut s = setup::start(installed);
    s.handle(Event::DirectorChord, 0.0);
    for c in format!("{PIN}\n").chars() {
        s.handle(Event::Key(KeyPress::plain(Key::for_char(c))), 0.0);
    }
    let lines = s.view(0.0).director_lines;
    assert!(
        !lines.iter().any(|l| l.contains("signed by key")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("CHANGED HERE: the event manifest: its signature is not")),
        "{lines:?}"
    );
}

#[test]
fn the_director_opening_from_a_verdict_does_not_carry_the_table_to_the_next_pair() {
    for leave in ["escape", "timeout"] {
        let mut t = asking_table();
        t.typed("12\n1qi\n").judge();
        assert_eq!(t.slips()[0].table, Some(12));
        t.at(1.0).send(Event::DirectorChord);
        match leave {
            "escape" => {
                t.key(Key::Escape);
            }
            _ => {
                t.at(20.0);
            }
        }
        let v = t.view();
        assert_eq!(
            v.screen,
            ScreenKind::Table,
            "{leave}: the next pair types its table"
        );
        assert!(!v.event_line.contains("TABLE"), "{leave}: {}", v.event_line);
        t.typed("3\n1za\n").judge();
        assert_eq!(t.slips()[1].table, Some(3), "{leave}");
    }
}
