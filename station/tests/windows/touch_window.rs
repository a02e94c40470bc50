//! Touch alone (issue 39), in the station's real window on Slint's testing backend, every touch a
//! pointer press and release at a point of the screen (what a touch screen delivers), never a key
//! or an accessibility action: a whole challenge, a second opinion and a director's visit; a tap
//! clearing a verdict; the hand-over screen's keys drawn as not acting; the verdict's words in
//! the order typed; keypads of even columns.

use crate::common;
use crate::window;

use slint::ComponentHandle;
use window::{fit, Ui};
use wordjudge::lang::Language;
use wordjudge::protocol::view::Labels;
use wordjudge_station::UiScreen;

/// The words of the Catalan test lexicon: B, D, F and C begin no other word, so each word's
/// first tile can be found on screen by its letter.
const CATALAN: [&str; 4] = ["BA", "DO", "FE", "COL·LEGI"];

/// A station of one Catalan division on the tile keyboard, its screens in `language`.
fn catalan_station(language: Language, screen: &str) -> Ui {
    let ui = Ui::start_with(|d| {
        window::tile_station(d, "catalan", &CATALAN, screen);
        in_language(d, "TILES", language);
    });
    at_size(&ui, 1024, 600);
    ui
}

/// The division judged by `lexicon` speaks `language`.
fn in_language(dir: &std::path::Path, lexicon: &str, language: Language) {
    let config = dir.join("kiosk.toml");
    let text = std::fs::read_to_string(&config).unwrap().replace(
        &format!("primary = \"{lexicon}\""),
        &format!(
            "primary = \"{lexicon}\"\nlanguage = \"{}\"",
            language.code()
        ),
    );
    std::fs::write(&config, text).unwrap();
}

fn at_size(ui: &Ui, width: u32, height: u32) {
    ui.window
        .window()
        .set_size(slint::PhysicalSize::new(width, height));
}

/// The verdict's minimum time (`[screen] verdict_min_seconds`, 2 s by default).
const VERDICT_MIN: f64 = 2.0;

/// Where the text `text` is drawn (its glyphs' box), the one such text on screen.
fn drawn(ui: &Ui, text: &str) -> slint::LogicalPosition {
    let found: Vec<_> = fit::check(ui.window.window())
        .into_iter()
        .filter(|t| t.text == text)
        .collect();
    assert_eq!(found.len(), 1, "texts {text:?} drawn");
    let origin = found[0].ink.0.origin;
    slint::LogicalPosition::new(origin.x, origin.y)
}

/// Touches every tile of `word` on the tile keyboard, then "next word".
fn touch_word(ui: &Ui, tiles: &[&str], labels: &Labels) {
    for t in tiles {
        ui.tap(t);
    }
    ui.tap(&labels.next_word);
}

/// On the count screen: two words, BA and DO, touched on the tile keyboard; DONE; the hand-over
/// pause; JUDGE.
fn touch_ba_do(ui: &Ui, labels: &Labels) {
    ui.tap("2");
    touch_word(ui, &["B", "A"], labels);
    touch_word(ui, &["D", "O"], labels);
    ui.tap(&labels.done);
    ui.wait(window::HANDOVER + 0.1);
    ui.tap(&labels.judge);
}

/// Item 7: three words of tiles on the verdict are in the order of the slip, row by row (word 2
/// beside word 1, word 3 under word 1), as they were typed.
#[test]
fn the_verdicts_words_are_in_the_order_typed() {
    let ui = catalan_station(Language::En, "");
    ui.play("3ba do fe\n\t");
    assert_eq!(ui.screen(), UiScreen::Verdict);
    let (one, two, three) = (drawn(&ui, "B"), drawn(&ui, "D"), drawn(&ui, "F"));
    window::screenshot(&ui, "touch-verdict-order");
    assert!(
        (one.y - two.y).abs() < 1.0 && two.x > one.x,
        "word 2 beside word 1: {one:?} {two:?}"
    );
    assert!(
        three.y > one.y + 1.0 && three.x < two.x,
        "word 3 under them: {one:?} {two:?} {three:?}"
    );
}

