//! Fit, proven (issue 29, first part): the station's screens rendered with their worst real
//! content at every screen size a station may have, each text checked by `window::fit` — the
//! size Slint's own layout says it needs against the box it got, its clipping parents, the
//! window, and every other text. A clipped, elided, overlapping or off-window text fails.
//!
//! Sizes: 800×480 (the official Raspberry Pi touch display), 1024×600, 1280×800, 1366×768,
//! 1920×1080. Content: eight words of fifteen letters, a division title and lexicon line of the
//! longest kind events use, a 40-character station id (the most `config check` allows).
//!
//! Not yet covered (issue 29 continues): the director's pages (its status lines and commands),
//! SLIP NOT RECORDED, OUT OF SERVICE, VERDICTS DIFFER, the tile keyboard, and every language.
//! Each screen at each size is saved as target/tmp/screenshots/fit-NAME-WxH.png.

#[path = "../../tests/common/mod.rs"]
mod common;
mod window;

use slint::ComponentHandle;
use window::{fit, Ui};

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

/// The demo station with the longest texts of a real event: its division's title, its
/// lexicon's title, a 40-character station id.
fn worst_station(dir: &std::path::Path) {
    let config = dir.join("kiosk.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    let text = text
        .replace(
            "id = \"demo-station\"",
            "id = \"hall-b-north-wing-station-number-0042-x\"",
        )
        .replace(
            "title = \"Demonstration (not for tournament play)\"",
            "title = \"Division A — International Open (Collins Scrabble Words 2024)\"",
        )
        .replace(
            "title = \"wordjudge DEMO lexicon (not for tournament play)\"",
            "title = \"Collins Scrabble Words 2024 with the NSA Long List\"",
        );
    std::fs::write(&config, text).unwrap();
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
    for (width, height) in SIZES {
        let ui = Ui::start_with(&station);
        at_size(&ui, width, height);
        ui.play(keys);
        then(&ui);
        // Drawn, so that the layout is the one a player sees; kept for people to look at
        // (target/tmp/screenshots/fit-NAME-WxH.png).
        window::screenshot(&ui, &format!("fit-{name}"));
        for target in fit::small_touch_targets(ui.window.window()) {
            found.push(format!(
                "{name} {width}x{height}: a touch target smaller than a finger: {target}"
            ));
        }
        for text in fit::check(ui.window.window()) {
            for problem in &text.problems {
                found.push(format!(
                    "{name} {width}x{height}: {:?}: {problem}",
                    text.text
                ));
            }
        }
    }
    found
}

#[test]
fn every_player_screen_fits_every_size_with_its_longest_content() {
    let judged = format!("{LONGEST}\n\t");
    let mut all = Vec::new();
    all.extend(problems("count", "", |_| {}));
    all.extend(problems("entry-longest", LONGEST, |_| {}));
    all.extend(problems("verdict-longest", &judged, |_| {}));
    all.extend(problems("acceptable", "2oxyphenbutazone cat\n\t", |_| {}));
    all.extend(problems("pin", "", |ui| {
        ui.chord("d");
        ui.typed("12");
    }));
    all.extend(problems("second-opinion", &judged, |ui| {
        ui.press("SECOND OPINION (F2)");
        ui.play(&judged);
    }));
    assert!(
        all.is_empty(),
        "{} problems:\n{}",
        all.len(),
        all.join("\n")
    );
}

#[test]
fn the_screens_that_call_the_director_fit_every_size() {
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
    all.extend(problems("director", "", |ui| {
        ui.chord("d");
        ui.typed("1234\n");
    }));
    assert!(
        all.is_empty(),
        "{} problems:\n{}",
        all.len(),
        all.join("\n")
    );
}

/// The worst station with three divisions of long titles, all judged by its one lexicon.
fn three_divisions(dir: &std::path::Path) {
    worst_station(dir);
    let config = dir.join("kiosk.toml");
    let mut text = std::fs::read_to_string(&config).unwrap();
    for (name, title) in [
        (
            "b",
            "Division B — North American Championship (NASPA Word List 2023)",
        ),
        (
            "c",
            "Division C — NSA rated play with the Long List (words over 9 letters)",
        ),
    ] {
        text.push_str(&format!(
            "\n[divisions.{name}]\ntitle = \"{title}\"\nprimary = \"DEMO\"\n"
        ));
    }
    std::fs::write(&config, text).unwrap();
}

#[test]
fn the_division_choice_and_the_directors_pin_page_fit_every_size() {
    let mut all = Vec::new();
    all.extend(problems_in("choose-division", three_divisions, "", |_| {}));
    all.extend(problems_in("director-pin", three_divisions, "", |ui| {
        ui.chord("d");
        ui.typed("1234\n");
        ui.typed("p");
    }));
    assert!(
        all.is_empty(),
        "{} problems:\n{}",
        all.len(),
        all.join("\n")
    );
}
