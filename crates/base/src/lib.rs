//! # wordjudge-base
//!
//! What every other part of wordjudge stands on, and nothing of Scrabble: a SHA-256 as the
//! project writes it ([`digest`]), text from files and people made safe to show ([`text`]),
//! atomic and bounded file access ([`fsutil`]), the time ([`clock`]), where a station's files are
//! ([`layout`]), where a path really leads ([`place`]), and a station folder as root reads and
//! writes it ([`nolink`]).
//!
//! This crate knows no word, lexicon, slip or configuration: [`layout`] names a station's files
//! and their roles, but what `kiosk.toml` says of them is the configuration's to fill in.

#![forbid(unsafe_code)]

pub mod clock;
pub mod digest;
pub mod fsutil;
pub mod layout;
pub mod nolink;
pub mod place;
pub mod text;
