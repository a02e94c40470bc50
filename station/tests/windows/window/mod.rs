//! The station's window on Slint's testing backend, shared by the window tests: the backend with
//! a software renderer and mocked time, and `Ui`, the demo station in its window, typed into and
//! touched as players would.

#![allow(dead_code)]

use std::cell::Cell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use i_slint_backend_testing::{mock_elapsed_time, ElementHandle};
use slint::platform::WindowEvent;
use slint::{ComponentHandle, Model};

use wordjudge::sliplog;
use wordjudge_station::{Api, Clock, Shell, StationWindow, UiScreen};

use crate::common;

pub mod fit;
mod theme;
#[allow(unused_imports)] // (not every window test looks at colours)
pub use theme::theme_colour;

/// The hand-over pause by default (`[screen] handover_seconds`).
pub const HANDOVER: f64 = 1.0;

thread_local! {
    static BACKEND: Cell<bool> = const { Cell::new(false) };
}

/// The testing backend, once per test thread.
pub fn backend() {
    BACKEND.with(|ready| {
        if !ready.get() {
            // The testing backend with a real software renderer, so `take_snapshot` draws the
            // window with the bundled fonts; time is mocked, and there is no event loop.
            let options = i_slint_backend_testing::testing_backend::TestingBackendOptions {
                mock_time: true,
                threading: false,
                renderer_name: Some("software".into()),
            };
            slint::platform::set_platform(Box::new(
                i_slint_backend_testing::testing_backend::TestingBackend::new(options),
            ))
            .expect("no other Slint platform in this test thread");
            ready.set(true);
        }
    });
}

pub struct Ui {
    pub window: StationWindow,
    pub shell: Rc<Shell>,
    pub now: Rc<Cell<f64>>,
    pub dir: tempfile::TempDir,
}

impl Ui {
    /// The demo station, or `dir` after `edit` changed its configuration.
    pub fn start_with(edit: impl FnOnce(&std::path::Path)) -> Ui {
        backend();
        let dir = common::demo_station();
        edit(dir.path());
        let window = StationWindow::new().expect("window");
        let now = Rc::new(Cell::new(0.0));
        let clock_now = now.clone();
        let clock: Clock = Rc::new(move || clock_now.get());
        let station = wordjudge::station_files::start(dir.path().join("kiosk.toml"));
        let shell = Shell::install(&window, station, clock);
        window.show().expect("show");
        Ui {
            window,
            shell,
            now,
            dir,
        }
    }

    pub fn start() -> Ui {
        Ui::start_with(|_| {})
    }

    pub fn api(&self) -> Api<'_> {
        self.window.global::<Api>()
    }

    pub fn key_text(&self, text: &str) {
        let w = self.window.window();
        w.dispatch_event(WindowEvent::KeyPressed { text: text.into() });
        w.dispatch_event(WindowEvent::KeyReleased { text: text.into() });
    }

    /// Types `text`, one key per character (`\t` is Tab, `\n` Enter, `\u{1b}` Esc).
    pub fn typed(&self, text: &str) -> &Ui {
        for c in text.chars() {
            self.key_text(&c.to_string());
        }
        self
    }

    /// The challenged player, once the challenger handed over: the hand-over pause passes,
    /// then Tab.
    pub fn judge(&self) -> &Ui {
        // (A tick more than the pause: mocked time moves in tenths, which do not add up to
        // exactly one, and the window is redrawn on the tick.)
        self.wait(HANDOVER + 0.1);
        self.typed("\t")
    }

    /// Plays `keys` as players do: typed, except that each Tab after an Enter (JUDGE after the
    /// hand-over) waits for the hand-over pause first.
    pub fn play(&self, keys: &str) -> &Ui {
        let mut parts = keys.split("\n\t").peekable();
        while let Some(part) = parts.next() {
            if parts.peek().is_some() {
                self.typed(part).typed("\n").judge();
            } else {
                self.typed(part);
            }
        }
        self
    }

    /// A key held down: pressed, `repeats` auto-repeats, released.
    pub fn hold(&self, text: &str, repeats: usize) {
        let w = self.window.window();
        w.dispatch_event(WindowEvent::KeyPressed { text: text.into() });
        for _ in 0..repeats {
            w.dispatch_event(WindowEvent::KeyPressRepeated { text: text.into() });
        }
        w.dispatch_event(WindowEvent::KeyReleased { text: text.into() });
    }

    /// A key pressed with Ctrl and Alt held.
    pub fn chord(&self, letter: &str) {
        let w = self.window.window();
        for m in ["\u{11}", "\u{12}"] {
            w.dispatch_event(WindowEvent::KeyPressed { text: m.into() });
        }
        self.key_text(letter);
        for m in ["\u{12}", "\u{11}"] {
            w.dispatch_event(WindowEvent::KeyReleased { text: m.into() });
        }
    }

    /// Lets `seconds` pass: the station's clock and Slint's timers both move.
    pub fn wait(&self, seconds: f64) {
        // In steps of at most one tick, as the real timer would fire.
        let mut left = seconds;
        while left > 1e-9 {
            let step = left.min(0.1);
            self.now.set(self.now.get() + step);
            mock_elapsed_time(Duration::from_secs_f64(step));
            left -= step;
        }
    }

    pub fn screen(&self) -> UiScreen {
        self.api().get_screen()
    }

    /// The one element with this accessible label (buttons, the verdict).
    pub fn element(&self, label: &str) -> ElementHandle {
        let found: Vec<_> = ElementHandle::find_by_accessible_label(&self.window, label).collect();
        assert_eq!(found.len(), 1, "elements labelled {label:?}");
        found.into_iter().next().unwrap()
    }

    /// A finger on the screen at (`x`, `y`) in logical pixels, pressed and lifted: what a touch
    /// screen delivers (winit turns a touch into these pointer events), not an accessibility
    /// action.
    pub fn tap_at(&self, x: f32, y: f32) {
        use slint::platform::PointerEventButton;
        let w = self.window.window();
        let position = slint::LogicalPosition::new(x, y);
        w.dispatch_event(WindowEvent::PointerMoved { position });
        w.dispatch_event(WindowEvent::PointerPressed {
            position,
            button: PointerEventButton::Left,
        });
        w.dispatch_event(WindowEvent::PointerReleased {
            position,
            button: PointerEventButton::Left,
        });
        w.dispatch_event(WindowEvent::PointerExited);
    }

    /// A finger in the middle of the one element labelled `label`.
    pub fn tap(&self, label: &str) {
        let e = self.element(label);
        let (p, s) = (e.absolute_position(), e.size());
        self.tap_at(p.x + s.width / 2.0, p.y + s.height / 2.0);
    }

    pub fn press(&self, label: &str) {
        self.element(label).invoke_accessible_default_action();
    }

    pub fn log(&self) -> PathBuf {
        self.dir.path().join("slips.jsonl")
    }

    pub fn slips(&self) -> Vec<sliplog::Slip> {
        match sliplog::read(&self.log()) {
            Ok(c) => c.slips,
            Err(_) => Vec::new(),
        }
    }

    pub fn words(&self) -> Vec<String> {
        self.api()
            .get_words()
            .iter()
            .map(|l| l.text.to_string())
            .collect()
    }
}

