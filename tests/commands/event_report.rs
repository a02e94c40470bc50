//! The event report (`wordjudge::merge::report::html`) over real slip logs: three stations write
//! their logs through the `Adjudicator`, one log is then tampered with, a copy and a missing file
//! are given too, and the page made from the merge is parsed as HTML and checked — the counts
//! and rates per round, station and division, the differing second opinion, the logs that were
//! not merged, the chart, escaping, and that no per-word finding shows.

use crate::common;

use common::lexicon;
use std::path::{Path, PathBuf};

use scraper::{ElementRef, Html, Selector};
use tempfile::TempDir;

use wordjudge::lexicon::judge::{Challenge, Division, Rules, Verdict};
use wordjudge::merge::report;
use wordjudge::merge::{merge, Given, LogStatus, Merged, Proof, RECHALLENGE_MINUTES};
use wordjudge::sliplog::adjudicate::Adjudicator;
use wordjudge::sliplog::{self, Slip, SlipKind, SlipLog};

/// A division's name that would run as a script if the report did not escape it. (A station id
/// can no longer be one: `slips merge` refuses a log whose records carry an id the id rule does
/// not allow, issue 37 — the report escapes division names, words and ids alike.)
const HOSTILE: &str = "<script>alert(1)</script>";
const TITLE: &str = "Club <b>Open</b> & Co";
const EVENT: &str = "fp-2026-open";
/// Lexicon codes: they are in every slip's `detail` (`found_in`), which the report never shows.
const PRIMARY: &str = "PRIMLEX";
const SECOND: &str = "SECLEX";
/// The chart's bar colours (crates/merge/src/report/chart.rs), as plotters writes them.
const GREEN: &str = "#2E7D32";
const RED: &str = "#C62828";

/// "main", whose second opinion also accepts OK, and "youth", with one set of rules.
fn divisions() -> (Division, Division) {
    let words = ["QI", "ZA", "ZO", "CAT"];
    let mut main = Division::new("main", Rules::new(lexicon(PRIMARY, &words), vec![]));
    main.second_opinion = Some(Rules::new(
        lexicon(SECOND, &["QI", "ZA", "ZO", "CAT", "OK"]),
        vec![],
    ));
    let youth = Division::new(HOSTILE, Rules::new(lexicon(PRIMARY, &words), vec![]));
    (main, youth)
}

fn challenge(words: &[&str]) -> Challenge {
    Challenge::parse(words, 8).unwrap()
}

/// Judges `words` and returns the slip written.
fn judge(a: &mut Adjudicator, d: &Division, words: &[&str], kind: SlipKind, table: u32) -> Slip {
    let adjudication = a.adjudicate_at(d, &challenge(words), kind, Some(table));
    adjudication.slip.unwrap().unwrap()
}

struct Event {
    _dir: TempDir,
    paths: Vec<PathBuf>,
    /// Station A-1's slip 5 (OK, unacceptable) and its second opinion (acceptable).
    differing: (Slip, Slip),
}

