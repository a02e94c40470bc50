//! An event's station: the table asked before the count, the round the director sets, the event
//! fingerprint on every screen, the docket printed after the verdict.

use super::*;

#[test]
fn the_director_sets_the_round_every_slip_carries_it_and_it_survives_a_restart() {
    let (_dir, config) = station_folder("CLUB", &["QI", "ZA"]);
    wordjudge_config::record_pin(&config, &PinHash::new(PIN).unwrap()).unwrap();
    let mut s = setup::start(config.clone());
    assert_eq!(s.view(0.0).event_line, "", "no event, no round");
    // Keys at 1 s; Tab (JUDGE) after the hand-over pause.
    let keys = |s: &mut Station, text: &str| {
        for c in text.chars() {
            let now = if c == '\t' { 2.0 } else { 1.0 };
            s.handle(Input::Key(KeyPress::plain(Key::for_char(c))), now);
        }
    };
    s.handle(Input::DirectorChord, 1.0);
    keys(&mut s, &format!("{PIN}\n"));
    s.handle(Input::Director(DirectorAction::SetRound), 1.0);
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
    s.handle(Input::Key(KeyPress::plain(Key::Space)), 5.0);
    s.handle(Input::DirectorChord, 1.0);
    keys(&mut s, &format!("{PIN}\nn0\n\u{1b}"));
    keys(&mut s, "1qi\n\t");
    assert_eq!(sliplog::read(&log).unwrap().slips[2].round, None);
    assert_eq!(Config::read(&config).unwrap().event.round, None);
}

#[test]
fn an_installed_station_shows_the_event_fingerprint_and_says_when_it_was_changed_here() {
    let (_dir, installed, fingerprint) = installed_station();
    let station = installed.parent().unwrap().to_owned();
    let mut s = setup::start(installed.clone());
    let line = s.view(0.0).event_line;
    assert_eq!(line, format!("EVENT {fingerprint} · STATION 7"));
    for c in "1qi\n".chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(c))), 0.0);
    }
    s.handle(Input::Key(KeyPress::plain(Key::Tab)), 1.0);
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
    s.handle(Input::DirectorChord, 0.0);
    for c in format!("{PIN}\n").chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(c))), 0.0);
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
    let key = wordjudge_event::signing::PublicKey::trusted_by(&installed)
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
    let other = wordjudge_event::signing::SigningKey::generate(&other.path().join("k")).unwrap();
    other.public().trust_at(&installed).unwrap();
    let mut s = setup::start(installed);
    s.handle(Input::DirectorChord, 0.0);
    for c in format!("{PIN}\n").chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(c))), 0.0);
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
fn a_station_with_no_event_says_what_to_do_with_no_command_line_hint() {
    // No configuration and no install report (a station whose event was never installed, or an
    // older image): the screen says what a director can do at the station, never `--config`.
    let dir = tempfile::tempdir().unwrap();
    let v = setup::start(dir.path().join("kiosk.toml")).view(0.0);
    assert_eq!(v.screen, ScreenKind::OutOfService);
    assert!(
        v.detail.contains("no event is installed at this station")
            && v.detail.contains("USB stick"),
        "{}",
        v.detail
    );
    assert!(
        !v.detail.contains("--config") && !v.detail.contains("WORDJUDGE_CONFIG"),
        "{}",
        v.detail
    );
}

#[test]
fn a_station_whose_first_boot_installed_nothing_shows_why_and_nothing_raw() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("kiosk.toml");
    // What `wordjudge event first-boot` wrote: two sticks, one name carrying an escape.
    let report = wordjudge_base::layout::install_report_path(&config);
    std::fs::write(
        &report,
        "two sticks carry an event, /dev/sda and /dev/sdb\u{1b}[2J: take out every stick but the event's, and restart the station\n",
    )
    .unwrap();
    let v = setup::start(config.clone()).view(0.0);
    assert_eq!(v.screen, ScreenKind::OutOfService);
    assert!(
        v.detail
            .contains("two sticks carry an event, /dev/sda and /dev/sdb"),
        "{}",
        v.detail
    );
    assert!(!v.detail.contains('\u{1b}'), "{:?}", v.detail);
    // Once an event is installed, a report left behind is not what the station shows.
    std::fs::write(&config, "[station]\nid = 3\n").unwrap();
    let v = setup::start(config).view(0.0);
    assert!(!v.detail.contains("two sticks"), "{}", v.detail);
}
