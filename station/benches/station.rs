//! The station window under load, with two 280,000-word lexicons (two divisions).
//!
//! Targets (issue 5): start to first frame ≤ 1 s; JUDGE key to verdict frame ≤ 16 ms including
//! the fsynced slip write; resident memory ≤ 100 MiB; 10,000 consecutive adjudications through
//! the UI without memory growth.
//!
//! In-process part: the real `StationWindow` and `Shell` on a `MinimalSoftwareWindow` with mocked
//! time; a "frame" is what the event loop of the real window does after an event: run due timers,
//! then let the software renderer repaint what changed into the frame buffer (the same renderer
//! the station uses with `SLINT_BACKEND=winit-software`; handing the buffer to the display server
//! is not included).
//! Real-binary part (needs Xvfb and xdotool): `wordjudge-station` on an X server, its first frame
//! found by reading one pixel of the screen with an X `GetImage` request in a loop, peak RSS from
//! /proc. A station that shows nothing within 20 s is an error, not a sample.
//!
//! A target that is missed is printed NOT MET and makes the run exit with status 1.
//!
//! Run: `cargo bench -p wordjudge-station --bench station`.

// A test or benchmark may be long: the 80-line rule is for the program (clippy.toml).
#![allow(clippy::too_many_lines)]

#[path = "../../benches/common/mod.rs"]
mod common;
#[path = "../tests/windows/window/theme.rs"]
mod theme;
use theme::theme_colour;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use std::cell::{Cell, RefCell};

use slint::platform::software_renderer::{
    MinimalSoftwareWindow, PremultipliedRgbaColor, RepaintBufferType,
};
use slint::platform::{Platform, WindowEvent};
use slint::ComponentHandle;

use wordjudge::config::{record_lexicon, Recorded};
use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::word::Word;
use wordjudge_station::{Api, Clock, Shell, StationWindow, UiScreen};

const WORDS: usize = 280_000;
const ADJUDICATIONS: usize = 10_000;

