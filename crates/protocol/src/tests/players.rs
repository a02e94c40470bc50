//! The players' side: division, count, entry, JUDGE, verdict, the idle wipe, out of service.

use super::*;
use crate::edition_line;
use crate::*;

#[test]
fn one_division_starts_at_the_count_and_keys_choose_the_count() {
    let mut t = Test::one();
    assert_eq!(t.view().screen, ScreenKind::Count);
    assert_eq!(t.view().header, "OWL · Test list · not a published edition");
    for key in ["9", "0", "q", "#", " ", "\n", "\t"] {
        t.typed(key);
        assert_eq!(t.view().screen, ScreenKind::Count, "{key:?}: only 1..8");
        assert_eq!(t.view().hint, "press 1 to 8", "{key:?}");
    }
    t.key(Key::SecondOpinion);
    assert_eq!(
        t.view().screen,
        ScreenKind::SlipNumber,
        "F2 asks for a slip"
    );
    t.key(Key::Escape);
    assert_eq!(t.view().screen, ScreenKind::Count);
    assert_eq!(t.view().hint, "", "a new start");
    t.typed("2");
    assert_eq!(t.view().screen, ScreenKind::Entry);
}

#[test]
fn several_divisions_are_chosen_first_by_key_or_touch() {
    let mut t = Test::new(
        settings(),
        vec![slot("nwl", &["QI"]), slot("csw", &["QI", "ZO"])],
    );
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    assert_eq!(t.view().choices.len(), 2);
    t.typed("2");
    assert_eq!(t.view().screen, ScreenKind::Count);
    let mut t = Test::new(
        settings(),
        vec![slot("nwl", &["QI"]), slot("csw", &["QI", "ZO"])],
    );
    t.send(Input::ChooseDivision(1)).typed("1ZO\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

#[test]
fn letters_appear_upper_case_and_separators_split_words() {
    let mut t = Test::one();
    t.send(Input::ChooseCount(3)).typed("qi za,ca");
    let v = t.view();
    assert_eq!(v.words, ["QI", "ZA"]);
    assert_eq!(v.current, "CA");
    t.key(Key::Backspace)
        .key(Key::Backspace)
        .key(Key::Backspace);
    assert_eq!(t.view().current, "ZA", "backspace into the previous word");
    t.key(Key::Escape);
    assert!(t.view().words.is_empty() && t.view().current.is_empty());
}

#[test]
fn anything_but_letters_is_ignored_with_a_hint() {
    let mut t = Test::one();
    t.typed("2q1i");
    assert_eq!(t.view().current, "QI");
    t.key(Key::Other);
    assert_eq!(t.view().hint, "letters only");
}

#[test]
fn a_sixteenth_letter_is_refused() {
    let mut t = Test::one();
    t.typed("1oxyphenbutazones");
    assert_eq!(t.view().current, "OXYPHENBUTAZONE");
    assert_eq!(t.view().hint, "a word has at most 15 letters");
}

#[test]
fn nothing_is_accepted_past_the_nth_word() {
    let mut t = Test::one();
    t.typed("2qi za cat");
    let v = t.view();
    assert_eq!(v.words, ["QI", "ZA"]);
    assert_eq!(v.current, "");
    assert!(v.hint.contains("2 words typed: press Enter"), "{}", v.hint);
}

#[test]
fn paste_and_shortcuts_are_ignored() {
    let mut t = Test::one();
    t.typed("1q");
    t.send(Input::Key(KeyPress {
        ctrl: true,
        ..KeyPress::plain(Key::Char('v'))
    }));
    t.send(Input::Key(KeyPress {
        key: Key::Char('i'),
        alt: true,
        ..KeyPress::plain(Key::Char('i'))
    }));
    assert_eq!(t.view().current, "Q");
}

/// sway binds nothing in the station's configuration, so its usual shortcuts (Super+2 for a
/// workspace, Super+Enter for a terminal) reach the station: found by the image's boot test,
/// where Super+2 chose division 2 at the division menu.
#[test]
fn the_compositors_logo_key_shortcuts_are_ignored() {
    let mut t = Test::new(
        settings(),
        vec![slot("nwl", &["QI"]), slot("csw", &["QI", "ZO"])],
    );
    let logo = |key| {
        Input::Key(KeyPress {
            logo: true,
            ..KeyPress::plain(key)
        })
    };
    t.send(logo(Key::Char('2')));
    assert_eq!(
        t.view().screen,
        ScreenKind::ChooseDivision,
        "Super+2 chose a division"
    );
    t.typed("21");
    t.send(logo(Key::Char('q')));
    t.send(logo(Key::Enter));
    assert_eq!(t.view().current, "", "Super+Q typed a letter");
    t.typed("q");
    assert_eq!(t.view().current, "Q");
}

#[test]
fn judge_key_ignored_until_all_words_typed() {
    let mut t = Test::one();
    t.typed("3qi za\n").judge();
    assert_eq!(t.view().screen, ScreenKind::Entry);
    assert_eq!(t.view().hint, "2 of 3 words typed");
    assert!(t.slips().is_empty(), "nothing judged");
    t.typed(" c\t");
    assert_eq!(t.view().hint, "word 3 needs at least 2 letters");
    assert!(!t.view().ready);
    t.typed("at");
    assert!(
        !t.view().ready && t.view().can_hand_over,
        "every word is there, but the challenger has not handed over"
    );
    t.typed("\n");
    assert!(!t.view().ready, "the hand-over pause");
    assert!(t
        .view()
        .title
        .starts_with("CHALLENGED PLAYER: check the words"));
    t.pause();
    assert!(t.view().ready);
    t.send(Input::JudgeButton);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

/// NSA App. C, NASSC 12, WESPA 3.11.1: the challenged player adjudicates; the challenger's keys
/// (letters, Space, Enter) never judge.
#[test]
fn only_the_challenged_player_judges_after_the_challenger_hands_over() {
    // Enter after the last word hands over; it never judges.
    // DONE is offered only once every word is typed, and only to the challenger.
    let mut t = Test::one();
    t.typed("2qi z");
    assert!(!t.view().can_hand_over, "a word missing");
    t.typed("a");
    assert!(t.view().can_hand_over, "every word typed");
    t.typed("\n");
    assert!(!t.view().can_hand_over, "handed over already");
    assert_eq!(t.view().screen, ScreenKind::Entry, "Enter does not judge");
    t.pause();
    assert!(t.view().ready, "handed over");
    assert!(t.slips().is_empty());
    t.typed("\n\n ");
    assert_eq!(t.view().screen, ScreenKind::Entry, "nor does it ever after");
    assert!(t.slips().is_empty());
    // JUDGE while the last word is still being typed ("QU" of QUIXOTIC) is refused.
    let mut t = Test::one();
    t.typed("1qu");
    t.send(Input::JudgeButton);
    t.key(Key::Tab);
    assert_eq!(t.view().screen, ScreenKind::Entry);
    assert!(
        t.view()
            .hint
            .contains("the challenger ends the entry first"),
        "{}",
        t.view().hint
    );
    assert!(t.slips().is_empty());
    // Without a count step, Enter hands over the words typed; it does not judge them.
    let mut s = settings();
    s.screen.count_first = false;
    let mut t = Test::new(s, vec![slot("main", &["QI"])]);
    t.typed("\n");
    assert_eq!(t.view().hint, "type the challenged words first");
    assert!(!t.view().ready, "nothing to hand over");
    t.typed("qi\n").pause();
    assert_eq!(t.view().screen, ScreenKind::Entry);
    assert!(t.view().ready && t.slips().is_empty());
    // The challenged player may hand the words back to be corrected.
    t.key(Key::Backspace);
    assert!(!t.view().ready);
    assert_eq!(t.view().words, ["QI"]);
}

#[test]
fn judge_keys_are_honoured_exactly() {
    // Without Tab among the judge keys, only the JUDGE button judges.
    let mut s = settings();
    s.screen.judge_keys = vec![];
    let mut t = Test::new(s, vec![slot("main", &["QI"])]);
    t.typed("1q\t");
    assert_eq!(t.view().hint, "letters only", "Tab is no key at all here");
    t.typed("i\n").judge();
    assert_eq!(
        t.view().screen,
        ScreenKind::Entry,
        "Tab is not a judge key here"
    );
    assert_eq!(t.view().judge_label, "JUDGE");
    assert_eq!(
        t.view().hint,
        "press JUDGE, or Backspace to give the words back",
        "the hint names no key that does not judge"
    );
    t.send(Input::JudgeButton);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    // With it, Tab judges once the challenger handed over.
    let mut t = Test::one();
    assert_eq!(t.view().judge_label, "JUDGE (Tab)");
    t.typed("1qi\nx");
    assert_eq!(
        t.view().hint,
        "JUDGE (Tab), or Backspace to give the words back"
    );
    assert_eq!(t.view().words, ["QI"], "nothing typed after the hand-over");
    t.judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

#[test]
fn verdict_is_shown_only_after_its_slip_is_written() {
    let mut t = Test::one();
    t.typed("2qi qa\n").judge();
    let v = t.view();
    assert_eq!(v.verdict, Some(Verdict::Unacceptable));
    assert_eq!(v.title, "✗ UNACCEPTABLE");
    let slips = t.slips();
    assert_eq!(slips.len(), 1);
    assert_eq!(v.slip, Some(slips[0].slip));
    assert_eq!(slips[0].kind, SlipKind::Challenge);
    assert_eq!(v.words, ["QI", "QA"]);
}

#[test]
fn verdict_never_names_the_failing_word() {
    let mut t = Test::one();
    t.typed("3qi qa cat\n").judge();
    let v = t.view();
    let shown = format!(
        "{} {} {} {} {:?}",
        v.title, v.detail, v.hint, v.banner, v.director_lines
    );
    // The words are echoed as typed, but nothing singles one out.
    assert!(!shown.contains("QA"), "{shown}");
    assert!(v.director_lines.is_empty());
    assert_eq!(v.words, ["QI", "QA", "CAT"]);
}

#[test]
fn no_key_clears_a_verdict_in_its_first_two_seconds() {
    let mut t = Test::one();
    t.typed("1qi\n").judge();
    t.later(1.9).key(Key::Char('x'));
    assert_eq!(t.view().screen, ScreenKind::Verdict);
    t.later(0.1).key(Key::Char('x'));
    assert_eq!(t.view().screen, ScreenKind::Count);
}

/// The judge key never clears a verdict: a second press, taps, a key held down (issue 26: Tab
/// held or tapped wiped the verdict after half a second).
#[test]
fn the_judge_key_tapped_or_held_never_clears_a_verdict() {
    let mut t = Test::one();
    t.typed("1qi\n").judge();
    // Eight taps 120 ms apart, then more for ten seconds less a moment.
    for _ in 0..8 {
        t.later(0.12).key(Key::Tab);
        assert_eq!(t.view().screen, ScreenKind::Verdict);
    }
    while t.now < 1.0 + 9.8 {
        t.later(0.2).key(Key::Tab);
        assert_eq!(t.view().screen, ScreenKind::Verdict, "at {}", t.now);
    }
    // Held down: the keyboard repeats it, 25 times a second. Nothing clears; nor a repeated
    // other key.
    let mut t = Test::one();
    t.typed("1qi\n").judge();
    t.later(0.5);
    for _ in 0..100 {
        t.later(0.04)
            .send(Input::Key(KeyPress::repeated(Key::Tab)))
            .send(Input::Key(KeyPress::repeated(Key::Space)));
    }
    assert_eq!(
        t.view().screen,
        ScreenKind::Verdict,
        "a held key is one press"
    );
    // A fresh, different key clears it.
    t.key(Key::Space);
    assert_eq!(t.view().screen, ScreenKind::Count);
    // JUDGE touched again on a verdict does nothing either.
    let mut t = Test::one();
    t.typed("1qi\n").judge();
    t.later(3.0).send(Input::JudgeButton);
    assert_eq!(t.view().screen, ScreenKind::Verdict);
}

#[test]
fn verdict_clears_itself_after_ten_seconds() {
    let mut t = Test::one();
    t.typed("1qi\n").judge();
    t.later(9.9);
    assert_eq!(t.view().screen, ScreenKind::Verdict);
    t.later(0.1);
    assert_eq!(t.view().screen, ScreenKind::Count);
}

#[test]
fn nothing_on_a_player_screen_after_a_verdict_clears_reveals_the_previous_challenge() {
    let mut t = Test::one();
    t.typed("2qi qa\n").judge();
    t.at(11.0);
    let v = t.view();
    let shown = format!("{v:?}");
    assert!(!shown.contains("QA") && !shown.contains("QI"), "{shown}");
    assert_eq!(v.slip, None);
}

#[test]
fn unjudged_input_left_idle_is_wiped_after_thirty_seconds() {
    let mut t = Test::one();
    t.typed("2qi");
    t.at(29.0);
    assert_eq!(t.view().current, "QI");
    t.key(Key::Char('s'));
    t.at(58.9);
    assert_eq!(t.view().current, "QIS", "each key restarts the idle timer");
    t.at(59.0);
    assert_eq!(t.view().screen, ScreenKind::Count);
}

#[test]
fn timers_come_from_the_configuration() {
    let mut s = settings();
    s.screen.verdict_min_seconds = 2.0;
    s.screen.verdict_clear_seconds = 4.0;
    s.screen.count_first = false;
    let mut t = Test::new(s, vec![slot("main", &["QI"])]);
    assert_eq!(t.view().screen, ScreenKind::Entry, "no count step");
    t.typed("qi\n").judge();
    t.later(1.5).key(Key::Space);
    assert_eq!(t.view().screen, ScreenKind::Verdict);
    t.later(2.5);
    assert_eq!(t.view().screen, ScreenKind::Entry);
}

#[test]
fn unverified_lexicon_puts_division_out_of_service() {
    let mut t = Test::new(settings(), vec![broken("csw", "CSW24")]);
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::OutOfService);
    assert_eq!(v.title, "OUT OF SERVICE — call the director");
    assert!(v.detail.contains("CSW24"));
    t.typed("1qi\n").judge().send(Input::JudgeButton);
    assert_eq!(t.view().screen, ScreenKind::OutOfService);
    assert!(t.slips().is_empty(), "nothing is ever judged");
}

#[test]
fn a_broken_division_does_not_stop_the_others() {
    let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), broken("csw", "CSW")]);
    assert!(t.view().choices[1].contains("OUT OF SERVICE"));
    assert_eq!(t.view().choices_in_service, [true, false], "drawn so");
    // An out-of-service division cannot be chosen: the menu stays, for the next pair too.
    t.typed("2");
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    assert_eq!(t.view().hint, "CSW is out of service: call the director");
    t.send(Input::ChooseDivision(1));
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), broken("x", "X")]);
    t.typed("11qi\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

#[test]
fn a_recognised_edition_is_named_with_its_effective_date() {
    let nwl = wordjudge_lexicon::known::by_code("NWL2023").unwrap();
    assert_eq!(
        edition_line(&Recognition::Exactly(nwl)),
        format!(
            "edition NWL2023, effective {}",
            nwl.effective.as_deref().unwrap()
        )
    );
    let enable = wordjudge_lexicon::known::by_code("ENABLE2K").unwrap();
    assert_eq!(
        edition_line(&Recognition::Exactly(enable)),
        "edition ENABLE2K"
    );
    assert_eq!(
        edition_line(&Recognition::Unpublished { words: 2 }),
        "not a published edition"
    );
}

#[test]
fn the_verdict_names_the_division() {
    let mut t = Test::one();
    t.typed("1qi\n").judge();
    assert!(
        t.view().detail.starts_with("main division · judged "),
        "{}",
        t.view().detail
    );
}

#[test]
fn slip_log_failure_still_shows_the_verdict_and_a_banner_until_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let adjudicator = Adjudicator::new(
        "s1",
        Some(SlipLog::new(dir.path().join("gone/slips.jsonl"))),
    );
    let mut station = Station::new(settings(), vec![slot("main", &["QI"])], adjudicator);
    for k in "1qi\n".chars() {
        station.handle(Input::Key(KeyPress::plain(Key::for_char(k))), 0.0);
    }
    station.handle(Input::Key(KeyPress::plain(Key::Tab)), 1.0);
    let v = station.view(1.0);
    assert_eq!(v.verdict, Some(Verdict::Acceptable));
    assert_eq!(v.title, "✓ ACCEPTABLE");
    assert_eq!(v.slip, None);
    assert!(v.banner.starts_with("Slip log failed — call the director"));
    // An unacceptable play is still unacceptable when its slip cannot be written.
    station.handle(Input::Key(KeyPress::plain(Key::Space)), 3.0);
    for k in "2qi za\n".chars() {
        station.handle(Input::Key(KeyPress::plain(Key::for_char(k))), 3.0);
    }
    station.handle(Input::Key(KeyPress::plain(Key::Tab)), 4.0);
    let v = station.view(4.0);
    assert_eq!(v.verdict, Some(Verdict::Unacceptable));
    assert_eq!(v.title, "✗ UNACCEPTABLE");
    assert_eq!(v.slip, None);
    station.handle(Input::Tick, 11.0);
    assert!(!station.view(11.0).banner.is_empty(), "the banner stays");
    station.handle(Input::DirectorChord, 12.0);
    for k in PIN.chars() {
        station.handle(Input::Key(KeyPress::plain(Key::Char(k))), 12.0);
    }
    station.handle(Input::Key(KeyPress::plain(Key::Enter)), 12.0);
    station.handle(Input::Director(DirectorAction::AcknowledgeAlert), 13.0);
    assert!(station.view(13.0).banner.is_empty());
}

