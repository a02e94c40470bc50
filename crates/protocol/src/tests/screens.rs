//! What the players' screens say, and in which language (issue 39's play pass): a warning
//! that the screen has outgrown, the lock-out on a menu of several languages, and the second
//! opinion asked for from the division menu.

use super::*;
use crate::view::Labels;
use wordjudge_lang::Language;

/// A station of two divisions speaking `a` and `b`, its director speaking `director`.
fn bilingual(a: Language, b: Language, director: Language) -> Test {
    let mut one = slot("one", &["QI", "ZA", "CAT"]);
    one.language = a;
    let mut two = slot("two", &["QI", "ZA", "CAT"]);
    two.language = b;
    let mut s = settings();
    s.director_language = director;
    Test::new(s, vec![one, two])
}

/// Item 3: "not yet: the challenger hands the station …" after JUDGE in the pause is true only
/// until the pause ends; JUDGE turning green takes it away.
#[test]
fn the_hand_over_pause_warning_goes_when_judge_can_act() {
    let mut t = Test::one();
    t.typed("2qi za\n\t");
    assert!(!t.view().ready);
    assert!(t.view().hint.starts_with("not yet"), "{}", t.view().hint);
    t.pause();
    let v = t.view();
    assert!(v.ready, "the pause is over");
    assert_eq!(v.hint, "", "the warning stayed beside a green JUDGE");
    // And JUDGE then judges.
    t.key(Key::Tab);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

/// Item 4: five wrong PINs with a German director on a menu of two other languages: the
/// lock-out is the director's, said in the director's language; Esc on the menu takes it away.
#[test]
fn the_pin_lock_out_is_said_in_the_directors_language_and_esc_clears_it() {
    let mut t = bilingual(Language::Ca, Language::Pl, Language::De);
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    for _ in 0..PIN_TRIES {
        t.send(Input::DirectorChord).typed("1111\n");
    }
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::ChooseDivision, "back on the menu");
    assert_eq!(v.hint, "zu viele falsche PINs");
    t.key(Key::Escape);
    assert_eq!(t.view().hint, "", "Esc on the menu clears what it said");
}

/// Item 5: SECOND OPINION (F2, or the menu's button) before a division is chosen: the prompt and
/// its refusal in every language the divisions speak, a line each, as the menu's title — never
/// English on a Catalan and Polish station.
#[test]
fn a_second_opinion_from_the_menu_asks_and_refuses_in_the_divisions_languages() {
    let mut t = bilingual(Language::Ca, Language::Pl, Language::En);
    t.send(Input::SecondOpinion);
    let v = t.view();
    assert_eq!(v.screen, ScreenKind::SlipNumber);
    let lines: Vec<&str> = v.title.lines().collect();
    assert_eq!(
        lines,
        [
            Language::Ca.text("slip-number-title"),
            Language::Pl.text("slip-number-title")
        ],
        "{}",
        v.title
    );
    t.typed("77\n");
    let hint = t.view().hint;
    let expected: Vec<String> = [Language::Ca, Language::Pl]
        .iter()
        .map(|&l| Hint::NoSuchSlip(77).text(l))
        .collect();
    assert_eq!(hint.lines().collect::<Vec<_>>(), expected, "{hint}");
    assert!(!hint.contains("no slip"), "English: {hint}");
}

/// Item 6: a German director's slip detail speaks German ("slip 5 · … · division polski ·
/// station-1" was English around the slip's own data).
#[test]
fn a_slips_detail_is_in_the_directors_language() {
    let mut s = settings();
    s.director_language = Language::De;
    let mut t = Test::new(s, vec![slot("main", &["QI", "ZA", "CAT"])]);
    t.typed("2qi qa\n").judge().at(1.0).key(Key::Space);
    t.send(Input::DirectorChord)
        .typed(&format!("{PIN}\n"))
        .typed("d1\n")
        .typed(&format!("{PIN}\n"));
    let heading = t.view().director_lines[0].clone();
    assert!(
        heading.starts_with("Zettel 1 · ") && heading.contains(" · Gruppe main · Station s1 · "),
        "{heading}"
    );
    assert!(
        !heading.contains("slip") && !heading.contains("division"),
        "{heading}"
    );
    // The main page's title is not "Turnierleitung" again beside TURNIERLEITUNG.
    t.key(Key::Escape);
    assert_eq!(t.view().screen, ScreenKind::Director);
    assert_eq!(t.view().title, "", "the DIRECTOR label says it");
}

