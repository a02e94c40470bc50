//! Second opinions at the station (SA 13.5, WESPA 3.10.9): on exactly the slip's words, in its
//! division, once, by players of this station within the window; everything else is the
//! director's.

use super::*;
use crate::*;

#[test]
fn during_a_second_opinion_the_count_screen_takes_only_a_count_or_esc() {
    let mut t = Test::one();
    t.typed("1qi\n").judge().key(Key::SecondOpinion);
    t.assert_second_opinion_asked_for(1);
    for key in ["#", "0", "x"] {
        t.typed(key);
        t.assert_second_opinion_asked_for(1);
    }
    t.key(Key::SecondOpinion);
    t.assert_second_opinion_asked_for(1);
    t.typed("1qi\n").judge();
    assert!(
        t.view()
            .detail
            .contains("second opinion on slip 1: the verdicts agree"),
        "{:?}",
        t.view()
    );
    assert_eq!(t.view().slip, Some(2));
}

#[test]
fn second_opinion_that_agrees_shows_a_linked_verdict() {
    let mut t = Test::one();
    t.typed("1qi\n").judge().send(Input::SecondOpinion);
    t.assert_second_opinion_asked_for(1);
    t.typed("1qi\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    let slips = t.slips();
    assert_eq!(slips[1].kind, SlipKind::SecondOpinion);
    assert_eq!(slips[1].refers_to, Some(1));
    assert_eq!(slips[1].lexicons[0].code, "NWL");
}

#[test]
fn second_opinion_that_differs_sends_players_to_director() {
    let mut t = Test::one();
    t.typed("1ok\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    t.at(1.0).send(Input::SecondOpinion).typed("1ok\n").judge();
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::VerdictsDiffer);
    assert_eq!(v.title, "VERDICTS DIFFER — call the director");
    assert_eq!(v.detail, "second opinion on slip 1, recorded as slip 2");
    assert_eq!(v.verdict, None, "no verdict is shown when they differ");
}

#[test]
fn second_opinion_by_slip_number_from_the_start_screen() {
    let mut t = Test::one();
    t.typed("1qi\n").judge().later(2.0).key(Key::Space);
    t.send(Input::SecondOpinion).typed("7\n");
    assert_eq!(t.view().hint, "no slip 7 at this station");
    t.key(Key::Backspace).typed("1\n");
    assert!(t.view().detail.contains("SECOND OPINION for slip 1"));
}

#[test]
fn second_opinion_key_works_from_the_verdict_and_the_start_screen() {
    let mut t = Test::one();
    t.typed("1qi\n").judge().key(Key::SecondOpinion);
    t.assert_second_opinion_asked_for(1);
    t.key(Key::Escape);
    assert_eq!(t.view().screen, ScreenKind::Count);
    t.key(Key::SecondOpinion);
    assert_eq!(
        t.view().screen,
        ScreenKind::SlipNumber,
        "from the start screen: by number"
    );
}

/// SA 13.5: a second opinion judges exactly the words of the slip; fewer would tell the players
/// which word failed (NSA note **, WESPA 3.11.2(a)(viii)).
#[test]
fn a_second_opinion_with_fewer_more_or_other_words_is_refused_without_a_verdict() {
    for retyped in ["1qi\n", "3qi zo za\n", "2qi za\n", "2zo zo\n"] {
        let mut t = Test::new(settings(), vec![slot("main", &["QI"])]);
        t.typed("2qi zo\n").judge();
        assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
        t.key(Key::SecondOpinion);
        t.typed(retyped).judge();
        let v = t.view();
        assert_eq!(
            v.screen,
            ScreenKind::Entry,
            "{retyped:?}: no verdict of any kind"
        );
        assert_eq!(v.verdict, None);
        assert!(
            v.hint
                .starts_with("these are not the words of slip 1: nothing was judged"),
            "{retyped:?}: {}",
            v.hint
        );
        assert!(!v.ready, "back to the challenger");
        assert_eq!(t.slips().len(), 1, "{retyped:?}: nothing recorded");
    }
    // The same words in another order are the slip's words.
    let mut t = Test::one();
    t.typed("2qi qa\n")
        .judge()
        .key(Key::SecondOpinion)
        .typed("2qa qi\n")
        .judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    assert_eq!(t.slips()[1].refers_to, Some(1));
}

/// The station and `wordjudge rejudge` judge a second opinion the same way: in the slip's own
/// division.
#[test]
fn a_second_opinion_on_another_divisions_slip_is_judged_in_that_division() {
    let mut t = Test::new(
        settings(),
        vec![slot("nwl", &["QI"]), slot("csw", &["QI", "ZO"])],
    );
    t.typed("21zo\n").judge().later(2.0).key(Key::Space);
    // The next pair chose NWL, then asks for a second opinion on the CSW pair's slip 1.
    t.typed("1");
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::SlipNumber);
    t.typed("1\n");
    assert_eq!(t.view().division, "csw division", "the slip's division");
    t.typed("1zo\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable), "judged in CSW");
    let slips = t.slips();
    assert_eq!(
        (slips[1].division.as_str(), slips[1].refers_to),
        ("csw", Some(1))
    );
}

#[test]
fn only_recent_challenges_of_this_station_can_be_reopened_by_players() {
    let mut s = settings();
    // Every slip judged before now is "too old": only the verdict just shown can be re-opened.
    s.screen.second_opinion_minutes = 0.0;
    let mut t = Test::new(s, vec![slot("main", &["QI"])]);
    t.typed("1qi\n").judge().key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::Count, "the slip just shown");
    t.key(Key::Escape);
    t.key(Key::SecondOpinion).typed("1\n");
    assert_eq!(t.view().screen, ScreenKind::SlipNumber);
    assert_eq!(
        t.view().hint,
        "slip 1: it was judged more than 0 minutes ago: ask the director for a second opinion"
    );
    // A second opinion's own slip: a third opinion is the director's.
    let mut t = Test::one();
    t.typed("1qi\n")
        .judge()
        .key(Key::SecondOpinion)
        .typed("1qi\n")
        .judge();
    assert!(!t.view().second_opinion_ready, "drawn so");
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::Verdict, "the verdict stays");
    assert!(
        t.view()
            .hint
            .contains("slip 2: it is itself a second opinion, and a third is the director's"),
        "{}",
        t.view().hint
    );
    // Another station's slip in a shared log.
    let mut t = Test::one();
    let mut other = Adjudicator::new("s2", Some(SlipLog::new(&t.log)));
    let d = slot("main", &["QI"]).state.unwrap();
    other.adjudicate(
        &d,
        &wordjudge_lexicon::judge::Challenge::parse(&["QI"], 8).unwrap(),
        SlipKind::Challenge,
    );
    t.key(Key::SecondOpinion).typed("1\n");
    assert!(
        t.view()
            .hint
            .contains("slip 1: it was judged at another station"),
        "{}",
        t.view().hint
    );
}

