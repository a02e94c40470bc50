//! Judging without logging: an 8-word challenge against a ~200,000-word lexicon with a Long List
//! fallback, from typed text to verdict. Target: ≤ 10 µs.
//!
//! The words are checked before timing: every word is in the list (or only the last is not), so
//! each iteration really looks up all eight, and each iteration asserts its verdict.

mod common;

use std::path::PathBuf;
use std::sync::Arc;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::judge::{Challenge, Fallback, Rules, Verdict};
use wordjudge::lexicon::word::Word;
use wordjudge::lexicon::{Expected, Lexicon};

fn lexicon(code: &str, words: Vec<Word>) -> Arc<Lexicon> {
    let c = compile(words).expect("compiles");
    let expected = Expected {
        sha256: c.fst_sha256,
        words: c.words,
        alphabet: c.alphabet,
    };
    Arc::new(
        Lexicon::from_bytes(code.into(), PathBuf::from("mem"), c.fst, &expected).expect("verifies"),
    )
}

fn bench(c: &mut Criterion) {
    let Some(words) = common::words(200_000) else {
        return;
    };
    let long: Vec<Word> = words.iter().filter(|w| w.len() >= 10).copied().collect();
    let rules = Rules::new(
        lexicon("MAIN", words.clone()),
        vec![Fallback {
            lexicon: lexicon("LL", long),
            min_length: 10,
        }],
    );
    // Eight words as typed at the station, every one in ENABLE2K, mixed lengths.
    let acceptable = [
        "quixotic",
        "jo",
        "overthinking",
        "qat",
        "jazz",
        "oxyphenbutazone",
        "retrain",
        "zyzzyva",
    ];
    // The same with a ten-letter near miss last: the verdict needs every word looked up, and the
    // last one in the Long List too.
    let mut near_miss = acceptable;
    near_miss[7] = "xylophonisx";
    let lookups_of = |typed: &[&str]| {
        let challenge = Challenge::parse(typed, 8).expect("valid");
        let findings = rules.explain_for_director(&challenge);
        // The verdict is decided word by word, stopping at the first unacceptable one: with only
        // the last word unacceptable, all eight are looked up.
        let first_bad = findings.iter().position(|f| !f.acceptable);
        assert!(first_bad.is_none_or(|i| i == 7), "{findings:?}");
        (challenge, first_bad.map_or(8, |i| i + 1))
    };
    let (good, n) = lookups_of(&acceptable);
    assert_eq!((rules.judge(&good), n), (Verdict::Acceptable, 8));
    let (bad, n) = lookups_of(&near_miss);
    assert_eq!((rules.judge(&bad), n), (Verdict::Unacceptable, 8));

    let mut group = c.benchmark_group("judge");
    for (name, typed, verdict) in [
        ("8_acceptable_words", acceptable, Verdict::Acceptable),
        (
            "7_acceptable_words_and_a_10_letter_near_miss",
            near_miss,
            Verdict::Unacceptable,
        ),
    ] {
        group.bench_function(
            format!("typed_to_verdict/{name}/200k_lexicon_with_long_list"),
            |b| {
                b.iter(|| {
                    let challenge = Challenge::parse(black_box(&typed), 8).expect("valid");
                    let v = rules.judge(&challenge);
                    assert_eq!(v, verdict);
                    v
                })
            },
        );
        let challenge = Challenge::parse(&typed, 8).expect("valid");
        group.bench_function(format!("lookups_only/{name}"), |b| {
            b.iter(|| {
                let v = rules.judge(black_box(&challenge));
                assert_eq!(v, verdict);
                v
            })
        });
    }
    group.finish();
    spanish(c);
}

/// The same eight words as Spanish tiles (`common::as_spanish_text`: OVERTHINKING is
/// O V E R T H I N Ñ I N G), typed in lower case and read by the Spanish rules, against the
/// Spanish list made from the same 200,000 words.
fn spanish(c: &mut Criterion) {
    let es = common::spanish();
    let words = common::spanish_words(200_000).expect("read");
    let rules = Rules::new(lexicon("ES", words), vec![]);
    let typed: Vec<String> = [
        "quixotic",
        "jo",
        "overthinking",
        "qat",
        "jazz",
        "oxyphenbutazone",
        "retrain",
        "zyzzyva",
    ]
    .iter()
    .map(|w| common::as_spanish_text(w).to_lowercase())
    .collect();
    let challenge = Challenge::parse_in(es, &typed, 8).expect("valid");
    assert_eq!(rules.judge(&challenge), Verdict::Acceptable);
    let mut group = c.benchmark_group("judge_spanish");
    group.bench_function(
        "typed_to_verdict/8_acceptable_words/200k_spanish_lexicon",
        |b| {
            b.iter(|| {
                let challenge = Challenge::parse_in(es, black_box(&typed), 8).expect("valid");
                let v = rules.judge(&challenge);
                assert_eq!(v, Verdict::Acceptable);
                v
            })
        },
    );
    group.bench_function(
        "lookups_only/8_acceptable_words/200k_spanish_lexicon",
        |b| {
            b.iter(|| {
                let v = rules.judge(black_box(&challenge));
                assert_eq!(v, Verdict::Acceptable);
                v
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