/// Item 8: a touch station clears a verdict with a tap once it has been up for its minimum
/// time, as a key does; before that, and anywhere else, a tap does nothing.
#[test]
fn a_tap_clears_a_verdict_after_its_minimum_time_and_does_nothing_elsewhere() {
    let mut t = Test::one();
    t.send(Input::Tap);
    assert_eq!(t.view().screen, ScreenKind::Count, "nothing to clear");
    t.typed("2qi za\n").judge();
    assert_eq!(t.view().screen, ScreenKind::Verdict);
    let min = t.station.settings.screen.verdict_min_seconds;
    t.later(min / 2.0).send(Input::Tap);
    assert_eq!(t.view().screen, ScreenKind::Verdict, "too soon: kept");
    t.later(min / 2.0).send(Input::Tap);
    assert_eq!(t.view().screen, ScreenKind::Count, "cleared by the tap");
    assert_eq!(t.slips().len(), 1, "one slip, nothing else judged");
}

/// High contrast, colour blindness, a monochrome screen: the verdict's meaning is never its
/// colour alone. In every language the verdict's headline and what a screen reader hears carry
/// a symbol (✓ or ✗) and a word, different for the two verdicts.
#[test]
fn the_verdict_is_said_by_symbol_and_word_in_every_language_not_by_colour_alone() {
    for language in Language::ALL {
        let mut heard = Vec::new();
        for (words, verdict, symbol) in [
            ("2qi za\n", Verdict::Acceptable, '✓'),
            ("2qi qa\n", Verdict::Unacceptable, '✗'),
        ] {
            let mut main = slot("main", &["QI", "ZA", "CAT"]);
            main.language = language;
            let mut t = Test::new(settings(), vec![main]);
            t.typed(words).judge();
            let v = t.view();
            assert_eq!(v.verdict, Some(verdict));
            let word = v.title.trim_start_matches(symbol).trim();
            assert!(
                v.title.starts_with(symbol) && word.chars().count() >= 4,
                "{language:?}: {:?}",
                v.title
            );
            assert!(v.spoken.contains(&v.title), "{language:?}: {:?}", v.spoken);
            heard.push(word.to_owned());
        }
        assert_ne!(heard[0], heard[1], "{language:?}: two verdicts, two words");
    }
}

/// `[screen] text_scale` is for the players: every players' screen carries it (the menu, the
/// count, the entry, the verdict, a second opinion's prompt), the director's do not (the PIN
/// prompt, director mode, the round), and it is back on the players' screens afterwards.
#[test]
fn the_text_scale_is_on_the_players_screens_and_not_the_directors() {
    let mut s = settings();
    s.screen.text_scale = 1.25;
    let mut t = Test::new(
        s,
        vec![slot("one", &["QI", "ZA"]), slot("two", &["QI", "ZA"])],
    );
    let scale = |t: &Test| (t.view().screen, t.view().text_scale);
    assert_eq!(scale(&t), (ScreenKind::ChooseDivision, 1.25));
    t.send(Input::SecondOpinion);
    assert_eq!(scale(&t), (ScreenKind::SlipNumber, 1.25));
    t.key(Key::Escape);
    t.typed("1");
    assert_eq!(scale(&t), (ScreenKind::Count, 1.25));
    t.typed("2qi za\n");
    assert_eq!(scale(&t), (ScreenKind::Entry, 1.25));
    t.pause();
    t.key(Key::Tab);
    assert_eq!(scale(&t), (ScreenKind::Verdict, 1.25));
    t.send(Input::DirectorChord);
    assert_eq!(scale(&t), (ScreenKind::Pin, 1.0));
    t.typed(&format!("{PIN}\n"));
    assert_eq!(scale(&t), (ScreenKind::Director, 1.0));
    t.key(Key::Escape);
    assert_eq!(
        t.view().text_scale,
        1.25,
        "back to the players: {:?}",
        t.view().screen
    );
}

