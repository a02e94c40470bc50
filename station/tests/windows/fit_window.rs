//! Fit, proven (issue 29): the station's screens rendered with their worst real
//! content at every screen size a station may have, each text checked by `window::fit` — the
//! size Slint's own layout says it needs against the box it got, its clipping parents, the
//! window, and every other text. A clipped, elided, overlapping or off-window text fails.
//!
//! Sizes: 800×480 (the official Raspberry Pi touch display), 1024×600, 1280×800, 1366×768,
//! 1920×1080. Content: eight words of fifteen letters, a 72-character division title (the most
//! `config check` allows), a long lexicon line, a 40-character station id (the most allowed),
//! an 80-character event name and round 999 (the most allowed), table 9999.
//!
//! Every screen is checked in every language the station speaks (the division's and the
//! director's language set to it): German and Polish texts are the long ones.
//!
//! Screens: count, entry and verdict with the longest play, a second opinion, the PIN prompt, a
//! refused re-challenge on the fullest entry screen, the division menu with six and twelve
//! divisions and the prompts it leads to (a second opinion's, its refusal, a PIN lock-out), the table prompt and a challenge at a table,
//! SLIP NOT RECORDED with its banner and the next pair's screen, OUT OF SERVICE, a first boot's
//! station-number prompt and its refusal, the director's
//! screen and its pin, round, slip-detail, exit and About pages, the division menu with three
//! divisions in three languages, VERDICTS DIFFER, and the Polish tile keyboard. Each screen at
//! each size is saved as target/tmp/screenshots/fit-LANG-NAME-WxH.png.

use crate::window;

use std::cell::Cell;

use slint::ComponentHandle;
use window::{fit, Ui};
use wordjudge::lang::Language;
use wordjudge::protocol::view::Labels;

thread_local! {
    /// The language the screens being checked are set to.
    static LANGUAGE: Cell<Language> = const { Cell::new(Language::En) };
    /// The text scale (`[screen] text_scale`) of the stations being checked.
    static SCALE: Cell<f64> = const { Cell::new(1.0) };
}

fn language() -> Language {
    LANGUAGE.with(Cell::get)
}

/// The problems `check` finds with every station at the largest text scale allowed.
fn at_the_largest_text_scale(check: impl Fn() -> Vec<String>) -> Vec<String> {
    SCALE.with(|s| s.set(wordjudge::config::MAX_TEXT_SCALE));
    let all = check();
    SCALE.with(|s| s.set(1.0));
    all
}

/// The station in `dir` at the text scale being checked.
fn scaled(dir: &std::path::Path) {
    let scale = SCALE.with(Cell::get);
    let config = dir.join("kiosk.toml");
    // (A station with no configuration yet, a first boot's, has no text scale.)
    if scale == 1.0 || !config.exists() {
        return;
    }
    let text = std::fs::read_to_string(&config).unwrap();
    let line = format!("text_scale = {scale}\n");
    let text = if text.contains("\n[screen]\n") {
        text.replacen("\n[screen]\n", &format!("\n[screen]\n{line}"), 1)
    } else {
        format!("{text}\n[screen]\n{line}")
    };
    std::fs::write(&config, text).unwrap();
}

/// The sizes checked: every size at the usual text scale. At a larger one, the three that differ
/// in what they leave the text: 800x480 (the smallest pixels: a screen of 1024x614u), 1024x600
/// (exactly 1024x600u) and 1920x1080 (1067x600u at 1.8 pixels to the u; 1280x800 and 1366x768
/// are a screen of 1024x625u and 1067x600u too, no tighter).
fn sizes() -> &'static [(u32, u32)] {
    if SCALE.with(Cell::get) == 1.0 {
        &SIZES
    } else {
        &[(800, 480), (1024, 600), (1920, 1080)]
    }
}

