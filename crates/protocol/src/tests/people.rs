//! The station against the people in front of it (issue 26, third pass): a player who
//! re-challenges part of a failed play, a passer-by at a director screen left open, a challenger
//! who ends the entry and judges in one burst, keys held down, and what the screen and the slip
//! must agree on. Each test is named for the behaviour it pins; RELIABILITY.md maps each of the
//! issue's items to its test.

use super::*;
use crate::*;

/// Division `main` whose list holds the play's good words (BUBKESES is the phony).
fn hall(ask_table: bool) -> Test {
    let mut s = settings();
    s.screen.ask_table = ask_table;
    Test::new(
        s,
        vec![slot(
            "main",
            &["HEWINGS", "COUTILS", "ZO", "QI", "ZA", "CAT"],
        )],
    )
}

fn enter_pin(t: &mut Test) -> &mut Test {
    t.typed(&format!("{PIN}\n"))
}

// 1. A new challenge on part of a failed play.

#[test]
fn a_new_challenge_on_part_of_a_failed_play_is_not_judged_and_says_which_slip() {
    let mut t = hall(true);
    t.typed("7\n4hewings coutils zo bubkeses\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    // The second opinion with three of the words is refused, as before.
    t.key(Key::SecondOpinion)
        .typed("3hewings coutils zo\n")
        .judge();
    assert!(t
        .view()
        .hint
        .starts_with("these are not the words of slip 1"));
    // Esc, and a new challenge from table 7 of BUBKESES alone, a minute later.
    t.key(Key::Escape).key(Key::Escape).key(Key::Escape);
    assert_eq!(t.view().screen, ScreenKind::Table);
    t.later(65.0).typed("7\n1bubkeses\n");
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::Entry);
    assert_eq!(
        v.hint,
        "these words were part of slip 1, judged UNACCEPTABLE: nothing was judged — ask the director"
    );
    assert!(!v.ready);
    t.judge();
    assert_eq!(t.view().screen, ScreenKind::Entry, "JUDGE judges nothing");
    assert_eq!(t.slips().len(), 1, "no slip");
    assert!(t
        .station
        .take_audit()
        .iter()
        .any(|l| l == "new challenge refused: BUBKESES is part of slip 1 (UNACCEPTABLE), table 7"));
    // Esc: the words, then the count, then the table prompt.
    let back_to_start = |t: &mut Test| {
        t.key(Key::Escape).key(Key::Escape).key(Key::Escape);
        assert_eq!(t.view().screen, ScreenKind::Table);
    };
    // With a word known to be good added, it would tell the same: refused too.
    back_to_start(&mut t);
    t.typed("7\n2qi bubkeses\n").judge();
    assert!(
        t.view().hint.contains("part of slip 1"),
        "{}",
        t.view().hint
    );
    // The same play again is a second opinion in disguise: refused.
    back_to_start(&mut t);
    t.typed("7\n4zo bubkeses coutils hewings\n").judge();
    assert!(
        t.view().hint.contains("part of slip 1"),
        "{}",
        t.view().hint
    );
    assert_eq!(t.slips().len(), 1);
    // All of it and more tells nothing of its words: judged.
    back_to_start(&mut t);
    t.typed("7\n5zo bubkeses coutils hewings qi\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    assert_eq!(t.slips().len(), 2);
}

/// Issue 37, finding 12: the guard kept to the table the players typed, so a cheat typed
/// another table's number (Catalan, table 7, GOS CASA GOTS → NO VÀLIDA; table 8, GOTS → judged).
/// The table is the players' word: the guard holds whatever table is typed, and the director
/// lets another table's honest play through.
#[test]
fn the_rechallenge_guard_holds_whatever_table_is_typed_and_keeps_to_its_window() {
    let mut t = hall(true);
    t.typed("7\n2cat bubkeses\n").judge();
    // Another table's number: refused all the same.
    t.later(2.0).key(Key::Space).typed("8\n1bubkeses\n");
    assert!(
        t.view().hint.contains("part of slip 1"),
        "{}",
        t.view().hint
    );
    t.key(Key::Escape).key(Key::Escape).key(Key::Escape);
    assert_eq!(t.view().screen, ScreenKind::Table);
    // Past the window (15 minutes): judged, at any table.
    t.later(15.0 * 60.0 + 1.0).typed("7\n1bubkeses\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    assert_eq!(t.slips().len(), 2);
    // Without tables, any pair within the window is refused.
    let mut t = hall(false);
    t.typed("3qi cat bubkeses\n")
        .judge()
        .later(2.0)
        .key(Key::Space);
    t.later(600.0).typed("1bubkeses\n").judge();
    assert!(
        t.view().hint.contains("part of slip 1"),
        "{}",
        t.view().hint
    );
    // An acceptable play's words may be judged again: they tell nothing.
    t.key(Key::Escape).key(Key::Escape);
    t.typed("2za zo\n").judge().later(2.0).key(Key::Space);
    t.typed("1za\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    // A play that shares a two-letter word with the failed one tells only what every player
    // knows (issue 50: QI blocked every table for 15 minutes): judged.
    t.later(2.0).key(Key::Space).typed("2qi za\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    // One that shares a longer word but is not all of it is refused: BUBKESES with another word
    // would tell whether BUBKESES was the culprit.
    t.later(2.0).key(Key::Space).typed("2za bubkeses\n");
    assert!(
        t.view().hint.contains("part of slip 1"),
        "{}",
        t.view().hint
    );
}

/// Issue 50: a failed play of one longer word whose two-letter words were good tells everyone
/// which word failed; judging that word again tells nothing more. A bad two-letter word in it
/// leaves the longer word's fate unknown, and the guard holds.
#[test]
fn when_everyone_knows_which_word_failed_the_guard_lets_it_be_judged_again() {
    let mut t = hall(true);
    t.typed("7\n2qi bubkeses\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    t.later(2.0)
        .key(Key::Space)
        .typed("8\n2bubkeses za\n")
        .judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    assert_eq!(t.slips().len(), 2);
    let mut t = hall(true);
    t.typed("7\n2xu bubkeses\n").judge();
    t.later(2.0).key(Key::Space).typed("8\n2bubkeses za\n");
    assert!(
        t.view().hint.contains("part of slip 1"),
        "{}",
        t.view().hint
    );
    assert_eq!(t.slips().len(), 1);
}

#[test]
fn after_a_restart_the_log_keeps_the_failed_play_and_an_unrecorded_one_is_remembered() {
    let mut t = hall(false);
    t.typed("2cat bubkeses\n").judge();
    // The station restarts: the failed play is read back from the log.
    let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(&t.log)));
    t.station = Station::new(settings(), vec![slot("main", &["QI", "ZA"])], adjudicator);
    t.typed("1bubkeses\n").judge();
    assert!(
        t.view().hint.contains("part of slip 1"),
        "{}",
        t.view().hint
    );
    // A failed play whose slip could not be written is still a failed play.
    let dir = tempfile::tempdir().unwrap();
    let adjudicator = Adjudicator::new(
        "s1",
        Some(SlipLog::new(dir.path().join("gone/slips.jsonl"))),
    );
    let mut t = Test {
        station: Station::new(settings(), vec![slot("main", &["QI"])], adjudicator),
        now: 0.0,
        log: dir.path().join("gone/slips.jsonl"),
        _dir: dir,
    };
    t.typed("2cat bubkeses\n").judge();
    assert_eq!(t.view().slip_line, "SLIP NOT RECORDED");
    t.later(2.0).key(Key::Space).typed("1bubkeses\n");
    assert!(
        t.view()
            .hint
            .starts_with("these words were part of the play judged at "),
        "{}",
        t.view().hint
    );
}

#[test]
fn the_director_may_let_a_refused_challenge_be_judged_and_it_is_audited() {
    let mut t = hall(true);
    t.typed("7\n2cat bubkeses\n")
        .judge()
        .later(2.0)
        .key(Key::Space);
    t.typed("7\n1bubkeses\n");
    assert!(t.view().hint.contains("part of slip 1"));
    t.send(Input::DirectorChord);
    enter_pin(&mut t);
    let v = t.view();
    assert!(
        v.director_lines[0].starts_with("A new challenge waits: BUBKESES (table 7)"),
        "{:?}",
        v.director_lines
    );
    assert_eq!(
        v.commands[0].action,
        DirectorAction::AllowWaiting,
        "offered first"
    );
    t.typed("l");
    assert!(t
        .view()
        .title
        .starts_with("Let the waiting challenge be judged?"));
    t.key(Key::Enter);
    // Back with the players, handed over: the challenged player judges, after the pause.
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::Entry);
    assert_eq!(v.words, ["BUBKESES"]);
    assert!(!v.ready, "the hand-over pause");
    t.judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    let slip = &t.slips()[1];
    assert_eq!(
        (slip.words.clone(), slip.table),
        (vec!["BUBKESES".to_owned()], Some(7))
    );
    let audit = t.station.take_audit();
    assert!(
        audit
            .iter()
            .any(|l| l == "director let a new challenge on part of slip 1 be judged: BUBKESES"),
        "{audit:?}"
    );
    // Without a waiting challenge there is nothing to let through.
    t.later(2.0).key(Key::Space);
    t.send(Input::DirectorChord);
    enter_pin(&mut t);
    assert!(!t
        .view()
        .commands
        .iter()
        .any(|c| c.action == DirectorAction::AllowWaiting));
    t.typed("l");
    assert_eq!(t.view().title, "", "L does nothing: the main page");
}

// 2. Director mode left open.

#[test]
fn a_slips_detail_needs_the_pin_again_and_shows_for_ten_seconds() {
    let mut t = hall(false);
    t.typed("2qi bubkeses\n").judge().later(2.0).key(Key::Space);
    t.send(Input::DirectorChord);
    enter_pin(&mut t);
    // A passer-by at the open screen: D 1 Enter asks for the PIN, and shows nothing of it.
    t.typed("d1\n");
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::Pin);
    assert!(!format!("{v:?}").contains("BUBKESES"), "{v:?}");
    t.typed("0000\n");
    assert_eq!(t.view().hint, "wrong PIN");
    assert_eq!(t.view().screen, ScreenKind::Pin);
    // Wrong PINs here count as any: five lock the prompt and close director mode.
    for _ in 0..4 {
        t.typed("0000\n");
    }
    assert_eq!(t.view().screen, ScreenKind::Count, "closed");
    assert_eq!(t.view().hint, "too many wrong PINs");
    t.send(Input::DirectorChord);
    enter_pin(&mut t);
    assert_eq!(t.view().screen, ScreenKind::Pin, "locked");
    // The director, later: the PIN again, the detail for 10 s, then the main page.
    t.later(61.0).key(Key::Escape).send(Input::DirectorChord);
    enter_pin(&mut t).typed("d1\n");
    enter_pin(&mut t);
    let v = t.view();
    assert!(
        v.director_lines
            .iter()
            .any(|l| l.contains("BUBKESES") && l.contains("✗ NOT acceptable")),
        "{v:?}"
    );
    assert_eq!(v.detail, "closes in 10 s");
    t.later(9.9);
    assert!(t.view().director_lines.iter().any(|l| l.contains('✗')));
    t.later(0.1);
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::Director);
    assert!(!v.director_lines.iter().any(|l| l.contains('✗')), "{v:?}");
}

