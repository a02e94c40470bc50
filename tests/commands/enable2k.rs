//! Realistic data: ENABLE2K (public domain, `../shared/lexicons/enable2k.txt`) in every source
//! kind a director may have — as given, as a Zyzzyva-style file with definitions, as a KWG — is
//! recognised as ENABLE2K with the same content digest, every word judges ACCEPTABLE and more
//! than ten thousand near-miss non-words judge UNACCEPTABLE.

use crate::common;

use std::collections::HashSet;
use std::path::Path;

use wordjudge::lexicon::compile::{compile, Compiled};
use wordjudge::lexicon::judge::{Challenge, Rules, Verdict};
use wordjudge::lexicon::known::{by_code, Recognition};
use wordjudge::lexicon::source::{encode_kwg, read_bytes, read_file, Format, Kind, OnInvalid};
use wordjudge::lexicon::word::Word;
use wordjudge::lexicon::{Expected, Lexicon};

/// ENABLE2K has 173,528 entries; 4,262 are longer than 15 letters, which no board can hold.
const ENTRIES: usize = 173_528;
const WORDS: u64 = 169_266;

fn enable2k_words() -> Option<Vec<Word>> {
    let path = common::enable2k()?;
    let source = read_file(
        &path,
        Format::Auto,
        wordjudge::lexicon::alphabet::english(),
        OnInvalid::Skip,
    )
    .unwrap();
    assert_eq!(source.entries.kind, Kind::Plain);
    assert_eq!(source.entries.words.len() + source.entries.skipped, ENTRIES);
    Some(source.entries.words)
}

fn assert_is_enable2k(compiled: &Compiled) {
    let edition = by_code("ENABLE2K").unwrap();
    assert_eq!(compiled.words, WORDS);
    assert_eq!(compiled.content_sha256, edition.content_sha256);
    assert_eq!(compiled.two_letter, edition.two_letter);
    assert_eq!(
        Recognition::of(Some("ENABLE2K"), &compiled.content_sha256, compiled.words),
        Recognition::Exactly(edition)
    );
}

/// A Zyzzyva-style text of `words`: upper case, a definition and inflection bracket on most
/// lines, separated by a space or a TAB, none on every seventh (as long words often have none).
fn zyzzyva_text(words: &[Word]) -> String {
    let mut text = String::with_capacity(words.len() * 40);
    for (i, w) in words.iter().enumerate() {
        match i % 7 {
            0 => text.push_str(&format!("{w}\n")),
            1 => text.push_str(&format!("{w}\ta word of {} letters [n -S]\n", w.len())),
            _ => text.push_str(&format!("{w} something, {{see=v}} <x=n> [v {w}ED]\n")),
        }
    }
    text
}

#[test]
fn enable2k_as_a_plain_list_is_recognised() {
    let Some(words) = enable2k_words() else {
        return;
    };
    assert_is_enable2k(&compile(words).unwrap());
}

#[test]
fn enable2k_as_a_zyzzyva_file_and_as_a_kwg_give_the_same_content_and_the_same_lexicon() {
    let Some(words) = enable2k_words() else {
        return;
    };
    let plain = compile(words.clone()).unwrap();

    let text = zyzzyva_text(&words);
    let zyz = read_bytes(
        Path::new("ENABLE2K.txt"),
        text.as_bytes(),
        Format::Auto,
        wordjudge::lexicon::alphabet::english(),
        OnInvalid::Fail,
    )
    .unwrap();
    assert_eq!(zyz.kind, Kind::Zyzzyva);
    let zyz = compile(zyz.words).unwrap();
    assert_is_enable2k(&zyz);

    let kwg = encode_kwg(&words).unwrap();
    let kwg = read_bytes(
        Path::new("ENABLE2K.kwg"),
        &kwg,
        Format::Auto,
        wordjudge::lexicon::alphabet::english(),
        OnInvalid::Fail,
    )
    .unwrap();
    assert_eq!(kwg.kind, Kind::Kwg);
    let kwg = compile(kwg.words).unwrap();
    assert_is_enable2k(&kwg);

    // Same words, so the same compiled file, whatever the source kind.
    assert_eq!(plain.fst_sha256, zyz.fst_sha256);
    assert_eq!(plain.fst_sha256, kwg.fst_sha256);
}

