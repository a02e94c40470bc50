//! The `wordjudge` command line, end to end: every command and every error path, run as the real
//! binary against a station built from scratch in a temporary directory for each test.
//!
//! Exit status contract (see `wordjudge --help`): 0 success or ACCEPTABLE, 1 UNACCEPTABLE or a
//! failed verification, 2 error.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;
use tempfile::TempDir;

use wordjudge::base::digest::Digest;
use wordjudge::lexicon::source::encode_kwg;
use wordjudge::lexicon::word::Word;

use crate::common;
use common::sha2_hex;

/// The word list of a standard test station (lexicon TEST, division main).
const WORDS: &[&str] = &["AA", "CAT", "QI", "ZA", "ZEBRA", "OXYPHENBUTAZONE"];
/// A valid word that is in no list used here (no letter of it is a hex digit, so it cannot hide
/// in a printed SHA-256 either).
const MISSING: &str = "QOPH";
const UNPUBLISHED: &str = "not a published edition";

// ---------------------------------------------------------------------------------------------
// Helpers.

/// The binary, unaffected by a `WORDJUDGE_CONFIG` in the environment running the tests.
fn wj() -> Command {
    let mut cmd = Command::cargo_bin("wordjudge").expect("the wordjudge binary is built");
    cmd.env_remove("WORDJUDGE_CONFIG");
    cmd
}

/// [`wj`] with `dir` as the working directory, so nothing can land in the project folder.
fn wj_in(dir: &Path) -> Command {
    let mut cmd = wj();
    cmd.current_dir(dir);
    cmd
}

fn write_list(dir: &Path, name: &str, words: &[&str]) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, words.join("\n") + "\n").unwrap();
    path
}

/// `wordjudge lexicon add CODE SOURCE --config CONFIG`, run in `dir`.
fn add_cmd(dir: &Path, config: &Path, code: &str, source: &Path) -> Command {
    let mut cmd = wj_in(dir);
    cmd.args(["lexicon", "add", code])
        .arg(source)
        .arg("--config")
        .arg(config);
    cmd
}

/// A station with lexicon TEST compiled from `words` but no division yet.
fn station_without_division(words: &[&str]) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("kiosk.toml");
    let list = write_list(dir.path(), "words.txt", words);
    add_cmd(dir.path(), &config, "TEST", &list)
        .assert()
        .success();
    (dir, config)
}

/// A station with lexicon TEST compiled from `words` and division `main` judging with it.
fn station(words: &[&str]) -> (TempDir, PathBuf) {
    let (dir, config) = station_without_division(words);
    append(&config, "\n[divisions.main]\nprimary = \"TEST\"\n");
    (dir, config)
}

fn append(path: &Path, text: &str) {
    let mut contents = fs::read_to_string(path).unwrap();
    contents.push_str(text);
    fs::write(path, contents).unwrap();
}

/// Replaces `from` (which must occur) with `to` in the file at `path`.
fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(
        text.contains(from),
        "{from:?} not in {}:\n{text}",
        path.display()
    );
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// The 1-based number of the first line of `text` starting with `prefix`.
fn line_starting(text: &str, prefix: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with {prefix:?} in:\n{text}"))
        + 1
}

/// The whole `key = value` line of `key` in the file at `path`.
fn config_line(path: &Path, key: &str) -> String {
    let text = fs::read_to_string(path).unwrap();
    let prefix = format!("{key} = ");
    text.lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {key} in:\n{text}"))
        .to_owned()
}

/// `wordjudge judge --config CONFIG WORD...`, run in the config's directory.
fn judge(config: &Path, words: &[&str]) -> Command {
    let mut cmd = wj_in(config.parent().unwrap());
    cmd.arg("judge").arg("--config").arg(config).args(words);
    cmd
}

/// `wordjudge lexicon verify --config CONFIG`, run in the config's directory.
fn verify(config: &Path) -> Command {
    let mut cmd = wj_in(config.parent().unwrap());
    cmd.args(["lexicon", "verify", "--config"]).arg(config);
    cmd
}

fn fst_of(dir: &TempDir, code: &str) -> PathBuf {
    dir.path().join("lexicons").join(format!("{code}.fst"))
}

fn sha256_hex(bytes: &[u8]) -> String {
    Digest::of(bytes).to_string()
}

/// The canonical form of a list: distinct upper-case words, sorted bytewise, each + "\n".
fn canonical(words: &[&str]) -> String {
    let mut upper: Vec<String> = words.iter().map(|w| w.to_ascii_uppercase()).collect();
    upper.sort();
    upper.dedup();
    upper.iter().map(|w| format!("{w}\n")).collect()
}

fn parse_config(path: &Path) -> toml::Table {
    fs::read_to_string(path)
        .unwrap()
        .parse::<toml::Table>()
        .unwrap()
}

/// Every file and directory under `dir`, relative, sorted.
fn listing(dir: &Path) -> Vec<PathBuf> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            out.push(path.strip_prefix(base).unwrap().to_owned());
            if path.is_dir() {
                walk(base, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// A judge run that must fail with exit 2, print nothing on stdout and say all of `needles` on
/// stderr; returns stderr.
fn judge_error(config: &Path, words: &[&str], needles: &[&str]) -> String {
    let output = judge(config, words)
        .assert()
        .code(2)
        .stdout("")
        .get_output()
        .clone();
    let stderr = stderr_of(&output);
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "{needle:?} not in stderr:\n{stderr}"
        );
    }
    stderr
}

// ---------------------------------------------------------------------------------------------
// judge: verdicts.

#[test]
fn judge_prints_acceptable_and_exits_0_when_every_word_is_in_the_lexicon() {
    let (dir, config) = station(WORDS);
    let output = judge(&config, &["CAT", "ZA", "OXYPHENBUTAZONE"])
        .assert()
        .code(0)
        .stderr("")
        .get_output()
        .clone();
    let stdout = stdout_of(&output);
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("ACCEPTABLE"));
    let short = &sha256_hex(&fs::read(fst_of(&dir, "TEST")).unwrap())[..12];
    assert_eq!(
        lines.next(),
        Some(
            format!("slip 1 · 3 word(s) · division main · lexicon TEST (SHA-256 {short})").as_str()
        )
    );
    assert_eq!(lines.next(), None);
}

