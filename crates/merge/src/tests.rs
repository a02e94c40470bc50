use super::stats::{bounded, Verdicts, Window, LISTED, OTHERS};
use super::LogStatus;
use std::collections::BTreeMap;
use wordjudge_lexicon::judge::Verdict;
use wordjudge_sliplog::{Slip, SlipKind};

fn slip(n: u64, time: &str, table: Option<u32>, words: &[&str], verdict: Verdict) -> Slip {
    Slip {
        slip: n,
        station: "1".into(),
        event: Some("29D0-1C57".into()),
        round: Some(3),
        table,
        time: time.parse().unwrap(),
        kind: SlipKind::Challenge,
        refers_to: None,
        division: "main".into(),
        lexicons: vec![],
        words: words.iter().map(|w| w.to_string()).collect(),
        verdict,
        detail: vec![],
        key: None,
        prev: String::new(),
        seal: String::new(),
        sig: None,
    }
}

/// Feeds `(station, slip)` pairs in time order through a window of `minutes`; the pairs found,
/// as `failed → later`.
fn rechallenges(slips: &[(&str, Slip)], minutes: f64) -> Vec<String> {
    let mut window = Window::new(minutes);
    slips
        .iter()
        .filter_map(|(station, s)| {
            window.see(s, station, 0).map(|(failed, late)| {
                let after = if late { " (after the window)" } else { "" };
                format!("{failed} → {station}:{}{after}", s.slip)
            })
        })
        .collect()
}

/// Failed plays and later challenges at three stations, in time order.
fn across_stations() -> Vec<(&'static str, Slip)> {
    use Verdict::*;
    vec![
        (
            "1",
            slip(
                2,
                "2026-11-24T10:00:00Z",
                Some(7),
                &["HEWINGS", "ZOEA", "BUBKESES"],
                Unacceptable,
            ),
        ),
        // Another table's number, half a minute later (issue 37: the table is the players'
        // word; the words are what a cheat re-challenges).
        (
            "2",
            slip(
                5,
                "2026-11-24T10:00:30Z",
                Some(8),
                &["BUBKESES"],
                Unacceptable,
            ),
        ),
        // The cheat, at another station, a minute later.
        (
            "2",
            slip(
                6,
                "2026-11-24T10:01:05Z",
                Some(7),
                &["BUBKESES"],
                Unacceptable,
            ),
        ),
        // All of the failed play and more: tells nothing.
        (
            "3",
            slip(
                1,
                "2026-11-24T10:02:00Z",
                Some(7),
                &["HEWINGS", "ZOEA", "BUBKESES", "QI"],
                Unacceptable,
            ),
        ),
        // No table: the words still tell.
        (
            "3",
            slip(3, "2026-11-24T10:02:30Z", None, &["ZOEA"], Acceptable),
        ),
        // Past a 15-minute window.
        (
            "3",
            slip(2, "2026-11-24T10:20:00Z", Some(7), &["ZOEA"], Acceptable),
        ),
    ]
}

#[test]
fn a_new_challenge_on_part_of_a_failed_play_is_found_across_stations() {
    let slips = across_stations();
    // Issue 37: across tables and stations, by the words (the identical play again counts: one
    // play is judged once).
    // After the window, the same table in the same round is named too (issue 50): the station
    // judged it, but the pair may have learnt which word failed.
    assert_eq!(
        rechallenges(&slips, 15.0),
        [
            "1:2 → 2:5",
            "2:5 → 2:6",
            "3:1 → 3:3",
            "3:1 → 3:2 (after the window)"
        ]
    );
    // A longer window finds the later one too (ZOEA, 18 minutes after slip 1 of station 3).
    assert_eq!(rechallenges(&slips, 30.0).len(), 4);
    // Another event is another game.
    let mut other = slips.clone();
    for (_, s) in other.iter_mut().skip(1) {
        s.event = Some("ANOTHER-EVENT".into());
    }
    assert_eq!(
        rechallenges(&other, 15.0),
        ["2:5 → 2:6", "3:1 → 3:3", "3:1 → 3:2 (after the window)"]
    );
}

/// Issue 50: after the window the station judges a re-challenge; the merge still names it when
/// it is at the same table in the same round.
#[test]
fn a_rechallenge_after_the_window_is_named_only_at_the_same_table_and_round() {
    let slips = across_stations();
    // Not another table's, nor another round's.
    let mut other = slips.clone();
    other[5].1.table = Some(8);
    assert_eq!(rechallenges(&other, 15.0).len(), 3);
    let mut other = slips.clone();
    other[5].1.round = Some(4);
    assert_eq!(rechallenges(&other, 15.0).len(), 3);
}

#[test]
fn a_two_letter_word_in_common_is_no_rechallenge() {
    let slips = across_stations();
    // A two-letter word is every player's to know (issue 50): ZO alone, where ZOEA stood, tells
    // nothing of the failed play.
    let mut twos = slips.clone();
    twos[0].1.words = vec!["HEWINGS".into(), "ZO".into(), "BUBKESES".into()];
    twos[3].1.words = vec![
        "HEWINGS".into(),
        "ZO".into(),
        "BUBKESES".into(),
        "QI".into(),
    ];
    twos[4].1.words = vec!["ZO".into()];
    assert_eq!(rechallenges(&twos, 15.0), ["1:2 → 2:5", "2:5 → 2:6"]);
}

