//! Trust, fourth pass (issue 37): each finding of the hostile pass, as the attacker tried it —
//! a log written from nothing, a log rewritten, a look-alike station id, a copied bundle's PIN,
//! the station's own account changing what it trusts, a padded signature, an older bundle
//! offered again, a two-key `.pub`, a forked copy blocking the genuine log, a station folder
//! whose log is another's. Each test failed on the code before the fix.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{at, run, wordjudge, Run};

/// The director's station folder: one division of a list of our own, an event's PIN.
fn prepared(dir: &Path) -> PathBuf {
    let config = dir.join("kiosk.toml");
    let list = dir.join("words.txt");
    fs::write(&list, "QI\nZA\nCAT\nDOG\nOK\n").unwrap();
    at(&config, &["lexicon", "add", "CLUB", list.to_str().unwrap()]).code(0);
    wordjudge::config::record_pin(
        &config,
        &wordjudge::config::PinHash::new(common::EVENT_PIN).unwrap(),
    )
    .unwrap();
    let mut text = fs::read_to_string(&config).unwrap();
    text = text.replace("id = \"station-1\"", "id = \"director-laptop\"");
    text.push_str("\n[divisions.main]\nprimary = \"CLUB\"\n\n[event]\nname = \"Trust Open\"\n");
    fs::write(&config, text).unwrap();
    config
}

/// An event of `n` stations, 1..=n, each installed from one bundle with its line added to the
/// roster; each station judged QI, ZA, QI ZO (signed by its own key). The folder, the roster,
/// the stations' folders.
fn event(n: usize) -> (tempfile::TempDir, PathBuf, Vec<PathBuf>) {
    let tmp = tempfile::tempdir().unwrap();
    let config = prepared(tmp.path());
    let bundle = tmp.path().join("event.tar");
    common::pack_bundle(tmp.path(), &bundle).code(0);
    let roster = tmp.path().join("roster.txt");
    let mut stations = Vec::new();
    for s in 1..=n {
        let dir = tmp.path().join("stations").join(s.to_string());
        let r = run(&[
            "event",
            "install",
            bundle.to_str().unwrap(),
            "--station",
            &s.to_string(),
            "--dir",
            dir.to_str().unwrap(),
            "--trust",
            common::director_key().1,
            "--roster",
            roster.to_str().unwrap(),
        ])
        .code(0);
        assert!(r.stdout.contains("station key: "), "{}", r.stdout);
        let kiosk = dir.join("kiosk.toml");
        for words in [&["qi"][..], &["za"], &["qi", "zo"]] {
            let mut args = vec!["judge"];
            args.extend_from_slice(words);
            at(&kiosk, &args);
        }
        stations.push(dir);
    }
    let _ = config;
    (tmp, roster, stations)
}

fn merge(logs: &[&Path], extra: &[&str]) -> Run {
    let mut args = vec!["slips", "merge"];
    let logs: Vec<String> = logs
        .iter()
        .map(|p| p.to_str().unwrap().to_owned())
        .collect();
    args.extend(logs.iter().map(String::as_str));
    args.extend_from_slice(extra);
    run(&args)
}

/// A record as a forger writes it, sealed, chained to `prev`: slip `n` of `station`, `word`.
fn forged_record(n: u64, station: &str, word: &str, prev: &str) -> String {
    let mut slip: wordjudge::sliplog::Slip = serde_json::from_value(serde_json::json!({
        "slip": n, "station": station, "time": "2026-11-27T10:00:00Z",
        "kind": "challenge", "division": "main", "lexicons": [],
        "words": [word], "verdict": "ACCEPTABLE", "detail": [], "prev": prev, "seal": ""
    }))
    .unwrap();
    slip.seal = common::sha2_hex(serde_json::to_string(&slip).unwrap().as_bytes());
    serde_json::to_string(&slip).unwrap()
}

