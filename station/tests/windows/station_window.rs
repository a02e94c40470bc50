//! The station's real Slint window, driven headless (`i-slint-backend-testing`): keys go in as
//! window events, touches as accessible actions, time passes through Slint's mocked clock, and
//! assertions read the `Api` global, the accessibility tree and the slip log on disk.

use crate::common;

use std::path::PathBuf;

use slint::platform::WindowEvent;
use slint::{ComponentHandle, Model};

use wordjudge_station::UiScreen;

use crate::window;

use window::Ui;

#[test]
fn typing_and_tab_give_a_verdict_with_its_slip() {
    let ui = Ui::start();
    assert_eq!(ui.screen(), UiScreen::Count);
    assert!(ui.api().get_header().contains("DEMO"));
    ui.typed("2");
    assert_eq!(ui.screen(), UiScreen::Entry);
    ui.typed("cat,dog");
    assert_eq!(ui.words(), ["CAT", "DOG"]);
    assert!(!ui.api().get_ready(), "the challenger has not handed over");
    assert!(ui.api().get_can_hand_over());
    ui.typed("\n");
    assert!(!ui.api().get_ready(), "the hand-over pause");
    ui.wait(window::HANDOVER + 0.1);
    assert!(
        ui.api().get_ready(),
        "the station redraws JUDGE as ready by itself"
    );
    ui.typed("\t");
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert!(ui.api().get_acceptable());
    assert_eq!(ui.api().get_title(), "✓ ACCEPTABLE");
    assert_eq!(ui.api().get_slip(), "1");
    assert_eq!(ui.api().get_echo(), "CAT  DOG");
    let slips = ui.slips();
    assert_eq!(slips.len(), 1, "the slip is on disk when the verdict shows");
    assert_eq!(slips[0].words, ["CAT", "DOG"]);
}

#[test]
fn an_unacceptable_play_says_so_without_naming_the_word() {
    let ui = Ui::start();
    ui.typed("2cat qzx\n").judge();
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert!(!ui.api().get_acceptable());
    assert_eq!(ui.api().get_title(), "✗ UNACCEPTABLE");
    // The screen reader hears one verdict for the play, and nothing names QZX as the culprit.
    use i_slint_backend_testing::{AccessibleLiveness, AccessibleRole, ElementHandle};
    let named: Vec<ElementHandle> =
        ElementHandle::find_by_accessible_label(&ui.window, "✗ UNACCEPTABLE. Slip 1.").collect();
    let live: Vec<&ElementHandle> = named
        .iter()
        .filter(|e| e.accessible_live_region() == Some(AccessibleLiveness::Assertive))
        .collect();
    assert_eq!(live.len(), 1, "announced once, as soon as it appears");
    assert_eq!(live[0].accessible_role(), Some(AccessibleRole::Text));
    // And the focus is named by it, for a reader that follows the focus (Orca 43): a group,
    // not a second announcement.
    assert_eq!(named.len(), 2);
    assert!(named
        .iter()
        .any(|e| e.accessible_role() == Some(AccessibleRole::Groupbox)
            && e.accessible_live_region() != Some(AccessibleLiveness::Assertive)));
    let api = ui.api();
    for text in [
        api.get_title(),
        api.get_detail(),
        api.get_hint(),
        api.get_banner(),
    ] {
        assert!(!text.contains("QZX"), "{text}");
    }
}

#[test]
fn tab_is_captured_and_never_moves_focus() {
    let ui = Ui::start();
    ui.typed("1qi\n").judge();
    // Tab again: it must not clear the verdict (it never does).
    ui.typed("\t\t");
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert_eq!(ui.slips().len(), 1);
}

#[test]
fn judge_button_judges_by_touch_only_after_the_challenger_hands_over() {
    let ui = Ui::start();
    ui.typed("2qi");
    ui.press("JUDGE");
    assert_eq!(ui.screen(), UiScreen::Entry, "one of two words typed");
    assert_eq!(ui.api().get_hint(), "");
    ui.typed(" za");
    ui.press("JUDGE");
    assert_eq!(
        ui.screen(),
        UiScreen::Entry,
        "the last word may still be being typed"
    );
    ui.press("DONE (Enter)");
    assert!(!ui.api().get_ready(), "the hand-over pause");
    ui.press("JUDGE");
    assert_eq!(ui.screen(), UiScreen::Entry, "refused in the pause");
    ui.wait(window::HANDOVER + 0.1);
    assert!(ui.api().get_ready());
    ui.press("JUDGE");
    assert_eq!(ui.screen(), UiScreen::Verdict);
}

#[test]
fn judge_with_words_missing_says_what_is_missing() {
    let ui = Ui::start();
    ui.typed("3qi za\n").judge();
    assert_eq!(ui.screen(), UiScreen::Entry);
    assert_eq!(ui.api().get_hint(), "2 of 3 words typed");
}

#[test]
fn count_is_chosen_by_touch() {
    let ui = Ui::start();
    ui.press("3");
    assert_eq!(ui.screen(), UiScreen::Entry);
    assert_eq!(
        ui.words().len(),
        3,
        "a cursor line and two dots for the words to come"
    );
}

#[test]
fn verdict_clears_itself_after_ten_seconds_of_mocked_time() {
    let ui = Ui::start();
    ui.typed("1qi\n").judge();
    ui.wait(9.8);
    assert_eq!(ui.screen(), UiScreen::Verdict);
    ui.wait(0.3);
    assert_eq!(ui.screen(), UiScreen::Count);
    assert!(
        ui.words().is_empty(),
        "nothing of the last challenge remains"
    );
    assert_eq!(ui.api().get_echo(), "");
}

