//! Durability, shown by the order of system calls (docs/history/reliability.md §2): the real `wordjudge`
//! binary runs under `strace`, and each test asserts that the slip's record and its head were
//! written and synced (`fdatasync`) before the verdict was printed — and that every repair of the
//! log (a torn line cut off, a lost newline put back, a head brought up to date) is synced before
//! anything is written after it. Removing any one of those syncs, or printing the verdict
//! earlier, fails a test here. (A killed process cannot show it: its writes stay in the page
//! cache.) The station's own order is asserted in `station/tests/station_window.rs`.

use crate::common;
use common::sha2_hex;

use std::path::Path;
use std::process::Command;

use common::strace::{self, Step, Trace};

const LOG: &str = "/slips.jsonl";
const HEAD: &str = "/slips.jsonl.head";

/// `wordjudge --config DIR/kiosk.toml ARGS` under strace.
fn traced(dir: &Path, args: &[&str]) -> (std::process::Output, Trace) {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("wordjudge"));
    command
        .arg("--config")
        .arg(dir.join("kiosk.toml"))
        .args(args)
        .env_remove("WORDJUDGE_CONFIG");
    let (output, trace) = strace::run(&command);
    assert!(
        output.status.code().is_some_and(|c| c <= 1),
        "wordjudge {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (output, trace)
}

fn step<'a>(what: &'a str, matches: impl Fn(&strace::Call) -> bool + 'a) -> Step<'a> {
    (what, Box::new(matches))
}

/// The steps of one durable slip: its record written and synced, then its head, then the verdict
/// printed.
fn slip_then_verdict<'a>(slip: u64, words: &'a str, verdict: &'a str) -> Vec<Step<'a>> {
    let head = format!("{{\"slip\":{slip},");
    vec![
        step("the slip's record is written to the log", move |c| {
            c.writes(LOG, words)
        }),
        step("the log is synced", |c| c.syncs(LOG)),
        step("the head names the new slip", move |c| {
            c.writes(HEAD, &head)
        }),
        step("the head is synced", |c| c.syncs(HEAD)),
        step("the verdict is printed", move |c| c.prints(verdict)),
    ]
}

fn strace_available() -> bool {
    common::tool("strace")
}