#[test]
fn judge_prints_unacceptable_and_exits_1_when_one_word_is_not_in_the_lexicon() {
    let (_dir, config) = station(WORDS);
    let output = judge(&config, &["CAT", MISSING, "ZEBRA"])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let (stdout, stderr) = (stdout_of(&output), stderr_of(&output));
    assert_eq!(stdout.lines().next(), Some("UNACCEPTABLE"));
    // The rule books forbid saying which word failed.
    assert!(!stdout.to_uppercase().contains(MISSING), "{stdout}");
    assert!(!stderr.to_uppercase().contains(MISSING), "{stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn judge_never_names_the_failing_word_even_when_typed_in_lower_case() {
    let (_dir, config) = station(WORDS);
    let output = judge(&config, &["qoph", "cat"])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let all = format!("{}{}", stdout_of(&output), stderr_of(&output)).to_uppercase();
    assert!(all.starts_with("UNACCEPTABLE\n"), "{all}");
    assert!(!all.contains(MISSING), "{all}");
}

#[test]
fn judge_accepts_words_typed_in_any_case() {
    let (_dir, config) = station(WORDS);
    judge(&config, &["cat", "Zebra", "qI", "oXyPhEnBuTaZoNe"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("ACCEPTABLE\n"));
}

#[test]
fn judge_looks_up_whole_words_not_prefixes() {
    let (_dir, config) = station(WORDS);
    // ZE is a prefix of ZEBRA, CATS extends CAT: neither is in the list.
    judge(&config, &["ZE"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("UNACCEPTABLE\n"));
    judge(&config, &["CATS"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("UNACCEPTABLE\n"));
}

// ---------------------------------------------------------------------------------------------
// judge: invalid input.

/// A challenge with an invalid word: exit 2, nothing on stdout, the word's position and text on
/// stderr.
fn assert_invalid_word(words: &[&str], position: usize, reason: &str) {
    let (_dir, config) = station(WORDS);
    let text = words[position - 1];
    judge_error(
        &config,
        words,
        &[&format!("word {position} ({text:?})"), reason],
    );
}

#[test]
fn judge_refuses_a_word_with_a_digit_naming_its_position_and_text() {
    assert_invalid_word(
        &["CAT", "Z4", "QI"],
        2,
        "contains '4', which is not a letter A-Z",
    );
}

#[test]
fn judge_refuses_a_one_letter_word_naming_its_position_and_text() {
    assert_invalid_word(&["A", "CAT"], 1, "has 1 letter(s); a word has at least 2");
}

#[test]
fn judge_refuses_a_sixteen_letter_word_naming_its_position_and_text() {
    assert_invalid_word(
        &["CAT", "QI", "OXYPHENBUTAZONES"],
        3,
        "has 16 letters; a word has at most 15",
    );
}

#[test]
fn judge_refuses_a_word_with_an_apostrophe_naming_its_position_and_text() {
    assert_invalid_word(&["CAN'T"], 1, "contains '\\'', which is not a letter A-Z");
}

#[test]
fn judge_refuses_an_empty_word() {
    assert_invalid_word(&["CAT", ""], 2, "is empty");
}

#[test]
fn judge_checks_the_words_before_reading_the_configuration() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.toml");
    let output = judge(&missing, &["C4T"])
        .assert()
        .code(2)
        .stdout("")
        .get_output()
        .clone();
    let stderr = stderr_of(&output);
    assert!(stderr.contains("word 1 (\"C4T\")"), "{stderr}");
    assert!(!stderr.contains("none.toml"), "{stderr}");
}

#[test]
fn judge_without_words_is_a_usage_error_with_exit_2() {
    let (_dir, config) = station(WORDS);
    judge(&config, &[]).assert().code(2).stdout("").stderr(
        predicate::str::contains("required arguments were not provided")
            .and(predicate::str::contains("<WORDS>")),
    );
}

#[test]
fn an_unknown_format_value_is_a_usage_error_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let list = write_list(dir.path(), "words.txt", WORDS);
    wj_in(dir.path())
        .args(["lexicon", "identify", "--format", "csv"])
        .arg(&list)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("invalid value 'csv'"));
}

// ---------------------------------------------------------------------------------------------
// judge: divisions and which configuration is used.

#[test]
fn judge_with_an_unknown_division_exits_2_naming_the_available_divisions() {
    let (_dir, config) = station(WORDS);
    append(&config, "\n[divisions.juniors]\nprimary = \"TEST\"\n");
    let mut cmd = judge(&config, &["CAT"]);
    cmd.args(["--division", "seniors"]);
    cmd.assert().code(2).stdout("").stderr(
        predicate::str::contains("no division \"seniors\"")
            .and(predicate::str::contains("(divisions: main, juniors)")),
    );
}

#[test]
fn judge_uses_the_division_named_with_division() {
    // Two lexicons, two divisions: the verdict depends on which division is named.
    let (dir, config) = station(WORDS);
    let other = write_list(dir.path(), "other.txt", &["QOPH", "CAT"]);
    add_cmd(dir.path(), &config, "OTHER", &other)
        .assert()
        .success();
    append(&config, "\n[divisions.other]\nprimary = \"OTHER\"\n");

    judge(&config, &[MISSING]).assert().code(1); // first division: main
    let mut cmd = judge(&config, &[MISSING]);
    cmd.args(["--division", "other"]);
    cmd.assert()
        .code(0)
        .stdout(predicate::str::contains("division other · lexicon OTHER"));
}

#[test]
fn judge_with_a_configuration_that_defines_no_division_exits_2() {
    let (_dir, config) = station_without_division(WORDS);
    judge_error(
        &config,
        &["CAT"],
        &["defines no division", "[divisions.main]"],
    );
}

#[test]
fn judge_with_a_missing_configuration_exits_2_naming_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("station-7.toml");
    judge_error(
        &missing,
        &["CAT"],
        &[
            &format!("cannot read configuration {}", missing.display()),
            "WORDJUDGE_CONFIG",
        ],
    );
}

#[test]
fn judge_reads_the_configuration_named_by_wordjudge_config_when_config_is_absent() {
    let (_dir, config) = station(WORDS);
    let elsewhere = tempfile::tempdir().unwrap(); // no kiosk.toml here
    let mut cmd = Command::cargo_bin("wordjudge").unwrap();
    cmd.current_dir(elsewhere.path())
        .env("WORDJUDGE_CONFIG", &config)
        .args(["judge", "CAT"]);
    cmd.assert()
        .code(0)
        .stdout(predicate::str::starts_with("ACCEPTABLE\n"));
}

#[test]
fn judge_config_option_overrides_wordjudge_config() {
    // Station A knows QOPH, station B does not: the verdict shows which configuration was read.
    let (_a, config_a) = station(&["QOPH", "CAT"]);
    let (_b, config_b) = station(WORDS);
    let mut cmd = Command::cargo_bin("wordjudge").unwrap();
    cmd.current_dir(config_b.parent().unwrap())
        .env("WORDJUDGE_CONFIG", &config_a)
        .args(["judge", MISSING, "--config"])
        .arg(&config_b);
    cmd.assert()
        .code(1)
        .stdout(predicate::str::starts_with("UNACCEPTABLE\n"));

    // And the environment alone does select A.
    let mut cmd = Command::cargo_bin("wordjudge").unwrap();
    cmd.current_dir(config_b.parent().unwrap())
        .env("WORDJUDGE_CONFIG", &config_a)
        .args(["judge", MISSING]);
    cmd.assert().code(0);
}