/// An English division on a touch screen with no keyboard (`[screen] touch_keyboard`): the entry
/// screen has keys A to Z, each typing its letter as the keyboard's key does; once handed over a
/// touch types nothing and says what acts. Without the setting there are no such keys, and a
/// touch of one types nothing.
#[test]
fn an_english_division_can_be_typed_on_the_screen_with_touch_keyboard() {
    let letter = |c: char| Input::Tile(usize::from(c as u8 - b'A'));
    let mut s = settings();
    s.screen.touch_keyboard = true;
    let mut t = Test::new(s, vec![slot("main", &["QI", "ZA"])]);
    t.typed("2");
    let keys: String = t.view().tile_keys.concat();
    assert_eq!(keys, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    t.send(letter('Q')).send(letter('I')).typed(" ");
    t.send(letter('Z')).send(letter('A'));
    assert_eq!(t.view().words, ["QI"]);
    assert_eq!(t.view().current, "ZA");
    assert!(t.view().word_tiles.is_empty(), "English words stay letters");
    t.typed("\n");
    assert!(t.view().handed_over);
    t.send(letter('S'));
    assert_eq!(
        t.view().words,
        ["QI", "ZA"],
        "nothing typed once handed over"
    );
    assert!(
        t.view().hint.starts_with("JUDGE (Tab)"),
        "{}",
        t.view().hint
    );
    t.pause();
    t.key(Key::Tab);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));

    let mut t = Test::one();
    t.typed("2");
    assert!(
        t.view().tile_keys.is_empty(),
        "no keyboard unless asked for"
    );
    t.send(letter('Q'));
    assert_eq!(t.view().current, "", "a touch of no key types nothing");
}

/// The division menu of a Catalan and Polish station: its fixed words (SECOND OPINION, and
/// Cancel on the slip-number prompt it leads to) are in both languages, as its title, never
/// English; a station of one language says them in that language, and so does every screen once
/// a division is chosen.
#[test]
fn the_menus_fixed_words_are_in_the_divisions_languages() {
    let mut t = bilingual(Language::Ca, Language::Pl, Language::En);
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    let words = |t: &Test| Labels::of_several(&t.view().label_languages);
    assert_eq!(t.view().label_languages, [Language::Ca, Language::Pl]);
    assert_eq!(
        words(&t).second_opinion,
        "SEGONA OPINIÓ / DRUGA OPINIA (F2)"
    );
    t.send(Input::SecondOpinion);
    assert_eq!(t.view().screen, ScreenKind::SlipNumber);
    assert_eq!(words(&t).cancel, "Cancel·la / Anuluj (Esc)");
    t.key(Key::Escape);
    t.typed("2");
    assert_eq!(t.view().screen, ScreenKind::Count);
    assert!(t.view().label_languages.is_empty());
    assert_eq!(t.view().language, Language::Pl);
    let t = bilingual(Language::Ca, Language::Ca, Language::En);
    assert_eq!(t.view().screen, ScreenKind::ChooseDivision);
    assert!(t.view().label_languages.is_empty());
    assert_eq!(t.view().language, Language::Ca);
}

/// Issue 50, item 3: divisions in five languages. Before a division is chosen the menu, its
/// prompts and refusals speak the divisions' first three languages (MENU_LANGUAGES), a line each
/// — more lines do not fit an 800x480 screen — and a pair of the fifth reads its own language
/// once it chooses its division.
#[test]
fn the_menu_speaks_the_first_three_languages_and_each_division_its_own() {
    let languages = [
        Language::Ca,
        Language::Pl,
        Language::De,
        Language::Sl,
        Language::Sv,
    ];
    let slots = languages
        .iter()
        .enumerate()
        .map(|(i, &l)| {
            let mut s = slot(&format!("d{i}"), &["QI", "ZA", "CAT"]);
            s.language = l;
            s
        })
        .collect();
    let mut t = Test::new(settings(), slots);
    let v = t.view();
    assert_eq!(wordjudge_config::MENU_LANGUAGES, 3);
    let first_three: Vec<String> = languages[..3]
        .iter()
        .map(|l| l.text("choose-division"))
        .collect();
    assert_eq!(
        v.title.lines().collect::<Vec<_>>(),
        first_three,
        "{}",
        v.title
    );
    assert_eq!(v.label_languages, languages[..3]);
    t.send(Input::SecondOpinion).typed("77\n");
    assert_eq!(t.view().title.lines().count(), 3, "{}", t.view().title);
    assert_eq!(t.view().hint.lines().count(), 3, "{}", t.view().hint);
    t.key(Key::Escape).key(Key::Escape);
    t.send(Input::ChooseDivision(4));
    let v = t.view();
    assert_eq!(v.language, Language::Sv);
    assert_eq!(v.title, Language::Sv.text("count-title"));
    assert!(v.label_languages.is_empty());
}
