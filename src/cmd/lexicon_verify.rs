//! `wordjudge lexicon verify`: check every configured lexicon before play starts.
//!
//! Each lexicon goes through the in-service check the station, `judge`, `rejudge` and `slips
//! recheck` use ([`service::check_lexicon`]): file SHA-256, fst structure and checksum, word
//! count, then every word read back and the canonical content digest compared with the one
//! recorded when it was compiled, and with the table of published editions.

use std::path::Path;

use wordjudge::config::service::{self, LexiconProblem, ReadBack};
use wordjudge::config::{Config, LexiconConfig};
use wordjudge::lexicon::known::thousands;
use wordjudge::lexicon::lexicon::ContentProblem;
use wordjudge::lexicon::LoadError;

use super::{util, CmdResult, Outcome};

const OK: &str = "OK";
const FAIL: &str = "FAIL";
const UNCHECKED: &str = "-";

struct Row {
    code: String,
    words: String,
    file_hash: &'static str,
    checksum: &'static str,
    content: &'static str,
    edition: String,
    problem: Option<String>,
}

pub fn run(config_path: &Path) -> CmdResult {
    let config = Config::read(config_path)?;
    util::init_logging(&config);
    if config.lexicons.is_empty() {
        outln!(
            "{} configures no lexicons; add one with `wordjudge lexicon add CODE SOURCE`",
            config_path.display()
        );
        return Ok(Outcome::Negative);
    }
    let rows: Vec<Row> = config.lexicons.values().map(check).collect();

    let header = [
        "CODE",
        "WORDS",
        "FILE SHA-256",
        "CHECKSUM",
        "CONTENT",
        "EDITION",
    ];
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|r| {
            [
                r.code.clone(),
                r.words.clone(),
                r.file_hash.to_owned(),
                r.checksum.to_owned(),
                r.content.to_owned(),
                r.edition.clone(),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &cells {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        cells
            .iter()
            .zip(widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_owned()
    };
    outln!("{}", line(&header.map(String::from)));
    for row in &cells {
        outln!("{}", line(row));
    }

    let failures: Vec<&Row> = rows.iter().filter(|r| r.problem.is_some()).collect();
    for row in &failures {
        let problem = row.problem.as_deref().unwrap_or_default();
        outln!("\n{}: {problem}", row.code);
        log::error!("lexicon verify {}: {problem}", row.code);
    }
    if failures.is_empty() {
        outln!("\nAll {} lexicon(s) verified.", rows.len());
        log::info!("lexicon verify: all {} lexicons verified", rows.len());
        Ok(Outcome::Success)
    } else {
        outln!(
            "\n{} of {} lexicon(s) FAILED verification; do not start play until every problem above is fixed.",
            failures.len(),
            rows.len()
        );
        Ok(Outcome::Negative)
    }
}

fn check(entry: &LexiconConfig) -> Row {
    let mut row = Row {
        code: entry.code.clone(),
        words: thousands(entry.expected.words),
        file_hash: UNCHECKED,
        checksum: UNCHECKED,
        content: UNCHECKED,
        edition: entry.edition.clone().unwrap_or_else(|| "?".into()),
        problem: None,
    };
    let problem = match service::check_lexicon(entry, ReadBack::Always) {
        Ok(checked) => {
            row.file_hash = OK;
            row.checksum = OK;
            row.content = if entry.content_sha256.is_some() {
                OK
            } else {
                "not recorded"
            };
            row.edition = checked.recognition.edition_field();
            if checked.recognition.is_warning() {
                // In service only because the director accepted it (accept_mislabel = true).
                row.edition.push_str(" (MISLABEL ACCEPTED)");
            }
            return row;
        }
        Err(LexiconProblem::Load(e)) => {
            match &*e {
                LoadError::HashMismatch { .. } => row.file_hash = FAIL,
                LoadError::NotALexicon { .. } | LoadError::ChecksumFailed { .. } => {
                    row.file_hash = OK;
                    row.checksum = FAIL;
                }
                LoadError::WordCount { found, .. } => {
                    row.file_hash = OK;
                    row.checksum = OK;
                    row.words = format!("{} (expected {})", thousands(*found), row.words);
                }
                _ => row.file_hash = FAIL,
            }
            e.to_string()
        }
        Err(LexiconProblem::Content(problem)) => {
            row.file_hash = OK;
            row.checksum = OK;
            match &*problem {
                ContentProblem::Mislabelled { recognition, .. } => {
                    row.content = OK;
                    row.edition = format!("{} (MISLABELLED)", recognition.edition_field());
                    // The table already names the lexicon; say what is wrong.
                    recognition.to_string()
                }
                ContentProblem::NotAWord(_) | ContentProblem::Changed { .. } => {
                    row.content = FAIL;
                    problem.to_string()
                }
            }
        }
    };
    row.problem = Some(problem);
    row
}