/// Writes `lines` as the slip log at `path`, with a head that matches.
fn write_log(path: &Path, lines: &[String]) {
    fs::write(path, lines.join("\n") + "\n").unwrap();
    let last = common::sha2_hex(lines.last().unwrap().as_bytes());
    let head = format!("{{\"slip\":{},\"line_sha256\":\"{last}\"}}", lines.len());
    fs::write(
        wordjudge::sliplog::head_path(path),
        format!("{head:<255}\n"),
    )
    .unwrap();
}

/// A log written from nothing: two records of station `station`, chained and sealed.
fn made_up(path: &Path, station: &str) {
    let first = forged_record(1, station, "ZO", wordjudge::sliplog::GENESIS);
    let second = forged_record(2, station, "QI", &common::sha2_hex(first.as_bytes()));
    write_log(path, &[first, second]);
}

/// Finding 1: a log written from nothing claiming to be station 3 (which does not exist) or
/// station 2 was "verified, merged", exit 0, even with anchors naming stations 1 and 2.
#[test]
fn a_log_written_from_nothing_is_left_out_of_a_merge_with_the_roster() {
    let (tmp, roster, stations) = event(2);
    let genuine = merge(
        &[&stations[0], &stations[1]],
        &["--roster", roster.to_str().unwrap()],
    )
    .code(0);
    assert!(!genuine.stdout.contains("NOT PROVEN"), "{}", genuine.stdout);
    let anchors = tmp.path().join("anchors.txt");
    let anchor = |s: &Path| {
        at(&s.join("kiosk.toml"), &["slips", "anchor"])
            .stdout
            .lines()
            .next()
            .unwrap()
            .to_owned()
    };
    fs::write(
        &anchors,
        format!("1 {}\n2 {}\n", anchor(&stations[0]), anchor(&stations[1])),
    )
    .unwrap();
    for claimed in ["3", "2"] {
        let fake = tmp.path().join(format!("fake-{claimed}.jsonl"));
        made_up(&fake, claimed);
        for extra in [vec![], vec!["--anchors", anchors.to_str().unwrap()]] {
            let mut args = vec!["--roster", roster.to_str().unwrap()];
            args.extend(extra.iter());
            let r = merge(&[&stations[0], &stations[1], &fake], &args);
            assert_eq!(r.code, 1, "station {claimed}: {}", r.stdout);
            let line = r
                .stdout
                .lines()
                .find(|l| l.starts_with(fake.to_str().unwrap()))
                .unwrap_or_else(|| panic!("{}", r.stdout));
            assert!(line.contains("NOT VERIFIED, NOT MERGED"), "{line}");
            assert!(
                line.contains("not on the roster") || line.contains("is not signed"),
                "{line}"
            );
        }
    }
    // Without a roster the merge says that who wrote the logs is not proven.
    let r = merge(&[&stations[0]], &[]);
    assert!(r.stdout.contains("NOT PROVEN"), "{}", r.stdout);
}

/// Finding 2: station 2's log rewritten from slip 2 on merged with plain `N:CODE` anchors, or
/// with its station id changed to the fullwidth `２`.
#[test]
fn a_rewritten_log_is_left_out_with_the_roster_and_a_look_alike_id_always() {
    let (tmp, roster, stations) = event(2);
    let log = stations[1].join("slips.jsonl");
    let anchor = at(&stations[1].join("kiosk.toml"), &["slips", "anchor"])
        .stdout
        .lines()
        .next()
        .unwrap()
        .to_owned();
    common::forge_log(&log, |s| {
        if s.slip >= 2 {
            s.words = vec!["ZO".into()];
        }
    });
    // Plain anchors cannot say which of two logs they are for: refused, naming the line.
    let anchors = tmp.path().join("anchors.txt");
    fs::write(&anchors, format!("{anchor}\n")).unwrap();
    let r = merge(
        &[&stations[0], &stations[1]],
        &["--anchors", anchors.to_str().unwrap()],
    );
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains("line 1") && r.stderr.contains("names no station"),
        "{}",
        r.stderr
    );
    // With the roster: the rewritten log is not signed by station 2's key.
    let r = merge(
        &[&stations[0], &stations[1]],
        &["--roster", roster.to_str().unwrap()],
    );
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .lines()
            .any(|l| l.contains("stations/2/slips.jsonl") && l.contains("NOT VERIFIED")),
        "{}",
        r.stdout
    );
    // A look-alike id is no station id, roster or not.
    common::forge_log(&log, |s| s.station = "２".into());
    let r = merge(&[&stations[0], &stations[1]], &[]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains("which is not a station id"),
        "{}",
        r.stdout
    );
}

