//! Typing tiles of another alphabet at the station: digraph tiles by keys and by the on-screen
//! tile keyboard, Backspace by tile, refused keys, and a second pair in another alphabet.

use super::*;
use wordjudge_lexicon::alphabet::{self, Alphabet};
use wordjudge_lexicon::judge::testing::lexicon_in;

fn slot_in(alphabet: &Alphabet, name: &str, words: &[&str]) -> DivisionSlot {
    let division = Division::new(name, Rules::new(lexicon_in(alphabet, "LEX", words), vec![]));
    DivisionSlot {
        language: wordjudge_lang::Language::En,
        name: name.into(),
        label: format!("{name} division"),
        second_header: String::new(),
        header: "LEX · Test list".into(),
        state: Ok(division),
    }
}

fn catalan() -> &'static Alphabet {
    alphabet::by_name("catalan").unwrap()
}

fn spanish() -> &'static Alphabet {
    alphabet::by_name("spanish").unwrap()
}

/// A station that goes straight to the entry (no count), as `count_first = false`.
fn station(slots: Vec<DivisionSlot>) -> Test {
    let mut settings = settings();
    settings.screen.count_first = false;
    Test::new(settings, slots)
}

fn tile_index(a: &Alphabet, label: &str) -> usize {
    a.tiles().iter().position(|t| t.label == label).unwrap()
}

#[test]
fn catalan_l_l_typed_from_the_keyboard_is_one_tile_on_screen_and_on_the_slip() {
    // With the count first, as a default station asks.
    let mut t = Test::new(
        settings(),
        vec![slot_in(catalan(), "ca", &["COL·LEGI", "ANY"])],
    );
    t.typed("2").typed("col.");
    let v = t.view();
    assert_eq!(
        (v.current_tiles.clone(), v.current_pending.as_str()),
        (vec!["C".into(), "O".into()], "L.")
    );
    t.typed("legi");
    let v = t.view();
    assert_eq!(v.current_tiles, ["C", "O", "L·L", "E", "G", "I"]);
    assert_eq!(v.tile_keys.len(), 26);
    assert!(v.tile_keys.contains(&"NY".to_string()));
    t.typed(" any\n");
    assert_eq!(
        t.view().word_tiles,
        [vec!["C", "O", "L·L", "E", "G", "I"], vec!["A", "NY"]]
    );
    t.pause().send(Input::JudgeButton);
    let v = t.view();
    assert_eq!(v.verdict, Some(Verdict::Acceptable));
    assert_eq!(v.word_tiles[0], ["C", "O", "L·L", "E", "G", "I"]);
    assert_eq!(t.slips()[0].words, ["COL·LEGI", "ANY"]);
}

#[test]
fn a_spanish_ch_by_keys_is_the_tile_and_c_then_h_on_the_tile_keyboard_is_not() {
    let es = spanish();
    let mut t = station(vec![slot_in(es, "es", &["CHICO"])]);
    t.typed("chico");
    assert_eq!(t.view().current_tiles, ["CH", "I", "C", "O"]);
    t.typed("\n").pause().send(Input::JudgeButton);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));

    // The next pair: C and H touched as two tiles.
    t.later(2.0).key(Key::Escape);
    for label in ["C", "H", "I", "C", "O"] {
        t.send(Input::Tile(tile_index(es, label)));
    }
    assert_eq!(t.view().current_tiles, ["C", "H", "I", "C", "O"]);
    t.typed("\n").pause().send(Input::JudgeButton);
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    // And from the keyboard, with the break.
    t.later(2.0).key(Key::Escape);
    t.typed("c-hico");
    assert_eq!(t.view().current_tiles.len(), 5);
    let words: Vec<String> = t.slips().iter().map(|s| s.words.join(" ")).collect();
    assert_eq!(words, ["CHICO", "C-HICO"]);
}

#[test]
fn backspace_takes_a_whole_tile_and_unfinished_tiles_wait() {
    let mut t = station(vec![slot_in(catalan(), "ca", &["COL·LEGI"])]);
    t.typed("col·l");
    assert_eq!(t.view().current_tiles, ["C", "O", "L·L"]);
    t.key(Key::Backspace);
    assert_eq!(
        (
            t.view().current_tiles.len(),
            t.view().current_pending.clone()
        ),
        (2, String::new())
    );
    t.typed("l·");
    assert_eq!(t.view().current_pending, "L·");
    // Backspace in an unfinished tile takes its last character: L alone is the tile L.
    t.key(Key::Backspace);
    assert_eq!(t.view().current_tiles, ["C", "O", "L"]);
    assert_eq!(t.view().current_pending, "");
    // A word cannot end inside a tile.
    t.typed("·\n");
    assert_eq!(
        t.view().hint,
        "L· is the start of a tile: finish it, or Backspace"
    );
    assert!(!t.view().can_hand_over && !t.view().ready);
    // A key that is no tile is refused, naming the language.
    t.typed("7");
    assert_eq!(
        t.view().hint,
        "not a Catalan tile: type the letters, or touch the tiles below"
    );
    assert_eq!(t.view().current_pending, "L·");
}

#[test]
fn a_word_has_at_most_fifteen_tiles_and_digraphs_count_once() {
    let mut t = station(vec![slot_in(spanish(), "es", &["CHICO"])]);
    t.typed(&"ch".repeat(15));
    assert_eq!(t.view().current_tiles.len(), 15);
    assert_eq!(t.view().hint, "");
    t.typed("a");
    assert_eq!(t.view().current_tiles.len(), 15);
    assert_eq!(t.view().hint, "a word has at most 15 tiles");
    t.send(Input::Tile(0));
    assert_eq!(t.view().current_tiles.len(), 15);
}

