//! Reliability, part 4 (RELIABILITY.md): a long day at the station. Adjudications one after the
//! other through the station's state machine with the real, fsynced slip log, the director
//! looking in now and then: resident memory must not grow, and the figures (throughput, bytes
//! per slip) say whether the log needs rotating.
//!
//! 5,000 adjudications in CI; `WORDJUDGE_FULL=1` runs 100,000.

mod common;

use std::sync::Arc;
use std::time::Instant;

use wordjudge::config::{PinHash, Screen};
use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::judge::{Division, Rules};
use wordjudge::lexicon::word::Word;
use wordjudge::lexicon::{Expected, Lexicon};
use wordjudge::protocol::{
    DirectorAction, DivisionSlot, Input, Key, KeyPress, ScreenKind, Settings, Station,
};
use wordjudge::sliplog::adjudicate::Adjudicator;
use wordjudge::sliplog::{self, SlipLog};

const PIN: &str = "2468";

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .expect("VmRSS in /proc/self/status")
}

fn station(log: &std::path::Path) -> Station {
    let text = std::fs::read(common::root().join("lexicons/demo.txt")).unwrap();
    let words: Vec<Word> = wordjudge::lexicon::source::read_bytes(
        std::path::Path::new("demo.txt"),
        &text,
        wordjudge::lexicon::source::Format::Auto,
        wordjudge::lexicon::alphabet::english(),
        wordjudge::lexicon::source::OnInvalid::Fail,
    )
    .unwrap()
    .words;
    let c = compile(words).unwrap();
    let expected = Expected {
        sha256: c.fst_sha256,
        words: c.words,
        alphabet: c.alphabet,
    };
    let lexicon = Lexicon::from_bytes("DEMO".into(), "demo.fst".into(), c.fst, &expected).unwrap();
    let slot = DivisionSlot {
        language: wordjudge::lang::Language::En,
        name: "demo".into(),
        label: "Demo".into(),
        header: "DEMO".into(),
        second_header: "DEMO".into(),
        state: Ok(Division::new("demo", Rules::new(Arc::new(lexicon), vec![]))),
    };
    let settings = Settings {
        director_language: wordjudge::lang::Language::En,
        zone: wordjudge::base::clock::TimeZone::UTC,
        // Tables asked, as at an event: the same play at one table is a re-challenge.
        screen: Screen {
            ask_table: true,
            ..Screen::default()
        },
        max_words: 8,
        pin: Some(PinHash::new(PIN).unwrap()),
        division: None,
        event: None,
        reach: wordjudge::protocol::Reach::Clock,
    };
    Station::new(
        settings,
        vec![slot],
        Adjudicator::new("long-run", Some(SlipLog::new(log))),
    )
}

fn press(s: &mut Station, key: Key, now: f64) {
    s.handle(Input::Key(KeyPress::plain(key)), now);
}

fn typed(s: &mut Station, text: &str, now: f64) {
    for c in text.chars() {
        press(s, Key::for_char(c), now);
    }
}

const PLAYS: [&str; 5] = [
    "2cat dog\n",
    // An unacceptable play: a word of its own each time (`failing`), since the re-challenge
    // guard holds a new challenge sharing a word with a play judged UNACCEPTABLE a moment
    // before, whatever table it is typed at (issue 37).
    "",
    "1za\n",
    "8cat dog cat dog cat dog cat dog\n",
    "2quixotic zyzzyva\n",
];

/// Play `i`: one of [`PLAYS`], the unacceptable one a word no play had before.
fn play(i: usize) -> String {
    match PLAYS[i % PLAYS.len()] {
        "" => {
            let mut word = String::from("zz");
            let mut n = i;
            for _ in 0..6 {
                word.push((b'a' + (n % 26) as u8) as char);
                n /= 26;
            }
            format!("1{word}\n")
        }
        play => play.to_owned(),
    }
}

/// Tables the plays go round.
const TABLES: usize = 400;

#[test]
fn a_long_day_of_adjudications_does_not_grow_memory() {
    let total = common::scale(5_000, 100_000);
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("slips.jsonl");
    let mut s = station(&log);
    let mut now = 0.0;
    let warm_up = total / 10;
    let mut rss_after_warm_up = 0;
    let mut peak_growth = 0i64;
    let mut director_visits = 0;
    let started = Instant::now();
    let mut timed_from = started;
    for i in 1..=total {
        typed(&mut s, &format!("{}\n", i % TABLES + 1), now);
        typed(&mut s, &play(i), now);
        // The challenged player takes the station, and judges.
        now += 1.0;
        press(&mut s, Key::Tab, now);
        let v = s.view(now);
        assert_eq!(v.screen, ScreenKind::Verdict, "adjudication {i}");
        assert_eq!(v.slip, Some(i as u64), "adjudication {i} has its slip");
        now += 2.0;
        press(&mut s, Key::Space, now);
        // The director looks in every 1,000 adjudications, and once during the warm-up (checking
        // a PIN takes Argon2's working memory, once): the slip log is verified and its last
        // twenty slips read, the way director mode does.
        if i % 1_000 == 0 || i == warm_up / 2 {
            s.handle(Input::DirectorChord, now);
            typed(&mut s, PIN, now);
            press(&mut s, Key::Enter, now);
            assert_eq!(s.view(now).screen, ScreenKind::Director);
            let lines = s.view(now).director_lines;
            assert!(
                lines
                    .iter()
                    .any(|l| l.contains(&format!("{i} records, chain intact"))),
                "{lines:?}"
            );
            s.handle(Input::Director(DirectorAction::Back), now);
            // The station window hands these to the diagnostic log.
            s.take_audit();
            director_visits += 1;
        }
        if i == warm_up {
            rss_after_warm_up = rss_kib();
            timed_from = Instant::now();
        }
        if i > warm_up && i % 1_000 == 0 {
            peak_growth = peak_growth.max(rss_kib() as i64 - rss_after_warm_up as i64);
        }
    }
    let timed = timed_from.elapsed();
    let growth = rss_kib() as i64 - rss_after_warm_up as i64;
    let bytes = std::fs::metadata(&log).unwrap().len();
    let v = sliplog::verify(&log).unwrap();
    assert_eq!((v.records, v.first_bad.is_none()), (total, true));
    let per_second = (total - warm_up) as f64 / timed.as_secs_f64();
    println!(
        "RELIABILITY: long run: {total} adjudications through the station state machine with the fsynced slip log ({director_visits} director visits, each verifying the whole log); {per_second:.0} adjudications/s after warm-up; resident memory after {warm_up}: {rss_after_warm_up} KiB, growth to the end {growth} KiB (largest {peak_growth} KiB; limit 2048); log {bytes} bytes, {} bytes per slip; verified",
        bytes / total as u64
    );
    assert!(
        peak_growth < 2048,
        "resident memory grew by {peak_growth} KiB over {} adjudications",
        total - warm_up
    );
}