#[test]
fn judge_reads_kiosk_toml_in_the_working_directory_by_default() {
    let (dir, _config) = station(WORDS);
    wj_in(dir.path())
        .args(["judge", "CAT", "QI"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("ACCEPTABLE\n"));
    wj_in(dir.path())
        .args(["judge", MISSING])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("UNACCEPTABLE\n"));
}

#[test]
fn judge_without_kiosk_toml_in_the_working_directory_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    wj_in(dir.path())
        .args(["judge", "CAT"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "cannot read configuration kiosk.toml",
        ));
}

#[test]
fn judge_keeps_working_when_only_an_unrelated_lexicon_file_is_missing() {
    let (dir, config) = station(WORDS);
    let other = write_list(dir.path(), "other.txt", &["QOPH", "CAT"]);
    add_cmd(dir.path(), &config, "OTHER", &other)
        .assert()
        .success();
    fs::remove_file(fst_of(&dir, "OTHER")).unwrap();
    judge(&config, &["CAT"]).assert().code(0);
}

// ---------------------------------------------------------------------------------------------
// judge: the lexicon file is checked before use and the station fails closed.

/// One way to break a fresh station (built by `station(WORDS)`): it breaks it and returns what
/// `judge` must say about it on stderr.
type Breakage = (&'static str, fn(&TempDir, &Path) -> Vec<String>);

/// Runs `command` and asserts that it failed (exit 2) printing nothing on stdout and every
/// needle on stderr; `what` names the case in a failure.
fn refused(what: &str, command: &mut Command, needles: &[String]) {
    let output = command.output().unwrap();
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(2), "{what}: {stderr}");
    assert_eq!(stdout_of(&output), "", "{what}");
    for needle in needles {
        assert!(
            stderr.contains(needle.as_str()),
            "{what}: {needle:?} not in stderr:\n{stderr}"
        );
    }
}

/// `judge CAT` on a station broken each way in turn: refused, saying what is wrong.
fn judge_refuses_each(breakages: &[Breakage]) {
    for (what, break_it) in breakages {
        let (dir, config) = station(WORDS);
        let needles = break_it(&dir, &config);
        refused(what, &mut judge(&config, &["CAT"]), &needles);
    }
}

#[test]
fn judge_refuses_a_lexicon_file_that_is_not_the_one_recorded_and_says_why() {
    judge_refuses_each(&[
        ("a lexicon file changed after it was recorded", |dir, _| {
            let fst = fst_of(dir, "TEST");
            let mut bytes = fs::read(&fst).unwrap();
            let expected = sha256_hex(&bytes);
            let middle = bytes.len() / 2;
            bytes[middle] ^= 0x01;
            fs::write(&fst, &bytes).unwrap();
            vec![
                "lexicon TEST".into(),
                fst.display().to_string(),
                format!("has SHA-256 {}", sha256_hex(&bytes)),
                format!("kiosk.toml expects {expected}"),
            ]
        }),
        ("a truncated lexicon file", |dir, _| {
            let fst = fst_of(dir, "TEST");
            let mut bytes = fs::read(&fst).unwrap();
            let expected = sha256_hex(&bytes);
            bytes.truncate(bytes.len() - 4);
            fs::write(&fst, &bytes).unwrap();
            vec![
                fst.display().to_string(),
                format!("has SHA-256 {}", sha256_hex(&bytes)),
                format!("kiosk.toml expects {expected}"),
            ]
        }),
        ("the lexicon file deleted", |dir, _| {
            let fst = fst_of(dir, "TEST");
            fs::remove_file(&fst).unwrap();
            vec![
                "lexicon TEST".into(),
                format!("cannot read {}", fst.display()),
                "No such file".into(),
            ]
        }),
        ("a wrong word count recorded", |dir, config| {
            edit(config, "words = 6\n", "words = 7\n");
            vec![format!(
                "lexicon TEST: {} holds 6 words, but kiosk.toml expects 7",
                fst_of(dir, "TEST").display()
            )]
        }),
        ("a text file recorded with its own hash", |dir, config| {
            let fst = fst_of(dir, "TEST");
            let text = canonical(WORDS);
            fs::write(&fst, &text).unwrap();
            let old = config_line(config, "sha256");
            let new = format!("sha256 = \"{}\"", sha256_hex(text.as_bytes()));
            edit(config, &old, &new);
            vec![
                "lexicon TEST".into(),
                fst.display().to_string(),
                "is not a compiled lexicon".into(),
            ]
        }),
        ("a directory where the lexicon file should be", |dir, _| {
            let fst = fst_of(dir, "TEST");
            fs::remove_file(&fst).unwrap();
            fs::create_dir(&fst).unwrap();
            vec![format!(
                "lexicon TEST: {} is not a regular file (a folder, device or pipe)",
                fst.display()
            )]
        }),
    ]);
}

// ---------------------------------------------------------------------------------------------
// kiosk.toml is read strictly; every problem names its line and column.

