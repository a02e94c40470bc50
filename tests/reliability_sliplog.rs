//! Reliability, part 2 (RELIABILITY.md): the slip log survives being killed at any moment, full
//! and read-only disks, and shows every kind of tampering.
//!
//! Several checks need a process of their own (to be killed, or to carry a file-size limit, or to
//! run as another user): this test binary is started again with `WORDJUDGE_RELIABILITY_CHILD`
//! set, and then its `child` test does that job and reports on stdout, lines starting `WJ `.
//!
//! Short by default (CI); `WORDJUDGE_FULL=1` runs the full size. Each test prints a
//! `RELIABILITY:` line with its figures.

// A test or benchmark may be long: the 80-line rule is for the program (clippy.toml).
#![allow(clippy::too_many_lines)]

mod common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{scale, Rng};
use wordjudge::config::{PinHash, Screen};
use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::judge::{Challenge, Division, Rules, Verdict};
use wordjudge::lexicon::word::Word;
use wordjudge::lexicon::{Expected, Lexicon};
use wordjudge::protocol::{
    DirectorAction, DivisionSlot, Input, Key, KeyPress, ScreenKind, Settings, Station,
};
use wordjudge::sliplog::adjudicate::Adjudicator;
use wordjudge::sliplog::{self, Slip, SlipKind, SlipLog};

const CHILD: &str = "WORDJUDGE_RELIABILITY_CHILD";
const LOG: &str = "WORDJUDGE_RELIABILITY_LOG";
const PIN: &str = "2468";

// ---------------------------------------------------------------------------------------------
// The child processes.

/// Does nothing in a normal test run; in a child process, the job it was started for.
#[test]
fn child() {
    let Ok(mode) = std::env::var(CHILD) else {
        return;
    };
    let log = PathBuf::from(std::env::var(LOG).expect("the child's slip log"));
    match mode.as_str() {
        "adjudicate" => adjudicate_until_killed(&log),
        "file-size-limit" => station_under_a_file_size_limit(&log),
        "read-only" => station_on_a_read_only_folder(&log),
        other => panic!("unknown child mode {other}"),
    }
    std::process::exit(0);
}

fn spawn_child(mode: &str, log: &Path, wrap: &[&str]) -> Child {
    let me = std::env::current_exe().expect("this test binary");
    let mut command = match wrap.split_first() {
        Some((program, args)) => {
            let mut c = Command::new(program);
            c.args(args).arg(me);
            c
        }
        None => Command::new(me),
    };
    command
        .args(["--exact", "child", "--nocapture", "--test-threads=1"])
        .env(CHILD, mode)
        .env(LOG, log)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the child process starts")
}

fn words(list: &[&str]) -> Vec<Word> {
    list.iter()
        .map(|w| Word::parse(w).expect("a word"))
        .collect()
}

const LIST: &[&str] = &["QI", "ZA", "CAT", "DOG", "OXYPHENBUTAZONE"];

fn division() -> Division {
    let compiled = compile(words(LIST)).expect("compiles");
    let expected = Expected {
        sha256: compiled.fst_sha256,
        words: compiled.words,
        alphabet: compiled.alphabet,
    };
    let lexicon = Lexicon::from_bytes("TEST".into(), "TEST.fst".into(), compiled.fst, &expected)
        .expect("verifies");
    Division::new("main", Rules::new(Arc::new(lexicon), vec![]))
}

const PLAYS: [&[&str]; 4] = [
    &["QI", "ZA"],
    &["CAT", "QOPH"],
    &["OXYPHENBUTAZONE", "DOG", "CAT"],
    &["ZZZ"],
];

