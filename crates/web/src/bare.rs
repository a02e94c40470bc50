//! The bare judge: one verified lexicon and a play's verdict, with no protocol and no slip — what
//! the differential (`.ci/e2e-wasm`) runs against `wordjudge judge` through the module's
//! `wj_load` and `wj_judge` exports. Built only with the `differential` feature (and in tests): a
//! table's module judges through the protocol alone, every play a slip, never a word aside.

// `unsafe` only at the boundary with the page: the differential's exports take pointers and lengths from JavaScript (each block
// says why it is sound; clippy's `undocumented_unsafe_blocks` holds that).
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::Arc;

use wordjudge_base::digest::Digest;
use wordjudge_lexicon::alphabet;
use wordjudge_lexicon::judge::{Challenge, Rules, Verdict};
use wordjudge_lexicon::lexicon::{Expected, Lexicon};

use crate::abi::{refuse, text};

/// A play has at most its main word and one cross-word per tile (as `[station] max_words`).
pub const MAX_WORDS: usize = 8;

/// One verified lexicon and the rules that judge with it: the bare judge the differential
/// (`.ci/e2e-wasm`) runs. Built only with the `differential` feature (and in tests): a table's
/// module judges through the protocol alone, every play a slip, never a word looked up aside.
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

thread_local! {
    static JUDGE: RefCell<Option<Judge>> = const { RefCell::new(None) };
}

/// Verifies the lexicon in `fst` (taking back its room) against the recorded SHA-256, word
/// count and alphabet; the judge then judges with it. A lexicon that does not verify leaves no
/// judge at all.
///
/// # Safety
/// Each pointer and length is a pair `wj_alloc` returned, filled by the caller.
#[no_mangle]
pub unsafe extern "C" fn wj_load(
    fst: *mut u8,
    fst_len: usize,
    sha: *const u8,
    sha_len: usize,
    words: u64,
    alphabet: *const u8,
    alphabet_len: usize,
) -> i32 {
    JUDGE.with(|j| *j.borrow_mut() = None);
    // SAFETY: the caller's; the vector takes over `wj_alloc`'s buffer.
    let bytes = unsafe { Vec::from_raw_parts(fst, fst_len, fst_len) };
    // SAFETY: the caller's.
    let (sha, alphabet) = match unsafe { (text(sha, sha_len), text(alphabet, alphabet_len)) } {
        (Ok(s), Ok(a)) => (s, a),
        (Err(e), _) | (_, Err(e)) => return refuse(e),
    };
    match Judge::load(bytes, sha, words, alphabet) {
        Ok(judge) => {
            JUDGE.with(|j| *j.borrow_mut() = Some(judge));
            0
        }
        Err(e) => refuse(e),
    }
}

/// The verdict on the play in `text` (words separated by spaces).
///
/// # Safety
/// As `wj_load`'s.
#[no_mangle]
pub unsafe extern "C" fn wj_judge(text_ptr: *const u8, text_len: usize) -> i32 {
    // SAFETY: the caller's.
    let typed = match unsafe { text(text_ptr, text_len) } {
        Ok(t) => t,
        Err(e) => return refuse(e),
    };
    let verdict = JUDGE.with(|j| match j.borrow().as_ref() {
        Some(judge) => judge.judge(typed),
        None => Err("no lexicon has been verified: nothing is judged".to_owned()),
    });
    match verdict {
        Ok(Verdict::Acceptable) => 1,
        Ok(Verdict::Unacceptable) => 0,
        Err(e) => refuse(e),
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

#[cfg(test)]
mod abi_tests {
    use super::*;
    use crate::abi::{wj_alloc, wj_free, wj_message, wj_message_len};

    /// Bytes into the module's memory as JavaScript puts them there.
    fn put(bytes: &[u8]) -> (*mut u8, usize) {
        let ptr = wj_alloc(bytes.len());
        // SAFETY: `wj_alloc` gave `bytes.len()` bytes at `ptr`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr, bytes.len()) };
        (ptr, bytes.len())
    }

    fn message() -> String {
        // SAFETY: the module's own message, read before the next call.
        let bytes = unsafe { std::slice::from_raw_parts(wj_message(), wj_message_len()) };
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    fn judge(play: &str) -> i32 {
        let (p, n) = put(play.as_bytes());
        // SAFETY: from `put`, given back after.
        let verdict = unsafe { wj_judge(p, n) };
        // SAFETY: the room `put` gave, given back once.
        unsafe { wj_free(p, n) };
        verdict
    }

    #[test]
    fn through_the_exports_nothing_is_judged_until_a_lexicon_verifies() {
        assert_eq!(judge("qi za"), -1);
        assert!(message().contains("no lexicon"), "{}", message());
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../lexicons/demo.fst");
        let bytes = std::fs::read(path).unwrap();
        let sha = wordjudge_base::digest::Digest::of(&bytes).to_string();
        let words = fst::Set::new(bytes.clone()).unwrap().len() as u64;
        let load = |bytes: &[u8], words: u64| {
            let (f, fl) = put(bytes);
            let (s, sl) = put(sha.as_bytes());
            let (a, al) = put(b"english");
            // SAFETY: from `put`; `wj_load` takes back `f`, the others are given back here.
            let r = unsafe { wj_load(f, fl, s, sl, words, a, al) };
            // SAFETY: the rooms `put` gave, each given back once.
            unsafe { wj_free(s, sl) };
            // SAFETY: as above.
            unsafe { wj_free(a, al) };
            r
        };
        assert_eq!(load(&bytes, words), 0);
        assert_eq!(judge("qi za"), 1);
        assert_eq!(judge("qi zzz"), 0);
        assert_eq!(judge("q"), -1);
        // A lexicon that does not verify takes the judge away.
        assert_eq!(load(&bytes, words + 1), -1);
        assert!(message().contains("words"), "{}", message());
        assert_eq!(judge("qi za"), -1);
    }
}