#[test]
fn judge_syncs_the_new_log_its_directory_and_its_head_before_printing_the_verdict() {
    if !strace_available() {
        return;
    }
    let station = common::demo_station();
    let dir = station.path().canonicalize().unwrap();
    let (out, trace) = traced(&dir, &["judge", "qi", "qzx"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("UNACCEPTABLE\n"));
    let found = trace.assert_order(&slip_then_verdict(
        1,
        "\"words\":[\"QI\",\"QZX\"],\"verdict\":\"UNACCEPTABLE\"",
        "UNACCEPTABLE\n",
    ));
    // The log was created by this run: its directory entry is synced before the verdict too.
    let created = trace
        .first(|c| c.name == "openat" && c.path.ends_with(LOG) && c.raw.contains("O_CREAT"))
        .expect("the log is opened");
    let dir_synced = trace
        .first(|c| c.syncs_dir(&dir))
        .unwrap_or_else(|| panic!("the station folder is never synced:\n{}", trace.listing()));
    assert!(
        created < dir_synced && dir_synced < found[4],
        "the new log's directory is synced after it is created and before the verdict:\n{}",
        trace.listing()
    );
    // Nothing is printed before the slip is durable.
    let first_print = trace.first(|c| c.prints("")).unwrap();
    assert_eq!(first_print, found[4], "{}", trace.listing());
}

#[test]
fn judge_on_an_existing_log_syncs_the_record_and_head_before_printing_the_verdict() {
    if !strace_available() {
        return;
    }
    let station = common::demo_station();
    let dir = station.path();
    traced(dir, &["judge", "qi"]);
    let (out, trace) = traced(dir, &["judge", "cat", "dog"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("ACCEPTABLE\n"));
    trace.assert_order(&slip_then_verdict(
        2,
        "\"words\":[\"CAT\",\"DOG\"],\"verdict\":\"ACCEPTABLE\"",
        "ACCEPTABLE\n",
    ));
    // Nothing was created, so no directory needs syncing (an fsync costs milliseconds).
    let dir = dir.canonicalize().unwrap();
    assert_eq!(
        trace.first(|c| c.syncs_dir(&dir)),
        None,
        "{}",
        trace.listing()
    );
}

#[test]
fn a_log_or_head_created_again_gets_its_directory_synced_before_the_verdict() {
    if !strace_available() {
        return;
    }
    for lost in ["slips.jsonl", "slips.jsonl.head"] {
        let station = common::demo_station();
        let dir = station.path().canonicalize().unwrap();
        traced(&dir, &["judge", "qi"]);
        std::fs::remove_file(dir.join(lost)).unwrap();
        let (out, trace) = traced(&dir, &["judge", "za"]);
        assert!(String::from_utf8_lossy(&out.stdout).starts_with("ACCEPTABLE\n"));
        let created = trace
            .first(|c| {
                c.name == "openat"
                    && c.path.ends_with(&format!("/{lost}"))
                    && c.raw.contains("O_CREAT")
            })
            .unwrap();
        let synced = trace.first(|c| c.syncs_dir(&dir));
        let shown = trace.first(|c| c.prints("ACCEPTABLE\n")).unwrap();
        assert!(
            synced.is_some_and(|s| created < s && s < shown),
            "{lost} was created again, and its directory must be synced before the verdict:\n{}",
            trace.listing()
        );
    }
}

#[test]
fn rejudge_syncs_the_second_opinion_before_printing_it() {
    if !strace_available() {
        return;
    }
    let station = common::demo_station();
    let dir = station.path();
    traced(dir, &["judge", "qi", "qzx"]);
    let (out, trace) = traced(dir, &["rejudge", "1"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("UNACCEPTABLE\n"));
    trace.assert_order(&slip_then_verdict(
        2,
        "\"kind\":\"second-opinion\",\"refers_to\":1",
        "UNACCEPTABLE\n",
    ));
}

/// Judges each of `before` on a fresh demo station, lets `damage` change its files, then judges
/// CAT, and asserts that the `repair` steps come first, then slip `before.len() + 1` and its
/// verdict.
fn repaired_before_the_next_slip(before: &[&str], damage: impl FnOnce(&Path), repair: Vec<Step>) {
    if !strace_available() {
        return;
    }
    let station = common::demo_station();
    let dir = station.path();
    for word in before {
        traced(dir, &["judge", word]);
    }
    damage(dir);
    let (_, trace) = traced(dir, &["judge", "cat"]);
    let mut steps = repair;
    let slip = before.len() as u64 + 1;
    steps.extend(slip_then_verdict(
        slip,
        "\"words\":[\"CAT\"]",
        "ACCEPTABLE\n",
    ));
    trace.assert_order(&steps);
}

#[test]
fn a_torn_last_line_is_cut_off_and_synced_before_the_next_record() {
    repaired_before_the_next_slip(
        &["qi"],
        |dir| {
            let log = dir.join("slips.jsonl");
            let mut bytes = std::fs::read(&log).unwrap();
            bytes.extend_from_slice(b"{\"slip\":2,\"sta");
            std::fs::write(&log, bytes).unwrap();
        },
        vec![
            step("the torn line is cut off", |c| c.truncates(LOG)),
            step("the cut is synced", |c| c.syncs(LOG)),
        ],
    );
}

#[test]
fn a_lost_newline_is_put_back_and_synced_before_the_next_record() {
    repaired_before_the_next_slip(
        &["qi"],
        |dir| {
            let log = dir.join("slips.jsonl");
            let bytes = std::fs::read(&log).unwrap();
            std::fs::write(&log, &bytes[..bytes.len() - 1]).unwrap();
        },
        vec![
            step("the newline is put back", |c| c.writes(LOG, "\n")),
            step("it is synced", |c| c.syncs(LOG)),
        ],
    );
}

#[test]
fn a_head_one_slip_behind_is_brought_up_to_date_and_synced_before_the_next_record() {
    // A crash between slip 2's record and its head: the head still names slip 1 (its record's
    // line hash, in the head file's fixed 256 bytes).
    repaired_before_the_next_slip(
        &["qi", "za"],
        |dir| {
            let log = std::fs::read_to_string(dir.join("slips.jsonl")).unwrap();
            let hash = sha2_hex(log.lines().next().unwrap().as_bytes());
            let head = format!("{{\"slip\":1,\"line_sha256\":\"{hash}\"}}");
            std::fs::write(dir.join("slips.jsonl.head"), format!("{head:<255}\n")).unwrap();
        },
        vec![
            step("the head is brought up to slip 2", |c| {
                c.writes(HEAD, "{\"slip\":2,")
            }),
            step("it is synced", |c| c.syncs(HEAD)),
        ],
    );
}

#[test]
fn lexicon_add_syncs_the_lexicon_and_its_folder_before_recording_it_in_kiosk_toml() {
    if !strace_available() {
        return;
    }
    let station = common::demo_station();
    let dir = station.path().canonicalize().unwrap();
    let list = dir.join("list.txt");
    std::fs::write(&list, "qi\nza\ncat\n").unwrap();
    let (out, trace) = traced(&dir, &["lexicon", "add", "CLUB", list.to_str().unwrap()]);
    assert!(out.status.success());
    let lexicons = dir.join("lexicons");
    let fst = lexicons.join("CLUB.fst");
    let config = dir.join("kiosk.toml");
    trace.assert_order(&[
        step("the lexicon is written to a temporary file", |c| {
            c.name == "write" && c.path.contains("/lexicons/.wordjudge-")
        }),
        step("the temporary file is synced", |c| {
            c.syncs(".tmp") && c.path.contains("/lexicons/")
        }),
        step("it is renamed to CLUB.fst", |c| {
            c.name.starts_with("rename") && c.raw.contains(&format!("\"{}\"", fst.display()))
        }),
        step("the lexicons folder is synced", |c| c.syncs_dir(&lexicons)),
        step("kiosk.toml is written to a temporary file", |c| {
            c.writes(".tmp", "[lexicons.CLUB]")
        }),
        step("that file is synced", |c| c.syncs(".tmp")),
        step("it is renamed to kiosk.toml", |c| {
            c.name.starts_with("rename") && c.raw.contains(&format!("\"{}\"", config.display()))
        }),
        step("the station folder is synced", |c| c.syncs_dir(&dir)),
        step("the director is told", |c| {
            c.prints("Recorded lexicon CLUB")
        }),
    ]);
}

#[test]
fn a_record_cut_short_by_a_full_disk_is_cut_back_and_synced_before_the_verdict_is_printed() {
    if !strace_available() || !common::tool("prlimit") {
        return;
    }
    let station = common::demo_station();
    let dir = station.path();
    traced(dir, &["judge", "qi"]);
    let size = std::fs::metadata(dir.join("slips.jsonl")).unwrap().len();
    // The disk fills 10 bytes into the next record (a file-size limit: the same error path).
    let mut command = Command::new("prlimit");
    command
        .arg(format!("--fsize={}", size + 10))
        .arg("--")
        .arg(assert_cmd::cargo::cargo_bin("wordjudge"))
        .arg("--config")
        .arg(dir.join("kiosk.toml"))
        .args(["judge", "qi", "qzx"])
        .env_remove("WORDJUDGE_CONFIG");
    let (out, trace) = strace::run(&command);
    assert_eq!(out.status.code(), Some(3), "judged, slip not written");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("UNACCEPTABLE\n"));
    trace.assert_order(&[
        step("part of the record is written", |c| {
            c.writes(LOG, "{\"slip\":2,")
        }),
        step("the part is cut off", |c| c.truncates(LOG)),
        step("the cut is synced", |c| c.syncs(LOG)),
        step("the verdict is printed", |c| c.prints("UNACCEPTABLE\n")),
    ]);
    assert_eq!(
        std::fs::metadata(dir.join("slips.jsonl")).unwrap().len(),
        size
    );
}

#[test]
fn strace_lines_are_read_with_their_files_and_data() {
    let trace = strace::parse(
        "123 openat(AT_FDCWD</w>, \"/w/slips.jsonl\", O_RDWR|O_CREAT|O_CLOEXEC, 0666) = 3</w/slips.jsonl>\n\
         123 write(3</w/slips.jsonl>, \"{\\\"slip\\\":1}\\n\", 11) = 11\n\
         123 fdatasync(3</w/slips.jsonl>) = 0\n\
         123 write(1<pipe:[42]>, \"\\xe2\\x9c\\x93 ACCEPTABLE\\n\", 15) = 15\n\
         123 <... write resumed>) = 3\n",
    );
    assert_eq!(trace.calls.len(), 4);
    assert_eq!(trace.calls[0].path, "/w/slips.jsonl");
    assert!(trace.calls[1].writes("slips.jsonl", "{\"slip\":1}\n"));
    assert!(trace.calls[2].syncs("slips.jsonl"));
    assert!(trace.calls[3].prints("✓ ACCEPTABLE\n"));
    assert!(!trace.calls[3].prints("UNACCEPTABLE"));
}

/// Issue 28: every `judge` walked the whole time-zone database (about 120 calls) for a time it
/// never prints. `judge` opens the station's own files, and what the loader needs, nothing else.
#[test]
fn judge_opens_only_the_stations_files() {
    if !strace_available() {
        return;
    }
    let station = common::demo_station();
    let dir = station.path().canonicalize().unwrap();
    for args in [&["judge", "--no-log", "qi"][..], &["judge", "qi", "za"][..]] {
        let (out, trace) = traced(&dir, args);
        assert!(String::from_utf8_lossy(&out.stdout).starts_with("ACCEPTABLE\n"));
        // The dynamic loader's search (a test build is not static) and the runtime's own.
        let loader = |p: &Path| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains(".so"))
                || ["/etc/ld.so", "/proc/self/", "/sys/"]
                    .iter()
                    .any(|l| p.starts_with(l))
        };
        let elsewhere: Vec<&str> = trace
            .calls
            .iter()
            .filter(|c| c.name == "openat")
            .map(|c| c.path.as_str())
            .filter(|p| {
                let p = Path::new(p);
                !(p.is_relative() || p.starts_with(&dir) || loader(p))
            })
            .collect();
        assert!(
            elsewhere.is_empty(),
            "{args:?} opened files that are not the station's: {elsewhere:?}\n{}",
            trace.listing()
        );
    }
}
