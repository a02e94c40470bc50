//! The next event and the logs by USB stick at an installed station (`event stick install` and
//! `event stick copy-logs`, which the image's root helper runs when the director chooses them in
//! director mode): the new event installed as the same station, the last event's log kept apart
//! and never continued, every log copied and read back, and the sticks merged as they are. The
//! booted image's part (director mode, the helper, real FAT sticks) is `.ci/image_boot.py`.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{at, fingerprint, prepared, run};
use sha2::{Digest as _, Sha256};
use wordjudge::sliplog::Slip;

fn pack(config: &Path, to: &Path, key: &str) -> String {
    fs::create_dir_all(to.parent().unwrap()).unwrap();
    let r = at(
        config,
        &["event", "pack", "-o", to.to_str().unwrap(), "--key", key],
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    fingerprint(&r.stdout)
}

fn stick(dir: &Path, action: &str, sticks: &[(&str, &Path)]) -> common::Run {
    let mut args = vec![
        "event".to_owned(),
        "stick".into(),
        action.into(),
        "--dir".into(),
        dir.to_str().unwrap().into(),
    ];
    for (name, root) in sticks {
        args.push("--stick".into());
        args.push(format!("{name}={}", root.display()));
    }
    run(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn slips(log: &Path) -> Vec<Slip> {
    fs::read_to_string(log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn sha256(path: &Path) -> String {
    format!("{:x}", Sha256::digest(fs::read(path).unwrap()))
}

/// The station key's id an install printed (`station key: ID …`).
fn station_key(stdout: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("station key: "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .to_owned()
}

/// Station 7 installed from the prepared event, two plays judged: the source configuration,
/// the station's folder, the first event's fingerprint, the station key's roster line.
fn station_with_two_slips(tmp: &Path) -> (PathBuf, PathBuf, String, String) {
    let source = prepared(tmp);
    let first = pack(&source, &tmp.join("first.tar"), common::director_key().0);
    let dir = tmp.join("station");
    let r = common::install_bundle(&tmp.join("first.tar"), "7", &dir);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let key = station_key(&r.stdout);
    let config = dir.join("kiosk.toml");
    for word in ["ok", "zo"] {
        let r = at(&config, &["judge", "--division", "world", word]);
        assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    }
    (source, dir, first, format!("7 {key}\n"))
}

#[test]
fn the_next_event_from_a_stick_keeps_the_last_events_log_apart_and_both_are_copied_and_merged() {
    let tmp = tempfile::tempdir().unwrap();
    let (source, dir, first, roster) = station_with_two_slips(tmp.path());
    let config = dir.join("kiosk.toml");
    let old_log = fs::read(dir.join("slips.jsonl")).unwrap();
    // The next event: another name, packed onto a stick.
    let text = fs::read_to_string(&source).unwrap();
    fs::write(&source, text.replace("Test Open 2026", "Second Open 2027")).unwrap();
    let stick1 = tmp.path().join("stick1");
    let second = pack(
        &source,
        &stick1.join("wordjudge-event/event.tar"),
        common::director_key().0,
    );
    assert_ne!(first, second);
    let r = stick(&dir, "install", &[("sdb1", &stick1)]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains(&second), "{}", r.stdout);
    assert!(r.stdout.contains("as station 7"), "{}", r.stdout);
    assert!(r.stdout.contains("kept apart"), "{}", r.stdout);
    let status = at(&config, &["event", "status"]);
    assert_eq!(fingerprint(&status.stdout), second, "{}", status.stdout);
    // The first event's log, byte for byte, in a folder of its own; none in its old place.
    let past = dir.join("events").join(&first).join("slips.jsonl");
    assert_eq!(fs::read(&past).unwrap(), old_log);
    assert!(dir
        .join("events")
        .join(&first)
        .join("slips.jsonl.head")
        .is_file());
    assert!(!dir.join("slips.jsonl").exists());
    // The new event's first slip is slip 1 of a log of its own.
    assert_eq!(at(&config, &["judge", "--division", "world", "qi"]).code, 0);
    let new = slips(&dir.join("slips.jsonl"));
    assert_eq!(new.len(), 1);
    assert_eq!(new[0].slip, 1);
    assert_eq!(new[0].event.as_deref(), Some(second.as_str()));
    assert_eq!(slips(&past).len(), 2, "the past log is not written to");
    assert_eq!(at(&config, &["slips", "verify"]).code, 0);

    // Every log onto a second stick, read back; the helper's check file matches.
    let stick2 = tmp.path().join("stick2");
    fs::create_dir_all(&stick2).unwrap();
    let r = stick(&dir, "copy-logs", &[("sdc1", &stick2)]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("copied 2 log(s), 3 slip(s)"),
        "{}",
        r.stdout
    );
    // Its own folder, named by its id and its key's (the logs stick's layout 2).
    let key_id = roster.split_whitespace().nth(1).unwrap();
    let copies = stick2.join(format!("wordjudge-logs/station-7-{key_id}"));
    assert_eq!(
        fs::read(copies.join(format!("{first}.jsonl"))).unwrap(),
        old_log
    );
    assert_eq!(
        fs::read(copies.join(format!("{second}.jsonl"))).unwrap(),
        fs::read(dir.join("slips.jsonl")).unwrap()
    );
    // Each event's files and their sums apart: a log, its head, its anchor.
    for event in [&first, &second] {
        let sums = fs::read_to_string(copies.join(format!("{event}.SHA256SUMS"))).unwrap();
        for line in sums.lines() {
            let (sum, name) = line.split_once("  ").unwrap();
            assert!(name.starts_with(event.as_str()), "{name}");
            assert_eq!(sha256(&copies.join(name)), sum, "{name}");
        }
        assert_eq!(sums.lines().count(), 3, "{sums}");
    }
    assert!(!copies.join("SHA256SUMS").exists());
    let anchors = fs::read_to_string(copies.join(format!("{second}.anchors.txt"))).unwrap();
    assert!(
        anchors.contains(&format!("7 1:{}", &new[0].seal[..16])),
        "{anchors}"
    );
    assert!(!copies.join("station.key").exists());
    let secret = fs::read(dir.join("station.key")).unwrap();
    for f in fs::read_dir(&copies).unwrap() {
        let bytes = fs::read(f.unwrap().path()).unwrap();
        assert!(!bytes.windows(secret.len()).any(|w| w == secret));
    }

    // The stick merged as it is: both events' logs, proven by the roster; one event's log with
    // its anchor.
    let roster_file = tmp.path().join("roster.txt");
    fs::write(&roster_file, &roster).unwrap();
    let csv = tmp.path().join("merged.csv");
    let r = at(
        &config,
        &[
            "slips",
            "merge",
            stick2.to_str().unwrap(),
            "--roster",
            roster_file.to_str().unwrap(),
            "--csv",
            csv.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    // One station's logs of two events are one station's (issue 52, finding 2).
    assert!(
        !(r.stdout.clone() + &r.stderr).contains("not copies of each other"),
        "{}{}",
        r.stdout,
        r.stderr
    );
    let merged = fs::read_to_string(&csv).unwrap();
    assert_eq!(
        merged.lines().count(),
        4,
        "a header and three slips: {merged}"
    );
    assert!(
        merged.contains(&first) && merged.contains(&second),
        "{merged}"
    );
    // One event asked (issue 52, finding 2): only its slips; the other event's log listed, not
    // merged, not an error. A fingerprint no log holds: exit 1, naming the events they hold.
    let one = tmp.path().join("one.csv");
    let by_event = |event: &str| {
        let (stick, roster, one) = (
            stick2.to_str().unwrap(),
            roster_file.to_str().unwrap(),
            one.to_str().unwrap(),
        );
        at(
            &config,
            &[
                "slips", "merge", stick, "--roster", roster, "--csv", one, "--event", event,
            ],
        )
    };
    let r = by_event(&second);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let only = fs::read_to_string(&one).unwrap();
    assert_eq!(
        only.lines().count(),
        2,
        "a header and the second event's slip: {only}"
    );
    assert!(only.contains(&second) && !only.contains(&first), "{only}");
    assert!(
        r.stdout.contains(&format!(
            "of event {first}, not the one asked (--event): not merged"
        )),
        "{}",
        r.stdout
    );
    let r = by_event("AAAA-BBBB-CCCC-DDDD");
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("no log given holds a slip of event AAAA-BBBB-CCCC-DDDD")
            && r.stderr.contains(&first)
            && r.stderr.contains(&second),
        "{}",
        r.stderr
    );

    let anchors = copies.join(format!("{first}.anchors.txt"));
    let r = at(
        &config,
        &[
            "slips",
            "merge",
            "--accept-unproven",
            copies.join(format!("{first}.jsonl")).to_str().unwrap(),
            "--anchors",
            anchors.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("holds"), "{}", r.stdout);

    // Copying again later writes over the copies with the longer logs.
    assert_eq!(at(&config, &["judge", "--division", "world", "za"]).code, 0);
    let r = stick(&dir, "copy-logs", &[("sdc1", &stick2)]);
    assert!(
        r.stdout.contains("copied 2 log(s), 4 slip(s)"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_stick_the_station_cannot_use_changes_nothing_and_says_what_to_do() {
    let tmp = tempfile::tempdir().unwrap();
    let (source, dir, first, _) = station_with_two_slips(tmp.path());
    let config = dir.join("kiosk.toml");
    let before = fs::read(dir.join("slips.jsonl")).unwrap();
    let text = fs::read_to_string(&source).unwrap();
    fs::write(&source, text.replace("Test Open 2026", "Second Open 2027")).unwrap();
    // Signed by another key: refused, naming both keys.
    let other = tmp.path().join("other.key");
    wordjudge::event::signing::SigningKey::generate(&other).unwrap();
    let forged = tmp.path().join("forged");
    pack(
        &source,
        &forged.join("wordjudge-event/event.tar"),
        other.to_str().unwrap(),
    );
    let r = stick(&dir, "install", &[("sdb1", &forged)]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.starts_with("nothing installed: "), "{}", r.stdout);
    assert!(r.stdout.contains("sdb1"), "{}", r.stdout);
    // No stick with an event; two sticks with one.
    let empty = tmp.path().join("empty");
    fs::create_dir_all(&empty).unwrap();
    let r = stick(&dir, "install", &[("sdb1", &empty)]);
    assert!(r.stdout.contains("no event stick found"), "{}", r.stdout);
    assert!(r.stdout.contains("choose it again"), "{}", r.stdout);
    let good = tmp.path().join("good");
    pack(
        &source,
        &good.join("wordjudge-event/event.tar"),
        common::director_key().0,
    );
    let r = stick(&dir, "install", &[("sdb1", &forged), ("sdc1", &good)]);
    assert!(
        r.stdout.contains("sdb1") && r.stdout.contains("sdc1"),
        "{}",
        r.stdout
    );
    let r = stick(&dir, "install", &[("sdb1", &good)]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert_ne!(
        fingerprint(&at(&config, &["event", "status"]).stdout),
        first
    );
    // Copying the logs wants exactly one stick.
    let r = stick(&dir, "copy-logs", &[("sdb1", &empty), ("sdc1", &good)]);
    assert!(
        r.stdout.contains("take out every stick but the one"),
        "{}",
        r.stdout
    );
    assert!(!empty.join("wordjudge-logs").exists());
    // The refused installs changed nothing of the first event's log.
    let past = dir.join("events").join(&first).join("slips.jsonl");
    assert_eq!(fs::read(past).unwrap(), before);
}

/// Issue 52, finding 1: two machines installed from one stick as station 7 copy their logs onto
/// one logs stick. Each writes its own folder (its id and its key's), each event's sums cover its
/// own files, neither rewrites the other's; both merge, each proven by its key's roster line.
#[test]
fn two_machines_installed_as_one_station_keep_their_copies_and_sums_apart_on_one_stick() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, a, event, roster_a) = station_with_two_slips(tmp.path());
    let b = tmp.path().join("station-b");
    let r = common::install_bundle(&tmp.path().join("first.tar"), "7", &b);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let key_b = station_key(&r.stdout);
    let r = at(
        &b.join("kiosk.toml"),
        &["judge", "--division", "world", "qi"],
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let logs = tmp.path().join("logs-stick");
    fs::create_dir_all(&logs).unwrap();
    for dir in [&a, &b] {
        let r = stick(dir, "copy-logs", &[("LOGS (15G)", &logs)]);
        assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    }
    let key_a = roster_a.split_whitespace().nth(1).unwrap();
    let mut folders: Vec<String> = fs::read_dir(logs.join("wordjudge-logs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let mut expected = vec![format!("station-7-{key_a}"), format!("station-7-{key_b}")];
    expected.sort();
    assert_eq!(folders, expected);
    for folder in &expected {
        let copies = logs.join("wordjudge-logs").join(folder);
        let sums = fs::read_to_string(copies.join(format!("{event}.SHA256SUMS"))).unwrap();
        assert_eq!(sums.lines().count(), 3, "{folder}: {sums}");
        for line in sums.lines() {
            let (sum, name) = line.split_once("  ").unwrap();
            assert_eq!(sha256(&copies.join(name)), sum, "{folder}/{name}");
        }
    }
    assert_eq!(
        fs::read(logs.join(format!("wordjudge-logs/station-7-{key_a}/{event}.jsonl"))).unwrap(),
        fs::read(a.join("slips.jsonl")).unwrap()
    );
    assert_eq!(
        fs::read(logs.join(format!("wordjudge-logs/station-7-{key_b}/{event}.jsonl"))).unwrap(),
        fs::read(b.join("slips.jsonl")).unwrap()
    );
    // Both merged, each proven by its own key's line.
    let roster = tmp.path().join("roster.txt");
    fs::write(&roster, format!("{roster_a}7 {key_b}\n")).unwrap();
    let csv = tmp.path().join("merged.csv");
    let merge = |csv: Option<&Path>| {
        let (logs, roster) = (logs.to_str().unwrap(), roster.to_str().unwrap());
        let mut args = vec!["slips", "merge", logs, "--roster", roster];
        if let Some(csv) = csv {
            args.extend(["--csv", csv.to_str().unwrap()]);
        }
        run(&args)
    };
    let r = merge(Some(&csv));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("two stations installed with one id?"),
        "{}",
        r.stdout
    );
    let merged = fs::read_to_string(&csv).unwrap();
    assert_eq!(
        merged.lines().count(),
        4,
        "a header and three slips: {merged}"
    );
    // The roster naming only the first: the second's log is the other machine's, not a forgery.
    fs::write(&roster, &roster_a).unwrap();
    let r = merge(None);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("another machine installed as station 7"),
        "{}",
        r.stdout
    );
}
