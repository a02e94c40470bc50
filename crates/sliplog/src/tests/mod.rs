use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::head::{head_path, write_head, Head, HEAD_LEN};
use super::*;
use wordjudge_base::digest::Digest;
use wordjudge_lexicon::judge::Verdict;

/// The head file: crashes between a record and its head, deleted records, a head or log
/// deleted, damaged or replaced while in use.
mod head;

/// The golden records written by earlier releases (`tests/golden/`): today's writer writes their
/// very bytes, and their seals and heads read as they were written.
mod golden;

fn draft(words: &[&str], verdict: Verdict) -> SlipDraft {
    SlipDraft {
        station: "s1".into(),
        game: Default::default(),
        kind: SlipKind::Challenge,
        refers_to: None,
        division: "main".into(),
        lexicons: vec![Consulted {
            code: "DEMO".into(),
            sha256: GENESIS.into(),
        }],
        words: words.iter().map(|w| w.to_string()).collect(),
        verdict,
        detail: vec![],
    }
}

fn log_with(n: usize) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slips.jsonl");
    let mut log = SlipLog::new(&path);
    for i in 0..n {
        let verdict = if i % 2 == 0 {
            Verdict::Acceptable
        } else {
            Verdict::Unacceptable
        };
        log.append(draft(&["QI", "ZA"], verdict)).unwrap();
    }
    (dir, path)
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Edits record `index` (0-based line) of the log and recomputes its seal, as a forger would.
fn reseal(path: &Path, index: usize, edit: impl FnOnce(&mut Slip)) {
    let mut l = lines(path);
    let mut slip: Slip = serde_json::from_str(&l[index]).unwrap();
    edit(&mut slip);
    l[index] = slip.seal_and_sign(None);
    write_lines(path, &l);
}

/// A log of `slips` slips with its lines changed by `edit` (the head file left as it was).
fn edited_log(slips: usize, edit: impl FnOnce(&mut Vec<String>)) -> (tempfile::TempDir, PathBuf) {
    let (dir, path) = log_with(slips);
    let mut l = lines(&path);
    edit(&mut l);
    write_lines(&path, &l);
    (dir, path)
}

/// What `verify` names as the first bad slip of [`edited_log`].
fn first_bad_after(slips: usize, edit: impl FnOnce(&mut Vec<String>)) -> BadSlip {
    let (_dir, path) = edited_log(slips, edit);
    verify(&path)
        .unwrap()
        .first_bad
        .expect("the change is found")
}

fn write_lines(path: &Path, lines: &[String]) {
    std::fs::write(
        path,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
}

#[test]
fn each_slip_record_is_on_disk_before_append_returns() {
    let (_dir, path) = log_with(0);
    let mut log = SlipLog::new(&path);
    let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
    // Read back through a separate handle: the record is in the file, whole, with its newline.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with('\n'));
    let back: Slip = serde_json::from_str(text.trim_end()).unwrap();
    assert_eq!(back, slip);
    assert_eq!(back.slip, 1);
    assert_eq!(back.prev, GENESIS);
}

#[test]
fn numbering_continues_after_a_restart() {
    let (_dir, path) = log_with(3);
    let mut reopened = SlipLog::new(&path);
    assert_eq!(reopened.next_slip().unwrap(), 4);
    let slip = reopened
        .append(draft(&["CAT"], Verdict::Acceptable))
        .unwrap();
    assert_eq!(slip.slip, 4);
    assert_eq!(verify(&path).unwrap().first_bad, None);
}

#[test]
fn two_writers_sharing_a_log_keep_one_chain() {
    let (_dir, path) = log_with(1);
    let mut station = SlipLog::new(&path);
    let mut director = SlipLog::new(&path);
    assert_eq!(
        station
            .append(draft(&["A", "B"], Verdict::Acceptable))
            .unwrap()
            .slip,
        2
    );
    assert_eq!(
        director
            .append(draft(&["C"], Verdict::Acceptable))
            .unwrap()
            .slip,
        3
    );
    assert_eq!(
        station
            .append(draft(&["D"], Verdict::Acceptable))
            .unwrap()
            .slip,
        4
    );
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad), (4, None));
}

