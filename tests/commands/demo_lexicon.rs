//! The committed demo lexicon is exactly what its committed source compiles to, and the default
//! station configuration works out of the box.

use crate::common;

use wordjudge::config::Config;
use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::source::{read_file, Format, Kind, OnInvalid};

#[test]
fn compiling_demo_txt_gives_the_committed_demo_fst_byte_for_byte() {
    let root = common::root();
    let source = read_file(
        &root.join("lexicons/demo.txt"),
        Format::Auto,
        wordjudge::lexicon::alphabet::english(),
        OnInvalid::Fail,
    )
    .expect("demo.txt is a valid plain list");
    assert_eq!(source.entries.kind, Kind::Plain);
    let compiled = compile(source.entries.words).unwrap();
    let committed = std::fs::read(root.join("lexicons/demo.fst")).unwrap();
    assert!(
        compiled.fst == committed,
        "lexicons/demo.fst is not what lexicons/demo.txt compiles to; run \
         `cargo run -- lexicon add DEMO lexicons/demo.txt` and commit both files"
    );

    let config = Config::load(&root.join("kiosk.toml")).expect("kiosk.toml is valid");
    let demo = &config.lexicons["DEMO"];
    assert_eq!(demo.expected.sha256, compiled.fst_sha256);
    assert_eq!(demo.expected.words, compiled.words);
    assert_eq!(demo.content_sha256, Some(compiled.content_sha256));
    assert_eq!(demo.source_sha256, Some(source.sha256));
    assert_eq!(demo.edition.as_deref(), Some("not a published edition"));
}

#[test]
fn demo_list_is_a_few_thousand_words_labelled_not_for_tournament_play() {
    let root = common::root();
    let text = std::fs::read_to_string(root.join("lexicons/demo.txt")).unwrap();
    assert!(text.contains("DEMO"));
    assert!(text.contains("NOT FOR TOURNAMENT PLAY"));
    let source = read_file(
        &root.join("lexicons/demo.txt"),
        Format::Plain,
        wordjudge::lexicon::alphabet::english(),
        OnInvalid::Fail,
    )
    .unwrap();
    let n = source.entries.words.len();
    assert!((2_000..=5_000).contains(&n), "{n} words");
    let config = Config::load(&root.join("kiosk.toml")).unwrap();
    assert!(config.lexicons["DEMO"]
        .title
        .contains("not for tournament play"));
}

#[test]
fn readme_quick_start_judge_runs_on_the_default_station() {
    // `cargo run --release -- judge QI ZA` from the project root, as the README says.
    common::wordjudge()
        .current_dir(common::root())
        .args(["judge", "--no-log", "QI", "ZA"])
        .assert()
        .code(0)
        .stdout(predicates::str::starts_with("ACCEPTABLE\n"));
    common::wordjudge()
        .current_dir(common::root())
        .args(["judge", "--no-log", "QI", "QA"])
        .assert()
        .code(1)
        .stdout(predicates::str::starts_with("UNACCEPTABLE\n"));
}
