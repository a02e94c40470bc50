//! Trust, fifth pass (issue 49), findings 1 and 4: root never follows a link the station's
//! account put in the station folder. In a flat folder (`1770 root:wordjudge`, as older packages
//! made it) that account can create names: a link planted at every name root writes or reads —
//! `kiosk.toml`, its lock, `station.key`, `event-key.pub`, the install report, `lexicons/`,
//! `events/`, a log's head — before `event install`, `event first-boot` and `event stick
//! copy-logs`. Each is refused, naming the name, and nothing lands where the link led. Each test
//! failed on the code before the fix (the install wrote "…/kiosk.toml" into the account's folder;
//! copy-logs put the linked file on the stick).

use crate::common;

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;

use common::{at, prepared, run};

/// The names root writes at an install, each planted as a link into `own/` (a folder the
/// station's account owns), as the account would before the first install.
const ROOTS_NAMES: [&str; 7] = [
    "kiosk.toml",
    "kiosk.toml.lock",
    "station.key",
    "event-key.pub",
    "install-report.txt",
    "lexicons",
    "events",
];

fn bundle(tmp: &Path) -> std::path::PathBuf {
    let source = tmp.join("source");
    fs::create_dir_all(&source).unwrap();
    prepared(&source);
    let bundle = tmp.join("event.tar");
    common::pack_bundle(&source, &bundle).code(0);
    bundle
}

/// Station 7 installed from the prepared event, one play judged (its log and head written).
fn station_with_a_slip(tmp: &Path) -> std::path::PathBuf {
    let bundle = bundle(tmp);
    let station = tmp.join("station");
    common::install_bundle(&bundle, "7", &station).code(0);
    at(
        &station.join("kiosk.toml"),
        &["judge", "--division", "world", "ok"],
    )
    .code(0);
    station
}

/// `event stick copy-logs` of `station` onto the folder `stick`.
fn copy_logs(station: &Path, stick: &Path) -> common::Run {
    run(&[
        "event",
        "stick",
        "copy-logs",
        "--dir",
        station.to_str().unwrap(),
        "--stick",
        &format!("s={}", stick.display()),
    ])
}

/// Everything below `dir`, as relative paths.
fn contents(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return found;
    };
    for e in entries.flatten() {
        found.push(e.file_name().to_string_lossy().into_owned());
        if e.file_type().unwrap().is_dir() {
            for inner in contents(&e.path()) {
                found.push(format!("{}/{inner}", e.file_name().to_string_lossy()));
            }
        }
    }
    found
}

#[test]
fn an_install_refuses_a_link_at_every_name_root_writes_and_writes_nothing_through_it() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = bundle(tmp.path());
    for name in ROOTS_NAMES {
        let station = tmp.path().join(format!("station-{name}"));
        let own = station.join("own");
        fs::create_dir_all(&own).unwrap();
        symlink(own.join(name), station.join(name)).unwrap();
        let r = common::install_bundle(&bundle, "5", &station);
        assert_ne!(
            r.code, 0,
            "{name}: installed through the link: {}",
            r.stdout
        );
        assert!(
            r.stderr.contains(&format!("{name} is a symbolic link")),
            "{name}: {}",
            r.stderr
        );
        assert!(contents(&own).is_empty(), "{name}: {:?}", contents(&own));
        assert!(
            fs::symlink_metadata(station.join("kiosk.toml")).map_or(true, |m| !m.is_file()),
            "{name}: kiosk.toml written"
        );
        // The same folder, the link gone: the install goes ahead.
        fs::remove_file(station.join(name)).unwrap();
        common::install_bundle(&bundle, "5", &station).code(0);
    }
}