#[test]
fn a_torn_last_line_is_repaired_without_losing_complete_records() {
    let (_dir, path) = log_with(3);
    let mut bytes = std::fs::read(&path).unwrap();
    let whole = bytes.len() as u64;
    bytes.extend_from_slice(b"{\"slip\":4,\"station\":\"s1\",\"ti");
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(verify(&path).unwrap().torn, Some(28));

    let mut log = SlipLog::new(&path);
    assert_eq!(log.next_slip().unwrap(), 4);
    assert_eq!(log.repairs().len(), 1);
    assert_eq!(log.repairs()[0].to_len, whole);
    assert!(log.repairs()[0].torn.starts_with("{\"slip\":4"));
    assert_eq!(std::fs::metadata(&path).unwrap().len(), whole);
    log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad, v.torn), (4, None, None));
}

#[test]
fn verify_catches_an_edited_word() {
    let bad = first_bad_after(5, |l| {
        l[2] = l[2].replace("\"ZA\"", "\"ZO\"");
    });
    assert_eq!(bad.slip, Some(3));
    assert!(bad.problem.contains("changed"), "{}", bad.problem);
}

#[test]
fn verify_catches_a_flipped_verdict_even_on_the_last_slip() {
    let bad = first_bad_after(4, |l| l[3] = l[3].replace("UNACCEPTABLE", "ACCEPTABLE"));
    assert_eq!(bad.slip, Some(4));
}

#[test]
fn verify_catches_a_resealed_edit_through_the_chain() {
    // Someone who recomputes the edited record's seal still breaks the next record's prev.
    let (_dir, path) = log_with(4);
    reseal(&path, 1, |slip| slip.verdict = Verdict::Acceptable);
    let bad = verify(&path).unwrap().first_bad.unwrap();
    assert_eq!(bad.slip, Some(3));
    assert!(bad.problem.contains("does not chain"), "{}", bad.problem);
}

#[test]
fn verify_catches_a_deleted_record() {
    let bad = first_bad_after(5, |l| {
        l.remove(1);
    });
    assert_eq!(bad.slip, Some(3));
    assert!(bad.problem.contains("missing"), "{}", bad.problem);
}

#[test]
fn verify_catches_the_last_records_deleted() {
    for deleted in [1, 3, 5] {
        let (_dir, path) = log_with(5);
        let mut l = lines(&path);
        l.truncate(5 - deleted);
        write_lines(&path, &l);
        let v = verify(&path).unwrap();
        let bad = v.first_bad.expect("deleting the last records is found");
        assert_eq!(bad.slip, Some(6 - deleted as u64), "{deleted} deleted");
        assert_eq!(bad.line, 6 - deleted);
        assert!(
            bad.problem.contains("missing from the end of the log"),
            "{}",
            bad.problem
        );
    }
}

#[test]
fn verify_catches_a_replaced_last_record() {
    // Resealed and chained correctly: only the head tells.
    let (_dir, path) = log_with(3);
    reseal(&path, 2, |slip| {
        slip.verdict = Verdict::Unacceptable;
        slip.words = vec!["QI".into()];
    });
    let bad = verify(&path).unwrap().first_bad.unwrap();
    assert_eq!((bad.slip, bad.line), (Some(3), 3));
    assert!(bad.problem.contains("was replaced"), "{}", bad.problem);
}

#[test]
fn a_slip_number_too_large_stops_appending_instead_of_overflowing() {
    let (_dir, path) = log_with(2);
    reseal(&path, 1, |slip| slip.slip = u64::MAX);
    let l = lines(&path);
    let e = SlipLog::new(&path)
        .append(draft(&["QI"], Verdict::Acceptable))
        .unwrap_err();
    assert!(
        matches!(&e, SlipLogError::Unreadable { line: 2, detail, .. } if detail.contains("larger than any log")),
        "{e}"
    );
    assert_eq!(lines(&path), l, "left as it was");
}

