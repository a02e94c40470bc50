//! Trust, fifth pass (issue 49), findings 2 and 7: what `slips verify` and `slips merge` prove.
//! A station's log cut at its end, its head written again for the new end, passed as "intact"
//! and merged under the roster, exit 0; a merge of a made-up log with no roster exited 0. Both
//! failed on the code before the fix.

use crate::common;

use std::fs;
use std::path::Path;

use common::{at, prepared, run};

/// A station installed from the prepared event (its records and heads signed), three plays
/// judged: its folder and its roster.
fn station(tmp: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let source = tmp.join("source");
    fs::create_dir_all(&source).unwrap();
    prepared(&source);
    let bundle = tmp.join("event.tar");
    common::pack_bundle(&source, &bundle).code(0);
    let dir = tmp.join("station");
    let roster = tmp.join("roster.txt");
    run(&[
        "event",
        "install",
        bundle.to_str().unwrap(),
        "--station",
        "5",
        "--dir",
        dir.to_str().unwrap(),
        "--trust",
        common::director_key().1,
        "--roster",
        roster.to_str().unwrap(),
    ])
    .code(0);
    for word in ["ok", "zo", "qi"] {
        at(
            &dir.join("kiosk.toml"),
            &["judge", "--division", "world", word],
        )
        .code(0);
    }
    (dir, roster)
}

#[test]
fn a_log_cut_at_its_end_with_its_head_written_again_is_not_passed_as_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, roster) = station(tmp.path());
    let log = dir.join("slips.jsonl");
    let head = dir.join("slips.jsonl.head");
    let signed = fs::read_to_string(&head).unwrap();
    assert!(signed.starts_with("{\"v\":2,\"slip\":3,"), "{signed}");
    let verify = || run(&["slips", "verify", "--log", log.to_str().unwrap()]);
    let merge = || {
        run(&[
            "slips",
            "merge",
            log.to_str().unwrap(),
            "--roster",
            roster.to_str().unwrap(),
        ])
    };
    verify()
        .code(0)
        .stdout_has("its end is proven by the station's signed head");
    merge().code(0);
    // The last record cut away.
    let text = fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    fs::write(&log, format!("{}\n{}\n", lines[0], lines[1])).unwrap();
    // The head kept: slip 3 is missing.
    verify().code(1).stdout_has("slip 3 is missing");
    merge().code(1);
    // The head written again as the finding did (format 1, unsigned): the end is NOT PROVEN,
    // and the merge under the roster exits 1.
    let sha = common::sha2_hex(lines[1].as_bytes());
    let v1 = format!("{{\"slip\":2,\"line_sha256\":\"{sha}\"}}");
    fs::write(&head, format!("{v1:<255}\n")).unwrap();
    let r = verify();
    assert!(
        r.stdout.contains("its end is NOT PROVEN"),
        "{}{}",
        r.stdout,
        r.stderr
    );
    merge()
        .code(1)
        .stdout_has("the length of 1 log(s) is NOT PROVEN");
    // Written again as a signed head, with the old signature: not the station's.
    let forged = signed
        .trim_end()
        .replace("\"slip\":3,", "\"slip\":2,")
        .replace(
            &lines[2..3]
                .iter()
                .map(|l| common::sha2_hex(l.as_bytes()))
                .collect::<String>(),
            &sha,
        );
    fs::write(&head, format!("{forged:<511}\n")).unwrap();
    verify()
        .code(1)
        .stdout_has("is not signed by the station key of the slip it names");
    merge().code(1);
}

#[test]
fn a_merge_whose_writers_are_not_proven_exits_1_unless_the_director_accepts_it() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, _roster) = station(tmp.path());
    let log = dir.join("slips.jsonl");
    let r = run(&["slips", "merge", log.to_str().unwrap()]).code(1);
    assert!(
        r.stdout.contains("who wrote these logs is NOT PROVEN")
            && r.stderr.contains("--accept-unproven"),
        "{}{}",
        r.stdout,
        r.stderr
    );
    run(&["slips", "merge", "--accept-unproven", log.to_str().unwrap()])
        .code(0)
        .stdout_has("merged anyway: --accept-unproven");
}

/// Issue 51, finding 1: a table device's log — written from nothing with a key drawn for it, its
/// line on the roster — merged as if a station had written it. It merges still (it is the
/// players' own account), but apart: in the terminal after the stations' logs under words that
/// say what it proves, and in the report in a table of its own. A station a director named like
/// a device (`table-…`) is a station: a device's id is its key's.
#[test]
fn a_table_devices_log_is_listed_apart_saying_what_it_proves() {
    use wordjudge::sliplog::signature::{device_id, StationKey};
    use wordjudge::sliplog::{SlipDraft, SlipKind, SlipLog};
    let tmp = tempfile::tempdir().unwrap();
    let (dir, roster) = station(tmp.path());
    let key = StationKey::from_seed([9; 32]).unwrap();
    let (device, key_id) = (device_id(&key.public().id()), key.public().id());
    let log = tmp.path().join("device.jsonl");
    let mut writer = SlipLog::new(&log).signed_by(Some(key));
    let draft = |station: &str| SlipDraft {
        station: station.into(),
        game: Default::default(),
        kind: SlipKind::Challenge,
        refers_to: None,
        division: "world".into(),
        lexicons: vec![],
        words: vec!["QI".into()],
        verdict: wordjudge::lexicon::judge::Verdict::Acceptable,
        detail: vec![],
    };
    writer.append(draft(&device)).unwrap();
    let mut text = fs::read_to_string(&roster).unwrap();
    text.push_str(&format!("{device} {key_id}\n"));
    fs::write(&roster, text).unwrap();
    let report = tmp.path().join("report.html");
    let r = run(&[
        "slips",
        "merge",
        dir.to_str().unwrap(),
        log.to_str().unwrap(),
        "--roster",
        roster.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ])
    .code(0);
    let station_line = r.stdout.find(": station 5 (log").expect("the station");
    let apart = r.stdout.find("table devices' logs").expect("devices apart");
    let device_line = r
        .stdout
        .find(&format!(": device {device} (log"))
        .expect("the device");
    assert!(station_line < apart && apart < device_line, "{}", r.stdout);
    assert!(r.stdout.contains("not what was judged at the table"));
    let html = fs::read_to_string(&report).unwrap();
    let table = html.find("id=\"device-logs\"").expect("a table of its own");
    assert!(html[table..].contains(&device), "{html}");
    assert!(!html[..table].contains(&format!("<td>{device}</td>")));
    assert!(html.contains("proves what its holder wrote on the device"));
    // A station named like a device, its log signed by its own key: a station.
    let named = tmp.path().join("named.jsonl");
    let station_key = StationKey::from_seed([10; 32]).unwrap();
    let mut writer = SlipLog::new(&named).signed_by(Some(station_key));
    writer.append(draft(&device)).unwrap();
    let r = run(&[
        "slips",
        "merge",
        "--accept-unproven",
        named.to_str().unwrap(),
    ])
    .code(0);
    assert!(
        r.stdout.contains(&format!(": station {device} (log"))
            && !r.stdout.contains("table devices"),
        "{}",
        r.stdout
    );
}
