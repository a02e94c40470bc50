//! Every tournament alphabet end to end: the project's own list for each (lexicons/alphabets/)
//! added with `lexicon add --alphabet`, verified, and judged through the binary with words typed
//! in the alphabet's notation; the same list as a KWG and as Zyzzyva text gives the same content
//! fingerprint; a division cannot mix alphabets; a lexicon recorded under the wrong alphabet is
//! refused.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::wordjudge;
use wordjudge::lexicon::alphabet::{self, Alphabet};
use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::judge::{Challenge, Rules, Verdict};
use wordjudge::lexicon::source::{encode_kwg, read_bytes, Format, OnInvalid};
use wordjudge::lexicon::word::Word;
use wordjudge::lexicon::{Expected, Lexicon};

const ALPHABETS: [&str; 10] = [
    "english",
    "catalan",
    "spanish",
    "polish",
    "german",
    "french",
    "norwegian",
    "dutch",
    "swedish",
    "slovene",
];

fn list_path(name: &str) -> PathBuf {
    common::root().join(format!("lexicons/alphabets/{name}.txt"))
}

/// The words of the project's list for `name`, read by its alphabet's rules.
fn list_words(a: &'static Alphabet) -> Vec<Word> {
    let path = list_path(&a.name);
    let bytes = fs::read(&path).unwrap();
    read_bytes(&path, &bytes, Format::Plain, a, OnInvalid::Fail)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .words
}

/// A station folder with lexicon `code` added from `source` in `alphabet`, and division `main`.
fn station(
    code: &str,
    source: &Path,
    alphabet: &str,
    format: &str,
) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("kiosk.toml");
    wordjudge()
        .current_dir(dir.path())
        .args(["lexicon", "add", code])
        .arg(source)
        .args(["--alphabet", alphabet, "--format", format, "--config"])
        .arg(&config)
        .assert()
        .success();
    common::add_division(&config, "main", code);
    (dir, config)
}

