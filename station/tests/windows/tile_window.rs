//! Words of an alphabet other than English in the station's real window (Slint's testing
//! backend): a Polish word typed on the on-screen tile keyboard alone and judged, a word not in
//! the lexicon refused, a Catalan L·L typed as `L.L` on the keyboard shown as one tile. Each
//! screen is saved as a PNG under target/tmp/screenshots/ for people to look at, and its layout
//! checked: the words, the tile keyboard and the buttons inside 1024×600 without overlapping.

use crate::window;

use i_slint_backend_testing::ElementHandle;
use slint::{ComponentHandle, Model};

use window::Ui;
use wordjudge::lexicon::alphabet;
use wordjudge::lexicon::word::Word;
use wordjudge_station::UiScreen;

const POLISH: [&str; 4] = ["ŻÓŁW", "ŻABA", "MIĘSO", "ŁÓDŹ"];
const CATALAN: [&str; 3] = ["COL·LEGI", "MUNTANYA", "QUE"];

fn start(alphabet: &str, words: &[&str]) -> Ui {
    start_with(alphabet, words, "")
}

fn start_with(alphabet: &str, words: &[&str], screen: &str) -> Ui {
    let ui = Ui::start_with(|d| window::tile_station(d, alphabet, words, screen));
    at_size(&ui, 1024, 600);
    ui
}

fn at_size(ui: &Ui, width: u32, height: u32) {
    ui.window
        .window()
        .set_size(slint::PhysicalSize::new(width, height));
}

/// The tiles of each line of the words area.
fn line_tiles(ui: &Ui) -> Vec<Vec<String>> {
    ui.api()
        .get_words()
        .iter()
        .map(|l| window::strings(l.tiles))
        .collect()
}

/// Touches the tile key `label` of the on-screen keyboard.
fn touch_tile(ui: &Ui, label: &str) {
    ui.press(label);
}

/// Top and bottom of an element, in window coordinates.
fn span(e: &ElementHandle) -> (f32, f32) {
    let top = e.absolute_position().y;
    (top, top + e.size().height)
}

/// The words, the tile keyboard and the buttons are in that order from the top, none over the
/// next, and all inside the window.
fn assert_entry_layout(ui: &Ui, first_word: &str, first_key: &str, last_key: &str) {
    let height = ui.window.window().size().height as f32;
    let (_, word_bottom) = span(&ui.element(first_word));
    let (keys_top, _) = span(&ui.element(first_key));
    let (_, keys_bottom) = span(&ui.element(last_key));
    let (done_top, done_bottom) = span(&ui.element("DONE (Enter)"));
    let (judge_top, judge_bottom) = span(&ui.element("JUDGE"));
    assert!(
        word_bottom <= keys_top,
        "words end at {word_bottom}, keys start at {keys_top}"
    );
    assert!(
        keys_bottom <= done_top.min(judge_top),
        "keys end at {keys_bottom}, buttons start at {done_top}"
    );
    assert!(
        done_bottom.max(judge_bottom) <= height,
        "buttons end at {done_bottom}, the window at {height}"
    );
    for key in ["Backspace", "next word"] {
        let (top, bottom) = span(&ui.element(key));
        assert!(
            top >= keys_bottom && bottom <= height,
            "{key}: {top}..{bottom}"
        );
    }
}

/// Handed over: no tile keyboard (it cannot act); the words' tiles are drawn whole, none over
/// another or over the buttons (the fit check's text rules), and the buttons inside the window.
fn assert_handed_over_layout(ui: &Ui) {
    assert_eq!(
        ElementHandle::find_by_accessible_label(&ui.window, "A").count(),
        0,
        "the tile keyboard is gone"
    );
    let problems: Vec<String> = window::fit::check(ui.window.window())
        .into_iter()
        .flat_map(|t| {
            t.problems
                .into_iter()
                .map(move |p| format!("{:?}: {p}", t.text))
        })
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
    let height = ui.window.window().size().height as f32;
    let (_, judge_bottom) = span(&ui.element("JUDGE"));
    assert!(judge_bottom <= height, "JUDGE ends at {judge_bottom}");
}

