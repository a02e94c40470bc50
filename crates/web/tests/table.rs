//! The table-side judge, natively: a signed event bundle opened as a browser opens it (its
//! bytes, the director's key, the device's seed, the log the browser kept), a play judged
//! through the station's protocol, and the device's log read back by the command line's own
//! verifier. What a wrong bundle or key does: OUT OF SERVICE, saying what.

use std::sync::{Arc, Mutex};

use wordjudge_event::bundle;
use wordjudge_event::signing::SigningKey;
use wordjudge_lexicon::judge::Verdict;
use wordjudge_protocol::ScreenKind;
use wordjudge_web::table::{Opening, Table};

mod common;
use common::*;

#[test]
fn a_signed_event_judges_at_the_table_and_its_log_verifies_and_continues_after_a_reload() {
    let (bundle, trust, _) = event();
    let kept: Kept = Arc::default();
    let mut table = open(&bundle, &trust, &kept);
    let view = table.view();
    assert_ne!(view.screen, ScreenKind::OutOfService, "{view:?}");
    assert!(view.header.contains("CLUB"), "{}", view.header);
    assert!(
        view.event_line.contains(&table.fingerprint),
        "{}",
        view.event_line
    );
    assert!(table.device.starts_with("table-"));
    let mut now = 1.0;
    assert_eq!(
        judge(&mut table, "QI ZA", &mut now),
        Some(Verdict::Acceptable)
    );
    assert_eq!(
        judge(&mut table, "CAT ZZZ", &mut now),
        Some(Verdict::Unacceptable)
    );
    let (log, head) = kept.lock().unwrap().clone();
    let text = String::from_utf8(log.clone()).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(
        text.contains(&format!("\"station\":\"{}\"", table.device)),
        "{text}"
    );
    assert!(text.contains(&table.fingerprint), "{text}");
    // Which word failed is nowhere in what the players hold.
    assert!(
        text.contains("\"detail\":[]") && !text.contains("ZZZ\",\"found"),
        "{text}"
    );
    // The command line's own verifier reads what the browser kept, as a station's log.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slips.jsonl");
    std::fs::write(&path, &log).unwrap();
    std::fs::write(wordjudge_sliplog::head_path(&path), &head).unwrap();
    let v = wordjudge_sliplog::verify(&path).unwrap();
    assert_eq!((v.records, v.first_bad, v.head_problem), (2, None, None));
    assert_eq!(v.signed_by, [table.key_id.clone()]);
    // A reload: the same device, the same log, numbering on.
    let mut again = open(&bundle, &trust, &kept);
    assert_eq!(again.device, table.device);
    assert_eq!(judge(&mut again, "ZA", &mut now), Some(Verdict::Acceptable));
    let text = String::from_utf8(kept.lock().unwrap().0.clone()).unwrap();
    assert!(
        text.lines().nth(2).unwrap().starts_with("{\"slip\":3,"),
        "{text}"
    );
}

#[test]
fn a_changed_bundle_another_key_or_a_changed_log_is_out_of_service_saying_what() {
    let (bundle, trust, other) = event();
    let kept: Kept = Arc::default();
    let reason = |table: &Table| {
        let view = table.view();
        assert_eq!(view.screen, ScreenKind::OutOfService);
        format!("{} {}", view.title, view.detail)
    };
    // One byte of a lexicon changed.
    let mut changed = bundle.clone();
    let at = changed
        .windows(3)
        .rposition(|w| w == b"CAT")
        .unwrap_or(changed.len() / 2);
    changed[at] ^= 1;
    let r = reason(&open(&changed, &trust, &kept));
    assert!(r.contains("do not verify"), "{r}");
    // Signed by another key than the site trusts.
    let r = reason(&open(&bundle, &other, &kept));
    assert!(r.contains("not the event the site was built for"), "{r}");
    // The device's kept log edited.
    let mut table = open(&bundle, &trust, &kept);
    let mut now = 1.0;
    judge(&mut table, "QI", &mut now);
    let edited = String::from_utf8(kept.lock().unwrap().0.clone())
        .unwrap()
        .replace("\"ACCEPTABLE\"", "\"UNACCEPTABLE\"");
    kept.lock().unwrap().0 = edited.into_bytes();
    let r = reason(&open(&bundle, &trust, &kept));
    assert!(r.contains("does not verify"), "{r}");
}