#[test]
fn verdict_cannot_be_cleared_by_a_key_in_the_first_two_seconds() {
    let ui = Ui::start();
    ui.typed("1qi\n").judge();
    ui.wait(1.8);
    ui.typed("x");
    assert_eq!(ui.screen(), UiScreen::Verdict);
    ui.wait(0.3);
    ui.typed("x");
    assert_eq!(ui.screen(), UiScreen::Count);
}

#[test]
fn without_a_screen_section_the_verdict_holds_for_two_seconds_and_clears_after_ten() {
    // The defaults, not kiosk.toml's copy of them: the [screen] section is removed.
    let ui = Ui::start_with(|dir| {
        let config = dir.join("kiosk.toml");
        let text = std::fs::read_to_string(&config).unwrap();
        let cut = text
            .find("[screen]")
            .expect("the demo kiosk.toml has [screen]");
        std::fs::write(&config, &text[..cut]).unwrap();
    });
    ui.typed("1qi\n").judge();
    ui.wait(1.9);
    ui.typed(" ");
    assert_eq!(ui.screen(), UiScreen::Verdict, "held at 1.9 s");
    ui.wait(0.2);
    ui.typed("\t");
    assert_eq!(
        ui.screen(),
        UiScreen::Verdict,
        "never by Tab, the judge key"
    );
    ui.typed(" ");
    assert_eq!(
        ui.screen(),
        UiScreen::Count,
        "cleared by another key at 2.1 s"
    );
    ui.typed("1qi\n").judge();
    ui.wait(9.8);
    assert_eq!(ui.screen(), UiScreen::Verdict, "still shown at 9.8 s");
    ui.wait(0.3);
    assert_eq!(ui.screen(), UiScreen::Count, "cleared by itself at 10.1 s");
}

#[test]
fn unjudged_input_is_wiped_after_thirty_idle_seconds() {
    let ui = Ui::start();
    ui.typed("2qi z");
    ui.wait(29.9);
    assert_eq!(ui.screen(), UiScreen::Entry);
    ui.wait(0.2);
    assert_eq!(ui.screen(), UiScreen::Count);
}

#[test]
fn paste_and_shortcuts_do_nothing() {
    let ui = Ui::start();
    ui.typed("2q");
    let w = ui.window.window();
    w.dispatch_event(WindowEvent::KeyPressed {
        text: "\u{11}".into(),
    });
    ui.typed("v");
    w.dispatch_event(WindowEvent::KeyReleased {
        text: "\u{11}".into(),
    });
    // Shift+Insert: Insert is a special key.
    ui.typed("\u{F727}");
    assert_eq!(
        ui.words(),
        ["Q", ""],
        "the word being typed and one to come"
    );
}

#[test]
fn close_request_is_refused_on_every_player_screen() {
    let ui = Ui::start();
    for keys in ["", "2q", "i\n\t"] {
        ui.typed(keys);
        ui.window
            .window()
            .dispatch_event(WindowEvent::CloseRequested);
        assert!(ui.window.window().is_visible(), "after {keys:?}");
    }
    ui.typed("\u{1b}");
    ui.window
        .window()
        .dispatch_event(WindowEvent::CloseRequested);
    assert!(ui.window.window().is_visible(), "Esc does not exit either");
}

#[test]
fn director_pin_opens_director_mode_and_exit_closes_the_station() {
    let ui = Ui::start();
    ui.chord("d");
    assert_eq!(ui.screen(), UiScreen::Pin);
    ui.typed(common::DEMO_PIN);
    assert_eq!(ui.api().get_digits(), "••••", "digits are hidden");
    ui.typed("\n");
    assert_eq!(ui.screen(), UiScreen::Director);
    let lines = window::strings(ui.api().get_director_lines());
    assert!(lines.iter().any(|l| l.contains("verified ✓")), "{lines:?}");
    ui.press("About (I)");
    assert_eq!(ui.screen(), UiScreen::About);
    ui.press("Back (Esc)");
    assert_eq!(ui.screen(), UiScreen::Director);
    ui.press("Exit station (Q)");
    assert!(!ui.shell.station().exit_requested(), "asked to confirm");
    assert!(ui
        .api()
        .get_title()
        .starts_with("Exit the station program?"));
    ui.press("Yes (Enter)");
    assert!(ui.shell.station().exit_requested());
    assert!(
        !ui.window.window().is_visible(),
        "the director may close it"
    );
}

#[test]
fn pin_keypad_works_by_touch() {
    let ui = Ui::start();
    ui.chord("d");
    for d in common::DEMO_PIN.chars() {
        ui.press(&d.to_string());
    }
    ui.press("OK");
    assert_eq!(ui.screen(), UiScreen::Director);
}

#[test]
fn five_wrong_pins_lock_the_prompt_for_sixty_seconds() {
    let ui = Ui::start();
    ui.chord("d");
    for _ in 0..5 {
        ui.typed("9999\n");
    }
    assert_eq!(
        ui.screen(),
        UiScreen::Count,
        "back to the players after the fifth"
    );
    ui.chord("d");
    ui.typed(common::DEMO_PIN);
    ui.typed("\n");
    assert_eq!(
        ui.screen(),
        UiScreen::Pin,
        "locked: even the right PIN is refused"
    );
    assert!(ui.api().get_detail().starts_with("locked for"));
    ui.typed("\u{1b}");
    ui.wait(60.0);
    ui.chord("d");
    ui.typed(common::DEMO_PIN);
    ui.typed("\n");
    assert_eq!(ui.screen(), UiScreen::Director);
}