#[test]
fn a_polish_word_typed_on_the_tile_keyboard_alone_is_judged() {
    let ui = start("polish", &POLISH);
    assert_eq!(ui.screen(), UiScreen::Count);
    ui.press("1");
    assert_eq!(ui.screen(), UiScreen::Entry);
    let keys = window::strings(ui.api().get_tile_keys());
    assert_eq!(
        keys.len(),
        32,
        "every tile of the Polish alphabet: {keys:?}"
    );
    assert_eq!(keys[0], "A");
    assert!(keys.contains(&"Ż".to_owned()));

    // Ż by the callback itself (the index into tile-keys), Ó Ł W by touching their keys.
    let index = keys.iter().position(|k| k == "Ż").unwrap();
    ui.api().invoke_tile(index as i32);
    for label in ["Ó", "Ł", "W"] {
        touch_tile(&ui, label);
    }
    assert_eq!(ui.api().get_hint(), "");
    assert_eq!(line_tiles(&ui), [["Ż", "Ó", "Ł", "W"]]);
    let line = ui.api().get_words().row_data(0).unwrap();
    assert!(line.typing && line.pending.is_empty());
    assert_eq!(ui.words(), ["ŻÓŁW"]);
    let shot = window::screenshot(&ui, "tiles-entry-polish");
    assert_entry_layout(&ui, "word 1: ŻÓŁW", "A", "Ż");
    // 32 keys in two rows of 16, each a large touch target.
    let key = ui.element("Ą").size();
    assert!(key.width >= 56.0 && key.height >= 56.0, "a key of {key:?}");

    ui.press("DONE (Enter)");
    ui.wait(window::HANDOVER + 0.1);
    assert!(ui.api().get_ready());
    ui.press("JUDGE");
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert!(ui.api().get_acceptable());
    assert_eq!(ui.api().get_title(), "✓ ACCEPTABLE");
    assert_eq!(
        line_tiles(&ui),
        [["Ż", "Ó", "Ł", "W"]],
        "the verdict's words"
    );
    let verdict = window::screenshot(&ui, "tiles-verdict-polish");
    assert_eq!(ui.slips()[0].words, ["ŻÓŁW"]);

    // The next pair: two words, the second not in the lexicon; Backspace and the end of a word
    // on the keyboard too.
    ui.wait(10.1);
    assert_eq!(ui.screen(), UiScreen::Count);
    ui.press("2");
    for label in ["Ż", "A", "B", "A"] {
        touch_tile(&ui, label);
    }
    ui.press("next word");
    for label in ["Ł", "A", "W", "A"] {
        touch_tile(&ui, label);
    }
    ui.press("Backspace");
    assert_eq!(
        line_tiles(&ui),
        [vec!["Ż", "A", "B", "A"], vec!["Ł", "A", "W"]]
    );
    ui.press("DONE (Enter)");
    ui.wait(window::HANDOVER + 0.1);
    ui.press("JUDGE");
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert!(!ui.api().get_acceptable());
    assert_eq!(ui.api().get_title(), "✗ UNACCEPTABLE");
    let refused = window::screenshot(&ui, "tiles-verdict-polish-unacceptable");
    assert_eq!(ui.slips()[1].words, ["ŻABA", "ŁAW"]);
    eprintln!(
        "screenshots: {} {} {}",
        shot.display(),
        verdict.display(),
        refused.display()
    );
}

#[test]
fn a_catalan_l_l_typed_as_l_dot_l_is_one_tile() {
    let ui = start("catalan", &CATALAN);
    ui.typed("1");
    assert_eq!(ui.screen(), UiScreen::Entry);
    ui.typed("COL.");
    let line = ui.api().get_words().row_data(0).unwrap();
    assert_eq!(line_tiles(&ui), [["C", "O"]]);
    assert!(!line.pending.is_empty(), "the unfinished L·L is shown");
    let pending = window::screenshot(&ui, "tiles-entry-catalan-pending");
    ui.typed("LEGI");
    assert_eq!(ui.api().get_hint(), "");
    assert_eq!(line_tiles(&ui), [["C", "O", "L·L", "E", "G", "I"]]);
    assert!(ui.api().get_words().row_data(0).unwrap().pending.is_empty());
    let shot = window::screenshot(&ui, "tiles-entry-catalan");
    // The typing line reads as it was typed (COL.LEGI) until the word is finished.
    assert_entry_layout(&ui, &format!("word 1: {}", ui.words()[0]), "A", "Z");
    ui.typed("\n").judge();
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert!(ui.api().get_acceptable());
    let verdict = window::screenshot(&ui, "tiles-verdict-catalan");
    eprintln!(
        "screenshots: {} {} {}",
        pending.display(),
        shot.display(),
        verdict.display()
    );
}

