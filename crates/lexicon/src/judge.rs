//! Adjudication by the rules: one verdict for a whole challenge.
//!
//! A challenge is checked as a whole before anything is looked up ([`Challenge::parse`]): 1 to
//! `max_words` words, every one a word, or nothing is judged. A division's [`Rules`] say which
//! lexicons count: the primary, then a fallback chain where each lexicon only counts for words of
//! at least its minimum length (NSA I.A.1: OWL, then the Long List for words over nine letters;
//! SA rules 3: a longer chain). The verdict is ACCEPTABLE only if every word is acceptable, and the
//! player-facing [`Rules::judge`] returns nothing else — which word failed is only available through
//! [`Rules::explain_for_director`] (NSA II.L.5, WESPA 3.11.2(a)(viii)).

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::alphabet::{self, Alphabet};
use crate::lexicon::Lexicon;
use crate::word::{Word, WordError};

/// The one result a challenge gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    #[serde(rename = "ACCEPTABLE")]
    Acceptable,
    #[serde(rename = "UNACCEPTABLE")]
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
    #[error("{given} words given; a challenge has at most {max}")]
    TooMany { given: usize, max: usize },
    #[error("word {position} ({text:?}) {error}")]
    BadWord {
        /// 1-based position in the challenge.
        position: usize,
        text: String,
        error: WordError,
    },
}

impl Challenge {
    /// Checks every typed word (at most `max_words`); the first bad one is named with its position.
    pub fn parse<S: AsRef<str>>(
        typed: &[S],
        max_words: usize,
    ) -> Result<Challenge, ChallengeError> {
        Challenge::parse_in(alphabet::english(), typed, max_words)
    }