/// Adjudicates, writing real slips, and reports each verdict once its slip is on disk.
fn adjudicate_until_killed(log: &Path) {
    let division = division();
    let mut adjudicator = Adjudicator::new("crash-test", Some(SlipLog::new(log)));
    let stdout = std::io::stdout();
    for i in 0.. {
        let challenge = Challenge::parse(PLAYS[i % PLAYS.len()], 8).expect("valid words");
        let a = adjudicator.adjudicate(&division, &challenge, SlipKind::Challenge);
        let mut out = stdout.lock();
        match a.slip {
            Ok(Some(slip)) => writeln!(out, "WJ JUDGED {} {}", slip.slip, a.verdict),
            other => writeln!(out, "WJ FAILED {other:?}"),
        }
        .and_then(|_| out.flush())
        .expect("the parent reads");
    }
}

fn settings() -> Settings {
    Settings {
        director_language: wordjudge::lang::Language::En,
        zone: wordjudge::base::clock::TimeZone::UTC,
        screen: Screen::default(),
        max_words: 8,
        pin: Some(PinHash::new(PIN).expect("a PIN")),
        division: None,
        event: None,
        reach: wordjudge::protocol::Reach::Clock,
    }
}

fn station(log: &Path) -> Station {
    let slot = DivisionSlot {
        language: wordjudge::lang::Language::En,
        name: "main".into(),
        label: "Main".into(),
        header: "TEST".into(),
        second_header: "TEST".into(),
        state: Ok(division()),
    };
    Station::new(
        settings(),
        vec![slot],
        Adjudicator::new("s1", Some(SlipLog::new(log))),
    )
}

fn keys(station: &mut Station, text: &str, now: f64) {
    for c in text.chars() {
        station.handle(Input::Key(KeyPress::plain(Key::for_char(c))), now);
    }
}

/// Judges `play` (count first) at `now` — the challenger's keys, then Tab after the hand-over
/// pause — and clears the verdict afterwards; returns what the verdict screen showed: verdict,
/// slip number, banner.
fn judge(station: &mut Station, play: &str, now: f64) -> (Option<Verdict>, Option<u64>, String) {
    let typed = play.strip_suffix('\t').unwrap_or(play);
    keys(station, typed, now);
    keys(station, "\t", now + 1.0);
    let v = station.view(now + 1.0);
    assert_eq!(v.screen, ScreenKind::Verdict, "{play:?} was judged");
    station.handle(Input::Key(KeyPress::plain(Key::Space)), now + 3.5);
    (v.verdict, v.slip, v.banner)
}

fn log_lines(log: &Path) -> usize {
    std::fs::read_to_string(log).map_or(0, |s| s.lines().count())
}

/// A station whose process has a file-size limit a few bytes past the end of its log (the way a
/// full disk looks to a writer, and `ulimit -f` really): verdicts are still given, the failure is
/// shown, nothing half-written stays, and logging resumes when the limit is lifted.
fn station_under_a_file_size_limit(log: &Path) {
    wordjudge::config::diagnostics::survive_file_size_limit();
    let mut s = station(log);
    let (verdict, slip, banner) = judge(&mut s, "2qi za\n\t", 0.0);
    assert_eq!((verdict, slip), (Some(Verdict::Acceptable), Some(1)));
    assert!(banner.is_empty());
    let size = std::fs::metadata(log).expect("the log").len();
    set_file_size_limit(size + 10);
    for (i, (play, expected)) in [
        ("2qi za\n\t", Verdict::Acceptable),
        ("1zzz\n\t", Verdict::Unacceptable),
        ("3cat dog qi\n\t", Verdict::Acceptable),
        ("2cat qoph\n\t", Verdict::Unacceptable),
    ]
    .into_iter()
    .enumerate()
    {
        let (verdict, slip, banner) = judge(&mut s, play, 10.0 * (i + 1) as f64);
        assert_eq!(verdict, Some(expected), "{play:?}: the lexicon's verdict");
        assert_eq!(slip, None, "no slip number is given out");
        assert!(
            banner.starts_with("Slip log failed — call the director")
                && banner.contains("too large"),
            "{banner}"
        );
        assert_eq!(
            std::fs::metadata(log).unwrap().len(),
            size,
            "nothing half-written stays"
        );
        println!("WJ REFUSED {}", verdict.unwrap());
    }
    let v = sliplog::verify(log).expect("verifies");
    assert_eq!((v.records, v.first_bad, v.torn), (1, None, None));
    set_file_size_limit(u64::MAX);
    // (Not CAT: part of the failed CAT QOPH, which the station would not judge again.)
    let (_, slip, banner) = judge(&mut s, "1dog\n\t", 100.0);
    assert_eq!(slip, Some(2), "writing resumes, with the next number");
    assert!(
        !banner.is_empty(),
        "the banner stays until the director acknowledges it"
    );
    director_acknowledges(&mut s, 110.0);
    assert!(s.view(111.0).banner.is_empty());
    println!("WJ RESUMED {}", slip.unwrap());
}