/// Item 8: once handed over, the tile keyboard cannot act and is not drawn (the words take its
/// room, item 2), "next word" is drawn (and reported) as not acting; touches type nothing.
#[test]
fn the_hand_over_screen_draws_the_typing_keys_as_not_acting() {
    let ui = catalan_station(Language::En, "");
    let labels = Labels::of(Language::En);
    ui.typed("2ba do");
    assert_eq!(ui.element("A").accessible_enabled(), Some(true));
    assert_eq!(
        ui.element(&labels.next_word).accessible_enabled(),
        Some(true)
    );
    let key = ui.element("A");
    let (at, size) = (key.absolute_position(), key.size());
    ui.typed("\n");
    // The tile keyboard is gone (the words take its room); "next word" stays, not acting.
    assert_eq!(
        i_slint_backend_testing::ElementHandle::find_by_accessible_label(&ui.window, "A").count(),
        0,
        "no tile key once handed over"
    );
    assert_eq!(
        ui.element(&labels.next_word).accessible_enabled(),
        Some(false)
    );
    assert_eq!(
        ui.element(&labels.next_word)
            .accessible_description()
            .as_deref(),
        Some(labels.unavailable.as_str())
    );
    window::screenshot(&ui, "touch-handed-over");
    // A touch where the A key was, and on "next word": nothing typed.
    let words = ui.words();
    ui.tap_at(at.x + size.width / 2.0, at.y + size.height / 2.0);
    ui.tap(&labels.next_word);
    assert_eq!(ui.words(), words, "nothing typed");
    // Backspace gives the words back: the keyboard is there again, acting.
    ui.tap(&labels.backspace);
    assert_eq!(ui.element("A").accessible_enabled(), Some(true));
}

/// Item 8: a tap on a verdict clears it once its minimum time is up, as a key does; before that
/// it stays.
#[test]
fn a_tap_clears_a_verdict_after_its_minimum_time() {
    let ui = Ui::start();
    at_size(&ui, 800, 480);
    ui.play("2qi za\n\t");
    assert_eq!(ui.screen(), UiScreen::Verdict);
    ui.tap_at(20.0, 240.0);
    assert_eq!(ui.screen(), UiScreen::Verdict, "too soon");
    ui.wait(VERDICT_MIN);
    ui.tap_at(20.0, 240.0);
    assert_eq!(ui.screen(), UiScreen::Count, "cleared by the tap");
    assert_eq!(ui.slips().len(), 1);
}

/// Item 9: the keypads' three columns are equally wide, whatever the OK key's label ("D'acord",
/// "Aceptar"), on the table prompt and the slip-number prompt, at 800x480 and 1024x600.
#[test]
fn keypad_columns_are_even() {
    for (width, height) in [(800, 480), (1024, 600)] {
        for language in [Language::Ca, Language::Es] {
            let ui = Ui::start_with(|d| {
                in_language(d, "DEMO", language);
                let config = d.join("kiosk.toml");
                let text = std::fs::read_to_string(&config)
                    .unwrap()
                    .replace("count_first = true", "count_first = true\nask_table = true");
                std::fs::write(&config, text).unwrap();
            });
            at_size(&ui, width, height);
            let labels = Labels::of(language);
            for prompt in [UiScreen::Table, UiScreen::SlipNumber] {
                if prompt == UiScreen::SlipNumber {
                    ui.tap(&labels.second_opinion);
                }
                assert_eq!(ui.screen(), prompt);
                let widths: Vec<f32> = ["1", "2", "3", &labels.backspace, "0", &labels.ok]
                    .iter()
                    .map(|l| ui.element(l).size().width)
                    .collect();
                let (min, max) = widths
                    .iter()
                    .fold((f32::MAX, 0f32), |(a, b), w| (a.min(*w), b.max(*w)));
                assert!(
                    max - min < 1.0,
                    "{language:?} {prompt:?} {width}x{height}: key widths {widths:?}"
                );
            }
        }
    }
}

/// Issue 39: a whole challenge, a second opinion on its slip, and a director's visit, by touch
/// alone on a Catalan tile station at 800x480.
#[test]
fn a_challenge_a_second_opinion_and_a_director_visit_by_touch_alone() {
    let ui = catalan_station(Language::Ca, "");
    at_size(&ui, 800, 480);
    let labels = Labels::of(Language::Ca);
    // The challenge: two words on the tile keyboard, DONE, the pause, JUDGE.
    touch_ba_do(&ui, &labels);
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert!(ui.api().get_acceptable());
    assert_eq!(ui.slips().len(), 1);
    // A tap clears it.
    ui.wait(VERDICT_MIN);
    ui.tap_at(20.0, 240.0);
    assert_eq!(ui.screen(), UiScreen::Count);
    // SECOND OPINION on slip 1, its number on the keypad, its words again.
    ui.tap(&labels.second_opinion);
    assert_eq!(ui.screen(), UiScreen::SlipNumber);
    ui.tap("1");
    ui.tap(&labels.ok);
    assert_eq!(ui.screen(), UiScreen::Count);
    touch_ba_do(&ui, &labels);
    assert_eq!(ui.screen(), UiScreen::Verdict);
    let slips = ui.slips();
    assert_eq!(slips.len(), 2);
    assert_eq!(slips[1].refers_to, Some(1), "a second opinion on slip 1");
    ui.wait(VERDICT_MIN);
    ui.tap_at(20.0, 240.0);
    // The director: the top-right corner held three seconds, the PIN on the keypad, then back
    // to the players with a touch.
    let w = ui.window.window();
    let corner = slint::LogicalPosition::new(790.0, 10.0);
    let left = slint::platform::PointerEventButton::Left;
    w.dispatch_event(slint::platform::WindowEvent::PointerPressed {
        position: corner,
        button: left,
    });
    ui.wait(3.1);
    w.dispatch_event(slint::platform::WindowEvent::PointerReleased {
        position: corner,
        button: left,
    });
    assert_eq!(ui.screen(), UiScreen::Pin);
    // (The PIN prompt and director mode speak the director's language: English here.)
    let director = Labels::of(Language::En);
    for d in common::DEMO_PIN.chars() {
        ui.tap(&d.to_string());
    }
    ui.tap(&director.ok);
    assert_eq!(ui.screen(), UiScreen::Director);
    ui.tap(&Language::En.text("command-back-to-players"));
    assert_eq!(ui.screen(), UiScreen::Count);
}