#[test]
fn digits_alone_do_nothing_in_director_mode_and_the_chord_there_returns_to_the_players() {
    let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), slot("csw", &["ZO"])]);
    // The director presses the chord twice, then types the PIN: the second chord closes director
    // mode, so the digits go nowhere — not "pin to division 2".
    t.send(Input::DirectorChord);
    enter_pin(&mut t);
    t.send(Input::DirectorChord);
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    t.typed("2468\n");
    assert_eq!(t.station.pinned, None);
    // In director mode, digits are no command.
    t.later(2.0).send(Input::DirectorChord);
    enter_pin(&mut t);
    t.typed("1234567890");
    assert_eq!(t.station.pinned, None);
    assert_eq!(t.view().title, "", "the main page");
    // Pinning: P, the division's number, then Enter to confirm (Esc does not pin).
    t.typed("p2");
    t.key(Key::Escape);
    assert_eq!(t.station.pinned, None);
    t.typed("p2\n");
    assert_eq!(t.station.pinned, Some(1));
    assert!(t.view().director_lines.contains(
        &"Pinned: every challenge is judged in csw division (no division menu).".to_owned()
    ));
}

// 3. JUDGE needs a hand-over.

#[test]
fn return_and_tab_in_one_burst_judge_nothing_and_judge_after_the_hand_over_pause() {
    let mut t = Test::one();
    t.typed("2qi za\n\t");
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::Entry, "no verdict");
    assert_eq!(
        v.hint,
        "not yet: the challenger hands the station to the challenged player, who then presses JUDGE"
    );
    assert!(!v.ready);
    assert!(
        v.detail
            .contains("hand the station to the challenged player"),
        "whose turn: {}",
        v.detail
    );
    assert!(t.slips().is_empty());
    // Nor is the key kept for later.
    t.later(5.0);
    assert_eq!(t.view().screen, ScreenKind::Entry);
    assert!(t.view().ready);
    assert!(
        !t.view().detail.contains("Enter after the last"),
        "the challenger's hint is gone: {}",
        t.view().detail
    );
    t.key(Key::Tab);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    // The JUDGE button in the pause, too.
    let mut t = Test::one();
    t.typed("1qi\n").later(0.9).send(Input::JudgeButton);
    assert_eq!(t.view().screen, ScreenKind::Entry);
    t.later(0.1).send(Input::JudgeButton);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