/// A change to a working station's kiosk.toml.
enum Change {
    Append(&'static str),
    Replace(&'static str, &'static str),
    /// The line of this key replaced.
    Line(&'static str, &'static str),
}

/// Where `judge` must say the problem is: the last line, or the first starting with this.
enum At {
    Last,
    Line(&'static str),
}

#[test]
fn every_problem_in_kiosk_toml_is_an_error_naming_its_line_and_column() {
    use Change::*;
    #[rustfmt::skip]
    let cases = [
        ("an unknown key", Append("colour = \"red\"\n"), At::Last,
            ":1: unknown field `colour`", ""),
        ("an unknown key in a lexicon section", Replace("words = 6\n", "words = 6\ncolor = 1\n"),
            At::Line("color = "), ":1: unknown field `color`, expected one of `file`", ""),
        ("a value of the wrong type", Replace("words = 6\n", "words = \"six\"\n"),
            At::Line("words = "), ":9: invalid type: string \"six\", expected u64", ""),
        ("a malformed sha256", Line("sha256", "sha256 = \"not-a-digest\""), At::Line("sha256 = "),
            ":10: sha256 must be 64 hex digits (a SHA-256), not \"not-a-digest\"", ""),
        ("a division naming an unconfigured lexicon", Replace("primary = \"TEST\"", "primary = \"CSW24\""),
            At::Line("primary = "),
            ":11: division main: primary lexicon \"CSW24\" is not configured (configured: TEST)", ""),
        ("a syntax error", Append("\n[divisions.extra\nprimary = \"TEST\"\n"), At::Line("[divisions.extra"),
            ":", "invalid table header"),
    ];
    for (what, change, at, message, also) in cases {
        let (_dir, config) = station(WORDS);
        match change {
            Append(text) => append(&config, text),
            Replace(from, to) => edit(&config, from, to),
            Line(key, to) => edit(&config, &config_line(&config, key), to),
        }
        let text = fs::read_to_string(&config).unwrap();
        let line = match at {
            At::Last => text.lines().count(),
            At::Line(prefix) => line_starting(&text, prefix),
        };
        let needles = [format!("kiosk.toml:{line}{message}"), also.to_owned()];
        refused(what, &mut judge(&config, &["CAT"]), &needles);
    }
}

#[test]
fn every_semantic_problem_in_kiosk_toml_is_reported_at_once() {
    let (_dir, config) = station(WORDS);
    let old = config_line(&config, "sha256");
    edit(&config, &old, "sha256 = \"xyz\"");
    edit(&config, "primary = \"TEST\"", "primary = \"NOPE\"");
    let stderr = judge_error(
        &config,
        &["CAT"],
        &["64 hex digits", "\"NOPE\" is not configured"],
    );
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
}

// ---------------------------------------------------------------------------------------------
// lexicon add.

#[test]
fn lexicon_add_compiles_a_messy_plain_list_with_bom_crlf_comments_blank_lines_case_and_duplicates()
{
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    fs::write(
        &list,
        b"\xEF\xBB\xBF# my list\r\nzebra\r\n\r\n  Cat \r\nAA\r\n# more\r\ncat\r\nqi\r\n\r\n",
    )
    .unwrap();
    let config = dir.path().join("kiosk.toml");
    add_cmd(dir.path(), &config, "TEST", &list)
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains(format!(
                "Read {} as a plain word list: 5 entries, 4 distinct words (1 duplicates)",
                list.display()
            ))
            .and(predicate::str::contains(format!(
                "Recognised: {UNPUBLISHED} (4 words)"
            )))
            .and(predicate::str::contains("Recorded lexicon TEST")),
        );
    append(&config, "\n[divisions.main]\nprimary = \"TEST\"\n");
    judge(&config, &["ZEBRA", "CAT", "AA", "QI"])
        .assert()
        .code(0);
    judge(&config, &["MY"]).assert().code(1); // the comment is not a word
}

#[test]
fn lexicon_add_writes_the_fst_and_records_every_field_in_kiosk_toml() {
    let dir = tempfile::tempdir().unwrap();
    let list = write_list(dir.path(), "words.txt", &["zebra", "cat", "AA", "CAT"]);
    let config = dir.path().join("kiosk.toml");
    add_cmd(dir.path(), &config, "TEST", &list).assert().code(0);

    let fst = fst_of(&dir, "TEST");
    let fst_bytes = fs::read(&fst).unwrap();
    let table = parse_config(&config);
    let entry = table["lexicons"]["TEST"].as_table().unwrap();
    assert_eq!(entry["file"].as_str(), Some("lexicons/TEST.fst"));
    assert_eq!(
        entry["sha256"].as_str(),
        Some(sha2_hex(&fst_bytes).as_str())
    );
    assert_eq!(entry["words"].as_integer(), Some(3));
    assert_eq!(entry["title"].as_str(), Some("TEST"));
    assert_eq!(entry["edition"].as_str(), Some(UNPUBLISHED));
    assert_eq!(
        entry["source_sha256"].as_str(),
        Some(sha2_hex(&fs::read(&list).unwrap()).as_str())
    );
    assert_eq!(
        entry["content_sha256"].as_str(),
        Some(sha2_hex(b"AA\nCAT\nZEBRA\n").as_str())
    );
    assert_eq!(entry.len(), 7, "{entry:?}");
    // A new configuration gets a station section too, so it is usable as it is.
    assert_eq!(table["station"]["id"].as_str(), Some("station-1"));
}

#[test]
fn lexicon_add_records_the_title_given_and_a_re_add_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("kiosk.toml");
    let list = write_list(dir.path(), "words.txt", WORDS);
    let mut cmd = add_cmd(dir.path(), &config, "TEST", &list);
    cmd.args(["--title", "Club list \"2025\""]);
    cmd.assert().code(0);
    let title = |c: &Path| {
        parse_config(c)["lexicons"]["TEST"]["title"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(title(&config), "Club list \"2025\"");
    let list2 = write_list(dir.path(), "words2.txt", &["QOPH", "CAT"]);
    add_cmd(dir.path(), &config, "TEST", &list2)
        .assert()
        .code(0);
    assert_eq!(title(&config), "Club list \"2025\"");
}

#[test]
fn lexicon_add_again_updates_the_entry_in_place_keeping_comments_and_not_duplicating_it() {
    let (dir, config) = station(WORDS);
    let text = fs::read_to_string(&config).unwrap();
    let text = format!("# Event: club night\n{text}")
        .replace("[lexicons.TEST]", "# our club list\n[lexicons.TEST]")
        .replace(
            "[divisions.main]",
            "# everyone plays here\n[divisions.main]",
        );
    fs::write(&config, &text).unwrap();

    let list2 = write_list(dir.path(), "words2.txt", &["QOPH", "CAT", "EMU"]);
    add_cmd(dir.path(), &config, "TEST", &list2)
        .assert()
        .code(0);

    let after = fs::read_to_string(&config).unwrap();
    assert!(after.starts_with("# Event: club night\n"), "{after}");
    assert!(
        after.contains("# our club list\n[lexicons.TEST]"),
        "{after}"
    );
    assert!(
        after.contains("# everyone plays here\n[divisions.main]"),
        "{after}"
    );
    assert!(after.contains("# Printed on every slip"), "{after}");
    assert_eq!(after.matches("[lexicons.TEST]").count(), 1, "{after}");
    assert_eq!(after.matches("sha256 = ").count(), 3, "{after}"); // sha256, source_, content_
    let fst_bytes = fs::read(fst_of(&dir, "TEST")).unwrap();
    assert!(after.contains(&format!("sha256 = \"{}\"", sha256_hex(&fst_bytes))));
    assert!(after.contains("words = 3\n"), "{after}");
    // The station judges with the new list at once.
    judge(&config, &["QOPH", "EMU"]).assert().code(0);
    judge(&config, &["ZEBRA"]).assert().code(1);
}

#[test]
fn lexicon_add_again_keeps_a_comment_at_the_end_of_a_recorded_line() {
    let (dir, config) = station(WORDS);
    let old = config_line(&config, "file");
    edit(&config, &old, &format!("{old} # on the USB stick"));
    let list2 = write_list(dir.path(), "words2.txt", &["QOPH", "CAT"]);
    add_cmd(dir.path(), &config, "TEST", &list2)
        .assert()
        .code(0);
    let after = fs::read_to_string(&config).unwrap();
    assert!(after.contains("# on the USB stick"), "{after}");
}

#[test]
fn lexicon_add_on_a_lexicon_recorded_as_an_inline_table_never_leaves_the_station_unable_to_judge() {
    let (dir, config) = station(&["CAT", "DOG"]);
    // Rewrite [lexicons.TEST] as the equivalent inline table; the station still judges.
    let text = fs::read_to_string(&config).unwrap();
    let start = text.find("[lexicons.TEST]").unwrap();
    let end = text.find("[divisions.main]").unwrap();
    let pairs: Vec<&str> = text[start..end]
        .lines()
        .skip(1)
        .filter(|l| l.contains(" = "))
        .collect();
    let inline = format!("[lexicons]\nTEST = {{ {} }}\n\n", pairs.join(", "));
    fs::write(
        &config,
        format!("{}{inline}{}", &text[..start], &text[end..]),
    )
    .unwrap();
    judge(&config, &["CAT"]).assert().code(0);

    let fst = fst_of(&dir, "TEST");
    let before = sha256_hex(&fs::read(&fst).unwrap());
    let list2 = write_list(dir.path(), "words2.txt", &["CAT", "DOG", "EMU"]);
    let output = add_cmd(dir.path(), &config, "TEST", &list2)
        .output()
        .unwrap();
    if output.status.code() != Some(0) {
        // Refusing is acceptable only if nothing was changed.
        assert_eq!(
            sha256_hex(&fs::read(&fst).unwrap()),
            before,
            "the .fst was replaced but not recorded; stderr: {}",
            stderr_of(&output)
        );
    }
    // Either way the station must still give a verdict on CAT.
    judge(&config, &["CAT"]).assert().code(0);
}

#[test]
fn lexicon_add_is_deterministic_whatever_the_order_case_and_duplicates_of_the_list() {
    let (dir_a, _) = station_without_division(&["AA", "CAT", "QI", "ZEBRA"]);
    let (dir_b, _) = station_without_division(&["zebra", "Qi", "cat", "AA", "CAT", "qi"]);
    let a = fs::read(fst_of(&dir_a, "TEST")).unwrap();
    let b = fs::read(fst_of(&dir_b, "TEST")).unwrap();
    assert!(!a.is_empty());
    assert_eq!(a, b);
}

/// A word list `lexicon add` must refuse: it makes the source in the folder and returns its path,
/// the extra arguments, and what stderr must say.
type BadSource = (
    &'static str,
    fn(&Path) -> PathBuf,
    &'static [&'static str],
    fn(&Path) -> Vec<String>,
);

#[test]
fn lexicon_add_refuses_a_source_that_is_not_a_word_list_saying_where_and_writes_nothing() {
    let cases: [BadSource; 9] = [
        (
            "a KWG whose length is not a multiple of four",
            |dir| {
                let kwg = dir.join("bad.kwg");
                fs::write(&kwg, [0u8, 0, 0x40, 0, 1]).unwrap();
                kwg
            },
            &[],
            |src| {
                vec![format!(
                    "{} is not a valid KWG word graph: its length, 5 bytes, is not a multiple of 4",
                    src.display()
                )]
            },
        ),
        (
            "a line holding two words",
            |dir| {
                write_list(
                    dir,
                    "words.txt",
                    &[
                        "CAT",
                        "DOG",
                        "EMU",
                        "HEN",
                        "ICE",
                        "JAM",
                        "KEG",
                        "LOG",
                        "MAT",
                        "NAP",
                        "ICE CREAM",
                    ],
                )
            },
            &[],
            |_| vec!["line 11: \"ICE CREAM\" contains ' '".into()],
        ),
        (
            "a directory",
            |dir| {
                let sub = dir.join("lists");
                fs::create_dir(&sub).unwrap();
                sub
            },
            &[],
            |src| vec![format!("{} is not a regular file", src.display())],
        ),
        (
            "a list that holds no words",
            |dir| {
                let list = dir.join("empty.txt");
                fs::write(&list, "# nothing yet\r\n\r\n   \n").unwrap();
                list
            },
            &[],
            |src| vec![format!("{} holds no words", src.display())],
        ),
        (
            "a missing file",
            |dir| dir.join("nope.txt"),
            &[],
            |src| vec![format!("cannot read word list {}", src.display())],
        ),
        (
            "a KWG with an arc out of range",
            |dir| {
                // Two nodes; node 0 (the DAWG root pointer) points at node 10.
                let is_end: u32 = 1 << 22;
                let bytes: Vec<u8> = [is_end | 10, is_end]
                    .iter()
                    .flat_map(|n| n.to_le_bytes())
                    .collect();
                let kwg = dir.join("bad.kwg");
                fs::write(&kwg, bytes).unwrap();
                kwg
            },
            &[],
            |_| {
                vec!["is not a valid KWG word graph: node 0 (byte offset 0) points to node 10, but there are only 2 nodes".into()]
            },
        ),
        (
            "a text file given as --format kwg",
            |dir| write_list(dir, "words.txt", WORDS),
            &["--format", "kwg"],
            |src| vec![format!("{} is not a valid KWG word graph", src.display())],
        ),
        (
            "a KWG given as --format plain",
            |dir| {
                let words: Vec<Word> = WORDS.iter().map(|w| Word::parse(w).unwrap()).collect();
                let kwg = dir.join("words.kwg");
                fs::write(&kwg, encode_kwg(&words).unwrap()).unwrap();
                kwg
            },
            &["--format", "plain"],
            |_| {
                vec![
                    "is binary data but --format plain expects text".into(),
                    "--format kwg".into(),
                ]
            },
        ),
        (
            "a bad entry",
            |dir| write_list(dir, "words.txt", &["CAT", "DOG", "X", "EMU"]),
            &[],
            |src| {
                vec![
                    format!(
                        "{}:line 3: \"X\" has 1 letter(s); a word has at least 2",
                        src.display()
                    ),
                    "--skip-invalid".into(),
                ]
            },
        ),
    ];
    for (what, make, args, needles) in cases {
        let dir = tempfile::tempdir().unwrap();
        let source = make(dir.path());
        let before = listing(dir.path());
        let mut cmd = add_cmd(dir.path(), &dir.path().join("kiosk.toml"), "TEST", &source);
        cmd.args(args);
        refused(what, &mut cmd, &needles(&source));
        assert_eq!(listing(dir.path()), before, "{what}: nothing is written");
    }
}

#[test]
fn lexicon_add_with_skip_invalid_leaves_out_bad_entries_and_reports_how_many() {
    let dir = tempfile::tempdir().unwrap();
    let list = write_list(dir.path(), "words.txt", &["CAT", "X", "DOG", "Q1", "EMU"]);
    let config = dir.path().join("kiosk.toml");
    let mut cmd = add_cmd(dir.path(), &config, "TEST", &list);
    cmd.arg("--skip-invalid");
    cmd.assert().code(0).stderr(
        predicate::str::contains(format!("left out 2 invalid entries of {}", list.display()))
            .and(predicate::str::contains("line 2: \"X\""))
            .and(predicate::str::contains("line 4: \"Q1\"")),
    );
    assert_eq!(
        parse_config(&config)["lexicons"]["TEST"]["words"].as_integer(),
        Some(3)
    );
}

#[test]
fn lexicon_add_reads_a_zyzzyva_file_taking_the_first_word_of_each_line() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("zyzzyva.txt");
    fs::write(
        &list,
        "AA rough, cindery lava [n AAS]\nAH\t{aah=v} [v AHED, AHING, AHS]\nCAT a feline [n -S]\nZEBRA\n",
    )
    .unwrap();
    let config = dir.path().join("kiosk.toml");
    add_cmd(dir.path(), &config, "TEST", &list)
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "as a Zyzzyva text lexicon (word + definition): 4 entries, 4 distinct words",
        ));
    append(&config, "\n[divisions.main]\nprimary = \"TEST\"\n");
    judge(&config, &["AA", "AH", "CAT", "ZEBRA"])
        .assert()
        .code(0);
    judge(&config, &["ROUGH"]).assert().code(1); // definitions are not words
}

