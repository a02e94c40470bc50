//! `wordjudge judge WORD...`: adjudicate one challenge from the director's command line.
//!
//! The first line of output is the verdict and nothing else, so scripts can read it; the exit
//! status says it too (0 acceptable, 1 unacceptable, 2 error, 3 judged but the slip could not be
//! written). Which word failed is printed only with `--explain`, for the director.

use std::path::Path;
use wordjudge::lexicon::alphabet::{self, Alphabet};

use wordjudge::config::service;
use wordjudge::config::{Config, MAX_WORDS};
use wordjudge::lexicon::judge::{Challenge, Verdict};
use wordjudge::sliplog::SlipKind;

use super::{util, CmdResult, Outcome};

pub struct Args<'a> {
    pub config: &'a Path,
    pub division: Option<&'a str>,
    pub no_log: bool,
    pub explain: bool,
    /// The table (board) the play was made at.
    pub table: Option<u32>,
    pub words: &'a [String],
}

pub fn run(args: Args) -> CmdResult {
    // Check the input before touching any file: nothing is judged unless it is all valid.
    // Words English cannot read may be another alphabet's: the division's, which kiosk.toml
    // names. Words no alphabet reads are refused at once; with a kiosk.toml that cannot be read,
    // with English's message, as before alphabets.
    if let Err(english) = Challenge::parse(args.words, MAX_WORDS) {
        let readable = |a: &Alphabet| Challenge::parse_in(a, args.words, MAX_WORDS).is_ok();
        let anywhere = alphabet::all().iter().any(|a| readable(a));
        let own = Config::read(args.config)
            .ok()
            .and_then(|c| service::division_alphabet(&c, args.division).ok());
        match own {
            Some(a) if !a.id().is_english() => {
                Challenge::parse_in(a, args.words, MAX_WORDS)?;
            }
            _ if !anywhere || own.is_some() => return Err(english.into()),
            _ => {}
        }
    }
    let config = Config::read(args.config)?;
    util::init_logging(&config);
    let alphabet = service::division_alphabet(&config, args.division)
        .inspect_err(|e| log::error!("judge: {e}"))?;
    // Read in the division's alphabet before any lexicon is loaded.
    Challenge::parse_in(alphabet, args.words, config.station.max_words)?;
    let division =
        service::division(&config, args.division).inspect_err(|e| log::error!("judge: {e}"))?;
    let challenge = Challenge::parse_in(
        division.rules.alphabet(),
        args.words,
        config.station.max_words,
    )?;
    if !args.no_log {
        util::may_write_slip_log(&config)?;
    }
    let log = (!args.no_log).then(|| wordjudge::event::slip_log(&config));
    let mut adjudicator = wordjudge::event::adjudicator_for(&config, log);
    let result = adjudicator.adjudicate_at(&division, &challenge, SlipKind::Director, args.table);
    util::print_log_alerts(&mut adjudicator);

    outln!("{}", result.verdict);
    let slip = match &result.slip {
        Ok(Some(slip)) => format!("slip {}", slip.slip),
        Ok(None) => "not logged (--no-log)".to_owned(),
        Err(_) => "SLIP NOT WRITTEN".to_owned(),
    };
    outln!(
        "{slip} · {} word(s) · division {} · {}",
        challenge.words().len(),
        division.name,
        util::describe_rules(&division.rules)
    );
    if args.explain {
        util::print_explanation(&division.rules.explain_for_director(&challenge));
    }
    // The process ends now; handing the lexicons' memory back page by page would cost more than
    // the lookups did (measured in BENCHMARKS.md), and the kernel reclaims it at exit anyway.
    let verdict = result.verdict;
    let slip = result.slip;
    std::mem::forget(division);
    if let Err(e) = slip {
        errln!("wordjudge: error: {e}");
        errln!("wordjudge: error: the verdict above stands, but its slip was NOT recorded — tell the director");
        return Ok(Outcome::LogFailed);
    }
    Ok(match verdict {
        Verdict::Acceptable => Outcome::Success,
        Verdict::Unacceptable => Outcome::Negative,
    })
}
