//! The director's side: the PIN, director mode, reload, the slip-log alert.

use super::*;

#[test]
fn reload_reads_the_configuration_again_keeping_the_division_and_the_alert() {
    let (dir, config) = station_folder("CLUB", &["QI", "ZA"]);
    wordjudge_config::record_pin(&config, &PinHash::new(PIN).unwrap()).unwrap();
    let mut s = setup::start(config);
    assert_eq!(s.view(0.0).screen, ScreenKind::Count);
    // A failed slip log raises the alert; then the lexicon file is damaged behind the station.
    std::fs::create_dir(dir.path().join("slips.jsonl.head")).unwrap();
    for k in "1qi\n".chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(k))), 0.0);
    }
    s.handle(Input::Key(KeyPress::plain(Key::Tab)), 1.0);
    assert!(!s.view(1.0).banner.is_empty());
    let fst = dir.path().join("lexicons/CLUB.fst");
    let good = std::fs::read(&fst).unwrap();
    let mut bad = good.clone();
    bad[5] ^= 1;
    std::fs::write(&fst, &bad).unwrap();
    s.handle(Input::DirectorChord, 1.0);
    for k in format!("{PIN}\n").chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(k))), 1.0);
    }
    assert_eq!(s.view(1.0).screen, ScreenKind::Director);
    s.handle(Input::Director(DirectorAction::Reload), 2.0);
    let v = s.view(2.0);
    assert_eq!(v.screen, ScreenKind::Director, "director mode stays open");
    assert!(
        v.director_lines
            .iter()
            .any(|l| l.contains("OUT OF SERVICE") && l.contains("CLUB")),
        "{:?}",
        v.director_lines
    );
    assert!(!v.banner.is_empty(), "the alert is kept");
    s.handle(Input::Director(DirectorAction::Back), 3.0);
    assert_eq!(s.view(3.0).screen, ScreenKind::OutOfService);
    // Mended and reloaded: in service again, in the same division.
    std::fs::write(&fst, &good).unwrap();
    s.handle(Input::DirectorChord, 4.0);
    for k in format!("{PIN}\n").chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(k))), 4.0);
    }
    s.handle(Input::Director(DirectorAction::Reload), 5.0);
    assert!(
        s.view(5.0)
            .director_lines
            .iter()
            .any(|l| l.contains("verified ✓")),
        "{:?}",
        s.view(5.0).director_lines
    );
    s.handle(Input::Director(DirectorAction::Back), 6.0);
    assert_eq!(s.view(6.0).screen, ScreenKind::Count);
}

/// A station pinned to a division judges every challenge in it, and says so; the pin is
/// recorded for the next start.
#[test]
fn the_director_pins_the_station_to_a_division_and_it_is_kept() {
    let (_dir, config) = station_folder("CLUB", &["QI", "ZA"]);
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str("\n[divisions.juniors]\ntitle = \"Juniors\"\nprimary = \"CLUB\"\n");
    std::fs::write(&config, text).unwrap();
    wordjudge_config::record_pin(&config, &PinHash::new(PIN).unwrap()).unwrap();
    let mut s = setup::start(config.clone());
    assert_eq!(s.view(0.0).screen, ScreenKind::ChooseDivision);
    s.handle(Input::DirectorChord, 0.0);
    for k in format!("{PIN}\n2p2").chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(k))), 0.0);
    }
    let v = s.view(0.0);
    assert!(
        v.title.starts_with("Pin the station to Juniors?"),
        "{}",
        v.title
    );
    assert!(
        s.take_audit().iter().all(|l| !l.contains("pinned")),
        "not yet"
    );
    s.handle(Input::Key(KeyPress::plain(Key::Enter)), 0.0);
    s.handle(Input::Director(DirectorAction::Back), 0.0);
    let v = s.view(0.0);
    assert_eq!(
        v.screen,
        ScreenKind::Count,
        "no menu: the station is pinned"
    );
    assert_eq!(v.division, "Juniors (pinned by the director)");
    assert!(s
        .take_audit()
        .contains(&"director pinned the station to division juniors".to_owned()));
    // Recorded beside kiosk.toml (issue 37: kiosk.toml may be read-only to the station).
    let state = config.with_file_name("station-state.json");
    assert!(std::fs::read_to_string(&state)
        .unwrap()
        .contains("\"division\":\"juniors\""));
    // Restarted, it is still pinned; unpinned, every pair chooses again.
    let mut s = setup::start(config.clone());
    assert_eq!(s.view(0.0).division, "Juniors (pinned by the director)");
    s.handle(Input::DirectorChord, 0.0);
    for k in format!("{PIN}\np0\n").chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(k))), 0.0);
    }
    s.handle(Input::Director(DirectorAction::Back), 0.0);
    assert_eq!(s.view(0.0).screen, ScreenKind::ChooseDivision);
    assert!(std::fs::read_to_string(&state)
        .unwrap()
        .contains("\"division\":null"));
    // A pin that cannot be recorded is said on the director's screen, and audited.
    std::fs::remove_file(&state).unwrap();
    std::fs::create_dir(&state).unwrap();
    s.take_audit();
    s.handle(Input::DirectorChord, 0.0);
    for k in format!("{PIN}\np2\n").chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(k))), 0.0);
    }
    let v = s.view(0.0);
    assert_eq!(v.screen, ScreenKind::Director);
    assert!(v.hint.starts_with("not recorded: "), "{v:?}");
    assert!(s
        .take_audit()
        .iter()
        .any(|l| l.starts_with("the pinned division could not be recorded: ")));
}