fn director_acknowledges(s: &mut Station, now: f64) {
    s.handle(Input::DirectorChord, now);
    keys(s, PIN, now);
    s.handle(Input::Key(KeyPress::plain(Key::Enter)), now);
    assert_eq!(s.view(now).screen, ScreenKind::Director);
    s.handle(Input::Director(DirectorAction::AcknowledgeAlert), now);
    s.handle(Input::Director(DirectorAction::Back), now);
}

#[allow(unsafe_code)] // getrlimit and setrlimit: no safe call in std
fn set_file_size_limit(bytes: u64) {
    let limit = if bytes == u64::MAX {
        libc::RLIM_INFINITY
    } else {
        bytes as libc::rlim_t
    };
    let mut current = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain system calls on a valid struct.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut current), 0);
        let new = libc::rlimit {
            rlim_cur: limit.min(current.rlim_max),
            rlim_max: current.rlim_max,
        };
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &new), 0);
    }
}

/// A station whose slip log's folder it may not write (run as a user without the right): the
/// verdict is given, the failure shown; then the parent makes the folder writable and says go.
fn station_on_a_read_only_folder(log: &Path) {
    let mut s = station(log);
    for (i, (play, expected)) in [
        ("2qi za\n\t", Verdict::Acceptable),
        ("2qi qoph\n\t", Verdict::Unacceptable),
    ]
    .into_iter()
    .enumerate()
    {
        let (verdict, slip, banner) = judge(&mut s, play, 10.0 * i as f64);
        assert_eq!((verdict, slip), (Some(expected), None), "{play:?}");
        assert!(
            banner.starts_with("Slip log failed — call the director")
                && banner.contains("ermission denied"),
            "{banner}"
        );
    }
    println!("WJ WAITING");
    let mut go = String::new();
    std::io::stdin()
        .read_line(&mut go)
        .expect("the parent says go");
    let (_, slip, _) = judge(&mut s, "1cat\n\t", 30.0);
    assert_eq!(
        slip,
        Some(1),
        "writing resumes; the failure used up no number"
    );
    println!("WJ RESUMED 1");
}

// ---------------------------------------------------------------------------------------------
// 1. Killed at random moments.

