//! Property tests of every tournament alphabet (RELIABILITY.md, part 3): however a tile sequence
//! is typed — labels, aliases, `[LABEL]`, breaks, any case, precomposed or decomposed, key by key
//! at the station or on its tile keyboard — it is the same tiles, and tiles → text → tiles is the
//! identity.
//!
//! A small number of cases in CI; `WORDJUDGE_FULL=1` runs 100,000 per alphabet; `PROPTEST_CASES`
//! overrides both. The seed is `WORDJUDGE_SEED` (fixed otherwise), so a failure replays.

use crate::common;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use unicode_normalization::UnicodeNormalization;

use wordjudge::config::Screen;
use wordjudge::lexicon::alphabet::{self, Alphabet, Code, BREAK};
use wordjudge::lexicon::judge::{Division, Rules};
use wordjudge::lexicon::word::MAX_LEN;
use wordjudge::protocol::{DivisionSlot, Input, Key, KeyPress, Settings, Station};
use wordjudge::sliplog::adjudicate::Adjudicator;

fn runner(short: u32) -> TestRunner {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(if common::full() { 100_000 } else { short });
    TestRunner::new(Config {
        cases,
        rng_seed: RngSeed::Fixed(common::seed()),
        failure_persistence: None,
        ..Config::default()
    })
}

/// How one tile is typed.
#[derive(Debug, Clone, Copy)]
enum Route {
    /// Its label, or its alias number `n` (mod the aliases it has).
    Plain(usize),
    /// `[label]` or `[alias]`.
    Bracketed(usize),
}

/// A tile sequence of `a` with a route for each tile, and whether a break follows each.
fn typing(a: &'static Alphabet) -> impl Strategy<Value = Vec<(Code, Route, bool)>> {
    let codes: Vec<Code> = a.tiles().iter().map(|t| t.code).collect();
    let route = prop_oneof![
        (0..4usize).prop_map(Route::Plain),
        (0..4usize).prop_map(Route::Bracketed)
    ];
    prop::collection::vec(
        (prop::sample::select(codes), route, any::<bool>()),
        1..=MAX_LEN,
    )
}

fn form(a: &Alphabet, code: Code, n: usize) -> String {
    let tile = a.tile(code).unwrap();
    let forms: Vec<&String> = std::iter::once(&tile.label).chain(&tile.aliases).collect();
    forms[n % forms.len()].clone()
}

/// The text of a typing: plain forms are always followed by a break unless the next tile is
/// bracketed or it is the last (a plain form may run into the next one: that is what `spell`'s
/// breaks are for, tested separately); other breaks as drawn.
fn text_of(a: &Alphabet, typing: &[(Code, Route, bool)]) -> String {
    let mut text = String::new();
    for (i, &(code, route, brk)) in typing.iter().enumerate() {
        let next_plain = matches!(typing.get(i + 1), Some((_, Route::Plain(_), _)));
        match route {
            Route::Plain(n) => {
                text.push_str(&form(a, code, n));
                if next_plain || (brk && i + 1 < typing.len()) {
                    text.push(BREAK);
                }
            }
            Route::Bracketed(n) => {
                text.push_str(&format!("[{}]", form(a, code, n)));
                if brk && i + 1 < typing.len() {
                    text.push(BREAK);
                }
            }
        }
    }
    text
}

/// A station whose one division judges in `a`, going straight to the entry.
fn station(a: &'static Alphabet) -> (tempfile::TempDir, Station) {
    let dir = tempfile::tempdir().unwrap();
    let first = a.tiles()[0].label.repeat(2);
    let words = vec![wordjudge::lexicon::word::Word::parse_in(a, &first).unwrap()];
    let c = wordjudge::lexicon::compile::compile(words).unwrap();
    let expected = wordjudge::lexicon::Expected {
        sha256: c.fst_sha256,
        words: c.words,
        alphabet: c.alphabet,
    };
    let lex =
        wordjudge::lexicon::Lexicon::from_bytes("L".into(), "l".into(), c.fst, &expected).unwrap();
    let slot = DivisionSlot {
        language: wordjudge::lang::Language::En,
        name: "d".into(),
        label: "D".into(),
        header: "L".into(),
        second_header: "L".into(),
        state: Ok(Division::new(
            "d",
            Rules::new(std::sync::Arc::new(lex), vec![]),
        )),
    };
    let settings = Settings {
        director_language: wordjudge::lang::Language::En,
        zone: wordjudge::base::clock::TimeZone::UTC,
        screen: Screen {
            count_first: false,
            ..Screen::default()
        },
        max_words: 8,
        pin: None,
        division: None,
        event: None,
        reach: wordjudge::protocol::Reach::Clock,
    };
    let adjudicator = Adjudicator::new("s", None);
    (dir, Station::new(settings, vec![slot], adjudicator))
}