#[test]
fn pin_prompt_gives_up_after_fifteen_seconds() {
    let ui = Ui::start();
    ui.typed("2qi");
    ui.chord("d");
    ui.wait(15.1);
    assert_eq!(ui.screen(), UiScreen::Entry);
    assert_eq!(ui.words()[0], "QI");
}

#[test]
fn director_mode_returns_to_players_after_twenty_idle_seconds() {
    let ui = Ui::start();
    ui.chord("d");
    ui.typed("1234\n");
    ui.wait(19.5);
    assert_eq!(ui.screen(), UiScreen::Director);
    ui.wait(0.6);
    assert_eq!(ui.screen(), UiScreen::Count);
}

#[test]
fn holding_the_top_right_corner_asks_for_the_pin() {
    let ui = Ui::start();
    let size = ui.window.window().size();
    let scale = ui.window.window().scale_factor();
    let point = slint::LogicalPosition::new(size.width as f32 / scale - 5.0, 5.0);
    let w = ui.window.window();
    w.dispatch_event(WindowEvent::PointerPressed {
        position: point,
        button: slint::platform::PointerEventButton::Left,
    });
    ui.wait(2.0);
    assert_eq!(ui.screen(), UiScreen::Count, "not before three seconds");
    ui.wait(1.1);
    assert_eq!(ui.screen(), UiScreen::Pin);
    w.dispatch_event(WindowEvent::PointerReleased {
        position: point,
        button: slint::platform::PointerEventButton::Left,
    });
}

#[test]
fn division_is_chosen_by_key_or_touch_when_there_are_several() {
    let edit =
        |dir: &std::path::Path| common::add_division(&dir.join("kiosk.toml"), "second", "DEMO");
    let ui = Ui::start_with(edit);
    assert_eq!(ui.screen(), UiScreen::ChooseDivision);
    assert_eq!(ui.api().get_choices().row_count(), 2);
    ui.typed("2");
    assert_eq!(ui.screen(), UiScreen::Count);

    let ui = Ui::start_with(edit);
    ui.press("1  Demonstration (not for tournament play)");
    assert_eq!(ui.screen(), UiScreen::Count);
}

#[test]
fn a_lexicon_that_fails_verification_puts_the_station_out_of_service() {
    let ui = Ui::start_with(|dir| {
        let path = dir.join("lexicons/demo.fst");
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[100] ^= 1;
        std::fs::write(&path, bytes).unwrap();
    });
    assert_eq!(ui.screen(), UiScreen::OutOfService);
    assert!(
        ui.api().get_detail().contains("SHA-256"),
        "{}",
        ui.api().get_detail()
    );
    ui.typed("1qi\n").judge();
    assert_eq!(ui.screen(), UiScreen::OutOfService);
    assert!(ui.slips().is_empty(), "nothing was judged");
}

#[test]
fn a_failed_slip_log_shows_the_verdict_and_a_banner_until_acknowledged() {
    let ui = Ui::start_with(|dir| {
        let config = dir.join("kiosk.toml");
        let text = std::fs::read_to_string(&config).unwrap();
        std::fs::write(
            &config,
            text.replace(
                "slip_log = \"slips.jsonl\"",
                "slip_log = \"missing/slips.jsonl\"",
            ),
        )
        .unwrap();
    });
    ui.typed("1qi\n").judge();
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert!(ui.api().get_acceptable());
    assert_eq!(ui.api().get_title(), "✓ ACCEPTABLE");
    assert_eq!(ui.api().get_slip(), "", "no slip number was given out");
    assert!(ui
        .api()
        .get_banner()
        .starts_with("Slip log failed — call the director"));
    ui.wait(2.1);
    ui.typed(" 2qi qzx\n").judge();
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert!(
        !ui.api().get_acceptable(),
        "the failed log changes no verdict"
    );
    assert_eq!(ui.api().get_title(), "✗ UNACCEPTABLE");
    assert_eq!(ui.api().get_slip(), "");
    ui.wait(10.1);
    assert!(!ui.api().get_banner().is_empty(), "the banner stays");
    ui.chord("d");
    ui.typed("1234\n");
    ui.press("Acknowledge alert (A)");
    assert_eq!(ui.api().get_banner(), "");
}

#[test]
fn second_opinion_is_typed_again_and_linked_to_the_slip() {
    let ui = Ui::start();
    ui.typed("1qi\n").judge();
    ui.press("SECOND OPINION (F2)");
    assert_eq!(ui.screen(), UiScreen::Count);
    assert!(ui.api().get_detail().contains("SECOND OPINION for slip 1"));
    ui.typed("1qi\n").judge();
    assert_eq!(ui.screen(), UiScreen::Verdict);
    let slips = ui.slips();
    assert_eq!(slips.len(), 2);
    assert_eq!(slips[1].refers_to, Some(1));
}

// ---------------------------------------------------------------------------------------------
// The rules, at the window (issue: rules fidelity).

#[test]
fn two_pairs_in_two_divisions_are_each_judged_in_their_own() {
    let ui = Ui::start_with(window::with_a_club_division);
    assert_eq!(ui.screen(), UiScreen::ChooseDivision);
    // Pair 1, Club: ZO is acceptable there.
    ui.typed("21zo\n").judge();
    assert!(ui.api().get_acceptable());
    assert_eq!(ui.api().get_division(), "Club");
    ui.wait(10.1);
    // Pair 2 starts at the division menu, and in the demo division ZO is not acceptable.
    assert_eq!(ui.screen(), UiScreen::ChooseDivision);
    ui.typed("11zo\n").judge();
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert!(!ui.api().get_acceptable());
    assert_eq!(
        ui.api().get_division(),
        "Demonstration (not for tournament play)"
    );
    let slips = ui.slips();
    assert_eq!(
        (slips[0].division.as_str(), slips[1].division.as_str()),
        ("club", "demo")
    );
}

