//! Adjudication: one verdict for a whole challenge.
//!
//! A challenge is checked as a whole before anything is looked up ([`Challenge::parse`]): every
//! word must be a word, or nothing is judged. The verdict is ACCEPTABLE only if every word is
//! acceptable, and it never says which word failed — the rule books forbid it
//! (NSA II.L.5, WESPA 3.11.2).

use std::fmt;

use crate::config::Config;
use crate::lexicon::{Lexicon, LoadError};
use crate::word::{Word, WordError};

/// The one result a challenge gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Acceptable,
    Unacceptable,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Acceptable => "ACCEPTABLE",
            Verdict::Unacceptable => "UNACCEPTABLE",
        })
    }
}

/// The words of one challenge, all valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge(Vec<Word>);

/// Why typed words are not a challenge that can be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChallengeError {
    #[error("no words to judge: type every challenged word")]
    NoWords,
    #[error("word {position} ({text:?}) {error}")]
    BadWord {
        /// 1-based position in the challenge.
        position: usize,
        text: String,
        error: WordError,
    },
}

impl Challenge {
    /// Checks every typed word; the first bad one is named with its position.
    pub fn parse<S: AsRef<str>>(typed: &[S]) -> Result<Challenge, ChallengeError> {
        if typed.is_empty() {
            return Err(ChallengeError::NoWords);
        }
        typed
            .iter()
            .enumerate()
            .map(|(i, text)| {
                Word::parse(text.as_ref()).map_err(|error| ChallengeError::BadWord {
                    position: i + 1,
                    text: text.as_ref().to_owned(),
                    error,
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Challenge)
    }

    pub fn words(&self) -> &[Word] {
        &self.0
    }
}

/// A division with its lexicon verified, ready to judge.
#[derive(Debug)]
pub struct Division {
    pub name: String,
    primary: Lexicon,
}

/// Why a division cannot judge.
#[derive(Debug, thiserror::Error)]
pub enum DivisionError {
    #[error("{path} defines no division; add one, e.g. [divisions.main] with primary = \"CODE\"")]
    NoDivisions { path: String },
    #[error("no division {name:?} in {path} (divisions: {available})")]
    Unknown {
        name: String,
        path: String,
        available: String,
    },
    #[error(transparent)]
    Lexicon(#[from] LoadError),
}

impl Division {
    /// Verifies the lexicons of division `name` (the first division when `None`).
    pub fn load(config: &Config, name: Option<&str>) -> Result<Division, DivisionError> {
        let path = config.path.display().to_string();
        let division = match name {
            None => config
                .divisions
                .values()
                .next()
                .ok_or(DivisionError::NoDivisions { path })?,
            Some(name) => config
                .divisions
                .get(name)
                .ok_or_else(|| DivisionError::Unknown {
                    name: name.to_owned(),
                    path,
                    available: if config.divisions.is_empty() {
                        "none".to_owned()
                    } else {
                        config
                            .divisions
                            .keys()
                            .cloned()
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                })?,
        };
        // Config parsing guarantees the division's lexicon is configured.
        let lex = &config.lexicons[&division.primary];
        let primary = Lexicon::load(&lex.code, &lex.file, &lex.expected)?;
        Ok(Division {
            name: division.name.clone(),
            primary,
        })
    }

    /// Builds a division from an already verified lexicon.
    pub fn new(name: impl Into<String>, primary: Lexicon) -> Division {
        Division {
            name: name.into(),
            primary,
        }
    }

    pub fn primary(&self) -> &Lexicon {
        &self.primary
    }

    /// The verdict on a challenge: acceptable only if every word is.
    pub fn judge(&self, challenge: &Challenge) -> Verdict {
        if challenge.words().iter().all(|w| self.primary.contains(w)) {
            Verdict::Acceptable
        } else {
            Verdict::Unacceptable
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::compile;
    use crate::lexicon::Expected;

    fn division(list: &[&str]) -> Division {
        let c = compile(list.iter().map(|s| Word::parse(s).unwrap()).collect()).unwrap();
        let expected = Expected {
            sha256: c.fst_sha256,
            words: c.words,
        };
        let lex = Lexicon::from_bytes("T".into(), "t.fst".into(), c.fst, &expected).unwrap();
        Division::new("main", lex)
    }

    #[test]
    fn one_verdict_for_several_words() {
        let d = division(&["QI", "ZA", "CAT"]);
        let all_good = Challenge::parse(&["qi", "ZA", "cat"]).unwrap();
        let one_bad = Challenge::parse(&["QI", "QA", "CAT"]).unwrap();
        assert_eq!(d.judge(&all_good), Verdict::Acceptable);
        assert_eq!(d.judge(&one_bad), Verdict::Unacceptable);
    }

    #[test]
    fn invalid_input_is_refused_before_judging_naming_the_word() {
        let err = Challenge::parse(&["QI", "Z4", "CAT"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "word 2 (\"Z4\") contains '4', which is not a letter A-Z"
        );
        assert_eq!(
            Challenge::parse::<&str>(&[]).unwrap_err(),
            ChallengeError::NoWords
        );
    }

    #[test]
    fn verdict_text_is_all_a_player_sees() {
        assert_eq!(Verdict::Acceptable.to_string(), "ACCEPTABLE");
        assert_eq!(Verdict::Unacceptable.to_string(), "UNACCEPTABLE");
    }
}
