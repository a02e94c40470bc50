//! Issue 50, item 1: the re-challenge guard measured, on a simulated event and on a suite of
//! cheats.
//!
//! **The event.** 20 stations, each serving 5 tables, 8 rounds of 50 minutes; each table brings
//! 0 to 3 challenges a round (0.95 on average) at a random moment. A challenged play is a main
//! word (3 to 12 letters, longer ones likelier) and 0 to 6 more words (most of them two or three
//! letters long); 40% of plays hold a phony (a good word with one letter changed), in the main
//! word four times in five. Words come from ENABLE (`../shared/lexicons/enable2k.txt`); the two-
//! and three-letter words are drawn by a Zipf law (a few of them, like QI and ZA, in most plays),
//! the longer ones evenly. Every pair is honest, so every refusal is a false one: an honest pair
//! sent to the director. A refused play is let through by the director and judged, so each rule
//! meets the same failed plays.
//!
//! **The cheats.** For every play judged UNACCEPTABLE in that event, a cheat tries every part of
//! it (every sub-multiset of its words), alone, with a good two-letter word, with a good longer
//! word, and the whole play with a good word more, typing another table's number. A try is a
//! **leak** when the guard lets it be judged and its verdict tells something of a word of the
//! failed play that not every player knows: some word of the failed play longer than two letters,
//! in the try, whose being good or not — in a world where the failed play is still UNACCEPTABLE
//! — would change the try's verdict. That oracle knows nothing of the rule under test.
//!
//! **The rules.** Today's (before issue 50): a play sharing any word with a failed one, not all of
//! it and more. The chosen one (`judge::reveals_part_of`): the same, but a two-letter word in
//! common does not count (every tournament player learns the two-letter words from the lists).
//! Two rejected ones, to show the oracle can fail: three-letter words too, and the guard keeping
//! to the table the players type. Figures: RELIABILITY.md and BENCHMARKS.md.

use std::collections::{HashMap, HashSet};

use crate::common;
use wordjudge::lexicon::judge::reveals_part_of;

struct Lists {
    valid: HashSet<String>,
    /// Words by length (2 to 15).
    by_len: HashMap<usize, Vec<String>>,
}

/// The lists, once read (a rule is a plain function).
static LISTS: std::sync::OnceLock<Lists> = std::sync::OnceLock::new();

fn lists() -> Option<&'static Lists> {
    if let Some(l) = LISTS.get() {
        return Some(l);
    }
    let text = std::fs::read_to_string(common::enable2k()?).unwrap();
    let mut by_len: HashMap<usize, Vec<String>> = HashMap::new();
    let mut valid = HashSet::new();
    for w in text.lines().map(|l| l.trim().to_uppercase()) {
        if (2..=15).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_uppercase()) {
            by_len.entry(w.len()).or_default().push(w.clone());
            valid.insert(w);
        }
    }
    Some(LISTS.get_or_init(|| Lists { valid, by_len }))
}

/// A number in `0..weights.len()` drawn with these weights.
fn weighted(rng: &mut common::Rng, weights: &[usize]) -> usize {
    let mut n = rng.below(weights.iter().sum());
    for (i, w) in weights.iter().enumerate() {
        if n < *w {
            return i;
        }
        n -= w;
    }
    unreachable!()
}