#[test]
fn the_director_is_told_when_a_pinned_division_cannot_be_recorded() {
    let ui = Ui::start_with(window::with_a_club_division);
    // The station's state file cannot be written (a directory stands in its place).
    std::fs::create_dir(ui.dir.path().join("station-state.json")).unwrap();
    ui.chord("d");
    ui.typed("1234\np2\n");
    assert_eq!(ui.screen(), UiScreen::Director);
    let labels = all_labels(&ui);
    assert!(
        labels.iter().any(|l| l.starts_with("not recorded: ")),
        "{labels:?}"
    );
}

#[test]
fn verdicts_differ_keeps_the_division_on_screen_and_a_third_opinion_is_the_directors() {
    let ui = Ui::start_with(|dir| {
        window::with_a_club_division(dir);
        let config = dir.join("kiosk.toml");
        let text = std::fs::read_to_string(&config).unwrap()
            + "second_opinion = \"DEMO\"\nchangeover = true\n";
        std::fs::write(&config, text).unwrap();
    });
    ui.typed("21zo\n").judge();
    assert!(ui.api().get_acceptable(), "ZO in the club list");
    ui.press("SECOND OPINION (F2)");
    ui.typed("1zo\n").judge();
    assert_eq!(ui.screen(), UiScreen::VerdictsDiffer, "ZO not in DEMO");
    let labels = all_labels(&ui);
    assert!(
        labels.iter().any(|l| l == "Club"),
        "the division: {labels:?}"
    );
    // It fits the smallest screen, and it is drawn in the colour of its own.
    at_size(&ui, 1024, 600);
    let shot = Shot::take(&ui, "verdicts-differ");
    const DIFFER: Rgb = [0xff, 0xb0, 0x00];
    assert!(shot.share(DIFFER) > 0.75, "{:.2}", shot.share(DIFFER));
    shot.assert_edges_clear(DIFFER, "verdicts-differ");
    ui.wait(10.1);
    assert_eq!(ui.screen(), UiScreen::ChooseDivision);
    ui.press("SECOND OPINION (F2)");
    ui.typed("1\n");
    assert_eq!(
        ui.api().get_hint(),
        "slip 1: its second opinion was given as slip 2: ask the director for a second opinion"
    );
    assert_eq!(ui.slips().len(), 2);
}

#[test]
fn a_second_opinion_with_fewer_words_is_refused_without_a_verdict() {
    let ui = Ui::start();
    ui.typed("2qi qzx\n").judge();
    assert!(!ui.api().get_acceptable());
    ui.press("SECOND OPINION (F2)");
    ui.typed("1qi\n").judge();
    assert_eq!(ui.screen(), UiScreen::Entry, "no verdict of any kind");
    assert!(
        ui.api()
            .get_hint()
            .starts_with("these are not the words of slip 1: nothing was judged"),
        "{}",
        ui.api().get_hint()
    );
    assert_eq!(ui.slips().len(), 1, "nothing recorded");
    assert!(!all_labels(&ui).iter().any(|l| l.contains("ACCEPTABLE")));
}

// ---------------------------------------------------------------------------------------------
// Durability, shown by the order of system calls (docs/history/reliability.md §2): this test binary runs
// again under strace, its `verdict_shown_child` plays two challenges in the real window, and the
// parent checks that each slip's record and head were synced before the window was given the
// verdict (the diagnostic log's "showing" line, written just before the `Api` is set).

const CHILD: &str = "WORDJUDGE_STATION_CHILD";

#[test]
fn verdict_shown_child() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let ui = Ui::start();
    let config = wordjudge::config::Config::read(&ui.dir.path().join("kiosk.toml")).unwrap();
    wordjudge::config::diagnostics::init_logging(&config);
    ui.typed("2qi qzx\n").judge();
    assert_eq!(ui.screen(), UiScreen::Verdict);
    ui.press("SECOND OPINION (F2)");
    ui.typed("2qi qzx\n").judge();
    assert_eq!(ui.screen(), UiScreen::Verdict);
    assert_eq!(ui.slips().len(), 2);
}

