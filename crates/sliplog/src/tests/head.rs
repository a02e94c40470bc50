//! The slip log's head file against crashes, deletions and replacements.

use super::*;

#[test]
fn a_crash_between_a_record_and_its_head_is_not_tampering_and_is_put_right() {
    let (_dir, path) = log_with(3);
    let line2 = Digest::of(lines(&path)[1].as_bytes()).to_string();
    let mut head = OpenOptions::new()
        .write(true)
        .open(head_path(&path))
        .unwrap();
    write_head(
        &mut head,
        &Head {
            slip: 2,
            line_sha256: line2,
            unanchored_to: None,
            v: None,
            sig: None,
        },
    )
    .unwrap();
    let v = verify(&path).unwrap();
    assert_eq!((v.first_bad, v.head_behind), (None, true));
    let mut log = SlipLog::new(&path);
    let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
    assert_eq!(slip.slip, 4);
    assert_eq!(
        log.take_alerts(),
        Vec::<String>::new(),
        "a crash is no alert"
    );
    let v = verify(&path).unwrap();
    assert_eq!(
        (v.records, v.first_bad, v.head_behind, v.head_problem),
        (4, None, false, None)
    );
}

#[test]
fn after_the_last_records_are_deleted_no_slip_number_is_given_out_twice() {
    let (_dir, path) = edited_log(5, |l| l.truncate(3));
    let mut log = SlipLog::new(&path);
    let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
    assert_eq!(slip.slip, 6, "slips 4 and 5 were given out before");
    let alerts = log.take_alerts();
    assert!(
        alerts.len() == 1 && alerts[0].contains("records were deleted or changed"),
        "{alerts:?}"
    );
    // The gap stays in the log for good, even though the head now matches its end.
    let bad = verify(&path).unwrap().first_bad.unwrap();
    assert_eq!((bad.slip, bad.line), (Some(6), 4));
    assert!(bad.problem.contains("4..5 are missing"), "{}", bad.problem);
}

#[test]
fn a_missing_or_damaged_head_is_reported_and_the_report_survives_the_next_append() {
    for damage in [
        "deleted",
        "emptied",
        "not a head",
        "impossible number",
        "slip zero",
        "two behind",
        "one behind, another line",
    ] {
        let (_dir, path) = log_with(3);
        let head = head_path(&path);
        match damage {
            "deleted" => std::fs::remove_file(&head).unwrap(),
            "emptied" => std::fs::write(&head, "").unwrap(),
            "not a head" => std::fs::write(&head, "not a head").unwrap(),
            "impossible number" => std::fs::write(
                &head,
                format!("{{\"slip\":{},\"line_sha256\":\"{GENESIS}\"}}", u64::MAX),
            )
            .unwrap(),
            "slip zero" => std::fs::write(
                &head,
                format!("{{\"slip\":0,\"line_sha256\":\"{GENESIS}\"}}"),
            )
            .unwrap(),
            _ => {
                // Slip 1's line, named as slip 1 (two behind) or as slip 2 (one behind, but
                // not the line slip 3 chains to: not a crash between a record and its head).
                let line1 = Digest::of(lines(&path)[0].as_bytes()).to_string();
                let mut file = OpenOptions::new().write(true).open(&head).unwrap();
                let one = Head {
                    slip: if damage == "two behind" { 1 } else { 2 },
                    line_sha256: line1,
                    unanchored_to: None,
                    v: None,
                    sig: None,
                };
                write_head(&mut file, &one).unwrap();
            }
        }
        let v = verify(&path).unwrap();
        assert!(
            v.first_bad.is_some() || v.head_problem.is_some(),
            "{damage}: reported before the append: {v:?}"
        );
        let mut log = SlipLog::new(&path);
        let slip = log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
        assert_eq!(slip.slip, 4, "{damage}");
        let alerts = log.take_alerts();
        assert_eq!(alerts.len(), 1, "{damage}: {alerts:?}");
        assert!(alerts[0].contains("up to slip 3"), "{damage}: {alerts:?}");
        let told = match damage {
            "deleted" => "was missing",
            "emptied" => "was empty",
            _ => "",
        };
        assert!(alerts[0].contains(told), "{damage}: {alerts:?}");
        // Writing the head again does not erase the evidence, now or after more slips.
        log.append(draft(&["ZA"], Verdict::Acceptable)).unwrap();
        let v = verify(&path).unwrap();
        assert_eq!((v.records, &v.first_bad), (5, &None), "{damage}");
        let problem = v.head_problem.expect("still reported");
        assert!(problem.contains("up to slip 3"), "{damage}: {problem}");
        assert!(log.take_alerts().is_empty(), "{damage}: told once");
    }
}

#[test]
fn a_damaged_head_beside_an_emptied_log_stays_reported() {
    let (_dir, path) = log_with(3);
    std::fs::write(&path, "").unwrap();
    std::fs::write(head_path(&path), "{\"slip\":3,\"line_sha256\":\"\u{1}\"}").unwrap();
    let mut log = SlipLog::new(&path);
    assert_eq!(
        log.append(draft(&["QI"], Verdict::Acceptable))
            .unwrap()
            .slip,
        1
    );
    assert_eq!(log.take_alerts().len(), 1);
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad), (1, None));
    let problem = v.head_problem.expect("reported after the append");
    assert!(problem.contains("when the log was empty"), "{problem}");
}

