//! The one map of the station's files (issue 27, items 1-8): nothing the station or the command
//! line writes lands in another of the station's files, a bundle cannot move a station's logs,
//! and edits of `kiosk.toml` made at once all land. Each test was seen to fail on the build
//! before the map; docs/history/reliability.md §9 lists them.

use crate::common;

use std::fs;
use std::path::Path;

use common::demo_station;

fn at(dir: &Path, args: &[&str]) -> common::Run {
    common::run_in(dir, args)
}

fn with_station_line(dir: &Path, line: &str) {
    let config = dir.join("kiosk.toml");
    let text = fs::read_to_string(&config).unwrap();
    fs::write(
        &config,
        text.replacen("[station]\n", &format!("[station]\n{line}\n"), 1),
    )
    .unwrap();
}

/// Item 1: `diagnostic_log = "slips.jsonl"` passed every check, and one judge later the slip log
/// had a log line in it.
#[test]
fn a_diagnostic_log_named_as_the_slip_log_is_refused_and_nothing_is_written() {
    for (line, names) in [
        ("diagnostic_log = \"slips.jsonl\"", "names the slip log"),
        (
            "diagnostic_log = \"kiosk.toml\"",
            "names the configuration (kiosk.toml)",
        ),
        (
            "diagnostic_log = \"event.toml\"",
            "names the event manifest",
        ),
    ] {
        let station = demo_station();
        // Remove the demo's own diagnostic_log line first.
        let config = station.path().join("kiosk.toml");
        let text = fs::read_to_string(&config).unwrap();
        let text: String = text
            .lines()
            .filter(|l| !l.starts_with("diagnostic_log"))
            .map(|l| format!("{l}\n"))
            .collect();
        fs::write(&config, text).unwrap();
        with_station_line(station.path(), line);
        let before = fs::read(&config).unwrap();
        let check = at(station.path(), &["config", "check"]);
        assert_eq!(check.code, 1, "{line}: {}", check.stdout);
        assert!(check.stdout.contains(names), "{line}: {}", check.stdout);
        let judged = at(station.path(), &["judge", "cat"]);
        assert_eq!(judged.code, 2, "{line}: nothing judged: {}", judged.stderr);
        assert!(!station.path().join("slips.jsonl").exists(), "{line}");
        assert_eq!(fs::read(&config).unwrap(), before, "{line}");
    }
}

/// Item 5: `event pack -o slips.jsonl`, `-o kiosk.toml`, `slips merge --report kiosk.toml`,
/// `--csv lexicons/NWL2023.fst` all exit 0, overwriting those files.
#[test]
fn outputs_are_never_written_over_a_station_file() {
    let station = demo_station();
    let dir = station.path();
    let config = dir.join("kiosk.toml");
    // A PIN of its own (the demo's is refused for an event) and a slip.
    wordjudge::config::record_pin(
        &config,
        &wordjudge::config::PinHash::new(common::EVENT_PIN).unwrap(),
    )
    .unwrap();
    assert_eq!(at(dir, &["judge", "cat"]).code, 0);
    let log = fs::read(dir.join("slips.jsonl")).unwrap();
    let kiosk = fs::read(&config).unwrap();
    let lexicon = fs::read(dir.join("lexicons/demo.fst")).unwrap();
    for (args, role) in [
        (
            vec![
                "event",
                "pack",
                "-o",
                "slips.jsonl",
                "--key",
                common::director_key().0,
            ],
            "is the slip log",
        ),
        (
            vec![
                "event",
                "pack",
                "-o",
                "kiosk.toml",
                "--key",
                common::director_key().0,
            ],
            "is the configuration",
        ),
        (
            vec![
                "event",
                "pack",
                "-o",
                "lexicons/../slips.jsonl.head",
                "--key",
                common::director_key().0,
            ],
            "is the slip log's head",
        ),
        (
            vec!["slips", "merge", ".", "--report", "kiosk.toml"],
            "is the configuration",
        ),
        (
            vec!["slips", "merge", ".", "--csv", "lexicons/demo.fst"],
            "is lexicon DEMO",
        ),
        (
            vec!["slips", "merge", ".", "--jsonl", "slips.jsonl"],
            "is the slip log",
        ),
    ] {
        let r = at(dir, &args);
        assert_eq!(r.code, 2, "{args:?}: {}{}", r.stdout, r.stderr);
        assert!(r.stderr.contains(role), "{args:?}: {}", r.stderr);
    }
    assert_eq!(fs::read(dir.join("slips.jsonl")).unwrap(), log);
    assert_eq!(fs::read(&config).unwrap(), kiosk);
    assert_eq!(fs::read(dir.join("lexicons/demo.fst")).unwrap(), lexicon);
    // Written where nothing of the station is: fine.
    assert_eq!(
        at(
            dir,
            &[
                "event",
                "pack",
                "-o",
                "event.tar",
                "--key",
                common::director_key().0
            ]
        )
        .code,
        0
    );
    assert_eq!(
        at(
            dir,
            &[
                "slips",
                "merge",
                "--accept-unproven",
                ".",
                "--csv",
                "all.csv"
            ]
        )
        .code,
        0
    );
}