fn judge(config: &Path, words: &[&str]) -> (i32, String, String) {
    let out = wordjudge()
        .current_dir(config.parent().unwrap())
        .args(["judge", "--no-log", "--config"])
        .arg(config)
        .args(words)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        // The verdict is the first line; what follows is for the director.
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `wordjudge ARGS PATH`: its exit status and what it printed on either stream.
fn run(args: &[&str], path: &Path) -> (Option<i32>, String) {
    let out = wordjudge().args(args).arg(path).output().unwrap();
    (out.status.code(), both(&out))
}

/// What a command printed, on either stream.
fn both(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn every_alphabet_has_a_list_that_reads_and_covers_its_tiles() {
    for name in ALPHABETS {
        let a = alphabet::by_name(name).unwrap();
        let words = list_words(a);
        assert!(words.len() >= 200, "{name}: {} words", words.len());
        // Every digraph and accented tile appears in some word, and the blank-only letters the
        // lists hold words for.
        let blank_only_used: &[&str] = match name {
            "norwegian" => &["Q", "X", "Z", "Ü"],
            "swedish" => &["Q", "W", "Ü"],
            _ => &[],
        };
        for tile in a.tiles() {
            let special = !tile.label.is_ascii() || tile.label.len() > 1;
            let required = match tile.blank_only {
                true => blank_only_used.contains(&tile.label.as_str()),
                false => special,
            };
            let used = words.iter().any(|w| w.as_bytes().contains(&tile.code));
            assert!(
                used || !required,
                "{name}: no word with tile {}",
                tile.label
            );
        }
    }
}

#[test]
fn every_word_of_every_list_is_acceptable_and_changed_tiles_are_not() {
    for name in ALPHABETS {
        let a = alphabet::by_name(name).unwrap();
        let words = list_words(a);
        let c = compile(words.clone()).unwrap();
        assert_eq!(c.alphabet, a.id());
        let expected = Expected {
            sha256: c.fst_sha256,
            words: c.words,
            alphabet: c.alphabet,
        };
        let lex = Lexicon::from_bytes(name.into(), "x.fst".into(), c.fst, &expected).unwrap();
        assert_eq!(lex.content_digest().unwrap(), c.content_sha256, "{name}");
        let rules = Rules::new(std::sync::Arc::new(lex), vec![]);
        let mut misses = 0;
        for (i, w) in words.iter().enumerate() {
            // Typed back from the text the slip would hold.
            let typed = Challenge::parse_in(a, &[w.text()], 8).unwrap();
            assert_eq!(rules.judge(&typed), Verdict::Acceptable, "{name}: {w}");
            // The same word with one tile replaced by the next tile of the alphabet.
            let mut codes = w.as_bytes().to_vec();
            let at = i % codes.len();
            let n = a.tiles().len() as u8;
            codes[at] = 0x41 + (codes[at] - 0x41 + 1) % n;
            let changed = Word::from_codes(a, &codes).unwrap();
            if !words.contains(&changed) {
                misses += 1;
                let play = Challenge::from_words(vec![*w, changed]).unwrap();
                assert_eq!(
                    rules.judge(&play),
                    Verdict::Unacceptable,
                    "{name}: {changed}"
                );
            }
        }
        assert!(misses > 100, "{name}: {misses}");
    }
}

#[test]
fn a_list_as_plain_text_kwg_and_zyzzyva_text_has_one_fingerprint_in_every_alphabet() {
    let dir = tempfile::tempdir().unwrap();
    for name in ALPHABETS {
        let a = alphabet::by_name(name).unwrap();
        let words = list_words(a);
        let plain = compile(words.clone()).unwrap();
        let kwg_path = dir.path().join(format!("{name}.kwg"));
        fs::write(&kwg_path, encode_kwg(&words).unwrap()).unwrap();
        let kwg = read_bytes(
            &kwg_path,
            &fs::read(&kwg_path).unwrap(),
            Format::Kwg,
            a,
            OnInvalid::Fail,
        )
        .unwrap();
        assert_eq!(
            compile(kwg.words).unwrap().content_sha256,
            plain.content_sha256,
            "{name} KWG"
        );
        let zyzzyva: String = words
            .iter()
            .map(|w| format!("{} a definition\n", w.text()))
            .collect();
        let zyz = read_bytes(
            Path::new("z.txt"),
            zyzzyva.as_bytes(),
            Format::Zyzzyva,
            a,
            OnInvalid::Fail,
        )
        .unwrap();
        assert_eq!(
            compile(zyz.words).unwrap().content_sha256,
            plain.content_sha256,
            "{name} Zyzzyva"
        );
    }
    // English fingerprints are what they always were: the letters, sorted, one per line.
    let en = compile(vec![Word::parse("ZA").unwrap(), Word::parse("QI").unwrap()]).unwrap();
    assert_eq!(
        en.content_sha256,
        wordjudge::base::digest::Digest::of(b"QI\nZA\n")
    );
    // Another alphabet's: its words as the text that reads back as their tiles.
    let es = alphabet::by_name("spanish").unwrap();
    let words = ["CHE", "C-HE"].map(|w| Word::parse_in(es, w).unwrap());
    let c = compile(words.to_vec()).unwrap();
    assert_eq!(c.words, 2, "CH and C+H are two words");
    assert_eq!(
        c.content_sha256,
        wordjudge::base::digest::Digest::of("# alphabet spanish\nC-HE\nCHE\n".as_bytes())
    );
    // French and Dutch are both A–Z: the same words are two lists.
    let [fr, nl] = ["french", "dutch"].map(|n| {
        let a = alphabet::by_name(n).unwrap();
        compile(vec![Word::parse_in(a, "ZA").unwrap()])
            .unwrap()
            .content_sha256
    });
    assert_ne!(fr, nl);
}

#[test]
fn each_alphabet_is_added_verified_and_judged_through_the_binary() {
    // (alphabet, a word of its list typed in its notation, a word that is not in it)
    let cases = [
        ("english", "zebra", "zebrq"),
        ("catalan", "col.legi", "col-legi"),
        ("spanish", "chico", "c-hico"),
        ("polish", "ło\u{301}z\u{307}ko", "łozko"),
        ("german", "bär", "bar"),
        ("french", "forêt", "forut"),
        ("norwegian", "bær", "bæq"),
        ("dutch", "ĳs", "ijt"),
        ("swedish", "björn", "bjorn"),
        ("slovene", "žaba", "zaba"),
    ];
    for (name, good, bad) in cases {
        let (_dir, config) = station("LIST", &list_path(name), name, "plain");
        let text = fs::read_to_string(&config).unwrap();
        match name {
            "english" => assert!(!text.contains("alphabet"), "{text}"),
            _ => assert!(text.contains(&format!("alphabet = \"{name}\"")), "{text}"),
        }
        wordjudge()
            .args(["lexicon", "verify", "--config"])
            .arg(&config)
            .assert()
            .success();
        let (code, out, err) = judge(&config, &[good]);
        assert_eq!(
            (code, out.as_str()),
            (0, "ACCEPTABLE"),
            "{name} {good}: {err}"
        );
        let (code, out, err) = judge(&config, &[good, bad]);
        assert_eq!(
            (code, out.as_str()),
            (1, "UNACCEPTABLE"),
            "{name} {bad}: {err}"
        );
    }
}

#[test]
fn a_spanish_ch_tile_is_not_a_c_and_an_h() {
    let (_dir, config) = station("FISE", &list_path("spanish"), "spanish", "plain");
    for typed in ["CHICO", "chico", "[CH]ICO", "1ICO"] {
        assert_eq!(judge(&config, &[typed]).1, "ACCEPTABLE", "{typed}");
    }
    for typed in ["C-HICO", "[C][H]ICO", "[C]HICO"] {
        assert_eq!(judge(&config, &[typed]).1, "UNACCEPTABLE", "{typed}");
    }
    // Letters Spanish has no tile for are refused before anything is judged, naming them.
    let (code, out, err) = judge(&config, &["KIWI"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("'K' at character 1, which is not a tile of Spanish"),
        "{err}"
    );
}

#[test]
fn a_long_s_or_dotless_i_is_refused_and_the_error_names_the_first_wrong_character() {
    // Issue 27, item 15: WAſſER was ACCEPTABLE in German (read as WASSER), and the Catalan
    // error for CEL· + ZERO WIDTH SPACE + LA blamed the ·.
    let (_dir, de) = station("LIST", &list_path("german"), "german", "plain");
    assert_eq!(judge(&de, &["wasser"]).1, "ACCEPTABLE");
    let (code, out, err) = judge(&de, &["WAſſER"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("contains 'ſ' (U+017F LATIN SMALL LETTER LONG S) at character 3, which is not a tile of German"),
        "{err}"
    );
    let (_dir, fr) = station("LIST", &list_path("french"), "french", "plain");
    assert_eq!(judge(&fr, &["ami"]).1, "ACCEPTABLE");
    let (code, out, err) = judge(&fr, &["AMı"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("contains 'ı' (U+0131 LATIN SMALL LETTER DOTLESS I) at character 3, which is not a tile of French"),
        "{err}"
    );
    let (_dir, ca) = station("LIST", &list_path("catalan"), "catalan", "plain");
    assert_eq!(judge(&ca, &["CEL·LA"]).1, "ACCEPTABLE");
    let (code, out, err) = judge(&ca, &["CEL·\u{200B}LA"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains(
            "contains U+200B ZERO WIDTH SPACE at character 5, which is not a tile of Catalan"
        ),
        "{err}"
    );
    assert!(!err.contains("'·'"), "{err}");
}

#[test]
fn a_word_the_division_cannot_read_is_refused_in_its_own_alphabet() {
    let (_dir, config) = station("DISC", &list_path("catalan"), "catalan", "plain");
    for (typed, said) in [
        (
            "pal·",
            "ends with L·, the start of a tile but not a whole one",
        ),
        ("l·l", "has 1 tile(s); a word has at least 2"),
        (&"l·l".repeat(16), "has 16 tiles; a word has at most 15"),
        ("a[ny", "has a '[' without its ']'"),
        ("x[]y", "contains [], which names no tile of Catalan"),
    ] {
        let (code, out, err) = judge(&config, &[typed]);
        assert_eq!((code, out.as_str()), (2, ""), "{typed}");
        assert!(err.contains(said), "{typed}: {err}");
    }
}

#[test]
fn a_kwg_of_another_language_is_read_through_its_tile_numbers() {
    let a = alphabet::by_name("catalan").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let kwg = dir.path().join("catalan.kwg");
    fs::write(&kwg, encode_kwg(&list_words(a)).unwrap()).unwrap();
    let (_d, config) = station("DISC", &kwg, "catalan", "kwg");
    assert_eq!(judge(&config, &["COL·LEGI", "MUNTANYA"]).1, "ACCEPTABLE");
    // The same KWG read as English is another list: COL·LEGI's tile numbers spell CQMFHJ.
    let (d2, config2) = station("WRONG", &kwg, "english", "kwg");
    let as_english = String::from_utf8(Word::parse_in(a, "COL·LEGI").unwrap().as_bytes().to_vec());
    assert_eq!(as_english.as_deref(), Ok("CQMFHJ"));
    assert_eq!(judge(&config2, &["CQMFHJ"]).1, "ACCEPTABLE");
    assert_eq!(judge(&config2, &["COLLEGI"]).1, "UNACCEPTABLE");
    drop(d2);
    // A Polish KWG has tiles beyond 26: as English it is refused, naming the tile and the way out.
    let pl = alphabet::by_name("polish").unwrap();
    let pkwg = dir.path().join("polish.kwg");
    fs::write(&pkwg, encode_kwg(&list_words(pl)).unwrap()).unwrap();
    let (code, err) = run(&["lexicon", "identify", "--format", "kwg"], &pkwg);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("English tiles are 1-26 (A-Z)"), "{err}");
}

#[test]
fn a_division_cannot_mix_alphabets() {
    let (dir, config) = station("DISC", &list_path("catalan"), "catalan", "plain");
    wordjudge()
        .current_dir(dir.path())
        .args(["lexicon", "add", "FISE"])
        .arg(list_path("spanish"))
        .args(["--alphabet", "spanish", "--config"])
        .arg(&config)
        .assert()
        .success();
    let text = fs::read_to_string(&config).unwrap();
    fs::write(
        &config,
        text.replace(
            "primary = \"DISC\"",
            "primary = \"DISC\"\nsecond_opinion = \"FISE\"",
        ),
    )
    .unwrap();
    let (code, err) = run(&["config", "check", "--config"], &config);
    assert_ne!(code, Some(0));
    assert!(
        err.contains(
            "lexicon \"FISE\" is in the spanish alphabet and the primary \"DISC\" in catalan"
        ),
        "{err}"
    );
}

#[test]
fn a_lexicon_recorded_under_the_wrong_alphabet_is_refused() {
    let (_dir, config) = station("DISC", &list_path("catalan"), "catalan", "plain");
    let text = fs::read_to_string(&config).unwrap();
    // Catalan has 26 tiles, so its codes are the bytes A–Z: only the content catches it.
    fs::write(&config, text.replace("alphabet = \"catalan\"\n", "")).unwrap();
    let (code, out, err) = judge(&config, &["CQMFHJ"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("DISC"), "{err}");
    // An alphabet wordjudge does not know is named, with the ones it does.
    fs::write(
        &config,
        text.replace("alphabet = \"catalan\"", "alphabet = \"klingon\""),
    )
    .unwrap();
    let (code, err) = run(&["config", "check", "--config"], &config);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("alphabet \"klingon\" is not one wordjudge knows (known: english, catalan"),
        "{err}"
    );
}

#[test]
fn a_hyphenated_list_entry_is_refused_and_a_needed_break_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("l.txt");
    fs::write(&list, "CASA\nE-MAIL\n").unwrap();
    let (code, err) = run(&["lexicon", "identify", "--alphabet", "french"], &list);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("line 2") && err.contains("a hyphenated entry is not one"),
        "{err}"
    );
    // Spanish C-H is two tiles: the break is needed, the entry is a word.
    fs::write(&list, "CHE\nC-HE\n").unwrap();
    let (code, out) = run(&["lexicon", "identify", "--alphabet", "spanish"], &list);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("words           2"), "{out}");
}

#[test]
fn a_list_line_that_is_no_tile_sequence_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("l.txt");
    fs::write(&list, "PAL·LA\nCASA\nPAL·\nGOS\n").unwrap();
    let (code, err) = run(&["lexicon", "identify", "--alphabet", "catalan"], &list);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("line 3") && err.contains("PAL·"), "{err}");
    let (code, err) = run(&["lexicon", "identify", "--alphabet", "klingon"], &list);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("no alphabet \"klingon\"; wordjudge knows: english, catalan"),
        "{err}"
    );
}

