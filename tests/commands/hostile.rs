//! Hostile input, second pass (issue 14): a careless director and a hostile player against the
//! command line and the station's files. Each test here was seen to fail before its fix;
//! docs/history/reliability.md §9 lists every attack tried and its outcome.

use crate::common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{demo_station, wordjudge};
use predicates::prelude::*;

/// Runs `wordjudge ARGS` in `dir` with its standard output going to `stdout`.
fn run_with_stdout(dir: &Path, args: &[&str], stdout: Stdio) -> Output {
    Command::new(assert_cmd::cargo::cargo_bin("wordjudge"))
        .env_remove("WORDJUDGE_CONFIG")
        .current_dir(dir)
        .args(args)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("wordjudge runs")
}

/// A pipe whose reader has already gone: every write to it fails with a broken pipe.
fn broken_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    writer.into()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn slips_in(dir: &Path) -> usize {
    fs::read_to_string(dir.join("slips.jsonl"))
        .map(|log| log.lines().count())
        .unwrap_or(0)
}

// ---------------------------------------------------------------------------------------------
// Standard output that cannot be written: exit 4, never a panic (101), nothing lost.

#[test]
fn a_verdict_that_cannot_be_printed_to_a_full_stdout_is_still_recorded_and_exits_4() {
    let station = demo_station();
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let output = run_with_stdout(station.path(), &["judge", "cat", "dog"], full.into());
    assert_eq!(output.status.code(), Some(4), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(
        err.contains("cannot write to standard output")
            && err.contains("its slip is in the slip log")
            && !err.contains("panicked"),
        "{err}"
    );
    assert_eq!(slips_in(station.path()), 1, "the slip was written first");
}

#[test]
fn a_reader_that_stops_reading_ends_the_command_quietly_with_exit_4() {
    let station = demo_station();
    wordjudge()
        .current_dir(station.path())
        .args(["judge", "cat"])
        .assert()
        .code(0);
    for args in [
        &["slips", "list"][..],
        &["slips", "export", "--csv"],
        &["lexicon", "verify"],
        &["judge", "cat", "dog"],
    ] {
        let output = run_with_stdout(station.path(), args, broken_pipe());
        assert_eq!(
            output.status.code(),
            Some(4),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(
            stderr(&output),
            "",
            "{args:?}: no message for a reader that left"
        );
    }
    assert_eq!(
        slips_in(station.path()),
        2,
        "the judge still recorded its slip"
    );

    // `lexicon add … | head -3`: the lexicon is still added, whole.
    let list = station.path().join("club.txt");
    fs::write(&list, "ZO\nQI\nXU\n").unwrap();
    let output = run_with_stdout(
        station.path(),
        &["lexicon", "add", "CLUB", "club.txt"],
        broken_pipe(),
    );
    assert_eq!(output.status.code(), Some(4), "{}", stderr(&output));
    run_bounded(station.path(), &["lexicon", "verify"])
        .code(0)
        .stdout(predicate::str::contains("CLUB"));
}

#[test]
fn a_closed_stdout_is_never_a_file_the_command_opens() {
    // The Rust runtime gives a closed standard output /dev/null: what is printed is lost (the
    // exit status still says the verdict), and it can never land in the slip log opened next.
    let station = demo_station();
    let output = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" judge cat dog >&-")
        .arg(assert_cmd::cargo::cargo_bin("wordjudge"))
        .env_remove("WORDJUDGE_CONFIG")
        .current_dir(station.path())
        .output()
        .expect("sh runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let log = fs::read_to_string(station.path().join("slips.jsonl")).unwrap();
    assert!(
        log.lines().count() == 1
            && log.starts_with("{\"slip\":1,")
            && !log.contains("ACCEPTABLE\n"),
        "{log}"
    );
}

#[test]
fn a_full_stderr_is_no_panic_either() {
    let station = demo_station();
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let output = Command::new(assert_cmd::cargo::cargo_bin("wordjudge"))
        .env_remove("WORDJUDGE_CONFIG")
        .current_dir(station.path())
        .args(["judge", "--division", "nosuch", "cat"])
        .stderr(full)
        .output()
        .expect("wordjudge runs");
    assert_eq!(
        output.status.code(),
        Some(2),
        "an error, reported nowhere, not a panic"
    );
}

// ---------------------------------------------------------------------------------------------
// Small things a new user trips on.

#[test]
fn an_empty_wordjudge_config_is_taken_as_unset() {
    let station = demo_station();
    wordjudge()
        .current_dir(station.path())
        .env("WORDJUDGE_CONFIG", "")
        .args(["lexicon", "verify"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("DEMO"));
}

#[test]
fn the_quick_starts_slip_log_and_its_head_are_both_ignored_by_git() {
    let head = wordjudge::sliplog::head_path(Path::new(wordjudge::config::DEFAULT_SLIP_LOG));
    let ignore = fs::read_to_string(common::root().join(".gitignore")).unwrap();
    for file in [Path::new(wordjudge::config::DEFAULT_SLIP_LOG), &head] {
        let line = format!("/{}", file.display());
        assert!(
            ignore.lines().any(|l| l == line),
            "{line} is not in .gitignore"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Only regular files of bounded size are read: no hang on a FIFO, no gigabytes from /dev/zero.

/// Runs `wordjudge ARGS` in `dir`, failing the test if it takes more than 20 seconds.
fn run_bounded(dir: &Path, args: &[&str]) -> assert_cmd::assert::Assert {
    wordjudge()
        .current_dir(dir)
        .args(args)
        .timeout(std::time::Duration::from_secs(20))
        .assert()
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

#[test]
fn a_device_or_fifo_as_the_configuration_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    mkfifo(&dir.path().join("fifo.toml"));
    for config in ["/dev/zero", "fifo.toml"] {
        for args in [
            &["lexicon", "verify"][..],
            &["judge", "cat"],
            &["config", "check"],
        ] {
            let mut all = vec!["--config", config];
            all.extend_from_slice(args);
            run_bounded(dir.path(), &all)
                .code(2)
                .stderr(predicate::str::contains("not a regular file"));
        }
    }
    // lexicon add would write a configuration there: refused before the word list is read.
    fs::write(dir.path().join("w.txt"), "QI\n").unwrap();
    run_bounded(
        dir.path(),
        &["--config", "fifo.toml", "lexicon", "add", "CLUB", "w.txt"],
    )
    .code(2)
    .stderr(predicate::str::contains("not a regular file"));
}

#[test]
fn a_configuration_larger_than_any_real_one_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("kiosk.toml");
    let file = fs::File::create(&config).unwrap();
    file.set_len(4 << 30).unwrap(); // 4 GiB, sparse
    run_bounded(dir.path(), &["lexicon", "verify"])
        .code(2)
        .stderr(
            predicate::str::contains("kiosk.toml").and(predicate::str::contains("larger than any")),
        );
}

#[test]
fn a_fifo_in_place_of_a_lexicon_its_memo_or_the_slip_log_hangs_nothing() {
    // The lexicon file.
    let station = demo_station();
    let fst = station.path().join("lexicons/demo.fst");
    fs::remove_file(&fst).unwrap();
    mkfifo(&fst);
    run_bounded(station.path(), &["lexicon", "verify"])
        .code(1)
        .stdout(predicate::str::contains("not a regular file"));
    run_bounded(station.path(), &["judge", "cat"]).code(2);

    // The memo of its read-back.
    let station = demo_station();
    mkfifo(&station.path().join("lexicons/demo.fst.content"));
    run_bounded(station.path(), &["judge", "cat"]).code(0);

    // The slip log and its head, for every command that reads them.
    for name in ["slips.jsonl", "slips.jsonl.head"] {
        let station = demo_station();
        mkfifo(&station.path().join(name));
        for args in [
            &["slips", "list"][..],
            &["slips", "verify"],
            &["slips", "show", "1"],
            &["judge", "cat"],
        ] {
            let assert = run_bounded(station.path(), args);
            let code = assert.get_output().status.code();
            assert!(
                matches!(code, Some(1..=3)),
                "{name} {args:?}: {code:?}, {}",
                stderr(assert.get_output())
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// `lexicon add` harms nothing: a symlinked kiosk.toml stays a link, a killed add's temporary
// files are cleaned up, a mislabelled list replaces nothing.

/// Six words in no published edition.
const WORDS: &str = "QI\nZA\nCAT\nDOG\nZEBRA\nEDUCATION\n";

#[test]
fn lexicon_add_writes_through_a_symlinked_kiosk_toml_to_its_target() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("real")).unwrap();
    fs::write(
        dir.path().join("real/kiosk.toml"),
        "[station]\nid = \"s\"\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("real/kiosk.toml", dir.path().join("kiosk.toml")).unwrap();
    fs::write(dir.path().join("w.txt"), WORDS).unwrap();
    run_bounded(dir.path(), &["lexicon", "add", "CLUB", "w.txt"]).code(0);
    let link = fs::symlink_metadata(dir.path().join("kiosk.toml")).unwrap();
    assert!(
        link.file_type().is_symlink(),
        "kiosk.toml is still the link"
    );
    let real = fs::read_to_string(dir.path().join("real/kiosk.toml")).unwrap();
    assert!(real.contains("[lexicons.CLUB]"), "{real}");
}

#[test]
fn temporary_files_left_by_a_killed_lexicon_add_are_removed_by_the_next_one() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("lexicons")).unwrap();
    let left = [
        dir.path().join("lexicons/.wordjudge-a1B2c3.tmp"),
        dir.path().join(".wordjudge-x9Y8z7.tmp"),
    ];
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for path in &left {
        fs::write(path, vec![0u8; 1 << 20]).unwrap();
        let file = fs::File::options().write(true).open(path).unwrap();
        file.set_modified(an_hour_ago).unwrap();
    }
    // One that another `lexicon add` is writing right now (it holds the lock) is left alone.
    let busy = dir.path().join("lexicons/.wordjudge-busy00.tmp");
    let held = fs::File::create(&busy).unwrap();
    held.set_modified(an_hour_ago).unwrap();
    held.lock().unwrap();
    // So is one that another writer has only just created and not yet locked.
    let new = dir.path().join("lexicons/.wordjudge-new000.tmp");
    fs::write(&new, "being written").unwrap();
    // Not ours: any other file is left alone, whatever its name.
    let other = dir.path().join("lexicons/notes.tmp");
    fs::write(&other, "mine").unwrap();

    fs::write(dir.path().join("w.txt"), WORDS).unwrap();
    run_bounded(dir.path(), &["lexicon", "add", "CLUB", "w.txt"]).code(0);
    for path in &left {
        assert!(!path.exists(), "{} was left behind", path.display());
    }
    assert!(busy.exists() && other.exists() && new.exists());
}

#[test]
fn lexicon_add_refuses_a_list_that_is_not_the_edition_its_code_names_changing_nothing() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("w.txt"), WORDS).unwrap();
    fs::write(dir.path().join("other.txt"), "QI\nZA\nXU\n").unwrap();
    // A good lexicon under a code of its own, then one that is being replaced.
    run_bounded(dir.path(), &["lexicon", "add", "CLUB", "w.txt"]).code(0);
    let config_before = fs::read(dir.path().join("kiosk.toml")).unwrap();
    let fst_before = fs::read(dir.path().join("lexicons/CLUB.fst")).unwrap();

    run_bounded(dir.path(), &["lexicon", "add", "NWL2023", "w.txt"])
        .code(2)
        .stdout(predicate::str::contains("Wrote").not())
        .stderr(
            predicate::str::contains("you called this NWL2023 but it is not that edition")
                .and(predicate::str::contains("nothing was changed"))
                .and(predicate::str::contains("--accept-mislabel")),
        );
    assert_eq!(
        fs::read(dir.path().join("kiosk.toml")).unwrap(),
        config_before
    );
    assert!(!dir.path().join("lexicons/NWL2023.fst").exists());

    // Said explicitly, it is recorded as accepted, and every check honours that alike.
    run_bounded(
        dir.path(),
        &["lexicon", "add", "NWL2023", "w.txt", "--accept-mislabel"],
    )
    .code(0)
    .stderr(predicate::str::contains("accepted"));
    let text = fs::read_to_string(dir.path().join("kiosk.toml")).unwrap();
    assert!(text.contains("accept_mislabel = true"), "{text}");
    fs::write(
        dir.path().join("kiosk.toml"),
        text + "\n[divisions.main]\nprimary = \"NWL2023\"\n",
    )
    .unwrap();
    run_bounded(dir.path(), &["lexicon", "verify"])
        .code(0)
        .stdout(predicate::str::contains("MISLABEL ACCEPTED"));
    run_bounded(dir.path(), &["judge", "zebra"]).code(0);

    // A list of yet another content replacing it is refused again: the acceptance was for the
    // list it was given with.
    let recorded = fs::read(dir.path().join("kiosk.toml")).unwrap();
    let fst = fs::read(dir.path().join("lexicons/NWL2023.fst")).unwrap();
    run_bounded(dir.path(), &["lexicon", "add", "NWL2023", "other.txt"]).code(2);
    assert_eq!(fs::read(dir.path().join("kiosk.toml")).unwrap(), recorded);
    assert_eq!(
        fs::read(dir.path().join("lexicons/NWL2023.fst")).unwrap(),
        fst
    );
    assert_eq!(
        fs::read(dir.path().join("lexicons/CLUB.fst")).unwrap(),
        fst_before
    );
}

// ---------------------------------------------------------------------------------------------
// Word lists: no auto-detection makes a tiny lexicon from a large file; one size limit.

#[test]
fn a_list_with_old_mac_line_ends_is_read_as_lines() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("mac.txt"), WORDS.replace('\n', "\r")).unwrap();
    // Zyzzyva-style, CR only: the first word of each line.
    fs::write(
        dir.path().join("zyz.txt"),
        "QI a vital force\rZA pizza\rCAT a pet\rDOG a pet\rZEBRA a horse\rEDUCATION learning\r",
    )
    .unwrap();
    for file in ["mac.txt", "zyz.txt"] {
        run_bounded(dir.path(), &["lexicon", "add", "CLUB", file])
            .code(0)
            .stdout(predicate::str::contains("6 distinct words"));
    }
}

#[test]
fn a_word_list_whose_lines_are_far_too_long_is_refused_in_any_text_format() {
    let dir = tempfile::tempdir().unwrap();
    // 5,000 words separated by spaces on one line: read as Zyzzyva it would be one word.
    let words: Vec<String> = (0..5000)
        .map(|i| {
            let mut w = String::from("QA");
            let mut n = i;
            for _ in 0..3 {
                w.push((b'A' + (n % 26) as u8) as char);
                n /= 26;
            }
            w
        })
        .collect();
    fs::write(dir.path().join("one-line.txt"), words.join(" ")).unwrap();
    for format in ["auto", "zyzzyva", "plain"] {
        run_bounded(
            dir.path(),
            &[
                "lexicon",
                "add",
                "CLUB",
                "one-line.txt",
                "--format",
                format,
                "--skip-invalid",
            ],
        )
        .code(2)
        .stderr(
            predicate::str::contains("one-line.txt:line 1")
                .and(predicate::str::contains("one word per line")),
        );
    }
    assert!(!dir.path().join("kiosk.toml").exists());
}

// ---------------------------------------------------------------------------------------------
// A file that is not a slip log is never "repaired".

#[test]
fn a_file_that_is_not_a_slip_log_is_refused_untouched_and_no_head_is_left() {
    for content in [
        &b"my notes for round 3"[..],
        b"{\"round\": 3}",
        b"one line\nand another without its end",
    ] {
        let station = demo_station();
        let notes = station.path().join("notes.txt");
        fs::write(&notes, content).unwrap();
        std::os::unix::fs::symlink("notes.txt", station.path().join("slips.jsonl")).unwrap();
        let assert = run_bounded(station.path(), &["judge", "cat"]);
        let output = assert.get_output();
        assert_eq!(output.status.code(), Some(3), "{}", stderr(output));
        assert!(
            stderr(output).contains("not a slip"),
            "{:?}: {}",
            String::from_utf8_lossy(content),
            stderr(output)
        );
        assert_eq!(fs::read(&notes).unwrap(), content, "left untouched");
        assert!(
            !station.path().join("slips.jsonl.head").exists(),
            "no head file left behind"
        );
    }
}

#[test]
fn a_record_torn_by_a_crash_is_still_repaired_even_as_the_first() {
    let station = demo_station();
    let log = station.path().join("slips.jsonl");
    fs::write(&log, "{\"slip\":1,\"station\":\"demo-st").unwrap();
    run_bounded(station.path(), &["judge", "cat"])
        .code(0)
        .stdout(predicate::str::contains("slip 1 "));
    let text = fs::read_to_string(&log).unwrap();
    assert_eq!(text.lines().count(), 1);
    assert!(text.starts_with("{\"slip\":1,"));
}

/// A line in the middle of the log that is not a record: `slips list` lists the records around
/// it and warns that the log has problems (the director then runs `slips verify`).
#[test]
fn slips_list_warns_of_a_line_that_is_not_a_record() {
    let station = demo_station();
    for words in [["cat"], ["dog"]] {
        wordjudge()
            .current_dir(station.path())
            .arg("judge")
            .args(words)
            .assert()
            .code(0);
    }
    let log = station.path().join("slips.jsonl");
    let text = fs::read_to_string(&log).unwrap();
    let (first, rest) = text.split_once('\n').unwrap();
    fs::write(&log, format!("{first}\nnot a slip record\n{rest}")).unwrap();
    let output = wordjudge()
        .current_dir(station.path())
        .args(["slips", "list"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("CAT") && out.contains("DOG"), "{out}");
    assert!(
        stderr(&output).contains("the slip log has problems; run `wordjudge slips verify`"),
        "{}",
        stderr(&output)
    );
}
