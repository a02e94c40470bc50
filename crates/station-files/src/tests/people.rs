//! The station against the people in front of it (issue 26, third pass): a player who
//! re-challenges part of a failed play, a passer-by at a director screen left open, a challenger
//! who ends the entry and judges in one burst, keys held down, and what the screen and the slip
//! must agree on. Each test is named for the behaviour it pins; RELIABILITY.md maps each of the
//! issue's items to its test.

use super::*;

#[test]
fn a_restart_keeps_the_lockout_and_the_wrong_pin_count() {
    let (_dir, config) = station_folder("CLUB", &["QI", "ZA"]);
    wordjudge_config::record_pin(&config, &PinHash::new(PIN).unwrap()).unwrap();
    let mut s = setup::start(config.clone());
    let wrong = |s: &mut Station, now: f64| {
        s.handle(Input::DirectorChord, now);
        for c in "0000\n".chars() {
            s.handle(Input::Key(KeyPress::plain(Key::for_char(c))), now);
        }
    };
    for _ in 0..5 {
        wrong(&mut s, 1.0);
    }
    // SIGTERM, restart: still locked, with the count.
    let mut s = setup::start(config.clone());
    s.handle(Input::DirectorChord, 0.0);
    assert!(
        s.view(0.0).detail.starts_with("locked for "),
        "{}",
        s.view(0.0).detail
    );
    for c in format!("{PIN}\n").chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(c))), 0.0);
    }
    assert_eq!(s.view(0.0).screen, ScreenKind::Pin, "the right PIN waits");
    // Two wrong ones after the lock-out, restart, the right one: all seven are counted.
    s.handle(Input::Key(KeyPress::plain(Key::Escape)), 61.0);
    wrong(&mut s, 61.0);
    wrong(&mut s, 61.0);
    let mut s = setup::start(config.clone());
    s.handle(Input::DirectorChord, 0.0);
    for c in format!("{PIN}\n").chars() {
        s.handle(Input::Key(KeyPress::plain(Key::for_char(c))), 0.0);
    }
    let v = s.view(0.0);
    assert_eq!(v.screen, ScreenKind::Director);
    assert_eq!(
        v.director_lines[0],
        "7 wrong PINs were tried since your last visit"
    );
    // A record someone damaged locks the prompt rather than unlocking it.
    std::fs::write(setup::lockout_path(&config), "{").unwrap();
    let mut s = setup::start(config);
    s.handle(Input::DirectorChord, 0.0);
    assert!(s.view(0.0).detail.starts_with("locked for "));
}

#[test]
fn the_nsa_header_names_the_long_list_and_its_minimum_length() {
    let (_dir, config) = station_folder("OWL2", &["QI", "ZA"]);
    let ll = wordjudge_lexicon::compile::compile(
        ["ZOOGEOGRAPHY"]
            .iter()
            .map(|w| wordjudge_lexicon::word::Word::parse(w).unwrap())
            .collect(),
    )
    .unwrap();
    wordjudge_config::store::Addition::prepare(&config, "LL")
        .unwrap()
        .add(&ll, Some("NSA Long List"), ll.content_sha256, true)
        .unwrap();
    let text = std::fs::read_to_string(&config)
        .unwrap()
        .replace("accept_mislabel = true\n", "")
        .replace(
            "primary = \"OWL2\"\n",
            "primary = \"OWL2\"\nfallback = [{ lexicon = \"LL\", min_length = 10 }]\n",
        );
    std::fs::write(&config, text).unwrap();
    let s = setup::start(config);
    let header = s.view(0.0).header;
    assert!(
        header.starts_with("OWL2 · Test list · ")
            && header.ends_with(" + LL · NSA Long List (10+ letters)"),
        "{header}"
    );
}

#[test]
fn a_station_installed_from_a_bundle_refuses_the_published_demo_pin_and_station_id() {
    let (_dir, installed, _) = installed_station();
    assert_eq!(
        setup::start(installed.clone()).view(0.0).screen,
        ScreenKind::Count
    );
    // Someone sets the README's PIN at the station: out of service, saying why.
    wordjudge_config::record_pin(
        &installed,
        &PinHash::new(wordjudge_config::DEMO_PIN).unwrap(),
    )
    .unwrap();
    let v = setup::start(installed.clone()).view(0.0);
    assert_eq!(v.screen, ScreenKind::OutOfService);
    assert!(
        v.detail
            .contains("its director PIN is the published demo PIN 1234"),
        "{}",
        v.detail
    );
    // The demo station id, too.
    wordjudge_config::record_pin(&installed, &PinHash::new(PIN).unwrap()).unwrap();
    let text = std::fs::read_to_string(&installed).unwrap();
    std::fs::write(
        &installed,
        text.replace("id = \"7\"", "id = \"demo-station\""),
    )
    .unwrap();
    let v = setup::start(installed).view(0.0);
    assert_eq!(v.screen, ScreenKind::OutOfService);
    assert!(
        v.detail.contains("its station id is the demo's"),
        "{}",
        v.detail
    );
    // Without a bundle (trying the demo), the demo PIN still opens director mode.
    let (_d, config) = station_folder("CLUB", &["QI"]);
    wordjudge_config::record_pin(&config, &PinHash::new(wordjudge_config::DEMO_PIN).unwrap())
        .unwrap();
    assert_eq!(setup::start(config).view(0.0).screen, ScreenKind::Count);
}
