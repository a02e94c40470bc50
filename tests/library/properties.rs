//! Reliability, part 3 (RELIABILITY.md): property tests over everything that takes input from a
//! person or a file — the word normaliser, the station's state machine, the configuration parser,
//! the slip-log reader, the KWG reader and the text (Zyzzyva, plain) reader.
//!
//! A small number of cases in CI; `WORDJUDGE_FULL=1` runs 1,000,000 cases of each (RELIABILITY.md
//! says how, and how long). `PROPTEST_CASES=N` overrides both.
//!
//! Every run prints its seed; `WORDJUDGE_SEED=N` (or `PROPTEST_RNG_SEED=N`) replays it exactly.
//! CI fixes the seed (`.ci/run`), so its cases are the same on every run.

use crate::common;

use common::lexicon;

use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::test_runner::{
    Config as ProptestConfig, FileFailurePersistence, RngSeed, TestCaseResult, TestRunner,
};

use wordjudge::base::digest::Digest;
use wordjudge::config::{Config, ConfigError, JudgeKey, PinHash, Screen};
use wordjudge::lexicon::judge::{reveals_part_of, Challenge, Division, Rules, Verdict};
use wordjudge::lexicon::source::{self, encode_kwg, Format, Location, OnInvalid, SourceError};
use wordjudge::lexicon::word::{Word, WordError, MAX_LEN, MIN_LEN};
use wordjudge::lexicon::LoadError;
use wordjudge::protocol::{
    DirectorAction, DivisionSlot, Input, Key, KeyPress, ScreenKind, Settings, Station, View,
};
use wordjudge::sliplog::adjudicate::Adjudicator;
use wordjudge::sliplog::{self, SlipLog};

/// The seed of this run: `WORDJUDGE_SEED` or `PROPTEST_RNG_SEED` when set, else a fresh one.
/// Printed, so that a failure can be replayed with `WORDJUDGE_SEED=N`.
fn seed() -> u64 {
    static SEED: OnceLock<u64> = OnceLock::new();
    *SEED.get_or_init(|| {
        let given = ["WORDJUDGE_SEED", "PROPTEST_RNG_SEED"]
            .iter()
            .find_map(|v| std::env::var(v).ok()?.parse().ok());
        let seed = given.unwrap_or_else(|| {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            nanos ^ u64::from(std::process::id()).rotate_left(32)
        });
        eprintln!("properties: seed {seed} (replay with WORDJUDGE_SEED={seed})");
        seed
    })
}

fn cases(short: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(if common::full() { 1_000_000 } else { short });
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed()),
        source_file: Some(file!()),
        // A failure is written down beside this file, so it is replayed first next time.
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    }
}

/// An independent model of a word (not the `Word::parse` under test): 2 to 15 ASCII letters
/// once surrounding ASCII whitespace is removed.
fn is_word(text: &str) -> bool {
    let t = text.trim_matches(|c: char| c.is_ascii_whitespace());
    (MIN_LEN..=MAX_LEN).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_alphabetic())
}

// ---------------------------------------------------------------------------------------------
// The word normaliser.

proptest! {
    #![proptest_config(cases(2_000))]

    #[test]
    fn the_normaliser_accepts_exactly_2_to_15_ascii_letters_and_upper_cases_them(
        bytes in prop::collection::vec(any::<u8>(), 0..24)
    ) {
        let trimmed = bytes.trim_ascii();
        let is_word = (MIN_LEN..=MAX_LEN).contains(&trimmed.len())
            && trimmed.iter().all(u8::is_ascii_alphabetic);
        match Word::from_bytes(&bytes) {
            Ok(w) => {
                prop_assert!(is_word);
                let upper = trimmed.to_ascii_uppercase();
                prop_assert_eq!(w.as_bytes(), upper.as_slice());
            }
            Err(e) => {
                prop_assert!(!is_word);
                let expected_kind = if trimmed.is_empty() {
                    matches!(e, WordError::Empty)
                } else if !trimmed.iter().all(u8::is_ascii_alphabetic) {
                    matches!(e, WordError::NotALetter(_))
                } else if trimmed.len() < MIN_LEN {
                    e == WordError::TooShort(trimmed.len())
                } else {
                    e == WordError::TooLong(trimmed.len())
                };
                prop_assert!(expected_kind, "{:?} for {:?}", e, bytes);
            }
        }
    }

    #[test]
    fn a_challenge_is_parsed_only_when_every_word_is_a_word(
        words in prop::collection::vec("[a-zA-Z0-9 '-]{0,17}", 0..10)
    ) {
        let all_words = !words.is_empty() && words.len() <= 8 && words.iter().all(|w| is_word(w));
        prop_assert_eq!(Challenge::parse(&words, 8).is_ok(), all_words);
    }
}

// ---------------------------------------------------------------------------------------------
// The station: random sequences of keys, JUDGE, touches, time passing, PINs and director actions.

/// The hand-over pause (`[screen] handover_seconds`, by default).
const HANDOVER: f64 = 1.0;

/// Words that appear in no fixed text of any screen, so finding one there would be disclosure.
const POOL: [&str; 8] = ["QI", "ZA", "ZO", "QOPH", "ZZZ", "XU", "CWM", "JINX"];
/// In the verified division's lexicon (and in the second-opinion one, which adds JINX).
const LEXICON: [&str; 4] = ["QI", "ZA", "ZO", "CWM"];
const PIN: &str = "2468";

