//! `wordjudge judge WORD...`: adjudicate one challenge headless.
//!
//! The first line of output is the verdict and nothing else, so scripts can read it; the exit
//! status says it too (0 acceptable, 1 unacceptable, 2 error). Which word failed is never printed.

use std::path::Path;

use wordjudge::config::Config;
use wordjudge::judge::{Challenge, Division, Verdict};

use super::{util, CmdResult, Outcome};

pub fn run(config_path: &Path, division: Option<&str>, words: &[String]) -> CmdResult {
    // Check the input before touching any file: nothing is judged unless it is all valid.
    let challenge = Challenge::parse(words)?;
    let config = Config::read(config_path)?;
    util::init_logging(&config);
    let division = Division::load(&config, division).inspect_err(|e| log::error!("judge: {e}"))?;
    let verdict = division.judge(&challenge);
    let lexicon = division.primary();
    println!("{verdict}");
    println!(
        "{} word(s), division {}, lexicon {} (SHA-256 {})",
        challenge.words().len(),
        division.name,
        lexicon.code(),
        lexicon.sha256().short()
    );
    // The process ends now; handing the lexicon's memory back page by page would cost more than
    // the lookups did (measured in BENCHMARKS.md), and the kernel reclaims it at exit anyway.
    std::mem::forget(division);
    Ok(match verdict {
        Verdict::Acceptable => Outcome::Success,
        Verdict::Unacceptable => Outcome::Negative,
    })
}