#[test]
fn a_whole_last_record_without_its_newline_is_kept() {
    let (_dir, path) = log_with(3);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    // Readers count it already, as the writer will keep it.
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad, v.torn), (3, None, None));
    assert_eq!(read(&path).unwrap().slips.len(), 3);
    let found = |n| super::find(&path, n).unwrap().map(|s| s.slip);
    assert_eq!(
        (found(3), found(7)),
        (Some(3), None),
        "found as read counts it"
    );
    let (_dir1, one) = log_with(1);
    let first = std::fs::read(&one).unwrap();
    std::fs::write(&one, &first[..first.len() - 1]).unwrap();
    assert_eq!(
        super::find(&one, 1).unwrap().map(|s| s.slip),
        Some(1),
        "the only record"
    );
    // A copy of an earlier record at the end, without its newline, is no crash's work (a crash
    // tears the next record): readers leave it out, verify names it, writers refuse the log
    // and leave it as it is.
    let copy = lines(&path)[1].clone();
    let edited = [&bytes[..], copy.as_bytes()].concat();
    std::fs::write(&path, &edited).unwrap();
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.torn), (3, None));
    let bad = v.first_bad.expect("named");
    assert_eq!((bad.slip, bad.line), (None, 4));
    assert!(
        bad.problem.contains("nor one torn by a crash"),
        "{}",
        bad.problem
    );
    assert_eq!(read(&path).unwrap().torn, Some(copy.len()));
    let err = SlipLog::new(&path).next_slip().unwrap_err();
    assert!(matches!(err, SlipLogError::NotASlipLog { .. }), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), edited, "untouched");
    // So is a whole record with the next number that is not chained to the last one (resealed:
    // only its `prev` is wrong), for readers and writers.
    let mut forged: Slip = serde_json::from_str(&lines(&path)[2]).unwrap();
    forged.slip = 4;
    forged.prev = GENESIS.into();
    let forged = forged.seal_and_sign(None);
    std::fs::write(&path, [&bytes[..], forged.as_bytes()].concat()).unwrap();
    let v = verify(&path).unwrap();
    assert_eq!(
        (v.records, v.first_bad, v.torn),
        (3, None, Some(forged.len()))
    );
    assert_eq!(read(&path).unwrap().slips.len(), 3);
    let found = |n| super::find(&path, n).unwrap().map(|s| s.slip);
    assert_eq!((found(3), found(4)), (Some(3), None), "nor is it found");
    let mut log = SlipLog::new(&path);
    assert_eq!(log.next_slip().unwrap(), 4);
    assert_eq!(log.repairs().len(), 1, "cut off as torn");
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    let mut log = SlipLog::new(&path);
    let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
    assert_eq!(slip.slip, 4);
    assert!(log.repairs().is_empty(), "nothing removed");
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad, v.torn), (4, None, None));
}

#[test]
fn the_head_file_has_a_fixed_length() {
    let (_dir, path) = log_with(12);
    let head = std::fs::read(head_path(&path)).unwrap();
    assert_eq!(head.len(), HEAD_LEN);
    assert!(String::from_utf8(head)
        .unwrap()
        .starts_with("{\"slip\":12,"));
}

#[test]
fn verify_catches_a_duplicated_record() {
    let bad = first_bad_after(3, |l| {
        l.insert(2, l[1].clone());
    });
    assert_eq!((bad.slip, bad.line), (Some(2), 3));
}

#[test]
fn verify_catches_reordered_records() {
    let bad = first_bad_after(4, |l| {
        l.swap(1, 2);
    });
    assert_eq!((bad.slip, bad.line), (Some(3), 2));
}

#[test]
fn verify_reports_a_line_that_is_not_a_record() {
    let bad = first_bad_after(3, |l| {
        l[1] = "garbage".into();
    });
    assert_eq!((bad.slip, bad.line), (None, 2));
}

#[test]
fn the_tail_is_found_in_a_log_longer_than_the_read_window() {
    // 200 slips with long words are well over 64 KiB.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slips.jsonl");
    let mut log = SlipLog::new(&path);
    for _ in 0..200 {
        log.append(draft(&["OXYPHENBUTAZONE"; 8], Verdict::Acceptable))
            .unwrap();
    }
    assert!(std::fs::metadata(&path).unwrap().len() > 64 * 1024);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(b"{\"slip\":201");
    std::fs::write(&path, &bytes).unwrap();
    let mut reopened = SlipLog::new(&path);
    assert_eq!(reopened.next_slip().unwrap(), 201);
    assert_eq!(reopened.repairs().len(), 1);
    reopened
        .append(draft(&["QI"], Verdict::Acceptable))
        .unwrap();
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad, v.torn), (201, None, None));
}