#[test]
fn lexicon_add_format_zyzzyva_reads_a_file_that_auto_detection_takes_for_a_plain_list() {
    // One definition in twelve entries: auto detection says plain list and refuses that line.
    let dir = tempfile::tempdir().unwrap();
    let mut lines: Vec<String> = [
        "AA", "AB", "AD", "AE", "AG", "AH", "AI", "AL", "AM", "AN", "AR",
    ]
    .iter()
    .map(|w| w.to_string())
    .collect();
    lines.push("CAT a feline".into());
    let list = dir.path().join("list.txt");
    fs::write(&list, lines.join("\n") + "\n").unwrap();
    let config = dir.path().join("kiosk.toml");
    add_cmd(dir.path(), &config, "TEST", &list)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 12: \"CAT a feline\""));
    assert!(!config.exists());

    let mut cmd = add_cmd(dir.path(), &config, "TEST", &list);
    cmd.args(["--format", "zyzzyva"]);
    cmd.assert()
        .code(0)
        .stdout(predicate::str::contains("Zyzzyva text lexicon"));
    assert_eq!(
        parse_config(&config)["lexicons"]["TEST"]["words"].as_integer(),
        Some(12)
    );
}

#[test]
fn lexicon_add_reads_a_kwg_word_graph_recognised_automatically() {
    let dir = tempfile::tempdir().unwrap();
    let words: Vec<Word> = WORDS.iter().map(|w| Word::parse(w).unwrap()).collect();
    let kwg = dir.path().join("words.kwg");
    fs::write(&kwg, encode_kwg(&words).unwrap()).unwrap();
    let config = dir.path().join("kiosk.toml");
    add_cmd(dir.path(), &config, "TEST", &kwg)
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "as a KWG word graph: 6 entries, 6 distinct words",
        ));
    // Same content digest as the same words from a plain list.
    assert_eq!(
        parse_config(&config)["lexicons"]["TEST"]["content_sha256"].as_str(),
        Some(sha2_hex(canonical(WORDS).as_bytes()).as_str())
    );
    append(&config, "\n[divisions.main]\nprimary = \"TEST\"\n");
    judge(&config, &["OXYPHENBUTAZONE", "QI", "ZEBRA"])
        .assert()
        .code(0);
    judge(&config, &["ZEBRAS"]).assert().code(1);
}

