//! # wordjudge
//!
//! The adjudication station for tournament Scrabble. When a play is challenged, the challenger
//! types every challenged word, the challenged player presses JUDGE, and the station shows one
//! verdict for the whole play — acceptable or unacceptable — never which word failed.
//!
//! The library is the whole program; the `wordjudge` binary is a thin command line over it.
//! Data flows one way:
//!
//! ```text
//! word-list file ──source──▶ words ──compile──▶ .fst bytes + fingerprints ──▶ lexicons/CODE.fst
//!                                                        │                      + kiosk.toml entry
//!                                                   known (edition)
//! kiosk.toml ──config──▶ Config ──lexicon::Lexicon::load (hash, checksum, count)──▶ Lexicon
//! words typed ──word::Word──▶ judge::judge(division, words) ──▶ Verdict
//! ```
//!
//! Invariant: a [`lexicon::Lexicon`] can only be obtained by verifying its file against the SHA-256
//! and word count the director recorded, so no word is ever looked up in an unverified file.

pub mod compile;
pub mod config;
pub mod digest;
pub mod fsutil;
pub mod judge;
pub mod known;
pub mod lexicon;
pub mod source;
pub mod word;