#[test]
fn every_enable2k_word_is_acceptable_and_ten_thousand_near_misses_are_not() {
    let Some(words) = enable2k_words() else {
        return;
    };
    let compiled = compile(words.clone()).unwrap();
    let expected = Expected {
        sha256: compiled.fst_sha256,
        words: compiled.words,
        alphabet: compiled.alphabet,
    };
    let lexicon =
        Lexicon::from_bytes("ENABLE2K".into(), "mem".into(), compiled.fst, &expected).unwrap();
    let rules = Rules::new(std::sync::Arc::new(lexicon), vec![]);

    for w in &words {
        let challenge = Challenge::parse(&[w.text()], 8).unwrap();
        assert_eq!(rules.judge(&challenge), Verdict::Acceptable, "{w}");
    }

    // Near misses: one letter changed, checked against the list itself.
    let set: HashSet<String> = words.iter().map(Word::text).collect();
    let mut near_misses = Vec::new();
    for (i, w) in words.iter().enumerate().step_by(7) {
        let mut letters = w.as_bytes().to_vec();
        let at = i % letters.len();
        letters[at] = b'A' + ((letters[at] - b'A' + 1 + (i % 25) as u8) % 26);
        let miss = String::from_utf8(letters).unwrap();
        if !set.contains(&miss) {
            near_misses.push(miss);
        }
    }
    assert!(
        near_misses.len() >= 10_000,
        "{} near misses",
        near_misses.len()
    );
    for miss in &near_misses {
        let challenge = Challenge::parse(&[miss.as_str()], 8).unwrap();
        assert_eq!(rules.judge(&challenge), Verdict::Unacceptable, "{miss}");
    }

    // One near miss among seven good words still makes the whole play unacceptable.
    for (k, miss) in near_misses.iter().enumerate().take(1_000) {
        let mut play: Vec<String> = words[k * 7..k * 7 + 7].iter().map(Word::text).collect();
        play.insert(k % 8, miss.clone());
        let challenge = Challenge::parse(&play, 8).unwrap();
        assert_eq!(rules.judge(&challenge), Verdict::Unacceptable, "{play:?}");
    }
}

/// The same, end to end through the binary: each source kind is added with `lexicon add`,
/// recognised, verified and used by `judge`.
#[test]
fn binary_recognises_enable2k_in_every_source_kind_and_judges_with_it() {
    let Some(path) = common::enable2k() else {
        return;
    };
    let Some(words) = enable2k_words() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let zyz = dir.path().join("ENABLE2K-zyzzyva.txt");
    std::fs::write(&zyz, zyzzyva_text(&words)).unwrap();
    let kwg = dir.path().join("ENABLE2K.kwg");
    std::fs::write(&kwg, encode_kwg(&words).unwrap()).unwrap();
    let config = dir.path().join("kiosk.toml");

    let digest = by_code("ENABLE2K").unwrap().content_sha256.to_string();
    let sources = [
        ("PLAIN", path.as_path(), vec!["--skip-invalid"]),
        ("ZYZ", zyz.as_path(), vec![]),
        ("KWG", kwg.as_path(), vec!["--format", "kwg"]),
    ];
    for (code, source, extra) in &sources {
        let out = common::wordjudge()
            .args(["lexicon", "add", code])
            .arg(source)
            .args(extra)
            .arg("--config")
            .arg(&config)
            .assert()
            .code(0);
        let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        assert!(
            stdout.contains("Recognised: exactly ENABLE2K (ENABLE word list, 2000 edition"),
            "{code}: {stdout}"
        );
        let identify = common::wordjudge()
            .args(["lexicon", "identify"])
            .arg(source)
            .args(extra)
            .assert()
            .code(0);
        let stdout = String::from_utf8_lossy(&identify.get_output().stdout).into_owned();
        assert!(stdout.contains(&digest), "{code}: {stdout}");
    }
    // The three compiled files are identical.
    let files: Vec<Vec<u8>> = ["PLAIN", "ZYZ", "KWG"]
        .iter()
        .map(|c| std::fs::read(dir.path().join(format!("lexicons/{c}.fst"))).unwrap())
        .collect();
    assert!(files[0] == files[1] && files[1] == files[2]);

    common::add_division(&config, "main", "KWG");
    common::wordjudge()
        .args(["lexicon", "verify", "--config"])
        .arg(&config)
        .assert()
        .code(0)
        .stdout(predicates::str::contains("ENABLE2K"));
    common::wordjudge()
        .arg("--config")
        .arg(&config)
        .args(["judge", "zyzzyva", "QUIXOTIC", "oxyphenbutazone"])
        .assert()
        .code(0)
        .stdout(predicates::str::starts_with("ACCEPTABLE\n"));
    common::wordjudge()
        .arg("--config")
        .arg(&config)
        .args(["judge", "QUIXOTIC", "QUIXOTOC"])
        .assert()
        .code(1)
        .stdout(predicates::str::starts_with("UNACCEPTABLE\n"));
}