/// Item 6: a bundle that set `slip_log = "other.jsonl"` over a station with slips installed, and
/// the next judge was "slip 1" again.
#[test]
fn a_bundle_cannot_move_a_stations_slip_log_and_numbering_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let director = demo_station();
    let config = director.path().join("kiosk.toml");
    wordjudge::config::record_pin(
        &config,
        &wordjudge::config::PinHash::new(common::EVENT_PIN).unwrap(),
    )
    .unwrap();
    let bundle = tmp.path().join("a.tar");
    assert_eq!(common::pack_bundle(director.path(), &bundle).code, 0);
    let station = tmp.path().join("st");
    let r = common::install_bundle(&bundle, "7", &station);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for _ in 0..3 {
        assert_eq!(at(&station, &["judge", "cat"]).code, 0);
    }
    // The next bundle keeps its slips elsewhere.
    let text = fs::read_to_string(&config).unwrap();
    fs::write(
        &config,
        text.replace("slip_log = \"slips.jsonl\"", "slip_log = \"other.jsonl\""),
    )
    .unwrap();
    let bundle = tmp.path().join("b.tar");
    assert_eq!(common::pack_bundle(director.path(), &bundle).code, 0);
    let r = common::install_bundle(&bundle, "7", &station);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = at(&station, &["judge", "cat"]);
    assert!(r.stdout.contains("slip 4 ·"), "{}", r.stdout);
    assert!(!station.join("other.jsonl").exists());
    let status = at(&station, &["event", "status"]);
    assert_eq!(
        status.code, 0,
        "where a station keeps its log is its own: {}",
        status.stdout
    );
}

