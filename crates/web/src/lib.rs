//! The judge in a browser (issue 40, its first part): the library's own lexicon verification and
//! rules, compiled to `wasm32-unknown-unknown`, so that a table-side judge runs exactly the
//! station's judging, not a rewrite in JavaScript.
//!
//! [`Judge`] is the whole of it, in safe Rust that the tests run natively: a lexicon's bytes are
//! verified against the SHA-256 and word count the director recorded (as a station does, by
//! [`Lexicon::from_bytes`]) before any verdict, and a play is judged as one challenge ([`Rules`]):
//! one verdict, never which word. [`abi`] hands it to JavaScript through the module's exports
//! (`wj_*`, plain numbers and bytes in the module's memory; no generated glue). `.ci/e2e-wasm`
//! loads the built module in node and judges 3,000 random plays against `wordjudge judge`.
//!
//! Not here yet: the station's protocol (screens, the hand-over, second opinions), the signed
//! bundle, the slip log in browser storage, and any page (see ARCHITECTURE.md).

use std::path::PathBuf;
use std::sync::Arc;

use wordjudge_base::digest::Digest;
use wordjudge_lexicon::alphabet;
use wordjudge_lexicon::judge::{Challenge, Rules, Verdict};
use wordjudge_lexicon::lexicon::{Expected, Lexicon};

pub mod abi;
pub mod page;
pub mod table;

/// A play has at most its main word and one cross-word per tile (as `[station] max_words`).
pub const MAX_WORDS: usize = 8;

/// One verified lexicon and the rules that judge with it.
pub struct Judge {
    rules: Rules,
}

impl Judge {
    /// Verifies `bytes` as the lexicon the director recorded: its SHA-256 (`sha256`, 64 hex
    /// digits), its word count and its alphabet (`"english"`, `"catalan"`, … as in kiosk.toml).
    /// Every refusal says what is wrong, in the station's words.
    pub fn load(bytes: Vec<u8>, sha256: &str, words: u64, alphabet: &str) -> Result<Judge, String> {
        let sha256: Digest = sha256
            .parse()
            .map_err(|e| format!("the recorded SHA-256 {sha256:?}: {e}"))?;
        let alphabet = alphabet::by_name(alphabet)
            .ok_or_else(|| format!("no alphabet is called {alphabet:?}"))?
            .id();
        let expected = Expected {
            sha256,
            words,
            alphabet,
        };
        let lexicon =
            Lexicon::from_bytes("WEB".into(), PathBuf::from("lexicon.fst"), bytes, &expected)
                .map_err(|e| e.to_string())?;
        Ok(Judge {
            rules: Rules::new(Arc::new(lexicon), Vec::new()),
        })
    }

    /// The verdict on the play `typed` (its words separated by spaces, in the lexicon's
    /// alphabet), or why it cannot be judged (a word that is not one: too short, a character
    /// that is no tile, too many words), as `wordjudge judge` refuses it.
    pub fn judge(&self, typed: &str) -> Result<Verdict, String> {
        let words: Vec<&str> = typed.split_whitespace().collect();
        let challenge = Challenge::parse_in(self.rules.alphabet(), &words, MAX_WORDS)
            .map_err(|e| e.to_string())?;
        Ok(self.rules.judge(&challenge))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> (Vec<u8>, String, u64) {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../lexicons/demo.fst");
        let bytes = std::fs::read(path).expect("the demo lexicon");
        let sha = Digest::of(&bytes).to_string();
        let words = fst::Set::new(bytes.clone()).expect("an fst").len() as u64;
        (bytes, sha, words)
    }

    #[test]
    fn a_verified_lexicon_judges_the_whole_play_as_one() {
        let (bytes, sha, words) = demo();
        let judge = Judge::load(bytes, &sha, words, "english").expect("verified");
        assert_eq!(judge.judge("qi za"), Ok(Verdict::Acceptable));
        assert_eq!(judge.judge("QI zzz"), Ok(Verdict::Unacceptable));
        assert!(judge.judge("q").unwrap_err().contains("word 1"));
        assert!(judge.judge("").is_err());
    }

    #[test]
    fn a_lexicon_that_does_not_verify_judges_nothing() {
        let (bytes, sha, words) = demo();
        let mut changed = bytes.clone();
        let last = changed.len() - 1;
        changed[last] ^= 1;
        let e = Judge::load(changed, &sha, words, "english").err().unwrap();
        assert!(e.contains("kiosk.toml expects"), "{e}");
        let e = Judge::load(bytes.clone(), &sha, words + 1, "english")
            .err()
            .unwrap();
        assert!(e.contains("words"), "{e}");
        let e = Judge::load(bytes.clone(), "beef", words, "english")
            .err()
            .unwrap();
        assert!(e.contains("recorded SHA-256"), "{e}");
        let e = Judge::load(bytes, &sha, words, "klingon").err().unwrap();
        assert!(e.contains("no alphabet"), "{e}");
    }
}