#[test]
fn a_second_opinion_by_number_finds_a_slip_judged_before_a_restart() {
    let mut t = Test::one();
    t.typed("2qi qa\n").judge().at(1.0).key(Key::Space);
    // The station restarts: nothing in memory, the slip is in the log.
    let adjudicator = Adjudicator::new("s1", Some(SlipLog::new(&t.log)));
    t.station = Station::new(
        settings(),
        vec![slot("main", &["QI", "ZA", "CAT"])],
        adjudicator,
    );
    t.key(Key::SecondOpinion).typed("1\n");
    t.assert_second_opinion_asked_for(1);
    t.typed("2qa qi\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    assert_eq!(t.slips()[1].refers_to, Some(1));
}

#[test]
fn a_second_opinion_on_a_slip_whose_division_is_now_out_of_service_is_refused() {
    let mut t = Test::new(
        settings(),
        vec![slot("nwl", &["QI"]), slot("csw", &["QI", "ZO"])],
    );
    t.typed("21zo\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    t.at(1.0).key(Key::Space);
    // The station restarts with CSW's lexicon failing verification.
    t.station = Station::new(
        settings(),
        vec![slot("nwl", &["QI"]), broken("csw", "CSW")],
        Adjudicator::new("s1", Some(SlipLog::new(&t.log))),
    );
    t.key(Key::SecondOpinion).typed("1\n");
    assert_eq!(t.view().screen, ScreenKind::SlipNumber);
    assert_eq!(
        t.view().hint,
        "slip 1: its division is out of service: ask the director for a second opinion"
    );
    t.typed("1zo\n").judge();
    assert_eq!(t.view().verdict, None);
    assert_eq!(t.slips().len(), 1, "nothing judged");
}

#[test]
fn the_slip_number_takes_up_to_nine_digits_and_nothing_else() {
    let mut t = Test::one();
    t.key(Key::SecondOpinion);
    t.typed("1a2 #3,4\t");
    assert_eq!(t.view().current, "1234", "digits only");
    assert_eq!(
        t.view().hint,
        "no slip 1234 at this station",
        "Tab looks it up"
    );
    t.typed("567890123");
    assert_eq!(t.view().current, "123456789", "at most nine digits");
    t.key(Key::Backspace);
    assert_eq!(t.view().current, "12345678");
    t.key(Key::Escape);
    assert_eq!(t.view().screen, ScreenKind::Count);
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().current, "", "a new slip number");
}

#[test]
fn second_opinion_key_during_a_challenge_asks_for_a_slip_only_before_anything_is_typed() {
    let mut t = Test::one();
    t.typed("2");
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::SlipNumber, "empty entry");
    t.key(Key::Escape).typed("2q");
    t.key(Key::SecondOpinion);
    assert_eq!(
        (t.view().screen, t.view().current.as_str()),
        (ScreenKind::Entry, "Q")
    );
    t.typed("i ");
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::Entry);
    assert_eq!(t.view().words, ["QI"], "the words typed are kept");
    // In a second opinion's own entry, F2 does not start another.
    t.typed("qa\n")
        .judge()
        .at(1.0)
        .key(Key::SecondOpinion)
        .typed("2");
    assert_eq!(t.view().screen, ScreenKind::Entry);
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::Entry);
    assert!(
        t.view().detail.contains("SECOND OPINION for slip 1"),
        "{:?}",
        t.view()
    );
    // Without a count step, the entry is the start screen.
    let mut s = settings();
    s.screen.count_first = false;
    let mut t = Test::new(s, vec![slot("main", &["QI"])]);
    t.key(Key::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::SlipNumber);
}

