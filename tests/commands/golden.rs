//! The golden records (`tests/golden/`, docs/formats.md): logs, heads, a bundle, a roster,
//! anchors, a logs stick and a site's description written by earlier releases and kept for ever.
//! Every build must verify them, merge them as proven under their roster, re-judge their slips to
//! the verdicts they record, install their bundle, and refuse a format it does not know by name.
//! (That today's writer still writes their very bytes is the slip log's own test,
//! `crates/sliplog/src/tests/golden.rs`.)

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{run, run_in};

/// Every golden set, oldest first.
fn sets() -> Vec<PathBuf> {
    let mut sets: Vec<PathBuf> = fs::read_dir(common::root().join("tests/golden"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.is_dir()
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("20"))
        })
        .collect();
    sets.sort();
    assert!(!sets.is_empty(), "no golden set in tests/golden");
    sets
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A module `web build` accepts, in `dir` (what it reads of the judge's, without building it).
fn stand_in_module(dir: &Path) -> PathBuf {
    let module = dir.join("m.wasm");
    fs::write(
        &module,
        common::wasm_module(&["wj_open", "wj_view", "wj_newest"]),
    )
    .unwrap();
    module
}

/// `web build` of `bundle` trusting `key`, into `site`, with `module`.
fn web_build<'a>(
    bundle: &'a Path,
    key: &'a Path,
    site: &'a Path,
    module: &'a Path,
) -> [&'a str; 10] {
    let (bundle, key, site, module) = (s(bundle), s(key), s(site), s(module));
    [
        "web", "build", "--bundle", bundle, "--trust", key, "-o", site, "--module", module,
    ]
}

/// The logs of set `set`: the station's, the device's, and the station's copy on the logs stick.
fn logs(set: &Path) -> Vec<PathBuf> {
    let mut logs = vec![set.join("station-7/slips.jsonl")];
    for dir in [
        set.join("devices"),
        set.join("logs-stick/wordjudge-logs/station-7"),
    ] {
        for e in fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "jsonl") {
                logs.push(p);
            }
        }
    }
    logs.sort();
    assert_eq!(logs.len(), 3, "{logs:?}");
    logs
}

/// What differs from set to set: the local time of the first slip on the event's clock, as the
/// merge writes it (each set was written at its own hour).
fn first_local_time(set: &Path) -> &'static str {
    match set.file_name().and_then(|n| n.to_str()) {
        Some("2026-11-29") => "2026-11-29 02:27:05 CET",
        Some("2026-11-29b") => "2026-11-29 12:22:21 CET",
        other => panic!("a new golden set {other:?}: say its first slip's local time here"),
    }
}

/// Whether the set's heads are signed (head format 2, since issue 49): its logs prove their own
/// length. A set of format 1 heads proves who wrote each log, not how long it was.
fn heads_signed(set: &Path) -> bool {
    let head = fs::read_to_string(set.join("station-7/slips.jsonl.head")).unwrap();
    head.starts_with("{\"v\":2,")
}

/// The event fingerprint the station's records carry.
fn fingerprint(set: &Path) -> String {
    let log = fs::read_to_string(set.join("station-7/slips.jsonl")).unwrap();
    let first: serde_json::Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
    first["event"].as_str().unwrap().to_owned()
}

#[test]
fn every_golden_log_verifies_whole_and_signed_by_one_key() {
    for set in sets() {
        for log in logs(&set) {
            run(&["slips", "verify", "--log", s(&log)])
                .code(0)
                .stdout_has("numbering, seals and chain intact");
            let v = wordjudge::sliplog::verify(&log).unwrap();
            assert_eq!(
                (&v.first_bad, v.torn, v.head_behind, &v.head_problem),
                (&None, None, false, &None),
                "{}",
                log.display()
            );
            assert_eq!(v.signed_by.len(), 1, "{}: {v:?}", log.display());
            assert_eq!(v.unsigned, 0, "{}", log.display());
        }
    }
}