/// Item 7: `kiosk.toml` was edited read-modify-write without a lock: 12 parallel `lexicon add`s
/// left one entry.
#[test]
fn lexicons_added_at_once_are_all_recorded() {
    let n = common::scale(12, 25);
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("kiosk.toml");
    // Every run at once, each `wordjudge --config kiosk.toml ARGS`; all must succeed.
    let all_at_once = |runs: Vec<Vec<String>>| {
        let children: Vec<_> = runs
            .iter()
            .map(|args| {
                std::process::Command::new(assert_cmd::cargo::cargo_bin("wordjudge"))
                    .env_remove("WORDJUDGE_CONFIG")
                    .arg("--config")
                    .arg(&config)
                    .args(args)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for mut c in children {
            assert!(c.wait().unwrap().success());
        }
    };
    let adds = (0..n)
        .map(|i| {
            let list = dir.path().join(format!("l{i}.txt"));
            fs::write(
                &list,
                format!("QI\nZA\nW{}X\n", (b'A' + (i % 26) as u8) as char),
            )
            .unwrap();
            let list = list.to_str().unwrap().to_owned();
            vec!["lexicon".into(), "add".into(), format!("L{i}"), list]
        })
        .collect();
    all_at_once(adds);
    let recorded = wordjudge::config::Config::read(&config)
        .unwrap()
        .lexicons
        .len();
    println!("RELIABILITY: {n} lexicon adds at once: {recorded} recorded");
    assert_eq!(recorded, n);
    // Rounds set at once: each lands whole; the file stays a configuration.
    all_at_once(
        (1..=n)
            .map(|r| vec!["event".into(), "round".into(), r.to_string()])
            .collect(),
    );
    let c = wordjudge::config::Config::read(&config).unwrap();
    assert!(c.event.round.is_some_and(|r| (1..=n as u32).contains(&r)));
    assert_eq!(c.lexicons.len(), n, "no round undid a lexicon");
}

/// Item 2: a bundle's `escpos_device` naming a file outside the station, or `event.toml`, was
/// installed, and every docket was appended to it.
#[test]
fn a_regular_file_as_the_docket_printer_is_refused() {
    let station = demo_station();
    let outside = tempfile::tempdir().unwrap();
    let file = outside.path().join("notes.txt");
    fs::write(&file, b"mine\n").unwrap();
    let config = station.path().join("kiosk.toml");
    let text = fs::read_to_string(&config).unwrap();
    fs::write(
        &config,
        format!(
            "{text}\n[printer]\nescpos_device = {:?}\n",
            file.to_str().unwrap()
        ),
    )
    .unwrap();
    let check = at(station.path(), &["config", "check"]);
    assert_eq!(check.code, 1);
    assert!(
        check
            .stdout
            .contains("is a regular file, not a printer's device"),
        "{}",
        check.stdout
    );
    assert_eq!(fs::read(&file).unwrap(), b"mine\n");
}

/// Issue 38, item 7: `wordjudge judge` run as root in a packaged station's folder before any
/// slip made a root-owned `slips.jsonl`, and the station then showed SLIP NOT WRITTEN; the
/// packaged demo run as root wrote its slip log under /usr.
#[cfg(unix)]
#[test]
fn only_the_stations_account_writes_its_slip_log_and_the_packaged_demo_is_not_written() {
    if !common::tool("setpriv") {
        return;
    }
    if !common::as_root_for_a_packaged_folder() {
        return;
    }
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let outer = tempfile::tempdir().unwrap();
    fs::set_permissions(outer.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let dir = outer.path().join("station");
    fs::create_dir(&dir).unwrap();
    let demo = demo_station();
    for f in ["kiosk.toml", "lexicons/demo.fst"] {
        fs::create_dir_all(dir.join(f).parent().unwrap()).unwrap();
        fs::copy(demo.path().join(f), dir.join(f)).unwrap();
    }
    // As the package lays it out: root's, the station's group (here 65534) may write, sticky.
    std::os::unix::fs::chown(&dir, Some(0), Some(65534)).unwrap();
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o1770)).unwrap();
    for f in ["kiosk.toml", "lexicons/demo.fst", "lexicons"] {
        let mode = if f == "lexicons" { 0o755 } else { 0o644 };
        fs::set_permissions(dir.join(f), fs::Permissions::from_mode(mode)).unwrap();
    }
    let group = String::from_utf8(
        std::process::Command::new("getent")
            .args(["group", "65534"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let group = group.split(':').next().unwrap_or("gid 65534").to_owned();
    // Root first: refused before anything is judged, naming the account to run as.
    let r = at(&dir, &["judge", "qi"]).code(2);
    assert!(
        r.stderr.contains(&format!("sudo -u {group} wordjudge")),
        "{}",
        r.stderr
    );
    assert!(!dir.join("slips.jsonl").exists());
    let r = at(&dir, &["event", "round", "3"]);
    assert_ne!(r.code, 0, "{}", r.stdout);
    assert!(r.stderr.contains("sudo -u"), "{}", r.stderr);
    // The station's account makes its log; root still may not append to it.
    let bin = assert_cmd::cargo::cargo_bin("wordjudge");
    let as_station = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(&bin)
        .args(["judge", "qi"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        as_station.status.success(),
        "{}",
        String::from_utf8_lossy(&as_station.stderr)
    );
    assert_eq!(fs::metadata(dir.join("slips.jsonl")).unwrap().uid(), 65534);
    let before = fs::read(dir.join("slips.jsonl")).unwrap();
    let r = at(&dir, &["judge", "za"]).code(2);
    assert!(r.stderr.contains("belongs to"), "{}", r.stderr);
    let r = at(&dir, &["rejudge", "1"]).code(2);
    assert!(r.stderr.contains("belongs to"), "{}", r.stderr);
    assert_eq!(fs::read(dir.join("slips.jsonl")).unwrap(), before);
    // Reading is anyone's.
    at(&dir, &["slips", "verify"]).code(0);

    // The package's demo, under /usr: refused, saying to copy it.
    let usr = tempfile::tempdir_in("/usr/local").unwrap();
    for f in ["kiosk.toml", "lexicons/demo.fst"] {
        fs::create_dir_all(usr.path().join(f).parent().unwrap()).unwrap();
        fs::copy(demo.path().join(f), usr.path().join(f)).unwrap();
    }
    let r = at(usr.path(), &["judge", "qi"]).code(2);
    assert!(r.stderr.contains("cp -r"), "{}", r.stderr);
    assert!(!usr.path().join("slips.jsonl").exists());
    at(usr.path(), &["judge", "--no-log", "qi"]).code(0);
}

/// Issue 50, item 3: thirteen divisions in seven languages passed `config check` with OK and ran
/// off the screen. The check now warns at the line and column past what the fit check proves
/// (a 13th division) and past the languages the menu speaks (a fourth), and does not say OK;
/// the station still runs (exit 0: a warning, not a problem).
#[test]
fn config_check_warns_of_an_events_shape_the_fit_check_does_not_prove() {
    let station = demo_station();
    let config = station.path().join("kiosk.toml");
    let mut text = fs::read_to_string(&config).unwrap();
    let languages = ["en", "de", "pl", "ca", "sl", "sv", "fr"];
    for i in 1..13 {
        text.push_str(&format!(
            "\n[divisions.d{i}]\nprimary = \"DEMO\"\nlanguage = \"{}\"\n",
            languages[i % languages.len()]
        ));
    }
    fs::write(&config, &text).unwrap();
    let check = at(station.path(), &["config", "check"]);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    let line = |l: &str| text.lines().position(|x| x == l).unwrap() + 1;
    let fourth = format!(
        "kiosk.toml:{}:12: warning: a fourth language among the divisions",
        line("language = \"ca\"")
    );
    let thirteenth = format!(
        "kiosk.toml:{}:1: warning: a 13th division",
        line("[divisions.d12]")
    );
    for want in [&fourth, &thirteenth] {
        assert!(
            check.stdout.contains(want.as_str()),
            "{want}\n{}",
            check.stdout
        );
    }
    assert!(
        check.stdout.contains("usable, with 2 warning(s) above") && !check.stdout.contains(": OK"),
        "{}",
        check.stdout
    );
}
