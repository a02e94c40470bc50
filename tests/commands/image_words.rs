//! Issue 52, finding 3: what a station image shows a director — its first boot's install report
//! (OUT OF SERVICE) and director mode's *Not done* for a stick job — comes from `wordjudge event
//! first-boot` and `wordjudge event stick …`, run by the image's scripts with each stick named by
//! its label and size. Each refusal a director can cause here is made for real, and held against
//! docs/deploy.md's table "What the station's screen says at the hall": it has a row there, and it
//! names no device path, no folder the image mounted the stick at, no command-line flag and no
//! command — the image has no shell to type one in.

use crate::common;

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{at, prepared, run};

const STICK: &str = "EVENT 26 (7.5G)";

/// The quoted messages of docs/deploy.md's table of station screens, each as its pieces (a
/// message shows a row when it holds every piece, in order).
fn table_rows() -> Vec<Vec<String>> {
    let doc =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/deploy.md")).unwrap();
    let start = doc
        .find("| The screen shows | What it means | What to do |")
        .expect("docs/deploy.md has the table of station screens");
    let mut rows = Vec::new();
    for line in doc[start..].lines().skip(2) {
        let Some(cell) = line.strip_prefix('|').and_then(|l| l.split('|').next()) else {
            break;
        };
        for (i, quoted) in cell.split('"').enumerate() {
            if i % 2 == 1 {
                rows.push(
                    quoted
                        .split('…')
                        .map(str::trim)
                        .filter(|p| !p.is_empty())
                        .map(str::to_owned)
                        .collect(),
                );
            }
        }
    }
    assert!(rows.len() > 20, "the table's quoted messages: {rows:?}");
    rows
}

fn shows(message: &str, row: &[String]) -> bool {
    let mut rest = message;
    row.iter().all(|piece| match rest.find(piece.as_str()) {
        Some(at) => {
            rest = &rest[at + piece.len()..];
            true
        }
        None => false,
    })
}

/// `message`, what the station showed for `what`, has its row and a director's words only.
fn held(what: &str, message: &str, sticks: &[&Path], rows: &[Vec<String>]) {
    assert!(
        rows.iter().any(|row| shows(message, row)),
        "{what}: no row of docs/deploy.md's table of station screens shows {message:?}"
    );
    for word in [
        "/dev/",
        "--",
        "`",
        "scripts/",
        "wordjudge event",
        "/run/",
        "/var/",
    ] {
        assert!(!message.contains(word), "{what}: {word:?} in {message:?}");
    }
    for stick in sticks {
        assert!(
            !message.contains(stick.to_str().unwrap()),
            "{what}: where the stick was mounted, in {message:?}"
        );
    }
}

/// `wordjudge event first-boot` as `deploy/first-boot` runs it: what the install report holds.
fn first_boot(dir: &Path, trust: &str, sticks: &[&Path]) -> String {
    let mut args = vec![
        "event".to_owned(),
        "first-boot".into(),
        "--dir".into(),
        dir.to_str().unwrap().into(),
        "--trust".into(),
        trust.into(),
    ];
    for (i, stick) in sticks.iter().enumerate() {
        args.push("--stick".into());
        args.push(format!("{STICK} {i}={}", stick.display()));
    }
    let r = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let report = fs::read_to_string(dir.join("install-report.txt")).unwrap();
    assert_eq!(
        r.stdout.trim(),
        format!("nothing installed: {}", report.trim())
    );
    report.trim().to_owned()
}

/// `wordjudge event stick ACTION --pin-stdin` as `deploy/stick` runs it, the PIN on its input:
/// what director mode's *Not done* shows.
fn stick_job(dir: &Path, action: &str, pin: &str, sticks: &[&Path]) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wordjudge"));
    cmd.args(["event", "stick", action, "--pin-stdin", "--dir"])
        .arg(dir)
        .env_remove("WORDJUDGE_CONFIG");
    for (i, stick) in sticks.iter().enumerate() {
        cmd.arg("--stick")
            .arg(format!("{STICK} {i}={}", stick.display()));
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "{pin}").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    text.trim()
        .strip_prefix(&format!(
            "nothing {}: ",
            if action == "install" {
                "installed"
            } else {
                "copied"
            }
        ))
        .unwrap_or_else(|| panic!("{text}"))
        .to_owned()
}