#[test]
fn killed_at_random_moments_the_slip_log_keeps_every_reported_verdict_and_verifies() {
    let kills = scale(200, 2_000);
    // A fresh log every 50 kills keeps each check short; every kill is checked the same way.
    const PER_LOG: usize = 50;
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng::new(common::seed());
    let mut reported: BTreeMap<u64, String> = BTreeMap::new();
    let (mut slips, mut verdicts) = (0, 0);
    let (mut kill_tears, mut injected, mut injected_repaired_by_child) = (0, 0, 0);
    let (mut head_behind, mut quiet_rounds) = (0, 0);
    let mut pending_injection = false;
    let started = Instant::now();
    let mut log = PathBuf::new();
    for round in 0..kills {
        if round % PER_LOG == 0 {
            slips += last_slip(&log);
            verdicts += reported.len();
            reported.clear();
            log = dir.path().join(format!("slips-{round}.jsonl"));
        }
        let before = last_slip(&log);
        let mut child = spawn_child("adjudicate", &log, &[]);
        std::thread::sleep(Duration::from_micros(rng.below(25_000) as u64));
        child.kill().expect("SIGKILL");
        let out = child.wait_with_output().expect("the child is reaped");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            !stdout.contains("WJ FAILED"),
            "round {round}: a write failed: {stdout}"
        );
        let this_round: Vec<(u64, String)> = stdout
            .lines()
            // The test harness prints "test child ... " before the first line, on the same line.
            .filter_map(|l| l.split_once("WJ JUDGED ").map(|(_, rest)| rest))
            .map(|l| {
                let (n, v) = l.split_once(' ').expect("slip and verdict");
                (n.parse().expect("a slip number"), v.to_owned())
            })
            .collect();
        match this_round.first() {
            Some((first, _)) => {
                assert_eq!(*first, before + 1, "round {round}: numbering continues")
            }
            None => quiet_rounds += 1,
        }
        let progressed = !this_round.is_empty();
        reported.extend(this_round);

        if !log.exists() {
            // Killed before it created the log: nothing was written, so nothing was reported.
            assert!(!progressed, "round {round}: verdicts reported, but no log");
            continue;
        }
        let v = sliplog::verify(&log).unwrap_or_else(|e| panic!("round {round}: {e}"));
        assert_eq!(v.first_bad, None, "round {round}: the log verifies");
        assert_eq!(v.head_problem, None, "round {round}");
        if v.head_behind {
            head_behind += 1;
        }
        match (v.torn.is_some(), pending_injection) {
            // A simulated power cut that this child removed before it wrote.
            (false, true) if progressed => injected_repaired_by_child += 1,
            // Killed before it wrote: the simulated tear is still there; repaired below.
            (true, true) if !progressed => {}
            (true, _) => kill_tears += 1,
            _ => {}
        }
        if v.torn.is_some() {
            // Reported by verify; the next writer to open the log removes it.
            repair(&log);
        }
        pending_injection = false;
        // Every verdict the child reported before it died is on disk, as reported.
        let on_disk = records(&log);
        for (n, verdict) in &reported {
            let slip = on_disk.get(n).unwrap_or_else(|| {
                panic!("round {round}: slip {n} was reported but is not in the log")
            });
            assert_eq!(&slip.verdict.to_string(), verdict, "slip {n}");
        }
        // A power cut mid-write leaves part of the record being written: every tenth round,
        // simulate one (the last record renumbered as the next, cut short); the next child must
        // remove it before appending.
        // (A write only starts after the log was opened, so a log still ending in a torn
        // record from a kill is not torn again on top of that.)
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if round % 10 == 5 && (text.is_empty() || text.ends_with('\n')) {
            let last = match text.lines().last() {
                Some(line) => {
                    let n = last_slip(&log);
                    line.replacen(
                        &format!("{{\"slip\":{n},"),
                        &format!("{{\"slip\":{},", n + 1),
                        1,
                    )
                }
                None => "{\"slip\":1,\"station\":".to_owned(),
            };
            let cut = 1 + rng.below(last.len() - 1);
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(&log)
                .unwrap();
            f.write_all(&last.as_bytes()[..cut]).unwrap();
            injected += 1;
            pending_injection = true;
        }
    }
    repair(&log);
    let v = sliplog::verify(&log).unwrap();
    assert_eq!((v.first_bad, v.torn, v.head_problem), (None, None, None));
    let next = SlipLog::new(&log).next_slip().unwrap();
    assert_eq!(next, last_slip(&log) + 1);
    slips += last_slip(&log);
    verdicts += reported.len();
    println!(
        "RELIABILITY: crash safety: {kills} SIGKILLs at random moments in {:.0} s; {slips} slips written, every one of the {verdicts} verdicts reported before a kill found on disk with that verdict; the log verified after every kill (numbering contiguous, seals, chain and head intact) and numbering continued at the next start; torn last lines: {injected} simulated power cuts ({injected_repaired_by_child} removed by the next start before it wrote; the others, whose next start was killed before writing, by the next writer to open the log) and {kill_tears} from kills, all reported and repaired; head one slip behind (a kill between record and head) after {head_behind} kills, put right; {quiet_rounds} kills before the first verdict",
        started.elapsed().as_secs_f64(),
    );
}

