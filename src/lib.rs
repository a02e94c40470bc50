//! # wordjudge
//!
//! The adjudication station for tournament Scrabble. When a play is challenged, the challenger
//! types every challenged word, the challenged player presses JUDGE, and the station shows one
//! verdict for the whole play — acceptable or unacceptable — never which word failed.
//!
//! The library is the whole program, in the crates under `crates/` (ARCHITECTURE.md, Layers);
//! the `wordjudge` binary is a thin command line over it, and this crate's library a facade that
//! gives the command line, the tests and the benchmarks one set of paths: each crate under its
//! own name (`wordjudge::lexicon` is `wordjudge-lexicon`, `wordjudge::merge` is `wordjudge-merge`).
//! Data flows one way:
//!
//! ```text
//! word-list file ──source──▶ words ──compile──▶ .fst bytes + fingerprints ──store──▶ lexicons/CODE.fst
//!                                                        │                          + kiosk.toml entry
//!                                                   known (edition)
//! kiosk.toml ──config──▶ Config ──service (Lexicon::load: hash, checksum, count; content
//!                                  recognised as labelled)──▶ Division, or why not
//! words typed ──lexicon::judge::Challenge──▶ sliplog::adjudicate::Adjudicator (Rules::judge,
//!                                        then the slip fsynced) ──▶ Verdict + slip number
//! keys, touches, time ──protocol::Station──▶ protocol::View (the station window renders it)
//! ```
//!
//! Invariant: a [`lexicon::Lexicon`] can only be obtained by verifying its file against the SHA-256
//! and word count the director recorded, so no word is ever looked up in an unverified file; and
//! every program judges only with lexicons that pass the one in-service check,
//! [`config::service`].
//!
//! The whole path in a few lines — compile a list, verify the result, judge two plays:
//!
//! ```
//! use wordjudge::lexicon::compile::compile;
//! use std::sync::Arc;
//! use wordjudge::lexicon::judge::{Challenge, Rules, Verdict};
//! use wordjudge::lexicon::{Expected, Lexicon};
//! use wordjudge::lexicon::word::Word;
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
//! facade), their tests and their benchmarks. The crates, lowest layer first (each crate's own
//! documentation says what it offers):
//!
//! - [`base`]: a SHA-256 as the project writes it, text made safe to show, bounded and atomic
//!   file access, the clock, where a station's files are;
//! - [`lexicon`]: alphabets, words, word lists, compiling, the published editions, the verified
//!   [`lexicon::Lexicon`] (the only way to look a word up), judging a challenge;
//! - [`lang`]: the screens' words in ten languages; [`sliplog`]: the slip log (append, read,
//!   verify, anchors, signatures) and the [`sliplog::adjudicate::Adjudicator`] (judge, then the
//!   slip on disk, then the verdict);
//! - [`config`]: `kiosk.toml`, the one in-service check ([`config::service`]), `lexicon add`;
//! - [`event`]: bundles, signing, installing; [`merge`]: `slips merge` and the event report;
//!   [`docket`]: dockets and printing; [`protocol`]: the station's whole behaviour, no window;
//! - [`station_files`]: a station started from its folder; [`web`]: the table judge.

// Each crate under its own name, nothing renamed or merged: `wordjudge::X` is the crate
// `wordjudge-X` (ARCHITECTURE.md, Layers).
pub use wordjudge_base as base;
pub use wordjudge_config as config;
pub use wordjudge_docket as docket;
pub use wordjudge_event as event;
pub use wordjudge_lang as lang;
pub use wordjudge_lexicon as lexicon;
pub use wordjudge_merge as merge;
pub use wordjudge_protocol as protocol;
pub use wordjudge_sliplog as sliplog;
pub use wordjudge_station_files as station_files;
pub use wordjudge_web as web;