#[test]
fn lexicon_add_refuses_a_compiled_lexicon_as_source() {
    let (dir, config) = station(WORDS);
    let fst = fst_of(&dir, "TEST");
    let before = fs::read_to_string(&config).unwrap();
    add_cmd(dir.path(), &config, "COPY", &fst)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "{} is a compiled wordjudge lexicon (.fst), not a word list",
            fst.display()
        )));
    assert_eq!(fs::read_to_string(&config).unwrap(), before);
    assert!(!fst_of(&dir, "COPY").exists());
}

#[test]
fn lexicon_add_refuses_a_code_that_is_not_a_safe_file_name() {
    let dir = tempfile::tempdir().unwrap();
    let list = write_list(dir.path(), "words.txt", WORDS);
    let config = dir.path().join("kiosk.toml");
    for code in ["../x", "a/b", ".hidden", "CODE WITH SPACE"] {
        add_cmd(dir.path(), &config, code, &list)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "lexicon code {code:?} must be"
            )));
    }
    assert_eq!(listing(dir.path()), [PathBuf::from("words.txt")]);
}

#[test]
fn lexicon_add_with_a_broken_kiosk_toml_exits_2_and_changes_nothing() {
    let (dir, config) = station(WORDS);
    append(&config, "\n[divisions.extra\n");
    let config_before = fs::read(&config).unwrap();
    let fst_before = fs::read(fst_of(&dir, "TEST")).unwrap();
    let list2 = write_list(dir.path(), "words2.txt", &["QOPH", "CAT"]);
    let line = line_starting(&fs::read_to_string(&config).unwrap(), "[divisions.extra");

    for code in ["TEST", "NEW"] {
        add_cmd(dir.path(), &config, code, &list2)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!("kiosk.toml:{line}:")));
    }
    assert_eq!(fs::read(&config).unwrap(), config_before);
    assert_eq!(fs::read(fst_of(&dir, "TEST")).unwrap(), fst_before);
    assert!(!fst_of(&dir, "NEW").exists());
}

#[test]
fn lexicon_add_records_a_mislabel_only_when_the_director_accepts_it() {
    let dir = tempfile::tempdir().unwrap();
    let list = write_list(dir.path(), "words.txt", WORDS);
    let config = dir.path().join("kiosk.toml");
    add_cmd(dir.path(), &config, "CSW24", &list)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "WARNING: you called this CSW24 but it is not that edition: it has 6 words",
        ));
    assert!(!config.exists(), "nothing was written");
    add_cmd(dir.path(), &config, "CSW24", &list)
        .arg("--accept-mislabel")
        .assert()
        .code(0)
        .stderr(predicate::str::contains(
            "WARNING: you called this CSW24 but it is not that edition: it has 6 words",
        ));
    let recorded = &parse_config(&config)["lexicons"]["CSW24"];
    assert_eq!(recorded["edition"].as_str(), Some(UNPUBLISHED));
    assert_eq!(recorded["accept_mislabel"].as_bool(), Some(true));
}

/// A station whose lexicon CSW24 holds `WORDS`, recorded but not accepted as a mislabel: what a
/// director who copied the wrong file, or edited kiosk.toml by hand, leaves behind.
fn mislabelled_station() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let list = write_list(dir.path(), "words.txt", WORDS);
    let config = dir.path().join("kiosk.toml");
    add_cmd(dir.path(), &config, "CSW24", &list)
        .arg("--accept-mislabel")
        .assert()
        .code(0);
    edit(&config, "accept_mislabel = true\n", "");
    (dir, config)
}

#[test]
fn lexicon_add_creates_a_missing_config_directory() {
    let dir = tempfile::tempdir().unwrap();
    let list = write_list(dir.path(), "words.txt", WORDS);
    let config = dir.path().join("station").join("kiosk.toml");
    add_cmd(dir.path(), &config, "TEST", &list).assert().code(0);
    assert!(dir.path().join("station/lexicons/TEST.fst").is_file());
    assert_eq!(
        parse_config(&config)["lexicons"]["TEST"]["file"].as_str(),
        Some("lexicons/TEST.fst")
    );
}

// ---------------------------------------------------------------------------------------------
// lexicon identify.

