//! # wordjudge
//!
//! The adjudication station for tournament Scrabble. When a play is challenged, the challenger
//! types every challenged word, the challenged player presses JUDGE, and the station shows one
//! verdict for the whole play — acceptable or unacceptable — never which word failed.
//!
//! The library is the whole program, in the crates under `crates/` (ARCHITECTURE.md, Layers);
//! the `wordjudge` binary is a thin command line over it, and this crate's library a facade that
//! gives the command line, the tests and the benchmarks one set of paths (`wordjudge::judge`,
//! `wordjudge::sliplog`, …) whichever crate holds them. Data flows one way:
//!
//! ```text
//! word-list file ──source──▶ words ──compile──▶ .fst bytes + fingerprints ──store──▶ lexicons/CODE.fst
//!                                                        │                          + kiosk.toml entry
//!                                                   known (edition)
//! kiosk.toml ──config──▶ Config ──service (Lexicon::load: hash, checksum, count; content
//!                                  recognised as labelled)──▶ Division, or why not
//! words typed ──judge::Challenge──▶ adjudicate::Adjudicator (Rules::judge, then slip fsynced)
//!                                        ──▶ Verdict + slip number (sliplog)
//! keys, touches, time ──protocol::Station──▶ protocol::View (the station window renders it)
//! ```
//!
//! Invariant: a [`lexicon::Lexicon`] can only be obtained by verifying its file against the SHA-256
//! and word count the director recorded, so no word is ever looked up in an unverified file; and
//! every program judges only with lexicons that pass the one in-service check, [`service`].
//!
//! The whole path in a few lines — compile a list, verify the result, judge two plays:
//!
//! ```
//! use wordjudge::compile::compile;
//! use std::sync::Arc;
//! use wordjudge::judge::{Challenge, Rules, Verdict};
//! use wordjudge::lexicon::{Expected, Lexicon};
//! use wordjudge::word::Word;
//!
//! let words = ["qi", "za", "cat"].iter().map(|w| Word::parse(w)).collect::<Result<_, _>>()?;
//! let compiled = compile(words)?;
//! let expected = Expected { sha256: compiled.fst_sha256, words: compiled.words, alphabet: compiled.alphabet };
//! let lexicon = Lexicon::from_bytes("DEMO".into(), "demo.fst".into(), compiled.fst, &expected)?;
//! let rules = Rules::new(Arc::new(lexicon), vec![]); // no fallback chain
//!
//! assert_eq!(rules.judge(&Challenge::parse(&["QI", "ZA"], 8)?), Verdict::Acceptable);
//! // One verdict for the whole play, whichever word is wrong.
//! assert_eq!(rules.judge(&Challenge::parse(&["QI", "QA"], 8)?), Verdict::Unacceptable);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## What the library offers, and to whom
//!
//! Nothing is published: the users are the two programs of this repository (`wordjudge`, whose
//! commands are `src/cmd/`, and `wordjudge-station`, which uses the crates directly, not this
//! facade), their tests and their benchmarks. Every module is public so that they can reach it;
//! the API they are meant to use is:
//!
//! - judging: [`word::Word`], [`judge`] (`Challenge`, `Rules`, `Division`, `Verdict`),
//!   [`adjudicate::Adjudicator`] (judge, then the slip on disk, then the verdict);
//! - lexicons: [`compile`], [`source`], [`store`] (`lexicon add`), [`lexicon::Lexicon`] (the only
//!   way to look a word up), [`service`] (the one in-service check), [`known`], [`alphabet`];
//! - the station's files: [`config`] (`kiosk.toml`), [`layout`] (where a station's files are),
//!   [`sliplog`] (the log: append, read, verify, anchors), [`diagnostics`];
//! - the station: [`protocol`] (`Station`, `Event`, `View`: the whole behaviour, no window);
//! - an event: [`event`] (bundles, signing, install, merge, the report), [`docket`], [`print`](mod@print);
//! - small helpers the programs share: [`clock`], [`digest`], [`fsutil`], [`text`].
//!
//! Anything else that is `pub` inside those modules is there for a test or a benchmark, not for
//! the programs; there is no stability promise beyond this repository.

pub use wordjudge_base::{clock, digest, fsutil, layout, text};
pub use wordjudge_config::{self as config, diagnostics, service, store};
pub use wordjudge_docket::{self as docket, print};
pub use wordjudge_lang::{self as lang, tr};
pub use wordjudge_lexicon::{alphabet, compile, judge, known, lexicon, source, word};
pub use wordjudge_protocol::for_each_label;
pub use wordjudge_sliplog::{self as sliplog, adjudicate};

/// Running an event: bundles, signing, installing (`wordjudge-event`), merging the stations'
/// logs and the report (`wordjudge-merge`).
pub mod event {
    pub use wordjudge_event::*;
    pub use wordjudge_merge::{self as merge, report};
}

/// The station protocol (`wordjudge-protocol`) and a station from its folder
/// (`wordjudge-kiosk`, as `setup`).
pub mod protocol {
    pub use wordjudge_kiosk as setup;
    pub use wordjudge_protocol::*;
}
