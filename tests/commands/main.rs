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
mod cli;
mod demo_lexicon;
mod durability;
mod enable2k;
mod event;
mod event_report;
mod event_stick;
mod golden;
mod hostile;
mod links;
mod output_hygiene;
mod printing;
mod proof;
mod slips_cli;
mod station_files;
mod trust;
mod web;
