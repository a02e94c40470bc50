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
//!                                      why the last call refused, or the view, UTF-8
//!
//! wj_open(bundle, bundle_len, trust, trust_len, seed, log, log_len, head, head_len,
//!         offset_minutes, newest, newest_len) -> 0 | -1
//!                                      the table (crate::table) from an event bundle: takes
//!                                      back the room of all six (newest: the newest event this
//!                                      device judged, as wj_newest gave it; empty: none); -1:
//!                                      out of service (the view says why)
//! wj_newest() -> len                   what the page keeps as the newest event judged, once
//!                                      wj_open gave 0: "PACKED FINGERPRINT NAME", at wj_message()
//! wj_set_zone(offset_minutes)          the event's zone's offset east of UTC, as the page found it
//!                                      for the zone the view's `event.time_zone` names
//! wj_set_game(round, table) -> 1 | 0    the round and table of the players' game (0: not
//!                                      given) on every slip from now on; 0: out of range,
//!                                      nothing changed
//! wj_event(kind, arg, now)             an input (crate::page::event), `now` in seconds
//! wj_view() -> len                     the screen as JSON, at wj_message()
//! wj_device() -> len                   "DEVICE KEY-ID FINGERPRINT", at wj_message()
//! wj_page_words(locale, locale_len) -> len
//!                                      the page's words before the table opens (another tab
//!                                      judges) in the browser's language, JSON (takes back locale)
//! wj_codes() -> len                    the numbers of wj_event's kinds and of wj_keep's answers,
//!                                      by name, as JSON (crate::page::INPUTS, crate::page::KEEP)
//! ```
//!
//! The module imports two functions from the page (`env`): `wj_now_ms() -> f64`, the time
//! (`Date.now()`), and `wj_keep(line, line_len, head, head_len) -> code`, which keeps a new
//! slip record and the log's head in the browser's storage before the verdict shows; its
//! answers are `crate::page::KEEP`'s, and any but `kept` leaves the slip not recorded, the
//! verdict saying why (`crate::page::not_kept`).

// `unsafe` only at the boundary with the page: the module's exports take pointers and lengths from JavaScript (each block
// says why it is sound; clippy's `undocumented_unsafe_blocks` holds that).
#![allow(unsafe_code)]

use std::cell::RefCell;

use crate::table::{Opening, Table};

thread_local! {
    static TABLE: RefCell<Option<Table>> = const { RefCell::new(None) };
    static MESSAGE: RefCell<String> = const { RefCell::new(String::new()) };
    /// The page's last answer other than `kept` (`wj_keep`): the banner says it in the
    /// screen's language (`crate::page::not_kept_banner`) until the page is opened again.
    static NOT_KEPT: std::cell::Cell<Option<i32>> = const { std::cell::Cell::new(None) };
}

/// Puts `message` where `wj_message` reads, and returns -1 (refused).
#[cfg(any(test, feature = "differential"))]
pub(crate) fn refuse(message: String) -> i32 {
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
#[cfg(any(test, feature = "differential"))]
pub(crate) unsafe fn text<'a>(ptr: *const u8, len: usize) -> Result<&'a str, String> {
    // SAFETY: the caller's.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    std::str::from_utf8(bytes).map_err(|_| "the text is not UTF-8".to_owned())
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

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
extern "C" {
    fn wj_keep(line: *const u8, line_len: usize, head: *const u8, head_len: usize) -> i32;
    fn wj_now_ms() -> f64;
}

/// The page's clock.
#[cfg(target_arch = "wasm32")]
fn page_now() -> std::time::SystemTime {
    // SAFETY: an import of the page's with no arguments.
    let ms = unsafe { wj_now_ms() };
    std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms.max(0.0) as u64)
}

/// Keeps a record in the page's storage.
fn page_keep() -> wordjudge_sliplog::memory::Keep {
    Box::new(|line: &[u8], head: &[u8]| {
        #[cfg(target_arch = "wasm32")]
        {
            // SAFETY: the page reads both slices during the call and keeps copies.
            let kept = unsafe { wj_keep(line.as_ptr(), line.len(), head.as_ptr(), head.len()) };
            if kept != 0 {
                NOT_KEPT.with(|n| n.set(Some(kept)));
                return Err(crate::page::not_kept(kept));
            }
        }
        let _ = (line, head);
        Ok(())
    })
}

/// Takes back room `wj_alloc` gave, as a vector.
///
/// # Safety
/// `ptr` and `len` are a pair `wj_alloc` returned, filled by the caller, not yet given back.
unsafe fn taken(ptr: *mut u8, len: usize) -> Vec<u8> {
    // SAFETY: the caller's.
    unsafe { Vec::from_raw_parts(ptr, len, len) }
}

/// Starts the table from an event bundle (see the module). The time shown is the hall's:
/// `offset_minutes` east of UTC, as the page's clock says.
///
/// # Safety
/// Each pointer and length is a pair `wj_alloc` returned, filled by the caller; `seed`'s is 32.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn wj_open(
    bundle: *mut u8,
    bundle_len: usize,
    trust: *mut u8,
    trust_len: usize,
    seed: *mut u8,
    log: *mut u8,
    log_len: usize,
    head: *mut u8,
    head_len: usize,
    offset_minutes: i32,
    newest: *mut u8,
    newest_len: usize,
) -> i32 {
    #[cfg(target_arch = "wasm32")]
    wordjudge_base::clock::set_source(page_now);
    let zone = jiff::tz::Offset::from_seconds(offset_minutes.saturating_mul(60))
        .map_or(jiff::tz::TimeZone::UTC, jiff::tz::TimeZone::fixed);
    // SAFETY: the caller's.
    let (bundle, trust, seed_bytes, log, head, newest) = unsafe {
        (
            taken(bundle, bundle_len),
            taken(trust, trust_len),
            taken(seed, 32),
            taken(log, log_len),
            taken(head, head_len),
            taken(newest, newest_len),
        )
    };
    let mut seed = [0u8; 32];
    seed.copy_from_slice(&seed_bytes);
    let opening = Opening {
        bundle: &bundle,
        trust: &String::from_utf8_lossy(&trust),
        seed,
        log,
        head,
        zone,
        newest: &String::from_utf8_lossy(&newest),
    };
    let table = Table::open(opening, page_keep());
    let in_service = !matches!(
        table.view().screen,
        wordjudge_protocol::ScreenKind::OutOfService
    );
    TABLE.with(|t| *t.borrow_mut() = Some(table));
    if in_service {
        0
    } else {
        -1
    }
}