#[test]
fn every_route_of_typing_a_tile_sequence_gives_those_tiles() {
    for a in alphabet::all() {
        runner(300)
            .run(&typing(a), |typing| {
                let tiles: Vec<Code> = typing.iter().map(|t| t.0).collect();
                let text = text_of(a, &typing);
                prop_assert_eq!(a.parse(&text), Ok(tiles.clone()), "{}: {:?}", a.name, text);
                // Any case, decomposed or precomposed.
                let lower = text.to_lowercase();
                prop_assert_eq!(
                    a.parse(&lower),
                    Ok(tiles.clone()),
                    "{}: {:?}",
                    a.name,
                    lower
                );
                let nfd: String = text.nfd().collect();
                prop_assert_eq!(a.parse(&nfd), Ok(tiles.clone()), "{}: {:?}", a.name, nfd);
                // Each prefix is something more typing can complete (the station's rule).
                let mut typed = String::new();
                for c in text.chars() {
                    typed.push(c);
                    prop_assert!(a.parse_prefix(&typed).is_ok(), "{}: {:?}", a.name, typed);
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{}: {e}", a.name));
    }
}

#[test]
fn tiles_to_text_to_tiles_is_the_identity_and_breaks_are_only_where_needed() {
    for a in alphabet::all() {
        runner(500)
            .run(&typing(a), |typing| {
                let tiles: Vec<Code> = typing.iter().map(|t| t.0).collect();
                let text = a.spell(&tiles);
                prop_assert_eq!(a.parse(&text), Ok(tiles.clone()), "{}: {:?}", a.name, text);
                // Every break in the spelling is needed: without it the text reads otherwise.
                for (at, _) in text.match_indices(BREAK) {
                    let without = format!("{}{}", &text[..at], &text[at + 1..]);
                    prop_assert_ne!(
                        a.parse(&without),
                        Ok(tiles.clone()),
                        "{}: {:?}",
                        a.name,
                        text
                    );
                }
                if a.id().is_english() {
                    prop_assert!(!text.contains(BREAK));
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{}: {e}", a.name));
    }
}

#[test]
fn the_station_reads_keys_and_tile_touches_as_the_command_line_reads_text() {
    for a in alphabet::all().iter().filter(|a| !a.id().is_english()) {
        runner(60)
            .run(&typing(a), |typing| {
                let (_dir, mut s) = station(a);
                let tiles: Vec<Code> = typing.iter().map(|t| t.0).collect();
                let labels: Vec<String> = tiles.iter().map(|&c| a.label(c).to_owned()).collect();
                // Key by key.
                s.handle(Input::Key(KeyPress::plain(Key::Escape)), 0.0);
                s.handle(Input::Key(KeyPress::plain(Key::Escape)), 0.0);
                for c in text_of(a, &typing).chars() {
                    s.handle(Input::Key(KeyPress::plain(Key::for_char(c))), 0.0);
                }
                let v = s.view(0.0);
                prop_assert_eq!(&v.current_tiles, &labels, "{}: {}", a.name, v.hint);
                prop_assert_eq!(v.current_pending.as_str(), "");
                // Touch by touch on the tile keyboard.
                s.handle(Input::Key(KeyPress::plain(Key::Escape)), 0.0);
                for &c in &tiles {
                    let i = a.tiles().iter().position(|t| t.code == c).unwrap();
                    s.handle(Input::Tile(i), 0.0);
                }
                prop_assert_eq!(&s.view(0.0).current_tiles, &labels);
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{}: {e}", a.name));
    }
}
