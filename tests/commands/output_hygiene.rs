//! Output hygiene (issue 27, items 12 and 13): what a log or a configuration holds reaches a
//! spreadsheet as text, never as a formula, and a terminal as visible characters, never as a
//! control sequence; one rule for station ids everywhere. Each test here failed on the code
//! before the fix (docs/history/reliability.md §9).

use crate::common;

use std::fs;
use std::path::Path;

use common::demo_station;
use wordjudge::sliplog::Slip;

fn run(dir: &Path, args: &[&str]) -> common::Run {
    common::run_in(dir, args)
}

/// Rewrites the log at `log` with `edit` applied to each record, as a forger's tool would: the
/// result verifies.
fn rewrite(log: &Path, edit: impl Fn(&mut Slip)) {
    common::forge_log(log, edit);
}

/// Every cell of `csv` (with a header row).
fn cells(csv: &str) -> Vec<String> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    reader
        .records()
        .flat_map(|r| r.unwrap().iter().map(str::to_owned).collect::<Vec<_>>())
        .collect()
}

const FORMULAS: [&str; 4] = [
    "=1+2",
    "+cmd|' /C calc'!A0",
    "@SUM(A1)",
    "=HYPERLINK(\"http://evil.example\",\"7\")",
];

/// Item 12: a station id `=HYPERLINK(...)` and words `=1+2`, `+cmd|' /C calc'!A0`, `@SUM(A1)` in a
/// forged log that verifies were written raw by `slips export --csv` and `slips merge --csv`.
#[test]
fn csv_exports_never_hand_a_spreadsheet_a_formula() {
    let dir = demo_station();
    for w in ["QI", "ZA", "CAT"] {
        run(dir.path(), &["judge", w]);
    }
    let log = dir.path().join("slips.jsonl");
    rewrite(&log, |s| match s.slip {
        1 => s.words = vec![FORMULAS[0].into()],
        2 => s.words = vec![FORMULAS[1].into(), FORMULAS[2].into()],
        _ => s.station = FORMULAS[3].into(),
    });
    assert_eq!(
        run(dir.path(), &["slips", "verify"]).code,
        0,
        "the forgery verifies"
    );
    let export = run(dir.path(), &["slips", "export", "--csv"]);
    assert_eq!(export.code, 0, "{}", export.stderr);
    // `slips merge` refuses a log whose station id is a formula (issue 37: no station id); the
    // merge's own export is checked with the formula in a word instead.
    let merged_csv = dir.path().join("merged.csv");
    let merge_args = [
        "slips",
        "merge",
        "--accept-unproven",
        "slips.jsonl",
        "--csv",
        merged_csv.to_str().unwrap(),
    ];
    let merge = run(dir.path(), &merge_args);
    assert_eq!(merge.code, 1, "{}{}", merge.stdout, merge.stderr);
    assert!(
        merge.stdout.contains("which is not a station id"),
        "{}",
        merge.stdout
    );
    rewrite(&log, |s| {
        if s.slip == 3 {
            s.station = "demo-station".into();
            s.words = vec![FORMULAS[3].into()];
        }
    });
    let merge = run(dir.path(), &merge_args);
    assert_eq!(merge.code, 0, "{}{}", merge.stdout, merge.stderr);
    for (what, csv) in [
        ("slips export", export.stdout),
        ("slips merge", fs::read_to_string(&merged_csv).unwrap()),
    ] {
        let cells = cells(&csv);
        for cell in &cells {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "{what}: {cell:?} would run in a spreadsheet"
            );
        }
        // Neutralised, not lost: each is there after an apostrophe.
        assert!(
            cells.contains(&format!("'{}", FORMULAS[0])),
            "{what}: {cells:?}"
        );
        assert!(
            cells.contains(&format!("'{} {}", FORMULAS[1], FORMULAS[2])),
            "{what}: {cells:?}"
        );
        assert!(
            cells.contains(&format!("'{}", FORMULAS[3])),
            "{what}: {cells:?}"
        );
    }
}

