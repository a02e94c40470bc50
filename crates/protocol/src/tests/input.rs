//! An event's station: the table asked before the count, the round the director sets, the event
//! fingerprint on every screen, the docket printed after the verdict.

use super::*;
use crate::Hint;

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
    // The clearing key pressed twice is nothing; the next pair's table and Enter, typed at once,
    // are theirs.
    t.later(0.2).key(Key::Space);
    assert_eq!(t.view().hint, "");
    t.typed("3\n1za\n").judge();
    assert_eq!(t.slips()[1].table, Some(3));
    // The director's list of slips shows them.
    t.later(2.0).send(Input::DirectorChord);
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
    t.send(Input::DirectorChord);
    for c in format!("{PIN}\n").chars() {
        t.key(Key::for_char(c));
    }
    t.key(Key::Char('n')).typed("5\n");
    t.key(Key::Escape);
    t.typed("7\n2qi ok\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    // From the verdict: no table asked, the words again.
    t.send(Input::SecondOpinion);
    t.assert_second_opinion_asked_for(1);
    t.typed("2ok qi\n").judge();
    let slips = t.slips();
    assert_eq!(slips[1].refers_to, Some(1));
    assert_eq!((slips[1].table, slips[1].round), (Some(7), Some(5)));
}

#[test]
fn the_last_slips_anchor_is_on_the_directors_screen() {
    let mut t = Test::one();
    t.typed("1qi\n").judge();
    let seal = t.slips()[0].seal.clone();
    t.at(1.0).send(Input::DirectorChord);
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

#[test]
fn the_director_opening_from_a_verdict_does_not_carry_the_table_to_the_next_pair() {
    for leave in ["escape", "timeout"] {
        let mut t = asking_table();
        t.typed("12\n1qi\n").judge();
        assert_eq!(t.slips()[0].table, Some(12));
        t.at(1.0).send(Input::DirectorChord);
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
