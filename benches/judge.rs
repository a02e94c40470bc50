//! Judging without logging: an 8-word challenge against a ~200,000-word lexicon with a Long List
//! fallback, from typed text to verdict. Target: ≤ 10 µs.

mod common;

use std::path::PathBuf;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use wordjudge::compile::compile;
use wordjudge::judge::{Challenge, Fallback, Rules};
use wordjudge::lexicon::{Expected, Lexicon};
use wordjudge::word::Word;

fn lexicon(code: &str, words: Vec<Word>) -> Arc<Lexicon> {
    let c = compile(words).expect("compiles");
    let expected = Expected {
        sha256: c.fst_sha256,
        words: c.words,
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
    // Eight words as typed at the station: seven real words and one near miss, mixed lengths.
    let typed = [
        "quixotic",
        "za",
        "overthinking",
        "qi",
        "jazz",
        "oxyphenbutazone",
        "retrain",
        "zyzzyvx",
    ];

    let mut group = c.benchmark_group("judge");
    group.bench_function(
        "8_words_typed_to_verdict_200k_lexicon_with_long_list",
        |b| {
            b.iter(|| {
                let challenge = Challenge::parse(&typed, 8).expect("valid");
                rules.judge(&challenge)
            })
        },
    );
    let challenge = Challenge::parse(&typed, 8).expect("valid");
    group.bench_function("8_words_lookup_only", |b| {
        b.iter(|| rules.judge(&challenge))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