/// "fit-LANG-NAME" (at a larger text scale "fit-LANG-xSCALE-NAME"): a screenshot's name.
fn shot(name: &str) -> String {
    let code = language().code();
    match SCALE.with(Cell::get) {
        1.0 => format!("fit-{code}-{name}"),
        scale => format!("fit-{code}-x{scale}-{name}"),
    }
}

/// Every problem `check` finds, in every language, one after the other.
fn in_every_language(check: impl Fn() -> Vec<String>) -> Vec<String> {
    let mut all = Vec::new();
    for language in Language::ALL {
        LANGUAGE.with(|l| l.set(language));
        all.extend(check());
    }
    all
}

const SIZES: [(u32, u32); 5] = [
    (800, 480),
    (1024, 600),
    (1280, 800),
    (1366, 768),
    (1920, 1080),
];

/// Eight words of fifteen letters: the longest challenge there can be.
const LONGEST: &str =
    "8oxyphenbutazone abcdefghijklmno mmmmmmmmmmmmmmm wwwwwwwwwwwwwww oxyphenbutazone abcdefghijklmno mmmmmmmmmmmmmmm wwwwwwwwwwwwwww";

/// Four words of fifteen letters: the fullest play of one column.
const FOUR_LONGEST: &str = "4oxyphenbutazone abcdefghijklmno mmmmmmmmmmmmmmm wwwwwwwwwwwwwww";

/// The longest lexicon title `lexicon add` and `config check` allow.
const LEXICON_TITLE: &str =
    "Collins Scrabble Words 2024 with the NSA Long List (words of ten to 15 letters).";

