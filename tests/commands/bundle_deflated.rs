//! Bundle format 4 (issue 51, item 7): a lexicon of 4 KiB or more travels deflated inside the
//! bundle — what a phone fetches from a plain static server — and every reader inflates it
//! before checking it against the manifest's size and SHA-256: a station installs the very file
//! the director compiled, and a byte changed in the stored stream is refused.

use std::fs;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::common::{at, install_bundle, pack_bundle, prepared};
use crate::tar_members;

/// 3,000 made-up words of 5 to 8 letters, each its own.
fn words() -> Vec<String> {
    let mut out: Vec<String> = (0..3000u64)
        .map(|i| {
            let mut n = i * 7919 + 104_729;
            let len = 5 + (i % 4) as usize;
            (0..len)
                .map(|_| {
                    let c = (b'A' + (n % 26) as u8) as char;
                    n /= 26;
                    n += i;
                    c
                })
                .collect()
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn a_large_lexicon_travels_deflated_installs_whole_and_a_byte_changed_in_it_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let config = prepared(tmp.path());
    let words = words();
    let list = tmp.path().join("big.txt");
    fs::write(&list, words.join("\n")).unwrap();
    let r = at(&config, &["lexicon", "add", "BIG", list.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let mut text = fs::read_to_string(&config).unwrap();
    text.push_str("\n[divisions.big]\nprimary = \"BIG\"\n");
    fs::write(&config, text).unwrap();
    let bundle = tmp.path().join("event.tar");
    pack_bundle(tmp.path(), &bundle).code(0);
    let bytes = fs::read(&bundle).unwrap();
    let members = tar_members(&bytes);
    let names: Vec<&str> = members.iter().map(|(n, _, _)| n.as_str()).collect();
    // The large lexicon deflated, the small ones as they are.
    assert!(names.contains(&"lexicons/BIG.fst.deflate"), "{names:?}");
    assert!(!names.contains(&"lexicons/BIG.fst"), "{names:?}");
    assert!(names.contains(&"lexicons/TWL.fst"), "{names:?}");
    let fst = fs::read(tmp.path().join("lexicons/BIG.fst")).unwrap();
    let (_, stored, at_data) = members
        .iter()
        .find(|(n, _, _)| n == "lexicons/BIG.fst.deflate")
        .unwrap();
    assert!(
        stored.len() < fst.len(),
        "{} of {}",
        stored.len(),
        fst.len()
    );
    let manifest = String::from_utf8(members[0].1.clone()).unwrap();
    assert!(manifest.contains("format = 4"), "{manifest}");
    assert!(
        manifest.contains(&format!("bytes = {}\n", fst.len()))
            && manifest.contains(&format!("deflated = {}\n", stored.len()))
            && manifest.contains(&hex::encode(Sha256::digest(&fst))),
        "{manifest}"
    );
    // Installed: the very file compiled, and it judges.
    let station = tmp.path().join("st");
    let r = install_bundle(&bundle, "st", &station);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let installed: Vec<Vec<u8>> = fs::read_dir(station.join("lexicons"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("BIG-"))
        .filter(|p| p.extension().is_some_and(|e| e == "fst"))
        .map(|p| fs::read(p).unwrap())
        .collect();
    assert_eq!(installed, std::slice::from_ref(&fst));
    let kiosk = station.join("kiosk.toml");
    assert_eq!(at(&kiosk, &["event", "status"]).code, 0);
    let word = &words[1234];
    let r = at(&kiosk, &["judge", "--division", "big", word]);
    assert_eq!(r.code, 0, "{word}: {}{}", r.stdout, r.stderr);
    // One byte of the stored stream changed: refused, nothing written.
    let mut changed = bytes.clone();
    changed[*at_data as usize + stored.len() / 2] ^= 0x10;
    let bad = tmp.path().join("bad.tar");
    fs::write(&bad, &changed).unwrap();
    let fresh = tmp.path().join("fresh");
    let r = install_bundle(&bad, "st", &fresh);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("lexicons/BIG.fst")
            && (r.stderr.contains("does not inflate") || r.stderr.contains("differs")),
        "{}",
        r.stderr
    );
    assert!(!fresh.exists());
    assert!(Path::new(&bundle).exists());
}
