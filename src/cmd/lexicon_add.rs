//! `wordjudge lexicon add CODE SOURCE`: compile a word list into a verified lexicon and record it.
//!
//! Order of effects: the `.fst` file is replaced atomically first, then `kiosk.toml` is updated
//! atomically. A crash between the two leaves the old hash in `kiosk.toml`, so the station refuses
//! the new file (fails closed) until `lexicon add` is run again.

use std::path::{Path, PathBuf};

use wordjudge::compile::compile;
use wordjudge::config::{self, Config, Recorded};
use wordjudge::fsutil::write_atomically;
use wordjudge::known::{thousands, Recognition};
use wordjudge::service;
use wordjudge::source::{Format, OnInvalid};

use super::{util, CmdResult, Outcome};

pub struct Args<'a> {
    pub code: &'a str,
    pub source: &'a Path,
    pub format: Format,
    pub title: Option<&'a str>,
    pub policy: OnInvalid,
    pub config: &'a Path,
}

#[derive(Debug, thiserror::Error)]
enum AddError {
    #[error("lexicon code {0:?} must be 1-32 letters, digits, '.', '-' or '_', starting with a letter or digit (it names the file lexicons/CODE.fst)")]
    BadCode(String),
    #[error("cannot write {path}: {source}; nothing was changed")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

pub fn run(args: Args) -> CmdResult {
    if !config::valid_code(args.code) {
        return Err(AddError::BadCode(args.code.to_owned()).into());
    }
    // Read the configuration first: a re-added lexicon keeps its file, and a broken kiosk.toml
    // stops us before anything is written.
    let existing = config::recorded_file(args.config, args.code)?;
    let read = util::read_source(args.source, args.format, args.policy)?;
    let kind = read.entries.kind;
    let entries = read.entries.words.len();
    let compiled = compile(read.entries.words)?;
    let recognition = Recognition::of(Some(args.code), &compiled.content_sha256, compiled.words);

    println!(
        "Read {} as a {kind}: {} entries, {} distinct words ({} duplicates)",
        args.source.display(),
        thousands(entries as u64),
        thousands(compiled.words),
        thousands(compiled.duplicates),
    );
    if recognition.is_warning() {
        eprintln!("wordjudge: {recognition}");
        log::warn!("lexicon add {}: {recognition}", args.code);
    }
    println!("Recognised: {recognition}");

    let base = args.config.parent().unwrap_or(Path::new(""));
    let fst_path =
        existing.unwrap_or_else(|| base.join("lexicons").join(format!("{}.fst", args.code)));
    if let Some(dir) = fst_path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| AddError::Write {
            path: dir.to_owned(),
            source,
        })?;
    }
    let title = match (args.title, recognition.edition()) {
        (Some(t), _) => t.to_owned(),
        (None, Some(edition)) => edition.title.clone(),
        (None, None) => {
            previous_title(args.config, args.code).unwrap_or_else(|| args.code.to_owned())
        }
    };
    // Prepare the new configuration before touching any file, so a configuration that cannot
    // be updated leaves both the lexicon and kiosk.toml as they were.
    let new_config = config::with_lexicon(
        args.config,
        &Recorded::new(args.code, fst_path.clone(), &compiled, title, read.sha256),
    )?;
    write_atomically(&fst_path, &compiled.fst).map_err(|source| AddError::Write {
        path: fst_path.clone(),
        source,
    })?;
    // The words were just compiled: their content is known, no read-back is needed to trust it.
    service::remember_content(&fst_path, &compiled.fst_sha256, &compiled.content_sha256);
    println!(
        "Wrote {}: {} bytes, SHA-256 {}",
        fst_path.display(),
        thousands(compiled.fst.len() as u64),
        compiled.fst_sha256
    );
    config::write_config(args.config, &new_config)?;
    println!(
        "Recorded lexicon {} in {} (edition: {})",
        args.code,
        args.config.display(),
        recognition.edition_field()
    );
    log::info!(
        "lexicon add {}: {} words, sha256 {}, source {} ({})",
        args.code,
        compiled.words,
        compiled.fst_sha256,
        args.source.display(),
        read.sha256
    );
    // A configuration that still has problems elsewhere is worth saying now, not at the event.
    if let Err(e) = Config::load(args.config) {
        eprintln!(
            "wordjudge: warning: {} still has problems:\n{e}",
            args.config.display()
        );
    }
    Ok(Outcome::Success)
}

fn previous_title(config: &Path, code: &str) -> Option<String> {
    Config::read(config)
        .ok()?
        .lexicons
        .get(code)
        .map(|l| l.title.clone())
}