/// The table judge's one-file logs (`tests/golden/device-log-files/`, device log file format 1),
/// as the page saved them in Chromium: each reads, verifies whole and signed by its device's key.
#[test]
fn every_golden_device_log_file_verifies_whole() {
    let dir = common::root().join("tests/golden/device-log-files");
    let mut files = 0;
    for e in fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "wjlog") {
            continue;
        }
        files += 1;
        let bytes = fs::read(&path).unwrap();
        let file = wordjudge::sliplog::device_file::read(&bytes).unwrap();
        assert!(s(&path).contains(&format!("{}-{}", file.device, file.event)));
        run(&["slips", "verify", "--log", s(&path)])
            .code(0)
            .stdout_has("numbering, seals and chain intact")
            .stdout_has("its end is proven by the station's signed head");
        let first: serde_json::Value =
            serde_json::from_str(file.log.lines().next().unwrap()).unwrap();
        assert!(wordjudge::sliplog::signature::is_device(
            first["station"].as_str().unwrap(),
            first["key"].as_str()
        ));
    }
    assert_eq!(files, 1);
}

/// `tests/golden/bundle-format-4/` (issue 51, item 7): a bundle of format 4, its large lexicon
/// stored deflated, its small one as it is: it installs (the very file compiled, as the
/// manifest's SHA-256 says), judges, and builds a site whose bundle keeps the deflated member.
#[test]
fn the_golden_bundle_of_format_4_installs_its_deflated_lexicon_whole_and_builds_its_site() {
    let dir = common::root().join("tests/golden/bundle-format-4");
    let (bundle, key) = (dir.join("event.tar"), dir.join("director.key.pub"));
    let tmp = tempfile::tempdir().unwrap();
    let station = tmp.path().join("st");
    run_in(
        Path::new("."),
        &[
            "event",
            "install",
            s(&bundle),
            "--station",
            "3",
            "--dir",
            s(&station),
            "--trust",
            s(&key),
        ],
    )
    .code(0)
    .stdout_has("UA4K-RQZS-TAIP-KXLT");
    let sample = fs::read_dir(station.join("lexicons"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| s(p).contains("SAMPLE-") && s(p).ends_with(".fst"))
        .unwrap();
    assert_eq!(
        wordjudge::base::digest::Digest::of(&fs::read(&sample).unwrap()).to_string(),
        "762458f57b564d4311ad88f95ae5d2167f0a8e5fd2e58e5d28915b0eea0ecec9"
    );
    let config = station.join("kiosk.toml");
    common::at(&config, &["judge", "--division", "main", "LIANA"]).code(0);
    common::at(&config, &["judge", "--division", "main", "LIANAX"]).code(1);
    common::at(&config, &["judge", "--division", "club", "QI"]).code(0);
    let module = stand_in_module(tmp.path());
    let site = tmp.path().join("site");
    run(&web_build(&bundle, &key, &site, &module)).code(0);
    let served = fs::read(site.join("event.tar")).unwrap();
    let names: Vec<String> = crate::tar_entries(&served)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert!(
        names.contains(&"lexicons/SAMPLE.fst.deflate".to_owned()),
        "{names:?}"
    );
    assert!(!names.contains(&"director-pin.txt".to_owned()), "{names:?}");
}

#[test]
fn golden_logs_merge_as_proven_under_their_roster_and_their_anchor_holds() {
    for set in sets() {
        let out = tempfile::tempdir().unwrap();
        let csv = out.path().join("merged.csv");
        let device = logs(&set)
            .into_iter()
            .find(|l| l.starts_with(set.join("devices")))
            .unwrap();
        // The station's log as director mode copied it to a stick (the folder, as a director
        // passes it), and the device's saved log.
        // Heads of format 1 (unsigned): who wrote them is proven, their length is not (issue
        // 49), so the merge says so and takes them only with --accept-unproven. Heads of format 2
        // (signed) prove it: merged as proven, no word needed.
        let (stick, roster, anchors) = (
            set.join("logs-stick"),
            set.join("roster.txt"),
            set.join("anchors.txt"),
        );
        let args = [
            "slips",
            "merge",
            s(&stick),
            s(&device),
            "--roster",
            s(&roster),
            "--anchors",
            s(&anchors),
            "--csv",
            s(&csv),
        ];
        let signed = heads_signed(&set);
        let merged = match signed {
            true => run(&args),
            false => {
                run(&args)
                    .code(1)
                    .stdout_has("the length of 2 log(s) is NOT PROVEN: their heads are not signed");
                run(&[&args[..], &["--accept-unproven"]].concat())
            }
        };
        let merged = merged
            .code(0)
            .stdout_has("merged: 11 slip(s) from 2 of 2 log(s)")
            .stdout_has("8:")
            .stdout_has("holds in");
        assert!(
            !merged.stdout.contains("who wrote these logs is NOT PROVEN")
                && (!signed || !merged.stdout.contains("NOT PROVEN")),
            "{}{}",
            merged.stdout,
            merged.stderr
        );
        let text = fs::read_to_string(&csv).unwrap();
        assert_eq!(text.lines().count(), 12, "{text}");
        assert!(text.contains("COL·LEGI"), "{text}");
        // The station's own folder's log merges the same, its local times on the event's clock
        // (its kiosk.toml: Europe/Madrid), whatever this computer's zone.
        let in_folder = out.path().join("station.csv");
        let accept: &[&str] = if signed { &[] } else { &["--accept-unproven"] };
        common::wordjudge()
            .env("TZ", "America/Toronto")
            .args(["slips", "merge"])
            .args(accept)
            .arg(set.join("station-7/slips.jsonl"))
            .arg("--roster")
            .arg(set.join("roster.txt"))
            .arg("--csv")
            .arg(&in_folder)
            .assert()
            .code(0)
            .stdout(predicates::str::contains("8 slip(s)"))
            .stdout(predicates::str::contains(
                "local times are on the clock of Europe/Madrid (the event's time zone, from",
            ));
        let text = fs::read_to_string(&in_folder).unwrap();
        assert!(
            text.contains(&format!(",{},", first_local_time(&set))),
            "{text}"
        );
        // Copies on a stick carry no configuration: --zone says which clock.
        let on_stick = out.path().join("stick.csv");
        run(&[
            "slips",
            "merge",
            s(&set.join("logs-stick")),
            "--zone",
            "Europe/Madrid",
            "--csv",
            s(&on_stick),
        ])
        .stdout_has("local times are on the clock of Europe/Madrid (--zone)");
        let text = fs::read_to_string(&on_stick).unwrap();
        assert!(
            text.contains(&format!(",{},", first_local_time(&set))),
            "{text}"
        );
    }
}

#[test]
fn golden_slips_rejudge_to_the_verdicts_they_record() {
    for set in sets() {
        // The station folder as it was (a copy: reading it may leave a lock file).
        let tmp = tempfile::tempdir().unwrap();
        let station = tmp.path().join("station-7");
        copy_tree(&set.join("station-7"), &station);
        let config = station.join("kiosk.toml");
        common::at(&config, &["slips", "recheck"])
            .code(0)
            .stdout_has("8 of 8 slip(s) rechecked")
            .stdout_has(", 0 differ");
        // The device's slips, re-judged under the same bundle installed afresh.
        let fresh = tmp.path().join("fresh");
        run_in(
            Path::new("."),
            &[
                "event",
                "install",
                s(&set.join("event.tar")),
                "--station",
                "9",
                "--dir",
                s(&fresh),
                "--trust",
                s(&set.join("director.key.pub")),
            ],
        )
        .code(0)
        .stdout_has(&fingerprint(&set));
        let device = logs(&set)
            .into_iter()
            .find(|l| l.starts_with(set.join("devices")))
            .unwrap();
        fs::copy(&device, fresh.join("slips.jsonl")).unwrap();
        fs::copy(
            wordjudge::sliplog::head_path(&device),
            fresh.join("slips.jsonl.head"),
        )
        .unwrap();
        common::at(&fresh.join("kiosk.toml"), &["slips", "recheck"])
            .code(0)
            .stdout_has("3 of 3 slip(s) rechecked")
            .stdout_has(", 0 differ");
    }
}

#[test]
fn the_golden_bundle_builds_the_site_it_built() {
    for set in sets() {
        let tmp = tempfile::tempdir().unwrap();
        let module = stand_in_module(tmp.path());
        let site = tmp.path().join("site");
        let (bundle, key) = (set.join("event.tar"), set.join("director.key.pub"));
        let args = web_build(&bundle, &key, &site, &module);
        // A bundle of format 2 carries the PIN's hash in its kiosk.toml: a public site of it is
        // refused unless the director says so (issue 49, finding 3); it still installs. One of
        // format 3 keeps the hash in a member of its own, which the site leaves out.
        let tar = fs::read(&bundle).unwrap();
        if tar.windows(16).any(|w| w == b"director-pin.txt") {
            run(&args).code(0);
            let served = fs::read(site.join("event.tar")).unwrap();
            assert!(!served.windows(8).any(|w| w == b"$argon2"));
        } else {
            let refused = run(&args).code(2);
            assert!(
                refused.stderr.contains("--publish-pin-hash"),
                "{}",
                refused.stderr
            );
            assert!(!site.join("event.tar").exists());
            run(&[&args[..], &["--publish-pin-hash"]].concat()).code(0);
        }
        let read = |p: &Path| -> serde_json::Value {
            serde_json::from_str(&fs::read_to_string(p).unwrap()).unwrap()
        };
        let (now, then) = (read(&site.join("site.json")), read(&set.join("site.json")));
        for field in [
            "bundle",
            "event",
            "fingerprint",
            "module",
            "signed_by",
            "trust",
        ] {
            assert_eq!(now[field], then[field], "site.json's {field}");
        }
        assert_eq!(
            then["fingerprint"].as_str(),
            Some(fingerprint(&set).as_str())
        );
    }
}

#[test]
fn a_record_or_head_of_a_later_format_is_refused_by_its_version_not_misread() {
    let set = &sets()[0];
    let tmp = tempfile::tempdir().unwrap();
    let log = tmp.path().join("later.jsonl");
    let text = fs::read_to_string(set.join("station-7/slips.jsonl")).unwrap();
    let first = text.lines().next().unwrap();
    // A record of format 2, as such a format would begin its line.
    fs::write(&log, format!("{{\"v\":2,{}\n", &first[1..])).unwrap();
    run(&["slips", "verify", "--log", s(&log)])
        .code(1)
        .stdout_has("format version 2, which this wordjudge");
    // A head of format 3 beside a version-1 log (format 2, the signed head, is read since
    // issue 49).
    let log = tmp.path().join("head.jsonl");
    fs::write(&log, format!("{first}\n")).unwrap();
    let head = "{\"v\":3,\"slip\":1,\"sig\":\"00\"}";
    fs::write(
        wordjudge::sliplog::head_path(&log),
        format!("{head:<255}\n"),
    )
    .unwrap();
    let r = run(&["slips", "verify", "--log", s(&log)]);
    assert_ne!(r.code, 0, "{}", r.stdout);
    assert!(
        format!("{}{}", r.stdout, r.stderr).contains("head of format version 3"),
        "{}{}",
        r.stdout,
        r.stderr
    );
}

#[test]
fn a_roster_or_anchors_file_of_a_later_format_is_refused_by_its_version() {
    let set = &sets()[0];
    let tmp = tempfile::tempdir().unwrap();
    let log = set.join("station-7/slips.jsonl");
    let roster = set.join("roster.txt");
    for (option, file, first) in [
        ("--roster", "roster.txt", "wordjudge-roster"),
        ("--anchors", "anchors.txt", "wordjudge-anchors"),
    ] {
        let given = fs::read_to_string(set.join(file)).unwrap();
        // Format 1 may say so; format 2 is refused by name.
        for (version, code) in [("1", 0), ("2", 2)] {
            let path = tmp.path().join(format!("{version}-{file}"));
            fs::write(&path, format!("{first} {version}\n{given}")).unwrap();
            let mut args = vec![
                "slips",
                "merge",
                "--accept-unproven",
                s(&log),
                option,
                s(&path),
            ];
            if option == "--anchors" {
                args.extend(["--roster", s(&roster)]);
            }
            let r = run(&args).code(code);
            if code == 2 {
                assert!(
                    r.stderr
                        .contains(&format!("{first} format 2, which this wordjudge")),
                    "{}",
                    r.stderr
                );
            }
        }
        // After an entry, the same line is no format line: an entry, refused as one.
        let path = tmp.path().join(format!("late-{file}"));
        fs::write(&path, format!("{given}{first} 1\n")).unwrap();
        let mut args = vec!["slips", "merge", s(&log), option, s(&path)];
        if option == "--anchors" {
            args.extend(["--roster", s(&roster)]);
        }
        let r = run(&args).code(2);
        assert!(!r.stderr.contains("format"), "{}", r.stderr);
    }
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            fs::copy(e.path(), target).unwrap();
        }
    }
}
