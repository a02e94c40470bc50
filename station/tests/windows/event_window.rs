//! An event's station in its real window (Slint's testing backend): the table asked before the
//! word count, by key and by touch; the round set by the director's touch screen; the event line
//! on every screen; the docket printed after the verdict without holding it up, and a printer
//! that fails shown to the director.

use crate::common;
use crate::window;

use std::time::{Duration, Instant};

use window::Ui;
use wordjudge_station::UiScreen;

fn set(dir: &std::path::Path, extra: &str) {
    let config = dir.join("kiosk.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        text.replace("[screen]\n", &format!("[screen]\n{extra}\n")),
    )
    .unwrap();
}

fn append(dir: &std::path::Path, extra: &str) {
    let config = dir.join("kiosk.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{text}\n{extra}\n")).unwrap();
}

#[test]
fn the_table_is_asked_first_by_key_or_by_touch_and_goes_on_the_slip() {
    let ui = Ui::start_with(|d| set(d, "ask_table = true"));
    assert_eq!(ui.screen(), UiScreen::Table, "a number prompt");
    assert!(
        ui.api().get_title().contains("TABLE"),
        "{}",
        ui.api().get_title()
    );
    ui.typed("12");
    assert_eq!(ui.api().get_digits(), "12");
    ui.typed("\n");
    assert_eq!(ui.screen(), UiScreen::Count);
    assert!(ui.api().get_event_line().contains("TABLE 12"));
    ui.typed("1qi\n").judge();
    assert_eq!(ui.screen(), UiScreen::Verdict);
    ui.wait(10.1);
    // The next pair, by touch: 7, OK.
    assert_eq!(ui.screen(), UiScreen::Table);
    assert_eq!(ui.api().get_digits(), "");
    ui.press("7");
    ui.press("OK");
    assert_eq!(ui.screen(), UiScreen::Count);
    ui.typed("1za\n").judge();
    let tables: Vec<Option<u32>> = ui.slips().iter().map(|s| s.table).collect();
    assert_eq!(tables, [Some(12), Some(7)]);
}

#[test]
fn the_director_sets_the_round_by_touch_and_every_screen_shows_it() {
    let ui = Ui::start();
    assert_eq!(ui.api().get_event_line(), "");
    ui.chord("d");
    ui.typed(&format!("{}\n", common::DEMO_PIN));
    assert_eq!(ui.screen(), UiScreen::Director);
    ui.press("Round (N)");
    assert!(ui.api().get_title().contains("round"));
    ui.press("4");
    ui.press("OK");
    assert_eq!(ui.screen(), UiScreen::Director);
    ui.typed("\u{1b}");
    assert_eq!(ui.api().get_event_line(), "ROUND 4 · STATION demo-station");
    ui.typed("1qi\n").judge();
    assert_eq!(ui.slips()[0].round, Some(4));
    let config = wordjudge::config::Config::read(&ui.dir.path().join("kiosk.toml")).unwrap();
    assert_eq!(config.event.round, Some(4), "kept for the next start");
}

/// Lets mocked time pass until `done`, giving the printing thread real time too (at most 10 s).
fn until(ui: &Ui, done: impl Fn(&Ui) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        ui.wait(0.1);
        if done(ui) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn the_docket_prints_after_the_verdict_is_shown() {
    let mut printer = None;
    let ui = Ui::start_with(|d| {
        printer = Some(common::Fifo::new(&d.join("docket.bin")));
        append(
            d,
            "[printer]\nescpos_device = \"docket.bin\"\n\n[event]\nname = \"Club night\"",
        );
    });
    let printer = printer.expect("the printer");
    ui.typed("2qi za\n").judge();
    // The verdict is on screen at once: printing happens beside it.
    assert_eq!(ui.screen(), UiScreen::Verdict);
    let bytes = printer.received_when(|b| b.windows(2).any(|w| w == b"ZA"));
    assert!(bytes.windows(2).any(|w| w == b"ZA"), "no docket written");
    // The station hears how printing went on its next tick.
    std::thread::sleep(Duration::from_millis(100));
    ui.wait(0.3);
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("Club night") && text.contains("QI") && text.contains("ACCEPTABLE"),
        "{text}"
    );
    let seal = &ui.slips()[0].seal[..16];
    assert!(text.contains(seal), "the seal's first digits: {text}");
    assert_eq!(ui.api().get_banner(), "", "no alert when it printed");
}

#[test]
fn a_printer_that_fails_leaves_the_verdict_and_tells_the_director() {
    let ui = Ui::start_with(|d| append(d, "[printer]\nescpos_device = \"no-such-printer/lp0\""));
    ui.typed("1qi\n").judge();
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert_eq!(
        ui.slips().len(),
        1,
        "the slip is recorded whatever the printer does"
    );
    let told = until(&ui, |ui| {
        ui.api()
            .get_banner()
            .contains("Docket for slip 1 not printed")
    });
    assert!(told, "banner: {:?}", ui.api().get_banner());
    assert!(ui.api().get_banner().contains("slips print 1"));
}