#[test]
fn first_boot_refuses_a_link_planted_at_every_name_it_writes_and_says_so_in_the_install_report() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = bundle(tmp.path());
    let stick = tmp.path().join("stick");
    fs::create_dir_all(stick.join("wordjudge-event")).unwrap();
    fs::copy(&bundle, stick.join("wordjudge-event/event.tar")).unwrap();
    fs::write(stick.join("wordjudge-event/station"), "5\n").unwrap();
    let station = tmp.path().join("station");
    let own = station.join("own");
    fs::create_dir_all(&own).unwrap();
    symlink("own/kiosk.toml", station.join("kiosk.toml")).unwrap();
    let first_boot = || {
        run(&[
            "event",
            "first-boot",
            "--dir",
            station.to_str().unwrap(),
            "--trust",
            common::director_key().1,
            "--stick",
            &format!("sdb1={}", stick.display()),
        ])
    };
    let r = first_boot();
    assert_ne!(r.code, 0, "{}", r.stdout);
    assert!(contents(&own).is_empty(), "{:?}", contents(&own));
    let report = fs::read_to_string(station.join("install-report.txt")).unwrap();
    assert!(report.contains("kiosk.toml is a symbolic link"), "{report}");
    // Each other name root writes at a first boot, planted alone in a folder of its own.
    for name in [
        "kiosk.toml.lock",
        "station.key",
        "event-key.pub",
        "lexicons",
    ] {
        let other = tmp.path().join(format!("station-{name}"));
        fs::create_dir_all(other.join("own")).unwrap();
        symlink(format!("own/{name}"), other.join(name)).unwrap();
        let r = run(&[
            "event",
            "first-boot",
            "--dir",
            other.to_str().unwrap(),
            "--trust",
            common::director_key().1,
            "--stick",
            &format!("sdb1={}", stick.display()),
        ]);
        assert_ne!(r.code, 0, "{name}: {}", r.stdout);
        assert!(
            contents(&other.join("own")).is_empty(),
            "{name}: written through"
        );
        let report = fs::read_to_string(other.join("install-report.txt")).unwrap();
        assert!(
            report.contains(&format!("{name} is a symbolic link")),
            "{name}: {report}"
        );
    }
    // The install report itself planted as a link: not written through either.
    fs::remove_file(station.join("install-report.txt")).unwrap();
    symlink("own/report", station.join("install-report.txt")).unwrap();
    let r = first_boot();
    assert_ne!(r.code, 0, "{}", r.stdout);
    assert!(contents(&own).is_empty(), "{:?}", contents(&own));
    // The script the image runs takes a link at kiosk.toml (a dangling one reads as missing to
    // `[ -f ]`) for no event yet, and leaves the refusal to the install.
    let script =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/first-boot"))
            .unwrap();
    assert!(
        script.contains(r#"[ ! -L "$dir/kiosk.toml" ]"#) && script.contains("stat -c %u"),
        "deploy/first-boot trusts any kiosk.toml"
    );
}

#[test]
fn copy_logs_never_follows_a_link_at_a_log_its_head_or_a_folder_on_the_way() {
    let tmp = tempfile::tempdir().unwrap();
    let station = station_with_a_slip(tmp.path());
    let secret = tmp.path().join("shadow");
    fs::write(&secret, "root:$6$not-for-the-stick\n").unwrap();
    let elsewhere = tmp.path().join("elsewhere/x");
    fs::create_dir_all(&elsewhere).unwrap();
    fs::write(elsewhere.join("slips.jsonl"), "root:$6$not-for-the-stick\n").unwrap();
    let head = station.join("slips.jsonl.head");
    let kept = fs::read(&head).unwrap();
    // Each plant on its own: the head, a past event's log, the past events' folder.
    let plants: [(&str, &dyn Fn()); 3] = [
        ("slips.jsonl.head", &|| {
            fs::remove_file(&head).unwrap();
            symlink(&secret, &head).unwrap();
        }),
        ("slips.jsonl", &|| {
            fs::create_dir_all(station.join("events/OLD")).unwrap();
            symlink(&secret, station.join("events/OLD/slips.jsonl")).unwrap();
        }),
        ("events", &|| {
            symlink(elsewhere.parent().unwrap(), station.join("events")).unwrap();
        }),
    ];
    for (n, (name, plant)) in plants.into_iter().enumerate() {
        plant();
        let stick = tmp.path().join(format!("stick-{n}"));
        fs::create_dir_all(&stick).unwrap();
        let r = copy_logs(&station, &stick);
        assert_ne!(r.code, 0, "{name}: copied: {}", r.stdout);
        assert!(
            r.stderr.contains(name) || r.stdout.contains(name),
            "{name}: {}{}",
            r.stdout,
            r.stderr
        );
        for file in contents(&stick) {
            let path = stick.join(&file);
            if path.is_file() {
                let text = fs::read_to_string(&path).unwrap_or_default();
                assert!(!text.contains("not-for-the-stick"), "{name}: {file}");
            }
        }
        // Put back as it was.
        let _ = fs::remove_file(station.join("events"));
        let _ = fs::remove_dir_all(station.join("events"));
        if fs::symlink_metadata(&head).is_ok_and(|m| m.file_type().is_symlink()) {
            fs::remove_file(&head).unwrap();
            fs::write(&head, &kept).unwrap();
        }
    }
    // As it was, the logs are copied.
    let stick = tmp.path().join("stick-clean");
    fs::create_dir_all(&stick).unwrap();
    let r = copy_logs(&station, &stick);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
}

