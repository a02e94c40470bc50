//! `wordjudge lexicon add CODE SOURCE`: compile a word list into a verified lexicon and record it.
//!
//! Where the file goes and the order of the writes are the library's ([`wordjudge::config::store`]); this
//! reads the word list, compiles it and tells the director what was done.

use std::path::Path;

use wordjudge::config::store::Addition;
use wordjudge::lexicon::alphabet::Alphabet;
use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::known::{thousands, Recognition};
use wordjudge::lexicon::source::{Format, OnInvalid};

use super::{util, CmdResult, Outcome};

pub struct Args<'a> {
    pub code: &'a str,
    pub source: &'a Path,
    pub format: Format,
    pub title: Option<&'a str>,
    pub policy: OnInvalid,
    pub config: &'a Path,
    /// `--accept-mislabel`: record a list whose code names a published edition it is not.
    pub accept_mislabel: bool,
    /// `--alphabet`: the tiles the list is written in.
    pub alphabet: &'static Alphabet,
}

pub fn run(args: Args) -> CmdResult {
    // No configuration yet: this run creates one, and says what it holds.
    let created = !args.config.exists();
    // The code and the configuration first: either wrong stops us before the list is read.
    let addition = Addition::prepare(args.config, args.code)?;
    let read = util::read_source(args.source, args.format, args.alphabet, args.policy)?;
    let kind = read.entries.kind;
    let entries = read.entries.words.len();
    let compiled = compile(read.entries.words)?;
    let recognition = Recognition::of(Some(args.code), &compiled.content_sha256, compiled.words);

    outln!(
        "Read {} as a {kind}: {} entries, {} distinct words ({} duplicates)",
        args.source.display(),
        thousands(entries as u64),
        thousands(compiled.words),
        thousands(compiled.duplicates),
    );
    if recognition.is_warning() && args.accept_mislabel {
        errln!(
            "wordjudge: {recognition} — accepted by the director (--accept-mislabel): recorded \
             as accept_mislabel = true, and shown as MISLABEL ACCEPTED by every check"
        );
        log::warn!(
            "lexicon add {}: {recognition}; accepted (--accept-mislabel)",
            args.code
        );
    }
    outln!("Recognised: {recognition}");

    let added = addition.add(&compiled, args.title, read.sha256, args.accept_mislabel)?;
    outln!(
        "Wrote {}: {} bytes, SHA-256 {}",
        added.file.display(),
        thousands(compiled.fst.len() as u64),
        compiled.fst_sha256
    );
    outln!(
        "Recorded lexicon {} in {} (edition: {})",
        args.code,
        args.config.display(),
        added.recognition.edition_field()
    );
    if created {
        outln!(
            "Created {config}: station id \"station-1\" (make it unique: each station's id is on \
             its slips), no director PIN yet (set one: wordjudge pin set), no division yet (add a \
             [divisions.NAME] section with primary = \"{code}\"); {config}.lock beside it is its \
             lock file, kept there",
            config = args.config.display(),
            code = args.code,
        );
    }
    log::info!(
        "lexicon add {}: {} words, sha256 {}, source {} ({})",
        args.code,
        compiled.words,
        compiled.fst_sha256,
        args.source.display(),
        read.sha256
    );
    if let Some(e) = added.remaining {
        errln!(
            "wordjudge: warning: {} still has problems:\n{e}",
            args.config.display()
        );
    }
    Ok(Outcome::Success)
}
