//! A cold `wordjudge judge` process against a ~200,000-word lexicon — configuration parsed, file
//! read, SHA-256, fst checksum and word count verified, words judged — measured side by side with
//! `look(1)` (binary search on the sorted text file, no verification at all) in the same run.
//!
//! Targets: median within 1.2× of `look` (the deployed, static build: `COLD_JUDGE_BIN=
//! target/dist/wordjudge`); peak resident memory ≤ 15 MiB. It also prints the system calls of
//! one run of each (with `strace`), and with `COLD_JUDGE_BEFORE=path/to/an/older/wordjudge` times
//! that build in the same interleaved rounds (paired: the ratio of the two medians).
//! Run: `cargo bench --bench cold_judge` (needs `look`, Debian package bsdextrautils).

// A test or benchmark may be long: the 80-line rule is for the program (clippy.toml).
#![allow(clippy::too_many_lines)]

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use wordjudge::config::{record_lexicon, Recorded};
use wordjudge::lexicon::compile::compile;

const WORDS: usize = 200_000;
const RUNS: usize = 400;

/// Runs `cmd` to completion: wall time and exit status.
fn run(cmd: &mut Command) -> (Duration, i32) {
    let start = Instant::now();
    let status = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("spawn");
    (start.elapsed(), status.code().unwrap_or(-1))
}

/// Peak resident set (KiB) of `args` run under GNU time (Debian package `time`).
///
/// Not the `ru_maxrss` of our own child: a child spawned from this large process is charged the
/// parent's resident pages until it calls exec, which would report this benchmark's memory, not
/// wordjudge's. `time` is small, and forks wordjudge from its own small address space.
fn peak_rss_kib(program: &Path, args: &[&std::ffi::OsStr]) -> Option<u64> {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(program)
        .args(args)
        .stdout(Stdio::null())
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .last()?
        .trim()
        .parse()
        .ok()
}