/// Runs `args` as root (a folder laid out as the package does), which must succeed.
fn sh(args: &[&str]) {
    assert!(std::process::Command::new(args[0])
        .args(&args[1..])
        .status()
        .unwrap()
        .success());
}

/// `station` made root's, of the account's group (65534), with `mode`, and its parent walkable.
fn roots_folder(station: &Path, mode: &str) {
    sh(&["chown", "0:65534", station.to_str().unwrap()]);
    sh(&["chmod", mode, station.to_str().unwrap()]);
    sh(&["chmod", "o+x", station.parent().unwrap().to_str().unwrap()]);
}

/// Runs the shell `script` in `station` as the station's account (uid and gid 65534).
fn as_account(station: &Path, script: &str) -> std::process::Output {
    std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .args(["sh", "-c", script])
        .current_dir(station)
        .env_remove("WORDJUDGE_CONFIG")
        .output()
        .unwrap()
}

/// The finding as the station's account did it, on a folder laid out as the package lays it out
/// (`1770 root:ACCOUNT`): `mkdir own && ln -s own/kiosk.toml kiosk.toml` as the account, then
/// root's install; and a regular `kiosk.toml` of the account's own.
#[test]
fn as_the_station_account_a_planted_kiosk_toml_is_refused_by_roots_install() {
    if !common::tool("setpriv") || !common::as_root_for_a_packaged_folder() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let bundle = bundle(tmp.path());
    let station = tmp.path().join("station");
    fs::create_dir_all(&station).unwrap();
    roots_folder(&station, "1770");
    let as_account = |script: &str| {
        let out = as_account(&station, script);
        assert!(out.status.success(), "{script}: {out:?}");
    };
    for plant in [
        "mkdir own && ln -s own/kiosk.toml kiosk.toml",
        "rm -rf own kiosk.toml && echo '[station]' >kiosk.toml",
    ] {
        as_account(plant);
        let r = common::install_bundle(&bundle, "5", &station);
        assert_ne!(r.code, 0, "{plant}: installed: {}", r.stdout);
        assert!(r.stderr.contains("kiosk.toml"), "{plant}: {}", r.stderr);
        assert!(
            !station.join("own/kiosk.toml").exists(),
            "{plant}: written through"
        );
    }
}