fn pack(config: &Path, to: &Path, key: &str) {
    fs::create_dir_all(to.parent().unwrap()).unwrap();
    let r = at(
        config,
        &["event", "pack", "-o", to.to_str().unwrap(), "--key", key],
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
}

#[test]
fn every_refusal_a_station_image_shows_has_its_row_and_a_directors_words() {
    let rows = table_rows();
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let source = prepared(t);
    let trust = common::director_key().1;
    let (good, empty, other_key) = (t.join("good"), t.join("empty"), t.join("other"));
    pack(
        &source,
        &good.join("wordjudge-event/event.tar"),
        common::director_key().0,
    );
    fs::write(good.join("wordjudge-event/station"), "7\n").unwrap();
    fs::create_dir_all(&empty).unwrap();
    let key = t.join("other.key");
    wordjudge::event::signing::SigningKey::generate(&key).unwrap();
    pack(
        &source,
        &other_key.join("wordjudge-event/event.tar"),
        key.to_str().unwrap(),
    );
    fs::write(other_key.join("wordjudge-event/station"), "7\n").unwrap();
    let variant = |name: &str, edit: &dyn Fn(&Path)| {
        let stick = t.join(name);
        fs::create_dir_all(stick.join("wordjudge-event")).unwrap();
        for f in ["event.tar", "station"] {
            fs::copy(
                good.join("wordjudge-event").join(f),
                stick.join("wordjudge-event").join(f),
            )
            .unwrap();
        }
        edit(&stick.join("wordjudge-event"));
        stick
    };
    let cut = variant("cut", &|d| {
        let bytes = fs::read(d.join("event.tar")).unwrap();
        fs::write(d.join("event.tar"), &bytes[..bytes.len() * 2 / 3]).unwrap();
    });
    let bad_station = variant("bad-station", &|d| {
        fs::write(d.join("station"), "7/../8\n").unwrap()
    });
    let demo_station = variant("demo-station", &|d| {
        fs::write(
            d.join("station"),
            format!("{}\n", wordjudge::config::DEMO_STATION_ID),
        )
        .unwrap()
    });

    // The first boot's install report, on OUT OF SERVICE.
    let boot = t.join("boot");
    fs::create_dir_all(&boot).unwrap();
    let cases: [(&str, &str, Vec<&Path>); 7] = [
        ("no stick with an event", trust, vec![&empty]),
        ("two sticks with an event", trust, vec![&good, &other_key]),
        ("signed by another key", trust, vec![&other_key]),
        ("a bundle cut short", trust, vec![&cut]),
        ("a station file that is no id", trust, vec![&bad_station]),
        ("the demo's id", trust, vec![&demo_station]),
        (
            "an image without its key",
            "/nonexistent/event-key.pub",
            vec![&good],
        ),
    ];
    for (what, key, sticks) in &cases {
        let message = first_boot(&boot, key, sticks);
        held(what, &message, sticks, &rows);
        assert!(!boot.join("kiosk.toml").exists(), "{what}");
        // What to do next, on the screen itself.
        let next = ["restart the station", "write it to this machine"];
        assert!(
            next.iter().any(|n| message.contains(n)),
            "{what}: {message}"
        );
    }
    let two = first_boot(&boot, trust, &[&good, &other_key]);
    assert!(
        two.contains(&format!("{STICK} 0")) && two.contains(&format!("{STICK} 1")),
        "{two}"
    );

    // Director mode at the installed station: the next event, and the logs.
    let station = t.join("station");
    common::install_bundle(&good.join("wordjudge-event/event.tar"), "7", &station).code(0);
    let pin = common::EVENT_PIN;
    let older = t.join("older");
    fs::create_dir_all(&older).unwrap();
    fs::rename(good.join("wordjudge-event"), older.join("wordjudge-event")).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    pack(&source, &t.join("newer.tar"), common::director_key().0);
    common::install_bundle(&t.join("newer.tar"), "7", &station).code(0);
    let cases: [(&str, &str, &str, Vec<&Path>); 8] = [
        ("no stick with an event", "install", pin, vec![&empty]),
        (
            "two sticks with an event",
            "install",
            pin,
            vec![&older, &other_key],
        ),
        ("signed by another key", "install", pin, vec![&other_key]),
        ("an older pack", "install", pin, vec![&older]),
        ("a bundle cut short", "install", pin, vec![&cut]),
        ("no slip yet", "copy-logs", pin, vec![&empty]),
        ("no stick for the logs", "copy-logs", pin, vec![]),
        ("a wrong PIN", "copy-logs", "13572468", vec![&empty]),
    ];
    for (what, action, pin, sticks) in &cases {
        let message = stick_job(&station, action, pin, sticks);
        held(what, &message, sticks, &rows);
        let next = ["choose it again", "no log to copy"];
        assert!(
            next.iter().any(|n| message.contains(n)),
            "{what}: {message}"
        );
    }
    let r = at(
        &station.join("kiosk.toml"),
        &["judge", "--division", "world", "ok"],
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let message = stick_job(&station, "copy-logs", pin, &[&empty, &cut]);
    held("two sticks for the logs", &message, &[&empty, &cut], &rows);
}

/// Issue 52, finding 1: a stick with no `station` file installs nothing at first boot; its event
/// is checked and waits for the director to type this machine's number on screen, and root's
/// helper then installs it as that number (`event first-boot --station N`), once: never over an
/// event, never where no first boot asked. A forged event is refused before any number is asked.
#[test]
fn a_stick_that_names_no_station_has_each_machine_asked_for_its_number() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let source = prepared(t);
    let trust = common::director_key().1;
    let stick = t.join("stick");
    pack(
        &source,
        &stick.join("wordjudge-event/event.tar"),
        common::director_key().0,
    );
    let machine = |name: &str| {
        let dir = t.join(name);
        fs::create_dir_all(&dir).unwrap();
        dir
    };
    let boot = |dir: &Path, station: Option<&str>| {
        let mut args = vec![
            "event",
            "first-boot",
            "--dir",
            dir.to_str().unwrap(),
            "--trust",
            trust,
        ];
        let given = format!("{STICK}={}", stick.display());
        args.extend(["--stick", &given]);
        if let Some(n) = station {
            args.extend(["--station", n]);
        }
        run(&args)
    };
    let (a, b) = (machine("a"), machine("b"));
    let mut keys = Vec::new();
    for (dir, number) in [(&a, "12"), (&b, "13")] {
        // Where the first boot asked, nothing is installed yet, and no number could be given
        // before it asked.
        let r = boot(dir, Some(number));
        assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
        assert!(
            r.stdout.contains("did not ask for a number"),
            "{}",
            r.stdout
        );
        let r = boot(dir, None);
        assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
        assert!(
            r.stdout.contains("asks for its number on screen"),
            "{}",
            r.stdout
        );
        assert!(!dir.join("kiosk.toml").exists());
        let wanted = fs::read_to_string(dir.join("station-number-wanted.txt")).unwrap();
        assert_eq!(wanted, "Test Open 2026\n");
        let setup = wordjudge::station_files::read(&dir.join("kiosk.toml"));
        assert_eq!(setup.number_wanted.as_deref(), Some("Test Open 2026"));
        // The number the director typed.
        let r = boot(dir, Some(number));
        assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
        assert!(
            r.stdout
                .contains(&format!("as station {number}; station key ")),
            "{}",
            r.stdout
        );
        keys.push(
            r.stdout
                .split("station key ")
                .nth(1)
                .unwrap()
                .trim()
                .to_owned(),
        );
        assert!(!dir.join("station-number-wanted.txt").exists());
        let status = at(&dir.join("kiosk.toml"), &["event", "status"]);
        assert_eq!(status.code, 0, "{}{}", status.stdout, status.stderr);
        // Never again, and never over the event.
        let r = boot(dir, Some("99"));
        assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
        assert!(r.stdout.contains("has its event already"), "{}", r.stdout);
        let text = fs::read_to_string(dir.join("kiosk.toml")).unwrap();
        assert!(text.contains(&format!("id = \"{number}\"")), "{text}");
    }
    assert_ne!(keys[0], keys[1]);
    // Another key's event on a stick that names no station: refused, no number asked.
    let key = t.join("other.key");
    wordjudge::event::signing::SigningKey::generate(&key).unwrap();
    pack(
        &source,
        &stick.join("wordjudge-event/event.tar"),
        key.to_str().unwrap(),
    );
    let c = machine("c");
    let r = boot(&c, None);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(!c.join("station-number-wanted.txt").exists());
    let report = fs::read_to_string(c.join("install-report.txt")).unwrap();
    held(
        "another key's event, no station",
        report.trim(),
        &[&stick],
        &table_rows(),
    );
}