#[test]
fn lexicon_identify_prints_the_word_count_and_canonical_content_sha256_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let words = ["zebra", "cat", "AA", "Cat", "qi"];
    let list = write_list(dir.path(), "words.txt", &words);
    let before = listing(dir.path());
    let expected_content = sha2_hex(b"AA\nCAT\nQI\nZEBRA\n");
    assert_eq!(
        expected_content,
        Digest::of(canonical(&words).as_bytes()).to_string()
    );
    let output = wj_in(dir.path())
        .args(["lexicon", "identify"])
        .arg(&list)
        .assert()
        .code(0)
        .stderr("")
        .get_output()
        .clone();
    let stdout = stdout_of(&output);
    assert!(
        stdout.starts_with(&format!("{}\n", list.display())),
        "{stdout}"
    );
    assert!(
        stdout.contains("  read as         plain word list\n"),
        "{stdout}"
    );
    assert!(stdout.contains("  words           4\n"), "{stdout}");
    assert!(stdout.contains("  two-letter      2\n"), "{stdout}");
    assert!(stdout.contains("  longest         5\n"), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "  source SHA-256  {}\n",
            sha2_hex(&fs::read(&list).unwrap())
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("  content SHA-256 {expected_content}\n")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("  edition         {UNPUBLISHED} (4 words)\n")),
        "{stdout}"
    );
    assert_eq!(listing(dir.path()), before);
}

#[test]
fn lexicon_identify_gives_the_same_content_sha256_for_a_plain_list_and_a_kwg_of_the_same_words() {
    let dir = tempfile::tempdir().unwrap();
    let list = write_list(dir.path(), "words.txt", WORDS);
    let words: Vec<Word> = WORDS.iter().map(|w| Word::parse(w).unwrap()).collect();
    let kwg = dir.path().join("words.kwg");
    fs::write(&kwg, encode_kwg(&words).unwrap()).unwrap();
    let expected = format!(
        "  content SHA-256 {}\n",
        sha2_hex(canonical(WORDS).as_bytes())
    );
    for source in [&list, &kwg] {
        wj_in(dir.path())
            .args(["lexicon", "identify"])
            .arg(source)
            .assert()
            .code(0)
            .stdout(predicate::str::contains(expected.clone()));
    }
}

#[test]
fn lexicon_identify_fails_on_a_bad_entry_unless_skip_invalid() {
    let dir = tempfile::tempdir().unwrap();
    let list = write_list(dir.path(), "words.txt", &["CAT", "DOG", "D0G"]);
    wj_in(dir.path())
        .args(["lexicon", "identify"])
        .arg(&list)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("line 3: \"D0G\" contains '0'"));
    wj_in(dir.path())
        .args(["lexicon", "identify", "--skip-invalid"])
        .arg(&list)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("  words           2\n"))
        .stderr(predicate::str::contains("left out 1 invalid entry"));
}

#[test]
fn lexicon_identify_refuses_a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.txt");
    wj_in(dir.path())
        .args(["lexicon", "identify"])
        .arg(&missing)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "cannot read word list {}",
            missing.display()
        )));
}

// ---------------------------------------------------------------------------------------------
// lexicon verify.

#[test]
fn lexicon_verify_reports_ok_and_exits_0_when_every_lexicon_checks_out() {
    let (_dir, config) = station(WORDS);
    let output = verify(&config)
        .assert()
        .code(0)
        .stderr("")
        .get_output()
        .clone();
    let stdout = stdout_of(&output);
    let mut lines = stdout.lines();
    let header = lines.next().unwrap();
    assert!(
        header.starts_with("CODE  WORDS  FILE SHA-256  CHECKSUM  CONTENT  EDITION"),
        "{stdout}"
    );
    let row: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(row[..5], ["TEST", "6", "OK", "OK", "OK"], "{stdout}");
    assert!(stdout.contains(UNPUBLISHED), "{stdout}");
    assert!(stdout.contains("All 1 lexicon(s) verified."), "{stdout}");
    assert!(!stdout.contains("FAIL"), "{stdout}");
}

#[test]
fn lexicon_verify_fails_with_exit_1_naming_a_tampered_lexicon() {
    let (dir, config) = station(WORDS);
    let other = write_list(dir.path(), "other.txt", &["QOPH", "CAT"]);
    add_cmd(dir.path(), &config, "OTHER", &other)
        .assert()
        .success();
    let fst = fst_of(&dir, "TEST");
    let mut bytes = fs::read(&fst).unwrap();
    bytes[3] ^= 0x10;
    fs::write(&fst, &bytes).unwrap();

    let output = verify(&config).assert().code(1).get_output().clone();
    let stdout = stdout_of(&output);
    let test_row = stdout.lines().find(|l| l.starts_with("TEST ")).unwrap();
    assert!(test_row.contains("FAIL"), "{stdout}");
    let other_row = stdout.lines().find(|l| l.starts_with("OTHER ")).unwrap();
    assert!(!other_row.contains("FAIL"), "{stdout}");
    assert!(stdout.contains("\nTEST: lexicon TEST: "), "{stdout}");
    assert!(stdout.contains("has SHA-256"), "{stdout}");
    assert!(
        stdout.contains("1 of 2 lexicon(s) FAILED verification"),
        "{stdout}"
    );
}

/// A file whose recorded SHA-256 matches but whose fst checksum fails (corrupted before it was
/// recorded): the row says the hash is OK and the checksum FAILS, so the director knows the file
/// is the one recorded and corrupt, not a replaced one.
#[test]
fn lexicon_verify_reports_a_recorded_but_corrupt_file_in_the_checksum_column() {
    let (dir, config) = station(WORDS);
    let fst = fst_of(&dir, "TEST");
    let mut bytes = fs::read(&fst).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x01;
    fs::write(&fst, &bytes).unwrap();
    let old = config_line(&config, "sha256");
    edit(
        &config,
        &old,
        &format!("sha256 = \"{}\"", sha256_hex(&bytes)),
    );
    let output = verify(&config).assert().code(1).get_output().clone();
    let stdout = stdout_of(&output);
    let row: Vec<&str> = stdout.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(row[..4], ["TEST", "6", "OK", "FAIL"], "{stdout}");
    assert!(stdout.contains("fails its internal checksum"), "{stdout}");
}

#[test]
fn lexicon_verify_fails_with_exit_1_when_a_lexicon_file_is_missing() {
    let (dir, config) = station(WORDS);
    fs::remove_file(fst_of(&dir, "TEST")).unwrap();
    verify(&config).assert().code(1).stdout(
        predicate::str::contains("FAIL")
            .and(predicate::str::contains("TEST: lexicon TEST: cannot read")),
    );
}

#[test]
fn lexicon_verify_reports_the_word_count_found_when_it_differs_from_the_recorded_one() {
    let (_dir, config) = station(WORDS);
    edit(&config, "words = 6\n", "words = 5\n");
    verify(&config)
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("6 (expected 5)").and(predicate::str::contains(
                "holds 6 words, but kiosk.toml expects 5",
            )),
        );
}