    /// [`Challenge::parse`] for words typed in `alphabet` (a division's: [`Rules::alphabet`]).
    pub fn parse_in<S: AsRef<str>>(
        alphabet: &Alphabet,
        typed: &[S],
        max_words: usize,
    ) -> Result<Challenge, ChallengeError> {
        if typed.is_empty() {
            return Err(ChallengeError::NoWords);
        }
        if typed.len() > max_words {
            return Err(ChallengeError::TooMany {
                given: typed.len(),
                max: max_words,
            });
        }
        typed
            .iter()
            .enumerate()
            .map(|(i, text)| {
                Word::parse_in(alphabet, text.as_ref()).map_err(|error| ChallengeError::BadWord {
                    position: i + 1,
                    text: quoted_start(text.as_ref()),
                    error,
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Challenge)
    }

    /// A challenge of words already checked (at least one).
    pub fn from_words(words: Vec<Word>) -> Result<Challenge, ChallengeError> {
        if words.is_empty() {
            Err(ChallengeError::NoWords)
        } else {
            Ok(Challenge(words))
        }
    }

    pub fn words(&self) -> &[Word] {
        &self.0
    }
}

/// What of a typed word an error repeats: all of it, or its first 40 characters and "…" (a
/// pasted megabyte is not echoed back).
fn quoted_start(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// A lexicon consulted for words of at least `min_length` letters.
#[derive(Debug, Clone)]
pub struct Fallback {
    pub lexicon: Arc<Lexicon>,
    pub min_length: usize,
}

/// How acceptability is decided: a verified primary lexicon and a fallback chain.
#[derive(Debug, Clone)]
pub struct Rules {
    primary: Arc<Lexicon>,
    fallback: Vec<Fallback>,
}

/// What the director may see about one word: whether it was acceptable, and which lexicon
/// accepted it. Never shown to players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WordFinding {
    pub word: String,
    pub acceptable: bool,
    /// Code of the lexicon that accepted it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found_in: Option<String>,
}

impl Rules {
    pub fn new(primary: Arc<Lexicon>, fallback: Vec<Fallback>) -> Rules {
        Rules { primary, fallback }
    }

    /// The alphabet words are typed in: the primary lexicon's (`config check` makes every
    /// lexicon of a division share it; a word of another alphabet is in no lexicon).
    pub fn alphabet(&self) -> &'static Alphabet {
        self.primary.alphabet().get()
    }

    /// The lexicon that makes `word` acceptable, if any.
    fn accepting(&self, word: &Word) -> Option<&Lexicon> {
        if self.primary.contains(word) {
            return Some(&self.primary);
        }
        self.fallback
            .iter()
            .find(|f| word.len() >= f.min_length && f.lexicon.contains(word))
            .map(|f| &*f.lexicon)
    }

    /// The verdict on a challenge: acceptable only if every word is. Nothing else is revealed.
    pub fn judge(&self, challenge: &Challenge) -> Verdict {
        if challenge
            .words()
            .iter()
            .all(|w| self.accepting(w).is_some())
        {
            Verdict::Acceptable
        } else {
            Verdict::Unacceptable
        }
    }

    /// Per-word detail — for the director only (slip log, `--explain`, director mode).
    pub fn explain_for_director(&self, challenge: &Challenge) -> Vec<WordFinding> {
        challenge
            .words()
            .iter()
            .map(|w| {
                let found = self.accepting(w);
                WordFinding {
                    word: w.to_string(),
                    acceptable: found.is_some(),
                    found_in: found.map(|l| l.code().to_owned()),
                }
            })
            .collect()
    }

    /// Every lexicon these rules consult, primary first.
    pub fn lexicons(&self) -> impl Iterator<Item = &Lexicon> {
        std::iter::once(&*self.primary).chain(self.fallback.iter().map(|f| &*f.lexicon))
    }

    pub fn primary(&self) -> &Lexicon {
        &self.primary
    }

    pub fn fallbacks(&self) -> &[Fallback] {
        &self.fallback
    }
}

/// A division with its lexicons verified, ready to judge.
#[derive(Debug, Clone)]
pub struct Division {
    pub name: String,
    pub title: Option<String>,
    pub rules: Rules,
    /// The rules for a second opinion: the second-opinion lexicon in place of the primary, the
    /// same chain. `None` when the division names no second-opinion lexicon (the same rules apply).
    pub second_opinion: Option<Rules>,
}

impl Division {
    /// A division judged by `rules` alone.
    pub fn new(name: impl Into<String>, rules: Rules) -> Division {
        Division {
            name: name.into(),
            title: None,
            rules,
            second_opinion: None,
        }
    }

    /// The rules a second opinion uses.
    pub fn second_opinion_rules(&self) -> &Rules {
        self.second_opinion.as_ref().unwrap_or(&self.rules)
    }
}

/// The longest word, in letters, that the re-challenge guard takes as known to every tournament
/// player: the two-letter words. Whether one of them is good is learnt from the word lists every
/// player studies, not from a station, so judging one tells a pair nothing of a failed play.
pub const PUBLIC_LETTERS: usize = 2;

/// Whether `word` is one of the words every tournament player knows ([`PUBLIC_LETTERS`] letters
/// or fewer). Letters are counted, not tiles: a word with a two-letter tile (Catalan `L·L`,
/// Spanish `CH`) counts longer than its tiles, so the guard keeps more such words, never fewer.
pub fn is_public(word: &str) -> bool {
    word.chars().filter(|c| c.is_alphabetic()).count() <= PUBLIC_LETTERS
}

/// Whether every two-letter word of a judged play was good, from its per-word findings (as
/// judged, or as its slip records them): a fact every player knows. `false` when the findings
/// are missing, so that the guard keeps what it cannot tell.
pub fn publics_good(findings: &[WordFinding]) -> bool {
    !findings.is_empty()
        && findings
            .iter()
            .filter(|f| is_public(&f.word))
            .all(|f| f.acceptable)
}

/// Whether judging the play `new` could tell the players something about the single words of
/// `failed`, a play judged UNACCEPTABLE, that not every player knows. Part of the failed play,
/// alone or with words known to be good, is judged as that part deserves — which tells whether
/// the culprit was in it (NSA App. C note **, WESPA 3.11.2(a)(viii)). So it does when `new`
/// holds some of `failed`'s words (as a multiset) but not all of them and more, unless:
///
/// - the words in common are all two-letter words ([`is_public`]): every player knows whether
///   those are good;
/// - the failed play had one word longer than two letters and its two-letter words were all good
///   (`publics_good`, [`publics_good`]): then everyone knows that word was the culprit.
///
/// A play holding none of its words tells nothing of them, and one holding all of them and more
/// is unacceptable whatever the rest is. The same play again is counted as revealing: it is a
/// second opinion, which has rules of its own. Whether a longer word is good plays no part: the
/// guard's refusal itself must tell nothing.
pub fn reveals_part_of<S: AsRef<str>>(new: &[S], failed: &[S], publics_good: bool) -> bool {
    let mut left: Vec<&str> = failed.iter().map(AsRef::as_ref).collect();
    let mut secret_in_common = false;
    for word in new {
        if let Some(i) = left.iter().position(|w| *w == word.as_ref()) {
            secret_in_common |= !is_public(left[i]);
            left.swap_remove(i);
        }
    }
    let the_same_play = left.is_empty() && new.len() == failed.len();
    let holds_all_and_more = left.is_empty() && new.len() > failed.len();
    let secrets = failed.iter().filter(|w| !is_public(w.as_ref())).count();
    let culprit_known = publics_good && secrets == 1;
    the_same_play || (secret_in_common && !holds_all_and_more && !culprit_known)
}

/// Lexicons made in memory, for this crate's tests and the crates above it (feature `testing`).
#[cfg(any(test, feature = "testing"))]
pub mod testing {
    use std::sync::Arc;

    use crate::alphabet::Alphabet;
    use crate::compile::compile;
    use crate::lexicon::{Expected, Lexicon};
    use crate::word::Word;

    pub fn lexicon(code: &str, list: &[&str]) -> Arc<Lexicon> {
        lexicon_in(crate::alphabet::english(), code, list)
    }

    /// Lexicon `code` of `list`, words written in `alphabet`'s notation.
    pub fn lexicon_in(alphabet: &Alphabet, code: &str, list: &[&str]) -> Arc<Lexicon> {
        let words = list.iter().map(|s| Word::parse_in(alphabet, s).unwrap());
        let c = compile(words.collect()).unwrap();
        let expected = Expected {
            sha256: c.fst_sha256,
            words: c.words,
            alphabet: c.alphabet,
        };
        Arc::new(
            Lexicon::from_bytes(code.into(), format!("{code}.fst").into(), c.fst, &expected)
                .unwrap(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;

    #[test]
    fn a_huge_bad_word_is_named_by_its_start_only() {
        let huge = "A".repeat(100_000);
        let err = Challenge::parse(&["QI", huge.as_str()], 8).unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with(&format!("word 2 (\"{}…\")", "A".repeat(40))),
            "{text}"
        );
        assert!(
            text.len() < 200 && text.contains("100000 letters"),
            "{text}"
        );
        let short = Challenge::parse(&["Q1"], 8).unwrap_err().to_string();
        assert!(short.starts_with("word 1 (\"Q1\")"), "{short}");
    }

    fn challenge(words: &[&str]) -> Challenge {
        Challenge::parse(words, 8).unwrap()
    }

    /// NSA: OWL for everything, the Long List only for words of ten or more letters.
    fn nsa() -> Rules {
        let owl = lexicon("OWL", &["QI", "ZA", "CAT", "EDUCATION"]);
        let ll = lexicon(
            "LL",
            &[
                "BALDERDASH",
                "STRAWBERRY",
                "ABSOLUTELY",
                "CAMOUFLAGE",
                "FLABBERGAST",
                "NINELETTR",
            ],
        );
        Rules::new(
            owl,
            vec![Fallback {
                lexicon: ll,
                min_length: 10,
            }],
        )
    }

    #[test]
    fn one_verdict_for_several_words() {
        let rules = nsa();
        assert_eq!(
            rules.judge(&challenge(&["qi", "ZA", "cat"])),
            Verdict::Acceptable
        );
        assert_eq!(
            rules.judge(&challenge(&["QI", "QA", "CAT"])),
            Verdict::Unacceptable
        );
        assert_eq!(
            rules.judge(&challenge(&["QA", "ZA", "CAT"])),
            Verdict::Unacceptable
        );
    }

    #[test]
    fn word_over_nine_letters_found_only_in_the_long_list_is_acceptable() {
        assert_eq!(
            nsa().judge(&challenge(&["BALDERDASH"])),
            Verdict::Acceptable
        );
        assert_eq!(
            nsa().judge(&challenge(&["FLABBERGAST", "QI"])),
            Verdict::Acceptable
        );
    }

    #[test]
    fn nine_letter_word_found_only_in_the_long_list_is_not_acceptable() {
        assert_eq!(
            nsa().judge(&challenge(&["NINELETTR"])),
            Verdict::Unacceptable
        );
    }

    #[test]
    fn sa_style_chain_applies_each_source_to_its_own_lengths() {
        // Redwood list, then OSW for 5+, then Chambers for 7+, then Merriam-Webster for 9+.
        let rules = Rules::new(
            lexicon("REDWOOD", &["CAT"]),
            vec![
                Fallback {
                    lexicon: lexicon("OSW", &["DOG", "HOUSE"]),
                    min_length: 5,
                },
                Fallback {
                    lexicon: lexicon("CHAMBERS", &["HOUSE", "GARDENS", "HAT"]),
                    min_length: 7,
                },
                Fallback {
                    lexicon: lexicon("MW", &["GARDENING", "TREES"]),
                    min_length: 9,
                },
            ],
        );
        for (word, verdict) in [
            ("CAT", Verdict::Acceptable),     // primary, any length
            ("HOUSE", Verdict::Acceptable),   // OSW at 5
            ("DOG", Verdict::Unacceptable),   // OSW, but only 3 letters
            ("GARDENS", Verdict::Acceptable), // Chambers at 7
            ("HAT", Verdict::Unacceptable),   // Chambers, too short
            ("GARDENING", Verdict::Acceptable),
            ("TREES", Verdict::Unacceptable), // MW, too short
        ] {
            assert_eq!(rules.judge(&challenge(&[word])), verdict, "{word}");
        }
        let found = rules.explain_for_director(&challenge(&["HOUSE", "GARDENS"]));
        assert_eq!(found[0].found_in.as_deref(), Some("OSW"));
        assert_eq!(found[1].found_in.as_deref(), Some("CHAMBERS"));
    }

    #[test]
    fn invalid_input_is_refused_before_judging_naming_the_word() {
        let err = Challenge::parse(&["QI", "Z4", "CAT"], 8).unwrap_err();
        assert_eq!(
            err.to_string(),
            "word 2 (\"Z4\") contains '4', which is not a letter A-Z"
        );
        assert_eq!(
            Challenge::parse::<&str>(&[], 8).unwrap_err(),
            ChallengeError::NoWords
        );
        assert_eq!(
            Challenge::parse(&["QI"; 9], 8).unwrap_err().to_string(),
            "9 words given; a challenge has at most 8"
        );
        assert!(
            Challenge::parse(&["QI"; 3], 2).is_err(),
            "max_words is configurable"
        );
    }

    #[test]
    fn player_api_cannot_reveal_the_failing_word() {
        // The player path returns a Verdict: two values, carrying no word. Whichever word fails,
        // the result is identical.
        let rules = nsa();
        let a = rules.judge(&challenge(&["QA", "ZA", "CAT"]));
        let b = rules.judge(&challenge(&["QI", "ZA", "CAX"]));
        assert_eq!(a, b);
        assert_eq!(format!("{a:?}"), "Unacceptable");
        assert_eq!(a.to_string(), "UNACCEPTABLE");
        // The director's explanation does name it.
        let detail = rules.explain_for_director(&challenge(&["QI", "QA"]));
        assert!(detail[0].acceptable && !detail[1].acceptable);
        assert_eq!(detail[1].word, "QA");
    }

    #[test]
    fn a_play_reveals_part_of_a_failed_one_when_it_holds_some_but_not_all_and_more_of_its_words() {
        let failed = ["HEWINGS", "COUTILS", "ZO", "BUBKESES"];
        for (new, reveals) in [
            (&["BUBKESES"][..], true),
            (&["HEWINGS", "ZO", "BUBKESES"], true),
            (&["BUBKESES", "QI"], true),
            (&["BUBKESES", "COUTILS", "ZO", "HEWINGS"], true),
            (&["QI", "ZA"], false),
            (&["BUBKESES", "COUTILS", "ZO", "HEWINGS", "QI"], false),
            // Only a two-letter word in common: every player knows whether ZO is good.
            (&["ZO"], false),
            (&["BRUH", "ZO"], false),
            (&["ZO", "HEWING"], false),
        ] {
            assert_eq!(reveals_part_of(new, &failed, false), reveals, "{new:?}");
            // Three longer words: which was the culprit is not known, whatever ZO was.
            assert_eq!(reveals_part_of(new, &failed, true), reveals, "{new:?}");
        }
        // As multisets: a word twice in the new play is in the failed one only as often as it is
        // there.
        let failed = ["QOPH", "ZOA"];
        assert!(reveals_part_of(&["ZOA", "ZOA"], &["ZOA", "QI"], false));
        assert!(!reveals_part_of(
            &["ZOA", "ZOA", "QI"],
            &["ZOA", "QI"],
            false
        ));
        assert!(reveals_part_of(
            &["ZOA", "ZOA"],
            &["ZOA", "ZOA", "QI"],
            false
        ));
        assert!(!reveals_part_of::<&str>(&[], &failed, false));
        // A failed play of two-letter words only: nothing in it is a secret; but the same play
        // again is still a second opinion's to judge.
        assert!(!reveals_part_of(&["ZE"], &["ZE", "QI"], false));
        assert!(reveals_part_of(&["QI", "ZE"], &["ZE", "QI"], false));
        // One longer word, its two-letter words good: everyone knows it was the culprit, and
        // judging it again tells nothing (but a two-letter word that was bad leaves it unknown).
        assert!(!reveals_part_of(&["QOPH", "ZA"], &["QOPH", "ZO"], true));
        assert!(reveals_part_of(&["QOPH", "ZA"], &["QOPH", "ZO"], false));
        assert!(reveals_part_of(&["QOPH", "ZO"], &["QOPH", "ZO"], true));
        assert!(reveals_part_of(&["QOPH"], &["QOPH", "ZOEA"], true));
        let finding = |word: &str, acceptable| WordFinding {
            word: word.into(),
            acceptable,
            found_in: None,
        };
        assert!(publics_good(&[finding("QOPH", false), finding("ZO", true)]));
        assert!(!publics_good(&[
            finding("QOPH", false),
            finding("ZE", false)
        ]));
        assert!(!publics_good(&[]));
        // Letters, not tiles: L·L is one tile, and L·LA three letters.
        assert!(is_public("ZO") && !is_public("ZOA") && !is_public("L·LA") && is_public("L·L"));
    }

    #[test]
    fn second_opinion_rules_replace_the_primary_and_keep_the_chain() {
        let mut division = Division::new("main", nsa());
        assert!(std::ptr::eq(
            division.second_opinion_rules(),
            &division.rules
        ));
        let chain = division.rules.fallback.clone();
        division.second_opinion = Some(Rules::new(lexicon("NWL", &["QI", "OK"]), chain));
        let second = division.second_opinion_rules();
        assert_eq!(second.primary().code(), "NWL");
        assert_eq!(
            second.judge(&challenge(&["OK", "BALDERDASH"])),
            Verdict::Acceptable
        );
        assert_eq!(
            division.rules.judge(&challenge(&["OK"])),
            Verdict::Unacceptable
        );
    }
}