#[test]
fn the_window_is_given_a_verdict_only_after_its_slip_and_head_are_synced() {
    if !common::tool("strace") {
        return;
    }
    let mut child = std::process::Command::new(std::env::current_exe().unwrap());
    child
        .args([
            "--exact",
            // Its path in this test binary (`module::name`).
            &format!(
                "{}::verdict_shown_child",
                module_path!().trim_start_matches("windows::")
            ),
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1");
    let (out, trace) = common::strace::run(&child);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The child ran the one test it was asked for (a filter that matches nothing passes).
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("1 passed"),
        "the child ran no test: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let step = |what: &'static str, f: Box<dyn Fn(&common::strace::Call) -> bool>| (what, f);
    let mut steps = Vec::new();
    for (slip, kind) in [
        (1, "\"kind\":\"challenge\""),
        (2, "\"kind\":\"second-opinion\""),
    ] {
        steps.push(step(
            "the slip's record is written",
            Box::new(move |c| c.writes("/slips.jsonl", kind)),
        ));
        steps.push(step(
            "the log is synced",
            Box::new(|c| c.syncs("/slips.jsonl")),
        ));
        steps.push(step(
            "the head names the slip",
            Box::new(move |c| c.writes("/slips.jsonl.head", &format!("{{\"slip\":{slip},"))),
        ));
        steps.push(step(
            "the head is synced",
            Box::new(|c| c.syncs("/slips.jsonl.head")),
        ));
        steps.push(step(
            "the window is given the verdict",
            Box::new(move |c| {
                c.writes(
                    "/wordjudge.log",
                    &format!("showing ✗ UNACCEPTABLE (slip {slip})"),
                )
            }),
        ));
    }
    let found = trace.assert_order(&steps);
    // The second slip is appended to the log as the first left it: the writer's descriptor is
    // not opened again nor read. (A reader may open the log in between: the second opinion
    // looks up whether its slip already had one.)
    let writer_fd = trace.calls[..found[0]]
        .iter()
        .find(|c| c.opens_or_reads("/slips.jsonl") && c.raw.contains("O_RDWR"))
        .and_then(|c| c.returned())
        .unwrap_or_else(|| panic!("the writer opened the log read-write\n{}", trace.listing()));
    let again = trace.calls[found[3]..found[5]].iter().find(|c| {
        (c.name == "openat" && c.opens_or_reads("/slips.jsonl") && c.raw.contains("O_RDWR"))
            || (matches!(c.name.as_str(), "read" | "pread64") && c.fd() == Some(writer_fd))
    });
    assert!(again.is_none(), "{again:?}\n{}", trace.listing());
    assert!(
        trace
            .calls
            .iter()
            .any(|c| c.name == "read" && c.opens_or_reads("/slips.jsonl") && c.fd().is_some()),
        "the descriptor of a read of the log is seen"
    );
    // Nothing of a verdict went to the window before the first slip was synced.
    let first_shown = trace
        .first(|c| c.writes("/wordjudge.log", "showing"))
        .unwrap();
    assert_eq!(first_shown, found[4], "{}", trace.listing());
}

// ---------------------------------------------------------------------------------------------
// Screenshots: every screen rendered at the smallest and a common large size, saved as PNG under
// target/tmp/screenshots/ for people to look at, and checked by pixel.

type Rgb = [u8; 3];

const RED: Rgb = [0xb0, 0x16, 0x22];
const OUT_OF_SERVICE: Rgb = [0x2a, 0x2d, 0x33];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const YELLOW: Rgb = [0xff, 0xd7, 0x5e];
const DIRECTOR_PANEL: Rgb = [0x11, 0x1a, 0x24];
const HINT: Rgb = [0xff, 0xb3, 0x47];

struct Shot {
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

impl Shot {
    fn take(ui: &Ui, name: &str) -> Shot {
        let buffer = ui.window.window().take_snapshot().expect("snapshot");
        let shot = Shot {
            width: buffer.width() as usize,
            height: buffer.height() as usize,
            rgba: buffer.as_bytes().to_vec(),
        };
        shot.save(name);
        shot
    }

    fn save(&self, name: &str) {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        std::fs::create_dir_all(&dir).expect("screenshot directory");
        let path = dir.join(format!("{name}-{}x{}.png", self.width, self.height));
        let file = std::io::BufWriter::new(std::fs::File::create(&path).expect("png file"));
        let mut encoder = png::Encoder::new(file, self.width as u32, self.height as u32);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("png header");
        writer.write_image_data(&self.rgba).expect("png data");
    }

    fn pixel(&self, x: usize, y: usize) -> Rgb {
        let i = (y * self.width + x) * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// Share of the whole screen that is exactly `colour`.
    fn share(&self, colour: Rgb) -> f64 {
        self.share_in(colour, 0..self.width, 0..self.height)
    }

    fn share_in(&self, colour: Rgb, xs: std::ops::Range<usize>, ys: std::ops::Range<usize>) -> f64 {
        let total = xs.len() * ys.len();
        let hits = ys
            .flat_map(|y| xs.clone().map(move |x| (x, y)))
            .filter(|&(x, y)| self.pixel(x, y) == colour)
            .count();
        hits as f64 / total as f64
    }

    /// Nothing is drawn in a band along every edge: text that overflowed its place would reach
    /// the edge of the screen.
    fn assert_edges_clear(&self, background: Rgb, name: &str) {
        let band = self.width.min(self.height) / 100;
        let (w, h) = (self.width, self.height);
        for (what, xs, ys) in [
            ("left", 0..band, 0..h),
            ("right", w - band..w, 0..h),
            ("top", 0..w, 0..band),
            ("bottom", 0..w, h - band..h),
        ] {
            let share = self.share_in(background, xs, ys);
            assert!(
                share == 1.0,
                "{name} {w}x{h}: the {what} edge is not clear ({:.1}% background)",
                share * 100.0
            );
        }
    }
}

fn at_size(ui: &Ui, width: u32, height: u32) {
    ui.window
        .window()
        .set_size(slint::PhysicalSize::new(width, height));
}

/// The smallest screen a station may have, a common one, and 4K.
const SIZES: [(u32, u32); 3] = [(1024, 600), (1920, 1080), (3840, 2160)];

/// The longest challenge there can be: eight words of fifteen letters.
const LONGEST: &str =
    "8oxyphenbutazone abcdefghijklmno mmmmmmmmmmmmmmm wwwwwwwwwwwwwww oxyphenbutazone abcdefghijklmno mmmmmmmmmmmmmmm wwwwwwwwwwwwwww";

#[test]
fn screenshots_of_every_screen_at_1024x600_1920x1080_and_4k() {
    // Every screen, reached from a fresh station by keys, and what covers it.
    let longest_judged = format!("{LONGEST}\n\t");
    let (background, green) = (
        window::theme_colour("background"),
        window::theme_colour("acceptable"),
    );
    let screens: [(&str, &str, Rgb); 10] = [
        ("start", "", background),
        ("entry", "3oxyphenbutazone cat q", background),
        ("entry-longest", LONGEST, background),
        // The longest challenge again for a second opinion, one word changed: refused, with the
        // longest hint there is (two lines at 1024x600) under eight words.
        ("entry-refused", &longest_judged, background),
        ("verdict-longest", &longest_judged, RED),
        ("acceptable", "2oxyphenbutazone cat\n\t", green),
        ("unacceptable", "2oxyphenbutazone qzx\n\t", RED),
        ("pin", "", background),
        ("director", "", background),
        ("about", "", background),
    ];
    for (width, height) in SIZES {
        for (name, keys, background) in screens {
            // 4K only where size matters most (software rendering it is slow in a debug build).
            if width > 1920 && !matches!(name, "entry-longest" | "verdict-longest" | "director") {
                continue;
            }
            let ui = Ui::start_with(|_| {});
            at_size(&ui, width, height);
            ui.play(keys);
            if matches!(name, "pin" | "director" | "about") {
                ui.chord("d");
                ui.typed("12");
            }
            if matches!(name, "director" | "about") {
                ui.typed("34\n");
            }
            if name == "about" {
                ui.typed("i");
            }
            if name == "entry-refused" {
                ui.press("SECOND OPINION (F2)");
                ui.play(&format!(
                    "{}\n\t",
                    LONGEST.replace("abcdefghijklmno", "zyxwvutsrqponml")
                ));
                assert!(
                    ui.api()
                        .get_hint()
                        .starts_with("these are not the words of slip 1"),
                    "{}",
                    ui.api().get_hint()
                );
            }
            let shot = Shot::take(&ui, name);
            assert_eq!((shot.width, shot.height), (width as usize, height as usize));
            match name {
                "acceptable" | "unacceptable" | "verdict-longest" => {
                    let share = shot.share(background);
                    assert!(
                        share > 0.75,
                        "{name}: verdict colour covers {share:.2} of the screen"
                    );
                    assert!(
                        shot.share(WHITE) > 0.02,
                        "{name}: the verdict is written on it"
                    );
                }
                "about" => assert!(shot.share(WHITE) > 0.2, "the AboutSlint panel is shown"),
                "director" => {
                    let covered = shot.share(background) + shot.share(DIRECTOR_PANEL);
                    assert!(covered > 0.7, "director: {covered:.2}");
                    assert!(shot.share(YELLOW) > 0.001, "the DIRECTOR title");
                }
                _ => assert!(shot.share(background) > 0.5, "{name}"),
            }
            if name == "entry-refused" {
                assert!(shot.share(HINT) > 0.005, "the hint is drawn");
            }
            if name.starts_with("entry") {
                // The words are drawn, in white, large.
                assert!(shot.share(WHITE) > 0.01, "{name}");
            }
            shot.assert_edges_clear(background, name);
        }
    }
}

#[test]
fn screenshot_out_of_service_at_every_size() {
    for (width, height) in SIZES {
        let ui = Ui::start_with(|dir| {
            std::fs::write(dir.join("lexicons/demo.fst"), b"not a lexicon").unwrap()
        });
        at_size(&ui, width, height);
        let shot = Shot::take(&ui, "out-of-service");
        assert!(shot.share(OUT_OF_SERVICE) > 0.75);
        shot.assert_edges_clear(OUT_OF_SERVICE, "out-of-service");
    }
}

#[test]
fn the_directors_list_of_twenty_slips_scrolls_with_the_arrow_keys() {
    let ui = Ui::start();
    at_size(&ui, 1024, 600);
    for _ in 0..20 {
        ui.typed("2cat dog\n").judge();
        ui.wait(2.1);
        ui.typed(" ");
    }
    assert_eq!(ui.slips().len(), 20);
    ui.chord("d");
    ui.typed("1234\n");
    assert_eq!(ui.screen(), UiScreen::Director);
    assert_eq!(
        ui.api().get_director_lines().row_count(),
        26,
        "whether it is pinned, the division, the event (none) and round, the slip log, the last slip's anchor, 20 slips"
    );
    // The list panel: below the title, above the buttons.
    let panel = |shot: &Shot| -> Vec<u8> {
        let (top, bottom) = (90, 420);
        shot.rgba[top * shot.width * 4..bottom * shot.width * 4].to_vec()
    };
    let top = Shot::take(&ui, "director-20-slips");
    ui.key_text("\u{F701}"); // Down
    ui.key_text("\u{F72D}"); // PageDown
    let scrolled = Shot::take(&ui, "director-20-slips-scrolled");
    assert_ne!(panel(&top), panel(&scrolled), "the list moved");
    for _ in 0..10 {
        ui.key_text("\u{F700}"); // Up
    }
    let back = Shot::take(&ui, "director-20-slips-back");
    assert_eq!(panel(&top), panel(&back), "back at the top");
    assert_eq!(
        ui.screen(),
        UiScreen::Director,
        "arrows do not leave director mode"
    );
}

#[test]
fn screenshot_slip_log_banner_keeps_its_text_inside_the_screen() {
    const BANNER: Rgb = [0xd4, 0x14, 0x1f];
    for (width, height) in [(1024, 600), (1920, 1080)] {
        let ui = Ui::start_with(|dir| {
            let config = dir.join("kiosk.toml");
            let text = std::fs::read_to_string(&config).unwrap();
            let broken = text.replace(
                "slip_log = \"slips.jsonl\"",
                "slip_log = \"a/folder/that/does/not/exist/with/a/long/name/slips.jsonl\"",
            );
            std::fs::write(&config, broken).unwrap();
        });
        at_size(&ui, width, height);
        ui.typed("2qi za\n").judge();
        let verdict = Shot::take(&ui, "slip-log-failed");
        ui.wait(0.6);
        ui.typed(" ");
        let start = Shot::take(&ui, "slip-log-failed-start");
        let u = width as f64 / 1024.0;
        let (band, banner_rows) = ((12.0 * u) as usize, (40.0 * u) as usize);
        for (name, shot) in [("verdict", &verdict), ("start", &start)] {
            let w = shot.width;
            assert!(
                shot.share_in(BANNER, 0..w, 0..banner_rows) > 0.6,
                "{name} {width}x{height}: the red banner is there"
            );
            assert!(
                shot.share_in(WHITE, 0..w, 0..banner_rows) > 0.01,
                "{name} {width}x{height}: with its text"
            );
            for (side, xs) in [("left", 0..band), ("right", w - band..w)] {
                assert_eq!(
                    shot.share_in(BANNER, xs, 0..banner_rows),
                    1.0,
                    "{name} {width}x{height}: the banner's text reaches the {side} edge"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Lock-down (RELIABILITY.md).

/// Every accessible label in the window: what a screen reader could read out.
fn all_labels(ui: &Ui) -> Vec<String> {
    i_slint_backend_testing::ElementQuery::from_root(&ui.window)
        .match_descendants()
        .find_all()
        .iter()
        .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
        .collect()
}

#[test]
fn alt_f4_and_the_close_request_it_becomes_are_refused() {
    let ui = Ui::start();
    ui.typed("2qi");
    let w = ui.window.window();
    // Alt+F4 reaches the window as keys (the station ignores them) ...
    w.dispatch_event(WindowEvent::KeyPressed {
        text: "\u{12}".into(),
    });
    ui.key_text("\u{F707}");
    w.dispatch_event(WindowEvent::KeyReleased {
        text: "\u{12}".into(),
    });
    // ... and the window manager turns it into a close request, which is refused.
    w.dispatch_event(WindowEvent::CloseRequested);
    assert!(w.is_visible());
    assert_eq!(ui.screen(), UiScreen::Entry);
    assert_eq!(ui.words()[0], "QI", "nothing typed was lost");
    assert!(!ui.shell.station().exit_requested());
}

#[test]
fn esc_never_exits_on_any_screen() {
    let ui = Ui::start();
    for keys in [
        "",
        "2qi",
        "\u{1b}",
        "1za\n\t",
        "\u{F705}",
        "\u{1b}\u{1b}\u{1b}",
    ] {
        ui.typed(keys);
        for _ in 0..10 {
            ui.typed("\u{1b}");
        }
        ui.window
            .window()
            .dispatch_event(WindowEvent::CloseRequested);
        assert!(
            ui.window.window().is_visible(),
            "after {keys:?} and Esc x10"
        );
        assert!(!ui.shell.station().exit_requested());
        ui.wait(1.0);
    }
}

#[test]
fn after_a_verdict_clears_nothing_on_screen_or_read_aloud_reveals_the_challenge() {
    for clear in ["a key", "ten seconds"] {
        let ui = Ui::start();
        ui.typed("2qzx cat\n").judge();
        assert_eq!(ui.screen(), UiScreen::Verdict);
        assert!(all_labels(&ui).iter().any(|l| l.contains("UNACCEPTABLE")));
        assert!(
            all_labels(&ui)
                .iter()
                .any(|l| l.to_uppercase().contains("SLIP 1")),
            "before clearing, the slip number is read aloud"
        );
        if clear == "a key" {
            ui.wait(2.1);
            ui.typed("x");
        } else {
            ui.wait(10.1);
        }
        assert_eq!(ui.screen(), UiScreen::Count, "cleared by {clear}");
        let api = ui.api();
        let shown = [
            api.get_title(),
            api.get_detail(),
            api.get_hint(),
            api.get_echo(),
            api.get_slip(),
            api.get_digits(),
            api.get_banner(),
        ]
        .map(|s| s.to_string())
        .join("|");
        // The slip number as the verdict screen showed it ("SLIP 1") and read it aloud ("Slip 1.").
        assert_eq!(
            api.get_slip(),
            "",
            "cleared by {clear}: the slip number is gone"
        );
        for secret in ["QZX", "CAT", "UNACCEPTABLE", "SLIP 1"] {
            assert!(
                !shown.to_uppercase().contains(secret),
                "cleared by {clear}: {shown}"
            );
            for label in all_labels(&ui) {
                assert!(
                    !label.to_uppercase().contains(secret),
                    "cleared by {clear}: read aloud: {label}"
                );
            }
        }
        assert!(ui.words().is_empty());
        let shot = Shot::take(&ui, &format!("cleared-by-{}", clear.replace(' ', "-")));
        assert!(shot.share(RED) == 0.0, "no trace of the red verdict");
    }
}

// ---------------------------------------------------------------------------------------------
// The people in front of the station (issue 26), at the real window.

#[test]
fn return_and_tab_in_one_burst_judge_nothing_at_the_window() {
    let ui = Ui::start();
    ui.typed("2qi za\n\t");
    assert_eq!(ui.screen(), UiScreen::Entry, "no verdict");
    assert!(!ui.api().get_ready());
    assert!(
        ui.api().get_hint().starts_with("not yet"),
        "{}",
        ui.api().get_hint()
    );
    assert!(ui.slips().is_empty());
    ui.wait(window::HANDOVER + 0.1);
    assert_eq!(
        ui.screen(),
        UiScreen::Entry,
        "the Tab was not kept for later"
    );
    ui.typed("\t");
    assert_eq!(ui.screen(), UiScreen::Verdict);
}

#[test]
fn tab_held_down_on_a_verdict_is_one_press_and_never_clears_it() {
    let ui = Ui::start();
    ui.typed("1qi\n");
    ui.wait(window::HANDOVER + 0.1);
    // The challenged player holds Tab: the first press judges, 40 repeats (1.6 s at 25 Hz) do
    // nothing, and neither do the taps after.
    let w = ui.window.window();
    w.dispatch_event(WindowEvent::KeyPressed { text: "\t".into() });
    assert_eq!(ui.screen(), UiScreen::Verdict);
    for _ in 0..40 {
        ui.wait(0.04);
        w.dispatch_event(WindowEvent::KeyPressRepeated { text: "\t".into() });
    }
    w.dispatch_event(WindowEvent::KeyReleased { text: "\t".into() });
    for _ in 0..8 {
        ui.wait(0.12);
        ui.typed("\t");
    }
    assert_eq!(ui.screen(), UiScreen::Verdict, "Tab held and tapped");
    // A held letter is one press too: after the two seconds, its repeats clear nothing more.
    ui.hold("x", 10);
    assert_eq!(
        ui.screen(),
        UiScreen::Count,
        "a fresh, different key clears it"
    );
    assert_eq!(
        ui.api().get_hint(),
        "",
        "one press of x: its repeats on the count screen would say \"press 1 to 8\""
    );
    // A fresh x a second after the clear (within it, a key that means nothing on the count
    // screen is taken for the clearing key again and ignored: protocol tests).
    ui.wait(1.1);
    ui.typed("x");
    assert_eq!(ui.api().get_hint(), "press 1 to 8", "as a fresh x does");
}

#[test]
fn the_directors_commands_by_touch_ask_before_pinning_and_the_detail_asks_the_pin_again() {
    let ui = Ui::start_with(window::with_a_club_division);
    ui.typed("12qi zq\n").judge();
    ui.wait(2.1);
    ui.typed(" ");
    ui.chord("d");
    ui.typed(&format!("{}\n", common::DEMO_PIN));
    assert_eq!(ui.screen(), UiScreen::Director);
    // Pin by touch: the command, the division, then Yes.
    ui.press("Pin a division (P)");
    ui.press("2  Club");
    assert!(ui.api().get_title().starts_with("Pin the station to Club?"));
    assert!(
        ui.shell.station().view(ui.now.get()).division.is_empty(),
        "not yet"
    );
    ui.press("Yes (Enter)");
    let lines = window::strings(ui.api().get_director_lines());
    assert!(
        lines.contains(&"Pinned: every challenge is judged in Club (no division menu).".to_owned()),
        "{lines:?}"
    );
    // The detail: D, the number, then the PIN again before anything shows.
    ui.press("Slip detail (D)");
    ui.typed("1\n");
    assert_eq!(ui.screen(), UiScreen::Pin);
    assert!(!all_labels(&ui).iter().any(|l| l.contains("NOT acceptable")));
    ui.typed(&format!("{}\n", common::DEMO_PIN));
    assert!(window::strings(ui.api().get_director_lines())
        .iter()
        .any(|l| l.contains("ZQ") && l.contains("✗ NOT acceptable")));
    ui.wait(10.1);
    assert!(
        !window::strings(ui.api().get_director_lines())
            .iter()
            .any(|l| l.contains('✗')),
        "gone after 10 s"
    );
    // Ctrl+Alt+D again: back to the players.
    ui.chord("d");
    assert_eq!(ui.screen(), UiScreen::Count, "pinned: no menu");
}

#[test]
fn second_opinion_is_drawn_dimmed_where_it_cannot_act_and_a_touch_says_why() {
    let ui = Ui::start();
    assert!(ui.api().get_second_opinion_ready());
    ui.typed("2qi");
    assert!(!ui.api().get_second_opinion_ready());
    ui.press("SECOND OPINION (F2)");
    assert_eq!(
        ui.api().get_hint(),
        "SECOND OPINION: clear the words first (Esc), then press it again"
    );
    assert_eq!(ui.words(), ["QI", ""], "nothing lost");
}

#[test]
fn an_out_of_service_division_is_drawn_so_on_the_menu() {
    let ui = Ui::start_with(|dir| {
        window::with_a_club_division(dir);
        std::fs::write(dir.join("lexicons/CLUB.fst"), b"not a lexicon").unwrap();
    });
    assert_eq!(ui.screen(), UiScreen::ChooseDivision);
    let in_service: Vec<bool> = ui.api().get_choices_in_service().iter().collect();
    assert_eq!(in_service, [true, false]);
    let club = ui.element("2  Club — OUT OF SERVICE");
    assert_eq!(
        club.accessible_enabled(),
        Some(false),
        "read as unavailable"
    );
    club.invoke_accessible_default_action();
    assert_eq!(
        ui.api().get_hint(),
        "Club is out of service: call the director"
    );
}

/// The sway configuration paints the output in the theme's background (what shows for a moment
/// before the station's first frame): a copy a configuration file cannot avoid, held to the theme.
#[test]
fn the_sway_configuration_paints_the_themes_background() {
    let config = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../deploy/sway/config"
    ))
    .unwrap();
    let [r, g, b] = window::theme_colour("background");
    let want = format!("output * bg #{r:02x}{g:02x}{b:02x} solid_color");
    assert!(
        config.lines().any(|l| l.trim() == want),
        "deploy/sway/config should have `{want}`"
    );
}