#[test]
fn the_last_records_and_one_by_number_are_read_without_reading_the_whole_log() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slips.jsonl");
    let mut log = SlipLog::new(&path);
    for i in 0..300 {
        let words = if i % 2 == 0 {
            ["OXYPHENBUTAZONE"; 8].to_vec()
        } else {
            vec!["QI"]
        };
        log.append(draft(&words, Verdict::Acceptable)).unwrap();
    }
    // A torn tail is not a record.
    let mut f = OpenOptions::new().append(true).open(&path).unwrap();
    f.write_all(b"{\"slip\":301,\"sta").unwrap();
    let last: Vec<u64> = read_last(&path, 20)
        .unwrap()
        .iter()
        .map(|s| s.slip)
        .collect();
    assert_eq!(last, (281..=300).rev().collect::<Vec<u64>>());
    assert_eq!(read_last(&path, 1000).unwrap().len(), 300);
    assert_eq!(find(&path, 1).unwrap().unwrap().slip, 1);
    assert_eq!(find(&path, 157).unwrap().unwrap().slip, 157);
    assert_eq!(
        find(&path, 301).unwrap(),
        None,
        "the torn record is not found"
    );
    assert_eq!(find(&path, 999).unwrap(), None);
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, b"").unwrap();
    assert!(read_last(&empty, 20).unwrap().is_empty());
    assert!(read_last(&empty, 0).unwrap().is_empty());
}

#[test]
fn the_last_records_skip_a_line_that_is_not_a_record() {
    let (_dir, path) = edited_log(5, |l| l[3] = "garbage".into());
    let last: Vec<u64> = read_last(&path, 3)
        .unwrap()
        .iter()
        .map(|s| s.slip)
        .collect();
    assert_eq!(last, [5, 3, 2], "the last three records");
}

#[test]
fn an_intact_log_verifies() {
    let (_dir, path) = log_with(10);
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad, v.torn), (10, None, None));
}

#[test]
fn a_failed_write_returns_an_error_and_writing_resumes_when_the_path_works() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gone/slips.jsonl");
    let mut log = SlipLog::new(&path);
    assert!(matches!(
        log.append(draft(&["QI"], Verdict::Acceptable)),
        Err(SlipLogError::Io { .. })
    ));
    std::fs::create_dir(dir.path().join("gone")).unwrap();
    let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
    assert_eq!(slip.slip, 1, "a failed write does not use up a slip number");
}

#[cfg(target_os = "linux")]
#[test]
fn a_device_as_slip_log_is_refused_not_read_forever() {
    for device in ["/dev/full", "/dev/null"] {
        let mut log = SlipLog::new(device);
        let err = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap_err();
        assert!(
            matches!(err, SlipLogError::NotAFile { .. }),
            "{device}: {err}"
        );
        assert!(matches!(
            verify(Path::new(device)),
            Err(SlipLogError::NotAFile { .. })
        ));
    }
}

#[test]
fn an_unreadable_last_record_stops_appending_rather_than_breaking_the_chain() {
    let (_dir, path) = edited_log(2, |l| l[1] = "{\"slip\": oops}".into());
    let mut log = SlipLog::new(&path);
    let err = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap_err();
    assert!(
        err.to_string().contains("line 2 is not a slip record"),
        "{err}"
    );
    assert_eq!(lines(&path).len(), 2, "nothing was appended");
}

#[test]
fn a_head_file_is_read_strictly() {
    let hash = "a".repeat(64);
    let head = |slip: u64, sha: &str, mark: Option<u64>| {
        let mark = mark.map_or(String::new(), |m| format!(",\"unanchored_to\":{m}"));
        format!("{{\"slip\":{slip},\"line_sha256\":\"{sha}\"{mark}}}")
    };
    let parsed = |text: String| super::head::parse_head(text.as_bytes());
    assert!(matches!(parsed(head(MAX_SLIP, &hash, None)), Ok(Some(_))));
    assert!(parsed(head(MAX_SLIP + 1, &hash, None)).is_err());
    assert!(
        matches!(parsed(head(3, &hash, Some(3))), Ok(Some(_))),
        "a mark at the head's own slip"
    );
    assert!(
        parsed(head(3, &hash, Some(4))).is_err(),
        "a mark beyond the head"
    );
    assert!(
        parsed(head(3, &"a".repeat(63), None)).is_err(),
        "63 hex digits"
    );
    assert!(
        parsed(head(3, &"g".repeat(64), None)).is_err(),
        "64 characters, not hex"
    );
    assert!(
        parsed(head(3, &"A".repeat(64), None)).is_err(),
        "upper-case hex is not ours"
    );
    assert!(
        matches!(parsed("   \n".into()), Ok(None)),
        "empty: none written yet"
    );
}