fn division() -> Division {
    static DIVISION: OnceLock<Division> = OnceLock::new();
    DIVISION
        .get_or_init(|| {
            let mut d = Division::new("good", Rules::new(lexicon("GOOD", &LEXICON), vec![]));
            let mut second = LEXICON.to_vec();
            second.push("JINX");
            d.second_opinion = Some(Rules::new(lexicon("SECOND", &second), vec![]));
            d
        })
        .clone()
}

fn pin() -> PinHash {
    static PIN_HASH: OnceLock<PinHash> = OnceLock::new();
    PIN_HASH.get_or_init(|| PinHash::new(PIN).unwrap()).clone()
}

/// A station with a verified division and one whose lexicon failed verification.
fn station(log: &Path, count_first: bool, tab_judges: bool) -> Station {
    let screen = Screen {
        count_first,
        judge_keys: if tab_judges {
            vec![JudgeKey::Tab]
        } else {
            vec![]
        },
        ..Screen::default()
    };
    let settings = Settings {
        director_language: wordjudge::lang::Language::En,
        zone: wordjudge::base::clock::TimeZone::UTC,
        screen,
        max_words: 8,
        pin: Some(pin()),
        division: None,
        event: None,
        reach: wordjudge::protocol::Reach::Clock,
    };
    let good = DivisionSlot {
        language: wordjudge::lang::Language::En,
        name: "good".into(),
        label: "Good division".into(),
        header: "GOOD · test list · not a published edition".into(),
        second_header: "GOOD · test list · not a published edition".into(),
        state: Ok(division()),
    };
    let broken = DivisionSlot {
        language: wordjudge::lang::Language::En,
        name: "broken".into(),
        label: "Broken division".into(),
        header: String::new(),
        second_header: String::new(),
        state: Err(LoadError::HashMismatch {
            code: "BAD".into(),
            path: "bad.fst".into(),
            expected: Digest::of(b"recorded"),
            found: Digest::of(b"found"),
        }
        .into()),
    };
    Station::new(
        settings,
        vec![good, broken],
        Adjudicator::new("prop", Some(SlipLog::new(log))),
    )
}

/// Where the station's slip log is, for one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LogKind {
    /// A log that works.
    Good,
    /// In a folder that does not exist: every write fails.
    MissingFolder,
    /// `/dev/full`: refused as not a regular file.
    DevFull,
    /// In a folder that `Step::BreakLog` moves away and `Step::MendLog` puts back.
    Breakable,
}

impl LogKind {
    fn path(self, dir: &Path) -> std::path::PathBuf {
        match self {
            LogKind::Good => dir.join("slips.jsonl"),
            LogKind::MissingFolder => dir.join("missing/slips.jsonl"),
            LogKind::DevFull => "/dev/full".into(),
            LogKind::Breakable => dir.join("logs/slips.jsonl"),
        }
    }
}

/// How a play ends: the challenger hands over (Enter or DONE) or not, then JUDGE (Tab or the
/// button).
#[derive(Debug, Clone, Copy)]
enum JudgeBy {
    Tab,
    Button,
    /// Tab in the same burst as the hand-over, before the hand-over pause: must judge nothing.
    Burst,
}

#[derive(Debug, Clone, Copy)]
enum HandOver {
    Enter,
    Done,
    /// The challenger does not hand over: JUDGE must then judge nothing.
    Not,
}

#[derive(Debug, Clone)]
enum Step {
    Key(KeyPress),
    Word(usize),
    /// A whole challenge, as a pair of players makes one: the division when it is asked for (the
    /// in-service one nine times in ten), the count when it is asked for, the words, JUDGE.
    Play {
        division: usize,
        words: Vec<usize>,
        hand_over: HandOver,
        judge: JudgeBy,
    },
    Input(Input),
    Wait(f64),
    Pin(bool),
    /// The slip log's folder disappears (a USB stick pulled, a disk unmounted) / comes back.
    BreakLog,
    MendLog,
    /// SECOND OPINION on the verdict shown, its words typed again: exactly, in another order,
    /// one fewer, or one changed (the last two must judge nothing).
    Retype(Retype),
}

#[derive(Debug, Clone, Copy)]
enum Retype {
    Exact,
    Reversed,
    Fewer,
    Changed,
}

fn key() -> impl Strategy<Value = Key> {
    prop_oneof![
        4 => prop::char::range('a', 'z').prop_map(Key::Char),
        2 => prop::char::range('0', '9').prop_map(Key::Char),
        1 => prop::sample::select(vec!['A', 'Q', ',', '#', 'é', '!', '\u{0}', 'Ж']).prop_map(Key::Char),
        2 => Just(Key::Space),
        1 => Just(Key::Enter),
        2 => Just(Key::Tab),
        1 => Just(Key::Backspace),
        1 => Just(Key::Escape),
        1 => Just(Key::SecondOpinion),
        1 => Just(Key::Other),
    ]
}