#[test]
fn records_deleted_behind_the_stations_back_raise_the_director_alert_and_the_verdict_still_shows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slips.jsonl");
    let judge_qi = |station: &mut Station, now: f64| {
        for k in ['1', 'q', 'i', '\n'] {
            station.handle(Input::Key(KeyPress::plain(Key::for_char(k))), now);
        }
        station.handle(Input::Key(KeyPress::plain(Key::Tab)), now + 1.0);
        station.view(now + 1.0)
    };
    let new_station = || {
        let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(&path)));
        Station::new(settings(), vec![slot("main", &["QI"])], adjudicator)
    };
    let mut station = new_station();
    for i in 0..3 {
        let v = judge_qi(&mut station, 20.0 * i as f64);
        assert_eq!(v.slip, Some(i + 1));
        assert!(v.banner.is_empty());
        station.handle(Input::Tick, 20.0 * i as f64 + 11.0);
    }
    // Slip 3 deleted between two runs of the station.
    let text = std::fs::read_to_string(&path).unwrap();
    let kept: Vec<&str> = text.lines().take(2).collect();
    std::fs::write(&path, kept.join("\n") + "\n").unwrap();
    let mut station = new_station();
    let v = judge_qi(&mut station, 100.0);
    assert_eq!(v.verdict, Some(Verdict::Acceptable));
    assert_eq!(v.slip, Some(4), "slip 3 is never given out again");
    assert!(
        v.banner
            .starts_with("Slip log needs checking — call the director")
            && v.banner.contains("deleted or changed"),
        "{}",
        v.banner
    );
    station.handle(Input::Tick, 111.0);
    assert!(!station.view(111.0).banner.is_empty(), "the banner stays");
}

