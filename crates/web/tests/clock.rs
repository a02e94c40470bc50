//! Issue 51, finding 3: a phone's clock is its holder's. A failed play's words were refused on
//! their own, then judged once the phone's clock was moved 16 minutes ahead and the page
//! reloaded. A device counts what is within reach — of the re-challenge guard and of a second
//! opinion — in its own last plays (`table::PLAYS_IN_REACH`), so moving its clock either way
//! opens nothing.
//!
//! The module's clock is the one clock of this test binary (`clock::set_source`), moved here as
//! a phone's holder moves it; that is why this test has a binary of its own.

mod common;

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime};

use common::*;
use wordjudge_lexicon::judge::Verdict;
use wordjudge_protocol::{Input, Key, ScreenKind};
use wordjudge_web::table::{Table, PLAYS_IN_REACH};

/// How far the phone's holder moved its clock, in seconds (either way).
static MOVED: AtomicI64 = AtomicI64::new(0);

fn phone_clock() -> SystemTime {
    let moved = MOVED.load(Ordering::SeqCst);
    let now = SystemTime::now();
    if moved >= 0 {
        now + Duration::from_secs(moved.unsigned_abs())
    } else {
        now - Duration::from_secs(moved.unsigned_abs())
    }
}

/// Back to the first screen: the event's one division's count.
fn back_to_menu(table: &mut Table, now: f64) {
    for _ in 0..4 {
        key(table, Key::Escape, now);
    }
    let view = table.view();
    assert!(
        view.screen == ScreenKind::Count && view.words.is_empty(),
        "{view:?}"
    );
}

fn refused(table: &mut Table, play: &str, now: &mut f64) -> bool {
    let view = hand_over(table, play, now);
    let refused = view.screen != ScreenKind::Verdict;
    if refused {
        assert!(
            view.hint.contains("part of slip 1") && view.hint.contains("this device will not"),
            "{}",
            view.hint
        );
        back_to_menu(table, *now);
    } else {
        *now += 120.0;
        table.handle(Input::Tick, *now);
    }
    refused
}

/// Asks a second opinion on slip `n`; the refusal's words, or `None` when it opened.
fn second_opinion_on(table: &mut Table, n: u64, now: f64) -> Option<String> {
    table.handle(Input::SecondOpinion, now);
    for c in n.to_string().chars() {
        key(table, Key::Char(c), now);
    }
    key(table, Key::Enter, now);
    let view = table.view();
    let refusal = (view.screen != ScreenKind::Count && view.screen != ScreenKind::Entry)
        .then(|| view.hint.clone());
    back_to_menu(table, now);
    refusal
}

#[test]
fn a_phones_clock_moved_either_way_opens_nothing_and_its_own_plays_decide() {
    wordjudge_base::clock::set_source(phone_clock);
    let (bundle, trust, _) = event();
    let kept: Kept = Kept::default();
    let mut table = open(&bundle, &trust, &kept);
    let mut now = 1.0;
    assert_eq!(
        judge(&mut table, "CAT BUBKESES", &mut now),
        Some(Verdict::Unacceptable)
    );
    assert!(refused(&mut table, "BUBKESES", &mut now));
    // Sixteen minutes later by the phone's clock and by the page's own: refused still, in
    // this page and after a reload (the failed play read back from the log).
    MOVED.store(16 * 60, Ordering::SeqCst);
    now += 16.0 * 60.0;
    assert!(refused(&mut table, "BUBKESES", &mut now));
    let mut table = open(&bundle, &trust, &kept);
    assert!(refused(&mut table, "BUBKESES", &mut now));
    // A second opinion on it is within reach, whatever the clock says.
    assert_eq!(second_opinion_on(&mut table, 1, now), None);
    // The clock moved back: refused still.
    MOVED.store(-16 * 60, Ordering::SeqCst);
    let mut table = open(&bundle, &trust, &kept);
    assert!(refused(&mut table, "BUBKESES", &mut now));
    // Its own plays move it out of reach: after the failed play and PLAYS_IN_REACH - 1 more it
    // is guarded, after one more it is not.
    for _ in 1..PLAYS_IN_REACH {
        judge(&mut table, "QI ZA", &mut now);
    }
    assert!(refused(&mut table, "BUBKESES", &mut now));
    let mut table = open(&bundle, &trust, &kept);
    assert!(refused(&mut table, "BUBKESES", &mut now));
    judge(&mut table, "QI ZA", &mut now);
    let refusal = second_opinion_on(&mut table, 1, now).expect("out of reach");
    assert!(
        refusal.contains(&format!("last {PLAYS_IN_REACH} plays")),
        "{refusal}"
    );
    assert_eq!(second_opinion_on(&mut table, 2, now), None);
    assert!(!refused(&mut table, "BUBKESES", &mut now));
    let mut table = open(&bundle, &trust, &kept);
    MOVED.store(0, Ordering::SeqCst);
    assert!(!refused(&mut table, "CAT BUBKESES ZA", &mut now));
}