thread_local! {
    /// Whether three-letter words are drawn by the Zipf law too (the pessimistic model: a few
    /// of them in many plays), else evenly, as longer ones are.
    static ZIPF_THREES: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// A word of `len` letters: by a Zipf law for two and three letters, evenly for longer ones.
fn word(rng: &mut common::Rng, lists: &Lists, len: usize) -> String {
    let words = &lists.by_len[&len];
    let zipf_threes = ZIPF_THREES.with(|z| z.get());
    let i = match len {
        2 => zipf(rng, words.len()),
        3 if zipf_threes => zipf(rng, words.len()),
        _ => rng.below(words.len()),
    };
    words[i].clone()
}

/// A rank in `0..n` drawn with weight 1/(rank + 1).
fn zipf(rng: &mut common::Rng, n: usize) -> usize {
    // The lists' order stands in for how often a word is played: any fixed order gives the same
    // law.
    let total: f64 = (1..=n).map(|r| 1.0 / r as f64).sum();
    let mut x = (rng.next_u64() % 1_000_000) as f64 / 1_000_000.0 * total;
    let mut r = 0;
    while r + 1 < n && x > 1.0 / (r + 1) as f64 {
        x -= 1.0 / (r + 1) as f64;
        r += 1;
    }
    r
}

/// A phony of `len` letters: a good word with one letter changed, not itself good.
fn phony(rng: &mut common::Rng, lists: &Lists, len: usize) -> String {
    loop {
        let mut w = word(rng, lists, len).into_bytes();
        let at = rng.below(w.len());
        w[at] = b'A' + rng.below(26) as u8;
        let w = String::from_utf8(w).unwrap();
        if !lists.valid.contains(&w) {
            return w;
        }
    }
}

/// One challenged play.
fn play(rng: &mut common::Rng, lists: &Lists) -> Vec<String> {
    //            3  4   5   6   7   8   9  10 11 12 letters
    let main_len = 3 + weighted(rng, &[4, 10, 16, 20, 22, 16, 7, 3, 1, 1]);
    let extra = weighted(rng, &[45, 30, 14, 6, 3, 1, 1]);
    //                                2   3   4  5  6  7  8 letters
    let lens: Vec<usize> = (0..extra)
        .map(|_| 2 + weighted(rng, &[55, 25, 10, 4, 3, 2, 1]))
        .collect();
    let phony_at = (rng.below(100) < 40).then(|| match rng.below(5) {
        0 if extra > 0 => 1 + rng.below(extra),
        _ => 0,
    });
    std::iter::once(main_len)
        .chain(lens)
        .enumerate()
        .map(|(i, len)| match phony_at == Some(i) {
            true => phony(rng, lists, len),
            false => word(rng, lists, len),
        })
        .collect()
}

struct Challenge {
    station: usize,
    table: usize,
    at: f64,
    words: Vec<String>,
}

/// The event's challenges, station by station, in time order.
fn event(rng: &mut common::Rng, lists: &Lists, stations: usize) -> Vec<Challenge> {
    let mut all = Vec::new();
    for station in 0..stations {
        let mut here = Vec::new();
        for round in 0..8 {
            for table in 0..5 {
                for _ in 0..weighted(rng, &[35, 40, 20, 5]) {
                    let at = round as f64 * 3000.0 + rng.below(3000) as f64;
                    here.push(Challenge {
                        station,
                        table,
                        at,
                        words: play(rng, lists),
                    });
                }
            }
        }
        here.sort_by(|a, b| a.at.total_cmp(&b.at));
        all.extend(here);
    }
    all
}

/// A rule: whether a new play (typed at `table`) is refused because of a failed play (judged at
/// `failed_table`).
type Rule = fn(new: &[String], table: usize, failed: &[String], failed_table: usize) -> bool;

fn today(new: &[String], _: usize, failed: &[String], _: usize) -> bool {
    let mut left: Vec<&String> = failed.iter().collect();
    let mut common = 0;
    for w in new {
        if let Some(i) = left.iter().position(|f| *f == w) {
            left.swap_remove(i);
            common += 1;
        }
    }
    common > 0 && !(left.is_empty() && new.len() > failed.len())
}

fn chosen(new: &[String], _: usize, failed: &[String], _: usize) -> bool {
    let valid = &LISTS.get().expect("the lists").valid;
    let publics_good = failed
        .iter()
        .filter(|w| w.len() <= 2)
        .all(|w| valid.contains(w));
    reveals_part_of(new, failed, publics_good)
}

/// Rejected: three-letter words taken as known too.
fn threes_too(new: &[String], table: usize, failed: &[String], failed_table: usize) -> bool {
    let long = |p: &[String]| {
        p.iter()
            .filter(|w| w.len() > 3)
            .cloned()
            .collect::<Vec<_>>()
    };
    let shares_long = long(new).iter().any(|w| failed.contains(w));
    let same = {
        let (mut a, mut b) = (new.to_vec(), failed.to_vec());
        a.sort();
        b.sort();
        a == b
    };
    same || (shares_long && today(new, table, failed, failed_table))
}

/// Rejected: the guard kept to the table the players type.
fn typed_table(new: &[String], table: usize, failed: &[String], failed_table: usize) -> bool {
    table == failed_table && today(new, table, failed, failed_table)
}

const WINDOW: f64 = 15.0 * 60.0;

/// False refusals of `rule` in the event: (all, those caused by another table's failed play).
fn refusals(challenges: &[Challenge], lists: &Lists, rule: Rule) -> (usize, usize) {
    let (mut all, mut other) = (0, 0);
    let mut failed: Vec<&Challenge> = Vec::new();
    for c in challenges {
        failed.retain(|f| f.station == c.station && c.at - f.at <= WINDOW);
        if let Some(f) = failed
            .iter()
            .rev()
            .find(|f| rule(&c.words, c.table, &f.words, f.table))
        {
            all += 1;
            other += usize::from(f.table != c.table);
        }
        // Refused or not, it is judged (the director lets an honest pair through).
        if c.words.iter().any(|w| !lists.valid.contains(w)) {
            failed.push(c);
        }
    }
    (all, other)
}

/// Whether judging `new` tells something of a word of `failed` that not every player knows (the
/// oracle of the module's documentation).
fn leaks(new: &[String], failed: &[String], valid: &HashSet<String>) -> bool {
    let good = |w: &String, flipped: &String| valid.contains(w) != (w == flipped);
    let acceptable = |p: &[String], flipped: &String| p.iter().all(|w| good(w, flipped));
    let none = String::new();
    new.iter()
        .filter(|w| w.len() > 2 && failed.contains(w))
        .any(|w| !acceptable(failed, w) && acceptable(new, w) != acceptable(new, &none))
}

/// The cheats' tries on every failed play of the event: (tries, leaks) under `rule`.
fn cheats(
    challenges: &[Challenge],
    lists: &Lists,
    rng: &mut common::Rng,
    rule: Rule,
) -> (usize, usize) {
    let (mut tries, mut leaked) = (0, 0);
    let good_two = || "ZA".to_string();
    for f in challenges
        .iter()
        .filter(|c| c.words.iter().any(|w| !lists.valid.contains(w)))
    {
        let n = f.words.len();
        let good_long = word(rng, lists, 6);
        let mut attempts: Vec<Vec<String>> = Vec::new();
        for mask in 1..(1u32 << n) {
            let part: Vec<String> = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| f.words[i].clone())
                .collect();
            attempts.push(part.clone());
            attempts.push([part.clone(), vec![good_two()]].concat());
            attempts.push([part, vec![good_long.clone()]].concat());
        }
        attempts.push([f.words.clone(), vec![good_long]].concat());
        for a in attempts {
            tries += 1;
            // Typed at another table than the failed play's.
            if !rule(&a, f.table + 1, &f.words, f.table) && leaks(&a, &f.words, &lists.valid) {
                leaked += 1;
            }
        }
    }
    (tries, leaked)
}