fn last_slip(log: &Path) -> u64 {
    sliplog::read(log)
        .ok()
        .and_then(|c| c.slips.last().map(|s| s.slip))
        .unwrap_or(0)
}

fn records(log: &Path) -> BTreeMap<u64, Slip> {
    sliplog::read(log)
        .map(|c| c.slips.into_iter().map(|s| (s.slip, s)).collect())
        .unwrap_or_default()
}

/// Opens the log as a writer does, which removes a torn last line; checks it did.
fn repair(log: &Path) {
    let torn = sliplog::verify(log).unwrap().torn;
    let mut writer = SlipLog::new(log);
    writer.next_slip().expect("opens");
    assert_eq!(writer.repairs().len(), usize::from(torn.is_some()));
    assert_eq!(sliplog::verify(log).unwrap().torn, None);
}

// ---------------------------------------------------------------------------------------------
// 2. Full and read-only disks.

#[test]
fn under_a_file_size_limit_verdicts_are_given_the_failure_shown_and_logging_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("slips.jsonl");
    let out = spawn_child("file-size-limit", &log, &[])
        .wait_with_output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the child failed: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.matches("WJ REFUSED").count(), 4, "{stdout}");
    assert!(stdout.contains("WJ RESUMED 2"), "{stdout}");
    println!("RELIABILITY: file-size limit (a full disk): 4 verdicts (2 acceptable, 2 unacceptable) given, each the lexicon's, while the log could not grow, banner shown, nothing half-written, logging resumed at slip 2; no panic");
}