/// Item 1 of the issue: the folder split by who writes it, as the package and the image lay it out
/// (`755 root:ACCOUNT`, and `own/` the account's). Root's install writes the event beside
/// `kiosk.toml`; as the account, the station judges and keeps its log, head and state in `own/`,
/// and cannot create a single name beside root's files — the link of finding 1 cannot even be
/// made. (On the flat `1770` layout of the test above, every plant succeeded.)
#[test]
fn as_the_station_account_in_a_split_folder_no_name_can_be_planted_and_its_files_are_in_own() {
    if !common::tool("setpriv") || !common::as_root_for_a_packaged_folder() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let bundle = bundle(tmp.path());
    let station = tmp.path().join("station");
    let own = station.join(wordjudge::base::layout::OWN);
    fs::create_dir_all(&own).unwrap();
    roots_folder(&station, "755");
    sh(&["chown", "65534:65534", own.to_str().unwrap()]);
    sh(&["chmod", "750", own.to_str().unwrap()]);
    common::install_bundle(&bundle, "7", &station).code(0);
    let as_account = |script: &str| as_account(&station, script);
    let bin = assert_cmd::cargo::cargo_bin("wordjudge");
    let judged = as_account(&format!(
        "{} judge --config kiosk.toml --division world ok && {0} event round 3 --config kiosk.toml",
        bin.display()
    ));
    assert!(judged.status.success(), "{judged:?}");
    for name in ["slips.jsonl", "slips.jsonl.head", "station-state.json"] {
        assert!(own.join(name).is_file(), "{name} is not in own/");
        assert!(
            fs::symlink_metadata(station.join(name)).is_err(),
            "{name} beside kiosk.toml"
        );
    }
    for plant in [
        "ln -s own/kiosk.toml kiosk.toml.new",
        "mkdir own2",
        "echo x >install-report.txt",
        "mv own own.old",
        "rm -f kiosk.toml",
    ] {
        let out = as_account(plant);
        assert!(!out.status.success(), "{plant}: the account could");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("Permission denied"),
            "{plant}: {out:?}"
        );
    }
    // Root's own reads of it go on: the logs are copied from own/.
    let stick = tmp.path().join("stick");
    fs::create_dir_all(&stick).unwrap();
    let r = copy_logs(&station, &stick).code(0);
    let name = r
        .stdout
        .split("wordjudge-logs/")
        .nth(1)
        .unwrap_or("")
        .trim();
    assert!(name.starts_with("station-7-"), "{}", r.stdout);
    assert_eq!(
        fs::read(stick.join("wordjudge-logs").join(name)).unwrap(),
        fs::read(own.join("slips.jsonl")).unwrap()
    );
    // In its own folder the account can plant what it likes: root's copy-logs still follows no
    // link there (finding 4, in the split layout).
    let secret = tmp.path().join("secret");
    fs::write(&secret, "root's secret\n").unwrap();
    let plant = as_account(&format!(
        "rm own/slips.jsonl.head && ln -s {} own/slips.jsonl.head",
        secret.display()
    ));
    assert!(plant.status.success(), "{plant:?}");
    let again = tmp.path().join("stick-2");
    fs::create_dir_all(&again).unwrap();
    let r = copy_logs(&station, &again);
    assert_ne!(r.code, 0, "{}", r.stdout);
    assert!(
        format!("{}{}", r.stdout, r.stderr).contains("own/slips.jsonl.head: a symbolic link"),
        "{}{}",
        r.stdout,
        r.stderr
    );
    assert!(!contents(&again)
        .iter()
        .any(|f| fs::read_to_string(again.join(f)).is_ok_and(|t| t.contains("root's secret"))));
}

/// Finding 4, the helper's half: it acted on the mere presence of a request the station's account
/// writes. `event stick … --pin-stdin` (what `deploy/stick` runs, the PIN passed on from director
/// mode) does nothing without the director's PIN, checked against root's copy of its hash.
#[test]
fn the_helpers_stick_jobs_need_the_directors_pin() {
    let tmp = tempfile::tempdir().unwrap();
    let station = station_with_a_slip(tmp.path());
    let stick = tmp.path().join("stick");
    fs::create_dir_all(&stick).unwrap();
    let job = |action: &str, pin: &str| {
        common::Run::of(
            common::wordjudge()
                .args(["event", "stick", action, "--pin-stdin", "--dir"])
                .arg(&station)
                .arg("--stick")
                .arg(format!("s={}", stick.display()))
                .write_stdin(format!("{pin}\n"))
                .output()
                .unwrap(),
        )
    };
    for (action, done) in [
        ("copy-logs", "nothing copied"),
        ("install", "nothing installed"),
    ] {
        for pin in ["", "13572468"] {
            let r = job(action, pin);
            assert_ne!(r.code, 0, "{action} {pin:?}: {}", r.stdout);
            assert!(
                r.stdout.contains(done) && r.stdout.contains("director's PIN"),
                "{}",
                r.stdout
            );
        }
    }
    assert!(contents(&stick).is_empty(), "{:?}", contents(&stick));
    job("copy-logs", common::EVENT_PIN).code(0);
    assert!(!contents(&stick).is_empty());
    // The script passes the PIN on, and refuses a request without one before mounting anything.
    let script =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/stick")).unwrap();
    assert!(
        script.contains("--pin-stdin"),
        "deploy/stick does not pass the PIN on"
    );
    let refusal = script.find("did not carry the director's PIN").unwrap();
    assert!(
        refusal < script.find("mount -o").unwrap(),
        "the PIN is checked after mounting"
    );
}