#[test]
fn a_held_key_is_one_press_anywhere() {
    let mut t = Test::one();
    // Held Q while typing: one Q.
    t.typed("1q");
    for _ in 0..10 {
        t.send(Input::Key(KeyPress::repeated(Key::Char('q'))));
    }
    assert_eq!(t.view().current, "Q");
    // Held Backspace: one letter.
    t.typed("at");
    t.key(Key::Backspace);
    for _ in 0..10 {
        t.send(Input::Key(KeyPress::repeated(Key::Backspace)));
    }
    assert_eq!(t.view().current, "QA");
    // Held Tab after the hand-over: the first press judges; its repeats never clear the verdict.
    t.typed("\n").pause().key(Key::Tab);
    assert_eq!(t.view().screen, ScreenKind::Verdict);
    for _ in 0..50 {
        t.later(0.04).send(Input::Key(KeyPress::repeated(Key::Tab)));
    }
    assert_eq!(t.view().screen, ScreenKind::Verdict);
}

// 6. What the screen shows is what the slip records.

#[test]
fn a_second_opinion_shows_its_slips_table_round_and_the_lexicon_that_judges_it() {
    let mut s = settings();
    s.screen.ask_table = true;
    s.division = Some("main".into());
    let mut t = Test::new(s, vec![slot("main", &["QI", "ZA"]), slot("other", &["QI"])]);
    t.typed("5\n2qi qa\n").judge().later(2.0).key(Key::Space);
    // The next pair types its table, then asks for a second opinion on slip 1 (table 5).
    t.typed("9\n");
    assert!(t.view().event_line.contains("TABLE 9"));
    t.key(Key::SecondOpinion).typed("1\n");
    let v = t.view();
    assert!(v.event_line.contains("TABLE 5"), "{}", v.event_line);
    assert!(v.header.starts_with("second opinions: NWL"), "{}", v.header);
    t.typed("2qi qa\n").judge();
    let v = t.view();
    assert!(v.event_line.contains("TABLE 5"), "{}", v.event_line);
    assert!(v.header.starts_with("second opinions: NWL"), "{}", v.header);
    let slip = t.slips()[1].clone();
    assert_eq!(slip.table, Some(5));
    assert_eq!(slip.lexicons[0].code, "NWL");
}