fn play() -> impl Strategy<Value = Step> {
    (
        prop_oneof![9 => Just(0usize), 1 => Just(1usize)],
        prop::collection::vec(0..POOL.len(), 1..=4),
        prop_oneof![8 => Just(HandOver::Enter), 3 => Just(HandOver::Done), 1 => Just(HandOver::Not)],
        prop_oneof![4 => Just(JudgeBy::Tab), 2 => Just(JudgeBy::Button), 1 => Just(JudgeBy::Burst)],
    )
        .prop_map(|(division, words, hand_over, judge)| Step::Play {
            division,
            words,
            hand_over,
            judge,
        })
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        10 => play(),
        4 => (
            key(),
            prop::bool::weighted(0.05),
            prop::bool::weighted(0.05),
            prop::bool::weighted(0.05),
            prop::bool::weighted(0.1)
        )
            .prop_map(|(key, ctrl, alt, logo, repeat)| Step::Key(KeyPress { key, ctrl, alt, logo, repeat })),
        2 => (0..POOL.len()).prop_map(Step::Word),
        1 => Just(Step::Input(Input::JudgeButton)),
        1 => (0..3usize).prop_map(|i| Step::Input(Input::ChooseDivision(i))),
        1 => (0..10usize).prop_map(|n| Step::Input(Input::ChooseCount(n))),
        2 => Just(Step::Input(Input::SecondOpinion)),
        1 => Just(Step::Input(Input::DirectorChord)),
        1 => prop_oneof![
            Just(DirectorAction::ChoosePin),
            (0..3usize).prop_map(DirectorAction::PinDivision),
            Just(DirectorAction::Unpin),
            Just(DirectorAction::SlipDetail),
            Just(DirectorAction::AcknowledgeAlert),
            Just(DirectorAction::Reload),
            Just(DirectorAction::ShowAbout),
            Just(DirectorAction::AllowWaiting),
            Just(DirectorAction::Confirm),
            Just(DirectorAction::Back),
            Just(DirectorAction::ExitStation),
        ].prop_map(|a| Step::Input(Input::Director(a))),
        3 => prop_oneof![0.0..1.0f64, 0.0..20.0, 0.0..70.0].prop_map(Step::Wait),
        1 => prop::bool::ANY.prop_map(Step::Pin),
        1 => Just(Step::BreakLog),
        1 => Just(Step::MendLog),
        3 => prop_oneof![
            3 => Just(Retype::Exact),
            1 => Just(Retype::Reversed),
            1 => Just(Retype::Fewer),
            1 => Just(Retype::Changed),
        ].prop_map(Step::Retype),
    ]
}

fn press(station: &mut Station, key: Key, now: f64) {
    station.handle(Input::Key(KeyPress::plain(key)), now);
}

/// Every string a player screen shows, other than the words being typed or echoed.
fn shown_text(v: &View) -> String {
    format!(
        "{}\n{}\n{}\n{}\n{}",
        v.title,
        v.detail,
        v.hint,
        v.banner,
        v.choices.join("\n")
    )
}

fn player_screen(s: &ScreenKind) -> bool {
    !matches!(
        s,
        ScreenKind::Director | ScreenKind::About | ScreenKind::Pin
    )
}

/// The verdict the rules give `words`, decided here without the program's lexicons or rules:
/// acceptable only if every word is in the list (the second-opinion list adds JINX).
fn expected_verdict(words: &[String], second_opinion: bool) -> Verdict {
    let acceptable =
        |w: &String| LEXICON.contains(&w.as_str()) || (second_opinion && w.as_str() == "JINX");
    if words.iter().all(acceptable) {
        Verdict::Acceptable
    } else {
        Verdict::Unacceptable
    }
}

/// How far one case got: what the property's checks were applied to.
#[derive(Debug, Default, Clone, Copy)]
struct Reach {
    verdicts: usize,
    multi_word: usize,
    mixed: usize,
    unacceptable: usize,
    log_failed: usize,
    second_opinions: usize,
    differ: usize,
}

impl Reach {
    fn add(&mut self, other: Reach) {
        self.verdicts += other.verdicts;
        self.multi_word += other.multi_word;
        self.mixed += other.mixed;
        self.unacceptable += other.unacceptable;
        self.log_failed += other.log_failed;
        self.second_opinions += other.second_opinions;
        self.differ += other.differ;
    }
}

