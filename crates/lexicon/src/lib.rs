//! # wordjudge-lexicon
//!
//! Words and the lists that judge them: the tournament alphabets ([`alphabet`]), a word as tiles
//! ([`word`]), reading word-list files ([`source`]), compiling them to `.fst` bytes and their
//! fingerprints ([`compile`]), the published editions ([`known`]), a verified lexicon, the only
//! way to look a word up ([`lexicon`]), and judging a challenge with one ([`judge`]).
//!
//! This crate knows nothing of stations: no configuration, no slip, no screen. It opens only
//! the file it is asked to read (a word list, a lexicon), and never writes one.

#![forbid(unsafe_code)]

pub mod alphabet;
pub mod compile;
pub mod judge;
pub mod known;
pub mod lexicon;
pub mod source;
pub mod word;

pub use lexicon::{Expected, Lexicon, LoadError};