#[test]
fn the_next_pair_in_an_english_division_types_letters_as_before() {
    let mut t = station(vec![
        slot_in(catalan(), "ca", &["ANY"]),
        slot("en", &["QI", "ZA"]),
    ]);
    t.send(Input::ChooseDivision(0));
    t.typed("any\n").pause().send(Input::JudgeButton);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    t.later(2.0).key(Key::Escape);
    t.send(Input::ChooseDivision(1));
    t.typed("qi");
    let v = t.view();
    assert!(
        v.tile_keys.is_empty() && v.current_tiles.is_empty(),
        "{v:?}"
    );
    assert_eq!(v.current, "QI");
    // A tile touch meant for the last pair's keyboard does nothing here.
    t.send(Input::Tile(0));
    assert_eq!(t.view().current, "QI");
    t.typed("\n").pause().send(Input::JudgeButton);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
}

#[test]
fn the_director_sees_each_slip_as_tiles() {
    let es = spanish();
    let mut t = station(vec![slot_in(es, "es", &["CHICO"])]);
    t.typed("chico c-hico\n").pause().send(Input::JudgeButton);
    assert_eq!(t.view().verdict, Some(Verdict::Unacceptable));
    t.send(Input::DirectorChord).typed(PIN).key(Key::Enter);
    let lines = t.view().director_lines.join("\n");
    assert!(lines.contains("UNACCEPTABLE — [CH]ICO CHICO"), "{lines}");
    // The slip's detail: which word failed, for the director only, as tiles too.
    t.send(Input::Director(DirectorAction::SlipDetail))
        .typed("1\n")
        .typed(PIN)
        .key(Key::Enter);
    let lines = t.view().director_lines.join("\n");
    assert!(
        lines.contains("[CH]ICO          acceptable (in LEX)"),
        "{lines}"
    );
    assert!(
        lines.contains("CHICO            ✗ NOT acceptable"),
        "{lines}"
    );
}

#[test]
fn an_accent_typed_after_its_letter_joins_it_as_a_compose_key_gives_it() {
    let pl = alphabet::by_name("polish").unwrap();
    let mut t = station(vec![slot_in(pl, "pl", &["ŻÓŁW"])]);
    // Z, then a combining dot above (what a compose sequence or a dead key can send), then the
    // precomposed Ó and Ł.
    t.typed("z\u{307}ółw");
    assert_eq!(t.view().current_tiles, ["Ż", "Ó", "Ł", "W"]);
    t.typed("\n").pause().send(Input::JudgeButton);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    assert_eq!(t.slips()[0].words, ["ŻÓŁW"]);
}

#[test]
fn a_second_opinion_takes_the_same_tiles_by_any_route_and_refuses_other_tiles() {
    // Catalan: COL·LEGI judged, then typed again as COĿLEGI (another route, the same tiles).
    let mut t = Test::new(settings(), vec![slot_in(catalan(), "ca", &["COL·LEGI"])]);
    t.typed("1col.legi\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    t.key(Key::SecondOpinion).typed("1coĿlegi\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    assert_eq!(t.slips()[1].refers_to, Some(1));
    assert_eq!(t.slips()[1].words, ["COL·LEGI"]);

    // Spanish: CHICO judged; C-HICO is other tiles, so not the slip's words.
    let mut t = Test::new(settings(), vec![slot_in(spanish(), "es", &["CHICO"])]);
    t.typed("1chico\n").judge();
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    t.key(Key::SecondOpinion).typed("1c-hico\n").judge();
    assert_eq!(t.view().verdict, None);
    assert!(
        t.view()
            .hint
            .starts_with("these are not the words of slip 1"),
        "{}",
        t.view().hint
    );
    assert_eq!(t.slips().len(), 1);
}

#[test]
fn a_long_s_or_dotless_i_key_is_refused_not_read_as_s_or_i() {
    // Issue 27, item 15: the station reads keys by the alphabet's rules, which upper-case only
    // the alphabet's own letters: ſ is not S, ı is not I.
    let de = alphabet::by_name("german").unwrap();
    let mut t = station(vec![slot_in(de, "de", &["WASSER", "BIER"])]);
    t.typed("waſ");
    assert_eq!(t.view().current_tiles, ["W", "A"]);
    assert_eq!(
        t.view().hint,
        "not a German tile: type the letters, or touch the tiles below"
    );
    t.typed("sser bı");
    assert_eq!(t.view().current_tiles, ["B"]);
    t.typed("ier\n").pause().send(Input::JudgeButton);
    assert_eq!(t.view().verdict, Some(Verdict::Acceptable));
    assert_eq!(t.slips()[0].words, ["WASSER", "BIER"]);
}

/// Issue 39, item 8: once the challenger handed over, the tile keyboard cannot act (the view
/// says so, for it to be drawn so), and a touch on it types nothing and says what does.
#[test]
fn a_tile_touched_after_the_hand_over_types_nothing_and_says_what_does() {
    let a = catalan();
    let mut t = station(vec![slot_in(a, "cat", &["COL·LEGI"])]);
    t.typed("col·legi");
    assert!(!t.view().handed_over, "the challenger types");
    t.typed("\n");
    let before = t.view();
    assert!(before.handed_over, "handed over");
    t.send(Input::Tile(tile_index(a, "A")));
    let after = t.view();
    assert_eq!(after.words, before.words, "nothing typed");
    assert_eq!(after.current, before.current);
    assert_eq!(
        after.hint,
        Hint::PressJudgeButton.text(wordjudge_lang::Language::En)
    );
}