/// Plays `steps` at a station and checks, after every step: no verdict without its slip (or,
/// when the log fails, without the banner), every verdict the one the words deserve, whatever
/// happens to the log; slips added one at a time, only for the verified division; no per-word
/// disclosure on a player screen; nothing to judge when out of service.
fn station_case(
    steps: &[Step],
    count_first: bool,
    tab_judges: bool,
    log_kind: LogKind,
    reach: &mut Reach,
) -> TestCaseResult {
    let dir = tempfile::tempdir().unwrap();
    if log_kind == LogKind::Breakable {
        std::fs::create_dir(dir.path().join("logs")).unwrap();
    }
    let log = log_kind.path(dir.path());
    let mut s = station(&log, count_first, tab_judges);
    let mut now = 0.0;
    let mut last_slip = 0u64;
    let mut shown: Option<View> = None;
    // The words of every slip judged, by number.
    let mut slip_words: std::collections::HashMap<u64, Vec<String>> = Default::default();
    // Every play judged UNACCEPTABLE (by either opinion), with when.
    let mut failed_plays: Vec<(f64, Vec<String>)> = Vec::new();
    // The director confirmed something (which may have let a refused challenge through).
    let mut director_confirmed = false;
    // The players' entry (behind any director screen) was handed over to the challenged player.
    let mut handed_over_behind = false;
    for step in steps {
        let before = s.view(now);
        director_confirmed |= match step {
            Step::Input(Input::Director(DirectorAction::Confirm)) => true,
            Step::Key(k) => k.key == Key::Enter && before.screen == ScreenKind::Director,
            _ => false,
        };
        match step {
            Step::Key(k) => s.handle(Input::Key(*k), now),
            Step::Word(i) => {
                for c in POOL[*i].chars() {
                    press(&mut s, Key::Char(c.to_ascii_lowercase()), now);
                }
                press(&mut s, Key::Space, now);
            }
            Step::Play {
                division,
                words,
                hand_over,
                judge,
            } => {
                if s.view(now).screen == ScreenKind::ChooseDivision {
                    let digit = char::from_digit(*division as u32 + 1, 10).unwrap();
                    press(&mut s, Key::Char(digit), now);
                }
                if s.view(now).screen == ScreenKind::Count {
                    press(
                        &mut s,
                        Key::Char(char::from_digit(words.len() as u32, 10).unwrap()),
                        now,
                    );
                }
                for (n, &i) in words.iter().enumerate() {
                    if n > 0 {
                        press(&mut s, Key::Space, now);
                    }
                    for c in POOL[i].chars() {
                        press(&mut s, Key::Char(c.to_ascii_lowercase()), now);
                    }
                }
                match hand_over {
                    HandOver::Enter => press(&mut s, Key::Enter, now),
                    HandOver::Done => s.handle(Input::Done, now),
                    HandOver::Not => {}
                }
                if !matches!(judge, JudgeBy::Burst) {
                    // The challenged player takes the station: the hand-over pause.
                    now += HANDOVER;
                    s.handle(Input::Tick, now);
                }
                match judge {
                    JudgeBy::Tab | JudgeBy::Burst => press(&mut s, Key::Tab, now),
                    JudgeBy::Button => s.handle(Input::JudgeButton, now),
                }
            }
            Step::Input(e) => s.handle(e.clone(), now),
            Step::Wait(t) => {
                now += t;
                s.handle(Input::Tick, now);
            }
            Step::Pin(right) => {
                for c in (if *right { PIN } else { "1357" }).chars() {
                    press(&mut s, Key::Char(c), now);
                }
                press(&mut s, Key::Enter, now);
            }
            Step::BreakLog if log_kind == LogKind::Breakable => {
                let _ = std::fs::rename(dir.path().join("logs"), dir.path().join("gone"));
            }
            Step::MendLog if log_kind == LogKind::Breakable => {
                let _ = std::fs::rename(dir.path().join("gone"), dir.path().join("logs"));
            }
            Step::BreakLog | Step::MendLog => {}
            Step::Retype(how) => {
                let on_verdict = s.view(now);
                s.handle(Input::SecondOpinion, now);
                if on_verdict.screen == ScreenKind::Verdict {
                    let mut words = on_verdict.words.clone();
                    match how {
                        Retype::Exact => {}
                        Retype::Reversed => words.reverse(),
                        Retype::Fewer if words.len() > 1 => {
                            words.pop();
                        }
                        Retype::Fewer => words.push("ZA".into()),
                        Retype::Changed => {
                            words[0] = if words[0] == "QI" { "ZO" } else { "QI" }.into()
                        }
                    }
                    if s.view(now).screen == ScreenKind::Count {
                        press(
                            &mut s,
                            Key::Char(char::from_digit(words.len() as u32, 10).unwrap()),
                            now,
                        );
                    }
                    let typed = words.join(" ").to_lowercase();
                    for c in typed.chars().chain(['\n']) {
                        press(&mut s, Key::for_char(c), now);
                    }
                    now += HANDOVER;
                    s.handle(Input::Tick, now);
                    press(&mut s, Key::Tab, now);
                }
            }
        }
        let v = s.view(now);
        let log_last = sliplog::read(&log)
            .ok()
            .and_then(|c| c.slips.last().cloned());

        // Every verdict is the one its words deserve, whatever became of its slip; a verdict
        // shown with a slip number has that slip in the log, with the same words and verdict;
        // one shown without has the slip-log banner over it.
        // A verdict is fresh when another verdict shows than before (a hint added to the same
        // verdict is not a new one).
        let verdict_of = |v: &View| {
            (
                v.screen.clone(),
                v.slip,
                v.verdict,
                v.words.clone(),
                v.detail.clone(),
            )
        };
        let fresh = shown.as_ref().map(verdict_of) != Some(verdict_of(&v));
        // Only the challenged player judges: a verdict appears only at a JUDGE (the button, or
        // Tab when it is a judge key), never at a key the challenger types with.
        if fresh && matches!(v.screen, ScreenKind::Verdict | ScreenKind::VerdictsDiffer) {
            let judged = match step {
                Step::Key(k) => k.key == Key::Tab && !k.ctrl && !k.alt && !k.repeat && tab_judges,
                Step::Input(Input::JudgeButton) => true,
                Step::Play {
                    judge: JudgeBy::Button,
                    ..
                } => true,
                Step::Play {
                    judge: JudgeBy::Tab,
                    ..
                }
                | Step::Retype(_) => tab_judges,
                // Tab in the same burst as the hand-over judges nothing; it may judge words
                // handed over in an earlier step (behind the PIN prompt, say), whose pause is over.
                Step::Play {
                    judge: JudgeBy::Burst,
                    ..
                } => tab_judges && handed_over_behind,
                _ => false,
            };
            prop_assert!(judged, "a verdict appeared after {:?}", step);
            // A new challenge never tells which part of a play judged UNACCEPTABLE here in the
            // last `second_opinion_minutes` failed, unless the director let it through.
            if !v.detail.starts_with("second opinion") && !director_confirmed {
                for (at, failed) in &failed_plays {
                    // What every player knows of it: whether its two-letter words were good.
                    let publics_good = failed
                        .iter()
                        .filter(|w| w.chars().count() <= 2)
                        .all(|w| LEXICON.contains(&w.as_str()));
                    prop_assert!(
                        now - at > 15.0 * 60.0 || !reveals_part_of(&v.words, failed, publics_good),
                        "{:?} judged {} s after the failed play {:?}",
                        v.words,
                        now - at,
                        failed
                    );
                }
            }
        }
        if v.screen == ScreenKind::Verdict {
            let second = v.detail.starts_with("second opinion on slip");
            let expected = expected_verdict(&v.words, second);
            prop_assert_eq!(v.verdict, Some(expected), "the verdict of {:?}", v.words);
            match v.slip {
                // (Checked as the verdict appears: the log's folder may go away later.)
                Some(slip) if fresh => {
                    prop_assert!(log_last.is_some(), "a verdict's slip is in the log");
                    let record = log_last.clone().unwrap();
                    prop_assert_eq!(slip, record.slip);
                    prop_assert_eq!(&record.words, &v.words);
                    prop_assert_eq!(Some(record.verdict), v.verdict);
                }
                Some(_) => {}
                None => {
                    prop_assert!(log_kind != LogKind::Good, "a working log failed");
                    prop_assert!(
                        v.banner.starts_with("Slip log failed — call the director"),
                        "a verdict without its slip has the banner: {:?}",
                        v.banner
                    );
                }
            }
            if fresh {
                // A second opinion is always on exactly its slip's words (SA 13.5).
                if let Some(n) = v
                    .detail
                    .strip_prefix("second opinion on slip ")
                    .and_then(|d| d.split(':').next()?.parse::<u64>().ok())
                {
                    let mut of_slip = slip_words.get(&n).cloned().unwrap_or_default();
                    let mut shown_words = v.words.clone();
                    of_slip.sort();
                    shown_words.sort();
                    prop_assert_eq!(shown_words, of_slip, "second opinion on slip {}", n);
                }
                reach.verdicts += 1;
                let words = &v.words;
                reach.multi_word += usize::from(words.len() > 1);
                let good = words
                    .iter()
                    .filter(|w| {
                        expected_verdict(std::slice::from_ref(w), second) == Verdict::Acceptable
                    })
                    .count();
                reach.mixed += usize::from(good > 0 && good < words.len());
                reach.unacceptable += usize::from(expected == Verdict::Unacceptable);
                reach.log_failed += usize::from(v.slip.is_none());
                reach.second_opinions += usize::from(second);
            }
        }
        match v.screen {
            ScreenKind::Pin | ScreenKind::Director | ScreenKind::About => {}
            ScreenKind::Entry => handed_over_behind = v.title.starts_with("CHALLENGED PLAYER"),
            _ => handed_over_behind = false,
        }
        if fresh
            && matches!(v.screen, ScreenKind::Verdict | ScreenKind::VerdictsDiffer)
            && (v.verdict == Some(Verdict::Unacceptable)
                || expected_verdict(&v.words, false) == Verdict::Unacceptable)
        {
            failed_plays.push((now, v.words.clone()));
        }
        if v.screen == ScreenKind::VerdictsDiffer {
            prop_assert!(v.verdict.is_none(), "no verdict when two differ");
            reach.differ += usize::from(fresh);
        }
        // Slips are only ever added, one at a time, only for the verified division, each with
        // the verdict its words deserve.
        if let Some(record) = &log_last {
            prop_assert!(
                record.slip == last_slip || record.slip == last_slip + 1,
                "slip {} after {}",
                record.slip,
                last_slip
            );
            if record.slip != last_slip {
                slip_words.insert(record.slip, record.words.clone());
                prop_assert_eq!(&record.division, "good", "judged in an unverified division");
                let second = record.kind == wordjudge::sliplog::SlipKind::SecondOpinion;
                prop_assert_eq!(
                    record.verdict,
                    expected_verdict(&record.words, second),
                    "the verdict is the lexicon's"
                );
                last_slip = record.slip;
            }
        }
        // Never per-word disclosure: no player screen carries director detail or names a word
        // outside the words typed or echoed.
        if player_screen(&v.screen) {
            prop_assert!(v.director_lines.is_empty());
            // (Paths in the slip-log banner are the test's own random folder names, which may
            // hold any two letters: they are left out.)
            let text = shown_text(&v).replace(&dir.path().display().to_string(), "<dir>");
            for w in POOL {
                prop_assert!(!text.contains(w), "{:?} shows {}: {}", v.screen, w, text);
            }
        }
        // An out-of-service division shows nothing to judge.
        if v.screen == ScreenKind::OutOfService {
            prop_assert!(v.verdict.is_none() && v.words.is_empty() && !v.ready);
        }
        shown = Some(v);
    }
    Ok(())
}