#[test]
fn a_crash_after_the_first_record_before_its_head_is_put_right_without_an_alert() {
    let (_dir, path) = log_with(1);
    // The head file was created empty before the first record; the crash came before its write.
    std::fs::write(head_path(&path), "").unwrap();
    let v = verify(&path).unwrap();
    assert_eq!(
        (v.first_bad, v.head_behind, v.head_problem),
        (None, true, None)
    );
    let mut log = SlipLog::new(&path);
    assert_eq!(
        log.append(draft(&["QI"], Verdict::Acceptable))
            .unwrap()
            .slip,
        2
    );
    assert!(log.take_alerts().is_empty(), "a crash is no alert");
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad, v.head_problem), (2, None, None));
}

#[test]
fn a_head_naming_the_last_slip_with_another_line_reports_changed_records() {
    let (_dir, path) = log_with(3);
    let line1 = Digest::of(lines(&path)[0].as_bytes()).to_string();
    let mut file = OpenOptions::new()
        .write(true)
        .open(head_path(&path))
        .unwrap();
    let head = Head {
        slip: 3,
        line_sha256: line1,
        unanchored_to: None,
        v: None,
        sig: None,
    };
    write_head(&mut file, &head).unwrap();
    let mut log = SlipLog::new(&path);
    let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
    assert_eq!(slip.slip, 4);
    let alerts = log.take_alerts();
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    assert!(
        alerts[0].contains("but the log") && alerts[0].contains("records were deleted or changed"),
        "{alerts:?}"
    );
}

#[test]
fn only_the_start_of_the_next_record_is_taken_for_one_torn_by_a_crash() {
    use super::record::torn_record;
    for torn in [
        &b"{"[..],
        b"{\"sl",
        b"{\"slip\":12",
        b"{\"slip\":12,",
        b"{\"slip\":12,\"station\":\"s",
    ] {
        assert!(torn_record(torn, 12), "{:?}", String::from_utf8_lossy(torn));
    }
    // Zero bytes where the file grew before its data reached the disk.
    assert!(torn_record(b"{\"slip\":12,\"st\0\0\0\0", 12));
    assert!(torn_record(b"\0\0\0\0", 12), "after a record");
    assert!(
        !torn_record(b"\0\0\0\0", 1),
        "a file of zeros is no slip log"
    );
    for other in [
        &b"{\"slip\":11,"[..],
        b"{\"slip\":13",
        b"{\"slip\":120,",
        b"hello",
        b"{\"round\": 3}",
        b" {\"slip\":12,",
    ] {
        assert!(
            !torn_record(other, 12),
            "{:?}",
            String::from_utf8_lossy(other)
        );
    }
}

/// Issue 28: the log is read a line at a time, each kept to at most `MAX_RECORD_LINE` bytes: a
/// line far longer than any record is skipped as one unreadable line, whatever its length, and
/// the records around it are still read; such a line at the end without its newline is torn.
#[test]
fn a_line_longer_than_any_record_is_skipped_unread_past_the_bound() {
    let (_dir, path) = log_with(3);
    let mut l = lines(&path);
    let huge = format!(
        "{{\"slip\":9,\"words\":[\"{}\"]}}",
        "Q".repeat(3 * read::MAX_RECORD_LINE)
    );
    l.insert(1, huge.clone());
    write_lines(&path, &l);
    let mut records = read::Records::open(&path).unwrap();
    let slips: Vec<u64> = records.by_ref().map(|r| r.unwrap().slip).collect();
    assert_eq!(slips, [1, 2, 3]);
    assert_eq!((records.unreadable, records.torn), (1, None));
    // The same line last, without its newline.
    let mut l = lines(&path);
    l.remove(1);
    write_lines(&path, &l);
    let mut f = OpenOptions::new().append(true).open(&path).unwrap();
    f.write_all(huge.as_bytes()).unwrap();
    let mut records = read::Records::open(&path).unwrap();
    assert_eq!(records.by_ref().count(), 3);
    assert_eq!((records.unreadable, records.torn), (0, Some(huge.len())));
}
