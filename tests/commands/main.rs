//! The program as directors and players meet it: the real `wordjudge` binary run against
//! stations, events, logs and sticks built from scratch in temporary folders, every command and
//! its error paths (one test binary: each links the whole library, so they are kept together).
//! Each module is named for the area it tests; its own documentation says what it pins.
//!
//! Not here, each in a process of its own because it measures or limits the whole process:
//! `long_run` (resident memory over a long day), `reliability_lexicons` (a counting allocator),
//! `reliability_sliplog` (a file-size limit).

// A test may be long: the 80-line rule is for the program (clippy.toml).
#![allow(clippy::too_many_lines)]

#[path = "../common/mod.rs"]
mod common;

mod alphabets;
mod bundle_deflated;
mod cli;
mod demo_lexicon;
mod durability;
mod enable2k;
mod event;
mod event_report;
mod event_stick;
mod golden;
mod hostile;
mod image_words;
mod links;
mod output_hygiene;
mod printing;
mod proof;
mod slips_cli;
mod station_files;
mod trust;
mod web;

/// A tar archive's members: each path, its bytes, and where its bytes start in the archive.
/// (Here, not in `common`: the station's tests share that, and have no `tar`.)
pub fn tar_members(bytes: &[u8]) -> Vec<(String, Vec<u8>, u64)> {
    use std::io::Read;
    let mut archive = tar::Archive::new(bytes);
    archive
        .entries()
        .unwrap()
        .map(|e| {
            let mut e = e.unwrap();
            let path = e.path().unwrap().to_string_lossy().into_owned();
            let at = e.raw_file_position();
            let mut data = Vec::new();
            e.read_to_end(&mut data).unwrap();
            (path, data, at)
        })
        .collect()
}

/// [`tar_members`] without their places: each path and its bytes.
pub fn tar_entries(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    tar_members(bytes)
        .into_iter()
        .map(|(p, d, _)| (p, d))
        .collect()
}