#[test]
fn verdicts_differ_names_the_lexicon_of_the_second_opinion() {
    let mut t = Test::one();
    t.typed("1ok\n").judge();
    assert!(t.view().header.starts_with("OWL"), "{}", t.view().header);
    t.key(Key::SecondOpinion).typed("1ok\n").judge();
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::VerdictsDiffer);
    assert!(v.header.starts_with("second opinions: NWL"), "{}", v.header);
}

// 7. SECOND OPINION works or says why, everywhere.

#[test]
fn second_opinion_works_on_the_table_prompt_of_a_pinned_station() {
    let mut s = settings();
    s.screen.ask_table = true;
    s.division = Some("main".into());
    let mut t = Test::new(s, vec![slot("main", &["QI"]), slot("other", &["QI"])]);
    t.typed("4\n1qi\n").judge().later(2.0).key(Key::Space);
    assert_eq!(t.view().screen, ScreenKind::Table);
    assert!(t.view().second_opinion_ready);
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::SlipNumber);
    t.typed("1\n");
    t.assert_second_opinion_asked_for(1);
}

#[test]
fn second_opinion_says_why_where_it_cannot_act() {
    let mut t = Test::one();
    t.typed("2qi");
    assert!(!t.view().second_opinion_ready, "drawn so");
    t.key(Key::SecondOpinion);
    assert_eq!(
        t.view().hint,
        "SECOND OPINION: clear the words first (Esc), then press it again"
    );
    assert_eq!(t.view().current, "QI", "nothing lost");
    t.key(Key::Escape).key(Key::Escape);
    assert!(t.view().second_opinion_ready);
    // SLIP NOT RECORDED.
    let dir = tempfile::tempdir().unwrap();
    let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(dir.path().join("x/s.jsonl"))));
    let mut station = Station::new(settings(), vec![slot("main", &["QI"])], adjudicator);
    for c in "1qi\n".chars() {
        station.handle(Input::Key(KeyPress::plain(Key::for_char(c))), 0.0);
    }
    station.handle(Input::Key(KeyPress::plain(Key::Tab)), 1.0);
    assert!(!station.view(1.0).second_opinion_ready);
    station.handle(Input::SecondOpinion, 1.5);
    let v = station.view(1.5);
    assert_eq!(v.screen, ScreenKind::Verdict, "the verdict stays");
    assert!(
        v.hint.contains("this verdict's slip was not recorded"),
        "{}",
        v.hint
    );
    // VERDICTS DIFFER.
    let mut t = Test::one();
    t.typed("1ok\n")
        .judge()
        .key(Key::SecondOpinion)
        .typed("1ok\n")
        .judge();
    assert!(!t.view().second_opinion_ready);
    t.key(Key::SecondOpinion);
    assert!(
        t.view().hint.contains("the director rules"),
        "{}",
        t.view().hint
    );
}