#[test]
fn eight_long_words_of_tiles_fit_the_entry_and_verdict_screens() {
    // The longest challenge there can be, in Catalan: eight words of fifteen tiles, L·L among
    // them.
    let a = alphabet::by_name("catalan").unwrap();
    let fifteen = Word::parse_in(a, "COL·LEGIQUNYÇABCDEF").unwrap();
    assert_eq!(fifteen.len(), 15, "{}", fifteen.text());
    let word = fifteen.text();
    // The table asked first: the event line is one more line of the header.
    let ui = start_with("catalan", &[word.as_str(), "QUE"], "ask_table = true");
    ui.typed("12\n");
    assert!(ui.api().get_event_line().contains("TABLE 12"));
    ui.typed("8");
    for _ in 0..8 {
        ui.typed(&format!("{word} "));
    }
    assert_eq!(ui.api().get_hint(), "");
    assert_eq!(line_tiles(&ui).len(), 8);
    assert!(line_tiles(&ui).iter().all(|t| t.len() == 15));
    let entry = window::screenshot(&ui, "tiles-entry-catalan-longest");
    assert_entry_layout(&ui, &format!("word 8: {word}"), "A", "Z");
    // Handed over: the longer title, and a hint after a key that does not judge.
    ui.typed("\n");
    ui.wait(window::HANDOVER + 0.1);
    ui.typed("A");
    assert!(ui.api().get_ready());
    assert_ne!(ui.api().get_hint(), "");
    let handed_over = window::screenshot(&ui, "tiles-entry-catalan-longest-handed-over");
    assert_handed_over_layout(&ui);
    ui.typed("\t");
    assert_eq!(ui.screen(), UiScreen::Verdict);
    let verdict = window::screenshot(&ui, "tiles-verdict-catalan-longest");
    // The tightest entry screen there is: a second opinion (a two-line detail) refused with the
    // longest hint, under the event line and the challenged player's title.
    ui.press("SECOND OPINION (F2)");
    ui.typed("8");
    for _ in 0..7 {
        ui.typed(&format!("{word} "));
    }
    ui.typed("QUE\n").judge();
    assert!(
        ui.api()
            .get_hint()
            .starts_with("these are not the words of slip 1"),
        "{}",
        ui.api().get_hint()
    );
    let refused = window::screenshot(&ui, "tiles-entry-catalan-longest-refused");
    // Refused: the words are the challenger's again, and so is the tile keyboard.
    assert_entry_layout(&ui, "word 8: QUE", "A", "Z");
    eprintln!(
        "screenshots: {} {} {} {}",
        entry.display(),
        handed_over.display(),
        verdict.display(),
        refused.display()
    );
}

#[test]
fn the_tile_keyboard_scales_with_a_large_screen() {
    let ui = start("polish", &POLISH);
    at_size(&ui, 1920, 1080);
    ui.press("2");
    for label in ["Ż", "Ó", "Ł", "W"] {
        touch_tile(&ui, label);
    }
    ui.press("next word");
    touch_tile(&ui, "M");
    assert_eq!(line_tiles(&ui), [vec!["Ż", "Ó", "Ł", "W"], vec!["M"]]);
    let entry = window::screenshot(&ui, "tiles-entry-polish");
    assert_entry_layout(&ui, "word 1: ŻÓŁW", "A", "Ż");
    let key = ui.element("Ą").size();
    assert!(
        key.width >= 56.0 * 1.8 && key.height >= 56.0 * 1.8,
        "a key of {key:?} on 1920x1080"
    );
    eprintln!("screenshot: {}", entry.display());
}