#[test]
fn a_second_opinion_is_paired_with_the_verdict_of_its_own_log() {
    use Verdict::*;
    let mut verdicts = Verdicts::new(2);
    let t = "2026-11-24T10:00:00Z";
    assert_eq!(
        verdicts.see(&slip(1, t, None, &["QI"], Acceptable), 0),
        None
    );
    assert_eq!(
        verdicts.see(&slip(1, t, None, &["XQ"], Unacceptable), 1),
        None
    );
    let mut second = slip(2, t, None, &["QI"], Unacceptable);
    second.kind = SlipKind::SecondOpinion;
    second.refers_to = Some(1);
    // Log 0's slip 1 was ACCEPTABLE, log 1's UNACCEPTABLE: each pairs with its own.
    assert_eq!(verdicts.see(&second, 0), Some(Acceptable));
    assert_eq!(verdicts.see(&second, 1), Some(Unacceptable));
    // A slip not (yet) in the merge pairs with nothing.
    second.refers_to = Some(9);
    assert_eq!(verdicts.see(&second, 0), None);
}

#[test]
fn a_tally_keeps_at_most_listed_keys_apart() {
    let mut map: BTreeMap<String, usize> = BTreeMap::new();
    for i in 0..LISTED + 5 {
        *bounded(&mut map, &format!("station {i}")) += 1;
    }
    // One more than LISTED: the first LISTED keys, and the rest as one.
    assert_eq!(map.len(), LISTED + 1);
    assert_eq!(map[OTHERS], 5);
    // A key already kept is still counted as itself.
    *bounded(&mut map, "station 0") += 1;
    assert_eq!(map["station 0"], 2);
}

/// A log given to the merge, with `status`.
fn summary(status: LogStatus) -> super::LogSummary {
    super::LogSummary {
        path: "station/slips.jsonl".into(),
        id: None,
        stations: vec!["A".into()],
        events: Vec::new(),
        slips: 0,
        first: None,
        last: None,
        merged: 0,
        status,
        notes: Vec::new(),
        device: false,
        first_seal: None,
        last_seal: None,
        end_unproven: None,
    }
}

#[test]
fn a_merge_with_a_log_left_out_is_not_complete_even_with_no_anchor_given() {
    let merged = |status| super::Merged {
        logs: vec![summary(LogStatus::Intact), summary(status)],
        ..Default::default()
    };
    assert!(merged(LogStatus::Intact).complete());
    assert!(merged(LogStatus::SameLogAs("other".into())).complete());
    for left_out in [
        LogStatus::NotVerified("seal 3 is wrong".into()),
        LogStatus::Unreadable("not a slip log".into()),
        LogStatus::Longer {
            than: "other".into(),
            extra: 1,
            named: Vec::new(),
            trusted_other: false,
        },
    ] {
        assert!(!merged(left_out.clone()).complete(), "{left_out:?}");
    }
}

#[test]
fn the_report_spans_the_earliest_to_the_latest_slip_whatever_order_they_come_in() {
    // Logs are merged one after another, so times come out of order.
    let mut stats = super::Stats::default();
    for (n, time) in [
        (1, "2026-11-25T10:00:00Z"),
        (2, "2026-11-25T12:30:00Z"),
        (3, "2026-11-25T09:15:00Z"),
        (4, "2026-11-25T11:00:00Z"),
    ] {
        stats.add(&slip(n, time, None, &["QI"], Verdict::Acceptable), "1");
    }
    assert_eq!(
        stats.first.map(|t| t.to_string()).as_deref(),
        Some("2026-11-25T09:15:00Z")
    );
    assert_eq!(
        stats.last.map(|t| t.to_string()).as_deref(),
        Some("2026-11-25T12:30:00Z")
    );
    assert_eq!((stats.slips, stats.challenges), (4, 4));
}

/// Issue 52, finding 2: a slip of station 7 signed by a key the roster gives station 8 is two
/// machines installed as 7, and says so; a key the roster does not name says what else it can
/// be (another machine installed as 7), not only "someone else".
#[test]
fn a_key_the_roster_gives_another_station_is_named_as_that_not_as_forgery() {
    let key_of = |byte: u8| {
        let text = format!("{byte:02x}").repeat(32);
        let id = wordjudge_sliplog::signature::StationPublicKey::parse(&text)
            .unwrap()
            .id();
        (text, id)
    };
    let ((_, k7), (text8, k8), (text9, _)) = (key_of(0x17), key_of(0x18), key_of(0x19));
    let mut roster = super::Roster::default();
    roster.stations.insert("7".into(), vec![k7]);
    roster.stations.insert("8".into(), vec![k8.clone()]);
    let signed = |text: &str| {
        let mut s = slip(
            3,
            "2026-11-24T10:00:00Z",
            Some(1),
            &["QI"],
            Verdict::Acceptable,
        );
        s.station = "7".into();
        s.key = Some(text.to_owned());
        s
    };
    let why = super::not_proven(&signed(&text8), Some(&roster)).unwrap();
    assert!(
        why.contains("which the roster gives station 8")
            && why.contains("two machines installed as station 7")
            && !why.contains("someone else"),
        "{why}"
    );
    let why = super::not_proven(&signed(&text9), Some(&roster)).unwrap();
    assert!(
        why.contains("another machine installed as station 7") && why.contains("someone else"),
        "{why}"
    );
    assert_eq!(roster.station_of(&k8), Some("8"));
}