#[test]
fn entry_view_says_how_many_words_were_announced() {
    let mut t = Test::one();
    t.typed("3qi");
    assert_eq!(t.view().expected_words, 3);
}

/// Every challenge is a new adjudication: a pair's division does not carry over to the next.
#[test]
fn each_pair_chooses_its_own_division_and_nothing_of_the_last_pair_carries_over() {
    let two = || vec![slot("nwl", &["QI"]), slot("csw", &["QI", "ZO"])];
    let mut t = Test::new(settings(), two());
    // Pair 1, CSW: ZO is acceptable.
    t.typed("21zo\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    assert_eq!(t.view().division, "csw division");
    // The verdict clears (by a key, or by itself): the next pair starts at the menu.
    t.later(2.0).key(Key::Space);
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    assert_eq!(t.view().division, "", "no division until the pair chooses");
    // Pair 2, NWL: ZO is not.
    t.typed("11zo\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    assert_eq!(t.view().division, "nwl division");
    t.later(10.0);
    assert_eq!(
        t.view().screen,
        ScreenKind::ChooseDivision,
        "cleared by itself"
    );
    let slips = t.slips();
    assert_eq!(
        (slips[0].division.as_str(), slips[1].division.as_str()),
        ("csw", "nwl")
    );
    // A pair that chooses and walks away: the idle wipe brings the menu back.
    t.typed("2");
    assert_eq!(t.view().screen, ScreenKind::Count);
    t.later(30.0);
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    // Esc goes back: from the count, and from an empty entry.
    t.typed("2").key(Key::Escape);
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    t.typed("22q");
    t.key(Key::Escape);
    assert_eq!(
        t.view().screen,
        ScreenKind::Entry,
        "Esc first clears the words"
    );
    t.key(Key::Escape);
    assert_eq!(
        t.view().screen,
        ScreenKind::Count,
        "then goes back a step, to the count"
    );
    t.key(Key::Escape);
    assert_eq!(
        t.view().screen,
        ScreenKind::ChooseDivision,
        "and to the division menu"
    );
}

#[test]
fn with_every_division_out_of_service_the_station_is_out_of_service() {
    let mut t = Test::new(settings(), vec![broken("nwl", "NWL"), broken("csw", "CSW")]);
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::OutOfService, "not a menu of nothing");
    assert_eq!(v.title, "OUT OF SERVICE — call the director");
    assert!(v.detail.contains("no division is in service"), "{v:?}");
    t.typed("1qi\n").judge().send(Input::JudgeButton);
    assert!(t.slips().is_empty());
}

#[test]
fn the_stations_debug_form_names_its_state_and_no_secret() {
    let t = Test::one();
    let shown = format!("{:?}", t.station);
    assert!(shown.starts_with("Station { mode: Count"), "{shown}");
    assert!(!shown.contains("argon2"), "no PIN hash: {shown}");
}

/// Whatever a pair leaves half done — a division chosen, a count, a word, a refusal, a slip
/// number prompt — is gone 30 s after its last key, at any time of day.
#[test]
fn the_idle_wipe_leaves_nothing_of_a_pair_behind() {
    let two = || Test::new(settings(), vec![slot("nwl", &["QI"]), slot("csw", &["QI"])]);
    // Without a count step the entry is where a pair starts (one division) or lands.
    fn no_count(divisions: &[&str]) -> Test {
        let mut s = settings();
        s.screen.count_first = false;
        Test::new(s, divisions.iter().map(|d| slot(d, &["QI"])).collect())
    }
    let one_no_count = || no_count(&["main"]);
    let two_no_count = || no_count(&["nwl", "csw"]);
    /// What the pair did, how the station was set up, the keys, the screen it goes back to.
    type Case = (&'static str, fn() -> Test, &'static str, ScreenKind);
    let cases: [Case; 9] = [
        ("a division", two_no_count, "1", ScreenKind::ChooseDivision),
        (
            "whole words, no count",
            one_no_count,
            "qi ",
            ScreenKind::Entry,
        ),
        (
            "a refusal, no count",
            one_no_count,
            "q\n",
            ScreenKind::Entry,
        ),
        (
            "a division and a count",
            two,
            "12",
            ScreenKind::ChooseDivision,
        ),
        ("whole words", Test::one, "2qi ", ScreenKind::Count),
        ("a count", Test::one, "2", ScreenKind::Count),
        ("a refusal", Test::one, "2\t", ScreenKind::Count),
        (
            "a division and a refusal",
            two,
            "1x",
            ScreenKind::ChooseDivision,
        ),
        (
            "the slip number prompt",
            Test::one,
            "\u{0}",
            ScreenKind::Count,
        ),
    ];
    for (what, start, keys, back_to) in cases {
        let mut t = start();
        t.at(1000.0);
        if keys == "\u{0}" {
            t.key(Key::SecondOpinion).typed("1");
        } else {
            t.typed(keys);
        }
        let before = t.view();
        let clean = |v: &View| v.hint.is_empty() && v.words.is_empty() && v.current.is_empty();
        assert_ne!(
            (before.screen.clone(), clean(&before)),
            (back_to.clone(), true),
            "{what}: something is left"
        );
        t.at(1029.9);
        assert_eq!(
            t.view(),
            before,
            "{what}: kept while the pair may come back"
        );
        t.at(1030.0);
        let after = t.view();
        assert_eq!((after.screen, after.hint.as_str()), (back_to, ""), "{what}");
        assert!(after.words.is_empty() && after.current.is_empty(), "{what}");
    }
}

/// A verdict is timed from when it was shown, not from the station's start.
#[test]
fn a_verdict_late_in_the_day_keeps_its_two_seconds_and_ten_seconds() {
    let mut t = Test::one();
    t.at(5000.0).typed("1qi\n").judge();
    assert_eq!(t.view().screen, ScreenKind::Verdict);
    t.at(5002.9).key(Key::Space);
    assert_eq!(
        t.view().screen,
        ScreenKind::Verdict,
        "the first two seconds"
    );
    t.at(5010.9);
    assert_eq!(t.view().screen, ScreenKind::Verdict);
    t.at(5011.0);
    assert_eq!(t.view().screen, ScreenKind::Count);
}

/// Issue 29: each pair reads its own division's language from the moment the division is chosen
/// (the verdict in the word its players use, the same verdict underneath); the division menu
/// before a choice speaks every language of the divisions; the director's screens speak the
/// director's language, whatever the players' division.
#[test]
fn each_pair_reads_its_divisions_language_and_the_director_theirs() {
    use wordjudge_lang::Language;
    let mut catalan = slot("cat", &["QI"]);
    catalan.language = Language::Ca;
    let english = slot("eng", &["QI"]);
    let mut s = settings();
    s.director_language = Language::De;
    let mut t = Test::new(s, vec![catalan, english]);
    let menu = t.view();
    assert_eq!(menu.screen, ScreenKind::ChooseDivision);
    assert_eq!(
        menu.title, "Trieu la vostra divisió\nChoose your division",
        "every language of the divisions, a line each"
    );
    // Pair 1, the Catalan division: Catalan from the choice on.
    t.typed("1");
    let v = t.view();
    assert_eq!(
        (v.screen.clone(), v.language),
        (ScreenKind::Count, Language::Ca)
    );
    assert_eq!(v.title, Language::Ca.text("count-title"));
    assert_ne!(v.title, Language::En.text("count-title"));
    t.typed("1qi\n").judge();
    let v = t.view();
    assert_eq!(v.verdict, Some(Verdict::Acceptable));
    assert_eq!(v.title, "✓ VÀLIDA");
    assert_eq!(
        v.slip_line,
        wordjudge_lang::tr!(Language::Ca, "slip-line", slip = 1u64)
    );
    assert_ne!(v.slip_line, "SLIP 1");
    // The director, in the middle of it: German, whatever the pair's division.
    t.send(Input::DirectorChord);
    assert_eq!(t.view().language, Language::De);
    assert_eq!(t.view().title, Language::De.text("pin-title"));
    assert_ne!(t.view().title, "Director PIN");
    t.key(Key::Escape);
    // Pair 2, the English division: English again, the same verdict in its own words.
    t.later(10.1);
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    t.typed("2");
    assert_eq!(t.view().language, Language::En);
    assert_eq!(
        t.view().title,
        "CHALLENGER: how many words are you challenging?"
    );
    t.typed("1qa\n").judge();
    assert_eq!(t.view().title, "✗ UNACCEPTABLE");
    assert_eq!(t.slips().len(), 2);
}

/// Issue 38, item 7: the next pair's count screen greeted them with an orange "press 1 to 8"
/// after the key that cleared the verdict was pressed a second time.
#[test]
fn the_key_that_cleared_a_verdict_pressed_again_is_no_mistake_of_the_next_pair() {
    let mut t = Test::one();
    t.typed("1qi\n").judge();
    t.later(2.5).key(Key::Space);
    assert_eq!(t.view().screen, ScreenKind::Count);
    t.later(0.2).key(Key::Space);
    assert_eq!(t.view().screen, ScreenKind::Count);
    assert_eq!(t.view().hint, "", "no hint for the clearing key again");
    // A count still counts at once; later, a key that means nothing here is told so.
    t.later(0.1).key(Key::Char('2'));
    assert_eq!(t.view().screen, ScreenKind::Entry);
    t.key(Key::Escape).key(Key::Escape);
    t.later(1.0).key(Key::Space);
    assert_ne!(t.view().hint, "", "a stray key a second later is hinted");
}

/// Issue 50, item 4: a pair without a keyboard goes back by touch from every players' screen —
/// a wrong division, table or count is undone at once, not by the idle wipe.
#[test]
fn a_touch_only_pair_goes_back_from_the_count_the_entry_and_the_handed_over_words() {
    let two = || vec![slot("nwl", &["QI", "CAT"]), slot("csw", &["QI", "ZO"])];
    let mut t = Test::new(settings(), two());
    t.send(Input::ChooseDivision(1));
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::Count);
    assert!(v.back_goes_back && v.back_acts, "BACK on the count");
    t.send(Input::Back);
    assert_eq!(
        t.view().screen,
        ScreenKind::ChooseDivision,
        "wrong division undone"
    );
    t.send(Input::ChooseDivision(0)).send(Input::ChooseCount(3));
    assert_eq!(t.view().screen, ScreenKind::Entry);
    assert!(t.view().back_goes_back, "an empty entry: BACK, not ⌫");
    t.send(Input::Back);
    assert_eq!(t.view().screen, ScreenKind::Count, "wrong count undone");
    t.send(Input::ChooseCount(2)).typed("qi ca");
    let v = t.view();
    assert!(
        !v.back_goes_back && v.back_acts,
        "something typed: ⌫ erases"
    );
    t.send(Input::Back);
    assert_eq!(t.view().current, "C", "one letter erased");
    t.typed("at").send(Input::Done);
    assert!(t.view().handed_over);
    assert!(
        !t.view().back_goes_back,
        "handed over: ⌫ gives the words back"
    );
    t.send(Input::Back);
    let v = t.view();
    assert!(!v.handed_over, "the words are the challenger's again");
    assert_eq!(v.words, ["QI", "CAT"], "as they were");
    // Five letters erased, and two presses that take a finished word back to be erased.
    for _ in 0..7 {
        t.send(Input::Back);
    }
    assert_eq!(t.view().current, "", "everything erased");
    t.send(Input::Back).send(Input::Back);
    assert_eq!(
        t.view().screen,
        ScreenKind::ChooseDivision,
        "and back to the menu"
    );
    // On the first screen of a station of one division, with nothing chosen, BACK has nowhere to
    // go: drawn so.
    let mut t = Test::one();
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::Count);
    assert!(v.back_goes_back && !v.back_acts);
    t.send(Input::Back);
    assert_eq!(t.view().screen, ScreenKind::Count);
    // The verdict and the menu have no back key: nothing happens.
    t.typed("1qi\n").judge().send(Input::Back);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

/// Issue 50, item 4: handed over, the challenged player has the time to find every word on the
/// board and check it: the idle wipe waits 15 s more for each word (eight words: 150 s).
#[test]
fn handed_over_words_stay_for_the_challenged_player_to_check_each_on_the_board() {
    let mut t = Test::one();
    t.typed("8qi za cat qi za cat qi za\n");
    assert!(t.view().handed_over);
    let wait = 30.0 + 8.0 * CHECK_SECONDS_PER_WORD;
    t.later(wait - 0.1);
    assert!(
        t.view().handed_over,
        "still there after {:.0} s",
        wait - 0.1
    );
    t.key(Key::Tab);
    assert_eq!(
        t.view().verdict,
        Some(Verdict::Acceptable),
        "and JUDGE acts"
    );
    // Before it is handed over, the usual 30 s.
    let mut t = Test::one();
    t.typed("8qi za cat qi za cat qi z");
    t.later(30.0);
    assert_eq!(t.view().words, Vec::<String>::new(), "wiped at 30 s");
    // Handed over and left: wiped at the longer time.
    t.typed("2qi za\n")
        .later(30.0 + 2.0 * CHECK_SECONDS_PER_WORD);
    assert!(!t.view().handed_over && t.view().words.is_empty());
}