#[test]
fn the_bundled_fonts_have_a_glyph_for_every_letter_of_every_tile() {
    for font in ["DejaVuSans-Bold.ttf", "DejaVuSansMono-Bold.ttf"] {
        let bytes = fs::read(common::root().join("ui/fonts").join(font)).unwrap();
        let face = ttf_parser::Face::parse(&bytes, 0).unwrap();
        let mut checked = 0;
        for a in alphabet::all() {
            for tile in a.tiles() {
                for c in tile.label.chars() {
                    assert!(
                        face.glyph_index(c).is_some(),
                        "{font}: no glyph for {c:?} ({} tile {})",
                        a.name,
                        tile.label
                    );
                    checked += 1;
                }
            }
        }
        // And what the tile keyboard and the entry show besides the tiles.
        for c in ['⌫', '␣', '▁'] {
            assert!(face.glyph_index(c).is_some(), "{font}: no glyph for {c:?}");
        }
        assert!(checked > 250, "{checked}");
        // The check can fail: a character the font does not have is found missing.
        assert!(face.glyph_index('\u{10FFFD}').is_none());
    }
}

/// Issue 39, item 10: what a list's header says is one tile is one tile of its alphabet, and
/// what it says is two tiles is two (catalan.txt said LL was one tile; it is two L tiles, as the
/// README says).
#[test]
fn what_each_lists_header_says_of_its_tiles_is_true() {
    let mut checked = 0;
    for name in ALPHABETS {
        let a = alphabet::by_name(name).unwrap();
        let text = fs::read_to_string(list_path(name)).unwrap();
        for line in text.lines().take_while(|l| l.starts_with('#')) {
            let tiles = if line.contains("one tile") {
                1
            } else if line.contains("two ") && line.contains(" tiles") {
                2
            } else {
                continue;
            };
            // Every upper-case group of letters the line names: "L·L", "NY", "LL", "CH".
            let named = line
                .split(|c: char| !(c.is_alphabetic() || c == '·'))
                .filter(|t| {
                    t.chars().count() >= 2 && t.chars().all(|c| c.is_uppercase() || c == '·')
                });
            for group in named {
                // Written twice, as a word (a word has at least two tiles): twice its tiles.
                let word = Word::parse_in(a, &group.repeat(2))
                    .unwrap_or_else(|e| panic!("{name}: {group:?} in {line:?}: {e}"));
                assert_eq!(
                    word.len(),
                    2 * tiles,
                    "{name}.txt says {group} is {tiles} tile(s): {line:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 5, "{checked} tile claims checked");
}
