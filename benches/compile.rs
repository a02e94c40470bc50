//! Compiling a 280,000-word source (ENABLE2K plus generated words) into a lexicon: the whole path
//! a director's `lexicon add` takes in memory — parse the text, normalise, sort, dedup, build the
//! fst, hash the file and the canonical content. Target: ≤ 150 ms. Output must be deterministic.

mod common;

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use wordjudge::lexicon::alphabet::Alphabet;
use wordjudge::lexicon::compile::compile;
use wordjudge::lexicon::source::{read_bytes, Format, OnInvalid};

fn compile_source(
    text: &[u8],
    alphabet: &'static Alphabet,
) -> wordjudge::lexicon::compile::Compiled {
    let entries = read_bytes(
        Path::new("bench.txt"),
        text,
        Format::Auto,
        alphabet,
        OnInvalid::Fail,
    )
    .expect("valid source");
    compile(entries.words).expect("compiles")
}

fn bench(c: &mut Criterion) {
    let Some(words) = common::words(280_000) else {
        return;
    };
    let text = common::plain_text(&words);
    let english = wordjudge::lexicon::alphabet::english();
    let first = compile_source(&text, english);
    let second = compile_source(&text, english);
    assert_eq!(first.words, 280_000);
    assert!(
        first.fst == second.fst,
        "compile output is not deterministic"
    );
    eprintln!(
        "source: {} bytes, 280,000 words -> lexicon {} bytes, sha256 {}",
        text.len(),
        first.fst.len(),
        first.fst_sha256
    );

    let mut group = c.benchmark_group("compile");
    group.sample_size(20);
    group.bench_function("280k_words_plain_source_to_fst", |b| {
        b.iter(|| compile_source(&text, english))
    });

    // The same list as Spanish tiles (common::spanish_words): UTF-8 with Ñ, read by the Spanish
    // rules (CH, LL, RR one tile each), the content digest over each word's text.
    let spanish = common::spanish_words(280_000).expect("the English list was read");
    let text = common::spanish_plain_text(&spanish);
    let first = compile_source(&text, common::spanish());
    assert_eq!(first.words, spanish.len() as u64);
    assert!(first.fst == compile_source(&text, common::spanish()).fst);
    eprintln!(
        "source: {} bytes, {} Spanish words -> lexicon {} bytes",
        text.len(),
        spanish.len(),
        first.fst.len()
    );
    group.bench_function("280k_spanish_tile_words_plain_source_to_fst", |b| {
        b.iter(|| compile_source(&text, common::spanish()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