/// Each rule's figures over `runs` events: false refusals (all, by another table's play), cheats'
/// tries and leaks.
fn measure(lists: &Lists, zipf_threes: bool, runs: usize) -> HashMap<&'static str, [usize; 4]> {
    ZIPF_THREES.with(|z| z.set(zipf_threes));
    let mut figures: HashMap<&str, [usize; 4]> = HashMap::new();
    let mut challenges_seen = 0;
    for run in 0..runs {
        let mut rng = common::Rng::new(common::seed() ^ run as u64);
        let event = event(&mut rng, lists, 20);
        challenges_seen += event.len();
        for (name, rule) in [
            ("today", today as Rule),
            ("chosen", chosen),
            ("threes too", threes_too),
            ("typed table", typed_table),
        ] {
            let (all, other) = refusals(&event, lists, rule);
            // The same cheats for every rule.
            let mut cheat_rng = common::Rng::new(common::seed() ^ 0xC4EA7 ^ run as u64);
            let (tries, leaked) = cheats(&event, lists, &mut cheat_rng, rule);
            let f = figures.entry(name).or_default();
            for (i, x) in [all, other, tries, leaked].into_iter().enumerate() {
                f[i] += x;
            }
        }
    }
    let model = match zipf_threes {
        true => "three-letter words by Zipf's law",
        false => "three-letter words evenly",
    };
    for name in ["today", "chosen", "threes too", "typed table"] {
        let f = figures[name];
        eprintln!(
            "{model}, {runs} event(s): {name:>11}: {} false refusal(s) of {challenges_seen} challenges ({} by another table's play); cheats: {} leak(s) in {} tries",
            f[0], f[1], f[3], f[2]
        );
    }
    figures
}

#[test]
fn the_chosen_guard_refuses_nine_in_ten_fewer_honest_pairs_and_lets_no_cheat_learn_a_word() {
    let Some(lists) = lists() else {
        return;
    };
    let runs = common::scale(5, 50);
    // Three-letter words drawn evenly: nine in ten fewer false refusals, by any table's play and
    // by another table's.
    let even = measure(lists, false, runs);
    let [today_all, today_other, ..] = even["today"];
    let [chosen_all, chosen_other, _, chosen_leaks] = even["chosen"];
    assert!(
        today_other > 0,
        "the event never refused an honest pair today"
    );
    assert_eq!(chosen_leaks, 0, "the chosen guard let a cheat learn a word");
    assert!(
        chosen_all * 10 <= today_all && chosen_other * 10 <= today_other,
        "not nine in ten fewer: today {today_all} ({today_other}), chosen {chosen_all} ({chosen_other})"
    );
    // The pessimistic model (a few three-letter words in many plays): what is left are shared
    // three-letter words, which a cheat could use as well; still at least five in six fewer.
    let zipf = measure(lists, true, runs);
    let [today_all, ..] = zipf["today"];
    let [chosen_all, _, _, chosen_leaks] = zipf["chosen"];
    assert_eq!(chosen_leaks, 0, "the chosen guard let a cheat learn a word");
    assert!(
        chosen_all * 6 <= today_all,
        "not five in six fewer: today {today_all}, chosen {chosen_all}"
    );
    // The oracle can fail: each rejected rule lets cheats through.
    for figures in [&even, &zipf] {
        assert!(
            figures["threes too"][3] > 0,
            "three-letter words: no leak found"
        );
        assert!(
            figures["typed table"][3] > 0,
            "the typed table: no leak found"
        );
    }
}
