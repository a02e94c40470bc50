//! `wordjudge slips recheck`: re-judge every slip of the log against the lexicons configured
//! now — a second opinion with its division's second-opinion lexicons — writing nothing, and
//! list the slips whose verdict would differ.

use std::collections::HashMap;
use std::path::Path;

use wordjudge::config::service::InService;
use wordjudge::config::Config;
use wordjudge::lexicon::judge::Division;
use wordjudge::sliplog::adjudicate::recheck;

use super::{util, CmdResult, Outcome};

pub fn run(config_path: &Path) -> CmdResult {
    let config = Config::read(config_path)?;
    util::init_logging(&config);
    let contents = util::read_slips(&config)?;
    let mut service = InService::default();
    let mut divisions: HashMap<String, Division> = HashMap::new();
    for s in &contents.slips {
        let name = &s.division;
        if !divisions.contains_key(name) {
            if let Some(dc) = config.divisions.get(name) {
                divisions.insert(name.clone(), service.division(&config, dc)?);
            }
        }
    }
    let (rechecked, skipped) = recheck(&contents.slips, |name| divisions.get(name));
    let differ: Vec<_> = rechecked.iter().filter(|r| r.recorded != r.now).collect();
    for r in &differ {
        outln!(
            "slip {} ({}): recorded {}, now {}",
            r.slip,
            r.kind,
            r.recorded,
            r.now
        );
    }
    if !skipped.is_empty() {
        outln!(
            "{} slip(s) not rechecked (their division is no longer configured): {}",
            skipped.len(),
            skipped
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let seconds = rechecked
        .iter()
        .filter(|r| r.kind == wordjudge::sliplog::SlipKind::SecondOpinion)
        .count();
    let seconds = match seconds {
        0 => String::new(),
        n => format!(" ({n} second opinion(s), each with its division's second-opinion lexicons)"),
    };
    outln!(
        "{} of {} slip(s) rechecked{seconds}, {} differ",
        rechecked.len(),
        contents.slips.len(),
        differ.len()
    );
    Ok(if differ.is_empty() {
        Outcome::Success
    } else {
        Outcome::Negative
    })
}
