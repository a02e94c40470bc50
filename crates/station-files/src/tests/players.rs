//! The players' side: division, count, entry, JUDGE, verdict, the idle wipe, out of service.

use super::*;

#[test]
fn a_lexicon_whose_code_names_another_edition_puts_its_division_out_of_service() {
    // Hash, checksum and count all match what kiosk.toml recorded; the content is not CSW24.
    let (_dir, config) = station_folder("CSW24", &["QI", "ZA"]);
    let s = setup::start(config);
    let v = s.view(0.0);
    assert_eq!(v.screen, ScreenKind::OutOfService);
    assert!(
        v.detail.contains("lexicon CSW24 is MISLABELLED")
            && v.detail
                .contains("you called this CSW24 but it is not that edition"),
        "{}",
        v.detail
    );
}

#[test]
fn a_mislabel_the_director_accepted_judges_and_says_so_in_the_header() {
    let (_dir, config) = station_folder("CSW24", &["QI", "ZA"]);
    let text = std::fs::read_to_string(&config).unwrap();
    let accepted = text.replace(
        "[lexicons.CSW24]\n",
        "[lexicons.CSW24]\naccept_mislabel = true\n",
    );
    assert_ne!(accepted, text);
    std::fs::write(&config, accepted).unwrap();
    let v = setup::start(config).view(0.0);
    assert_ne!(v.screen, ScreenKind::OutOfService, "{}", v.detail);
    assert_eq!(
        v.header,
        "CSW24 · Test list · not a published edition (MISLABEL ACCEPTED)"
    );
}

#[test]
fn an_unpublished_list_under_its_own_code_judges_and_says_so_in_the_header() {
    let (_dir, config) = station_folder("CLUB", &["QI", "ZA"]);
    let mut s = setup::start(config);
    let v = s.view(0.0);
    assert_eq!(v.screen, ScreenKind::Count);
    assert_eq!(v.header, "CLUB · Test list · not a published edition");
    for k in "1qi\n".chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(k))), 0.0);
    }
    s.handle(Input::Key(KeyPress::plain(Key::Tab)), 1.0);
    assert_eq!(s.view(1.0).verdict, Some(Verdict::Acceptable));
}

#[test]
fn a_broken_configuration_puts_the_station_out_of_service() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kiosk.toml");
    std::fs::write(&path, "[station]\nid = 3\n").unwrap();
    let s = setup::start(path);
    let v = s.view(0.0);
    assert_eq!(v.screen, ScreenKind::OutOfService);
    assert!(v.detail.contains("kiosk.toml:2:"), "{}", v.detail);
}

#[test]
fn the_director_can_still_get_in_when_the_configuration_is_broken() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kiosk.toml");
    let pin = PinHash::new(PIN).unwrap();
    // Well-formed TOML, but the division names a lexicon that is not configured.
    std::fs::write(
        &path,
        format!(
            "[station]\nid = \"s\"\ndirector_pin = \"{pin}\"\n\n[divisions.main]\nprimary = \"NWL\"\n"
        ),
    )
    .unwrap();
    let mut s = setup::start(path.clone());
    assert_eq!(s.view(0.0).screen, ScreenKind::OutOfService);
    s.handle(Input::DirectorChord, 0.0);
    for c in PIN.chars() {
        s.handle(Input::Key(KeyPress::plain(Key::Char(c))), 0.0);
    }
    s.handle(Input::Key(KeyPress::plain(Key::Enter)), 0.0);
    assert_eq!(s.view(0.0).screen, ScreenKind::Director);
    s.handle(Input::Director(DirectorAction::ExitStation), 0.0);
    s.handle(Input::Director(DirectorAction::Confirm), 0.0);
    assert!(s.exit_requested());

    // TOML that does not parse at all: no PIN can be trusted, director mode stays shut.
    std::fs::write(&path, "[station\n").unwrap();
    let mut s = setup::start(path);
    s.handle(Input::DirectorChord, 0.0);
    for c in PIN.chars() {
        s.handle(Input::Key(KeyPress::plain(Key::Char(c))), 0.0);
    }
    s.handle(Input::Key(KeyPress::plain(Key::Enter)), 0.0);
    assert_eq!(s.view(0.0).screen, ScreenKind::Pin);
}