/// Finding 3: an event bundle carried the hash of a 4-digit PIN, found in 119 s.
#[test]
fn event_pack_refuses_a_pin_a_copied_bundle_gives_away() {
    let tmp = tempfile::tempdir().unwrap();
    let config = prepared(tmp.path());
    let bundle = tmp.path().join("event.tar");
    for (pin, says) in [
        ("2468", "fewer than 8 digits"),
        ("12345678", "easy to guess"),
        ("11112222", "easy to guess"),
    ] {
        wordjudge::config::record_pin(&config, &wordjudge::config::PinHash::new(pin).unwrap())
            .unwrap();
        let r = common::pack_bundle(tmp.path(), &bundle);
        assert_eq!(r.code, 2, "{pin}: {}", r.stdout);
        assert!(r.stderr.contains(says), "{pin}: {}", r.stderr);
        assert!(!bundle.exists());
    }
    // `pin set` says so at once, and takes the PIN (a club's station may keep a short one).
    let r = Run::of(
        wordjudge()
            .args(["--config", config.to_str().unwrap(), "pin", "set"])
            .write_stdin("2468\n")
            .output()
            .unwrap(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("event pack` will refuse this PIN"),
        "{}",
        r.stdout
    );
    // The hash of an event's PIN costs what the cost constants say.
    let hash = wordjudge::config::PinHash::new(common::EVENT_PIN).unwrap();
    assert_eq!(hash.event_problem(), None);
    let phc = hash.to_string();
    assert!(
        phc.contains(&format!(
            "m={},t={}",
            wordjudge::config::PIN_M_KIB,
            wordjudge::config::PIN_T
        )),
        "{phc}"
    );
    assert!(hash.matches(common::EVENT_PIN) && !hash.matches("24681358"));
    // Issue 49, finding 3: the hash's associated data told a searcher the PIN's length and that
    // it was no pattern (`wordjudge-pin:8:plain`). Now only that it is good enough for an event,
    // the same for 8 digits and 12; a hash written before still reads (the golden station's).
    // (The data field is base64: `d29yZGp1ZGdlLXBpbjpldmVudA` is `wordjudge-pin:event`,
    // `d29yZGp1ZGdlLXBpbjo4OnBsYWlu` is `wordjudge-pin:8:plain`.)
    let data = |hash: &wordjudge::config::PinHash| {
        let phc = hash.to_string();
        phc.split(['$', ','])
            .find_map(|f| f.strip_prefix("data="))
            .unwrap()
            .to_owned()
    };
    assert_eq!(data(&hash), "d29yZGp1ZGdlLXBpbjpldmVudA");
    let longer = wordjudge::config::PinHash::new("975318642013").unwrap();
    assert_eq!(data(&longer), "d29yZGp1ZGdlLXBpbjpldmVudA");
    let golden = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/2026-11-29/station-7/kiosk.toml"),
    )
    .unwrap();
    let old: wordjudge::config::PinHash = golden
        .lines()
        .find_map(|l| l.strip_prefix("director_pin = \""))
        .and_then(|l| l.strip_suffix('"'))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(data(&old), "d29yZGp1ZGdlLXBpbjo4OnBsYWlu");
    assert_eq!(old.event_problem(), None);
}