// 9. An unrecorded verdict is not lost.

#[test]
fn an_unrecorded_verdict_goes_to_the_diagnostic_log_and_the_director_never_to_the_players() {
    let dir = tempfile::tempdir().unwrap();
    let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(dir.path().join("x/s.jsonl"))));
    let mut s = settings();
    s.screen.ask_table = true;
    let mut station = Station::new(s, vec![slot("main", &["QI"])], adjudicator);
    for c in "9\n2qi qx\n".chars() {
        station.handle(Input::Key(KeyPress::plain(Key::for_char(c))), 0.0);
    }
    station.handle(Input::Key(KeyPress::plain(Key::Tab)), 1.0);
    let v = station.view(1.0);
    assert_eq!(v.slip_line, "SLIP NOT RECORDED");
    let line = station
        .take_audit()
        .into_iter()
        .find(|l| l.starts_with("SLIP NOT RECORDED"))
        .expect("an audit line");
    for part in [
        "UNACCEPTABLE",
        "division main",
        "table 9",
        "QI QX",
        "challenge",
    ] {
        assert!(line.contains(part), "{part}: {line}");
    }
    // Not on the players' screens: the banner names no word.
    assert!(
        !v.banner.contains("QX") && !v.detail.contains("QX"),
        "{v:?}"
    );
    // On the director's, until the alert is acknowledged.
    station.handle(Input::DirectorChord, 2.0);
    for c in format!("{PIN}\n").chars() {
        station.handle(Input::Key(KeyPress::plain(Key::for_char(c))), 2.0);
    }
    let lines = station.view(2.0).director_lines;
    assert!(
        lines.iter().any(|l| l.starts_with("SLIP NOT RECORDED")
            && l.contains("QI QX")
            && l.contains("table 9")
            && l.contains("UNACCEPTABLE")),
        "{lines:?}"
    );
    station.handle(Input::Director(DirectorAction::AcknowledgeAlert), 3.0);
    assert!(!station
        .view(3.0)
        .director_lines
        .iter()
        .any(|l| l.starts_with("SLIP NOT RECORDED")));
}

