//! The durable slip log on this machine's disk:
//! - one adjudication with its fsynced slip write: median and 99th percentile over 1,000;
//! - re-judging a 10,000-slip log against the current lexicons (read, parse, judge every slip):
//!   target ≤ 1 s.
//!
//! Run: `cargo bench --bench slip_log`. The log is written in a temporary directory on the same
//! file system as the system's temporary directory (set TMPDIR to measure another disk).

mod common;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::judge::{Challenge, Division, Rules};
use wordjudge::lexicon::{Expected, Lexicon};
use wordjudge::sliplog::adjudicate::{recheck, Adjudicator};
use wordjudge::sliplog::{self, SlipKind, SlipLog};

const TIMED: usize = 1_000;
const LOG_SLIPS: usize = 10_000;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let Some(words) = common::words(200_000) else {
        return;
    };
    let c = compile(words.clone()).expect("compiles");
    let expected = Expected {
        sha256: c.fst_sha256,
        words: c.words,
        alphabet: c.alphabet,
    };
    let lexicon = Lexicon::from_bytes("MAIN".into(), PathBuf::from("mem"), c.fst, &expected)
        .expect("verifies");
    let division = Division::new("main", Rules::new(Arc::new(lexicon), vec![]));
    let plays: Vec<Challenge> = words
        .chunks(3)
        .take(LOG_SLIPS)
        .map(|w| Challenge::from_words(w.to_vec()).expect("words"))
        .collect();

    // The same measurements with records unsigned (as before issue 37) and signed with a station
    // key (Ed25519 over each record's seal), one after the other in the same run.
    let mut failed = false;
    for key in [None, Some(sliplog::signature::StationKey::generate())] {
        failed |= one_log(&division, &plays, key);
    }
    if failed {
        std::process::exit(1);
    }
}

/// Writes and reads a log of [`LOG_SLIPS`] slips signed with `key` (or not); whether the re-judging
/// target was missed.
fn one_log(
    division: &Division,
    plays: &[Challenge],
    key: Option<sliplog::signature::StationKey>,
) -> bool {
    let signed = if key.is_some() { "signed" } else { "unsigned" };
    println!("== records {signed}");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("slips.jsonl");
    let mut adjudicator = Adjudicator::new("bench", Some(SlipLog::new(&path).signed_by(key)));

    // Adjudication + fsynced slip, one at a time, as the station does it.
    let mut times = Vec::with_capacity(TIMED);
    for play in plays.iter().take(TIMED) {
        let start = Instant::now();
        let result = adjudicator.adjudicate(division, play, SlipKind::Challenge);
        times.push(start.elapsed());
        result.slip.expect("slip written");
    }
    times.sort();
    println!(
        "adjudication with fsynced slip write, {TIMED} in a row, {}:",
        dir.path().display()
    );
    println!(
        "  median {:.3} ms   p90 {:.3} ms   p99 {:.3} ms   max {:.3} ms",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.9)),
        ms(percentile(&times, 0.99)),
        ms(times[times.len() - 1])
    );

    // Fill the log to 10,000 slips, then re-judge all of it.
    for play in plays.iter().skip(TIMED) {
        adjudicator
            .adjudicate(division, play, SlipKind::Challenge)
            .slip
            .expect("slip written");
    }
    let size = std::fs::metadata(&path).expect("log").len();
    let mut runs = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        let contents = sliplog::read(&path).expect("log reads");
        let slips = contents.slips;
        let (rechecked, skipped) = recheck(&slips, |_| Some(division));
        runs.push(start.elapsed());
        assert_eq!((rechecked.len(), skipped.len()), (LOG_SLIPS, 0));
        assert!(rechecked.iter().all(|r| r.recorded == r.now));
    }
    runs.sort();
    let verify_start = Instant::now();
    let v = sliplog::verify(&path).expect("log reads");
    let verify_time = verify_start.elapsed();
    assert_eq!((v.records, v.first_bad), (LOG_SLIPS, None));
    println!(
        "re-judging a {LOG_SLIPS}-slip log ({size} bytes, {} bytes/slip): median of 5 {:.1} ms (target <= 1000 ms: {})",
        size / LOG_SLIPS as u64,
        ms(runs[2]),
        if runs[2] <= Duration::from_secs(1) { "met" } else { "NOT MET" }
    );
    println!(
        "verifying the same log (seals, signatures, chain): {:.1} ms ({} signed by {:?}, {} unsigned)",
        ms(verify_time),
        LOG_SLIPS - v.unsigned,
        v.signed_by,
        v.unsigned
    );
    if runs[2] > Duration::from_secs(1) {
        eprintln!("target NOT MET: re-judging a {LOG_SLIPS}-slip log within 1 s");
        return true;
    }
    false
}