#[test]
fn on_a_read_only_folder_verdicts_are_given_the_failure_shown_and_logging_resumes() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let folder = dir.path().join("ro");
    std::fs::create_dir(&folder).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    let log = folder.join("slips.jsonl");
    // Root writes anywhere: run the child as `nobody`.
    let wrap = common::as_unprivileged();
    let mut child = spawn_child("read-only", &log, wrap);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while !line.contains("WJ WAITING") {
        line.clear();
        if stdout.read_line(&mut line).unwrap() == 0 {
            let out = child.wait_with_output().unwrap();
            panic!(
                "the child stopped: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o777)).unwrap();
    writeln!(child.stdin.take().unwrap(), "go").unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success() && rest.contains("WJ RESUMED 1"),
        "{rest}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(log_lines(&log), 1);
    println!("RELIABILITY: read-only slip-log folder: verdict given, banner shown, logging resumed at slip 1 once writable; no panic");
}

#[cfg(target_os = "linux")]
#[test]
fn a_station_logging_to_dev_full_gives_verdicts_and_keeps_the_banner_up() {
    let mut s = station(Path::new("/dev/full"));
    for (i, (play, expected)) in [
        ("2qi za\n\t", Verdict::Acceptable),
        ("1zzz\n\t", Verdict::Unacceptable),
    ]
    .into_iter()
    .enumerate()
    {
        let (verdict, slip, banner) = judge(&mut s, play, 10.0 * i as f64);
        assert_eq!(verdict, Some(expected), "{play:?}");
        assert_eq!(slip, None);
        assert!(
            banner.starts_with("Slip log failed — call the director")
                && banner.contains("/dev/full is not a regular file"),
            "{banner}"
        );
    }
    assert!(
        !s.view(100.0).banner.is_empty(),
        "the banner stays on the player screens"
    );
    println!("RELIABILITY: /dev/full as the slip log: verdicts given, the banner shown until the director acknowledges it; no panic");
}

/// The command line under the same conditions: the verdict on stdout, the failure on stderr,
/// exit status 3; and its next run logs again.
#[test]
fn the_command_line_gives_the_verdict_with_exit_3_on_a_full_or_read_only_disk() {
    use std::os::unix::fs::PermissionsExt;
    let station = common::demo_station();
    std::fs::set_permissions(station.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let config = station.path().join("kiosk.toml");
    let judge = |wrap: &[&str], word: &str| {
        let bin = assert_cmd::cargo::cargo_bin("wordjudge");
        let mut c = match wrap.split_first() {
            Some((p, args)) => {
                let mut c = Command::new(p);
                c.args(args).arg(&bin);
                c
            }
            None => Command::new(&bin),
        };
        c.arg("--config").arg(&config).args(["judge", word]);
        c.env_remove("WORDJUDGE_CONFIG").output().unwrap()
    };
    let log = station.path().join("slips.jsonl");
    let first = judge(&[], "QI");
    assert_eq!(first.status.code(), Some(0));
    let size = std::fs::metadata(&log).unwrap().len().to_string();
    let limit = format!("--fsize={}", size.parse::<u64>().unwrap() + 10);
    for (word, verdict) in [("QZX", "UNACCEPTABLE\n"), ("ZA", "ACCEPTABLE\n")] {
        let full = judge(&["prlimit", &limit, "--"], word);
        let stderr = String::from_utf8_lossy(&full.stderr);
        assert_eq!(full.status.code(), Some(3), "{stderr}");
        assert!(
            String::from_utf8_lossy(&full.stdout).starts_with(verdict),
            "{word}"
        );
        assert!(
            stderr.contains("slip was NOT recorded") && stderr.contains("too large"),
            "{stderr}"
        );
    }
    assert_eq!(std::fs::metadata(&log).unwrap().len().to_string(), size);

    // Read-only: the log's folder and the log are not writable by the user running it — the
    // station's own account, which owns the log (another account is refused before judging:
    // station_files.rs), on a disk that has become read-only to it.
    if common::is_root() {
        for entry in std::fs::read_dir(station.path()).unwrap() {
            let path = entry.unwrap().path();
            if path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("slips.jsonl")
            {
                std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
            }
        }
    }
    std::fs::set_permissions(station.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    std::fs::set_permissions(&log, std::fs::Permissions::from_mode(0o444)).unwrap();
    let as_other = common::as_unprivileged();
    for (word, verdict) in [("QI", "ACCEPTABLE\n"), ("QZX", "UNACCEPTABLE\n")] {
        let ro = judge(as_other, word);
        let stderr = String::from_utf8_lossy(&ro.stderr);
        assert_eq!(ro.status.code(), Some(3), "{stderr}");
        assert!(
            String::from_utf8_lossy(&ro.stdout).starts_with(verdict),
            "{word}"
        );
        assert!(stderr.contains("ermission denied"), "{stderr}");
    }

    std::fs::set_permissions(station.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(&log, std::fs::Permissions::from_mode(0o666)).unwrap();
    // Writable again, by the account that owns the log.
    let again = judge(as_other, "ZA");
    assert_eq!(again.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&again.stdout).contains("slip 2 ·"));
    println!("RELIABILITY: command line: exit 3 with the verdict on a full (file-size limit) and a read-only disk, slip numbering resumed at 2");
}

// ---------------------------------------------------------------------------------------------
// 3. Tampering.

fn write_lines(log: &Path, lines: &[String]) {
    std::fs::write(
        log,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
}

fn tamper_log(n: usize, dir: &Path) -> (PathBuf, Vec<String>) {
    let log = dir.join("slips.jsonl");
    let mut s = station(&log);
    for i in 0..n {
        judge(
            &mut s,
            ["2qi za\n\t", "1qoph\n\t", "3cat dog ox\n\t"][i % 3],
            // Six minutes apart: QOPH comes back after the re-challenge window.
            360.0 * i as f64,
        );
    }
    let lines = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    (log, lines)
}

#[test]
fn every_edit_deletion_duplication_and_reordering_of_any_record_is_found_with_its_slip_number() {
    let n = scale(30, 300);
    let dir = tempfile::tempdir().unwrap();
    let (log, original) = tamper_log(n, dir.path());
    let head = std::fs::read(sliplog::head_path(&log)).unwrap();
    let mut tried = 0;
    let mut check = |what: String, lines: Vec<String>, slip: u64, mentions: Option<String>| {
        write_lines(&log, &lines);
        std::fs::write(sliplog::head_path(&log), &head).unwrap();
        let v = sliplog::verify(&log).unwrap();
        let bad = v.first_bad.unwrap_or_else(|| panic!("{what}: not found"));
        assert_eq!(bad.slip, Some(slip), "{what}: {}", bad.problem);
        if let Some(m) = mentions {
            assert!(bad.problem.contains(&m), "{what}: {}", bad.problem);
        }
        tried += 1;
    };
    for i in 0..n {
        let slip = i as u64 + 1;
        let mut l = original.clone();
        l[i] = l[i].replacen("\"words\":[\"", "\"words\":[\"X", 1);
        check(format!("word of slip {slip} edited"), l, slip, None);

        let mut l = original.clone();
        l[i] = if l[i].contains("\"UNACCEPTABLE\"") {
            l[i].replace("\"UNACCEPTABLE\"", "\"ACCEPTABLE\"")
        } else {
            l[i].replace("\"ACCEPTABLE\"", "\"UNACCEPTABLE\"")
        };
        check(format!("verdict of slip {slip} flipped"), l, slip, None);

        let mut l = original.clone();
        l.remove(i);
        let (first_bad, mention) = if i + 1 < n {
            (slip + 1, format!("{slip}..{slip} are missing"))
        } else {
            (slip, format!("slip {slip} is missing from the end"))
        };
        check(format!("slip {slip} deleted"), l, first_bad, Some(mention));

        let mut l = original.clone();
        l.insert(i + 1, l[i].clone());
        check(
            format!("slip {slip} duplicated"),
            l,
            slip,
            Some("duplicated".into()),
        );

        if i + 1 < n {
            let mut l = original.clone();
            l.swap(i, i + 1);
            check(
                format!("slips {slip} and {} swapped", slip + 1),
                l,
                slip + 1,
                None,
            );
        }

        // Edited and resealed (the seal recomputed): the chain, or for the last slip the head.
        let mut l = original.clone();
        let mut record: Slip = serde_json::from_str(&l[i]).unwrap();
        record.verdict = Verdict::Acceptable;
        record.words = vec!["QI".into()];
        record.seal = String::new();
        let unsealed = serde_json::to_string(&record).unwrap();
        record.seal = wordjudge::base::digest::Digest::of(unsealed.as_bytes()).to_string();
        l[i] = serde_json::to_string(&record).unwrap();
        if l[i] != original[i] {
            let first_bad = if i + 1 < n { slip + 1 } else { slip };
            check(
                format!("slip {slip} edited and resealed"),
                l,
                first_bad,
                None,
            );
        }
    }
    // The last records deleted, one to five of them.
    for k in 1..=5usize.min(n) {
        let l = original[..n - k].to_vec();
        let first = (n - k + 1) as u64;
        check(
            format!("the last {k} slips deleted"),
            l,
            first,
            Some("missing from the end".into()),
        );
    }
    println!("RELIABILITY: tampering: {tried} tampered copies of a {n}-slip log (every record edited, verdict flipped, deleted, duplicated, swapped with the next, edited and resealed; the last 1-5 deleted): all reported by slips verify with the first bad slip");
}

#[test]
fn a_lexicon_edited_after_its_hash_was_recorded_is_refused_everywhere() {
    let station = common::demo_station();
    let fst = station.path().join("lexicons/demo.fst");
    let mut bytes = std::fs::read(&fst).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x20;
    std::fs::write(&fst, bytes).unwrap();
    let config = station.path().join("kiosk.toml");
    let run = |args: &[&str]| {
        common::wordjudge()
            .arg("--config")
            .arg(&config)
            .args(args)
            .output()
            .unwrap()
    };
    let verify = run(&["lexicon", "verify"]);
    assert_eq!(verify.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&verify.stdout).contains("has SHA-256"));
    let judge = run(&["judge", "QI"]);
    assert_eq!(judge.status.code(), Some(2), "nothing is judged");
    assert!(String::from_utf8_lossy(&judge.stderr).contains("kiosk.toml expects"));
    let s = wordjudge::station_files::start(config);
    assert_eq!(s.view(0.0).screen, ScreenKind::OutOfService);
    println!("RELIABILITY: a lexicon edited after its hash was recorded: lexicon verify exit 1, judge exit 2, station out of service");
}

/// A log with one line of 96 MiB (a hostile or broken copy) is read a line at a time, each kept
/// to `MAX_RECORD_LINE` (the writer reads back at most `MAX_WINDOW` of its end): `judge`, `slips
/// verify` and `slips show` (the search) run with 48 MiB of data memory and name the line. Reading such a line
/// whole, as `verify` and the search did before, needs the 96 MiB and aborts under the limit.
#[test]
fn a_huge_line_in_a_slip_log_is_read_in_bounded_memory() {
    if !common::tool("prlimit") {
        return;
    }
    let station = common::demo_station();
    let config = station.path().join("kiosk.toml");
    let run = |limit: bool, args: &[&str]| {
        let bin = assert_cmd::cargo::cargo_bin("wordjudge");
        let mut c = match limit {
            true => {
                let mut c = Command::new("prlimit");
                c.arg(format!("--data={}", 48 << 20)).arg("--").arg(&bin);
                c
            }
            false => Command::new(&bin),
        };
        c.arg("--config").arg(&config).args(args);
        c.env_remove("WORDJUDGE_CONFIG").output().unwrap()
    };
    for word in ["QI", "ZA"] {
        assert_eq!(run(false, &["judge", word]).status.code(), Some(0));
    }
    let log = station.path().join("slips.jsonl");
    let mut f = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
    let chunk = vec![b'Q'; 1 << 20];
    for _ in 0..96 {
        f.write_all(&chunk).unwrap();
    }
    f.write_all(b"\n").unwrap();
    drop(f);

    // The writer reads the log's end back to its last record: at most its window, then the
    // verdict stands and the slip is refused, naming the line (exit 3), the file untouched.
    let size = std::fs::metadata(&log).unwrap().len();
    let judge = run(true, &["judge", "QI"]);
    let stderr = String::from_utf8_lossy(&judge.stderr);
    assert_eq!(judge.status.code(), Some(3), "{stderr}");
    assert!(String::from_utf8_lossy(&judge.stdout).starts_with("ACCEPTABLE\n"));
    assert!(
        stderr.contains("line 3") && stderr.contains("longer than any record"),
        "{stderr}"
    );
    assert_eq!(std::fs::metadata(&log).unwrap().len(), size);

    let verify = run(true, &["slips", "verify"]);
    let text = String::from_utf8_lossy(&verify.stdout).to_string()
        + &String::from_utf8_lossy(&verify.stderr);
    assert_eq!(verify.status.code(), Some(1), "{text}");
    assert!(text.contains("line 3"), "verify names the line: {text}");
    let show = run(true, &["slips", "show", "2"]);
    let text =
        String::from_utf8_lossy(&show.stdout).to_string() + &String::from_utf8_lossy(&show.stderr);
    assert_eq!(show.status.code(), Some(0), "{text}");
    assert!(text.contains("ZA"), "{text}");
    println!(
        "RELIABILITY: a 96 MiB line in the slip log: verify and show ran in 48 MiB of data memory"
    );
}