/// An English division on a touch screen with no keyboard (`[screen] touch_keyboard`): a
/// challenge typed on the screen's keys A to Z, handed over and judged, by touch alone, at
/// 800x480 and at the largest text scale. (Without the setting an English entry screen has no
/// keys to touch: `protocol::tests::screens`.)
#[test]
fn an_english_challenge_is_typed_and_judged_by_touch_alone_with_touch_keyboard() {
    let ui = Ui::start_with(|d| {
        let config = d.join("kiosk.toml");
        let text = std::fs::read_to_string(&config).unwrap().replace(
            "count_first = true",
            "count_first = true\ntouch_keyboard = true\ntext_scale = 1.25",
        );
        std::fs::write(&config, text).unwrap();
    });
    at_size(&ui, 800, 480);
    let labels = Labels::of(Language::En);
    ui.tap("2");
    touch_word(&ui, &["Q", "I"], &labels);
    for t in ["Z", "A"] {
        ui.tap(t);
    }
    assert_eq!(ui.words(), ["QI", "ZA"]);
    ui.tap(&labels.done);
    window::screenshot(&ui, "touch-english-handed-over");
    ui.wait(window::HANDOVER + 0.1);
    ui.tap(&labels.judge);
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert!(ui.api().get_acceptable());
    let slips = ui.slips();
    assert_eq!(slips.len(), 1);
    assert_eq!(slips[0].words, ["QI", "ZA"]);
}

/// Issue 50, item 4: a pair without a keyboard goes back by touch — from the count to the menu
/// (a wrong division), from an empty entry to the count (a wrong count), and from the
/// handed-over words to the challenger (⌫) — instead of waiting for the idle wipe.
#[test]
fn a_touch_only_pair_goes_back_from_the_count_the_entry_and_the_handed_over_words() {
    let ui = Ui::start_with(|d| {
        window::tile_station(d, "catalan", &CATALAN, "");
        let config = d.join("kiosk.toml");
        let mut text = std::fs::read_to_string(&config).unwrap();
        text.push_str("\n[divisions.second]\ntitle = \"Second\"\nprimary = \"TILES\"\n");
        std::fs::write(&config, text).unwrap();
    });
    at_size(&ui, 800, 480);
    let labels = Labels::of(Language::En);
    assert_eq!(ui.screen(), UiScreen::ChooseDivision);
    ui.tap("2  Second");
    assert_eq!(ui.screen(), UiScreen::Count);
    window::screenshot(&ui, "touch-count-back");
    ui.tap(&labels.back);
    assert_eq!(
        ui.screen(),
        UiScreen::ChooseDivision,
        "the wrong division undone"
    );
    ui.tap("1  Main");
    ui.tap("3");
    assert_eq!(ui.screen(), UiScreen::Entry);
    window::screenshot(&ui, "touch-entry-back");
    ui.tap(&labels.back);
    assert_eq!(ui.screen(), UiScreen::Count, "the wrong count undone");
    ui.tap("2");
    touch_word(&ui, &["B", "A"], &labels);
    touch_word(&ui, &["D", "O"], &labels);
    ui.tap(&labels.done);
    assert!(ui.api().get_handed_over());
    ui.tap(&labels.backspace);
    assert!(!ui.api().get_handed_over(), "the words given back");
    for _ in 0..6 {
        ui.tap(&labels.backspace);
    }
    assert!(
        ui.words().iter().all(String::is_empty),
        "every tile erased: {:?}",
        ui.words()
    );
    ui.tap(&labels.back);
    ui.tap(&labels.back);
    assert_eq!(
        ui.screen(),
        UiScreen::ChooseDivision,
        "and back to the menu"
    );
}