/// Finding 8: an untrusted comment padded to 64 MB installed, and filled the station's folder.
#[test]
fn a_padded_signature_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    prepared(tmp.path());
    let bundle = tmp.path().join("event.tar");
    common::pack_bundle(tmp.path(), &bundle).code(0);
    let padded = tmp.path().join("padded.tar");
    let mut archive = tar::Archive::new(fs::File::open(&bundle).unwrap());
    let mut out = tar::Builder::new(Vec::new());
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        let path = entry.path().unwrap().to_string_lossy().into_owned();
        let mut data = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut data).unwrap();
        if path == "event.toml.minisig" {
            let text = String::from_utf8(data).unwrap();
            data = text
                .replacen(
                    "untrusted comment: ",
                    &format!("untrusted comment: {}", "x".repeat(64 * 1024)),
                    1,
                )
                .into_bytes();
        }
        let mut header = tar::Header::new_ustar();
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        out.append_data(&mut header, &path, &data[..]).unwrap();
    }
    fs::write(&padded, out.into_inner().unwrap()).unwrap();
    let dir = tmp.path().join("st");
    let r = common::install_bundle(&padded, "7", &dir);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("its signature file is"), "{}", r.stderr);
    assert!(!dir.join("kiosk.toml").exists());
}

/// Finding 9: an older bundle reinstalled over a newer one, silently.
#[test]
fn an_older_bundle_is_refused_unless_asked_for() {
    let tmp = tempfile::tempdir().unwrap();
    let config = prepared(tmp.path());
    let old = tmp.path().join("old.tar");
    // Packed a second apart (SOURCE_DATE_EPOCH), compared as moments.
    common::pack_bundle_at(tmp.path(), &old, 1_795_000_000).code(0);
    let mut text = fs::read_to_string(&config).unwrap();
    text = text.replace("Trust Open", "Trust Open, day 2");
    fs::write(&config, text).unwrap();
    let new = tmp.path().join("new.tar");
    common::pack_bundle_at(tmp.path(), &new, 1_795_000_001).code(0);
    let dir = tmp.path().join("st");
    common::install_bundle(&new, "7", &dir).code(0);
    let r = common::install_bundle(&old, "7", &dir);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains("older than the event this station runs")
            && r.stderr.contains("Trust Open, day 2")
            && r.stderr.contains("--older"),
        "{}",
        r.stderr
    );
    let r = run(&[
        "event",
        "install",
        old.to_str().unwrap(),
        "--station",
        "7",
        "--dir",
        dir.to_str().unwrap(),
        "--older",
    ]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
}

/// Finding 10: a `.pub` file of two keys silently trusted the last; look-alike station ids.
#[test]
fn a_two_key_file_and_look_alike_ids_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let two = tmp.path().join("two.pub");
    let one = fs::read_to_string(common::director_key().1).unwrap();
    let other = wordjudge::event::signing::SigningKey::generate(&tmp.path().join("o.key")).unwrap();
    fs::write(&two, format!("{one}\n{}", other.public().to_file_text())).unwrap();
    let e = wordjudge::event::signing::PublicKey::from_arg(two.to_str().unwrap()).unwrap_err();
    assert!(e.contains("holds 2 keys"), "{e}");
    for id in ["7\u{3164}", "７", "station-\u{2800}", "a\u{0301}"] {
        let problem = wordjudge::config::station_id_problem(id);
        assert!(problem.is_some(), "{id:?}");
    }
    assert_eq!(wordjudge::config::station_id_key("７"), "7");
}