thread_local! {
    /// Targets this run missed; any makes the benchmark exit with status 1.
    static MISSED: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Records whether `what` met its target, and says so.
fn target(what: &str, met: bool) -> &'static str {
    if met {
        "met"
    } else {
        MISSED.with(|m| m.borrow_mut().push(what.to_owned()));
        "NOT MET"
    }
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn rss_kib(field: &str, pid: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// A station directory with lexicons ONE and TWO (280k words each, different content) and a
/// division for each.
fn station(dir: &Path, words: &[Word]) -> PathBuf {
    let config = dir.join("kiosk.toml");
    std::fs::create_dir_all(dir.join("lexicons")).unwrap();
    std::fs::write(
        &config,
        "[station]\nid = \"bench\"\n\n[screen]\nask_table = true\n\n[divisions.one]\nprimary = \"ONE\"\n\n[divisions.two]\nprimary = \"TWO\"\n",
    )
    .unwrap();
    for (code, list) in [
        ("ONE", &words[..WORDS]),
        ("TWO", &words[words.len() - WORDS..]),
    ] {
        let compiled = compile(list.to_vec()).expect("compiles");
        let file = dir.join(format!("lexicons/{code}.fst"));
        std::fs::write(&file, &compiled.fst).unwrap();
        let title = format!("bench {code}");
        let recorded = Recorded::new(code, file, &compiled, title, compiled.content_sha256);
        record_lexicon(&config, &recorded).unwrap();
    }
    config
}

/// The bench's Slint platform: windows are `MinimalSoftwareWindow`s drawn with the software
/// renderer into a buffer kept between frames (partial repaint, as the real window does), and
/// time is mocked so timers run without waiting.
struct BenchPlatform {
    window: WindowSlot,
    time: MockTime,
}

/// The window the platform made last.
type WindowSlot = Rc<RefCell<Option<Rc<MinimalSoftwareWindow>>>>;
/// Slint's clock in the bench.
type MockTime = Rc<Cell<Duration>>;

impl Platform for BenchPlatform {
    fn create_window_adapter(
        &self,
    ) -> Result<Rc<dyn slint::platform::WindowAdapter>, slint::PlatformError> {
        let window = MinimalSoftwareWindow::new(RepaintBufferType::ReusedBuffer);
        *self.window.borrow_mut() = Some(window.clone());
        Ok(window)
    }

    fn duration_since_start(&self) -> Duration {
        self.time.get()
    }
}

thread_local! {
    static PLATFORM: (WindowSlot, MockTime) = {
        let window = Rc::new(RefCell::new(None));
        let time = Rc::new(Cell::new(Duration::ZERO));
        slint::platform::set_platform(Box::new(BenchPlatform {
            window: window.clone(),
            time: time.clone(),
        }))
        .expect("the only Slint platform");
        (window, time)
    };
}

struct Headless {
    window: StationWindow,
    adapter: Rc<MinimalSoftwareWindow>,
    buffer: RefCell<Vec<PremultipliedRgbaColor>>,
    width: usize,
    _shell: Rc<Shell>,
}

impl Headless {
    fn start(config: &Path, width: u32, height: u32) -> Headless {
        PLATFORM.with(|_| ()); // the platform must be set before the first window
        let window = StationWindow::new().expect("window");
        let adapter = PLATFORM.with(|(w, _)| w.borrow().clone().expect("a window adapter"));
        adapter.set_size(slint::PhysicalSize::new(width, height));
        let clock: Clock = Rc::new(|| PLATFORM.with(|(_, t)| t.get().as_secs_f64()));
        let shell = Shell::install(
            &window,
            wordjudge::station_files::start(config.to_path_buf()),
            clock,
        );
        window.show().expect("show");
        Headless {
            window,
            adapter,
            buffer: RefCell::new(vec![
                PremultipliedRgbaColor::default();
                (width * height) as usize
            ]),
            width: width as usize,
            _shell: shell,
        }
    }

    fn key(&self, text: &str) {
        let w = self.window.window();
        w.dispatch_event(WindowEvent::KeyPressed { text: text.into() });
        w.dispatch_event(WindowEvent::KeyReleased { text: text.into() });
    }

    fn typed(&self, text: &str) {
        for c in text.chars() {
            self.key(&c.to_string());
        }
    }

    /// Draws what changed since the last frame, as the window's event loop does; false if
    /// nothing had changed.
    fn frame(&self) -> bool {
        slint::platform::update_timers_and_animations();
        self.adapter.draw_if_needed(|renderer| {
            renderer.render(&mut self.buffer.borrow_mut(), self.width);
        })
    }

    /// Draws the whole window again.
    fn full_frame(&self) {
        self.adapter.request_redraw();
        self.window.window().request_redraw();
        let mut buffer = self.buffer.borrow_mut();
        self.adapter.draw_if_needed(|renderer| {
            renderer.set_repaint_buffer_type(RepaintBufferType::NewBuffer);
            renderer.render(&mut buffer, self.width);
            renderer.set_repaint_buffer_type(RepaintBufferType::ReusedBuffer);
        });
    }

    fn wait(&self, seconds: f64) {
        PLATFORM.with(|(_, t)| t.set(t.get() + Duration::from_secs_f64(seconds)));
        slint::platform::update_timers_and_animations();
    }
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    // STATION_BENCH=screen: only key → verdict on the real screen (what issue 28 measures).
    let only_screen = std::env::var("STATION_BENCH").is_ok_and(|v| v == "screen");
    let Some(words) = common::words(WORDS + 20_000) else {
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let config = station(dir.path(), &words);
    choose_plays(&words[words.len() - WORDS..WORDS]);
    let sizes: Vec<u64> = ["ONE", "TWO"]
        .iter()
        .map(|c| {
            std::fs::metadata(dir.path().join(format!("lexicons/{c}.fst")))
                .unwrap()
                .len()
        })
        .collect();
    println!(
        "station with two {WORDS}-word lexicons ({} and {} bytes)",
        sizes[0], sizes[1]
    );

    if only_screen {
        on_screen(&config);
        return;
    }
    // Start: read and verify both lexicons, build the window, render the first frame.
    let mut verify = Vec::new();
    let mut first = Vec::new();
    for _ in 0..7 {
        let t = Instant::now();
        let station = wordjudge::station_files::start(config.clone());
        verify.push(t.elapsed());
        drop(station);
        let t = Instant::now();
        let ui = Headless::start(&config, 1920, 1080);
        ui.frame();
        first.push(t.elapsed());
        assert_eq!(
            ui.window.global::<Api>().get_screen(),
            UiScreen::ChooseDivision
        );
    }
    let first_median = median(&mut first);
    println!(
        "  start: verify both lexicons median {:.1} ms; to first 1920x1080 frame median {:.1} ms (target <= 1000 ms: {})",
        ms(median(&mut verify)),
        ms(first_median),
        target("first frame in process", first_median <= Duration::from_secs(1))
    );

    // JUDGE key to verdict frame, slip fsynced.
    judge_to_verdict(&config, 1920, 1080);
    judge_to_verdict(&config, 1024, 600);

    // 10,000 adjudications through the window, each verdict rendered (1024x600).
    let ui = Headless::start(&config, 1024, 600);
    let me = "self";
    let mut samples = Vec::new();
    let mut hand_overs = Vec::new();
    let t = Instant::now();
    for i in 1..=ADJUDICATIONS {
        let hand_over = play(&ui, "2", i);
        if i > ADJUDICATIONS - 1000 {
            hand_overs.push(hand_over);
        }
        ui.key("\t");
        ui.frame();
        clear(&ui);
        if i % 1000 == 0 {
            samples.push(rss_kib("VmRSS", me));
        }
    }
    let elapsed = t.elapsed();
    let log = dir.path().join("slips.jsonl");
    let log_bytes = std::fs::metadata(&log).map(|m| m.len()).unwrap_or(0);
    let lines = std::fs::read_to_string(&log)
        .map(|s| s.lines().count())
        .unwrap_or(0);
    assert_eq!(
        lines,
        2 * 300 + ADJUDICATIONS,
        "every adjudication has its slip"
    );
    let growth = samples[samples.len() - 1] as i64 - samples[0] as i64;
    println!(
        "  {ADJUDICATIONS} adjudications through the window in {:.1} s ({:.2} ms each, rendered); RSS after 1,000: {} KiB, after 10,000: {} KiB, growth {growth} KiB (target: no growth beyond 1 MiB of noise: {})",
        elapsed.as_secs_f64(),
        ms(elapsed) / ADJUDICATIONS as f64,
        samples[0],
        samples[samples.len() - 1],
        target("no memory growth", growth <= 1024)
    );
    println!(
        "  slip log: {lines} slips, {log_bytes} bytes ({} bytes per slip)",
        log_bytes / lines.max(1) as u64
    );
    hand_overs.sort();
    println!(
        "  Enter (hand-over) to its frame, the re-challenge guard reading the last slips of that log, last 1,000 plays: median {:.2} ms, p99 {:.2} ms",
        ms(percentile(&hand_overs, 0.5)),
        ms(percentile(&hand_overs, 0.99))
    );
    println!(
        "  RSS samples every 1,000 (KiB): {samples:?}; this benchmark process peak {} KiB",
        rss_kib("VmHWM", me)
    );
    drop(ui);

    real_binary(&config);
    on_screen(&config);

    let missed = MISSED.with(|m| m.borrow().clone());
    if !missed.is_empty() {
        eprintln!("targets NOT MET: {}", missed.join(", "));
        std::process::exit(1);
    }
}

/// Key → verdict on the real screen at 1920x1080 and 1024x600 (target: one frame at 60 Hz,
/// 16.7 ms, at 1920x1080, at the median; p90 printed too).
fn on_screen(config: &Path) {
    if !["Xvfb", "xdotool", "openbox"].into_iter().all(have) {
        println!("  key to verdict on screen: SKIPPED (needs Xvfb, openbox and xdotool)");
        return;
    }
    for (width, height, display) in [(1920, 1080, ":57"), (1024, 600, ":56")] {
        let Some(s) = key_to_verdict_on_screen(config, display, width, height) else {
            println!("  key to verdict on screen: SKIPPED (Xvfb did not start)");
            return;
        };
        let median = percentile(&s, 0.5);
        let mut line = format!(
            "  real binary full screen under openbox {width}x{height}: Tab (XTest) to verdict on screen median {:.1} ms, p90 {:.1} ms, min {:.1} ms, max {:.1} ms ({} plays, slip and head fsynced)",
            ms(median),
            ms(percentile(&s, 0.9)),
            ms(s[0]),
            ms(s[s.len() - 1]),
            s.len()
        );
        if width == 1920 {
            line.push_str(&format!(
                " (target <= 16.7 ms: {})",
                target(
                    "key to verdict on screen at 1920x1080",
                    median.as_secs_f64() <= 0.0167
                )
            ));
        }
        println!("{line}");
    }
}

/// The plays' words, in turn: four plays whose words both lexicons hold, chosen from the list by
/// length (as `quixotic zyzzyva`, `aa` and `qi za cat dog ox xylophonist reruns overeats`, which
/// these plays were before: not every one of those is in both lists), and between them one
/// judged UNACCEPTABLE, made of words of its own each time ([`failing_play`]): the re-challenge
/// guard refuses any play holding part of an UNACCEPTABLE play judged at the station within the
/// window, whatever table is typed.
static GOOD_PLAYS: std::sync::OnceLock<[String; 3]> = std::sync::OnceLock::new();

/// Chooses [`GOOD_PLAYS`] from `both`, words every lexicon of the station holds.
fn choose_plays(both: &[Word]) {
    let mut used = std::collections::HashSet::new();
    let mut of_length = |n: usize| -> String {
        let word = both
            .iter()
            .map(|w| w.to_string().to_lowercase())
            .find(|w| w.chars().count() == n && !used.contains(w))
            .expect("a word of that length in both lexicons");
        used.insert(word.clone());
        word
    };
    let play = |lengths: &[usize], of_length: &mut dyn FnMut(usize) -> String| {
        let words: Vec<String> = lengths.iter().map(|&n| of_length(n)).collect();
        format!("{}{}", words.len(), words.join(" "))
    };
    let plays = [
        play(&[8, 7], &mut of_length),
        play(&[2], &mut of_length),
        play(&[2, 2, 3, 3, 2, 11, 6, 8], &mut of_length),
    ];
    let _ = GOOD_PLAYS.set(plays);
}

/// Three words no list holds and no other play shares: `qzx`, `qzy` and `qzz` followed by `i`
/// in letters.
fn failing_play(i: usize) -> String {
    let mut tail = String::new();
    let mut n = i;
    loop {
        tail.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
        if n == 0 {
            break;
        }
    }
    format!("3qzx{tail} qzy{tail} qzz{tail}")
}

/// The words of play `i` (its count first).
fn play_words(i: usize) -> String {
    let good = GOOD_PLAYS.get().expect("plays chosen");
    match i % 4 {
        0 => good[0].clone(),
        1 => failing_play(i),
        2 => good[1].clone(),
        _ => good[2].clone(),
    }
}

/// Play `i` in `division` ("1" or "2"), as a pair does: the division, a table, the count and the
/// words, Enter, and the hand-over pause; JUDGE is the caller's. Returns how long Enter took to
/// the frame that shows the hand-over (the re-challenge check reads the end of the log).
fn play(ui: &Headless, division: &str, i: usize) -> Duration {
    ui.typed(division);
    ui.typed(&format!("{}\n", i % 1000 + 1));
    ui.typed(&play_words(i));
    ui.frame();
    let t = Instant::now();
    ui.key("\n");
    ui.frame();
    let hand_over = t.elapsed();
    ui.wait(1.1);
    hand_over
}

/// The verdict held its two seconds; a key clears it for the next pair.
fn clear(ui: &Headless) {
    ui.wait(2.1);
    ui.key(" ");
}

/// 300 plays: the time from the JUDGE key to the verdict frame drawn (adjudication, fsynced slip
/// write, view update, repaint), and a full repaint of the verdict screen alone.
fn judge_to_verdict(config: &Path, width: u32, height: u32) {
    let ui = Headless::start(config, width, height);
    let mut judge = Vec::new();
    let mut render_only = Vec::new();
    for i in 0..300 {
        // (Plays numbered apart from every other part's: a failing play's words are its own.)
        let _ = play(&ui, "1", width as usize * 1000 + i);
        ui.frame(); // the entry screen is on screen before JUDGE
        let t = Instant::now();
        ui.key("\t");
        assert!(
            ui.frame(),
            "JUDGE changed the screen (play {i}, {:?}, screen {:?})",
            play_words(width as usize * 1000 + i),
            ui.window.global::<Api>().get_screen()
        );
        judge.push(t.elapsed());
        assert_eq!(ui.window.global::<Api>().get_screen(), UiScreen::Verdict);
        let t = Instant::now();
        ui.full_frame();
        render_only.push(t.elapsed());
        clear(&ui);
    }
    judge.sort();
    render_only.sort();
    let p99 = percentile(&judge, 0.99);
    println!(
        "  JUDGE key to verdict frame ({width}x{height}, slip fsynced): median {:.2} ms, p99 {:.2} ms, max {:.2} ms (target p99 <= 16 ms: {}); repainting the verdict screen alone: median {:.2} ms",
        ms(percentile(&judge, 0.5)),
        ms(p99),
        ms(judge[judge.len() - 1]),
        target(
            &format!("JUDGE to verdict frame at {width}x{height}"),
            p99 <= Duration::from_millis(16)
        ),
        ms(percentile(&render_only, 0.5))
    );
}

/// One pixel of the X screen, read with a single `GetImage` request (well under a millisecond;
/// a screenshot through `xwd | convert` took about 50 ms, which made the old first-frame figure
/// mostly polling).
struct PixelProbe {
    conn: x11rb::rust_connection::RustConnection,
    root: u32,
}

impl PixelProbe {
    fn connect(display: &str) -> Option<PixelProbe> {
        let (conn, screen) = x11rb::connect(Some(display)).ok()?;
        use x11rb::connection::Connection;
        let root = conn.setup().roots[screen].root;
        Some(PixelProbe { conn, root })
    }

    /// The pixel at (x, y) as [r, g, b].
    fn pixel(&self, x: i16, y: i16) -> Option<[u8; 3]> {
        use x11rb::protocol::xproto::{ConnectionExt, ImageFormat};
        let reply = self
            .conn
            .get_image(ImageFormat::Z_PIXMAP, self.root, x, y, 1, 1, !0)
            .ok()?
            .reply()
            .ok()?;
        // 24-bit TrueColor on a little-endian server: B, G, R, pad.
        let d = reply.data;
        (d.len() >= 3).then(|| [d[2], d[1], d[0]])
    }
}

impl PixelProbe {
    /// The key code of `keysym` in the server's keyboard map.
    fn keycode(&self, keysym: u32) -> u8 {
        use x11rb::connection::Connection;
        use x11rb::protocol::xproto::ConnectionExt;
        let setup = self.conn.setup();
        let (min, max) = (setup.min_keycode, setup.max_keycode);
        let map = self
            .conn
            .get_keyboard_mapping(min, max - min + 1)
            .unwrap()
            .reply()
            .unwrap();
        let per = map.keysyms_per_keycode as usize;
        let i = map
            .keysyms
            .iter()
            .position(|&k| k == keysym)
            .expect("the key is in the keyboard map");
        min + (i / per) as u8
    }

    /// Presses and releases `keycode` as the X server's own input (XTest), and returns once the
    /// server has it.
    fn press(&self, keycode: u8) {
        use x11rb::connection::Connection;
        use x11rb::protocol::xproto::{KEY_PRESS_EVENT, KEY_RELEASE_EVENT};
        use x11rb::protocol::xtest::ConnectionExt;
        for kind in [KEY_PRESS_EVENT, KEY_RELEASE_EVENT] {
            self.conn
                .xtest_fake_input(kind, keycode, 0, self.root, 0, 0, 0)
                .unwrap();
        }
        self.conn.flush().unwrap();
    }
}

/// A child process killed when dropped: a failed run leaves no X server or station behind.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// An X server (Xvfb) on `display` at `width`×`height`, and a probe of its screen once it
/// answers; `None` if it does not within 10 s.
fn xvfb(display: &str, width: u32, height: u32) -> Option<(Killed, PixelProbe)> {
    let server = Killed(
        Command::new("Xvfb")
            .args([display, "-screen", "0", &format!("{width}x{height}x24")])
            .args(["-nolisten", "tcp"])
            .stderr(Stdio::null())
            .spawn()
            .ok()?,
    );
    let started = Instant::now();
    loop {
        if let Some(probe) = PixelProbe::connect(display) {
            return Some((server, probe));
        }
        if started.elapsed() > Duration::from_secs(10) {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `wordjudge-station ARGS --config CONFIG` started on X display `display` with the software
/// renderer (the deployment's).
fn station_on(display: &str, config: &Path, args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_wordjudge-station"))
        .args(args)
        .arg("--config")
        .arg(config)
        .env("DISPLAY", display)
        .env("SLINT_BACKEND", "winit-software")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("wordjudge-station")
}

/// Key → verdict on screen with the real program full screen under Xvfb and openbox (the
/// deployment's X window manager, `deploy/openbox/rc.xml`): Tab pressed through XTest, the time
/// until a pixel of the screen is the verdict's colour, by X `GetImage` (a request every few
/// hundredths of a millisecond). Includes everything: the X server delivering the key, the
/// event loop, the adjudication with both fsyncs, the repaint and the frame reaching the server.
fn key_to_verdict_on_screen(
    config: &Path,
    display: &str,
    width: u32,
    height: u32,
) -> Option<Vec<Duration>> {
    let (_xvfb, probe) = xvfb(display, width, height)?;
    let rc = concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/openbox/rc.xml");
    let _wm = Command::new("openbox")
        .args(["--config-file", rc])
        .env("DISPLAY", display)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()
        .map(Killed);
    std::thread::sleep(Duration::from_millis(500));
    let _station = Killed(station_on(display, config, &[]));
    let background = theme_colour("background");
    let verdicts = [theme_colour("acceptable"), theme_colour("unacceptable")];
    // The window fills the screen: its bottom-right corner is the theme's background.
    let corner = ((width - 5) as i16, (height - 5) as i16);
    let t = Instant::now();
    while probe.pixel(corner.0, corner.1) != Some(background) {
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "the station is not full screen after 20 s"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let tab = probe.keycode(0xff09);
    let type_keys = |keys: &str| {
        let _ = Command::new("xdotool")
            .args(["type", "--delay", "15", keys])
            .env("DISPLAY", display)
            .status();
    };
    let mut samples = Vec::new();
    for i in 0..25 {
        // Division, a table, the play; JUDGE after the hand-over pause. (The failing plays are
        // words of their own at each size: part of an UNACCEPTABLE play within 15 minutes is a
        // re-challenge, and the station refuses it.)
        type_keys(&format!("{}", 1 + i % 2));
        type_keys(&format!("{}\n", width as usize + i));
        type_keys(&format!("{}\n", play_words(width as usize * 100 + i)));
        std::thread::sleep(Duration::from_millis(1300));
        let before = probe.pixel(corner.0, corner.1);
        assert!(
            !before.is_some_and(|p| verdicts.contains(&p)),
            "a verdict before JUDGE"
        );
        let t = Instant::now();
        probe.press(tab);
        loop {
            if probe
                .pixel(corner.0, corner.1)
                .is_some_and(|p| verdicts.contains(&p))
            {
                samples.push(t.elapsed());
                break;
            }
            if t.elapsed() > Duration::from_secs(5) {
                let shot =
                    std::env::temp_dir().join(format!("key-to-verdict-{width}x{height}.png"));
                let _ = Command::new("sh")
                    .arg("-c")
                    .arg(format!(
                        "xwd -root -silent -display {display} | convert xwd:- {}",
                        shot.display()
                    ))
                    .status();
                panic!(
                    "no verdict 5 s after JUDGE (play {i}); the screen: {}",
                    shot.display()
                );
            }
        }
        // The verdict's hold, then a key clears it.
        std::thread::sleep(Duration::from_millis(2200));
        type_keys(" ");
        std::thread::sleep(Duration::from_millis(300));
    }
    samples.sort();
    Some(samples)
}

/// Whether `tool` is on the PATH.
fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `wordjudge-station` under Xvfb: first frame and resident memory of the real process.
fn real_binary(config: &Path) {
    if !["Xvfb", "xdotool"].into_iter().all(have) {
        println!("  real binary: SKIPPED (needs Xvfb and xdotool)");
        return;
    }
    let display = ":58";
    let (xvfb, probe) = xvfb(display, 1920, 1080).expect("Xvfb did not start within 10 s");
    let background = theme_colour("background");
    let mut firsts = Vec::new();
    let mut polls = Vec::new();
    let mut peak = 0;
    for _ in 0..7 {
        // The screen is black again before each start.
        assert_ne!(
            probe.pixel(5, 5),
            Some(background),
            "a window was left on screen"
        );
        let t = Instant::now();
        let mut child = station_on(display, config, &["--windowed"]);
        // The division choice's background at the window's top-left corner.
        let mut n = 0;
        let first = loop {
            n += 1;
            if probe.pixel(5, 5) == Some(background) {
                break t.elapsed();
            }
            if t.elapsed() > Duration::from_secs(20) || child.try_wait().ok().flatten().is_some() {
                let _ = child.kill();
                panic!(
                    "no station frame on screen after {:?} ({n} probes): the station did not start",
                    t.elapsed()
                );
            }
        };
        firsts.push(first);
        polls.push(first / n);
        let pid = child.id().to_string();
        // Judge a few plays so the peak includes adjudication and the verdict screens.
        // Division, table, the play, and JUDGE after the hand-over pause.
        for (keys, pause) in [
            ("1", 0),
            ("7\n", 0),
            ("2quixotic zyzzyva\n", 1200),
            ("\t", 0),
        ] {
            let _ = Command::new("xdotool")
                .args(["type", "--delay", "20", keys])
                .env("DISPLAY", display)
                .status();
            std::thread::sleep(Duration::from_millis(pause));
        }
        std::thread::sleep(Duration::from_millis(500));
        peak = peak.max(rss_kib("VmHWM", &pid));
        let _ = child.kill();
        let _ = child.wait();
        std::thread::sleep(Duration::from_millis(200));
    }
    drop(xvfb);
    firsts.sort();
    polls.sort();
    let first_median = firsts[firsts.len() / 2];
    let peak_mib = peak as f64 / 1024.0;
    println!(
        "  real binary on Xvfb 1920x1080: start to first frame on screen median {:.0} ms, max {:.0} ms (X GetImage probe every {:.2} ms; target <= 1000 ms: {}); peak RSS {peak_mib:.1} MiB (target <= 100 MiB: {})",
        ms(first_median),
        ms(firsts[firsts.len() - 1]),
        ms(polls[polls.len() / 2]),
        target("first frame of the real binary", first_median <= Duration::from_secs(1)),
        target("peak RSS", peak_mib <= 100.0)
    );
}