#[test]
fn with_the_log_unreadable_the_director_lists_and_players_reopen_the_slips_in_memory() {
    let mut t = Test::one();
    for play in ["1qi\n", "1qa\n", "2za cat\n"] {
        t.typed(play).judge().later(2.0).key(Key::Space);
    }
    assert_eq!(t.slips().len(), 3);
    // The log becomes unreadable (a folder in its place).
    std::fs::rename(&t.log, t.log.with_extension("moved")).unwrap();
    std::fs::create_dir(&t.log).unwrap();
    t.send(Input::DirectorChord).typed(&format!("{PIN}\n"));
    let lines = t.view().director_lines;
    for n in 1..=3 {
        assert!(
            lines.iter().any(|l| l.starts_with(&format!("#{n} "))),
            "slip {n}: {lines:?}"
        );
    }
    // Back to the players; slip 2 is found without the log.
    t.at(30.0);
    assert_eq!(t.view().screen, ScreenKind::Count);
    t.key(Key::SecondOpinion).typed("2\n");
    t.assert_second_opinion_asked_for(2);
}

/// A re-adjudication is final, or, if it differs, the director rules: a third opinion is the
/// director's (SA 13.5, WESPA 3.10.9).
#[test]
fn a_slip_gets_one_second_opinion_at_the_station_and_a_third_is_the_directors() {
    let refused = |n, m| {
        format!("slip {n}: its second opinion was given as slip {m}: ask the director for a second opinion")
    };
    // They agreed: asking again by number is refused, from memory and after a restart.
    let mut t = Test::one();
    t.typed("1qi\n")
        .judge()
        .at(1.0)
        .send(Input::SecondOpinion)
        .typed("1qi\n")
        .judge();
    assert_eq!(t.slips().len(), 2);
    t.later(2.0)
        .key(Key::Space)
        .key(Key::SecondOpinion)
        .typed("1\n");
    assert_eq!(t.view().hint, refused(1, 2));
    assert_eq!(t.view().screen, ScreenKind::SlipNumber);
    t.station = Station::new(
        settings(),
        vec![slot("main", &["QI", "ZA", "CAT"])],
        Adjudicator::new("s1", Some(SlipLog::new(&t.log))),
    );
    t.key(Key::SecondOpinion).typed("1\n");
    assert_eq!(t.view().hint, refused(1, 2));
    t.typed("1qi\n").judge();
    assert_eq!(t.slips().len(), 2, "nothing judged");
    // With the log unreadable, the station remembers what it judged.
    let mut t = Test::one();
    t.typed("1qi\n")
        .judge()
        .at(1.0)
        .send(Input::SecondOpinion)
        .typed("1qi\n")
        .judge();
    std::fs::rename(&t.log, t.log.with_extension("moved")).unwrap();
    std::fs::create_dir(&t.log).unwrap();
    t.later(2.0)
        .key(Key::Space)
        .key(Key::SecondOpinion)
        .typed("1\n");
    assert_eq!(t.view().hint, refused(1, 2));
    // They differed: the players are sent to the director, and cannot try again.
    let mut t = Test::one();
    t.typed("1ok\n")
        .judge()
        .at(1.0)
        .send(Input::SecondOpinion)
        .typed("1ok\n")
        .judge();
    assert_eq!(t.view().screen, ScreenKind::VerdictsDiffer);
    t.key(Key::SecondOpinion);
    assert_eq!(
        t.view().screen,
        ScreenKind::VerdictsDiffer,
        "F2 does nothing here"
    );
    t.later(2.0)
        .key(Key::Space)
        .key(Key::SecondOpinion)
        .typed("1\n");
    assert_eq!(t.view().hint, refused(1, 2));
    // Other slips are not affected.
    t.key(Key::Escape)
        .typed("1za\n")
        .judge()
        .later(2.0)
        .key(Key::Space);
    t.key(Key::SecondOpinion).typed("3\n");
    t.assert_second_opinion_asked_for(3);
}

#[test]
fn a_refusal_left_on_the_start_screen_is_wiped_with_the_idle_input() {
    // One division: the count screen; the refusal names the previous pair's slip.
    let mut t = Test::one();
    t.typed("1qi\n")
        .judge()
        .at(1.0)
        .send(Input::SecondOpinion)
        .typed("1qi\n")
        .judge();
    t.later(2.0).key(Key::Space);
    t.key(Key::SecondOpinion).typed("2\n");
    assert_eq!(t.view().screen, ScreenKind::SlipNumber);
    assert!(t.view().hint.starts_with("slip 2: "), "{}", t.view().hint);
    let refused_at = t.now;
    t.at(refused_at + 29.9);
    assert!(!t.view().hint.is_empty(), "kept while the pair may read it");
    t.at(refused_at + 30.0);
    assert_eq!(t.view().screen, ScreenKind::Count);
    assert_eq!(t.view().hint, "", "gone before the next pair");
    // Several divisions: the menu, and a refusal there.
    let mut t = Test::new(settings(), vec![slot("nwl", &["QI"]), broken("csw", "CSW")]);
    t.typed("2");
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    assert!(!t.view().hint.is_empty());
    t.at(30.0);
    assert_eq!(t.view().hint, "");
}
