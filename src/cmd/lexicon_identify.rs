//! `wordjudge lexicon identify SOURCE`: which edition is this file? Writes nothing.

use std::path::Path;
use wordjudge::lexicon::alphabet::Alphabet;

use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::known::{thousands, Recognition};
use wordjudge::lexicon::source::{Format, OnInvalid};

use super::{util, CmdResult, Outcome};

pub fn run(
    source_path: &Path,
    format: Format,
    alphabet: &'static Alphabet,
    policy: OnInvalid,
) -> CmdResult {
    let read = util::read_source(source_path, format, alphabet, policy)?;
    let compiled = compile(read.entries.words)?;
    let recognition = Recognition::of(None, &compiled.content_sha256, compiled.words);
    outln!("{}", source_path.display());
    outln!("  read as         {}", read.entries.kind);
    if !alphabet.id().is_english() {
        outln!("  alphabet        {}", alphabet.language);
    }
    outln!("  words           {}", thousands(compiled.words));
    outln!("  two-letter      {}", compiled.two_letter);
    outln!("  longest         {}", compiled.max_len);
    outln!("  source SHA-256  {}", read.sha256);
    outln!("  content SHA-256 {}", compiled.content_sha256);
    outln!("  edition         {recognition}");
    Ok(Outcome::Success)
}