#[test]
fn lexicon_verify_fails_when_the_content_read_back_differs_from_the_recorded_content_sha256() {
    let (_dir, config) = station(WORDS);
    let old = config_line(&config, "content_sha256");
    let wrong = sha256_hex(b"AA\n");
    edit(&config, &old, &format!("content_sha256 = \"{wrong}\""));
    let output = verify(&config).assert().code(1).get_output().clone();
    let stdout = stdout_of(&output);
    let row: Vec<&str> = stdout.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(row[..5], ["TEST", "6", "OK", "OK", "FAIL"], "{stdout}");
    assert!(
        stdout.contains(&format!("but {wrong} was recorded when it was compiled")),
        "{stdout}"
    );
}

#[test]
fn lexicon_verify_flags_a_list_whose_code_names_a_published_edition_it_is_not() {
    let (_dir, config) = mislabelled_station();
    verify(&config)
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("(MISLABELLED)").and(predicate::str::contains(
                "you called this CSW24 but it is not that edition",
            )),
        );
}

#[test]
/// Mislabelling is caught by `lexicon verify` (the director's pre-play check), which tells the
/// director not to start play.
fn lexicon_verify_of_a_mislabelled_lexicon_tells_the_director_not_to_start_play() {
    let (_dir, config) = mislabelled_station();
    append(&config, "\n[divisions.main]\nprimary = \"CSW24\"\n");
    verify(&config).assert().code(1).stdout(
        predicate::str::contains("do not start play until every problem above is fixed")
            .and(predicate::str::contains("will not judge").not()),
    );
}

#[test]
fn judge_refuses_a_mislabelled_lexicon_as_the_station_does() {
    // One in-service check: what `lexicon verify` fails and the station puts out of service,
    // `judge` and `rejudge` refuse too, and judge nothing.
    let (dir, config) = mislabelled_station();
    append(&config, "\n[divisions.main]\nprimary = \"CSW24\"\n");
    let judge = |args: &[&str]| {
        let mut cmd = wj_in(dir.path());
        cmd.arg("--config").arg(&config).args(args);
        cmd
    };
    judge(&["judge", "qi"]).assert().code(2).stdout("").stderr(
        predicate::str::contains("lexicon CSW24 is MISLABELLED").and(predicate::str::contains(
            "you called this CSW24 but it is not that edition",
        )),
    );
    assert!(
        !dir.path().join("slips.jsonl").exists(),
        "nothing was judged"
    );
    // With the memo of its read-back deleted, or a stale one, the answer is the same.
    fs::remove_file(dir.path().join("lexicons/CSW24.fst.content")).unwrap();
    judge(&["judge", "qi"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("MISLABELLED"));
}

#[test]
fn lexicon_verify_with_no_lexicons_configured_exits_1_saying_how_to_add_one() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("kiosk.toml");
    fs::write(&config, "[station]\nid = \"s1\"\n").unwrap();
    verify(&config).assert().code(1).stdout(
        predicate::str::contains("configures no lexicons").and(predicate::str::contains(
            "wordjudge lexicon add CODE SOURCE",
        )),
    );
}

#[test]
fn lexicon_verify_with_a_missing_configuration_exits_2_naming_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("kiosk.toml");
    verify(&missing)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "cannot read configuration {}",
            missing.display()
        )));
}

#[test]
fn lexicon_verify_with_an_invalid_configuration_exits_2_naming_the_line() {
    let (_dir, config) = station(WORDS);
    append(&config, "colour = \"red\"\n");
    let line = fs::read_to_string(&config).unwrap().lines().count();
    verify(&config)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "kiosk.toml:{line}:1: unknown field `colour`"
        )));
}

// ---------------------------------------------------------------------------------------------
// `wordjudge station` (or `kiosk`, its name before, an alias now) starts the station program
// installed beside it.

/// The `wordjudge` binary alone in a fresh folder: a hard link, not a copy, because running a
/// file just written can fail with "text file busy" when another test thread forks while it is
/// still open for writing.
fn lone_wordjudge() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let bin = dir
        .path()
        .join(format!("wordjudge{}", std::env::consts::EXE_SUFFIX));
    fs::hard_link(assert_cmd::cargo::cargo_bin("wordjudge"), &bin).unwrap();
    (dir, bin)
}

#[test]
fn the_station_command_without_the_station_program_beside_it_says_what_to_install() {
    let (dir, bin) = lone_wordjudge();
    Command::new(&bin)
        .current_dir(dir.path())
        .env_remove("WORDJUDGE_CONFIG")
        .args(["kiosk", "--windowed"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("wordjudge: error: the station program ").and(
                predicate::str::contains(
                    "wordjudge-station is missing: install it beside wordjudge",
                ),
            ),
        );
}

#[cfg(unix)]
#[test]
fn the_station_command_and_no_arguments_run_the_station_program_with_the_configuration() {
    let (dir, bin) = lone_wordjudge();
    // A stand-in for the station that prints the arguments it was started with. (A link to an
    // existing program: a script written here could be "text file busy" when run.)
    std::os::unix::fs::symlink("/bin/echo", dir.path().join("wordjudge-station")).unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(&bin)
            .current_dir(dir.path())
            .env_remove("WORDJUDGE_CONFIG")
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(&[]), "--config kiosk.toml\n");
    assert_eq!(
        run(&["station", "--windowed", "--config", "/srv/k.toml"]),
        "--config /srv/k.toml --windowed\n"
    );
}

/// Issue 39, item 10: `lexicon add` in a folder with no kiosk.toml creates one and says what it
/// holds (the station id "station-1", no PIN, no division) and that kiosk.toml.lock is its lock
/// file; with a kiosk.toml already there it says nothing of the kind.
#[test]
fn lexicon_add_in_an_empty_folder_says_it_created_kiosk_toml() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("w.txt"), "qi\nza\n").unwrap();
    let run = common::run_in(dir.path(), &["lexicon", "add", "TEST", "w.txt"]).code(0);
    let created = run
        .stdout
        .lines()
        .find(|l| l.starts_with("Created kiosk.toml"))
        .unwrap_or_else(|| panic!("no Created line:\n{}", run.stdout));
    for said in [
        "station id \"station-1\"",
        "no director PIN",
        "wordjudge pin set",
        "no division",
        "kiosk.toml.lock",
    ] {
        assert!(created.contains(said), "{said:?} not in {created:?}");
    }
    assert!(dir.path().join("kiosk.toml.lock").is_file());
    let text = std::fs::read_to_string(dir.path().join("kiosk.toml")).unwrap();
    assert!(text.contains("id = \"station-1\""), "{text}");
    // Again, with the configuration there: nothing created, nothing said of it.
    let again = common::run_in(dir.path(), &["lexicon", "add", "MORE", "w.txt"]).code(0);
    assert!(!again.stdout.contains("Created"), "{}", again.stdout);
}