#[test]
fn the_station_never_shows_a_verdict_without_its_slip_never_a_wrong_verdict_never_names_a_word_and_never_judges_an_unverified_division(
) {
    let config = cases(150);
    let cases = config.cases;
    let mut runner = TestRunner::new(config);
    let strategy = (
        prop::collection::vec(step(), 1..60),
        prop::bool::ANY,
        prop::bool::weighted(0.8),
        prop_oneof![
            6 => Just(LogKind::Good),
            1 => Just(LogKind::MissingFolder),
            1 => Just(LogKind::DevFull),
            2 => Just(LogKind::Breakable),
        ],
    );
    let total = std::cell::RefCell::new(Reach::default());
    let reached = std::cell::Cell::new(0usize);
    let failing_log_cases = std::cell::Cell::new(0usize);
    let result = runner.run(&strategy, |(steps, count_first, tab_judges, log_kind)| {
        let mut reach = Reach::default();
        let result = station_case(&steps, count_first, tab_judges, log_kind, &mut reach);
        total.borrow_mut().add(reach);
        reached.set(reached.get() + usize::from(reach.verdicts > 0));
        failing_log_cases.set(failing_log_cases.get() + usize::from(reach.log_failed > 0));
        result
    });
    if let Err(e) = result {
        panic!(
            "{e}\n(seed {}: replay with WORDJUDGE_SEED={})",
            seed(),
            seed()
        );
    }
    let t = total.into_inner();
    // Shrinking runs cases again; the figures are of every case run, at least `cases`.
    println!(
        "RELIABILITY: station property: {cases} cases (seed {}); {} reached a verdict, {} with the slip log failing; {} verdicts in all: {} of several words, {} mixing acceptable and unacceptable words, {} unacceptable, {} with the slip log failing, {} second opinions; {} VERDICTS DIFFER",
        seed(),
        reached.get(),
        failing_log_cases.get(),
        t.verdicts,
        t.multi_word,
        t.mixed,
        t.unacceptable,
        t.log_failed,
        t.second_opinions,
        t.differ,
    );
    // The generators must reach the checks: a change that stops them doing so fails here.
    // (Half, not more: over a pool of eight words, the re-challenge guard rightly refuses many
    // random plays that share a word with one judged UNACCEPTABLE a moment before; 89 to 119
    // of 150 cases reach a verdict.)
    assert!(
        reached.get() * 2 >= cases as usize,
        "too few cases reached a verdict: {t:?}"
    );
    for (what, n) in [
        ("several words", t.multi_word),
        ("mixed words", t.mixed),
        ("a failing log", t.log_failed),
        ("second opinions", t.second_opinions),
    ] {
        assert!(
            n * 40 >= cases as usize,
            "too few verdicts with {what}: {t:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The configuration parser.

fn demo_config_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| std::fs::read_to_string(common::root().join("kiosk.toml")).unwrap())
}

/// A folder with the demo lexicon, where mutated configurations are checked.
fn config_dir() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(common::demo_station).path()
}

