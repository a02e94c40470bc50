//! Adjudication by the rules, end to end: `judge` with divisions and fallback chains, the slip log
//! it writes, `slips list|show|export|verify|recheck`, `rejudge`, `config check` and `pin set` —
//! every one run as the real binary against a station built from scratch in a temporary
//! directory, including every error path.
//!
//! Exit status contract (see `wordjudge --help`): 0 success or ACCEPTABLE, 1 UNACCEPTABLE or a
//! failed check, 2 error, 3 judged but the slip could not be written.

use crate::common;
use common::{sha2_hex, Run};

use std::fs;
use std::path::PathBuf;

use tempfile::TempDir;

/// The NSA station's primary lexicon (OWL-like; its code, TWL, names no published edition, so
/// the in-service check does not refuse it as mislabelled).
const OWL: &[&str] = &["QI", "ZA", "CAT", "EDUCATION", "ZEBRA"];
/// The Long List: only counts for words of ten or more letters.
const LL: &[&str] = &["BALDERDASH", "STRAWBERRY", "FLABBERGAST", "NINELETTR"];
/// The second-opinion lexicon: the OWL words plus OK.
const NWL: &[&str] = &["QI", "ZA", "CAT", "EDUCATION", "ZEBRA", "OK"];
/// Ten letters, only in LL.
const TEN: &str = "BALDERDASH";
/// Nine letters, only in LL.
const NINE: &str = "NINELETTR";
/// A valid word in no list (no letter of it is a hex digit, so it cannot hide in a SHA-256).
const MISSING: &str = "QOPH";

// ---------------------------------------------------------------------------------------------
// Helpers.

/// A station in its own temporary directory; `kiosk.toml` is created by the first lexicon added.
struct Station {
    dir: TempDir,
    config: PathBuf,
}

impl Station {
    fn empty() -> Station {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("kiosk.toml");
        Station { dir, config }
    }

    /// A station with the given lexicons (code, words), in order, and no division yet.
    fn with_lexicons(lexicons: &[(&str, &[&str])]) -> Station {
        let station = Station::empty();
        for (code, words) in lexicons {
            station.add_lexicon(code, words);
        }
        station
    }

    /// The NSA station: OWL, LL for 10+ letters, NWL for second opinions; division `nsa`.
    fn nsa() -> Station {
        let station = Station::with_lexicons(&[("TWL", OWL), ("LL", LL), ("NWL", NWL)]);
        station.append(
            "\n[divisions.nsa]\nprimary = \"TWL\"\nfallback = [{ lexicon = \"LL\", min_length = 10 }]\nsecond_opinion = \"NWL\"\nchangeover = true\n",
        );
        station
    }

