//! The station's window on Slint's testing backend (each test thread its own backend, software
//! renderer, mocked time): the demo station typed into and touched as players would
//! (`station_window`, `touch_window`, `tile_window`), an event's station (`event_window`), and
//! the fit check (`fit_window`: every screen, every language, every size, the tiles' legibility),
//! and the program itself with no display at all (`no_display`).
//! One test binary, so Slint is linked once for all of them.

// A test may be long: the 80-line rule is for the program (clippy.toml).
#![allow(clippy::too_many_lines)]

#[path = "../../../tests/common/mod.rs"]
mod common;
mod window;

mod event_window;
mod fit_window;
mod no_display;
mod station_window;
mod tile_window;
mod touch_window;