/// Finding 6: a lexicon's title and edition took U+202E, newlines, ESC and 3,000 characters.
#[test]
fn a_lexicon_title_or_edition_the_screens_cannot_show_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let config = prepared(tmp.path());
    let text = fs::read_to_string(&config).unwrap();
    let title = text
        .lines()
        .find(|l| l.starts_with("title = "))
        .unwrap()
        .to_owned();
    for (bad, says) in [
        ("title = \"CLUB\\u202e ELBATPECCANU\"".to_owned(), "U+202E"),
        ("title = \"NWL2023\\nUNACCEPTABLE\"".to_owned(), "U+000A"),
        (format!("title = \"{}\"", "T".repeat(3000)), "at most 80"),
        (
            "title = \"Club\"\nedition = \"CSW24 \\u001b[2J\"".to_owned(),
            "edition",
        ),
    ] {
        fs::write(&config, text.replace(&title, &bad)).unwrap();
        let r = at(&config, &["config", "check"]);
        assert_eq!(r.code, 1, "{bad}: {}", r.stdout);
        assert!(r.stdout.contains(says), "{bad}: {}", r.stdout);
        assert!(!r.stdout.contains('\u{1b}'), "{bad}");
        let bundle = tmp.path().join("event.tar");
        assert_ne!(common::pack_bundle(tmp.path(), &bundle).code, 0, "{bad}");
    }
}

/// Finding 11: a forked copy sharing station 1's first record blocked the genuine log even with
/// the anchor it holds; a station folder whose kiosk.toml names another station's log hid it.
#[test]
fn a_forked_copy_does_not_block_the_log_an_anchor_proves_and_a_borrowed_log_is_an_error() {
    let (tmp, _roster, stations) = event(2);
    let log = stations[0].join("slips.jsonl");
    let kiosk = stations[0].join("kiosk.toml");
    let anchor = at(&kiosk, &["slips", "anchor"])
        .stdout
        .lines()
        .next()
        .unwrap()
        .to_owned();
    // A forged "copy": station 1's first record as it is, then a record of its own.
    let fork = tmp.path().join("fork");
    fs::create_dir(&fork).unwrap();
    let fork_log = fork.join("slips.jsonl");
    let first = fs::read_to_string(&log)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    let second = forged_record(2, "1", "ZO", &common::sha2_hex(first.as_bytes()));
    write_log(&fork_log, &[first, second]);
    let anchors = tmp.path().join("anchors.txt");
    fs::write(&anchors, format!("1 {anchor}\n")).unwrap();
    let r = merge(
        &[&log, &fork_log],
        &["--anchors", anchors.to_str().unwrap()],
    );
    let genuine = r
        .stdout
        .lines()
        .find(|l| l.starts_with(log.to_str().unwrap()))
        .unwrap_or_else(|| panic!("{}", r.stdout));
    assert!(genuine.ends_with("verified, merged"), "{}", r.stdout);
    assert!(r.stdout.contains("a copy of the log"), "{}", r.stdout);
    // Station 2's folder names station 1's log: an error naming both.
    let second = stations[1].join("kiosk.toml");
    let text = fs::read_to_string(&second).unwrap();
    let text = if text.contains("slip_log") {
        text.replace(
            "slip_log = \"slips.jsonl\"",
            &format!("slip_log = \"{}\"", log.display()),
        )
    } else {
        text.replace(
            "[station]\n",
            &format!("[station]\nslip_log = \"{}\"\n", log.display()),
        )
    };
    fs::write(&second, text).unwrap();
    let r = merge(&[&stations[0], &stations[1]], &[]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains("another station's folder"),
        "{}",
        r.stdout
    );
}