/// Per round, counting challenges only (not the director's slip or second opinions):
/// round 1: CAT ✓, QI ✓, CAT DOG ✗; round 2: OK ✗, ZA ✓, DOG ✗; no round: CAT ✓, QI ✓.
/// Station C-3's five acceptable challenges in round 1 are in a tampered log, so not counted.
fn event() -> Event {
    let dir = tempfile::tempdir().unwrap();
    let (main, youth) = divisions();
    let log = |name: &str| dir.path().join(name);
    let station = |id: &str, name: &str| {
        Adjudicator::new(id, Some(SlipLog::new(log(name)))).with_event(Some(EVENT.into()))
    };

    let mut a = station("A-1", "a.jsonl");
    a.set_round(Some(1));
    judge(&mut a, &main, &["CAT"], SlipKind::Challenge, 5);
    judge(&mut a, &main, &["QI"], SlipKind::Challenge, 6);
    judge(&mut a, &main, &["CAT", "DOG"], SlipKind::Challenge, 7);
    judge(&mut a, &main, &["DOG"], SlipKind::Director, 7);
    a.set_round(Some(2));
    let ok = judge(&mut a, &main, &["OK"], SlipKind::Challenge, 12);
    let second = a.second_opinion(&main, &challenge(&["OK"]), &ok).unwrap();
    assert!(!second.agrees());
    let second = second.adjudication.slip.unwrap().unwrap();
    judge(&mut a, &main, &["ZA"], SlipKind::Challenge, 13);

    let mut b = station("B-2", "b.jsonl");
    b.set_round(Some(2));
    judge(&mut b, &youth, &["DOG"], SlipKind::Challenge, 3);
    b.set_round(None);
    let cat = judge(&mut b, &youth, &["CAT"], SlipKind::Challenge, 4);
    judge(&mut b, &youth, &["QI"], SlipKind::Challenge, 4);
    let agrees = b
        .second_opinion(&youth, &challenge(&["CAT"]), &cat)
        .unwrap();
    assert!(agrees.agrees());

    let mut c = station("C-3", "c.jsonl");
    c.set_round(Some(1));
    for word in ["QI", "ZA", "ZO", "QI", "ZA"] {
        judge(&mut c, &main, &[word], SlipKind::Challenge, 9);
    }
    tamper(&log("c.jsonl"));

    let copy = log("a-copy.jsonl");
    std::fs::copy(log("a.jsonl"), &copy).unwrap();
    std::fs::copy(
        sliplog::head_path(&log("a.jsonl")),
        sliplog::head_path(&copy),
    )
    .unwrap();

    let paths = vec![
        log("a.jsonl"),
        log("b.jsonl"),
        log("c.jsonl"),
        copy,
        log("missing.jsonl"),
    ];
    Event {
        _dir: dir,
        paths,
        differing: (ok, second),
    }
}

/// Changes slip 2's word, ZA, to ZO, leaving its seal as it was.
fn tamper(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    assert!(lines[1].contains("\"words\":[\"ZA\"]"), "{}", lines[1]);
    lines[1] = lines[1].replace("\"words\":[\"ZA\"]", "\"words\":[\"ZO\"]");
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

fn select<'a>(doc: &'a Html, css: &str) -> Vec<ElementRef<'a>> {
    doc.select(&Selector::parse(css).unwrap()).collect()
}

fn text(e: &ElementRef) -> String {
    e.text().collect::<String>().trim().to_owned()
}

/// The cells' text of each row `css` selects.
fn rows(doc: &Html, css: &str) -> Vec<Vec<String>> {
    let cell = Selector::parse("th, td").unwrap();
    select(doc, css)
        .iter()
        .map(|row| row.select(&cell).map(|c| text(&c)).collect())
        .collect()
}