/// The strings of a Slint model (director lines, tile keys, a word's tiles), for asserting on.
pub fn strings(model: slint::ModelRc<slint::SharedString>) -> Vec<String> {
    model.iter().map(|s| s.to_string()).collect()
}

/// Saves the window as target/tmp/screenshots/NAME-WxH.png; its path.
pub fn screenshot(ui: &Ui, name: &str) -> PathBuf {
    let buffer = ui.window.window().take_snapshot().expect("snapshot");
    let (width, height) = (buffer.width(), buffer.height());
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    let path = dir.join(format!("{name}-{width}x{height}.png"));
    let file = std::io::BufWriter::new(std::fs::File::create(&path).expect("png file"));
    let mut encoder = png::Encoder::new(file, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("png header");
    writer
        .write_image_data(buffer.as_bytes())
        .expect("png data");
    path
}

/// Adds a second division, "Club", whose lexicon holds ZO (the demo lexicon does not).
pub fn with_a_club_division(dir: &std::path::Path) {
    let config = dir.join("kiosk.toml");
    let words = ["QI", "ZO", "CAT"]
        .iter()
        .map(|w| wordjudge::lexicon::word::Word::parse(w).unwrap())
        .collect();
    let compiled = wordjudge::lexicon::compile::compile(words).unwrap();
    wordjudge::config::store::add(
        &config,
        "CLUB",
        &compiled,
        Some("Club list"),
        compiled.content_sha256,
    )
    .unwrap();
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str("\n[divisions.club]\ntitle = \"Club\"\nprimary = \"CLUB\"\n");
    std::fs::write(&config, text).unwrap();
}

/// The demo station's folder, its configuration replaced by one division judged with a lexicon
/// of `words` in `alphabet`; `screen` is added to its `[screen]` section.
pub fn tile_station(dir: &std::path::Path, alphabet: &str, words: &[&str], screen: &str) {
    let a = wordjudge::lexicon::alphabet::by_name(alphabet).expect("a known alphabet");
    let words = words
        .iter()
        .map(|w| {
            wordjudge::lexicon::word::Word::parse_in(a, w).unwrap_or_else(|e| panic!("{w}: {e}"))
        })
        .collect();
    let c = wordjudge::lexicon::compile::compile(words).expect("compiled");
    std::fs::write(dir.join("lexicons/tiles.fst"), &c.fst).expect("lexicon written");
    let demo = std::fs::read_to_string(dir.join("kiosk.toml")).expect("demo configuration");
    let pin = demo
        .lines()
        .find(|l| l.starts_with("director_pin"))
        .expect("the demo's director PIN");
    let config = format!(
        r#"[station]
id = "tile-station"
diagnostic_log = "wordjudge.log"
slip_log = "slips.jsonl"
max_words = 8
{pin}

[lexicons.TILES]
file = "lexicons/tiles.fst"
sha256 = "{sha256}"
words = {count}
title = "{alphabet} test lexicon"
alphabet = "{alphabet}"

[divisions.main]
title = "Main"
primary = "TILES"

[screen]
count_first = true
{screen}
"#,
        sha256 = c.fst_sha256,
        count = c.words,
    );
    std::fs::write(dir.join("kiosk.toml"), config).expect("configuration written");
}