    /// A station with lexicon OWL and division `main` judging with it alone.
    fn simple() -> Station {
        let station = Station::with_lexicons(&[("TWL", OWL)]);
        common::add_division(&station.config, "main", "TWL");
        station
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    /// Writes `words` to CODE.txt and runs `wordjudge lexicon add CODE CODE.txt`.
    fn add_lexicon(&self, code: &str, words: &[&str]) {
        let list = self.path(&format!("{code}.txt"));
        fs::write(&list, words.join("\n") + "\n").unwrap();
        let output = common::wordjudge()
            .current_dir(self.dir.path())
            .args(["lexicon", "add", code])
            .arg(&list)
            .arg("--config")
            .arg(&self.config)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "lexicon add {code} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }

    fn append(&self, text: &str) {
        let mut contents = fs::read_to_string(&self.config).unwrap();
        contents.push_str(text);
        fs::write(&self.config, contents).unwrap();
    }

    /// Replaces `from` (which must occur) with `to` in kiosk.toml.
    fn edit_config(&self, from: &str, to: &str) {
        let text = self.config_text();
        assert!(text.contains(from), "{from:?} not in kiosk.toml:\n{text}");
        fs::write(&self.config, text.replacen(from, to, 1)).unwrap();
    }

    /// Adds `line` to the [station] section, right after its `id`.
    fn station_setting(&self, line: &str) {
        let text = self.config_text();
        let id = text
            .lines()
            .find(|l| l.starts_with("id = "))
            .expect("[station] id")
            .to_owned();
        self.edit_config(&id, &format!("{id}\n{line}"));
    }

    fn config_text(&self) -> String {
        fs::read_to_string(&self.config).unwrap()
    }

    /// The sha256 that `lexicon add` recorded for `code` in kiosk.toml.
    fn recorded_sha256(&self, code: &str) -> String {
        let table: toml::Table = self.config_text().parse().unwrap();
        table["lexicons"][code]["sha256"]
            .as_str()
            .expect("sha256 recorded")
            .to_owned()
    }

    /// `wordjudge --config DIR/kiosk.toml ARGS...`, run in the station's directory.
    fn cmd(&self, args: &[&str]) -> assert_cmd::Command {
        let mut cmd = common::wordjudge();
        // A time zone the tests know (local times are shown beside UTC).
        cmd.env("TZ", "Europe/Paris");
        cmd.current_dir(self.dir.path())
            .arg("--config")
            .arg(&self.config)
            .args(args);
        cmd
    }

    fn run(&self, args: &[&str]) -> Run {
        Run::of(self.cmd(args).write_stdin("").output().unwrap())
    }

    fn run_with_stdin(&self, args: &[&str], stdin: &str) -> Run {
        Run::of(self.cmd(args).write_stdin(stdin).output().unwrap())
    }

    /// `wordjudge judge WORDS...` (any options among the words).
    fn judge(&self, words: &[&str]) -> Run {
        let mut args = vec!["judge"];
        args.extend_from_slice(words);
        self.run(&args)
    }

    /// The default slip log, beside kiosk.toml.
    fn log(&self) -> PathBuf {
        self.path("slips.jsonl")
    }

    fn log_bytes(&self) -> Vec<u8> {
        fs::read(self.log()).unwrap()
    }

    fn log_lines(&self) -> Vec<String> {
        fs::read_to_string(self.log())
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    fn write_log_lines(&self, lines: &[String]) {
        fs::write(
            self.log(),
            lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
        )
        .unwrap();
    }

    /// Every record of the slip log, parsed as plain JSON (independently of the program's types).
    fn slips(&self) -> Vec<serde_json::Value> {
        self.log_lines()
            .iter()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    /// Judges each challenge in turn, expecting slips 1, 2, 3, … to be written.
    fn judge_all(&self, challenges: &[&[&str]]) {
        for (i, words) in challenges.iter().enumerate() {
            let run = self.judge(words);
            assert!(
                run.code == 0 || run.code == 1,
                "judge {words:?}: exit {}\n{}{}",
                run.code,
                run.stdout,
                run.stderr
            );
            assert!(
                run.stdout.contains(&format!("slip {} ·", i + 1)),
                "{}",
                run.stdout
            );
        }
    }
}

/// A UTC slip time on the clock of Paris (the tests' time zone), computed with `jiff` directly.
fn paris(utc: &str) -> String {
    let at: jiff::Timestamp = utc.parse().unwrap();
    let zone = jiff::tz::TimeZone::get("Europe/Paris").expect("the tz database (Debian: tzdata)");
    at.to_zoned(zone)
        .strftime("%Y-%m-%d %H:%M:%S %Z")
        .to_string()
}

/// The 1-based number of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not in:\n{text}"))
        + 1
}

/// The 1-based column of `needle` in line `line` (1-based) of `text`.
fn column_of(text: &str, line: usize, needle: &str) -> usize {
    let l = text.lines().nth(line - 1).unwrap();
    l[..l
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in {l:?}"))]
        .chars()
        .count()
        + 1
}

const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

// ---------------------------------------------------------------------------------------------
// judge: by the rules.

#[test]
fn nsa_word_of_ten_or_more_letters_found_only_in_the_long_list_is_acceptable() {
    let s = Station::nsa();
    let owl_short = &s.recorded_sha256("TWL")[..12];
    let run = s.judge(&["balderdash"]).code(0);
    assert_eq!(run.first_line(), "ACCEPTABLE");
    assert_eq!(
        run.stdout.lines().nth(1).unwrap(),
        format!(
            "slip 1 · 1 word(s) · division nsa · lexicon TWL (SHA-256 {owl_short}) + LL for 10+ letters"
        )
    );
    // Eleven letters too, and together with a primary word.
    let run = s.judge(&["FLABBERGAST", "QI"]).code(0);
    assert_eq!(run.first_line(), "ACCEPTABLE");
}

#[test]
fn nsa_word_of_nine_letters_found_only_in_the_long_list_is_unacceptable() {
    let s = Station::nsa();
    let run = s.judge(&[NINE]).code(1);
    assert_eq!(run.first_line(), "UNACCEPTABLE");
    // One bad word spoils a challenge whose other word the Long List does allow.
    let run = s.judge(&[TEN, NINE]).code(1);
    assert_eq!(run.first_line(), "UNACCEPTABLE");
    // A nine-letter word in the primary lexicon is of course fine.
    s.judge(&["EDUCATION"]).code(0);
}

#[test]
fn sa_style_chain_applies_each_fallback_only_from_its_own_min_length() {
    let s = Station::with_lexicons(&[
        ("REDWOOD", &["CAT", "QI"]),
        ("OSW", &["DOG", "HOUSE"]),
        ("CHAMBERS", &["HOUSE", "GARDENS", "HAT", "HATTER"]),
        ("MW", &["GARDENING", "TREES", "ORCHARDS"]),
    ]);
    s.append(
        "\n[divisions.sa]\nprimary = \"REDWOOD\"\nfallback = [\n  { lexicon = \"OSW\", min_length = 5 },\n  { lexicon = \"CHAMBERS\", min_length = 7 },\n  { lexicon = \"MW\", min_length = 9 },\n]\n",
    );
    for (word, code, verdict) in [
        ("CAT", 0, "ACCEPTABLE"),        // primary, any length
        ("HOUSE", 0, "ACCEPTABLE"),      // OSW from 5
        ("DOG", 1, "UNACCEPTABLE"),      // OSW, but 3 letters
        ("GARDENS", 0, "ACCEPTABLE"),    // Chambers from 7
        ("HAT", 1, "UNACCEPTABLE"),      // Chambers, 3 letters
        ("HATTER", 1, "UNACCEPTABLE"),   // Chambers, 6 letters
        ("GARDENING", 0, "ACCEPTABLE"),  // Merriam-Webster from 9
        ("TREES", 1, "UNACCEPTABLE"),    // MW, 5 letters
        ("ORCHARDS", 1, "UNACCEPTABLE"), // MW, 8 letters
    ] {
        let run = s.judge(&["--no-log", word]).code(code);
        assert_eq!(run.first_line(), verdict, "{word}");
    }
    let run = s
        .judge(&["--explain", "cat", "house", "gardens", "gardening"])
        .code(0)
        .stdout_has("+ OSW for 5+ letters + CHAMBERS for 7+ letters + MW for 9+ letters");
    for (word, code) in [
        ("CAT", "REDWOOD"),
        ("HOUSE", "OSW"),
        ("GARDENS", "CHAMBERS"),
        ("GARDENING", "MW"),
    ] {
        let line = run
            .stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{word} ")))
            .unwrap_or_else(|| panic!("{word} not explained:\n{}", run.stdout));
        assert!(line.ends_with(&format!("acceptable (in {code})")), "{line}");
    }
    // The slip names every lexicon of the chain, primary first, in chain order.
    let slip = &s.slips()[0];
    let codes: Vec<&str> = slip["lexicons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["REDWOOD", "OSW", "CHAMBERS", "MW"]);
}

#[test]
fn several_divisions_in_one_kiosk_toml_and_division_picks_which_judges() {
    let s = Station::with_lexicons(&[
        ("NWL", &["QI", "ZA", "OK"]),
        ("CSW", &["QI", "ZA", "OK", "GRRL"]),
    ]);
    common::add_division(&s.config, "nwl", "NWL");
    common::add_division(&s.config, "csw", "CSW");

    // No --division: the first one in the file.
    s.judge(&["GRRL"])
        .code(1)
        .stdout_has("· division nwl · lexicon NWL");
    s.judge(&["--division", "nwl", "GRRL"]).code(1);
    let run = s
        .judge(&["--division", "csw", "GRRL"])
        .code(0)
        .stdout_has("· division csw · lexicon CSW");
    assert_eq!(run.first_line(), "ACCEPTABLE");
    let divisions: Vec<String> = s
        .slips()
        .iter()
        .map(|r| r["division"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(divisions, ["nwl", "nwl", "csw"]);
    assert_eq!(s.slips()[2]["lexicons"][0]["code"], "CSW");
}

#[test]
fn judge_with_an_unknown_division_exits_2_listing_the_divisions_and_writes_no_slip() {
    let s = Station::with_lexicons(&[("NWL", &["QI"]), ("CSW", &["QI"])]);
    common::add_division(&s.config, "nwl", "NWL");
    common::add_division(&s.config, "csw", "CSW");
    let run = s
        .judge(&["--division", "wespa", "QI"])
        .code(2)
        .stderr_has("no division \"wespa\"")
        .stderr_has("(divisions: nwl, csw)");
    assert_eq!(run.stdout, "");
    assert!(!s.log().exists());
}

#[test]
fn nine_words_are_refused_with_exit_2_saying_at_most_8_and_no_slip_is_written() {
    let s = Station::simple();
    let run = s
        .judge(&["QI"; 9])
        .code(2)
        .stderr_has("9 words given; a challenge has at most 8");
    assert_eq!(run.stdout, "");
    assert!(!s.log().exists(), "nothing may be logged");
    // Eight is the most a play can form, and is judged.
    s.judge(&["QI"; 8]).code(0).stdout_has("slip 1 · 8 word(s)");
}

#[test]
fn a_station_refuses_challenges_of_more_than_eight_words_and_max_words_below_eight() {
    let s = Station::simple();
    let nine = ["QI", "ZA", "CAT", "ZEBRA", "QI", "ZA", "CAT", "ZEBRA", "QI"];
    let run = s
        .judge(&nine)
        .code(2)
        .stderr_has("9 words given; a challenge has at most 8");
    assert_eq!(run.stdout, "");
    assert!(!s.log().exists());
    s.judge(&nine[..8]).code(0).stdout_has("slip 1 ·");
    // Fewer than eight would force word-by-word judging: the station refuses to start.
    s.station_setting("max_words = 3");
    s.judge(&["QI"])
        .code(2)
        .stderr_has("max_words must be 8, not 3");
}

#[test]
fn an_invalid_word_is_refused_before_anything_is_judged_and_no_slip_is_written() {
    let s = Station::simple();
    // A fresh station: no slip log appears.
    let run = s
        .judge(&["QI", "Z4"])
        .code(2)
        .stderr_has("word 2 (\"Z4\") contains '4', which is not a letter A-Z");
    assert_eq!(run.stdout, "", "no verdict for an invalid challenge");
    assert!(!s.log().exists());

    // With a log: it is left byte for byte as it was, and no number is used up.
    s.judge(&["QI"]).code(0);
    let before = s.log_bytes();
    s.judge(&["CAT", "x"]).code(2).stderr_has("word 2 (\"x\")");
    s.judge(&["CAT", "OXYPHENBUTAZONES"])
        .code(2)
        .stderr_has("word 2");
    assert_eq!(s.log_bytes(), before);
    s.judge(&["CAT"]).code(0).stdout_has("slip 2 ·");
}

// ---------------------------------------------------------------------------------------------
// judge: the slip it writes.

#[test]
fn slip_numbers_continue_1_2_3_across_separate_processes_and_land_beside_kiosk_toml() {
    let s = Station::nsa();
    // Run from an unrelated working directory: the default log is beside kiosk.toml.
    let elsewhere = tempfile::tempdir().unwrap();
    for (n, word) in [(1, "QI"), (2, MISSING), (3, TEN)] {
        let output = common::wordjudge()
            .current_dir(elsewhere.path())
            .arg("judge")
            .arg("--config")
            .arg(&s.config)
            .arg(word)
            .output()
            .unwrap();
        let run = Run::of(output);
        assert!(run
            .stdout
            .lines()
            .nth(1)
            .unwrap()
            .starts_with(&format!("slip {n} ·")));
    }
    assert_eq!(fs::read_dir(elsewhere.path()).unwrap().count(), 0);
    let numbers: Vec<u64> = s
        .slips()
        .iter()
        .map(|r| r["slip"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3]);
}

#[test]
fn the_slip_record_holds_station_kind_division_lexicons_words_verdict_and_chain() {
    let s = Station::nsa();
    s.edit_config("id = \"station-1\"", "id = \"hall-b-table-7\"");
    s.judge(&["qi", "Balderdash"]).code(0);
    s.judge(&["cat", "qoph"]).code(1);
    let lines = s.log_lines();
    assert_eq!(lines.len(), 2);
    let slips = s.slips();

    let first = &slips[0];
    assert_eq!(first["slip"], 1);
    assert_eq!(first["station"], "hall-b-table-7");
    assert_eq!(first["kind"], "director");
    assert!(first.get("refers_to").is_none());
    assert_eq!(first["division"], "nsa");
    assert_eq!(
        first["lexicons"],
        serde_json::json!([
            { "code": "TWL", "sha256": s.recorded_sha256("TWL") },
            { "code": "LL", "sha256": s.recorded_sha256("LL") },
        ])
    );
    // ... and those are the files' real hashes.
    assert_eq!(
        s.recorded_sha256("TWL"),
        sha2_hex(&fs::read(s.path("lexicons/TWL.fst")).unwrap())
    );
    assert_eq!(first["words"], serde_json::json!(["QI", "BALDERDASH"]));
    assert_eq!(first["verdict"], "ACCEPTABLE");
    assert_eq!(
        first["detail"],
        serde_json::json!([
            { "word": "QI", "acceptable": true, "found_in": "TWL" },
            { "word": "BALDERDASH", "acceptable": true, "found_in": "LL" },
        ])
    );
    let time = first["time"].as_str().unwrap();
    assert_eq!(time.len(), 20, "RFC 3339 to the second, UTC: {time}");
    assert!(time.ends_with('Z') && time.as_bytes()[10] == b'T', "{time}");

    let second = &slips[1];
    assert_eq!(second["slip"], 2);
    assert_eq!(second["words"], serde_json::json!(["CAT", "QOPH"]));
    assert_eq!(second["verdict"], "UNACCEPTABLE");
    assert_eq!(
        second["detail"][1],
        serde_json::json!({ "word": "QOPH", "acceptable": false })
    );

    // The chain: the first record starts it, each later one holds the hash of the line before.
    assert_eq!(first["prev"], GENESIS);
    assert_eq!(second["prev"], sha2_hex(lines[0].as_bytes()));
    // Each seal is the hash of its own line written with an empty seal.
    for (line, slip) in lines.iter().zip(&slips) {
        let seal = slip["seal"].as_str().unwrap();
        let unsealed = line.replace(&format!("\"seal\":\"{seal}\""), "\"seal\":\"\"");
        assert_ne!(&unsealed, line);
        assert_eq!(sha2_hex(unsealed.as_bytes()), seal);
    }
}

#[test]
fn judge_no_log_writes_nothing_and_says_so() {
    let s = Station::nsa();
    let run = s.judge(&["--no-log", "QI"]).code(0);
    assert_eq!(run.first_line(), "ACCEPTABLE");
    assert!(
        run.stdout
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("not logged (--no-log) · 1 word(s)"),
        "{}",
        run.stdout
    );
    s.judge(&["--no-log", MISSING]).code(1);
    assert!(!s.log().exists());

    // With a log already there: untouched, and the numbering goes on from it.
    s.judge(&["QI"]).code(0);
    let before = s.log_bytes();
    s.judge(&["--no-log", "ZA"]).code(0);
    assert_eq!(s.log_bytes(), before);
    s.judge(&["ZA"]).code(0).stdout_has("slip 2 ·");
}

#[test]
fn judge_never_names_the_failing_word_unless_explain_which_names_the_accepting_lexicon() {
    let s = Station::nsa();
    let run = s.judge(&["qi", "qoph", "balderdash"]).code(1);
    assert_eq!(run.first_line(), "UNACCEPTABLE");
    assert_eq!(run.stdout.lines().count(), 2, "{}", run.stdout);
    let all = format!("{}{}", run.stdout, run.stderr).to_uppercase();
    assert!(!all.contains(MISSING), "{all}");
    assert!(
        !all.contains("QI") && !all.contains(TEN),
        "no word is named: {all}"
    );

    let run = s.judge(&["--explain", "qi", "qoph", "balderdash"]).code(1);
    assert_eq!(run.first_line(), "UNACCEPTABLE");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[2], "director's detail (never shown to players):");
    let detail: Vec<Vec<&str>> = lines[3..]
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        detail,
        [
            vec!["QI", "acceptable", "(in", "TWL)"],
            vec!["QOPH", "NOT", "acceptable"],
            vec!["BALDERDASH", "acceptable", "(in", "LL)"],
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// judge: when the slip cannot be written.

#[test]
fn a_slip_log_in_a_missing_directory_gives_the_verdict_with_exit_3_and_says_it_was_not_recorded() {
    let s = Station::nsa();
    s.station_setting("slip_log = \"gone/slips.jsonl\"");
    let run = s.judge(&["QI"]).code(3);
    assert_eq!(run.first_line(), "ACCEPTABLE");
    assert!(run
        .stdout
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("SLIP NOT WRITTEN ·"));
    run.stderr_has("gone/slips.jsonl")
        .stderr_has("the verdict above stands, but its slip was NOT recorded");
    // An unacceptable play whose slip fails is still exit 3, verdict first.
    let run = s.judge(&[MISSING]).code(3);
    assert_eq!(run.first_line(), "UNACCEPTABLE");
    assert!(!s.path("gone").exists());

    // Once the directory exists, logging starts at slip 1: failures used up no numbers.
    fs::create_dir(s.path("gone")).unwrap();
    s.judge(&["QI"]).code(0).stdout_has("slip 1 ·");
    s.judge(&[MISSING]).code(1).stdout_has("slip 2 ·");
    assert_eq!(
        fs::read_to_string(s.path("gone/slips.jsonl"))
            .unwrap()
            .lines()
            .count(),
        2
    );
}

#[cfg(unix)]
#[test]
fn a_read_only_slip_log_directory_gives_the_verdict_with_exit_3() {
    use std::os::unix::fs::PermissionsExt;
    // Root writes into any directory: as root the command runs as the user `nobody`.
    let as_other = common::as_unprivileged();
    if as_other.first().is_some_and(|p| !common::tool(p)) {
        return;
    }
    let s = Station::nsa();
    fs::set_permissions(s.dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let ro = s.path("ro");
    fs::create_dir(&ro).unwrap();
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o555)).unwrap();
    s.station_setting("slip_log = \"ro/slips.jsonl\"");
    let judge = |word: &str| {
        let mut command = std::process::Command::new(as_other.first().unwrap_or(&"env"));
        command
            .args(as_other.get(1..).unwrap_or_default())
            .arg(assert_cmd::cargo::cargo_bin("wordjudge"))
            .arg("--config")
            .arg(&s.config)
            .args(["judge", word])
            .env_remove("WORDJUDGE_CONFIG");
        Run::of(command.output().unwrap())
    };
    for (word, verdict) in [("QI", "ACCEPTABLE"), (MISSING, "UNACCEPTABLE")] {
        let run = judge(word)
            .code(3)
            .stderr_has("slip was NOT recorded")
            .stderr_has("ro/slips.jsonl")
            .stderr_has("ermission denied");
        assert_eq!(run.first_line(), verdict);
    }
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o755)).unwrap();
    assert!(!ro.join("slips.jsonl").exists());
}

#[cfg(target_os = "linux")]
#[test]
fn dev_full_as_slip_log_gives_the_verdict_with_exit_3() {
    let s = Station::nsa();
    s.station_setting("slip_log = \"/dev/full\"");
    let run = s
        .judge(&["QI"])
        .code(3)
        .stderr_has("/dev/full")
        .stderr_has("slip was NOT recorded");
    assert_eq!(run.first_line(), "ACCEPTABLE");
    let run = s.judge(&[NINE]).code(3);
    assert_eq!(run.first_line(), "UNACCEPTABLE");
    // --no-log never touches the log, so nothing fails.
    s.judge(&["--no-log", "QI"]).code(0);
    // Reading it is refused, not attempted forever.
    s.run(&["slips", "verify"])
        .code(2)
        .stderr_has("not a regular file");
}

#[test]
fn judges_run_at_the_same_time_share_one_unbroken_chain() {
    let s = Station::nsa();
    let children: Vec<_> = (0..8)
        .map(|i| {
            std::process::Command::new(env!("CARGO_BIN_EXE_wordjudge"))
                .env_remove("WORDJUDGE_CONFIG")
                .current_dir(s.dir.path())
                .arg("judge")
                .arg("--config")
                .arg(&s.config)
                .arg(if i % 2 == 0 { "QI" } else { MISSING })
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        let status = child.wait().unwrap();
        assert!(matches!(status.code(), Some(0 | 1)), "{status}");
    }
    let mut numbers: Vec<u64> = s
        .slips()
        .iter()
        .map(|r| r["slip"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=8).collect::<Vec<_>>(), "in order, no gaps");
    numbers.dedup();
    assert_eq!(numbers.len(), 8);
    s.run(&["slips", "verify"])
        .code(0)
        .stdout_has("8 record(s); numbering, seals and chain intact");
}

// ---------------------------------------------------------------------------------------------
// slips list / show / export.

#[test]
fn the_events_time_zone_is_the_one_times_are_shown_in_and_a_zone_not_known_is_refused() {
    // The machine's zone is Paris (cmd sets TZ); the event's hall is in Kolkata (+05:30, no
    // summer time), as a station image's clock is UTC whatever the hall.
    let s = Station::simple();
    s.append("\n[event]\nname = \"Open\"\ntime_zone = \"Asia/Kolkata\"\n");
    s.run(&["judge", "--division", "main", "qi"]).code(0);
    let utc = s.slips()[0]["time"].as_str().unwrap().to_owned();
    let at: jiff::Timestamp = utc.parse().unwrap();
    let kolkata = at
        .to_zoned(jiff::tz::TimeZone::get("Asia/Kolkata").unwrap())
        .strftime("%Y-%m-%d %H:%M:%S %Z")
        .to_string();
    let list = s.run(&["slips", "list"]).code(0);
    let row: Vec<&str> = list
        .stdout
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(row[1..4].join(" "), kolkata, "{}", list.stdout);
    assert_ne!(kolkata, paris(&utc));
    // A name the time-zone database does not hold is a problem of kiosk.toml, named.
    s.edit_config("Asia/Kolkata", "Europe/Atlantis");
    let check = s.run(&["config", "check"]).code(1);
    assert!(
        check.stdout.contains("[event] time_zone") && check.stdout.contains("\"Europe/Atlantis\""),
        "{}",
        check.stdout
    );
}

#[test]
fn slips_list_shows_every_slip_oldest_first_and_last_n_only_the_last_n() {
    let s = Station::nsa();
    s.judge_all(&[&["QI"], &[MISSING, "za"], &[TEN]]);
    let run = s.run(&["slips", "list"]).code(0);
    let rows: Vec<Vec<&str>> = run
        .stdout
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows[0],
        ["SLIP", "TIME", "(local)", "ROUND", "TABLE", "KIND", "DIVISION", "VERDICT", "WORDS"]
    );
    // The time on the hall's clock: date, time, zone.
    for (row, record) in rows[1..].iter().zip(s.slips()) {
        assert_eq!(row[1..4].join(" "), paris(record["time"].as_str().unwrap()));
    }
    let summary: Vec<Vec<&str>> = rows[1..]
        .iter()
        .map(|r| {
            let mut v = vec![r[0]];
            v.extend_from_slice(&r[4..]);
            v
        })
        .collect();
    assert_eq!(
        summary,
        [
            vec!["1", "-", "-", "director", "nsa", "ACCEPTABLE", "QI"],
            vec![
                "2",
                "-",
                "-",
                "director",
                "nsa",
                "UNACCEPTABLE",
                "QOPH",
                "ZA"
            ],
            vec!["3", "-", "-", "director", "nsa", "ACCEPTABLE", "BALDERDASH"],
        ]
    );
    assert_eq!(run.stderr, "");

    let run = s.run(&["slips", "list", "--last", "2"]).code(0);
    let numbers: Vec<&str> = run
        .stdout
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(numbers, ["2", "3"]);
    // More than there are: all of them.
    let run = s.run(&["slips", "list", "--last", "10"]).code(0);
    assert_eq!(run.stdout.lines().count(), 4);
}

#[test]
fn slips_list_of_an_empty_log_says_there_are_no_slips_yet() {
    let s = Station::nsa();
    fs::write(s.log(), "").unwrap();
    s.run(&["slips", "list"])
        .code(0)
        .stdout_has("(no slips yet in ");
}

#[test]
fn slips_list_on_a_station_that_has_judged_nothing_yet_says_no_slips_yet() {
    let s = Station::nsa();
    assert!(!s.log().exists());
    s.run(&["slips", "list"])
        .code(0)
        .stdout_has("(no slips yet in ");
}

#[test]
fn slips_show_prints_every_field_and_explain_adds_the_per_word_detail() {
    let s = Station::nsa();
    s.judge_all(&[&["QI"], &["za", MISSING, TEN]]);
    let record = &s.slips()[1];
    let run = s.run(&["slips", "show", "2"]).code(0);
    let expected = format!(
        "slip       2\nverdict    UNACCEPTABLE\nwords      ZA QOPH BALDERDASH\nkind       director\n\
         time       {}\nlocal time {}\nstation    station-1\ndivision   nsa\nlexicons   TWL {}\n           LL {}\n",
        record["time"].as_str().unwrap(),
        paris(record["time"].as_str().unwrap()),
        s.recorded_sha256("TWL"),
        s.recorded_sha256("LL"),
    );
    assert_eq!(run.stdout, expected);

    let run = s.run(&["slips", "show", "2", "--explain"]).code(0);
    assert!(run.stdout.starts_with(&expected), "{}", run.stdout);
    let detail: Vec<Vec<&str>> = run.stdout[expected.len()..]
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        detail,
        [
            vec!["ZA", "acceptable", "(in", "TWL)"],
            vec!["QOPH", "NOT", "acceptable"],
            vec!["BALDERDASH", "acceptable", "(in", "LL)"],
        ]
    );
}

#[test]
fn slips_show_of_a_missing_slip_exits_2() {
    let s = Station::nsa();
    s.judge_all(&[&["QI"]]);
    let run = s
        .run(&["slips", "show", "2"])
        .code(2)
        .stderr_has("there is no slip 2 in ")
        .stderr_has("slips.jsonl");
    assert_eq!(run.stdout, "");
    s.run(&["slips", "show", "0"]).code(2);
}

#[test]
fn slips_export_csv_has_a_header_and_one_row_per_slip_with_commas_and_quotes_kept() {
    let s = Station::nsa();
    // (Commas and quotes in the division's name: a station id holds neither since issue 37.)
    let id = "hall-b-7";
    s.edit_config("id = \"station-1\"", "id = \"hall-b-7\"");
    let nsa = "Open \"B\", tables 1-20";
    s.edit_config("[divisions.nsa]", "[divisions.'Open \"B\", tables 1-20']");
    // A club night's name, no bundle installed: the slips of no event are named by it (issue
    // 50, item 5), in the last column (an export's columns before it keep their places).
    let event = "Club night, \"the 12th\"";
    s.append("\n[event]\nname = \"Club night, \\\"the 12th\\\"\"\n");
    s.judge_all(&[&["QI", "ZA"], &[MISSING]]);
    s.run(&["rejudge", "2"]).code(0);
    let run = s.run(&["slips", "export", "--csv"]).code(0);

    let mut reader = csv::Reader::from_reader(run.stdout.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        header,
        [
            "slip",
            "time",
            "local_time",
            "station",
            "event",
            "round",
            "table",
            "kind",
            "refers_to",
            "division",
            "lexicons",
            "words",
            "verdict",
            "event_name"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 3);
    let records = s.slips();
    let owl = format!("TWL:{}", s.recorded_sha256("TWL"));
    let ll = format!("LL:{}", s.recorded_sha256("LL"));
    let nwl = format!("NWL:{}", s.recorded_sha256("NWL"));
    let row = |r: &csv::StringRecord| r.iter().map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(
        row(&rows[0]),
        [
            "1",
            records[0]["time"].as_str().unwrap(),
            &paris(records[0]["time"].as_str().unwrap()),
            id,
            "",
            "",
            "",
            "director",
            "",
            nsa,
            &format!("{owl} {ll}"),
            "QI ZA",
            "ACCEPTABLE",
            event
        ]
    );
    assert_eq!(&rows[1][11], "QOPH");
    assert_eq!(&rows[1][12], "UNACCEPTABLE");
    assert_eq!(
        row(&rows[2]),
        [
            "3",
            records[2]["time"].as_str().unwrap(),
            &paris(records[2]["time"].as_str().unwrap()),
            id,
            "",
            "",
            "",
            "second-opinion",
            "2",
            nsa,
            &format!("{nwl} {ll}"),
            "QOPH",
            "UNACCEPTABLE",
            event
        ]
    );
    // The director's per-word detail stays out of the export.
    assert!(!run.stdout.contains("found_in") && !run.stdout.contains("(in "));
}

#[test]
fn slips_export_without_csv_is_a_usage_error() {
    let s = Station::nsa();
    s.judge_all(&[&["QI"]]);
    let run = s.run(&["slips", "export"]).code(2).stderr_has("--csv");
    assert_eq!(run.stdout, "");
}

// ---------------------------------------------------------------------------------------------
// slips verify.

/// A station with three slips: QI (1), ZA (2), CAT (3), all acceptable.
fn three_slips() -> Station {
    let s = Station::nsa();
    s.judge_all(&[&["QI"], &["ZA"], &["CAT"]]);
    s
}

#[test]
fn slips_verify_of_an_intact_log_exits_0() {
    let s = three_slips();
    let run = s.run(&["slips", "verify"]).code(0);
    assert_eq!(
        run.stdout,
        format!(
            "slip log {}: 3 record(s); numbering, seals and chain intact\n",
            s.log().display()
        )
    );
}

#[test]
fn slips_verify_names_slip_2_after_a_word_in_line_2_is_edited() {
    let s = three_slips();
    let mut lines = s.log_lines();
    assert!(lines[1].contains("\"ZA\""));
    lines[1] = lines[1].replace("\"ZA\"", "\"ZO\"");
    s.write_log_lines(&lines);
    s.run(&["slips", "verify"])
        .code(1)
        .stdout_has("FIRST BAD SLIP: slip 2 (line 2)")
        .stdout_has("changed after it was written");
}

#[test]
fn slips_verify_names_slip_3_after_line_2_is_deleted() {
    let s = three_slips();
    let mut lines = s.log_lines();
    lines.remove(1);
    s.write_log_lines(&lines);
    s.run(&["slips", "verify"])
        .code(1)
        .stdout_has("FIRST BAD SLIP: slip 3 (line 2)")
        .stdout_has("missing");
}

#[test]
fn slips_verify_exits_1_after_two_lines_are_swapped() {
    let s = three_slips();
    let mut lines = s.log_lines();
    lines.swap(1, 2);
    s.write_log_lines(&lines);
    s.run(&["slips", "verify"])
        .code(1)
        .stdout_has("FIRST BAD SLIP: slip 3 (line 2)");
}

#[test]
fn slips_verify_names_the_last_slip_when_its_verdict_is_flipped() {
    let s = three_slips();
    let mut lines = s.log_lines();
    let flipped = lines[2].replace("\"verdict\":\"ACCEPTABLE\"", "\"verdict\":\"UNACCEPTABLE\"");
    assert_ne!(flipped, lines[2]);
    lines[2] = flipped;
    s.write_log_lines(&lines);
    s.run(&["slips", "verify"])
        .code(1)
        .stdout_has("FIRST BAD SLIP: slip 3 (line 3)");
}

#[test]
fn slips_verify_notes_a_torn_last_line_and_the_next_judge_repairs_it_without_a_gap() {
    let s = three_slips();
    let whole = s.log_bytes();
    let mut torn = whole.clone();
    torn.extend_from_slice(b"{\"slip\":4,\"station\":\"st");
    fs::write(s.log(), &torn).unwrap();

    s.run(&["slips", "verify"])
        .code(0)
        .stdout_has("note: the last line is incomplete (23 bytes")
        .stdout_has("3 record(s); numbering, seals and chain intact");
    // Reading the log does not repair it; the next adjudication does.
    s.run(&["slips", "list"]).code(0);
    assert_eq!(s.log_bytes(), torn);

    s.judge(&["ZEBRA"]).code(0).stdout_has("slip 4 ·");
    let bytes = s.log_bytes();
    assert!(bytes.starts_with(&whole) && bytes.ends_with(b"\n"));
    let numbers: Vec<u64> = s
        .slips()
        .iter()
        .map(|r| r["slip"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
    let run = s.run(&["slips", "verify"]).code(0);
    assert!(!run.stdout.contains("incomplete"), "{}", run.stdout);
    assert!(run.stdout.contains("4 record(s)"), "{}", run.stdout);
}

#[test]
fn judge_warns_when_the_head_file_was_deleted_and_slips_verify_keeps_saying_so() {
    let s = three_slips();
    let mut head = s.log().into_os_string();
    head.push(".head");
    fs::remove_file(&head).unwrap();
    s.run(&["slips", "verify"])
        .code(1)
        .stdout_has("is missing, though the log holds 3 record(s)");
    s.judge(&["ZEBRA"])
        .code(0)
        .stdout_has("slip 4 ·")
        .stderr_has("wordjudge: warning: the head file")
        .stderr_has("up to slip 3 cannot be ruled out");
    s.judge(&["ZEBRA"]).code(0).stdout_has("slip 5 ·");
    s.run(&["slips", "verify"]).code(1).stdout_has(
        "5 record(s); numbering, seals and chain intact, but when the log ended at slip 3",
    );
}

/// Regression: an earlier `load_tail` skipped an empty last line and restarted at slip 1 with a
/// genesis `prev`, so the log held two slip 1s.
#[test]
fn a_blank_last_line_does_not_restart_slip_numbering() {
    let s = three_slips();
    let mut bytes = s.log_bytes();
    bytes.push(b'\n');
    fs::write(s.log(), &bytes).unwrap();
    s.run(&["slips", "verify"])
        .code(1)
        .stdout_has("FIRST BAD SLIP: an unreadable record (line 4)");
    let run = s.judge(&["ZEBRA"]);
    // Either refuse to append (exit 3, as for any unreadable last record) or continue at slip 4;
    // never a second slip 1.
    assert!(
        run.code == 3 || run.stdout.contains("slip 4 ·"),
        "exit {}\n{}",
        run.code,
        run.stdout
    );
    let ones = s
        .log_lines()
        .iter()
        .filter(|l| l.starts_with("{\"slip\":1,"))
        .count();
    assert_eq!(ones, 1, "two records numbered 1");
}

#[test]
fn an_unreadable_last_record_stops_judge_from_appending_with_exit_3() {
    let s = three_slips();
    let mut lines = s.log_lines();
    lines[2] = "{\"slip\": oops}".to_owned();
    s.write_log_lines(&lines);
    let before = s.log_bytes();
    let run = s
        .judge(&["QI"])
        .code(3)
        .stderr_has("line 3 is not a slip record");
    assert_eq!(run.first_line(), "ACCEPTABLE");
    assert_eq!(s.log_bytes(), before);
    s.run(&["slips", "verify"])
        .code(1)
        .stdout_has("FIRST BAD SLIP: an unreadable record (line 3)");
}

#[test]
fn an_unreadable_last_record_of_a_long_log_is_named_by_its_real_line_number() {
    let s = three_slips();
    // Over 64 KiB of records (copies: only the last line is read before appending), then garbage.
    let first = s.log_lines()[0].clone();
    let mut lines = vec![first; 65 * 1024 / 500 + 50];
    let garbage_line = lines.len() + 1;
    lines.push("{\"slip\": oops}".to_owned());
    s.write_log_lines(&lines);
    assert!(s.log_bytes().len() > 64 * 1024);
    let before = s.log_bytes();
    let run = s.judge(&["QI"]).code(3);
    assert_eq!(run.first_line(), "ACCEPTABLE");
    assert_eq!(s.log_bytes(), before, "nothing appended");
    assert!(
        run.stderr
            .contains(&format!("line {garbage_line} is not a slip record")),
        "the unreadable record is line {garbage_line}:\n{}",
        run.stderr
    );
}

// ---------------------------------------------------------------------------------------------
// slips recheck.

#[test]
fn slips_recheck_with_unchanged_lexicons_exits_0() {
    let s = Station::nsa();
    s.judge_all(&[&["QI"], &[MISSING], &[TEN]]);
    s.run(&["rejudge", "2"]).code(0);
    let run = s.run(&["slips", "recheck"]).code(0);
    // Every slip, second opinions included.
    assert_eq!(
        run.stdout,
        "4 of 4 slip(s) rechecked (1 second opinion(s), each with its division's second-opinion lexicons), 0 differ\n"
    );
}

/// Issue 26: `slips recheck` left second opinions out without saying so; a second opinion that
/// today's lexicons would judge otherwise went unlisted.
#[test]
fn slips_recheck_rechecks_second_opinions_too() {
    let s = Station::simple();
    s.judge_all(&[&["OK"], &["CAT"]]);
    s.run(&["rejudge", "1"]).code(0);
    s.add_lexicon("TWL", &["QI", "ZA", "CAT", "EDUCATION", "OK"]);
    let run = s.run(&["slips", "recheck"]).code(1);
    assert_eq!(
        run.stdout,
        "slip 1 (director): recorded UNACCEPTABLE, now ACCEPTABLE\n\
         slip 3 (second-opinion): recorded UNACCEPTABLE, now ACCEPTABLE\n\
         3 of 3 slip(s) rechecked (1 second opinion(s), each with its division's second-opinion lexicons), 2 differ\n"
    );
}

#[test]
fn slips_recheck_lists_slips_whose_verdict_changes_after_the_lexicon_is_replaced() {
    let s = Station::simple();
    s.judge_all(&[&["OK"], &["CAT"], &["ZEBRA"]]);
    let log = s.log_bytes();
    // A new OWL: OK added, ZEBRA gone.
    s.add_lexicon("TWL", &["QI", "ZA", "CAT", "EDUCATION", "OK"]);
    let run = s.run(&["slips", "recheck"]).code(1);
    assert_eq!(
        run.stdout,
        "slip 1 (director): recorded UNACCEPTABLE, now ACCEPTABLE\n\
         slip 3 (director): recorded ACCEPTABLE, now UNACCEPTABLE\n\
         3 of 3 slip(s) rechecked, 2 differ\n"
    );
    assert_eq!(s.log_bytes(), log, "recheck writes nothing");
    // The old slips still verify: they record the lexicon they were judged with.
    s.run(&["slips", "verify"]).code(0);
}

#[test]
fn slips_recheck_reports_slips_whose_division_is_no_longer_configured() {
    let s = Station::simple();
    common::add_division(&s.config, "juniors", "TWL");
    s.judge_all(&[&["QI"], &["--division", "juniors", "QI"]]);
    s.edit_config("[divisions.juniors]", "[divisions.youth]");
    let run = s.run(&["slips", "recheck"]).code(0);
    assert_eq!(
        run.stdout,
        "1 slip(s) not rechecked (their division is no longer configured): 2\n\
         1 of 2 slip(s) rechecked, 0 differ\n"
    );
}

// ---------------------------------------------------------------------------------------------
// rejudge.

#[test]
fn rejudge_appends_a_second_opinion_slip_referring_to_the_original_judged_by_the_second_opinion_lexicon(
) {
    let s = Station::nsa();
    s.judge_all(&[&["QI", TEN]]);
    let run = s.run(&["rejudge", "1"]).code(0);
    let nwl_short = &s.recorded_sha256("NWL")[..12];
    assert_eq!(
        run.stdout,
        format!(
            "ACCEPTABLE\nsecond opinion on slip 1, recorded as slip 2 · division nsa · lexicon NWL (SHA-256 {nwl_short}) + LL for 10+ letters\nAGREES with slip 1 (ACCEPTABLE)\n"
        )
    );

    let record = &s.slips()[1];
    assert_eq!(record["slip"], 2);
    assert_eq!(record["kind"], "second-opinion");
    assert_eq!(record["refers_to"], 1);
    assert_eq!(record["words"], serde_json::json!(["QI", "BALDERDASH"]));
    assert_eq!(record["prev"], sha2_hex(s.log_lines()[0].as_bytes()));

    let run = s.run(&["slips", "show", "2"]).code(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines.contains(&"kind       second-opinion"),
        "{}",
        run.stdout
    );
    assert!(lines.contains(&"refers to  slip 1"), "{}", run.stdout);
    assert!(
        lines.contains(&format!("lexicons   NWL {}", s.recorded_sha256("NWL")).as_str()),
        "judged with the second-opinion lexicon:\n{}",
        run.stdout
    );
    assert!(
        lines.contains(&format!("           LL {}", s.recorded_sha256("LL")).as_str()),
        "the chain still applies:\n{}",
        run.stdout
    );
    assert!(!run.stdout.contains("TWL"), "{}", run.stdout);
    s.run(&["slips", "list"])
        .code(0)
        .stdout_has("second-opinion of 1");
    s.run(&["slips", "verify"]).code(0);
}

#[test]
fn rejudge_that_differs_says_the_director_decides_and_exits_1() {
    let s = Station::nsa();
    s.judge_all(&[&["ok"]]); // not in OWL, but in NWL
    let run = s.run(&["rejudge", "1", "--explain"]).code(1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "ACCEPTABLE");
    assert!(lines[1].starts_with("second opinion on slip 1, recorded as slip 2 ·"));
    assert_eq!(
        lines[2],
        "VERDICTS DIFFER — the director decides (slip 1 was UNACCEPTABLE)"
    );
    assert_eq!(lines[3], "director's detail (never shown to players):");
    assert_eq!(
        lines[4].split_whitespace().collect::<Vec<_>>(),
        ["OK", "acceptable", "(in", "NWL)"]
    );
    let record = &s.slips()[1];
    assert_eq!(record["verdict"], "ACCEPTABLE");
    assert_eq!(record["refers_to"], 1);
}

#[test]
fn rejudge_without_a_second_opinion_lexicon_uses_the_division_rules() {
    let s = Station::with_lexicons(&[("TWL", OWL), ("LL", LL)]);
    s.append(
        "\n[divisions.nsa]\nprimary = \"TWL\"\nfallback = [{ lexicon = \"LL\", min_length = 10 }]\n",
    );
    s.judge_all(&[&[NINE]]);
    s.run(&["rejudge", "1"])
        .code(0)
        .stdout_has("lexicon TWL (SHA-256")
        .stdout_has("AGREES with slip 1 (UNACCEPTABLE)");
    let codes: Vec<String> = s.slips()[1]["lexicons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["code"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(codes, ["TWL", "LL"]);
}

#[test]
fn rejudge_of_an_unknown_slip_exits_2_and_writes_nothing() {
    let s = Station::nsa();
    s.judge_all(&[&["QI"]]);
    let before = s.log_bytes();
    let run = s
        .run(&["rejudge", "7"])
        .code(2)
        .stderr_has("there is no slip 7 in ");
    assert_eq!(run.stdout, "");
    assert_eq!(s.log_bytes(), before);
}

#[test]
fn rejudge_when_the_slips_division_was_removed_exits_2_naming_it() {
    let s = Station::nsa();
    s.judge_all(&[&["QI"]]);
    let before = s.log_bytes();
    s.edit_config("[divisions.nsa]", "[divisions.open]");
    let run = s
        .run(&["rejudge", "1"])
        .code(2)
        .stderr_has("no division \"nsa\"")
        .stderr_has("(divisions: open)");
    assert_eq!(run.stdout, "");
    assert_eq!(s.log_bytes(), before);
}

#[test]
fn rejudge_with_a_slip_log_that_cannot_be_read_exits_2() {
    let s = Station::nsa();
    s.station_setting("slip_log = \"gone/slips.jsonl\"");
    let run = s
        .run(&["rejudge", "1"])
        .code(2)
        .stderr_has("gone/slips.jsonl");
    assert_eq!(run.stdout, "");
}

// ---------------------------------------------------------------------------------------------
// config check.

#[test]
fn config_check_of_a_good_station_prints_an_ok_summary_noting_no_pin_and_exits_0() {
    let s = Station::nsa();
    let run = s.run(&["config", "check"]).code(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "{}: OK — station station-1, 3 lexicon(s), 1 division(s), slip log {}",
            s.config.display(),
            s.log().display()
        )
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("note: no director PIN is set")),
        "{}",
        run.stdout
    );
    // A second-opinion lexicon of another list, acknowledged: config check says what it means.
    assert!(
        lines.iter().any(|l| l.starts_with(
            "note: division nsa: first opinions are judged with TWL, second opinions with NWL"
        )),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("wordjudge pin set"));
}

#[test]
fn config_check_lists_every_problem_with_line_and_column_and_exits_1() {
    let s = Station::nsa();
    s.append(
        "\n[divisions.bad]\nprimary = \"NOPE\"\nfallback = [{ lexicon = \"ALSO_NOPE\", min_length = 1 }]\n",
    );
    fs::remove_file(s.path("lexicons/NWL.fst")).unwrap();
    let text = s.config_text();
    let run = s.run(&["config", "check"]).code(1);
    let c = s.config.display().to_string();

    let primary = line_of(&text, "primary = \"NOPE\"");
    let chain = line_of(&text, "ALSO_NOPE");
    let file = line_of(&text, "file = \"lexicons/NWL.fst\"");
    let expected = [
        format!(
            "{c}:{primary}:{}: division bad: primary lexicon \"NOPE\" is not configured (configured: TWL, LL, NWL)",
            column_of(&text, primary, "\"NOPE\"")
        ),
        format!(
            "{c}:{chain}:{}: division bad: fallback lexicon \"ALSO_NOPE\" is not configured (configured: TWL, LL, NWL)",
            column_of(&text, chain, "\"ALSO_NOPE\"")
        ),
        format!(
            "{c}:{chain}:{}: division bad: min_length must be 2 to 15 letters, not 1",
            column_of(&text, chain, "1 }")
        ),
        format!(
            "{c}:{file}:{}: lexicon NWL: file {} does not exist (compile it with `wordjudge lexicon add NWL SOURCE`)",
            column_of(&text, file, "\"lexicons/NWL.fst\""),
            s.path("lexicons/NWL.fst").display()
        ),
        format!("4 problem(s) in {c}"),
    ];
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn config_check_with_only_a_missing_lexicon_file_lists_it_and_exits_1() {
    let s = Station::nsa();
    fs::remove_file(s.path("lexicons/LL.fst")).unwrap();
    let text = s.config_text();
    let line = line_of(&text, "file = \"lexicons/LL.fst\"");
    s.run(&["config", "check"])
        .code(1)
        .stdout_has(&format!(
            "{}:{line}:8: lexicon LL: file ",
            s.config.display()
        ))
        .stdout_has("1 problem(s) in");
}

#[test]
fn config_check_reports_a_chain_entry_without_min_length_with_line_and_column() {
    let s = Station::with_lexicons(&[("TWL", OWL), ("LL", LL)]);
    s.append("\n[divisions.nsa]\nprimary = \"TWL\"\nfallback = [{ lexicon = \"LL\" }]\n");
    let text = s.config_text();
    let line = line_of(&text, "fallback = [{ lexicon = \"LL\" }]");
    let run = s.run(&["config", "check"]).code(1);
    assert_eq!(
        run.stdout,
        format!(
            "{c}:{line}:13: missing field `min_length`\n1 problem(s) in {c}\n",
            c = s.config.display()
        )
    );
    // Judging refuses the configuration the same way.
    s.judge(&["QI"])
        .code(2)
        .stderr_has(&format!("{line}:13: missing field `min_length`"));
}

#[test]
fn config_check_reports_a_duplicate_division_with_its_line() {
    let s = Station::nsa();
    common::add_division(&s.config, "nsa", "NWL");
    let text = s.config_text();
    let second = text
        .lines()
        .enumerate()
        .filter(|(_, l)| *l == "[divisions.nsa]")
        .map(|(i, _)| i + 1)
        .nth(1)
        .expect("two [divisions.nsa] headers");
    let run = s.run(&["config", "check"]).code(1);
    let first = run.stdout.lines().next().unwrap();
    assert!(
        first.starts_with(&format!("{}:{second}:1: ", s.config.display())),
        "{}",
        run.stdout
    );
    assert!(first.contains("duplicate key `nsa`"), "{first}");
}

// ---------------------------------------------------------------------------------------------
// pin set.

fn stored_pin(s: &Station) -> String {
    let table: toml::Table = s.config_text().parse().unwrap();
    table["station"]["director_pin"]
        .as_str()
        .expect("director_pin stored")
        .to_owned()
}

#[test]
fn pin_set_stores_a_salted_hash_and_keeps_the_comments() {
    let s = Station::nsa();
    let before = s.config_text();
    assert!(before.contains("# Printed on every slip"));
    s.run_with_stdin(&["pin", "set"], "2468\n")
        .code(0)
        .stdout_has("Director PIN set in ");
    let after = s.config_text();
    let pin_lines: Vec<&str> = after
        .lines()
        .filter(|l| l.starts_with("director_pin = "))
        .collect();
    assert_eq!(pin_lines.len(), 1, "{after}");
    // Everything else — comments included — is exactly as it was.
    let rest: Vec<&str> = after
        .lines()
        .filter(|l| !l.starts_with("director_pin = "))
        .collect();
    assert_eq!(rest, before.lines().collect::<Vec<_>>());

    let stored = stored_pin(&s);
    // An Argon2id password hash (PHC string): $argon2id$v=19$m=…,t=…,p=…$SALT$HASH.
    let parts: Vec<&str> = stored.split('$').collect();
    assert_eq!(parts.len(), 6, "{stored}");
    assert_eq!(
        (parts[0], parts[1], parts[2]),
        ("", "argon2id", "v=19"),
        "{stored}"
    );
    assert_eq!(parts[4].len(), 22, "16-byte salt in base64: {stored}");
    assert_eq!(parts[5].len(), 43, "32-byte hash in base64: {stored}");
    // Checked with the argon2 crate directly, not the program's code; the PIN is not stored.
    use argon2::password_hash::{PasswordHash, PasswordVerifier};
    let phc = PasswordHash::new(&stored).unwrap();
    assert!(argon2::Argon2::default()
        .verify_password(b"2468", &phc)
        .is_ok());
    assert!(argon2::Argon2::default()
        .verify_password(b"2469", &phc)
        .is_err());
    assert!(!after.contains("2468"));
    let hash: wordjudge::config::PinHash = stored.parse().unwrap();
    assert!(hash.matches("2468") && !hash.matches("2469"));

    let run = s.run(&["config", "check"]).code(0);
    assert!(!run.stdout.contains("no director PIN"), "{}", run.stdout);
}

#[test]
fn pin_set_refuses_a_pin_that_is_not_4_to_12_digits_and_changes_nothing() {
    let s = Station::nsa();
    let before = s.config_text();
    for pin in ["12\n", "1234567890123\n", "12a4\n", "\n"] {
        let run = s
            .run_with_stdin(&["pin", "set"], pin)
            .code(2)
            .stderr_has("4 to 12 digits");
        assert_eq!(run.stdout, "", "{pin:?}");
        assert_eq!(s.config_text(), before, "{pin:?}");
    }
}

#[test]
fn pin_set_with_empty_stdin_exits_2_and_changes_nothing() {
    let s = Station::nsa();
    let before = s.config_text();
    let run = s
        .run_with_stdin(&["pin", "set"], "")
        .code(2)
        .stderr_has("no PIN on standard input");
    assert_eq!(run.stdout, "");
    assert_eq!(s.config_text(), before);
}

#[test]
fn pin_set_again_changes_the_stored_value_and_config_check_still_passes() {
    let s = Station::nsa();
    s.run_with_stdin(&["pin", "set"], "2468\n").code(0);
    let first = stored_pin(&s);
    // The same PIN again: a new salt, so a new stored value.
    s.run_with_stdin(&["pin", "set"], "2468\n").code(0);
    let second = stored_pin(&s);
    assert_ne!(first, second);
    assert_ne!(
        first.split('$').nth(4),
        second.split('$').nth(4),
        "another salt"
    );
    s.run_with_stdin(&["pin", "set"], "13579\n").code(0);
    let third = stored_pin(&s);
    let hash: wordjudge::config::PinHash = third.parse().unwrap();
    assert!(hash.matches("13579") && !hash.matches("2468"));
    assert_eq!(s.config_text().matches("director_pin").count(), 1);
    s.run(&["config", "check"]).code(0);
    s.judge(&["QI"]).code(0);
}

#[test]
fn pin_set_with_a_missing_configuration_exits_2_and_creates_nothing() {
    let s = Station::empty();
    s.run_with_stdin(&["pin", "set"], "2468\n")
        .code(2)
        .stderr_has("cannot read configuration");
    assert!(!s.config.exists());
}

#[test]
fn pin_set_can_replace_a_malformed_director_pin() {
    let s = Station::nsa();
    s.station_setting("director_pin = \"hunter2\"");
    s.run(&["config", "check"])
        .code(1)
        .stdout_has("director_pin must be written by `wordjudge pin set`")
        .stdout_has("set it again");
    s.run_with_stdin(&["pin", "set"], "2468\n").code(0);
    let hash: wordjudge::config::PinHash = stored_pin(&s).parse().unwrap();
    assert!(hash.matches("2468"));
    s.run(&["config", "check"]).code(0);
}
