//! What the table judge's tests share: an event packed and signed, a keeper standing for the
//! browser's storage, a table opened as a page opens it, a play typed and judged.
#![allow(dead_code)] // each test binary uses its own part

use std::sync::{Arc, Mutex};

use wordjudge_config::store::testing::station_folder;
use wordjudge_event::bundle;
use wordjudge_event::signing::SigningKey;
use wordjudge_lexicon::judge::Verdict;
use wordjudge_protocol::{Input, Key, KeyPress, ScreenKind};
use wordjudge_sliplog::memory::Keep;
use wordjudge_web::table::{Opening, Table};

/// A station folder of one division (`main`, lexicon CLUB: QI ZA CAT) with an event's PIN: what
/// `event pack` packs.
pub fn pinned_station() -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, config) = station_folder("CLUB", &["QI", "ZA", "CAT"]);
    let pin = wordjudge_config::PinHash::new("73914628").unwrap();
    let text = std::fs::read_to_string(&config).unwrap();
    let text = text.replacen(
        "[station]\n",
        &format!("[station]\ndirector_pin = \"{pin}\"\n"),
        1,
    );
    std::fs::write(&config, text).unwrap();
    (dir, config)
}

/// An event of one division (`main`, lexicon CLUB: QI ZA CAT), packed and signed; the bundle's
/// bytes and the public key's text, and another key's.
pub fn event() -> (Vec<u8>, String, String) {
    let (dir, config) = pinned_station();
    let key = SigningKey::generate(&dir.path().join("director.key")).unwrap();
    let other = SigningKey::generate(&dir.path().join("other.key")).unwrap();
    let packed = bundle::pack(&config, "2026-11-28T10:00:00Z", &key).expect("packs");
    (
        packed.bytes,
        key.public().to_file_text(),
        other.public().to_file_text(),
    )
}

pub type Kept = Arc<Mutex<(Vec<u8>, Vec<u8>)>>;

pub fn keeper(kept: &Kept) -> Keep {
    let kept = kept.clone();
    Box::new(move |line, head| {
        let mut k = kept.lock().unwrap();
        k.0.extend_from_slice(line);
        k.1 = head.to_vec();
        Ok(())
    })
}

pub fn open(bundle: &[u8], trust: &str, kept: &Kept) -> Table {
    let (log, head) = kept.lock().unwrap().clone();
    Table::open(
        Opening {
            bundle,
            trust,
            seed: [3; 32],
            log,
            head,
            zone: wordjudge_base::clock::TimeZone::UTC,
            newest: "",
        },
        keeper(kept),
    )
}

pub fn key(table: &mut Table, key: Key, now: f64) {
    table.handle(Input::Key(KeyPress::plain(key)), now);
}

/// Says how many words, types each of `play` (Enter ends each), waits out the hand-over and
/// presses JUDGE; the screen then (a verdict, or a refusal that leaves the entry).
pub fn hand_over(table: &mut Table, play: &str, now: &mut f64) -> wordjudge_protocol::View {
    let words: Vec<&str> = play.split(' ').collect();
    let count = char::from_digit(words.len() as u32, 10).unwrap();
    key(table, Key::Char(count), *now);
    for word in words {
        for c in word.chars() {
            key(table, Key::for_char(c), *now);
        }
        key(table, Key::Enter, *now);
    }
    *now += 2.0;
    table.handle(Input::Tick, *now);
    table.handle(Input::JudgeButton, *now);
    table.view()
}

/// [`hand_over`], which must give a verdict; the verdict, once it cleared itself.
pub fn judge(table: &mut Table, play: &str, now: &mut f64) -> Option<Verdict> {
    let view = hand_over(table, play, now);
    assert_eq!(view.screen, ScreenKind::Verdict, "{view:?}");
    let verdict = view.verdict;
    // The verdict clears itself.
    *now += 120.0;
    table.handle(Input::Tick, *now);
    assert_ne!(table.view().screen, ScreenKind::Verdict);
    verdict
}