/// The system calls `program args` makes (`strace -f -c`), if strace is installed.
fn syscalls(program: &Path, args: &[&std::ffi::OsStr]) -> Option<u64> {
    let out = Command::new("strace")
        .args(["-f", "-c", "-o", "/dev/stderr"])
        .arg(program)
        .args(args)
        .stdout(Stdio::null())
        .output()
        .ok()?;
    // The summary's last line: `100.00 0.000123 1 205 47 total` (calls is the 4th column).
    let text = String::from_utf8_lossy(&out.stderr);
    let total = text
        .lines()
        .rev()
        .find(|l| l.trim_end().ends_with("total"))?;
    total.split_whitespace().nth(3)?.parse().ok()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list` and `cargo test --benches` probes
    }
    // COLD_JUDGE_ALPHABET=spanish: the same list as Spanish tiles (common::spanish_words).
    let spanish = std::env::var("COLD_JUDGE_ALPHABET").is_ok_and(|a| a == "spanish");
    let words = match spanish {
        true => common::spanish_words(WORDS),
        false => common::words(WORDS),
    };
    let Some(words) = words else {
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    if std::env::var_os("COLD_JUDGE_KEEP").is_some() {
        println!("keeping the benchmark station in {}", dir.path().display());
    }
    let compiled = compile(words.clone()).expect("compiles");
    let fst = dir.path().join("lexicons/BIG.fst");
    std::fs::create_dir_all(fst.parent().unwrap()).unwrap();
    std::fs::write(&fst, &compiled.fst).unwrap();
    let config = dir.path().join("kiosk.toml");
    std::fs::write(
        &config,
        "[station]\nid = \"bench\"\ndiagnostic_log = \"wordjudge.log\"\n\n[divisions.main]\nprimary = \"BIG\"\n",
    )
    .unwrap();
    record_lexicon(
        &config,
        &Recorded::new(
            "BIG",
            fst.clone(),
            &compiled,
            "bench".into(),
            compiled.content_sha256,
        ),
    )
    .unwrap();
    let mut sorted: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    sorted.sort();
    let text = dir.path().join("sorted.txt");
    std::fs::write(&text, sorted.join("\n") + "\n").unwrap();

    // COLD_JUDGE_BIN measures another build of the same program instead
    // (for example a statically linked one).
    let other = std::env::var_os("COLD_JUDGE_BIN").map(std::path::PathBuf::from);
    let wordjudge = other
        .as_deref()
        .unwrap_or(Path::new(env!("CARGO_BIN_EXE_wordjudge")));
    let probe = [
        "QUIXOTIC",
        "ZYZZYVA",
        "OXYPHENBUTAZONE",
        "AA",
        "XYLOPHONIST",
    ]
    .map(|w| match spanish {
        true => common::as_spanish_text(w),
        false => w.to_owned(),
    });
    let before = std::env::var_os("COLD_JUDGE_BEFORE").map(std::path::PathBuf::from);
    let (mut wj, mut lk, mut start, mut logged) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut old = Vec::new();
    // `BIN --config kiosk.toml judge ARGS WORD`, timed; a verdict either way, or the run stops.
    let judge = |bin: &Path, args: &[&str], word: &str| {
        let (t, code) = run(Command::new(bin)
            .arg("--config")
            .arg(&config)
            .arg("judge")
            .args(args)
            .arg(word));
        assert!(
            code == 0 || code == 1,
            "{} judge failed with status {code}",
            bin.display()
        );
        t
    };
    for i in 0..RUNS {
        let word = probe[i % probe.len()].as_str();
        if let Some(before) = &before {
            old.push(judge(before, &["--no-log"], word));
        }
        wj.push(judge(wordjudge, &["--no-log"], word));
        // The same with its slip appended and fsynced (the default).
        logged.push(judge(wordjudge, &[], word));
        let (t, code) = run(Command::new("look").arg(word).arg(&text).env("LC_ALL", "C"));
        assert!(code == 0 || code == 1, "look failed with status {code}");
        lk.push(t);
        // The floor: starting this binary and exiting, no configuration, no lexicon.
        let (t, code) = run(Command::new(wordjudge).arg("--version"));
        assert_eq!(code, 0);
        start.push(t);
    }
    wj.sort();
    lk.sort();
    old.sort();
    start.sort();
    logged.sort();
    let (wj_med, lk_med) = (percentile(&wj, 0.5), percentile(&lk, 0.5));
    let ratio = wj_med.as_secs_f64() / lk_med.as_secs_f64();
    let rss: Vec<u64> = (0..20)
        .filter_map(|i| {
            let args = [
                "--config".as_ref(),
                config.as_os_str(),
                "judge".as_ref(),
                "--no-log".as_ref(),
                probe[i % probe.len()].as_str().as_ref(),
            ];
            peak_rss_kib(wordjudge, &args)
        })
        .collect();
    println!(
        "cold judge, {} {} words, lexicon {} bytes, {RUNS} runs each, interleaved",
        words.len(),
        compiled.alphabet,
        compiled.fst.len()
    );
    println!(
        "  judge --no-log   median {:>8.3} ms   p90 {:>8.3} ms   min {:>8.3} ms",
        wj_med.as_secs_f64() * 1e3,
        percentile(&wj, 0.9).as_secs_f64() * 1e3,
        wj[0].as_secs_f64() * 1e3
    );
    println!(
        "  look(1)          median {:>8.3} ms   p90 {:>8.3} ms   min {:>8.3} ms",
        lk_med.as_secs_f64() * 1e3,
        percentile(&lk, 0.9).as_secs_f64() * 1e3,
        lk[0].as_secs_f64() * 1e3
    );
    println!(
        "  judge + fsynced slip median {:>8.3} ms   p90 {:>8.3} ms",
        percentile(&logged, 0.5).as_secs_f64() * 1e3,
        percentile(&logged, 0.9).as_secs_f64() * 1e3
    );
    println!(
        "  wordjudge --version median {:>5.3} ms   (process start alone: the floor)",
        percentile(&start, 0.5).as_secs_f64() * 1e3
    );
    if let Some(before) = &before {
        let old_med = percentile(&old, 0.5);
        println!(
            "  older build      median {:>8.3} ms   ({}): this build takes {:.2}x its time",
            old_med.as_secs_f64() * 1e3,
            before.display(),
            wj_med.as_secs_f64() / old_med.as_secs_f64()
        );
    }
    let judge_args = |w: &str| -> Vec<std::ffi::OsString> {
        vec![
            "--config".into(),
            config.clone().into_os_string(),
            "judge".into(),
            "--no-log".into(),
            w.into(),
        ]
    };
    let args = judge_args(&probe[0]);
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let look_args = [probe[0].as_ref(), text.as_os_str()];
    match (
        syscalls(wordjudge, &args),
        syscalls(Path::new("look"), &look_args),
    ) {
        (Some(wj_calls), Some(look_calls)) => {
            let mut line = format!("  system calls: judge --no-log {wj_calls}, look {look_calls}");
            if let Some(b) = before.as_deref().and_then(|b| syscalls(b, &args)) {
                line.push_str(&format!(", the older build {b}"));
            }
            println!("{line}");
        }
        _ => println!("  system calls not counted: strace is missing"),
    }
    let mut missed = Vec::new();
    println!(
        "  ratio of medians {ratio:.2} (target <= 1.20: {})",
        if ratio <= 1.2 {
            "met"
        } else {
            missed.push("within 1.2x of look");
            "NOT MET"
        }
    );
    match rss.iter().max() {
        Some(&kib) => {
            let mib = kib as f64 / 1024.0;
            println!(
                "  peak RSS of wordjudge {mib:.1} MiB, max of {} runs (target <= 15 MiB: {})",
                rss.len(),
                if mib <= 15.0 {
                    "met"
                } else {
                    missed.push("peak RSS");
                    "NOT MET"
                }
            );
        }
        None => {
            println!("  peak RSS not measured: /usr/bin/time (Debian package `time`) is missing")
        }
    }
    if std::env::var_os("COLD_JUDGE_KEEP").is_some() {
        let _ = dir.keep();
    }
    // A missed target fails the run (a plain `cargo build` is known to miss it: the target is
    // the deployed build's, COLD_JUDGE_BIN=target/dist/wordjudge: BENCHMARKS.md).
    if !missed.is_empty() {
        eprintln!("targets NOT MET: {}", missed.join(", "));
        std::process::exit(1);
    }
}
