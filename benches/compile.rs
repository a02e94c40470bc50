//! Compiling a 280,000-word source (ENABLE2K plus generated words) into a lexicon: the whole path
//! a director's `lexicon add` takes in memory — parse the text, normalise, sort, dedup, build the
//! fst, hash the file and the canonical content. Target: ≤ 150 ms. Output must be deterministic.

mod common;

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use wordjudge::compile::compile;
use wordjudge::source::{read_bytes, Format, OnInvalid};

fn compile_source(text: &[u8]) -> wordjudge::compile::Compiled {
    let entries = read_bytes(
        Path::new("bench.txt"),
        text,
        Format::Auto,
        wordjudge::alphabet::english(),
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
    let first = compile_source(&text);
    let second = compile_source(&text);
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
        b.iter(|| compile_source(&text))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