/// The event's zone, `offset_minutes` east of UTC, as the page found it for the zone the event
/// names (`[event] time_zone`; the browser knows every zone, the module none): times are shown on
/// its clock from now on.
#[no_mangle]
pub extern "C" fn wj_set_zone(offset_minutes: i32) {
    let zone = jiff::tz::Offset::from_seconds(offset_minutes.saturating_mul(60))
        .map_or(jiff::tz::TimeZone::UTC, jiff::tz::TimeZone::fixed);
    TABLE.with(|t| {
        if let Some(table) = t.borrow_mut().as_mut() {
            table.set_zone(zone);
        }
    });
}

/// The round and table of the players' game, 0 for not given: every slip from now on carries
/// them. 1: taken; 0: out of range (or no table open), nothing changed.
#[no_mangle]
pub extern "C" fn wj_set_game(round: u32, table: u32) -> u32 {
    TABLE
        .with(|t| {
            t.borrow_mut()
                .as_mut()
                .is_some_and(|table_| table_.set_game(round, table))
        })
        .into()
}

/// An input from the page, `now` seconds after it started.
#[no_mangle]
pub extern "C" fn wj_event(kind: u32, arg: u32, now: f64) {
    let Some(event) = crate::page::event(kind, arg) else {
        return;
    };
    TABLE.with(|t| {
        if let Some(table) = t.borrow_mut().as_mut() {
            table.handle(event, now);
        }
    });
}

/// Puts `text` where `wj_message` reads, and returns its length.
fn answer(text: String) -> usize {
    let len = text.len();
    MESSAGE.with(|m| *m.borrow_mut() = text);
    len
}

/// The screen to draw, as JSON (crate::page::view_json), at `wj_message()`.
#[no_mangle]
pub extern "C" fn wj_view() -> usize {
    let json = TABLE.with(|t| match t.borrow().as_ref() {
        Some(table) => {
            let mut view = table.view();
            if let Some(code) = NOT_KEPT.with(std::cell::Cell::get) {
                view.banner = crate::page::not_kept_banner(code, view.language);
            }
            let event = crate::page::event_json(
                &table.event,
                &table.zone,
                view.language,
                wordjudge_base::clock::now(),
            );
            crate::page::view_json(&view, &table.fingerprint, &table.device, event)
        }
        None => "null".to_owned(),
    });
    answer(json)
}

/// What the page keeps as the newest event this device judged ([`Table::newest`]), at
/// `wj_message()`.
#[no_mangle]
pub extern "C" fn wj_newest() -> usize {
    let line = TABLE.with(|t| {
        t.borrow()
            .as_ref()
            .map(|table| table.newest.clone())
            .unwrap_or_default()
    });
    answer(line)
}

/// The page's words before the table opens, in the language of `locale` (the browser's), as
/// JSON at `wj_message()` (`crate::page::page_words_json`).
///
/// # Safety
/// `locale` and `locale_len` are a pair `wj_alloc` returned, filled by the caller.
#[no_mangle]
pub unsafe extern "C" fn wj_page_words(locale: *mut u8, locale_len: usize) -> usize {
    // SAFETY: the caller's.
    let locale = unsafe { taken(locale, locale_len) };
    answer(crate::page::page_words_json(&String::from_utf8_lossy(
        &locale,
    )))
}

/// The numbers of the page's inputs and of `wj_keep`'s answers, by name (`crate::page::INPUTS`,
/// `crate::page::KEEP`), as JSON at `wj_message()`.
#[no_mangle]
pub extern "C" fn wj_codes() -> usize {
    answer(crate::page::codes_json())
}

/// "DEVICE KEY-ID FINGERPRINT" (the device's id, its key's, the event's), at `wj_message()`.
#[no_mangle]
pub extern "C" fn wj_device() -> usize {
    let line = TABLE.with(|t| match t.borrow().as_ref() {
        Some(table) => format!("{} {} {}", table.device, table.key_id, table.fingerprint),
        None => String::new(),
    });
    answer(line)
}
