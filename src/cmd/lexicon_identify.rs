//! `wordjudge lexicon identify SOURCE`: which edition is this file? Writes nothing.

use std::path::Path;

use wordjudge::compile::compile;
use wordjudge::known::{thousands, Recognition};
use wordjudge::source::{Format, OnInvalid};

use super::{util, CmdResult, Outcome};

pub fn run(source_path: &Path, format: Format, policy: OnInvalid) -> CmdResult {
    let read = util::read_source(source_path, format, policy)?;
    let compiled = compile(read.entries.words)?;
    let recognition = Recognition::of(None, &compiled.content_sha256, compiled.words);
    println!("{}", source_path.display());
    println!("  read as         {}", read.entries.kind);
    println!("  words           {}", thousands(compiled.words));
    println!("  two-letter      {}", compiled.two_letter);
    println!("  longest         {}", compiled.max_len);
    println!("  source SHA-256  {}", read.sha256);
    println!("  content SHA-256 {}", compiled.content_sha256);
    println!("  edition         {recognition}");
    Ok(Outcome::Success)
}