// 11. The lock-out survives a restart.

// 12. The smaller items.

#[test]
fn esc_on_an_empty_second_opinion_entry_goes_back_to_its_count() {
    let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), slot("csw", &["QI"])]);
    t.typed("11qi\n").judge().key(Key::SecondOpinion);
    t.assert_second_opinion_asked_for(1);
    t.typed("1");
    assert_eq!(t.view().screen, ScreenKind::Entry);
    t.key(Key::Escape);
    t.assert_second_opinion_asked_for(1);
    t.key(Key::Escape);
    assert_eq!(
        t.view().screen,
        ScreenKind::ChooseDivision,
        "then the start"
    );
}

#[test]
fn a_character_that_is_no_letter_inside_a_word_is_refused_and_said_until_the_word_ends() {
    let mut t = Test::one();
    t.typed("1extra4word");
    let v = t.view();
    assert_eq!(v.current, "EXTRAWORD");
    assert_eq!(
        v.hint,
        "'4' is not a letter and was not typed: letters only (Backspace to correct)"
    );
    t.key(Key::Backspace);
    assert_eq!(t.view().hint, "", "the word is being corrected");
    t.typed("x-y");
    assert!(t.view().hint.starts_with("'-' is not a letter"));
    t.typed(" ");
    assert_eq!(t.view().hint, "");
}

#[test]
fn a_directors_judgement_counts_for_the_guard_only_when_it_names_the_table() {
    let play = |table: Option<u32>, ask_table: bool| {
        let mut t = hall(ask_table);
        // The director judged CAT BUBKESES from the command line (`wordjudge judge`).
        let d = slot("main", &["QI"]).state.unwrap();
        let mut cli = Adjudicator::new("s1", Some(SlipLog::new(&t.log)));
        let words = wordjudge_lexicon::judge::Challenge::parse(&["CAT", "BUBKESES"], 8).unwrap();
        cli.adjudicate_at(&d, &words, SlipKind::Director, table);
        t.typed(if ask_table {
            "7\n1bubkeses\n"
        } else {
            "1bubkeses\n"
        });
        t.view().hint
    };
    assert_eq!(
        play(None, false),
        "",
        "no pair at the station saw it: judged"
    );
    assert_eq!(
        play(Some(7), false),
        "",
        "tables not asked: no game to tie it to"
    );
    assert!(
        play(Some(7), true).contains("part of slip 1"),
        "table 7's game"
    );
    // Issue 37: whatever table the pair types (the players' word, not the guard's).
    assert!(
        play(Some(8), true).contains("part of slip 1"),
        "another table's number"
    );
}