#[test]
fn a_head_deleted_while_in_use_is_written_again_at_its_path_and_reported() {
    let (_dir, path) = log_with(0);
    let mut log = SlipLog::new(&path);
    for _ in 0..2 {
        log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
    }
    std::fs::remove_file(head_path(&path)).unwrap();
    let slip = log.append(draft(&["ZA"], Verdict::Acceptable)).unwrap();
    assert_eq!(slip.slip, 3);
    let head = std::fs::read_to_string(head_path(&path)).expect("the head is at its path again");
    assert!(head.starts_with("{\"slip\":3,"), "{head}");
    let alerts = log.take_alerts();
    assert!(
        alerts.iter().any(|a| a.contains("was missing")),
        "{alerts:?}"
    );
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad), (3, None));
    assert!(v.head_problem.is_some(), "the lost head stays reported");
}

#[test]
fn a_log_replaced_by_a_copy_while_in_use_gets_the_next_record_at_its_path() {
    let (dir, path) = log_with(0);
    let mut log = SlipLog::new(&path);
    for _ in 0..2 {
        log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
    }
    // (That the second append neither opened the log again nor read its tail is shown by the
    // order of system calls: station/tests/station_window.rs, under strace.)
    // The same records in a new file (a backup restored, an editor that saves by renaming).
    let copy = dir.path().join("copy.jsonl");
    std::fs::copy(&path, &copy).unwrap();
    std::fs::rename(&copy, &path).unwrap();
    let slip = log.append(draft(&["ZA"], Verdict::Acceptable)).unwrap();
    assert_eq!(slip.slip, 3);
    assert_eq!(
        lines(&path).len(),
        3,
        "the record is in the file at the path"
    );
    assert!(log.take_alerts().is_empty(), "nothing was lost: no alert");
    let v = verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad, v.head_problem), (3, None, None));
}

#[test]
fn a_head_lost_with_the_last_records_still_gives_no_number_twice_in_one_run() {
    // The log and its head deleted while a writer has them open.
    let (_dir, path) = log_with(0);
    let mut log = SlipLog::new(&path);
    for _ in 0..3 {
        log.append(draft(&["QI"], Verdict::Acceptable)).unwrap();
    }
    std::fs::remove_file(&path).unwrap();
    std::fs::remove_file(head_path(&path)).unwrap();
    let slip = log.append(draft(&["ZA"], Verdict::Acceptable)).unwrap();
    assert_eq!(slip.slip, 4, "written to the path, numbered on");
    assert_eq!(
        lines(&path).len(),
        1,
        "the record is in the file at the path"
    );
    let alerts = log.take_alerts();
    assert!(
        alerts
            .iter()
            .any(|a| a.contains("deleted or replaced while in use")),
        "{alerts:?}"
    );
    let bad = verify(&path)
        .unwrap()
        .first_bad
        .expect("slips 1..3 missing");
    assert!(bad.problem.contains("1..3 are missing"), "{}", bad.problem);
}

#[test]
fn a_deleted_log_whose_head_remains_is_reported_not_taken_for_a_new_one() {
    let (_dir, path) = log_with(4);
    std::fs::remove_file(&path).unwrap();
    assert!(!is_unused(&path));
    let bad = verify(&path).unwrap().first_bad.expect("slips missing");
    assert_eq!(bad.slip, Some(1));
    assert!(
        bad.problem.contains("slips 1..4 are missing"),
        "{}",
        bad.problem
    );
    let slip = SlipLog::new(&path)
        .append(draft(&["QI"], Verdict::Acceptable))
        .unwrap();
    assert_eq!(slip.slip, 5);

    let (_dir, fresh) = log_with(0);
    assert!(is_unused(&fresh));
    assert_eq!(verify(&fresh).unwrap().records, 0);
}

#[test]
fn a_head_of_a_later_format_is_left_alone_and_nothing_is_appended() {
    let (_dir, path) = log_with(2);
    // Version 2 is the signed head this wordjudge writes; 3 is a later one.
    let later = format!("{:<255}\n", "{\"v\":3,\"slip\":2,\"signed\":\"…\"}");
    std::fs::write(head_path(&path), &later).unwrap();
    let log_before = std::fs::read(&path).unwrap();
    let err = SlipLog::new(&path)
        .append(draft(&["QI"], Verdict::Acceptable))
        .unwrap_err();
    assert!(
        matches!(&err, SlipLogError::LaterFormat { detail, .. } if detail.contains("format version 3")),
        "{err}"
    );
    assert_eq!(std::fs::read(head_path(&path)).unwrap(), later.as_bytes());
    assert_eq!(
        std::fs::read(&path).unwrap(),
        log_before,
        "nothing appended"
    );
    // A reader says the same of it.
    let v = verify(&path).unwrap();
    assert!(
        v.head_problem
            .as_deref()
            .is_some_and(|p| p.contains("format version 3")),
        "{v:?}"
    );
}