/// Item 13: a station id with escape sequences in a log that fails verification was printed raw
/// by `slips merge`, hiding its own "NOT VERIFIED" on a terminal; `slips list` and `show` printed
/// words and ids raw too.
#[test]
fn control_characters_from_a_log_never_reach_the_terminal() {
    let dir = demo_station();
    for w in ["QI", "ZA"] {
        run(dir.path(), &["judge", w]);
    }
    let log = dir.path().join("slips.jsonl");
    let hostile = "7\u{1b}[2K\r\u{1b}[32mall logs verified\u{1b}[0m\u{202E}";
    rewrite(&log, |s| {
        s.station = hostile.into();
        s.words = vec![format!("QI\u{1b}]0;title\u{7}")];
    });
    // (`slips merge` refuses the log since issue 37: its station id is no station id; it names
    // the id escaped all the same.)
    for (args, code) in [
        (vec!["slips", "list"], 0),
        (vec!["slips", "show", "1"], 0),
        (vec!["slips", "merge", "slips.jsonl"], 1),
    ] {
        let r = run(dir.path(), &args);
        assert_eq!(r.code, code, "{args:?}: {}", r.stderr);
        for c in ['\u{1b}', '\r', '\u{7}', '\u{202E}'] {
            assert!(
                !r.stdout.contains(c),
                "{args:?} printed U+{:04X} raw: {:?}",
                c as u32,
                r.stdout
            );
        }
        assert!(
            r.stdout.contains("\\u{001B}"),
            "{args:?}: escaped, not dropped: {}",
            r.stdout
        );
    }
    // The same log broken: the merge's NOT VERIFIED stands on its own line, unpainted.
    let text = fs::read_to_string(&log).unwrap();
    fs::write(&log, text.replacen("\"QI", "\"QJ", 1)).unwrap();
    let r = run(dir.path(), &["slips", "merge", "slips.jsonl"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let line = r.stdout.lines().next().unwrap();
    assert!(line.contains("NOT VERIFIED, NOT MERGED"), "{line}");
    assert!(line.contains("7\\u{001B}[2K\\u{000D}"), "{line}");
    assert!(!r.stdout.contains('\u{1b}'), "{:?}", r.stdout);
}

/// Item 13: `[station] id` accepted a newline, ESC, U+202E and 5,000 characters (`--station`
/// refused them); `event install --station` accepted `=HYPERLINK(...)`. One rule now, at both.
#[test]
fn one_rule_for_station_ids_in_kiosk_toml_and_at_install() {
    let dir = demo_station();
    let config = dir.path().join("kiosk.toml");
    let text = fs::read_to_string(&config).unwrap();
    let long = "x".repeat(5000);
    for (id, says) in [
        ("\"7\\nFORGED\"", "U+000A"),
        ("\"7\\u001b[2K\"", "U+001B"),
        ("\"7\\u202e\"", "U+202E"),
        (&format!("\"{long}\"")[..], "at most 40 characters"),
        ("\"=HYPERLINK(1)\"", "must begin with a letter or a digit"),
        ("\" 7\"", "must not begin or end with a space"),
        ("\"\"", "must not be empty"),
    ] {
        fs::write(
            &config,
            text.replace("id = \"demo-station\"", &format!("id = {id}")),
        )
        .unwrap();
        let r = run(dir.path(), &["config", "check"]);
        assert_eq!(r.code, 1, "{id}: problems found: {}", r.stdout);
        let all = format!("{}{}", r.stdout, r.stderr);
        assert!(all.contains(says), "{id}: {all}");
        assert!(
            all.contains("kiosk.toml:10:"),
            "{id}: the line is named: {all}"
        );
        // And the command line refuses to judge with it.
        let r = run(dir.path(), &["judge", "QI"]);
        assert_eq!(r.code, 2, "{id}: {}", r.stdout);
    }
    fs::write(
        &config,
        text.replace("id = \"demo-station\"", "id = \"hall-b-3\""),
    )
    .unwrap();
    assert_eq!(run(dir.path(), &["config", "check"]).code, 0);
    // At install, the same rule (the bundle is checked after the id, so any file will do).
    let bundle = dir.path().join("none.tar");
    fs::write(&bundle, b"").unwrap();
    for (id, says) in [
        ("=HYPERLINK(1)", "must begin with a letter or a digit"),
        ("7\u{1b}[2K", "U+001B"),
        (&long[..], "at most 40 characters"),
    ] {
        let r = run(
            dir.path(),
            &[
                "event",
                "install",
                bundle.to_str().unwrap(),
                "--station",
                id,
                "--dir",
                "st",
            ],
        );
        assert_eq!(r.code, 2, "{id}: {}", r.stdout);
        assert!(r.stderr.contains(says), "{id}: {}", r.stderr);
        assert!(!r.stderr.contains('\u{1b}'), "{:?}", r.stderr);
    }
}