/// Finding 4: `event trust` replaced the trusted key on anyone's word.
#[test]
fn replacing_the_trusted_key_needs_its_endorsement_or_root_and_the_pin() {
    let (tmp, _roster, stations) = event(1);
    let dir = &stations[0];
    let other = tmp.path().join("other.key");
    wordjudge::event::signing::SigningKey::generate(&other).unwrap();
    let other_pub = tmp.path().join("other.key.pub");
    let trust = |extra: &[&str]| {
        let mut args = vec![
            "event",
            "trust",
            other_pub.to_str().unwrap(),
            "--dir",
            dir.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        run(&args)
    };
    let before = fs::read(dir.join("event-key.pub")).unwrap();
    let r = trust(&[]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("endorsement"), "{}", r.stderr);
    assert_eq!(fs::read(dir.join("event-key.pub")).unwrap(), before);
    // The trusted key's endorsement of the new one.
    run(&[
        "event",
        "key",
        "endorse",
        other_pub.to_str().unwrap(),
        "--key",
        common::director_key().0,
    ])
    .code(0);
    trust(&[]).code(0);
    assert_ne!(fs::read(dir.join("event-key.pub")).unwrap(), before);
    // Back to the director's key: the other key did not endorse it; root with the PIN may.
    let director_pub = common::director_key().1;
    let back = |stdin: &str| {
        Run::of(
            wordjudge()
                .args([
                    "event",
                    "trust",
                    director_pub,
                    "--dir",
                    dir.to_str().unwrap(),
                    "--pin",
                ])
                .write_stdin(stdin)
                .output()
                .unwrap(),
        )
    };
    if common::is_root() {
        assert_eq!(back("99999999\n").code, 2);
        back(&format!("{}\n", common::EVENT_PIN)).code(0);
        assert_eq!(fs::read(dir.join("event-key.pub")).unwrap(), before);
    }
}

/// Finding 4 as a packaged station has it: the folder root's, writable by the station's group
/// and sticky; as the station's own account (here uid 65534), every change to what it trusts is
/// refused, and judging still works.
#[test]
fn as_the_station_account_every_write_to_a_trusted_file_is_refused() {
    if !common::tool("setpriv") {
        return;
    }
    if !common::as_root_for_a_packaged_folder() {
        return;
    }
    let (tmp, _roster, stations) = event(1);
    let dir = &stations[0];
    // As the package and the image lay it out (deploy/debian/postinst, scripts/build-image).
    let own = |path: &Path, spec: &str, mode: &str| {
        assert!(std::process::Command::new("chown")
            .args([spec, path.to_str().unwrap()])
            .status()
            .unwrap()
            .success());
        assert!(std::process::Command::new("chmod")
            .args([mode, path.to_str().unwrap()])
            .status()
            .unwrap()
            .success());
    };
    own(dir, "0:65534", "1770");
    own(&dir.join("station.key"), "0:65534", "440");
    for f in ["slips.jsonl", "slips.jsonl.head"] {
        own(&dir.join(f), "65534:65534", "640");
    }
    let mut walk = tmp.path().to_path_buf();
    while walk.pop() {
        let _ = std::process::Command::new("chmod")
            .args(["o+x", walk.to_str().unwrap()])
            .status();
    }
    let _ = std::process::Command::new("chmod")
        .args([
            "o+x",
            tmp.path().to_str().unwrap(),
            tmp.path().join("stations").to_str().unwrap(),
        ])
        .status();
    let evil = tmp.path().join("evil.key");
    wordjudge::event::signing::SigningKey::generate(&evil).unwrap();
    let evil_pub = tmp.path().join("evil.key.pub");
    own(&evil_pub, "0:0", "644");
    let bin = assert_cmd::cargo::cargo_bin("wordjudge");
    let as_station = |script: &str| {
        std::process::Command::new("setpriv")
            .args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "sh",
                "-c",
                script,
            ])
            .current_dir(dir)
            .env("WJ", &bin)
            .output()
            .unwrap()
    };
    let trusted = fs::read(dir.join("event-key.pub")).unwrap();
    let kiosk = fs::read(dir.join("kiosk.toml")).unwrap();
    for attempt in [
        format!("\"$WJ\" event trust {} --dir .", evil_pub.display()),
        "echo x >>kiosk.toml".to_owned(),
        "echo x >>event-key.pub".to_owned(),
        "mv kiosk.toml moved.toml".to_owned(),
        "rm -f event-key.pub && test ! -e event-key.pub".to_owned(),
        "ls lexicons/*.fst | head -1 | xargs -I{} sh -c 'echo x >>{}'".to_owned(),
        "cp kiosk.toml lexicons/planted.fst".to_owned(),
        "printf '13572468\\n' | \"$WJ\" pin set".to_owned(),
        // Even the event's own bundle: installing writes kiosk.toml, which is root's.
        format!(
            "\"$WJ\" event install {} --station 1 --dir .",
            tmp.path().join("event.tar").display()
        ),
        "chmod 666 kiosk.toml".to_owned(),
    ] {
        let out = as_station(&attempt);
        assert!(
            !out.status.success(),
            "the station's account could: {attempt}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    assert_eq!(fs::read(dir.join("event-key.pub")).unwrap(), trusted);
    assert_eq!(fs::read(dir.join("kiosk.toml")).unwrap(), kiosk);
    // Judging is the station's, and still works; its slip is signed.
    let out = as_station("\"$WJ\" judge qi za");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let slips = wordjudge::sliplog::read(&dir.join("slips.jsonl"))
        .unwrap()
        .slips;
    assert!(
        slips.last().unwrap().key.is_some(),
        "the station's slip is signed"
    );
}

/// Finding 1, the forger's next try: the station's own key id copied into each rewritten record,
/// with the genuine record's signature (the forger cannot make one): the roster names that key,
/// so only the signature itself tells — `slips verify` and the merge check it.
#[test]
fn a_rewritten_record_that_keeps_its_stations_key_and_signature_is_found() {
    let (_tmp, roster, stations) = event(2);
    let log = stations[1].join("slips.jsonl");
    let genuine = wordjudge::sliplog::read(&log).unwrap().slips;
    assert!(genuine.iter().all(|s| s.key.is_some() && s.sig.is_some()));
    let mut prev = wordjudge::sliplog::GENESIS.to_owned();
    let mut lines = Vec::new();
    for mut s in genuine {
        if s.slip == 2 {
            s.words = vec!["ZO".into()];
        }
        s.prev = prev.clone();
        // The seal covers every field but the signature; the signature stays the genuine one.
        let sig = s.sig.take();
        s.seal = String::new();
        s.seal = common::sha2_hex(serde_json::to_string(&s).unwrap().as_bytes());
        s.sig = sig;
        let line = serde_json::to_string(&s).unwrap();
        prev = common::sha2_hex(line.as_bytes());
        lines.push(line);
    }
    write_log(&log, &lines);
    let r = at(&stations[1].join("kiosk.toml"), &["slips", "verify"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("slip 2 is not signed by the station key it names"),
        "{}",
        r.stdout
    );
    let r = merge(
        &[&stations[0], &stations[1]],
        &["--roster", roster.to_str().unwrap()],
    );
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .lines()
            .any(|l| l.contains("stations/2/slips.jsonl") && l.contains("NOT VERIFIED")),
        "{}",
        r.stdout
    );
}

/// Issue 38, item 7: `event install` as the station's user with a key file it cannot read said
/// "not a public key".
#[cfg(unix)]
#[test]
fn a_trusted_key_file_that_cannot_be_read_says_permission_denied() {
    if !common::is_root() || !common::tool("setpriv") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    prepared(tmp.path());
    let bundle = tmp.path().join("event.tar");
    common::pack_bundle(tmp.path(), &bundle).code(0);
    use std::os::unix::fs::PermissionsExt;
    for p in [tmp.path(), bundle.as_path()] {
        fs::set_permissions(p, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let key = tmp.path().join("director.key.pub");
    fs::copy(common::director_key().1, &key).unwrap();
    fs::set_permissions(&key, fs::Permissions::from_mode(0o600)).unwrap();
    let station = tmp.path().join("station");
    fs::create_dir(&station).unwrap();
    std::os::unix::fs::chown(&station, Some(65534), Some(65534)).unwrap();
    let out = std::process::Command::new(common::as_unprivileged()[0])
        .args(&common::as_unprivileged()[1..])
        .arg(assert_cmd::cargo::cargo_bin("wordjudge"))
        .args([
            "event",
            "install",
            bundle.to_str().unwrap(),
            "--station",
            "1",
        ])
        .args([
            "--dir",
            station.to_str().unwrap(),
            "--trust",
            key.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("Permission denied"), "{stderr}");
    assert!(!stderr.contains("not a public key"), "{stderr}");
}
