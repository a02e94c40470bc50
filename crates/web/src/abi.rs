//! The module's exports, for JavaScript: plain numbers, and bytes JavaScript writes into the
//! module's memory at an address the module gave it (`wj_alloc`). There is one judge per module
//! instance (a page judges with one division's lexicon at a time).
//!
//! ```text
//! wj_alloc(len) -> ptr                 room for `len` bytes (the caller fills it)
//! wj_free(ptr, len)                    gives room back
//! wj_load(fst, fst_len, sha, sha_len, words, alphabet, alphabet_len) -> 0 | -1
//!                                      verifies the lexicon (takes back the room of `fst`);
//!                                      -1: refused, judging nothing until a lexicon verifies
//! wj_judge(text, text_len) -> 1 | 0 | -1
//!                                      ACCEPTABLE | UNACCEPTABLE | not judged (no lexicon, or
//!                                      the words are not words)
//! wj_message() -> ptr, wj_message_len() -> len
//!                                      why the last call refused, UTF-8
//! ```

use std::cell::RefCell;

use wordjudge_lexicon::judge::Verdict;

use crate::Judge;

thread_local! {
    static JUDGE: RefCell<Option<Judge>> = const { RefCell::new(None) };
    static MESSAGE: RefCell<String> = const { RefCell::new(String::new()) };
}

fn refuse(message: String) -> i32 {
    MESSAGE.with(|m| *m.borrow_mut() = message);
    -1
}

/// Room for `len` bytes, for the caller to write into.
#[no_mangle]
pub extern "C" fn wj_alloc(len: usize) -> *mut u8 {
    let mut room = vec![0u8; len];
    let ptr = room.as_mut_ptr();
    std::mem::forget(room);
    ptr
}

/// Takes back what `wj_alloc(len)` gave.
///
/// # Safety
/// `ptr` and `len` are a pair `wj_alloc` returned, not yet given back.
#[no_mangle]
pub unsafe extern "C" fn wj_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes back a vector's buffer `wj_alloc` leaked, of length and
    // capacity `len`.
    drop(unsafe { Vec::from_raw_parts(ptr, len, len) });
}

/// The bytes at `ptr`, `len` long, as text.
///
/// # Safety
/// As `wj_free`'s, and the bytes stay while the text is used.
unsafe fn text<'a>(ptr: *const u8, len: usize) -> Result<&'a str, String> {
    // SAFETY: the caller's.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    std::str::from_utf8(bytes).map_err(|_| "the text is not UTF-8".to_owned())
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

/// Where the last refusal's text is (UTF-8, `wj_message_len` bytes; valid until the next call).
#[no_mangle]
pub extern "C" fn wj_message() -> *const u8 {
    MESSAGE.with(|m| m.borrow().as_ptr())
}

/// The length of the last refusal's text.
#[no_mangle]
pub extern "C" fn wj_message_len() -> usize {
    MESSAGE.with(|m| m.borrow().len())
}

#[cfg(test)]
mod tests {
    use super::*;

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
            unsafe { wj_free(s, sl) };
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