#[derive(Debug, Clone)]
enum Edit {
    DeleteLine(usize),
    DuplicateLine(usize),
    InsertLine(usize, String),
    ReplaceChar(usize, char),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let toml_bits = prop::sample::select(vec![
        "[station]",
        "[screen]",
        "[divisions.x]",
        "[lexicons.DEMO]",
        "[[x]]",
        "id = 3",
        "primary = \"NOPE\"",
        "max_words = 99",
        "max_words = 0",
        "count_first = \"yes\"",
        "verdict_clear_seconds = -1",
        "verdict_clear_seconds = nan",
        "judge_keys = [\"F13\"]",
        "fallback = [{ lexicon = \"DEMO\" }]",
        "second_opinion = \"DEMO\"",
        "sha256 = \"zz\"",
        "words = 18446744073709551615",
        "file = \"/dev/null\"",
        "file = \"../../etc/passwd\"",
        "director_pin = \"sha256$$\"",
        "\"",
        "= = =",
        "a.b.c = 1",
        "slip_log = \"\"",
        "idle_wipe_seconds = 1e400",
        "title = \"\u{202e}evil\"",
    ])
    .prop_map(String::from);
    prop_oneof![
        (0..60usize).prop_map(Edit::DeleteLine),
        (0..60usize).prop_map(Edit::DuplicateLine),
        (0..60usize, prop_oneof![toml_bits, "[ -~]{0,30}"])
            .prop_map(|(i, l)| Edit::InsertLine(i, l)),
        (0..4000usize, any::<char>()).prop_map(|(i, c)| Edit::ReplaceChar(i, c)),
        (0..4000usize).prop_map(Edit::Truncate),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    for e in edits {
        match e {
            Edit::DeleteLine(i) if !lines.is_empty() => {
                let i = i % lines.len();
                lines.remove(i);
            }
            Edit::DuplicateLine(i) if !lines.is_empty() => {
                let i = i % lines.len();
                lines.insert(i, lines[i].clone());
            }
            Edit::InsertLine(i, l) => lines.insert(i % (lines.len() + 1), l.clone()),
            Edit::ReplaceChar(i, c) => {
                let mut all: Vec<char> = lines.join("\n").chars().collect();
                if !all.is_empty() {
                    let i = i % all.len();
                    all[i] = *c;
                }
                lines = all
                    .into_iter()
                    .collect::<String>()
                    .lines()
                    .map(String::from)
                    .collect();
            }
            Edit::Truncate(n) => {
                let all: String = lines.join("\n").chars().take(*n).collect();
                lines = all.lines().map(String::from).collect();
            }
            _ => {}
        }
    }
    lines.join("\n")
}

proptest! {
    #![proptest_config(cases(400))]

    #[test]
    fn a_broken_configuration_is_an_error_naming_line_and_column_never_a_panic(
        edits in prop::collection::vec(edit(), 0..6)
    ) {
        let text = apply(demo_config_text(), &edits);
        let path = config_dir().join("kiosk.toml");
        let lines = text.lines().count().max(1);
        match Config::parse(&path, &text) {
            Ok(config) => {
                // (No division is allowed: `lexicon add` writes such a file; the station then
                // shows OUT OF SERVICE.)
                prop_assert!((1..=8).contains(&config.station.max_words));
                for d in config.divisions.values() {
                    prop_assert!(config.lexicons.contains_key(&d.primary));
                }
            }
            Err(ConfigError::Invalid { problems, .. }) => {
                prop_assert!(!problems.is_empty());
                for p in &problems {
                    prop_assert!(p.line >= 1 && p.line <= lines + 1, "line {} of {}", p.line, lines);
                    prop_assert!(p.column >= 1);
                    prop_assert!(!p.message.is_empty());
                }
            }
            Err(other) => prop_assert!(false, "unexpected error: {}", other),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The slip-log reader.

/// What the slip-log property does to the head file.
#[derive(Debug, Clone)]
enum HeadDamage {
    Deleted,
    Emptied,
    Flip(prop::sample::Index, u8),
    /// The head names this slip number (any `u64`), with its hash left as it was.
    Slip(u64),
}

fn valid_log() -> &'static (Vec<u8>, Vec<u8>) {
    static LOG: OnceLock<(Vec<u8>, Vec<u8>)> = OnceLock::new();
    LOG.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("slips.jsonl");
        let mut s = station(&log, true, true);
        let mut now = 0.0;
        // "1" first each time: the division (every pair chooses; the second is out of service).
        for play in ["12qi za\n\t", "11qoph\n\t", "13cwm zo xu\n\t", "11jinx\n\t"] {
            for c in play.chars() {
                press(&mut s, Key::for_char(c), now);
            }
            now += 1.0;
            press(&mut s, Key::Space, now);
        }
        (
            std::fs::read(&log).unwrap(),
            std::fs::read(sliplog::head_path(&log)).unwrap(),
        )
    })
}

proptest! {
    #![proptest_config(cases(400))]

    #[test]
    fn any_bytes_as_a_slip_log_are_read_and_verified_without_panic_and_appending_keeps_it_sound(
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..8),
        cut in prop::option::of(any::<prop::sample::Index>()),
        noise in prop::option::of(prop::collection::vec(any::<u8>(), 0..200)),
        head_damage in prop::option::of(prop_oneof![
            Just(HeadDamage::Deleted),
            Just(HeadDamage::Emptied),
            (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(at, b)| HeadDamage::Flip(at, b)),
            any::<u64>().prop_map(HeadDamage::Slip),
        ]),
    ) {
        let (log_bytes, head) = valid_log();
        let mut bytes = log_bytes.clone();
        for (at, b) in &flips {
            let i = at.index(bytes.len());
            bytes[i] = *b;
        }
        if let Some(cut) = cut {
            bytes.truncate(cut.index(bytes.len() + 1));
        }
        if let Some(noise) = noise {
            bytes = noise;
        }
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("slips.jsonl");
        std::fs::write(&log, &bytes).unwrap();
        let head_file = sliplog::head_path(&log);
        let mut head = head.clone();
        match &head_damage {
            None => {}
            Some(HeadDamage::Deleted) => {}
            Some(HeadDamage::Emptied) => head.clear(),
            Some(HeadDamage::Flip(at, b)) => {
                let i = at.index(head.len());
                head[i] = *b;
            }
            Some(HeadDamage::Slip(n)) => {
                let text = String::from_utf8(head.clone()).unwrap();
                let rest = &text[text.find(',').unwrap()..];
                head = format!("{{\"slip\":{n}{rest}").into_bytes();
            }
        }
        if !matches!(head_damage, Some(HeadDamage::Deleted)) {
            std::fs::write(&head_file, &head).unwrap();
        }
        let changed = bytes != *log_bytes || head != valid_log().1;
        let v = sliplog::verify(&log).unwrap();
        if !changed {
            prop_assert_eq!(&v.first_bad, &None);
        }
        let _ = sliplog::read(&log).unwrap();
        // A writer either appends a sound record after whatever is there, or refuses.
        let before = std::fs::read(&log).unwrap();
        let mut writer = SlipLog::new(&log);
        let draft = wordjudge::sliplog::SlipDraft {
            station: "prop".into(),
            game: Default::default(),
            kind: wordjudge::sliplog::SlipKind::Challenge,
            refers_to: None,
            division: "good".into(),
            lexicons: vec![],
            words: vec!["QI".into()],
            verdict: Verdict::Acceptable,
            detail: vec![],
        };
        match writer.append(draft) {
            Ok(slip) => {
                let after = sliplog::read(&log).unwrap();
                let last = after.slips.last().expect("the new record");
                prop_assert_eq!(last, &slip);
                // Whatever was wrong before is still reported; nothing new is wrong.
                let again = sliplog::verify(&log).unwrap();
                let wrong = |v: &sliplog::Verification| v.first_bad.is_some() || v.head_problem.is_some();
                if wrong(&v) {
                    prop_assert!(wrong(&again), "reported before the append: {:?}; not after: {:?}", v, again);
                } else {
                    prop_assert_eq!(again.first_bad, None);
                }
            }
            Err(_) => prop_assert_eq!(std::fs::read(&log).unwrap(), before, "a refused append changes nothing"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The KWG reader and the text reader.

fn word() -> impl Strategy<Value = Word> {
    "[A-Z]{2,15}".prop_map(|w| Word::parse(&w).unwrap())
}

proptest! {
    #![proptest_config(cases(400))]

    #[test]
    fn any_bytes_as_a_kwg_are_words_or_an_error_never_a_panic(
        nodes in prop::collection::vec(any::<u32>(), 0..64),
        flat in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        for bytes in [nodes.iter().flat_map(|n| n.to_le_bytes()).collect::<Vec<u8>>(), flat] {
            match source::read_bytes(Path::new("x.kwg"), &bytes, Format::Kwg, wordjudge::lexicon::alphabet::english(), OnInvalid::Fail) {
                Ok(entries) => prop_assert!(entries.words.windows(2).all(|w| w[0] < w[1]), "a KWG yields sorted distinct words"),
                Err(SourceError::InvalidEntry { entry, .. }) => {
                    prop_assert!(matches!(entry.location, Location::KwgNode(i) if i < bytes.len() / 4));
                }
                Err(SourceError::Kwg { .. } | SourceError::NoWords { .. }) => {}
                Err(other) => prop_assert!(false, "unexpected: {}", other),
            }
        }
    }

    #[test]
    fn every_word_list_survives_a_kwg_round_trip(
        words in prop::collection::vec(word(), 1..200)
    ) {
        let bytes = encode_kwg(&words).unwrap();
        let read = source::read_bytes(Path::new("x.kwg"), &bytes, Format::Kwg, wordjudge::lexicon::alphabet::english(), OnInvalid::Fail).unwrap();
        let mut expected = words.clone();
        expected.sort();
        expected.dedup();
        prop_assert_eq!(read.words, expected);
    }

    #[test]
    fn zyzzyva_lines_give_their_first_word_and_a_bad_entry_names_its_line(
        entries in prop::collection::vec(
            (prop_oneof![4 => "[A-Za-z]{2,15}", 1 => "[ -~]{0,20}"], "[ -~\t]{0,40}", prop::bool::ANY),
            1..60
        )
    ) {
        let mut text = String::new();
        let mut lines = Vec::new();
        for (w, definition, crlf) in &entries {
            let mut line = w.clone();
            if !definition.trim().is_empty() {
                line.push(' ');
                line.push_str(definition);
            }
            text.push_str(&line);
            text.push_str(if *crlf { "\r\n" } else { "\n" });
            lines.push(line);
        }
        // The model: a line's first whitespace-separated token, unless the line is blank or a
        // comment.
        let first_token = |line: &str| -> Option<String> {
            let t = line.trim_matches(|c: char| c.is_ascii_whitespace());
            (!t.is_empty() && !t.starts_with('#'))
                .then(|| t.split_ascii_whitespace().next().unwrap_or("").to_owned())
        };
        match source::read_bytes(Path::new("z.txt"), text.as_bytes(), Format::Zyzzyva, wordjudge::lexicon::alphabet::english(), OnInvalid::Fail) {
            Ok(read) => {
                // Every entry is there, upper case, in order.
                let expected: Vec<String> = lines.iter()
                    .filter_map(|l| first_token(l))
                    .map(|w| w.to_ascii_uppercase())
                    .collect();
                let got: Vec<String> = read.words.iter().map(|w| w.to_string()).collect();
                prop_assert_eq!(got, expected);
            }
            Err(SourceError::InvalidEntry { entry, .. }) => {
                let Location::Line(n) = entry.location else {
                    return Err(TestCaseError::fail("a text error names a line"));
                };
                prop_assert!(n >= 1 && n <= lines.len(), "line {} of {}", n, lines.len());
                let first = first_token(&lines[n - 1]).unwrap_or_default();
                prop_assert!(!is_word(&first), "line {} ({:?}) is a word", n, first);
                // And every line before it was a word, a blank or a comment.
                for l in &lines[..n - 1] {
                    prop_assert!(first_token(l).is_none_or(|t| is_word(&t)));
                }
            }
            Err(SourceError::NoWords { .. }) => {}
            Err(other) => prop_assert!(false, "unexpected: {}", other),
        }
    }

    #[test]
    fn any_bytes_as_a_word_list_are_words_or_an_error_naming_a_line(
        bytes in prop::collection::vec(any::<u8>(), 0..300),
        format in prop::sample::select(vec![Format::Auto, Format::Plain, Format::Zyzzyva]),
    ) {
        match source::read_bytes(Path::new("w.txt"), &bytes, format, wordjudge::lexicon::alphabet::english(), OnInvalid::Fail) {
            Ok(read) => prop_assert!(!read.words.is_empty()),
            Err(SourceError::InvalidEntry { entry, .. }) => match entry.location {
                // Lines end in LF, CRLF or a CR alone: at most one line more than line ends.
                Location::Line(n) => prop_assert!(
                    n >= 1 && n <= 1 + bytes.iter().filter(|&&b| b == b'\n' || b == b'\r').count()
                ),
                Location::KwgNode(i) => prop_assert!(i < bytes.len() / 4),
            },
            Err(_) => {}
        }
    }
}