/// The helper is a way to try PINs that passes by the station's own lock-out (which the station's
/// account keeps): it counts wrong PINs itself, in root's folder. Five wrong PINs in a row, and
/// even the right one is refused, unchecked, for a minute; once that has passed, the right PIN
/// works and the count starts again.
#[test]
fn the_helper_counts_wrong_pins_and_refuses_even_the_right_one_while_locked() {
    let tmp = tempfile::tempdir().unwrap();
    let station = station_with_a_slip(tmp.path());
    let stick = tmp.path().join("stick");
    fs::create_dir_all(&stick).unwrap();
    let copy = |pin: &str| {
        common::Run::of(
            common::wordjudge()
                .args(["event", "stick", "copy-logs", "--pin-stdin", "--dir"])
                .arg(&station)
                .arg("--stick")
                .arg(format!("s={}", stick.display()))
                .write_stdin(format!("{pin}\n"))
                .output()
                .unwrap(),
        )
    };
    for guess in 0..wordjudge::event::pin_tries::TRIES {
        let r = copy(&format!("1357246{guess}"));
        assert!(
            r.stdout.contains("did not carry the director's PIN"),
            "{}",
            r.stdout
        );
    }
    let r = copy(common::EVENT_PIN);
    assert_ne!(r.code, 0, "{}", r.stdout);
    assert!(
        r.stdout.contains("too many wrong PINs") && r.stdout.contains("nothing copied"),
        "{}",
        r.stdout
    );
    assert!(contents(&stick).is_empty(), "{:?}", contents(&stick));
    // Root's record, beside kiosk.toml; the minute passes (its end set back, as the clock would).
    let record = station.join(wordjudge::base::layout::HELPER_TRIES);
    let kept: serde_json::Value = serde_json::from_slice(&fs::read(&record).unwrap()).unwrap();
    assert_eq!(kept["lockouts"], 1, "{kept}");
    fs::write(
        &record,
        "{\"in_a_row\":0,\"lockouts\":1,\"locked_until\":0}\n",
    )
    .unwrap();
    copy(common::EVENT_PIN).code(0);
    assert!(!contents(&stick).is_empty());
    let kept: serde_json::Value = serde_json::from_slice(&fs::read(&record).unwrap()).unwrap();
    assert_eq!(kept["lockouts"], 0, "{kept}");
    // A record that cannot be read is a lock-out, not a fresh start.
    fs::write(&record, "not json").unwrap();
    let r = copy(common::EVENT_PIN);
    assert!(r.stdout.contains("too many wrong PINs"), "{}", r.stdout);
}

/// Item 2, a stick's folder at the merge: a stick is anyone's to write, and a link among the
/// copied logs led the director's merge into the director's own files. Named, not followed,
/// exit 1; the genuine copies still merge.
#[test]
fn a_link_among_a_sticks_copied_logs_is_not_followed_by_the_merge() {
    let tmp = tempfile::tempdir().unwrap();
    let station = station_with_a_slip(tmp.path());
    let stick = tmp.path().join("stick");
    fs::create_dir_all(&stick).unwrap();
    copy_logs(&station, &stick).code(0);
    // The director's own files, and links to them planted on the stick.
    let home = tmp.path().join("home");
    fs::create_dir_all(home.join("x")).unwrap();
    fs::write(
        home.join("secret.jsonl"),
        "{\"private\":\"not-for-the-merge\"}\n",
    )
    .unwrap();
    fs::write(
        home.join("x/notes.jsonl"),
        "{\"private\":\"not-for-the-merge\"}\n",
    )
    .unwrap();
    let copies = stick.join("wordjudge-logs");
    let own = fs::read_dir(&copies)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("station-7-")
        })
        .unwrap();
    symlink(home.join("secret.jsonl"), own.join("planted.jsonl")).unwrap();
    symlink(home.join("x"), copies.join("station-9")).unwrap();
    let r = run(&[
        "slips",
        "merge",
        "--accept-unproven",
        stick.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    for name in ["planted.jsonl", "station-9"] {
        assert!(
            r.stdout
                .lines()
                .any(|l| l.contains(name) && l.contains("not followed")),
            "{name}: {}",
            r.stdout
        );
    }
    assert!(!r.stdout.contains("not-for-the-merge") && !r.stderr.contains("not-for-the-merge"));
    assert!(r.stdout.contains("1 slip(s)"), "{}", r.stdout);
}
