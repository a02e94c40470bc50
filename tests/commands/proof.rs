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