/// Issue 49, finding 5: a phone that used event 2's site, then met event 1's site at the same
/// address, judged under event 1 with no word. Refused now, as a station refuses an older event,
/// naming both; the same event or a newer one opens.
#[test]
fn a_device_never_goes_back_to_an_older_event() {
    let (dir, config) = pinned_station();
    let key = SigningKey::generate(&dir.path().join("director.key")).unwrap();
    let trust = key.public().to_file_text();
    let first = bundle::pack(&config, "2026-11-28T10:00:00Z", &key).unwrap();
    let second = bundle::pack(&config, "2026-11-29T10:00:00Z", &key).unwrap();
    let open_after = |bytes: &[u8], newest: &str| {
        let kept: Kept = Arc::new(Mutex::new((Vec::new(), Vec::new())));
        Table::open(
            Opening {
                bundle: bytes,
                trust: &trust,
                seed: [3; 32],
                log: Vec::new(),
                head: Vec::new(),
                zone: wordjudge_base::clock::TimeZone::UTC,
                newest,
            },
            keeper(&kept),
        )
    };
    let seen = open_after(&second.bytes, "");
    assert_ne!(seen.view().screen, ScreenKind::OutOfService);
    assert!(
        seen.newest.starts_with("2026-11-29T10:00:00Z ")
            && seen.newest.contains(&second.fingerprint),
        "{}",
        seen.newest
    );
    let back = open_after(&first.bytes, &seen.newest);
    let view = back.view();
    assert_eq!(view.screen, ScreenKind::OutOfService);
    assert!(
        view.detail
            .contains("older than the event this device judged")
            && view.detail.contains(&first.fingerprint)
            && view.detail.contains(&second.fingerprint),
        "{}",
        view.detail
    );
    // The same event again, or a newer one after an older: opens.
    assert_ne!(
        open_after(&second.bytes, &seen.newest).view().screen,
        ScreenKind::OutOfService
    );
    let older = open_after(&first.bytes, "");
    assert_ne!(
        open_after(&second.bytes, &older.newest).view().screen,
        ScreenKind::OutOfService
    );
}

/// Issue 51, item 8: the players give their game's round and table on the menu (both
/// optional); every slip from then on carries them, until they change them; out of range
/// changes nothing. The header says them on every screen.
#[test]
fn the_players_round_and_table_go_on_every_slip_until_changed_and_out_of_range_changes_nothing() {
    let (bundle, trust, _) = event();
    let kept: Kept = Arc::default();
    let mut table = open(&bundle, &trust, &kept);
    let mut now = 1.0;
    judge(&mut table, "QI", &mut now);
    assert!(table.set_game(3, 7));
    let line = table.view().event_line;
    assert!(
        line.contains("ROUND 3") && line.contains("TABLE 7"),
        "{line}"
    );
    judge(&mut table, "ZA", &mut now);
    judge(&mut table, "CAT", &mut now);
    assert!(!table.set_game(1000, 7), "round 1000 was taken");
    assert!(!table.set_game(4, 10_000), "table 10000 was taken");
    judge(&mut table, "QI ZA", &mut now);
    // Only a table, then nothing.
    assert!(table.set_game(0, 12));
    judge(&mut table, "ZA", &mut now);
    assert!(table.set_game(0, 0));
    judge(&mut table, "QI", &mut now);
    let text = String::from_utf8(kept.lock().unwrap().0.clone()).unwrap();
    let game: Vec<(Option<u64>, Option<u64>)> = text
        .lines()
        .map(|line| {
            let slip: serde_json::Value = serde_json::from_str(line).unwrap();
            (slip["round"].as_u64(), slip["table"].as_u64())
        })
        .collect();
    assert_eq!(
        game,
        [
            (None, None),
            (Some(3), Some(7)),
            (Some(3), Some(7)),
            (Some(3), Some(7)),
            (None, Some(12)),
            (None, None)
        ]
    );
}

/// Issue 51, item 7: the golden bundle of format 4 (its large lexicon stored deflated) opens at
/// the table as a site serves it (without the PIN's member), inflated and checked as a station
/// checks it, and judges from the inflated lexicon.
#[test]
fn a_bundle_whose_lexicon_travels_deflated_opens_and_judges_at_the_table() {
    let golden =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden/bundle-format-4");
    let bytes = std::fs::read(golden.join("event.tar")).unwrap();
    let site = bundle::for_site(&bytes, &golden.join("event.tar"), false).unwrap();
    let trust = std::fs::read_to_string(golden.join("director.key.pub")).unwrap();
    let kept: Kept = Arc::default();
    let mut table = open(&site, &trust, &kept);
    assert_eq!(table.fingerprint, "UA4K-RQZS-TAIP-KXLT");
    let mut now = 1.0;
    table.handle(wordjudge_protocol::Input::ChooseDivision(0), now);
    assert_eq!(
        judge(&mut table, "LIANA", &mut now),
        Some(Verdict::Acceptable)
    );
    table.handle(wordjudge_protocol::Input::ChooseDivision(0), now);
    assert_eq!(
        judge(&mut table, "LIANAX", &mut now),
        Some(Verdict::Unacceptable)
    );
}