fn row(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// The merge of `paths` (every slip handed out kept), its report and the report parsed.
fn report_of(paths: &[PathBuf]) -> (Merged, Vec<Slip>, String, Html) {
    let given: Vec<Given> = paths.iter().cloned().map(Given::Log).collect();
    let mut slips = Vec::new();
    let zone = wordjudge::base::clock::zone_named("Europe/Paris").unwrap();
    let merged = merge::<()>(
        &given,
        &Proof::default(),
        RECHALLENGE_MINUTES,
        &zone,
        |_, m| {
            slips.push(m.slip.clone());
            Ok(())
        },
    )
    .unwrap();
    let page = report::html(&merged, TITLE);
    let doc = Html::parse_document(&page);
    (merged, slips, page, doc)
}

#[test]
fn the_report_counts_verified_logs_and_warns_of_the_rest() {
    let event = event();
    let (merged, _, _, doc) = report_of(&event.paths);
    let statuses: Vec<&LogStatus> = merged.logs.iter().map(|l| &l.status).collect();
    assert!(
        matches!(statuses[2], LogStatus::NotVerified(_)),
        "{statuses:?}"
    );
    assert!(
        matches!(statuses[4], LogStatus::Unreadable(_)),
        "{statuses:?}"
    );

    assert_eq!(
        rows(&doc, "#by-round tbody tr"),
        [
            row(&["1", "3", "2", "1", "66.7%"]),
            row(&["2", "3", "1", "2", "33.3%"]),
            row(&["no round", "2", "2", "0", "100.0%"]),
        ]
    );
    assert_eq!(
        rows(&doc, "#by-round tfoot tr"),
        [row(&["All", "8", "5", "3", "62.5%"])]
    );
    assert_eq!(
        rows(&doc, "#by-station tbody tr"),
        [
            row(&["A-1", "5", "3", "2", "60.0%"]),
            row(&["B-2", "3", "2", "1", "66.7%"]),
        ]
    );
    assert_eq!(
        rows(&doc, "#by-division tbody tr"),
        [
            row(&[HOSTILE, "3", "2", "1", "66.7%"]),
            row(&["main", "5", "3", "2", "60.0%"]),
        ]
    );

    let logs = rows(&doc, "#logs tbody tr");
    let status: Vec<&str> = logs.iter().map(|r| r[7].as_str()).collect();
    assert_eq!(status.len(), 5, "{logs:?}");
    assert_eq!(&status[..2], ["verified", "verified"]);
    assert!(
        status[2].starts_with("NOT VERIFIED — first bad slip: slip 2"),
        "{}",
        status[2]
    );
    assert_eq!(
        status[3],
        format!("same log as {}", event.paths[0].display())
    );
    assert!(status[4].starts_with("unreadable — "), "{}", status[4]);
    assert_eq!(logs[2][0], event.paths[2].display().to_string());
    assert_eq!(logs[2][2], "C-3");
    assert_eq!(logs[2][3], "5");
    assert_eq!(logs[2][4], "0", "none of it merged");
    assert_eq!(logs[1][2], "B-2");
    assert_eq!(select(&doc, "#logs tr.bad").len(), 2);

    let warning = select(&doc, "#not-merged");
    assert_eq!(warning.len(), 1);
    let warning = text(&warning[0]);
    assert!(warning.contains("NOT MERGED"), "{warning}");
    assert!(warning.contains("2 of 5 logs"), "{warning}");

    // Logs that all verify: no warning.
    let (_, _, _, clean) = report_of(&event.paths[..2]);
    assert!(select(&clean, "#not-merged").is_empty());
    assert!(select(&clean, ".warning").is_empty());
    assert_eq!(rows(&clean, "#logs tbody tr").len(), 2);
}

#[test]
fn the_differing_second_opinion_is_listed_with_both_verdicts() {
    let event = event();
    let (_, _, _, doc) = report_of(&event.paths);
    let (original, second) = &event.differing;
    assert_eq!(original.verdict, Verdict::Unacceptable);
    assert_eq!(
        rows(&doc, "#differing tbody tr"),
        [row(&[
            "A-1",
            &original.slip.to_string(),
            "UNACCEPTABLE",
            &second.slip.to_string(),
            "ACCEPTABLE",
            "2",
            "12",
            "main",
            "OK",
        ])]
    );
    let summary = text(&select(&doc, "#second-opinions")[0]);
    assert!(
        summary.starts_with("2 second opinions; 1 differs"),
        "{summary}"
    );
}

/// The bars of one colour, as (x, height), left to right.
fn bars(doc: &Html, fill: &str) -> Vec<(i32, i32)> {
    let mut bars: Vec<(i32, i32)> = select(doc, "#chart svg rect")
        .iter()
        .filter(|r| r.value().attr("fill") == Some(fill))
        .map(|r| {
            let number = |name| r.value().attr(name).unwrap().parse::<i32>().unwrap();
            (number("x"), number("height"))
        })
        .collect();
    bars.sort();
    bars
}

#[test]
fn the_chart_has_a_bar_per_round_in_proportion() {
    let event = event();
    let (_, _, _, doc) = report_of(&event.paths);
    assert_eq!(select(&doc, "#chart svg").len(), 1);
    assert!(select(&doc, "#chart-failed").is_empty());
    // Acceptable per round 2, 1, 2; unacceptable 1, 2 and none.
    let green = bars(&doc, GREEN);
    let red = bars(&doc, RED);
    assert_eq!(green.len(), 3, "{green:?}");
    assert_eq!(red.len(), 2, "{red:?}");
    let one = green[1].1;
    assert!(one > 10, "{green:?}");
    // Pixel edges are rounded: a height may be off by one at each end.
    let near = |a: i32, b: i32| (a - b).abs() <= 2;
    assert!(
        near(green[0].1, 2 * one) && near(green[2].1, 2 * one),
        "{green:?}"
    );
    assert!(near(red[0].1, one) && near(red[1].1, 2 * one), "{red:?}");
    // Each round's two parts share a column.
    assert_eq!((red[0].0, red[1].0), (green[0].0, green[1].0));
    let labels: Vec<String> = select(&doc, "#chart svg text").iter().map(text).collect();
    for label in ["1", "2", "no round"] {
        assert!(labels.iter().any(|l| l == label), "{label}: {labels:?}");
    }
}

#[test]
fn strings_from_slips_and_the_title_are_escaped() {
    let event = event();
    let (_, _, page, doc) = report_of(&event.paths);
    assert!(select(&doc, "script").is_empty());
    assert!(select(&doc, "h1 b").is_empty());
    assert_eq!(text(&select(&doc, "h1")[0]), TITLE);
    assert_eq!(text(&select(&doc, "title")[0]), TITLE);
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    let fingerprints: Vec<String> = select(&doc, ".fingerprint").iter().map(text).collect();
    assert_eq!(fingerprints, [EVENT]);
}

#[test]
fn no_per_word_finding_is_shown() {
    let event = event();
    let (_, slips, page, doc) = report_of(&event.paths);
    let all_text: String = doc.root_element().text().collect();
    for code in [PRIMARY, SECOND] {
        assert!(!page.contains(code), "{code} in the page");
    }
    assert!(!page.contains("found_in") && !page.contains("\"acceptable\""));
    assert!(!slips.is_empty());
    for slip in &slips {
        for finding in &slip.detail {
            let json = serde_json::to_string(finding).unwrap();
            assert!(!page.contains(&json), "{json}");
        }
    }
    // Words appear only in the lists of whole plays (the differing second opinion's row, the
    // new challenges on part of a failed play, which since issue 37 are found across tables),
    // never marked one by one.
    let mut rest = all_text.clone();
    for list in ["#rechallenge-list", "#differing"] {
        for e in select(&doc, list) {
            let t: String = e.text().collect();
            rest = rest.replace(&t, "");
        }
    }
    assert!(!rest.contains("DOG"), "{rest}");
    assert!(!rest.contains("CAT"), "{rest}");
}

#[test]
fn an_empty_merge_makes_a_page_without_a_chart() {
    let page = report::html(&Merged::default(), "Nothing yet");
    let doc = Html::parse_document(&page);
    assert_eq!(select(&doc, "#no-challenges").len(), 1);
    assert_eq!(select(&doc, "#no-logs").len(), 1);
    assert!(select(&doc, "svg").is_empty());
    assert!(select(&doc, "#by-round").is_empty());
    let summary = text(&select(&doc, "#second-opinions")[0]);
    assert!(
        summary.starts_with("0 second opinions; 0 differ"),
        "{summary}"
    );
}

/// The report's headings and captions in the director's language (`slips merge --language`):
/// the same report, the same tables, and the page says its language.
#[test]
fn the_reports_headings_and_captions_are_in_the_language_asked() {
    use wordjudge::lang::Language;
    let event = event();
    let (merged, _, english, _) = report_of(&event.paths);
    let polish = report::html_in(&merged, TITLE, Language::Pl);
    let doc = Html::parse_document(&polish);
    let headings: Vec<String> = select(&doc, "h2").iter().map(text).collect();
    assert!(
        headings.contains(&"Dzienniki kartek".to_owned()),
        "{headings:?}"
    );
    assert!(
        headings.contains(&"Drugie opinie".to_owned()),
        "{headings:?}"
    );
    assert!(!headings.contains(&"Slip logs".to_owned()), "{headings:?}");
    let captions: Vec<String> = select(&doc, "caption").iter().map(text).collect();
    assert!(
        captions.contains(&"Sprawdzenia według rund".to_owned()),
        "{captions:?}"
    );
    assert!(polish.contains("<html lang=\"pl\">"));
    assert!(english.contains("<html lang=\"en\">") && english.contains("<h2>Slip logs</h2>"));
    // Every table and row is there as in English.
    let english_doc = Html::parse_document(&english);
    for table in [
        "#logs",
        "#by-round",
        "#by-station",
        "#by-division",
        "#differing",
    ] {
        let css = format!("{table} tbody tr");
        assert_eq!(rows(&doc, &css), rows(&english_doc, &css), "{table}");
    }
}
