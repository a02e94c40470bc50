use std::path::PathBuf;

use super::super::head::{head_bytes, parse_head};
use super::super::record::{parse, seal_of};
use crate::signature::StationKey;
use wordjudge_base::digest::Digest;

/// Every log of every golden set (`tests/golden/DATE/`), with its head file's bytes.
fn golden_logs() -> Vec<(PathBuf, Vec<u8>, Vec<u8>)> {
    let golden = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let mut found = Vec::new();
    let mut dirs = vec![golden];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "jsonl") {
                let log = std::fs::read(&path).unwrap();
                let head = std::fs::read(crate::head_path(&path)).unwrap();
                found.push((path, log, head));
            }
        }
    }
    found.sort();
    assert!(found.len() >= 3, "{found:?}");
    found
}

/// The device key the 2026-11-29 set's table judge was opened with (`tests/golden/README.md`).
fn device_key() -> StationKey {
    StationKey::from_seed([0x5a; 32]).unwrap()
}

#[test]
fn todays_writer_writes_the_very_bytes_of_every_golden_record() {
    let device = device_key().public().to_text();
    let mut resigned = 0;
    for (path, log, _) in golden_logs() {
        for line in log.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let text = std::str::from_utf8(line).unwrap();
            let slip = parse(line).unwrap();
            // Its seal is the one its bytes give, and the one the writer gives its record.
            assert_eq!(
                seal_of(line).as_ref(),
                Some(&slip.seal),
                "{}",
                path.display()
            );
            let mut again = slip.clone();
            let unsigned = again.seal_and_sign(None);
            assert_eq!(again.seal, slip.seal, "{}: {text}", path.display());
            let sig = slip.sig.as_deref().expect("every golden record is signed");
            assert_eq!(
                format!("{},\"sig\":\"{sig}\"}}", &unsigned[..unsigned.len() - 1]),
                text,
                "{}: the record written again differs (a field of Slip renamed, reordered or written otherwise?)",
                path.display()
            );
            // Where the key is known (the device's seed), the writer signs it to the same bytes.
            if slip.key.as_deref() == Some(device.as_str()) {
                let mut again = slip.clone();
                assert_eq!(again.seal_and_sign(Some(&device_key())), text);
                resigned += 1;
            }
        }
    }
    assert!(
        resigned >= 3,
        "the device's records were signed again: {resigned}"
    );
}

#[test]
fn every_golden_head_reads_and_is_written_again_to_its_bytes() {
    for (path, log, head) in golden_logs() {
        let parsed = parse_head(&head).unwrap().expect("a head");
        assert_eq!(head_bytes(&parsed), head, "{}", path.display());
        let last = log
            .strip_suffix(b"\n")
            .unwrap()
            .rsplit(|&b| b == b'\n')
            .next()
            .unwrap();
        assert_eq!(parsed.line_sha256, Digest::of(last).to_string());
        assert_eq!(parsed.slip, parse(last).unwrap().slip);
    }
}

#[test]
fn a_seal_covers_the_bytes_as_written_not_the_record_read_again() {
    let (_, log, _) = &golden_logs()[0];
    let line = log.split(|&b| b == b'\n').next().unwrap();
    let text = std::str::from_utf8(line).unwrap();
    // The same record with a space more reads the same, but is not the line that was sealed.
    let spaced = text.replacen("\"slip\":1,", "\"slip\": 1,", 1);
    assert_eq!(parse(spaced.as_bytes()).unwrap(), parse(line).unwrap());
    assert_ne!(seal_of(spaced.as_bytes()), seal_of(line));
    // A line whose last member is neither its seal nor its signature is no sealed record.
    let added = format!("{},\"x\":\"y\"}}", &text[..text.len() - 1]);
    assert_eq!(seal_of(added.as_bytes()), None);
}