/// The demo station with the longest texts of a real event: its division's title, its
/// lexicon's title, a 40-character station id; the division and the director in the language
/// being checked.
fn worst_station(dir: &std::path::Path) {
    let config = dir.join("kiosk.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    let code = language().code();
    let text = text
        .replace(
            "id = \"demo-station\"",
            &format!(
                "id = \"hall-b-north-wing-station-number-0042-x\"\ndirector_language = \"{code}\""
            ),
        )
        .replace(
            "primary = \"DEMO\"",
            &format!("primary = \"DEMO\"\nlanguage = \"{code}\""),
        )
        .replace(
            "title = \"Demonstration (not for tournament play)\"",
            // 72 characters: the longest title `config check` allows (MAX_TITLE).
            "title = \"Division A — International Open (Collins Scrabble Words 2024), Halls 2+3\"",
        )
        .replace(
            "title = \"wordjudge DEMO lexicon (not for tournament play)\"",
            // 80 characters: the longest lexicon title allowed (MAX_LEXICON_TITLE).
            &format!("title = \"{LEXICON_TITLE}\""),
        );
    // The longest event name `config check` allows (80 characters, on dockets) and the highest
    // round: "ROUND 999 · STATION …" on every screen.
    let name = "Open International Championship of the Mediterranean Scrabble Federations 2026 X";
    assert_eq!(name.chars().count(), 80);
    let text = format!(
        "{text}\n[event]\nname = \"{name}\"\nround = {}\n",
        wordjudge::config::MAX_ROUND
    );
    assert_eq!(
        LEXICON_TITLE.chars().count(),
        wordjudge::config::MAX_LEXICON_TITLE
    );
    std::fs::write(&config, text).unwrap();
}

/// Fails with every problem found, one a line.
fn assert_fits(all: &[String]) {
    assert!(
        all.is_empty(),
        "{} problems:\n{}",
        all.len(),
        all.join("\n")
    );
}

fn at_size(ui: &Ui, width: u32, height: u32) {
    ui.window
        .window()
        .set_size(slint::PhysicalSize::new(width, height));
}

/// Every text problem on the screen `keys` lead to, at every size: "screen WxH: text: problem".
fn problems(name: &str, keys: &str, then: impl Fn(&Ui)) -> Vec<String> {
    problems_in(name, worst_station, keys, then)
}

/// The same, on the station `station` prepares.
fn problems_in(
    name: &str,
    station: impl Fn(&std::path::Path),
    keys: &str,
    then: impl Fn(&Ui),
) -> Vec<String> {
    let mut found = Vec::new();
    for &(width, height) in sizes() {
        let ui = Ui::start_with(|dir| {
            station(dir);
            scaled(dir);
        });
        at_size(&ui, width, height);
        ui.play(keys);
        then(&ui);
        // Drawn, so that the layout is the one a player sees; kept for people to look at
        // (target/tmp/screenshots/fit-NAME-WxH.png).
        let code = language().code();
        window::screenshot(&ui, &shot(name));
        for target in fit::small_touch_targets(ui.window.window()) {
            found.push(format!(
                "{code} {name} {width}x{height}: a touch target smaller than a finger: {target}"
            ));
        }
        for text in fit::check(ui.window.window()) {
            for problem in &text.problems {
                found.push(format!(
                    "{code} {name} {width}x{height}: {:?}: {problem}",
                    text.text
                ));
            }
        }
    }
    found
}

#[test]
fn every_player_screen_fits_every_size_with_its_longest_content() {
    let all = in_every_language(player_screens);
    assert_fits(&all);
}

fn player_screens() -> Vec<String> {
    let judged = format!("{LONGEST}\n\t");
    let mut all = Vec::new();
    all.extend(problems("count", "", |_| {}));
    all.extend(problems("entry-longest", LONGEST, |_| {}));
    // The most words one column holds, each of fifteen letters: at a larger text scale these
    // words are drawn larger, the longest play's are not.
    all.extend(problems("entry-four", FOUR_LONGEST, |_| {}));
    all.extend(problems(
        "handed-over-four",
        &format!("{FOUR_LONGEST}\n"),
        |_| {},
    ));
    all.extend(problems("verdict-longest", &judged, |_| {}));
    all.extend(problems("acceptable", "2oxyphenbutazone cat\n\t", |_| {}));
    all.extend(problems("pin", "", |ui| {
        ui.chord("d");
        ui.typed("12");
    }));
    // A new challenge on part of a play judged UNACCEPTABLE a moment before: refused, the longest
    // refusal there is on the fullest entry screen (eight words of fifteen letters).
    all.extend(problems(
        "rechallenge-refused",
        "2oxyphenbutazone qa\n\t",
        |ui| {
            ui.wait(2.1);
            ui.typed(" ");
            ui.play(&judged);
        },
    ));
    // The table prompt (`ask_table`), and a challenge at the highest table: "TABLE 9999" too.
    let with_table = |dir: &std::path::Path| {
        worst_station(dir);
        let config = dir.join("kiosk.toml");
        let text = std::fs::read_to_string(&config)
            .unwrap()
            .replace("count_first = true", "count_first = true\nask_table = true");
        std::fs::write(&config, text).unwrap();
    };
    all.extend(problems_in("table", with_table, "999", |_| {}));
    all.extend(problems_in("table-entry", with_table, "9999\n", |ui| {
        ui.play(LONGEST);
    }));
    all.extend(problems("second-opinion", &judged, |ui| {
        ui.press(&Labels::of(language()).second_opinion);
        ui.play(&judged);
    }));
    all
}

#[test]
fn the_screens_that_call_the_director_fit_every_size() {
    let all = in_every_language(director_screens);
    assert_fits(&all);
}

fn director_screens() -> Vec<String> {
    let mut all = Vec::new();
    // A slip log in a folder that does not exist: the verdict with SLIP NOT RECORDED and the
    // banner carrying the longest error there is (the path), then the next pair's screen.
    let no_log = |dir: &std::path::Path| {
        worst_station(dir);
        let config = dir.join("kiosk.toml");
        let text = std::fs::read_to_string(&config).unwrap().replace(
            "slip_log = \"slips.jsonl\"",
            "slip_log = \"a/folder/that/does/not/exist/with/a/long/name/slips.jsonl\"",
        );
        std::fs::write(&config, text).unwrap();
    };
    all.extend(problems_in(
        "slip-not-recorded",
        no_log,
        "2qi za\n\t",
        |_| {},
    ));
    all.extend(problems_in(
        "slip-not-recorded-next",
        no_log,
        "2qi za\n\t",
        |ui| {
            ui.wait(2.1);
            ui.typed(" ");
        },
    ));
    let broken = |dir: &std::path::Path| {
        worst_station(dir);
        std::fs::write(dir.join("lexicons/demo.fst"), b"not a lexicon").unwrap();
    };
    all.extend(problems_in("out-of-service", broken, "", |_| {}));
    // A first boot whose stick names no station (issue 52): the number prompt with the longest
    // event name allowed, then a number refused.
    let asks_number = |dir: &std::path::Path| {
        std::fs::remove_file(dir.join("kiosk.toml")).unwrap();
        let name = "The Northern and Southern Hemispheres Open Scrabble Championship, Hall B, 2026";
        std::fs::write(dir.join("station-number-wanted.txt"), format!("{name}\n")).unwrap();
    };
    all.extend(problems_in("station-number", asks_number, "1234", |ui| {
        let view = ui.api().get_title();
        assert!(view.contains("9999"), "{view}");
    }));
    // A number out of range: the refusal (a hint) over the longest event name. (Not Enter on a
    // good number: that asks the machine's stick helper, which a machine with the package has.)
    all.extend(problems_in(
        "station-number-refused",
        asks_number,
        "0\n",
        |ui| {
            let hint = ui.api().get_hint();
            assert!(hint.contains("9999"), "{hint}");
        },
    ));
    // A long list: twelve slips, so the director's lines fill their box and scroll (the scroll
    // hint must not sit on them).
    all.extend(problems("director-long", "", |ui| {
        for _ in 0..12 {
            ui.play("1qi\n\t");
            ui.wait(2.1);
            ui.typed(" ");
        }
        ui.chord("d");
        ui.typed("1234\n");
    }));
    all
}

/// The worst station with three divisions of long titles, all judged by its one lexicon.
fn three_divisions(dir: &std::path::Path) {
    worst_station(dir);
    let config = dir.join("kiosk.toml");
    let mut text = std::fs::read_to_string(&config).unwrap();
    // In German and Polish: the division menu's title then has three lines, one per language.
    for (name, title, language) in [
        (
            "b",
            "Division B — North American Championship (NASPA Word List 2023)",
            "de",
        ),
        (
            "c",
            "Division C — NSA rated play with the Long List (words over 9 letters)",
            "pl",
        ),
    ] {
        text.push_str(&format!(
            "\n[divisions.{name}]\ntitle = \"{title}\"\nprimary = \"DEMO\"\nlanguage = \"{language}\"\n"
        ));
    }
    std::fs::write(&config, text).unwrap();
}

/// The worst station with `n` divisions (a Swiss open's A-F by rating, and then some), every
/// title of the longest length allowed (72 characters), speaking every language there is in
/// turn (twelve divisions: ten languages): the menu's title three lines (the menu's languages,
/// German and Polish among them), over the round line.
fn many_divisions(dir: &std::path::Path, n: usize) {
    worst_station(dir);
    let config = dir.join("kiosk.toml");
    let mut text = std::fs::read_to_string(&config).unwrap();
    for i in 1..n {
        let letter = char::from(b'A' + i as u8);
        let title = format!(
            "Division {letter} — Open rated {:04}-{:04} (Collins Scrabble Words 2024), Halls 3",
            2400 - 100 * i,
            2499 - 100 * i
        );
        assert_eq!(title.chars().count(), wordjudge::config::MAX_TITLE);
        // Every language there is (issue 50, item 3): the menu speaks the first three
        // (MENU_LANGUAGES), German and Polish among them (the longest texts).
        let languages = ["en", "de", "pl", "ca", "es", "fr", "nb", "nl", "sl", "sv"];
        assert_eq!(languages.len(), Language::ALL.len());
        let language = languages[i % languages.len()];
        text.push_str(&format!(
            "\n[divisions.d{i}]\ntitle = \"{title}\"\nprimary = \"DEMO\"\nlanguage = \"{language}\"\n"
        ));
    }
    std::fs::write(&config, text).unwrap();
}

fn six_divisions(dir: &std::path::Path) {
    many_divisions(dir, 6);
}

/// The most divisions `config check` says are proven (it warns beyond them).
fn twelve_divisions(dir: &std::path::Path) {
    many_divisions(dir, wordjudge::config::PROVEN_DIVISIONS);
}

#[test]
fn the_division_choice_and_the_directors_pin_page_fit_every_size() {
    let all = in_every_language(division_screens);
    assert_fits(&all);
}

/// Issue 39, items 1, 4 and 5: six and twelve divisions with the round line; what the menu
/// leads to by touch or key — SECOND OPINION's prompt in the divisions' languages and its
/// refusal, and the PIN lock-out said on the menu.
#[test]
fn many_divisions_and_every_prompt_from_the_menu_fit_every_size() {
    let all = in_every_language(menu_screens);
    assert_fits(&all);
}

fn menu_screens() -> Vec<String> {
    let mut all = Vec::new();
    all.extend(problems_in("choose-division-6", six_divisions, "", |_| {}));
    all.extend(problems_in(
        "choose-division-12",
        twelve_divisions,
        "",
        |_| {},
    ));
    // (Its label in every language of the divisions, before a division is chosen on a station
    // of several languages.)
    let second_opinion = |ui: &Ui| ui.press(&ui.api().get_labels().second_opinion);
    all.extend(problems_in(
        "menu-second-opinion",
        twelve_divisions,
        "",
        second_opinion,
    ));
    all.extend(problems_in(
        "menu-no-such-slip",
        twelve_divisions,
        "",
        |ui| {
            second_opinion(ui);
            ui.typed("999999999\n");
        },
    ));
    // A division out of service, chosen: the menu says so in its languages (issue 50, item 3:
    // every refusal the menu leads to).
    let one_out_of_service = |dir: &std::path::Path| {
        twelve_divisions(dir);
        let config = dir.join("kiosk.toml");
        let text = std::fs::read_to_string(&config).unwrap();
        let start = text.find("[lexicons.DEMO]").unwrap();
        let end = start + text[start..].find("\n\n").unwrap();
        let broken = text[start..end]
            .replace("[lexicons.DEMO]", "[lexicons.BROKEN]")
            .replace("lexicons/demo.fst", "lexicons/broken.fst");
        std::fs::write(dir.join("lexicons/broken.fst"), b"not a lexicon").unwrap();
        let text = format!("{text}\n{broken}\n").replacen(
            "[divisions.d5]\n",
            "[divisions.d5]\nprimary = \"BROKEN\"\n",
            1,
        );
        // (d5's own `primary = "DEMO"` line goes: one key once.)
        let at = text.find("[divisions.d5]").unwrap();
        let own = at + text[at..].find("primary = \"DEMO\"\n").unwrap();
        let mut text = text;
        text.replace_range(own..own + "primary = \"DEMO\"\n".len(), "");
        std::fs::write(&config, text).unwrap();
    };
    all.extend(problems_in(
        "menu-division-out-of-service",
        one_out_of_service,
        "6",
        |ui| {
            assert_ne!(
                ui.api().get_hint(),
                "",
                "the out-of-service division refused"
            )
        },
    ));
    all.extend(problems_in("menu-locked-out", twelve_divisions, "", |ui| {
        for _ in 0..5 {
            ui.chord("d");
            ui.typed("9999\n");
        }
    }));
    all
}

fn division_screens() -> Vec<String> {
    let mut all = Vec::new();
    all.extend(problems_in("choose-division", three_divisions, "", |_| {}));
    all.extend(problems_in("director-pin", three_divisions, "", |ui| {
        ui.chord("d");
        ui.typed("1234\n");
        ui.typed("p");
    }));
    all
}

/// The worst station with a second division, Club (its own list: QI ZO CAT), whose second
/// opinions are judged with DEMO: ZO is acceptable in Club and not in DEMO, so a second opinion
/// on ZO differs.
fn with_differing_opinions(dir: &std::path::Path) {
    worst_station(dir);
    window::with_a_club_division(dir);
    let config = dir.join("kiosk.toml");
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str(&format!(
        "language = \"{}\"\nsecond_opinion = \"DEMO\"\nchangeover = true\n",
        language().code()
    ));
    std::fs::write(&config, text).unwrap();
}

/// A Polish division on the tile keyboard (every Polish tile a key), its words as tiles.
fn polish_tiles(dir: &std::path::Path) {
    worst_station(dir);
    let a = wordjudge::lexicon::alphabet::by_name("polish").unwrap();
    let words = ["ŻÓŁW", "ŻABA", "MIĘSO", "ŁÓDŹ"]
        .iter()
        .map(|w| wordjudge::lexicon::word::Word::parse_in(a, w).unwrap())
        .collect();
    let compiled = wordjudge::lexicon::compile::compile(words).unwrap();
    let config = dir.join("kiosk.toml");
    std::fs::write(dir.join("lexicons/tiles.fst"), &compiled.fst).unwrap();
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str(&format!(
        "\n[lexicons.TILES]\nfile = \"lexicons/tiles.fst\"\nsha256 = \"{}\"\nwords = {}\ntitle = \"Polish test lexicon\"\nalphabet = \"polish\"\n\n[divisions.polski]\ntitle = \"Grupa A — Mistrzostwa Polski (Oficjalny Słownik Polskiego Scrabblisty)\"\nprimary = \"TILES\"\nlanguage = \"{}\"\n",
        compiled.fst_sha256,
        compiled.words,
        language().code()
    ));
    // The Polish division alone: no division menu before the word count.
    let start = text.find("[divisions.demo]").unwrap();
    let end = start + 1 + text[start + 1..].find("\n[").unwrap();
    text.replace_range(start..end, "");
    std::fs::write(&config, text).unwrap();
}

#[test]
fn verdicts_differ_the_directors_prompts_and_the_tile_keyboard_fit_every_size() {
    let all = in_every_language(other_screens);
    assert_fits(&all);
}

fn other_screens() -> Vec<String> {
    let mut all = Vec::new();
    all.extend(problems_in(
        "verdicts-differ",
        with_differing_opinions,
        "21zo\n\t",
        |ui| {
            ui.press(&Labels::of(language()).second_opinion);
            ui.play("1zo\n\t");
        },
    ));
    for (name, key) in [
        ("director-round", "n"),
        ("director-slip-detail", "d"),
        ("director-exit", "q"),
        ("director-about", "i"),
        ("director-install-event", "e"),
        ("director-copy-logs", "c"),
        // No stick helper here: the answer page, with its longest line.
        ("director-stick-not-done", "c\n"),
    ] {
        all.extend(problems(name, "", |ui| {
            ui.chord("d");
            ui.typed("1234\n");
            ui.typed(key);
        }));
    }
    // An empty entry: the keyboard's ⌫ is Back, in the language's words (issue 50, item 4).
    all.extend(problems_in(
        "tile-keyboard-empty",
        polish_tiles,
        "8",
        |ui| {
            assert!(ui.api().get_back_goes_back(), "Back on an empty entry");
        },
    ));
    all.extend(problems_in(
        "tile-keyboard",
        polish_tiles,
        "8żółw żaba mięso łódź żółw żaba mięso łó",
        |_| {},
    ));
    // An English division's on-screen keyboard (`touch_keyboard`), under the longest play typed
    // and once it is handed over.
    let english_keyboard = |dir: &std::path::Path| {
        worst_station(dir);
        let config = dir.join("kiosk.toml");
        let text = std::fs::read_to_string(&config).unwrap().replace(
            "count_first = true",
            "count_first = true\ntouch_keyboard = true",
        );
        std::fs::write(&config, text).unwrap();
    };
    let almost = LONGEST.trim_end_matches('w');
    all.extend(problems_in(
        "english-keyboard",
        english_keyboard,
        almost,
        |_| {},
    ));
    all.extend(problems_in(
        "english-keyboard-handed-over",
        english_keyboard,
        &format!("{LONGEST}\n"),
        |_| {},
    ));
    all
}

/// The legibility rule (issue 39, item 2): the tiles a challenged player checks before JUDGE
/// can be read at arm's length. A tile's letter or digraph label has capitals at least
/// [`MIN_TILE_CAP_MM`] high on the screen sizes the fit check assumes (a 7-inch 800x480 panel is
/// 154 mm wide), for the longest real play: a word of fifteen tiles and seven cross-words, with
/// L·L, NY and QU tiles, on the hand-over screen (where the words are checked) in every language.
const MIN_TILE_CAP_MM: f32 = 2.8;

/// The play: COL·LECCIONISTES (14 tiles) is the longest Catalan word of the test list; with the
/// seven cross-words it makes 8 words, 40 tiles.
const DIGRAPH_PLAY: &str = "8col.leccionistes que anys una sol bell nyap pal.la\n";

/// `[screen] text_scale` at its largest: the players' screens with their longest content, in
/// every language, at the sizes that differ (`sizes`). The director's screens keep their size.
#[test]
fn the_players_screens_fit_at_the_largest_text_scale() {
    assert_fits(&at_the_largest_text_scale(|| {
        let mut all = in_every_language(player_screens);
        all.extend(in_every_language(division_screens));
        all
    }));
}

/// The same for the menu of twelve divisions and its prompts, the screens that call the
/// director, VERDICTS DIFFER and the tile keyboard.
#[test]
fn the_menus_and_prompts_fit_at_the_largest_text_scale() {
    assert_fits(&at_the_largest_text_scale(|| {
        let mut all = in_every_language(menu_screens);
        all.extend(in_every_language(director_screens));
        all.extend(in_every_language(other_screens));
        all
    }));
}

#[test]
fn the_tiles_of_the_longest_real_play_can_be_read_at_arms_length() {
    assert_fits(&in_every_language(digraph_tiles_too_small));
}

#[test]
fn at_the_largest_text_scale_the_tiles_of_the_longest_play_can_still_be_read() {
    assert_fits(&at_the_largest_text_scale(|| {
        in_every_language(digraph_tiles_too_small)
    }));
}

/// Every tile label of the 8-word Catalan play smaller than the legibility rule's, at each size,
/// on the hand-over screen and on the verdict.
fn digraph_tiles_too_small() -> Vec<String> {
    let ink = window::theme_colour("tile-ink");
    let mut found = Vec::new();
    for &(width, height) in sizes() {
        let ui = Ui::start_with(|d| {
            window::tile_station(d, "catalan", &["QUE", "ANYS"], "");
            let config = d.join("kiosk.toml");
            let text = std::fs::read_to_string(&config).unwrap().replace(
                "primary = \"TILES\"",
                &format!("primary = \"TILES\"\nlanguage = \"{}\"", language().code()),
            );
            std::fs::write(&config, text).unwrap();
            scaled(d);
        });
        at_size(&ui, width, height);
        ui.play(DIGRAPH_PLAY);
        let code = language().code();
        window::screenshot(&ui, &shot("digraph-handed-over"));
        for label in fit::small_tile_labels(ui.window.window(), ink, MIN_TILE_CAP_MM) {
            found.push(format!("{code} hand-over {width}x{height}: {label}"));
        }
        ui.wait(window::HANDOVER + 0.1);
        ui.typed("\t");
        window::screenshot(&ui, &shot("digraph-verdict"));
        // Issue 50, item 5: the verdict's tiles (what both players read the play by) keep the
        // rule too.
        for label in fit::small_tile_labels(ui.window.window(), ink, MIN_TILE_CAP_MM) {
            found.push(format!("{code} verdict {width}x{height}: {label}"));
        }
    }
    found
}
